func.func @kernel(%m: memref<?x64xf32>, %n: index) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to %n step 4 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%n] {
      %s = affine.for %k = 0 to 64 iter_args(%a = %z) -> (f32) {
        %x = affine.load %m[%j, %k] : memref<?x64xf32>
        %y = arith.addf %a, %x : f32
        affine.yield %y : f32
      }
      affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%j, %i) {
        affine.store %s, %m[%j mod 64, %j floordiv 64] : memref<?x64xf32>
      }
    }
  }
  return
}
