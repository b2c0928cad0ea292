// RUN: lattice opt %s --split-input-file --affine-data-copy-generate="generate-dma=false fast-mem-space=0 skip-non-unit-stride-loops" | FileCheck %s
// Small buffer size to trigger fine copies.
// RUN: lattice opt %s --split-input-file --affine-data-copy-generate="generate-dma=false fast-mem-space=0 fast-mem-capacity=1" | FileCheck --check-prefix=CHECK-SMALL %s
// DMA transfers (generate-dma; point-wise loops are the default, as in mlir-opt 22), fast memory space 1.
// RUN: lattice opt %s --split-input-file --affine-data-copy-generate="generate-dma skip-non-unit-stride-loops" | FileCheck --check-prefix=DMA %s
// RUN: lattice opt %s --split-input-file --affine-data-copy-generate="generate-dma=false fast-mem-space=0 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck --check-prefix=REMARK %s
// RUN: lattice opt %s --split-input-file --affine-data-copy-generate="generate-dma skip-non-unit-stride-loops remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck --check-prefix=DMA-REMARK %s

// The cases of mlir-opt's test/Dialect/Affine/affine-data-copy.mlir (its FILTER and
// MEMREF_REGION prefixes use test passes and are not mirrored), then Lattice's own.

#id = affine_map<(d0) -> (d0)>
#ub = affine_map<(d0) -> (d0 + 128)>

// CHECK-DAG: [[$MAP_IDENTITY:map[0-9a-zA-Z_]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: [[$MAP_PLUS_128:map[0-9a-zA-Z_]*]] = affine_map<(d0) -> (d0 + 128)>

// CHECK-LABEL: func @matmul
func.func @matmul(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) -> memref<4096x4096xf32> {
  affine.for %i = 0 to 4096 step 128 {
    affine.for %j = 0 to 4096 step 128 {
      affine.for %k = 0 to 4096 step 128 {
        affine.for %ii = #id(%i) to #ub(%i) {
          affine.for %jj = #id(%j) to #ub(%j) {
            affine.for %kk = #id(%k) to #ub(%k) {
              %5 = affine.load %A[%ii, %kk] : memref<4096x4096xf32>
              %6 = affine.load %B[%kk, %jj] : memref<4096x4096xf32>
              %7 = affine.load %C[%ii, %jj] : memref<4096x4096xf32>
              %8 = arith.mulf %5, %6 : f32
              %9 = arith.addf %7, %8 : f32
              affine.store %9, %C[%ii, %jj] : memref<4096x4096xf32>
            }
          }
        }
      }
    }
  }
  return %C : memref<4096x4096xf32>
}

