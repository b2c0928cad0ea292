// RUN: lattice opt %s --poly-schedule="order-cost=false cache-size=32768 parallel-reductions=true remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=SUM

// A plain sum has no reuse (each element is read once): it is not tiled, whatever the
// budget; its parallelism comes from the reduce loop untiled.
// SUM: remark: not tiled (model): no member carries reuse (a streaming band: each element is touched once, so tiles would only cut its rows short for the vectorizer and the prefetcher), trip counts [512, 512]
func.func @sum(%A: memref<512x512xf64>, %out: memref<f64>) {
  %z = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 512 iter_args(%acc = %z) -> f64 {
    %r2 = affine.for %j = 0 to 512 iter_args(%acc2 = %acc) -> f64 {
      %a = affine.load %A[%i, %j] : memref<512x512xf64>
      %s = arith.addf %acc2, %a : f64
      affine.yield %s : f64
    }
    affine.yield %r2 : f64
  }
  affine.store %r, %out[] : memref<f64>
  return
}
