func.func @min_max(%A: memref<100xf32>, %n: index, %v: f32) {
  %m = affine.min affine_map<(d0) -> (d0, 10, d0)>(%n)
  %m2 = affine.max affine_map<(d0) -> (d0 + 1)>(%n)
  affine.store %v, %A[%m] : memref<100xf32>
  affine.store %v, %A[%m2] : memref<100xf32>
  return
}
