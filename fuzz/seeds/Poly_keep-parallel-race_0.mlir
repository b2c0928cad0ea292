func.func @rows(%A: memref<65x64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%i, %j] : memref<65x64xf32>
      affine.store %v, %A[%i + 1, %j] : memref<65x64xf32>
    }
  }
  return
}
