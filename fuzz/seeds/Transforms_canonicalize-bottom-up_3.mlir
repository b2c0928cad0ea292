func.func @dedup(%m: memref<4xi32>) {
  %c1 = arith.constant 1 : index
  %v1 = arith.constant 7 : i32
  memref.store %v1, %m[%c1] : memref<4xi32>
  %c1b = arith.constant 1 : index
  %v2 = arith.constant 7 : i32
  memref.store %v2, %m[%c1b] : memref<4xi32>
  %c2 = arith.constant 2 : index
  memref.store %v2, %m[%c2] : memref<4xi32>
  return
}
