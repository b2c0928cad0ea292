func.func @seidel_1d(%A: memref<64xf64>) {
  affine.for %t = 0 to 16 {
    affine.for %i = 1 to 63 {
      %l = affine.load %A[%i - 1] : memref<64xf64>
      %c = affine.load %A[%i] : memref<64xf64>
      %r = affine.load %A[%i + 1] : memref<64xf64>
      %s = arith.addf %l, %c : f64
      %u = arith.addf %s, %r : f64
      affine.store %u, %A[%i] : memref<64xf64>
    }
  }
  return
}
