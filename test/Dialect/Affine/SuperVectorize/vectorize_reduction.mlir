// RUN: lattice opt %s --split-input-file --affine-super-vectorize="virtual-vector-size=128 test-fastest-varying=0 vectorize-reductions=true" | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-super-vectorize="virtual-vector-size=128 test-fastest-varying=0 vectorize-reductions=true remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --split-input-file --affine-super-vectorize="virtual-vector-size=128 test-fastest-varying=0" | FileCheck %s --check-prefix=NORED

// Cases of upstream's SuperVectorize/vectorize_reduction.mlir: reductions carried by
// iter_args become vector accumulators started at the neutral element, reduced with
// vector.reduction after the loop (then combined with the initial value unless it is
// the neutral element). Partial tiles select the neutral element in the lanes past the
// trip count.

// CHECK-LABEL: func.func @vecdim_reduction
// CHECK:         %[[INIT:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<0.000000e+00> : vector<128xf32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xf32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xf32>, vector<128xf32>
// CHECK-NEXT:        %[[R:.*]] = arith.addf %[[ACC]], %[[LD]] : vector<128xf32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <add>, %[[VRED]] : vector<128xf32> into f32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xf32>
func.func @vecdim_reduction(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %r = arith.addf %red_iter, %ld : f32
      affine.yield %r : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_minf
// CHECK:         %[[INIT:.*]] = arith.constant 0x7F800000 : f32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<0x7F800000> : vector<128xf32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xf32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xf32>, vector<128xf32>
// CHECK-NEXT:        %[[R:.*]] = arith.minimumf %[[ACC]], %[[LD]] : vector<128xf32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <minimumf>, %[[VRED]] : vector<128xf32> into f32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xf32>
func.func @vecdim_reduction_minf(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0x7F800000 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %r = arith.minimumf %red_iter, %ld : f32
      affine.yield %r : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_maxf
// CHECK:         %[[INIT:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<0xFF800000> : vector<128xf32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xf32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xf32>, vector<128xf32>
// CHECK-NEXT:        %[[R:.*]] = arith.maximumf %[[ACC]], %[[LD]] : vector<128xf32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <maximumf>, %[[VRED]] : vector<128xf32> into f32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xf32>
func.func @vecdim_reduction_maxf(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0xFF800000 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %r = arith.maximumf %red_iter, %ld : f32
      affine.yield %r : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_minsi
// CHECK:         %[[INIT:.*]] = arith.constant 2147483647 : i32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<2147483647> : vector<128xi32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xi32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xi32>, vector<128xi32>
// CHECK-NEXT:        %[[R:.*]] = arith.minsi %[[ACC]], %[[LD]] : vector<128xi32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <minsi>, %[[VRED]] : vector<128xi32> into i32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xi32>
func.func @vecdim_reduction_minsi(%in: memref<256x512xi32>, %out: memref<256xi32>) {
  %cst = arith.constant 2147483647 : i32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (i32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xi32>
      %r = arith.minsi %red_iter, %ld : i32
      affine.yield %r : i32
    }
    affine.store %final_red, %out[%i] : memref<256xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_maxsi
// CHECK:         %[[INIT:.*]] = arith.constant -2147483648 : i32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<-2147483648> : vector<128xi32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xi32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xi32>, vector<128xi32>
// CHECK-NEXT:        %[[R:.*]] = arith.maxsi %[[ACC]], %[[LD]] : vector<128xi32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <maxsi>, %[[VRED]] : vector<128xi32> into i32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xi32>
func.func @vecdim_reduction_maxsi(%in: memref<256x512xi32>, %out: memref<256xi32>) {
  %cst = arith.constant -2147483648 : i32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (i32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xi32>
      %r = arith.maxsi %red_iter, %ld : i32
      affine.yield %r : i32
    }
    affine.store %final_red, %out[%i] : memref<256xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_minui
// CHECK:         %[[INIT:.*]] = arith.constant -1 : i32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<-1> : vector<128xi32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xi32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xi32>, vector<128xi32>
// CHECK-NEXT:        %[[R:.*]] = arith.minui %[[ACC]], %[[LD]] : vector<128xi32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <minui>, %[[VRED]] : vector<128xi32> into i32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xi32>
func.func @vecdim_reduction_minui(%in: memref<256x512xi32>, %out: memref<256xi32>) {
  %cst = arith.constant -1 : i32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (i32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xi32>
      %r = arith.minui %red_iter, %ld : i32
      affine.yield %r : i32
    }
    affine.store %final_red, %out[%i] : memref<256xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_maxui
// CHECK:         %[[INIT:.*]] = arith.constant 0 : i32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<0> : vector<128xi32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xi32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xi32>, vector<128xi32>
// CHECK-NEXT:        %[[R:.*]] = arith.maxui %[[ACC]], %[[LD]] : vector<128xi32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <maxui>, %[[VRED]] : vector<128xi32> into i32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xi32>
func.func @vecdim_reduction_maxui(%in: memref<256x512xi32>, %out: memref<256xi32>) {
  %cst = arith.constant 0 : i32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (i32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xi32>
      %r = arith.maxui %red_iter, %ld : i32
      affine.yield %r : i32
    }
    affine.store %final_red, %out[%i] : memref<256xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_andi
// CHECK:         %[[INIT:.*]] = arith.constant -1 : i32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<-1> : vector<128xi32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xi32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xi32>, vector<128xi32>
// CHECK-NEXT:        %[[R:.*]] = arith.andi %[[ACC]], %[[LD]] : vector<128xi32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <and>, %[[VRED]] : vector<128xi32> into i32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xi32>
func.func @vecdim_reduction_andi(%in: memref<256x512xi32>, %out: memref<256xi32>) {
  %cst = arith.constant -1 : i32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (i32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xi32>
      %r = arith.andi %red_iter, %ld : i32
      affine.yield %r : i32
    }
    affine.store %final_red, %out[%i] : memref<256xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_ori
// CHECK:         %[[INIT:.*]] = arith.constant 0 : i32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<0> : vector<128xi32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xi32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xi32>, vector<128xi32>
// CHECK-NEXT:        %[[R:.*]] = arith.ori %[[ACC]], %[[LD]] : vector<128xi32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <or>, %[[VRED]] : vector<128xi32> into i32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xi32>
func.func @vecdim_reduction_ori(%in: memref<256x512xi32>, %out: memref<256xi32>) {
  %cst = arith.constant 0 : i32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (i32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xi32>
      %r = arith.ori %red_iter, %ld : i32
      affine.yield %r : i32
    }
    affine.store %final_red, %out[%i] : memref<256xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_xori
// CHECK:         %[[INIT:.*]] = arith.constant 0 : i32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<0> : vector<128xi32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xi32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xi32>, vector<128xi32>
// CHECK-NEXT:        %[[R:.*]] = arith.xori %[[ACC]], %[[LD]] : vector<128xi32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <xor>, %[[VRED]] : vector<128xi32> into i32
// CHECK-NEXT:      affine.store %[[FIN]], %{{.*}} : memref<256xi32>
func.func @vecdim_reduction_xori(%in: memref<256x512xi32>, %out: memref<256xi32>) {
  %cst = arith.constant 0 : i32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (i32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xi32>
      %r = arith.xori %red_iter, %ld : i32
      affine.yield %r : i32
    }
    affine.store %final_red, %out[%i] : memref<256xi32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_minnumf
// CHECK:         %[[INIT:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<0x7FC00000> : vector<128xf32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xf32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xf32>, vector<128xf32>
// CHECK-NEXT:        %[[R:.*]] = arith.minnumf %[[ACC]], %[[LD]] : vector<128xf32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <minnumf>, %[[VRED]] : vector<128xf32> into f32
// CHECK-NEXT:      %[[ALL:.*]] = arith.minnumf %[[FIN]], %[[INIT]] : f32
// CHECK-NEXT:      affine.store %[[ALL]], %{{.*}} : memref<256xf32>
func.func @vecdim_reduction_minnumf(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0xFF800000 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %r = arith.minnumf %red_iter, %ld : f32
      affine.yield %r : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_maxnumf
// CHECK:         %[[INIT:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<0xFFC00000> : vector<128xf32>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xf32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xf32>, vector<128xf32>
// CHECK-NEXT:        %[[R:.*]] = arith.maxnumf %[[ACC]], %[[LD]] : vector<128xf32>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <maxnumf>, %[[VRED]] : vector<128xf32> into f32
// CHECK-NEXT:      %[[ALL:.*]] = arith.maxnumf %[[FIN]], %[[INIT]] : f32
// CHECK-NEXT:      affine.store %[[ALL]], %{{.*}} : memref<256xf32>
func.func @vecdim_reduction_maxnumf(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0xFF800000 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %r = arith.maxnumf %red_iter, %ld : f32
      affine.yield %r : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_f64_init
// CHECK:         %[[INIT:.*]] = arith.constant 2.500000e+00 : f64
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[N:.*]] = arith.constant dense<1.000000e+00> : vector<128xf64>
// CHECK-NEXT:      %[[VRED:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %[[N]]) -> (vector<128xf64>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xf64>, vector<128xf64>
// CHECK-NEXT:        %[[R:.*]] = arith.mulf %[[ACC]], %[[LD]] : vector<128xf64>
// CHECK-NEXT:        affine.yield %[[R]] : vector<128xf64>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[FIN:.*]] = vector.reduction <mul>, %[[VRED]] : vector<128xf64> into f64
// CHECK-NEXT:      %[[ALL:.*]] = arith.mulf %[[FIN]], %[[INIT]] : f64
// CHECK-NEXT:      affine.store %[[ALL]], %{{.*}} : memref<256xf64>
func.func @vecdim_reduction_f64_init(%in: memref<256x512xf64>, %out: memref<256xf64>) {
  %cst = arith.constant 2.500000e+00 : f64
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f64) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf64>
      %r = arith.mulf %red_iter, %ld : f64
      affine.yield %r : f64
    }
    affine.store %final_red, %out[%i] : memref<256xf64>
  }
  return
}

// -----

// The accumulator may be either operand of the combiner.
// CHECK-LABEL: func.func @vecdim_reduction_comm
// CHECK:         affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<128xf32>) {
// CHECK:           %[[LD:.*]] = vector.transfer_read
// CHECK-NEXT:      arith.addf %[[LD]], %[[ACC]] : vector<128xf32>
// CHECK:         vector.reduction <add>
func.func @vecdim_reduction_comm(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %add = arith.addf %ld, %red_iter : f32
      affine.yield %add : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_reduction_expsin
// CHECK:           %[[LD:.*]] = vector.transfer_read
// CHECK-NEXT:      %[[SIN:.*]] = math.sin %[[LD]] : vector<128xf32>
// CHECK-NEXT:      %[[EXP:.*]] = math.exp %[[SIN]] : vector<128xf32>
// CHECK-NEXT:      arith.addf %{{.*}}, %[[EXP]] : vector<128xf32>
// CHECK:         vector.reduction <add>
func.func @vecdim_reduction_expsin(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %sin = math.sin %ld : f32
      %exp = math.exp %sin : f32
      %add = arith.addf %red_iter, %exp : f32
      affine.yield %add : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// Two reductions; the sum starts at 1.0 (not neutral), so it is added back after
// the loop; the product does not need that.
// CHECK-LABEL: func.func @two_vecdim_reductions
// CHECK:         %[[CST:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<128xf32>
// CHECK-NEXT:      %[[O:.*]] = arith.constant dense<1.000000e+00> : vector<128xf32>
// CHECK-NEXT:      %[[V:.*]]:2 = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[S:.*]] = %[[Z]], %[[P:.*]] = %[[O]]) -> (vector<128xf32>, vector<128xf32>) {
// CHECK:             %[[LD:.*]] = vector.transfer_read
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[S]], %[[LD]] : vector<128xf32>
// CHECK-NEXT:        %[[MUL:.*]] = arith.mulf %[[P]], %[[LD]] : vector<128xf32>
// CHECK-NEXT:        affine.yield %[[ADD]], %[[MUL]] : vector<128xf32>, vector<128xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[R0:.*]] = vector.reduction <add>, %[[V]]#0 : vector<128xf32> into f32
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[R0]], %[[CST]] : f32
// CHECK-NEXT:      %[[PROD:.*]] = vector.reduction <mul>, %[[V]]#1 : vector<128xf32> into f32
// CHECK-NEXT:      affine.store %[[SUM]], %{{.*}} : memref<256xf32>
// CHECK-NEXT:      affine.store %[[PROD]], %{{.*}} : memref<256xf32>
func.func @two_vecdim_reductions(%in: memref<256x512xf32>, %out_sum: memref<256xf32>, %out_prod: memref<256xf32>) {
  %cst = arith.constant 1.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %sum, %prod = affine.for %j = 0 to 512 iter_args(%part_sum = %cst, %part_prod = %cst) -> (f32, f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %add = arith.addf %part_sum, %ld : f32
      %mul = arith.mulf %part_prod, %ld : f32
      affine.yield %add, %mul : f32, f32
    }
    affine.store %sum, %out_sum[%i] : memref<256xf32>
    affine.store %prod, %out_prod[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @two_vecdim_reductions_int
// CHECK:         arith.constant dense<0> : vector<128xi64>
// CHECK-NEXT:    arith.constant dense<1> : vector<128xi64>
// CHECK:         arith.addi %{{.*}} : vector<128xi64>
// CHECK-NEXT:    arith.muli %{{.*}} : vector<128xi64>
// CHECK:         vector.reduction <add>, %{{.*}}#0 : vector<128xi64> into i64
// CHECK-NEXT:    vector.reduction <mul>, %{{.*}}#1 : vector<128xi64> into i64
func.func @two_vecdim_reductions_int(%in: memref<256x512xi64>, %out_sum: memref<256xi64>, %out_prod: memref<256xi64>) {
  %cst0 = arith.constant 0 : i64
  %cst1 = arith.constant 1 : i64
  affine.for %i = 0 to 256 {
    %sum, %prod = affine.for %j = 0 to 512 iter_args(%part_sum = %cst0, %part_prod = %cst1) -> (i64, i64) {
      %ld = affine.load %in[%i, %j] : memref<256x512xi64>
      %add = arith.addi %part_sum, %ld : i64
      %mul = arith.muli %part_prod, %ld : i64
      affine.yield %add, %mul : i64, i64
    }
    affine.store %sum, %out_sum[%i] : memref<256xi64>
    affine.store %prod, %out_prod[%i] : memref<256xi64>
  }
  return
}

// -----

// The outer loop is vectorized (the inner one varies along the wrong dimension); the
// inner loop keeps its step and carries a vector.
// CHECK-LABEL: func.func @vecdim_reduction_nested
// CHECK:         %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<128xf32>
// CHECK-NEXT:    %[[OUTER:.*]] = affine.for %{{.*}} = 0 to 512 step 128 iter_args(%[[OACC:.*]] = %[[Z]]) -> (vector<128xf32>) {
// CHECK-NEXT:      %[[Z2:.*]] = arith.constant dense<0.000000e+00> : vector<128xf32>
// CHECK-NEXT:      %[[INNER:.*]] = affine.for %{{.*}} = 0 to 256 iter_args(%[[IACC:.*]] = %[[Z2]]) -> (vector<128xf32>) {
// CHECK-NEXT:        ub.poison
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xf32>, vector<128xf32>
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[IACC]], %[[LD]] : vector<128xf32>
// CHECK-NEXT:        affine.yield %[[ADD]] : vector<128xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[OADD:.*]] = arith.addf %[[OACC]], %[[INNER]] : vector<128xf32>
// CHECK-NEXT:      affine.yield %[[OADD]] : vector<128xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[FIN:.*]] = vector.reduction <add>, %[[OUTER]] : vector<128xf32> into f32
// CHECK-NEXT:    affine.store %[[FIN]], %{{.*}} : memref<1xf32>
func.func @vecdim_reduction_nested(%in: memref<256x512xf32>, %out: memref<1xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %outer_red = affine.for %j = 0 to 512 iter_args(%outer_iter = %cst) -> (f32) {
    %inner_red = affine.for %i = 0 to 256 iter_args(%inner_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %add = arith.addf %inner_iter, %ld : f32
      affine.yield %add : f32
    }
    %outer_add = arith.addf %outer_iter, %inner_red : f32
    affine.yield %outer_add : f32
  }
  affine.store %outer_red, %out[0] : memref<1xf32>
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_partial_sums_1_rejected
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: iter_args #0 is not a recognized reduction
func.func @vecdim_partial_sums_1_rejected(%in: memref<256x512xf32>, %out_sum: memref<256xf32>, %out_prod: memref<256xf32>, %out_partsum: memref<256x512xf32>) {
  %cst = arith.constant 1.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %sum, %prod = affine.for %j = 0 to 512 iter_args(%part_sum = %cst, %part_prod = %cst) -> (f32, f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %add = arith.addf %part_sum, %ld : f32
      %mul = arith.mulf %part_prod, %ld : f32
      affine.store %add, %out_partsum[%i, %j] : memref<256x512xf32>
      affine.yield %add, %mul : f32, f32
    }
    affine.store %sum, %out_sum[%i] : memref<256xf32>
    affine.store %prod, %out_prod[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_partial_sums_2_rejected
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: iter_args #0 is not a recognized reduction
func.func @vecdim_partial_sums_2_rejected(%in: memref<256x512xf32>, %out_sum: memref<256xf32>, %out_prod: memref<256xf32>, %out_partsum: memref<256x512xf32>) {
  %cst = arith.constant 1.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %sum, %prod = affine.for %j = 0 to 512 iter_args(%part_sum = %cst, %part_prod = %cst) -> (f32, f32) {
      affine.store %part_sum, %out_partsum[%i, %j] : memref<256x512xf32>
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %add = arith.addf %part_sum, %ld : f32
      %mul = arith.mulf %part_prod, %ld : f32
      affine.yield %add, %mul : f32, f32
    }
    affine.store %sum, %out_sum[%i] : memref<256xf32>
    affine.store %prod, %out_prod[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_unknown_reduction_rejected
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: iter_args #0 is not a recognized reduction
func.func @vecdim_unknown_reduction_rejected(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 1.000000e+00 : f32
  %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
    %add = arith.addf %red_iter, %red_iter : f32
    affine.yield %add : f32
  }
  affine.store %final_red, %out[0] : memref<256xf32>
  return
}

// -----

// CHECK-LABEL: func.func @vecdim_none_reduction_rejected
// CHECK-NOT:   vector
// REMARK:      remark: loop not vectorized: iter_args #0 is not a recognized reduction
func.func @vecdim_none_reduction_rejected(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 1.000000e+00 : f32
  %final_red = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
    affine.yield %red_iter : f32
  }
  affine.store %final_red, %out[0] : memref<256xf32>
  return
}

// -----

// 500 iterations: the lanes past the end are replaced by the loop's initial (neutral)
// vector, as upstream.
// CHECK-DAG:   #[[$LEFT:map[0-9]*]] = affine_map<(d0) -> (-d0 + 500)>
// CHECK-LABEL: func.func @vecdim_reduction_masked
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK-NEXT:      %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<128xf32>
// CHECK-NEXT:      %[[V:.*]] = affine.for %[[IV:.*]] = 0 to 500 step 128 iter_args(%[[ACC:.*]] = %[[Z]]) -> (vector<128xf32>) {
// CHECK-NEXT:        %[[LEFT:.*]] = affine.apply #[[$LEFT]](%[[IV]])
// CHECK-NEXT:        %[[MASK:.*]] = vector.create_mask %[[LEFT]] : vector<128xi1>
// CHECK-NEXT:        ub.poison : f32
// CHECK-NEXT:        %[[LD:.*]] = vector.transfer_read %{{.*}} : memref<256x512xf32>, vector<128xf32>
// CHECK-NEXT:        %[[SEL:.*]] = arith.select %[[MASK]], %[[LD]], %[[Z]] : vector<128xi1>, vector<128xf32>
// CHECK-NEXT:        %[[ADD:.*]] = arith.addf %[[ACC]], %[[SEL]] : vector<128xf32>
// CHECK-NEXT:        affine.yield %[[ADD]] : vector<128xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      vector.reduction <add>, %[[V]] : vector<128xf32> into f32
func.func @vecdim_reduction_masked(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to 500 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %add = arith.addf %red_iter, %ld : f32
      affine.yield %add : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// CHECK-DAG:   #[[$LEFT:map[0-9]*]] = affine_map<(d0)[s0] -> (-d0 + s0)>
// CHECK-LABEL: func.func @vecdim_reduction_masked_unknown_ub
// CHECK:         affine.for %[[IV:.*]] = 0 to %[[BND:.*]] step 128 iter_args
// CHECK-NEXT:      %[[LEFT:.*]] = affine.apply #[[$LEFT]](%[[IV]])[%[[BND]]]
// CHECK-NEXT:      %[[MASK:.*]] = vector.create_mask %[[LEFT]] : vector<128xi1>
// CHECK:           arith.select %[[MASK]]
func.func @vecdim_reduction_masked_unknown_ub(%in: memref<256x512xf32>, %out: memref<256xf32>, %bnd: index) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 0 to %bnd iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %add = arith.addf %red_iter, %ld : f32
      affine.yield %add : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// 384 iterations from 127: a multiple of 128, no mask.
// CHECK-LABEL: func.func @vecdim_reduction_nonzero_lb
// CHECK:         affine.for %{{.*}} = 127 to 511 step 128
// CHECK-NOT:     create_mask
// CHECK:         return
func.func @vecdim_reduction_nonzero_lb(%in: memref<256x512xf32>, %out: memref<256xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    %final_red = affine.for %j = 127 to 511 iter_args(%red_iter = %cst) -> (f32) {
      %ld = affine.load %in[%i, %j] : memref<256x512xf32>
      %add = arith.addf %red_iter, %ld : f32
      affine.yield %add : f32
    }
    affine.store %final_red, %out[%i] : memref<256xf32>
  }
  return
}

// -----

// A min-bounded loop: the lanes left are the least of the bounds (an affine.min) minus
// the IV, as upstream's createMask computes them.
// CHECK-DAG:   #[[$UB:map[0-9]*]] = affine_map<()[s0] -> (300, s0)>
// CHECK-DAG:   #[[$SUB:map[0-9]*]] = affine_map<(d0)[s0] -> (-d0 + s0)>
// CHECK-LABEL: func.func @vecdim_reduction_min_bound
// CHECK:         affine.for %[[IV:.*]] = 0 to min #[[$UB]]()[%[[B:.*]]] step 128 iter_args
// CHECK-NEXT:      %[[MIN:.*]] = affine.min #[[$UB]]()[%[[B]]]
// CHECK-NEXT:      %[[LEFT:.*]] = affine.apply #[[$SUB]](%[[IV]])[%[[MIN]]]
// CHECK-NEXT:      vector.create_mask %[[LEFT]] : vector<128xi1>
func.func @vecdim_reduction_min_bound(%in: memref<512xf32>, %bnd: index) -> f32 {
  %cst = arith.constant 0.000000e+00 : f32
  %r = affine.for %j = 0 to min affine_map<()[s0] -> (300, s0)>()[%bnd] iter_args(%red_iter = %cst) -> (f32) {
    %ld = affine.load %in[%j] : memref<512xf32>
    %add = arith.addf %red_iter, %ld : f32
    affine.yield %add : f32
  }
  return %r : f32
}

// -----

// Without vectorize-reductions, loops carrying values are left alone.
// NORED-LABEL: func.func @not_requested
// NORED-NOT:   vector
// NORED:       return
func.func @not_requested(%in: memref<512xf32>) -> f32 {
  %cst = arith.constant 0.000000e+00 : f32
  %r = affine.for %j = 0 to 512 iter_args(%red_iter = %cst) -> (f32) {
    %ld = affine.load %in[%j] : memref<512xf32>
    %add = arith.addf %red_iter, %ld : f32
    affine.yield %add : f32
  }
  return %r : f32
}
