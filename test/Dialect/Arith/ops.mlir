// RUN: lattice opt %s | FileCheck %s

// CHECK-LABEL: func.func @int_binary(%arg0: i32, %arg1: i32, %arg2: index, %arg3: index) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %2 = arith.addi %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT: %3 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: %4 = arith.subi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %5 = arith.muli %arg2, %arg3 overflow<nsw, nuw> : index
// CHECK-NEXT: %6 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %7 = arith.divsi %arg0, %arg1 exact : i32
// CHECK-NEXT: %8 = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT: %9 = arith.ceildivsi %arg2, %arg3 : index
// CHECK-NEXT: %10 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT: %11 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %12 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT: %13 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT: %14 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT: %15 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: %16 = arith.shli %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %17 = arith.shrui %arg0, %arg1 exact : i32
// CHECK-NEXT: %18 = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT: %19 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: %20 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT: %21 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT: %22 = arith.minui %arg0, %arg1 : i32
// CHECK-NEXT: %23 = arith.addi %arg0, %arg1 {tag = "x"} : i32
// CHECK-NEXT: %24 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @int_binary(%a: i32, %b: i32, %i: index, %j: index) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.addi %a, %b overflow<nuw> : i32
  %3 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %4 = arith.subi %a, %b overflow<nsw> : i32
  %5 = arith.muli %i, %j overflow<nuw, nsw> : index
  %6 = arith.divui %a, %b : i32
  %7 = arith.divsi %a, %b exact : i32
  %8 = arith.ceildivui %a, %b : i32
  %9 = arith.ceildivsi %i, %j : index
  %10 = arith.floordivsi %a, %b : i32
  %11 = arith.remui %a, %b : i32
  %12 = arith.remsi %a, %b : i32
  %13 = arith.andi %a, %b : i32
  %14 = arith.ori %a, %b : i32
  %15 = arith.xori %a, %b : i32
  %16 = arith.shli %a, %b overflow<nsw> : i32
  %17 = arith.shrui %a, %b exact : i32
  %18 = arith.shrsi %a, %b : i32
  %19 = arith.maxsi %a, %b : i32
  %20 = arith.maxui %a, %b : i32
  %21 = arith.minsi %a, %b : i32
  %22 = arith.minui %a, %b : i32
  %23 = arith.addi %a, %b {tag = "x"} : i32
  %24 = arith.subi %a, %b overflow<none> : i32
  return
}

// CHECK-LABEL: func.func @extended(%arg0: i32, %arg1: i32, %arg2: vector<4xi32>) -> (i32, i1) {
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %sum_0, %overflow_1 = arith.addui_extended %arg2, %arg2 : vector<4xi32>, vector<4xi1>
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: %low_2, %high_3 = arith.mului_extended %arg2, %arg2 : vector<4xi32>
// CHECK-NEXT: return %sum, %overflow : i32, i1
// CHECK-NEXT: }
func.func @extended(%a: i32, %b: i32, %v: vector<4xi32>) -> (i32, i1) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %vs:2 = arith.addui_extended %v, %v : vector<4xi32>, vector<4xi1>
  %l, %h = arith.mulsi_extended %a, %b : i32
  %l2, %h2 = arith.mului_extended %v, %v : vector<4xi32>
  return %s, %o : i32, i1
}

