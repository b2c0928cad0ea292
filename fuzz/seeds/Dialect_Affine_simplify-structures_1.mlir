func.func @false_with_else(%a: index, %b: index) -> index {
  %r = affine.if affine_set<(d0) : (d0 - d0 - 1 >= 0)>(%a) -> index {
    affine.yield %a : index
  } else {
    affine.yield %b : index
  }
  return %r : index
}
