// RUN: lattice opt %s --split-input-file --affine-super-vectorize="virtual-vector-size=128 test-fastest-varying=0" | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-super-vectorize="virtual-vector-size=128 test-fastest-varying=0 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Transfers get `in_bounds = [true]` where every trip count is a multiple of 128 (upstream
// leaves them unset).

// Cases of upstream's SuperVectorize/vectorize_1d.mlir; where the result differs from
// mlir-opt 22 (masked writes for partial tiles, declined non-unit steps) the CHECK
// lines describe the correct result.

// Invariant load: a broadcast read, `(d0, d1) -> (0)`.
// CHECK-DAG:   #[[$ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG:   #[[$BCAST:map[0-9]*]] = affine_map<(d0, d1) -> (0)>
// CHECK-LABEL: func.func @vec1d_1
// CHECK:       affine.for %{{.*}} = 0 to %{{.*}} step 128 {
// CHECK-NEXT:    %[[I0:.*]] = affine.apply #[[$ID]](%[[C0:.*]])
// CHECK-NEXT:    %[[I1:.*]] = affine.apply #[[$ID]](%[[C0]])
// CHECK-NEXT:    %[[PAD:.*]] = ub.poison : f32
// CHECK-NEXT:    vector.transfer_read %{{.*}}[%[[I0]], %[[I1]]], %[[PAD]] {permutation_map = #[[$BCAST]]} : memref<?x?xf32>, vector<128xf32>
func.func @vec1d_1(%A : memref<?x?xf32>, %B : memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  %P = memref.dim %B, %c2 : memref<?x?x?xf32>
  affine.for %i0 = 0 to %M {
    %a0 = affine.load %A[%c0, %c0] : memref<?x?xf32>
  }
  return
}

// -----

// Contiguous along the fastest-varying dimension: minor identity map (elided).
// CHECK-LABEL: func.func @vec1d_2
// CHECK:       affine.for %[[I:.*]] = 0 to %{{.*}} step 128 {
// CHECK-NEXT:    %[[PAD:.*]] = ub.poison : f32
// CHECK-NEXT:    vector.transfer_read %{{.*}}[%{{.*}}, %[[I]]], %[[PAD]] : memref<?x?xf32>, vector<128xf32>
func.func @vec1d_2(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  affine.for %i3 = 0 to %M {
    %a3 = affine.load %A[%c0, %i3] : memref<?x?xf32>
  }
  return
}

// -----

// The outer loop is vectorized; indices of a non-identity access are one
// affine.apply per result.
// CHECK-DAG:   #[[$R0:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[$R1:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-LABEL: func.func @vec1d_3
// CHECK:       affine.for %[[I:.*]] = 0 to %{{.*}} step 128 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to %{{.*}} {
// CHECK-NEXT:      %[[A0:.*]] = affine.apply #[[$R0]](%[[J]], %[[I]])
// CHECK-NEXT:      %[[A1:.*]] = affine.apply #[[$R1]](%[[J]], %[[I]])
// CHECK-NEXT:      %[[PAD:.*]] = ub.poison : f32
// CHECK-NEXT:      vector.transfer_read %{{.*}}[%[[A0]], %[[A1]]], %[[PAD]] : memref<?x?xf32>, vector<128xf32>
func.func @vec1d_3(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i8 = 0 to %M {
    affine.for %i9 = 0 to %N {
      %a9 = affine.load %A[%i9, %i8 + %i9] : memref<?x?xf32>
    }
  }
  return
}

// -----

