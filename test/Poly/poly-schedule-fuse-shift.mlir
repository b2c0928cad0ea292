// RUN: lattice opt %s --poly-schedule="order-cost=false fuse=max parallel=false" | FileCheck %s
// RUN: lattice opt %s --poly-schedule="order-cost=false fuse=max" | FileCheck %s --check-prefix=PAR

// Producer-consumer fusion with a shift: C[i] reads B[i-1] and B[i+1], so isl's
// scheduler (fuse=max) fuses the consumer one iteration late (C[i-1] at i, guarded
// for i >= 2): legal by construction, every read of B follows its write.
// CHECK:       #[[$S:set[0-9]*]] = affine_set<(d0) : (d0 - 2 >= 0)>
// CHECK-LABEL: func.func @shift
// CHECK:       affine.for %[[I:.*]] = 0 to 64 {
// CHECK:         affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT:    affine.if #[[$S]](%[[I]]) {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]] - 2]
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]]]
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]] - 1]
// CHECK-NOT:   affine.for
// With parallel=true the fused loop would carry the dependence, so isl keeps two
// parallel loops (outer parallelism is maximized first).
// PAR-LABEL:   func.func @shift
// PAR:         affine.parallel (%{{.*}}) = (0) to (64) {
// PAR:         affine.parallel (%{{.*}}) = (1) to (63) {
func.func @shift(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %m = arith.mulf %a, %a : f64
    affine.store %m, %B[%i] : memref<64xf64>
  }
  affine.for %i = 1 to 63 {
    %l = affine.load %B[%i - 1] : memref<64xf64>
    %r = affine.load %B[%i + 1] : memref<64xf64>
    %s = arith.addf %l, %r : f64
    affine.store %s, %C[%i] : memref<64xf64>
  }
  return
}
