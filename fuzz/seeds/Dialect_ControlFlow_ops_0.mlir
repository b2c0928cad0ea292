func.func @branches(%a: i32, %c: i1) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  cf.cond_br %c, ^bb2, ^bb3(%x, %x : i32, i32)
^bb2:
  cf.cond_br %c weights([1, 2]), ^bb1(%x : i32), ^bb2
^bb3(%p: i32, %q: i32):
  cf.cond_br %c, ^bb4, ^bb5 {branch_weights = array<i32: 3, 4>}
^bb4:
  cf.br ^bb5 {tag}
^bb5:
  return %a : i32
}

func.func @assert(%c: i1) {
  cf.assert %c, "oops \"quoted\""
  cf.assert %c, "tagged" {tag}
  return
}

func.func @switch(%a: i32, %b: i8) {
  cf.switch %a : i32, [
    default: ^bb1(%a : i32),
    42: ^bb2,
    43: ^bb3(%a, %a : i32, i32)
  ]
^bb1(%x: i32):
  cf.switch %b : i8, [
    default: ^bb2,
    -3: ^bb2,
    200: ^bb3(%a, %a : i32, i32)
  ]
^bb2:
  cf.switch %a : i32, [
    default: ^bb4
  ]
^bb3(%p: i32, %q: i32):
  cf.switch %a : i32, [default: ^bb4] {tag}
^bb4:
  return
}
