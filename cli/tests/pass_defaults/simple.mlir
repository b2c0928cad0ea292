// Input of cli/tests/pass_defaults.rs: memref.load in an affine loop, a store-to-load forward,
// an affine.apply and an affine.if with simplifiable maps and sets.
func.func @f(%A: memref<64xf32>, %B: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %v = memref.load %A[%i] : memref<64xf32>
    affine.store %v, %B[%i] : memref<64xf32>
    %w = affine.load %B[%i] : memref<64xf32>
    %s = arith.addf %v, %w : f32
    affine.store %s, %B[%i] : memref<64xf32>
    %j = affine.apply affine_map<(d0) -> ((d0 * 2) floordiv 2 + d0 mod 1)>(%i)
    affine.if affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0, d0 * 2 - 300 >= 0)>(%j) {
      affine.store %s, %A[%j] : memref<64xf32>
    }
  }
  return
}
