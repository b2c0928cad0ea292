// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false tile-sizes=16 intra-tile-order=unit-stride min-parallel-work=0" | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false tile-sizes=16 parallel=false intra-tile-order=unit-stride" \
// RUN:   | FileCheck %s --check-prefix=SEQ
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false tile=false min-parallel-work=0" | FileCheck %s --check-prefix=NOTILE

// isl's scheduler keeps (i, j, k) as one permutable band with i and j coincident; the
// band is tiled by 16 and the outermost tile loop becomes affine.parallel. In the point
// band, j (unit stride on B and C, invariant for A) moves innermost: order i, k, j.
// CHECK-DAG:   #[[$LO:map[0-9]*]] = affine_map<(d0) -> (d0 * 16)>
// CHECK-DAG:   #[[$HI:map[0-9]*]] = affine_map<(d0) -> (d0 * 16 + 16)>
// CHECK-LABEL: func.func @matmul
// CHECK:       affine.parallel (%[[TI:.*]]) = (0) to (4) {
// CHECK-NEXT:    affine.for %[[TJ:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[TK:.*]] = 0 to 4 {
// CHECK-NEXT:        affine.for %[[I:.*]] = #[[$LO]](%[[TI]]) to #[[$HI]](%[[TI]]) {
// CHECK-NEXT:          affine.for %[[K:.*]] = #[[$LO]](%[[TK]]) to #[[$HI]](%[[TK]]) {
// CHECK-NEXT:            affine.for %[[J:.*]] = #[[$LO]](%[[TJ]]) to #[[$HI]](%[[TJ]]) {
// CHECK-NEXT:              affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK-NEXT:              affine.load %{{.*}}[%[[K]], %[[J]]]
// CHECK-NEXT:              affine.load %{{.*}}[%[[I]], %[[J]]]
// SEQ-LABEL:   func.func @matmul
// SEQ-NOT:     affine.parallel
// SEQ:         affine.for %{{.*}} = 0 to 4 {
// NOTILE-LABEL: func.func @matmul
// NOTILE:       affine.parallel (%{{.*}}) = (0) to (64) {
// NOTILE-NEXT:    affine.for %{{.*}} = 0 to 64 {
// NOTILE-NEXT:      affine.for %{{.*}} = 0 to 64 {
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}

// -----

// A Gauss-Seidel sweep: no loop of the original nest is parallel; the scheduler
// finds the wavefront (2t + i, t), whose inner loop is parallel.
// CHECK-LABEL: func.func @seidel_1d
// CHECK:       affine.for %[[W:.*]] = 1 to 93 {
// CHECK-NEXT:    affine.parallel (%[[T:.*]]) = (max((%[[W]] + 1) floordiv 2 - 31, 0)) to (min((%[[W]] + 1) floordiv 2, 16)) {
// CHECK-NEXT:      affine.load %{{.*}}[%[[W]] - %[[T]] * 2 - 1]
// SEQ-LABEL:   func.func @seidel_1d
// SEQ-NOT:     affine.parallel
func.func @seidel_1d(%A: memref<64xf64>) {
  affine.for %t = 0 to 16 {
    affine.for %i = 1 to 63 {
      %l = affine.load %A[%i - 1] : memref<64xf64>
      %c = affine.load %A[%i] : memref<64xf64>
      %r = affine.load %A[%i + 1] : memref<64xf64>
      %s = arith.addf %l, %c : f64
      %u = arith.addf %s, %r : f64
      affine.store %u, %A[%i] : memref<64xf64>
    }
  }
  return
}
