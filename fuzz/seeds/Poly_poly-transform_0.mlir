func.func @interchange(%A: memref<32x48xf32>, %B: memref<48x32xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %a = affine.load %A[%i, %j] : memref<32x48xf32>
      affine.store %a, %B[%j, %i] : memref<48x32xf32>
    }
  }
  return
}
