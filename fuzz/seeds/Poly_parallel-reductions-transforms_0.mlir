func.func @sum_squares(%A: memref<256xf32>, %out: memref<f32>) {
  %r = affine.parallel (%i) = (0) to (256) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i] : memref<256xf32>
    %b = arith.mulf %a, %a : f32
    affine.yield %b : f32
  }
  affine.store %r, %out[] : memref<f32>
  return
}
