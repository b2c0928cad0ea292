// Remarks and warnings come out in source order (file, line, column), whichever pass or
// function emitted them first; remarks at the same place keep the order they were
// emitted in. Here the first pipeline emits on @b, then @a; the second does the same.
// RUN: lattice opt %s --mlir-disable-threading --remarks \
// RUN:   --pass-pipeline="builtin.module(func.func(poly-transform{reverse=0}),func.func(poly-transform{skew=0,1,1}))" \
// RUN:   2>&1 >/dev/null | FileCheck %s
// The same with functions run in parallel.
// RUN: lattice opt %s --remarks \
// RUN:   --pass-pipeline="builtin.module(func.func(poly-transform{reverse=0}),func.func(poly-transform{skew=0,1,1}))" \
// RUN:   2>&1 >/dev/null | FileCheck %s

// CHECK: remarks-source-order.mlir:[[# @LINE + 5]]:1: warning: poly-transform: no band of this function has loop 1
// CHECK: remarks-source-order.mlir:[[# @LINE + 5]]:3: remark: not reversed:
// CHECK: remarks-source-order.mlir:[[# @LINE + 4]]:3: remark: not skewed:
// CHECK: remarks-source-order.mlir:[[# @LINE + 11]]:1: warning: poly-transform: no band of this function has loop 1
// CHECK-NOT: remark:
func.func @b(%A: memref<64xf32>) {
  affine.for %i = 1 to 64 {
    %a = affine.load %A[%i - 1] : memref<64xf32>
    affine.store %a, %A[%i] : memref<64xf32>
  }
  return
}
// CHECK: remarks-source-order.mlir:[[# @LINE + 3]]:3: remark: not reversed:
// CHECK: remarks-source-order.mlir:[[# @LINE + 2]]:3: remark: not skewed:
func.func @a(%A: memref<64xf32>) {
  affine.for %i = 1 to 64 {
    %a = affine.load %A[%i - 1] : memref<64xf32>
    affine.store %a, %A[%i] : memref<64xf32>
  }
  return
}
