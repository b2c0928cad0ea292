// RUN: lattice opt %s --machine=medium --poly-schedule="register-tile=true remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --machine=medium --poly-schedule="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=GENERIC
// RUN: lattice opt %s --machine=medium --lattice-fast | FileCheck %s
// RUN: lattice opt %s --machine=small --poly-schedule="register-tile=true remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=SMALL

// Cache tiles of contraction bands sized for the register tile (poly-schedule's
// register-tile option, set by lattice-fast): on the reference machine (32 KiB L1,
// 1 MiB L2, AVX-512: a register tile of 6 rows x 4 vectors, 64 f32 / 32 f64 columns)
// kc = 64 ((6 + 64) x 64 f32 elements in L1), nc = 320 f32 / 224 f64 columns (multiples
// of the register tile's) and mc rows (multiples of 6) with the C tile and the B block
// in half of L2, the parallel rows in 4 / 6 tiles for the 2 cores. Without the option
// the reuse rule's sizes stay (unrolled reduction of 32, 224 columns).

// REMARK: remark: tile sizes [258, 320, 64] (model): {{.*}} %i: parallel member of the contraction: 4 tiles of a multiple of 6 for 2 cores, %j: columns of the contraction: nc = 320, a multiple of the register tile's 64 columns; {{.*}}, %k: reduction of the contraction: kc = 64, (6 + 64) x kc elements (an A and a B micro-panel) in L1
// REMARK: remark: tile sizes [174, 224, 64] (model): {{.*}} %i: parallel member of the contraction: 6 tiles of a multiple of 6 for 2 cores, %j: columns of the contraction: nc = 224, a multiple of the register tile's 32 columns; {{.*}}, %k: reduction of the contraction: kc = 64, (6 + 32) x kc elements
// The PolyBench form fuses `C *= beta` into the band; the update is its one deepest
// statement (affine-register-tile splits the scaling off): the same rules.
// REMARK: remark: tile sizes [252, 320, 64] (model): {{.*}} %k: reduction of the contraction: kc = 64
// syrk (j <= i) reads A[j][k]: transposed along the unit-stride j, so the reuse rule stays
// (the register tile packs A^T into a panel inside these tiles; the contraction sizes
// would also go to bands whose nest the register tile then declines, as the suite's
// attention, S = Q Kt^T with its scaling after the reduction, which ran 20x slower).
// REMARK: remark: tile sizes {{.*}} %k: innermost, carries a dependence: unrolled
// covariance's triangle (j >= i) with data[k][j] unit stride along j: contraction sizes.
// REMARK: remark: tile sizes [120, 224, 64] (model): {{.*}} %i: parallel member of the contraction: 4 tiles of a multiple of 6 for 2 cores, %j: columns of the contraction: nc = 224{{.*}}, %k: reduction of the contraction: kc = 64
// trmm (k > i: the reduction's bound moves with the rows i, j unit stride): contraction sizes.
// REMARK: remark: tile sizes [224, 228, 64] (model): {{.*}} %i: rows of the contraction: mc = 228, a multiple of the register tile's 6 rows{{.*}}, %k: reduction of the contraction: kc = 64

// GENERIC: remark: tile sizes [256, 224, 32] (model)

// 16-byte vectors and 16 registers: a 6 x 8 f32 register tile, a 16 KiB L1 and 256 KiB L2.
// SMALL: remark: tile sizes [108, 88, 256] (model): {{.*}} nc = 88, a multiple of the register tile's 8 columns{{.*}} kc = 256, (6 + 8) x kc elements

