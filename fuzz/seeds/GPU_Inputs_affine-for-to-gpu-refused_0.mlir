func.func @race(%A: memref<64x32xf32>, %B: memref<64x32xf32>, %n: index) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %j] : memref<64x32xf32>
        affine.store %a, %B[%i, %k] : memref<64x32xf32>
      }
    }
  }
  return
}
