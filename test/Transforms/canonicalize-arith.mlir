// RUN: lattice opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @constant_folds(%arg0: index, %arg1: index, %arg2: i1, %arg3: i32, %arg4: i32, %arg5: i32) -> (index, index, index, index, index, index, index, i1, i32, index, i32) {
// CHECK-NEXT: %c-3 = arith.constant -3 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c1 overflow<nsw> : index
// CHECK-NEXT: "test.use"(%0) : (index) -> ()
// CHECK-NEXT: %1 = arith.addi %arg0, %c3 overflow<nsw> : index
// CHECK-NEXT: "test.use"(%1) : (index) -> ()
// CHECK-NEXT: %2 = arith.subi %arg0, %c3 : index
// CHECK-NEXT: "test.use"(%2) : (index) -> ()
// CHECK-NEXT: %3 = arith.addi %arg0, %c-2 : index
// CHECK-NEXT: "test.use"(%3) : (index) -> ()
// CHECK-NEXT: %4 = arith.subi %c3, %arg0 : index
// CHECK-NEXT: "test.use"(%4) : (index) -> ()
// CHECK-NEXT: %5 = arith.subi %c2, %arg0 : index
// CHECK-NEXT: "test.use"(%5) : (index) -> ()
// CHECK-NEXT: %6 = arith.muli %arg0, %c2 : index
// CHECK-NEXT: "test.use"(%6) : (index) -> ()
// CHECK-NEXT: %7 = arith.muli %arg0, %c6 : index
// CHECK-NEXT: "test.use"(%7) : (index) -> ()
// CHECK-NEXT: %8 = arith.muli %arg1, %c-1 : index
// CHECK-NEXT: "test.use"(%8) : (index) -> ()
// CHECK-NEXT: %9 = arith.subi %arg0, %arg1 : index
// CHECK-NEXT: "test.use"(%9) : (index) -> ()
// CHECK-NEXT: %10 = arith.subi %c2, %arg0 : index
// CHECK-NEXT: "test.use"(%10) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-3) : (index) -> ()
// CHECK-NEXT: %11 = arith.cmpi slt, %arg0, %arg1 : index
// CHECK-NEXT: "test.use"(%11) : (i1) -> ()
// CHECK-NEXT: %12 = arith.cmpi sge, %arg0, %arg1 : index
// CHECK-NEXT: "test.use"(%12) : (i1) -> ()
// CHECK-NEXT: %13 = arith.select %arg2, %arg3, %arg4 : i32
// CHECK-NEXT: "test.use"(%13) : (i32) -> ()
// CHECK-NEXT: %14 = arith.select %arg2, %arg3, %arg4 : i32
// CHECK-NEXT: "test.use"(%14) : (i32) -> ()
// CHECK-NEXT: %15 = arith.index_cast %arg0 : index to i32
// CHECK-NEXT: "test.use"(%15) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (index) -> ()
// CHECK-NEXT: %16 = arith.extsi %arg5 : i32 to i64
// CHECK-NEXT: "test.use"(%16) : (i64) -> ()
// CHECK-NEXT: %17 = arith.index_cast %arg5 : i32 to index
// CHECK-NEXT: "test.use"(%17) : (index) -> ()
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg3, %arg4 : i32, i1
// CHECK-NEXT: "test.use"(%sum, %overflow) : (i32, i1) -> ()
// CHECK-NEXT: return %1, %3, %5, %7, %9, %10, %c-3, %12, %14, %arg0, %sum : index, index, index, index, index, index, index, i1, i32, index, i32
// CHECK-NEXT: }
func.func @constant_folds(%x: index, %y: index, %c: i1, %a: i32, %b: i32, %i: i32) -> (index, index, index, index, index, index, index, i1, i32, index, i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1 : index
  %0 = arith.addi %x, %c1 overflow<nsw> : index
  "test.use"(%0) : (index) -> ()
  %1 = arith.addi %0, %c2 overflow<nsw, nuw> : index
  "test.use"(%1) : (index) -> ()
  %2 = arith.subi %x, %c3 : index
  "test.use"(%2) : (index) -> ()
  %3 = arith.addi %2, %c1 : index
  "test.use"(%3) : (index) -> ()
  %4 = arith.subi %c3, %x : index
  "test.use"(%4) : (index) -> ()
  %5 = arith.subi %4, %c1 : index
  "test.use"(%5) : (index) -> ()
  %6 = arith.muli %x, %c2 : index
  "test.use"(%6) : (index) -> ()
  %7 = arith.muli %6, %c3 : index
  "test.use"(%7) : (index) -> ()
  %8 = arith.muli %y, %m1 : index
  "test.use"(%8) : (index) -> ()
  %9 = arith.addi %x, %8 : index
  "test.use"(%9) : (index) -> ()
  %10 = arith.subi %c3, %0 : index
  "test.use"(%10) : (index) -> ()
  %11 = arith.subi %2, %x : index
  "test.use"(%11) : (index) -> ()
  %cmp = arith.cmpi slt, %x, %y : index
  "test.use"(%cmp) : (i1) -> ()
  %true = arith.constant true
  %12 = arith.xori %cmp, %true : i1
  "test.use"(%12) : (i1) -> ()
  %13 = arith.select %c, %a, %b : i32
  "test.use"(%13) : (i32) -> ()
  %14 = arith.select %c, %13, %b : i32
  "test.use"(%14) : (i32) -> ()
  %15 = arith.index_cast %x : index to i32
  "test.use"(%15) : (i32) -> ()
  %16 = arith.index_cast %15 : i32 to index
  "test.use"(%16) : (index) -> ()
  %17 = arith.extsi %i : i32 to i64
  "test.use"(%17) : (i64) -> ()
  %18 = arith.index_cast %17 : i64 to index
  "test.use"(%18) : (index) -> ()
  %19:2 = arith.addui_extended %a, %b : i32, i1
  "test.use"(%19#0, %19#1) : (i32, i1) -> ()
  return %1, %3, %5, %7, %9, %10, %11, %12, %14, %16, %19#0 : index, index, index, index, index, index, index, i1, i32, index, i32
}

// CHECK-LABEL: func.func @float_folds(%arg0: i32, %arg1: i32, %arg2: i16) {
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: "test.use"(%1) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: %2 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: "test.use"(%2) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: %3 = arith.extsi %arg2 : i16 to i32
// CHECK-NEXT: "test.use"(%3) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg2) : (i16) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_folds(%a: i32, %b: i32, %s: i16) {
  %0 = arith.subi %a, %b : i32
  "test.use"(%0) : (i32) -> ()
  %1 = arith.addi %0, %b : i32
  "test.use"(%1) : (i32) -> ()
  %2 = arith.addi %b, %0 : i32
  "test.use"(%2) : (i32) -> ()
  %3 = arith.addi %a, %b : i32
  "test.use"(%3) : (i32) -> ()
  %4 = arith.subi %3, %b : i32
  "test.use"(%4) : (i32) -> ()
  %5 = arith.subi %3, %a : i32
  "test.use"(%5) : (i32) -> ()
  %6 = arith.xori %a, %b : i32
  "test.use"(%6) : (i32) -> ()
  %7 = arith.xori %6, %b : i32
  "test.use"(%7) : (i32) -> ()
  %8 = arith.xori %a, %6 : i32
  "test.use"(%8) : (i32) -> ()
  %9 = arith.extsi %s : i16 to i32
  "test.use"(%9) : (i32) -> ()
  %10 = arith.trunci %9 : i32 to i16
  "test.use"(%10) : (i16) -> ()
  return
}

