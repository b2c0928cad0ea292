// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --cse | FileCheck %s
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// CHECK: module {
// CHECK-NEXT:   func.func @simple(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:     %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:     return %1, %1, %0 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @simple(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.muli %0, %1 : i32
  %3 = arith.addi %a, %b : i32
  %4 = arith.muli %3, %3 : i32
  %unused = arith.subi %a, %b : i32
  return %2, %4, %3 : i32, i32, i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @constants() -> (index, index, i32) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     return %c0, %c0, %c0_i32 : index, index, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @constants() -> (index, index, i32) {
  %c0 = arith.constant 0 : index
  %c0b = arith.constant 0 : index
  %c0i = arith.constant 0 : i32
  return %c0, %c0b, %c0i : index, index, i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @loads(%arg0: memref<4xi32>, %arg1: index) -> (i32, i32, i32) {
// CHECK-NEXT:     %0 = memref.load %arg0[%arg1] : memref<4xi32>
// CHECK-NEXT:     memref.store %0, %arg0[%arg1] : memref<4xi32>
// CHECK-NEXT:     %1 = memref.load %arg0[%arg1] : memref<4xi32>
// CHECK-NEXT:     return %0, %1, %1 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @loads(%m: memref<4xi32>, %i: index) -> (i32, i32, i32) {
  %l1 = memref.load %m[%i] : memref<4xi32>
  %l2 = memref.load %m[%i] : memref<4xi32>
  memref.store %l1, %m[%i] : memref<4xi32>
  %l3 = memref.load %m[%i] : memref<4xi32>
  %l4 = memref.load %m[%i] : memref<4xi32>
  return %l2, %l3, %l4 : i32, i32, i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @nested(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:     %1 = scf.if %arg2 -> (i32) {
// CHECK-NEXT:       %4 = arith.muli %0, %0 : i32
// CHECK-NEXT:       scf.yield %4 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %4 = arith.muli %0, %0 : i32
// CHECK-NEXT:       scf.yield %4 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = arith.muli %0, %0 : i32
// CHECK-NEXT:     %3 = arith.addi %1, %2 : i32
// CHECK-NEXT:     return %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @nested(%a: i32, %b: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %b : i32
  %r = scf.if %c -> i32 {
    %1 = arith.addi %a, %b : i32
    %2 = arith.muli %1, %0 : i32
    scf.yield %2 : i32
  } else {
    %3 = arith.muli %0, %0 : i32
    scf.yield %3 : i32
  }
  %4 = arith.muli %0, %0 : i32
  %5 = arith.addi %r, %4 : i32
  return %5 : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @cfg(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:     cf.br ^bb3(%1 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %2 = arith.muli %0, %0 : i32
// CHECK-NEXT:     cf.br ^bb3(%2 : i32)
// CHECK-NEXT:   ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     %4 = arith.muli %0, %0 : i32
// CHECK-NEXT:     %5 = arith.addi %3, %4 : i32
// CHECK-NEXT:     return %5 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @cfg(%a: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %1, %1 : i32
  cf.br ^bb3(%2 : i32)
^bb2:
  %3 = arith.muli %0, %0 : i32
  cf.br ^bb3(%3 : i32)
^bb3(%x: i32):
  %4 = arith.muli %0, %0 : i32
  %5 = arith.addi %x, %4 : i32
  return %5 : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @if_regions(%arg0: index, %arg1: index, %arg2: i1) -> (index, index) {
// CHECK-NEXT:     %0 = scf.if %arg2 -> (index) {
// CHECK-NEXT:       %1 = arith.addi %arg0, %arg1 : index
// CHECK-NEXT:       scf.yield %1 : index
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg0 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0, %0 : index, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @if_regions(%a: index, %b: index, %c: i1) -> (index, index) {
  %0 = scf.if %c -> index {
    %x = arith.addi %a, %b : index
    scf.yield %x : index
  } else {
    scf.yield %a : index
  }
  %1 = scf.if %c -> index {
    %x = arith.addi %a, %b : index
    scf.yield %x : index
  } else {
    scf.yield %a : index
  }
  return %0, %1 : index, index
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @isolated(%arg0: index) -> index {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1 : index
// CHECK-NEXT:     return %0 : index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @isolated2(%arg0: index) -> index {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1 : index
// CHECK-NEXT:     %1 = arith.addi %0, %0 : index
// CHECK-NEXT:     return %1 : index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @isolated(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = arith.addi %a, %c1 : index
  return %0 : index
}
func.func @isolated2(%a: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = arith.addi %a, %c1 : index
  %1 = arith.addi %a, %c1 : index
  %2 = arith.addi %0, %1 : index
  return %2 : index
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @loop(%arg0: memref<8xf32>, %arg1: f32) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     scf.for %arg2 = %c0 to %c8 step %c1 {
// CHECK-NEXT:       %0 = memref.load %arg0[%c0] : memref<8xf32>
// CHECK-NEXT:       %1 = arith.addf %0, %0 : f32
// CHECK-NEXT:       memref.store %1, %arg0[%arg2] : memref<8xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @loop(%m: memref<8xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %c0b = arith.constant 0 : index
    %v = memref.load %m[%c0b] : memref<8xf32>
    %w = memref.load %m[%c0] : memref<8xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %m[%i] : memref<8xf32>
  }
  return
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @many(%arg0: f32, %arg1: f32) -> f32 {
// CHECK-NEXT:     %0 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT:     %1 = arith.addf %0, %0 : f32
// CHECK-NEXT:     %2 = arith.addf %1, %1 : f32
// CHECK-NEXT:     %3 = arith.addf %2, %2 : f32
// CHECK-NEXT:     return %3 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @many(%a : f32, %b : f32) -> (f32) {
  %c = arith.addf %a, %b : f32
  %d = arith.addf %a, %b : f32
  %e = arith.addf %a, %b : f32
  %f = arith.addf %a, %b : f32
  %g = arith.addf %c, %d : f32
  %h = arith.addf %e, %f : f32
  %i = arith.addf %c, %e : f32
  %j = arith.addf %g, %h : f32
  %k = arith.addf %h, %i : f32
  %l = arith.addf %j, %k : f32
  return %l : f32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @different_attributes(%arg0: index, %arg1: index) -> (i1, i1, i1) {
// CHECK-NEXT:     %0 = arith.cmpi slt, %arg0, %arg1 : index
// CHECK-NEXT:     %1 = arith.cmpi ne, %arg0, %arg1 : index
// CHECK-NEXT:     return %0, %1, %1 : i1, i1, i1
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @different_attributes(%a : index, %b : index) -> (i1, i1, i1) {
  %0 = arith.cmpi slt, %a, %b : index
  %1 = arith.cmpi ne, %a, %b : index
  %2 = "arith.cmpi"(%a, %b) {predicate = 1} : (index, index) -> i1
  return %0, %1, %2 : i1, i1, i1
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @side_effect() -> (memref<2x1xf32>, memref<2x1xf32>) {
// CHECK-NEXT:     %alloc = memref.alloc() : memref<2x1xf32>
// CHECK-NEXT:     %alloc_0 = memref.alloc() : memref<2x1xf32>
// CHECK-NEXT:     return %alloc, %alloc_0 : memref<2x1xf32>, memref<2x1xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @side_effect() -> (memref<2x1xf32>, memref<2x1xf32>) {
  %0 = memref.alloc() : memref<2x1xf32>
  %1 = memref.alloc() : memref<2x1xf32>
  return %0, %1 : memref<2x1xf32>, memref<2x1xf32>
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @down_propagate_for() {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     affine.for %arg0 = 0 to 4 {
// CHECK-NEXT:       "foo"(%c1_i32, %c1_i32) : (i32, i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @down_propagate_for() {
  %0 = arith.constant 1 : i32
  affine.for %i = 0 to 4 {
    %1 = arith.constant 1 : i32
    "foo"(%0, %1) : (i32, i32) -> ()
  }
  return
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @up_propagate() -> i32 {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     cf.cond_br %true, ^bb1, ^bb2(%c0_i32 : i32)
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     cf.br ^bb2(%c1_i32 : i32)
// CHECK-NEXT:   ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %c1_i32_0 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @up_propagate() -> i32 {
  %0 = arith.constant 0 : i32
  %cond = arith.constant true
  cf.cond_br %cond, ^bb1, ^bb2(%0 : i32)
^bb1:
  %1 = arith.constant 1 : i32
  cf.br ^bb2(%1 : i32)
^bb2(%arg : i32):
  %2 = arith.constant 1 : i32
  %add = arith.addi %arg, %2 : i32
  return %add : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @up_propagate_region() -> i32 {
// CHECK-NEXT:     %0 = "foo.region"() ({
// CHECK-NEXT:       %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       cf.cond_br %true, ^bb1, ^bb2(%c0_i32 : i32)
// CHECK-NEXT:     ^bb1:  // pred: ^bb0
// CHECK-NEXT:       %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:       cf.br ^bb2(%c1_i32 : i32)
// CHECK-NEXT:     ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:       %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:       %2 = arith.addi %1, %c1_i32_0 : i32
// CHECK-NEXT:       "foo.yield"(%2) : (i32) -> ()
// CHECK-NEXT:     }) : () -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @up_propagate_region() -> i32 {
  %0 = "foo.region"() ({
    %1 = arith.constant 0 : i32
    %true = arith.constant true
    cf.cond_br %true, ^bb1, ^bb2(%1 : i32)
  ^bb1:
    %c1_i32 = arith.constant 1 : i32
    cf.br ^bb2(%c1_i32 : i32)
  ^bb2(%arg : i32):
    %c1_i32_0 = arith.constant 1 : i32
    %2 = arith.addi %arg, %c1_i32_0 : i32
    "foo.yield" (%2) : (i32) -> ()
  }) : () -> (i32)
  return %0 : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @nested_isolated() -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     builtin.module {
// CHECK-NEXT:       func.func @nested_func() {
// CHECK-NEXT:         %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:         "foo.yield"(%c1_i32_0) : (i32) -> ()
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     "foo.region"() ({
// CHECK-NEXT:       %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:       "foo.yield"(%c1_i32_0) : (i32) -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     return %c1_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @nested_isolated() -> i32 {
  %0 = arith.constant 1 : i32
  builtin.module {
    func.func @nested_func() {
      %foo = arith.constant 1 : i32
      "foo.yield"(%foo) : (i32) -> ()
    }
  }
  "foo.region"() ({
    %foo = arith.constant 1 : i32
    "foo.yield"(%foo) : (i32) -> ()
  }) : () -> ()
  return %0 : i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @scf_if_regions(%arg0: i1, %arg1: index) -> (index, index) {
// CHECK-NEXT:     %0 = scf.if %arg0 -> (index) {
// CHECK-NEXT:       %1 = arith.addi %arg1, %arg1 : index
// CHECK-NEXT:       scf.yield %1 : index
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg1 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0, %0 : index, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @scf_if_regions(%c: i1, %a: index) -> (index, index) {
  %0 = scf.if %c -> index {
    %1 = arith.addi %a, %a : index
    scf.yield %1 : index
  } else {
    scf.yield %a : index
  }
  %2 = scf.if %c -> index {
    %3 = arith.addi %a, %a : index
    scf.yield %3 : index
  } else {
    scf.yield %a : index
  }
  %4 = scf.if %c -> index {
    %5 = arith.addi %a, %a : index
    scf.yield %a : index
  } else {
    scf.yield %a : index
  }
  return %0, %2 : index, index
}
