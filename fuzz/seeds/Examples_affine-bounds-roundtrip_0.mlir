#lb = affine_map<(d0) -> (d0 * 2, 0)>
#ub = affine_map<(d0)[s0] -> (d0 + 32, s0)>
#set = affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, s0 - d0 - 1 >= 0)>
func.func @bounds(%A: memref<?x128xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n step 4 iter_args(%acc = %zero) -> (f32) {
    %s = affine.for %j = max #lb(%i) to min #ub(%i)[%n] iter_args(%a = %acc) -> (f32) {
      %x = affine.if #set(%i, %j)[%n] -> f32 {
        %v = affine.load %A[%i, %j floordiv 2 + 1] : memref<?x128xf32>
        affine.yield %v : f32
      } else {
        affine.yield %zero : f32
      }
      %t = arith.addf %a, %x : f32
      affine.yield %t : f32
    }
    affine.yield %s : f32
  }
  %idx = affine.apply affine_map<(d0)[s0] -> (d0 mod 8 + s0 ceildiv 3)>(%n)[%n]
  %m = affine.min affine_map<(d0) -> (d0, 127)>(%idx)
  affine.store %r, %A[%m, %m] : memref<?x128xf32>
  return %r : f32
}
