// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --parallel-order=reverse --poly-transform="parallel=true" | FileCheck %s --check-prefix=OUT
// RUN: lattice opt %s --poly-transform="parallel=true" | FileCheck %s
// RUN: lattice opt %s --poly-transform="parallel=true remarks=true" 2>&1 >/dev/null | count 0
// RUN: lattice opt %s --poly-transform="parallel=true" --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STAT

// Where a parallel mark lands when isl splits the marked member's range into pieces.
// In both kernels i is the marked member: its first statement runs at i == 0 only, the
// second at 1 <= i < 64, so the ranges do not overlap and isl generates one piece per
// statement even for an atomic member. The piece i == 0 has no i loop; its first loop is
// j, a deeper member. The mark makes parallel only loops generated from i: the piece
// i >= 1 gets an affine.parallel, and j in the piece i == 0 stays a sequential
// affine.for, as it is scheduled. (Before, the mark landed on that j: an affine.parallel
// in @point, where j is free, and a loop the safety net had to drop, with a remark, in
// @carry, where j carries B[j] -> B[j + 1].) The run in reverse parallel order (the race
// detector) prints what program order prints.

// OUT: 0.5
// OUT-NEXT: 10.5
// OUT-NEXT: 189
// OUT-NEXT: 13.5

// CHECK-LABEL: func.func @point
// CHECK:         affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[J]], 0]
// CHECK:         affine.parallel (%[[I:.*]]) = (1) to (64) {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 64 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %{{.*}}]
// CHECK:         return
func.func @point(%A: memref<64x64xf64>, %B: memref<64x65xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i = 0 to 64 {
    affine.if affine_set<(d0) : (d0 == 0)>(%i) {
      affine.for %j = 0 to 64 {
        %v = affine.load %B[%j, 0] : memref<64x65xf64>
        %h = arith.mulf %v, %half : f64
        affine.store %h, %B[%j, 1] : memref<64x65xf64>
      }
    }
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {
      affine.for %j = 0 to 64 {
        %v = affine.load %A[%i, %j] : memref<64x64xf64>
        %h = arith.mulf %v, %half : f64
        affine.store %h, %A[%i, %j] : memref<64x64xf64>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @carry
// CHECK:         affine.for %[[J:.*]] = 0 to 63 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[J]]]
// CHECK:         affine.parallel (%[[I:.*]]) = (1) to (64) {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 64 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %{{.*}}]
// CHECK:         return
// STAT: (S) 0 num-parallel-marks-dropped
func.func @carry(%A: memref<64x64xf64>, %B: memref<64xf64>) {
  %three = arith.constant 3.0 : f64
  affine.for %i = 0 to 64 {
    affine.if affine_set<(d0) : (d0 == 0)>(%i) {
      affine.for %j = 0 to 63 {
        %v = affine.load %B[%j] : memref<64xf64>
        %h = arith.addf %v, %three : f64
        affine.store %h, %B[%j + 1] : memref<64xf64>
      }
    }
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {
      affine.for %j = 0 to 64 {
        %v = affine.load %A[%i, %j] : memref<64x64xf64>
        %h = arith.addf %v, %three : f64
        affine.store %h, %A[%i, %j] : memref<64x64xf64>
      }
    }
  }
  return
}

func.func private @printF64(f64)
func.func private @printNewline()

func.func @show(%v: f64) {
  func.call @printF64(%v) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %A = memref.alloc() : memref<64x64xf64>
  %B = memref.alloc() : memref<64x65xf64>
  %C = memref.alloc() : memref<64xf64>
  affine.for %i = 0 to 64 {
    %x = arith.index_cast %i : index to i64
    %f = arith.sitofp %x : i64 to f64
    affine.store %f, %C[%i] : memref<64xf64>
    affine.for %j = 0 to 64 {
      %p = arith.addi %i, %j : index
      %y = arith.index_cast %p : index to i64
      %g = arith.sitofp %y : i64 to f64
      affine.store %g, %A[%i, %j] : memref<64x64xf64>
      affine.store %g, %B[%i, %j] : memref<64x65xf64>
    }
  }
  func.call @point(%A, %B) : (memref<64x64xf64>, memref<64x65xf64>) -> ()
  %b = affine.load %B[1, 1] : memref<64x65xf64>
  func.call @show(%b) : (f64) -> ()
  %a = affine.load %A[7, 14] : memref<64x64xf64>
  func.call @show(%a) : (f64) -> ()
  func.call @carry(%A, %C) : (memref<64x64xf64>, memref<64xf64>) -> ()
  %c = affine.load %C[63] : memref<64xf64>
  func.call @show(%c) : (f64) -> ()
  %a2 = affine.load %A[7, 14] : memref<64x64xf64>
  func.call @show(%a2) : (f64) -> ()
  memref.dealloc %A : memref<64x64xf64>
  memref.dealloc %B : memref<64x65xf64>
  memref.dealloc %C : memref<64xf64>
  return
}
