func.func @unreachable(%a: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a, %a : i32, i32)
^bb1(%x: i32):
  %0 = arith.addi %x, %x : i32
  cf.br ^bb3(%0, %x : i32, i32)
^bb2(%y: i32, %z: i32):
  %1 = arith.muli %y, %z : i32
  cf.br ^bb3(%1, %z : i32, i32)
^bb3(%p: i32, %q: i32):
  return %p : i32
^bb4:
  %2 = arith.muli %a, %a : i32
  cf.br ^bb3(%2, %2 : i32, i32)
}
