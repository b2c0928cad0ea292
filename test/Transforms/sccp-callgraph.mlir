// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --sccp | FileCheck %s
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect '--pass-pipeline=builtin.module(func.func(sccp))' | FileCheck %s --check-prefix=FUNC

// CHECK lines are mlir-opt's (LLVM 22) output on each case (prefix CHECK with the pass on the module, FUNC with it on each function).

// A private callee called with one constant gets it as its argument, and its
// constant result flows back to the caller; the call itself stays.
// CHECK: module {
// CHECK-NEXT:   func.func private @add_one(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c41_i32 = arith.constant 41 : i32
// CHECK-NEXT:     %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     return %c42_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @caller() -> i32 {
// CHECK-NEXT:     %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT:     %c41_i32 = arith.constant 41 : i32
// CHECK-NEXT:     %0 = call @add_one(%c41_i32) : (i32) -> i32
// CHECK-NEXT:     return %c42_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// FUNC: module {
// FUNC-NEXT:   func.func private @add_one(%arg0: i32) -> i32 {
// FUNC-NEXT:     %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32
// FUNC-NEXT:     return %0 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @caller() -> i32 {
// FUNC-NEXT:     %c41_i32 = arith.constant 41 : i32
// FUNC-NEXT:     %0 = call @add_one(%c41_i32) : (i32) -> i32
// FUNC-NEXT:     return %0 : i32
// FUNC-NEXT:   }
// FUNC-NEXT: }
func.func private @add_one(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.addi %x, %c1 : i32
  return %r : i32
}

func.func @caller() -> i32 {
  %c41 = arith.constant 41 : i32
  %r = call @add_one(%c41) : (i32) -> i32
  return %r : i32
}

// -----

// Two callers passing different constants make the argument unknown; a public
// callee's arguments are always unknown, but its constant results still flow.
// CHECK: module {
// CHECK-NEXT:   func.func private @id(%arg0: i32) -> i32 {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @pub(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:     return %arg0, %c9_i32 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @two_callers() -> (i32, i32, i32) {
// CHECK-NEXT:     %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = call @id(%c1_i32) : (i32) -> i32
// CHECK-NEXT:     %1 = call @id(%c2_i32) : (i32) -> i32
// CHECK-NEXT:     %2:2 = call @pub(%c1_i32) : (i32) -> (i32, i32)
// CHECK-NEXT:     return %0, %1, %c9_i32 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// FUNC: module {
// FUNC-NEXT:   func.func private @id(%arg0: i32) -> i32 {
// FUNC-NEXT:     return %arg0 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @pub(%arg0: i32) -> (i32, i32) {
// FUNC-NEXT:     %c9_i32 = arith.constant 9 : i32
// FUNC-NEXT:     return %arg0, %c9_i32 : i32, i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @two_callers() -> (i32, i32, i32) {
// FUNC-NEXT:     %c2_i32 = arith.constant 2 : i32
// FUNC-NEXT:     %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT:     %0 = call @id(%c1_i32) : (i32) -> i32
// FUNC-NEXT:     %1 = call @id(%c2_i32) : (i32) -> i32
// FUNC-NEXT:     %2:2 = call @pub(%c1_i32) : (i32) -> (i32, i32)
// FUNC-NEXT:     return %0, %1, %2#1 : i32, i32, i32
// FUNC-NEXT:   }
// FUNC-NEXT: }
func.func private @id(%x: i32) -> i32 {
  return %x : i32
}

func.func @pub(%x: i32) -> (i32, i32) {
  %c9 = arith.constant 9 : i32
  return %x, %c9 : i32, i32
}

func.func @two_callers() -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = call @id(%c1) : (i32) -> i32
  %b = call @id(%c2) : (i32) -> i32
  %p:2 = call @pub(%c1) : (i32) -> (i32, i32)
  return %a, %b, %p#1 : i32, i32, i32
}

// -----

// A callee referenced other than by a call has unknown callers; a private
// callee nobody calls is left alone (its body is dead).
// CHECK: module {
// CHECK-NEXT:   func.func private @taken(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c3_i32 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @never_called() -> i32 {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = arith.addi %c3_i32, %c3_i32 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @use(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %0 = call @taken(%c0_i32) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   "foo.keep"() {ref = @taken} : () -> ()
// CHECK-NEXT: }
// FUNC: module {
// FUNC-NEXT:   func.func private @taken(%arg0: i32) -> i32 {
// FUNC-NEXT:     %c3_i32 = arith.constant 3 : i32
// FUNC-NEXT:     %0 = arith.addi %arg0, %c3_i32 : i32
// FUNC-NEXT:     return %0 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func private @never_called() -> i32 {
// FUNC-NEXT:     %c6_i32 = arith.constant 6 : i32
// FUNC-NEXT:     %c3_i32 = arith.constant 3 : i32
// FUNC-NEXT:     return %c6_i32 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @use(%arg0: i32) -> i32 {
// FUNC-NEXT:     %c0_i32 = arith.constant 0 : i32
// FUNC-NEXT:     %0 = call @taken(%c0_i32) : (i32) -> i32
// FUNC-NEXT:     return %0 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   "foo.keep"() {ref = @taken} : () -> ()
// FUNC-NEXT: }
func.func private @taken(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %r = arith.addi %x, %c3 : i32
  return %r : i32
}

func.func private @never_called() -> i32 {
  %c3 = arith.constant 3 : i32
  %r = arith.addi %c3, %c3 : i32
  return %r : i32
}

func.func @use(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = call @taken(%c0) : (i32) -> i32
  return %r : i32
}

"foo.keep"() {ref = @taken} : () -> ()

// -----

