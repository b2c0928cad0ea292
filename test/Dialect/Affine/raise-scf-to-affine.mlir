// RUN: lattice opt %s --raise-scf-to-affine --split-input-file | FileCheck %s

// A loop nest in the form --lower-affine produces: constant bounds, step 1.
// CHECK-LABEL: func.func @nest
// CHECK: affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 16 {
// CHECK-NEXT: %[[V:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]] : memref<16x16xf32>
// CHECK-NEXT: affine.store %[[V]], %{{.*}}[%[[J]], %[[I]]] : memref<16x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: scf.for
func.func @nest(%a: memref<16x16xf32>, %b: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %a[%i, %j] : memref<16x16xf32>
      memref.store %v, %b[%j, %i] : memref<16x16xf32>
    }
  }
  return
}

// -----

// Symbolic and IV-dependent bounds, a positive step, a min upper bound (tiling) and a
// max lower bound, iter_args kept.
// CHECK-DAG: #[[LB:.*]] = affine_map<(d0)[s0] -> (d0, s0)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0)[s0] -> (d0 + 4, s0)>
// CHECK-LABEL: func.func @bounds
// CHECK: %[[R:.*]] = affine.for %[[I:.*]] = 0 to %[[N:.*]] step 4 iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT: %[[S:.*]] = affine.for %[[J:.*]] = max #[[LB]](%[[I]])[%[[K:.*]]] to min #[[UB]](%[[I]])[%[[N]]] iter_args(%[[B:.*]] = %[[A]]) -> (f32) {
// CHECK-NEXT: %[[V:.*]] = affine.load %{{.*}}[%[[J]]] : memref<?xf32>
// CHECK-NEXT: %[[W:.*]] = arith.addf %[[B]], %[[V]] : f32
// CHECK-NEXT: affine.yield %[[W]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.yield %[[S]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : f32
func.func @bounds(%m: memref<?xf32>, %n: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%a = %z) -> f32 {
    %lb = arith.maxsi %i, %k : index
    %i4 = arith.addi %i, %c4 : index
    %ub = arith.minsi %i4, %n : index
    %s = scf.for %j = %lb to %ub step %c1 iter_args(%b = %a) -> f32 {
      %v = memref.load %m[%j] : memref<?xf32>
      %w = arith.addf %b, %v : f32
      scf.yield %w : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// scf.if on a conjunction of comparisons becomes affine.if.
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 - 2 >= 0, d0 - 3 == 0)>
// CHECK-LABEL: func.func @cond
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT: affine.if #[[SET]](%[[I]])[%{{.*}}] {
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<10xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]] - 1] : memref<10xf32>
// CHECK-NEXT: }
func.func @cond(%m: memref<10xf32>, %n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %a = arith.cmpi sgt, %i, %c0 : index
    %n1 = arith.subi %n, %c1 : index
    %b = arith.cmpi slt, %i, %n1 : index
    %c = arith.cmpi eq, %i, %c3 : index
    %ab = arith.andi %a, %b : i1
    %abc = arith.andi %ab, %c : i1
    scf.if %abc {
      memref.store %f, %m[%i] : memref<10xf32>
    } else {
      %im1 = arith.subi %i, %c1 : index
      memref.store %f, %m[%im1] : memref<10xf32>
    }
  }
  return
}

// -----

// Declined: a loop bound loaded from memory inside a loop (not a valid symbol), a
// non-constant step, an 'ne' comparison, an unsigned comparison and a condition that
// is not a comparison. Accesses inside a loop that stays scf.for stay memref accesses.
// CHECK-LABEL: func.func @declined
// CHECK: affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT: %[[UB:.*]] = affine.load %{{.*}}[%[[I]]] : memref<4xindex>
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %[[UB]] step %{{.*}} {
// CHECK-NEXT: memref.load %{{.*}}[%[[J]]] : memref<10xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: affine.for
// CHECK: arith.cmpi ne
// CHECK-NEXT: scf.if
// CHECK: arith.cmpi ult
// CHECK-NEXT: scf.if
// CHECK: scf.if
func.func @declined(%m: memref<10xf32>, %bounds: memref<4xindex>, %s: index, %flag: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %ub = memref.load %bounds[%i] : memref<4xindex>
    scf.for %j = %c0 to %ub step %c1 {
      %v = memref.load %m[%j] : memref<10xf32>
    }
  }
  scf.for %i = %c0 to %c10 step %s {
  }
  scf.for %i = %c0 to %c10 step %c1 {
    %a = arith.cmpi ne, %i, %c1 : index
    scf.if %a {
      memref.store %f, %m[%i] : memref<10xf32>
    }
    %b = arith.cmpi ult, %i, %c1 : index
    scf.if %b {
      memref.store %f, %m[%i] : memref<10xf32>
    }
    scf.if %flag {
      memref.store %f, %m[%i] : memref<10xf32>
    }
  }
  return
}

