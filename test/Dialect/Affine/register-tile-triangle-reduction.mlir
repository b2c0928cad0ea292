// RUN: lattice opt %s --split-input-file --machine=medium --affine-register-tile="rows=3 vectors=1" | FileCheck %s

// Register tiling of contraction nests whose reduction loop's bounds move with the row
// loop (trmm's k > i, a lower triangular operand's k <= i): per block of 3 rows, the
// reductions every row of the block has form a box, register-tiled as a rectangle; the
// rest of each row runs in a left remainder before the box and a right one after it
// (one row each, accumulators in iter_args), so every cell's updates keep their order.
// Such a nest may also read the accumulated memref in place at cells of later rows
// only (trmm's B[k][j]), which the nest writes after every read of them in both orders.
// Odd sizes exercise partial blocks and masked columns.

// In place, B = A^T B with A unit lower triangular (trmm): B[i][j] += A[k][i] * B[k][j]
// for k in (i, 11): the read B[k][j] is of later rows only.
// Left remainder of row i: k in [i + 1, min(11, ob + 3)); box: k in [ob + 3, 11), 3 rows
// unroll-jammed; no right remainder (the upper bound does not move).
// CHECK-DAG: #[[LEFTLB:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + 1)>
// CHECK-DAG: #[[LEFTUB:map[0-9]*]] = affine_map<(d0, d1) -> (11, d1 + 3)>
// CHECK-DAG: #[[BOXLB:map[0-9]*]] = affine_map<(d0) -> (d0 + 3)>
// CHECK-DAG: #[[END:map[0-9]*]] = affine_map<(d0) -> (11)>
// CHECK-LABEL: func.func @in_place
// CHECK:      affine.for %[[OB:.*]] = 0 to 11 step 3 {
// CHECK-NEXT:   affine.for %[[I:.*]] = #{{.*}}(%[[OB]]) to min #{{.*}}(%[[OB]]) {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 13 step 8 {
// CHECK:            affine.for %{{.*}} = #[[LEFTLB]](%[[I]], %[[OB]]) to min #[[LEFTUB]](%[[I]], %[[OB]]) iter_args({{.*}}) -> (vector<8xf64>) {
// CHECK:        affine.for %{{.*}} = #{{.*}}(%[[OB]]) to min #{{.*}}(%[[OB]]) step 3 {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 13 step 8 {
// CHECK:            %{{.*}}:3 = affine.for %{{.*}} = #[[BOXLB]](%[[OB]]) to #[[END]](%[[OB]]) iter_args({{.*}}) -> (vector<8xf64>, vector<8xf64>, vector<8xf64>) {
// CHECK-NOT:  max
// CHECK:      return
func.func @in_place(%A: memref<11x11xf64>, %B: memref<11x13xf64>) {
  affine.for %i = 0 to 11 {
    affine.for %j = 0 to 13 {
      affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to 11 {
        %b = affine.load %B[%i, %j] : memref<11x13xf64>
        %a = affine.load %A[%k, %i] : memref<11x11xf64>
        %c = affine.load %B[%k, %j] : memref<11x13xf64>
        %p = arith.mulf %a, %c : f64
        %s = arith.addf %b, %p : f64
        affine.store %s, %B[%i, %j] : memref<11x13xf64>
      }
    }
  }
  return
}

// -----

// The reduction's upper bound moves (k in [0, i + 1), lower triangular A):
// a box [0, ob + 1) per block and a right remainder [ob + 1, i + 1) per row.
// Box: k in [0, ob + 1); right remainder of row i: k in [max(0, ob + 1), i + 1).
// CHECK-DAG: #[[ZERO:map[0-9]*]] = affine_map<(d0) -> (0)>
// CHECK-DAG: #[[NEXT:map[0-9]*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[RIGHTLB:map[0-9]*]] = affine_map<(d0, d1) -> (0, d1 + 1)>
// CHECK-DAG: #[[RIGHTUB:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + 1)>
// CHECK-LABEL: func.func @upper_moves
// CHECK:      affine.for %[[OB:.*]] = 0 to 13 step 3 {
// CHECK-NEXT:   affine.for %{{.*}} = #{{.*}}(%[[OB]]) to min #{{.*}}(%[[OB]]) step 3 {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 10 step 16 {
// CHECK:            %{{.*}}:3 = affine.for %{{.*}} = #[[ZERO]](%[[OB]]) to #[[NEXT]](%[[OB]]) iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:        affine.for %[[I:.*]] = #{{.*}}(%[[OB]]) to min #{{.*}}(%[[OB]]) {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 10 step 16 {
// CHECK:            affine.for %{{.*}} = max #[[RIGHTLB]](%[[I]], %[[OB]]) to #[[RIGHTUB]](%[[I]], %[[OB]]) iter_args({{.*}}) -> (vector<16xf32>) {
func.func @upper_moves(%A: memref<13x13xf32>, %B: memref<13x10xf32>, %C: memref<13x10xf32>) {
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 10 {
      affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %a = affine.load %A[%i, %k] : memref<13x13xf32>
        %b = affine.load %B[%k, %j] : memref<13x10xf32>
        %c = affine.load %C[%i, %j] : memref<13x10xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<13x10xf32>
      }
    }
  }
  return
}

