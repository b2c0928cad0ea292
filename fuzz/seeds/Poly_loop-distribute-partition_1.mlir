func.func @short_partition(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
    %b = affine.load %B[%i] : memref<64xf32>
    affine.store %b, %C[%i] : memref<64xf32>
    %c = affine.load %C[%i] : memref<64xf32>
    affine.store %c, %A[%i] : memref<64xf32>
  }
  return
}
