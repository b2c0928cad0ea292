// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --sccp | FileCheck %s

// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// Straight-line folding: every value known constant is replaced by a constant
// hoisted to the entry block (newest first), even when it ends up unused.
// CHECK: module {
// CHECK-NEXT:   func.func @straight_line(%arg0: i32) -> (i32, i32, i32) {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c0_i32 : i32
// CHECK-NEXT:     return %c6_i32, %0, %c6_i32 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @straight_line(%x: i32) -> (i32, i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %m = arith.muli %c2, %c3 : i32
  %z = arith.subi %x, %x : i32
  %same = arith.addi %x, %z : i32
  %s = arith.addi %m, %z : i32
  return %s, %same, %m : i32, i32, i32
}

// -----

// A constant condition makes one successor live; the dead block keeps its ops
// (SCCP never erases blocks), with its operands replaced where known.
// CHECK: module {
// CHECK-NEXT:   func.func @dead_block(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c16_i32 = arith.constant 16 : i32
// CHECK-NEXT:     %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     cf.cond_br %false, ^bb1, ^bb2(%c4_i32 : i32)
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %0 = arith.addi %arg0, %c4_i32 : i32
// CHECK-NEXT:     cf.br ^bb2(%0 : i32)
// CHECK-NEXT:   ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     return %c16_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @dead_block(%a: i32) -> i32 {
  %false = arith.constant false
  %c4 = arith.constant 4 : i32
  cf.cond_br %false, ^bb1, ^bb2(%c4 : i32)
^bb1:
  %d = arith.addi %a, %c4 : i32
  cf.br ^bb2(%d : i32)
^bb2(%r: i32):
  %r2 = arith.muli %r, %r : i32
  return %r2 : i32
}

// -----

// cf.switch on a constant flag takes the matching case (or the default).
// CHECK: module {
// CHECK-NEXT:   func.func @switch_case(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:     cf.switch %c7_i32 : i32, [
// CHECK-NEXT:       default: ^bb1(%arg0 : i32),
// CHECK-NEXT:       7: ^bb2(%c1_i32 : i32),
// CHECK-NEXT:       9: ^bb3(%c2_i32 : i32)
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb4(%0, %0 : i32, i32)
// CHECK-NEXT:   ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb4(%c1_i32, %c2_i32 : i32, i32)
// CHECK-NEXT:   ^bb3(%2: i32):  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb4(%2, %arg0 : i32, i32)
// CHECK-NEXT:   ^bb4(%3: i32, %4: i32):  // 3 preds: ^bb1, ^bb2, ^bb3
// CHECK-NEXT:     return %c1_i32, %c2_i32 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @switch_case(%a: i32) -> (i32, i32) {
  %flag = arith.constant 7 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.switch %flag : i32, [
    default: ^def(%a : i32),
    7: ^seven(%c1 : i32),
    9: ^nine(%c2 : i32)
  ]
^def(%x: i32):
  cf.br ^out(%x, %x : i32, i32)
^seven(%y: i32):
  cf.br ^out(%y, %c2 : i32, i32)
^nine(%z: i32):
  cf.br ^out(%z, %a : i32, i32)
^out(%p: i32, %q: i32):
  return %p, %q : i32, i32
}

// -----

// A loop in the CFG whose back edge carries the same constant stays constant;
// one that carries a changing value does not.
// CHECK: module {
// CHECK-NEXT:   func.func private @cond() -> i1
// CHECK-NEXT:   func.func @cfg_loop() -> (index, index) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     cf.br ^bb1(%c0, %c0 : index, index)
// CHECK-NEXT:   ^bb1(%0: index, %1: index):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     %2 = call @cond() : () -> i1
// CHECK-NEXT:     %3 = arith.addi %1, %c1 : index
// CHECK-NEXT:     cf.cond_br %2, ^bb1(%c0, %3 : index, index), ^bb2
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     return %c0, %1 : index, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func private @cond() -> i1

func.func @cfg_loop() -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %c0 : index, index)
^head(%same: index, %i: index):
  %t = call @cond() : () -> i1
  %next = arith.addi %i, %c1 : index
  %keep = arith.muli %same, %c1 : index
  cf.cond_br %t, ^head(%keep, %next : index, index), ^exit
^exit:
  return %same, %i : index, index
}

// -----

// scf.if: a constant condition selects one region; equal yields on both sides
// fold the result; the op is erased once all its results are replaced.
// CHECK: module {
// CHECK-NEXT:   func.func @scf_if(%arg0: i1, %arg1: f32) -> (f32, f32, f32) {
// CHECK-NEXT:     %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:     %cst_0 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %0 = scf.if %arg0 -> (f32) {
// CHECK-NEXT:       scf.yield %cst_0 : f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %cst : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %cst_0, %cst, %0 : f32, f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @scf_if(%c: i1, %a: f32) -> (f32, f32, f32) {
  %true = arith.constant true
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %r0 = scf.if %true -> f32 {
    scf.yield %one : f32
  } else {
    scf.yield %a : f32
  }
  %r1 = scf.if %c -> f32 {
    scf.yield %two : f32
  } else {
    %t = arith.addf %one, %one : f32
    scf.yield %t : f32
  }
  %r2 = scf.if %c -> f32 {
    scf.yield %one : f32
  } else {
    scf.yield %two : f32
  }
  return %r0, %r1, %r2 : f32, f32, f32
}

