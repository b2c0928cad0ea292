// A kernel storing a poison value (WGSL gets zero).
func.func @fill(%X: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %p = ub.poison : f32
    affine.store %p, %X[%i] : memref<64xf32>
  }
  return
}
