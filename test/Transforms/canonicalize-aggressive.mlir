// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --canonicalize=region-simplify=aggressive | FileCheck %s

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

// Dead loop-carried cycle.
// CHECK: module {
// CHECK-NEXT:   func.func @dead_cycle(%arg0: i32, %arg1: i1) {
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2
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

// CHECK: module {
// CHECK-NEXT:   func.func @identical(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:     %0 = arith.select %arg2, %arg0, %arg1 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %arg1 : i32
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
// CHECK-NEXT:     %0 = arith.select %arg2, %arg0, %arg1 : i32
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
// CHECK-NEXT:   func.func @loop(%arg0: index) -> index {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     cf.br ^bb1(%c0, %c0 : index, index)
// CHECK-NEXT:   ^bb1(%0: index, %1: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:     %2 = arith.cmpi slt, %0, %arg0 : index
// CHECK-NEXT:     cf.cond_br %2, ^bb2, ^bb3
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     %3 = arith.addi %1, %0 : index
// CHECK-NEXT:     %4 = arith.addi %0, %c1 : index
// CHECK-NEXT:     cf.br ^bb1(%4, %3 : index, index)
// CHECK-NEXT:   ^bb3:  // pred: ^bb1
// CHECK-NEXT:     return %1 : index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %c0 : index, index)
^header(%i: index, %acc: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %acc2 = arith.addi %acc, %i : index
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %acc2 : index, index)
^exit:
  return %acc : index
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @agg_identical(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:     %0 = arith.select %arg2, %arg0, %arg1 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %arg1 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @agg_identical(%a: i32, %b: i32, %c: i1) -> i32 {
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
// CHECK-NEXT:   func.func @three(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) -> i32 {
// CHECK-NEXT:     cf.switch %arg3 : i32, [
// CHECK-NEXT:       default: ^bb1(%arg0 : i32),
// CHECK-NEXT:       1: ^bb1(%arg1 : i32),
// CHECK-NEXT:       2: ^bb1(%arg2 : i32)
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb0
// CHECK-NEXT:     %1 = arith.addi %0, %arg1 : i32
// CHECK-NEXT:     "test.use"(%1, %0) : (i32, i32) -> ()
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @three(%a: i32, %b: i32, %d: i32, %f: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3
  ]
^bb1:
  %0 = arith.addi %a, %b : i32
  "test.use"(%0, %a) : (i32, i32) -> ()
  return %0 : i32
^bb2:
  %1 = arith.addi %b, %b : i32
  "test.use"(%1, %b) : (i32, i32) -> ()
  return %1 : i32
^bb3:
  %2 = arith.addi %d, %b : i32
  "test.use"(%2, %d) : (i32, i32) -> ()
  return %2 : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @loopy(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     %1 = arith.addi %0, %arg0 : i32
// CHECK-NEXT:     "test.use"(%1) : (i32) -> ()
// CHECK-NEXT:     cf.br ^bb1(%1 : i32)
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @loopy(%a: i32, %c: i1) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %0 = arith.addi %x, %a : i32
  cf.cond_br %c, ^bb2(%0 : i32), ^bb3(%0 : i32)
^bb2(%y: i32):
  "test.use"(%y) : (i32) -> ()
  cf.br ^bb1(%y : i32)
^bb3(%z: i32):
  "test.use"(%z) : (i32) -> ()
  cf.br ^bb1(%z : i32)
}
