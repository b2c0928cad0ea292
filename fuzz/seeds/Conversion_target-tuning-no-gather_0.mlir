func.func @atx(%A: memref<256x256xf64> {llvm.noalias}, %x: memref<256xf64> {llvm.noalias},
               %w: memref<256xf64> {llvm.noalias}) {
  affine.for %jt = 0 to 8 {
    affine.for %i = 0 to 256 {
      affine.for %j = affine_map<(d0) -> (d0 * 32)>(%jt) to affine_map<(d0) -> (d0 * 32 + 32)>(%jt) {
        %wi = affine.load %w[%i] : memref<256xf64>
        %a = affine.load %A[%i, %j] : memref<256x256xf64>
        %xj = affine.load %x[%j] : memref<256xf64>
        %p = arith.mulf %a, %xj : f64
        %s = arith.addf %wi, %p : f64
        affine.store %s, %w[%i] : memref<256xf64>
      }
    }
  }
  return
}
