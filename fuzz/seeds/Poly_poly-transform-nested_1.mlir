func.func @nested_skewed(%A: memref<32x32xf64>, %T: memref<8xf64>) {
  affine.for %t = 0 to 8 {
    %s = affine.load %T[%t] : memref<8xf64>
    affine.store %s, %T[%t] : memref<8xf64>
    affine.for %i = 1 to 32 {
      affine.for %j = 0 to 31 {
        %a = affine.load %A[%i - 1, %j + 1] : memref<32x32xf64>
        affine.store %a, %A[%i, %j] : memref<32x32xf64>
      }
    }
  }
  return
}
