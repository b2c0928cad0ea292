func.func @two_level(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 63 {
    affine.for %j = 0 to 63 {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %a, %B[%i, %j] : memref<64x64xf32>
    }
  }
  affine.for %i = 0 to 63 {
    affine.for %j = 0 to 63 {
      %b = affine.load %B[%i, %j + 1] : memref<64x64xf32>
      %c = affine.load %B[%i + 1, %j] : memref<64x64xf32>
      %s = arith.addf %b, %c : f32
      affine.store %s, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
