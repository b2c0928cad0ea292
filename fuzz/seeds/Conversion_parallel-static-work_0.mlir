func.func @consts(%a: memref<64x4x8xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (64, 4) {
    affine.for %k = 0 to 8 {
      %x = affine.load %a[%i, %j, %k] : memref<64x4x8xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %a[%i, %j, %k] : memref<64x4x8xf32>
    }
  }
  return
}

#lb = affine_map<(d0) -> (d0 * 32)>
#ub = affine_map<(d0) -> (d0 * 32 + 32)>
#ubmin = affine_map<(d0) -> (d0 * 32 + 32, 100)>
func.func @tiled(%a: memref<128xf32>) {
  affine.parallel (%i) = (0) to (4) {
    affine.for %k = #lb(%i) to #ub(%i) {
      %x = affine.load %a[%k] : memref<128xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %a[%k] : memref<128xf32>
    }
    affine.for %k = #lb(%i) to min #ubmin(%i) {
      %x = affine.load %a[%k] : memref<128xf32>
      %y = arith.mulf %x, %x : f32
      affine.store %y, %a[%k] : memref<128xf32>
    }
  }
  return
}

func.func @unknown(%a: memref<64x?xf32>, %n: index) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %k = 0 to %n {
      %x = affine.load %a[%i, %k] : memref<64x?xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %a[%i, %k] : memref<64x?xf32>
    }
  }
  return
}
