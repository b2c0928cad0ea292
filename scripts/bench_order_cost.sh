#!/usr/bin/env bash
# poly-schedule's cost model against measurement: per suite kernel, the kernel time of the
# input and of `--poly-schedule=order-cost=false` (the scheduler's code whatever the model
# says), 1 thread, R interleaved rounds (default 5), medians; and which the model picks
# (`order-cost=true`; "program order" where that output is the input's code everywhere).
# Usage: bash scripts/bench_order_cost.sh SIZE KERNEL...   (SIZE: MINI .. LARGE; run from
# the repository root; LATTICE_BIN overrides target/release/lattice; R sets the rounds)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: bash scripts/bench_order_cost.sh SIZE KERNEL..." >&2; exit 2; }
SIZE=$1; shift
R=${R:-5}
L=${LATTICE_BIN:-target/release/lattice}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 bench/suite/gen.py --size "$SIZE" --out "$T/gen" >/dev/null
median() { sort -g | sed -n "$(( (R + 1) / 2 ))p"; }
echo "| kernel | $SIZE schedule / input | model |"
echo "|---|---:|---|"
for k in "$@"; do
  f=$T/gen/polybench/$k.mlir
  [ -f "$f" ] || f=$T/gen/other/$k.mlir
  [ -f "$f" ] || { echo "no kernel $k" >&2; exit 2; }
  "$L" opt "$f" --poly-schedule=order-cost=false >"$T/$k.ps.mlir"
  "$L" opt "$f" --poly-schedule=order-cost=true >"$T/$k.def.mlir"
  "$L" opt "$f" >"$T/$k.orig.mlir"
  choice=schedule
  cmp -s "$T/$k.def.mlir" "$T/$k.orig.mlir" && choice="program order"
  : >"$T/a"; : >"$T/b"
  for _ in $(seq "$R"); do
    "$L" run "$f" --threads 1 | sed -n 3p >>"$T/a"
    "$L" run "$T/$k.ps.mlir" --threads 1 | sed -n 3p >>"$T/b"
  done
  a=$(median <"$T/a"); b=$(median <"$T/b")
  echo "| $k | $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }') | $choice |"
done
