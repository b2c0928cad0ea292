// RUN: lattice opt %s -mlir-print-unique-ssa-ids | FileCheck %s
// RUN: lattice opt %s | FileCheck %s --check-prefix=SCOPED

// `--mlir-print-unique-ssa-ids` numbers values and arguments on across sibling regions
// (as the generic form does) instead of restarting in each; regions are numbered last
// first, as mlir-opt 22 does.

// CHECK-LABEL: func.func @siblings
// CHECK:       scf.for %arg2 =
// CHECK-NEXT:    %1 = arith.addi %arg2, %arg2 : index
// CHECK:       scf.for %arg1 =
// CHECK-NEXT:    %0 = arith.addi %arg1, %arg1 : index
// SCOPED-LABEL: func.func @siblings
// SCOPED:       scf.for %arg1 =
// SCOPED-NEXT:    %0 = arith.addi %arg1, %arg1 : index
// SCOPED:       scf.for %arg1 =
// SCOPED-NEXT:    %0 = arith.addi %arg1, %arg1 : index
func.func @siblings(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addi %i, %i : index
  }
  scf.for %j = %c0 to %n step %c1 {
    %b = arith.addi %j, %j : index
  }
  return
}
