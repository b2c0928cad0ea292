func.func @carry_inner(%A: memref<16x17xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<16x17xf32>
      affine.store %v, %A[%i, %j + 1] : memref<16x17xf32>
    }
  }
  return
}
