func.func @f(%A: memref<256x256xf64>, %B: memref<256x256xf64>, %C: memref<256x256xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %a = affine.load %A[%i, %j] : memref<256x256xf64>
      %b = affine.load %B[%j, %i] : memref<256x256xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %C[%i, %j] : memref<256x256xf64>
    }
  }
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %a = affine.load %C[%i, %j] : memref<256x256xf64>
      %b = affine.load %B[%j, %i] : memref<256x256xf64>
      %s = arith.mulf %a, %b : f64
      affine.store %s, %A[%i, %j] : memref<256x256xf64>
    }
  }
  return
}
