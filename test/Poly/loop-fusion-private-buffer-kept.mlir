// RUN: lattice opt %s --affine-loop-fusion=fusion-maximal | FileCheck %s

// Lattice's shrinking of fused private buffers needs the footprints of different
// iterations of the enclosing loops to be disjoint: here iteration %i reads the element
// iteration %i - 1 wrote, so the buffer keeps its shape (mlir-opt 22 recomputes the
// producer's slice instead and would privatize two elements; this file checks Lattice's
// rule only).

// CHECK-LABEL: func.func @reads_previous_iteration
// CHECK:         %[[T:.*]] = memref.alloc() : memref<33xf32>
// CHECK:         affine.for %[[I:.*]] = 0 to 33 {
// CHECK:           affine.store %{{.*}}, %[[T]][%[[I]]] : memref<33xf32>
// CHECK:           affine.load %[[T]][%[[I]] - 1] : memref<33xf32>
func.func @reads_previous_iteration(%x: memref<33xf32>, %y: memref<32xf32>) {
  %t = memref.alloc() : memref<33xf32>
  affine.for %i = 0 to 33 {
    %v = affine.load %x[%i] : memref<33xf32>
    affine.store %v, %t[%i] : memref<33xf32>
  }
  affine.for %i = 1 to 33 {
    %a = affine.load %t[%i] : memref<33xf32>
    %b = affine.load %t[%i - 1] : memref<33xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %y[%i - 1] : memref<32xf32>
  }
  return
}

// The shrunk buffer stays where the old one was allocated when that is outside the block
// of the fused nest: mlir-opt 22 allocates it at the start of the nest's block, inside
// the `scf.for`, once per iteration, never freed.
// CHECK-LABEL: func.func @nest_in_scf_for
// CHECK:         %[[T:.*]] = memref.alloc() : memref<1xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 8 {
// CHECK:             affine.store %{{.*}}, %[[T]][0] : memref<1xf32>
// CHECK-NEXT:        affine.load %[[T]][0] : memref<1xf32>
func.func @nest_in_scf_for(%x: memref<8xf32>, %y: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<8xf32>
  scf.for %k = %c0 to %n step %c1 {
    affine.for %i = 0 to 8 {
      %v = affine.load %x[%i] : memref<8xf32>
      affine.store %v, %t[%i] : memref<8xf32>
    }
    affine.for %i = 0 to 8 {
      %v = affine.load %t[%i] : memref<8xf32>
      affine.store %v, %y[%i] : memref<8xf32>
    }
  }
  return
}
