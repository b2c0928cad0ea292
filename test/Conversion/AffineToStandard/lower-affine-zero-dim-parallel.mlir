// RUN: not lattice opt %s --lower-affine --split-input-file 2>/dev/null | FileCheck %s
// RUN: not lattice opt %s --lower-affine --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR

// mlir-opt 22 lowers an affine.parallel of no dimensions to an scf.parallel of no
// dimensions, which fails its verifier.

// An affine.parallel of no dimensions runs its body once: lower-affine puts the body in
// its place, with no scf.parallel.
// CHECK-LABEL: func.func @zero_dims
// CHECK-NOT:     scf.parallel
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    memref.store %[[ONE]], %{{.*}}[%{{.*}}] : memref<4xf32>
// CHECK-NEXT:    return
func.func @zero_dims(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  affine.parallel () = () to () {
    %one = arith.constant 1.0 : f32
    affine.store %one, %m[%c0] : memref<4xf32>
  }
  return
}

// -----

// With reductions its results combine the body's values with the identities: refused.
// ERR: error: an 'affine.parallel' of no dimensions with reductions cannot be lowered
func.func @zero_dims_reduction() -> f32 {
  %r = affine.parallel () = () to () reduce ("addf") -> f32 {
    %one = arith.constant 1.0 : f32
    affine.yield %one : f32
  }
  return %r : f32
}