// Buffers of size 128x128 for all three matrices; the result matrix's copies are
// hoisted out of %k (the region does not depend on it).
// CHECK:      affine.for %[[I:.*]] = 0 to 4096 step 128 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 4096 step 128 {
// As mlir-opt, the region's start indices are computed (and left unused).
// CHECK-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK-NEXT:     [[BUFC:%[0-9a-zA-Z_]+]] = memref.alloc() : memref<128x128xf32>
// CHECK-NEXT:     affine.for %[[II:.*]] = #[[$MAP_IDENTITY]](%[[I]]) to #[[$MAP_PLUS_128]](%[[I]]) {
// CHECK-NEXT:       affine.for %[[JJ:.*]] = #[[$MAP_IDENTITY]](%[[J]]) to #[[$MAP_PLUS_128]](%[[J]]) {
// CHECK-NEXT:         %[[V:.*]] = affine.load %{{.*}}[%[[II]], %[[JJ]]] : memref<4096x4096xf32>
// CHECK-NEXT:         affine.store %[[V]], [[BUFC]][%[[II]] - %[[I]], %[[JJ]] - %[[J]]] : memref<128x128xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %[[K:.*]] = 0 to 4096 step 128 {
// CHECK-NEXT:       affine.apply #{{.*}}(%[[I]], %[[K]])
// CHECK-NEXT:       affine.apply #{{.*}}(%[[I]], %[[K]])
// CHECK-NEXT:       [[BUFA:%[0-9a-zA-Z_]+]] = memref.alloc() : memref<128x128xf32>
// CHECK-NEXT:       affine.for %[[II:.*]] = #[[$MAP_IDENTITY]](%[[I]]) to #[[$MAP_PLUS_128]](%[[I]]) {
// CHECK-NEXT:         affine.for %[[KK:.*]] = #[[$MAP_IDENTITY]](%[[K]]) to #[[$MAP_PLUS_128]](%[[K]]) {
// CHECK-NEXT:           affine.load %{{.*}}[%[[II]], %[[KK]]] : memref<4096x4096xf32>
// CHECK-NEXT:           affine.store %{{.*}}, [[BUFA]][%[[II]] - %[[I]], %[[KK]] - %[[K]]] : memref<128x128xf32>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:       affine.apply #{{.*}}(%[[K]], %[[J]])
// CHECK-NEXT:       affine.apply #{{.*}}(%[[K]], %[[J]])
// CHECK-NEXT:       [[BUFB:%[0-9a-zA-Z_]+]] = memref.alloc() : memref<128x128xf32>
// CHECK-NEXT:       affine.for %[[KK:.*]] = #[[$MAP_IDENTITY]](%[[K]]) to #[[$MAP_PLUS_128]](%[[K]]) {
// CHECK-NEXT:         affine.for %[[JJ:.*]] = #[[$MAP_IDENTITY]](%[[J]]) to #[[$MAP_PLUS_128]](%[[J]]) {
// CHECK-NEXT:           affine.load %{{.*}}[%[[KK]], %[[JJ]]] : memref<4096x4096xf32>
// CHECK-NEXT:           affine.store %{{.*}}, [[BUFB]][%[[KK]] - %[[K]], %[[JJ]] - %[[J]]] : memref<128x128xf32>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// Computation on the fast buffers.
// CHECK-NEXT:       affine.for %[[X:.*]] = #[[$MAP_IDENTITY]](%[[I]]) to #[[$MAP_PLUS_128]](%[[I]]) {
// CHECK-NEXT:         affine.for %[[Y:.*]] = #[[$MAP_IDENTITY]](%[[J]]) to #[[$MAP_PLUS_128]](%[[J]]) {
// CHECK-NEXT:           affine.for %[[Z:.*]] = #[[$MAP_IDENTITY]](%[[K]]) to #[[$MAP_PLUS_128]](%[[K]]) {
// CHECK-NEXT:             affine.load [[BUFA]][%[[X]] - %[[I]], %[[Z]] - %[[K]]] : memref<128x128xf32>
// CHECK-NEXT:             affine.load [[BUFB]][%[[Z]] - %[[K]], %[[Y]] - %[[J]]] : memref<128x128xf32>
// CHECK-NEXT:             affine.load [[BUFC]][%[[X]] - %[[I]], %[[Y]] - %[[J]]] : memref<128x128xf32>
// CHECK-NEXT:             arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:             arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:             affine.store %{{.*}}, [[BUFC]][%[[X]] - %[[I]], %[[Y]] - %[[J]]] : memref<128x128xf32>
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:       memref.dealloc [[BUFB]] : memref<128x128xf32>
// CHECK-NEXT:       memref.dealloc [[BUFA]] : memref<128x128xf32>
// CHECK-NEXT:     }
// Result matrix copy-out.
// CHECK-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK-NEXT:     affine.for %[[II:.*]] = #[[$MAP_IDENTITY]](%[[I]]) to #[[$MAP_PLUS_128]](%[[I]]) {
// CHECK-NEXT:       affine.for %[[JJ:.*]] = #[[$MAP_IDENTITY]](%[[J]]) to #[[$MAP_PLUS_128]](%[[J]]) {
// CHECK-NEXT:         %[[W:.*]] = affine.load [[BUFC]][%[[II]] - %[[I]], %[[JJ]] - %[[J]]] : memref<128x128xf32>
// CHECK-NEXT:         affine.store %[[W]], %{{.*}}[%[[II]], %[[JJ]]] : memref<4096x4096xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     memref.dealloc [[BUFC]] : memref<128x128xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// DMA-LABEL: func @matmul
// DMA:      affine.for %[[I:.*]] = 0 to 4096 step 128 {
// DMA-NEXT:   affine.for %[[J:.*]] = 0 to 4096 step 128 {
// DMA-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// DMA-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// DMA-NEXT:     %[[BUFC:.*]] = memref.alloc() : memref<128x128xf32, 1>
// DMA-NEXT:     %[[TAG:.*]] = memref.alloc() : memref<1xi32>
// DMA-NEXT:     %[[C0:.*]] = arith.constant 0 : index
// DMA-NEXT:     %[[N:.*]] = arith.constant 16384 : index
// DMA-NEXT:     %[[STRIDE:.*]] = arith.constant 4096 : index
// DMA-NEXT:     %[[PER:.*]] = arith.constant 128 : index
// DMA-NEXT:     affine.dma_start %{{.*}}[%[[I]], %[[J]]], %[[BUFC]][0, 0], %[[TAG]][%[[C0]]], %[[N]], %[[STRIDE]], %[[PER]] : memref<4096x4096xf32>, memref<128x128xf32, 1>, memref<1xi32>
// DMA-NEXT:     affine.dma_wait %[[TAG]][%[[C0]]], %[[N]] : memref<1xi32>
// DMA-NEXT:     memref.dealloc %[[TAG]] : memref<1xi32>
// DMA-NEXT:     affine.for %[[K:.*]] = 0 to 4096 step 128 {
// DMA:            affine.dma_start %{{.*}}[%[[I]], %[[K]]], %{{.*}}[0, 0]
// DMA:            affine.dma_start %{{.*}}[%[[K]], %[[J]]], %{{.*}}[0, 0]
// DMA:            affine.load %{{.*}}[%{{.*}} - %[[I]], %{{.*}} - %[[K]]] : memref<128x128xf32, 1>
// DMA:          memref.dealloc %{{.*}} : memref<128x128xf32, 1>
// DMA-NEXT:       memref.dealloc %{{.*}} : memref<128x128xf32, 1>
// DMA-NEXT:     }
// DMA-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// DMA-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// DMA-NEXT:     %[[TAG2:.*]] = memref.alloc() : memref<1xi32>
// DMA:          affine.dma_start %[[BUFC]][0, 0], %{{.*}}[%[[I]], %[[J]]], %[[TAG2]][%{{.*}}], %{{.*}}, %{{.*}}, %{{.*}} : memref<128x128xf32, 1>, memref<4096x4096xf32>, memref<1xi32>
// DMA-NEXT:     affine.dma_wait %[[TAG2]][%{{.*}}], %{{.*}} : memref<1xi32>
// DMA-NEXT:     memref.dealloc %[[TAG2]] : memref<1xi32>
// DMA-NEXT:     memref.dealloc %[[BUFC]] : memref<128x128xf32, 1>

