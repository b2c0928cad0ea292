func.func @cycle(%A: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 1 to 64 {
    %c = affine.load %C[%i - 1] : memref<64xf32>
    affine.store %c, %A[%i] : memref<64xf32>
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %C[%i] : memref<64xf32>
  }
  return
}
