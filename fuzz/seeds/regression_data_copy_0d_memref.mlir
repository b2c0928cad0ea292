

func.func @sum2d(%A: memref<64x32xf32>, %out: memref<f32>) {
  %r = affine.parallel (%i, %j) = (0, 0) to (64, 9) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i, %j] : memref<64x32xf32>
    %b = arith.mulf %a, %a : f32
    affine.yield %b : f32
  }
  affine.store %r, %out[] : memref<f32>
  return
}
