// RUN: lattice opt %s --affine-loop-normalize="remarks=true" 2>&1 | FileCheck %s
// RUN: lattice opt %s --affine-loop-normalize -o %t.mlir
// RUN: lattice run %t.mlir -e main | FileCheck %s --check-prefix=OUT

// The loop runs 3 times (i = -2^63 + 1, -2^62 + 1, 1), but its span ub - lb = 3 * 2^62 - 1
// does not fit in 64 bits: the normalized upper bound (ub - lb) ceildiv step would wrap
// to -1 and the loop would not run at all. It is left alone with a remark.

// CHECK-DAG: loop-normalize-overflow.mlir:[[@LINE+10]]:3: remark: loop not normalized: its trip count would overflow: an index value would reach 13835058055282163711, beyond the 64-bit range
// CHECK-DAG: loop-normalize-overflow.mlir:[[@LINE+20]]:3: remark: loop not normalized: the trip count of dimension 1 would overflow: an index value would reach 13835058055282163711, beyond the 64-bit range
// CHECK: affine.for %{{.*}} = -9223372036854775807 to 4611686018427387904 step 4611686018427387904 {

// OUT: -9223372036854775807
// OUT-NEXT: -4611686018427387903
// OUT-NEXT: 1
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  affine.for %i = -9223372036854775807 to 4611686018427387904 step 4611686018427387904 {
    %a = arith.index_cast %i : index to i64
    func.call @printI64(%a) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}

// The same for a dimension of an affine.parallel.
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, -9223372036854775807) to (2, 4611686018427387904) step (1, 4611686018427387904) {
func.func @par() {
  affine.parallel (%i, %j) = (0, -9223372036854775807) to (2, 4611686018427387904) step (1, 4611686018427387904) {
  }
  return
}
