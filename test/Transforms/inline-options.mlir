// RUN: lattice opt %s --inline="max-iterations=1" | FileCheck %s --check-prefix=ITER1
// RUN: lattice opt %s --inline="inlining-threshold=100" | FileCheck %s --check-prefix=THRESH
// RUN: lattice opt %s --inline="default-pipeline=cse" | FileCheck %s --check-prefix=CSE
// RUN: lattice opt %s --inline="default-pipeline='' op-pipelines=func.func(canonicalize,cse)" | FileCheck %s --check-prefix=OPPIPE

// CHECK lines are mlir-opt's (LLVM 22) output with the same options: one round of
// inlining (ITER1), a callee/caller size ratio of at most 100% (THRESH), cse as the
// pipeline between rounds (CSE), and a pipeline for func.func only (OPPIPE).

// ITER1: module {
// ITER1-NEXT:   func.func @entry(%arg0: i32) -> i32 {
// ITER1-NEXT:     %c6_i32 = arith.constant 6 : i32
// ITER1-NEXT:     %0 = arith.addi %arg0, %c6_i32 : i32
// ITER1-NEXT:     %c5_i32 = arith.constant 5 : i32
// ITER1-NEXT:     %1 = arith.muli %0, %c5_i32 : i32
// ITER1-NEXT:     %2 = call @cyc_a(%1) : (i32) -> i32
// ITER1-NEXT:     %3 = arith.addi %2, %2 : i32
// ITER1-NEXT:     %4 = arith.addi %3, %2 : i32
// ITER1-NEXT:     %5 = arith.addi %4, %3 : i32
// ITER1-NEXT:     %6 = arith.addi %5, %4 : i32
// ITER1-NEXT:     %7 = arith.addi %6, %5 : i32
// ITER1-NEXT:     %8 = arith.addi %7, %6 : i32
// ITER1-NEXT:     %9 = arith.addi %8, %7 : i32
// ITER1-NEXT:     %10 = arith.addi %9, %8 : i32
// ITER1-NEXT:     %11 = arith.addi %10, %9 : i32
// ITER1-NEXT:     %12 = arith.addi %11, %10 : i32
// ITER1-NEXT:     %13 = arith.addi %12, %11 : i32
// ITER1-NEXT:     return %13 : i32
// ITER1-NEXT:   }
// ITER1-NEXT:   func.func @cyc_a(%arg0: i32) -> i32 {
// ITER1-NEXT:     %c6_i32 = arith.constant 6 : i32
// ITER1-NEXT:     %0 = arith.addi %arg0, %c6_i32 : i32
// ITER1-NEXT:     %1 = call @cyc_b(%0) : (i32) -> i32
// ITER1-NEXT:     return %1 : i32
// ITER1-NEXT:   }
// ITER1-NEXT:   func.func @cyc_b(%arg0: i32) -> i32 {
// ITER1-NEXT:     %c5_i32 = arith.constant 5 : i32
// ITER1-NEXT:     %0 = arith.muli %arg0, %c5_i32 : i32
// ITER1-NEXT:     %1 = call @cyc_a(%0) : (i32) -> i32
// ITER1-NEXT:     return %1 : i32
// ITER1-NEXT:   }
// ITER1-NEXT:   func.func @big(%arg0: i32) -> i32 {
// ITER1-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// ITER1-NEXT:     %1 = arith.addi %0, %arg0 : i32
// ITER1-NEXT:     %2 = arith.addi %1, %0 : i32
// ITER1-NEXT:     %3 = arith.addi %2, %1 : i32
// ITER1-NEXT:     %4 = arith.addi %3, %2 : i32
// ITER1-NEXT:     %5 = arith.addi %4, %3 : i32
// ITER1-NEXT:     %6 = arith.addi %5, %4 : i32
// ITER1-NEXT:     %7 = arith.addi %6, %5 : i32
// ITER1-NEXT:     %8 = arith.addi %7, %6 : i32
// ITER1-NEXT:     %9 = arith.addi %8, %7 : i32
// ITER1-NEXT:     %10 = arith.addi %9, %8 : i32
// ITER1-NEXT:     return %10 : i32
// ITER1-NEXT:   }
// ITER1-NEXT: }

