func.func @single(%A: memref<64xf32>) {
  affine.for %t = 0 to 1 {
    affine.for %i = 1 to 64 {
      %v = affine.load %A[%i - 1] : memref<64xf32>
      affine.store %v, %A[%i] : memref<64xf32>
    }
  }
  return
}
