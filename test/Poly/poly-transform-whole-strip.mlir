// RUN: lattice opt %s --poly-transform="strip-mine=0,16 parallel" | FileCheck %s
// RUN: lattice opt %s --poly-transform="strip-mine=0,32 parallel" | FileCheck %s

// poly-transform{parallel}: a strip-mined loop whose size covers the trip count takes
// one value, carries nothing and has no loop in isl's AST. It is not the loop to mark:
// the mark would land on the next loop, the point loop of i, which carries the
// dependence A[i] -> A[i + 1] (it became an affine.parallel over i, a race). j is marked.

// CHECK-LABEL: func.func @shift_rows
// CHECK:       affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT:    affine.parallel (%[[J:.*]]) = (0) to (16) {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]] + 1, %[[J]]]
func.func @shift_rows(%A: memref<17x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<17x16xf64>
      affine.store %a, %A[%i + 1, %j] : memref<17x16xf64>
    }
  }
  return
}
