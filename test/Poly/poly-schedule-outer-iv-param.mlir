// RUN: lattice opt %s --poly-schedule | FileCheck %s

// The loop holds an op outside any SCoP, so the SCoP is the `affine.if` and its store
// alone, with the loop's induction variable as a parameter. The regenerated condition
// must take that variable as a dimension: it is not a valid affine symbol there (the
// pass used to emit `affine.if #set()[%iv]`, which fails verification).

// CHECK: #[[SET:.+]] = affine_set<(d0) : (d0 - 3 >= 0)>
// CHECK-LABEL: func.func @outer_iv
// CHECK: affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT: affine.if #[[SET]](%[[I]]) {
// CHECK-NEXT: affine.store %{{.+}}, %{{.+}}[%[[I]]]
func.func @outer_iv(%m: memref<?xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i) {
      affine.store %v, %m[%i] : memref<?xf32>
    }
    affine.if affine_set<(d0) : (0 == 0)>(%i) {
      %a = memref.alloc() : memref<f32>
    }
  }
  return
}
