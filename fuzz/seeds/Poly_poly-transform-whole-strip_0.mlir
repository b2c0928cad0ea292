func.func @shift_rows(%A: memref<17x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<17x16xf64>
      affine.store %a, %A[%i + 1, %j] : memref<17x16xf64>
    }
  }
  return
}
