// RUN: lattice deps %s | FileCheck %s --check-prefix=DEPS
// RUN: lattice opt %s --poly-schedule=order-cost=false | FileCheck %s

// A statement instance that stores an element and loads it back reads its own value:
// isl orders instances, not the accesses within one, so extraction takes what the
// instance wrote before a read out of the read's flow sink (`Scop::exposed_read`).
// Here the vector store writes A[4i .. 4i+3]; the load of A[4i+2] reads that (no flow
// dependence; before, one was reported from the instance of the previous time step,
// (t, i) -> (t + 1, i)), the load of A[4i+4] reads what instance (t - 1, i + 1) wrote.
// DEPS-LABEL: function @store_then_load
// DEPS:       value-based flow:
// DEPS-NEXT:    must S0 -> S0: { S0[i0, i1] -> S0[i0' = 1 + i0, i1' = -1 + i1] : 0 <= i0 <= 2 and 0 < i1 <= 14 }
// DEPS-NEXT:  loops:
func.func @store_then_load(%A: memref<64xf64>, %B: memref<16xf64>) {
  %w = arith.constant dense<1.0> : vector<4xf64>
  affine.for %t = 0 to 4 {
    affine.for %i = 0 to 15 {
      affine.vector_store %w, %A[%i * 4] : memref<64xf64>, vector<4xf64>
      %x = affine.load %A[%i * 4 + 2] : memref<64xf64>
      %y = affine.load %A[%i * 4 + 4] : memref<64xf64>
      %s = arith.addf %x, %y : f64
      affine.store %s, %B[%i] : memref<16xf64>
    }
  }
  return
}

// The second loop overwrites A before reading it back in the same instance, so it reads
// nothing the first loop wrote: there is no flow dependence (only the output one) and
// no reuse for the scheduler to fuse for. Before, the read seemed to take the first
// loop's value, and poly-schedule fused the loops for that phantom reuse.
// DEPS-LABEL: function @overwrite
// DEPS:       value-based flow:
// DEPS-NEXT:  loops:
// CHECK-LABEL: func.func @overwrite
// CHECK:         affine.parallel
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.parallel
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.load
func.func @overwrite(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<64xf64>) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 64 {
    %b = affine.load %B[%i] : memref<64xf64>
    affine.store %b, %A[%i] : memref<64xf64>
  }
  affine.for %i = 0 to 64 {
    affine.store %one, %A[%i] : memref<64xf64>
    %x = affine.load %A[%i] : memref<64xf64>
    %y = arith.addf %x, %one : f64
    affine.store %y, %C[%i] : memref<64xf64>
  }
  return
}
