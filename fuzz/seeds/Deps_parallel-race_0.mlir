func.func @shift(%A: memref<65xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %v = affine.load %A[%i] : memref<65xf32>
    affine.store %v, %A[%i + 1] : memref<65xf32>
  }
  return
}

func.func @columns(%A: memref<8x9xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (8, 8) {
    %v = affine.load %A[%i, %j] : memref<8x9xf32>
    affine.store %v, %A[%i, %j + 1] : memref<8x9xf32>
  }
  return
}

func.func @sum(%A: memref<64xf32>, %out: memref<f32>) {
  %s = affine.parallel (%i) = (0) to (64) reduce ("addf") -> f32 {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.yield %v : f32
  }
  affine.store %s, %out[] : memref<f32>
  return
}
