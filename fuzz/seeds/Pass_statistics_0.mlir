func.func @stencil(%A: memref<5x5xf64>) {
  affine.for %i = 1 to 5 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<5x5xf64>
      affine.store %v, %A[%i, %j] : memref<5x5xf64>
    }
  }
  return
}
