func.func @merge(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %0 = arith.addi %x, %c1 : i32
  cf.br ^bb2
^bb2:
  return %0 : i32
}
