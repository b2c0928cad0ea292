func.func @coalesce_3d(%n: index, %m: memref<?x?x?xf32>, %v: f32) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to min affine_map<()[s0] -> (s0, 8)>()[%n] {
        affine.store %v, %m[%i, %j, %k] : memref<?x?x?xf32>
      }
    }
  }
  return
}
