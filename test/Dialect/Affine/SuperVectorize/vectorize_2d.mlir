// RUN: lattice opt %s --affine-super-vectorize="virtual-vector-size=4,8" | FileCheck %s --check-prefix=VECT
// RUN: lattice opt %s --affine-super-vectorize="virtual-vector-size=32,256 test-fastest-varying=1,0" | FileCheck %s
// RUN: lattice opt %s --affine-super-vectorize="virtual-vector-size=4,8 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Maps (printed at the top of the module).
// VECT-DAG:    #[[$PERM:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// VECT-DAG:    #[[$ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// VECT-DAG:    #[[$ZD1:map[0-9]*]] = affine_map<(d0, d1) -> (0, d1)>
// VECT-DAG:    #[[$D0Z:map[0-9]*]] = affine_map<(d0, d1) -> (d0, 0)>

// Cases of upstream's SuperVectorize/vectorize_2d.mlir (perfect nests of two loops get
// 2-D vectors), plus partial tiles (masked in both dimensions) and refusals.

// Two nested loops, 2-D vectors. With test-fastest-varying=1,0 the second nest has
// no match (its accesses vary along the wrong dimensions); without it, the inner two
// loops of each nest are vectorized (a permuted read for the second).
// VECT-LABEL:  func.func @vec2d
// VECT:        affine.for %[[I0:.*]] = 0 to %{{.*}} {
// VECT-NEXT:     affine.for %[[I1:.*]] = 0 to %{{.*}} step 4 {
// VECT-NEXT:       affine.for %[[I2:.*]] = 0 to %{{.*}} step 8 {
// VECT-NEXT:         %[[PAD:.*]] = ub.poison : f32
// VECT-NEXT:         vector.transfer_read %{{.*}}[%[[I0]], %[[I1]], %[[I2]]], %[[PAD]] : memref<?x?x?xf32>, vector<4x8xf32>
// VECT:        affine.for %[[I3:.*]] = 0 to %{{.*}} {
// VECT-NEXT:     affine.for %[[I4:.*]] = 0 to %{{.*}} step 4 {
// VECT-NEXT:       affine.for %[[I5:.*]] = 0 to %{{.*}} step 8 {
// VECT-NEXT:         %[[PAD:.*]] = ub.poison : f32
// VECT-NEXT:         vector.transfer_read %{{.*}}[%[[I4]], %[[I5]], %[[I3]]], %[[PAD]] {permutation_map = #[[$PERM]]} : memref<?x?x?xf32>, vector<4x8xf32>
// CHECK-LABEL: func.func @vec2d
// CHECK:       affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to %{{.*}} step 32 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to %{{.*}} step 256 {
// CHECK-NEXT:        ub.poison : f32
// CHECK-NEXT:        vector.transfer_read {{.*}} : memref<?x?x?xf32>, vector<32x256xf32>
// CHECK:       affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:        affine.load
func.func @vec2d(%A : memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %M = memref.dim %A, %c0 : memref<?x?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?x?xf32>
  %P = memref.dim %A, %c2 : memref<?x?x?xf32>
  affine.for %i0 = 0 to %M {
    affine.for %i1 = 0 to %N {
      affine.for %i2 = 0 to %P {
        %a2 = affine.load %A[%i0, %i1, %i2] : memref<?x?x?xf32>
      }
    }
  }
  affine.for %i3 = 0 to %M {
    affine.for %i4 = 0 to %N {
      affine.for %i5 = 0 to %P {
        %a5 = affine.load %A[%i4, %i5, %i3] : memref<?x?x?xf32>
      }
    }
  }
  return
}

