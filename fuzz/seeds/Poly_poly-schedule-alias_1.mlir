func.func @shift2(%A: memref<17x16xf32>, %B: memref<17x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %B[%i + 1, %j] : memref<17x16xf32>
      affine.store %v, %A[%i, %j] : memref<17x16xf32>
    }
  }
  return
}
func.func @shift2_aliased(%A: memref<17x16xf32>) {
  func.call @shift2(%A, %A) : (memref<17x16xf32>, memref<17x16xf32>) -> ()
  return
}
