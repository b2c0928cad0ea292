func.func @diagonal_late(%A: memref<8x9xf64>, %C: memref<9x8xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.if affine_set<(d0, d1) : (d0 + d1 - 7 >= 0)>(%i, %j) {
        %c = affine.load %C[%i, %j] : memref<9x8xf64>
        %h = arith.mulf %c, %half : f64
        affine.store %h, %C[%i + 1, %j] : memref<9x8xf64>
      }
      affine.if affine_set<(d0, d1) : (d0 - d1 == 0)>(%i, %j) {
        affine.for %k = 0 to 8 {
          %v = affine.load %A[%j, %k] : memref<8x9xf64>
          affine.store %v, %A[%j, %k + 1] : memref<8x9xf64>
        }
      }
    }
  }
  return
}
