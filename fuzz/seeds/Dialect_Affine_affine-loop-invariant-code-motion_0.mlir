func.func @nested_loops_both_having_invariant_code() {
  %m = memref.alloc() : memref<10xf32>
  %n = memref.alloc() : memref<10xf32>
  %cf7 = arith.constant 7.0 : f32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %v = affine.load %m[0] : memref<10xf32>
      %w = arith.addf %v, %cf7 : f32
      affine.store %w, %n[%i] : memref<10xf32>
    }
  }
  return
}
