// RUN: lattice opt %s --lower-affine --raise-scf-to-affine | FileCheck %s

// Lowering to scf and raising again gives affine loops, conditions and accesses back:
// constant, symbolic, max/min and stepped bounds, iter_args, an integer set, and
// mod/floordiv subscripts.

// CHECK-DAG: #[[LB:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0)[s0] -> (d0 + 4, s0)>
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0, d1) : (d0 - d1 >= 0)>
// CHECK-LABEL: func.func @kernel
// CHECK: affine.for %[[I:.*]] = 0 to %[[N:.*]] step 4 {
// CHECK-NEXT: affine.for %[[J:.*]] = #[[LB]](%[[I]]) to min #[[UB]](%[[I]])[%[[N]]] {
// CHECK-NEXT: %[[S:.*]] = affine.for %[[K:.*]] = 0 to 64 iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT: %[[X:.*]] = affine.load %{{.*}}[%[[J]], %[[K]]] : memref<?x64xf32>
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[A]], %[[X]] : f32
// CHECK-NEXT: affine.yield %[[Y]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.if #[[SET]](%[[J]], %[[I]]) {
// CHECK-NEXT: affine.store %[[S]], %{{.*}}[%[[J]] mod 64, %[[J]] floordiv 64] : memref<?x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: scf.
func.func @kernel(%m: memref<?x64xf32>, %n: index) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to %n step 4 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%n] {
      %s = affine.for %k = 0 to 64 iter_args(%a = %z) -> (f32) {
        %x = affine.load %m[%j, %k] : memref<?x64xf32>
        %y = arith.addf %a, %x : f32
        affine.yield %y : f32
      }
      affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%j, %i) {
        affine.store %s, %m[%j mod 64, %j floordiv 64] : memref<?x64xf32>
      }
    }
  }
  return
}
