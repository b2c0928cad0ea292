func.func @reorder(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 1 to 64 {
    %a = affine.load %A[%i - 1] : memref<64xf32>
    affine.store %a, %C[%i] : memref<64xf32>
    %b = affine.load %B[%i] : memref<64xf32>
    affine.store %b, %A[%i] : memref<64xf32>
  }
  return
}