// -----

// Single element buffers (in mlir-opt, eventually turned into registers).
// CHECK-SMALL-LABEL: func @single_elt_buffers
func.func @single_elt_buffers(%arg0: memref<1024x1024xf32>, %arg1: memref<1024x1024xf32>, %arg2: memref<1024x1024xf32>) -> memref<1024x1024xf32> {
  affine.for %i = 0 to 1024 {
    affine.for %j = 0 to 1024 {
      affine.for %k = 0 to 1024 {
        %6 = affine.load %arg1[%k, %j] : memref<1024x1024xf32>
        %7 = affine.load %arg2[%i, %j] : memref<1024x1024xf32>
        %9 = arith.addf %6, %7 : f32
        affine.store %9, %arg2[%i, %j] : memref<1024x1024xf32>
      }
    }
  }
  return %arg2 : memref<1024x1024xf32>
}
// CHECK-SMALL:      affine.for %[[I:.*]] = 0 to 1024 {
// CHECK-SMALL-NEXT:   affine.for %[[J:.*]] = 0 to 1024 {
// CHECK-SMALL-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK-SMALL-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK-SMALL-NEXT:     %[[B2:.*]] = memref.alloc() : memref<1x1xf32>
// CHECK-SMALL-NEXT:     %[[V:.*]] = affine.load %arg2[%[[I]], %[[J]]] : memref<1024x1024xf32>
// CHECK-SMALL-NEXT:     affine.store %[[V]], %[[B2]][0, 0] : memref<1x1xf32>
// CHECK-SMALL-NEXT:     affine.for %[[K:.*]] = 0 to 1024 {
// CHECK-SMALL-NEXT:       affine.apply #{{.*}}(%[[K]], %[[J]])
// CHECK-SMALL-NEXT:       affine.apply #{{.*}}(%[[K]], %[[J]])
// CHECK-SMALL-NEXT:       %[[B1:.*]] = memref.alloc() : memref<1x1xf32>
// CHECK-SMALL-NEXT:       %[[W:.*]] = affine.load %arg1[%[[K]], %[[J]]] : memref<1024x1024xf32>
// CHECK-SMALL-NEXT:       affine.store %[[W]], %[[B1]][0, 0] : memref<1x1xf32>
// CHECK-SMALL-NEXT:       affine.load %[[B1]][0, 0] : memref<1x1xf32>
// CHECK-SMALL-NEXT:       affine.load %[[B2]][0, 0] : memref<1x1xf32>
// CHECK-SMALL-NEXT:       arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-SMALL-NEXT:       affine.store %{{.*}}, %[[B2]][0, 0] : memref<1x1xf32>
// CHECK-SMALL-NEXT:       memref.dealloc %[[B1]] : memref<1x1xf32>
// CHECK-SMALL-NEXT:     }
// CHECK-SMALL-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK-SMALL-NEXT:     affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK-SMALL-NEXT:     %[[R:.*]] = affine.load %[[B2]][0, 0] : memref<1x1xf32>
// CHECK-SMALL-NEXT:     affine.store %[[R]], %arg2[%[[I]], %[[J]]] : memref<1024x1024xf32>
// CHECK-SMALL-NEXT:     memref.dealloc %[[B2]] : memref<1x1xf32>
// CHECK-SMALL-NEXT:   }
// CHECK-SMALL-NEXT: }
// CHECK-SMALL-NEXT: return