// -----

// The select sequences --lower-affine emits for mod, floordiv and ceildiv (on values
// that may be negative) become the affine operators again.
// CHECK-LABEL: func.func @divisions
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: %[[V:.*]] = affine.load %{{.*}}[%[[I]] mod 7] : memref<100xf32>
// CHECK-NEXT: affine.store %[[V]], %{{.*}}[%[[I]] floordiv 3] : memref<100xf32>
// CHECK-NEXT: affine.store %[[V]], %{{.*}}[%[[I]] ceildiv 5] : memref<100xf32>
// CHECK-NEXT: }
func.func @divisions(%arg0: memref<100xf32>, %arg1: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %arg2 = %c0 to %arg1 step %c1 {
    %c7 = arith.constant 7 : index
    %0 = arith.remsi %arg2, %c7 : index
    %c0_0 = arith.constant 0 : index
    %1 = arith.cmpi slt, %0, %c0_0 : index
    %2 = arith.addi %0, %c7 : index
    %3 = arith.select %1, %2, %0 : index
    %4 = memref.load %arg0[%3] : memref<100xf32>
    %c3 = arith.constant 3 : index
    %c0_1 = arith.constant 0 : index
    %c-1 = arith.constant -1 : index
    %5 = arith.cmpi slt, %arg2, %c0_1 : index
    %6 = arith.subi %c-1, %arg2 : index
    %7 = arith.select %5, %6, %arg2 : index
    %8 = arith.divsi %7, %c3 : index
    %9 = arith.subi %c-1, %8 : index
    %10 = arith.select %5, %9, %8 : index
    memref.store %4, %arg0[%10] : memref<100xf32>
    %c5 = arith.constant 5 : index
    %c0_2 = arith.constant 0 : index
    %c1_3 = arith.constant 1 : index
    %11 = arith.cmpi sle, %arg2, %c0_2 : index
    %12 = arith.subi %c0_2, %arg2 : index
    %13 = arith.subi %arg2, %c1_3 : index
    %14 = arith.select %11, %12, %13 : index
    %15 = arith.divsi %14, %c5 : index
    %16 = arith.subi %c0_2, %15 : index
    %17 = arith.addi %15, %c1_3 : index
    %18 = arith.select %11, %16, %17 : index
    memref.store %4, %arg0[%18] : memref<100xf32>
  }
  return
}

// -----

// A near-miss of the floordiv sequence (the wrong constant) is left alone.
// CHECK-LABEL: func.func @not_floordiv
// CHECK: affine.for
// CHECK: arith.select
// CHECK: memref.store
func.func @not_floordiv(%arg0: memref<100xf32>, %arg1: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c-2 = arith.constant -2 : index
  %c-1 = arith.constant -1 : index
  scf.for %arg2 = %c0 to %arg1 step %c1 {
    %5 = arith.cmpi slt, %arg2, %c0 : index
    %6 = arith.subi %c-2, %arg2 : index
    %7 = arith.select %5, %6, %arg2 : index
    %8 = arith.divsi %7, %c3 : index
    %9 = arith.subi %c-1, %8 : index
    %10 = arith.select %5, %9, %8 : index
    memref.store %f, %arg0[%10] : memref<100xf32>
  }
  return
}

// -----

// Polygeist-style C code: i32 sizes cast to index at the top level are valid symbols;
// a triangular nest raises, the inner loop's lower bound being the outer IV plus one.
// An index computed from i32 arithmetic inside the loop is not affine and blocks the
// access that uses it (but not the rest).
// CHECK-LABEL: func.func @polygeist
// CHECK: affine.for %[[I:.*]] = 0 to %[[N:.*]] {
// CHECK-NEXT: affine.for %[[J:.*]] = #{{.*}}(%[[I]]) to %[[N]] {
// CHECK-NEXT: %[[V:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]] : memref<?x100xf64>
// CHECK-NEXT: affine.store %[[V]], %{{.*}}[%[[J]], %[[I]]] : memref<?x100xf64>
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: memref.load
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]], 0] : memref<?x100xf64>
func.func @polygeist(%arg0: memref<?x100xf64>, %arg1: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1_i32 = arith.constant 1 : i32
  %n = arith.index_cast %arg1 : i32 to index
  scf.for %i = %c0 to %n step %c1 {
    %i1 = arith.addi %i, %c1 : index
    scf.for %j = %i1 to %n step %c1 {
      %v = memref.load %arg0[%i, %j] : memref<?x100xf64>
      memref.store %v, %arg0[%j, %i] : memref<?x100xf64>
    }
    %ii = arith.index_cast %i : index to i32
    %ip = arith.addi %ii, %c1_i32 : i32
    %k = arith.index_cast %ip : i32 to index
    %w = memref.load %arg0[%k, %c0] : memref<?x100xf64>
    memref.store %w, %arg0[%i, %c0] : memref<?x100xf64>
  }
  return
}
