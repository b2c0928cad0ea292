func.func @floyd_two_steps(%path: memref<2048x2048xi32> {llvm.noalias}) {
  affine.for %k = 0 to 2 {
    affine.for %i = 0 to 2048 {
      affine.for %j = 0 to 2048 {
        %ij = affine.load %path[%i, %j] : memref<2048x2048xi32>
        %ik = affine.load %path[%i, %k] : memref<2048x2048xi32>
        %kj = affine.load %path[%k, %j] : memref<2048x2048xi32>
        %via = arith.addi %ik, %kj : i32
        %lt = arith.cmpi slt, %ij, %via : i32
        %m = arith.select %lt, %ij, %via : i32
        affine.store %m, %path[%i, %j] : memref<2048x2048xi32>
      }
    }
  }
  return
}
