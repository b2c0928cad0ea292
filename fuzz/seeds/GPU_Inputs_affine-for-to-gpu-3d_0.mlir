func.func @g(%A: memref<8x8x8xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        affine.store %one, %A[%i, %j, %k] : memref<8x8x8xf32>
      }
    }
  }
  return
}
