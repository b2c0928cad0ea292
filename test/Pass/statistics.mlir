// RUN: lattice opt %s --affine-loop-unroll-jam --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s
// RUN: lattice opt %s --pass-statistics --canonicalize 2>&1 >/dev/null | FileCheck %s --check-prefix=NONE --allow-empty

// A pass that declines says so in the statistics report (and, with remarks=true, why).
// CHECK: ... Pass statistics report ...
// CHECK: AffineLoopUnrollAndJam
// CHECK-NEXT: (S) 1 num-declined - Number of times the pass declined to transform

// Passes that recorded nothing are left out of the list.
// NONE: ... Pass statistics report ...
// NONE-NOT: Canonicalizer

// The (1, -1) dependence forbids unroll-and-jam of the outer loop.
func.func @stencil(%A: memref<5x5xf64>) {
  affine.for %i = 1 to 5 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<5x5xf64>
      affine.store %v, %A[%i, %j] : memref<5x5xf64>
    }
  }
  return
}
