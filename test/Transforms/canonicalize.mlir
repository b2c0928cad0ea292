// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --canonicalize | FileCheck %s
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s

// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// Merging a block into its only predecessor.
// CHECK: module {
// CHECK-NEXT:   func.func @merge(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @merge(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %0 = arith.addi %x, %c1 : i32
  cf.br ^bb2
^bb2:
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
// CHECK-NEXT:   func.func @nested_regions(%arg0: memref<8xf32>, %arg1: f32) {
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     scf.for %arg2 = %c0 to %c8 step %c1 {
// CHECK-NEXT:       memref.store %arg1, %arg0[%c4] : memref<8xf32>
// CHECK-NEXT:       scf.for %arg3 = %c0 to %c8 step %c1 {
// CHECK-NEXT:         memref.store %arg1, %arg0[%c2] : memref<8xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @nested_regions(%m: memref<8xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %c2 = arith.constant 2 : index
    %j = arith.muli %i, %c2 : index
    %k = arith.muli %c2, %c2 : index
    %unused = arith.addf %f, %f : f32
    memref.store %f, %m[%k] : memref<8xf32>
    scf.for %t = %c0 to %c8 step %c1 {
      %c2b = arith.constant 2 : index
      memref.store %f, %m[%c2b] : memref<8xf32>
    }
  }
  return
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @commutative(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c7_i32 : i32
// CHECK-NEXT:     %1 = arith.muli %arg1, %c7_i32 : i32
// CHECK-NEXT:     return %0, %1, %c7_i32 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @commutative(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c7 = arith.constant 7 : i32
  %0 = arith.addi %c7, %x : i32
  %1 = arith.muli %c7, %y : i32
  %2 = arith.andi %c7, %c7 : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @constants_order(%arg0: index) -> (index, index, index, index) {
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : index
// CHECK-NEXT:     %1 = arith.addi %0, %c3 : index
// CHECK-NEXT:     %2 = arith.muli %1, %c2 : index
// CHECK-NEXT:     return %2, %c1, %c3, %0 : index, index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @constants_order(%x: index) -> (index, index, index, index) {
  %a = arith.addi %x, %x : index
  %c3 = arith.constant 3 : index
  %b = arith.addi %a, %c3 : index
  %c1 = arith.constant 1 : index
  %c3b = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %d = arith.muli %b, %c2 : index
  return %d, %c1, %c3b, %a : index, index, index, index
}

// -----

// Unreachable blocks are erased, dead non-entry block arguments dropped.
// CHECK: module {
// CHECK-NEXT:   func.func @unreachable(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1(%arg0 : i32), ^bb2(%arg0, %arg0 : i32, i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:     cf.br ^bb3(%1 : i32)
// CHECK-NEXT:   ^bb2(%2: i32, %3: i32):  // pred: ^bb0
// CHECK-NEXT:     %4 = arith.muli %2, %3 : i32
// CHECK-NEXT:     cf.br ^bb3(%4 : i32)
// CHECK-NEXT:   ^bb3(%5: i32):  // 2 preds: ^bb1, ^bb2
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

// Dead ops with recursive effects.
// CHECK: module {
// CHECK-NEXT:   func.func @dead_loops(%arg0: memref<4xf32>, %arg1: index) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     scf.for %arg2 = %c0 to %arg1 step %c1 {
// CHECK-NEXT:       %0 = memref.load %arg0[%arg2] : memref<4xf32>
// CHECK-NEXT:       memref.store %0, %arg0[%c0] : memref<4xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @dead_loops(%m: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.addi %i, %i : index
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<4xf32>
    memref.store %v, %m[%c0] : memref<4xf32>
  }
  return
}

// -----

