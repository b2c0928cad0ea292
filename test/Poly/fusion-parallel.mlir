// RUN: lattice opt %s --split-input-file --affine-loop-fusion | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-loop-fusion="mode=sibling" | FileCheck %s --check-prefix=SIB

// affine-loop-fusion without `maximal` fuses nests whose outer loops have the same
// bounds, affine.parallel or affine.for alike (mlir-opt 22's fusion skips
// affine.parallel: it leaves all of these alone). The fused loop stays parallel where
// both were and it carries no dependence.

// CHECK-LABEL: func.func @pp
// CHECK:         affine.parallel (%[[I:.*]]) = (0) to (64) {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// SIB-LABEL: func.func @pp
// SIB-COUNT-2:   affine.parallel
func.func @pp(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %A[%i] : memref<64xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %B[%i] : memref<64xf32>
  }
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %B[%i] : memref<64xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %C[%i] : memref<64xf32>
  }
  return
}

// -----

// An affine.for and a 1-D affine.parallel with the same bounds: one affine.for.
// CHECK-LABEL: func.func @fp
// CHECK:         affine.for %{{.*}} = 0 to 64 {
// CHECK-COUNT-2:   affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @fp(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    %v = affine.load %B[%i] : memref<64xf32>
    %b = arith.addf %a, %v : f32
    affine.store %b, %B[%i] : memref<64xf32>
  }
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %B[%i] : memref<64xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %C[%i] : memref<64xf32>
  }
  return
}

// -----

// Two 2-D affine.parallel sibling nests reading A, the same outer bounds (first group
// of each bounds map, symbolic): fused as deep as legal, both dimensions parallel.
// CHECK-LABEL: func.func @siblings2d
// CHECK:         affine.parallel (%[[I:.*]]) = (0) to (symbol(%{{.*}})) {
// CHECK-NEXT:      affine.parallel (%[[J:.*]]) = (0) to (32) {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:             affine.store
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:             affine.store
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// SIB-LABEL: func.func @siblings2d
// SIB:           affine.parallel (%{{.*}}) = (0) to (symbol(%{{.*}})) {
// SIB-NEXT:        affine.parallel (%{{.*}}) = (0) to (32) {
// SIB-COUNT-2:       affine.store
// SIB-NEXT:        }
// SIB-NEXT:      }
// SIB-NEXT:      return
func.func @siblings2d(%A: memref<?x32xf32>, %B: memref<?x32xf32>, %C: memref<?x32xf32>, %n: index) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), 32) {
    %a = affine.load %A[%i, %j] : memref<?x32xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %B[%i, %j] : memref<?x32xf32>
  }
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), 32) {
    %a = affine.load %A[%i, %j] : memref<?x32xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %C[%i, %j] : memref<?x32xf32>
  }
  return
}

// -----

// Different outer bounds (or steps): not fused without `maximal`.
// CHECK-LABEL: func.func @different
// CHECK:         affine.parallel (%{{.*}}) = (0) to (64) {
// CHECK:         affine.parallel (%{{.*}}) = (0) to (64) step (2) {
// CHECK:         affine.parallel (%{{.*}}) = (0) to (32) {
func.func @different(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
  }
  affine.parallel (%i) = (0) to (64) step (2) {
    %a = affine.load %B[%i] : memref<64xf32>
    affine.store %a, %C[%i] : memref<64xf32>
  }
  affine.parallel (%i) = (0) to (32) {
    %a = affine.load %C[%i] : memref<64xf32>
    affine.store %a, %A[%i] : memref<64xf32>
  }
  return
}
