// RUN: lattice opt %s --poly-schedule | FileCheck %s
// RUN: lattice opt %s --poly-schedule=parallel-reductions=true | FileCheck %s

// poly_random program 178 (found by the reverse-order race detector): isl's schedule is
// t = i1 + i2 over the triangle i2 <= i1 < 2, then i2 (fixed by t: one value for each t),
// then i3. The member after t makes no loop, so a parallel mark above it would land on
// the i3 loop, which carries an anti-dependence on A1 (i1 = i2 = 1: i3 = 0 reads
// A1[2, 11], i3 = 2 writes it). No loop here is parallel.

// CHECK-LABEL: func.func @kernel
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @kernel(%A0: memref<40x40xf64>, %A1: memref<40x40xf64>, %A2: memref<40x40xf64>) {
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
