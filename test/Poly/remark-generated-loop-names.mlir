// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=16,16 parallel=false" --poly-transform="parallel=true test-unchecked-mark=0 remarks=true" 2>&1 | FileCheck %s --check-prefix=TILE0 --implicit-check-not=remark
// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=16,16 parallel=false" --poly-transform="parallel=true test-unchecked-mark=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=TILE1
// RUN: lattice opt %s --poly-schedule=order-cost=false --poly-schedule="order-cost=false remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=AGAIN --implicit-check-not="without a loop"

// Loops that poly-schedule generates keep names for the remarks of later passes in the
// same pipeline: a point loop the source loop's name (`%j`), a tile loop `the tile loop
// of %j` (before: `the affine.for at 2:3`, and members by index).
// %i starts at 0: a second poly-schedule's tiles of 21 of its 63 iterations run a
// constant trip count (from 1 they would not, and %i would stay whole, untiled).

// The second pass marks member 0 or 1 of its band (the tile loops of %j and %i). The
// tile loop of %j carries nothing and becomes parallel, silently; the tile loop of %i
// carries the RAW of `%A[%i + 1, %j]` to `%A[%i, %j]`, and the safety net keeps it sequential. (Before,
// both got "parallel mark without a loop": the marked member `floor(%j / 16)` was named
// after the point loop %j, the generated loop, equal to the old tile loop, after nothing.)
// TILE0: affine.parallel (%{{.*}}) = (0) to (4) {
// TILE0-NEXT: affine.for %{{.*}} = 0 to 4 {
// TILE1: remark-generated-loop-names.mlir:[[# @LINE + 6]]:3: remark: parallel mark dropped: the loop generated from the tile loop of %i at [[# @LINE + 6]]:3 carries RAW
// A second poly-schedule names its members after the point loops, and its parallel
// mark on the tile loop of %j lands (no "parallel mark without a loop").
// AGAIN: remark: tile sizes [16, 21] (model)
// AGAIN-SAME: ; %j: parallel, 4 tiles, %i: innermost
func.func @f(%A: memref<64x64xf64>, %B: memref<64x64xf64>) {
  affine.for %i = 0 to 63 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      %b = affine.load %B[%j, %i] : memref<64x64xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %A[%i + 1, %j] : memref<64x64xf64>
    }
  }
  return
}
