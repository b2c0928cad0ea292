// RUN: lattice opt %s --poly-schedule="cache-size=32768 l2-cache-size=1048576 l3-cache-size=1073741824 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule="cache-size=32768 l2-cache-size=1048576 l3-cache-size=1073741824" | FileCheck %s --check-prefix=UNTILED
// RUN: lattice opt %s --poly-schedule="cache-size=32768 l2-cache-size=32768 l3-cache-size=1073741824 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=SMALL-L2

// A Jacobi time step on 1024 x 1024 (inside the time loop): every array moves by one
// row per `i` and one element per `j`, so the only reuse is between neighbouring rows.
// Two rows of `i` (5 rows of A, 2 of B, 48 KB) miss the 32 KB L1 model budget, but fit
// L2: the band is not tiled spatially (rows stream whole).
// REMARK: remark: not tiled (streaming stencil): every array moves along every outer member, so the only reuse is between neighbouring rows or planes, and that window fits the 1048576 B L2 untiled (two iterations of member %i: 49136 B): the rows stream through the cache whole, where the L1 model's tiles [%i: 256, %j: 680] would cut them short and re-read each tile's halo
// REMARK-SAME: trip counts [1022, 1022]
// UNTILED: affine.for %{{.*}} = 0 to 4 {
// UNTILED-NEXT: affine.parallel (%{{.*}}) = (1) to (1023) {
// UNTILED-NEXT: affine.for %{{.*}} = 1 to 1023 {
// UNTILED-NOT: floordiv
// A 32 KB L2 does not hold the window: the model's tiles stay.
// SMALL-L2-NOT: streaming stencil
// SMALL-L2: remark: tile sizes [256, 680] (model)
func.func @jacobi_step(%A: memref<1024x1024xf64> {llvm.noalias}, %B: memref<1024x1024xf64> {llvm.noalias}) {
  %fifth = arith.constant 0.2 : f64
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 1023 {
      affine.for %j = 1 to 1023 {
        %c = affine.load %A[%i, %j] : memref<1024x1024xf64>
        %w = affine.load %A[%i, %j - 1] : memref<1024x1024xf64>
        %e = affine.load %A[%i, %j + 1] : memref<1024x1024xf64>
        %s = affine.load %A[%i + 1, %j] : memref<1024x1024xf64>
        %n = affine.load %A[%i - 1, %j] : memref<1024x1024xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %B[%i, %j] : memref<1024x1024xf64>
      }
    }
    affine.for %i = 1 to 1023 {
      affine.for %j = 1 to 1023 {
        %c = affine.load %B[%i, %j] : memref<1024x1024xf64>
        %w = affine.load %B[%i, %j - 1] : memref<1024x1024xf64>
        %e = affine.load %B[%i, %j + 1] : memref<1024x1024xf64>
        %s = affine.load %B[%i + 1, %j] : memref<1024x1024xf64>
        %n = affine.load %B[%i - 1, %j] : memref<1024x1024xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %A[%i, %j] : memref<1024x1024xf64>
      }
    }
  }
  return
}
