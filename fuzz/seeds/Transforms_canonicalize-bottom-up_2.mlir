func.func @nested_regions(%m: memref<8xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %c2 = arith.constant 2 : index
    %j = arith.muli %i, %c2 : index
    %k = arith.muli %c2, %c2 : index
    %unused = arith.addf %f, %f : f32
    memref.store %f, %m[%k] : memref<8xf32>
    scf.for %t = %c0 to %c8 step %c1 {
      %c2b = arith.constant 2 : index
      memref.store %f, %m[%c2b] : memref<8xf32>
    }
  }
  return
}
