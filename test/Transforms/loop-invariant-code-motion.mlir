// RUN: lattice opt %s --allow-unregistered-dialect --split-input-file --loop-invariant-code-motion | FileCheck %s
// RUN: lattice opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(loop-invariant-code-motion))' | FileCheck %s

// mlir-opt's generic LICM over every loop-like op (what may move comes from op
// definitions: effects, speculatability, loop regions).

// Ops hoisted out of the inner loop are hoisted again out of the outer one; the
// store and the load (memory effects) stay.
// CHECK-LABEL: func.func @affine_nest(
// CHECK-NEXT: %cst = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %0 = arith.addf %cst, %arg1 : f32
// CHECK-NEXT: %1 = arith.mulf %0, %arg1 : f32
// CHECK-NEXT: %2 = arith.addf %1, %cst : f32
// CHECK-NEXT: affine.for %arg2 = 0 to 10 {
// CHECK-NEXT: affine.for %arg3 = 0 to 10 {
// CHECK-NEXT: affine.store %2, %arg0[%arg2] : memref<10xf32>
// CHECK-NEXT: %3 = affine.load %arg0[%arg3] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @affine_nest(%m: memref<10xf32>, %f: f32) {
  %c7 = arith.constant 7.0 : f32
  affine.for %i = 0 to 10 {
    %a = arith.addf %c7, %f : f32
    affine.for %j = 0 to 10 {
      %b = arith.mulf %a, %f : f32
      %c = arith.addf %b, %c7 : f32
      affine.store %c, %m[%i] : memref<10xf32>
      %l = affine.load %m[%j] : memref<10xf32>
    }
  }
  return
}

// -----

// An affine.if is recursively speculatable: it moves when its body is pure, not when
// it stores; its condition uses %i, so it stops at the outer loop.
// CHECK-LABEL: func.func @affine_if(
// CHECK-NEXT: affine.for %arg2 = 0 to 10 {
// CHECK-NEXT: affine.if #set(%arg2) {
// CHECK-NEXT: %1 = arith.addf %arg1, %arg1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %0 = affine.if #set(%arg2) -> f32 {
// CHECK-NEXT: %1 = arith.mulf %arg1, %arg1 : f32
// CHECK-NEXT: affine.yield %1 : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %arg1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg3 = 0 to 20 {
// CHECK-NEXT: affine.if #set(%arg2) {
// CHECK-NEXT: affine.store %arg1, %arg0[%arg2] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: affine.store %0, %arg0[%arg3] : memref<10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @affine_if(%m: memref<10xf32>, %f: f32) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 20 {
      affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
        %a = arith.addf %f, %f : f32
      }
      affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
        affine.store %f, %m[%i] : memref<10xf32>
      }
      %r = affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) -> f32 {
        %b = arith.mulf %f, %f : f32
        affine.yield %b : f32
      } else {
        affine.yield %f : f32
      }
      affine.store %r, %m[%j] : memref<10xf32>
    }
  }
  return
}

// -----