// -----

// Tiling with tile sizes that do not divide the trip count: the buffer has the constant
// extent 100, the copy loops the exact bounds.

#map_ub = affine_map<(d0) -> (4096, d0 + 100)>

// CHECK-DAG: [[$MAP_IDENTITY:map[0-9a-zA-Z_]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: [[$MAP_MIN_UB:map[0-9a-zA-Z_]*]] = affine_map<(d0) -> (4096, d0 + 100)>

// CHECK-LABEL: func @min_upper_bound
func.func @min_upper_bound(%A: memref<4096xf32>) -> memref<4096xf32> {
  affine.for %i = 0 to 4096 step 100 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to min #map_ub(%i) {
      // DMA-REMARK: affine-data-copy-generate.mlir:[[@LINE+1]]:12: remark: no data copy for memref<4096xf32> (argument #0): DMA transfers need a region of exactly constant extent
      %5 = affine.load %A[%ii] : memref<4096xf32>
      %6 = arith.mulf %5, %5 : f32
      affine.store %6, %A[%ii] : memref<4096xf32>
    }
  }
  return %A : memref<4096xf32>
}
// CHECK:      affine.for %[[IV1:.*]] = 0 to 4096 step 100
// CHECK-NEXT:   affine.apply #{{.*}}(%[[IV1]])
// CHECK-NEXT:   %[[BUF:.*]] = memref.alloc() : memref<100xf32>
// CHECK-NEXT:   affine.for %[[IV2:.*]] = #[[$MAP_IDENTITY]](%[[IV1]]) to min #[[$MAP_MIN_UB]](%[[IV1]]) {
// CHECK-NEXT:     affine.load %{{.*}}[%[[IV2]]] : memref<4096xf32>
// CHECK-NEXT:     affine.store %{{.*}}, %[[BUF]][%[[IV2]] - %[[IV1]]] : memref<100xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %[[IV2:.*]] = #[[$MAP_IDENTITY]](%[[IV1]]) to min #[[$MAP_MIN_UB]](%[[IV1]]) {
// CHECK-NEXT:     affine.load %[[BUF]][%[[IV2]] - %[[IV1]]] : memref<100xf32>
// CHECK-NEXT:     arith.mulf
// CHECK-NEXT:     affine.store %{{.*}}, %[[BUF]][%[[IV2]] - %[[IV1]]] : memref<100xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.apply #[[$MAP_IDENTITY]](%[[IV1]])
// CHECK-NEXT:   affine.for %[[IV2:.*]] = #[[$MAP_IDENTITY]](%[[IV1]]) to min #[[$MAP_MIN_UB]](%[[IV1]]) {
// CHECK-NEXT:     affine.load %[[BUF]][%[[IV2]] - %[[IV1]]] : memref<100xf32>
// CHECK-NEXT:     affine.store %{{.*}}, %{{.*}}[%[[IV2]]] : memref<4096xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.dealloc %[[BUF]] : memref<100xf32>
// CHECK-NEXT: }

