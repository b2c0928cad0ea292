#!/usr/bin/env bash
# Sets up everything (scripts/setup.sh), then shows Lattice transforming an affine
# matrix multiplication and upstream mlir-runner confirming the result is unchanged.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# shellcheck source=scripts/setup.sh
source "$ROOT/scripts/setup.sh"
cd "$ROOT"

INPUT=examples/matmul.mlir
LLVM_BIN=/usr/lib/llvm-22/bin
LIBS=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1,/usr/lib/llvm-22/lib/libmlir_runner_utils.so.22.1
PASSES=(--affine-loop-unroll-jam=unroll-jam-factor=4 --affine-loop-unroll=unroll-factor=4 --canonicalize)
cargo build --release --quiet -p lattice-cli

cat <<EOF
=== Lattice demo ==========================================================
Input: $INPUT, a 128x128 matrix multiplication C += A * B in MLIR's affine
dialect, with a main() that fills the matrices and prints a checksum.
Lattice reads it, unroll-jams the outer loop, unrolls the inner loop and
canonicalizes:   lattice opt $INPUT ${PASSES[*]}
===========================================================================
EOF
target/release/lattice opt "$INPUT" "${PASSES[@]}" > target/demo-transformed.mlir
sed -n '/func.func @kernel_matmul/,/^  }/p' target/demo-transformed.mlir | head -30
echo "    ... (full output in target/demo-transformed.mlir)"

run_upstream() {
  "$LLVM_BIN/mlir-opt" "$1" --lower-affine --convert-scf-to-cf --convert-math-to-llvm \
    --convert-to-llvm --reconcile-unrealized-casts |
    "$LLVM_BIN/mlir-runner" -e main -entry-point-result=void -shared-libs="$LIBS"
}
cat <<EOF
===========================================================================
Both programs lowered and run by upstream mlir-opt + mlir-runner (LLVM 22);
the checksums must agree with the one recorded in the file:
EOF
echo "  original:    $(run_upstream "$INPUT")"
echo "  transformed: $(run_upstream target/demo-transformed.mlir)"
echo "  expected:    $(sed -n 's|^// CHECKSUM: ||p' "$INPUT")"
cat <<EOF
===========================================================================
On examples/stencil_skew.mlir, whose dependence has distance (1, -1), the
same unroll-jam is refused, with the reason (mlir-opt 22 miscompiles it):
EOF
target/release/lattice opt examples/stencil_skew.mlir \
  "--affine-loop-unroll-jam=unroll-jam-factor=2 remarks=true" -o /dev/null 2>&1 | sed 's/^/  /'
cat <<EOF
===========================================================================
Run every test (unit tests, file tests with mlir-opt oracle checks, random
programs, differential runs, corpus conformance):  bash scripts/test.sh
===========================================================================
EOF
