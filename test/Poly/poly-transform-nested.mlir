// RUN: lattice opt %s --split-input-file --poly-transform="permute=1,0 nested=true" | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-transform="parallel nested=true" | FileCheck %s --check-prefix=PAR
// RUN: lattice opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(func.func(poly-transform{permute=1,0 nested=true emit-remarks=true}))"

// With nested=true, poly-transform works on the bands below sequences: here the (j, k)
// band inside the i loop of an imperfect nest is interchanged, the outer loop and the
// statement before the band stay as they are.
// CHECK-LABEL: func.func @imperfect
// CHECK:       affine.for %[[I:.*]] = 0 to 32 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
// CHECK:         affine.store
// CHECK-NEXT:    affine.for %[[K:.*]] = 0 to 16 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 24 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]], %[[K]]]
// The inner band's first loop is dependence-free: it becomes affine.parallel.
// PAR-LABEL:   func.func @imperfect
// PAR:         affine.for %[[I:.*]] = 0 to 32 {
// PAR:           affine.parallel (%{{.*}}) = (0) to (24) {
// PAR-NEXT:        affine.for %{{.*}} = 0 to 16 {
func.func @imperfect(%A: memref<32x24x16xf64>, %B: memref<32xf64>) {
  affine.for %i = 0 to 32 {
    %x = affine.load %B[%i] : memref<32xf64>
    %y = arith.mulf %x, %x : f64
    affine.store %y, %B[%i] : memref<32xf64>
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %j, %k] : memref<32x24x16xf64>
        %c = arith.addf %a, %y : f64
        affine.store %c, %A[%i, %j, %k] : memref<32x24x16xf64>
      }
    }
  }
  return
}

// -----

// A (1, -1) dependence inside the nested band forbids the interchange: refused, with
// the dependence named.
// CHECK-LABEL: func.func @nested_skewed
// CHECK:       affine.for %{{.*}} = 0 to 8 {
// CHECK:         affine.for %[[I:.*]] = 1 to 32 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 31 {
func.func @nested_skewed(%A: memref<32x32xf64>, %T: memref<8xf64>) {
  affine.for %t = 0 to 8 {
    %s = affine.load %T[%t] : memref<8xf64>
    affine.store %s, %T[%t] : memref<8xf64>
    // expected-remark@+1 {{not permuted: the new order would violate the dependence}}
    affine.for %i = 1 to 32 {
      affine.for %j = 0 to 31 {
        %a = affine.load %A[%i - 1, %j + 1] : memref<32x32xf64>
        affine.store %a, %A[%i, %j] : memref<32x32xf64>
      }
    }
  }
  return
}
