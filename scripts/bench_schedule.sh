#!/usr/bin/env bash
# Compile-time benchmark of the polyhedral engine: for every example, the wall time of
# `lattice opt --poly-schedule` (extraction, dependences, isl scheduler, tiling, AST
# generation back to affine IR) and of `lattice deps`, as a markdown table; the best of
# REPS runs (default 3), wall and CPU time (user + sys). Target: scheduling
# each example under 0.5 s.
# Usage: bash scripts/bench_schedule.sh [REPS]   (LATTICE_BIN=path: measure that binary)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
REPS="${1:-3}"
# LATTICE_BIN=path measures that binary (e.g. an older build, for a before/after table).
if [ -n "${LATTICE_BIN:-}" ]; then
  L=$LATTICE_BIN
else
  cargo build --release --quiet -p lattice-cli
  L=target/release/lattice
fi

best_of() { # prints "WALL CPU": the best wall time and the best CPU time (user + sys, all
  # threads) in seconds of running "$@" REPS times, or FAIL. On a shared, loaded machine
  # the CPU time is the steadier figure.
  local best="" bestc="" tf dt dc
  tf=$(mktemp)
  for _ in $(seq "$REPS"); do
    if ! /usr/bin/time -f "%e %U %S" -o "$tf" "$@" >/dev/null 2>&1; then echo FAIL; rm -f "$tf"; return; fi
    dt=$(awk '{ print $1 }' "$tf")
    dc=$(awk '{ print $2 + $3 }' "$tf")
    if [ -z "$best" ] || awk -v x="$dt" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$dt; fi
    if [ -z "$bestc" ] || awk -v x="$dc" -v y="$bestc" 'BEGIN { exit !(x < y) }'; then bestc=$dc; fi
  done
  rm -f "$tf"
  printf '%.3f %.3f' "$best" "$bestc"
}

echo "| example | poly-schedule wall (s) | poly-schedule CPU (s) | deps wall (s) | under 0.5 s (CPU) |"
echo "|---|---:|---:|---:|:---:|"
slow=0
for f in examples/*.mlir; do
  name=$(basename "$f" .mlir)
  read -r s sc _ <<<"$(best_of "$L" opt "$f" --poly-schedule) -"
  read -r d _ _ <<<"$(best_of "$L" deps "$f") -"
  ok=yes
  if [ "$s" = FAIL ] || awk -v x="$sc" 'BEGIN { exit !(x >= 0.5) }'; then ok=no; slow=$((slow + 1)); fi
  echo "| $name | $s | $sc | $d | $ok |"
done
echo
echo "$slow example(s) at or over 0.5 s of CPU time (or failed)."
