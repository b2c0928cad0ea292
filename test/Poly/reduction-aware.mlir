// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --parallel-order=reverse --affine-loop-tile="tile-sizes=8,16" | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --parallel-order=reverse --affine-loop-distribute | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --parallel-order=reverse --poly-schedule="order-cost=false parallel-reductions=true tile-sizes=8,16" | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --parallel-order=reverse --poly-transform="reverse=0" | FileCheck %s --check-prefix=OUT
// RUN: lattice opt %s --affine-loop-tile="tile-sizes=8,16" | FileCheck %s --check-prefix=TILE
// RUN: lattice opt %s --affine-loop-distribute | FileCheck %s --check-prefix=DIST
// RUN: lattice opt %s --poly-schedule="order-cost=false parallel-reductions=true tile-sizes=8,16 remarks=true" 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=8,16 remarks=true" 2>&1 | FileCheck %s --check-prefix=SEQ

// Reduction-aware legality: the accumulations of a reduction (into one cell, with one
// associative and commutative combiner) may run in any order among themselves, every
// other access of the cell still ordered against them. For an input affine.parallel
// reduction (n-D ones included: split into nested 1-D ones whose accumulators are
// threaded into one cell) the program already chose reassociation; for a sequential
// iter_args reduction, poly-schedule's parallel-reductions=true does. Tiling then tiles
// every dimension, distribution splits the reduction from the other statement, and
// poly-schedule tiles a 2-D sum, saying so in a remark. The program prints the same
// (integer-valued doubles: exact in any order) after every transformation, with
// parallel loops run in reverse order (a race detector).

// OUT: 107522
// OUT-NEXT: 20
// OUT-NEXT: 4907644
// OUT-NEXT: 15354
// OUT-NEXT: 15360

// TILE-LABEL: func.func @sum2d
// TILE:         affine.parallel (%{{.*}}) = (0) to (64) step (8) reduce ("addf") -> (f64) {
// TILE-NEXT:      affine.parallel (%{{.*}}) = (0) to (48) step (16) reduce ("addf") -> (f64) {
// TILE-NEXT:        affine.parallel
// TILE-NEXT:          affine.parallel
// TILE-LABEL: func.func @sum_or
// TILE:         affine.parallel (%{{.*}}) = (0) to (symbol(%{{.*}})) step (8) reduce ({{.*}}) -> (i32, i32) {
// TILE-NEXT:      affine.parallel (%{{.*}}) = (0) to (48) step (16) reduce ({{.*}}) -> (i32, i32) {
// TILE-LABEL: func.func @sum_iter
// TILE-NOT:     affine.parallel
// TILE:         return

// DIST-LABEL: func.func @sum2d
// DIST:         affine.parallel (%[[I:.*]]) = (0) to (64) {
// DIST-NEXT:      affine.parallel (%[[J:.*]]) = (0) to (48) {
// DIST:             affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// DIST-NEXT:      }
// DIST-NEXT:    }
// DIST-NEXT:    %[[R:.*]] = affine.parallel (%{{.*}}) = (0) to (64) reduce ("addf") -> (f64) {
// DIST-NEXT:      affine.parallel (%{{.*}}) = (0) to (48) reduce ("addf") -> (f64) {
// DIST:         affine.store %[[R]]

// SCHED-DAG: remark: reduction-aware schedule: the accumulations into the scalar at [[@LINE+21]]:8 run in another order than in the input (reassociated: parallel-reductions=true)
// SCHED-DAG: remark: reduction-aware schedule: the accumulations into the scalar at [[@LINE+46]]:8 run in another order than in the input (reassociated: parallel-reductions=true)
// SCHED-LABEL: func.func @sum_iter
// SCHED:         %[[S:.*]] = affine.parallel (%{{.*}}) = (0) to (8) reduce ("addf") -> (f64) {
// SCHED-NEXT:      affine.for %{{.*}} = 0 to 3 iter_args(
// SCHED-NEXT:        affine.for %{{.*}} iter_args(
// SCHED-NEXT:          affine.for %{{.*}} iter_args(
// SCHED:         affine.store %[[S]]

