// RUN: not lattice opt %s --poly-transform="permute=1,0 emit-remarks=true" 2>&1 >/dev/null | FileCheck %s
// RUN: not lattice opt %s --mlir-disable-threading --poly-transform="permute=1,0 emit-remarks=true" 2>&1 >/dev/null | FileCheck %s

// A pass that fails on several functions reports every failure, in the order of the
// functions, whether the functions ran in parallel or one after another.

// CHECK: all-errors.mlir:[[# @LINE + 2]]:3: remark: not kept parallel: the parallel loop %i
func.func @a(%A: memref<65x64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%i, %j] : memref<65x64xf32>
      affine.store %v, %A[%i + 1, %j] : memref<65x64xf32>
    }
  }
  return
}

// CHECK: all-errors.mlir:[[# @LINE + 2]]:3: remark: not kept parallel: the parallel loop %k
func.func @b(%B: memref<64x65xf32>) {
  affine.parallel (%k) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %v = affine.load %B[%j, %k] : memref<64x65xf32>
      affine.store %v, %B[%j, %k + 1] : memref<64x65xf32>
    }
  }
  return
}
