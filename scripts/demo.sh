#!/usr/bin/env bash
# Sets up everything (scripts/setup.sh), then shows Lattice end to end: the dependence
# report of a stencil, the automatic scheduler tiling and parallelizing matmul, Lattice's
# JIT and upstream mlir-runner agreeing on the results, a transformation made legal on a
# (1,-1) stencil where mlir-opt 22 miscompiles, and a WGSL compute shader for matmul.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# shellcheck source=scripts/setup.sh
source "$ROOT/scripts/setup.sh"
cd "$ROOT"

INPUT=examples/matmul.mlir
LATTICE=target/release/lattice
cargo build --release --quiet -p lattice-cli

section() { printf '===========================================================================\n%s\n' "$1"; }

section "1. Dependence analysis on isl: examples/stencil_skew.mlir (A[i][j] = A[i-1][j+1])
   lattice deps examples/stencil_skew.mlir"
"$LATTICE" deps examples/stencil_skew.mlir | sed -n '/@kernel_stencil_skew/,/^function @main/p' | grep -E 'dependences|carried|loops|affine.for' | sed 's/^/  /'

section "2. Automatic scheduling (Pluto-style, isl scheduler): tile + parallelize matmul
   lattice opt $INPUT --poly-schedule"
"$LATTICE" opt "$INPUT" --poly-schedule > target/demo-scheduled.mlir
sed -n '/func.func @kernel_matmul/,/^  }/p' target/demo-scheduled.mlir | head -16 | sed 's/^/  /'
echo "    ... (full output in target/demo-scheduled.mlir)"

section "3. Lattice's own JIT (LLVM 22) runs both; mlir-runner confirms the original:"
LIBS=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1,/usr/lib/llvm-22/lib/libmlir_runner_utils.so.22.1
echo "  expected (recorded):           $(sed -n 's|^// CHECKSUM: ||p' "$INPUT")"
echo "  mlir-opt + mlir-runner:        $(/usr/lib/llvm-22/bin/mlir-opt "$INPUT" --lower-affine --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void -shared-libs="$LIBS")"
echo "  lattice run (original):        $("$LATTICE" run "$INPUT" -e main)"
echo "  lattice run (scheduled):       $("$LATTICE" run target/demo-scheduled.mlir -e main)"

section "4. A transformation that would break the (1,-1) stencil is made legal or refused:
   lattice opt examples/stencil_skew.mlir --affine-loop-tile=tile-sizes=2,2 (mlir-opt 22 miscompiles this)"
"$LATTICE" opt examples/stencil_skew.mlir "--affine-loop-tile=tile-sizes=2,2 remarks=true" -o target/demo-stencil-tiled.mlir 2>&1 | sed 's/^/  /'
echo "  checksum before: $("$LATTICE" run examples/stencil_skew.mlir -e main)   after: $("$LATTICE" run target/demo-stencil-tiled.mlir -e main)"
"$LATTICE" opt examples/stencil_skew.mlir "--affine-loop-unroll-jam=unroll-jam-factor=2 remarks=true" -o /dev/null 2>&1 | sed 's/^/  /'

section "5. GPU: the parallel loops of matmul as a WebGPU compute shader (naga, validated)
   lattice emit --wgsl target/demo-wgsl $INPUT"
rm -rf target/demo-wgsl
if "$LATTICE" emit --wgsl target/demo-wgsl "$INPUT" >/dev/null 2>target/demo-wgsl.log; then
  f=$(ls target/demo-wgsl/*.wgsl | head -1)
  head -20 "$f" | sed 's/^/  /'
  echo "    ... ($f; bindings in target/demo-wgsl/manifest.json)"
else
  sed 's/^/  /' target/demo-wgsl.log
fi
section "Run every test (unit tests, file tests with mlir-opt oracle checks, random
programs, differential runs, corpus conformance):  bash scripts/test.sh"