// Recursion: the argument stays constant around the cycle, and a branch on it
// decides which return is live.
// CHECK: module {
// CHECK-NEXT:   func.func private @rec(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:     cf.cond_br %true, ^bb1, ^bb3
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %0 = call @rec(%c5_i32, %arg1) : (i32, i1) -> i32
// CHECK-NEXT:     cf.cond_br %arg1, ^bb2(%0 : i32), ^bb2(%c5_i32 : i32)
// CHECK-NEXT:   ^bb2(%1: i32):  // 2 preds: ^bb1, ^bb1
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   ^bb3:  // pred: ^bb0
// CHECK-NEXT:     %2 = arith.addi %c5_i32, %c5_i32 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @start(%arg0: i1) -> i32 {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %0 = call @rec(%c5_i32, %arg0) : (i32, i1) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// FUNC: module {
// FUNC-NEXT:   func.func private @rec(%arg0: i32, %arg1: i1) -> i32 {
// FUNC-NEXT:     %c10_i32 = arith.constant 10 : i32
// FUNC-NEXT:     %0 = arith.cmpi slt, %arg0, %c10_i32 : i32
// FUNC-NEXT:     cf.cond_br %0, ^bb1, ^bb3
// FUNC-NEXT:   ^bb1:  // pred: ^bb0
// FUNC-NEXT:     %1 = call @rec(%arg0, %arg1) : (i32, i1) -> i32
// FUNC-NEXT:     cf.cond_br %arg1, ^bb2(%1 : i32), ^bb2(%arg0 : i32)
// FUNC-NEXT:   ^bb2(%2: i32):  // 2 preds: ^bb1, ^bb1
// FUNC-NEXT:     return %2 : i32
// FUNC-NEXT:   ^bb3:  // pred: ^bb0
// FUNC-NEXT:     %3 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:     return %3 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @start(%arg0: i1) -> i32 {
// FUNC-NEXT:     %c5_i32 = arith.constant 5 : i32
// FUNC-NEXT:     %0 = call @rec(%c5_i32, %arg0) : (i32, i1) -> i32
// FUNC-NEXT:     return %0 : i32
// FUNC-NEXT:   }
// FUNC-NEXT: }
func.func private @rec(%n: i32, %go: i1) -> i32 {
  %c10 = arith.constant 10 : i32
  %lt = arith.cmpi slt, %n, %c10 : i32
  cf.cond_br %lt, ^more, ^done
^more:
  %r = call @rec(%n, %go) : (i32, i1) -> i32
  cf.cond_br %go, ^back(%r : i32), ^back(%n : i32)
^back(%v: i32):
  return %v : i32
^done:
  %big = arith.addi %n, %n : i32
  return %big : i32
}

func.func @start(%go: i1) -> i32 {
  %c5 = arith.constant 5 : i32
  %r = call @rec(%c5, %go) : (i32, i1) -> i32
  return %r : i32
}

// -----

// Nested symbol tables: with the outer module as the root, a `nested` callee
// of a public inner module sees all its callers.
// CHECK: module @outer {
// CHECK-NEXT:   module @inner {
// CHECK-NEXT:     func.func nested @callee(%arg0: index) -> index {
// CHECK-NEXT:       %c3 = arith.constant 3 : index
// CHECK-NEXT:       return %c3 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     func.func @entry() -> index {
// CHECK-NEXT:       %c3 = arith.constant 3 : index
// CHECK-NEXT:       %0 = call @callee(%c3) : (index) -> index
// CHECK-NEXT:       return %c3 : index
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// FUNC: module @outer {
// FUNC-NEXT:   module @inner {
// FUNC-NEXT:     func.func nested @callee(%arg0: index) -> index {
// FUNC-NEXT:       return %arg0 : index
// FUNC-NEXT:     }
// FUNC-NEXT:     func.func @entry() -> index {
// FUNC-NEXT:       %c3 = arith.constant 3 : index
// FUNC-NEXT:       %0 = call @callee(%c3) : (index) -> index
// FUNC-NEXT:       return %0 : index
// FUNC-NEXT:     }
// FUNC-NEXT:   }
// FUNC-NEXT: }
module @outer {
  module @inner {
    func.func nested @callee(%x: index) -> index {
      return %x : index
    }
    func.func @entry() -> index {
      %c3 = arith.constant 3 : index
      %r = call @callee(%c3) : (index) -> index
      return %r : index
    }
  }
}

// -----

// Calls to declarations and call_indirect have unknown results.
// CHECK: module {
// CHECK-NEXT:   func.func private @decl(i32) -> i32
// CHECK-NEXT:   func.func @externals(%arg0: (i32) -> i32) -> (i32, i32) {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = call @decl(%c1_i32) : (i32) -> i32
// CHECK-NEXT:     %1 = call_indirect %arg0(%c1_i32) : (i32) -> i32
// CHECK-NEXT:     return %0, %1 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// FUNC: module {
// FUNC-NEXT:   func.func private @decl(i32) -> i32
// FUNC-NEXT:   func.func @externals(%arg0: (i32) -> i32) -> (i32, i32) {
// FUNC-NEXT:     %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT:     %0 = call @decl(%c1_i32) : (i32) -> i32
// FUNC-NEXT:     %1 = call_indirect %arg0(%c1_i32) : (i32) -> i32
// FUNC-NEXT:     return %0, %1 : i32, i32
// FUNC-NEXT:   }
// FUNC-NEXT: }
func.func private @decl(i32) -> i32

func.func @externals(%f: (i32) -> i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %a = call @decl(%c1) : (i32) -> i32
  %b = call_indirect %f(%c1) : (i32) -> i32
  return %a, %b : i32, i32
}
