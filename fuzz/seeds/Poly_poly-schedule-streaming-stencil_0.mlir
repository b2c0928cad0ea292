func.func @jacobi_step(%A: memref<1024x1024xf64> {llvm.noalias}, %B: memref<1024x1024xf64> {llvm.noalias}) {
  %fifth = arith.constant 0.2 : f64
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 1023 {
      affine.for %j = 1 to 1023 {
        %c = affine.load %A[%i, %j] : memref<1024x1024xf64>
        %w = affine.load %A[%i, %j - 1] : memref<1024x1024xf64>
        %e = affine.load %A[%i, %j + 1] : memref<1024x1024xf64>
        %s = affine.load %A[%i + 1, %j] : memref<1024x1024xf64>
        %n = affine.load %A[%i - 1, %j] : memref<1024x1024xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %B[%i, %j] : memref<1024x1024xf64>
      }
    }
    affine.for %i = 1 to 1023 {
      affine.for %j = 1 to 1023 {
        %c = affine.load %B[%i, %j] : memref<1024x1024xf64>
        %w = affine.load %B[%i, %j - 1] : memref<1024x1024xf64>
        %e = affine.load %B[%i, %j + 1] : memref<1024x1024xf64>
        %s = affine.load %B[%i + 1, %j] : memref<1024x1024xf64>
        %n = affine.load %B[%i - 1, %j] : memref<1024x1024xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %A[%i, %j] : memref<1024x1024xf64>
      }
    }
  }
  return
}
