// RUN: lattice opt %s --pass-pipeline='builtin.module(affine-loop-fusion)' | FileCheck %s
// RUN: lattice opt %s --affine-loop-fusion | FileCheck %s

// affine-loop-fusion runs on any op, as upstream's does: given at module level (as
// mlir-opt accepts it) it fuses in every function under the module, those of nested
// modules included (which `func.func(affine-loop-fusion)` would not reach).

// CHECK-LABEL: func.func @copy_chain
// CHECK:         affine.for
// CHECK-NOT:     affine.for
// CHECK:         return
func.func @copy_chain(%a: memref<10xf32>, %b: memref<10xf32>) {
  %c = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    %v = affine.load %a[%i] : memref<10xf32>
    affine.store %v, %c[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %v = affine.load %c[%i] : memref<10xf32>
    affine.store %v, %b[%i] : memref<10xf32>
  }
  return
}

// CHECK-LABEL: module @inner
// CHECK-LABEL: func.func @nested
// CHECK:         affine.for
// CHECK-NOT:     affine.for
// CHECK:         return
module @inner {
  func.func @nested(%a: memref<10xf32>, %b: memref<10xf32>) {
    %c = memref.alloc() : memref<10xf32>
    affine.for %i = 0 to 10 {
      %v = affine.load %a[%i] : memref<10xf32>
      affine.store %v, %c[%i] : memref<10xf32>
    }
    affine.for %i = 0 to 10 {
      %v = affine.load %c[%i] : memref<10xf32>
      affine.store %v, %b[%i] : memref<10xf32>
    }
    return
  }
}