// Nested loops move only when they surely terminate: scf.for and affine.for of step 1.
// CHECK-LABEL: func.func @scf_loops(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT: scf.for %arg4 = %arg0 to %arg1 step %c1 {
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg4 = %arg0 to %arg1 step %c1 {
// CHECK-NEXT: scf.for %arg5 = %arg0 to %arg1 step %c2 {
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg5 = %arg0 to %arg1 step 2 {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @scf_loops(%lb: index, %ub: index, %step: index, %x: i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %lb to %ub step %c1 {
    scf.for %j = %lb to %ub step %c1 {
      %s = arith.addi %x, %x : i32
    }
    scf.for %j = %lb to %ub step %c2 {
    }
    scf.for %j = %lb to %ub step %step {
    }
    affine.for %j = %lb to %ub step 2 {
    }
  }
  return
}

// -----

// scf.if moves unless its regions use a value defined in the loop.
// CHECK-LABEL: func.func @scf_if(
// CHECK-NEXT: %0 = scf.if %arg3 -> (index) {
// CHECK-NEXT: %1 = arith.addi %arg4, %arg4 : index
// CHECK-NEXT: scf.yield %1 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg4 : index
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT: %1 = func.call @get() : () -> index
// CHECK-NEXT: %2 = scf.if %arg3 -> (index) {
// CHECK-NEXT: scf.yield %1 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg4 : index
// CHECK-NEXT: }
// CHECK-NEXT: %3 = scf.if %arg3 -> (index) {
// CHECK-NEXT: %4 = arith.addi %arg5, %arg4 : index
// CHECK-NEXT: scf.yield %4 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg4 : index
// CHECK-NEXT: }
// CHECK-NEXT: "test.sink"(%0, %2, %3) : (index, index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func private @get() -> index

func.func @scf_if(%lb: index, %ub: index, %step: index, %b: i1, %x: index) {
  scf.for %i = %lb to %ub step %step {
    %v = func.call @get() : () -> index
    %r = scf.if %b -> (index) {
      %y = arith.addi %x, %x : index
      scf.yield %y : index
    } else {
      scf.yield %x : index
    }
    %q = scf.if %b -> (index) {
      scf.yield %v : index
    } else {
      scf.yield %x : index
    }
    %w = scf.if %b -> (index) {
      %z = arith.addi %i, %x : index
      scf.yield %z : index
    } else {
      scf.yield %x : index
    }
    "test.sink"(%r, %q, %w) : (index, index, index) -> ()
  }
  return
}

// -----

// Divisions move only when the divisor cannot trap (constant, not 0, signed: not -1);
// remainders and floordivsi are Pure in mlir-opt 22 and move.
// CHECK-LABEL: func.func @divisions(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %0 = arith.divsi %arg0, %c5_i32 : i32
// CHECK-NEXT: %1 = arith.divui %arg0, %c-1_i32 : i32
// CHECK-NEXT: %2 = arith.ceildivsi %arg0, %c5_i32 : i32
// CHECK-NEXT: %3 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT: %4 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT: scf.for %arg5 = %arg2 to %arg3 step %arg4 {
// CHECK-NEXT: %6 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: %7 = arith.divsi %arg0, %c-1_i32 : i32
// CHECK-NEXT: %8 = arith.divui %arg0, %c0_i32 : i32
// CHECK-NEXT: %9 = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT: "test.sink"(%6, %0, %7, %8, %1, %2, %9, %3, %4, %5) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @divisions(%n: i32, %d: i32, %lb: index, %ub: index, %step: index) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %cm1 = arith.constant -1 : i32
  scf.for %i = %lb to %ub step %step {
    %0 = arith.divsi %n, %d : i32
    %1 = arith.divsi %n, %c5 : i32
    %2 = arith.divsi %n, %cm1 : i32
    %3 = arith.divui %n, %c0 : i32
    %4 = arith.divui %n, %cm1 : i32
    %5 = arith.ceildivsi %n, %c5 : i32
    %6 = arith.ceildivui %n, %d : i32
    %7 = arith.remsi %n, %d : i32
    %8 = arith.remui %n, %d : i32
    %9 = arith.floordivsi %n, %d : i32
    "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  }
  return
}

// -----

// memref.dim moves when its index is a constant below the rank; loads never move.
// CHECK-LABEL: func.func @dims(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c1 : memref<?x?xf32>
// CHECK-NEXT: scf.for %arg6 = %arg3 to %arg4 step %arg5 {
// CHECK-NEXT: %dim_0 = memref.dim %arg0, %c2 : memref<?x?xf32>
// CHECK-NEXT: %dim_1 = memref.dim %arg0, %arg2 : memref<?x?xf32>
// CHECK-NEXT: %dim_2 = memref.dim %arg1, %c0 : memref<*xf32>
// CHECK-NEXT: %0 = memref.load %arg0[%c0, %c1] : memref<?x?xf32>
// CHECK-NEXT: "test.sink"(%dim, %dim_0, %dim_1, %dim_2, %0) : (index, index, index, index, f32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @dims(%m: memref<?x?xf32>, %u: memref<*xf32>, %k: index, %lb: index, %ub: index, %step: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %lb to %ub step %step {
    %0 = memref.dim %m, %c1 : memref<?x?xf32>
    %1 = memref.dim %m, %c2 : memref<?x?xf32>
    %2 = memref.dim %m, %k : memref<?x?xf32>
    %3 = memref.dim %u, %c0 : memref<*xf32>
    %4 = memref.load %m[%c0, %c1] : memref<?x?xf32>
    "test.sink"(%0, %1, %2, %3, %4) : (index, index, index, index, f32) -> ()
  }
  return
}

