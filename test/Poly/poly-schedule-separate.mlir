// RUN: lattice opt %s --poly-schedule | FileCheck %s
// RUN: lattice opt %s --poly-schedule="parallel=false" | FileCheck %s --check-prefix=SEQ

// isl fuses the diagonal update into the row loop at j = i (it reads the value the row
// loop stores there). Generated as one loop, every iteration would test `j == i` in an
// affine.if (trisolv's initialization ran 3x slower than program order that way); the
// j member is generated `separate`, so the loop is split around the diagonal.

// CHECK-LABEL: func.func @diag_init
// CHECK:       affine.parallel (%[[I:.*]]) = (0) to (64) {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to #map(%[[I]]) {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %{{.*}}] : memref<64x64xf64>
// CHECK-NEXT:    }
// CHECK-NOT:     affine.if
// CHECK:         affine.store %{{.*}}, %{{.*}}[%[[I]], %[[I]]] : memref<64x64xf64>
// CHECK:         affine.load %{{.*}}[%[[I]], %[[I]]] : memref<64x64xf64>
// CHECK:         affine.store %{{.*}}, %{{.*}}[%[[I]], %[[I]]] : memref<64x64xf64>
// CHECK-NEXT:    affine.for %{{.*}} = #map1(%[[I]]) to 64 {
// CHECK-NOT:     affine.if
// CHECK:       return

// SEQ-LABEL: func.func @diag_init
// SEQ-NOT:   affine.if
// SEQ:       return
func.func @diag_init(%L: memref<64x64xf64> {llvm.noalias}) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %ij = arith.muli %i, %j : index
      %v = arith.index_cast %ij : index to i64
      %f = arith.sitofp %v : i64 to f64
      affine.store %f, %L[%i, %j] : memref<64x64xf64>
    }
    %d = affine.load %L[%i, %i] : memref<64x64xf64>
    %d1 = arith.addf %d, %one : f64
    affine.store %d1, %L[%i, %i] : memref<64x64xf64>
  }
  return
}
