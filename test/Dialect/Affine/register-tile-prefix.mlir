// RUN: lattice opt %s --machine=medium --affine-register-tile="rows=2 vectors=1" | FileCheck %s

// PolyBench's gemm after poly-schedule: `C *= beta` fused into the tile behind an
// affine.if on the reduction's tile loop, before the reduction loop. The prefix touches
// only the accumulated cell, so it is split off into a nest of its own before the
// contraction nest, which is then register-tiled (2 rows, 16 f32 lanes). `alpha * A[i][k]`
// is the same in every lane of a row: it stays a scalar multiply, broadcast once.

// CHECK-LABEL: func.func @gemm_beta
// CHECK:       affine.for %[[T:.*]] = 0 to 2 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 32 {
// CHECK-NEXT:        affine.if #{{.*}}(%[[T]]) {
// CHECK:               arith.mulf %{{.*}}, %arg1 : f32
// CHECK:               affine.store
// CHECK:             }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 step 2 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 32 step 16 {
// CHECK:             affine.for %{{.*}} iter_args(
// CHECK:               %[[A:.*]] = affine.load %arg3
// CHECK-NEXT:          %[[AA:.*]] = arith.mulf %arg0, %[[A]] : f32
// CHECK-NEXT:          vector.broadcast %[[AA]] : f32 to vector<16xf32>
func.func @gemm_beta(%alpha: f32, %beta: f32, %C: memref<8x32xf32>, %A: memref<8x64xf32>, %B: memref<64x32xf32>) {
  affine.for %t = 0 to 2 {
    affine.for %i = 0 to 8 {
      affine.for %j = 0 to 32 {
        affine.if affine_set<(d0) : (d0 == 0)>(%t) {
          %z = affine.load %C[%i, %j] : memref<8x32xf32>
          %q = arith.mulf %z, %beta : f32
          affine.store %q, %C[%i, %j] : memref<8x32xf32>
        }
        affine.for %k = affine_map<(d0) -> (d0 * 32)>(%t) to affine_map<(d0) -> (d0 * 32 + 32)>(%t) {
          %z = affine.load %C[%i, %j] : memref<8x32xf32>
          %x = affine.load %A[%i, %k] : memref<8x64xf32>
          %ax = arith.mulf %alpha, %x : f32
          %y = affine.load %B[%k, %j] : memref<64x32xf32>
          %p = arith.mulf %ax, %y : f32
          %s = arith.addf %z, %p : f32
          affine.store %s, %C[%i, %j] : memref<8x32xf32>
        }
      }
    }
  }
  return
}

// A prefix that writes another memref stays: the nest is left alone.
// CHECK-LABEL: func.func @other_write
// CHECK-NOT:   step 2
func.func @other_write(%C: memref<8x32xf32>, %D: memref<8x32xf32>, %A: memref<8x64xf32>, %B: memref<64x32xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 32 {
      %z0 = affine.load %C[%i, %j] : memref<8x32xf32>
      affine.store %z0, %D[%i, %j] : memref<8x32xf32>
      affine.for %k = 0 to 64 {
        %z = affine.load %C[%i, %j] : memref<8x32xf32>
        %x = affine.load %A[%i, %k] : memref<8x64xf32>
        %y = affine.load %B[%k, %j] : memref<64x32xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %z, %p : f32
        affine.store %s, %C[%i, %j] : memref<8x32xf32>
      }
    }
  }
  return
}
