// RUN: lattice opt %s --affine-data-copy-generate="generate-dma=false" | FileCheck %s
// RUN: lattice opt %s --affine-data-copy-generate="generate-dma=false remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck --check-prefix=REMARK %s

// A 0-d memref accessed at the top level of a nest (found by the pipeline fuzzer, issue
// 25): the copy nest has no loop to build, and building it panicked ("rank >= 1 checked
// by caller"). The memref is left alone, with a remark; the 2-d one is still copied.

// CHECK-LABEL: func.func @sum2d
// CHECK: memref.alloc() : memref<64x32xf32, 1>
// CHECK-NOT: memref.alloc() : memref<f32
// CHECK: affine.store %{{.*}}, %arg1[] : memref<f32>
// REMARK: remark: no data copy for memref<f32> (argument #1): 0-d memrefs are not copied
func.func @sum2d(%A: memref<64x32xf32>, %out: memref<f32>) {
  %r = affine.parallel (%i, %j) = (0, 0) to (64, 9) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i, %j] : memref<64x32xf32>
    %b = arith.mulf %a, %a : f32
    affine.yield %b : f32
  }
  affine.store %r, %out[] : memref<f32>
  return
}
