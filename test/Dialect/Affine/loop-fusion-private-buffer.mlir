// RUN: lattice opt %s --split-input-file --affine-loop-fusion | FileCheck %s

// After fusion, a local buffer that joined two nests and is now produced and consumed in
// the same iteration shrinks to one iteration's footprint, allocated at the start of the
// block, as mlir-opt 22's private memrefs.

// CHECK-LABEL: func.func @scale_then_add
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<1x1xf32>
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 16 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]]] : memref<8x16xf32>
// CHECK-NEXT:        arith.mulf
// CHECK-NEXT:        affine.store %{{.*}}, %[[T]][0, 0] : memref<1x1xf32>
// CHECK-NEXT:        affine.load %[[T]][0, 0] : memref<1x1xf32>
// CHECK-NEXT:        arith.addf
// CHECK-NEXT:        affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<8x16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @scale_then_add(%x: memref<8x16xf32>, %y: memref<8x16xf32>, %k: f32) {
  %t = memref.alloc() : memref<8x16xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %v = affine.load %x[%i, %j] : memref<8x16xf32>
      %s = arith.mulf %v, %k : f32
      affine.store %s, %t[%i, %j] : memref<8x16xf32>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %s = affine.load %t[%i, %j] : memref<8x16xf32>
      %w = arith.addf %s, %k : f32
      affine.store %w, %y[%i, %j] : memref<8x16xf32>
    }
  }
  return
}

// -----

// A buffer of dynamic size becomes a static one-element buffer.
// CHECK-LABEL: func.func @dynamic_temp
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<1xf32>
// CHECK:         affine.for %{{.*}} = 0 to 32 {
// CHECK:           affine.store %{{.*}}, %[[T]][0] : memref<1xf32>
// CHECK-NEXT:      affine.load %[[T]][0] : memref<1xf32>
func.func @dynamic_temp(%x: memref<32xf32>, %y: memref<32xf32>, %n: index) {
  %t = memref.alloc(%n) : memref<?xf32>
  affine.for %i = 0 to 32 {
    %v = affine.load %x[%i] : memref<32xf32>
    %s = arith.mulf %v, %v : f32
    affine.store %s, %t[%i] : memref<?xf32>
  }
  affine.for %i = 0 to 32 {
    %s = affine.load %t[%i] : memref<?xf32>
    affine.store %s, %y[%i] : memref<32xf32>
  }
  return
}

// -----

// A buffer used by one nest only is no fusion's: it keeps its shape, while the buffer
// the fusion joins shrinks.
// CHECK-LABEL: func.func @only_joined_buffers
// CHECK:         memref.alloc() : memref<1xf32>
// CHECK:         affine.for %[[I:.*]] = 0 to 10 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<10xf32>
// CHECK:           affine.load %{{.*}}[0] : memref<1xf32>
func.func @only_joined_buffers(%out: memref<10xf32>) {
  %a = memref.alloc() : memref<10xf32>
  %c = memref.alloc() : memref<10xf32>
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %cst, %a[%i] : memref<10xf32>
    affine.store %cst, %c[%i] : memref<10xf32>
    %u = affine.load %c[%i] : memref<10xf32>
    affine.store %u, %out[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %v = affine.load %a[%i] : memref<10xf32>
    affine.store %v, %out[%i] : memref<10xf32>
  }
  return
}
