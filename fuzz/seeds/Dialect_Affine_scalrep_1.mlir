func.func @store_load_affine_apply(%m: memref<10xf32>, %f: f32) {
  affine.for %i = 0 to 9 {
    %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    affine.store %f, %m[%i1 - 1] : memref<10xf32>
    %v = affine.load %m[%i] : memref<10xf32>
    "test.use"(%v) : (f32) -> ()
  }
  return
}
