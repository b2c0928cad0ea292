// RUN: lattice opt %s --split-input-file --inline | FileCheck %s
// RUN: lattice opt %s --split-input-file --inline="default-pipeline=''" | FileCheck %s --check-prefix=RAW

// CHECK lines are mlir-opt's (LLVM 22) output with the same flags: with the default
// pipeline (canonicalize before and after each round of inlining), and with none (RAW).

// CHECK: module {
// CHECK-NEXT:   func.func @twice(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = arith.muli %arg0, %c2_i32 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:     %1 = arith.muli %0, %c2_i32 : i32
// CHECK-NEXT:     %2 = arith.addi %1, %c1_i32 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @decl(i32) -> i32
// CHECK-NEXT:   func.func @calls_decl(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @decl(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// RAW: module {
// RAW-NEXT:   func.func @twice(%arg0: i32) -> i32 {
// RAW-NEXT:     %c2_i32 = arith.constant 2 : i32
// RAW-NEXT:     %0 = arith.muli %arg0, %c2_i32 : i32
// RAW-NEXT:     return %0 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func @caller(%arg0: i32) -> i32 {
// RAW-NEXT:     %c1_i32 = arith.constant 1 : i32
// RAW-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32
// RAW-NEXT:     %c2_i32 = arith.constant 2 : i32
// RAW-NEXT:     %1 = arith.muli %0, %c2_i32 : i32
// RAW-NEXT:     %c1_i32_0 = arith.constant 1 : i32
// RAW-NEXT:     %2 = arith.addi %1, %c1_i32_0 : i32
// RAW-NEXT:     return %2 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func private @decl(i32) -> i32
// RAW-NEXT:   func.func @calls_decl(%arg0: i32) -> i32 {
// RAW-NEXT:     %0 = call @decl(%arg0) : (i32) -> i32
// RAW-NEXT:     return %0 : i32
// RAW-NEXT:   }
// RAW-NEXT: }

