// RUN: lattice opt %s --split-input-file --machine=medium --affine-register-tile="rows=3 vectors=1" | FileCheck %s
// RUN: lattice opt %s --split-input-file --machine=medium --affine-register-tile="rows=3 vectors=1" --remarks 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Transposing packs: an operand moving along the unit-stride loop in a subscript other
// than its last (syrk's A[j][k]) is copied before the row loop into a [k][j] panel
// (the reduction's range times the union of the rows' columns), and the register tile
// reads the panel with contiguous vectors. The buffer lives around the outermost affine
// loop of the nest (inside an affine.parallel: one per iteration); where the rows may
// not run the copy is guarded.

// syrk's triangle j <= i: the union of the rows' columns is [0, 13), the panel 5 x 13.
// CHECK-LABEL: func.func @syrk
// CHECK:      %[[BUF:.*]] = memref.alloc() : memref<5x13xf32>
// CHECK-NEXT: affine.for %[[U:.*]] = 0 to 13 {
// CHECK-NEXT:   affine.for %[[R:.*]] = 0 to 5 {
// CHECK-NEXT:     %[[V:.*]] = affine.load %arg0[%[[U]], %[[R]]] : memref<13x5xf32>
// CHECK-NEXT:     affine.store %[[V]], %[[BUF]][%[[R]], %[[U]]] : memref<5x13xf32>
// CHECK:      affine.for %{{.*}} = 0 to 13 step 3 {
// CHECK:        vector.transfer_read %[[BUF]][%{{.*}}, %{{.*}}], %{{.*}} : memref<5x13xf32>, vector<16xf32>
// CHECK:      memref.dealloc %[[BUF]] : memref<5x13xf32>
func.func @syrk(%A: memref<13x5xf32>, %C: memref<13x13xf32>) {
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to 5 {
        %a = affine.load %A[%i, %k] : memref<13x5xf32>
        %b = affine.load %A[%j, %k] : memref<13x5xf32>
        %c = affine.load %C[%i, %j] : memref<13x13xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<13x13xf32>
      }
    }
  }
  return
}

// -----

// Inside a column tile: the panel is the tile's 12 columns, copied per tile, indexed
// from the tile's first column; the buffer is allocated once, around the tile loop.
// CHECK-LABEL: func.func @tiled
// CHECK:      %[[BUF:.*]] = memref.alloc() : memref<8x12xf64>
// CHECK-NEXT: affine.for %[[JT:.*]] = 0 to 24 step 12 {
// CHECK-NEXT:   affine.for %[[U:.*]] = #{{.*}}(%[[JT]]) to #{{.*}}(%[[JT]]) {
// CHECK-NEXT:     affine.for %[[R:.*]] = 0 to 8 {
// CHECK-NEXT:       %[[V:.*]] = affine.load %arg1[%[[U]], %[[R]]] : memref<24x8xf64>
// CHECK-NEXT:       affine.store %[[V]], %[[BUF]][%[[R]], %[[U]] - %[[JT]]] : memref<8x12xf64>
// CHECK:        affine.for %{{.*}} = 0 to 18 step 3 {
// CHECK:          vector.transfer_read %[[BUF]]{{.*}} : memref<8x12xf64>, vector<8xf64>
// CHECK:      memref.dealloc %[[BUF]] : memref<8x12xf64>
func.func @tiled(%A: memref<20x8xf64>, %B: memref<24x8xf64>, %C: memref<20x24xf64>) {
  affine.for %jt = 0 to 24 step 12 {
    affine.for %i = 0 to 20 {
      affine.for %j = affine_map<(d0) -> (d0)>(%jt) to affine_map<(d0) -> (d0 + 12)>(%jt) {
        affine.for %k = 0 to 8 {
          %a = affine.load %A[%i, %k] : memref<20x8xf64>
          %b = affine.load %B[%j, %k] : memref<24x8xf64>
          %c = affine.load %C[%i, %j] : memref<20x24xf64>
          %p = arith.mulf %a, %b : f64
          %s = arith.addf %c, %p : f64
          affine.store %s, %C[%i, %j] : memref<20x24xf64>
        }
      }
    }
  }
  return
}

