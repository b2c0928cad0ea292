func.func @compose(%A: memref<100xf32>, %n: index) {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %1 = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%0, %c3)
    %v = affine.load %A[%1] : memref<100xf32>
    %2 = affine.apply affine_map<(d0) -> (d0 + 1)>(%n)
    affine.store %v, %A[%2] : memref<100xf32>
    %3 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %i)
    affine.store %v, %A[%3] : memref<100xf32>
  }
  return
}
