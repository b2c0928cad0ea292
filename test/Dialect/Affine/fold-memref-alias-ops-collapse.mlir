// RUN: lattice opt %s --affine-fold-memref-alias-ops --split-input-file | FileCheck %s
// ORACLE: skip mlir-opt 22 prints `affine.load %m[%0#0, ...]` after folding a collapse_shape but cannot parse it back

// memref.collapse_shape folds into affine accesses as a delinearization of the index
// (CHECK lines are mlir-opt 22's output).

// CHECK-LABEL: func.func @collapse_shape(
// CHECK-NEXT:    %0:2 = affine.delinearize_index %arg1 into (2, 6) : index, index
// CHECK-NEXT:    %1 = affine.load %arg0[%0#0, %0#1, %arg2] : memref<2x6x32xf32>
// CHECK-NEXT:    return %1 : f32
func.func @collapse_shape(%m: memref<2x6x32xf32>, %i: index, %j: index) -> f32 {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x6x32xf32> into memref<12x32xf32>
  %1 = affine.load %0[%i, %j] : memref<12x32xf32>
  return %1 : f32
}

// -----

// Dynamic source sizes are read with memref.extract_strided_metadata.

// CHECK-LABEL: func.func @collapse_shape_dynamic(
// CHECK-NEXT:    %base_buffer, %offset, %sizes:3, %strides:3 = memref.extract_strided_metadata %arg0 : memref<?x?x?xf32> -> memref<f32>, index, index, index, index, index, index, index
// CHECK-NEXT:    %0:2 = affine.delinearize_index %arg2 into (%sizes#1, %sizes#2) : index, index
// CHECK-NEXT:    affine.store %arg3, %arg0[%arg1, %0#0, %0#1] : memref<?x?x?xf32>
// CHECK-NEXT:    return
func.func @collapse_shape_dynamic(%m: memref<?x?x?xf32>, %i: index, %j: index, %v: f32) {
  %0 = memref.collapse_shape %m [[0], [1, 2]] : memref<?x?x?xf32> into memref<?x?xf32>
  affine.store %v, %0[%i, %j] : memref<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @collapse_to_0d(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    affine.for %arg2 = 0 to 3 {
// CHECK-NEXT:      %0 = affine.load %arg0[%c0, %c0] : memref<1x1xf32>
// CHECK-NEXT:      affine.store %0, %arg1[0] : memref<1xf32>
func.func @collapse_to_0d(%m: memref<1x1xf32>, %out: memref<1xf32>) {
  %0 = memref.collapse_shape %m [] : memref<1x1xf32> into memref<f32>
  affine.for %i = 0 to 3 {
    %1 = affine.load %0[] : memref<f32>
    affine.store %1, %out[0] : memref<1xf32>
  }
  return
}
