// RUN: lattice deps %s --diagnostic-format=rich 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: lattice deps %s 2>/dev/null | FileCheck %s
// RUN: lattice deps %s --format json 2>/dev/null | FileCheck %s --check-prefix=JSON

// An input affine.parallel declares its iterations independent; MLIR takes its word,
// and so do Lattice's transformations (a loop they regenerate is checked and emitted
// sequential where it carries a dependence; one they leave alone stays as written).
// `lattice deps` says when the word is wrong: a warning per dimension that carries a
// dependence other than through the op's own reductions, and the loop's line says so.

// WARN: warning: the iterations of this affine.parallel are not independent (dimension 0): it carries RAW from the store to %A at [[@LINE+11]]:5 to the load of %A at [[@LINE+10]]:10 (S0 -> S0), distance (1); they race when run in parallel
// WARN-NEXT: parallel-race.mlir:[[# @LINE + 8]]:3
// WARN: ----------- destination of the RAW (S0)
// WARN: ------------ source of the RAW (S0)
// CHECK-LABEL: function @shift
// CHECK: affine.parallel %i at [[@LINE+4]]:3 iv 0 (level 1, statements S0): declared parallel, but its iterations are not independent: RAW from the store to %A at [[@LINE+6]]:5 to the load of %A at [[@LINE+5]]:10 (S0 -> S0), distance (1) (a race)
// JSON: "function": "shift"
// JSON: "race": "RAW from the store to %A at [[@LINE+4]]:5 to the load of %A at [[@LINE+3]]:10 (S0 -> S0), distance (1)"
func.func @shift(%A: memref<65xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %v = affine.load %A[%i] : memref<65xf32>
    affine.store %v, %A[%i + 1] : memref<65xf32>
  }
  return
}

// Rows are independent, columns are not: the warning names dimension 1.
// WARN: warning: the iterations of this affine.parallel are not independent (dimension 1): it carries RAW from the store to %A at [[@LINE+12]]:5 to the load of %A at [[@LINE+11]]:10 (S0 -> S0), distance (0, 1)
// WARN-NEXT: parallel-race.mlir:[[# @LINE + 9]]:3
// WARN: ----------- destination of the RAW (S0)
// WARN: ------------ source of the RAW (S0)
// CHECK-LABEL: function @columns
// CHECK: affine.parallel %i at [[@LINE+5]]:3 iv 0 (level 1, statements S0): parallel
// CHECK-NEXT: affine.parallel %j at [[@LINE+4]]:3 iv 1 (level 2, statements S0): declared parallel, but its iterations are not independent
// JSON: "function": "columns"
// JSON: "race": null
func.func @columns(%A: memref<8x9xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (8, 8) {
    %v = affine.load %A[%i, %j] : memref<8x9xf32>
    affine.store %v, %A[%i, %j + 1] : memref<8x9xf32>
  }
  return
}

// A reduction's accumulations are the op's own business: no warning.
// WARN-NOT: warning
// CHECK-LABEL: function @sum
// CHECK: affine.parallel %i at [[@LINE+2]]:8 iv 0 (level 1, statements S0): parallel
func.func @sum(%A: memref<64xf32>, %out: memref<f32>) {
  %s = affine.parallel (%i) = (0) to (64) reduce ("addf") -> f32 {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.yield %v : f32
  }
  affine.store %s, %out[] : memref<f32>
  return
}
