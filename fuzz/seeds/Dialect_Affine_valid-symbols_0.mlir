func.func @pure_ops_of_symbols(%n: index, %m: memref<?xf32>) {
  affine.for %i = 0 to 8 {
    %s = arith.addi %n, %n : index
    %t = affine.min affine_map<()[s0] -> (s0, 16)>()[%s]
    affine.for %j = 0 to %t {
      %v = affine.load %m[%j + symbol(%s)] : memref<?xf32>
    }
  }
  return
}

func.func @dims_of_allocs(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc(%a, %b) : memref<?x?xf32>
  affine.for %i = 0 to 10 {
    %d0 = memref.dim %buf, %c0 : memref<?x?xf32>
    %local = memref.alloc(%d0) : memref<?xf32>
    %d1 = memref.dim %local, %c0 : memref<?xf32>
    affine.for %j = 0 to %d1 {
    }
    memref.dealloc %local : memref<?xf32>
  }
  return
}

func.func @apply_of_ivs(%m: memref<?xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (10, 10) {
    %k = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
    %v = affine.load %m[%k] : memref<?xf32>
  }
  return
}
