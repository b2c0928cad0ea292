// RUN: lattice opt %s --affine-simplify-structures --split-input-file | FileCheck %s

// Set constraints are simplified; a set that always holds inlines the then block, one
// that never holds removes the op.

// CHECK-DAG: #[[$SET:set[0-9]*]] = affine_set<(d0) : (d0 >= 0)>
// CHECK-LABEL: func.func @sets
// CHECK:       affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:    affine.if #[[$SET]](%[[I]]) {
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT:  }
// CHECK-NEXT:  return
func.func @sets(%n: index, %m: memref<?xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 * 2 - d0 >= 0, 5 >= 0)>(%i) {
      affine.store %v, %m[%i] : memref<?xf32>
    }
    affine.if affine_set<(d0) : (-1 >= 0)>(%i) {
      affine.store %v, %m[%i] : memref<?xf32>
    }
    affine.if affine_set<(d0) : (0 == 0)>(%i) {
      affine.store %v, %m[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// An always-false condition with an else branch keeps the else branch and its yields.

// CHECK-LABEL: func.func @false_with_else
// CHECK-SAME:    (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-NEXT:    return %[[B]]
func.func @false_with_else(%a: index, %b: index) -> index {
  %r = affine.if affine_set<(d0) : (d0 - d0 - 1 >= 0)>(%a) -> index {
    affine.yield %a : index
  } else {
    affine.yield %b : index
  }
  return %r : index
}

// -----

// Expressions are simplified, affine.apply chains and constants fold into consumers.

// CHECK-LABEL: func.func @maps
// CHECK-SAME:    (%[[N:.*]]: index, %[[M:.*]]: memref<?xf32>, %{{.*}}: f32)
// CHECK:       affine.for %[[I:.*]] = 0 to 10 iter_args
// CHECK-NEXT:    affine.store %{{.*}}, %[[M]][%[[I]] * 4 + symbol(%[[N]]) + 4]
// CHECK-NEXT:    affine.load %[[M]][%[[I]]]
func.func @maps(%n: index, %m: memref<?xf32>, %v: f32) -> f32 {
  %c4 = arith.constant 4 : index
  %r = affine.for %i = 0 to 10 iter_args(%acc = %v) -> f32 {
    %a = affine.apply affine_map<(d0) -> (d0 * 2 + d0)>(%i)
    %b = affine.apply affine_map<(d0, d1)[s0] -> (d0 + d1 + s0)>(%a, %i)[%c4]
    affine.store %v, %m[%b + %n] : memref<?xf32>
    %x = affine.load %m[(%i floordiv 2) * 2 + %i mod 2] : memref<?xf32>
    affine.yield %x : f32
  }
  return %r : f32
}

// -----

// Duplicate and unused operands are dropped.

// CHECK: #[[$MAP:map[0-9]*]] = affine_map<(d0) -> (d0 * 2)>
// CHECK-LABEL: func.func @operands
// CHECK:       affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:    %[[A:.*]] = affine.apply #[[$MAP]](%[[I]])
// CHECK-NEXT:    affine.store %[[A]], %{{.*}}[%[[I]] * 2]
func.func @operands(%m: memref<?xindex>, %j: index) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0, d1, d2) -> (d0 + d1)>(%i, %i, %j)
    affine.store %a, %m[%a] : memref<?xindex>
  }
  return
}

// -----

// Loop bounds take in constants and affine.apply producers (each operand once).

// CHECK: #[[$UB:map[0-9]*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK: #[[$LB:map[0-9]*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @bounds
// CHECK-SAME:    (%[[N:.*]]: index,
// CHECK-NEXT:    affine.for %[[I:.*]] = 4 to #[[$UB]]()[%[[N]]] {
// CHECK-NEXT:      affine.for %{{.*}} = #[[$LB]](%[[I]]) to 100 {
func.func @bounds(%n: index, %m: memref<?xf32>, %v: f32) {
  %c3 = arith.constant 3 : index
  %a = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%n]
  affine.for %i = affine_map<(d0) -> (d0 + 1)>(%c3) to affine_map<(d0, d1) -> (d0 + d1)>(%a, %a) {
    %b = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    affine.for %j = affine_map<(d0) -> (d0)>(%b) to 100 {
      affine.store %v, %m[%j] : memref<?xf32>
    }
  }
  return
}
