func.func @tiled(%a: memref<128x128xf32>) {
  affine.for %i = 0 to 4 {
    affine.parallel (%r) = (0) to (128) {
      affine.for %j = 0 to 128 {
        affine.for %k = affine_map<(d0) -> (d0 * 32)>(%i) to affine_map<(d0) -> (d0 * 32 + 32)>(%i) {
          %x = affine.load %a[%r, %k] : memref<128x128xf32>
          %y = affine.load %a[%r, %j] : memref<128x128xf32>
          %z = arith.addf %x, %y : f32
          affine.store %z, %a[%r, %j] : memref<128x128xf32>
        }
      }
    }
  }
  return
}
