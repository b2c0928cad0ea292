// RUN: lattice opt %s --canonicalize | FileCheck %s

// memref canonicalizations Lattice implements (a subset of mlir-opt's), with CHECK
// lines from mlir-opt --canonicalize.

// CHECK-LABEL: func.func @mem(%arg0: memref<8xi32>, %arg1: index) -> (index, i32) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %0 = memref.load %arg0[%c0] : memref<8xi32>
// CHECK-NEXT:   %1 = memref.load %arg0[%c0] : memref<8xi32>
// CHECK-NEXT:   %2 = arith.addi %0, %1 : i32
// CHECK-NEXT:   return %arg1, %2 : index, i32
// CHECK-NEXT: }
func.func @mem(%m: memref<8xi32>, %n: index) -> (index, i32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xi32>
  %d = memref.dim %a, %c0 : memref<?xi32>
  %c = memref.cast %m : memref<8xi32> to memref<?xi32>
  %l = memref.load %c[%c0] : memref<?xi32>
  %c2 = memref.cast %c : memref<?xi32> to memref<8xi32>
  %l2 = memref.load %c2[%c0] : memref<8xi32>
  %s = arith.addi %l, %l2 : i32
  memref.dealloc %a : memref<?xi32>
  return %d, %s : index, i32
}
// CHECK-LABEL: func.func @dead_allocs(%arg0: i32) {
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @dead_allocs(%x: i32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4xi32>
  memref.store %x, %a[%c0] : memref<4xi32>
  %b = memref.alloc() : memref<4xi32>
  memref.dealloc %b : memref<4xi32>
  return
}
// CHECK-LABEL: func.func @live_alloc(%arg0: i32) -> memref<4xi32> {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<4xi32>
// CHECK-NEXT:   memref.store %arg0, %alloc[%c0] : memref<4xi32>
// CHECK-NEXT:   return %alloc : memref<4xi32>
// CHECK-NEXT: }
func.func @live_alloc(%x: i32) -> memref<4xi32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi32>
  memref.store %x, %a[%c0] : memref<4xi32>
  return %a : memref<4xi32>
}
// CHECK-LABEL: func.func @casts(%arg0: memref<8xf32>, %arg1: memref<*xf32>, %arg2: f32, %arg3: index) -> index {
// CHECK-NEXT:   %cast = memref.cast %arg0 : memref<8xf32> to memref<?xf32>
// CHECK-NEXT:   memref.store %arg2, %arg0[%arg3] : memref<8xf32>
// CHECK-NEXT:   %dim = memref.dim %cast, %arg3 : memref<?xf32>
// CHECK-NEXT:   %cast_0 = memref.cast %arg1 : memref<*xf32> to memref<?xf32>
// CHECK-NEXT:   memref.store %arg2, %cast_0[%arg3] : memref<?xf32>
// CHECK-NEXT:   %0 = memref.atomic_rmw addf %arg2, %arg0[%arg3] : (f32, memref<8xf32>) -> f32
// CHECK-NEXT:   return %dim : index
// CHECK-NEXT: }
func.func @casts(%m: memref<8xf32>, %u: memref<*xf32>, %v: f32, %i: index) -> index {
  %c = memref.cast %m : memref<8xf32> to memref<?xf32>
  memref.store %v, %c[%i] : memref<?xf32>
  %d = memref.dim %c, %i : memref<?xf32>
  %r = memref.cast %u : memref<*xf32> to memref<?xf32>
  memref.store %v, %r[%i] : memref<?xf32>
  %a = memref.atomic_rmw addf %v, %c[%i] : (f32, memref<?xf32>) -> f32
  memref.copy %c, %m : memref<?xf32> to memref<8xf32>
  return %d : index
}
// CHECK-LABEL: func.func @sv(%arg0: memref<64x64xf32>, %arg1: index) -> f32 {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %subview = memref.subview %arg0[%arg1, 4] [4, 8] [1, 1] : memref<64x64xf32> to memref<4x8xf32, strided<[64, 1], offset: ?>>
// CHECK-NEXT:   %0 = memref.load %subview[%c0, %c0] : memref<4x8xf32, strided<[64, 1], offset: ?>>
// CHECK-NEXT:   %1 = memref.load %arg0[%c0, %c0] : memref<64x64xf32>
// CHECK-NEXT:   %2 = arith.addf %0, %1 : f32
// CHECK-NEXT:   return %2 : f32
// CHECK-NEXT: }
func.func @sv(%m: memref<64x64xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %s = memref.subview %m[%i, %c4] [%c4, 8] [%c1, 1] : memref<64x64xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  %v = memref.load %s[%c0, %c0] : memref<?x8xf32, strided<[?, 1], offset: ?>>
  %s2 = memref.subview %m[0, 0] [64, 64] [1, 1] : memref<64x64xf32> to memref<64x64xf32>
  %v2 = memref.load %s2[%c0, %c0] : memref<64x64xf32>
  %a = arith.addf %v, %v2 : f32
  return %a : f32
}
// CHECK-LABEL: func.func @sv2(%arg0: memref<64x64xf32>, %arg1: index) -> (memref<?xf32, strided<[?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %subview = memref.subview %arg0[2, %arg1] [1, 8] [1, 1] : memref<64x64xf32> to memref<8xf32, strided<[1], offset: ?>>
// CHECK-NEXT:   %cast = memref.cast %subview : memref<8xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   %subview_0 = memref.subview %arg0[%arg1, 0] [8, 8] [2, 2] : memref<64x64xf32> to memref<8x8xf32, strided<[128, 2], offset: ?>>
// CHECK-NEXT:   %cast_1 = memref.cast %subview_0 : memref<8x8xf32, strided<[128, 2], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:   %subview_2 = memref.subview %arg0[0, 0] [8, 8] [1, 1] : memref<64x64xf32> to memref<8x8xf32, strided<[64, 1]>>
// CHECK-NEXT:   %0 = memref.load %subview_2[%c0, %c0] : memref<8x8xf32, strided<[64, 1]>>
// CHECK-NEXT:   memref.store %0, %arg0[%c0, %c0] : memref<64x64xf32>
// CHECK-NEXT:   return %cast, %cast_1 : memref<?xf32, strided<[?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
func.func @sv2(%m: memref<64x64xf32>, %i: index) -> (memref<?xf32, strided<[?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %cm = arith.constant -1 : index
  %s = memref.subview %m[%c2, %i] [1, %c8] [1, %c1] : memref<64x64xf32> to memref<?xf32, strided<[?], offset: ?>>
  %t = memref.subview %m[%i, %c0] [%c8, %c8] [%c2, %c2] : memref<64x64xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %u = memref.subview %m[0, 0] [%c8, 8] [1, 1] : memref<64x64xf32> to memref<?x8xf32, strided<[64, 1]>>
  %w = memref.subview %u[0, 0] [%c8, 8] [1, 1] : memref<?x8xf32, strided<[64, 1]>> to memref<?x8xf32, strided<[64, 1]>>
  %x = memref.load %w[%c0, %c0] : memref<?x8xf32, strided<[64, 1]>>
  memref.store %x, %m[%c0, %c0] : memref<64x64xf32>
  return %s, %t : memref<?xf32, strided<[?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>
}
