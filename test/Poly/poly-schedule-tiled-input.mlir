// RUN: lattice opt %s --affine-loop-tile=tile-size=32 --poly-schedule="order-cost=false remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --affine-loop-tile=tile-size=32 --poly-schedule=order-cost=false | FileCheck %s
// RUN: lattice opt %s --poly-schedule=order-cost=false | FileCheck %s

// poly-schedule on already-tiled code (here lu after affine-loop-tile) decides as on
// the original: the division loop of each step runs 127 regions of at most 127
// instances, too short to be parallel. The instance bound is a bounding box; the old
// tile loop `32 * floor(k / 32)`, which the point loop `k` determines, is left out of
// it (before, it multiplied the box by 97: "at most 12319 instances", and the short
// loop became an affine.parallel).
// REMARK: remark: not parallel (short regions): coincident member 0 (%i) of the band of the statement of the store to %A at [[# @LINE + 13]]:7 (S1) lies inside a sequential loop: 127 parallel regions of at most 127 instances each on average

// CHECK-LABEL: func.func @lu
// CHECK:         affine.for %[[K:.*]] = 0 to 128 {
// CHECK:           affine.for %{{.*}} = #{{.*}}(%[[K]]) to 128 {
// CHECK:             arith.divf
// CHECK-NOT:     affine.parallel
func.func @lu(%A: memref<128x128xf64> {llvm.noalias}) {
  affine.for %k = 0 to 128 {
    %piv = affine.load %A[%k, %k] : memref<128x128xf64>
    affine.for %i = affine_map<(d0) -> (d0 + 1)>(%k) to 128 {
      %a = affine.load %A[%i, %k] : memref<128x128xf64>
      %l = arith.divf %a, %piv : f64
      affine.store %l, %A[%i, %k] : memref<128x128xf64>
    }
    affine.for %i = affine_map<(d0) -> (d0 + 1)>(%k) to 128 {
      affine.for %j = affine_map<(d0) -> (d0 + 1)>(%k) to 128 {
        %aij = affine.load %A[%i, %j] : memref<128x128xf64>
        %aik = affine.load %A[%i, %k] : memref<128x128xf64>
        %akj = affine.load %A[%k, %j] : memref<128x128xf64>
        %p = arith.mulf %aik, %akj : f64
        %s = arith.subf %aij, %p : f64
        affine.store %s, %A[%i, %j] : memref<128x128xf64>
      }
    }
  }
  return
}
