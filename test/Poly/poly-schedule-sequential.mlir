// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false remarks=true" 2>&1 | FileCheck %s

// Compile time: an accumulator threaded through the whole nest (a checksum) orders
// every iteration, so program order is the only legal schedule: the nest is left
// alone with a remark instead of being rescheduled (isl would rebuild the same order
// as one linearized loop).

// CHECK: remark: not transformed: kept in program order, the only legal one: the values the loops carry order every iteration (a sequential reduction)
// CHECK-NOT: remark:

// CHECK-LABEL: func.func @checksum
// CHECK:       %[[S:.*]] = affine.for %[[I:.*]] = 0 to 32 iter_args(%[[A:.*]] = %{{.*}}) -> (f64) {
// CHECK-NEXT:    %[[R:.*]] = affine.for %[[J:.*]] = 0 to 16 iter_args(%[[B:.*]] = %[[A]]) -> (f64) {
// CHECK-NEXT:      %[[V:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:      %[[N:.*]] = arith.addf %[[B]], %[[V]] : f64
// CHECK-NEXT:      affine.yield %[[N]] : f64
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.yield %[[R]] : f64
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[S]] : f64
func.func @checksum(%A: memref<32x16xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to 32 iter_args(%a = %z) -> (f64) {
    %r = affine.for %j = 0 to 16 iter_args(%b = %a) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<32x16xf64>
      %n = arith.addf %b, %v : f64
      affine.yield %n : f64
    }
    affine.yield %r : f64
  }
  return %s : f64
}

// -----

// CHECK-NOT: remark:
// One accumulator per row: the rows are independent, so the nest is rescheduled
// (the row loop becomes parallel).
// CHECK-LABEL: func.func @row_sums
// CHECK:       affine.parallel
// CHECK:         affine.for %{{.*}} = 0 to 16 iter_args(
func.func @row_sums(%A: memref<32x16xf64>, %R: memref<32xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to 32 {
    %r = affine.for %j = 0 to 16 iter_args(%b = %z) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<32x16xf64>
      %n = arith.addf %b, %v : f64
      affine.yield %n : f64
    }
    affine.store %r, %R[%i] : memref<32xf64>
  }
  return
}