// CHECK-LABEL: func.func @cancelling_chains(%arg0: index) -> (i1, i1) {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c4 : index
// CHECK-NEXT: "test.use"(%0) : (i1) -> ()
// CHECK-NEXT: %1 = arith.cmpi eq, %arg0, %c4 : index
// CHECK-NEXT: "test.use"(%1) : (i1) -> ()
// CHECK-NEXT: return %0, %1 : i1, i1
// CHECK-NEXT: }
func.func @cancelling_chains(%x: index) -> (i1, i1) {
  %c4 = arith.constant 4 : index
  %0 = arith.cmpi slt, %c4, %x : index
  "test.use"(%0) : (i1) -> ()
  %1 = arith.cmpi eq, %c4, %x : index
  "test.use"(%1) : (i1) -> ()
  return %0, %1 : i1, i1
}

// CHECK-LABEL: func.func @cmpi_swap(%arg0: i32) {
// CHECK-NEXT: %cst = arith.constant 1.401300e-45 : f32
// CHECK-NEXT: %cst_0 = arith.constant 7.000000e+00 : f16
// CHECK-NEXT: %cst_1 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT: %c4294967294 = arith.constant 4294967294 : index
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %c-2_i8 = arith.constant -2 : i8
// CHECK-NEXT: %c4294967294_i64 = arith.constant 4294967294 : i64
// CHECK-NEXT: %c-2_i64 = arith.constant -2 : i64
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %c2147483647_i32 = arith.constant 2147483647 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c14_i32 = arith.constant 14 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c-4_i32 = arith.constant -4 : i32
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: %c-14_i32 = arith.constant -14 : i32
// CHECK-NEXT: %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: "test.use"(%c5_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c9_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-14_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-4_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c14_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c7_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-2_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: %0 = arith.divsi %c7_i32, %c0_i32 : i32
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%c-2_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c4294967294_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2) : (index) -> ()
// CHECK-NEXT: "test.use"(%c4294967294) : (index) -> ()
// CHECK-NEXT: "test.use"(%c5_i32, %true) : (i32, i1) -> ()
// CHECK-NEXT: "test.use"(%c-14_i32, %c-1_i32) : (i32, i32) -> ()
// CHECK-NEXT: "test.use"(%c-14_i32, %c6_i32) : (i32, i32) -> ()
// CHECK-NEXT: "test.use"(%cst_1) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_0) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst) : (f32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cmpi_swap(%x: i32) {
  %c7 = arith.constant 7 : i32
  %c-2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %c7, %c-2 : i32
  "test.use"(%0) : (i32) -> ()
  %1 = arith.subi %c7, %c-2 : i32
  "test.use"(%1) : (i32) -> ()
  %2 = arith.muli %c7, %c-2 : i32
  "test.use"(%2) : (i32) -> ()
  %3 = arith.divsi %c7, %c-2 : i32
  "test.use"(%3) : (i32) -> ()
  %4 = arith.divui %c7, %c-2 : i32
  "test.use"(%4) : (i32) -> ()
  %5 = arith.ceildivsi %c7, %c-2 : i32
  "test.use"(%5) : (i32) -> ()
  %6 = arith.floordivsi %c7, %c-2 : i32
  "test.use"(%6) : (i32) -> ()
  %7 = arith.remsi %c7, %c-2 : i32
  "test.use"(%7) : (i32) -> ()
  %8 = arith.remui %c-2, %c7 : i32
  "test.use"(%8) : (i32) -> ()
  %9 = arith.shli %c7, %c1 : i32
  "test.use"(%9) : (i32) -> ()
  %10 = arith.shrsi %c-2, %c1 : i32
  "test.use"(%10) : (i32) -> ()
  %11 = arith.shrui %c-2, %c1 : i32
  "test.use"(%11) : (i32) -> ()
  %12 = arith.maxsi %c7, %c-2 : i32
  "test.use"(%12) : (i32) -> ()
  %13 = arith.maxui %c7, %c-2 : i32
  "test.use"(%13) : (i32) -> ()
  %14 = arith.cmpi slt, %c-2, %c7 : i32
  "test.use"(%14) : (i1) -> ()
  %15 = arith.cmpi ult, %c-2, %c7 : i32
  "test.use"(%15) : (i1) -> ()
  %16 = arith.divsi %c7, %c0 : i32
  "test.use"(%16) : (i32) -> ()
  %17 = arith.addi %x, %c0 : i32
  "test.use"(%17) : (i32) -> ()
  %18 = arith.muli %c1, %x : i32
  "test.use"(%18) : (i32) -> ()
  %19 = arith.muli %x, %c0 : i32
  "test.use"(%19) : (i32) -> ()
  %20 = arith.subi %x, %x : i32
  "test.use"(%20) : (i32) -> ()
  %21 = arith.xori %x, %x : i32
  "test.use"(%21) : (i32) -> ()
  %22 = arith.andi %x, %x : i32
  "test.use"(%22) : (i32) -> ()
  %23 = arith.cmpi sge, %x, %x : i32
  "test.use"(%23) : (i1) -> ()
  %24 = arith.extsi %c-2 : i32 to i64
  "test.use"(%24) : (i64) -> ()
  %25 = arith.extui %c-2 : i32 to i64
  "test.use"(%25) : (i64) -> ()
  %26 = arith.trunci %c-2 : i32 to i8
  "test.use"(%26) : (i8) -> ()
  %27 = arith.index_cast %c-2 : i32 to index
  "test.use"(%27) : (index) -> ()
  %28 = arith.index_castui %c-2 : i32 to index
  "test.use"(%28) : (index) -> ()
  %29:2 = arith.addui_extended %c-2, %c7 : i32, i1
  "test.use"(%29#0, %29#1) : (i32, i1) -> ()
  %30:2 = arith.mulsi_extended %c-2, %c7 : i32
  "test.use"(%30#0, %30#1) : (i32, i32) -> ()
  %31:2 = arith.mului_extended %c-2, %c7 : i32
  "test.use"(%31#0, %31#1) : (i32, i32) -> ()
  %32 = arith.sitofp %c-2 : i32 to f32
  "test.use"(%32) : (f32) -> ()
  %33 = arith.uitofp %c7 : i32 to f16
  "test.use"(%33) : (f16) -> ()
  %34 = arith.bitcast %c1 : i32 to f32
  "test.use"(%34) : (f32) -> ()
  return
}

// CHECK-LABEL: func.func @integer_folds(%arg0: f32, %arg1: i1, %arg2: i32, %arg3: i32) {
// CHECK-NEXT: %cst = arith.constant 3.000000e+00 : f16
// CHECK-NEXT: %cst_0 = arith.constant dense<4> : vector<4xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[false, false, true, true]> : vector<4xi1>
// CHECK-NEXT: %cst_2 = arith.constant dense<[2, 4, 6, 8]> : vector<4xi32>
// CHECK-NEXT: %cst_3 = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %cst_4 = arith.constant 5.000000e-01 : bf16
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %cst_5 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_6 = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %cst_7 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_8 = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %cst_9 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_10 = arith.constant -5.000000e-01 : f32
// CHECK-NEXT: %cst_11 = arith.constant 3.000000e+38 : f32
// CHECK-NEXT: %cst_12 = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: "test.use"(%cst_12) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_10) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_9) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_8) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_7) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_6) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_5) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_10) : (f32) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (f32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (f32) -> ()
// CHECK-NEXT: %0 = arith.fptosi %cst_11 : f32 to i32
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%cst_4) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_3) : (f64) -> ()
// CHECK-NEXT: "test.use"(%arg2) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg2) : (i32) -> ()
// CHECK-NEXT: "test.use"(%cst_2) : (vector<4xi32>) -> ()
// CHECK-NEXT: "test.use"(%cst_1) : (vector<4xi1>) -> ()
// CHECK-NEXT: "test.use"(%cst_0) : (vector<4xi32>) -> ()
// CHECK-NEXT: "test.use"(%cst) : (f16) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @integer_folds(%x: f32, %c: i1, %a: i32, %b: i32) {
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %nz = arith.constant -0.0 : f32
  %big = arith.constant 3.0e38 : f32
  %0 = arith.addf %one, %half : f32
  "test.use"(%0) : (f32) -> ()
  %1 = arith.subf %half, %one : f32
  "test.use"(%1) : (f32) -> ()
  %2 = arith.mulf %big, %big : f32
  "test.use"(%2) : (f32) -> ()
  %3 = arith.divf %one, %nz : f32
  "test.use"(%3) : (f32) -> ()
  %4 = arith.remf %one, %half : f32
  "test.use"(%4) : (f32) -> ()
  %5 = arith.maximumf %nz, %half : f32
  "test.use"(%5) : (f32) -> ()
  %6 = arith.minnumf %nz, %half : f32
  "test.use"(%6) : (f32) -> ()
  %7 = arith.negf %half : f32
  "test.use"(%7) : (f32) -> ()
  %8 = arith.cmpf olt, %half, %one : f32
  "test.use"(%8) : (i1) -> ()
  %9 = arith.cmpf uno, %half, %one : f32
  "test.use"(%9) : (i1) -> ()
  %10 = arith.addf %x, %nz : f32
  "test.use"(%10) : (f32) -> ()
  %11 = arith.mulf %x, %one : f32
  "test.use"(%11) : (f32) -> ()
  %12 = arith.fptosi %big : f32 to i32
  "test.use"(%12) : (i32) -> ()
  %13 = arith.fptosi %half : f32 to i32
  "test.use"(%13) : (i32) -> ()
  %14 = arith.truncf %half : f32 to bf16
  "test.use"(%14) : (bf16) -> ()
  %15 = arith.extf %half : f32 to f64
  "test.use"(%15) : (f64) -> ()
  %t = arith.constant true
  %16 = arith.select %t, %a, %b : i32
  "test.use"(%16) : (i32) -> ()
  %17 = arith.select %c, %a, %a : i32
  "test.use"(%17) : (i32) -> ()
  %v = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %s = arith.constant dense<2> : vector<4xi32>
  %18 = arith.muli %v, %s : vector<4xi32>
  "test.use"(%18) : (vector<4xi32>) -> ()
  %19 = arith.cmpi sgt, %v, %s : vector<4xi32>
  "test.use"(%19) : (vector<4xi1>) -> ()
  %20 = arith.addi %s, %s : vector<4xi32>
  "test.use"(%20) : (vector<4xi32>) -> ()
  %h = arith.constant 1.5 : f16
  %21 = arith.addf %h, %h : f16
  "test.use"(%21) : (f16) -> ()
  return
}

