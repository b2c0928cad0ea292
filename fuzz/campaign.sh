#!/usr/bin/env bash
# Runs a pipeline-fuzzing campaign with the stable, in-process fuzzer (`lattice-fuzz`):
# SECONDS_TOTAL (default 3600) split evenly over the targets, each case journaled, and a
# case that aborts the process (stack overflow, out of memory) saved as
# OUT/aborted-<target>-<case>.mlir before the target resumes after it (also after a hang,
# which ends the process: its thread cannot be stopped).
# Usage: bash fuzz/campaign.sh [SECONDS_TOTAL] [OUT] [SEED]   (run from the repository root;
# builds with `cargo build --release --bin lattice-fuzz` unless LATTICE_FUZZ_BIN is set)
set -uo pipefail
cd "$(dirname "$0")/.."
total="${1:-3600}"
out="${2:-fuzz/findings}"
seed="${3:-1}"
bin="${LATTICE_FUZZ_BIN:-target/release/lattice-fuzz}"
if [ -z "${LATTICE_FUZZ_BIN:-}" ]; then
  cargo build --release -p lattice-cli --bin lattice-fuzz || exit 2
fi
mkdir -p "$out"
targets=(mutate generate)
share=$(( total / ${#targets[@]} ))
for t in "${targets[@]}"; do
  deadline=$(( $(date +%s) + share ))
  start=0
  while :; do
    left=$(( deadline - $(date +%s) ))
    [ "$left" -gt 0 ] || break
    "$bin" --target "$t" --seconds "$left" --start "$start" --seed "$seed" --out "$out" --journal
    rc=$?
    [ "$rc" -le 1 ] && break
    journal="$out/current-$t.mlir"
    n=$(sed -n 's#^// case \([0-9]*\)$#\1#p' "$journal" | head -1)
    if [ "$rc" -eq 3 ]; then
      echo "campaign: target $t hung at case $n; resuming after it"
    else
      echo "campaign: target $t aborted (exit $rc) at case $n; resuming after it"
      cp "$journal" "$out/aborted-$t-$n.mlir"
    fi
    start=$(( n + 1 ))
  done
done
