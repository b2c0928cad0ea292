#!/usr/bin/env bash
# Records what upstream mlir-runner prints for test/Run/Inputs/*.mlir (runner-utils
# conformance programs, parallel loops, vector ops) into the matching .out files, with every `base@ = 0x...` address
# replaced by `base@ = 0xADDR` (addresses change from run to run). The Rust runtime's tests
# (codegen/tests/runner_utils.rs) and `lattice run` (test/Run/*.mlir) compare against these
# files; runner_utils.rs also checks that upstream still prints them.
# Usage: scripts/runner_utils_expected.sh [--check]   (--check: compare, write nothing)
# Environment: LLVM_BIN (default /usr/lib/llvm-22/bin), LLVM_LIB (default /usr/lib/llvm-22/lib).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
LLVM_LIB="${LLVM_LIB:-/usr/lib/llvm-22/lib}"
check=0
[ "${1:-}" = "--check" ] && check=1
libs="$LLVM_LIB/libmlir_c_runner_utils.so.22.1,$LLVM_LIB/libmlir_runner_utils.so.22.1"
status=0
for f in "$ROOT"/test/Run/Inputs/*.mlir; do
  out="${f%.mlir}.out"
  got="$("$LLVM_BIN/mlir-opt" "$f" --convert-vector-to-scf --lower-affine --convert-scf-to-cf \
    --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts |
    "$LLVM_BIN/mlir-runner" -e main -entry-point-result=void -shared-libs="$libs" |
    sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/g'; echo x)"
  got="${got%x}"
  if [ "$check" -eq 1 ]; then
    if ! diff <(printf '%s' "$got") "$out"; then
      echo "differs: $out" >&2
      status=1
    fi
  else
    printf '%s' "$got" >"$out"
    echo "wrote $out"
  fi
done
exit "$status"