// -----

// Both bounds move (a band k in [i, min(i + 5, 13))), the column loop outermost as
// poly-schedule leaves it: left remainder, box, right remainder.
// The column loop outside the rows (as poly-schedule leaves trmm) is moved inside them.
// Left remainder k in [i, min(i + 5, 13, ob + 2)), box [ob + 2, min(ob + 5, 13)), right
// remainder [max(i, ob + 2, ob + 5), min(i + 5, 13)).
// CHECK-DAG: #[[LEFTLB:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[LEFTUB:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + 5, 13, d1 + 2)>
// CHECK-DAG: #[[BOXLB:map[0-9]*]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-DAG: #[[BOXUB:map[0-9]*]] = affine_map<(d0) -> (d0 + 5, 13)>
// CHECK-DAG: #[[RIGHTLB:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1 + 2, d1 + 5)>
// CHECK-DAG: #[[RIGHTUB:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + 5, 13)>
// CHECK-LABEL: func.func @band
// CHECK:      affine.for %[[OB:.*]] = 0 to 13 step 3 {
// CHECK-NEXT:   affine.for %[[I:.*]] = #{{.*}}(%[[OB]]) to min #{{.*}}(%[[OB]]) {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 10 step 16 {
// CHECK:            affine.for %{{.*}} = #[[LEFTLB]](%[[I]], %[[OB]]) to min #[[LEFTUB]](%[[I]], %[[OB]]) iter_args({{.*}}) -> (vector<16xf32>) {
// CHECK:        affine.for %{{.*}} = #{{.*}}(%[[OB]]) to min #{{.*}}(%[[OB]]) step 3 {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 10 step 16 {
// CHECK:            %{{.*}}:3 = affine.for %{{.*}} = #[[BOXLB]](%[[OB]]) to min #[[BOXUB]](%[[OB]]) iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:        affine.for %[[I2:.*]] = #{{.*}}(%[[OB]]) to min #{{.*}}(%[[OB]]) {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 10 step 16 {
// CHECK:            affine.for %{{.*}} = max #[[RIGHTLB]](%[[I2]], %[[OB]]) to min #[[RIGHTUB]](%[[I2]], %[[OB]]) iter_args({{.*}}) -> (vector<16xf32>) {
func.func @band(%A: memref<13x13xf32>, %B: memref<13x10xf32>, %C: memref<13x10xf32>) {
  affine.for %j = 0 to 10 {
    affine.for %i = 0 to 13 {
      affine.for %k = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0) -> (d0 + 5, 13)>(%i) {
        %a = affine.load %A[%i, %k] : memref<13x13xf32>
        %b = affine.load %B[%k, %j] : memref<13x10xf32>
        %c = affine.load %C[%i, %j] : memref<13x10xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<13x10xf32>
      }
    }
  }
  return
}

// -----

// Not taken: the in-place read is of earlier rows (k < i), which the nest has already
// written; blocks of rows would read them before their last update.
// CHECK-LABEL: func.func @earlier_rows
// CHECK:      affine.for %{{.*}} = 0 to 11 {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 13 {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to #{{.*}}(%{{.*}}) {
// CHECK-NOT:  vector
func.func @earlier_rows(%A: memref<11x11xf64>, %B: memref<11x13xf64>) {
  affine.for %i = 0 to 11 {
    affine.for %j = 0 to 13 {
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
        %b = affine.load %B[%i, %j] : memref<11x13xf64>
        %a = affine.load %A[%k, %i] : memref<11x11xf64>
        %c = affine.load %B[%k, %j] : memref<11x13xf64>
        %p = arith.mulf %a, %c : f64
        %s = arith.addf %b, %p : f64
        affine.store %s, %B[%i, %j] : memref<11x13xf64>
      }
    }
  }
  return
}

// -----

// Not taken: the in-place read is of another column (B[k][j - 1]), not only of cells
// the rows write later.
// CHECK-LABEL: func.func @other_column
// CHECK:      affine.for %{{.*}} = 0 to 11 {
// CHECK-NEXT:   affine.for %{{.*}} = 1 to 13 {
// CHECK-NEXT:     affine.for %{{.*}} = #{{.*}}(%{{.*}}) to 11 {
// CHECK-NOT:  vector
func.func @other_column(%A: memref<11x11xf64>, %B: memref<11x13xf64>) {
  affine.for %i = 0 to 11 {
    affine.for %j = 1 to 13 {
      affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to 11 {
        %b = affine.load %B[%i, %j] : memref<11x13xf64>
        %a = affine.load %A[%k, %i] : memref<11x11xf64>
        %c = affine.load %B[%k, %j - 1] : memref<11x13xf64>
        %p = arith.mulf %a, %c : f64
        %s = arith.addf %b, %p : f64
        affine.store %s, %B[%i, %j] : memref<11x13xf64>
      }
    }
  }
  return
}
