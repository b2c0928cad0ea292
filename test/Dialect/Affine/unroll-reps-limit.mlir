// RUN: lattice opt %s --affine-loop-unroll="unroll-num-reps=32 remarks=true" 2>&1 >/dev/null | FileCheck %s

// Repeated unrolling grows the function, not one loop, past the limit (found by the
// pipeline fuzzer: 32 repetitions on a 128-trip loop ran for minutes): it stops with a
// remark once the next unrolling would pass it.

// CHECK: unroll-reps-limit.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: not unrolled: unrolling by 4 would {{.*}} operations (the limit is 131072)
func.func @f(%A: memref<4096xf32>) {
  affine.for %i = 0 to 4096 step 128 {
    affine.for %ii = 0 to 4096 {
      %v = affine.load %A[%ii] : memref<4096xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%ii] : memref<4096xf32>
    }
  }
  return
}
