// Input of cli/tests/pass_defaults.rs: affine accesses through memref.subview and
// memref.expand_shape (a folded collapse_shape gives `affine.load %m[%d#0, ...]`, which
// mlir-opt 22 prints but cannot parse back).
func.func @alias(%A: memref<64x64xf32>, %B: memref<4x16xf32>, %o: index) {
  %s = memref.subview %A[%o, 8][16, 16][2, 1] : memref<64x64xf32> to memref<16x16xf32, strided<[128, 1], offset: ?>>
  %e = memref.expand_shape %B [[0], [1, 2]] output_shape [4, 4, 4] : memref<4x16xf32> into memref<4x4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %s[%i * 4, %j + 1] : memref<16x16xf32, strided<[128, 1], offset: ?>>
      affine.store %v, %e[%i, %j, 3] : memref<4x4x4xf32>
      affine.store %v, %s[%j, %i] : memref<16x16xf32, strided<[128, 1], offset: ?>>
    }
  }
  return
}
