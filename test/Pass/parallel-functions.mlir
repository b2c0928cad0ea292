// Functions processed in parallel come back in their original order, each transformed.
// RUN: lattice opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: lattice opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' --mlir-disable-threading | FileCheck %s

// CHECK-LABEL: func.func @a
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: return %c3_i32
// CHECK-LABEL: func.func private @b
// CHECK-LABEL: func.func @c
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-LABEL: func.func @d
// CHECK-NEXT: call @c
func.func @a() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  return %0 : i32
}
func.func private @b(i32) -> i32
func.func @c() -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.addi %c3, %c4 : i32
  return %0 : i32
}
func.func @d() -> i32 {
  %0 = func.call @c() : () -> i32
  return %0 : i32
}
