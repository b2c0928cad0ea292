func.func @dead_cycle(%a: i32, %n: i1) {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %0 = arith.addi %x, %a : i32
  cf.cond_br %n, ^bb1(%0 : i32), ^bb2
^bb2:
  return
}
