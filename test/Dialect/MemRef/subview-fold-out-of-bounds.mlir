// RUN: lattice opt %s --canonicalize | FileCheck %s

// A constant that would put a subview's static slice out of the source's bounds stays an
// operand, as in mlir-opt: folding it would make the op invalid (the slice is undefined
// behaviour only if it runs). In-bounds constants still fold.

// CHECK-LABEL: func.func @out_of_bounds
//       CHECK:   %[[BIG:.*]] = arith.constant 2147483648 : index
//       CHECK:   memref.subview %{{.*}}[%{{.*}}, %[[BIG]]] [%[[BIG]], 8] [%{{.*}}, 1]
func.func @out_of_bounds(%m: memref<64x64xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 2147483648 : index
  %s = memref.subview %m[%i, %big] [%big, 8] [%c1, 1] : memref<64x64xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  %v = memref.load %s[%c0, %c0] : memref<?x8xf32, strided<[?, 1], offset: ?>>
  return %v : f32
}

// CHECK-LABEL: func.func @in_bounds
//       CHECK:   memref.subview %{{.*}}[%{{.*}}, 4] [4, 8] [1, 1]
func.func @in_bounds(%m: memref<64x64xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = memref.subview %m[%i, %c4] [%c4, 8] [%c1, 1] : memref<64x64xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  %v = memref.load %s[%c0, %c0] : memref<?x8xf32, strided<[?, 1], offset: ?>>
  return %v : f32
}
