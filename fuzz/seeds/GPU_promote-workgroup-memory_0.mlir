func.func @matmul(%A: memref<64x48xf32>, %B: memref<48x32xf32>, %C: memref<64x32xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      affine.for %k = 0 to 48 {
        %a = affine.load %A[%i, %k] : memref<64x48xf32>
        %b = affine.load %B[%k, %j] : memref<48x32xf32>
        %c = affine.load %C[%i, %j] : memref<64x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x32xf32>
      }
    }
  }
  return
}

func.func @stencil(%A: memref<66x66xf32>, %B: memref<66x66xf32>) {
  affine.for %i = 1 to 65 {
    affine.for %j = 1 to 65 {
      %c = affine.load %A[%i, %j] : memref<66x66xf32>
      %w = affine.load %A[%i, %j - 1] : memref<66x66xf32>
      %e = affine.load %A[%i, %j + 1] : memref<66x66xf32>
      %n = affine.load %A[%i - 1, %j] : memref<66x66xf32>
      %s = affine.load %A[%i + 1, %j] : memref<66x66xf32>
      %t0 = arith.addf %c, %w : f32
      %t1 = arith.addf %t0, %e : f32
      %t2 = arith.addf %t1, %n : f32
      %t3 = arith.addf %t2, %s : f32
      affine.store %t3, %B[%i, %j] : memref<66x66xf32>
    }
  }
  return
}

func.func @copy(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %a, %B[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
