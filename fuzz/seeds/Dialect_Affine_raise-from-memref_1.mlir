func.func @arith(%m: memref<100x100xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  affine.for %i = 0 to 10 {
    %a = arith.muli %i, %c2 : index
    %b = arith.addi %a, %c1 : index
    %c = arith.addi %i, %n : index
    %d = arith.subi %c, %c1 : index
    %v = memref.load %m[%b, %d] : memref<100x100xf32>
    %e = arith.divsi %i, %c4 : index
    %f = arith.remsi %i, %c3 : index
    memref.store %v, %m[%e, %f] : memref<100x100xf32>
  }
  return
}