// -----

// Every loop-like op: scf.while (both regions), scf.parallel, affine.parallel,
// scf.forall.
// CHECK-LABEL: func.func @other_loops(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = arith.muli %arg1, %arg1 : index
// CHECK-NEXT: %1 = arith.addi %arg1, %c1 : index
// CHECK-NEXT: %2 = scf.while (%arg3 = %c0) : (index) -> index {
// CHECK-NEXT: %6 = arith.cmpi slt, %arg3, %0 : index
// CHECK-NEXT: scf.condition(%6) %arg3 : index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg3: index):
// CHECK-NEXT: %6 = arith.addi %arg3, %1 : index
// CHECK-NEXT: scf.yield %6 : index
// CHECK-NEXT: }
// CHECK-NEXT: %3 = arith.subi %arg1, %c1 : index
// CHECK-NEXT: scf.parallel (%arg3, %arg4) = (%c0, %c0) to (%arg0, %arg0) step (%c1, %c1) {
// CHECK-NEXT: %6 = arith.addi %arg3, %3 : index
// CHECK-NEXT: memref.store %6, %arg2[%c0] : memref<4xindex>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: %4 = arith.muli %arg1, %c1 : index
// CHECK-NEXT: affine.parallel (%arg3) = (0) to (4) {
// CHECK-NEXT: affine.store %4, %arg2[%arg3] : memref<4xindex>
// CHECK-NEXT: }
// CHECK-NEXT: %5 = arith.xori %arg1, %arg0 : index
// CHECK-NEXT: scf.forall (%arg3) in (4) {
// CHECK-NEXT: memref.store %5, %arg2[%arg3] : memref<4xindex>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @other_loops(%n: index, %x: index, %m: memref<4xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%a = %c0) : (index) -> index {
    %t = arith.muli %x, %x : index
    %cond = arith.cmpi slt, %a, %t : index
    scf.condition(%cond) %a : index
  } do {
  ^bb0(%a: index):
    %u = arith.addi %x, %c1 : index
    %nx = arith.addi %a, %u : index
    scf.yield %nx : index
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    %v = arith.subi %x, %c1 : index
    %w = arith.addi %i, %v : index
    memref.store %w, %m[%c0] : memref<4xindex>
    scf.reduce
  }
  affine.parallel (%i) = (0) to (4) {
    %v = arith.muli %x, %c1 : index
    affine.store %v, %m[%i] : memref<4xindex>
  }
  scf.forall (%i) in (4) {
    %v = arith.xori %x, %n : index
    memref.store %v, %m[%i] : memref<4xindex>
  }
  return
}

// -----

// An op moves once the ops it uses have moved; users of unknown ops stay.
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: %0 = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT: %1 = arith.muli %0, %arg3 : i32
// CHECK-NEXT: %2 = arith.subi %1, %0 : i32
// CHECK-NEXT: scf.for %arg4 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT: %3 = "test.opaque"(%0) : (i32) -> i32
// CHECK-NEXT: %4 = arith.addi %1, %3 : i32
// CHECK-NEXT: "test.sink"(%4, %2) : (i32, i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @chain(%lb: index, %ub: index, %step: index, %a: i32) {
  scf.for %i = %lb to %ub step %step {
    %0 = arith.addi %a, %a : i32
    %1 = "test.opaque"(%0) : (i32) -> i32
    %2 = arith.muli %0, %a : i32
    %3 = arith.addi %2, %1 : i32
    %4 = arith.subi %2, %0 : i32
    "test.sink"(%3, %4) : (i32, i32) -> ()
  }
  return
}
