// RUN: lattice opt %s --gpu-map-parallel-loops | FileCheck %s
// RUN: lattice opt %s --gpu-map-parallel-loops="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// A parallel loop of no dimensions runs its body once: nothing to map, so it stays.
// CHECK-LABEL: func.func @no_dims
// CHECK-NOT:     gpu.launch
// CHECK:         affine.parallel () = () to () {
// CHECK:           affine.store
// REMARK: map-parallel-no-dims.mlir:{{[0-9]+}}:3: remark: loop not mapped to the GPU: it has no dimensions
func.func @no_dims(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  affine.parallel () = () to () {
    %one = arith.constant 1.0 : f32
    affine.store %one, %m[%c0] : memref<4xf32>
  }
  return
}
