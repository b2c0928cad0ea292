// RUN: lattice opt %s --poly-transform="skew=1,0,1" | FileCheck %s
// RUN: lattice opt %s --poly-transform="skew=1,0,1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=SCHED
// RUN: lattice opt %s --poly-schedule="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=SCHED

// A statement holding an op with regions (an `scf.if` choosing a value, as PolyBench's
// initializations do) is modelled by the ops nested in it: without a memory access
// among them it is exact and is transformed, the op cloned whole with the IVs its
// regions use replaced (before, every such statement was "not exactly modelled" and its
// nest left alone, floyd_warshall's initialization among them). A memory access inside
// the region is modelled conservatively and still stops the transformation.

// CHECK-LABEL: func.func @select
// CHECK:       affine.for %[[I:.*]] = 0 to 32 {
// CHECK-NEXT:    affine.for %[[T:.*]] = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
// CHECK:           %[[J:.*]] = affine.apply #{{.*}}(%[[I]], %[[T]])
// CHECK:           scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        arith.index_cast %[[J]] : index to i32
// CHECK:           } else {
// CHECK-NEXT:        affine.apply #{{.*}}(%[[I]], %[[J]])
// The remarks of @select come first: none says "not exactly modelled".
// SCHED-NOT: not exactly modelled
func.func @select(%A: memref<32x48xf32>, %B: memref<32x48xf32>) {
  %c5 = arith.constant 5 : index
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %a = affine.load %A[%i, %j] : memref<32x48xf32>
      %c = arith.cmpi ult, %i, %c5 : index
      %v = scf.if %c -> (f32) {
        %jj = arith.index_cast %j : index to i32
        %jf = arith.sitofp %jj : i32 to f32
        %s = arith.addf %a, %jf : f32
        scf.yield %s : f32
      } else {
        %k = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%i, %j)
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        scf.yield %kf : f32
      }
      affine.store %v, %B[%i, %j] : memref<32x48xf32>
    }
  }
  return
}

// SCHED: statement-regions.mlir:[[# @LINE + 2]]:3: remark: not transformed: a statement has accesses that are not exactly modelled
func.func @load_inside(%A: memref<32x48xf32>, %B: memref<32x48xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %c = arith.constant true
      scf.if %c {
        %a = affine.load %A[%i, %j] : memref<32x48xf32>
        affine.store %a, %B[%i, %j] : memref<32x48xf32>
      }
    }
  }
  return
}
