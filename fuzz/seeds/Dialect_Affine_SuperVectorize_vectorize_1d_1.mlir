func.func @vec1d_2(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  affine.for %i3 = 0 to %M {
    %a3 = affine.load %A[%c0, %i3] : memref<?x?xf32>
  }
  return
}
