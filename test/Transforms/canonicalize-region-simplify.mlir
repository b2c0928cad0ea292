// RUN: lattice opt %s --split-input-file --canonicalize=region-simplify=disabled | FileCheck %s

// No region DCE: dead block arguments and dead cycles stay; unreachable blocks still go.
// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// Dead loop-carried cycle.
// CHECK: module {
// CHECK-NEXT:   func.func @dead_cycle(%arg0: i32, %arg1: i1) {
// CHECK-NEXT:     cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     %1 = arith.addi %0, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1(%1 : i32), ^bb2
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @dead_cycle(%a: i32, %n: i1) {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %0 = arith.addi %x, %a : i32
  cf.cond_br %n, ^bb1(%0 : i32), ^bb2
^bb2:
  return
}

// -----

// Unreachable blocks are erased, dead non-entry block arguments dropped.
// CHECK: module {
// CHECK-NEXT:   func.func @unreachable(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1(%arg0 : i32), ^bb2(%arg0, %arg0 : i32, i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:     cf.br ^bb3(%1, %0 : i32, i32)
// CHECK-NEXT:   ^bb2(%2: i32, %3: i32):  // pred: ^bb0
// CHECK-NEXT:     %4 = arith.muli %2, %3 : i32
// CHECK-NEXT:     cf.br ^bb3(%4, %3 : i32, i32)
// CHECK-NEXT:   ^bb3(%5: i32, %6: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     return %5 : i32
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
// CHECK-NEXT:   func.func @switch_args(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     cf.switch %arg1 : i32, [
// CHECK-NEXT:       default: ^bb1(%arg0, %arg0 : i32, i32),
// CHECK-NEXT:       42: ^bb2(%arg0, %arg0 : i32, i32),
// CHECK-NEXT:       43: ^bb3(%arg0 : i32)
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1(%0: i32, %1: i32):  // pred: ^bb0
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   ^bb2(%2: i32, %3: i32):  // pred: ^bb0
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   ^bb3(%4: i32):  // pred: ^bb0
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

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @cond_br_args(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg2, ^bb1(%arg0, %arg1 : i32, i32), ^bb2(%arg1, %arg0 : i32, i32)
// CHECK-NEXT:   ^bb1(%0: i32, %1: i32):  // pred: ^bb0
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   ^bb2(%2: i32, %3: i32):  // pred: ^bb0
// CHECK-NEXT:     %4 = arith.addi %3, %3 : i32
// CHECK-NEXT:     return %4 : i32
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
