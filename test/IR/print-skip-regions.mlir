// RUN: lattice opt %s --mlir-print-skip-regions --split-input-file | FileCheck %s
// RUN: lattice opt %s --mlir-print-skip-regions --mlir-print-op-generic --split-input-file | FileCheck %s --check-prefix=GENERIC
// RUN: lattice opt %s --mlir-print-skip-regions --no-implicit-module --split-input-file | FileCheck %s --check-prefix=ROOT
// ORACLE: skip `{...}` is for reading, not parsing (mlir-opt 22 passes these RUN lines too)

// `--mlir-print-skip-regions` prints every region as `{...}`, in custom and generic form.

// CHECK:      module {...}
// GENERIC:    "builtin.module"() ({...}) : () -> ()
// ROOT:       {{^}}func.func @f(%arg0: i32, %arg1: i32) -> i32 {...}
func.func @f(%a: i32, %b: i32) -> i32 {
  return %a : i32
}

// -----

// CHECK:      module {...}
// CHECK-NOT:  scf.for
// GENERIC:    "builtin.module"() ({...}) : () -> ()
// ROOT:       {{^}}func.func @g(%arg0: index) {...}
func.func @g(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}
