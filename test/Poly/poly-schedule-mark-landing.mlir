// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=9,9,8 min-parallel-work=0" | FileCheck %s
// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=9,9,8 parallel-reductions=true min-parallel-work=0" | FileCheck %s

// A parallel mark must reach the loop of the member it marks (poly_random program 398,
// found by the reverse-order race detector; program 178 is poly-schedule-fixed-member).
// The schedule's outer tile loop, then the parallel member: i3 for the nest's statement,
// i1 + 1 for the first one. Only the nest's statement has i3 = 0: by default isl splits
// the parallel member's range there, and that piece had no loop for it, so its first
// loop, i2 (an output dependence between (i1, i2 + 1) and (i1 + 1, i2)), became
// parallel. The marked member is one loop over its whole range. (The tile sizes are the
// ones the tile model chose when this was found; it no longer tiles this band.)
// CHECK-LABEL: func.func @kernel
// CHECK: affine.for %{{.*}} = -1 to 1 {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (9) {
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @kernel(%A0: memref<40x40xf64>, %A1: memref<40x40xf64>, %A2: memref<40x40xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i1 = 0 to 8 {
    %v1 = affine.load %A1[0, %i1 + 1] : memref<40x40xf64>
    %v2 = affine.load %A0[2, %i1] : memref<40x40xf64>
    %v3 = arith.subf %v1, %v2 : f64
    %v4 = arith.mulf %v3, %half : f64
    affine.store %v4, %A2[2, %i1 + 2] : memref<40x40xf64>
    affine.for %i2 = 0 to 9 {
      affine.for %i3 = 0 to 4 {
        %v5 = affine.load %A2[%i2 + 1, %i3 + 1] : memref<40x40xf64>
        %v6 = affine.load %A0[%i2 + 2, -%i2 + %i3 + 13] : memref<40x40xf64>
        %v7 = arith.subf %v5, %v6 : f64
        %v8 = arith.mulf %v7, %half : f64
        affine.store %v8, %A2[-%i1 - %i2 + 26, %i3] : memref<40x40xf64>
      }
    }
  }
  return
}
