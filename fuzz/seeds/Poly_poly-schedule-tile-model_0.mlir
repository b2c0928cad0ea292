func.func @matmul(%A: memref<128x128xf32>, %B: memref<128x128xf32>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<128x128xf32>
        %b = affine.load %B[%k, %j] : memref<128x128xf32>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x128xf32>
      }
    }
  }
  return
}

func.func @stencil(%A: memref<10x40xf64>) {
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to 39 {
      %l = affine.load %A[%t, %i - 1] : memref<10x40xf64>
      %r = affine.load %A[%t, %i + 1] : memref<10x40xf64>
      %s = arith.addf %l, %r : f64
      affine.store %s, %A[%t, %i] : memref<10x40xf64>
    }
  }
  return
}
