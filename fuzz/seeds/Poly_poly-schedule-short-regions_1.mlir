func.func @jacobi_2d_two_steps(%A: memref<512x512xf64> {llvm.noalias}, %B: memref<512x512xf64> {llvm.noalias}) {
  %fifth = arith.constant 0.2 : f64
  affine.for %t = 0 to 2 {
    affine.for %i = 1 to 511 {
      affine.for %j = 1 to 511 {
        %c = affine.load %A[%i, %j] : memref<512x512xf64>
        %w = affine.load %A[%i, %j - 1] : memref<512x512xf64>
        %e = affine.load %A[%i, %j + 1] : memref<512x512xf64>
        %n = affine.load %A[%i - 1, %j] : memref<512x512xf64>
        %s = affine.load %A[%i + 1, %j] : memref<512x512xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %n : f64
        %s3 = arith.addf %s2, %s : f64
        %v = arith.mulf %s3, %fifth : f64
        affine.store %v, %B[%i, %j] : memref<512x512xf64>
      }
    }
    affine.for %i = 1 to 511 {
      affine.for %j = 1 to 511 {
        %c = affine.load %B[%i, %j] : memref<512x512xf64>
        %w = affine.load %B[%i, %j - 1] : memref<512x512xf64>
        %e = affine.load %B[%i, %j + 1] : memref<512x512xf64>
        %n = affine.load %B[%i - 1, %j] : memref<512x512xf64>
        %s = affine.load %B[%i + 1, %j] : memref<512x512xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %n : f64
        %s3 = arith.addf %s2, %s : f64
        %v = arith.mulf %s3, %fifth : f64
        affine.store %v, %A[%i, %j] : memref<512x512xf64>
      }
    }
  }
  return
}
