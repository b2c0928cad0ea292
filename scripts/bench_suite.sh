#!/usr/bin/env bash
# The benchmark suite (bench/suite: 30 PolyBench/C 4.2.1 kernels and the other-domain kernels)
# as one table. Per kernel: clang -O3's kernel time, then the speed-up over it (its time / the
# column's time, above 1: faster than clang -O3) of clang -O3 + Polly, Lattice without passes
# (1 thread), Lattice `--poly-schedule` on 1 thread and on N threads (`--threads N`, default 2).
# Geometric means of each column close the table.
#
# Kernel time only: the C programs time the kernel call (PolyBench's -DPOLYBENCH_TIME, or the
# C twin's clock), the MLIR files time `@kernel_*` with rtclock (JIT compilation excluded).
# `--poly-schedule` runs once per kernel (`lattice opt`), each round runs its output.
# Rounds are interleaved (round r runs every column of a kernel once before round r+1); a cell
# is the median over the rounds. Every column's checksum (IEEE bits of the f64 sum of the
# outputs) must agree with clang -O3's; a cell that differs is marked `MISMATCH` and the
# script fails. C is built with -O3 -march=native -ffp-contract=off (no fused multiply-add,
# as Lattice does not contract either), so all columns must agree to the last bit.
#
# PolyBench C sources: POLYBENCH_DIR=<unpacked PolyBench/C 4.2.1> uses them (print format
# switched to "%a" in a temp copy so that the dump can be checksummed exactly); without it the
# C columns of PolyBench kernels use our C twins (generated from the same description as the
# MLIR files, bench/suite/gen.py), and a note says so.
#
# Usage: bash scripts/bench_suite.sh SIZE [--threads N] [--rounds R] [--only k1,k2,...]
#   SIZE: MINI, SMALL, MEDIUM or LARGE (PolyBench's datasets). Defaults: --threads 2,
#   --rounds 3. Environment: LATTICE_BIN (a lattice binary; default: cargo build --release),
#   CC (default clang-22), POLYBENCH_DIR.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
usage() { echo "usage: bash scripts/bench_suite.sh MINI|SMALL|MEDIUM|LARGE [--threads N] [--rounds R] [--only k1,k2]" >&2; exit 2; }
[ $# -ge 1 ] || usage
SIZE=$1
shift
case "$SIZE" in MINI | SMALL | MEDIUM | LARGE) ;; *) usage ;; esac
THREADS=2 ROUNDS=3 ONLY=""
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) [ $# -ge 2 ] || usage; THREADS=$2; shift 2 ;;
    --rounds) [ $# -ge 2 ] || usage; ROUNDS=$2; shift 2 ;;
    --only) [ $# -ge 2 ] || usage; ONLY=$2; shift 2 ;;
    *) usage ;;
  esac