// Both trip counts are symbolic, but the lanes past %M and %N fall past the end of the
// memrefs (`memref.alloc(%M, %N)`), which the transfers skip: no mask, as mlir-opt 22
// prints it. Splats come first in the body, the last created first.
// CHECK-LABEL: func.func @vector_add_2d
// CHECK-SAME:    (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK:       affine.for %[[I:.*]] = 0 to %[[M]] step 32 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to %[[N]] step 256 {
// CHECK-NEXT:      %[[C1:.*]] = arith.constant dense<1.000000e+00> : vector<32x256xf32>
// CHECK-NEXT:      vector.transfer_write %[[C1]], %{{.*}}[%[[I]], %[[J]]] : vector<32x256xf32>, memref<?x?xf32>
// CHECK:         %[[C2:.*]] = arith.constant dense<2.000000e+00> : vector<32x256xf32>
// CHECK:         vector.transfer_write %[[C2]], {{.*}} : vector<32x256xf32>, memref<?x?xf32>
// CHECK:           %[[S2:.*]] = arith.constant dense<2.000000e+00> : vector<32x256xf32>
// CHECK-NEXT:      %[[S1:.*]] = arith.constant dense<1.000000e+00> : vector<32x256xf32>
// CHECK:           %[[A:.*]] = vector.transfer_read %{{.*}}[{{.*}}], %{{.*}} : memref<?x?xf32>, vector<32x256xf32>
// CHECK:           %[[B:.*]] = vector.transfer_read %{{.*}}[{{.*}}], %{{.*}} : memref<?x?xf32>, vector<32x256xf32>
// CHECK-NEXT:      %[[X5:.*]] = arith.addf %[[A]], %[[B]] : vector<32x256xf32>
// CHECK-NEXT:      %[[X6:.*]] = arith.addf %[[X5]], %[[S1]] : vector<32x256xf32>
// CHECK-NEXT:      %[[X7:.*]] = arith.addf %[[X5]], %[[S2]] : vector<32x256xf32>
// CHECK-NEXT:      %[[X8:.*]] = arith.addf %[[X7]], %[[X6]] : vector<32x256xf32>
// CHECK-NEXT:      vector.transfer_write %[[X8]], %{{.*}}[%[[I]], %[[J]]] : vector<32x256xf32>, memref<?x?xf32>
func.func @vector_add_2d(%M : index, %N : index) -> f32 {
  %A = memref.alloc (%M, %N) : memref<?x?xf32, 0>
  %B = memref.alloc (%M, %N) : memref<?x?xf32, 0>
  %C = memref.alloc (%M, %N) : memref<?x?xf32, 0>
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  affine.for %i0 = 0 to %M {
    affine.for %i1 = 0 to %N {
      affine.store %f1, %A[%i0, %i1] : memref<?x?xf32, 0>
    }
  }
  affine.for %i2 = 0 to %M {
    affine.for %i3 = 0 to %N {
      affine.store %f2, %B[%i2, %i3] : memref<?x?xf32, 0>
    }
  }
  affine.for %i4 = 0 to %M {
    affine.for %i5 = 0 to %N {
      %a5 = affine.load %A[%i4, %i5] : memref<?x?xf32, 0>
      %b5 = affine.load %B[%i4, %i5] : memref<?x?xf32, 0>
      %s5 = arith.addf %a5, %b5 : f32
      %s6 = arith.addf %s5, %f1 : f32
      %s7 = arith.addf %s5, %f2 : f32
      %s8 = arith.addf %s7, %s6 : f32
      affine.store %s8, %C[%i4, %i5] : memref<?x?xf32, 0>
    }
  }
  %c7 = arith.constant 7 : index
  %c42 = arith.constant 42 : index
  %res = affine.load %C[%c7, %c42] : memref<?x?xf32, 0>
  return %res : f32
}

