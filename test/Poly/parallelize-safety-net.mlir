// RUN: lattice opt %s --affine-parallelize="parallel-reductions=true" | FileCheck %s
// RUN: lattice opt %s --affine-parallelize="parallel-reductions=true test-unchecked=true" \
// RUN:   | FileCheck %s
// RUN: lattice opt %s --split-input-file \
// RUN:   --affine-parallelize="parallel-reductions=true test-unchecked=true remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --affine-parallelize="parallel-reductions=true test-unchecked=true" \
// RUN:   --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STAT
// RUN: lattice opt %s --affine-parallelize="parallel-reductions=true" \
// RUN:   --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STAT0

// affine-parallelize converts loops in place (no AST generation), and every loop its
// own check would convert goes through the safety net of code generation once more
// (polyhedral/src/parallel_check.rs): the loop's instances are mapped to the values of
// the enclosing loops and its own, and a loop that carries a dependence stays a
// sequential affine.for with a remark and the statistic num-parallel-marks-dropped.
// `test-unchecked=true` skips the pass's own check: the output must not change (the net
// alone keeps the same loops sequential), and the net says why. (The statistics count
// the whole file; it is split into chunks only where remarks are printed, in order.)

// STAT:  AffineParallelize
// STAT:    (S) 4 num-parallel-marks-dropped
// STAT0: AffineParallelize
// STAT0:   (S) 0 num-parallel-marks-dropped

// The outer loop carries A[i - 1, j] -> A[i, j]; the inner one nothing.
// CHECK-LABEL: func.func @rows
// CHECK:         affine.for %{{.*}} = 1 to 64 {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (0) to (64) {
// REMARK: parallelize-safety-net.mlir:[[# @LINE + 2]]:3: remark: parallel mark dropped: the loop %i at [[@LINE+2]]:3 carries RAW from the store to %A at [[@LINE+5]]:7 to the load of %A at [[@LINE+4]]:12 (S0 -> S0), distance (1, 0); it stays a sequential affine.for
func.func @rows(%A: memref<64x64xf32>) {
  affine.for %i = 1 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%i - 1, %j] : memref<64x64xf32>
      affine.store %v, %A[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// -----

// A copy between arguments that may alias (the pass's default): the net names the
// dependence through aliasing.
// CHECK-LABEL: func.func @copy
// CHECK:         affine.for %{{.*}} = 0 to 64 {
// REMARK: parallelize-safety-net.mlir:[[# @LINE + 2]]:3: remark: parallel mark dropped: the loop %i at [[@LINE+2]]:3 carries WAR from the load of %B at [[@LINE+3]]:10 to the store to %A at [[@LINE+4]]:5 (S0 -> S0; %B and %A may alias: no llvm.noalias), distance ([1, 63]); it stays a sequential affine.for
func.func @copy(%A: memref<64xf32>, %B: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %B[%i] : memref<64xf32>
    affine.store %v, %A[%i] : memref<64xf32>
  }
  return
}

// -----

// A reduction loop may carry its own running value, not a memory dependence.
// CHECK-LABEL: func.func @sum_and_shift
// CHECK:         affine.for %{{.*}} = 0 to 64 iter_args(
// REMARK: parallelize-safety-net.mlir:[[# @LINE + 3]]:8: remark: parallel mark dropped: the loop %i at [[@LINE+3]]:8 carries RAW from the store to %A at [[@LINE+5]]:5 to the load of %A at [[@LINE+4]]:10 (S0 -> S0), distance (1); it stays a sequential affine.for
func.func @sum_and_shift(%A: memref<65xf32>, %out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> f32 {
    %v = affine.load %A[%i] : memref<65xf32>
    affine.store %v, %A[%i + 1] : memref<65xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[] : memref<f32>
  return
}

// -----

// Reductions the net lets through: a plain sum, and an inner sum whose init is the
// outer loop's running value (that value's cell looks carried by the inner loop to a
// memory-based analysis; the net counts it by its live range).
// CHECK-LABEL: func.func @sums
// CHECK:         affine.parallel (%{{.*}}) = (0) to (64) reduce ("addf") -> (f32) {
// CHECK:         affine.for %{{.*}} = 0 to 8 iter_args(
// CHECK:           affine.parallel (%{{.*}}) = (0) to (8) reduce ("addf") -> (f32) {
func.func @sums(%A: memref<64xf32>, %B: memref<8x8xf32>, %out: memref<2xf32>) {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> f32 {
    %v = affine.load %A[%i] : memref<64xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<2xf32>
  %r = affine.for %i = 0 to 8 iter_args(%acc = %zero) -> f32 {
    %t = affine.for %j = 0 to 8 iter_args(%a2 = %acc) -> f32 {
      %v = affine.load %B[%i, %j] : memref<8x8xf32>
      %n = arith.addf %a2, %v : f32
      affine.yield %n : f32
    }
    affine.yield %t : f32
  }
  affine.store %r, %out[1] : memref<2xf32>
  return
}

// -----

// Row sums into a second argument that may alias the first: the net names the aliasing
// dependence of the outer loop; the inner reduction is parallel.
// CHECK-LABEL: func.func @row_sums
// CHECK:         affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (0) to (8) reduce ("addf") -> (f32) {
// REMARK: parallelize-safety-net.mlir:[[# @LINE + 4]]:3: remark: parallel mark dropped: the loop %i at [[@LINE+4]]:3 carries WAR from the load of %A at [[@LINE+6]]:12 to the store to %B at [[@LINE+10]]:5 (S0 -> S1; %A and %B may alias: no llvm.noalias), distance ([1, 7]); it stays a sequential affine.for
// REMARK-NOT: parallel mark dropped
func.func @row_sums(%A: memref<8x8xf32>, %B: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    %t = affine.for %j = 0 to 8 iter_args(%a2 = %zero) -> f32 {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      %n = arith.addf %a2, %v : f32
      affine.yield %n : f32
    }
    affine.store %t, %B[%i] : memref<8xf32>
  }
  return
}
