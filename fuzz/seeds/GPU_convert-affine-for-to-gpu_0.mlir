func.func @f(%A: memref<64x32xf32>, %B: memref<64x32xf32>, %n: index) {
  affine.for %i = 2 to 64 step 3 {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<64x32xf32>
        affine.store %a, %B[%i, %j] : memref<64x32xf32>
      }
    }
  }
  return
}
