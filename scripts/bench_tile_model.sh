#!/usr/bin/env bash
# Run-time benchmark of poly-schedule's tile-size model: per example, the CPU
# time of the program scheduled by `lattice opt --poly-schedule` with the model's tile
# sizes (the default), with `tile-sizes=32`, and untiled (`tile=false`), as a markdown
# table with the ratios and their geometric means. Each variant runs single-threaded
# (`lattice run --threads 1 --time`, CPU time of the calling thread, which excludes the
# time other processes hold the core); the variants of one example run interleaved,
# REPS rounds of RUNS timed runs each, and the table shows the median over the rounds of
# each round's median. An example whose model output is the same text as its
# `tile-sizes=32` output is marked `same` (timed once, shared). The checksums of the three
# variants must agree (a mismatch is reported and fails the script). Target: the model at
# least as fast as 32 on the geometric mean, and never much slower on one example.
# Usage: bash scripts/bench_tile_model.sh [REPS] [RUNS] [EXAMPLE...]
#   (defaults 5, 10, every example; LATTICE_BIN=path: measure that binary)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
REPS="${1:-5}"
RUNS="${2:-10}"
shift $(($# < 2 ? $# : 2))
if [ -n "${LATTICE_BIN:-}" ]; then
  L=$LATTICE_BIN
else
  cargo build --release --quiet -p lattice-cli
  L=target/release/lattice
fi
if [ $# -gt 0 ]; then
  EXAMPLES=()
  for e in "$@"; do EXAMPLES+=("examples/$e.mlir"); done
else
  EXAMPLES=(examples/*.mlir)
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

cpu_median() { # FILE: the median CPU seconds of RUNS timed runs (lattice run --time)
  local err
  err=$("$L" run "$1" --time --repeat "$RUNS" --threads 1 2>&1 >"$1.out") || { echo FAIL; return; }
  sed -n 's/.*calling thread CPU: min [0-9.]* s, median \([0-9.]*\) s.*/\1/p' <<<"$err"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "FAIL"; else print v[int((NR + 1) / 2)] }'; }
ms() { awk -v x="$1" 'BEGIN { if (x == "FAIL") print x; else printf "%.3f", x * 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "FAIL" || b == "FAIL" || b == 0) print "-"; else printf "%.2f", a / b }'; }

echo "| example | model's tile sizes | model (ms) | 32 (ms) | untiled (ms) | model / 32 | model / untiled |"
echo "|---|---|---:|---:|---:|---:|---:|"
log_m32=0; log_mu=0; n=0; bad=0
for f in "${EXAMPLES[@]}"; do
  name=$(basename "$f" .mlir)
  sizes=$("$L" opt "$f" --poly-schedule="remarks=true" 2>&1 >"$TMP/$name.model.mlir" \
    | sed -n 's/.*remark: tile sizes \[\([0-9, ]*\)\] (model).*/[\1]/p' | tr '\n' ' ' | sed 's/ $//')
  "$L" opt "$f" --poly-schedule="tile-sizes=32" >"$TMP/$name.32.mlir"
  "$L" opt "$f" --poly-schedule="tile=false" >"$TMP/$name.untiled.mlir"
  same=no
  if cmp -s "$TMP/$name.model.mlir" "$TMP/$name.32.mlir"; then same=yes; fi
  : >"$TMP/$name.model.t"; : >"$TMP/$name.32.t"; : >"$TMP/$name.untiled.t"
  for _ in $(seq "$REPS"); do
    for v in model 32 untiled; do
      if [ "$v" = 32 ] && [ "$same" = yes ]; then continue; fi
      cpu_median "$TMP/$name.$v.mlir" >>"$TMP/$name.$v.t"
    done
  done
  if [ "$same" = yes ]; then cp "$TMP/$name.model.t" "$TMP/$name.32.t"; cp "$TMP/$name.model.mlir.out" "$TMP/$name.32.mlir.out"; fi
  m=$(grep -v FAIL "$TMP/$name.model.t" | median)
  t=$(grep -v FAIL "$TMP/$name.32.t" | median)
  u=$(grep -v FAIL "$TMP/$name.untiled.t" | median)
  for v in 32 untiled; do
    if ! cmp -s "$TMP/$name.model.mlir.out" "$TMP/$name.$v.mlir.out"; then
      echo "checksum mismatch on $name ($v): $(cat "$TMP/$name.model.mlir.out") vs $(cat "$TMP/$name.$v.mlir.out")" >&2
      bad=$((bad + 1))
    fi
  done
  r32=$(ratio "$m" "$t"); ru=$(ratio "$m" "$u")
  [ "$same" = yes ] && r32="same"
  echo "| $name | ${sizes:-(not tiled)} | $(ms "$m") | $(ms "$t") | $(ms "$u") | $r32 | $ru |"
  if [ "$r32" != "-" ] && [ "$ru" != "-" ]; then
    [ "$r32" = same ] && r32=1
    log_m32=$(awk -v s="$log_m32" -v r="$r32" 'BEGIN { print s + log(r) }')
    log_mu=$(awk -v s="$log_mu" -v r="$ru" 'BEGIN { print s + log(r) }')
    n=$((n + 1))
  fi
done
echo
if [ "$n" -gt 0 ]; then
  awk -v a="$log_m32" -v b="$log_mu" -v n="$n" 'BEGIN {
    printf "geometric mean over %d examples: model / 32 = %.3f, model / untiled = %.3f (below 1: the model is faster)\n", n, exp(a / n), exp(b / n) }'
fi
[ "$bad" -eq 0 ]
