func.func @loads(%m: memref<4xi32>, %i: index) -> (i32, i32, i32) {
  %l1 = memref.load %m[%i] : memref<4xi32>
  %l2 = memref.load %m[%i] : memref<4xi32>
  memref.store %l1, %m[%i] : memref<4xi32>
  %l3 = memref.load %m[%i] : memref<4xi32>
  %l4 = memref.load %m[%i] : memref<4xi32>
  return %l2, %l3, %l4 : i32, i32, i32
}
