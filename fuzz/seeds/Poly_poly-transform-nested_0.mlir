func.func @imperfect(%A: memref<32x24x16xf64>, %B: memref<32xf64>) {
  affine.for %i = 0 to 32 {
    %x = affine.load %B[%i] : memref<32xf64>
    %y = arith.mulf %x, %x : f64
    affine.store %y, %B[%i] : memref<32xf64>
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %j, %k] : memref<32x24x16xf64>
        %c = arith.addf %a, %y : f64
        affine.store %c, %A[%i, %j, %k] : memref<32x24x16xf64>
      }
    }
  }
  return
}
