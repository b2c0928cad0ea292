// RUN: lattice opt %s --poly-schedule="order-cost=false remarks=true" 2>&1 >/dev/null | FileCheck %s
// RUN: lattice opt %s --poly-schedule=order-cost=false --poly-schedule="order-cost=false remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=AGAIN

// Remarks list band members by their source loops; two fused loops of one name are told
// apart by where they are (`%i (13:3, 21:3)`; before, `%i` once, as if one loop).
// The loop poly-schedule generates for them keeps that name, so a second pass says
// the same.
// CHECK: remark-fused-names.mlir:[[# @LINE + 5]]:3: remark: not tiled (model):
// CHECK-SAME: ; %i ([[# @LINE + 4]]:3, [[# @LINE + 12]]:3): whole, %j ([[# @LINE + 5]]:5, [[# @LINE + 13]]:5): innermost, parallel
// AGAIN: remark-fused-names.mlir:[[# @LINE + 3]]:3: remark: not tiled (model):
// AGAIN-SAME: ; %i ([[# @LINE + 2]]:3, [[# @LINE + 10]]:3): whole, %j ([[# @LINE + 3]]:5, [[# @LINE + 11]]:5): innermost, parallel
func.func @f(%A: memref<256x256xf64>, %B: memref<256x256xf64>, %C: memref<256x256xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %a = affine.load %A[%i, %j] : memref<256x256xf64>
      %b = affine.load %B[%j, %i] : memref<256x256xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %C[%i, %j] : memref<256x256xf64>
    }
  }
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %a = affine.load %C[%i, %j] : memref<256x256xf64>
      %b = affine.load %B[%j, %i] : memref<256x256xf64>
      %s = arith.mulf %a, %b : f64
      affine.store %s, %A[%i, %j] : memref<256x256xf64>
    }
  }
  return
}
