// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false remarks=true time-tile=never" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false time-tile=never" | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false min-parallel-work=0 time-tile=never" | FileCheck %s --check-prefix=ALWAYS

// A parallel loop inside a sequential loop starts one parallel region per outer
// iteration. Jacobi-1d's two i loops under t run 8 x 2 regions of at most 254
// instances: fewer than min-parallel-work (32768 by default), so they stay sequential
// (the examples' jacobi_1d ran 18x slower than program order with the marks).
// time-tile=never: the 512 x 512 jacobi-2d below (4 MB per time step) would be time-tiled
// on a machine whose last-level cache is at most that (test/Poly/poly-schedule-time-tile.mlir);
// this file is about the unskewed schedule's marks.

// REMARK: remark: not parallel (short regions): coincident member 0 (%i) of the band of the statement of the store to %B at [[@LINE+21]]:7 (S0) lies inside a sequential loop: 8 parallel regions of at most 254 instances each on average (min-parallel-work=32768)
// REMARK: remark: not parallel (short regions): coincident member 0 (%i) of the band of the statement of the store to %A at [[@LINE+29]]:7 (S1) lies inside a sequential loop: 8 parallel regions of at most 254 instances each on average (min-parallel-work=32768)

// CHECK-LABEL: func.func @jacobi_1d
// CHECK-NOT:   affine.parallel
// CHECK:       return

// ALWAYS-LABEL: func.func @jacobi_1d
// ALWAYS:       affine.for %{{.*}} = 0 to 8 {
// ALWAYS-NEXT:    affine.parallel (%{{.*}}) = (1) to (255) {
// ALWAYS:         affine.parallel (%{{.*}}) = (1) to (255) {
func.func @jacobi_1d(%A: memref<256xf64> {llvm.noalias}, %B: memref<256xf64> {llvm.noalias}) {
  %third = arith.constant 0.33333 : f64
  affine.for %t = 0 to 8 {
    affine.for %i = 1 to 255 {
      %l = affine.load %A[%i - 1] : memref<256xf64>
      %c = affine.load %A[%i] : memref<256xf64>
      %r = affine.load %A[%i + 1] : memref<256xf64>
      %s0 = arith.addf %l, %c : f64
      %s1 = arith.addf %s0, %r : f64
      %v = arith.mulf %s1, %third : f64
      affine.store %v, %B[%i] : memref<256xf64>
    }
    affine.for %i = 1 to 255 {
      %l = affine.load %B[%i - 1] : memref<256xf64>
      %c = affine.load %B[%i] : memref<256xf64>
      %r = affine.load %B[%i + 1] : memref<256xf64>
      %s0 = arith.addf %l, %c : f64
      %s1 = arith.addf %s0, %r : f64
      %v = arith.mulf %s1, %third : f64
      affine.store %v, %A[%i] : memref<256xf64>
    }
  }
  return
}

// -----

// Few outer iterations around much work: each of the 2 regions per loop runs
// 510 x 510 instances, so the i loops stay parallel (no remark).

// REMARK-NOT: remark: not parallel (short regions)

// CHECK-LABEL: func.func @jacobi_2d_two_steps
// CHECK:       affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:    affine.parallel (%{{.*}}) = (1) to (511) {
// CHECK:         affine.parallel (%{{.*}}) = (1) to (511) {
func.func @jacobi_2d_two_steps(%A: memref<512x512xf64> {llvm.noalias}, %B: memref<512x512xf64> {llvm.noalias}) {
  %fifth = arith.constant 0.2 : f64
  affine.for %t = 0 to 2 {
    affine.for %i = 1 to 511 {
      affine.for %j = 1 to 511 {
        %c = affine.load %A[%i, %j] : memref<512x512xf64>
        %w = affine.load %A[%i, %j - 1] : memref<512x512xf64>
        %e = affine.load %A[%i, %j + 1] : memref<512x512xf64>
        %n = affine.load %A[%i - 1, %j] : memref<512x512xf64>
        %s = affine.load %A[%i + 1, %j] : memref<512x512xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %n : f64
        %s3 = arith.addf %s2, %s : f64
        %v = arith.mulf %s3, %fifth : f64
        affine.store %v, %B[%i, %j] : memref<512x512xf64>
      }
    }
    affine.for %i = 1 to 511 {
      affine.for %j = 1 to 511 {
        %c = affine.load %B[%i, %j] : memref<512x512xf64>
        %w = affine.load %B[%i, %j - 1] : memref<512x512xf64>
        %e = affine.load %B[%i, %j + 1] : memref<512x512xf64>
        %n = affine.load %B[%i - 1, %j] : memref<512x512xf64>
        %s = affine.load %B[%i + 1, %j] : memref<512x512xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %n : f64
        %s3 = arith.addf %s2, %s : f64
        %v = arith.mulf %s3, %fifth : f64
        affine.store %v, %A[%i, %j] : memref<512x512xf64>
      }
    }
  }
  return
}