// Unlike mlir-opt, no DMA for a region whose extent is not exactly constant (the last
// tile is 96 elements long: a 100-element transfer would read past the end).
// DMA-LABEL: func @min_upper_bound
// DMA-NOT:   affine.dma_start
// DMA:       return

// -----

// Lower bound is a max; upper bound is a min.

#lb = affine_map<()[s0, s1] -> (s0 * 512, s1 * 6)>
#ub = affine_map<()[s0, s1] -> (s0 * 512 + 512, s1 * 6 + 6)>

// CHECK-DAG: #[[$LB:.*]] = affine_map<()[s0, s1] -> (s0 * 512, s1 * 6)>
// CHECK-DAG: #[[$UB:.*]] = affine_map<()[s0, s1] -> (s0 * 512 + 512, s1 * 6 + 6)>

// CHECK-LABEL: max_lower_bound(%{{.*}}: memref<2048x516xf64>,
// CHECK-SAME: [[i:arg[0-9a-zA-Z_]+]]
// CHECK-SAME: [[j:arg[0-9a-zA-Z_]+]]
func.func @max_lower_bound(%M: memref<2048x516xf64>, %i : index, %j : index) {
  affine.for %ii = 0 to 2048 {
    affine.for %jj = max #lb()[%i, %j] to min #ub()[%i, %j] {
      affine.load %M[%ii, %jj] : memref<2048x516xf64>
    }
  }
  return
}

// CHECK:      %[[BUF:.*]] = memref.alloc() : memref<2048x6xf64>
// CHECK-NEXT: affine.for %[[ii:.*]] = 0 to 2048 {
// CHECK-NEXT:   affine.for %[[jj:.*]] = max #[[$LB]]()[%[[i]], %[[j]]] to min #[[$UB]]()[%[[i]], %[[j]]] {
// CHECK-NEXT:      affine.load %{{.*}}[%[[ii]], %[[jj]]] : memref<2048x516xf64>
// CHECK-NEXT:      affine.store %{{.*}}, %[[BUF]][%[[ii]], %[[jj]] - symbol(%[[j]]) * 6] : memref<2048x6xf64>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[ii_:.*]] = 0 to 2048 {
// CHECK-NEXT:   affine.for %[[jj_:.*]] = max #[[$LB]]()[%{{.*}}, %{{.*}}] to min #[[$UB]]()[%{{.*}}, %{{.*}}] {
// CHECK-NEXT:     affine.load %[[BUF]][%[[ii_]], %[[jj_]] - symbol(%[[j]]) * 6] : memref<2048x6xf64>
// CHECK-NEXT:    }
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<2048x6xf64>

