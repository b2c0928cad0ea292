// RUN: lattice opt %s --split-input-file --poly-transform="permute=1,0" | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-transform="permute=1,0 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --split-input-file --affine-loop-tile="tile-sizes=16,16 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=TILE
// RUN: not lattice opt %s --split-input-file --diagnostic-format=rich --poly-transform="permute=1,0 emit-remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=NOTES

// A transformation that regenerates an input affine.parallel keeps it parallel where
// its iterations stay independent (keep_parallel). Where the input's word is wrong (it
// carries a dependence: a race as written), the loop is generated as a sequential
// affine.for, and a remark names the loop and the dependence.

// Row i + 1 is written from row i: the affine.parallel over %i carries the RAW.
// CHECK-LABEL: func.func @rows
// CHECK:         affine.for %{{.*}} = 0 to 64 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 64 {
// CHECK-NOT:     affine.parallel
// CHECK:         return
// REMARK: keep-parallel-race.mlir:[[# @LINE + 3]]:3: remark: not kept parallel: the parallel loop %i at [[@LINE+3]]:3 declares its iterations independent, but they carry RAW from the store to %A at [[@LINE+6]]:7 to the load of %A at [[@LINE+5]]:12 (S0 -> S0), distance (1, 0) (a race as written); it is generated as a sequential affine.for
// TILE: keep-parallel-race.mlir:[[# @LINE + 2]]:3: remark: not kept parallel: the parallel loop %i at [[@LINE+2]]:3 declares its iterations independent, but they carry RAW from the store to %A at [[@LINE+5]]:7 to the load of %A at [[@LINE+4]]:12 (S0 -> S0), distance (1, 0) (a race as written); it is generated as a sequential affine.for
func.func @rows(%A: memref<65x64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%i, %j] : memref<65x64xf32>
      affine.store %v, %A[%i + 1, %j] : memref<65x64xf32>
    }
  }
  return
}

// Rendered (emit-remarks), the remark shows the loop and, as notes, the two accesses.
// NOTES: remark: not kept parallel: the parallel loop %i at [[# @LINE - 10]]:3 declares its iterations independent
// NOTES-NEXT: keep-parallel-race.mlir:[[# @LINE - 11]]:3
// NOTES: affine.load %A[%i, %j]
// NOTES-NEXT: ----------- destination of the RAW (S0)
// NOTES-NEXT: affine.store %v, %A[%i + 1, %j]
// NOTES-NEXT: ------------ source of the RAW (S0)
// With remarks=true, the notes follow the remark as mlir-opt prints them (each with its
// source line and a caret).
// REMARK: keep-parallel-race.mlir:[[# @LINE - 15]]:7: note: source of the RAW (S0)
// REMARK: keep-parallel-race.mlir:[[# @LINE - 17]]:12: note: destination of the RAW (S0)

// -----

// Rows are independent, columns are not: dimension 0 stays parallel, dimension 1 is
// named in the remark.
// CHECK-LABEL: func.func @columns
// CHECK:         affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (0) to (8) {
// REMARK: keep-parallel-race.mlir:[[# @LINE + 3]]:3: remark: not kept parallel: the parallel loop %j at [[@LINE+3]]:3 declares its iterations independent, but they carry RAW from the store to %A at [[@LINE+5]]:5 to the load of %A at [[@LINE+4]]:10 (S0 -> S0), distance (0, 1) (a race as written); it is generated as a sequential affine.for
// TILE: keep-parallel-race.mlir:[[# @LINE + 2]]:3: remark: not kept parallel: the parallel loop %j at [[@LINE+2]]:3 declares its iterations independent, but they carry RAW from the store to %A at [[@LINE+4]]:5 to the load of %A at [[@LINE+3]]:10 (S0 -> S0), distance (0, 1) (a race as written); it is generated as a sequential affine.for
func.func @columns(%A: memref<8x9xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (8, 8) {
    %v = affine.load %A[%i, %j] : memref<8x9xf32>
    affine.store %v, %A[%i, %j + 1] : memref<8x9xf32>
  }
  return
}

// -----

// Independent iterations: the affine.parallel is kept, without a remark.
// CHECK-LABEL: func.func @independent
// CHECK:         affine.for %{{.*}} = 0 to 64 {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (0) to (64) {
// REMARK-NOT: not kept parallel
// TILE-NOT: not kept parallel
func.func @independent(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %v, %B[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