// Without parallel-reductions, the sequential sum stays in program order.
// SEQ: remark: not transformed: kept in program order, the only legal one
// SEQ-LABEL: func.func @sum_iter
// SEQ:         affine.for %{{.*}} = 0 to 64 iter_args(
// SEQ-NEXT:      affine.for %{{.*}} = 0 to 48 iter_args(

func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()

// A 2-D affine.parallel reduction, and a second statement writing B.
func.func @sum2d(%A: memref<64x48xf64>, %B: memref<64x48xf64>, %out: memref<f64>) {
  %r = affine.parallel (%i, %j) = (0, 0) to (64, 48) reduce ("addf") -> (f64) {
    %c = affine.load %A[%i, %j] : memref<64x48xf64>
    %d = arith.addf %c, %c : f64
    affine.store %d, %B[%i, %j] : memref<64x48xf64>
    %a = affine.load %A[%i, %j] : memref<64x48xf64>
    %b = arith.mulf %a, %a : f64
    affine.yield %b : f64
  }
  affine.store %r, %out[] : memref<f64>
  return
}

// Two integer reductions over a 2-D affine.parallel with a symbolic bound.
func.func @sum_or(%A: memref<64x48xi32>, %out: memref<2xi32>, %n: index) {
  %r:2 = affine.parallel (%i, %j) = (0, 0) to (symbol(%n), 48) reduce ("addi", "ori") -> (i32, i32) {
    %a = affine.load %A[%i, %j] : memref<64x48xi32>
    affine.yield %a, %a : i32, i32
  }
  affine.store %r#0, %out[0] : memref<2xi32>
  affine.store %r#1, %out[1] : memref<2xi32>
  return
}

// A sequential 2-D sum through iter_args (reassociated only with parallel-reductions).
func.func @sum_iter(%A: memref<64x48xf64>, %out: memref<f64>) {
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to 64 iter_args(%a = %z) -> (f64) {
    %t = affine.for %j = 0 to 48 iter_args(%b = %a) -> (f64) {
      %x = affine.load %A[%i, %j] : memref<64x48xf64>
      %n = arith.addf %b, %x : f64
      affine.yield %n : f64
    }
    affine.yield %t : f64
  }
  affine.store %s, %out[] : memref<f64>
  return
}

func.func @main() {
  %A = memref.alloc() : memref<64x48xf64>
  %B = memref.alloc() : memref<64x48xf64>
  %I = memref.alloc() : memref<64x48xi32>
  %o = memref.alloc() : memref<f64>
  %o2 = memref.alloc() : memref<2xi32>
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %c11 = arith.constant 11 : index
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 48 {
      %p = arith.muli %i, %c7 : index
      %q = arith.muli %j, %c3 : index
      %s = arith.addi %p, %q : index
      %m = arith.remui %s, %c11 : index
      %v = arith.index_cast %m : index to i32
      %f = arith.sitofp %v : i32 to f64
      affine.store %f, %A[%i, %j] : memref<64x48xf64>
      %w = arith.shli %v, %v : i32
      affine.store %w, %I[%i, %j] : memref<64x48xi32>
    }
  }
  func.call @sum2d(%A, %B, %o) : (memref<64x48xf64>, memref<64x48xf64>, memref<f64>) -> ()
  %r = affine.load %o[] : memref<f64>
  func.call @printF64(%r) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %b = affine.load %B[63, 47] : memref<64x48xf64>
  func.call @printF64(%b) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %n = arith.constant 61 : index
  func.call @sum_or(%I, %o2, %n) : (memref<64x48xi32>, memref<2xi32>, index) -> ()
  %x0 = affine.load %o2[0] : memref<2xi32>
  %x1 = affine.load %o2[1] : memref<2xi32>
  %y0 = arith.extsi %x0 : i32 to i64
  %y1 = arith.extsi %x1 : i32 to i64
  func.call @printI64(%y0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%y1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @sum_iter(%A, %o) : (memref<64x48xf64>, memref<f64>) -> ()
  %t = affine.load %o[] : memref<f64>
  func.call @printF64(%t) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}