// -----

// CHECK-LABEL: func @empty_loops
func.func @empty_loops(%arg0: memref<1024x1024xf64>) {
  // Empty loops - so no copy generation happens.
  affine.for %i = 0 to 0 {
    affine.load %arg0[0, %i] : memref<1024x1024xf64>
  }
  affine.for %i = 0 to -16 {
    affine.load %arg0[0, %i] : memref<1024x1024xf64>
  }
  return
  // CHECK-NOT:    memref.alloc
  // CHECK:        return
}

// Subscripts with floordiv/mod of the IVs: the region is the whole memref.
#map16 = affine_map<(d0, d1, d2) -> (d0 * 40 + d1 * 8 + d2 * 2)>
#map17 = affine_map<(d0, d1, d2) -> (d0 * 40 + d1 * 8 + d2 * 2 + 2)>
// CHECK-LABEL: func @affine_parallel
func.func @affine_parallel(%85:memref<2x5x4x2xi64>) {
  affine.for %arg0 = 0 to 2 {
    affine.parallel (%arg1) = (0) to (5) {
      affine.parallel (%arg2) = (0) to (4) {
        affine.for %arg3 = #map16(%arg0, %arg1, %arg2) to #map17(%arg0, %arg1, %arg2) {
          %105 = affine.load %85[((%arg3 floordiv 2) floordiv 4) floordiv 5, ((%arg3 floordiv 2) floordiv 4) mod 5, (%arg3 floordiv 2) mod 4, %arg3 mod 2] : memref<2x5x4x2xi64>
        }
      }
    }
  }
  // CHECK:       %[[BUF:.*]] = memref.alloc() : memref<2x5x4x2xi64>
  // CHECK-NEXT:  affine.for %{{.*}} = 0 to 2
  // CHECK-NEXT:    affine.for %{{.*}} = 0 to 5
  // CHECK-NEXT:      affine.for %{{.*}} = 0 to 4
  // CHECK-NEXT:        affine.for %{{.*}} = 0 to 2

  // CHECK:     affine.for
  // CHECK-NEXT:  affine.parallel
  // CHECK-NEXT:    affine.parallel
  // CHECK-NEXT:      affine.for
  // CHECK-NEXT:        affine.load %[[BUF]]
  return
}

// A store covering its whole region: copied out only.
// CHECK-LABEL: func @index_elt_type
func.func @index_elt_type(%arg0: memref<1x2x4x8xindex>) {
  affine.for %arg1 = 0 to 1 {
    affine.for %arg2 = 0 to 2 {
      affine.for %arg3 = 0 to 4 {
        affine.for %arg4 = 0 to 8 {
          affine.store %arg4, %arg0[%arg1, %arg2, %arg3, %arg4] : memref<1x2x4x8xindex>
        }
      }
    }
  }

  // CHECK:     %[[BUF:.*]] = memref.alloc() : memref<1x2x4x8xindex>
  // CHECK-NEXT: affine.for %{{.*}} = 0 to 1
  // CHECK-NEXT:  affine.for %{{.*}} = 0 to 2
  // CHECK-NEXT:    affine.for %{{.*}} = 0 to 4
  // CHECK-NEXT:      affine.for %{{.*}} = 0 to 8
  // CHECK-NEXT:        affine.store %{{.*}}, %[[BUF]]

  // CHECK:     affine.for %[[A:.*]] = 0 to 2
  // CHECK-NEXT:  affine.for %[[B:.*]] = 0 to 4
  // CHECK-NEXT:    affine.for %[[C:.*]] = 0 to 8
  // CHECK-NEXT:      %[[V:.*]] = affine.load %[[BUF]][0, %[[A]], %[[B]], %[[C]]]
  // CHECK-NEXT:      affine.store %[[V]], %{{.*}}[0, %[[A]], %[[B]], %[[C]]]
  return
}

