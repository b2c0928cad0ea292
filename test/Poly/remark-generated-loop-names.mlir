// RUN: lattice opt %s --poly-schedule="tile-sizes=16,16 parallel=false" --poly-transform="parallel=true test-unchecked-mark=0 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=TILE0
// RUN: lattice opt %s --poly-schedule="tile-sizes=16,16 parallel=false" --poly-transform="parallel=true test-unchecked-mark=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=TILE1
// RUN: lattice opt %s --poly-schedule --poly-schedule="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=AGAIN

// Loops that poly-schedule generates keep names for the remarks of later passes in the
// same pipeline: a point loop the source loop's name (`%j`), a tile loop `the tile loop
// of %j` (before: `the affine.for at 2:3`, and members by index).

// The second pass marks member 0 or 1 of its band (the tile loops of %j and %i).
// TILE0: remark-generated-loop-names.mlir:[[# @LINE + 7]]:3: remark: parallel mark without a loop: the marked member, from the tile loop of %j at [[# @LINE + 7]]:3,
// TILE1: remark-generated-loop-names.mlir:[[# @LINE + 6]]:3: remark: parallel mark without a loop: the marked member, from the tile loop of %i at [[# @LINE + 6]]:3,
// A second poly-schedule names its members after the point loops.
// AGAIN: remark-generated-loop-names.mlir:[[# @LINE + 4]]:3: remark: parallel mark without a loop: the marked member, from the loop %j at [[# @LINE + 4]]:3,
// AGAIN: remark: tile sizes [16, 21] (model)
// AGAIN-SAME: ; %j: parallel, 4 tiles, %i: innermost
func.func @f(%A: memref<64x64xf64>, %B: memref<64x64xf64>) {
  affine.for %i = 1 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i - 1, %j] : memref<64x64xf64>
      %b = affine.load %B[%j, %i] : memref<64x64xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %A[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
