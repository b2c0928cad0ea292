func.func @ivs(%a: memref<8x8xf32>, %b: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = memref.load %a[%i, %j] : memref<8x8xf32>
      memref.store %v, %b[%j, %i] : memref<8x8xf32>
      memref.store %v, %b[%c3, %c0] : memref<8x8xf32>
    }
  }
  return
}
