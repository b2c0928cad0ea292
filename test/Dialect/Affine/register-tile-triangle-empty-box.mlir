// RUN: lattice opt %s --machine=medium --affine-register-tile="rows=4 vectors=2" | FileCheck %s

// A triangle whose last block of rows is partial (rows 8 and 9 of 10, blocks of 4): its
// box [ob + 3, 10) is empty, its lower bound past its upper one. The box's columns are
// not split into full vectors and a narrower rest (the rest loop would start at
// ob + 3 + floor((7 - ob) / 16) * 16, below the box: columns -5 to 9, run twice or out of
// bounds); one width of 16 lanes, masked at the end, and the remainders take the rows.
// CHECK-LABEL: func.func @upper_partial_block
// CHECK:      affine.for %[[OB:.*]] = 0 to 10 step 4 {
// CHECK-NEXT:   affine.for %{{.*}} = #{{.*}}(%[[OB]]) to min #{{.*}}(%[[OB]]) step 4 {
// CHECK-NEXT:     affine.for %{{.*}} = #{{.*}}(%[[OB]]) to #{{.*}}(%[[OB]]) step 16 {
// CHECK:            vector.create_mask %{{.*}} : vector<16xi1>
// CHECK-NOT:      step 8
// CHECK:      affine.for %{{.*}} = #{{.*}}(%{{.*}}, %[[OB]]) to min #{{.*}}(%{{.*}}, %[[OB]]) {
func.func @upper_partial_block(%D: memref<7x10xf64>, %C: memref<10x10xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 10 {
      affine.for %k = 0 to 7 {
        %a = affine.load %D[%k, %i] : memref<7x10xf64>
        %b = affine.load %D[%k, %j] : memref<7x10xf64>
        %c = affine.load %C[%i, %j] : memref<10x10xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<10x10xf64>
      }
    }
  }
  return
}