// -----

// A write-only region that the stores do not cover (a triangle): unlike mlir-opt, the
// buffer is copied in first, so the elements the nest does not write go back unchanged.
// CHECK-LABEL: func @triangle_write
// CHECK-SAME:    (%[[A:.*]]: memref<64x64xf32>,
func.func @triangle_write(%A: memref<64x64xf32>, %v: f32) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.store %v, %A[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
// CHECK:      %[[BUF:.*]] = memref.alloc() : memref<64x64xf32>
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:     %[[V:.*]] = affine.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT:     affine.store %[[V]], %[[BUF]][%[[I]], %[[J]]]
// CHECK:      affine.for
// CHECK-NEXT:   affine.for
// CHECK-NEXT:     affine.store %{{.*}}, %[[BUF]]
// CHECK:      affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:     %[[V:.*]] = affine.load %[[BUF]][%[[I]], %[[J]]]
// CHECK-NEXT:     affine.store %[[V]], %[[A]][%[[I]], %[[J]]]
// CHECK:      memref.dealloc %[[BUF]]

// -----

// A stencil: the region is the union of the three accesses' regions.
// CHECK-LABEL: func @stencil
func.func @stencil(%A: memref<256xf64>, %B: memref<256xf64>) {
  affine.for %i = 1 to 255 {
    %a = affine.load %A[%i - 1] : memref<256xf64>
    %b = affine.load %A[%i + 1] : memref<256xf64>
    %s = arith.addf %a, %b : f64
    affine.store %s, %B[%i] : memref<256xf64>
  }
  return
}
// CHECK:      %[[BA:.*]] = memref.alloc() : memref<256xf64>
// CHECK-NEXT: affine.for %{{.*}} = 0 to 256 {
// CHECK:      %[[BB:.*]] = memref.alloc() : memref<254xf64>
// CHECK-NEXT: affine.for %[[I:.*]] = 1 to 255 {
// CHECK-NEXT:   affine.load %[[BA]][%[[I]] - 1] : memref<256xf64>
// CHECK-NEXT:   affine.load %[[BA]][%[[I]] + 1] : memref<256xf64>
// CHECK-NEXT:   arith.addf
// CHECK-NEXT:   affine.store %{{.*}}, %[[BB]][%[[I]] - 1] : memref<254xf64>
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[I:.*]] = 1 to 255 {
// CHECK-NEXT:   affine.load %[[BB]][%[[I]] - 1] : memref<254xf64>
// CHECK-NEXT:   affine.store
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[BB]]
// CHECK-NEXT: memref.dealloc %[[BA]]

// -----

// Declines: a non-identity layout; a memref also used by a non-affine op; a range with
// an op of unknown memory effects.
func.func private @ext(memref<16xf32>)
// CHECK-LABEL: func @declines
// CHECK-NOT:   memref.alloc
// CHECK:       return
func.func @declines(%A: memref<16xf32, strided<[2]>>, %B: memref<16xf32>, %C: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    // REMARK: affine-data-copy-generate.mlir:[[@LINE+1]]:10: remark: no data copy for memref<16xf32, strided<[2]>> (argument #0): non-identity layouts are not supported
    %a = affine.load %A[%i] : memref<16xf32, strided<[2]>>
    // REMARK: affine-data-copy-generate.mlir:[[@LINE+1]]:5: remark: no data copy for memref<16xf32> (argument #1): it is also used by 'memref.load' in the loop nest
    affine.store %a, %B[%i] : memref<16xf32>
    %c0 = arith.constant 0 : index
    %b = memref.load %B[%c0] : memref<16xf32>
  }
  // REMARK: affine-data-copy-generate.mlir:[[@LINE+1]]:3: remark: no data copies for this range: 'func.call' has unknown memory effects
  affine.for %i = 0 to 16 {
    %c = affine.load %C[%i] : memref<16xf32>
    func.call @ext(%C) : (memref<16xf32>) -> ()
  }
  return
}
