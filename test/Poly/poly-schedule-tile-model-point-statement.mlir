// RUN: lattice opt %s --poly-schedule="cache-size=32768 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule="cache-size=32768" | FileCheck %s

// trisolv's initialization, 2048 wide: isl fuses the diagonal update into the row loop
// at j = i. No step of i or j alone leads from one diagonal instance to the next, so
// the diagonal accesses carry no reuse (they used to count as a zero step, the same
// element again: "reuse" of i, and tiles [512, 2040]). Each element is stored once: a
// streaming band, not tiled (and the diagonal update moves after the row loop: see
// poly-schedule-separate.mlir).
// REMARK: remark: not tiled (model): no member carries reuse (a streaming band: each element is touched once, so tiles would only cut its rows short for the vectorizer and the prefetcher), trip counts [2048, 2048]

// CHECK-LABEL: func.func @diag_init
// CHECK:       affine.parallel (%[[I:.*]]) = (0) to (2048) {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 2048 {
// CHECK:         }
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]], %[[I]]]
// CHECK:       return
func.func @diag_init(%L: memref<2048x2048xf64> {llvm.noalias}) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 2048 {
      %ij = arith.muli %i, %j : index
      %v = arith.index_cast %ij : index to i64
      %f = arith.sitofp %v : i64 to f64
      affine.store %f, %L[%i, %j] : memref<2048x2048xf64>
    }
    %d = affine.load %L[%i, %i] : memref<2048x2048xf64>
    %d1 = arith.addf %d, %one : f64
    affine.store %d1, %L[%i, %i] : memref<2048x2048xf64>
  }
  return
}
