// RUN: lattice opt %s | FileCheck %s

// Values mlir-opt 22 accepts as affine dims and symbols: pure ops (and affine.min) of
// symbols, `memref.dim` of allocs sized by symbols, affine.apply of induction
// variables. CHECK lines are mlir-opt's output.

// CHECK: #map = affine_map<()[s0] -> (s0, 16)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0 * 10 + d1)>

// CHECK-LABEL: func.func @pure_ops_of_symbols(%arg0: index, %arg1: memref<?xf32>) {
// CHECK-NEXT:   affine.for %arg2 = 0 to 8 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : index
// CHECK-NEXT:     %1 = affine.min #map()[%0]
// CHECK-NEXT:     affine.for %arg3 = 0 to %1 {
// CHECK-NEXT:       %2 = affine.load %arg1[%arg3 + symbol(%0)] : memref<?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @pure_ops_of_symbols(%n: index, %m: memref<?xf32>) {
  affine.for %i = 0 to 8 {
    %s = arith.addi %n, %n : index
    %t = affine.min affine_map<()[s0] -> (s0, 16)>()[%s]
    affine.for %j = 0 to %t {
      %v = affine.load %m[%j + symbol(%s)] : memref<?xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @dims_of_allocs(%arg0: index, %arg1: index) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %alloc = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
// CHECK-NEXT:   affine.for %arg2 = 0 to 10 {
// CHECK-NEXT:     %dim = memref.dim %alloc, %c0 : memref<?x?xf32>
// CHECK-NEXT:     %alloc_0 = memref.alloc(%dim) : memref<?xf32>
// CHECK-NEXT:     %dim_1 = memref.dim %alloc_0, %c0 : memref<?xf32>
// CHECK-NEXT:     affine.for %arg3 = 0 to %dim_1 {
// CHECK-NEXT:     }
// CHECK-NEXT:     memref.dealloc %alloc_0 : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @dims_of_allocs(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc(%a, %b) : memref<?x?xf32>
  affine.for %i = 0 to 10 {
    %d0 = memref.dim %buf, %c0 : memref<?x?xf32>
    %local = memref.alloc(%d0) : memref<?xf32>
    %d1 = memref.dim %local, %c0 : memref<?xf32>
    affine.for %j = 0 to %d1 {
    }
    memref.dealloc %local : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @apply_of_ivs(%arg0: memref<?xf32>) {
// CHECK-NEXT:   affine.parallel (%arg1, %arg2) = (0, 0) to (10, 10) {
// CHECK-NEXT:     %0 = affine.apply #map1(%arg1, %arg2)
// CHECK-NEXT:     %1 = affine.load %arg0[%0] : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @apply_of_ivs(%m: memref<?xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (10, 10) {
    %k = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
    %v = affine.load %m[%k] : memref<?xf32>
  }
  return
}

// delinearize_index and linearize_index of dims are dims, like affine.apply.
// CHECK-LABEL: func.func @index_ops_of_ivs(%arg0: memref<64xindex>, %arg1: index) {
// CHECK-NEXT:   affine.for %arg2 = 0 to 64 {
// CHECK-NEXT:     %0:2 = affine.delinearize_index %arg2 into (8, 8) : index, index
// CHECK-NEXT:     %1 = affine.linearize_index [%0#1, %arg2] by (8, 64) : index
// CHECK-NEXT:     affine.store %arg1, %arg0[%0#0 + %1] : memref<64xindex>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @index_ops_of_ivs(%m: memref<64xindex>, %n: index) {
  affine.for %i = 0 to 64 {
    %0:2 = affine.delinearize_index %i into (8, 8) : index, index
    %1 = affine.linearize_index [%0#1, %i] by (8, 64) : index
    affine.store %n, %m[%0#0 + %1] : memref<64xindex>
  }
  return
}
