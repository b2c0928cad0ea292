// RUN: lattice opt %s --affine-loop-coalescing="remarks=true" 2>&1 | FileCheck %s
// RUN: lattice opt %s --affine-loop-coalescing -o %t.mlir
// RUN: lattice run %t.mlir -e main | FileCheck %s --check-prefix=OUT

// @product: 2^32 * 2^32 iterations do not fit in 64 bits: the band is left alone with
// a remark. @main: the scf.for over i runs 3 times, though ub - lb = 3 * 2^62 - 1 does
// not fit in 64 bits (its trip count was computed with a wrapping subtraction, 0, and
// the coalesced loop did not run); coalesced, it prints what it printed before.

// CHECK: loop-coalescing-overflow.mlir:[[@LINE+16]]:3: remark: band not coalesced: the product of the trip counts does not fit in 64 bits (the coalesced loop would overflow)
// CHECK: affine.for %arg{{[0-9]+}} = 0 to 4294967296 {
// CHECK-NEXT: affine.for %arg{{[0-9]+}} = 0 to 4294967296 {
// CHECK-NOT: remark
// CHECK-LABEL: func.func @main
// CHECK-COUNT-1: scf.for
// CHECK-NOT: scf.for

// OUT: -9223372036854775807
// OUT-NEXT: -9223372036854775806
// OUT-NEXT: -4611686018427387903
// OUT-NEXT: -4611686018427387902
// OUT-NEXT: 1
// OUT-NEXT: 2
func.func @product() {
  %m = memref.alloca() : memref<1xindex>
  affine.for %i = 0 to 4294967296 {
    affine.for %j = 0 to 4294967296 {
      affine.store %j, %m[0] : memref<1xindex>
    }
  }
  return
}
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %lb = arith.constant -9223372036854775807 : index
  %ub = arith.constant 4611686018427387904 : index
  %st = arith.constant 4611686018427387904 : index
  %z = arith.constant 0 : index
  %two = arith.constant 2 : index
  %one = arith.constant 1 : index
  scf.for %i = %lb to %ub step %st {
    scf.for %j = %z to %two step %one {
      %a = arith.index_cast %i : index to i64
      %b = arith.index_cast %j : index to i64
      %s = arith.addi %a, %b : i64
      func.call @printI64(%s) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  return
}
