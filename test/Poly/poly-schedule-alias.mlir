// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false assume-no-alias=false" | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false assume-no-alias=false parallel-reductions=true" \
// RUN:   | FileCheck %s --check-prefix=RED
// RUN: lattice opt %s --split-input-file --poly-schedule=order-cost=false | FileCheck %s --check-prefix=NOALIAS
// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true assume-no-alias=false" \
// RUN:   | FileCheck %s --check-prefix=TRANSFORM

// poly-schedule{assume-no-alias=false}: function arguments of one element type may be
// one buffer, so a loop writing one and reading another carries a dependence through
// the shared memory (here A[i] = B[i + 1] with A == B reads what iteration i + 1
// overwrites): the scheduler gets those dependences as validity and coincidence
// constraints, and the loop stays sequential. Under the default (distinct memrefs never
// alias) the loop is parallel. The @*_aliased callers run the functions on one buffer
// (the differential test calls them).

// CHECK-LABEL: func.func @shift(
// CHECK-NOT:     affine.parallel
// CHECK:         affine.for
// CHECK-NOT:     affine.parallel
// CHECK-LABEL: func.func @shift_aliased
// TRANSFORM-LABEL: func.func @shift(
// TRANSFORM-NOT:   affine.parallel
// TRANSFORM-LABEL: func.func @shift_aliased
// NOALIAS-LABEL: func.func @shift(
// NOALIAS:       affine.parallel
func.func @shift(%A: memref<65xf32>, %B: memref<65xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %B[%i + 1] : memref<65xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %A[%i] : memref<65xf32>
  }
  return
}
func.func @shift_aliased(%A: memref<65xf32>) {
  func.call @shift(%A, %A) : (memref<65xf32>, memref<65xf32>) -> ()
  return
}

// -----

// Two dimensions: with A == B, iteration (i, j) reads what (i + 1, j) writes later, so
// neither loop is parallel under aliasing (nothing is known of the buffers' offsets).
// CHECK-LABEL: func.func @shift2(
// CHECK-NOT:     affine.parallel
// CHECK:         affine.for
// CHECK:         affine.for
// CHECK-NOT:     affine.parallel
// CHECK-LABEL: func.func @shift2_aliased
// NOALIAS-LABEL: func.func @shift2(
// NOALIAS:       affine.parallel
func.func @shift2(%A: memref<17x16xf32>, %B: memref<17x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %B[%i + 1, %j] : memref<17x16xf32>
      affine.store %v, %A[%i, %j] : memref<17x16xf32>
    }
  }
  return
}
func.func @shift2_aliased(%A: memref<17x16xf32>) {
  func.call @shift2(%A, %A) : (memref<17x16xf32>, memref<17x16xf32>) -> ()
  return
}

// -----

// A reduction next to a write of another argument: with A == B the writes of A feed
// later reads of B, so the loop carries more than the accumulation and no reduce
// loop is made.
// RED-LABEL: func.func @sum_and_copy(
// RED-NOT:     affine.parallel
// RED:         affine.for
// RED-NOT:     affine.parallel
// RED-LABEL: func.func @sum_and_copy_aliased
func.func @sum_and_copy(%A: memref<65xf32>, %B: memref<65xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %B[%i] : memref<65xf32>
    affine.store %v, %A[%i + 1] : memref<65xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  return %s : f32
}
func.func @sum_and_copy_aliased(%A: memref<65xf32>) -> f32 {
  %s = func.call @sum_and_copy(%A, %A) : (memref<65xf32>, memref<65xf32>) -> f32
  return %s : f32
}
