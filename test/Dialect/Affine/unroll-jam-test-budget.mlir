// RUN: lattice opt %s --affine-loop-unroll='unroll-num-reps=5' --affine-loop-unroll-jam='remarks=true' 2>&1 >/dev/null | FileCheck %s

// Unrolling five times over leaves thousands of accesses to %B in the body of %i; testing
// every pair of them for a dependence took minutes (found by the pipeline fuzzer with
// eight repetitions). Past the limit the loop is left alone, with a remark.

// CHECK: remark: not unroll-jammed by 4: its 3127 memory accesses make 9765628 dependence tests, over the limit of 250000
func.func @many_accesses(%A: memref<?xf32>, %B: memref<?x?xf32>, %n: index, %m: index) {
  affine.for %i = 10 to %n {
    %x = affine.load %A[%i] : memref<?xf32>
    affine.for %j = 0 to %m {
      affine.store %x, %B[%i, %j] : memref<?x?xf32>
    }
    %y = arith.addf %x, %x : f32
    affine.store %y, %A[%i] : memref<?xf32>
  }
  return
}
