// RUN: lattice opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(func.func(poly-transform{reverse=0 emit-remarks=true}))"
// (Lattice-only pass: the oracle checks the round trip of the IR, not the remarks.)

// Reversing %i would run iteration (i, j) before (i - 1, j + 1), which writes what it
// reads: refused, naming the dependence.
func.func @stencil_skew(%A: memref<5x5xf64>) {
  // expected-remark @below {{not reversed: the new order would violate the dependence RAW from the store to %A at 14:7 to the load of %A at 11:13 (S0 -> S0), distance (1, -1)}}
  affine.for %i = 1 to 5 {
    affine.for %j = 0 to 4 {
      %up = affine.load %A[%i - 1, %j + 1] : memref<5x5xf64>
      %a = affine.load %A[%i, %j] : memref<5x5xf64>
      %s = arith.addf %up, %a : f64
      affine.store %s, %A[%i, %j] : memref<5x5xf64>
    }
  }
  return
}

// -----

// Reversing the time loop of a recurrence is refused.
func.func @recurrence(%A: memref<64xf32>) {
  // expected-remark @below {{not reversed: the new order would violate the dependence RAW from the store to %A at 28:5 to the load of %A at 26:10 (S0 -> S0), distance (1)}}
  affine.for %i = 1 to 64 {
    %a = affine.load %A[%i - 1] : memref<64xf32>
    %s = arith.addf %a, %a : f32
    affine.store %s, %A[%i] : memref<64xf32>
  }
  return
}
