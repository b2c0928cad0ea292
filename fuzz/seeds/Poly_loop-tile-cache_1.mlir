func.func @scale_f64(%A: memref<96x128xf64>, %B: memref<96x128xf64>) {
  %two = arith.constant 2.0 : f64
  affine.for %i = 0 to 96 {
    affine.for %j = 0 to 128 {
      %a = affine.load %A[%i, %j] : memref<96x128xf64>
      %m = arith.mulf %a, %two : f64
      affine.store %m, %B[%i, %j] : memref<96x128xf64>
    }
  }
  return
}
