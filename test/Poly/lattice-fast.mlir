// RUN: lattice opt %s --machine=medium --lattice-fast | FileCheck %s

// The lattice-fast pipeline on a gemm at odd sizes (67x50x45, f32): poly-schedule's cache
// tiles (rows in parallel tiles), then the register tile inside them: reduction loop
// innermost, 6 rows unroll-jammed (a cleanup row for the 67th), the unit-stride loop
// vectorized (50 columns: less than the full 64 lanes of 4 zmm registers, so 2 registers
// of 32 lanes, masked past column 50), 6 vector accumulators carried across the
// reduction.

// CHECK-LABEL: func.func @gemm
// CHECK:      affine.parallel
// CHECK:        affine.for %[[I:.*]] = #{{.*}} to min #{{.*}} step 6 {
// CHECK-NEXT:     affine.for %[[J:.*]] = 0 to 50 step 32 {
// CHECK:            %[[M:.*]] = vector.create_mask %{{.*}} : vector<32xi1>
// CHECK:            %[[R:.*]]:6 = affine.for %[[K:.*]] = {{.*}} iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>) {
// CHECK-COUNT-6:      arith.addf %{{.*}} : vector<32xf32>
// CHECK:              affine.yield
// CHECK-COUNT-6:    vector.transfer_write %[[R]]#{{[0-5]}}, %arg2{{.*}}, %[[M]] : vector<32xf32>, memref<67x50xf32>
// The cleanup rows: one accumulator each.
// CHECK:        affine.for %{{.*}} = #{{.*}} to min #{{.*}} {
// CHECK:            affine.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<32xf32>) {
func.func @gemm(%A: memref<67x45xf32>, %B: memref<45x50xf32>, %C: memref<67x50xf32>) {
  affine.for %i = 0 to 67 {
    affine.for %j = 0 to 50 {
      affine.for %k = 0 to 45 {
        %a = affine.load %A[%i, %k] : memref<67x45xf32>
        %b = affine.load %B[%k, %j] : memref<45x50xf32>
        %c = affine.load %C[%i, %j] : memref<67x50xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<67x50xf32>
      }
    }
  }
  return
}
