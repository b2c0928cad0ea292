func.func @checksum(%A: memref<32x16xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to 32 iter_args(%a = %z) -> (f64) {
    %r = affine.for %j = 0 to 16 iter_args(%b = %a) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<32x16xf64>
      %n = arith.addf %b, %v : f64
      affine.yield %n : f64
    }
    affine.yield %r : f64
  }
  return %s : f64
}
