// RUN: lattice opt %s --split-input-file '--canonicalize=max-iterations=1 region-simplify=aggressive' | FileCheck %s

// Identical blocks are merged and arguments that all predecessors feed the same value dropped.
// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// Unreachable blocks are erased, dead non-entry block arguments dropped.
// CHECK: module {
// CHECK-NEXT:   func.func @unreachable(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     cf.br ^bb3(%0 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:     cf.br ^bb3(%1 : i32)
// CHECK-NEXT:   ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
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

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @cond_br_args(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg2, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     return %arg1 : i32
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @cond_br_args(%a: i32, %b: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  return %y : i32
^bb2(%p: i32, %q: i32):
  %0 = arith.addi %q, %q : i32
  return %0 : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @identical(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg2, ^bb1(%arg0 : i32), ^bb1(%arg1 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:     %1 = arith.addi %0, %arg1 : i32
// CHECK-NEXT:     cf.br ^bb2
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @identical(%a: i32, %b: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %a, %b : i32
  cf.br ^bb3(%0 : i32)
^bb2:
  %1 = arith.addi %b, %b : i32
  cf.br ^bb3(%1 : i32)
^bb3(%x: i32):
  return %x : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @identical_ret(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg2, ^bb1(%arg0 : i32), ^bb1(%arg1 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @identical_ret(%a: i32, %b: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  return %b : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @switch_args(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     cf.switch %arg1 : i32, [
// CHECK-NEXT:       default: ^bb1,
// CHECK-NEXT:       42: ^bb1,
// CHECK-NEXT:       43: ^bb2
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     return %c5_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @switch_args(%a: i32, %flag: i32) -> i32 {
  cf.switch %flag : i32, [
    default: ^bb1(%a, %a : i32, i32),
    42: ^bb2(%a, %a : i32, i32),
    43: ^bb3(%a : i32)
  ]
^bb1(%x: i32, %y: i32):
  return %y : i32
^bb2(%p: i32, %q: i32):
  return %p : i32
^bb3(%z: i32):
  %c5 = arith.constant 5 : i32
  return %c5 : i32
}
