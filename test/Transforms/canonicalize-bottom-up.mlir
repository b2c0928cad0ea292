// RUN: lattice opt %s --split-input-file --canonicalize=top-down=false | FileCheck %s

// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// CHECK: module {
// CHECK-NEXT:   func.func @fold_chain(%arg0: i32) -> (i32, i32, index) {
// CHECK-NEXT:     %c20_i32 = arith.constant 20 : i32
// CHECK-NEXT:     %c10 = arith.constant 10 : index
// CHECK-NEXT:     return %c20_i32, %arg0, %c10 : i32, i32, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @fold_chain(%x: i32) -> (i32, i32, index) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %c4, %c5 : i32
  %2 = arith.subi %0, %0 : i32
  %i0 = arith.constant 3 : index
  %i1 = arith.constant 7 : index
  %3 = arith.addi %i0, %i1 : index
  %4 = arith.addi %1, %2 : i32
  return %4, %0, %3 : i32, i32, index
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
