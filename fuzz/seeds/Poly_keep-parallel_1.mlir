func.func @row_sums(%A: memref<64x64xf32>, %S: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %r = affine.parallel (%j) = (0) to (64) reduce ("addf") -> (f32) {
      %v = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.yield %v : f32
    }
    affine.store %r, %S[%i] : memref<64xf32>
  }
  return
}
