func.func @copy(%src: memref<16xi32>, %dst: memref<16xi32>) {
  affine.for %i = 0 to 16 {
    %v = affine.load %src[%i] : memref<16xi32>
    affine.store %v, %dst[%i] : memref<16xi32>
  }
  return
}
