// RUN: lattice opt %s --affine-expand-index-ops | FileCheck %s

// Index ops whose results index an affine access are expanded into `affine.apply`, which
// keeps them valid dimensions; `arith` results (upstream's lowering) would not be.

// CHECK-LABEL: func.func @in_loop
//       CHECK:   affine.for %[[I:.*]] = 0 to 64 {
//       CHECK:     %[[Q:.*]] = affine.apply #{{.*}}(%[[I]])
//       CHECK:     %[[L:.*]] = affine.apply #{{.*}}(%[[I]], %[[I]])[%{{.*}}]
//       CHECK:     affine.store %[[L]], %{{.*}}[%[[Q]]] : memref<64xindex>
//   CHECK-NOT: arith.
func.func @in_loop(%m: memref<64xindex>, %n: index) {
  affine.for %i = 0 to 64 {
    %0:2 = affine.delinearize_index %i into (8, 8) : index, index
    %1 = affine.linearize_index disjoint [%0#1, %i, %n] by (8, %n, 4) : index
    affine.store %1, %m[%0#0] : memref<64xindex>
  }
  return
}

// A chain: the delinearized values reach the access through a linearize.
// CHECK-LABEL: func.func @chain
//       CHECK:   affine.for %[[I:.*]] = 0 to 64
//  CHECK-NEXT:     %[[L:.*]] = affine.apply #{{.*}}(%[[I]])
//  CHECK-NEXT:     affine.load %{{.*}}[%[[L]]]
func.func @chain(%m: memref<64xf32>) -> f32 {
  %c = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 64 iter_args(%a = %c) -> f32 {
    %0:2 = affine.delinearize_index %i into (8, 8) : index, index
    %1 = affine.linearize_index [%0#1, %0#0] by (8, 8) : index
    %v = affine.load %m[%1] : memref<64xf32>
    %s = arith.addf %a, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// Results used only outside affine ops keep upstream's `arith` lowering.
// CHECK-LABEL: func.func @plain
//       CHECK:   arith.floordivsi
func.func @plain(%x: index) -> (index, index) {
  %0:2 = affine.delinearize_index %x into (8, 8) : index, index
  return %0#0, %0#1 : index, index
}
