// RUN: lattice opt %s --split-input-file --poly-transform="permute=1,0" | FileCheck %s --check-prefix=PERM
// RUN: lattice opt %s --split-input-file --affine-loop-tile="tile-sizes=4,4" | FileCheck %s --check-prefix=TILE
// RUN: lattice opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(func.func(poly-transform{reverse=0 emit-remarks=true}))"

// The single transformations accept loops with iter_args (demoted to memory cells
// while the new order is checked and generated, promoted back afterwards): the (i, j)
// band around a k reduction is permuted or tiled, the reduction stays an iter_args loop.
// PERM-LABEL: func.func @matmul_iter_args
// PERM:       affine.for %[[J:.*]] = 0 to 64 {
// PERM-NEXT:    affine.for %[[I:.*]] = 0 to 64 {
// PERM-NEXT:      %[[C:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]]
// PERM-NEXT:      %[[S:.*]] = affine.for %{{.*}} = 0 to 64 iter_args(%{{.*}} = %[[C]]) -> (f32) {
// PERM:           affine.store %[[S]], %{{.*}}[%[[I]], %[[J]]]
// TILE-LABEL: func.func @matmul_iter_args
// TILE:       affine.for %[[TI:.*]] = 0 to 64 step 4 {
// TILE-NEXT:    affine.for %[[TJ:.*]] = 0 to 64 step 4 {
// TILE-NEXT:      affine.for %[[I:.*]] = #{{.*}}(%[[TI]]) to #{{.*}}(%[[TI]]) {
// TILE-NEXT:        affine.for %[[J:.*]] = #{{.*}}(%[[TJ]]) to #{{.*}}(%[[TJ]]) {
// TILE-NEXT:          %[[C:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]]
// TILE-NEXT:          affine.for %{{.*}} = 0 to 64 iter_args(%{{.*}} = %[[C]]) -> (f32) {
// TILE-NOT:   memref.alloca
func.func @matmul_iter_args(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %c = affine.load %C[%i, %j] : memref<64x64xf32>
      %s = affine.for %k = 0 to 64 iter_args(%acc = %c) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %acc, %p : f32
        affine.yield %n : f32
      }
      affine.store %s, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// -----

// Reversing a reduction would change which partial sum each step reads: refused, naming
// the carried scalar.
// PERM-LABEL: func.func @dot
// TILE-LABEL: func.func @dot
func.func @dot(%A: memref<64xf32>, %B: memref<64xf32>, %out: memref<f32>) {
  %z = arith.constant 0.0 : f32
  // expected-remark@+1 {{not reversed: the new order would violate the dependence through A2 (the scalar %acc defined at 49:8, a loop-carried value or a value crossing statements): a read would get its value from another write than in program order}}
  %s = affine.for %k = 0 to 64 iter_args(%acc = %z) -> (f32) {
    %a = affine.load %A[%k] : memref<64xf32>
    %b = affine.load %B[%k] : memref<64xf32>
    %p = arith.mulf %a, %b : f32
    %n = arith.addf %acc, %p : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[] : memref<f32>
  return
}
