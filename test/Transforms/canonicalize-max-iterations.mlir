// RUN: lattice opt %s --split-input-file --canonicalize=max-iterations=1 | FileCheck %s

// One iteration: constants folded inside loops are not hoisted yet.
// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// CHECK: module {
// CHECK-NEXT:   func.func @nested_regions(%arg0: memref<8xf32>, %arg1: f32) {
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     scf.for %arg2 = %c0 to %c8 step %c1 {
// CHECK-NEXT:       %c4 = arith.constant 4 : index
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
// CHECK-NEXT:     %c7_i32_0 = arith.constant 7 : i32
// CHECK-NEXT:     return %0, %1, %c7_i32_0 : i32, i32, i32
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
// CHECK-NEXT:   func.func @hoist_from_if(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:       %1 = arith.addi %arg1, %c3_i32 : i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %c12_i32 = arith.constant 12 : i32
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
// CHECK-NEXT:   func.func @f(%arg0: i32, %arg1: memref<4xi32>) -> i32 {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c10 = arith.constant 10 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT:     %1 = arith.muli %0, %c3_i32 : i32
// CHECK-NEXT:     %2 = scf.for %arg2 = %c0 to %c10 step %c1 iter_args(%arg3 = %1) -> (i32) {
// CHECK-NEXT:       %c6_i32 = arith.constant 6 : i32
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
