#!/usr/bin/env bash
# Compile time of the scheduler on the benchmark suite (bench/suite, issue 20: "under 1 s for
# every suite kernel at every size"). For every kernel at every size and for each pipeline
# (`lattice opt --poly-schedule` and `lattice opt --lattice-fast`), the CPU seconds (user + sys,
# all threads) of the whole `lattice opt` process: the best of REPS runs. CPU time, not wall
# time, because the development machine is shared; wall time there means nothing.
# Prints one markdown table (kernel x size x pipeline), then the slowest cell and the number
# of cells at or over the limit (1 s); exits 1 if any cell is over it or failed.
#
# Usage: bash scripts/compile_times.sh [SIZE...] [--reps R] [--only k1,k2] [--save DIR] [--limit S]
#   SIZE: MINI, SMALL, MEDIUM or LARGE (default: MEDIUM LARGE). --reps: runs per cell (best
#   kept; default 1). --save DIR: keep each output as DIR/SIZE/PIPELINE/KERNEL.mlir (to check
#   that a change leaves the schedules byte-identical: save before and after, then diff -r).
#   Environment: LATTICE_BIN (a lattice binary; default: cargo build --release).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
usage() { echo "usage: bash scripts/compile_times.sh [MINI|SMALL|MEDIUM|LARGE...] [--reps R] [--only k1,k2] [--save DIR] [--limit S]" >&2; exit 2; }
SIZES=() REPS=1 ONLY="" SAVE="" LIMIT=1
while [ $# -gt 0 ]; do
  case "$1" in
    MINI | SMALL | MEDIUM | LARGE) SIZES+=("$1"); shift ;;
    --reps) [ $# -ge 2 ] || usage; REPS=$2; shift 2 ;;
    --only) [ $# -ge 2 ] || usage; ONLY=$2; shift 2 ;;
    --save) [ $# -ge 2 ] || usage; SAVE=$2; shift 2 ;;
    --limit) [ $# -ge 2 ] || usage; LIMIT=$2; shift 2 ;;
    *) usage ;;
  esac
done
[ ${#SIZES[@]} -gt 0 ] || SIZES=(MEDIUM LARGE)
[[ "$REPS" =~ ^[1-9][0-9]*$ && "$LIMIT" =~ ^[0-9]+(\.[0-9]+)?$ ]] || usage
[ -x /usr/bin/time ] || { echo "compile_times.sh needs GNU time (/usr/bin/time)" >&2; exit 1; }
if [ -n "${LATTICE_BIN:-}" ]; then
  L=$LATTICE_BIN
else
  cargo build --release --quiet -p lattice-cli
  L=target/release/lattice
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for s in "${SIZES[@]}"; do python3 bench/suite/gen.py --size "$s" --out "$TMP/$s"; done
PIPES=(poly-schedule lattice-fast)

KERNELS=()
for f in "$TMP/${SIZES[0]}"/polybench/*.mlir "$TMP/${SIZES[0]}"/other/*.mlir; do KERNELS+=("$(basename "$f" .mlir)"); done
if [ -n "$ONLY" ]; then
  IFS=, read -r -a KERNELS <<<"$ONLY"
  for k in "${KERNELS[@]}"; do
    ls "$TMP/${SIZES[0]}"/*/"$k.mlir" >/dev/null 2>&1 || { echo "no kernel $k" >&2; exit 2; }
  done
fi

# cpu_best FILE PIPELINE OUT: the least CPU seconds (user + sys) of REPS runs of
# `lattice opt FILE --PIPELINE -o OUT`, or FAIL.
cpu_best() {
  local best="" c
  for _ in $(seq "$REPS"); do
    /usr/bin/time -f "%U %S" -o "$TMP/time" "$L" opt "$1" "--$2" -o "$3" 2>"$TMP/err" >/dev/null ||
      { echo "lattice opt --$2 failed on $1: $(head -3 "$TMP/err")" >&2; echo FAIL; return; }
    c=$(awk '{ printf "%.2f", $1 + $2 }' "$TMP/time")
    if [ -z "$best" ] || awk -v x="$c" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$c; fi
  done
  echo "$best"
}

header="| kernel |" rule="|---|"
for s in "${SIZES[@]}"; do for p in "${PIPES[@]}"; do header="$header $s --$p |" rule="$rule---:|"; done; done
echo "Compile CPU seconds (user + sys) of \`lattice opt\`, best of $REPS ($(date -u '+%Y-%m-%d %H:%M UTC'))."
echo
echo "$header"
echo "$rule"
over=0 worst=0 worst_at=""
for k in "${KERNELS[@]}"; do
  row="| $k |"
  for s in "${SIZES[@]}"; do
    f=$(ls "$TMP/$s"/*/"$k.mlir")
    for p in "${PIPES[@]}"; do
      out=/dev/null
      if [ -n "$SAVE" ]; then mkdir -p "$SAVE/$s/$p"; out="$SAVE/$s/$p/$k.mlir"; fi
      c=$(cpu_best "$f" "$p" "$out")
      if [ "$c" = FAIL ] || awk -v x="$c" -v l="$LIMIT" 'BEGIN { exit !(x >= l) }'; then
        over=$((over + 1)) row="$row **$c** |"
      else
        row="$row $c |"
      fi
      if [ "$c" != FAIL ] && awk -v x="$c" -v y="$worst" 'BEGIN { exit !(x > y) }'; then
        worst=$c worst_at="$k $s --$p"
      fi
    done
  done
  echo "$row"
done
echo
echo "Slowest: $worst s ($worst_at). $over cell(s) at or over $LIMIT s, or failed (bold)."
[ "$over" -eq 0 ]
