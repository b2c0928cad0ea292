// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --mem2reg | FileCheck %s
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(mem2reg))' | FileCheck %s

// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// Control flow: block arguments at the merge points where the slot's value is
// live, each edge forwarding the value reaching the end of its block (ub.poison
// where nothing was stored).

// CHECK: module {
// CHECK-NEXT:   func.func @diamond(%arg0: i1) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     cf.br ^bb3(%c1_i32 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     cf.br ^bb3(%c2_i32 : i32)
// CHECK-NEXT:   ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @diamond(%cond: i1) -> i32 {
  %s = memref.alloca() : memref<i32>
  cf.cond_br %cond, ^left, ^right
^left:
  %c1 = arith.constant 1 : i32
  memref.store %c1, %s[] : memref<i32>
  cf.br ^join
^right:
  %c2 = arith.constant 2 : i32
  memref.store %c2, %s[] : memref<i32>
  cf.br ^join
^join:
  %v = memref.load %s[] : memref<i32>
  return %v : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @one_side(%arg0: i1, %arg1: f32) -> f32 {
// CHECK-NEXT:     %0 = ub.poison : f32
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2(%0 : f32)
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb2(%arg1 : f32)
// CHECK-NEXT:   ^bb2(%1: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     return %1 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @one_side(%cond: i1, %x: f32) -> f32 {
  %s = memref.alloca() : memref<f32>
  cf.cond_br %cond, ^then, ^join
^then:
  memref.store %x, %s[] : memref<f32>
  cf.br ^join
^join:
  %v = memref.load %s[] : memref<f32>
  return %v : f32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @loop(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     cf.br ^bb1(%c0_i32, %c0_i32 : i32, i32)
// CHECK-NEXT:   ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:     %2 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %2, ^bb2, ^bb3
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     %3 = arith.addi %1, %0 : i32
// CHECK-NEXT:     %4 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT:     cf.br ^bb1(%4, %3 : i32, i32)
// CHECK-NEXT:   ^bb3:  // pred: ^bb1
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @loop(%n: i32) -> i32 {
  %sum = memref.alloca() : memref<i32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  memref.store %c0, %sum[] : memref<i32>
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %old = memref.load %sum[] : memref<i32>
  %new = arith.addi %old, %i : i32
  memref.store %new, %sum[] : memref<i32>
  %next = arith.addi %i, %c1 : i32
  cf.br ^head(%next : i32)
^exit:
  %r = memref.load %sum[] : memref<i32>
  return %r : i32
}

// -----

// Not live at the join: no block argument.

// CHECK: module {
// CHECK-NEXT:   func.func @dead_join(%arg0: i1) {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     cf.br ^bb3
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     cf.br ^bb3
// CHECK-NEXT:   ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @dead_join(%cond: i1) {
  %s = memref.alloca() : memref<i32>
  cf.cond_br %cond, ^a, ^b
^a:
  %c1 = arith.constant 1 : i32
  memref.store %c1, %s[] : memref<i32>
  cf.br ^join
^b:
  %c2 = arith.constant 2 : i32
  memref.store %c2, %s[] : memref<i32>
  cf.br ^join
^join:
  return
}

// -----

// Two slots: arguments in promotion order, after the block's own.

// CHECK: module {
// CHECK-NEXT:   func.func @two_slots(%arg0: i1) -> (i32, f32) {
// CHECK-NEXT:     %0 = ub.poison : f32
// CHECK-NEXT:     %1 = ub.poison : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2(%c1_i32, %1, %0 : i32, i32, f32)
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb2(%c1_i32, %c1_i32, %cst : i32, i32, f32)
// CHECK-NEXT:   ^bb2(%2: i32, %3: i32, %4: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     return %3, %4 : i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @two_slots(%cond: i1) -> (i32, f32) {
  %a = memref.alloca() : memref<i32>
  %b = memref.alloca() : memref<f32>
  %c1 = arith.constant 1 : i32
  %f1 = arith.constant 1.0 : f32
  cf.cond_br %cond, ^then, ^join(%c1 : i32)
^then:
  memref.store %c1, %a[] : memref<i32>
  memref.store %f1, %b[] : memref<f32>
  cf.br ^join(%c1 : i32)
^join(%x: i32):
  %v = memref.load %a[] : memref<i32>
  %w = memref.load %b[] : memref<f32>
  return %v, %w : i32, f32
}

// -----

// Both edges of a cond_br to the same merge point, and a self loop.