// CHECK-LABEL: func.func @patterns(%arg0: index, %arg1: index, %arg2: i1, %arg3: i32, %arg4: i32, %arg5: i32) -> (index, index, index, index, index, index, index, i1, i32, index, i32) {
// CHECK-NEXT: %c-3 = arith.constant -3 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c3 overflow<nsw> : index
// CHECK-NEXT: %1 = arith.addi %arg0, %c-2 : index
// CHECK-NEXT: %2 = arith.subi %c2, %arg0 : index
// CHECK-NEXT: %3 = arith.muli %arg0, %c6 : index
// CHECK-NEXT: %4 = arith.subi %arg0, %arg1 : index
// CHECK-NEXT: %5 = arith.subi %c2, %arg0 : index
// CHECK-NEXT: %6 = arith.cmpi sge, %arg0, %arg1 : index
// CHECK-NEXT: %7 = arith.select %arg2, %arg3, %arg4 : i32
// CHECK-NEXT: %8 = arith.addi %arg3, %arg4 : i32
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %c-3, %6, %7, %arg0, %8 : index, index, index, index, index, index, index, i1, i32, index, i32
// CHECK-NEXT: }
func.func @patterns(%x: index, %y: index, %c: i1, %a: i32, %b: i32, %i: i32) -> (index, index, index, index, index, index, index, i1, i32, index, i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1 : index
  %0 = arith.addi %x, %c1 overflow<nsw> : index
  %1 = arith.addi %0, %c2 overflow<nsw, nuw> : index
  %2 = arith.subi %x, %c3 : index
  %3 = arith.addi %2, %c1 : index
  %4 = arith.subi %c3, %x : index
  %5 = arith.subi %4, %c1 : index
  %6 = arith.muli %x, %c2 : index
  %7 = arith.muli %6, %c3 : index
  %8 = arith.muli %y, %m1 : index
  %9 = arith.addi %x, %8 : index
  %10 = arith.subi %c3, %0 : index
  %11 = arith.subi %2, %x : index
  %cmp = arith.cmpi slt, %x, %y : index
  %true = arith.constant true
  %12 = arith.xori %cmp, %true : i1
  %13 = arith.select %c, %a, %b : i32
  %14 = arith.select %c, %13, %b : i32
  %15 = arith.index_cast %x : index to i32
  %16 = arith.index_cast %15 : i32 to index
  %17 = arith.extsi %i : i32 to i64
  %18 = arith.index_cast %17 : i64 to index
  %19:2 = arith.addui_extended %a, %b : i32, i1
  return %1, %3, %5, %7, %9, %10, %11, %12, %14, %16, %19#0 : index, index, index, index, index, index, index, i1, i32, index, i32
}

