func.func @consts(%a: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %x = affine.load %a[%i] : memref<64xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %a[%i] : memref<64xf32>
  }
  return
}

func.func @sum(%a: memref<64xf32>) -> f32 {
  %r = affine.parallel (%i) = (0) to (64) reduce ("addf") -> f32 {
    %x = affine.load %a[%i] : memref<64xf32>
    affine.yield %x : f32
  }
  return %r : f32
}

func.func @dynamic(%a: memref<?xf32>, %n: index) {
  affine.parallel (%i) = (0) to (%n) {
    %x = affine.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %a[%i] : memref<?xf32>
  }
  return
}
