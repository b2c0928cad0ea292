#!/usr/bin/env bash
# Compile-time benchmark of the polyhedral engine: for every example, the wall time of
# `lattice opt --poly-schedule` (extraction, dependences, isl scheduler, tiling, AST
# generation back to affine IR) and of `lattice deps`, as a markdown table; the best of
# REPS runs (default 3). Target (issue 4): scheduling each example under 0.5 s.
# Usage: bash scripts/bench_schedule.sh [REPS]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
REPS="${1:-3}"
cargo build --release --quiet -p lattice-cli
L=target/release/lattice

best_of() { # prints the best wall time in seconds of running "$@" REPS times, or FAIL
  local best="" t0 t1 dt
  for _ in $(seq "$REPS"); do
    t0=$EPOCHREALTIME
    if ! "$@" >/dev/null 2>&1; then echo FAIL; return; fi
    t1=$EPOCHREALTIME
    dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
    if [ -z "$best" ] || awk -v x="$dt" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$dt; fi
  done
  printf '%.3f' "$best"
}

echo "| example | poly-schedule (s) | deps (s) | under 0.5 s |"
echo "|---|---:|---:|:---:|"
slow=0
for f in examples/*.mlir; do
  name=$(basename "$f" .mlir)
  s=$(best_of "$L" opt "$f" --poly-schedule)
  d=$(best_of "$L" deps "$f")
  ok=yes
  if [ "$s" = FAIL ] || awk -v x="$s" 'BEGIN { exit !(x >= 0.5) }'; then ok=no; slow=$((slow + 1)); fi
  echo "| $name | $s | $d | $ok |"
done
echo
echo "$slow example(s) at or over 0.5 s (or failed)."
