func.func @imperfect_symbolic(%A: memref<?xf32>, %B: memref<?x?xf32>, %n: index, %m: index) {
  affine.for %i = 0 to %n {
    %x = affine.load %A[%i] : memref<?xf32>
    affine.for %j = 0 to %m {
      affine.store %x, %B[%i, %j] : memref<?x?xf32>
    }
    %y = arith.addf %x, %x : f32
    affine.store %y, %A[%i] : memref<?xf32>
  }
  return
}
