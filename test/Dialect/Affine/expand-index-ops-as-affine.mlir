// RUN: lattice opt %s --affine-expand-index-ops-as-affine --split-input-file | FileCheck %s

// affine.delinearize_index and affine.linearize_index become composed affine.apply ops
// (CHECK lines are mlir-opt 22's output).

// CHECK-DAG: #[[$Q0:.*]] = affine_map<()[s0] -> (s0 floordiv 50176)>
// CHECK-DAG: #[[$Q1:.*]] = affine_map<()[s0] -> ((s0 mod 50176) floordiv 224)>
// CHECK-DAG: #[[$R1:.*]] = affine_map<()[s0] -> (s0 mod 224)>
// CHECK-LABEL: func.func @static_basis(%arg0: index) -> (index, index, index) {
// CHECK-NEXT:    %0 = affine.apply #[[$Q0]]()[%arg0]
// CHECK-NEXT:    %1 = affine.apply #[[$Q1]]()[%arg0]
// CHECK-NEXT:    %2 = affine.apply #[[$R1]]()[%arg0]
// CHECK-NEXT:    return %0, %1, %2 : index, index, index
func.func @static_basis(%linear_index: index) -> (index, index, index) {
  %1:3 = affine.delinearize_index %linear_index into (16, 224, 224) : index, index, index
  return %1#0, %1#1, %1#2 : index, index, index
}

// -----

// The dynamic strides are composed into the maps; the unused constant is erased.

// CHECK-DAG: #[[$Q0:.*]] = affine_map<()[s0, s1, s2] -> (s2 floordiv (s0 * s1))>
// CHECK-DAG: #[[$Q1:.*]] = affine_map<()[s0, s1, s2] -> ((s2 mod (s0 * s1)) floordiv s1)>
// CHECK-DAG: #[[$R1:.*]] = affine_map<()[s0, s1, s2] -> ((s2 mod (s0 * s1)) mod s1)>
// CHECK-LABEL: func.func @dynamic_basis(%arg0: index, %arg1: memref<?x?x?xf32>) -> (index, index, index) {
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %dim = memref.dim %arg1, %c1 : memref<?x?x?xf32>
// CHECK-NEXT:    %dim_0 = memref.dim %arg1, %c2 : memref<?x?x?xf32>
// CHECK-NEXT:    %0 = affine.apply #[[$Q0]]()[%dim, %dim_0, %arg0]
// CHECK-NEXT:    %1 = affine.apply #[[$Q1]]()[%dim, %dim_0, %arg0]
// CHECK-NEXT:    %2 = affine.apply #[[$R1]]()[%dim, %dim_0, %arg0]
// CHECK-NEXT:    return %0, %1, %2 : index, index, index
func.func @dynamic_basis(%linear_index: index, %src: memref<?x?x?xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b1 = memref.dim %src, %c1 : memref<?x?x?xf32>
  %b2 = memref.dim %src, %c2 : memref<?x?x?xf32>
  %1:3 = affine.delinearize_index %linear_index into (%b1, %b2) : index, index, index
  return %1#0, %1#1, %1#2 : index, index, index
}

// -----

// CHECK: #[[$MAP:.*]] = affine_map<()[s0, s1, s2] -> (s0 * 15 + s1 * 5 + s2)>
// CHECK-LABEL: func.func @linearize_static(%arg0: index, %arg1: index, %arg2: index) -> index {
// CHECK-NEXT:    %0 = affine.apply #[[$MAP]]()[%arg0, %arg1, %arg2]
// CHECK-NEXT:    return %0 : index
func.func @linearize_static(%arg0: index, %arg1: index, %arg2: index) -> index {
  %0 = affine.linearize_index [%arg0, %arg1, %arg2] by (2, 3, 5) : index
  return %0 : index
}

// -----

// Without an outer bound; the product stride's apply is composed in.

// CHECK: #[[$MAP:.*]] = affine_map<()[s0, s1, s2, s3, s4] -> (s1 * s2 + s3 + s0 * (s2 * s4))>
// CHECK-LABEL: func.func @linearize_dynamic(
// CHECK-NEXT:    %0 = affine.apply #[[$MAP]]()[%arg0, %arg1, %arg4, %arg2, %arg3]
// CHECK-NEXT:    return %0 : index
func.func @linearize_dynamic(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> index {
  %0 = affine.linearize_index [%arg0, %arg1, %arg2] by (%arg3, %arg4) : index
  return %0 : index
}

// -----

// Induction variables are dims; an apply of one is not composed into a symbol position
// and becomes a dim after it.

// CHECK-DAG: #[[$Q:.*]] = affine_map<(d0) -> (d0 floordiv 8)>
// CHECK-DAG: #[[$R:.*]] = affine_map<(d0) -> (d0 mod 8)>
// CHECK-DAG: #[[$L:.*]] = affine_map<(d0, d1)[s0] -> (d1 * 4 + s0 + d0 * (s0 * 4))>
// CHECK-LABEL: func.func @in_loop(%arg0: memref<64xindex>, %arg1: index) {
// CHECK-NEXT:    affine.for %arg2 = 0 to 64 {
// CHECK-NEXT:      %0 = affine.apply #[[$Q]](%arg2)
// CHECK-NEXT:      %1 = affine.apply #[[$R]](%arg2)
// CHECK-NEXT:      %2 = affine.apply #[[$L]](%1, %arg2)[%arg1]
// CHECK-NEXT:      affine.store %2, %arg0[%0] : memref<64xindex>
// CHECK-NEXT:    }
func.func @in_loop(%m: memref<64xindex>, %n: index) {
  affine.for %i = 0 to 64 {
    %0:2 = affine.delinearize_index %i into (8, 8) : index, index
    %1 = affine.linearize_index disjoint [%0#1, %i, %n] by (8, %n, 4) : index
    affine.store %1, %m[%0#0] : memref<64xindex>
  }
  return
}

// -----

// A single result is the index itself.

// CHECK-LABEL: func.func @single_result(%arg0: index) -> (index, index) {
// CHECK-NEXT:    return %arg0, %arg0 : index, index
func.func @single_result(%x: index) -> (index, index) {
  %0 = affine.delinearize_index %x into () : index
  %1 = affine.linearize_index [%x] by () : index
  return %0, %1 : index, index
}
