#!/usr/bin/env bash
# Sets up everything (scripts/setup.sh), then shows Lattice reading an affine
# matrix multiplication, canonicalizing it, and printing it back as MLIR.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# shellcheck source=scripts/setup.sh
source "$ROOT/scripts/setup.sh"
cd "$ROOT"

INPUT=examples/matmul.mlir

cat <<EOF

=== Lattice demo ==========================================================
Input: $INPUT, a 64x64 matrix multiplication C += A * B written in MLIR's
affine dialect (three nested affine.for loops with affine.load/affine.store).

Running:  cargo run --release -- opt $INPUT --canonicalize

Lattice parses the file with its own Rust implementation of MLIR's textual
IR, builds the affine loop nest, runs the canonicalizer and prints the result
in exactly the syntax upstream mlir-opt (LLVM 22) prints.
===========================================================================

EOF

cargo run --release --quiet -- opt "$INPUT" --canonicalize

cat <<EOF

===========================================================================
What you see: the module printed back in MLIR's custom (pretty) syntax,
with SSA values renamed as mlir-opt names them (%arg0, %0, ...). Anything
Lattice prints can be read by upstream tools, for instance:

  cargo run --release -q -- opt $INPUT | /usr/lib/llvm-22/bin/mlir-opt

Run all tests (unit tests, file tests in test/ with their mlir-opt oracle
checks, and the corpus conformance report) with:  bash scripts/test.sh
===========================================================================
EOF
