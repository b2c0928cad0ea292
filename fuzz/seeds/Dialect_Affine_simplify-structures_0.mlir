func.func @sets(%n: index, %m: memref<?xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 * 2 - d0 >= 0, 5 >= 0)>(%i) {
      affine.store %v, %m[%i] : memref<?xf32>
    }
    affine.if affine_set<(d0) : (-1 >= 0)>(%i) {
      affine.store %v, %m[%i] : memref<?xf32>
    }
    affine.if affine_set<(d0) : (0 == 0)>(%i) {
      affine.store %v, %m[%i] : memref<?xf32>
    }
  }
  return
}
