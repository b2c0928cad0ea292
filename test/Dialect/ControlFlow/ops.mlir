// RUN: lattice opt %s | FileCheck %s

// CHECK-LABEL: func.func @branches(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT: cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: cf.cond_br %arg1, ^bb2, ^bb3(%0, %0 : i32, i32)
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: cf.cond_br %arg1 weights([1, 2]), ^bb1(%0 : i32), ^bb2
// CHECK-NEXT: ^bb3(%1: i32, %2: i32):  // pred: ^bb1
// CHECK-NEXT: cf.cond_br %arg1 weights([3, 4]), ^bb4, ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: cf.br ^bb5 {tag}
// CHECK-NEXT: ^bb5:  // 2 preds: ^bb3, ^bb4
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
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

// CHECK-LABEL: func.func @assert(%arg0: i1) {
// CHECK-NEXT: cf.assert %arg0, "oops \22quoted\22"
// CHECK-NEXT: cf.assert %arg0, "tagged" {tag}
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert(%c: i1) {
  cf.assert %c, "oops \"quoted\""
  cf.assert %c, "tagged" {tag}
  return
}

// CHECK-LABEL: func.func @switch(%arg0: i32, %arg1: i8) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg0 : i32),
// CHECK-NEXT: 42: ^bb2,
// CHECK-NEXT: 43: ^bb3(%arg0, %arg0 : i32, i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.switch %arg1 : i8, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 253: ^bb2,
// CHECK-NEXT: 200: ^bb3(%arg0, %arg0 : i32, i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb1
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb4]
// CHECK-NEXT: ^bb3(%1: i32, %2: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb4] {tag}
// CHECK-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT: return
// CHECK-NEXT: }
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
