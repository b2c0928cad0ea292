func.func @fp(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    %v = affine.load %B[%i] : memref<64xf32>
    %b = arith.addf %a, %v : f32
    affine.store %b, %B[%i] : memref<64xf32>
  }
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %B[%i] : memref<64xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %C[%i] : memref<64xf32>
  }
  return
}
