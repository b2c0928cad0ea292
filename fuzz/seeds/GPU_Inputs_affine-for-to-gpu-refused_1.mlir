func.func @imperfect(%A: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %A[%i] : memref<64xf32>
  }
  return
}
