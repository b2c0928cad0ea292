func.func @dot(%A: memref<64xf32>, %B: memref<64xf32>, %out: memref<f32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %k = 0 to 64 iter_args(%acc = %z) -> (f32) {
    %a = affine.load %A[%k] : memref<64xf32>
    %b = affine.load %B[%k] : memref<64xf32>
    %p = arith.mulf %a, %b : f32
    %n = arith.addf %acc, %p : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[] : memref<f32>
  return
}
