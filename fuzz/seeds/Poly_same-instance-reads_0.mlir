func.func @store_then_load(%A: memref<64xf64>, %B: memref<16xf64>) {
  %w = arith.constant dense<1.0> : vector<4xf64>
  affine.for %t = 0 to 4 {
    affine.for %i = 0 to 15 {
      affine.vector_store %w, %A[%i * 4] : memref<64xf64>, vector<4xf64>
      %x = affine.load %A[%i * 4 + 2] : memref<64xf64>
      %y = affine.load %A[%i * 4 + 4] : memref<64xf64>
      %s = arith.addf %x, %y : f64
      affine.store %s, %B[%i] : memref<16xf64>
    }
  }
  return
}

func.func @overwrite(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<64xf64>) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 64 {
    %b = affine.load %B[%i] : memref<64xf64>
    affine.store %b, %A[%i] : memref<64xf64>
  }
  affine.for %i = 0 to 64 {
    affine.store %one, %A[%i] : memref<64xf64>
    %x = affine.load %A[%i] : memref<64xf64>
    %y = arith.addf %x, %one : f64
    affine.store %y, %C[%i] : memref<64xf64>
  }
  return
}
