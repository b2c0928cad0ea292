// RUN: lattice opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @exact_folds() -> (f32, f16, bf16, f64, f32, f64, f32, f16, f32, f64, f32) {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant -4.000000e+00 : f64
// CHECK-NEXT: %cst_1 = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 3.000000e+00 : f16
// CHECK-NEXT: %cst_3 = arith.constant -1.000000e+00 : bf16
// CHECK-NEXT: %cst_4 = arith.constant 1.4142135623730951 : f64
// CHECK-NEXT: %cst_5 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: %cst_6 = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: %cst_7 = arith.constant 2.000000e+00 : f16
// CHECK-NEXT: %cst_8 = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %0 = math.sqrt %cst_0 : f64
// CHECK-NEXT: return %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %cst_5, %cst_7, %cst_8, %0, %cst : f32, f16, bf16, f64, f32, f64, f32, f16, f32, f64, f32
// CHECK-NEXT: }
func.func @exact_folds() -> (f32, f16, bf16, f64, f32, f64, f32, f16, f32, f64, f32) {
  %a = arith.constant -2.5 : f32
  %h = arith.constant 2.5 : f16
  %b = arith.constant -0.5 : bf16
  %d = arith.constant 2.0 : f64
  %one = arith.constant 1.0 : f32
  %0 = math.absf %a : f32
  %1 = math.ceil %h : f16
  %2 = math.floor %b : bf16
  %3 = math.sqrt %d : f64
  %4 = math.roundeven %a : f32
  %5 = math.round %d : f64
  %6 = math.trunc %a : f32
  %7 = math.roundeven %h : f16
  %8 = math.copysign %one, %a : f32
  %neg = arith.constant -4.0 : f64
  %9 = math.sqrt %neg : f64
  %10 = math.sqrt %one : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : f32, f16, bf16, f64, f32, f64, f32, f16, f32, f64, f32
}

// CHECK-LABEL: func.func @not_folded(%arg0: f32) -> (f16, bf16, f32) {
// CHECK-NEXT: %cst = arith.constant 2.000000e+00 : f16
// CHECK-NEXT: %cst_0 = arith.constant 2.500000e+00 : bf16
// CHECK-NEXT: %0 = math.sqrt %cst : f16
// CHECK-NEXT: %1 = math.round %cst_0 : bf16
// CHECK-NEXT: %2 = math.cbrt %arg0 : f32
// CHECK-NEXT: return %0, %1, %2 : f16, bf16, f32
// CHECK-NEXT: }
func.func @not_folded(%x: f32) -> (f16, bf16, f32) {
  %h = arith.constant 2.0 : f16
  %b = arith.constant 2.5 : bf16
  %0 = math.sqrt %h : f16
  %1 = math.round %b : bf16
  %2 = math.cbrt %x : f32
  return %0, %1, %2 : f16, bf16, f32
}

// CHECK-LABEL: func.func @integer_folds() -> (i32, i8, i8, i64, i32, i32, i32, i32, i8) {
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %c4_i8 = arith.constant 4 : i8
// CHECK-NEXT: %c2_i8 = arith.constant 2 : i8
// CHECK-NEXT: %c64_i64 = arith.constant 64 : i64
// CHECK-NEXT: %c81_i32 = arith.constant 81 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c-512_i32 = arith.constant -512 : i32
// CHECK-NEXT: %c8_i8 = arith.constant 8 : i8
// CHECK-NEXT: return %c8_i32, %c4_i8, %c2_i8, %c64_i64, %c81_i32, %c-1_i32, %c0_i32, %c-512_i32, %c8_i8 : i32, i8, i8, i64, i32, i32, i32, i32, i8
// CHECK-NEXT: }
func.func @integer_folds() -> (i32, i8, i8, i64, i32, i32, i32, i32, i8) {
  %m8 = arith.constant -8 : i32
  %c12 = arith.constant 12 : i8
  %all = arith.constant -1 : i64
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %cm1 = arith.constant -1 : i32
  %cm3 = arith.constant -3 : i32
  %c0 = arith.constant 0 : i8
  %0 = math.absi %m8 : i32
  %1 = math.ctlz %c12 : i8
  %2 = math.cttz %c12 : i8
  %3 = math.ctpop %all : i64
  %4 = math.ipowi %c3, %c4 : i32
  %5 = math.ipowi %cm1, %cm3 : i32
  %6 = math.ipowi %c4, %cm1 : i32
  %7 = math.ipowi %m8, %c3 : i32
  %8 = math.cttz %c0 : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i8, i8, i64, i32, i32, i32, i32, i8
}
