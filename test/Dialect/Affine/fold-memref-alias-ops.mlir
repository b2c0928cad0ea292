// RUN: lattice opt %s --affine-fold-memref-alias-ops --split-input-file | FileCheck %s

// memref.subview, expand_shape and collapse_shape fold into the affine.load and
// affine.store ops that use them (CHECK lines are mlir-opt 22's output).

// CHECK-DAG: #[[$R:.*]] = affine_map<()[s0, s1] -> (s0 + s1 * 2)>
// CHECK-DAG: #[[$C:.*]] = affine_map<()[s0, s1] -> (s0 + s1 * 3)>
// CHECK-LABEL: func.func @subview_load_store(
// CHECK-NEXT:    %0 = affine.apply #[[$R]]()[%arg1, %arg3]
// CHECK-NEXT:    %1 = affine.apply #[[$C]]()[%arg2, %arg4]
// CHECK-NEXT:    %2 = affine.load %arg0[%0, %1] : memref<12x32xf32>
// CHECK-NEXT:    %3 = affine.apply #[[$R]]()[%arg1, %arg3]
// CHECK-NEXT:    %4 = affine.apply #[[$C]]()[%arg2, %arg4]
// CHECK-NEXT:    affine.store %2, %arg0[%3, %4] : memref<12x32xf32>
// CHECK-NEXT:    return %2 : f32
func.func @subview_load_store(%m: memref<12x32xf32>, %a: index, %b: index, %i: index, %j: index) -> f32 {
  %0 = memref.subview %m[%a, %b][4, 4][2, 3] : memref<12x32xf32> to memref<4x4xf32, strided<[64, 3], offset: ?>>
  %1 = affine.load %0[%i, %j] : memref<4x4xf32, strided<[64, 3], offset: ?>>
  affine.store %1, %0[%i, %j] : memref<4x4xf32, strided<[64, 3], offset: ?>>
  return %1 : f32
}

// -----

// A rank-reducing subview: the dropped dim takes its offset, a constant hoisted to the
// function's entry; access maps are expanded first.

// CHECK-DAG: #[[$A:.*]] = affine_map<(d0)[s0] -> (d0 * 2 + s0 + 2)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1) -> (-d0 + d1 * 2 + 4)>
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0)[s0] -> (d0 * 2 + s0)>
// CHECK-DAG: #[[$D:.*]] = affine_map<(d0) -> (d0 + 4)>
// CHECK-LABEL: func.func @subview_rank_reducing_in_loop(%arg0: memref<8x16x32xf32>, %arg1: index) {
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    affine.for %arg2 = 0 to 8 {
// CHECK-NEXT:      affine.for %arg3 = 0 to 8 {
// CHECK-NEXT:        %0 = affine.apply #[[$A]](%arg2)[%arg1]
// CHECK-NEXT:        %1 = affine.apply #[[$B]](%arg2, %arg3)
// CHECK-NEXT:        %2 = affine.load %arg0[%c2, %0, %1] : memref<8x16x32xf32>
// CHECK-NEXT:        %3 = affine.apply #[[$C]](%arg3)[%arg1]
// CHECK-NEXT:        %4 = affine.apply #[[$D]](%arg2)
// CHECK-NEXT:        affine.store %2, %arg0[%c2, %3, %4] : memref<8x16x32xf32>
func.func @subview_rank_reducing_in_loop(%m: memref<8x16x32xf32>, %o: index) {
  %0 = memref.subview %m[2, %o, 4][1, 8, 8][1, 2, 1] : memref<8x16x32xf32> to memref<8x8xf32, strided<[64, 1], offset: ?>>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %0[%i + 1, %j * 2 - %i] : memref<8x8xf32, strided<[64, 1], offset: ?>>
      affine.store %v, %0[%j, %i] : memref<8x8xf32, strided<[64, 1], offset: ?>>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @expand_shape(
// CHECK-NEXT:    %0 = affine.linearize_index disjoint [%arg1, %arg2] by (2, 6) : index
// CHECK-NEXT:    %1 = affine.load %arg0[%0, %arg3] : memref<12x32xf32>
// CHECK-NEXT:    return %1 : f32
func.func @expand_shape(%m: memref<12x32xf32>, %i: index, %j: index, %k: index) -> f32 {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 6, 32] : memref<12x32xf32> into memref<2x6x32xf32>
  %1 = affine.load %0[%i, %j, %k] : memref<2x6x32xf32>
  return %1 : f32
}

// -----

// CHECK: #[[$MAP:.*]] = affine_map<()[s0] -> (s0 + 1)>
// CHECK-LABEL: func.func @expand_shape_dynamic(
// CHECK-NEXT:    %0 = affine.apply #[[$MAP]]()[%arg4]
// CHECK-NEXT:    %1 = affine.linearize_index disjoint [%arg2, %arg3] by (%arg1, 4) : index
// CHECK-NEXT:    affine.store %arg5, %arg0[%1, %0] : memref<?x32xf32>
// CHECK-NEXT:    return
func.func @expand_shape_dynamic(%m: memref<?x32xf32>, %n: index, %i: index, %j: index, %k: index, %v: f32) {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [%n, 4, 32] : memref<?x32xf32> into memref<?x4x32xf32>
  affine.store %v, %0[%i, %j, %k + 1] : memref<?x4x32xf32>
  return
}

// -----

// A subview of an expand_shape: both fold, one after the other.

// CHECK: #[[$MAP:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT:    %0 = affine.apply #[[$MAP]]()[%arg1, %arg2]
// CHECK-NEXT:    %1 = affine.linearize_index disjoint [%0, %arg3] by (8, 8) : index
// CHECK-NEXT:    %2 = affine.load %arg0[%1] : memref<64xf32>
// CHECK-NEXT:    return %2 : f32
func.func @chain(%m: memref<64xf32>, %o: index, %i: index, %j: index) -> f32 {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  %1 = memref.subview %0[%o, 0][4, 8][1, 1] : memref<8x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
  %2 = affine.load %1[%i, %j] : memref<4x8xf32, strided<[8, 1], offset: ?>>
  return %2 : f32
}