// THRESH: module {
// THRESH-NEXT:   func.func @entry(%arg0: i32) -> i32 {
// THRESH-NEXT:     %0 = call @cyc_a(%arg0) : (i32) -> i32
// THRESH-NEXT:     %1 = call @big(%0) : (i32) -> i32
// THRESH-NEXT:     return %1 : i32
// THRESH-NEXT:   }
// THRESH-NEXT:   func.func @cyc_a(%arg0: i32) -> i32 {
// THRESH-NEXT:     %c6_i32 = arith.constant 6 : i32
// THRESH-NEXT:     %0 = arith.addi %arg0, %c6_i32 : i32
// THRESH-NEXT:     %1 = call @cyc_b(%0) : (i32) -> i32
// THRESH-NEXT:     return %1 : i32
// THRESH-NEXT:   }
// THRESH-NEXT:   func.func @cyc_b(%arg0: i32) -> i32 {
// THRESH-NEXT:     %c5_i32 = arith.constant 5 : i32
// THRESH-NEXT:     %0 = arith.muli %arg0, %c5_i32 : i32
// THRESH-NEXT:     %1 = call @cyc_a(%0) : (i32) -> i32
// THRESH-NEXT:     return %1 : i32
// THRESH-NEXT:   }
// THRESH-NEXT:   func.func @big(%arg0: i32) -> i32 {
// THRESH-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// THRESH-NEXT:     %1 = arith.addi %0, %arg0 : i32
// THRESH-NEXT:     %2 = arith.addi %1, %0 : i32
// THRESH-NEXT:     %3 = arith.addi %2, %1 : i32
// THRESH-NEXT:     %4 = arith.addi %3, %2 : i32
// THRESH-NEXT:     %5 = arith.addi %4, %3 : i32
// THRESH-NEXT:     %6 = arith.addi %5, %4 : i32
// THRESH-NEXT:     %7 = arith.addi %6, %5 : i32
// THRESH-NEXT:     %8 = arith.addi %7, %6 : i32
// THRESH-NEXT:     %9 = arith.addi %8, %7 : i32
// THRESH-NEXT:     %10 = arith.addi %9, %8 : i32
// THRESH-NEXT:     return %10 : i32
// THRESH-NEXT:   }
// THRESH-NEXT: }

