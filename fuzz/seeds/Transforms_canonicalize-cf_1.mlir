func.func @const_cond(%a: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  return %x : i32
^bb2:
  %c0 = arith.constant 0 : i32
  return %c0 : i32
}
