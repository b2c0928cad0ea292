func.func @dot(%A: memref<1024xf32>, %B: memref<1024xf32>, %out: memref<f32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 1024 iter_args(%acc = %z) -> (f32) {
    %a = affine.load %A[%i] : memref<1024xf32>
    %b = affine.load %B[%i] : memref<1024xf32>
    %p = arith.mulf %a, %b : f32
    %n = arith.addf %acc, %p : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[] : memref<f32>
  return
}
