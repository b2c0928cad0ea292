// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true" | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true remarks=true" \
// RUN:   2>&1 >/dev/null | count 0

// poly-transform{parallel}: the mark must reach the loop of the member it marks (the
// shape of poly_random program 398, here from poly-transform). In both functions i
// carries C's dependence (row i + 1 from row i), j carries nothing and is marked, and k
// carries A's (A[j, k] -> A[j, k + 1]). The k nest runs on the diagonal j == i only. By
// default isl splits the (i, j) domain into disjoint pieces, one of them the diagonal:
// j has a single value there, that piece has no j loop, and its first loop is k (the
// mark once landed on it: a race, which the safety net made sequential with a remark;
// only loops generated from the marked member are made parallel now).

// The marked member is generated as one loop over its whole range (atomic): one
// parallel j loop, the diagonal a guard inside it, no remark.
// CHECK-LABEL: func.func @diagonal
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.parallel (%[[J:.*]]) = (0) to (8) {
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[I]] + 1, %[[J]]]
// CHECK:             affine.if #{{.*}}(%[[I]], %[[J]]) {
// CHECK-NEXT:          affine.for %{{.*}} = 0 to 8 {
// CHECK-NOT:     affine.parallel
// CHECK:         return
func.func @diagonal(%A: memref<8x9xf64>, %C: memref<9x8xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.if affine_set<(d0, d1) : (d0 + d1 - 4 >= 0)>(%i, %j) {
        %c = affine.load %C[%i, %j] : memref<9x8xf64>
        %h = arith.mulf %c, %half : f64
        affine.store %h, %C[%i + 1, %j] : memref<9x8xf64>
      }
      affine.if affine_set<(d0, d1) : (d0 - d1 == 0)>(%i, %j) {
        affine.for %k = 0 to 8 {
          %v = affine.load %A[%j, %k] : memref<8x9xf64>
          affine.store %v, %A[%j, %k + 1] : memref<8x9xf64>
        }
      }
    }
  }
  return
}

// -----

// The first statement where i + j >= 7: j's whole range starts at min(i, 7 - i), a
// bound no affine.for has. The schedule is generated as isl splits it (not refused with
// "non-affine expression"): j is parallel in the pieces where it is a loop; the
// diagonal piece has no j loop, and its k loop, a deeper member's, stays sequential
// without a remark (the mark once landed on it and the safety net dropped it).
// CHECK-LABEL: func.func @diagonal_late
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (-%[[I]] + 7) to (%[[I]]) {
// CHECK:           affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %{{.*}}]
// CHECK:           affine.parallel (%{{.*}}) = (max(%[[I]] + 1, -%[[I]] + 7)) to (8) {
// CHECK:         return
func.func @diagonal_late(%A: memref<8x9xf64>, %C: memref<9x8xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.if affine_set<(d0, d1) : (d0 + d1 - 7 >= 0)>(%i, %j) {
        %c = affine.load %C[%i, %j] : memref<9x8xf64>
        %h = arith.mulf %c, %half : f64
        affine.store %h, %C[%i + 1, %j] : memref<9x8xf64>
      }
      affine.if affine_set<(d0, d1) : (d0 - d1 == 0)>(%i, %j) {
        affine.for %k = 0 to 8 {
          %v = affine.load %A[%j, %k] : memref<8x9xf64>
          affine.store %v, %A[%j, %k + 1] : memref<8x9xf64>
        }
      }
    }
  }
  return
}
