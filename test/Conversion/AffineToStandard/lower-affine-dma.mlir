// RUN: lattice opt %s --lower-affine | FileCheck %s
// RUN: lattice opt %s --lower-affine | lattice opt | FileCheck %s

// lower-affine turns affine.dma_start / affine.dma_wait into memref.dma_start /
// memref.dma_wait with their maps expanded (source, destination, tag), as mlir-opt 22;
// the memref ops print and parse back in mlir-opt's custom form.

// CHECK-LABEL: func.func @dma
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[SRC:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:           %[[DST:.*]] = arith.muli %[[I]], %{{.*}} overflow<nsw> : index
// CHECK-NEXT:      memref.dma_start %arg0[%[[SRC]]], %arg1[%[[DST]]], %[[N:.*]], %arg2[%[[Z:.*]]] : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
// CHECK-NEXT:      memref.dma_wait %arg2[%[[Z]]], %[[N]] : memref<1xi32>
// CHECK:           memref.dma_start %arg0[%[[I]]], %arg1[%arg3], %[[N]], %arg2[%{{.*}}], %[[N]], %arg3 : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
func.func @dma(%A: memref<100xf32>, %B: memref<100xf32, 2>, %tag: memref<1xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  affine.for %i = 0 to 10 {
    affine.dma_start %A[%i + 1], %B[%i * 2], %tag[%c0], %c64 : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c64 : memref<1xi32>
    affine.dma_start %A[%i], %B[%n], %tag[%i mod 1], %c64, %c64, %n : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
  }
  return
}

// A constant tag index becomes a constant of its own.
// CHECK-LABEL: func.func @dma_wait
// CHECK-NEXT:    %[[N:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.dma_wait %arg0[%[[Z]]], %[[N]] : memref<1xi32>
func.func @dma_wait(%tag: memref<1xi32>) {
  %c64 = arith.constant 64 : index
  affine.dma_wait %tag[0], %c64 : memref<1xi32>
  return
}
