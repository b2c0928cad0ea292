func.func @normalized(%m: memref<?xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i] : memref<?xf32>
  }
  return
}
