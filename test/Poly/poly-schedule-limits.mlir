// RUN: lattice opt %s --poly-schedule="order-cost=false max-operations=2000 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=QUOTA
// RUN: lattice opt %s --poly-schedule="order-cost=false max-operations=2000" | FileCheck %s --check-prefix=SAME
// RUN: lattice opt %s --poly-schedule="order-cost=false min-parallel-work=0" | FileCheck %s --check-prefix=SCHED

// isl's work on a SCoP runs under operation limits derived from `max-operations` (the
// scheduler's; a twentieth of it for the dependence analysis, here 100): past one, the
// SCoP is left as it was, with a remark that says why.
// QUOTA: remark: not transformed: its dependence analysis needs more than 100 isl operations (a twentieth of max-operations)
// SAME-LABEL:  func.func @jacobi_1d
// SAME:        affine.for %{{.*}} = 0 to 8 {
// SAME-NEXT:     affine.for %{{.*}} = 1 to 63 {
// SAME-NOT:    affine.parallel
// Under the default limit the same nest is rescheduled (time loop outside, the two
// space loops parallel).
// SCHED-LABEL: func.func @jacobi_1d
// SCHED:       affine.for %{{.*}} = 0 to 8 {
// SCHED:         affine.parallel
func.func @jacobi_1d(%A: memref<64xf64>, %B: memref<64xf64>) {
  %third = arith.constant 0.33333 : f64
  affine.for %t = 0 to 8 {
    affine.for %i = 1 to 63 {
      %a = affine.load %A[%i - 1] : memref<64xf64>
      %b = affine.load %A[%i] : memref<64xf64>
      %c = affine.load %A[%i + 1] : memref<64xf64>
      %s = arith.addf %a, %b : f64
      %s2 = arith.addf %s, %c : f64
      %m = arith.mulf %s2, %third : f64
      affine.store %m, %B[%i] : memref<64xf64>
    }
    affine.for %i = 1 to 63 {
      %a = affine.load %B[%i] : memref<64xf64>
      affine.store %a, %A[%i] : memref<64xf64>
    }
  }
  return
}
