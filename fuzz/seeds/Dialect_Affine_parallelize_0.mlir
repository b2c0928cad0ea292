func.func @copy(%A: memref<10x20xf32> {llvm.noalias}, %B: memref<10x20xf32> {llvm.noalias}) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 20 {
      %v = affine.load %A[%i, %j] : memref<10x20xf32>
      affine.store %v, %B[%i, %j] : memref<10x20xf32>
    }
  }
  return
}
