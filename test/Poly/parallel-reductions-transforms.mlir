// RUN: lattice opt %s --split-input-file --affine-loop-tile="tile-sizes=4" | FileCheck %s --check-prefix=TILE
// RUN: lattice opt %s --split-input-file --affine-loop-fusion | FileCheck %s --check-prefix=FUSE
// RUN: lattice opt %s --split-input-file --poly-transform="reverse=0 remarks=true" 2>&1 | FileCheck %s --check-prefix=REV

// affine.parallel reductions as input to the single transformations: the reduction is
// demoted as the accumulation of a sequential loop (one of the orders the parallel loop
// allows). Tiled, the tile loop and the point loop are both affine.parallel reductions
// again (see keep-parallel.mlir); left alone, it is an affine.parallel reduction again. Its
// accumulations may run in any order among themselves (the input's reduction allows
// reassociation), so reversing it is legal and gives a reduction again.

// REV-NOT: remark

// TILE-LABEL: func.func @sum_squares
// TILE:         %[[R:.*]] = affine.parallel (%[[T:.*]]) = (0) to (256) step (4) reduce ("addf") -> (f32) {
// TILE-NEXT:      %[[P:.*]] = affine.parallel (%{{.*}}) = (%[[T]]) to (%[[T]] + 4) reduce ("addf") -> (f32) {
// TILE:           affine.yield %[[P]] : f32
// TILE-NEXT:    }
// TILE-NEXT:    affine.store %[[R]]
// TILE-NOT:     affine.for
// FUSE-LABEL: func.func @sum_squares
// FUSE:         %[[R:.*]] = affine.parallel (%{{.*}}) = (0) to (256) reduce ("addf") -> (f32) {
// FUSE-NEXT:      affine.load
// FUSE-NEXT:      arith.mulf
// FUSE-NEXT:      affine.yield
// FUSE-NEXT:    }
// FUSE-NEXT:    affine.store %[[R]]
// REV-LABEL:  func.func @sum_squares
// REV:          affine.parallel (%[[I:.*]]) = (-255) to (1) reduce ("addf")
// REV-NEXT:       affine.load %{{.*}}[-%[[I]]]
// REV-NOT:      remark
func.func @sum_squares(%A: memref<256xf32>, %out: memref<f32>) {
  %r = affine.parallel (%i) = (0) to (256) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i] : memref<256xf32>
    %b = arith.mulf %a, %a : f32
    affine.yield %b : f32
  }
  affine.store %r, %out[] : memref<f32>
  return
}
