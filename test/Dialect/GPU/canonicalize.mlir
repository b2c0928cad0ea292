// RUN: lattice opt %s --canonicalize | FileCheck %s

// gpu canonicalizations checked against mlir-opt --canonicalize: FoldLaunchArguments
// (ids whose size is the constant 1 become zero), the gpu.wait simplifications and
// redundant barrier erasure.


// CHECK-LABEL: func.func @launch(%arg0: index, %arg1: memref<?xf32>) {
// CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c32 = arith.constant 32 : index
// CHECK-NEXT:   gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %arg0, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c32, %arg12 = %c1, %arg13 = %c1) {
// CHECK-NEXT:     %0 = arith.addi %arg8, %arg11 : index
// CHECK-NEXT:     %1 = arith.addi %0, %arg9 : index
// CHECK-NEXT:     memref.store %cst, %arg1[%1] : memref<?xf32>
// CHECK-NEXT:     gpu.terminator
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @launch(%n: index, %m: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %n, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %a = arith.addi %gx, %sx : index
    %b = arith.addi %a, %gy : index
    %t = gpu.thread_id x
    %bb = gpu.block_dim x
    %q = arith.addi %b, %bx : index
    %f0 = arith.constant 0.0 : f32
    memref.store %f0, %m[%q] : memref<?xf32>
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @launch_zero_kept(%arg0: index, %arg1: memref<?xf32>) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c32 = arith.constant 32 : index
// CHECK-NEXT:   %c4 = arith.constant 4 : index
// CHECK-NEXT:   gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %arg0, %arg10 = %c4) threads(%arg5, %arg6, %arg7) in (%arg11 = %c32, %arg12 = %c1, %arg13 = %c1) {
// CHECK-NEXT:     memref.store %cst, %arg1[%c0] : memref<?xf32>
// CHECK-NEXT:     memref.store %cst, %arg1[%c0] : memref<?xf32>
// CHECK-NEXT:     memref.store %cst, %arg1[%arg5] : memref<?xf32>
// CHECK-NEXT:     memref.store %cst, %arg1[%arg4] : memref<?xf32>
// CHECK-NEXT:     gpu.terminator
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @launch_zero_kept(%n: index, %m: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %n, %gz = %c4) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %f = arith.constant 1.0 : f32
    memref.store %f, %m[%bx] : memref<?xf32>
    memref.store %f, %m[%ty] : memref<?xf32>
    memref.store %f, %m[%tx] : memref<?xf32>
    memref.store %f, %m[%bz] : memref<?xf32>
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @waits_and_barriers(%arg0: !gpu.async.token, %arg1: memref<?xf32>) -> !gpu.async.token {
// CHECK-NEXT:   gpu.wait [%arg0]
// CHECK-NEXT:   %0 = gpu.wait async [%arg0, %arg0]
// CHECK-NEXT:   return %0 : !gpu.async.token
// CHECK-NEXT: }
func.func @waits_and_barriers(%t: !gpu.async.token, %m: memref<?xf32>) -> !gpu.async.token {
  %0 = gpu.wait async
  %1 = gpu.wait async [%0, %t]
  %2 = gpu.wait async [%1]
  %3 = gpu.wait async [%t]
  gpu.wait
  gpu.wait [%2]
  %4 = gpu.wait async [%t, %2]
  return %4 : !gpu.async.token
}

// CHECK: gpu.module @barriers {
// CHECK-NEXT:   gpu.func @k() kernel {
// CHECK-NEXT:     gpu.barrier
// CHECK-NEXT:     gpu.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
gpu.module @barriers {
  gpu.func @k() kernel {
    gpu.barrier
    gpu.barrier {first}
    gpu.barrier {second}
    %c = arith.constant 0 : index
    gpu.barrier
    gpu.return
  }
}
