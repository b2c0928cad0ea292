func.func @jacobi_1d(%A: memref<256xf64> {llvm.noalias}, %B: memref<256xf64> {llvm.noalias}) {
  %third = arith.constant 0.33333 : f64
  affine.for %t = 0 to 8 {
    affine.for %i = 1 to 255 {
      %l = affine.load %A[%i - 1] : memref<256xf64>
      %c = affine.load %A[%i] : memref<256xf64>
      %r = affine.load %A[%i + 1] : memref<256xf64>
      %s0 = arith.addf %l, %c : f64
      %s1 = arith.addf %s0, %r : f64
      %v = arith.mulf %s1, %third : f64
      affine.store %v, %B[%i] : memref<256xf64>
    }
    affine.for %i = 1 to 255 {
      %l = affine.load %B[%i - 1] : memref<256xf64>
      %c = affine.load %B[%i] : memref<256xf64>
      %r = affine.load %B[%i + 1] : memref<256xf64>
      %s0 = arith.addf %l, %c : f64
      %s1 = arith.addf %s0, %r : f64
      %v = arith.mulf %s1, %third : f64
      affine.store %v, %A[%i] : memref<256xf64>
    }
  }
  return
}
