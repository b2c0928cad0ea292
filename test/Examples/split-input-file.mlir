// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect \
// RUN:   | FileCheck %s

// Each chunk between split markers is read and printed on its own, and the
// printed chunks are joined by marker lines again. An op of an unregistered
// dialect is kept in generic form when --allow-unregistered-dialect is given.

// CHECK-LABEL: func.func @copy(%arg0: memref<16xi32>, %arg1: memref<16xi32>) {
// CHECK-NEXT:    affine.for %arg2 = 0 to 16 {
// CHECK-NEXT:      %0 = affine.load %arg0[%arg2] : memref<16xi32>
// CHECK-NEXT:      affine.store %0, %arg1[%arg2] : memref<16xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
func.func @copy(%src: memref<16xi32>, %dst: memref<16xi32>) {
  affine.for %i = 0 to 16 {
    %v = affine.load %src[%i] : memref<16xi32>
    affine.store %v, %dst[%i] : memref<16xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @opaque(%arg0: index) {
// CHECK-NEXT:    affine.for %arg1 = 0 to %arg0 {
// CHECK-NEXT:      "test.unknown"(%arg1) {tag = "kept"} : (index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT: }
func.func @opaque(%n: index) {
  affine.for %i = 0 to %n {
    "test.unknown"(%i) {tag = "kept"} : (index) -> ()
  }
  return
}
