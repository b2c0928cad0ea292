// RUN: lattice opt %s --gpu-map-parallel-loops | FileCheck %s
// RUN: lattice opt %s --gpu-map-parallel-loops="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// affine.parallel: the innermost dimension maps to x, each dimension is guarded.
// CHECK-LABEL: func.func @affine_parallel
// CHECK: gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c4, %{{.*}} = %c7, %{{.*}} = %c1) threads(%{{.*}}) in (%{{.*}} = %c16, %{{.*}} = %c16_{{[0-9]+}}, %{{.*}} = %c1)
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi slt
// CHECK: scf.if
// CHECK: affine.store
// CHECK: gpu.terminator
// CHECK-NOT: affine.parallel
func.func @affine_parallel(%A: memref<100x64xf32>) {
  %one = arith.constant 1.0 : f32
  affine.parallel (%i, %j) = (0, 0) to (100, 64) {
    affine.store %one, %A[%i, %j] : memref<100x64xf32>
  }
  return
}

// Nested affine.parallel ops map as one launch; a value step of scf.parallel
// scales the invocation index.
// CHECK-LABEL: func.func @nested_and_scf
// CHECK: gpu.launch
// CHECK-NOT: affine.parallel
// CHECK: gpu.terminator
// CHECK: %[[T:.*]] = arith.ceildivsi %{{.*}}, %arg1 : index
// CHECK: gpu.launch
// CHECK: arith.muli %{{.*}}, %arg1 : index
// CHECK: memref.store
// CHECK-NOT: scf.parallel
func.func @nested_and_scf(%A: memref<32x32xf32>, %s: index) {
  %one = arith.constant 1.0 : f32
  affine.parallel (%i) = (0) to (32) {
    affine.parallel (%j) = (0) to (32) {
      affine.store %one, %A[%i, %j] : memref<32x32xf32>
    }
  }
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  scf.parallel (%i) = (%c0) to (%c32) step (%s) {
    memref.store %one, %A[%i, %i] : memref<32x32xf32>
    scf.reduce
  }
  return
}

// REMARK: remark: loop not mapped to the GPU: it has reductions, which are not mapped ('affine.parallel' with results)
// REMARK: remark: loop not mapped to the GPU: it has 4 dimensions, more than the 3 that can be mapped
// CHECK-LABEL: func.func @refused
// CHECK: affine.parallel
// CHECK: affine.parallel
func.func @refused(%A: memref<8x8x8x8xf32>) -> f32 {
  %s = affine.parallel (%i) = (0) to (8) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i, %i, %i, %i] : memref<8x8x8x8xf32>
    affine.yield %a : f32
  }
  affine.parallel (%i, %j, %k, %l) = (0, 0, 0, 0) to (8, 8, 8, 8) {
    affine.store %s, %A[%i, %j, %k, %l] : memref<8x8x8x8xf32>
  }
  return %s : f32
}
