func.func @f(%A: memref<64x64xf64>, %B: memref<64x64xf64>) {
  affine.for %i = 1 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i - 1, %j] : memref<64x64xf64>
      %b = affine.load %B[%j, %i] : memref<64x64xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %A[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
