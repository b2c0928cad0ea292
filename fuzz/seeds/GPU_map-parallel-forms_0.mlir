func.func @affine_parallel(%A: memref<100x64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.parallel (%i, %j) = (0, 0) to (100, 64) {
    affine.store %one, %A[%i, %j] : memref<100x64xf32>
  }
  return
}

func.func @nested_and_scf(%A: memref<32x32xf32>, %s: index) {
  %one = arith.constant 1.0 : f32
  affine.parallel (%i) = (0) to (32) {
    affine.parallel (%j) = (0) to (32) {
      affine.store %one, %A[%i, %j] : memref<32x32xf32>
    }
  }
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  scf.parallel (%i) = (%c0) to (%c32) step (%s) {
    memref.store %one, %A[%i, %i] : memref<32x32xf32>
    scf.reduce
  }
  return
}

func.func @refused(%A: memref<8x8x8x8xf32>) -> f32 {
  %s = affine.parallel (%i) = (0) to (8) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i, %i, %i, %i] : memref<8x8x8x8xf32>
    affine.yield %a : f32
  }
  affine.parallel (%i, %j, %k, %l) = (0, 0, 0, 0) to (8, 8, 8, 8) {
    affine.store %s, %A[%i, %j, %k, %l] : memref<8x8x8x8xf32>
  }
  return %s : f32
}
