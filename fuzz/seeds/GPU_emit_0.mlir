func.func @saxpy(%a: f32, %X: memref<1000xf32>, %Y: memref<1000xf32>) {
  affine.for %i = 0 to 1000 {
    %x = affine.load %X[%i] : memref<1000xf32>
    %y = affine.load %Y[%i] : memref<1000xf32>
    %p = arith.mulf %a, %x : f32
    %s = arith.addf %p, %y : f32
    affine.store %s, %Y[%i] : memref<1000xf32>
  }
  return
}
