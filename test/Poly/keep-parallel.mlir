// RUN: lattice opt %s --split-input-file --affine-loop-tile="tile-size=8" | FileCheck %s --check-prefix=TILE
// RUN: lattice opt %s --split-input-file --affine-loop-fusion="maximal=true" | FileCheck %s --check-prefix=FUSE
// RUN: lattice opt %s --split-input-file --poly-transform="permute=1,0" | FileCheck %s --check-prefix=PERM

// Transformations keep input affine.parallel loops parallel: a band member of the new
// schedule that iterates over affine.parallel dimensions only (tile and point loops of a
// parallel dimension, fused parallel loops) and carries no dependence is generated as an
// affine.parallel again; reductions of an input affine.parallel stay reductions. A loop
// from an affine.for stays sequential, and so does a fused loop that carries a
// dependence between the two nests.

// TILE-LABEL: func.func @rows
// TILE:         affine.parallel (%[[TI:.*]]) = (0) to (64) step (8) {
// TILE-NEXT:      affine.for %[[TJ:.*]] = 0 to 64 step 8 {
// TILE-NEXT:        affine.parallel (%[[I:.*]]) = (%[[TI]]) to (%[[TI]] + 8) {
// TILE-NEXT:          affine.for %{{.*}} = #{{.*}}(%[[TJ]]) to #{{.*}}(%[[TJ]]) {
// PERM-LABEL: func.func @rows
// PERM:         affine.for %{{.*}} = 0 to 64 {
// PERM-NEXT:      affine.parallel (%{{.*}}) = (0) to (64) {
func.func @rows(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %v = affine.load %B[%i, %j] : memref<64x64xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// -----

// The row sums reduce in parallel; tiling the rows keeps both.
// TILE-LABEL: func.func @row_sums
// TILE:         affine.parallel (%[[TI:.*]]) = (0) to (64) step (8) {
// TILE-NEXT:      affine.parallel (%[[I:.*]]) = (%[[TI]]) to (%[[TI]] + 8) {
// TILE:             %[[R:.*]] = affine.parallel (%[[J:.*]]) = (0) to (64) reduce ("addf") -> (f32) {
// TILE-NEXT:          %[[V:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]]
// TILE-NEXT:          affine.yield %[[V]] : f32
// TILE-NEXT:        }
// TILE-NEXT:        affine.store %[[R]], %{{.*}}[%[[I]]]
func.func @row_sums(%A: memref<64x64xf32>, %S: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %r = affine.parallel (%j) = (0) to (64) reduce ("addf") -> (f32) {
      %v = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.yield %v : f32
    }
    affine.store %r, %S[%i] : memref<64xf32>
  }
  return
}

// -----

// A two-dimensional affine.parallel: all four loops of the tiling are parallel.
// TILE-LABEL: func.func @grid
// TILE:         affine.parallel (%{{.*}}) = (0) to (32) step (8) {
// TILE-NEXT:      affine.parallel (%{{.*}}) = (0) to (32) step (8) {
// TILE-NEXT:        affine.parallel
// TILE-NEXT:          affine.parallel
func.func @grid(%A: memref<32x32xi32>) {
  affine.parallel (%i, %j) = (0, 0) to (32, 32) {
    %k = arith.addi %i, %j : index
    %v = arith.index_cast %k : index to i32
    affine.store %v, %A[%i, %j] : memref<32x32xi32>
  }
  return
}

// -----

// Fusing two parallel loops: parallel when the fused loop carries nothing ...
// FUSE-LABEL: func.func @fuse
// FUSE:         affine.parallel (%{{.*}}) = (0) to (64) {
// FUSE:           arith.addf
// FUSE:           arith.mulf
// FUSE:         }
// FUSE-NEXT:    return
func.func @fuse(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %v = affine.load %A[%i] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %B[%i] : memref<64xf32>
  }
  affine.parallel (%i) = (0) to (64) {
    %v = affine.load %B[%i] : memref<64xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %C[%i] : memref<64xf32>
  }
  return
}

// -----

// ... sequential when it carries the consumer's read of the previous iteration's write.
// FUSE-LABEL: func.func @fuse_carried
// FUSE-NOT:     affine.parallel
// FUSE:         affine.for %{{.*}} = 1 to 65 {
// FUSE-NOT:     affine.parallel
// FUSE:         return
func.func @fuse_carried(%A: memref<65xf32>, %B: memref<65xf32>, %C: memref<65xf32>) {
  affine.parallel (%i) = (1) to (65) {
    %v = affine.load %A[%i] : memref<65xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %B[%i] : memref<65xf32>
  }
  affine.parallel (%i) = (1) to (65) {
    %v = affine.load %B[%i - 1] : memref<65xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %C[%i] : memref<65xf32>
  }
  return
}
