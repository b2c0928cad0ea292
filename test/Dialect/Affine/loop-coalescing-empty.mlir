// RUN: lattice opt %s --affine-loop-coalescing="remarks=true" 2>&1 | FileCheck %s
// RUN: lattice opt %s --affine-loop-coalescing --affine-data-copy-generate | FileCheck %s --check-prefix=VALID

// An inner loop that never runs would become a divisor of 0 in the coalesced band
// (`mod 0` once a later pass folds the constant in: invalid IR, found by the pipeline
// fuzzer); the band is left alone.

// CHECK: loop-coalescing-empty.mlir:[[@LINE+5]]:3: remark: band not coalesced: an inner loop of the band never runs (constant trip count 0)
// VALID-LABEL: func.func @empty_inner
// VALID: affine.for %{{.*}} = 0 to 512 {
// VALID-NEXT: affine.for %{{.*}} = 0 to -1 {
func.func @empty_inner(%A: memref<32x512xi32>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to -1 {
      %idx = arith.index_cast %j : index to i32
      affine.store %idx, %A[%j, %i] : memref<32x512xi32>
    }
  }
  return
}