// The register tile inside the cache tiles: full 64-lane vectors (320 is a multiple of
// 64), the accumulators carried across the 64 reduction steps of a tile.
// CHECK-LABEL: func.func @gemm_f32
// CHECK:      affine.parallel (%{{.*}}) = (0) to (4) {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:       affine.for %{{.*}} step 6 {
// CHECK-NEXT:         affine.for %{{.*}} step 64 {
// CHECK:                affine.for %{{.*}} = #{{.*}} to #{{.*}} iter_args({{.*}}) -> (vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>) {
func.func @gemm_f32(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>, %C: memref<1024x1024xf32>) {
  affine.for %i = 0 to 1024 {
    affine.for %j = 0 to 1024 {
      affine.for %k = 0 to 1024 {
        %a = affine.load %A[%i, %k] : memref<1024x1024xf32>
        %b = affine.load %B[%k, %j] : memref<1024x1024xf32>
        %c = affine.load %C[%i, %j] : memref<1024x1024xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<1024x1024xf32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @gemm_f64
// CHECK:      affine.parallel (%{{.*}}) = (0) to (6) {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 5 {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:       affine.for %{{.*}} step 6 {
// CHECK-NEXT:         affine.for %{{.*}} step 32 {
// CHECK:                affine.for %{{.*}} = #{{.*}} to #{{.*}} iter_args({{.*}}) -> (vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>) {
func.func @gemm_f64(%A: memref<1024x1024xf64>, %B: memref<1024x1024xf64>, %C: memref<1024x1024xf64>) {
  affine.for %i = 0 to 1024 {
    affine.for %j = 0 to 1024 {
      affine.for %k = 0 to 1024 {
        %a = affine.load %A[%i, %k] : memref<1024x1024xf64>
        %b = affine.load %B[%k, %j] : memref<1024x1024xf64>
        %c = affine.load %C[%i, %j] : memref<1024x1024xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<1024x1024xf64>
      }
    }
  }
  return
}

func.func @polybench_gemm(%alpha: f32, %beta: f32, %C: memref<1000x1100xf32>, %A: memref<1000x1200xf32>, %B: memref<1200x1100xf32>) {
  affine.for %i = 0 to 1000 {
    affine.for %j = 0 to 1100 {
      %z = affine.load %C[%i, %j] : memref<1000x1100xf32>
      %q = arith.mulf %z, %beta : f32
      affine.store %q, %C[%i, %j] : memref<1000x1100xf32>
    }
    affine.for %k = 0 to 1200 {
      affine.for %j = 0 to 1100 {
        %z = affine.load %C[%i, %j] : memref<1000x1100xf32>
        %x = affine.load %A[%i, %k] : memref<1000x1200xf32>
        %ax = arith.mulf %alpha, %x : f32
        %y = affine.load %B[%k, %j] : memref<1200x1100xf32>
        %p = arith.mulf %ax, %y : f32
        %s = arith.addf %z, %p : f32
        affine.store %s, %C[%i, %j] : memref<1000x1100xf32>
      }
    }
  }
  return
}

func.func @syrk_lower(%C: memref<512x512xf32>, %A: memref<512x512xf32>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to 512 {
        %a = affine.load %A[%i, %k] : memref<512x512xf32>
        %b = affine.load %A[%j, %k] : memref<512x512xf32>
        %c = affine.load %C[%i, %j] : memref<512x512xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<512x512xf32>
      }
    }
  }
  return
}

// covariance's product: cov[i][j] += data[k][i] data[k][j] over the triangle j >= i, with
// `cov = 0` fused. data[k][j] moves along its last subscript with j, so the register tile
// takes the triangle: per block of 6 rows, a box of 6 rows x 32 f64 columns with its
// accumulators in registers, then the remainders.
// CHECK-LABEL: func.func @covariance_upper
// CHECK:      affine.parallel (%{{.*}}) = (0) to (4) {
// CHECK:        affine.for %[[OB:.*]] = #{{.*}} to min #{{.*}} step 6 {
// CHECK-NEXT:     affine.for %{{.*}} = #{{.*}}(%[[OB]], {{.*}}) to min #{{.*}}(%[[OB]], {{.*}}) step 6 {
// CHECK-NEXT:       affine.for %{{.*}} = max #{{.*}}(%{{.*}}, %[[OB]]) to min #{{.*}}(%{{.*}}, %[[OB]]) step 32 {
// CHECK:              affine.for %{{.*}} = #{{.*}} to #{{.*}} iter_args({{.*}}) -> (vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>) {
func.func @covariance_upper(%D: memref<512x480xf64>, %C: memref<480x480xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to 480 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 480 {
      affine.store %z, %C[%i, %j] : memref<480x480xf64>
      affine.for %k = 0 to 512 {
        %a = affine.load %D[%k, %i] : memref<512x480xf64>
        %b = affine.load %D[%k, %j] : memref<512x480xf64>
        %c = affine.load %C[%i, %j] : memref<480x480xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<480x480xf64>
      }
    }
  }
  return
}

// trmm's in-place B = A^T B (k > i: the reduction's lower bound moves with the rows) is a
// contraction band too: contraction sizes, and the register tile splits the reduction per
// block of 6 rows (left remainder, then the box with 6 x 32 f64 accumulators).
// CHECK-LABEL: func.func @trmm
// CHECK:      affine.for %{{.*}} step 6 {
// CHECK:        affine.for %{{.*}} iter_args({{.*}}) -> (vector<32xf64>) {
// CHECK:        affine.for %{{.*}} step 6 {
// CHECK:          affine.for %{{.*}} iter_args({{.*}}) -> (vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>) {
func.func @trmm(%A: memref<384x384xf64>, %B: memref<384x448xf64>) {
  affine.for %i = 0 to 384 {
    affine.for %j = 0 to 448 {
      affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to 384 {
        %b = affine.load %B[%i, %j] : memref<384x448xf64>
        %a = affine.load %A[%k, %i] : memref<384x384xf64>
        %c = affine.load %B[%k, %j] : memref<384x448xf64>
        %p = arith.mulf %a, %c : f64
        %s = arith.addf %b, %p : f64
        affine.store %s, %B[%i, %j] : memref<384x448xf64>
      }
    }
  }
  return
}