// A private callee called twice is copied for the first call and moved for the last
// one, then erased; a public callee is kept; a declaration is not inlined; an unused
// private function with a body is erased.
func.func private @add_one(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %r = arith.addi %a, %c : i32
  return %r : i32
}
func.func @twice(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %r = arith.muli %a, %c2 : i32
  return %r : i32
}
func.func @caller(%a: i32) -> i32 {
  %x = call @add_one(%a) : (i32) -> i32
  %y = call @twice(%x) : (i32) -> i32
  %z = call @add_one(%y) : (i32) -> i32
  return %z : i32
}
func.func private @unused(%a: i32) -> i32 {
  return %a : i32
}
func.func private @decl(i32) -> i32
func.func @calls_decl(%a: i32) -> i32 {
  %r = call @decl(%a) : (i32) -> i32
  return %r : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @fact(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.subi %arg0, %c1_i32 : i32
// CHECK-NEXT:     %1 = call @fact(%0) : (i32) -> i32
// CHECK-NEXT:     %2 = arith.muli %arg0, %1 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @ping(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @pong(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @pong(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @ping(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @start(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @ping(%arg0) : (i32) -> i32
// CHECK-NEXT:     %1 = call @fact(%0) : (i32) -> i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// RAW: module {
// RAW-NEXT:   func.func @fact(%arg0: i32) -> i32 {
// RAW-NEXT:     %c1_i32 = arith.constant 1 : i32
// RAW-NEXT:     %0 = arith.subi %arg0, %c1_i32 : i32
// RAW-NEXT:     %1 = call @fact(%0) : (i32) -> i32
// RAW-NEXT:     %2 = arith.muli %arg0, %1 : i32
// RAW-NEXT:     return %2 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func private @ping(%arg0: i32) -> i32 {
// RAW-NEXT:     %0 = call @pong(%arg0) : (i32) -> i32
// RAW-NEXT:     return %0 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func private @pong(%arg0: i32) -> i32 {
// RAW-NEXT:     %0 = call @ping(%arg0) : (i32) -> i32
// RAW-NEXT:     return %0 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func @start(%arg0: i32) -> i32 {
// RAW-NEXT:     %0 = call @ping(%arg0) : (i32) -> i32
// RAW-NEXT:     %1 = call @fact(%0) : (i32) -> i32
// RAW-NEXT:     return %1 : i32
// RAW-NEXT:   }
// RAW-NEXT: }

// Recursion: a self-recursive callee and a cycle of private callees stay calls.
func.func @fact(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %m = arith.subi %n, %c1 : i32
  %r = call @fact(%m) : (i32) -> i32
  %p = arith.muli %n, %r : i32
  return %p : i32
}
func.func private @ping(%n: i32) -> i32 {
  %r = call @pong(%n) : (i32) -> i32
  return %r : i32
}
func.func private @pong(%n: i32) -> i32 {
  %r = call @ping(%n) : (i32) -> i32
  return %r : i32
}
func.func @start(%n: i32) -> i32 {
  %r = call @ping(%n) : (i32) -> i32
  %s = call @fact(%r) : (i32) -> i32
  return %s : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @entry(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c3_i32 : i32
// CHECK-NEXT:     %1 = arith.muli %0, %c5_i32 : i32
// CHECK-NEXT:     %2 = arith.addi %1, %c3_i32 : i32
// CHECK-NEXT:     %3 = arith.muli %2, %c5_i32 : i32
// CHECK-NEXT:     %4 = arith.addi %3, %c3_i32 : i32
// CHECK-NEXT:     %5 = arith.muli %4, %c5_i32 : i32
// CHECK-NEXT:     %c3_i32_0 = arith.constant 3 : i32
// CHECK-NEXT:     %6 = arith.addi %5, %c3_i32_0 : i32
// CHECK-NEXT:     %c5_i32_1 = arith.constant 5 : i32
// CHECK-NEXT:     %7 = arith.muli %6, %c5_i32_1 : i32
// CHECK-NEXT:     %8 = call @cyc_a(%7) : (i32) -> i32
// CHECK-NEXT:     return %8 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @cyc_a(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c3_i32 : i32
// CHECK-NEXT:     %1 = call @cyc_b(%0) : (i32) -> i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @cyc_b(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %0 = arith.muli %arg0, %c5_i32 : i32
// CHECK-NEXT:     %1 = call @cyc_a(%0) : (i32) -> i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// RAW: module {
// RAW-NEXT:   func.func @entry(%arg0: i32) -> i32 {
// RAW-NEXT:     %c3_i32 = arith.constant 3 : i32
// RAW-NEXT:     %0 = arith.addi %arg0, %c3_i32 : i32
// RAW-NEXT:     %c5_i32 = arith.constant 5 : i32
// RAW-NEXT:     %1 = arith.muli %0, %c5_i32 : i32
// RAW-NEXT:     %c3_i32_0 = arith.constant 3 : i32
// RAW-NEXT:     %2 = arith.addi %1, %c3_i32_0 : i32
// RAW-NEXT:     %c5_i32_1 = arith.constant 5 : i32
// RAW-NEXT:     %3 = arith.muli %2, %c5_i32_1 : i32
// RAW-NEXT:     %c3_i32_2 = arith.constant 3 : i32
// RAW-NEXT:     %4 = arith.addi %3, %c3_i32_2 : i32
// RAW-NEXT:     %c5_i32_3 = arith.constant 5 : i32
// RAW-NEXT:     %5 = arith.muli %4, %c5_i32_3 : i32
// RAW-NEXT:     %c3_i32_4 = arith.constant 3 : i32
// RAW-NEXT:     %6 = arith.addi %5, %c3_i32_4 : i32
// RAW-NEXT:     %c5_i32_5 = arith.constant 5 : i32
// RAW-NEXT:     %7 = arith.muli %6, %c5_i32_5 : i32
// RAW-NEXT:     %8 = call @cyc_a(%7) : (i32) -> i32
// RAW-NEXT:     return %8 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func @cyc_a(%arg0: i32) -> i32 {
// RAW-NEXT:     %c3_i32 = arith.constant 3 : i32
// RAW-NEXT:     %0 = arith.addi %arg0, %c3_i32 : i32
// RAW-NEXT:     %1 = call @cyc_b(%0) : (i32) -> i32
// RAW-NEXT:     return %1 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func @cyc_b(%arg0: i32) -> i32 {
// RAW-NEXT:     %c5_i32 = arith.constant 5 : i32
// RAW-NEXT:     %0 = arith.muli %arg0, %c5_i32 : i32
// RAW-NEXT:     %1 = call @cyc_a(%0) : (i32) -> i32
// RAW-NEXT:     return %1 : i32
// RAW-NEXT:   }
// RAW-NEXT: }

// A cycle entered from outside is unrolled once per iteration (at most four), never
// back into itself.
func.func @entry(%a: i32) -> i32 {
  %r = call @cyc_a(%a) : (i32) -> i32
  return %r : i32
}
func.func @cyc_a(%a: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %x = arith.addi %a, %c3 : i32
  %r = call @cyc_b(%x) : (i32) -> i32
  return %r : i32
}
func.func @cyc_b(%a: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %x = arith.muli %a, %c5 : i32
  %r = call @cyc_a(%x) : (i32) -> i32
  return %r : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @in_scf_for(%arg0: memref<16xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c16 = arith.constant 16 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     scf.for %arg1 = %c0 to %c16 step %c1 {
// CHECK-NEXT:       %0 = memref.load %arg0[%arg1] : memref<16xf32>
// CHECK-NEXT:       %1 = arith.mulf %0, %0 : f32
// CHECK-NEXT:       memref.store %1, %arg0[%arg1] : memref<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @in_affine_for(%arg0: memref<16xf32>) {
// CHECK-NEXT:     affine.for %arg1 = 0 to 16 {
// CHECK-NEXT:       %0 = affine.load %arg0[%arg1] : memref<16xf32>
// CHECK-NEXT:       %1 = arith.addf %0, %0 : f32
// CHECK-NEXT:       affine.store %1, %arg0[%arg1] : memref<16xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @in_scf_if(%arg0: i1, %arg1: f32) -> f32 {
// CHECK-NEXT:     %0 = scf.if %arg0 -> (f32) {
// CHECK-NEXT:       %1 = arith.mulf %arg1, %arg1 : f32
// CHECK-NEXT:       scf.yield %1 : f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg1 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// RAW: module {
// RAW-NEXT:   func.func @in_scf_for(%arg0: memref<16xf32>) {
// RAW-NEXT:     %c0 = arith.constant 0 : index
// RAW-NEXT:     %c16 = arith.constant 16 : index
// RAW-NEXT:     %c1 = arith.constant 1 : index
// RAW-NEXT:     scf.for %arg1 = %c0 to %c16 step %c1 {
// RAW-NEXT:       %0 = memref.load %arg0[%arg1] : memref<16xf32>
// RAW-NEXT:       %1 = arith.mulf %0, %0 : f32
// RAW-NEXT:       memref.store %1, %arg0[%arg1] : memref<16xf32>
// RAW-NEXT:     }
// RAW-NEXT:     return
// RAW-NEXT:   }
// RAW-NEXT:   func.func @in_affine_for(%arg0: memref<16xf32>) {
// RAW-NEXT:     affine.for %arg1 = 0 to 16 {
// RAW-NEXT:       %0 = affine.load %arg0[%arg1] : memref<16xf32>
// RAW-NEXT:       %1 = arith.addf %0, %0 : f32
// RAW-NEXT:       affine.store %1, %arg0[%arg1] : memref<16xf32>
// RAW-NEXT:     }
// RAW-NEXT:     return
// RAW-NEXT:   }
// RAW-NEXT:   func.func @in_scf_if(%arg0: i1, %arg1: f32) -> f32 {
// RAW-NEXT:     %0 = scf.if %arg0 -> (f32) {
// RAW-NEXT:       %1 = arith.mulf %arg1, %arg1 : f32
// RAW-NEXT:       scf.yield %1 : f32
// RAW-NEXT:     } else {
// RAW-NEXT:       scf.yield %arg1 : f32
// RAW-NEXT:     }
// RAW-NEXT:     return %0 : f32
// RAW-NEXT:   }
// RAW-NEXT: }

// Calls in nested regions: scf.for, scf.if and affine.for bodies.
func.func private @square_in_place(%m: memref<16xf32>, %i: index) {
  %v = memref.load %m[%i] : memref<16xf32>
  %s = arith.mulf %v, %v : f32
  memref.store %s, %m[%i] : memref<16xf32>
  return
}
func.func @in_scf_for(%m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c16 step %c1 {
    func.call @square_in_place(%m, %i) : (memref<16xf32>, index) -> ()
  }
  return
}
func.func private @double_at(%m: memref<16xf32>, %i: index) {
  %v = affine.load %m[%i] : memref<16xf32>
  %s = arith.addf %v, %v : f32
  affine.store %s, %m[%i] : memref<16xf32>
  return
}
func.func @in_affine_for(%m: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    func.call @double_at(%m, %i) : (memref<16xf32>, index) -> ()
  }
  return
}
func.func @in_scf_if(%c: i1, %a: f32) -> f32 {
  %r = scf.if %c -> f32 {
    %x = func.call @sq(%a) : (f32) -> f32
    scf.yield %x : f32
  } else {
    scf.yield %a : f32
  }
  return %r : f32
}
func.func private @sq(%a: f32) -> f32 {
  %r = arith.mulf %a, %a : f32
  return %r : f32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func private @pick(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %0 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %1 = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @caller(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %0 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:     cf.br ^bb3(%0 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %1 = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT:     cf.br ^bb3(%1 : i32)
// CHECK-NEXT:   ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     %3 = arith.addi %2, %c5_i32 : i32
// CHECK-NEXT:     return %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @caller_in_loop(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: memref<4xi32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     scf.for %arg4 = %c0 to %c4 step %c1 {
// CHECK-NEXT:       %0 = func.call @pick(%arg0, %arg1, %arg2) : (i1, i32, i32) -> i32
// CHECK-NEXT:       memref.store %0, %arg3[%arg4] : memref<4xi32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// RAW: module {
// RAW-NEXT:   func.func private @pick(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// RAW-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// RAW-NEXT:   ^bb1:  // pred: ^bb0
// RAW-NEXT:     %0 = arith.addi %arg1, %arg2 : i32
// RAW-NEXT:     return %0 : i32
// RAW-NEXT:   ^bb2:  // pred: ^bb0
// RAW-NEXT:     %1 = arith.muli %arg1, %arg2 : i32
// RAW-NEXT:     return %1 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func @caller(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// RAW-NEXT:     %c5_i32 = arith.constant 5 : i32
// RAW-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// RAW-NEXT:   ^bb1:  // pred: ^bb0
// RAW-NEXT:     %0 = arith.addi %arg1, %arg2 : i32
// RAW-NEXT:     cf.br ^bb3(%0 : i32)
// RAW-NEXT:   ^bb2:  // pred: ^bb0
// RAW-NEXT:     %1 = arith.muli %arg1, %arg2 : i32
// RAW-NEXT:     cf.br ^bb3(%1 : i32)
// RAW-NEXT:   ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// RAW-NEXT:     %3 = arith.addi %2, %c5_i32 : i32
// RAW-NEXT:     return %3 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func @caller_in_loop(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: memref<4xi32>) {
// RAW-NEXT:     %c0 = arith.constant 0 : index
// RAW-NEXT:     %c4 = arith.constant 4 : index
// RAW-NEXT:     %c1 = arith.constant 1 : index
// RAW-NEXT:     scf.for %arg4 = %c0 to %c4 step %c1 {
// RAW-NEXT:       %0 = func.call @pick(%arg0, %arg1, %arg2) : (i1, i32, i32) -> i32
// RAW-NEXT:       memref.store %0, %arg3[%arg4] : memref<4xi32>
// RAW-NEXT:     }
// RAW-NEXT:     return
// RAW-NEXT:   }
// RAW-NEXT: }

// A callee of several blocks and two returns: the caller's block is split and each
// return becomes a branch to the split-off block. Not inlined into an scf.for body,
// whose region has a single block.
func.func private @pick(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %b : i32
  return %x : i32
^bb2:
  %y = arith.muli %a, %b : i32
  return %y : i32
}
func.func @caller(%c: i1, %a: i32, %b: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %r = call @pick(%c, %a, %b) : (i1, i32, i32) -> i32
  %s = arith.addi %r, %c5 : i32
  return %s : i32
}
func.func @caller_in_loop(%c: i1, %a: i32, %b: i32, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %r = func.call @pick(%c, %a, %b) : (i1, i32, i32) -> i32
    memref.store %r, %m[%i] : memref<4xi32>
  }
  return
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @callee(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @kept(%arg0: i32) -> i32 attributes {no_inline} {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     return %c0_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @no_inline_call(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @callee(%arg0) {no_inline} : (i32) -> i32
// CHECK-NEXT:     %1 = call @kept(%0) : (i32) -> i32
// CHECK-NEXT:     %2 = arith.addi %1, %1 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// RAW: module {
// RAW-NEXT:   func.func @callee(%arg0: i32) -> i32 {
// RAW-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// RAW-NEXT:     return %0 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func @kept(%arg0: i32) -> i32 attributes {no_inline} {
// RAW-NEXT:     %0 = arith.subi %arg0, %arg0 : i32
// RAW-NEXT:     return %0 : i32
// RAW-NEXT:   }
// RAW-NEXT:   func.func @no_inline_call(%arg0: i32) -> i32 {
// RAW-NEXT:     %0 = call @callee(%arg0) {no_inline} : (i32) -> i32
// RAW-NEXT:     %1 = call @kept(%0) : (i32) -> i32
// RAW-NEXT:     %2 = arith.addi %1, %1 : i32
// RAW-NEXT:     return %2 : i32
// RAW-NEXT:   }
// RAW-NEXT: }

// `no_inline` on the call or on the callee keeps the call.
func.func @callee(%a: i32) -> i32 {
  %r = arith.addi %a, %a : i32
  return %r : i32
}
func.func @kept(%a: i32) -> i32 attributes {no_inline} {
  %r = arith.subi %a, %a : i32
  return %r : i32
}
func.func @no_inline_call(%a: i32) -> i32 {
  %x = call @callee(%a) {no_inline} : (i32) -> i32
  %y = call @kept(%x) : (i32) -> i32
  %z = call @callee(%y) : (i32) -> i32
  return %z : i32
}
