#!/usr/bin/env bash
# Run-time benchmark of `lattice opt --poly-schedule` (default options: model tile sizes)
# against program order (the untransformed example) on every example: is the
# provably equivalent loop nest it produces faster? Per example: the CPU time of the calling thread on one
# thread (`lattice run --threads 1 --time`, which excludes the time other processes hold
# the core) and the wall clock on two threads (`--threads 2`), as a markdown table with
# the ratios poly-schedule / program order (below 1: poly-schedule is faster) and their
# geometric means. The variants of one example run interleaved, REPS rounds of RUNS timed
# runs each; a cell is the median over the rounds of each round's median, and the spread
# column gives the smallest and largest round median of the 1-thread ratio. The printed
# outputs (checksums) of every variant must agree with program order's (a mismatch is
# reported and fails the script). An example whose poly-schedule output is the same text
# as the input is marked `same`.
# Problem sizes: an EXAMPLE argument `name:OLD=NEW[,OLD=NEW...]` measures a resized copy
# of examples/name.mlir (made in a temp dir): every integer literal OLD that is not part of
# a name or type (`%c128`, `f64`) becomes NEW: memref shapes (`128x128`), loop bounds,
# constants (`128 : index`, `128.0`). Program order and poly-schedule then run at that size
# (the `// CHECKSUM:` line no longer applies; both must print the same). `--sweep` adds a
# built-in list: a smaller and a larger size of the non-stencil examples (SWEEP below).
# Usage: bash scripts/bench_poly_schedule.sh [REPS] [RUNS] [--sweep] [EXAMPLE[:OLD=NEW,...]...]
#   (defaults 5, 10, every example; LATTICE_BIN=path: measure that binary;
#    THREADS2=0: skip the 2-thread column; PS_OPTS=opts: more poly-schedule options)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
REPS="${1:-5}"
RUNS="${2:-10}"
shift $(($# < 2 ? $# : 2))
THREADS2="${THREADS2:-1}"
if [ -n "${LATTICE_BIN:-}" ]; then
  L=$LATTICE_BIN
else
  cargo build --release --quiet -p lattice-cli
  L=target/release/lattice
fi
# A smaller and a larger problem of each non-stencil example (stencils: bench_stencil.sh).
SWEEP=(
  matmul:128=64 matmul:128=512
  2mm:64=32,80=40,96=48,112=56 2mm:64=256,80=320,96=384,112=448
  gemver:128=64 gemver:128=1024
  covariance:128=64,96=48 covariance:128=512,96=384
  lu:128=64 lu:128=384
  trisolv:256=64 trisolv:256=2048
  floyd_warshall:128=64 floyd_warshall:128=256
  conv2d:64=32,66=34 conv2d:64=192,66=194
  softmax:128=32,256=64 softmax:128=512,256=1024
  blur:128=64 blur:128=512
)
SPECS=()
for e in "$@"; do
  if [ "$e" = --sweep ]; then SPECS+=("${SWEEP[@]}"); else SPECS+=("$e"); fi
done
if [ ${#SPECS[@]} -eq 0 ]; then
  for f in examples/*.mlir; do SPECS+=("$(basename "$f" .mlir)"); done
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# resize SPEC OUT: writes the example named by SPEC (`name` or `name:OLD=NEW,...`) to OUT and
# prints the row label (`name` or `name@NEW,...`).
resize() {
  local base=${1%%:*} map=""
  [ -f "examples/$base.mlir" ] || { echo "no example examples/$base.mlir" >&2; exit 2; }
  if [ "$base" = "$1" ]; then cp "examples/$base.mlir" "$2"; echo "$base"; return; fi
  map=${1#*:}
  MAP="$map" perl -pe 'BEGIN { %m = map { split /=/ } split /,/, $ENV{MAP} }
    s/(?<![0-9A-Za-wyz_.%#@])([0-9]+)(?![0-9])/exists $m{$1} ? $m{$1} : $1/ge' \
    "examples/$base.mlir" >"$2"
  echo "$base@$(tr ',' '\n' <<<"$map" | cut -d= -f2 | paste -sd,)"
}

time_median() { # FILE THREADS FIELD OUT: the median seconds (FIELD wall|cpu) of RUNS timed runs
  local err
  err=$("$L" run "$1" --time --repeat "$RUNS" --threads "$2" 2>&1 >"$4") || { echo FAIL; return; }
  if [ "$3" = cpu ]; then
    sed -n 's/.*calling thread CPU: min [0-9.]* s, median \([0-9.]*\) s.*/\1/p' <<<"$err"
  else
    sed -n 's/.*runs, min [0-9.]* s, median \([0-9.]*\) s;.*/\1/p' <<<"$err"
  fi
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "FAIL"; else print v[int((NR + 1) / 2)] }'; }
us() { awk -v x="$1" 'BEGIN { if (x == "FAIL") print x; else printf "%.1f", x * 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "FAIL" || b == "FAIL" || b == 0) print "-"; else printf "%.2f", a / b }'; }

if [ "$THREADS2" = 1 ]; then
  echo "| example | tile sizes | program order 1T (µs) | poly-schedule 1T (µs) | 1T ratio | 1T ratio spread | program order 2T wall (µs) | poly-schedule 2T wall (µs) | 2T ratio |"
  echo "|---|---|---:|---:|---:|---|---:|---:|---:|"
else
  echo "| example | tile sizes | program order 1T (µs) | poly-schedule 1T (µs) | 1T ratio | 1T ratio spread |"
  echo "|---|---|---:|---:|---:|---|"
fi
log1=0; log2=0; n=0; bad=0
for spec in "${SPECS[@]}"; do
  name=$(resize "$spec" "$TMP/in.mlir")
  f="$TMP/$name.po.mlir"
  mv "$TMP/in.mlir" "$f"
  sizes=$("$L" opt "$f" --poly-schedule="remarks=true${PS_OPTS:+ $PS_OPTS}" 2>&1 >"$TMP/$name.ps.mlir" \
    | sed -n 's/.*remark: tile sizes \[\([0-9, ]*\)\] (model).*/[\1]/p' | tr '\n' ' ' | sed 's/ $//')
  same=no
  if "$L" opt "$f" | cmp -s - "$TMP/$name.ps.mlir"; then same=yes; fi
  for v in po ps; do : >"$TMP/$name.$v.1"; : >"$TMP/$name.$v.2"; done
  : >"$TMP/$name.r1"
  for _ in $(seq "$REPS"); do
    a=$(time_median "$TMP/$name.po.mlir" 1 cpu "$TMP/$name.po.out1")
    b=$(time_median "$TMP/$name.ps.mlir" 1 cpu "$TMP/$name.ps.out1")
    echo "$a" >>"$TMP/$name.po.1"; echo "$b" >>"$TMP/$name.ps.1"
    echo "$(ratio "$b" "$a")" >>"$TMP/$name.r1"
    if [ "$THREADS2" = 1 ]; then
      time_median "$TMP/$name.po.mlir" 2 wall "$TMP/$name.po.out2" >>"$TMP/$name.po.2"
      time_median "$TMP/$name.ps.mlir" 2 wall "$TMP/$name.ps.out2" >>"$TMP/$name.ps.2"
    fi
  done
  outs="ps.out1"
  [ "$THREADS2" = 1 ] && outs="ps.out1 po.out2 ps.out2"
  for o in $outs; do
    if ! cmp -s "$TMP/$name.po.out1" "$TMP/$name.$o"; then
      echo "checksum mismatch on $name ($o): $(cat "$TMP/$name.po.out1") vs $(cat "$TMP/$name.$o")" >&2
      bad=$((bad + 1))
    fi
  done
  if ! grep -q . "$TMP/$name.po.out1"; then echo "$name printed nothing" >&2; bad=$((bad + 1)); fi
  p1=$(grep -v FAIL "$TMP/$name.po.1" | median)
  s1=$(grep -v FAIL "$TMP/$name.ps.1" | median)
  r1=$(ratio "$s1" "$p1")
  spread=$(grep -v -- - "$TMP/$name.r1" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { if (NR) printf "%s-%s", lo, hi; else print "-" }')
  [ "$same" = yes ] && sizes="(same as input)"
  row="| $name | ${sizes:-(not tiled)} | $(us "$p1") | $(us "$s1") | $r1 | $spread"
  r2="-"
  if [ "$THREADS2" = 1 ]; then
    p2=$(grep -v FAIL "$TMP/$name.po.2" | median)
    s2=$(grep -v FAIL "$TMP/$name.ps.2" | median)
    r2=$(ratio "$s2" "$p2")
    row="$row | $(us "$p2") | $(us "$s2") | $r2"
  fi
  echo "$row |"
  if [ "$r1" != "-" ]; then
    log1=$(awk -v s="$log1" -v r="$r1" 'BEGIN { print s + log(r) }')
    if [ "$r2" != "-" ]; then log2=$(awk -v s="$log2" -v r="$r2" 'BEGIN { print s + log(r) }'); fi
    n=$((n + 1))
  fi
done
echo
if [ "$n" -gt 0 ]; then
  awk -v a="$log1" -v b="$log2" -v n="$n" -v t2="$THREADS2" 'BEGIN {
    printf "geometric mean over %d examples: poly-schedule / program order = %.3f on 1 thread (CPU time)", n, exp(a / n)
    if (t2 == 1) printf ", %.3f on 2 threads (wall clock)", exp(b / n)
    printf " (below 1: poly-schedule is faster)\n" }'
fi
[ "$bad" -eq 0 ]
