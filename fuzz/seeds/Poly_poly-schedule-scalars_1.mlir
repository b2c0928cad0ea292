func.func @lu(%A: memref<64x64xf64>) {
  affine.for %k = 0 to 64 {
    %piv = affine.load %A[%k, %k] : memref<64x64xf64>
    affine.for %i = affine_map<(d0) -> (d0 + 1)>(%k) to 64 {
      %a = affine.load %A[%i, %k] : memref<64x64xf64>
      %l = arith.divf %a, %piv : f64
      affine.store %l, %A[%i, %k] : memref<64x64xf64>
    }
    affine.for %i = affine_map<(d0) -> (d0 + 1)>(%k) to 64 {
      affine.for %j = affine_map<(d0) -> (d0 + 1)>(%k) to 64 {
        %aij = affine.load %A[%i, %j] : memref<64x64xf64>
        %aik = affine.load %A[%i, %k] : memref<64x64xf64>
        %akj = affine.load %A[%k, %j] : memref<64x64xf64>
        %p = arith.mulf %aik, %akj : f64
        %s = arith.subf %aij, %p : f64
        affine.store %s, %A[%i, %j] : memref<64x64xf64>
      }
    }
  }
  return
}
