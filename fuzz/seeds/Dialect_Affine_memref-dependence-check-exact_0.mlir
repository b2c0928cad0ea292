func.func @triangular_max_min(%A: memref<100xf64>, %n: index) {
  affine.for %i = 0 to 50 {
    affine.for %j = max affine_map<(d0)[s0] -> (d0, s0)>(%i)[%n] to min affine_map<(d0) -> (d0 + 10, 60)>(%i) step 3 {
      %v = affine.load %A[%j + 1] : memref<100xf64>
      affine.store %v, %A[%j] : memref<100xf64>
    }
  }
  return
}
