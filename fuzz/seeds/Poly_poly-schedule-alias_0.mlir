func.func @shift(%A: memref<65xf32>, %B: memref<65xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %B[%i + 1] : memref<65xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %A[%i] : memref<65xf32>
  }
  return
}
func.func @shift_aliased(%A: memref<65xf32>) {
  func.call @shift(%A, %A) : (memref<65xf32>, memref<65xf32>) -> ()
  return
}
