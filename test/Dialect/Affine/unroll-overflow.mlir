// RUN: lattice opt %s --affine-loop-unroll="unroll-full remarks=true" 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: lattice opt %s --affine-loop-unroll="unroll-factor=3 remarks=true" 2>&1 | FileCheck %s --check-prefix=FACTOR
// RUN: lattice opt %s --affine-loop-unroll-jam="unroll-jam-factor=2 remarks=true" 2>&1 | FileCheck %s --check-prefix=JAM

// @huge runs 2^64 - 2 times: its trip count does not fit in 64 bits, so it is neither
// unrolled (fully or by a factor) nor unroll-jammed, with a remark. @wide runs 3 times
// with a step of 2^62: unrolling by 3 (here also fully) or unroll-jamming by 2 would
// need a step beyond 2^63; it is left alone with a remark.

// FULL-DAG: unroll-overflow.mlir:[[@LINE+15]]:3: remark: not unrolled: its trip count 18446744073709551614 does not fit in 64 bits
// FULL-DAG: unroll-overflow.mlir:[[@LINE+20]]:3: remark: not unrolled: the new step 4611686018427387904 * 3 does not fit in 64 bits

// FACTOR-DAG: unroll-overflow.mlir:[[@LINE+12]]:3: remark: not unrolled: its trip count 18446744073709551614 does not fit in 64 bits
// FACTOR-DAG: unroll-overflow.mlir:[[@LINE+17]]:3: remark: not unrolled: the new step 4611686018427387904 * 3 does not fit in 64 bits
// FACTOR: affine.for %{{.*}} = -9223372036854775807 to 9223372036854775807 {
// FACTOR-NEXT: arith.addi
// FACTOR: affine.for %{{.*}} = -9223372036854775807 to 4611686018427387904 step 4611686018427387904 {
// FACTOR-NEXT: arith.addi

// JAM-DAG: unroll-overflow.mlir:[[@LINE+5]]:3: remark: not unroll-jammed: its trip count 18446744073709551614 does not fit in 64 bits
// JAM-DAG: unroll-overflow.mlir:[[@LINE+10]]:3: remark: not unroll-jammed: the new step 4611686018427387904 * 2 does not fit in 64 bits
// JAM: affine.for %{{.*}} = -9223372036854775807 to 9223372036854775807 {
// JAM: affine.for %{{.*}} = -9223372036854775807 to 4611686018427387904 step 4611686018427387904 {
func.func @huge() {
  affine.for %i = -9223372036854775807 to 9223372036854775807 {
    %a = arith.addi %i, %i : index
  }
  return
}
func.func @wide() {
  affine.for %i = -9223372036854775807 to 4611686018427387904 step 4611686018427387904 {
    %a = arith.addi %i, %i : index
  }
  return
}
