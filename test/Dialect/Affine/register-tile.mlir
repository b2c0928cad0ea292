// RUN: lattice opt %s --split-input-file --machine=medium --affine-register-tile="rows=3 vectors=1" | FileCheck %s
// RUN: lattice opt %s --split-input-file --machine=medium --affine-register-tile="rows=3 vectors=1" --remarks 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --split-input-file --machine=medium --affine-register-tile="rows=3 vectors=1 contract=true" | FileCheck %s --check-prefix=FMA

// Register tiling of contraction nests (detected from the accesses: one cell written per
// (i, j), a reduction loop two loaded operands share). Odd sizes exercise the remainders:
// 7 rows = 2 unroll-jammed tiles of 3 and a cleanup row; 19 columns = 2 masked vectors.

// CHECK-LABEL: func.func @gemm
// CHECK:      affine.for %[[I:.*]] = 0 to 6 step 3 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 19 step 16 {
// CHECK:          %[[M:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
// CHECK-COUNT-3:  vector.transfer_read %arg2{{.*}} : memref<7x19xf32>, vector<16xf32>
// CHECK:          %[[R:.*]]:3 = affine.for %{{.*}} = 0 to 5 iter_args(%[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}, %[[A2:.*]] = %{{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// A[i][k] is the same in every lane: a scalar load, broadcast.
// CHECK:            %[[X:.*]] = affine.load %arg0{{.*}} : memref<7x5xf32>
// CHECK-NEXT:       vector.broadcast %[[X]] : f32 to vector<16xf32>
// CHECK:            vector.transfer_read %arg1{{.*}} : memref<5x19xf32>, vector<16xf32>
// CHECK:            arith.mulf %{{.*}} : vector<16xf32>
// CHECK:            arith.addf %[[A0]], %{{.*}} : vector<16xf32>
// CHECK:            arith.addf %[[A1]], %{{.*}} : vector<16xf32>
// CHECK:            arith.addf %[[A2]], %{{.*}} : vector<16xf32>
// CHECK:            affine.yield
// CHECK:          vector.transfer_write %[[R]]#2, {{.*}}, %[[M]] : vector<16xf32>, memref<7x19xf32>
// CHECK:          vector.transfer_write %[[R]]#1, {{.*}}, %[[M]] : vector<16xf32>, memref<7x19xf32>
// CHECK:          vector.transfer_write %[[R]]#0, %arg2[%[[I]], %[[J]]], %[[M]] : vector<16xf32>, memref<7x19xf32>
// The cleanup row (6) keeps one accumulator.
// CHECK:      affine.for %{{.*}} = 0 to 19 step 16 {
// CHECK:        affine.for %{{.*}} = 0 to 5 iter_args(%{{.*}} = %{{.*}}) -> (vector<16xf32>) {
// FMA-LABEL: func.func @gemm
// FMA:       arith.mulf %{{.*}} fastmath<contract> : vector<16xf32>
// FMA:       arith.addf %{{.*}} fastmath<contract> : vector<16xf32>
func.func @gemm(%A: memref<7x5xf32>, %B: memref<5x19xf32>, %C: memref<7x19xf32>) {
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 19 {
      affine.for %k = 0 to 5 {
        %a = affine.load %A[%i, %k] : memref<7x5xf32>
        %b = affine.load %B[%k, %j] : memref<5x19xf32>
        %c = affine.load %C[%i, %j] : memref<7x19xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<7x19xf32>
      }
    }
  }
  return
}

// -----

