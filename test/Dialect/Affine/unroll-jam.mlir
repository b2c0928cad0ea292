// RUN: lattice opt %s --split-input-file --affine-loop-unroll-jam=unroll-jam-factor=2 | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-loop-unroll-jam="unroll-jam-factor=2 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --split-input-file --remarks --affine-loop-unroll-jam=unroll-jam-factor=2 \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Legal: the only dependences are carried by %k. Each run of non-loop ops at every
// depth is replicated for %i + 1.
// CHECK-DAG:   #[[$P1:map[0-9]*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @matmul
// CHECK:       affine.for %[[I:.*]] = 0 to 16 step 2 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 16 {
// CHECK-NEXT:      affine.for %[[K:.*]] = 0 to 16 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:        %[[I1:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:        affine.load %{{.*}}[%[[I1]], %[[K]]]
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[I1]], %[[J]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @matmul(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}

// -----

// Imperfect nest, symbolic trip count: runs before and after the inner loop are
// replicated separately; a cleanup loop takes the last iteration.
// CHECK-DAG:   #[[$UB:map[0-9]*]] = affine_map<()[s0] -> ((s0 floordiv 2) * 2)>
// CHECK-LABEL: func.func @imperfect_symbolic
// CHECK-SAME:    %[[N:[a-z0-9]+]]: index, %{{.*}}: index)
// CHECK:       affine.for %[[I:.*]] = 0 to #[[$UB]]()[%[[N]]] step 2 {
// CHECK-NEXT:    %[[X0:.*]] = affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    %[[I1:.*]] = affine.apply
// CHECK-NEXT:    %[[X1:.*]] = affine.load %{{.*}}[%[[I1]]]
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.store %[[X0]], %{{.*}}[%[[I]], %{{.*}}]
// CHECK-NEXT:      %[[I1B:.*]] = affine.apply
// CHECK-NEXT:      affine.store %[[X1]], %{{.*}}[%[[I1B]], %{{.*}}]
// CHECK-NEXT:    }
// CHECK-COUNT-2: arith.addf
// CHECK:       }
// CHECK-NEXT:  affine.for %{{.*}} = #[[$UB]]()[%[[N]]] to %[[N]] {
func.func @imperfect_symbolic(%A: memref<?xf32>, %B: memref<?x?xf32>, %n: index, %m: index) {
  affine.for %i = 0 to %n {
    %x = affine.load %A[%i] : memref<?xf32>
    affine.for %j = 0 to %m {
      affine.store %x, %B[%i, %j] : memref<?x?xf32>
    }
    %y = arith.addf %x, %x : f32
    affine.store %y, %A[%i] : memref<?xf32>
  }
  return
}

// -----

// Trip count 17: the last iteration is a cleanup loop, promoted (it runs once).
// CHECK-LABEL: func.func @odd_trip_count
// CHECK:       %[[C16:.*]] = arith.constant 16 : index
// CHECK:       affine.for %{{.*}} = 0 to 16 step 2 {
// CHECK:       }
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[C16]], %[[J]]]
func.func @odd_trip_count(%A: memref<17x8xf32>) {
  affine.for %i = 0 to 17 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<17x8xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%i, %j] : memref<17x8xf32>
    }
  }
  return
}

// -----

// The (1, -1) dependence: iteration (i, j) reads what (i-1, j+1) wrote. Jamming %i
// would run (i, j+1) and (i+1, j) together, (i+1, j) first: declined (mlir-opt 22
// jams it and changes the result).
// CHECK-LABEL: func.func @stencil_one_minus_one
// CHECK:       affine.for %{{.*}} = 1 to 5 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// REMARK: unroll-jam.mlir:[[@LINE+2]]:3: remark: not unroll-jammed by 2: it would violate the dependence on memref<5x5xf64> (argument #0) from 'affine.store' at {{.*}}unroll-jam.mlir:[[@LINE+7]]:7 to 'affine.load' at {{.*}}unroll-jam.mlir:[[@LINE+4]]:13 with distance vector (1, -1)
func.func @stencil_one_minus_one(%A: memref<5x5xf64>) {
  affine.for %i = 1 to 5 {
    affine.for %j = 0 to 4 {
      %up = affine.load %A[%i - 1, %j + 1] : memref<5x5xf64>
      %a = affine.load %A[%i, %j] : memref<5x5xf64>
      %s = arith.addf %up, %a : f64
      affine.store %s, %A[%i, %j] : memref<5x5xf64>
    }
  }
  return
}

// -----

// Distance (1, 1) keeps its order after jamming: legal.
// CHECK-LABEL: func.func @stencil_one_plus_one
// CHECK:       affine.for %{{.*}} = 1 to 5 step 2 {
// CHECK-COUNT-2: affine.store
func.func @stencil_one_plus_one(%A: memref<6x6xf64>) {
  affine.for %i = 1 to 5 {
    affine.for %j = 1 to 5 {
      %up = affine.load %A[%i - 1, %j - 1] : memref<6x6xf64>
      %a = affine.load %A[%i, %j] : memref<6x6xf64>
      %s = arith.addf %up, %a : f64
      affine.store %s, %A[%i, %j] : memref<6x6xf64>
    }
  }
  return
}

// -----

// Loop 2 of iteration i writes what loop 1 of iteration i+1 reads; jamming runs both
// loop-1 copies first: declined.
// CHECK-LABEL: func.func @sibling_loops_reversed
// CHECK:       affine.for %{{.*}} = 1 to 15 {
// REMARK: unroll-jam.mlir:[[@LINE+2]]:3: remark: not unroll-jammed by 2: {{.*}} from 'affine.store' {{.*}} to 'affine.load' {{.*}} with distance vector (1)
func.func @sibling_loops_reversed(%A: memref<16xf32>, %B: memref<16xf32>) {
  affine.for %i = 1 to 15 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i - 1] : memref<16xf32>
      affine.store %v, %B[%i] : memref<16xf32>
    }
    affine.for %j = 0 to 4 {
      %w = affine.load %B[%i] : memref<16xf32>
      affine.store %w, %A[%i] : memref<16xf32>
    }
  }
  return
}