// -----

// covariance's triangle j >= i: the lower bound moves with the rows; the union starts
// at the first row's, 0.
// CHECK-LABEL: func.func @upper
// CHECK:      %[[BUF:.*]] = memref.alloc() : memref<7x11xf64>
// CHECK-NEXT: affine.for %[[U:.*]] = 0 to 11 {
// CHECK-NEXT:   affine.for %[[R:.*]] = 0 to 7 {
// CHECK:      vector.transfer_read %[[BUF]]{{.*}} : memref<7x11xf64>, vector<8xf64>
func.func @upper(%D: memref<11x7xf64>, %C: memref<11x11xf64>) {
  affine.for %i = 0 to 11 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 11 {
      affine.for %k = 0 to 7 {
        %a = affine.load %D[%i, %k] : memref<11x7xf64>
        %b = affine.load %D[%j, %k] : memref<11x7xf64>
        %c = affine.load %C[%i, %j] : memref<11x11xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<11x11xf64>
      }
    }
  }
  return
}

// -----

// Two rows reuse the panel less than one register tile (3 rows): no pack, no tile.
// CHECK-LABEL: func.func @short
// CHECK-NOT:  memref.alloc
// CHECK-NOT:  vector.transfer_read
// REMARK: remark: contraction nest not register-tiled: {{.*}}(no transposing pack: the rows reuse the panel less than one register tile's rows)
func.func @short(%A: memref<2x5xf32>, %B: memref<13x5xf32>, %C: memref<2x13xf32>) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 13 {
      affine.for %k = 0 to 5 {
        %a = affine.load %A[%i, %k] : memref<2x5xf32>
        %b = affine.load %B[%j, %k] : memref<13x5xf32>
        %c = affine.load %C[%i, %j] : memref<2x13xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<2x13xf32>
      }
    }
  }
  return
}

// -----

// Rows of a parallel tile, which may be empty (11 = 4 + 4 + 3 rows; the model cannot
// tell): the copy runs only where the rows do, the buffer is per parallel iteration
// and allocated before the guard.
// CHECK-DAG:  #[[RUNS:set[0-9]*]] = affine_set<(d0) : (d0 * -4 + 10 >= 0)>
// CHECK-LABEL: func.func @guarded
// CHECK:      affine.parallel (%[[IT:.*]]) = (0) to (3) {
// CHECK-NEXT:   %[[BUF:.*]] = memref.alloc() : memref<6x13xf32>
// CHECK-NEXT:   affine.if #[[RUNS]](%[[IT]]) {
// CHECK-NEXT:     affine.for %[[U:.*]] = 0 to 13 {
// CHECK-NEXT:       affine.for %[[R:.*]] = 0 to 6 {
// CHECK:        affine.for %{{.*}} step 3 {
// CHECK:          vector.transfer_read %[[BUF]]{{.*}} : memref<6x13xf32>, vector<16xf32>
// CHECK:        memref.dealloc %[[BUF]] : memref<6x13xf32>
func.func @guarded(%A: memref<11x6xf32>, %B: memref<13x6xf32>, %C: memref<11x13xf32>) {
  affine.parallel (%it) = (0) to (3) {
    affine.for %i = affine_map<(d0) -> (d0 * 4)>(%it) to min affine_map<(d0) -> (d0 * 4 + 4, 11)>(%it) {
      affine.for %j = 0 to 13 {
        affine.for %k = 0 to 6 {
          %a = affine.load %A[%i, %k] : memref<11x6xf32>
          %b = affine.load %B[%j, %k] : memref<13x6xf32>
          %c = affine.load %C[%i, %j] : memref<11x13xf32>
          %p = arith.mulf %a, %b : f32
          %s = arith.addf %c, %p : f32
          affine.store %s, %C[%i, %j] : memref<11x13xf32>
        }
      }
    }
  }
  return
}
