func.func @shift(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %m = arith.mulf %a, %a : f64
    affine.store %m, %B[%i] : memref<64xf64>
  }
  affine.for %i = 1 to 63 {
    %l = affine.load %B[%i - 1] : memref<64xf64>
    %r = affine.load %B[%i + 1] : memref<64xf64>
    %s = arith.addf %l, %r : f64
    affine.store %s, %C[%i] : memref<64xf64>
  }
  return
}
