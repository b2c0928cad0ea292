// RUN: lattice opt %s | FileCheck %s

// A 64x64 matrix multiplication, C += A * B, in the affine dialect. Printing
// it without passes must give what mlir-opt 22 prints: an implicit module made
// explicit, SSA values renamed in order, each op in its custom form.

// CHECK:      module {
// CHECK-NEXT:   func.func @matmul(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>, %arg2: memref<64x64xf32>) {
// CHECK-NEXT:     affine.for %arg3 = 0 to 64 {
// CHECK-NEXT:       affine.for %arg4 = 0 to 64 {
// CHECK-NEXT:         affine.for %arg5 = 0 to 64 {
// CHECK-NEXT:           %0 = affine.load %arg0[%arg3, %arg5] : memref<64x64xf32>
// CHECK-NEXT:           %1 = affine.load %arg1[%arg5, %arg4] : memref<64x64xf32>
// CHECK-NEXT:           %2 = affine.load %arg2[%arg3, %arg4] : memref<64x64xf32>
// CHECK-NEXT:           %3 = arith.mulf %0, %1 : f32
// CHECK-NEXT:           %4 = arith.addf %2, %3 : f32
// CHECK-NEXT:           affine.store %4, %arg2[%arg3, %arg4] : memref<64x64xf32>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}