// The k loop inside the 2-D nest stays scalar; A and B are broadcast along the
// dimension they do not depend on.
// VECT-LABEL:  func.func @vectorize_matmul
// VECT:        affine.for %{{.*}} = #[[$ID]](%{{.*}}) to #[[$ID]](%{{.*}}) step 4 {
// VECT-NEXT:     affine.for %{{.*}} = #[[$ID]](%{{.*}}) to #[[$ID]](%{{.*}}) step 8 {
// VECT:            %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<4x8xf32>
// VECT-NEXT:       vector.transfer_write %[[Z]], %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : vector<4x8xf32>, memref<?x?xf32>
// VECT:        affine.for %[[I2:.*]] = #[[$ID]](%{{.*}}) to #[[$ID]](%{{.*}}) step 4 {
// VECT-NEXT:     affine.for %[[I3:.*]] = #[[$ID]](%{{.*}}) to #[[$ID]](%{{.*}}) step 8 {
// VECT:            %[[MASK:.*]] = vector.create_mask %{{.*}}, %{{.*}} : vector<4x8xi1>
// VECT-NEXT:       affine.for %[[I4:.*]] = #[[$ID]](%{{.*}}) to #[[$ID]](%{{.*}}) {
// VECT:              %[[A:.*]] = vector.transfer_read %{{.*}}[%[[I4]], %[[I3]]], %{{.*}} {permutation_map = #[[$ZD1]]} : memref<?x?xf32>, vector<4x8xf32>
// VECT:              %[[B:.*]] = vector.transfer_read %{{.*}}[%[[I2]], %[[I4]]], %{{.*}} {permutation_map = #[[$D0Z]]} : memref<?x?xf32>, vector<4x8xf32>
// VECT-NEXT:         %[[C:.*]] = arith.mulf %[[B]], %[[A]] : vector<4x8xf32>
// VECT:              %[[D:.*]] = vector.transfer_read %{{.*}}[%[[I2]], %[[I3]]], %{{.*}} : memref<?x?xf32>, vector<4x8xf32>
// VECT-NEXT:         %[[E:.*]] = arith.addf %[[D]], %[[C]] : vector<4x8xf32>
// VECT-NEXT:         vector.transfer_write %[[E]], %{{.*}}[%[[I2]], %[[I3]]], %[[MASK]] : vector<4x8xf32>, memref<?x?xf32>
func.func @vectorize_matmul(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %arg0, %c0 : memref<?x?xf32>
  %K = memref.dim %arg0, %c1 : memref<?x?xf32>
  %N = memref.dim %arg2, %c1 : memref<?x?xf32>
  affine.for %i0 = affine_map<(d0) -> (d0)>(%c0) to affine_map<(d0) -> (d0)>(%M) {
    affine.for %i1 = affine_map<(d0) -> (d0)>(%c0) to affine_map<(d0) -> (d0)>(%N) {
      %cst = arith.constant 0.000000e+00 : f32
      affine.store %cst, %arg2[%i0, %i1] : memref<?x?xf32>
    }
  }
  affine.for %i2 = affine_map<(d0) -> (d0)>(%c0) to affine_map<(d0) -> (d0)>(%M) {
    affine.for %i3 = affine_map<(d0) -> (d0)>(%c0) to affine_map<(d0) -> (d0)>(%N) {
      affine.for %i4 = affine_map<(d0) -> (d0)>(%c0) to affine_map<(d0) -> (d0)>(%K) {
        %6 = affine.load %arg1[%i4, %i3] : memref<?x?xf32>
        %7 = affine.load %arg0[%i2, %i4] : memref<?x?xf32>
        %8 = arith.mulf %7, %6 : f32
        %9 = affine.load %arg2[%i2, %i3] : memref<?x?xf32>
        %10 = arith.addf %9, %8 : f32
        affine.store %10, %arg2[%i2, %i3] : memref<?x?xf32>
      }
    }
  }
  return
}

// A transposing copy: the two loops' accesses disagree on the fastest-varying
// dimension (upstream declines too).
// VECT-LABEL:  func.func @transpose_masked
// VECT-NOT:    vector
// VECT:        return
// REMARK:      remark: loop not vectorized: accesses vary along different memref dimensions (would need transposes)
func.func @transpose_masked(%A : memref<30x20xf32>, %B : memref<20x30xf32>) {
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 20 {
      %a = affine.load %A[%i, %j] : memref<30x20xf32>
      affine.store %a, %B[%j, %i] : memref<20x30xf32>
    }
  }
  return
}

// The inner bound depends on the outer IV: lanes would run different trip counts.
// VECT-LABEL:  func.func @triangular_rejected
// VECT-NOT:    vector
// VECT:        return
// REMARK:      remark: loop not vectorized: an inner loop's bounds depend on the vectorized loop
func.func @triangular_rejected(%A : memref<64x64xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.store %c, %A[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
