// RUNNER: skip mlir-opt 22 folds this mod to 0 (its known-divisor product wraps); the program computes 1, as Lattice prints
// RUN: lattice opt %s | FileCheck %s
// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT

// The product below is a multiple of 9 * 3^38 = 3^40, which does not fit in 64 bits: it
// is not known to be a multiple of 3^40 mod 2^64 (a multiple of 5), so `mod 5` is kept
// (it was folded to 0). With d0 = 1 and s0 = 2 the program prints 1.

// CHECK: affine_map<(d0)[s0] -> (((d0 * (s0 * 9)) * 1350851717672992089) mod 5)>

// OUT: 1
#m = affine_map<(d0)[s0] -> ((d0 * (s0 * 9)) * 1350851717672992089 mod 5)>
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = affine.apply #m(%c1)[%c2]
  %v = arith.index_cast %a : index to i64
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