// CSE: module {
// CSE-NEXT:   func.func @entry(%arg0: i32) -> i32 {
// CSE-NEXT:     %c0_i32 = arith.constant 0 : i32
// CSE-NEXT:     %0 = arith.addi %arg0, %c0_i32 : i32
// CSE-NEXT:     %c3_i32 = arith.constant 3 : i32
// CSE-NEXT:     %1 = arith.addi %0, %c3_i32 : i32
// CSE-NEXT:     %2 = arith.addi %1, %c3_i32 : i32
// CSE-NEXT:     %c5_i32 = arith.constant 5 : i32
// CSE-NEXT:     %3 = arith.muli %2, %c5_i32 : i32
// CSE-NEXT:     %4 = arith.addi %3, %c3_i32 : i32
// CSE-NEXT:     %5 = arith.addi %4, %c3_i32 : i32
// CSE-NEXT:     %6 = arith.muli %5, %c5_i32 : i32
// CSE-NEXT:     %7 = arith.addi %6, %c3_i32 : i32
// CSE-NEXT:     %8 = arith.addi %7, %c3_i32 : i32
// CSE-NEXT:     %9 = arith.muli %8, %c5_i32 : i32
// CSE-NEXT:     %c3_i32_0 = arith.constant 3 : i32
// CSE-NEXT:     %10 = arith.addi %9, %c3_i32_0 : i32
// CSE-NEXT:     %11 = arith.addi %10, %c3_i32_0 : i32
// CSE-NEXT:     %c5_i32_1 = arith.constant 5 : i32
// CSE-NEXT:     %12 = arith.muli %11, %c5_i32_1 : i32
// CSE-NEXT:     %13 = call @cyc_a(%12) : (i32) -> i32
// CSE-NEXT:     %14 = arith.addi %13, %13 : i32
// CSE-NEXT:     %15 = arith.addi %14, %13 : i32
// CSE-NEXT:     %16 = arith.addi %15, %14 : i32
// CSE-NEXT:     %17 = arith.addi %16, %15 : i32
// CSE-NEXT:     %18 = arith.addi %17, %16 : i32
// CSE-NEXT:     %19 = arith.addi %18, %17 : i32
// CSE-NEXT:     %20 = arith.addi %19, %18 : i32
// CSE-NEXT:     %21 = arith.addi %20, %19 : i32
// CSE-NEXT:     %22 = arith.addi %21, %20 : i32
// CSE-NEXT:     %23 = arith.addi %22, %21 : i32
// CSE-NEXT:     %24 = arith.addi %23, %22 : i32
// CSE-NEXT:     return %24 : i32
// CSE-NEXT:   }
// CSE-NEXT:   func.func @cyc_a(%arg0: i32) -> i32 {
// CSE-NEXT:     %c3_i32 = arith.constant 3 : i32
// CSE-NEXT:     %0 = arith.addi %arg0, %c3_i32 : i32
// CSE-NEXT:     %1 = arith.addi %0, %c3_i32 : i32
// CSE-NEXT:     %2 = call @cyc_b(%1) : (i32) -> i32
// CSE-NEXT:     return %2 : i32
// CSE-NEXT:   }
// CSE-NEXT:   func.func @cyc_b(%arg0: i32) -> i32 {
// CSE-NEXT:     %c5_i32 = arith.constant 5 : i32
// CSE-NEXT:     %0 = arith.muli %arg0, %c5_i32 : i32
// CSE-NEXT:     %1 = call @cyc_a(%0) : (i32) -> i32
// CSE-NEXT:     return %1 : i32
// CSE-NEXT:   }
// CSE-NEXT:   func.func @big(%arg0: i32) -> i32 {
// CSE-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CSE-NEXT:     %1 = arith.addi %0, %arg0 : i32
// CSE-NEXT:     %2 = arith.addi %1, %0 : i32
// CSE-NEXT:     %3 = arith.addi %2, %1 : i32
// CSE-NEXT:     %4 = arith.addi %3, %2 : i32
// CSE-NEXT:     %5 = arith.addi %4, %3 : i32
// CSE-NEXT:     %6 = arith.addi %5, %4 : i32
// CSE-NEXT:     %7 = arith.addi %6, %5 : i32
// CSE-NEXT:     %8 = arith.addi %7, %6 : i32
// CSE-NEXT:     %9 = arith.addi %8, %7 : i32
// CSE-NEXT:     %10 = arith.addi %9, %8 : i32
// CSE-NEXT:     return %10 : i32
// CSE-NEXT:   }
// CSE-NEXT: }