done
[[ "$THREADS" =~ ^[1-9][0-9]*$ && "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || usage
CC=${CC:-clang-22}
CFLAGS=(-O3 -march=native -ffp-contract=off -w)
if [ -n "${LATTICE_BIN:-}" ]; then
  L=$LATTICE_BIN
else
  cargo build --release --quiet -p lattice-cli
  L=target/release/lattice
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 bench/suite/gen.py --size "$SIZE" --out "$TMP/gen"

KERNELS=()
for f in "$TMP"/gen/polybench/*.mlir "$TMP"/gen/other/*.mlir; do KERNELS+=("$(basename "$f" .mlir)"); done
if [ -n "$ONLY" ]; then
  IFS=, read -r -a KERNELS <<<"$ONLY"
  for k in "${KERNELS[@]}"; do
    [ -f "$TMP/gen/polybench/$k.mlir" ] || [ -f "$TMP/gen/other/$k.mlir" ] || { echo "no kernel $k" >&2; exit 2; }
  done
fi
group_of() { if [ -f "$TMP/gen/polybench/$1.mlir" ]; then echo polybench; else echo other; fi; }

# build_c KERNEL NAME FLAGS...: builds the C program of KERNEL into $TMP/bin/NAME.
build_c() {
  local k=$1 name=$2
  shift 2
  mkdir -p "$TMP/bin"
  if [ "$(group_of "$k")" = polybench ] && [ -n "${POLYBENCH_DIR:-}" ]; then
    local src
    src=$(find "$POLYBENCH_DIR" -name "$k.c" -not -path '*/utilities/*' | head -1)
    [ -n "$src" ] || { echo "no $k.c under $POLYBENCH_DIR" >&2; exit 1; }
    mkdir -p "$TMP/pb/$k" && cp "$(dirname "$src")"/*.[ch] "$TMP/pb/$k/"
    sed -i 's/# *define DATA_PRINTF_MODIFIER "%0.2l\?f "/# define DATA_PRINTF_MODIFIER "%a "/' "$TMP/pb/$k/$k.h"
    "$CC" "$@" -I "$POLYBENCH_DIR/utilities" -I "$TMP/pb/$k" "$TMP/pb/$k/$k.c" "$POLYBENCH_DIR/utilities/polybench.c" \
      -D"$SIZE"_DATASET -DPOLYBENCH_TIME -DPOLYBENCH_NO_FLUSH_CACHE -DPOLYBENCH_DUMP_ARRAYS -lm -o "$TMP/bin/$name"
    echo pb >"$TMP/bin/$name.kind"
  else
    "$CC" "$@" "$TMP/gen/$(group_of "$k")/c/$k.c" -lm -o "$TMP/bin/$name"
    echo twin >"$TMP/bin/$name.kind"
  fi
}

# run_variant KERNEL VARIANT: one run; prints "SECONDS BITS" (or "FAIL FAIL").
run_variant() {
  local k=$1 v=$2 out
  case "$v" in
    o3 | polly)
      if [ "$(cat "$TMP/bin/$k.$v.kind")" = pb ]; then
        out=$("$TMP/bin/$k.$v" 2>"$TMP/dump") || { echo FAIL FAIL; return; }
        echo "$(head -1 <<<"$out") $(python3 bench/suite/sum_dump.py <"$TMP/dump")"
      else
        out=$("$TMP/bin/$k.$v") || { echo FAIL FAIL; return; }
        echo "$(sed -n 3p <<<"$out") $(sed -n 2p <<<"$out")"
      fi
      ;;
    *)
      local f="$TMP/gen/$(group_of "$k")/$k.mlir" args
      case "$v" in
        lat) args=(--threads 1) ;;
        ps1) f="$TMP/ps/$k.mlir" args=(--threads 1) ;;
        psn) f="$TMP/ps/$k.mlir" args=(--threads "$THREADS") ;;
      esac
      out=$("$L" run "$f" "${args[@]}" 2>"$TMP/err") || { echo FAIL FAIL; return; }
      echo "$(sed -n 3p <<<"$out") $(sed -n 2p <<<"$out")"
      ;;
  esac
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "FAIL"; else print v[int((NR + 1) / 2)] }'; }

VARIANTS=(o3 polly lat ps1 psn)
echo "Suite at $SIZE, $ROUNDS rounds, poly-schedule on 1 and $THREADS threads ($(date -u '+%Y-%m-%d %H:%M UTC'))."
echo
echo "| kernel | clang -O3 (ms) | clang -O3 | clang + Polly | Lattice, no passes | Lattice --poly-schedule 1T | Lattice --poly-schedule ${THREADS}T |"
echo "|---|---:|---:|---:|---:|---:|---:|"
bad=0
twins=0
: >"$TMP/logs"
for k in "${KERNELS[@]}"; do
  build_c "$k" "$k.o3" "${CFLAGS[@]}"
  build_c "$k" "$k.polly" "${CFLAGS[@]}" -mllvm -polly
  [ "$(group_of "$k")" = polybench ] && [ "$(cat "$TMP/bin/$k.o3.kind")" = twin ] && twins=$((twins + 1))
  for v in "${VARIANTS[@]}"; do : >"$TMP/$k.$v.t"; : >"$TMP/$k.$v.b"; done
  mkdir -p "$TMP/ps"  # transformed once; `lattice run` of it equals `lattice run --poly-schedule`
  "$L" opt "$TMP/gen/$(group_of "$k")/$k.mlir" --poly-schedule >"$TMP/ps/$k.mlir" 2>"$TMP/err" ||
    { echo "lattice opt --poly-schedule failed on $k: $(head -3 "$TMP/err")" >&2; : >"$TMP/ps/$k.mlir"; }
  for _ in $(seq "$ROUNDS"); do
    for v in "${VARIANTS[@]}"; do
      read -r t b < <(run_variant "$k" "$v")
      [ "$t" = FAIL ] || echo "$t" >>"$TMP/$k.$v.t"
      echo "$b" >>"$TMP/$k.$v.b"
    done
  done
  ref=$(head -1 "$TMP/$k.o3.b")
  base=$(median <"$TMP/$k.o3.t")
  row="| $k | $(awk -v t="$base" 'BEGIN { if (t == "FAIL") print t; else printf "%.3f", t * 1000 }')"
  for v in "${VARIANTS[@]}"; do
    t=$(median <"$TMP/$k.$v.t")
    if [ "$ref" = FAIL ] || grep -qv "^$ref\$" "$TMP/$k.$v.b"; then
      row="$row | MISMATCH"
      echo "checksum mismatch: $k $v: $(sort -u "$TMP/$k.$v.b" | paste -sd' ') vs clang -O3 $ref" >&2
      bad=$((bad + 1))
    else
      s=$(awk -v a="$base" -v b="$t" 'BEGIN { if (a == "FAIL" || b == "FAIL" || b <= 0) print "-"; else printf "%.2f", a / b }')
      row="$row | $s"
      [ "$s" = - ] || echo "$v $s" >>"$TMP/logs"
    fi
  done
  echo "$row |"
done
geo() { awk -v v="$1" '$1 == v { s += log($2); n++ } END { if (n) printf "%.2f", exp(s / n); else print "-" }' "$TMP/logs"; }
echo "| **geomean** ($(echo "${#KERNELS[@]}") kernels) | | $(geo o3) | $(geo polly) | $(geo lat) | $(geo ps1) | $(geo psn) |"
echo
echo "Cells: speed-up over clang -O3 (its median kernel time / the column's; above 1 is faster)."
if [ "$twins" -gt 0 ]; then
  echo "Note: POLYBENCH_DIR not set: the C columns of $twins PolyBench kernels ran our C twins"
  echo "(bench/suite/gen.py), not PolyBench's own sources."
fi
[ "$bad" -eq 0 ]
