func.func @diag_init(%L: memref<2048x2048xf64> {llvm.noalias}) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 2048 {
      %ij = arith.muli %i, %j : index
      %v = arith.index_cast %ij : index to i64
      %f = arith.sitofp %v : i64 to f64
      affine.store %f, %L[%i, %j] : memref<2048x2048xf64>
    }
    %d = affine.load %L[%i, %i] : memref<2048x2048xf64>
    %d1 = arith.addf %d, %one : f64
    affine.store %d1, %L[%i, %i] : memref<2048x2048xf64>
  }
  return
}