// OPPIPE: module {
// OPPIPE-NEXT:   func.func @entry(%arg0: i32) -> i32 {
// OPPIPE-NEXT:     %c5_i32 = arith.constant 5 : i32
// OPPIPE-NEXT:     %c6_i32 = arith.constant 6 : i32
// OPPIPE-NEXT:     %0 = arith.addi %arg0, %c6_i32 : i32
// OPPIPE-NEXT:     %1 = arith.muli %0, %c5_i32 : i32
// OPPIPE-NEXT:     %2 = arith.addi %1, %c6_i32 : i32
// OPPIPE-NEXT:     %3 = arith.muli %2, %c5_i32 : i32
// OPPIPE-NEXT:     %4 = arith.addi %3, %c6_i32 : i32
// OPPIPE-NEXT:     %5 = arith.muli %4, %c5_i32 : i32
// OPPIPE-NEXT:     %c6_i32_0 = arith.constant 6 : i32
// OPPIPE-NEXT:     %6 = arith.addi %5, %c6_i32_0 : i32
// OPPIPE-NEXT:     %c5_i32_1 = arith.constant 5 : i32
// OPPIPE-NEXT:     %7 = arith.muli %6, %c5_i32_1 : i32
// OPPIPE-NEXT:     %8 = call @cyc_a(%7) : (i32) -> i32
// OPPIPE-NEXT:     %9 = arith.addi %8, %8 : i32
// OPPIPE-NEXT:     %10 = arith.addi %9, %8 : i32
// OPPIPE-NEXT:     %11 = arith.addi %10, %9 : i32
// OPPIPE-NEXT:     %12 = arith.addi %11, %10 : i32
// OPPIPE-NEXT:     %13 = arith.addi %12, %11 : i32
// OPPIPE-NEXT:     %14 = arith.addi %13, %12 : i32
// OPPIPE-NEXT:     %15 = arith.addi %14, %13 : i32
// OPPIPE-NEXT:     %16 = arith.addi %15, %14 : i32
// OPPIPE-NEXT:     %17 = arith.addi %16, %15 : i32
// OPPIPE-NEXT:     %18 = arith.addi %17, %16 : i32
// OPPIPE-NEXT:     %19 = arith.addi %18, %17 : i32
// OPPIPE-NEXT:     return %19 : i32
// OPPIPE-NEXT:   }
// OPPIPE-NEXT:   func.func @cyc_a(%arg0: i32) -> i32 {
// OPPIPE-NEXT:     %c6_i32 = arith.constant 6 : i32
// OPPIPE-NEXT:     %0 = arith.addi %arg0, %c6_i32 : i32
// OPPIPE-NEXT:     %1 = call @cyc_b(%0) : (i32) -> i32
// OPPIPE-NEXT:     return %1 : i32
// OPPIPE-NEXT:   }
// OPPIPE-NEXT:   func.func @cyc_b(%arg0: i32) -> i32 {
// OPPIPE-NEXT:     %c5_i32 = arith.constant 5 : i32
// OPPIPE-NEXT:     %0 = arith.muli %arg0, %c5_i32 : i32
// OPPIPE-NEXT:     %1 = call @cyc_a(%0) : (i32) -> i32
// OPPIPE-NEXT:     return %1 : i32
// OPPIPE-NEXT:   }
// OPPIPE-NEXT:   func.func @big(%arg0: i32) -> i32 {
// OPPIPE-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// OPPIPE-NEXT:     %1 = arith.addi %0, %arg0 : i32
// OPPIPE-NEXT:     %2 = arith.addi %1, %0 : i32
// OPPIPE-NEXT:     %3 = arith.addi %2, %1 : i32
// OPPIPE-NEXT:     %4 = arith.addi %3, %2 : i32
// OPPIPE-NEXT:     %5 = arith.addi %4, %3 : i32
// OPPIPE-NEXT:     %6 = arith.addi %5, %4 : i32
// OPPIPE-NEXT:     %7 = arith.addi %6, %5 : i32
// OPPIPE-NEXT:     %8 = arith.addi %7, %6 : i32
// OPPIPE-NEXT:     %9 = arith.addi %8, %7 : i32
// OPPIPE-NEXT:     %10 = arith.addi %9, %8 : i32
// OPPIPE-NEXT:     return %10 : i32
// OPPIPE-NEXT:   }
// OPPIPE-NEXT: }

// Inlining options: each RUN line gives one; the CHECK prefixes name them.
func.func @entry(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %r = call @cyc_a(%b) : (i32) -> i32
  %s = call @big(%r) : (i32) -> i32
  return %s : i32
}
func.func @cyc_a(%a: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %x = arith.addi %a, %c3 : i32
  %y = arith.addi %x, %c3 : i32
  %r = call @cyc_b(%y) : (i32) -> i32
  return %r : i32
}
func.func @cyc_b(%a: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %x = arith.muli %a, %c5 : i32
  %r = call @cyc_a(%x) : (i32) -> i32
  return %r : i32
}
func.func @big(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  %y = arith.addi %x, %a : i32
  %z = arith.addi %y, %x : i32
  %w = arith.addi %z, %y : i32
  %v = arith.addi %w, %z : i32
  %u = arith.addi %v, %w : i32
  %t = arith.addi %u, %v : i32
  %q = arith.addi %t, %u : i32
  %p = arith.addi %q, %t : i32
  %o = arith.addi %p, %q : i32
  %n = arith.addi %o, %p : i32
  return %n : i32
}
