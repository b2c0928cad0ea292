func.func @cond_br_args(%a: i32, %b: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  return %y : i32
^bb2(%p: i32, %q: i32):
  %0 = arith.addi %q, %q : i32
  return %0 : i32
}
