func.func @partial(%A: memref<50xf32>, %n: index) {
  affine.for %i = 0 to 50 {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i] : memref<50xf32>
      %s = arith.addf %a, %a : f32
      affine.store %s, %A[%i] : memref<50xf32>
    }
  }
  return
}
