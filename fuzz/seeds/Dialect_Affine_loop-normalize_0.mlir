func.func @step_and_lb(%n: index, %m: memref<?xf32>) {
  affine.for %i = 2 to %n step 3 {
    %v = affine.load %m[%i] : memref<?xf32>
  }
  return
}