// CHECK-LABEL: func.func @exts(%arg0: i8, %arg1: i8, %arg2: i16, %arg3: i1, %arg4: i32) -> (i32, i32, i32, i1, i1, i16, i16, i8, i32, i32, i1, i32, i32, i64, i64) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT: %1 = arith.extui %0 : i8 to i32
// CHECK-NEXT: %2 = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT: %3 = arith.extui %2 : i8 to i32
// CHECK-NEXT: %4 = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT: %5 = arith.extsi %4 : i8 to i32
// CHECK-NEXT: %6 = arith.cmpi eq, %arg0, %arg1 : i8
// CHECK-NEXT: %7 = arith.cmpi ne, %arg0, %arg1 : i8
// CHECK-NEXT: %8 = arith.extsi %arg0 : i8 to i16
// CHECK-NEXT: %9 = arith.trunci %arg4 : i32 to i8
// CHECK-NEXT: %10 = arith.extui %arg3 : i1 to i32
// CHECK-NEXT: %11 = arith.xori %arg3, %true : i1
// CHECK-NEXT: %12 = arith.extui %11 : i1 to i32
// CHECK-NEXT: %13 = arith.xori %arg3, %true : i1
// CHECK-NEXT: %14 = arith.select %arg3, %c1_i32, %arg4 : i32
// CHECK-NEXT: %15 = arith.extsi %arg0 : i8 to i64
// CHECK-NEXT: %16 = arith.extui %arg0 : i8 to i64
// CHECK-NEXT: return %1, %3, %5, %6, %7, %8, %arg2, %9, %10, %12, %13, %14, %10, %15, %16 : i32, i32, i32, i1, i1, i16, i16, i8, i32, i32, i1, i32, i32, i64, i64
// CHECK-NEXT: }
func.func @exts(%a: i8, %b: i8, %c: i16, %p: i1, %q: i32) -> (i32, i32, i32, i1, i1, i16, i16, i8, i32, i32, i1, i32, i32, i64, i64) {
  %0 = arith.extui %a : i8 to i32
  %1 = arith.extui %b : i8 to i32
  %2 = arith.xori %0, %1 : i32
  %3 = arith.andi %0, %1 : i32
  %s0 = arith.extsi %a : i8 to i32
  %s1 = arith.extsi %b : i8 to i32
  %4 = arith.ori %s0, %s1 : i32
  %5 = arith.cmpi eq, %s0, %s1 : i32
  %6 = arith.cmpi ne, %0, %1 : i32
  %w = arith.extsi %a : i8 to i64
  %7 = arith.trunci %w : i64 to i16
  %ex = arith.extui %c : i16 to i64
  %8 = arith.trunci %ex : i64 to i16
  %9 = arith.trunci %ex : i64 to i8
  %t1 = arith.trunci %q : i32 to i16
  %10 = arith.trunci %t1 : i16 to i8
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %11 = arith.select %p, %c1, %c0 : i32
  %12 = arith.select %p, %c0, %c1 : i32
  %t = arith.constant true
  %f = arith.constant false
  %13 = arith.select %p, %f, %t : i1
  %n = arith.xori %p, %t : i1
  %14 = arith.select %n, %q, %c1 : i32
  %e1 = arith.extsi %a : i8 to i16
  %e2 = arith.extsi %e1 : i16 to i64
  %u1 = arith.extui %a : i8 to i16
  %u2 = arith.extui %u1 : i16 to i64
  %idx = arith.index_cast %t1 : i16 to index
  return %2, %3, %4, %5, %6, %7, %8, %10, %11, %12, %13, %14, %11, %e2, %u2 : i32, i32, i32, i1, i1, i16, i16, i8, i32, i32, i1, i32, i32, i64, i64
}
