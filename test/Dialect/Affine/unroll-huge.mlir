// RUN: lattice opt %s --affine-loop-unroll="unroll-full remarks=true" 2>&1 | FileCheck %s
// RUN: lattice opt %s --affine-loop-unroll="unroll-factor=4611686018427387904 remarks=true" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FACTOR

// A loop of 2^63 - 1 iterations is not unrolled (the body would not fit in memory): it
// is left unchanged with a remark; the small loop next to it is still unrolled.

// CHECK: unroll-huge.mlir:[[@LINE+11]]:3: remark: not unrolled: unrolling by 9223372036854775807 would create 18446744073709551614 operations (the limit is 131072)
// CHECK: affine.for %arg{{[0-9]+}} = 0 to 9223372036854775807 {
// CHECK-NEXT: affine.store %{{.*}}[0]
// CHECK-NEXT: }
// CHECK-COUNT-3: affine.store %{{.*}}[2]
// CHECK-NOT: affine.for

// FACTOR: unroll-huge.mlir:[[@LINE+4]]:3: remark: not unrolled: unrolling by 4611686018427387904 would create 9223372036854775808 operations (the limit is 131072)
// FACTOR-NOT: remark
func.func @f(%m: memref<4xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 9223372036854775807 {
    affine.store %c, %m[0] : memref<4xf32>
  }
  affine.for %i = 0 to 3 {
    affine.store %c, %m[2] : memref<4xf32>
  }
  return
}
