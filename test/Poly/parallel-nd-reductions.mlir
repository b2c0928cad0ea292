// RUN: lattice opt %s --split-input-file --affine-loop-tile="tile-sizes=4" | FileCheck %s --check-prefix=TILE
// RUN: lattice opt %s --split-input-file --poly-schedule=order-cost=false | FileCheck %s --check-prefix=SCHED
// RUN: lattice opt %s --split-input-file --affine-loop-fusion | FileCheck %s --check-prefix=FUSE

// Multi-dimensional affine.parallel ops holding reductions or carried values: demotion
// splits them into nests of one-dimensional affine.parallel ops first, whose
// accumulators are threaded through the nest (one accumulation statement into one
// cell: equal up to reassociation), which the transformations then handle like any
// (they used to be declined with "values carried or crossing statements inside a
// multi-dimensional affine.parallel"). The accumulations of an input reduction may run
// in any order among themselves (reduction-aware legality), so tiling tiles every
// dimension and each of the four loops is a reduction again.

// TILE-LABEL: func.func @sum2d
// TILE:         %[[R:.*]] = affine.parallel (%[[TI:.*]]) = (0) to (64) step (4) reduce ("addf") -> (f32) {
// TILE-NEXT:      %[[P:.*]] = affine.parallel (%[[TJ:.*]]) = (0) to (32) step (4) reduce ("addf") -> (f32) {
// TILE-NEXT:        %[[Q:.*]] = affine.parallel (%[[I:.*]]) = (%[[TI]]) to (%[[TI]] + 4) reduce ("addf") -> (f32) {
// TILE-NEXT:          %[[S:.*]] = affine.parallel (%[[J:.*]]) = (%[[TJ]]) to (%[[TJ]] + 4) reduce ("addf") -> (f32) {
// TILE-NEXT:            affine.load %{{.*}}[%[[I]], %[[J]]]
// TILE:                 affine.yield
// TILE-NEXT:          }
// TILE-NEXT:          affine.yield %[[S]] : f32
// TILE-NEXT:        }
// TILE-NEXT:        affine.yield %[[Q]] : f32
// TILE-NEXT:      }
// TILE-NEXT:      affine.yield %[[P]] : f32
// TILE-NEXT:    }
// TILE-NEXT:    affine.store %[[R]]
// TILE-NOT:     affine.for
// SCHED-LABEL: func.func @sum2d
// SCHED:         %[[R:.*]] = affine.parallel (%[[I:.*]]) = (0) to (64) reduce ("addf") -> (f32) {
// SCHED:           %[[S:.*]] = affine.for %[[J:.*]] = 0 to 32 iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// SCHED-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]]]
// SCHED-NEXT:        arith.mulf
// SCHED-NEXT:        arith.addf %[[A]]
// SCHED-NEXT:        affine.yield
// SCHED-NEXT:      }
// SCHED-NEXT:      affine.yield %[[S]] : f32
// SCHED-NEXT:    }
// SCHED-NEXT:    affine.store %[[R]]
// FUSE-LABEL: func.func @sum2d
// FUSE:         %[[R:.*]] = affine.parallel (%{{.*}}) = (0) to (64) reduce ("addf") -> (f32) {
// FUSE-NEXT:      %[[P:.*]] = affine.parallel (%{{.*}}) = (0) to (32) reduce ("addf") -> (f32) {
// FUSE:           affine.yield %[[P]] : f32
// FUSE-NEXT:    }
// FUSE-NEXT:    affine.store %[[R]]
func.func @sum2d(%A: memref<64x32xf32>, %out: memref<f32>) {
  %r = affine.parallel (%i, %j) = (0, 0) to (64, 32) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i, %j] : memref<64x32xf32>
    %b = arith.mulf %a, %a : f32
    affine.yield %b : f32
  }
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// Two reductions, bounds with several results per group (max/min), steps; tiled (the
// reductions' order may change), they stay nested reductions; the schedule may reorder
// the accumulation (the differential test runs it).
// TILE-LABEL: func.func @sum_max
// TILE:         %{{.*}}:2 = affine.parallel (%[[T:.*]]) = (0) to (symbol(%{{.*}})) step (4) reduce ({{.*}}) -> (i32, i32) {
// TILE-NEXT:      affine.parallel (%[[U:.*]]) = (0) to (min(13, symbol(%{{.*}}))) step (4) reduce ({{.*}}) -> (i32, i32) {
// TILE-NEXT:        affine.parallel (%[[I:.*]]) = (%[[T]]) to (min(%[[T]] + 4, symbol(%{{.*}}))) step (2) reduce ({{.*}}) -> (i32, i32) {
// TILE-NEXT:          affine.parallel (%[[J:.*]]) = (max(%[[U]], 1)) to (min(%[[U]] + 4, symbol(%{{.*}}))) reduce ({{.*}}) -> (i32, i32) {
// TILE-NEXT:            affine.load %{{.*}}[%[[I]], %[[J]]]
// SCHED-LABEL: func.func @sum_max
// SCHED:         arith.muli
// FUSE-LABEL: func.func @sum_max
// FUSE:         affine.parallel (%{{.*}}) = (0) to (symbol(%{{.*}})) step (2) reduce ({{.*}}) -> (i32, i32) {
// FUSE-NEXT:      affine.parallel (%{{.*}}) = (max(0, 1)) to (min(16, symbol(%{{.*}}))) reduce ({{.*}}) -> (i32, i32) {
func.func @sum_max(%A: memref<?x16xi32>, %out: memref<2xi32>, %n: index, %m: index) {
  %r:2 = affine.parallel (%i, %j) = (0, max(0, 1)) to (symbol(%n), min(16, symbol(%m))) step (2, 1) reduce ("addi", "muli") -> (i32, i32) {
    %a = affine.load %A[%i, %j] : memref<?x16xi32>
    affine.yield %a, %a : i32, i32
  }
  affine.store %r#0, %out[0] : memref<2xi32>
  affine.store %r#1, %out[1] : memref<2xi32>
  return
}

// -----

// A loop-carried value inside a 2-D affine.parallel (no reduction).
// TILE-LABEL: func.func @rowsum3
// TILE:         affine.parallel (%[[I:.*]]) = (0) to (16) step (4) {
// TILE-NEXT:      affine.parallel (%[[J:.*]]) = (0) to (8) step (4) {
// TILE:             affine.for %{{.*}} = 0 to 32 iter_args
// SCHED-LABEL: func.func @rowsum3
// SCHED:         affine.parallel (%{{.*}}) = (0) to (16) {
// SCHED-NEXT:      affine.for %{{.*}} = 0 to 8 {
// SCHED-NEXT:        affine.for %{{.*}} = 0 to 32 iter_args
// FUSE-LABEL: func.func @rowsum3
// FUSE:         affine.parallel (%{{.*}}) = (0) to (16) {
// FUSE-NEXT:      affine.parallel (%{{.*}}) = (0) to (8) {
// FUSE-NEXT:        affine.for %{{.*}} = 0 to 32 iter_args
func.func @rowsum3(%A: memref<16x8x32xf32>, %out: memref<16x8xf32>) {
  %c0 = arith.constant 0.0 : f32
  affine.parallel (%i, %j) = (0, 0) to (16, 8) {
    %m = affine.for %k = 0 to 32 iter_args(%acc = %c0) -> (f32) {
      %a = affine.load %A[%i, %j, %k] : memref<16x8x32xf32>
      %n = arith.addf %acc, %a : f32
      affine.yield %n : f32
    }
    affine.store %m, %out[%i, %j] : memref<16x8xf32>
  }
  return
}