// Constants become splats (first in the loop body, the last created first, as
// upstream). The trip count %N is not a known multiple of 128, but the lanes past %N
// fall past the end of the memrefs (`memref.alloc(%M, %N)`), which the transfers skip:
// no mask, as mlir-opt 22 prints it.
// CHECK-LABEL: func.func @vector_add_2d
// CHECK:       affine.for %{{.*}} = 0 to %[[M:.*]] {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to %[[N:.*]] step 128 {
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<128xf32>
// CHECK-NEXT:      vector.transfer_write %[[ONE]], %{{.*}}[%{{.*}}, %[[J]]] : vector<128xf32>, memref<?x?xf32>
// CHECK:         arith.constant dense<2.000000e+00> : vector<128xf32>
// CHECK:         vector.transfer_write
// CHECK:       affine.for
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to %{{.*}} step 128 {
// CHECK-NEXT:      %[[S2:.*]] = arith.constant dense<2.000000e+00> : vector<128xf32>
// CHECK-NEXT:      %[[S1:.*]] = arith.constant dense<1.000000e+00> : vector<128xf32>
// CHECK-NEXT:      ub.poison : f32
// CHECK-NEXT:      %[[A:.*]] = vector.transfer_read {{.*}} : memref<?x?xf32>, vector<128xf32>
// CHECK-NEXT:      ub.poison : f32
// CHECK-NEXT:      %[[B:.*]] = vector.transfer_read {{.*}} : memref<?x?xf32>, vector<128xf32>
// CHECK-NEXT:      %[[X5:.*]] = arith.addf %[[A]], %[[B]] : vector<128xf32>
// CHECK-NEXT:      %[[X6:.*]] = arith.addf %[[X5]], %[[S1]] : vector<128xf32>
// CHECK-NEXT:      %[[X7:.*]] = arith.addf %[[X5]], %[[S2]] : vector<128xf32>
// CHECK-NEXT:      %[[X8:.*]] = arith.addf %[[X7]], %[[X6]] : vector<128xf32>
// CHECK-NEXT:      vector.transfer_write %[[X8]], %{{.*}}[%{{.*}}, %[[J]]] : vector<128xf32>, memref<?x?xf32>
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

// -----

// CHECK-LABEL: func.func @vec_constant_with_two_users
// The column loop runs to %M, the second dimension of the 2-D memref is %N: masked;
// the 1-D memref has %M elements: not masked.
// CHECK:       affine.for %{{.*}} step 128 {
// CHECK-NEXT:    affine.apply
// CHECK-NEXT:    %[[MASK:.*]] = vector.create_mask
// CHECK-NEXT:    %[[C1:.*]] = arith.constant dense<1.000000e+00> : vector<128xf32>
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      vector.transfer_write %[[C1]], {{.*}}, %[[MASK]] : vector<128xf32>, memref<?x?xf32>
// CHECK:         vector.transfer_write %[[C1]], %{{.*}}[%{{.*}}] : vector<128xf32>, memref<?xf32>
func.func @vec_constant_with_two_users(%M : index, %N : index) -> (f32, f32) {
  %A = memref.alloc (%M, %N) : memref<?x?xf32, 0>
  %B = memref.alloc (%M) : memref<?xf32, 0>
  %f1 = arith.constant 1.0 : f32
  affine.for %i0 = 0 to %M {
    affine.for %i1 = 0 to %N {
      affine.store %f1, %A[%i1, %i0] : memref<?x?xf32, 0>
    }
    affine.store %f1, %B[%i0] : memref<?xf32, 0>
  }
  %c12 = arith.constant 12 : index
  %res1 = affine.load %A[%c12, %c12] : memref<?x?xf32, 0>
  %res2 = affine.load %B[%c12] : memref<?xf32, 0>
  return %res1, %res2 : f32, f32
}

// -----

// An inner loop's IV used as a value is broadcast at the top of its body.
// CHECK-LABEL: func.func @vec_block_arg
// CHECK:       affine.for %[[I:.*]] = 0 to 512 step 128 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 32 {
// CHECK-NEXT:      %[[B:.*]] = vector.broadcast %[[J]] : index to vector<128xindex>
// CHECK-NEXT:      %[[CAST:.*]] = arith.index_cast %[[B]] : vector<128xindex> to vector<128xi32>
// CHECK-NEXT:      vector.transfer_write %[[CAST]], %{{.*}}[%[[J]], %[[I]]] {in_bounds = [true]} : vector<128xi32>, memref<32x512xi32>
func.func @vec_block_arg(%A : memref<32x512xi32>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 32 {
      %idx = arith.index_cast %j : index to i32
      affine.store %idx, %A[%j, %i] : memref<32x512xi32>
    }
  }
  return
}

// -----

