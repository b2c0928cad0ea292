func.func @gemver_xw(%alpha: f64, %beta: f64, %A: memref<16x16xf64>, %w: memref<16xf64>,
                     %x: memref<16xf64>, %y: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %xi = affine.load %x[%i] : memref<16xf64>
      %aji = affine.load %A[%j, %i] : memref<16x16xf64>
      %yj = affine.load %y[%j] : memref<16xf64>
      %t = arith.mulf %beta, %aji : f64
      %p = arith.mulf %t, %yj : f64
      %s = arith.addf %xi, %p : f64
      affine.store %s, %x[%i] : memref<16xf64>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %wi = affine.load %w[%i] : memref<16xf64>
      %aij = affine.load %A[%i, %j] : memref<16x16xf64>
      %xj = affine.load %x[%j] : memref<16xf64>
      %t = arith.mulf %alpha, %aij : f64
      %p = arith.mulf %t, %xj : f64
      %s = arith.addf %wi, %p : f64
      affine.store %s, %w[%i] : memref<16xf64>
    }
  }
  return
}
