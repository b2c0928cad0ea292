// RUNNER: skip mlir-opt's --lower-affine folds the constant applies with exact arithmetic (-2^61), while its own lowering of ceildiv, run, wraps at i64::MIN (+2^61), as Lattice computes
// RUN: lattice opt %s --lower-affine -o %t.base.mlir
// RUN: lattice run %t.base.mlir -e main | FileCheck %s
// RUN: lattice opt %s --canonicalize -o %t.canon.mlir
// RUN: lattice run %t.canon.mlir -e main | FileCheck %s
// RUN: lattice opt %s --affine-simplify-structures -o %t.simp.mlir
// RUN: lattice run %t.simp.mlir -e main | FileCheck %s
// RUN: lattice opt %s --affine-simplify-structures --canonicalize -o %t.both.mlir
// RUN: lattice run %t.both.mlir -e main | FileCheck %s

// Folding affine.apply on constants whose intermediate values wrap i64 must compute what
// the program computes unfolded (--lower-affine, then run): 2 * 2^62 wraps to i64::MIN,
// whose floordiv 2 is -2^62, and whose ceildiv 4 the lowering computes as
// -((-MIN) / 4) = 2^61 (the negation wraps), so that one is left unfolded.

// CHECK: 2305843009213693952
// CHECK-NEXT: -4611686018427387904
// CHECK-NEXT: -4611686018427387904
func.func private @printI64(i64)
func.func private @printNewline()
func.func @p(%v: index) {
  %i = arith.index_cast %v : index to i64
  call @printI64(%i) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
func.func @main() {
  %c = arith.constant 2 : index
  %a = affine.apply affine_map<(d0) -> (d0 * 4611686018427387904)>(%c)
  %b = affine.apply affine_map<(d0) -> (d0 ceildiv 4)>(%a)
  call @p(%b) : (index) -> ()
  %d = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%a)
  call @p(%d) : (index) -> ()
  %c3 = arith.constant 3 : index
  %e = affine.apply affine_map<(d0) -> (d0 * 4611686018427387904)>(%c3)
  call @p(%e) : (index) -> ()
  return
}
