func.func @dependent_bounds(%m: memref<10x10x5xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.for %k = 0 to 5 {
        affine.store %v, %m[%i, %j, %k] : memref<10x10x5xf32>
      }
    }
  }
  return
}