// CHECK-LABEL: func.func @float_ops(%arg0: f32, %arg1: f32, %arg2: vector<4xf64>, %arg3: tensor<?xbf16>) {
// CHECK-NEXT: %0 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: %1 = arith.subf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %2 = arith.mulf %arg0, %arg1 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %3 = arith.divf %arg0, %arg1 fastmath<reassoc,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %4 = arith.remf %arg0, %arg1 : f32
// CHECK-NEXT: %5 = arith.maximumf %arg2, %arg2 : vector<4xf64>
// CHECK-NEXT: %6 = arith.minimumf %arg0, %arg1 : f32
// CHECK-NEXT: %7 = arith.maxnumf %arg3, %arg3 fastmath<nnan> : tensor<?xbf16>
// CHECK-NEXT: %8 = arith.minnumf %arg0, %arg1 : f32
// CHECK-NEXT: %9 = arith.negf %arg0 : f32
// CHECK-NEXT: %10 = arith.negf %arg0 fastmath<contract> : f32
// CHECK-NEXT: %11 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: %12 = arith.mulf %arg0, %arg1 fastmath<fast> {tag} : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @float_ops(%x: f32, %y: f32, %v: vector<4xf64>, %t: tensor<?xbf16>) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %x, %y fastmath<fast> : f32
  %2 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
  %3 = arith.divf %x, %y fastmath<reassoc,nsz,arcp,contract,afn> : f32
  %4 = arith.remf %x, %y : f32
  %5 = arith.maximumf %v, %v : vector<4xf64>
  %6 = arith.minimumf %x, %y : f32
  %7 = arith.maxnumf %t, %t fastmath<nnan> : tensor<?xbf16>
  %8 = arith.minnumf %x, %y : f32
  %9 = arith.negf %x : f32
  %10 = arith.negf %x fastmath<contract> : f32
  %11 = arith.addf %x, %y fastmath<none> : f32
  %12 = arith.mulf %x, %y fastmath<fast> {tag} : f32
  return
}

// CHECK-LABEL: func.func @compare(%arg0: i32, %arg1: i32, %arg2: f64, %arg3: f64, %arg4: vector<4xindex>, %arg5: tensor<2x?xf32>) {
// CHECK-NEXT: %0 = arith.cmpi eq, %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: %3 = arith.cmpi sle, %arg0, %arg1 : i32
// CHECK-NEXT: %4 = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: %6 = arith.cmpi ult, %arg0, %arg1 : i32
// CHECK-NEXT: %7 = arith.cmpi ule, %arg0, %arg1 : i32
// CHECK-NEXT: %8 = arith.cmpi ugt, %arg0, %arg1 : i32
// CHECK-NEXT: %9 = arith.cmpi uge, %arg4, %arg4 : vector<4xindex>
// CHECK-NEXT: %10 = arith.cmpf false, %arg2, %arg3 : f64
// CHECK-NEXT: %11 = arith.cmpf oeq, %arg2, %arg3 : f64
// CHECK-NEXT: %12 = arith.cmpf ogt, %arg2, %arg3 : f64
// CHECK-NEXT: %13 = arith.cmpf oge, %arg2, %arg3 : f64
// CHECK-NEXT: %14 = arith.cmpf olt, %arg2, %arg3 : f64
// CHECK-NEXT: %15 = arith.cmpf ole, %arg2, %arg3 : f64
// CHECK-NEXT: %16 = arith.cmpf one, %arg2, %arg3 : f64
// CHECK-NEXT: %17 = arith.cmpf ord, %arg2, %arg3 : f64
// CHECK-NEXT: %18 = arith.cmpf ueq, %arg2, %arg3 : f64
// CHECK-NEXT: %19 = arith.cmpf ugt, %arg2, %arg3 : f64
// CHECK-NEXT: %20 = arith.cmpf uge, %arg2, %arg3 : f64
// CHECK-NEXT: %21 = arith.cmpf ult, %arg2, %arg3 : f64
// CHECK-NEXT: %22 = arith.cmpf ule, %arg2, %arg3 : f64
// CHECK-NEXT: %23 = arith.cmpf une, %arg2, %arg3 fastmath<fast> : f64
// CHECK-NEXT: %24 = arith.cmpf uno, %arg5, %arg5 : tensor<2x?xf32>
// CHECK-NEXT: %25 = arith.cmpf true, %arg2, %arg3 : f64
// CHECK-NEXT: %26 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @compare(%a: i32, %b: i32, %x: f64, %y: f64, %v: vector<4xindex>, %t: tensor<2x?xf32>) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %v, %v : vector<4xindex>
  %10 = arith.cmpf false, %x, %y : f64
  %11 = arith.cmpf oeq, %x, %y : f64
  %12 = arith.cmpf ogt, %x, %y : f64
  %13 = arith.cmpf oge, %x, %y : f64
  %14 = arith.cmpf olt, %x, %y : f64
  %15 = arith.cmpf ole, %x, %y : f64
  %16 = arith.cmpf one, %x, %y : f64
  %17 = arith.cmpf ord, %x, %y : f64
  %18 = arith.cmpf ueq, %x, %y : f64
  %19 = arith.cmpf ugt, %x, %y : f64
  %20 = arith.cmpf uge, %x, %y : f64
  %21 = arith.cmpf ult, %x, %y : f64
  %22 = arith.cmpf ule, %x, %y : f64
  %23 = arith.cmpf une, %x, %y fastmath<fast> : f64
  %24 = arith.cmpf uno, %t, %t : tensor<2x?xf32>
  %25 = arith.cmpf true, %x, %y : f64
  %26 = arith.cmpi "slt", %a, %b : i32
  return
}

