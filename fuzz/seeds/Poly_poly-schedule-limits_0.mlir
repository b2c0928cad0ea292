func.func @jacobi_1d(%A: memref<64xf64>, %B: memref<64xf64>) {
  %third = arith.constant 0.33333 : f64
  affine.for %t = 0 to 8 {
    affine.for %i = 1 to 63 {
      %a = affine.load %A[%i - 1] : memref<64xf64>
      %b = affine.load %A[%i] : memref<64xf64>
      %c = affine.load %A[%i + 1] : memref<64xf64>
      %s = arith.addf %a, %b : f64
      %s2 = arith.addf %s, %c : f64
      %m = arith.mulf %s2, %third : f64
      affine.store %m, %B[%i] : memref<64xf64>
    }
    affine.for %i = 1 to 63 {
      %a = affine.load %B[%i] : memref<64xf64>
      affine.store %a, %A[%i] : memref<64xf64>
    }
  }
  return
}
