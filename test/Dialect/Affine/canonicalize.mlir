// RUN: lattice opt %s --canonicalize --split-input-file | FileCheck %s

// Chains of affine.apply compose into the access map; constants fold into it;
// duplicate operands merge; dims that are valid symbols become symbols.
// CHECK-LABEL: func @compose
// CHECK-NOT: affine.apply
// CHECK: affine.load %{{.*}}[%[[I:.*]] * 2 + 5]
// CHECK: affine.store %{{.*}}, %{{.*}}[symbol(%{{.*}}) + 1]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]] * 2]
func.func @compose(%A: memref<100xf32>, %n: index) {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %1 = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%0, %c3)
    %v = affine.load %A[%1] : memref<100xf32>
    %2 = affine.apply affine_map<(d0) -> (d0 + 1)>(%n)
    affine.store %v, %A[%2] : memref<100xf32>
    %3 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %i)
    affine.store %v, %A[%3] : memref<100xf32>
  }
  return
}

// -----

// Duplicate results of affine.min go, results are ordered, a single result becomes
// an affine.apply (then folds into its user).
// CHECK-DAG: #[[MIN:.*]] = affine_map<()[s0] -> (10, s0)>
// CHECK-LABEL: func @min_max
// CHECK: %[[M:.*]] = affine.min #[[MIN]]()[%{{.*}}]
// CHECK: affine.store %{{.*}}, %{{.*}}[symbol(%[[M]])]
// CHECK: affine.store %{{.*}}, %{{.*}}[symbol(%{{.*}}) + 1]
func.func @min_max(%A: memref<100xf32>, %n: index, %v: f32) {
  %m = affine.min affine_map<(d0) -> (d0, 10, d0)>(%n)
  %m2 = affine.max affine_map<(d0) -> (d0 + 1)>(%n)
  affine.store %v, %A[%m] : memref<100xf32>
  affine.store %v, %A[%m2] : memref<100xf32>
  return
}

// -----

// Loops that never run are erased (their results are their inits); so are loops
// whose body does nothing.
// CHECK-LABEL: func @dead_loops
// CHECK-NOT: affine.for
// CHECK: return %{{.*}} : f32
func.func @dead_loops(%A: memref<100xf32>, %n: index, %init: f32) -> f32 {
  affine.for %i = 0 to 0 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %A[%i] : memref<100xf32>
  }
  affine.for %i = 0 to %n {
  }
  %r = affine.for %i = 10 to 5 iter_args(%acc = %init) -> (f32) {
    %v = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  %r2 = affine.for %i = 0 to %n iter_args(%acc = %r) -> (f32) {
    affine.yield %acc : f32
  }
  return %r2 : f32
}

// -----

// A condition that holds at every integer point is replaced by its then-branch, one
// that holds nowhere by its else-branch; an empty else-branch is dropped.
// CHECK-LABEL: func @conditions
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT: affine.if #{{.*}}(%[[I]]) {
// CHECK-NEXT: affine.store
// CHECK-NEXT: }
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]] + 1]
// CHECK-NEXT: }
func.func @conditions(%A: memref<100xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 mod 2 >= 0, -(d0 mod 4) + 3 >= 0)>(%i) {
      affine.store %v, %A[%i] : memref<100xf32>
    }
    affine.if affine_set<(d0) : (d0 - 20 >= 0)>(%i) {
      affine.store %v, %A[%i] : memref<100xf32>
    } else {
    }
    affine.if affine_set<(d0) : (d0 * 2 - 1 == 0)>(%i) {
      affine.store %v, %A[%i] : memref<100xf32>
    } else {
      affine.store %v, %A[%i + 1] : memref<100xf32>
    }
  }
  return
}