// -----

// scf.for: iter_args that stay constant fold, the induction variable is
// unknown; scf.for ignores its trip count (mlir-opt 22).
// CHECK: module {
// CHECK-NEXT:   func.func @scf_for(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<8xindex>) -> (i32, i32) {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0:2 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %c5_i32, %arg6 = %c5_i32) -> (i32, i32) {
// CHECK-NEXT:       %2 = arith.addi %arg6, %arg6 : i32
// CHECK-NEXT:       %3 = arith.addi %arg4, %c0 : index
// CHECK-NEXT:       memref.store %3, %arg3[%c1] : memref<8xindex>
// CHECK-NEXT:       scf.yield %c5_i32, %2 : i32, i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = scf.for %arg4 = %c0 to %c1 step %c1 iter_args(%arg5 = %c5_i32) -> (i32) {
// CHECK-NEXT:       %2 = arith.addi %arg5, %arg5 : i32
// CHECK-NEXT:       scf.yield %2 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %c5_i32, %1 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @scf_for(%lb: index, %ub: index, %st: index, %m: memref<8xindex>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 5 : i32
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %k, %b = %k) -> (i32, i32) {
    %z = arith.subi %a, %a : i32
    %a2 = arith.addi %a, %z : i32
    %b2 = arith.addi %b, %b : i32
    %j = arith.addi %i, %c0 : index
    memref.store %j, %m[%c1] : memref<8xindex>
    scf.yield %a2, %b2 : i32, i32
  }
  %once = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %k) -> (i32) {
    %a2 = arith.addi %a, %a : i32
    scf.yield %a2 : i32
  }
  return %r#0, %once : i32, i32
}

// -----

// scf.while: a condition known false never enters `after`; a condition known
// true never leaves, so the results stay unknown.
// CHECK: module {
// CHECK-NEXT:   func.func @scf_while(%arg0: index) -> (index, index) {
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c5 = arith.constant 5 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0 = scf.while (%arg1 = %c0) : (index) -> index {
// CHECK-NEXT:       scf.condition(%true) %c0 : index
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg1: index):
// CHECK-NEXT:       scf.yield %c0 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     return %c5, %0 : index, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @scf_while(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %r0 = scf.while (%i = %c5) : (index) -> index {
    %lt = arith.cmpi slt, %i, %c0 : index
    scf.condition(%lt) %i : index
  } do {
  ^bb0(%j: index):
    %j1 = arith.addi %j, %n : index
    scf.yield %j1 : index
  }
  %r1 = scf.while (%i = %c0) : (index) -> index {
    %ge = arith.cmpi sge, %i, %c0 : index
    scf.condition(%ge) %i : index
  } do {
  ^bb0(%j: index):
    scf.yield %c0 : index
  }
  return %r0, %r1 : index, index
}

// -----

// affine.for with a constant trip count: zero trips give the inits, one trip
// the body's yield; affine.if may take both branches.
// CHECK: #set = affine_set<(d0) : (d0 - 2 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @affine_loops(%arg0: index, %arg1: memref<4xf32>) -> (i64, i64, i64, i64) {
// CHECK-NEXT:     %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT:     %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT:     %c6_i64 = arith.constant 6 : i64
// CHECK-NEXT:     %c7_i64 = arith.constant 7 : i64
// CHECK-NEXT:     %c4_i64 = arith.constant 4 : i64
// CHECK-NEXT:     %c3_i64 = arith.constant 3 : i64
// CHECK-NEXT:     %0 = affine.for %arg2 = 0 to %arg0 iter_args(%arg3 = %c3_i64) -> (i64) {
// CHECK-NEXT:       %2 = arith.addi %arg3, %c4_i64 : i64
// CHECK-NEXT:       affine.yield %2 : i64
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = affine.if #set(%arg0) -> i64 {
// CHECK-NEXT:       affine.yield %c4_i64 : i64
// CHECK-NEXT:     } else {
// CHECK-NEXT:       affine.yield %c3_i64 : i64
// CHECK-NEXT:     }
// CHECK-NEXT:     return %c3_i64, %c7_i64, %0, %1 : i64, i64, i64, i64
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @affine_loops(%n: index, %m: memref<4xf32>) -> (i64, i64, i64, i64) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %z = affine.for %i = 0 to 0 iter_args(%a = %c3) -> (i64) {
    %a2 = arith.addi %a, %c4 : i64
    affine.yield %a2 : i64
  }
  %o = affine.for %i = 2 to 3 iter_args(%a = %c3) -> (i64) {
    %a2 = arith.addi %a, %c4 : i64
    affine.yield %a2 : i64
  }
  %u = affine.for %i = 0 to %n iter_args(%a = %c3) -> (i64) {
    %a2 = arith.addi %a, %c4 : i64
    affine.yield %a2 : i64
  }
  %f = affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%n) -> i64 {
    affine.yield %c4 : i64
  } else {
    %t = arith.addi %c3, %c3 : i64
    %t2 = arith.subi %t, %c3 : i64
    %t3 = arith.addi %t2, %c3 : i64
    %t4 = arith.subi %t3, %c3 : i64
    %t5 = arith.addi %t4, %c3 : i64
    %t6 = arith.subi %t5, %c3 : i64
    %t7 = arith.addi %t6, %c3 : i64
    %t8 = arith.subi %t7, %c3 : i64
    %t9 = arith.addi %t8, %c3 : i64
    %t10 = arith.subi %t9, %c3 : i64
    %t11 = arith.addi %t10, %c3 : i64
    %t12 = arith.subi %t11, %c4 : i64
    %t13 = arith.subi %t12, %c3 : i64
    %t14 = arith.addi %t13, %c4 : i64
    affine.yield %t14 : i64
  }
  return %z, %o, %u, %f : i64, i64, i64, i64
}

