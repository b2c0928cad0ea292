// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=64 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=64" | FileCheck %s
// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=64 min-parallel-work=100000 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=SHORT-REMARK
// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=64 min-parallel-work=100000" | FileCheck %s --check-prefix=SHORT

// A wavefront inside a sequential loop is decided by the work per parallel region,
// not refused outright. Floyd-Warshall's permutable (i, j) band, tiled 64 x 64, under
// a k loop of 2 iterations: 2 x 63 wavefronts of up to 32 tiles, about 66K instances
// per region, at least min-parallel-work (32768 by default): the tile band becomes a
// wavefront with a parallel inner member. With min-parallel-work=100000 the regions
// are too short and the band stays in order (test/Poly/poly-schedule-no-skew.mlir:
// Floyd-Warshall with 64 k iterations over a 64 x 64 band gets no wavefront either).

// REMARK-NOT: remark: no wavefront

// CHECK-LABEL: func.func @floyd_two_steps
// CHECK:       affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:    affine.for %[[W:.*]] = 0 to 63 {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (max(%[[W]] - 31, 0)) to (min(%[[W]] + 1, 32)) {

// SHORT-REMARK: remark: no wavefront for the permutable band of the statement of the store to %path at [[@LINE+15]]:9 (S0): 126 parallel regions of at most 66576 instances each on average (min-parallel-work=100000); the band stays in order

// SHORT-LABEL: func.func @floyd_two_steps
// SHORT-NOT:   affine.parallel
// SHORT:       return
func.func @floyd_two_steps(%path: memref<2048x2048xi32> {llvm.noalias}) {
  affine.for %k = 0 to 2 {
    affine.for %i = 0 to 2048 {
      affine.for %j = 0 to 2048 {
        %ij = affine.load %path[%i, %j] : memref<2048x2048xi32>
        %ik = affine.load %path[%i, %k] : memref<2048x2048xi32>
        %kj = affine.load %path[%k, %j] : memref<2048x2048xi32>
        %via = arith.addi %ik, %kj : i32
        %lt = arith.cmpi slt, %ij, %via : i32
        %m = arith.select %lt, %ij, %via : i32
        affine.store %m, %path[%i, %j] : memref<2048x2048xi32>
      }
    }
  }
  return
}
