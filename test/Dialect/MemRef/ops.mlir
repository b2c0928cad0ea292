// RUN: lattice opt %s | FileCheck %s

// CHECK-DAG: #map = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>
// CHECK-DAG: #map1 = affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>

// Custom forms of every memref op Lattice models, as mlir-opt 22 prints them.

// CHECK: memref.global "private" constant @cst : memref<4xf32> = dense<1.000000e+00>
memref.global "private" constant @cst : memref<4xf32> = dense<1.0>
// CHECK: memref.global @uninit : memref<2xi32> = uninitialized
memref.global @uninit : memref<2xi32> = uninitialized
// CHECK: memref.global @external : memref<2x3xi32>
memref.global @external : memref<2x3xi32>
// CHECK: memref.global "private" @aligned : memref<2xi32> = dense<[1, 2]> {alignment = 64 : i64}
memref.global "private" @aligned : memref<2xi32> = dense<[1, 2]> {alignment = 64}
// CHECK: memref.global "nested" constant @scalar : memref<f32> = dense<2.500000e+00> {foo}
memref.global "nested" constant @scalar : memref<f32> = dense<2.5> {foo}
// CHECK-LABEL: func.func @alloc(%arg0: index, %arg1: index) {
// CHECK-NEXT:   %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:   %alloc_0 = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT:   %alloc_1 = memref.alloc(%arg0)[%arg1] : memref<?x4xf32, #map>
// CHECK-NEXT:   %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1>
// CHECK-NEXT:   %alloca = memref.alloca(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT:   %alloca_3 = memref.alloca() {alignment = 16 : i64} : memref<4xf32>
// CHECK-NEXT:   %alloc_4 = memref.alloc() : memref<f32, #gpu.address_space<workgroup>>
// CHECK-NEXT:   memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_0 {foo} : memref<?xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @alloc(%n: index, %s: index) {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.alloc(%n) : memref<?xf32>
  %2 = memref.alloc(%n)[%s] : memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>>
  %3 = memref.alloc() {alignment = 64} : memref<4xf32, 1>
  %4 = memref.alloca(%n, %n) : memref<?x?xf32>
  %5 = memref.alloca() {alignment = 16} : memref<4xf32>
  %6 = memref.alloc() : memref<f32, #gpu.address_space<workgroup>>
  memref.dealloc %0 : memref<4xf32>
  memref.dealloc %1 {foo} : memref<?xf32>
  return
}
// CHECK-LABEL: func.func @load_store(%arg0: memref<4x?xf32>, %arg1: memref<f32>, %arg2: index, %arg3: f32) -> f32 {
// CHECK-NEXT:   %0 = memref.load %arg0[%arg2, %arg2] : memref<4x?xf32>
// CHECK-NEXT:   memref.store %arg3, %arg0[%arg2, %arg2] : memref<4x?xf32>
// CHECK-NEXT:   %1 = memref.load %arg0[%arg2, %arg2] {nontemporal = true} : memref<4x?xf32>
// CHECK-NEXT:   memref.store %0, %arg0[%arg2, %arg2] {nontemporal = true} : memref<4x?xf32>
// CHECK-NEXT:   %2 = memref.load %arg1[] {alignment = 4 : i64} : memref<f32>
// CHECK-NEXT:   memref.store %2, %arg1[] {alignment = 4 : i64, foo} : memref<f32>
// CHECK-NEXT:   %3 = memref.load %arg0[%arg2, %arg2] : memref<4x?xf32>
// CHECK-NEXT:   return %1 : f32
// CHECK-NEXT: }
func.func @load_store(%m: memref<4x?xf32>, %z: memref<f32>, %i: index, %v: f32) -> f32 {
  %0 = memref.load %m[%i, %i] : memref<4x?xf32>
  memref.store %v, %m[%i, %i] : memref<4x?xf32>
  %1 = memref.load %m[%i, %i] {nontemporal = true} : memref<4x?xf32>
  memref.store %0, %m[%i, %i] {nontemporal = true} : memref<4x?xf32>
  %2 = memref.load %z[] {alignment = 4} : memref<f32>
  memref.store %2, %z[] {alignment = 4, foo} : memref<f32>
  %3 = "memref.load"(%m, %i, %i) <{nontemporal = false}> : (memref<4x?xf32>, index, index) -> f32
  return %1 : f32
}
// CHECK-LABEL: func.func @queries(%arg0: memref<?x?xf32>, %arg1: memref<*xf32>, %arg2: index) -> (index, index, index) {
// CHECK-NEXT:   %dim = memref.dim %arg0, %arg2 : memref<?x?xf32>
// CHECK-NEXT:   %0 = memref.rank %arg0 : memref<?x?xf32>
// CHECK-NEXT:   %dim_0 = memref.dim %arg1, %arg2 : memref<*xf32>
// CHECK-NEXT:   %1 = memref.rank %arg1 : memref<*xf32>
// CHECK-NEXT:   return %dim, %0, %dim_0 : index, index, index
// CHECK-NEXT: }
func.func @queries(%m: memref<?x?xf32>, %u: memref<*xf32>, %i: index) -> (index, index, index) {
  %d = memref.dim %m, %i : memref<?x?xf32>
  %r = memref.rank %m : memref<?x?xf32>
  %du = memref.dim %u, %i : memref<*xf32>
  %ru = memref.rank %u : memref<*xf32>
  return %d, %r, %du : index, index, index
}
// CHECK-LABEL: func.func @casts(%arg0: memref<4xf32>, %arg1: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
// CHECK-NEXT:   %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:   %cast_0 = memref.cast %arg0 : memref<4xf32> to memref<*xf32>
// CHECK-NEXT:   %cast_1 = memref.cast %cast_0 : memref<*xf32> to memref<4xf32>
// CHECK-NEXT:   %cast_2 = memref.cast %arg1 : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<4x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:   memref.copy %arg0, %cast_1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:   memref.copy %cast, %arg0 {foo} : memref<?xf32> to memref<4xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @casts(%m: memref<4xf32>, %d: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %m : memref<4xf32> to memref<*xf32>
  %2 = memref.cast %1 : memref<*xf32> to memref<4xf32>
  %3 = memref.cast %d : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  memref.copy %m, %2 : memref<4xf32> to memref<4xf32>
  memref.copy %0, %m {foo} : memref<?xf32> to memref<4xf32>
  return
}
// CHECK-LABEL: func.func @views(%arg0: memref<?x?xf32>, %arg1: memref<8x16xf32>, %arg2: index, %arg3: index) {
// CHECK-NEXT:   %subview = memref.subview %arg0[%arg2, 0] [4, 4] [1, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:   %subview_0 = memref.subview %arg1[1, 4] [4, 8] [2, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[32, 1], offset: 20>>
// CHECK-NEXT:   %subview_1 = memref.subview %arg1[0, %arg2] [1, %arg3] [1, 1] : memref<8x16xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT:   %subview_2 = memref.subview %arg1[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32>
// CHECK-NEXT:   %alloc = memref.alloc() : memref<2048xi8>
// CHECK-NEXT:   %view = memref.view %alloc[%arg2][%arg3] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT:   %view_3 = memref.view %alloc[%arg2][] : memref<2048xi8> to memref<64x4xf32>
// CHECK-NEXT:   %alloc_4 = memref.alloc() : memref<4xf32>
// CHECK-NEXT:   %reinterpret_cast = memref.reinterpret_cast %alloc_4 to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
// CHECK-NEXT:   %reinterpret_cast_5 = memref.reinterpret_cast %arg0 to offset: [%arg2], sizes: [%arg3, 4], strides: [4, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT:   %cast = memref.cast %alloc_4 : memref<4xf32> to memref<*xf32>
// CHECK-NEXT:   %reinterpret_cast_6 = memref.reinterpret_cast %cast to offset: [1], sizes: [3], strides: [1] {foo} : memref<*xf32> to memref<3xf32, strided<[1], offset: 1>>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @views(%m: memref<?x?xf32>, %s: memref<8x16xf32>, %i: index, %n: index) {
  %0 = memref.subview %m[%i, 0] [4, 4] [1, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  %1 = memref.subview %s[1, 4] [4, 8] [2, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[32, 1], offset: 20>>
  %2 = memref.subview %s[0, %i] [1, %n] [1, 1] : memref<8x16xf32> to memref<?xf32, strided<[1], offset: ?>>
  %3 = memref.subview %s[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32>
  %b = memref.alloc() : memref<2048xi8>
  %4 = memref.view %b[%i][%n] : memref<2048xi8> to memref<?x4xf32>
  %5 = memref.view %b[%i][] : memref<2048xi8> to memref<64x4xf32>
  %a = memref.alloc() : memref<4xf32>
  %6 = memref.reinterpret_cast %a to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
  %7 = memref.reinterpret_cast %m to offset: [%i], sizes: [%n, 4], strides: [4, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %8 = memref.reinterpret_cast %u to offset: [1], sizes: [3], strides: [1] {foo} : memref<*xf32> to memref<3xf32, strided<[1], offset: 1>>
  return
}
// CHECK-LABEL: func.func @reshapes(%arg0: memref<2x3x4xf32>, %arg1: memref<?xf32>, %arg2: index) {
// CHECK-NEXT:   %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK-NEXT:   %expand_shape = memref.expand_shape %collapse_shape {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
// CHECK-NEXT:   %expand_shape_0 = memref.expand_shape %arg1 {{\[\[}}0, 1]] output_shape [%arg2, 4] : memref<?xf32> into memref<?x4xf32>
// CHECK-NEXT:   %collapse_shape_1 = memref.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
// CHECK-NEXT:   %alloc = memref.alloc() : memref<1x1xf32>
// CHECK-NEXT:   %collapse_shape_2 = memref.collapse_shape %alloc [] : memref<1x1xf32> into memref<f32>
// CHECK-NEXT:   %expand_shape_3 = memref.expand_shape %collapse_shape_2 [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
// CHECK-NEXT:   %alloc_4 = memref.alloc() : memref<64xf32>
// CHECK-NEXT:   %subview = memref.subview %alloc_4[3] [8] [2] : memref<64xf32> to memref<8xf32, strided<[2], offset: 3>>
// CHECK-NEXT:   %expand_shape_5 = memref.expand_shape %subview {{\[\[}}0, 1]] output_shape [2, 4] : memref<8xf32, strided<[2], offset: 3>> into memref<2x4xf32, strided<[8, 2], offset: 3>>
// CHECK-NEXT:   %collapse_shape_6 = memref.collapse_shape %expand_shape_5 {{\[\[}}0, 1]] : memref<2x4xf32, strided<[8, 2], offset: 3>> into memref<8xf32, strided<[2], offset: 3>>
// CHECK-NEXT:   %alloc_7 = memref.alloc(%arg2) : memref<?x8xf32>
// CHECK-NEXT:   %subview_8 = memref.subview %alloc_7[0, 0] [%arg2, 8] [1, 1] : memref<?x8xf32> to memref<?x8xf32, strided<[8, 1]>>
// CHECK-NEXT:   %collapse_shape_9 = memref.collapse_shape %subview_8 {{\[\[}}0, 1]] : memref<?x8xf32, strided<[8, 1]>> into memref<?xf32, strided<[1]>>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @reshapes(%m: memref<2x3x4xf32>, %d: memref<?xf32>, %n: index) {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %1 = memref.expand_shape %0 [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  %2 = memref.expand_shape %d [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %3 = memref.collapse_shape %m [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
  %s = memref.alloc() : memref<1x1xf32>
  %4 = memref.collapse_shape %s [] : memref<1x1xf32> into memref<f32>
  %5 = memref.expand_shape %4 [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  %v = memref.alloc() : memref<64xf32>
  %sv = memref.subview %v[3] [8] [2] : memref<64xf32> to memref<8xf32, strided<[2], offset: 3>>
  %6 = memref.expand_shape %sv [[0, 1]] output_shape [2, 4] : memref<8xf32, strided<[2], offset: 3>> into memref<2x4xf32, strided<[8, 2], offset: 3>>
  %7 = memref.collapse_shape %6 [[0, 1]] : memref<2x4xf32, strided<[8, 2], offset: 3>> into memref<8xf32, strided<[2], offset: 3>>
  %w = memref.alloc(%n) : memref<?x8xf32>
  %sw = memref.subview %w[0, 0] [%n, 8] [1, 1] : memref<?x8xf32> to memref<?x8xf32, strided<[8, 1]>>
  %8 = memref.collapse_shape %sw [[0, 1]] : memref<?x8xf32, strided<[8, 1]>> into memref<?xf32, strided<[1]>>
  return
}
// CHECK-LABEL: func.func @globals() -> memref<4xf32> {
// CHECK-NEXT:   %0 = memref.get_global @cst : memref<4xf32>
// CHECK-NEXT:   %1 = memref.get_global @uninit : memref<2xi32>
// CHECK-NEXT:   return %0 : memref<4xf32>
// CHECK-NEXT: }
func.func @globals() -> memref<4xf32> {
  %0 = memref.get_global @cst : memref<4xf32>
  %1 = memref.get_global @uninit : memref<2xi32>
  return %0 : memref<4xf32>
}
// CHECK-LABEL: func.func @atomics(%arg0: memref<4xf32>, %arg1: memref<4x4xi32>, %arg2: index, %arg3: f32, %arg4: i32) {
// CHECK-NEXT:   %0 = memref.atomic_rmw addf %arg3, %arg0[%arg2] : (f32, memref<4xf32>) -> f32
// CHECK-NEXT:   %1 = memref.atomic_rmw maximumf %arg3, %arg0[%arg2] : (f32, memref<4xf32>) -> f32
// CHECK-NEXT:   %2 = memref.atomic_rmw assign %arg3, %arg0[%arg2] : (f32, memref<4xf32>) -> f32
// CHECK-NEXT:   %3 = memref.atomic_rmw addi %arg4, %arg1[%arg2, %arg2] : (i32, memref<4x4xi32>) -> i32
// CHECK-NEXT:   %4 = memref.atomic_rmw maxs %arg4, %arg1[%arg2, %arg2] : (i32, memref<4x4xi32>) -> i32
// CHECK-NEXT:   %5 = memref.atomic_rmw minu %arg4, %arg1[%arg2, %arg2] : (i32, memref<4x4xi32>) -> i32
// CHECK-NEXT:   %6 = memref.atomic_rmw ori %arg4, %arg1[%arg2, %arg2] {foo} : (i32, memref<4x4xi32>) -> i32
// CHECK-NEXT:   %7 = memref.atomic_rmw xori %arg4, %arg1[%arg2, %arg2] : (i32, memref<4x4xi32>) -> i32
// CHECK-NEXT:   %8 = memref.atomic_rmw mulf %arg3, %arg0[%arg2] : (f32, memref<4xf32>) -> f32
// CHECK-NEXT:   %9 = memref.generic_atomic_rmw %arg1[%arg2, %arg2] : memref<4x4xi32> {
// CHECK-NEXT:   ^bb0(%arg5: i32):
// CHECK-NEXT:     %10 = arith.addi %arg5, %arg4 : i32
// CHECK-NEXT:     memref.atomic_yield %10 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @atomics(%m: memref<4xf32>, %mi: memref<4x4xi32>, %i: index, %v: f32, %w: i32) {
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %1 = memref.atomic_rmw maximumf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %2 = memref.atomic_rmw assign %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %3 = memref.atomic_rmw addi %w, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  %4 = memref.atomic_rmw maxs %w, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  %5 = memref.atomic_rmw minu %w, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  %6 = memref.atomic_rmw ori %w, %mi[%i, %i] {foo} : (i32, memref<4x4xi32>) -> i32
  %7 = memref.atomic_rmw xori %w, %mi[%i, %i] : (i32, memref<4x4xi32>) -> i32
  %8 = memref.atomic_rmw mulf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %9 = memref.generic_atomic_rmw %mi[%i, %i] : memref<4x4xi32> {
  ^bb0(%cur: i32):
    %n = arith.addi %cur, %w : i32
    memref.atomic_yield %n : i32
  }
  return
}
// CHECK-LABEL: func.func @scopes(%arg0: f32) -> f32 {
// CHECK-NEXT:   memref.alloca_scope  {
// CHECK-NEXT:     %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = memref.alloca_scope  -> (f32) {
// CHECK-NEXT:     %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT:     memref.alloca_scope.return %arg0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = memref.alloca_scope  -> (f32, f32) {
// CHECK-NEXT:     memref.alloca_scope.return %arg0, %0 : f32, f32
// CHECK-NEXT:   } {foo}
// CHECK-NEXT:   return %1#1 : f32
// CHECK-NEXT: }
func.func @scopes(%v: f32) -> f32 {
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
  }
  %0 = memref.alloca_scope -> (f32) {
    %a = memref.alloca() : memref<4xf32>
    memref.alloca_scope.return %v : f32
  }
  %1:2 = memref.alloca_scope -> (f32, f32) {
    memref.alloca_scope.return %v, %0 : f32, f32
  } {foo}
  return %1#1 : f32
}
// CHECK-LABEL: func.func @misc(%arg0: memref<?x?xf32>, %arg1: memref<4xf32>, %arg2: index) {
// CHECK-NEXT:   memref.prefetch %arg0[%arg2, %arg2], read, locality<3>, data : memref<?x?xf32>
// CHECK-NEXT:   memref.prefetch %arg1[%arg2], write, locality<0>, instr : memref<4xf32>
// CHECK-NEXT:   %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:   %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %arg1 : memref<4xf32> -> memref<f32>, index, index, index
// CHECK-NEXT:   %alloc = memref.alloc() : memref<f32>
// CHECK-NEXT:   %base_buffer_4, %offset_5 = memref.extract_strided_metadata %alloc : memref<f32> -> memref<f32>, index
// CHECK-NEXT:   %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, #map1>
// CHECK-NEXT:   %transpose_6 = memref.transpose %arg1 (d0) -> (d0) {foo} : memref<4xf32> to memref<4xf32, strided<[1]>>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @misc(%m: memref<?x?xf32>, %s: memref<4xf32>, %i: index) {
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<?x?xf32>
  memref.prefetch %s[%i], write, locality<0>, instr : memref<4xf32>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %b1, %o1, %z1, %t1 = memref.extract_strided_metadata %s : memref<4xf32> -> memref<f32>, index, index, index
  %z = memref.alloc() : memref<f32>
  %b0, %o0 = memref.extract_strided_metadata %z : memref<f32> -> memref<f32>, index
  %tr = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>>
  %tr2 = memref.transpose %s (d0) -> (d0) {foo} : memref<4xf32> to memref<4xf32, strided<[1]>>
  return
}
// CHECK-LABEL: func.func @more(%arg0: memref<4x4xf16>, %arg1: memref<4xf32>, %arg2: index, %arg3: memref<*xf32>, %arg4: memref<2xindex>, %arg5: memref<4xf32, 1>) {
// CHECK-NEXT:   %assume_align = memref.assume_alignment %arg0, 16 : memref<4x4xf16>
// CHECK-NEXT:   %0 = memref.realloc %arg1 : memref<4xf32> to memref<8xf32>
// CHECK-NEXT:   %1 = memref.realloc %arg1(%arg2) {alignment = 8 : i64} : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:   %reshape = memref.reshape %arg3(%arg4) : (memref<*xf32>, memref<2xindex>) -> memref<?x?xf32>
// CHECK-NEXT:   %memspacecast = memref.memory_space_cast %arg5 : memref<4xf32, 1> to memref<4xf32>
// CHECK-NEXT:   %memspacecast_0 = memref.memory_space_cast %arg3 : memref<*xf32> to memref<*xf32, 2>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @more(%m: memref<4x4xf16>, %s: memref<4xf32>, %d: index, %u: memref<*xf32>, %sh: memref<2xindex>, %ms: memref<4xf32, 1>) {
  %0 = memref.assume_alignment %m, 16 : memref<4x4xf16>
  %1 = memref.realloc %s : memref<4xf32> to memref<8xf32>
  %2 = memref.realloc %s(%d) {alignment = 8} : memref<4xf32> to memref<?xf32>
  %3 = memref.reshape %u(%sh) : (memref<*xf32>, memref<2xindex>) -> memref<?x?xf32>
  %4 = memref.memory_space_cast %ms : memref<4xf32, 1> to memref<4xf32>
  %5 = memref.memory_space_cast %u : memref<*xf32> to memref<*xf32, 2>
  return
}
