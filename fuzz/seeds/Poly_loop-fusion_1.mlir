func.func @shifted(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 0 to 63 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 63 {
    %b = affine.load %B[%i + 1] : memref<64xf32>
    affine.store %b, %C[%i] : memref<64xf32>
  }
  return
}
