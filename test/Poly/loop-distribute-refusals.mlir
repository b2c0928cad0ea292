// RUN: lattice opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(func.func(affine-loop-distribute{emit-remarks=true}))"
// (Lattice-only pass: the oracle checks the round trip of the IR, not the remarks.)

// Each statement reads what the other wrote: a dependence cycle at the loop, named.
func.func @cycle(%A: memref<64xf32>, %C: memref<64xf32>) {
  // expected-remark @below {{not distributed: the statements form a dependence cycle at this loop: RAW from the store to %A at 10:5 to the load of %A at 11:10 (S0 -> S1), distance (0); RAW from the store to %C at 12:5 to the load of %C at 9:10 (S1 -> S0), distance (1)}}
  affine.for %i = 1 to 64 {
    %c = affine.load %C[%i - 1] : memref<64xf32>
    affine.store %c, %A[%i] : memref<64xf32>
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %C[%i] : memref<64xf32>
  }
  return
}
