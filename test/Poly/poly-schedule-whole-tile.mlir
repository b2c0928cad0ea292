// RUN: lattice opt %s --poly-schedule="order-cost=false fuse=smart intra-tile-order=unit-stride parallel=true tile-sizes=16,8 min-parallel-work=0" | FileCheck %s
// RUN: lattice opt %s --poly-schedule="order-cost=false parallel=true tile-sizes=16,8 min-parallel-work=0" | FileCheck %s --check-prefix=ISL

// poly-schedule with a tile size equal to the trip count (what `lattice tune` passes
// for an untiled dimension, `t=0,...`): the tile member of that dimension takes one
// value, so isl's AST has no loop for it. The parallel mark must not be put above it:
// it would land on the next generated loop, here the tile loop of the reduction
// dimension, which carries the accumulation into x[i] / w[i] (a data race: gemver
// 1536 with `t=0,512 p=1 sched=smart/unit-stride` printed 6.72655e+12, not 6.73041e+12).
// The reduction tile loops stay sequential; the parallel loop is the one over i.

// CHECK-LABEL: func.func @gemver_xw
// CHECK:       affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:    affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #{{.*}}(%{{.*}}) {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (0) to (16) {
// CHECK:       affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:    affine.parallel (%{{.*}}) = (0) to (16) {
// CHECK-NEXT:      affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #{{.*}}(%{{.*}}) {
// CHECK-NOT:   affine.parallel
// CHECK:       return

// ISL-LABEL: func.func @gemver_xw
// ISL:       affine.for %{{.*}} = 0 to 2 {
// ISL-NEXT:    affine.parallel (%{{.*}}) = (0) to (16) {
// ISL-NEXT:      affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #{{.*}}(%{{.*}}) {
// ISL:       affine.for %{{.*}} = 0 to 2 {
// ISL-NEXT:    affine.parallel (%{{.*}}) = (0) to (16) {
// ISL-NEXT:      affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #{{.*}}(%{{.*}}) {
// ISL-NOT:   affine.parallel
// ISL:       return
func.func @gemver_xw(%alpha: f64, %beta: f64, %A: memref<16x16xf64>, %w: memref<16xf64>,
                     %x: memref<16xf64>, %y: memref<16xf64>) {
  // x[i] += beta * A[j][i] * y[j]: j carries the accumulation.
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %xi = affine.load %x[%i] : memref<16xf64>
      %aji = affine.load %A[%j, %i] : memref<16x16xf64>
      %yj = affine.load %y[%j] : memref<16xf64>
      %t = arith.mulf %beta, %aji : f64
      %p = arith.mulf %t, %yj : f64
      %s = arith.addf %xi, %p : f64
      affine.store %s, %x[%i] : memref<16xf64>
    }
  }
  // w[i] += alpha * A[i][j] * x[j]: j carries the accumulation.
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %wi = affine.load %w[%i] : memref<16xf64>
      %aij = affine.load %A[%i, %j] : memref<16x16xf64>
      %xj = affine.load %x[%j] : memref<16xf64>
      %t = arith.mulf %alpha, %aij : f64
      %p = arith.mulf %t, %xj : f64
      %s = arith.addf %wi, %p : f64
      affine.store %s, %w[%i] : memref<16xf64>
    }
  }
  return
}
