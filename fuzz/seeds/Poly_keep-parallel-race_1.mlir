func.func @columns(%A: memref<8x9xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (8, 8) {
    %v = affine.load %A[%i, %j] : memref<8x9xf32>
    affine.store %v, %A[%i, %j + 1] : memref<8x9xf32>
  }
  return
}
