// RUN: lattice opt %s --affine-expand-index-ops --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @static_basis
// CHECK-SAME:    (%[[IDX:.*]]: index)
// CHECK-DAG:     %[[C224:.*]] = arith.constant 224 : index
// CHECK-DAG:     %[[C50176:.*]] = arith.constant 50176 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[N:.*]] = arith.floordivsi %[[IDX]], %[[C50176]] : index
// CHECK:         %[[R1:.*]] = arith.remsi %[[IDX]], %[[C50176]] : index
// CHECK:         %[[NEG1:.*]] = arith.cmpi slt, %[[R1]], %[[C0]] : index
// CHECK:         %[[SHIFT1:.*]] = arith.addi %[[R1]], %[[C50176]] overflow<nsw> : index
// CHECK:         %[[POS1:.*]] = arith.select %[[NEG1]], %[[SHIFT1]], %[[R1]] : index
// CHECK:         %[[P:.*]] = arith.divsi %[[POS1]], %[[C224]] : index
// CHECK:         %[[R2:.*]] = arith.remsi %[[IDX]], %[[C224]] : index
// CHECK:         %[[NEG2:.*]] = arith.cmpi slt, %[[R2]], %[[C0]] : index
// CHECK:         %[[SHIFT2:.*]] = arith.addi %[[R2]], %[[C224]] overflow<nsw> : index
// CHECK:         %[[Q:.*]] = arith.select %[[NEG2]], %[[SHIFT2]], %[[R2]] : index
// CHECK:         return %[[N]], %[[P]], %[[Q]]
func.func @static_basis(%linear_index: index) -> (index, index, index) {
  %1:3 = affine.delinearize_index %linear_index into (16, 224, 224) : index, index, index
  return %1#0, %1#1, %1#2 : index, index, index
}

// -----

// The outer bound is not needed; inner strides multiply the dynamic basis.

// CHECK-LABEL: func.func @dynamic_basis
// CHECK-SAME:    (%[[IDX:.*]]: index, %{{.*}}: memref<?x?x?xf32>)
// CHECK:         %[[B1:.*]] = memref.dim %{{.*}}, %c1
// CHECK:         %[[B2:.*]] = memref.dim %{{.*}}, %c2
// CHECK:         %[[S0:.*]] = arith.muli %[[B2]], %[[B1]] overflow<nsw, nuw> : index
// CHECK:         %[[Z:.*]] = arith.constant 0 : index
// CHECK:         %[[N:.*]] = arith.floordivsi %[[IDX]], %[[S0]] : index
// CHECK:         arith.remsi %[[IDX]], %[[S0]] : index
// CHECK:         %[[P:.*]] = arith.divsi %{{.*}}, %[[B2]] : index
// CHECK:         %[[R2:.*]] = arith.remsi %[[IDX]], %[[B2]] : index
// CHECK:         arith.cmpi slt, %[[R2]], %[[Z]] : index
// CHECK:         %[[Q:.*]] = arith.select
// CHECK:         return %[[N]], %[[P]], %[[Q]]
func.func @dynamic_basis(%linear_index: index, %src: memref<?x?x?xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b0 = memref.dim %src, %c0 : memref<?x?x?xf32>
  %b1 = memref.dim %src, %c1 : memref<?x?x?xf32>
  %b2 = memref.dim %src, %c2 : memref<?x?x?xf32>
  %1:3 = affine.delinearize_index %linear_index into (%b0, %b1, %b2) : index, index, index
  return %1#0, %1#1, %1#2 : index, index, index
}

// -----

// Without an outer bound there is one more result than basis entries.

// CHECK-LABEL: func.func @no_outer_bound
// CHECK-SAME:    (%[[X:.*]]: index, %[[B:.*]]: index)
// CHECK:         %[[Q:.*]] = arith.floordivsi %[[X]], %[[B]] : index
// CHECK:         %[[R:.*]] = arith.remsi %[[X]], %[[B]] : index
// CHECK:         %[[S:.*]] = arith.select
// CHECK:         return %[[Q]], %[[S]]
func.func @no_outer_bound(%x: index, %b: index) -> (index, index) {
  %1:2 = affine.delinearize_index %x into (%b) : index, index
  return %1#0, %1#1 : index, index
}

// -----

// CHECK-LABEL: func.func @linearize_static
// CHECK-SAME:    (%[[A:.*]]: index, %[[B:.*]]: index, %[[C:.*]]: index)
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         %[[T0:.*]] = arith.muli %[[A]], %[[C32]] overflow<nsw> : index
// CHECK:         %[[T1:.*]] = arith.muli %[[B]], %[[C8]] overflow<nsw> : index
// CHECK:         %[[S0:.*]] = arith.addi %[[T0]], %[[T1]] overflow<nsw> : index
// CHECK:         %[[S1:.*]] = arith.addi %[[S0]], %[[C]] overflow<nsw> : index
// CHECK:         return %[[S1]]
func.func @linearize_static(%a: index, %b: index, %c: index) -> index {
  %0 = affine.linearize_index [%a, %b, %c] by (2, 4, 8) : index
  return %0 : index
}

// -----

// CHECK-LABEL: func.func @linearize_dynamic
// CHECK-SAME:    (%[[A:.*]]: index, %[[B:.*]]: index, %[[C:.*]]: index, %[[S:.*]]: index, %[[T:.*]]: index)
// CHECK:         %[[ST:.*]] = arith.muli %[[T]], %[[S]] overflow<nsw, nuw> : index
// CHECK:         %[[T0:.*]] = arith.muli %[[A]], %[[ST]] overflow<nsw> : index
// CHECK:         %[[T1:.*]] = arith.muli %[[B]], %[[T]] overflow<nsw> : index
// CHECK:         %[[S0:.*]] = arith.addi %[[T0]], %[[T1]] overflow<nsw> : index
// CHECK:         %[[S1:.*]] = arith.addi %[[S0]], %[[C]] overflow<nsw> : index
// CHECK:         return %[[S1]]
func.func @linearize_dynamic(%a: index, %b: index, %c: index, %s: index, %t: index) -> index {
  %0 = affine.linearize_index disjoint [%a, %b, %c] by (%s, %t) : index
  return %0 : index
}

// -----

// A single index linearizes to itself.

// CHECK-LABEL: func.func @linearize_single
// CHECK-SAME:    (%[[A:.*]]: index)
// CHECK-NEXT:    return %[[A]]
func.func @linearize_single(%a: index) -> index {
  %0 = affine.linearize_index [%a] by (5) : index
  return %0 : index
}
