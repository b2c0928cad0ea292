// RUN: lattice opt %s --poly-schedule="order-cost=false remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule=order-cost=false | FileCheck %s
// RUN: lattice opt %s --poly-schedule="order-cost=false parallel=false" | FileCheck %s

// Floyd-Warshall's (i, j) band carries dependences at i == k and j == k only, so isl's
// outer-coincidence search skews it into (i + j, i) to get a parallel loop: one short
// parallel region per wavefront and per k (18x slower than program order). The schedule
// without coincidence maximization needs no skew and is kept; its permutable (i, j)
// band, under the sequential k loop, gets no wavefront either.

// REMARK: remark: kept an unskewed schedule: maximizing outer parallelism skews the statement of the store to %path at [[@LINE+20]]:9 (S0): time dimension 1 follows the loop %i at [[@LINE+12]]:5 and the loop %j at [[@LINE+13]]:7 (i1 and i2); a parallel loop obtained by skewing
// REMARK: remark: no wavefront for the permutable band of the statement of the store to %path at [[@LINE+19]]:9 (S0): {{[0-9]+}} parallel regions of at most {{[0-9]+}} instances each on average (min-parallel-work=32768); the band stays in order

// CHECK-LABEL: func.func @floyd
// CHECK-NOT:   affine.parallel
// CHECK:       affine.for %[[K:.*]] = 0 to 64 {
// CHECK-NOT:   affine.parallel
// CHECK:       affine.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x64xi32>
// CHECK-NOT:   affine.parallel
// CHECK:       return
func.func @floyd(%path: memref<64x64xi32> {llvm.noalias}) {
  affine.for %k = 0 to 64 {
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 64 {
        %ij = affine.load %path[%i, %j] : memref<64x64xi32>
        %ik = affine.load %path[%i, %k] : memref<64x64xi32>
        %kj = affine.load %path[%k, %j] : memref<64x64xi32>
        %via = arith.addi %ik, %kj : i32
        %lt = arith.cmpi slt, %ij, %via : i32
        %m = arith.select %lt, %ij, %via : i32
        affine.store %m, %path[%i, %j] : memref<64x64xi32>
      }
    }
  }
  return
}