// PolyBench's order (i, k, j) in f64, with alpha: the reduction loop k moves innermost and
// j (unit stride) is vectorized by 8 lanes; 5 rows = one tile of 3 (a single iteration,
// promoted) and a cleanup loop of 2 rows.
// CHECK-LABEL: func.func @gemm_ikj
// CHECK:      affine.for %[[J:.*]] = 0 to 9 step 8 {
// CHECK:        %{{.*}}:3 = affine.for %[[K:.*]] = 0 to 3 iter_args({{.*}}) -> (vector<8xf64>, vector<8xf64>, vector<8xf64>) {
// CHECK:          vector.transfer_read %arg2[%[[K]], %[[J]]]
// CHECK:      affine.for %{{.*}} = 3 to 5 {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 9 step 8 {
// CHECK:          affine.for %{{.*}} = 0 to 3 iter_args(%{{.*}} = %{{.*}}) -> (vector<8xf64>) {
// FMA-LABEL: func.func @gemm_ikj
func.func @gemm_ikj(%alpha: f64, %A: memref<5x3xf64>, %B: memref<3x9xf64>, %C: memref<5x9xf64>) {
  affine.for %i = 0 to 5 {
    affine.for %k = 0 to 3 {
      affine.for %j = 0 to 9 {
        %c = affine.load %C[%i, %j] : memref<5x9xf64>
        %a = affine.load %A[%i, %k] : memref<5x3xf64>
        %aa = arith.mulf %alpha, %a : f64
        %b = affine.load %B[%k, %j] : memref<3x9xf64>
        %p = arith.mulf %aa, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<5x9xf64>
      }
    }
  }
  return
}

// -----

// A[i + j][k] steps by a row along j, so the unit-stride loop cannot be vectorized, and
// it moves with the rows i too: no panel that every row reuses, so no transposing pack
// (syrk's A[j][k] gets one: register-tile-pack.mlir). The nest is left alone, with a
// remark.
// REMARK: register-tile.mlir:[[@LINE+9]]:3: remark: contraction nest not register-tiled: the unit-stride loop cannot be vectorized: accesses vary along different memref dimensions {{.*}}(no transposing pack: no operand moves along the columns in a subscript to pack)
// REMARK-NOT: remark
// CHECK-LABEL: func.func @skewed
// CHECK:      affine.for %[[I:.*]] = 0 to 6 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 6 {
// CHECK-NEXT:     affine.for %[[K:.*]] = 0 to 4 {
// CHECK-NEXT:       affine.load %arg0[%[[I]], %[[K]]]
// CHECK-NOT:  vector
func.func @skewed(%A: memref<11x4xf32>, %C: memref<6x6xf32>) {
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<11x4xf32>
        %b = affine.load %A[%i + %j, %k] : memref<11x4xf32>
        %c = affine.load %C[%i, %j] : memref<6x6xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<6x6xf32>
      }
    }
  }
  return
}

// -----

// Not a contraction (no loop that two loaded operands share and the store does not use):
// untouched, and nothing to say (no remark above).
// CHECK-LABEL: func.func @add3
// CHECK-NOT:  vector
func.func @add3(%A: memref<4x4x4xf32>, %C: memref<4x4x4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %j, %k] : memref<4x4x4xf32>
        %c = affine.load %C[%i, %j, %k] : memref<4x4x4xf32>
        %s = arith.addf %c, %a : f32
        affine.store %s, %C[%i, %j, %k] : memref<4x4x4xf32>
      }
    }
  }
  return
}

// -----

// Columns past the last full vector: 83 columns with rows=3 vectors=1 on the 64-byte
// machine would mask 1 of 6 vectors; with vectors=2 (32 lanes) the first 64 columns run
// unmasked and the 19 left over go to a loop of 16-lane vectors (the last one masked).
// RUN: lattice opt %s --split-input-file --machine=medium --affine-register-tile="rows=2 vectors=2" | FileCheck %s --check-prefix=SPLIT
// CHECK-LABEL: func.func @columns
// SPLIT-LABEL: func.func @columns
// SPLIT:      affine.for %{{.*}} = 0 to 4 step 2 {
// SPLIT-NEXT:   affine.for %{{.*}} = 0 to 64 step 32 {
// SPLIT:          affine.for %{{.*}} = 0 to 3 iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>) {
// SPLIT:          vector.transfer_write {{.*}} {in_bounds = [true]} : vector<32xf32>, memref<4x83xf32>
// SPLIT:        affine.for %{{.*}} = 64 to 83 step 16 {
// SPLIT:          %[[M:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
// SPLIT:          affine.for %{{.*}} = 0 to 3 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>) {
// SPLIT:          vector.transfer_write {{.*}}, %[[M]] : vector<16xf32>, memref<4x83xf32>
func.func @columns(%A: memref<4x3xf32>, %B: memref<3x83xf32>, %C: memref<4x83xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 83 {
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %B[%k, %j] : memref<3x83xf32>
        %c = affine.load %C[%i, %j] : memref<4x83xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x83xf32>
      }
    }
  }
  return
}
