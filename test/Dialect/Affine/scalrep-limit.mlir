// RUN: lattice opt %s --affine-loop-unroll=unroll-full --affine-scalrep=remarks=true 2>&1 >/dev/null | FileCheck %s

// affine-scalrep compares each load with every earlier access and walks the ops between
// them; on a function of thousands of accesses (a fully unrolled loop, found by the
// pipeline fuzzer: over a minute) it leaves the function alone with a remark.

// CHECK: scalrep-limit.mlir:[[@LINE+1]]:1: remark: not run: 1100 loads and 1100 stores make 2420000 pairs to compare (the limit is 1048576)
func.func @f(%A: memref<1101xf32>) {
  affine.for %i = 0 to 1100 {
    %v = affine.load %A[%i] : memref<1101xf32>
    affine.store %v, %A[%i + 1] : memref<1101xf32>
  }
  return
}
