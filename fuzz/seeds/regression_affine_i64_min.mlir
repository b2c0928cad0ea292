func.func @alone(%a: index, %b: index) -> index {
  %r = affine.if affine_set<(d0) : (d0 - d0 - 1 >= 9223372036854775807)>(%a) -> index {
    affine.yield %a : index
  } else {
    affine.yield %b : index
  }
  return %r : index
}
func.func @added(%a: index) -> index {
  %r = affine.apply affine_map<(d0) -> (d0 - 9223372036854775807 - 1)>(%a)
  return %r : index
}
func.func @coefficient(%a: index, %b: index) -> index {
  %r = affine.apply affine_map<(d0, d1) -> (d0 + d1 * (-9223372036854775807 - 1))>(%a, %b)
  return %r : index
}
