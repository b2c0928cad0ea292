func.func @row_sums(%A: memref<32x16xf64>, %R: memref<32xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to 32 {
    %r = affine.for %j = 0 to 16 iter_args(%b = %z) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<32x16xf64>
      %n = arith.addf %b, %v : f64
      affine.yield %n : f64
    }
    affine.store %r, %R[%i] : memref<32xf64>
  }
  return
}
