// RUN: lattice opt %s --poly-schedule="cache-size=32768 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=MODEL
// RUN: lattice opt %s --poly-schedule="cache-size=32768 parallel-reductions=true remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=SUM

// Loops below a band: the 3 x 3 window loops of a box filter run through 3 rows and 3
// columns of In at each point (i, j), not through the whole array. The model counts
// them as such: one step of i moves the window by one row, and two iterations of i
// with j whole touch 4 rows of In (1026 f64) and 2 rows of Out (1024 f64): 49216 B,
// over the 32 KiB budget, so j shrinks until 4 x (j + 2) + 2 x j elements fit.
// (Counting the window loops as sweeping In would make every tile touch all of In:
// 1 MB, fitting no size.)
// MODEL: remark: tile sizes [32, 680] (model): tile footprint 359584 B, reuse budget 32768 B, trip counts [128, 1024]; 0: parallel, 4 tiles, 1: reuse of 0 (32704 B <= 32768 B)
func.func @box(%In: memref<130x1026xf64>, %Out: memref<128x1024xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 1024 {
      %s = affine.for %ii = 0 to 3 iter_args(%acc = %zero) -> (f64) {
        %r = affine.for %jj = 0 to 3 iter_args(%racc = %acc) -> (f64) {
          %v = affine.load %In[%i + %ii, %j + %jj] : memref<130x1026xf64>
          %a = arith.addf %racc, %v : f64
          affine.yield %a : f64
        }
        affine.yield %r : f64
      }
      affine.store %s, %Out[%i, %j] : memref<128x1024xf64>
    }
  }
  return
}

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
