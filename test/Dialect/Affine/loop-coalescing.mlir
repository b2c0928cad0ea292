// RUN: lattice opt %s --affine-loop-coalescing --split-input-file | FileCheck %s

// A 3-d band with independent bounds becomes one loop; the indices are recovered with
// mod and floordiv by the inner trip counts. Non-constant inner trip counts are clamped
// at 0 (two negative counts must not multiply into a positive one).

// CHECK-DAG: #[[$CLAMP:map[0-9]*]] = affine_map<()[s0] -> (s0, 0)>
// CHECK-DAG: #[[$MUL:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 * s0)>
// CHECK-DAG: #[[$UB:map[0-9]*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK-DAG: #[[$MOD:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 mod s0)>
// CHECK-DAG: #[[$DIV:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 floordiv s0)>
// CHECK-LABEL: func.func @coalesce_3d
// CHECK-SAME:    (%[[N:.*]]: index,
// CHECK:         %[[A1:.*]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK-NEXT:    %[[U1:.*]] = affine.max #[[$CLAMP]]()[%[[A1]]]
// CHECK-NEXT:    %[[A2:.*]] = affine.min #{{.*}}()[%[[N]]]
// CHECK-NEXT:    %[[U2:.*]] = affine.max #[[$CLAMP]]()[%[[A2]]]
// CHECK-NEXT:    %[[P:.*]] = affine.apply #[[$MUL]](%[[U1]])[%[[U2]]]
// CHECK-NEXT:    affine.for %[[IV:.*]] = 0 to #[[$UB]]()[%[[P]]] {
// CHECK-NEXT:      %[[K:.*]] = affine.apply #[[$MOD]](%[[IV]])[%[[U2]]]
// CHECK-NEXT:      %[[Q:.*]] = affine.apply #[[$DIV]](%[[IV]])[%[[U2]]]
// CHECK-NEXT:      %[[J:.*]] = affine.apply #[[$MOD]](%[[Q]])[%[[U1]]]
// CHECK-NEXT:      %[[I:.*]] = affine.apply #[[$DIV]](%[[Q]])[%[[U1]]]
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @coalesce_3d(%n: index, %m: memref<?x?x?xf32>, %v: f32) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to min affine_map<()[s0] -> (s0, 8)>()[%n] {
        affine.store %v, %m[%i, %j, %k] : memref<?x?x?xf32>
      }
    }
  }
  return
}

// -----

// Bounds depending on an outer induction variable block coalescing across it; the inner
// pair is still coalesced, its bound a map of the outer induction variable.

// CHECK-LABEL: func.func @dependent_bounds
// CHECK:         affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      %[[C5:.*]] = affine.apply #{{.*}}()
// CHECK-NEXT:      affine.for %[[IV:.*]] = 0 to #{{.*}}(%[[I]])[%[[C5]]] {
// CHECK-NEXT:        %[[K:.*]] = affine.apply #{{.*}}(%[[IV]])[%[[C5]]]
// CHECK-NEXT:        %[[J:.*]] = affine.apply #{{.*}}(%[[IV]])[%[[C5]]]
// CHECK-NEXT:        affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]]
func.func @dependent_bounds(%m: memref<10x10x5xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.for %k = 0 to 5 {
        affine.store %v, %m[%i, %j, %k] : memref<10x10x5xf32>
      }
    }
  }
  return
}

// -----

// A triangular 2-d nest is left alone.

// CHECK-LABEL: func.func @triangular
// CHECK:         affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to #{{.*}}(%[[I]]) {
func.func @triangular(%m: memref<10x10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.store %v, %m[%i, %j] : memref<10x10xf32>
    }
  }
  return
}

// -----

// Loops that are not normalized are not coalesced (run affine-loop-normalize first).

// CHECK-LABEL: func.func @not_normalized
// CHECK:         affine.for %{{.*}} = 1 to 10 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 step 2 {
func.func @not_normalized(%m: memref<10x10xf32>, %v: f32) {
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 10 step 2 {
      affine.store %v, %m[%i, %j] : memref<10x10xf32>
    }
  }
  return
}

// -----

// Imperfect nests are not coalesced.

// CHECK-LABEL: func.func @imperfect
// CHECK:         affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 {
func.func @imperfect(%m: memref<10x10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.store %v, %m[%i, %i] : memref<10x10xf32>
    affine.for %j = 0 to 10 {
      affine.store %v, %m[%i, %j] : memref<10x10xf32>
    }
  }
  return
}

// -----

// scf.for bands are coalesced with arith ops: constant trip counts fold, others are
// max(ceildiv(ub - lb, step), 0); each index is lb + step * (its normalized value).

// CHECK-LABEL: func.func @scf_band
// CHECK-SAME:    (%[[N:.*]]: index,
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK:         %[[D:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK-NEXT:    %[[T:.*]] = arith.ceildivsi %[[D]], %{{.*}} : index
// CHECK-NEXT:    %[[TC:.*]] = arith.maxsi %[[T]], %{{.*}} : index
// CHECK-NEXT:    %[[TOT:.*]] = arith.muli %[[C5]], %[[TC]] : index
// CHECK-NEXT:    scf.for %[[IV:.*]] = %{{.*}} to %[[TOT]] step %{{.*}} {
// CHECK-NEXT:      %[[JN:.*]] = arith.remsi %[[IV]], %[[TC]] : index
// CHECK-NEXT:      %[[JS:.*]] = arith.muli %[[JN]], %{{.*}} : index
// CHECK-NEXT:      %[[J:.*]] = arith.addi %[[JS]], %{{.*}} : index
// CHECK-NEXT:      %[[IN:.*]] = arith.divsi %[[IV]], %[[TC]] : index
// CHECK-NEXT:      %[[IS:.*]] = arith.muli %[[IN]], %[[C2]] : index
// CHECK-NEXT:      %[[I:.*]] = arith.addi %[[IS]], %[[C1]] : index
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:    }
func.func @scf_band(%n: index, %m: memref<?x?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c1 to %c10 step %c2 {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// scf.for loops carrying values are not coalesced.

// CHECK-LABEL: func.func @scf_iter_args
// CHECK:         scf.for
// CHECK:           scf.for
func.func @scf_iter_args(%m: memref<4x4xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> f32 {
    %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %a) -> f32 {
      %x = memref.load %m[%i, %j] : memref<4x4xf32>
      %y = arith.addf %b, %x : f32
      scf.yield %y : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}
