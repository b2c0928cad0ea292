func.func @hoist_from_if(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %c3 = arith.constant 3 : i32
    %s = arith.addi %x, %c3 : i32
    scf.yield %s : i32
  } else {
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %m = arith.muli %c3, %c4 : i32
    scf.yield %m : i32
  }
  return %r : i32
}
