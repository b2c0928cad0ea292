// RUN: lattice opt %s --poly-schedule="order-cost=false remarks=true min-parallel-work=0 cache-size=32768 l2-cache-size=1048576" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule="order-cost=false min-parallel-work=0 cache-size=32768 l2-cache-size=1048576" | FileCheck %s
// RUN: lattice opt %s --poly-schedule="order-cost=false parallel=false cache-size=32768 l2-cache-size=1048576" | FileCheck %s --check-prefix=SEQ

// lu's update band (i, j) sits inside the sequential k loop. Measured with the k loop
// fixed, one step of j moves A[i][j] and A[k][j] by one element (unit stride, j stays
// whole for the vectorizer) and two iterations of i touch two rows of A plus row k,
// which fits L1 untiled: tiling would gain no reuse (it made lu 1.4-1.6x slower by
// cutting the rows short), so the model leaves the band untiled and says why.
// REMARK: remark: not tiled (model): no reuse needs a smaller tile (the reuse each member carries fits the 32768 B budget untiled), trip counts [127, 127]; %i: whole, %j: innermost, parallel, unit stride: whole
// CHECK-LABEL: func.func @lu
// CHECK:       affine.for %[[K:.*]] = 0 to 128 {
// CHECK:         affine.parallel (%{{.*}}) = (%[[K]] + 1) to (128) {
// CHECK:         affine.parallel (%{{.*}}) = (%[[K]] + 1) to (128) {
// CHECK-NEXT:      affine.for %{{.*}} = #{{.*}}(%[[K]]) to 128 {
// CHECK-NEXT:        affine.load

// parallel=false keeps the scheduler's outer coincidence (only the marks differ): the
// same order, j (unit stride) innermost. Without it isl put the row loop i innermost
// under (k, j) (stride 128, about 6x slower).
// SEQ-LABEL: func.func @lu
// SEQ:       affine.for %[[K:.*]] = 0 to 128 {
// SEQ:         arith.divf
// SEQ:         affine.for %[[I:.*]] = #{{.*}}(%[[K]]) to 128 {
// SEQ-NEXT:      affine.for %[[J:.*]] = #{{.*}}(%[[K]]) to 128 {
// SEQ-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]]]
// SEQ-NOT:     affine.parallel
#after = affine_map<(d0) -> (d0 + 1)>
func.func @lu(%A: memref<128x128xf64> {llvm.noalias}) {
  affine.for %k = 0 to 128 {
    %piv = affine.load %A[%k, %k] : memref<128x128xf64>
    affine.for %i = #after(%k) to 128 {
      %a = affine.load %A[%i, %k] : memref<128x128xf64>
      %l = arith.divf %a, %piv : f64
      affine.store %l, %A[%i, %k] : memref<128x128xf64>
    }
    affine.for %i = #after(%k) to 128 {
      affine.for %j = #after(%k) to 128 {
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
