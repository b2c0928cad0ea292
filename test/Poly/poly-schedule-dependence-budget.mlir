// RUN: lattice opt %s --poly-schedule="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule | FileCheck %s

// The dependence analysis of a SCoP spends at most a twentieth of max-operations
// (1,000,000 isl operations by default; the suite's kernels need under 140,000). Three
// writes with skewed subscripts to one array need about 4,000,000 (seconds of CPU):
// the nest keeps its order, with a remark, the same on every machine (an operation
// count, not a time).

// REMARK: remark: not transformed: its dependence analysis needs more than 1000000 isl operations (a twentieth of max-operations)

// CHECK-LABEL: func.func @skewed_writes
// CHECK:       affine.for %{{.*}} = 0 to 12 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 6 {
// CHECK-NEXT:      affine.for %{{.*}} = #map(%[[J]]) to 12 {

func.func @skewed_writes(%A: memref<40x40xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 6 {
      affine.for %k = affine_map<(d0) -> (d0)>(%j) to 12 {
        %v1 = affine.load %A[1, %k + 1] : memref<40x40xf64>
        %v2 = affine.load %A[%i + %j + 2, -%k + 14] : memref<40x40xf64>
        %v3 = arith.addf %v1, %v2 : f64
        %v4 = arith.mulf %v3, %half : f64
        affine.store %v4, %A[%j - %k + 12, %k] : memref<40x40xf64>
        %v5 = affine.load %A[%j - %k + 12, %j - %k + 13] : memref<40x40xf64>
        %v6 = affine.load %A[-%i + %j + 14, %i + %k] : memref<40x40xf64>
        %v7 = arith.addf %v5, %v6 : f64
        %v8 = arith.mulf %v7, %half : f64
        affine.store %v8, %A[-%i + 13, -%i + %k + 12] : memref<40x40xf64>
        %v9 = affine.load %A[0, %k] : memref<40x40xf64>
        %v10 = affine.load %A[-%i + %j + 13, %k] : memref<40x40xf64>
        %v11 = arith.subf %v9, %v10 : f64
        %v12 = arith.mulf %v11, %half : f64
        affine.store %v12, %A[%j + 1, %k + 2] : memref<40x40xf64>
      }
    }
  }
  return
}
