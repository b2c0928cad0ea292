func.func private @add(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}

func.func @main(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %slot = memref.alloca() : memref<i32>
  memref.store %x, %slot[] : memref<i32>
  %v = memref.load %slot[] : memref<i32>
  %t = arith.addi %c1, %c2 : i32
  %r = func.call @add(%v, %t) : (i32, i32) -> i32
  return %r : i32
}