// CHECK-LABEL: func.func @select(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: vector<4xi1>, %arg4: vector<4xf32>, %arg5: tensor<4xf32>) {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.select %arg3, %arg4, %arg4 : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %2 = arith.select %arg0, %arg4, %arg4 : vector<4xf32>
// CHECK-NEXT: %3 = arith.select %arg0, %arg5, %arg5 {tag} : tensor<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @select(%c: i1, %a: i32, %b: i32, %vc: vector<4xi1>, %v: vector<4xf32>, %t: tensor<4xf32>) {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xf32>
  %2 = arith.select %c, %v, %v : vector<4xf32>
  %3 = arith.select %c, %t, %t {tag} : tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f32, %arg2: index, %arg3: vector<2xi32>, %arg4: memref<4xi32>, %arg5: memref<4xf32>) {
// CHECK-NEXT: %0 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT: %1 = arith.extsi %arg3 : vector<2xi32> to vector<2xi64>
// CHECK-NEXT: %2 = arith.trunci %arg0 : i32 to i8
// CHECK-NEXT: %3 = arith.trunci %arg0 overflow<nsw, nuw> : i32 to i16
// CHECK-NEXT: %4 = arith.extf %arg1 : f32 to f64
// CHECK-NEXT: %5 = arith.extf %arg1 fastmath<fast> : f32 to f64
// CHECK-NEXT: %6 = arith.truncf %arg1 : f32 to bf16
// CHECK-NEXT: %7 = arith.truncf %arg1 to_nearest_even : f32 to f16
// CHECK-NEXT: %8 = arith.truncf %arg1 downward fastmath<nnan> : f32 to f16
// CHECK-NEXT: %9 = arith.truncf %arg1 upward : f32 to f16
// CHECK-NEXT: %10 = arith.truncf %arg1 toward_zero : f32 to f16
// CHECK-NEXT: %11 = arith.truncf %arg1 to_nearest_away : f32 to f16
// CHECK-NEXT: %12 = arith.uitofp %arg0 : i32 to f32
// CHECK-NEXT: %13 = arith.sitofp %arg0 : i32 to f64
// CHECK-NEXT: %14 = arith.fptoui %arg1 : f32 to i32
// CHECK-NEXT: %15 = arith.fptosi %arg1 : f32 to i64
// CHECK-NEXT: %16 = arith.index_cast %arg2 : index to i32
// CHECK-NEXT: %17 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: %18 = arith.index_castui %arg2 : index to i64
// CHECK-NEXT: %19 = arith.index_cast %arg4 : memref<4xi32> to memref<4xindex>
// CHECK-NEXT: %20 = arith.bitcast %arg0 : i32 to f32
// CHECK-NEXT: %21 = arith.bitcast %arg5 : memref<4xf32> to memref<4xi32>
// CHECK-NEXT: %22 = arith.bitcast %arg3 : vector<2xi32> to vector<2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @casts(%a: i32, %x: f32, %i: index, %v: vector<2xi32>, %m: memref<4xi32>, %mf: memref<4xf32>) {
  %0 = arith.extui %a : i32 to i64
  %1 = arith.extsi %v : vector<2xi32> to vector<2xi64>
  %2 = arith.trunci %a : i32 to i8
  %3 = arith.trunci %a overflow<nsw, nuw> : i32 to i16
  %4 = arith.extf %x : f32 to f64
  %5 = arith.extf %x fastmath<fast> : f32 to f64
  %6 = arith.truncf %x : f32 to bf16
  %7 = arith.truncf %x to_nearest_even : f32 to f16
  %8 = arith.truncf %x downward fastmath<nnan> : f32 to f16
  %9 = arith.truncf %x upward : f32 to f16
  %10 = arith.truncf %x toward_zero : f32 to f16
  %11 = arith.truncf %x to_nearest_away : f32 to f16
  %12 = arith.uitofp %a : i32 to f32
  %13 = arith.sitofp %a : i32 to f64
  %14 = arith.fptoui %x : f32 to i32
  %15 = arith.fptosi %x : f32 to i64
  %16 = arith.index_cast %i : index to i32
  %17 = arith.index_cast %a : i32 to index
  %18 = arith.index_castui %i : index to i64
  %19 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %20 = arith.bitcast %a : i32 to f32
  %21 = arith.bitcast %mf : memref<4xf32> to memref<4xi32>
  %22 = arith.bitcast %v : vector<2xi32> to vector<2xf32>
  return
}

