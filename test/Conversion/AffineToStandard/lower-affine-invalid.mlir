// RUN: lattice opt %s --lower-affine --verify-diagnostics
// ORACLE: lattice-only Lattice refuses affine.dma_wait (mlir-opt 22 lowers it to memref.dma_wait)
// mlir-opt lowers affine.dma_* to memref.dma_*, which Lattice does not define: Lattice
// declines and names the op.

func.func @dma_wait(%tag: memref<1xi32>) {
  %c64 = arith.constant 64 : index
  // expected-error@+1 {{'affine.dma_wait' op cannot be lowered by lower-affine}}
  affine.dma_wait %tag[0], %c64 : memref<1xi32>
  return
}