// CHECK-DAG:   #[[$M0:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 * 2 + d1 - 1)>
// CHECK-DAG:   #[[$M1:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @vec_block_arg_2
// CHECK:       affine.for %[[I0:.*]] = 0 to %{{.*}} {
// CHECK-NEXT:    %[[B1:.*]] = vector.broadcast %[[I0]] : index to vector<128xindex>
// CHECK-NEXT:    affine.for %[[I1:.*]] = 0 to 512 step 128 {
// CHECK-NEXT:      affine.for %[[I2:.*]] = 0 to 2 {
// CHECK-NEXT:        %[[B2:.*]] = vector.broadcast %[[I2]] : index to vector<128xindex>
// CHECK-NEXT:        %[[X1:.*]] = affine.apply #[[$M0]](%[[I0]], %[[I2]], %[[I1]])
// CHECK-NEXT:        %[[X2:.*]] = affine.apply #[[$M1]](%[[I0]], %[[I2]], %[[I1]])
// CHECK-NEXT:        %[[PAD:.*]] = ub.poison : index
// CHECK-NEXT:        %[[L:.*]] = vector.transfer_read %{{.*}}[%[[X1]], %[[X2]]], %[[PAD]] {in_bounds = [true]} : memref<?x512xindex>, vector<128xindex>
// CHECK-NEXT:        %[[MUL:.*]] = arith.muli %[[B1]], %[[L]] : vector<128xindex>
// CHECK-NEXT:        arith.addi %[[MUL]], %[[B2]] : vector<128xindex>
func.func @vec_block_arg_2(%A : memref<?x512xindex>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?x512xindex>
  affine.for %i0 = 0 to %N {
    affine.for %i1 = 0 to 512 {
      affine.for %i2 = 0 to 2 {
        %0 = affine.load %A[%i0 * 2 + %i2 - 1, %i1] : memref<?x512xindex>
        %mul = arith.muli %i0, %0 : index
        %add = arith.addi %mul, %i2 : index
      }
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_1
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: access 'affine.load' varies along two memref dimensions with the loop
func.func @vec_rejected_1(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  affine.for %i1 = 0 to %M {
    %a1 = affine.load %A[%i1, %i1] : memref<?x?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_2
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: access 'affine.load' varies along memref dimension 1 (from the innermost), not the requested fastest-varying dimension 0
func.func @vec_rejected_2(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  affine.for %i2 = 0 to %M {
    %a2 = affine.load %A[%i2, %c0] : memref<?x?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_3
// CHECK:       affine.for %[[I:.*]] = 0 to %{{.*}} step 128 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to %{{.*}} {
// CHECK-NEXT:      ub.poison : f32
// CHECK-NEXT:      vector.transfer_read %{{.*}}[%[[J]], %[[I]]], %{{.*}} : memref<?x?xf32>, vector<128xf32>
func.func @vec_rejected_3(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i4 = 0 to %M {
    affine.for %i5 = 0 to %N {
      %a5 = affine.load %A[%i5, %i4] : memref<?x?xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_4
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: access 'affine.load' varies along two memref dimensions with the loop
// REMARK:      remark: loop not vectorized: access 'affine.load' varies along memref dimension 1 (from the innermost), not the requested fastest-varying dimension 0
func.func @vec_rejected_4(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i6 = 0 to %M {
    affine.for %i7 = 0 to %N {
      %a7 = affine.load %A[%i6 + %i7, %i6] : memref<?x?xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_5
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: access 'affine.load' varies along memref dimension 1
// REMARK:      remark: loop not vectorized: access 'affine.store' varies along memref dimension 1
func.func @vec_rejected_5(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i10 = 0 to %M {
    affine.for %i11 = 0 to %N {
      %a11 = affine.load %A[%i10, %i11] : memref<?x?xf32>
      affine.store %a11, %A[%i11, %i10] : memref<?x?xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_6
// CHECK:       affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to %{{.*}} step 128 {
// CHECK:             vector.transfer_read {{.*}} : memref<?x?x?xf32>, vector<128xf32>
func.func @vec_rejected_6(%A : memref<?x?xf32>, %B : memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  %P = memref.dim %B, %c2 : memref<?x?x?xf32>
  affine.for %i12 = 0 to %M {
    affine.for %i13 = 0 to %N {
      affine.for %i14 = 0 to %P {
        %a14 = affine.load %B[%i13, %i12 + %i13, %i12 + %i14] : memref<?x?x?xf32>
      }
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_7
// CHECK-NOT:   vector.transfer
// REMARK:      remark: loop not vectorized: unsupported op 'memref.alloc'
func.func @vec_rejected_7(%M : index) {
  affine.for %i16 = 0 to %M {
    %a16 = memref.alloc(%M) : memref<?xvector<2xf32>>
    %l16 = affine.load %a16[%i16] : memref<?xvector<2xf32>>
  }
  return
}

// -----

// The inner loop wins (post-order), the outer one is left alone.
// CHECK-DAG:   #[[$BCAST:map[0-9]*]] = affine_map<(d0, d1) -> (0)>
// CHECK-LABEL: func.func @vec_rejected_8
// CHECK:       affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to %{{.*}} step 128 {
// CHECK:           vector.transfer_read {{.*}} {permutation_map = #[[$BCAST]]} : memref<?x?xf32>, vector<128xf32>
func.func @vec_rejected_8(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  affine.for %i17 = 0 to %M {
    affine.for %i18 = 0 to %M {
      %a18 = affine.load %A[%c0, %c0] : memref<?x?xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_10
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: affine.if (conditionals) in the loop
#set0 = affine_set<(i) : (i >= 0)>

func.func @vec_rejected_10(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  affine.for %i15 = 0 to %M {
    affine.if #set0(%i15) {
      %a15 = affine.load %A[%c0, %c0] : memref<?x?xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_11
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: access 'affine.store' varies along memref dimension 1
// REMARK:      remark: loop not vectorized: access 'affine.load' varies along memref dimension 1
func.func @vec_rejected_11(%A : memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %A, %c1 : memref<?x?xf32>
  affine.for %i10 = 0 to %M {
    affine.for %i11 = 0 to %N {
      %a11 = affine.load %A[%i11, %i10] : memref<?x?xf32>
      affine.store %a11, %A[%i10, %i11] : memref<?x?xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_sequential
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: loop-carried dependence from 'affine.store' to 'affine.load' (distance vector (1))
func.func @vec_rejected_sequential(%A : memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %N = memref.dim %A, %c0 : memref<?xf32>
  affine.for %i = 0 to %N {
    %a = affine.load %A[%i] : memref<?xf32>
    affine.store %a, %A[%i + 1] : memref<?xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_no_load_store_ops
// CHECK-DAG:   %[[B1:.*]] = vector.broadcast %{{.*}} : f32 to vector<128xf32>
// CHECK-DAG:   %[[B0:.*]] = vector.broadcast %{{.*}} : f32 to vector<128xf32>
// CHECK:       affine.for %{{.*}} = 0 to 128 step 128 {
// CHECK-NEXT:    arith.addf %[[B0]], %[[B1]] : vector<128xf32>
func.func @vec_no_load_store_ops(%a: f32, %b: f32) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 128 {
    %add = arith.addf %a, %b : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_rejected_unsupported_block_arg
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: the induction variable is used as a value
func.func @vec_rejected_unsupported_block_arg(%A : memref<512xi32>) {
  affine.for %i = 0 to 512 {
    %idx = arith.index_cast %i : index to i32
    affine.store %idx, %A[%i] : memref<512xi32>
  }
  return
}

// -----

// The inner iter_args become vectors.
// CHECK-LABEL: func.func @vec_non_vecdim_reduction
// CHECK:       affine.for %{{.*}} = 0 to 256 step 128 {
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<128xf32>
// CHECK-NEXT:    %[[RED:.*]] = affine.for %{{.*}} = 0 to 128 iter_args(%[[ACC:.*]] = %[[Z]]) -> (vector<128xf32>) {
// CHECK-NEXT:      ub.poison : f32
// CHECK-NEXT:      %[[L:.*]] = vector.transfer_read %{{.*}} : memref<128x256xf32>, vector<128xf32>
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[ACC]], %[[L]] : vector<128xf32>
// CHECK-NEXT:      affine.yield %[[ADD]] : vector<128xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    vector.transfer_write %[[RED]], %{{.*}} : vector<128xf32>, memref<256xf32>
func.func @vec_non_vecdim_reduction(%in: memref<128x256xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 128 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%j, %i] : memref<128x256xf32>
      %add = arith.addf %red_iter, %ld : f32
      affine.yield %add : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_non_vecdim_reductions
// CHECK:       affine.for %{{.*}} = 0 to 256 step 128 {
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant dense<1> : vector<128xi32>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<128xf32>
// CHECK-NEXT:    %[[REDS:.*]]:2 = affine.for %{{.*}} = 0 to 128 iter_args(%[[A0:.*]] = %[[Z]], %[[A1:.*]] = %[[ONE]]) -> (vector<128xf32>, vector<128xi32>) {
// CHECK:           %[[ADD:.*]] = arith.addf %[[A0]], %{{.*}} : vector<128xf32>
// CHECK:           %[[MUL:.*]] = arith.muli %[[A1]], %{{.*}} : vector<128xi32>
// CHECK-NEXT:      affine.yield %[[ADD]], %[[MUL]] : vector<128xf32>, vector<128xi32>
// CHECK:         vector.transfer_write %[[REDS]]#0, %{{.*}} : vector<128xf32>, memref<256xf32>
// CHECK-NEXT:    vector.transfer_write %[[REDS]]#1, %{{.*}} : vector<128xi32>, memref<256xi32>
func.func @vec_non_vecdim_reductions(%in0: memref<128x256xf32>, %in1: memref<128x256xi32>,
                                     %out0: memref<256xf32>, %out1: memref<256xi32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 256 {
    %red0, %red1 = affine.for %j = 0 to 128
      iter_args(%red_iter0 = %zero, %red_iter1 = %one) -> (f32, i32) {
      %ld0 = affine.load %in0[%j, %i] : memref<128x256xf32>
      %add = arith.addf %red_iter0, %ld0 : f32
      %ld1 = affine.load %in1[%j, %i] : memref<128x256xi32>
      %mul = arith.muli %red_iter1, %ld1 : i32
      affine.yield %add, %mul : f32, i32
    }
    affine.store %red0, %out0[%i] : memref<256xf32>
    affine.store %red1, %out1[%i] : memref<256xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_no_vecdim_last_value
// CHECK:       affine.for %{{.*}} = 0 to 256 step 128 {
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<128xf32>
// CHECK-NEXT:    %[[LAST:.*]] = affine.for %{{.*}} = 0 to 128 iter_args(%{{.*}} = %[[Z]]) -> (vector<128xf32>) {
// CHECK-NEXT:      ub.poison : f32
// CHECK-NEXT:      %[[L:.*]] = vector.transfer_read
// CHECK-NEXT:      affine.yield %[[L]] : vector<128xf32>
// CHECK:         vector.transfer_write %[[LAST]], %{{.*}} : vector<128xf32>, memref<256xf32>
func.func @vec_no_vecdim_last_value(%in: memref<128x256xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %last_val = affine.for %j = 0 to 128 iter_args(%last_iter = %cst) -> (f32) {
      %ld = affine.load %in[%j, %i] : memref<128x256xf32>
      affine.yield %ld : f32
    }
    affine.store %last_val, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vec_vecdim_reduction_rejected
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: loop-carried values (iter_args) and vectorize-reductions=false
func.func @vec_vecdim_reduction_rejected(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %add = arith.addf %red_iter, %ld : f32
      affine.yield %add : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// A non-unit step is declined (mlir-opt 22 vectorizes it and writes 128 elements
// where the loop writes one).
// CHECK-LABEL: func.func @large_step_size
// CHECK:       affine.for %{{.*}} = 0 to 256 step 4294967295 {
// CHECK-NEXT:    affine.store
// REMARK:      remark: loop not vectorized: non-unit step
func.func @large_step_size(%A: memref<4294967295xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 step 4294967295 {
    affine.store %cst, %A[%i] : memref<4294967295xf32>
  }
  return
}