// CHECK-LABEL: func.func @scaling(%arg0: f4E2M1FN, %arg1: f8E8M0FNU, %arg2: f32, %arg3: vector<32xf4E2M1FN>, %arg4: vector<32xf8E8M0FNU>) {
// CHECK-NEXT: %0 = arith.scaling_extf %arg0, %arg1 : f4E2M1FN, f8E8M0FNU to f32
// CHECK-NEXT: %1 = arith.scaling_extf %arg3, %arg4 fastmath<fast> : vector<32xf4E2M1FN>, vector<32xf8E8M0FNU> to vector<32xbf16>
// CHECK-NEXT: %2 = arith.scaling_truncf %arg2, %arg1 : f32, f8E8M0FNU to f4E2M1FN
// CHECK-NEXT: %3 = arith.scaling_truncf %arg2, %arg1 toward_zero fastmath<nnan> : f32, f8E8M0FNU to f4E2M1FN
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @scaling(%x: f4E2M1FN, %s: f8E8M0FNU, %y: f32, %vx: vector<32xf4E2M1FN>, %vs: vector<32xf8E8M0FNU>) {
  %0 = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
  %1 = arith.scaling_extf %vx, %vs fastmath<fast> : vector<32xf4E2M1FN>, vector<32xf8E8M0FNU> to vector<32xbf16>
  %2 = arith.scaling_truncf %y, %s : f32, f8E8M0FNU to f4E2M1FN
  %3 = arith.scaling_truncf %y, %s toward_zero fastmath<nnan> : f32, f8E8M0FNU to f4E2M1FN
  return
}

// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: %c-7 = arith.constant -7 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant -0.000000e+00 : f64
// CHECK-NEXT: %cst_1 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_2 = arith.constant 1.500000e+00 : f16
// CHECK-NEXT: %cst_3 = arith.constant 2.500000e+00 : bf16
// CHECK-NEXT: %cst_4 = arith.constant dense<1> : vector<4xi32>
// CHECK-NEXT: %cst_5 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %cst_6 = arith.constant dense<true> : vector<2xi1>
// CHECK-NEXT: %c7_i128 = arith.constant 7 : i128
// CHECK-NEXT: %c5_i8 = arith.constant {tag} 5 : i8
// CHECK-NEXT: %c42_i32_7 = arith.constant 42 : i32
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %true_8 = arith.constant true
// CHECK-NEXT: %cst_9 = arith.constant dense<[1, 2, 3]> : vector<3xindex>
// CHECK-NEXT: %cst_10 = arith.constant 1.000000e-10 : f64
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @constants() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 42 : i32
  %2 = arith.constant -1 : i64
  %3 = arith.constant -7 : index
  %4 = arith.constant true
  %5 = arith.constant false
  %6 = arith.constant 1.0 : f32
  %7 = arith.constant -0.0 : f64
  %8 = arith.constant 0x7FC00000 : f32
  %9 = arith.constant 1.5 : f16
  %10 = arith.constant 2.5 : bf16
  %11 = arith.constant dense<1> : vector<4xi32>
  %12 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %13 = arith.constant dense<true> : vector<2xi1>
  %14 = arith.constant 7 : i128
  %15 = arith.constant {tag} 5 : i8
  %16 = arith.constant 42 : i32
  %17 = arith.constant 255 : i8
  %18 = arith.constant 1 : i1
  %19 = arith.constant dense<[1, 2, 3]> : vector<3xindex>
  %20 = arith.constant 1.0e-10 : f64
  return
}
