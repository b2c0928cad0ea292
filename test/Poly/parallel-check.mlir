// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true test-unchecked-mark=0" \
// RUN:   | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true test-unchecked-mark=0 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true test-unchecked-mark=0 assume-no-alias=false" \
// RUN:   | FileCheck %s --check-prefix=ALIAS
// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true test-unchecked-mark=0 assume-no-alias=false remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=ALIAS-REMARK
// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true test-unchecked-mark=1" \
// RUN:   | FileCheck %s --check-prefix=INNER

// The safety net of code generation: every loop generated parallel is checked against
// the SCoP's dependences in terms of the final AST, whatever put the mark there.
// `test-unchecked-mark=k` marks loop k of each band without looking at the
// dependences; a marked loop that carries one is generated as a sequential affine.for
// with a remark, and one that carries none stays parallel.

// The outer loop carries A[i - 1, j] -> A[i, j]: its mark is dropped. The inner one
// carries nothing and is marked legally (INNER).
// CHECK-LABEL: func.func @rows
// CHECK:       affine.for %{{.*}} = 1 to 64 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 64 {
// CHECK-NOT:   affine.parallel
// CHECK:       return
// REMARK: parallel-check.mlir:[[# @LINE + 6]]:3: remark: parallel mark dropped: the loop generated from the loop %i at [[@LINE+6]]:3 carries RAW from the store to %A at [[@LINE+9]]:7 to the load of %A at [[@LINE+8]]:12 (S0 -> S0), distance (1, 0); it is generated as a sequential affine.for
// INNER-LABEL: func.func @rows
// INNER:       affine.for %{{.*}} = 1 to 64 {
// INNER-NEXT:    affine.parallel (%{{.*}}) = (0) to (64) {
// ALIAS-REMARK: remark: parallel mark dropped: the loop generated from the loop %i at [[@LINE+2]]:3 carries RAW from the store to %A at [[@LINE+5]]:7 to the load of %A at [[@LINE+4]]:12 (S0 -> S0)
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

// A copy between two arguments: parallel when distinct memrefs never alias (the
// default of poly-transform); with assume-no-alias=false the arguments may alias and
// the mark is dropped, naming the dependence through aliasing.
// CHECK-LABEL: func.func @copy
// CHECK:       affine.parallel (%{{.*}}) = (0) to (64) {
// ALIAS-LABEL: func.func @copy
// ALIAS:       affine.for %{{.*}} = 0 to 64 {
// ALIAS-REMARK: parallel-check.mlir:[[# @LINE + 2]]:3: remark: parallel mark dropped: the loop generated from the loop %i at [[@LINE+2]]:3 carries WAR from the load of %B at [[@LINE+3]]:10 to the store to %A at [[@LINE+4]]:5 (S0 -> S0; %B and %A may alias: no llvm.noalias), distance ([1, 63]); it is generated as a sequential affine.for
func.func @copy(%A: memref<64xf32>, %B: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %B[%i] : memref<64xf32>
    affine.store %v, %A[%i] : memref<64xf32>
  }
  return
}

// -----

// A sum carried through iter_args: the loop carries the live range of the running
// value (a scalar cell while scheduled) and stays a sequential loop with iter_args.
// CHECK-LABEL: func.func @sum
// CHECK:       affine.for %{{.*}} = 0 to 64 iter_args(
// CHECK-NOT:   affine.parallel
// REMARK: parallel-check.mlir:[[# @LINE + 4]]:8: remark: parallel mark dropped: the loop generated from the loop %i at [[@LINE+4]]:8 carries the live range of a scalar value (%acc); it is generated as a sequential affine.for
// ALIAS-REMARK: parallel mark dropped: the loop generated from the loop %i at [[@LINE+3]]:8 carries the live range of a scalar value (%acc)
func.func @sum(%A: memref<64xf32>, %out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> f32 {
    %v = affine.load %A[%i] : memref<64xf32>
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[] : memref<f32>
  return
}
