// RUN: lattice opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(func.func(affine-loop-distribute{loop=0 partition=1,0 emit-remarks=true}))"
// (Lattice-only pass: the oracle checks the round trip of the IR, not the remarks.)

// A given partition that runs the consumer before its producer is refused.
func.func @bad_partition(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  // expected-remark @below {{not distributed: the partition would violate the dependence RAW from the store to %B at 10:5 to the load of %B at 11:10 (S0 -> S1), distance (0)}}
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
    %b = affine.load %B[%i] : memref<64xf32>
    affine.store %b, %C[%i] : memref<64xf32>
  }
  return
}

// -----

// A partition must name a group for every statement below the loop.
func.func @short_partition(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  // expected-remark @below {{not distributed: the loop has 3 statements, the partition names 2}}
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
    %b = affine.load %B[%i] : memref<64xf32>
    affine.store %b, %C[%i] : memref<64xf32>
    %c = affine.load %C[%i] : memref<64xf32>
    affine.store %c, %A[%i] : memref<64xf32>
  }
  return
}
