// A pass's own phases show in the timing report indented under the pass, as mlir-opt
// nests timers (poly-schedule times extraction, dependences, the isl scheduler, ...).
// RUN: lattice opt %s --poly-schedule --mlir-timing -o /dev/null 2>&1 | FileCheck %s

// CHECK: Execution time report
// CHECK: {{^ +[0-9.]+ \( *[0-9.]+%\)  PolySchedule$}}
// CHECK-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)    extraction$}}
// CHECK-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)    nearest dependences$}}
// CHECK: {{^ +[0-9.]+ \( *[0-9.]+%\)    isl scheduler$}}
// CHECK: {{^ +[0-9.]+ \( *[0-9.]+%\)  Verifier$}}
func.func @f(%A: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<16x16xf64>
      affine.store %v, %A[%j, %i] : memref<16x16xf64>
    }
  }
  return
}
