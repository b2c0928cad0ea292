func.func @single_loop_partly_invariant(%m: memref<100xf32>, %x: index) {
  %cf = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    %c = arith.addi %x, %x : index
    %d = arith.addi %i, %c : index
    memref.store %cf, %m[%d] : memref<100xf32>
  }
  return
}
