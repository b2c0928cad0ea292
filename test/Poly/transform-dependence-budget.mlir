// RUN: lattice opt %s --affine-loop-unroll="cleanup-unroll=false" --poly-transform="parallel=true nested=true remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --affine-loop-unroll="cleanup-unroll=false" --poly-transform="parallel=true nested=true" | FileCheck %s

// The transformation passes analyse a SCoP's dependences within 4,000,000 isl
// operations (the suite's kernels need under 700,000). The unrolled triangular nest
// below, three writes per statement with skewed subscripts, needs about 24,000,000
// (18 s of CPU): the pass leaves it as it is, with a remark, the same on every machine.

// REMARK: remark: not transformed: isl gave up: the problem needs more than 4000000 operations

// CHECK-LABEL: func.func @unrolled_skewed
// CHECK:       affine.for %{{.*}} = 0 to 12 {
// CHECK-NOT:   affine.parallel
// CHECK:       return

func.func @unrolled_skewed(%A0: memref<40x40xf64>, %A1: memref<40x40xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i1 = 0 to 12 {
    affine.for %i2 = affine_map<(d0) -> (d0)>(%i1) to 12 {
      affine.for %i3 = 0 to affine_map<(d0) -> (d0 + 1)>(%i2) {
        %v1 = affine.load %A0[-%i3 + 13, -%i1 + %i2 + %i3 + 12] : memref<40x40xf64>
        %v2 = affine.load %A1[-%i1 + %i2 + 14, -%i2 + %i3 + 13] : memref<40x40xf64>
        %v3 = arith.addf %v1, %v2 : f64
        %v4 = arith.mulf %v3, %half : f64
        affine.store %v4, %A1[%i2 - %i3 + 13, -%i2 + 13] : memref<40x40xf64>
        %v5 = affine.load %A1[%i2 + 2, -%i1 - %i2 + %i3 + 24] : memref<40x40xf64>
        %v6 = affine.load %A0[%i2 + 1, 1] : memref<40x40xf64>
        %v7 = arith.subf %v5, %v6 : f64
        %v8 = arith.mulf %v7, %half : f64
        affine.store %v8, %A0[-%i1 + %i2 + 13, %i3 + 1] : memref<40x40xf64>
        %v9 = affine.load %A1[%i1 + %i2, -%i1 + %i3 + 12] : memref<40x40xf64>
        %v10 = affine.load %A0[%i3 + 1, %i3] : memref<40x40xf64>
        %v11 = arith.addf %v9, %v10 : f64
        %v12 = arith.mulf %v11, %half : f64
        affine.store %v12, %A0[%i2 + 1, %i3 + 1] : memref<40x40xf64>
      }
    }
  }
  affine.for %i4 = 0 to 7 {
    %v13 = affine.load %A1[0, %i4 + 2] : memref<40x40xf64>
    %v14 = affine.load %A0[%i4, %i4] : memref<40x40xf64>
    %v15 = arith.subf %v13, %v14 : f64
    %v16 = arith.mulf %v15, %half : f64
    affine.store %v16, %A1[-%i4 + 13, 1] : memref<40x40xf64>
    %v17 = affine.load %A0[0, %i4 + 2] : memref<40x40xf64>
    %v18 = affine.load %A0[1, 1] : memref<40x40xf64>
    %v19 = arith.subf %v17, %v18 : f64
    %v20 = arith.mulf %v19, %half : f64
    affine.store %v20, %A0[0, %i4 + 2] : memref<40x40xf64>
    %v21 = affine.load %A1[1, %i4 + 2] : memref<40x40xf64>
    %v22 = affine.load %A1[2, 2] : memref<40x40xf64>
    %v23 = arith.subf %v21, %v22 : f64
    %v24 = arith.mulf %v23, %half : f64
    affine.store %v24, %A1[2, -%i4 + 14] : memref<40x40xf64>
  }
  return
}
