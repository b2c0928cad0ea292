// RUN: lattice opt %s --split-input-file --affine-loop-distribute | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-loop-distribute="loop=0" | FileCheck %s --check-prefix=OUTER
// RUN: lattice opt %s --split-input-file --affine-loop-distribute="loop=1" | FileCheck %s --check-prefix=INNER
// RUN: lattice opt %s --split-input-file --affine-loop-distribute="loop=0 partition=1,0" | FileCheck %s --check-prefix=PART

// Loop distribution (fission): each strongly connected component of the dependence
// graph at a loop gets its own copy of the loop, in a topological order.

// B is produced, then consumed in the same iteration;
// the loop splits into a producer loop and a consumer loop, in program order.
// CHECK-LABEL: func.func @producer_consumer
// CHECK:       affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    affine.store %{{.*}}, %[[B:.*]][%[[I]]]
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:    affine.load %[[B]][%[[J]]]
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// A partition that runs the consumer first is refused (see loop-distribute-refusals.mlir).
// PART-LABEL:  func.func @producer_consumer
// PART:        affine.for
// PART-NOT:    affine.for
func.func @producer_consumer(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
    %b = affine.load %B[%i] : memref<64xf32>
    %m = arith.mulf %b, %b : f32
    affine.store %m, %C[%i] : memref<64xf32>
  }
  return
}

// -----

// The second statement writes A[i], which the first reads one iteration later: after
// distribution the writer's loop must run first (topological order, not program order).
// CHECK-LABEL: func.func @reorder
// CHECK:       affine.for %[[I:.*]] = 1 to 64 {
// CHECK-NEXT:    affine.load %[[B:.*]][%[[I]]]
// CHECK-NEXT:    affine.store %{{.*}}, %[[A:.*]][%[[I]]]
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %[[J:.*]] = 1 to 64 {
// CHECK-NEXT:    affine.load %[[A]][%[[J]] - 1]
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// The same order, given as a partition.
// PART-LABEL:  func.func @reorder
// PART:        affine.for %[[I:.*]] = 1 to 64 {
// PART-NEXT:     affine.load %{{.*}}[%[[I]]]
// PART-NEXT:     affine.store
// PART-NEXT:   }
// PART-NEXT:   affine.for %[[J:.*]] = 1 to 64 {
// PART-NEXT:     affine.load %{{.*}}[%[[J]] - 1]
func.func @reorder(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 1 to 64 {
    %a = affine.load %A[%i - 1] : memref<64xf32>
    affine.store %a, %C[%i] : memref<64xf32>
    %b = affine.load %B[%i] : memref<64xf32>
    affine.store %b, %A[%i] : memref<64xf32>
  }
  return
}

// -----

// A perfect nest: the recurrence on A (carried by %i) and the copy B -> C are
// independent, so the split happens at the outer loop (`loop=0`); `loop=1` splits only
// the inner loop.
// CHECK-LABEL: func.func @nest
// CHECK:       affine.for %[[I:.*]] = 1 to 64 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]] - 1, %[[J]]]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %[[I2:.*]] = 1 to 64 {
// CHECK-NEXT:    affine.for %[[J2:.*]] = 0 to 64 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I2]], %[[J2]]]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// OUTER-LABEL: func.func @nest
// OUTER:       affine.for
// OUTER-NEXT:    affine.for
// OUTER:       affine.for
// OUTER-NEXT:    affine.for
// INNER-LABEL: func.func @nest
// INNER:       affine.for %[[I:.*]] = 1 to 64 {
// INNER-NEXT:    affine.for %{{.*}} = 0 to 64 {
// INNER-NEXT:      affine.load %{{.*}}[%[[I]] - 1, %{{.*}}]
// INNER-NEXT:      affine.store
// INNER-NEXT:    }
// INNER-NEXT:    affine.for %{{.*}} = 0 to 64 {
// INNER-NEXT:      affine.load %{{.*}}[%[[I]], %{{.*}}]
// INNER-NEXT:      affine.store
// INNER-NEXT:    }
// INNER-NEXT:  }
func.func @nest(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 1 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i - 1, %j] : memref<64x64xf32>
      affine.store %a, %A[%i, %j] : memref<64x64xf32>
      %b = affine.load %B[%i, %j] : memref<64x64xf32>
      affine.store %b, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// -----

// An iter_args reduction next to an independent statement: the reduction keeps its
// loop (and its iter_args, demoted to a cell while distributing, promoted back).
// CHECK-LABEL: func.func @reduction
// CHECK:       affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[R:.*]] = affine.for %{{.*}} = 0 to 64 iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:    %[[X:.*]] = affine.load
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK-NEXT:    affine.yield %[[S]]
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.store %[[R]]
// CHECK-NOT:   memref.alloca
func.func @reduction(%A: memref<64xf32>, %B: memref<64xf32>, %out: memref<f32>) {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> f32 {
    %a = affine.load %A[%i] : memref<64xf32>
    %d = arith.addf %a, %a : f32
    affine.store %d, %B[%i] : memref<64xf32>
    %a2 = affine.load %A[%i] : memref<64xf32>
    %s = arith.addf %acc, %a2 : f32
    affine.yield %s : f32
  }
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// An imperfect nest: the initialization of B[i], the row sum into B[i] and the C update
// are three components at %i (no dependence goes back to an earlier iteration): three
// nests, the initialization before the sum.
// CHECK-LABEL: func.func @imperfect
// CHECK:       affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:    affine.store %{{.*}}, %[[B:.*]][%[[I]]]
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %[[I2:.*]] = 0 to 64 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      affine.load %[[B]][%[[I2]]]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store %{{.*}}, %[[B]][%[[I2]]]
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      affine.store
func.func @imperfect(%A: memref<64x64xf32>, %B: memref<64xf32>, %C: memref<64x64xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.store %z, %B[%i] : memref<64xf32>
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      %b = affine.load %B[%i] : memref<64xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %B[%i] : memref<64xf32>
    }
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      %c = arith.mulf %a, %a : f32
      affine.store %c, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// -----

// The copies of an affine.parallel stay parallel (each carries a subset of the
// original dependences).
// CHECK-LABEL: func.func @parallel
// CHECK:       affine.parallel (%[[I:.*]]) = (0) to (64) {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.parallel (%[[J:.*]]) = (0) to (64) {
// CHECK-NEXT:    affine.load %{{.*}}[%[[J]]]
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
func.func @parallel(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
    %b = affine.load %A[%i] : memref<64xf32>
    %m = arith.mulf %b, %b : f32
    affine.store %m, %C[%i] : memref<64xf32>
  }
  return
}
