func.func @sum_and_max(%A: memref<128x64xf64>, %out: memref<2xf64>) {
  %z = arith.constant 0.0 : f64
  %m = arith.constant -1000.0 : f64
  %s:2 = affine.for %i = 0 to 128 iter_args(%acc = %z, %mx = %m) -> (f64, f64) {
    %a = affine.load %A[%i, 0] : memref<128x64xf64>
    %n = arith.addf %acc, %a : f64
    %x = arith.maximumf %mx, %a : f64
    affine.yield %n, %x : f64, f64
  }
  affine.store %s#0, %out[0] : memref<2xf64>
  affine.store %s#1, %out[1] : memref<2xf64>
  return
}