// -----

// Ops whose regions are not region control flow (scf.parallel, unregistered
// ops) get live bodies with unknown arguments and unknown results; constants
// inside still fold, into the function's entry block.
// CHECK: module {
// CHECK-NEXT:   func.func @other_regions(%arg0: memref<4xi32>) -> i32 {
// CHECK-NEXT:     %c36_i32 = arith.constant 36 : i32
// CHECK-NEXT:     %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     scf.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
// CHECK-NEXT:       memref.store %c36_i32, %arg0[%arg1] : memref<4xi32>
// CHECK-NEXT:       scf.reduce 
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = "foo.region"(%c1) ({
// CHECK-NEXT:     ^bb0(%arg1: index):
// CHECK-NEXT:       %c16_i32 = arith.constant 16 : i32
// CHECK-NEXT:       %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:       "foo.yield"(%c16_i32) : (i32) -> ()
// CHECK-NEXT:     }) : (index) -> i32
// CHECK-NEXT:     %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @other_regions(%m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %k = arith.constant 6 : i32
    %k2 = arith.muli %k, %k : i32
    memref.store %k2, %m[%i] : memref<4xi32>
  }
  %r = "foo.region"(%c1) ({
  ^bb0(%arg: index):
    %k = arith.constant 8 : i32
    %k2 = arith.addi %k, %k : i32
    "foo.yield"(%k2) : (i32) -> ()
  }) : (index) -> i32
  %s = arith.addi %r, %r : i32
  return %s : i32
}

// -----

// An unregistered terminator makes all its successors live with unknown
// arguments; scf.execute_region forwards the yields of its blocks.
// CHECK: module {
// CHECK-NEXT:   func.func @unknown_branch(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     "foo.br"(%c1_i32)[^bb1, ^bb2] : (i32) -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb2(%c1_i32 : i32)
// CHECK-NEXT:   ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     return %0, %c2_i32 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @unknown_branch(%a: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %e = scf.execute_region -> i32 {
    %t = arith.addi %c1, %c1 : i32
    cf.br ^b(%t : i32)
  ^b(%v: i32):
    scf.yield %v : i32
  }
  "foo.br"(%c1)[^x, ^y] : (i32) -> ()
^x:
  cf.br ^y(%c1 : i32)
^y(%p: i32):
  return %p, %e : i32, i32
}

// -----

// affine.apply folds when its map's result is a constant, whatever its
// operands (the map is simplified to a constant when parsed); folds to an
// operand are unknown when the operand is.
// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @affine_apply(%arg0: index) -> (index, index, index) {
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %0 = affine.apply #map(%arg0)
// CHECK-NEXT:     return %c4, %c4, %0 : index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @affine_apply(%n: index) -> (index, index, index) {
  %a = affine.apply affine_map<(d0) -> (d0 * 0 + 4)>(%n)
  %b = affine.apply affine_map<(d0)[s0] -> (s0)>(%n)[%a]
  %c = affine.apply affine_map<(d0) -> (d0)>(%n)
  return %a, %b, %c : index, index, index
}

// -----

// Constants of other dialects come from their own constant ops: func.constant
// for a function reference, ub.poison for poison (uniqued like the others).
// CHECK: module {
// CHECK-NEXT:   func.func private @callee(i32) -> i32
// CHECK-NEXT:   func.func @other_constants(%arg0: i32) -> (i32, f32, f32) {
// CHECK-NEXT:     %f = constant @callee : (i32) -> i32
// CHECK-NEXT:     %0 = ub.poison : f32
// CHECK-NEXT:     %1 = call_indirect %f(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %1, %0, %0 : i32, f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func private @callee(i32) -> i32

func.func @other_constants(%x: i32) -> (i32, f32, f32) {
  %p = ub.poison : f32
  %f = constant @callee : (i32) -> i32
  %r = call_indirect %f(%x) : (i32) -> i32
  %q = ub.poison {tag} : f32
  return %r, %p, %q : i32, f32, f32
}
