// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false tile-sizes=16 remarks=true min-parallel-work=0" 2>&1 | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false tile-sizes=16 parallel=false" | FileCheck %s --check-prefix=SEQ

// Scalars through memory: iter_args and values crossing statements are demoted to 0-d
// cells for scheduling (live-range reordering: a reduction's init, updates and final
// read stay within one iteration of the outer band, so the outer loops are parallel and
// tiled) and promoted back to iter_args afterwards.

// CHECK: remark: not transformed: a loop carries a value that is not an integer, a float or a vector of them

// The k reduction stays an iter_args loop inside the tiled, parallel (i, j) band.
// CHECK-LABEL: func.func @matmul_iter_args
// CHECK:       affine.parallel (%[[TI:.*]]) = (0) to (4) {
// CHECK-NEXT:    affine.for %[[TJ:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[I:.*]] = #{{.*}}(%[[TI]]) to #{{.*}}(%[[TI]]) {
// CHECK-NEXT:        affine.for %[[J:.*]] = #{{.*}}(%[[TJ]]) to #{{.*}}(%[[TJ]]) {
// CHECK-NEXT:          %[[C:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:          %[[S:.*]] = affine.for %[[K:.*]] = 0 to 64 iter_args(%[[ACC:.*]] = %[[C]]) -> (f32) {
// CHECK:                 %[[N:.*]] = arith.addf %[[ACC]], %{{.*}} : f32
// CHECK-NEXT:            affine.yield %[[N]] : f32
// CHECK-NEXT:          }
// CHECK-NEXT:          affine.store %[[S]], %{{.*}}[%[[I]], %[[J]]]
// CHECK-NOT:   memref.alloca
// SEQ-LABEL:   func.func @matmul_iter_args
// SEQ-NOT:     affine.parallel
// SEQ:         affine.for %{{.*}} = 0 to 64 iter_args(
func.func @matmul_iter_args(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %c = affine.load %C[%i, %j] : memref<64x64xf32>
      %s = affine.for %k = 0 to 64 iter_args(%acc = %c) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %acc, %p : f32
        affine.yield %n : f32
      }
      affine.store %s, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// -----

// The pivot (defined in the k loop, used in the i loop) crosses statements: both
// inner nests are rescheduled (parallel, the update tiled) and the pivot is an SSA
// value again.
// CHECK-LABEL: func.func @lu
// CHECK:       affine.for %[[K:.*]] = 0 to 64 {
// CHECK-NEXT:    %[[PIV:.*]] = affine.load %{{.*}}[%[[K]], %[[K]]]
// CHECK-NEXT:    affine.parallel (%[[I:.*]]) = (%[[K]] + 1) to (64) {
// CHECK-NEXT:      %[[A:.*]] = affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK-NEXT:      arith.divf %[[A]], %[[PIV]] : f64
// CHECK:         affine.parallel (%{{.*}}) = ((%[[K]] + 1) floordiv 16) to (4) {
// CHECK-NOT:   memref.alloca
func.func @lu(%A: memref<64x64xf64>) {
  affine.for %k = 0 to 64 {
    %piv = affine.load %A[%k, %k] : memref<64x64xf64>
    affine.for %i = affine_map<(d0) -> (d0 + 1)>(%k) to 64 {
      %a = affine.load %A[%i, %k] : memref<64x64xf64>
      %l = arith.divf %a, %piv : f64
      affine.store %l, %A[%i, %k] : memref<64x64xf64>
    }
    affine.for %i = affine_map<(d0) -> (d0 + 1)>(%k) to 64 {
      affine.for %j = affine_map<(d0) -> (d0 + 1)>(%k) to 64 {
        %aij = affine.load %A[%i, %j] : memref<64x64xf64>
        %aik = affine.load %A[%i, %k] : memref<64x64xf64>
        %akj = affine.load %A[%k, %j] : memref<64x64xf64>
        %p = arith.mulf %aik, %akj : f64
        %s = arith.subf %aij, %p : f64
        affine.store %s, %A[%i, %j] : memref<64x64xf64>
      }
    }
  }
  return
}

// -----

// Both loops carry a value (the row sum and the total): nothing to reorder; the
// program comes back with its iter_args.
// CHECK-LABEL: func.func @row_sums_total
// CHECK:       %[[T:.*]] = affine.for %{{.*}} = 0 to 32 iter_args(%[[TOT:.*]] = %[[Z:.*]]) -> (f64) {
// CHECK-NEXT:    %[[R:.*]] = affine.for %{{.*}} = 0 to 48 iter_args(%{{.*}} = %[[Z]]) -> (f64) {
// CHECK:         affine.store %[[R]]
// CHECK-NEXT:    %[[U:.*]] = arith.addf %[[TOT]], %[[R]] : f64
// CHECK-NEXT:    affine.yield %[[U]] : f64
// CHECK:       return %[[T]] : f64
func.func @row_sums_total(%A: memref<32x48xf64>, %R: memref<32xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %t = affine.for %i = 0 to 32 iter_args(%tot = %z) -> (f64) {
    %r = affine.for %j = 0 to 48 iter_args(%acc = %z) -> (f64) {
      %a = affine.load %A[%i, %j] : memref<32x48xf64>
      %n = arith.addf %acc, %a : f64
      affine.yield %n : f64
    }
    affine.store %r, %R[%i] : memref<32xf64>
    %u = arith.addf %tot, %r : f64
    affine.yield %u : f64
  }
  return %t : f64
}

// -----

// A vector carried value (a vectorized reduction) lives in a cell of vector type
// (memref<vector<8xf32>>) while scheduling: the outer loop is parallel, the vector
// accumulator is an iter_args value again.
// CHECK-LABEL: func.func @vector_carried
// CHECK:       affine.parallel (%[[J:.*]]) = (0) to (64) {
// CHECK-NEXT:    %[[S:.*]] = affine.for %{{.*}} = 0 to 1024 step 8 iter_args(%{{.*}} = %{{.*}}) -> (vector<8xf32>) {
// CHECK:         vector.reduction <add>, %[[S]] : vector<8xf32> into f32
// CHECK-NOT:   memref.alloca
func.func @vector_carried(%A: memref<64x1024xf32>, %out: memref<64xf32>) {
  %zv = arith.constant dense<0.0> : vector<8xf32>
  affine.for %j = 0 to 64 {
    %s = affine.for %i = 0 to 1024 step 8 iter_args(%acc = %zv) -> (vector<8xf32>) {
      %v = affine.vector_load %A[%j, %i] : memref<64x1024xf32>, vector<8xf32>
      %n = arith.addf %acc, %v : vector<8xf32>
      affine.yield %n : vector<8xf32>
    }
    %r = vector.reduction <add>, %s : vector<8xf32> into f32
    affine.store %r, %out[%j] : memref<64xf32>
  }
  return
}

// -----

// A scalable vector carried value cannot live in a cell: the loop is left alone, with a
// remark (checked at the top: remarks come out before the output).
// CHECK-LABEL: func.func @scalable_carried
// CHECK:       affine.for %{{.*}} = 0 to 64 iter_args(
func.func @scalable_carried(%A: memref<64xf32>, %z: vector<[4]xf32>) -> vector<[4]xf32> {
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (vector<[4]xf32>) {
    %a = affine.load %A[%i] : memref<64xf32>
    %v = vector.broadcast %a : f32 to vector<[4]xf32>
    %n = arith.addf %acc, %v : vector<[4]xf32>
    affine.yield %n : vector<[4]xf32>
  }
  return %r : vector<[4]xf32>
}
