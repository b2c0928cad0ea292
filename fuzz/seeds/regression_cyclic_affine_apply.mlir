func.func @operands(%m: memref<?xindex>, %j: index) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0, d1, d2) -> (d0 + d1)>(%i, %i, %a)
    affine.store %a, %m[%a] : memref<?xindex>
  }
  return
}