// Symbols and terminators are never trivially dead.
// CHECK: module {
// CHECK-NEXT:   func.func private @unused_private()
// CHECK-NEXT:   func.func @f() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
module {
  func.func private @unused_private()
  func.func @f() {
    %c = arith.constant 1 : i32
    return
  }
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @switch_args(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     cf.switch %arg1 : i32, [
// CHECK-NEXT:       default: ^bb1(%arg0 : i32),
// CHECK-NEXT:       42: ^bb2(%arg0 : i32),
// CHECK-NEXT:       43: ^bb3
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   ^bb3:  // pred: ^bb0
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
// CHECK-NEXT:     cf.cond_br %arg2, ^bb1(%arg1 : i32), ^bb2(%arg0 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:     %2 = arith.addi %1, %1 : i32
// CHECK-NEXT:     return %2 : i32
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
// CHECK-NEXT:   func.func @hoist_from_if(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:     %c12_i32 = arith.constant 12 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:       %1 = arith.addi %arg1, %c3_i32 : i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %c12_i32 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
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

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @float_fold() -> (f32, f64) {
// CHECK-NEXT:     %cst = arith.constant 3.750000e+00 : f32
// CHECK-NEXT:     %cst_0 = arith.constant 9.000000e+00 : f64
// CHECK-NEXT:     return %cst, %cst_0 : f32, f64
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @float_fold() -> (f32, f64) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.25 : f32
  %s = arith.addf %a, %b : f32
  %c = arith.constant 3.0 : f64
  %d = arith.mulf %c, %c : f64
  return %s, %d : f32, f64
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @vector_fold() -> vector<4xi32> {
// CHECK-NEXT:     %cst = arith.constant dense<[4, 5, 6, 7]> : vector<4xi32>
// CHECK-NEXT:     return %cst : vector<4xi32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @vector_fold() -> vector<4xi32> {
  %a = arith.constant dense<3> : vector<4xi32>
  %b = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %s = arith.addi %a, %b : vector<4xi32>
  return %s : vector<4xi32>
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @cmp_select(%arg0: i32) -> (i1, i32) {
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     return %true, %arg0 : i1, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @cmp_select(%x: i32) -> (i1, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %t = arith.cmpi slt, %c1, %c2 : i32
  %s = arith.select %t, %x, %c1 : i32
  return %t, %s : i1, i32
}

// -----

// Folding inside loops; constants hoisted out of non-isolated regions.
// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: i32, %arg1: memref<4xi32>) -> i32 {
// CHECK-NEXT:     %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c10 = arith.constant 10 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT:     %1 = arith.muli %0, %c3_i32 : i32
// CHECK-NEXT:     %2 = scf.for %arg2 = %c0 to %c10 step %c1 iter_args(%arg3 = %1) -> (i32) {
// CHECK-NEXT:       %3 = arith.addi %arg3, %c6_i32 : i32
// CHECK-NEXT:       scf.yield %3 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%x: i32, %m: memref<4xi32>) -> i32 {
  %a = arith.addi %x, %x : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %t = arith.addi %c2, %x : i32
  %u = arith.muli %t, %s : i32
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1i = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c10 step %c1i iter_args(%acc = %u) -> i32 {
    %k = arith.addi %c1, %c2 : i32
    %k2 = arith.muli %k, %c2 : i32
    %n = arith.addi %acc, %k2 : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// -----

// Duplicate constants are uniqued; the survivor keeps the first position.
// CHECK: module {
// CHECK-NEXT:   func.func @dedup(%arg0: memref<4xi32>) {
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:     memref.store %c7_i32, %arg0[%c1] : memref<4xi32>
// CHECK-NEXT:     memref.store %c7_i32, %arg0[%c1] : memref<4xi32>
// CHECK-NEXT:     memref.store %c7_i32, %arg0[%c2] : memref<4xi32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @dedup(%m: memref<4xi32>) {
  %c1 = arith.constant 1 : index
  %v1 = arith.constant 7 : i32
  memref.store %v1, %m[%c1] : memref<4xi32>
  %c1b = arith.constant 1 : index
  %v2 = arith.constant 7 : i32
  memref.store %v2, %m[%c1b] : memref<4xi32>
  %c2 = arith.constant 2 : index
  memref.store %v2, %m[%c2] : memref<4xi32>
  return
}

// -----

// A self-referencing op is legal in unreachable code; the block goes first.
// CHECK: module {
// CHECK-NEXT:   func.func @unreachable_self_use() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @unreachable_self_use() {
  return
^bb1:
  %c1_i64 = arith.constant 1 : i64
  %add = arith.addi %add, %c1_i64 : i64
  cf.br ^bb1
}

// -----

// Constants in the same block but out of place move to the front, in reverse order.
// CHECK: module {
// CHECK-NEXT:   func.func @reorder(%arg0: memref<4xindex>, %arg1: index) {
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     memref.store %arg1, %arg0[%arg1] : memref<4xindex>
// CHECK-NEXT:     memref.store %c3, %arg0[%arg1] : memref<4xindex>
// CHECK-NEXT:     memref.store %c1, %arg0[%c2] : memref<4xindex>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @reorder(%m: memref<4xindex>, %i: index) {
  memref.store %i, %m[%i] : memref<4xindex>
  %c3 = arith.constant 3 : index
  memref.store %c3, %m[%i] : memref<4xindex>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  memref.store %c1, %m[%c2] : memref<4xindex>
  return
}

// -----

// Side-effecting ops stay; unused pure ops and allocations go.
// CHECK: module {
// CHECK-NEXT:   func.func @effects(%arg0: memref<4xf32>, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT:     memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:     %0 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @effects(%m: memref<4xf32>, %i: index, %f: f32) -> f32 {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = memref.alloc() : memref<8xf32>
  memref.store %f, %m[%i] : memref<4xf32>
  %2 = arith.mulf %f, %f : f32
  %3 = memref.load %m[%i] : memref<4xf32>
  return %3 : f32
}

// -----

// Nothing to do for ops of unknown dialects.
// CHECK: module {
// CHECK-NEXT:   func.func @unregistered(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = "test.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:     %1 = "test.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @unregistered(%a: i32) -> i32 {
  %0 = "test.op"(%a) : (i32) -> i32
  %1 = "test.op"(%a) : (i32) -> i32
  %c0 = arith.constant 0 : i32
  %2 = arith.addi %0, %c0 : i32
  return %2 : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @nested_if_constants(%arg0: i1, %arg1: i1, %arg2: index) -> index {
// CHECK-NEXT:     %c6 = arith.constant 6 : index
// CHECK-NEXT:     %c5 = arith.constant 5 : index
// CHECK-NEXT:     %0 = scf.if %arg0 -> (index) {
// CHECK-NEXT:       %1 = scf.if %arg1 -> (index) {
// CHECK-NEXT:         %2 = arith.addi %arg2, %c5 : index
// CHECK-NEXT:         scf.yield %2 : index
// CHECK-NEXT:       } else {
// CHECK-NEXT:         scf.yield %c6 : index
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %1 : index
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %c5 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @nested_if_constants(%c: i1, %d: i1, %x: index) -> index {
  %r = scf.if %c -> index {
    %s = scf.if %d -> index {
      %c5 = arith.constant 5 : index
      %t = arith.addi %x, %c5 : index
      scf.yield %t : index
    } else {
      %c6 = arith.constant 6 : index
      scf.yield %c6 : index
    }
    scf.yield %s : index
  } else {
    %c5 = arith.constant 5 : index
    scf.yield %c5 : index
  }
  return %r : index
}
