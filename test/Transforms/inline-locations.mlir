// RUN: lattice opt %s --inline="default-pipeline=''" -mlir-print-debuginfo | FileCheck %s

// Checked against mlir-opt's (LLVM 22) output with the same flags.

// Aliases of the locations used in block arguments come first.
// CHECK: [[SITE1:#loc[0-9]+]] = loc("site1")
// CHECK-NEXT: [[ARG:#loc[0-9]+]] = loc("arg")
// CHECK-NEXT: [[SITE2:#loc[0-9]+]] = loc("site2")
// CHECK-LABEL: func.func @top
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32 loc([[ADD:#loc[0-9]+]])
// CHECK-NEXT: return %0 : i32 loc(
// CHECK-LABEL: func.func @two_sites
// CHECK-NEXT: cf.br ^bb1(%arg0 : i32) loc({{#loc[0-9]+}})
// CHECK-NEXT: ^bb1(%0: i32 loc(callsite([[ARG]] at [[SITE1]]))):
// CHECK-NEXT: %1 = arith.muli %0, %0 : i32 loc([[MUL1:#loc[0-9]+]])
// CHECK-NEXT: cf.br ^bb2(%1 : i32) loc(
// CHECK-NEXT: ^bb2(%2: i32 loc("site1")):
// CHECK-NEXT: cf.br ^bb3(%2 : i32) loc(
// CHECK-NEXT: ^bb3(%3: i32 loc(callsite([[ARG]] at [[SITE2]]))):
// CHECK-NEXT: %4 = arith.muli %3, %3 : i32 loc([[MUL2:#loc[0-9]+]])
// CHECK-DAG: [[ADD]] = loc(callsite([[LEAF:#loc[0-9]+]] at [[MID_TOP:#loc[0-9]+]]))
// CHECK-DAG: [[MID_TOP]] = loc(callsite([[MID:#loc[0-9]+]] at [[TOP:#loc[0-9]+]]))
// CHECK-DAG: [[LEAF]] = loc("leaf.cc":10:8)
// CHECK-DAG: [[MID]] = loc("mid.cc":20:4)
// CHECK-DAG: [[TOP]] = loc("top.cc":30:6)
// CHECK-DAG: [[MUL1]] = loc(callsite([[MUL:#loc[0-9]+]] at [[SITE1]]))
// CHECK-DAG: [[MUL2]] = loc(callsite([[MUL]] at [[SITE2]]))
// CHECK-DAG: [[MUL]] = loc("mul")

// Inlined ops take call-site locations: callsite(<callee's location> at <call's>),
// nested call sites appended at the end of the chain; block arguments too.
func.func private @leaf(%c: i32) -> i32 {
  %b = arith.addi %c, %c : i32 loc("leaf.cc":10:8)
  return %b : i32 loc("leaf.cc":11:2)
}
func.func private @mid(%c: i32) -> i32 {
  %r = call @leaf(%c) : (i32) -> i32 loc("mid.cc":20:4)
  return %r : i32 loc("mid.cc":21:2)
}
func.func @top(%a: i32) -> i32 {
  %r = call @mid(%a) : (i32) -> i32 loc("top.cc":30:6)
  return %r : i32
}
func.func private @blocks(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x : i32 loc("arg")):
  %y = arith.muli %x, %x : i32 loc("mul")
  return %y : i32
}
func.func @two_sites(%a: i32) -> i32 {
  %r = call @blocks(%a) : (i32) -> i32 loc("site1")
  %s = call @blocks(%r) : (i32) -> i32 loc("site2")
  return %s : i32
}
