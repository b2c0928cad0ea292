func.func @opaque(%n: index) {
  affine.for %i = 0 to %n {
    "test.unknown"(%i) {tag = "kept"} : (index) -> ()
  }
  return
}