// CHECK: module {
// CHECK-NEXT:   func.func @same_target(%arg0: i1) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1(%c1_i32 : i32), ^bb1(%c1_i32 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
// CHECK-NEXT:     %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1(%1 : i32), ^bb2
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @same_target(%cond: i1) -> i32 {
  %s = memref.alloca() : memref<i32>
  %c1 = arith.constant 1 : i32
  memref.store %c1, %s[] : memref<i32>
  cf.cond_br %cond, ^loop, ^loop
^loop:
  %v = memref.load %s[] : memref<i32>
  %w = arith.addi %v, %v : i32
  memref.store %w, %s[] : memref<i32>
  cf.cond_br %cond, ^loop, ^exit
^exit:
  %r = memref.load %s[] : memref<i32>
  return %r : i32
}

// -----

// An unreachable block: its loads read poison, its edges forward poison.

// CHECK: module {
// CHECK-NEXT:   func.func @unreachable(%arg0: i1) -> i32 {
// CHECK-NEXT:     %0 = ub.poison : i32
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     cf.br ^bb4(%c1_i32 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     cf.br ^bb4(%c2_i32 : i32)
// CHECK-NEXT:   ^bb3:  // no predecessors
// CHECK-NEXT:     %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:     cf.br ^bb4(%0 : i32)
// CHECK-NEXT:   ^bb4(%2: i32):  // 3 preds: ^bb1, ^bb2, ^bb3
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @unreachable(%cond: i1) -> i32 {
  %s = memref.alloca() : memref<i32>
  cf.cond_br %cond, ^a, ^b
^a:
  %c1 = arith.constant 1 : i32
  memref.store %c1, %s[] : memref<i32>
  cf.br ^join
^b:
  %c2 = arith.constant 2 : i32
  memref.store %c2, %s[] : memref<i32>
  cf.br ^join
^dead:
  %u = memref.load %s[] : memref<i32>
  %c3 = arith.addi %u, %u : i32
  memref.store %c3, %s[] : memref<i32>
  cf.br ^join
^join:
  %v = memref.load %s[] : memref<i32>
  return %v : i32
}

// -----

// The alloca in a later block: ub.poison goes at the start of that block.

// CHECK: module {
// CHECK-NEXT:   func.func @later_block(%arg0: i1) -> i32 {
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %0 = ub.poison : i32
// CHECK-NEXT:     cf.cond_br %arg0, ^bb2, ^bb3(%0 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:     cf.br ^bb3(%1 : i32)
// CHECK-NEXT:   ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @later_block(%cond: i1) -> i32 {
  cf.br ^start
^start:
  %s = memref.alloca() : memref<i32>
  %v = memref.load %s[] : memref<i32>
  cf.cond_br %cond, ^then, ^join
^then:
  %w = arith.addi %v, %v : i32
  memref.store %w, %s[] : memref<i32>
  cf.br ^join
^join:
  %r = memref.load %s[] : memref<i32>
  return %r : i32
}

// -----

// cf.switch edges forward the value like branches do.

// CHECK: module {
// CHECK-NEXT:   func.func @switch(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     cf.switch %arg0 : i32, [
// CHECK-NEXT:       default: ^bb2(%arg1 : i32),
// CHECK-NEXT:       0: ^bb1,
// CHECK-NEXT:       1: ^bb2(%arg1 : i32)
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb2(%arg2 : i32)
// CHECK-NEXT:   ^bb2(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb1
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @switch(%flag: i32, %x: i32, %y: i32) -> i32 {
  %s = memref.alloca() : memref<i32>
  memref.store %x, %s[] : memref<i32>
  cf.switch %flag : i32, [
    default: ^join,
    0: ^zero,
    1: ^join
  ]
^zero:
  memref.store %y, %s[] : memref<i32>
  cf.br ^join
^join:
  %v = memref.load %s[] : memref<i32>
  return %v : i32
}

// -----

// A merge point reached from a terminator that forwards no operands: the slot
// stays.

// CHECK: module {
// CHECK-NEXT:   func.func @opaque_edge(%arg0: i32) -> i32 {
// CHECK-NEXT:     %alloca = memref.alloca() : memref<i32>
// CHECK-NEXT:     "foo.br"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     memref.store %arg0, %alloca[] : memref<i32>
// CHECK-NEXT:     cf.br ^bb2
// CHECK-NEXT:   ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     %0 = memref.load %alloca[] : memref<i32>
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @opaque_edge(%x: i32) -> i32 {
  %s = memref.alloca() : memref<i32>
  "foo.br"()[^a, ^join] : () -> ()
^a:
  memref.store %x, %s[] : memref<i32>
  cf.br ^join
^join:
  %v = memref.load %s[] : memref<i32>
  return %v : i32
}
