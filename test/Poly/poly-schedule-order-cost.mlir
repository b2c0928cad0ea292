// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=true remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=true" | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false" | FileCheck %s --check-prefix=OFF

// The cost model (polyhedral/src/order_cost.rs) compares each SCoP's new code with its
// program order and keeps program order unless the schedule is predicted to win by 10%.

// A matrix product with the reduction innermost: in program order the k loop carries
// C[i][j] (one dependent add per iteration, nothing vectorized) and walks B by columns;
// the schedule's tiles keep C in registers over short unrolled k strips and vectorize j.
// REMARK: [[@LINE+7]]:3: remark: schedule chosen over program order (cost model, 10% margin): program order {{.*}} cycles (compute {{.*}}, memory {{.*}}), the schedule {{.*}} cycles (compute {{.*}}, memory {{.*}})
// REMARK-NOT: kept program order
// CHECK-LABEL: func.func @gemm
// CHECK:       affine.parallel
// OFF-LABEL:   func.func @gemm
// OFF:         affine.parallel
func.func @gemm(%A: memref<256x256xf64> {llvm.noalias}, %B: memref<256x256xf64> {llvm.noalias}, %C: memref<256x256xf64> {llvm.noalias}) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<256x256xf64>
        %b = affine.load %B[%k, %j] : memref<256x256xf64>
        %c = affine.load %C[%i, %j] : memref<256x256xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<256x256xf64>
      }
    }
  }
  return
}

// -----

// PolyBench's bicg (its initializations in their own loops): the schedule only cuts the
// initialization of s into strips of 20 and keeps the (i, j) band, which carries both
// sums, as it is: nothing is predicted to win, so program order is kept (bicg ran
// 1.11-1.24x slower scheduled at LARGE), and the remark gives both costs. No remark of
// the tile model follows: they would describe code that is not emitted.
// REMARK: [[@LINE+14]]:3: remark: not transformed: kept program order: the cost model predicts no gain of 10% from the schedule (program order {{.*}} cycles (compute {{.*}}, memory {{.*}}), the schedule {{.*}} cycles (compute {{.*}}, memory {{.*}}){{.*}})
// REMARK-NOT: remark
// CHECK-LABEL: func.func @bicg
// CHECK:         affine.for %[[I:.*]] = 0 to 380 {
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<380xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %[[I2:.*]] = 0 to 400 {
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I2]]] : memref<400xf64>
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 380 {
// CHECK-NOT:     affine.if
// OFF-LABEL:   func.func @bicg
// OFF:           affine.for %{{.*}} = 0 to 19 {
func.func @bicg(%A: memref<400x380xf64> {llvm.noalias}, %s: memref<380xf64> {llvm.noalias}, %q: memref<400xf64> {llvm.noalias}, %p: memref<380xf64> {llvm.noalias}, %r: memref<400xf64> {llvm.noalias}) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to 380 {
    affine.store %z, %s[%i] : memref<380xf64>
  }
  affine.for %i = 0 to 400 {
    affine.store %z, %q[%i] : memref<400xf64>
    affine.for %j = 0 to 380 {
      %s0 = affine.load %s[%j] : memref<380xf64>
      %ri = affine.load %r[%i] : memref<400xf64>
      %a = affine.load %A[%i, %j] : memref<400x380xf64>
      %m = arith.mulf %ri, %a : f64
      %s1 = arith.addf %s0, %m : f64
      affine.store %s1, %s[%j] : memref<380xf64>
      %q0 = affine.load %q[%i] : memref<400xf64>
      %pj = affine.load %p[%j] : memref<380xf64>
      %m2 = arith.mulf %a, %pj : f64
      %q1 = arith.addf %q0, %m2 : f64
      affine.store %q1, %q[%i] : memref<400xf64>
    }
  }
  return
}
