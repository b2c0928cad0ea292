// RUN: lattice opt %s --affine-loop-normalize --split-input-file | FileCheck %s
// RUN: lattice opt %s --affine-loop-normalize=promote-single-iter --split-input-file \
// RUN:   | FileCheck %s --check-prefix=PROMOTE

// Lower bound and step are folded into an affine.apply of the new IV.

// CHECK-DAG: #[[$UB:map[0-9]*]] = affine_map<()[s0] -> ((s0 - 2) ceildiv 3)>
// CHECK-DAG: #[[$IV:map[0-9]*]] = affine_map<(d0) -> (d0 * 3 + 2)>
// CHECK-LABEL: func.func @step_and_lb
// CHECK:       affine.for %[[I:.*]] = 0 to #[[$UB]]()[%{{.*}}] {
// CHECK-NEXT:    %[[OLD:.*]] = affine.apply #[[$IV]](%[[I]])
// CHECK-NEXT:    affine.load %{{.*}}[%[[OLD]]]
func.func @step_and_lb(%n: index, %m: memref<?xf32>) {
  affine.for %i = 2 to %n step 3 {
    %v = affine.load %m[%i] : memref<?xf32>
  }
  return
}

// -----

// Already normalized loops are left alone.

// CHECK-LABEL: func.func @normalized
// CHECK:       affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
func.func @normalized(%m: memref<?xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i] : memref<?xf32>
  }
  return
}

// -----

// A min upper bound: every result is shifted and scaled.

// CHECK-DAG: #[[$UB:map[0-9]*]] = affine_map<()[s0] -> (5, (-s0 + 99) ceildiv 2)>
// CHECK-DAG: #[[$IV:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 * 2 + s0 + 1)>
// CHECK-LABEL: func.func @min_upper_bound
// CHECK:       affine.for %[[I:.*]] = 0 to min #[[$UB]]()[%[[N:.*]]] {
// CHECK-NEXT:    affine.apply #[[$IV]](%[[I]])[%[[N]]]
func.func @min_upper_bound(%n: index, %m: memref<?xf32>) {
  affine.for %i = affine_map<(d0) -> (d0 + 1)>(%n) to min affine_map<(d0) -> (d0 + 11, 100)>(%n) step 2 {
    %v = affine.load %m[%i] : memref<?xf32>
  }
  return
}

// -----

// A max lower bound cannot be normalized.

// CHECK-LABEL: func.func @max_lower_bound
// CHECK:       affine.for %{{.*}} = max #{{.*}}(%{{.*}}) to 10 {
func.func @max_lower_bound(%n: index, %m: memref<?xf32>) {
  affine.for %i = max affine_map<(d0) -> (d0, 3)>(%n) to 10 {
    %v = affine.load %m[%i] : memref<?xf32>
  }
  return
}

// -----

// Inner bounds that use an outer IV read the outer loop's original value.

// CHECK-DAG: #[[$OUTER:map[0-9]*]] = affine_map<(d0) -> (d0 * 2 + 1)>
// CHECK-DAG: #[[$UB:map[0-9]*]] = affine_map<(d0) -> (-d0 + 20)>
// CHECK-DAG: #[[$IV:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-LABEL: func.func @relative_bounds
// CHECK:       affine.for %[[I:.*]] = 0 to 5 {
// CHECK-NEXT:    %[[I1:.*]] = affine.apply #[[$OUTER]](%[[I]])
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to #[[$UB]](%[[I1]]) {
// CHECK-NEXT:      %[[J1:.*]] = affine.apply #[[$IV]](%[[I1]], %[[J]])
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I1]], %[[J1]]]
func.func @relative_bounds(%m: memref<20x20xf32>, %v: f32) {
  affine.for %i = 1 to 10 step 2 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 20 {
      affine.store %v, %m[%i, %j] : memref<20x20xf32>
    }
  }
  return
}

// -----

// Loops carrying values keep their iter_args.

// CHECK-LABEL: func.func @iter_args
// CHECK:       affine.for %[[I:.*]] = 0 to 4 iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK-NEXT:    affine.apply #{{.*}}(%[[I]])
func.func @iter_args(%m: memref<16xf32>, %init: f32) -> f32 {
  %r = affine.for %i = 4 to 16 step 3 iter_args(%acc = %init) -> (f32) {
    %v = affine.load %m[%i] : memref<16xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// With promote-single-iter a loop running once is replaced by its body.

// CHECK-LABEL: func.func @single_iteration
// CHECK:       affine.for %{{.*}} = 0 to 1 iter_args
// PROMOTE-LABEL: func.func @single_iteration
// PROMOTE-NOT:   affine.for
// PROMOTE:       %[[C:.*]] = arith.constant 5 : index
// PROMOTE-NEXT:  %[[V:.*]] = affine.load %{{.*}}[%[[C]]]
// PROMOTE-NEXT:  %[[S:.*]] = arith.addf %{{.*}}, %[[V]]
// PROMOTE-NEXT:  return %[[S]]
func.func @single_iteration(%m: memref<?xf32>, %init: f32) -> f32 {
  %r = affine.for %i = 5 to 6 iter_args(%acc = %init) -> (f32) {
    %v = affine.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// affine.parallel: every dimension gets lower bound 0 and step 1; bounds of nested ops
// read the original induction variables.

// CHECK-DAG: #[[$MAP0:map[0-9]*]] = affine_map<(d0) -> (d0 * 3)>
// CHECK-DAG: #[[$MAP1:map[0-9]*]] = affine_map<(d0) -> (d0 * 2 + 1)>
// CHECK-DAG: #[[$MAP2:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-LABEL: func.func @normalize_parallel
// CHECK:       affine.parallel (%[[I0:.*]], %[[J0:.*]]) = (0, 0) to (4, 2) {
// CHECK-NEXT:    %[[I1:.*]] = affine.apply #[[$MAP0]](%[[I0]])
// CHECK-NEXT:    %[[J1:.*]] = affine.apply #[[$MAP1]](%[[J0]])
// CHECK-NEXT:    affine.parallel (%[[K0:.*]]) = (0) to (%[[J1]] - %[[I1]]) {
// CHECK-NEXT:      %[[K1:.*]] = affine.apply #[[$MAP2]](%[[I1]], %[[K0]])
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I1]], %[[K1]]]
func.func @normalize_parallel(%m: memref<20x20xf32>, %v: f32) {
  affine.parallel (%i, %j) = (0, 1) to (10, 5) step (3, 2) {
    affine.parallel (%k) = (%i) to (%j) {
      affine.store %v, %m[%i, %k] : memref<20x20xf32>
    }
  }
  return
}

// -----

// Parallel loops with min/max bounds are left alone.

// CHECK-LABEL: func.func @parallel_min_max
// CHECK:       affine.parallel (%{{.*}}) = (max(1, %{{.*}})) to (10) step (2) {
func.func @parallel_min_max(%n: index, %m: memref<20xf32>, %v: f32) {
  affine.parallel (%i) = (max(1, %n)) to (10) step (2) {
    affine.store %v, %m[%i] : memref<20xf32>
  }
  return
}
