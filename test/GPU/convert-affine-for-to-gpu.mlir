// RUN: lattice opt %s --convert-affine-for-to-gpu | FileCheck %s
// RUN: lattice opt %S/Inputs/affine-for-to-gpu-3d.mlir --convert-affine-for-to-gpu="gpu-block-dims=2 gpu-thread-dims=1" | FileCheck %s --check-prefix=B2T1
// RUN: not lattice opt %S/Inputs/affine-for-to-gpu-refused.mlir --split-input-file --convert-affine-for-to-gpu 2>&1 | FileCheck %s --check-prefix=ERR

// Byte for byte what mlir-opt 22 prints for this pass.
// CHECK-LABEL: func.func @f(
// CHECK:      %c2 = arith.constant 2 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %0 = arith.subi %c64, %c2 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %1 = arith.ceildivsi %0, %c3 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %2 = arith.subi %arg2, %c0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c1_0 = arith.constant 1 : index
// CHECK-NEXT: gpu.launch blocks(%arg3, %arg4, %arg5) in (%arg9 = %1, %arg10 = %c1_0, %arg11 = %c1_0) threads(%arg6, %arg7, %arg8) in (%arg12 = %2, %arg13 = %c1_0, %arg14 = %c1_0) {
// CHECK-NEXT:   %3 = arith.muli %c3, %arg3 : index
// CHECK-NEXT:   %4 = arith.addi %c2, %3 : index
// CHECK-NEXT:   %5 = arith.addi %c0, %arg6 : index
// CHECK-NEXT:   affine.for %arg15 = 0 to 4 {
// CHECK:        gpu.terminator

// Two block dimensions (i to x, j to y) and one thread dimension (k to x).
// B2T1-LABEL: func.func @g(
// B2T1: gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %0, %arg8 = %1, %arg9 = %c1_6) threads(%arg4, %arg5, %arg6) in (%arg10 = %2, %arg11 = %c1_6, %arg12 = %c1_6) {
// B2T1-NEXT: %3 = arith.addi %c0, %arg1 : index
// B2T1-NEXT: %4 = arith.addi %c0_0, %arg2 : index
// B2T1-NEXT: %5 = arith.addi %c0_3, %arg4 : index
// B2T1-NOT: affine.for

// ERR: error: cannot map to the GPU without changing what the program computes: a dependence from 'affine.store' at 8:9 to 'affine.store' at 8:9 is carried by this loop
// ERR: error: expected perfectly nested loops in the body
func.func @f(%A: memref<64x32xf32>, %B: memref<64x32xf32>, %n: index) {
  affine.for %i = 2 to 64 step 3 {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<64x32xf32>
        affine.store %a, %B[%i, %j] : memref<64x32xf32>
      }
    }
  }
  return
}
