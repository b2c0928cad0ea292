// RUN: lattice opt %s --split-input-file --affine-loop-unroll=unroll-factor=4 | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-loop-unroll=unroll-full | FileCheck %s --check-prefix=FULL
// RUN: lattice opt %s --split-input-file --affine-loop-unroll=unroll-factor=-1 | FileCheck %s --check-prefix=FULL
// RUN: lattice opt %s --split-input-file --affine-loop-unroll="unroll-factor=4 unroll-up-to-factor" \
// RUN:   | FileCheck %s --check-prefix=UPTO
// RUN: lattice opt %s --split-input-file --affine-loop-unroll="unroll-factor=-1 unroll-full-threshold=3" \
// RUN:   | FileCheck %s --check-prefix=THRESH

// Trip count 10, factor 4: a main loop of 8 iterations (step 4) and a cleanup loop.
// CHECK-DAG:   #[[$P1:map[0-9]*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG:   #[[$P3:map[0-9]*]] = affine_map<(d0) -> (d0 + 3)>
// CHECK-LABEL: func.func @const_with_cleanup
// CHECK:       affine.for %[[I:.*]] = 0 to 8 step 4 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]] + 1]
// CHECK-NEXT:    %[[I1:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:    affine.load %{{.*}}[%[[I1]]]
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I1]] + 1]
// CHECK:         %[[I3:.*]] = affine.apply #[[$P3]](%[[I]])
// CHECK-NEXT:    affine.load %{{.*}}[%[[I3]]]
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %[[J:.*]] = 8 to 10 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[J]]]
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[J]] + 1]
// CHECK-NEXT:  }
// FULL-LABEL:  func.func @const_with_cleanup
// FULL-NOT:    affine.for
// FULL-COUNT-10: affine.store
// FULL-NEXT:   return
func.func @const_with_cleanup(%A: memref<100xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %A[%i + 1] : memref<100xf32>
  }
  return
}

// -----

// Each copy reads what the previous copy yields.
// CHECK-LABEL: func.func @iter_args_chain
// CHECK:       %[[R:.*]] = affine.for %{{.*}} = 0 to 8 step 4 iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK:         %[[S0:.*]] = arith.addf %[[ACC]], %{{.*}} : f32
// CHECK:         %[[S1:.*]] = arith.addf %[[S0]], %{{.*}} : f32
// CHECK:         %[[S2:.*]] = arith.addf %[[S1]], %{{.*}} : f32
// CHECK:         %[[S3:.*]] = arith.addf %[[S2]], %{{.*}} : f32
// CHECK-NEXT:    affine.yield %[[S3]] : f32
// CHECK:       return %[[R]] : f32
// FULL-LABEL:  func.func @iter_args_chain
// FULL-NOT:    affine.for
// FULL:        %[[S:.*]] = arith.addf %cst
// FULL-COUNT-7: arith.addf
// FULL-NEXT:   return
func.func @iter_args_chain(%A: memref<100xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// A symbolic trip count: the main loop stops at the largest multiple of 4.
// CHECK-DAG:   #[[$UB:map[0-9]*]] = affine_map<()[s0] -> ((s0 floordiv 4) * 4)>
// CHECK-LABEL: func.func @symbolic
// CHECK-SAME:    (%{{.*}}: memref<?xf32>, %[[N:.*]]: index)
// CHECK:       affine.for %{{.*}} = 0 to #[[$UB]]()[%[[N]]] step 4 {
// CHECK-COUNT-4: affine.load
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %{{.*}} = #[[$UB]]()[%[[N]]] to %[[N]] {
// CHECK-NEXT:    affine.load
// CHECK-NEXT:  }
// FULL-LABEL:  func.func @symbolic
// FULL:        affine.for %{{.*}} = 0 to %{{.*}} {
func.func @symbolic(%A: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    %v = affine.load %A[%i] : memref<?xf32>
  }
  return
}

// -----

// Trip count below the factor: unchanged (as upstream), unless up-to-factor.
// CHECK-LABEL: func.func @short_loop
// CHECK:       affine.for %{{.*}} = 0 to 3 {
// FULL-LABEL:  func.func @short_loop
// FULL-NOT:    affine.for
// FULL-COUNT-3: affine.load
// UPTO-LABEL:  func.func @short_loop
// UPTO-NOT:    affine.for
// UPTO-COUNT-3: affine.load
// THRESH-LABEL: func.func @short_loop
// THRESH-NOT:  affine.for
// THRESH-COUNT-3: affine.load
func.func @short_loop(%A: memref<?xf32>) {
  affine.for %i = 0 to 3 {
    %v = affine.load %A[%i] : memref<?xf32>
  }
  return
}

// -----

// Only the innermost loop is unrolled; trip count == factor promotes the loop. With a
// full-unroll threshold every loop short enough is unrolled, outer ones too.
// CHECK-LABEL: func.func @only_innermost
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:  affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]], %[[C0]]]
// CHECK-COUNT-3: affine.load
// CHECK-NEXT:  }
// THRESH-LABEL: func.func @only_innermost
// THRESH:      affine.for %{{.*}} = 0 to 16 {
// THRESH-NEXT:   affine.for %{{.*}} = 0 to 4 {
func.func @only_innermost(%A: memref<?x?xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// Step 2, trip count 5: both the main loop (one iteration of step 8) and the cleanup
// loop (one iteration) are promoted.
// CHECK-DAG:   #[[$P2:map[0-9]*]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-LABEL: func.func @single_iteration_cleanup
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[C8:.*]] = arith.constant 8 : index
// CHECK-NOT:   affine.for
// CHECK:       affine.load %{{.*}}[%[[C0]]]
// CHECK-NEXT:  %[[I2:.*]] = affine.apply #[[$P2]](%[[C0]])
// CHECK-NEXT:  affine.load %{{.*}}[%[[I2]]]
// CHECK:       affine.load %{{.*}}[%[[C8]]]
// CHECK-NEXT:  return
func.func @single_iteration_cleanup(%A: memref<?xf32>) {
  affine.for %i = 0 to 9 step 2 {
    %v = affine.load %A[%i] : memref<?xf32>
  }
  return
}
