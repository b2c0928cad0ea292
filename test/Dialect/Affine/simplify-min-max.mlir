// RUN: lattice opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(affine-simplify-min-max))' | FileCheck %s
// RUN: not lattice opt %s --allow-unregistered-dialect --affine-simplify-min-max 2>&1 | FileCheck %s --check-prefix=ERR

// mlir-opt 22's affine-simplify-min-max. As in mlir-opt, it runs on func.func only:
// ERR: <unknown>:0: error: unable to schedule pass 'SimplifyAffineMinMaxPass' on a PassManager intended to run on 'builtin.module'!

// CHECK-DAG: #map = affine_map<()[s0] -> (7, s0 - 5)>
// CHECK-DAG: #map1 = affine_map<(d0)[s0] -> (s0, d0 + 1)>
// CHECK-DAG: #map2 = affine_map<(d0) -> (d0 + 99, d0 * 2)>
// CHECK-DAG: #map3 = affine_map<()[s0] -> (7, s0)>
// CHECK-DAG: #map4 = affine_map<()[s0, s1] -> (s1 + 3, s0)>
// CHECK-DAG: #map5 = affine_map<()[s0, s1] -> (s1, s0)>
// CHECK-DAG: #map6 = affine_map<(d0) -> (200, d0)>
// CHECK-DAG: #map7 = affine_map<(d0) -> (200, d0 + 3)>
// CHECK-DAG: #map8 = affine_map<()[s0] -> (s0 * 2 - (s0 floordiv 2) * 4 + 1)>

// An scf.for induction variable lies in [lb, ub - 1]: results it bounds are dropped,
// incomparable ones kept (d0 * 2 and d0 + 99 meet at d0 = 99).
// CHECK-LABEL: func.func @scf_iv(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c100 = arith.constant 100 : index
// CHECK-NEXT: %0:4 = scf.for %arg2 = %c0 to %c100 step %c1 iter_args(%arg3 = %c0, %arg4 = %c0, %arg5 = %c0, %arg6 = %c0) -> (index, index, index, index) {
// CHECK-NEXT: %1 = affine.max #map()[%arg2]
// CHECK-NEXT: %2 = affine.min #map1(%arg2)[%arg1]
// CHECK-NEXT: %3 = affine.max #map2(%arg2)
// CHECK-NEXT: scf.yield %arg2, %1, %2, %3 : index, index, index, index
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1, %0#2, %0#3 : index, index, index, index
func.func @scf_iv(%n: index, %m: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %r:4 = scf.for %i = %c0 to %c100 step %c1 iter_args(%a = %c0, %b = %c0, %c = %c0, %d = %c0) -> (index, index, index, index) {
    %0 = affine.min affine_map<(d0) -> (d0, 200)>(%i)
    %1 = affine.max affine_map<(d0) -> (d0 - 5, 0, 7)>(%i)
    %2 = affine.min affine_map<(d0)[s0] -> (d0 + 1, s0)>(%i)[%m]
    %3 = affine.max affine_map<(d0) -> (d0 * 2, d0 + 99)>(%i)
    scf.yield %0, %1, %2, %3 : index, index, index, index
  }
  return %r#0, %r#1, %r#2, %r#3 : index, index, index, index
}

// Bounds relate values: %i < %n, and operands are seen through arith and affine.apply.
// CHECK-LABEL: func.func @relational(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: scf.for %arg1 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: %0 = arith.muli %arg1, %c4 : index
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 : index
// CHECK-NEXT: "test.use"(%arg1, %0, %1) : (index, index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @relational(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = affine.min affine_map<(d0)[s0] -> (d0, s0)>(%i)[%n]
    %t = arith.muli %i, %c4 : index
    %s = arith.subi %t, %c1 : index
    %1 = affine.max affine_map<(d0, d1) -> (d0, d1)>(%s, %t)
    %u = arith.addi %n, %i : index
    %2 = affine.min affine_map<(d0, d1) -> (d0, d1 * 2)>(%u, %n)
    "test.use"(%0, %1, %2) : (index, index, index) -> ()
  }
  return
}

// Without bounds, only results comparable everywhere go.
// CHECK-LABEL: func.func @symbols(
// CHECK-NEXT: %0 = affine.min #map3()[%arg0]
// CHECK-NEXT: %1 = affine.max #map4()[%arg0, %arg1]
// CHECK-NEXT: %2 = affine.min #map5()[%arg0, %arg1]
// CHECK-NEXT: return %0, %1, %2 : index, index, index
func.func @symbols(%n: index, %m: index) -> (index, index, index) {
  %0 = affine.min affine_map<()[s0] -> (s0, s0 + 1, 7)>()[%n]
  %1 = affine.max affine_map<()[s0, s1] -> (s0, s1, s0 - 2, s1 + 3)>()[%n, %m]
  %2 = affine.min affine_map<()[s0, s1] -> (s0, s1)>()[%n, %m]
  return %0, %1, %2 : index, index, index
}

// mlir-opt 22 does not bound affine.for induction variables (dims stay dims).
// CHECK-LABEL: func.func @affine_iv(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0:2 = affine.for %arg0 = 0 to 100 iter_args(%arg1 = %c0, %arg2 = %c0) -> (index, index) {
// CHECK-NEXT: %1 = affine.min #map6(%arg0)
// CHECK-NEXT: %2 = affine.max #map7(%arg0)
// CHECK-NEXT: affine.yield %1, %2 : index, index
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : index, index
func.func @affine_iv() -> (index, index) {
  %c0 = arith.constant 0 : index
  %r:2 = affine.for %i = 0 to 100 iter_args(%a = %c0, %b = %c0) -> (index, index) {
    %0 = affine.min affine_map<(d0) -> (d0, 200)>(%i)
    %1 = affine.max affine_map<(d0) -> (d0, 200, 150, d0 + 3)>(%i)
    affine.yield %0, %1 : index, index
  }
  return %r#0, %r#1 : index, index
}

// affine.apply producers compose; the greedy driver folds constants.
// CHECK-LABEL: func.func @apply_compose(
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %0 = affine.apply #map8()[%arg0]
// CHECK-NEXT: %1 = arith.addi %0, %c8 : index
// CHECK-NEXT: return %1 : index
func.func @apply_compose(%n: index) -> index {
  %c4 = arith.constant 4 : index
  %0 = affine.apply affine_map<(d0) -> (d0 * 2)>(%n)
  %1 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%0)[%c4]
  %2 = affine.min affine_map<(d0) -> (d0 mod 4, 4)>(%1)
  %3 = affine.apply affine_map<(d0) -> (d0 + 1)>(%2)
  %4 = arith.addi %c4, %c4 : index
  %5 = arith.addi %3, %4 : index
  return %5 : index
}

// An unsigned loop between non-negative constants is bounded alike.
// CHECK-LABEL: func.func @unsigned_loop(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: scf.for unsigned %arg1 = %c0 to %c10 step %c1 {
// CHECK-NEXT: "test.use"(%arg1) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @unsigned_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  scf.for unsigned %i = %c0 to %c10 step %c1 {
    %0 = affine.min affine_map<(d0) -> (d0, 20)>(%i)
    "test.use"(%0) : (index) -> ()
  }
  return
}
