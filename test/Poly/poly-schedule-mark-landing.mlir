// RUN: lattice opt %s --split-input-file --poly-schedule | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-schedule="parallel-reductions=true" | FileCheck %s

// A parallel mark must reach the loop of the member it marks (poly_random programs
// 178 and 398, found by the reverse-order race detector).

// The outer band i1 + i2 over the triangle 0 <= i2 <= i1 <= 1 fixes i1, the coincident
// member: it makes no loop, and a mark on it would land on i3, which carries an anti
// dependence (i3 = 0 reads A1[2, 11], i3 = 2 writes it, at i1 = i2 = 1).
// CHECK-LABEL: func.func @p178
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @p178(%A0: memref<40x40xf64>, %A1: memref<40x40xf64>, %A2: memref<40x40xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i1 = 0 to 2 {
    affine.for %i2 = 0 to affine_map<(d0) -> (d0 + 1)>(%i1) {
      affine.for %i3 = 0 to 3 {
        %v1 = affine.load %A0[%i2, %i3] : memref<40x40xf64>
        %v2 = affine.load %A1[%i2 + 2, %i3 + 2] : memref<40x40xf64>
        %v3 = arith.subf %v1, %v2 : f64
        %v4 = arith.mulf %v3, %half : f64
        affine.store %v4, %A1[%i2 + 1, -%i3 + 13] : memref<40x40xf64>
        %v5 = affine.load %A2[%i1 + %i2, 2] : memref<40x40xf64>
        %v6 = affine.load %A1[%i3 + 2, -%i1 + %i3 + 12] : memref<40x40xf64>
        %v7 = arith.subf %v5, %v6 : f64
        %v8 = arith.mulf %v7, %half : f64
        affine.store %v8, %A0[%i2 + 2, %i3 + 1] : memref<40x40xf64>
      }
    }
  }
  return
}

// -----

// Only the nest's statement has i3 = 0: by default isl splits the parallel member's
// range there, and that piece's first loop is i2 (an output dependence between i1 and
// i2 + 1). The marked member is one loop over its whole range.
// CHECK-LABEL: func.func @p398
// CHECK: affine.for %{{.*}} = -1 to 1 {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (9) {
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @p398(%A0: memref<40x40xf64>, %A1: memref<40x40xf64>, %A2: memref<40x40xf64>) {
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
