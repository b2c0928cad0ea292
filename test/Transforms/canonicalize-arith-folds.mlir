// RUN: lattice opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s
// Constant folding of every arith op over edge values (signed/unsigned extremes,
// -0.0, NaN, infinities, inexact conversions); CHECK lines are mlir-opt's output.

// CHECK-LABEL: func.func @constant_folds() {
// CHECK-NEXT: %cst = arith.constant dense<[true, true, false, false]> : vector<4xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<[8, 16, 24, 32]> : vector<4xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[3, 3, 3, 4]> : vector<4xi32>
// CHECK-NEXT: %cst_2 = arith.constant dense<[1, 2, 0, 1]> : vector<4xi32>
// CHECK-NEXT: %cst_3 = arith.constant dense<[0, 0, 1, 1]> : vector<4xi32>
// CHECK-NEXT: %cst_4 = arith.constant dense<[3, 6, 9, 12]> : vector<4xi32>
// CHECK-NEXT: %cst_5 = arith.constant dense<[4, 5, 6, 7]> : vector<4xi32>
// CHECK-NEXT: %c9214871658872686752_i64 = arith.constant 9214871658872686752 : i64
// CHECK-NEXT: %c-4610560118520545280_i64 = arith.constant -4610560118520545280 : i64
// CHECK-NEXT: %cst_6 = arith.constant -2.500000e+00 : f32
// CHECK-NEXT: %cst_7 = arith.constant -2.500000e+00 : f16
// CHECK-NEXT: %c-2_i64 = arith.constant -2 : i64
// CHECK-NEXT: %c2143289344_i32 = arith.constant 2143289344 : i32
// CHECK-NEXT: %c2139095040_i32 = arith.constant 2139095040 : i32
// CHECK-NEXT: %c1036831949_i32 = arith.constant 1036831949 : i32
// CHECK-NEXT: %cst_8 = arith.constant 0.10000000149011612 : f64
// CHECK-NEXT: %c-2147483648_i32 = arith.constant -2147483648 : i32
// CHECK-NEXT: %c-158_i16 = arith.constant -158 : i16
// CHECK-NEXT: %cst_9 = arith.constant -3.0040552704739099E+38 : f64
// CHECK-NEXT: %cst_10 = arith.constant -3.00405527E+38 : f32
// CHECK-NEXT: %c0_i16 = arith.constant 0 : i16
// CHECK-NEXT: %c32256_i16 = arith.constant 32256 : i16
// CHECK-NEXT: %c15872_i16 = arith.constant 15872 : i16
// CHECK-NEXT: %cst_11 = arith.constant 1.500000e+00 : f64
// CHECK-NEXT: %cst_12 = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT: %c-32768_i16 = arith.constant -32768 : i16
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c9007199254740993 = arith.constant 9007199254740993 : index
// CHECK-NEXT: %cst_13 = arith.constant 0x4340000000000000 : f64
// CHECK-NEXT: %cst_14 = arith.constant 9.00719925E+15 : f32
// CHECK-NEXT: %cst_15 = arith.constant 9.007190e+15 : bf16
// CHECK-NEXT: %c16777217 = arith.constant 16777217 : index
// CHECK-NEXT: %cst_16 = arith.constant 0x4170000010000000 : f64
// CHECK-NEXT: %cst_17 = arith.constant 0x4B800000 : f32
// CHECK-NEXT: %cst_18 = arith.constant 1.677720e+07 : bf16
// CHECK-NEXT: %c16777217_i64 = arith.constant 16777217 : i64
// CHECK-NEXT: %c1_i16 = arith.constant 1 : i16
// CHECK-NEXT: %c4294967295 = arith.constant 4294967295 : index
// CHECK-NEXT: %cst_19 = arith.constant 0x41EFFFFFFFE00000 : f64
// CHECK-NEXT: %cst_20 = arith.constant 4.2949673E+9 : f32
// CHECK-NEXT: %cst_21 = arith.constant 4.294970e+09 : bf16
// CHECK-NEXT: %cst_22 = arith.constant 0x7C00 : f16
// CHECK-NEXT: %c4294967295_i64 = arith.constant 4294967295 : i64
// CHECK-NEXT: %c-128 = arith.constant -128 : index
// CHECK-NEXT: %cst_23 = arith.constant 1.280000e+02 : f64
// CHECK-NEXT: %cst_24 = arith.constant -1.280000e+02 : f64
// CHECK-NEXT: %cst_25 = arith.constant 1.280000e+02 : f32
// CHECK-NEXT: %cst_26 = arith.constant -1.280000e+02 : f32
// CHECK-NEXT: %cst_27 = arith.constant 1.280000e+02 : bf16
// CHECK-NEXT: %cst_28 = arith.constant -1.280000e+02 : bf16
// CHECK-NEXT: %cst_29 = arith.constant 1.280000e+02 : f16
// CHECK-NEXT: %cst_30 = arith.constant -1.280000e+02 : f16
// CHECK-NEXT: %c128_i64 = arith.constant 128 : i64
// CHECK-NEXT: %c-128_i64 = arith.constant -128 : i64
// CHECK-NEXT: %c128_i16 = arith.constant 128 : i16
// CHECK-NEXT: %c-128_i16 = arith.constant -128 : i16
// CHECK-NEXT: %c255 = arith.constant 255 : index
// CHECK-NEXT: %cst_31 = arith.constant 2.550000e+02 : f64
// CHECK-NEXT: %cst_32 = arith.constant -1.000000e+00 : f64
// CHECK-NEXT: %cst_33 = arith.constant 2.550000e+02 : f32
// CHECK-NEXT: %cst_34 = arith.constant -1.000000e+00 : f32
// CHECK-NEXT: %cst_35 = arith.constant 2.550000e+02 : bf16
// CHECK-NEXT: %cst_36 = arith.constant -1.000000e+00 : bf16
// CHECK-NEXT: %cst_37 = arith.constant 2.550000e+02 : f16
// CHECK-NEXT: %cst_38 = arith.constant -1.000000e+00 : f16
// CHECK-NEXT: %c255_i64 = arith.constant 255 : i64
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: %c255_i16 = arith.constant 255 : i16
// CHECK-NEXT: %c-1_i16 = arith.constant -1 : i16
// CHECK-NEXT: %cst_39 = arith.constant -4.000000e+307 : f64
// CHECK-NEXT: %cst_40 = arith.constant -2.500000e-308 : f64
// CHECK-NEXT: %cst_41 = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %cst_42 = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: %cst_43 = arith.constant 0xFFF0000000000000 : f64
// CHECK-NEXT: %cst_44 = arith.constant 6.250000e+00 : f64
// CHECK-NEXT: %cst_45 = arith.constant -0.000000e+00 : f64
// CHECK-NEXT: %cst_46 = arith.constant -1.000000e+308 : f64
// CHECK-NEXT: %cst_47 = arith.constant 2.500000e+00 : f64
// CHECK-NEXT: %cst_48 = arith.constant 0x7FF0000000000000 : f64
// CHECK-NEXT: %cst_49 = arith.constant -5.000000e+00 : f64
// CHECK-NEXT: %cst_50 = arith.constant 0xFFC00000 : f32
// CHECK-NEXT: %cst_51 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_52 = arith.constant 0.0100000007 : f32
// CHECK-NEXT: %cst_53 = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %cst_54 = arith.constant -1.000000e-01 : f32
// CHECK-NEXT: %cst_55 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_56 = arith.constant 2.000000e-01 : f32
// CHECK-NEXT: %cst_57 = arith.constant 1.000000e+00 : bf16
// CHECK-NEXT: %cst_58 = arith.constant 0x7FC0 : bf16
// CHECK-NEXT: %cst_59 = arith.constant 0x7F80 : bf16
// CHECK-NEXT: %cst_60 = arith.constant -0.000000e+00 : bf16
// CHECK-NEXT: %cst_61 = arith.constant 3.004060e+38 : bf16
// CHECK-NEXT: %cst_62 = arith.constant 0xFF80 : bf16
// CHECK-NEXT: %cst_63 = arith.constant 0xFE00 : f16
// CHECK-NEXT: %cst_64 = arith.constant 1.000000e+00 : f16
// CHECK-NEXT: %cst_65 = arith.constant 0xFC00 : f16
// CHECK-NEXT: %cst_66 = arith.constant 2.250000e+00 : f16
// CHECK-NEXT: %cst_67 = arith.constant -1.500000e+00 : f16
// CHECK-NEXT: %cst_68 = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %cst_69 = arith.constant 3.000000e+00 : f16
// CHECK-NEXT: %c-5 = arith.constant -5 : index
// CHECK-NEXT: %c9223372036854775803 = arith.constant 9223372036854775803 : index
// CHECK-NEXT: %c144115188075855871 = arith.constant 144115188075855871 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c128 = arith.constant 128 : index
// CHECK-NEXT: %c-1152 = arith.constant -1152 : index
// CHECK-NEXT: %c896 = arith.constant 896 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %c2635249153387078801 = arith.constant 2635249153387078801 : index
// CHECK-NEXT: %c81 = arith.constant 81 : index
// CHECK-NEXT: %c-63 = arith.constant -63 : index
// CHECK-NEXT: %c49 = arith.constant 49 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %c-6 = arith.constant -6 : index
// CHECK-NEXT: %c-10 = arith.constant -10 : index
// CHECK-NEXT: %c-16 = arith.constant -16 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c-8 = arith.constant -8 : index
// CHECK-NEXT: %c-18 = arith.constant -18 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %c14 = arith.constant 14 : index
// CHECK-NEXT: %c2147483645_i32 = arith.constant 2147483645 : i32
// CHECK-NEXT: %c-715827883_i32 = arith.constant -715827883 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c-715827882_i32 = arith.constant -715827882 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c-2147483645_i32 = arith.constant -2147483645 : i32
// CHECK-NEXT: %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT: %c-2147483646_i32 = arith.constant -2147483646 : i32
// CHECK-NEXT: %c2147483646_i32 = arith.constant 2147483646 : i32
// CHECK-NEXT: %c-2147483647_i32 = arith.constant -2147483647 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %c2147483644_i32 = arith.constant 2147483644 : i32
// CHECK-NEXT: %c-6_i32 = arith.constant -6 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c-64_i8 = arith.constant -64 : i8
// CHECK-NEXT: %c64_i8 = arith.constant 64 : i8
// CHECK-NEXT: %c63_i8 = arith.constant 63 : i8
// CHECK-NEXT: %c3_i8 = arith.constant 3 : i8
// CHECK-NEXT: %cst_70 = arith.constant 1.000000e+308 : f64
// CHECK-NEXT: %cst_71 = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %cst_72 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %cst_73 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_74 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_75 = arith.constant 1.000000e-01 : f32
// CHECK-NEXT: %cst_76 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_77 = arith.constant -3.004060e+38 : bf16
// CHECK-NEXT: %cst_78 = arith.constant 0.000000e+00 : bf16
// CHECK-NEXT: %cst_79 = arith.constant 0x7E00 : f16
// CHECK-NEXT: %cst_80 = arith.constant 1.500000e+00 : f16
// CHECK-NEXT: %cst_81 = arith.constant -0.000000e+00 : f16
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c-9 = arith.constant -9 : index
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %c2147483647_i32 = arith.constant 2147483647 : i32
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c127_i8 = arith.constant 127 : i8
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c2_i8 = arith.constant 2 : i8
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c-127_i8 = arith.constant -127 : i8
// CHECK-NEXT: %c-2_i8 = arith.constant -2 : i8
// CHECK-NEXT: %c126_i8 = arith.constant 126 : i8
// CHECK-NEXT: %c-126_i8 = arith.constant -126 : i8
// CHECK-NEXT: %0 = arith.divsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %1 = arith.ceildivsi %c1_i8, %c-128_i8 : i8
// CHECK-NEXT: %2 = arith.ceildivsi %c-1_i8, %c-128_i8 : i8
// CHECK-NEXT: %3 = arith.ceildivsi %c127_i8, %c-128_i8 : i8
// CHECK-NEXT: %4 = arith.ceildivsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %5 = arith.ceildivsi %c-128_i8, %c127_i8 : i8
// CHECK-NEXT: %6 = arith.ceildivsi %c-128_i8, %c-128_i8 : i8
// CHECK-NEXT: %7 = arith.floordivsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %8 = arith.shli %c1_i8, %c-1_i8 : i8
// CHECK-NEXT: %9 = arith.shli %c1_i8, %c127_i8 : i8
// CHECK-NEXT: %10 = arith.shli %c1_i8, %c-128_i8 : i8
// CHECK-NEXT: %11 = arith.shli %c-1_i8, %c-1_i8 : i8
// CHECK-NEXT: %12 = arith.shli %c-1_i8, %c127_i8 : i8
// CHECK-NEXT: %13 = arith.shli %c-1_i8, %c-128_i8 : i8
// CHECK-NEXT: %14 = arith.shli %c127_i8, %c-1_i8 : i8
// CHECK-NEXT: %15 = arith.shli %c127_i8, %c127_i8 : i8
// CHECK-NEXT: %16 = arith.shli %c127_i8, %c-128_i8 : i8
// CHECK-NEXT: %17 = arith.shli %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %18 = arith.shli %c-128_i8, %c127_i8 : i8
// CHECK-NEXT: %19 = arith.shli %c-128_i8, %c-128_i8 : i8
// CHECK-NEXT: %20 = arith.shrui %c1_i8, %c-1_i8 : i8
// CHECK-NEXT: %21 = arith.shrui %c1_i8, %c127_i8 : i8
// CHECK-NEXT: %22 = arith.shrui %c1_i8, %c-128_i8 : i8
// CHECK-NEXT: %23 = arith.shrui %c-1_i8, %c-1_i8 : i8
// CHECK-NEXT: %24 = arith.shrui %c-1_i8, %c127_i8 : i8
// CHECK-NEXT: %25 = arith.shrui %c-1_i8, %c-128_i8 : i8
// CHECK-NEXT: %26 = arith.shrui %c127_i8, %c-1_i8 : i8
// CHECK-NEXT: %27 = arith.shrui %c127_i8, %c127_i8 : i8
// CHECK-NEXT: %28 = arith.shrui %c127_i8, %c-128_i8 : i8
// CHECK-NEXT: %29 = arith.shrui %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %30 = arith.shrui %c-128_i8, %c127_i8 : i8
// CHECK-NEXT: %31 = arith.shrui %c-128_i8, %c-128_i8 : i8
// CHECK-NEXT: %32 = arith.shrsi %c1_i8, %c-1_i8 : i8
// CHECK-NEXT: %33 = arith.shrsi %c1_i8, %c127_i8 : i8
// CHECK-NEXT: %34 = arith.shrsi %c1_i8, %c-128_i8 : i8
// CHECK-NEXT: %35 = arith.shrsi %c-1_i8, %c-1_i8 : i8
// CHECK-NEXT: %36 = arith.shrsi %c-1_i8, %c127_i8 : i8
// CHECK-NEXT: %37 = arith.shrsi %c-1_i8, %c-128_i8 : i8
// CHECK-NEXT: %38 = arith.shrsi %c127_i8, %c-1_i8 : i8
// CHECK-NEXT: %39 = arith.shrsi %c127_i8, %c127_i8 : i8
// CHECK-NEXT: %40 = arith.shrsi %c127_i8, %c-128_i8 : i8
// CHECK-NEXT: %41 = arith.shrsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %42 = arith.shrsi %c-128_i8, %c127_i8 : i8
// CHECK-NEXT: %43 = arith.shrsi %c-128_i8, %c-128_i8 : i8
// CHECK-NEXT: %44 = arith.divui %c0_i32, %c0_i32 : i32
// CHECK-NEXT: %45 = arith.divui %c-3_i32, %c0_i32 : i32
// CHECK-NEXT: %46 = arith.divui %c2147483647_i32, %c0_i32 : i32
// CHECK-NEXT: %47 = arith.divsi %c0_i32, %c0_i32 : i32
// CHECK-NEXT: %48 = arith.divsi %c-3_i32, %c0_i32 : i32
// CHECK-NEXT: %49 = arith.divsi %c2147483647_i32, %c0_i32 : i32
// CHECK-NEXT: %50 = arith.ceildivui %c0_i32, %c0_i32 : i32
// CHECK-NEXT: %51 = arith.ceildivui %c-3_i32, %c0_i32 : i32
// CHECK-NEXT: %52 = arith.ceildivui %c2147483647_i32, %c0_i32 : i32
// CHECK-NEXT: %53 = arith.ceildivsi %c0_i32, %c0_i32 : i32
// CHECK-NEXT: %54 = arith.ceildivsi %c-3_i32, %c0_i32 : i32
// CHECK-NEXT: %55 = arith.ceildivsi %c2147483647_i32, %c0_i32 : i32
// CHECK-NEXT: %56 = arith.floordivsi %c0_i32, %c0_i32 : i32
// CHECK-NEXT: %57 = arith.floordivsi %c-3_i32, %c0_i32 : i32
// CHECK-NEXT: %58 = arith.floordivsi %c2147483647_i32, %c0_i32 : i32
// CHECK-NEXT: %59 = arith.remui %c0_i32, %c0_i32 : i32
// CHECK-NEXT: %60 = arith.remui %c-3_i32, %c0_i32 : i32
// CHECK-NEXT: %61 = arith.remui %c2147483647_i32, %c0_i32 : i32
// CHECK-NEXT: %62 = arith.remsi %c0_i32, %c0_i32 : i32
// CHECK-NEXT: %63 = arith.remsi %c-3_i32, %c0_i32 : i32
// CHECK-NEXT: %64 = arith.remsi %c2147483647_i32, %c0_i32 : i32
// CHECK-NEXT: %65 = arith.shli %c0_i32, %c-3_i32 : i32
// CHECK-NEXT: %66 = arith.shli %c0_i32, %c2147483647_i32 : i32
// CHECK-NEXT: %67 = arith.shli %c-3_i32, %c-3_i32 : i32
// CHECK-NEXT: %68 = arith.shli %c-3_i32, %c2147483647_i32 : i32
// CHECK-NEXT: %69 = arith.shli %c2147483647_i32, %c-3_i32 : i32
// CHECK-NEXT: %70 = arith.shli %c2147483647_i32, %c2147483647_i32 : i32
// CHECK-NEXT: %71 = arith.shrui %c0_i32, %c-3_i32 : i32
// CHECK-NEXT: %72 = arith.shrui %c0_i32, %c2147483647_i32 : i32
// CHECK-NEXT: %73 = arith.shrui %c-3_i32, %c-3_i32 : i32
// CHECK-NEXT: %74 = arith.shrui %c-3_i32, %c2147483647_i32 : i32
// CHECK-NEXT: %75 = arith.shrui %c2147483647_i32, %c-3_i32 : i32
// CHECK-NEXT: %76 = arith.shrui %c2147483647_i32, %c2147483647_i32 : i32
// CHECK-NEXT: %77 = arith.shrsi %c0_i32, %c-3_i32 : i32
// CHECK-NEXT: %78 = arith.shrsi %c0_i32, %c2147483647_i32 : i32
// CHECK-NEXT: %79 = arith.shrsi %c-3_i32, %c-3_i32 : i32
// CHECK-NEXT: %80 = arith.shrsi %c-3_i32, %c2147483647_i32 : i32
// CHECK-NEXT: %81 = arith.shrsi %c2147483647_i32, %c-3_i32 : i32
// CHECK-NEXT: %82 = arith.shrsi %c2147483647_i32, %c2147483647_i32 : i32
// CHECK-NEXT: %83 = arith.shli %c7, %c-9 : index
// CHECK-NEXT: %84 = arith.shli %c-9, %c-9 : index
// CHECK-NEXT: %85 = arith.shli %c1, %c-9 : index
// CHECK-NEXT: %86 = arith.shrui %c7, %c-9 : index
// CHECK-NEXT: %87 = arith.shrui %c-9, %c-9 : index
// CHECK-NEXT: %88 = arith.shrui %c1, %c-9 : index
// CHECK-NEXT: %89 = arith.shrsi %c7, %c-9 : index
// CHECK-NEXT: %90 = arith.shrsi %c-9, %c-9 : index
// CHECK-NEXT: %91 = arith.shrsi %c1, %c-9 : index
// CHECK-NEXT: %92 = arith.fptosi %cst_79 : f16 to i8
// CHECK-NEXT: %93 = arith.fptoui %cst_79 : f16 to i8
// CHECK-NEXT: %94 = arith.fptosi %cst_79 : f16 to i64
// CHECK-NEXT: %95 = arith.fptoui %cst_79 : f16 to i64
// CHECK-NEXT: %96 = arith.fptosi %cst_77 : bf16 to i8
// CHECK-NEXT: %97 = arith.fptoui %cst_77 : bf16 to i8
// CHECK-NEXT: %98 = arith.fptosi %cst_77 : bf16 to i64
// CHECK-NEXT: %99 = arith.fptoui %cst_77 : bf16 to i64
// CHECK-NEXT: %100 = arith.truncf %cst_75 : f32 to f16
// CHECK-NEXT: %101 = arith.fptosi %cst_74 : f32 to i8
// CHECK-NEXT: %102 = arith.fptoui %cst_74 : f32 to i8
// CHECK-NEXT: %103 = arith.fptosi %cst_74 : f32 to i64
// CHECK-NEXT: %104 = arith.fptoui %cst_74 : f32 to i64
// CHECK-NEXT: %105 = arith.fptosi %cst_73 : f32 to i8
// CHECK-NEXT: %106 = arith.fptoui %cst_73 : f32 to i8
// CHECK-NEXT: %107 = arith.fptosi %cst_73 : f32 to i64
// CHECK-NEXT: %108 = arith.fptoui %cst_73 : f32 to i64
// CHECK-NEXT: %109 = arith.fptoui %cst_71 : f64 to i8
// CHECK-NEXT: %110 = arith.fptoui %cst_71 : f64 to i64
// CHECK-NEXT: %111 = arith.fptosi %cst_70 : f64 to i8
// CHECK-NEXT: %112 = arith.fptoui %cst_70 : f64 to i8
// CHECK-NEXT: %113 = arith.fptosi %cst_70 : f64 to i64
// CHECK-NEXT: %114 = arith.fptoui %cst_70 : f64 to i64
// CHECK-NEXT: %115 = arith.truncf %cst_70 : f64 to f16
// CHECK-NEXT: %116 = arith.truncf %cst_70 : f64 to f32
// CHECK-NEXT: "test.use"(%c2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c126_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c126_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-126_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c126_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%0) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c3_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%1) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%2) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%3) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%4) : (i8) -> ()
// CHECK-NEXT: "test.use"(%5) : (i8) -> ()
// CHECK-NEXT: "test.use"(%6) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%7) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c126_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c126_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%9) : (i8) -> ()
// CHECK-NEXT: "test.use"(%10) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%11) : (i8) -> ()
// CHECK-NEXT: "test.use"(%12) : (i8) -> ()
// CHECK-NEXT: "test.use"(%13) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%14) : (i8) -> ()
// CHECK-NEXT: "test.use"(%15) : (i8) -> ()
// CHECK-NEXT: "test.use"(%16) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%17) : (i8) -> ()
// CHECK-NEXT: "test.use"(%18) : (i8) -> ()
// CHECK-NEXT: "test.use"(%19) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%20) : (i8) -> ()
// CHECK-NEXT: "test.use"(%21) : (i8) -> ()
// CHECK-NEXT: "test.use"(%22) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%23) : (i8) -> ()
// CHECK-NEXT: "test.use"(%24) : (i8) -> ()
// CHECK-NEXT: "test.use"(%25) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c63_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%26) : (i8) -> ()
// CHECK-NEXT: "test.use"(%27) : (i8) -> ()
// CHECK-NEXT: "test.use"(%28) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c64_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%29) : (i8) -> ()
// CHECK-NEXT: "test.use"(%30) : (i8) -> ()
// CHECK-NEXT: "test.use"(%31) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%32) : (i8) -> ()
// CHECK-NEXT: "test.use"(%33) : (i8) -> ()
// CHECK-NEXT: "test.use"(%34) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%35) : (i8) -> ()
// CHECK-NEXT: "test.use"(%36) : (i8) -> ()
// CHECK-NEXT: "test.use"(%37) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c63_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%38) : (i8) -> ()
// CHECK-NEXT: "test.use"(%39) : (i8) -> ()
// CHECK-NEXT: "test.use"(%40) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-64_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%41) : (i8) -> ()
// CHECK-NEXT: "test.use"(%42) : (i8) -> ()
// CHECK-NEXT: "test.use"(%43) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c127_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-128_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-6_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483644_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483644_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-2_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483646_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-2147483646_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c9_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-2147483645_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-2147483645_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%44) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%45) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%46) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%47) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%48) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%49) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-715827882_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%50) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%51) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%52) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%53) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%54) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%55) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-715827882_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%56) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%57) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%58) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-715827883_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%59) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%60) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483646_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%61) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%62) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%63) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%64) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483645_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483645_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-1_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-2147483646_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-2147483646_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%65) : (i32) -> ()
// CHECK-NEXT: "test.use"(%66) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%67) : (i32) -> ()
// CHECK-NEXT: "test.use"(%68) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%69) : (i32) -> ()
// CHECK-NEXT: "test.use"(%70) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%71) : (i32) -> ()
// CHECK-NEXT: "test.use"(%72) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%73) : (i32) -> ()
// CHECK-NEXT: "test.use"(%74) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%75) : (i32) -> ()
// CHECK-NEXT: "test.use"(%76) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%77) : (i32) -> ()
// CHECK-NEXT: "test.use"(%78) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%79) : (i32) -> ()
// CHECK-NEXT: "test.use"(%80) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%81) : (i32) -> ()
// CHECK-NEXT: "test.use"(%82) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c-3_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c2147483647_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%c14) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-2) : (index) -> ()
// CHECK-NEXT: "test.use"(%c8) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-2) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-18) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-8) : (index) -> ()
// CHECK-NEXT: "test.use"(%c8) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-8) : (index) -> ()
// CHECK-NEXT: "test.use"(%c2) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c16) : (index) -> ()
// CHECK-NEXT: "test.use"(%c6) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-16) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-10) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-6) : (index) -> ()
// CHECK-NEXT: "test.use"(%c10) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c49) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-63) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-63) : (index) -> ()
// CHECK-NEXT: "test.use"(%c81) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c2635249153387078801) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c2635249153387078801) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-2) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-2) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-16) : (index) -> ()
// CHECK-NEXT: "test.use"(%c6) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-16) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-10) : (index) -> ()
// CHECK-NEXT: "test.use"(%c6) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-10) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c896) : (index) -> ()
// CHECK-NEXT: "test.use"(%83) : (index) -> ()
// CHECK-NEXT: "test.use"(%c14) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-1152) : (index) -> ()
// CHECK-NEXT: "test.use"(%84) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-18) : (index) -> ()
// CHECK-NEXT: "test.use"(%c128) : (index) -> ()
// CHECK-NEXT: "test.use"(%85) : (index) -> ()
// CHECK-NEXT: "test.use"(%c2) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%86) : (index) -> ()
// CHECK-NEXT: "test.use"(%c3) : (index) -> ()
// CHECK-NEXT: "test.use"(%c144115188075855871) : (index) -> ()
// CHECK-NEXT: "test.use"(%87) : (index) -> ()
// CHECK-NEXT: "test.use"(%c9223372036854775803) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%88) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%89) : (index) -> ()
// CHECK-NEXT: "test.use"(%c3) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-1) : (index) -> ()
// CHECK-NEXT: "test.use"(%90) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-5) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%91) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c7) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-9) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1) : (index) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_69) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_68) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_67) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_68) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_68) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_66) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_65) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_64) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_68) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_80) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_68) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_67) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_63) : (f16) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_62) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_61) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_60) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_60) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_59) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_58) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_60) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_62) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_57) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_58) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_58) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_60) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_78) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_77) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_60) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_61) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_56) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_55) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_54) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_53) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_55) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_53) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_55) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_52) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_53) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_51) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_55) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_53) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_55) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_75) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_74) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_55) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_54) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_53) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_50) : (f32) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_49) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_48) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_47) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_46) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_46) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_45) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_45) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_44) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_43) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_43) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_48) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_42) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_45) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_43) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_41) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_40) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_48) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_39) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_41) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_42) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_42) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_45) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_42) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_41) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_71) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_70) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_45) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_47) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_46) : (f64) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.use"(%c-1_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%c255_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%c-1_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c255_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_38) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_37) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_36) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_35) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_34) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_33) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_32) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_31) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c-1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c255) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-128_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%c128_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%c-128_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c128_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_30) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_29) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_28) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_27) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_26) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_25) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_24) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_23) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c-128) : (index) -> ()
// CHECK-NEXT: "test.use"(%c128) : (index) -> ()
// CHECK-NEXT: "test.use"(%c-1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-1_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%c-1_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c4294967295_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_38) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_22) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_36) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_21) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_34) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_20) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_32) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_19) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c-1) : (index) -> ()
// CHECK-NEXT: "test.use"(%c4294967295) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%c16777217_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c16777217_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_22) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_22) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_18) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_18) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_17) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_17) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_16) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_16) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c16777217) : (index) -> ()
// CHECK-NEXT: "test.use"(%c16777217) : (index) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%cst_22) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_22) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_15) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_15) : (bf16) -> ()
// CHECK-NEXT: "test.use"(%cst_14) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_14) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_13) : (f64) -> ()
// CHECK-NEXT: "test.use"(%cst_13) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c9007199254740993) : (index) -> ()
// CHECK-NEXT: "test.use"(%c9007199254740993) : (index) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_76) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_45) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c-32768_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c1_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c1_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_12) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_11) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c15872_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%92) : (i8) -> ()
// CHECK-NEXT: "test.use"(%93) : (i8) -> ()
// CHECK-NEXT: "test.use"(%94) : (i64) -> ()
// CHECK-NEXT: "test.use"(%95) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_73) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_42) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c32256_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_55) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_72) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c0_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%96) : (i8) -> ()
// CHECK-NEXT: "test.use"(%97) : (i8) -> ()
// CHECK-NEXT: "test.use"(%98) : (i64) -> ()
// CHECK-NEXT: "test.use"(%99) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_10) : (f32) -> ()
// CHECK-NEXT: "test.use"(%cst_9) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c-158_i16) : (i16) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_81) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_45) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c-2147483648_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%100) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_8) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c1036831949_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%101) : (i8) -> ()
// CHECK-NEXT: "test.use"(%102) : (i8) -> ()
// CHECK-NEXT: "test.use"(%103) : (i64) -> ()
// CHECK-NEXT: "test.use"(%104) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_22) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_48) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c2139095040_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%105) : (i8) -> ()
// CHECK-NEXT: "test.use"(%106) : (i8) -> ()
// CHECK-NEXT: "test.use"(%107) : (i64) -> ()
// CHECK-NEXT: "test.use"(%108) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_79) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_42) : (f64) -> ()
// CHECK-NEXT: "test.use"(%c2143289344_i32) : (i32) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_68) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_55) : (f32) -> ()
// CHECK-NEXT: "test.use"(%c0_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%c-2_i8) : (i8) -> ()
// CHECK-NEXT: "test.use"(%109) : (i8) -> ()
// CHECK-NEXT: "test.use"(%c-2_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%110) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_7) : (f16) -> ()
// CHECK-NEXT: "test.use"(%cst_6) : (f32) -> ()
// CHECK-NEXT: "test.use"(%c-4610560118520545280_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%111) : (i8) -> ()
// CHECK-NEXT: "test.use"(%112) : (i8) -> ()
// CHECK-NEXT: "test.use"(%113) : (i64) -> ()
// CHECK-NEXT: "test.use"(%114) : (i64) -> ()
// CHECK-NEXT: "test.use"(%115) : (f16) -> ()
// CHECK-NEXT: "test.use"(%116) : (f32) -> ()
// CHECK-NEXT: "test.use"(%c9214871658872686752_i64) : (i64) -> ()
// CHECK-NEXT: "test.use"(%cst_5) : (vector<4xi32>) -> ()
// CHECK-NEXT: "test.use"(%cst_4) : (vector<4xi32>) -> ()
// CHECK-NEXT: "test.use"(%cst_3) : (vector<4xi32>) -> ()
// CHECK-NEXT: "test.use"(%cst_2) : (vector<4xi32>) -> ()
// CHECK-NEXT: "test.use"(%cst_1) : (vector<4xi32>) -> ()
// CHECK-NEXT: "test.use"(%cst_0) : (vector<4xi32>) -> ()
// CHECK-NEXT: "test.use"(%cst) : (vector<4xi1>) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @constant_folds() {
  %k1 = arith.constant 1 : i8
  %k2 = arith.constant -1 : i8
  %k3 = arith.constant 127 : i8
  %k4 = arith.constant -128 : i8
  %r5 = arith.addi %k1, %k1 : i8
  %r6 = arith.addi %k1, %k2 : i8
  %r7 = arith.addi %k1, %k3 : i8
  %r8 = arith.addi %k1, %k4 : i8
  %r9 = arith.addi %k2, %k1 : i8
  %r10 = arith.addi %k2, %k2 : i8
  %r11 = arith.addi %k2, %k3 : i8
  %r12 = arith.addi %k2, %k4 : i8
  %r13 = arith.addi %k3, %k1 : i8
  %r14 = arith.addi %k3, %k2 : i8
  %r15 = arith.addi %k3, %k3 : i8
  %r16 = arith.addi %k3, %k4 : i8
  %r17 = arith.addi %k4, %k1 : i8
  %r18 = arith.addi %k4, %k2 : i8
  %r19 = arith.addi %k4, %k3 : i8
  %r20 = arith.addi %k4, %k4 : i8
  %r21 = arith.subi %k1, %k1 : i8
  %r22 = arith.subi %k1, %k2 : i8
  %r23 = arith.subi %k1, %k3 : i8
  %r24 = arith.subi %k1, %k4 : i8
  %r25 = arith.subi %k2, %k1 : i8
  %r26 = arith.subi %k2, %k2 : i8
  %r27 = arith.subi %k2, %k3 : i8
  %r28 = arith.subi %k2, %k4 : i8
  %r29 = arith.subi %k3, %k1 : i8
  %r30 = arith.subi %k3, %k2 : i8
  %r31 = arith.subi %k3, %k3 : i8
  %r32 = arith.subi %k3, %k4 : i8
  %r33 = arith.subi %k4, %k1 : i8
  %r34 = arith.subi %k4, %k2 : i8
  %r35 = arith.subi %k4, %k3 : i8
  %r36 = arith.subi %k4, %k4 : i8
  %r37 = arith.muli %k1, %k1 : i8
  %r38 = arith.muli %k1, %k2 : i8
  %r39 = arith.muli %k1, %k3 : i8
  %r40 = arith.muli %k1, %k4 : i8
  %r41 = arith.muli %k2, %k1 : i8
  %r42 = arith.muli %k2, %k2 : i8
  %r43 = arith.muli %k2, %k3 : i8
  %r44 = arith.muli %k2, %k4 : i8
  %r45 = arith.muli %k3, %k1 : i8
  %r46 = arith.muli %k3, %k2 : i8
  %r47 = arith.muli %k3, %k3 : i8
  %r48 = arith.muli %k3, %k4 : i8
  %r49 = arith.muli %k4, %k1 : i8
  %r50 = arith.muli %k4, %k2 : i8
  %r51 = arith.muli %k4, %k3 : i8
  %r52 = arith.muli %k4, %k4 : i8
  %r53 = arith.divui %k1, %k1 : i8
  %r54 = arith.divui %k1, %k2 : i8
  %r55 = arith.divui %k1, %k3 : i8
  %r56 = arith.divui %k1, %k4 : i8
  %r57 = arith.divui %k2, %k1 : i8
  %r58 = arith.divui %k2, %k2 : i8
  %r59 = arith.divui %k2, %k3 : i8
  %r60 = arith.divui %k2, %k4 : i8
  %r61 = arith.divui %k3, %k1 : i8
  %r62 = arith.divui %k3, %k2 : i8
  %r63 = arith.divui %k3, %k3 : i8
  %r64 = arith.divui %k3, %k4 : i8
  %r65 = arith.divui %k4, %k1 : i8
  %r66 = arith.divui %k4, %k2 : i8
  %r67 = arith.divui %k4, %k3 : i8
  %r68 = arith.divui %k4, %k4 : i8
  %r69 = arith.divsi %k1, %k1 : i8
  %r70 = arith.divsi %k1, %k2 : i8
  %r71 = arith.divsi %k1, %k3 : i8
  %r72 = arith.divsi %k1, %k4 : i8
  %r73 = arith.divsi %k2, %k1 : i8
  %r74 = arith.divsi %k2, %k2 : i8
  %r75 = arith.divsi %k2, %k3 : i8
  %r76 = arith.divsi %k2, %k4 : i8
  %r77 = arith.divsi %k3, %k1 : i8
  %r78 = arith.divsi %k3, %k2 : i8
  %r79 = arith.divsi %k3, %k3 : i8
  %r80 = arith.divsi %k3, %k4 : i8
  %r81 = arith.divsi %k4, %k1 : i8
  %r82 = arith.divsi %k4, %k2 : i8
  %r83 = arith.divsi %k4, %k3 : i8
  %r84 = arith.divsi %k4, %k4 : i8
  %r85 = arith.ceildivui %k1, %k1 : i8
  %r86 = arith.ceildivui %k1, %k2 : i8
  %r87 = arith.ceildivui %k1, %k3 : i8
  %r88 = arith.ceildivui %k1, %k4 : i8
  %r89 = arith.ceildivui %k2, %k1 : i8
  %r90 = arith.ceildivui %k2, %k2 : i8
  %r91 = arith.ceildivui %k2, %k3 : i8
  %r92 = arith.ceildivui %k2, %k4 : i8
  %r93 = arith.ceildivui %k3, %k1 : i8
  %r94 = arith.ceildivui %k3, %k2 : i8
  %r95 = arith.ceildivui %k3, %k3 : i8
  %r96 = arith.ceildivui %k3, %k4 : i8
  %r97 = arith.ceildivui %k4, %k1 : i8
  %r98 = arith.ceildivui %k4, %k2 : i8
  %r99 = arith.ceildivui %k4, %k3 : i8
  %r100 = arith.ceildivui %k4, %k4 : i8
  %r101 = arith.ceildivsi %k1, %k1 : i8
  %r102 = arith.ceildivsi %k1, %k2 : i8
  %r103 = arith.ceildivsi %k1, %k3 : i8
  %r104 = arith.ceildivsi %k1, %k4 : i8
  %r105 = arith.ceildivsi %k2, %k1 : i8
  %r106 = arith.ceildivsi %k2, %k2 : i8
  %r107 = arith.ceildivsi %k2, %k3 : i8
  %r108 = arith.ceildivsi %k2, %k4 : i8
  %r109 = arith.ceildivsi %k3, %k1 : i8
  %r110 = arith.ceildivsi %k3, %k2 : i8
  %r111 = arith.ceildivsi %k3, %k3 : i8
  %r112 = arith.ceildivsi %k3, %k4 : i8
  %r113 = arith.ceildivsi %k4, %k1 : i8
  %r114 = arith.ceildivsi %k4, %k2 : i8
  %r115 = arith.ceildivsi %k4, %k3 : i8
  %r116 = arith.ceildivsi %k4, %k4 : i8
  %r117 = arith.floordivsi %k1, %k1 : i8
  %r118 = arith.floordivsi %k1, %k2 : i8
  %r119 = arith.floordivsi %k1, %k3 : i8
  %r120 = arith.floordivsi %k1, %k4 : i8
  %r121 = arith.floordivsi %k2, %k1 : i8
  %r122 = arith.floordivsi %k2, %k2 : i8
  %r123 = arith.floordivsi %k2, %k3 : i8
  %r124 = arith.floordivsi %k2, %k4 : i8
  %r125 = arith.floordivsi %k3, %k1 : i8
  %r126 = arith.floordivsi %k3, %k2 : i8
  %r127 = arith.floordivsi %k3, %k3 : i8
  %r128 = arith.floordivsi %k3, %k4 : i8
  %r129 = arith.floordivsi %k4, %k1 : i8
  %r130 = arith.floordivsi %k4, %k2 : i8
  %r131 = arith.floordivsi %k4, %k3 : i8
  %r132 = arith.floordivsi %k4, %k4 : i8
  %r133 = arith.remui %k1, %k1 : i8
  %r134 = arith.remui %k1, %k2 : i8
  %r135 = arith.remui %k1, %k3 : i8
  %r136 = arith.remui %k1, %k4 : i8
  %r137 = arith.remui %k2, %k1 : i8
  %r138 = arith.remui %k2, %k2 : i8
  %r139 = arith.remui %k2, %k3 : i8
  %r140 = arith.remui %k2, %k4 : i8
  %r141 = arith.remui %k3, %k1 : i8
  %r142 = arith.remui %k3, %k2 : i8
  %r143 = arith.remui %k3, %k3 : i8
  %r144 = arith.remui %k3, %k4 : i8
  %r145 = arith.remui %k4, %k1 : i8
  %r146 = arith.remui %k4, %k2 : i8
  %r147 = arith.remui %k4, %k3 : i8
  %r148 = arith.remui %k4, %k4 : i8
  %r149 = arith.remsi %k1, %k1 : i8
  %r150 = arith.remsi %k1, %k2 : i8
  %r151 = arith.remsi %k1, %k3 : i8
  %r152 = arith.remsi %k1, %k4 : i8
  %r153 = arith.remsi %k2, %k1 : i8
  %r154 = arith.remsi %k2, %k2 : i8
  %r155 = arith.remsi %k2, %k3 : i8
  %r156 = arith.remsi %k2, %k4 : i8
  %r157 = arith.remsi %k3, %k1 : i8
  %r158 = arith.remsi %k3, %k2 : i8
  %r159 = arith.remsi %k3, %k3 : i8
  %r160 = arith.remsi %k3, %k4 : i8
  %r161 = arith.remsi %k4, %k1 : i8
  %r162 = arith.remsi %k4, %k2 : i8
  %r163 = arith.remsi %k4, %k3 : i8
  %r164 = arith.remsi %k4, %k4 : i8
  %r165 = arith.andi %k1, %k1 : i8
  %r166 = arith.andi %k1, %k2 : i8
  %r167 = arith.andi %k1, %k3 : i8
  %r168 = arith.andi %k1, %k4 : i8
  %r169 = arith.andi %k2, %k1 : i8
  %r170 = arith.andi %k2, %k2 : i8
  %r171 = arith.andi %k2, %k3 : i8
  %r172 = arith.andi %k2, %k4 : i8
  %r173 = arith.andi %k3, %k1 : i8
  %r174 = arith.andi %k3, %k2 : i8
  %r175 = arith.andi %k3, %k3 : i8
  %r176 = arith.andi %k3, %k4 : i8
  %r177 = arith.andi %k4, %k1 : i8
  %r178 = arith.andi %k4, %k2 : i8
  %r179 = arith.andi %k4, %k3 : i8
  %r180 = arith.andi %k4, %k4 : i8
  %r181 = arith.ori %k1, %k1 : i8
  %r182 = arith.ori %k1, %k2 : i8
  %r183 = arith.ori %k1, %k3 : i8
  %r184 = arith.ori %k1, %k4 : i8
  %r185 = arith.ori %k2, %k1 : i8
  %r186 = arith.ori %k2, %k2 : i8
  %r187 = arith.ori %k2, %k3 : i8
  %r188 = arith.ori %k2, %k4 : i8
  %r189 = arith.ori %k3, %k1 : i8
  %r190 = arith.ori %k3, %k2 : i8
  %r191 = arith.ori %k3, %k3 : i8
  %r192 = arith.ori %k3, %k4 : i8
  %r193 = arith.ori %k4, %k1 : i8
  %r194 = arith.ori %k4, %k2 : i8
  %r195 = arith.ori %k4, %k3 : i8
  %r196 = arith.ori %k4, %k4 : i8
  %r197 = arith.xori %k1, %k1 : i8
  %r198 = arith.xori %k1, %k2 : i8
  %r199 = arith.xori %k1, %k3 : i8
  %r200 = arith.xori %k1, %k4 : i8
  %r201 = arith.xori %k2, %k1 : i8
  %r202 = arith.xori %k2, %k2 : i8
  %r203 = arith.xori %k2, %k3 : i8
  %r204 = arith.xori %k2, %k4 : i8
  %r205 = arith.xori %k3, %k1 : i8
  %r206 = arith.xori %k3, %k2 : i8
  %r207 = arith.xori %k3, %k3 : i8
  %r208 = arith.xori %k3, %k4 : i8
  %r209 = arith.xori %k4, %k1 : i8
  %r210 = arith.xori %k4, %k2 : i8
  %r211 = arith.xori %k4, %k3 : i8
  %r212 = arith.xori %k4, %k4 : i8
  %r213 = arith.shli %k1, %k1 : i8
  %r214 = arith.shli %k1, %k2 : i8
  %r215 = arith.shli %k1, %k3 : i8
  %r216 = arith.shli %k1, %k4 : i8
  %r217 = arith.shli %k2, %k1 : i8
  %r218 = arith.shli %k2, %k2 : i8
  %r219 = arith.shli %k2, %k3 : i8
  %r220 = arith.shli %k2, %k4 : i8
  %r221 = arith.shli %k3, %k1 : i8
  %r222 = arith.shli %k3, %k2 : i8
  %r223 = arith.shli %k3, %k3 : i8
  %r224 = arith.shli %k3, %k4 : i8
  %r225 = arith.shli %k4, %k1 : i8
  %r226 = arith.shli %k4, %k2 : i8
  %r227 = arith.shli %k4, %k3 : i8
  %r228 = arith.shli %k4, %k4 : i8
  %r229 = arith.shrui %k1, %k1 : i8
  %r230 = arith.shrui %k1, %k2 : i8
  %r231 = arith.shrui %k1, %k3 : i8
  %r232 = arith.shrui %k1, %k4 : i8
  %r233 = arith.shrui %k2, %k1 : i8
  %r234 = arith.shrui %k2, %k2 : i8
  %r235 = arith.shrui %k2, %k3 : i8
  %r236 = arith.shrui %k2, %k4 : i8
  %r237 = arith.shrui %k3, %k1 : i8
  %r238 = arith.shrui %k3, %k2 : i8
  %r239 = arith.shrui %k3, %k3 : i8
  %r240 = arith.shrui %k3, %k4 : i8
  %r241 = arith.shrui %k4, %k1 : i8
  %r242 = arith.shrui %k4, %k2 : i8
  %r243 = arith.shrui %k4, %k3 : i8
  %r244 = arith.shrui %k4, %k4 : i8
  %r245 = arith.shrsi %k1, %k1 : i8
  %r246 = arith.shrsi %k1, %k2 : i8
  %r247 = arith.shrsi %k1, %k3 : i8
  %r248 = arith.shrsi %k1, %k4 : i8
  %r249 = arith.shrsi %k2, %k1 : i8
  %r250 = arith.shrsi %k2, %k2 : i8
  %r251 = arith.shrsi %k2, %k3 : i8
  %r252 = arith.shrsi %k2, %k4 : i8
  %r253 = arith.shrsi %k3, %k1 : i8
  %r254 = arith.shrsi %k3, %k2 : i8
  %r255 = arith.shrsi %k3, %k3 : i8
  %r256 = arith.shrsi %k3, %k4 : i8
  %r257 = arith.shrsi %k4, %k1 : i8
  %r258 = arith.shrsi %k4, %k2 : i8
  %r259 = arith.shrsi %k4, %k3 : i8
  %r260 = arith.shrsi %k4, %k4 : i8
  %r261 = arith.maxsi %k1, %k1 : i8
  %r262 = arith.maxsi %k1, %k2 : i8
  %r263 = arith.maxsi %k1, %k3 : i8
  %r264 = arith.maxsi %k1, %k4 : i8
  %r265 = arith.maxsi %k2, %k1 : i8
  %r266 = arith.maxsi %k2, %k2 : i8
  %r267 = arith.maxsi %k2, %k3 : i8
  %r268 = arith.maxsi %k2, %k4 : i8
  %r269 = arith.maxsi %k3, %k1 : i8
  %r270 = arith.maxsi %k3, %k2 : i8
  %r271 = arith.maxsi %k3, %k3 : i8
  %r272 = arith.maxsi %k3, %k4 : i8
  %r273 = arith.maxsi %k4, %k1 : i8
  %r274 = arith.maxsi %k4, %k2 : i8
  %r275 = arith.maxsi %k4, %k3 : i8
  %r276 = arith.maxsi %k4, %k4 : i8
  %r277 = arith.maxui %k1, %k1 : i8
  %r278 = arith.maxui %k1, %k2 : i8
  %r279 = arith.maxui %k1, %k3 : i8
  %r280 = arith.maxui %k1, %k4 : i8
  %r281 = arith.maxui %k2, %k1 : i8
  %r282 = arith.maxui %k2, %k2 : i8
  %r283 = arith.maxui %k2, %k3 : i8
  %r284 = arith.maxui %k2, %k4 : i8
  %r285 = arith.maxui %k3, %k1 : i8
  %r286 = arith.maxui %k3, %k2 : i8
  %r287 = arith.maxui %k3, %k3 : i8
  %r288 = arith.maxui %k3, %k4 : i8
  %r289 = arith.maxui %k4, %k1 : i8
  %r290 = arith.maxui %k4, %k2 : i8
  %r291 = arith.maxui %k4, %k3 : i8
  %r292 = arith.maxui %k4, %k4 : i8
  %r293 = arith.minsi %k1, %k1 : i8
  %r294 = arith.minsi %k1, %k2 : i8
  %r295 = arith.minsi %k1, %k3 : i8
  %r296 = arith.minsi %k1, %k4 : i8
  %r297 = arith.minsi %k2, %k1 : i8
  %r298 = arith.minsi %k2, %k2 : i8
  %r299 = arith.minsi %k2, %k3 : i8
  %r300 = arith.minsi %k2, %k4 : i8
  %r301 = arith.minsi %k3, %k1 : i8
  %r302 = arith.minsi %k3, %k2 : i8
  %r303 = arith.minsi %k3, %k3 : i8
  %r304 = arith.minsi %k3, %k4 : i8
  %r305 = arith.minsi %k4, %k1 : i8
  %r306 = arith.minsi %k4, %k2 : i8
  %r307 = arith.minsi %k4, %k3 : i8
  %r308 = arith.minsi %k4, %k4 : i8
  %r309 = arith.minui %k1, %k1 : i8
  %r310 = arith.minui %k1, %k2 : i8
  %r311 = arith.minui %k1, %k3 : i8
  %r312 = arith.minui %k1, %k4 : i8
  %r313 = arith.minui %k2, %k1 : i8
  %r314 = arith.minui %k2, %k2 : i8
  %r315 = arith.minui %k2, %k3 : i8
  %r316 = arith.minui %k2, %k4 : i8
  %r317 = arith.minui %k3, %k1 : i8
  %r318 = arith.minui %k3, %k2 : i8
  %r319 = arith.minui %k3, %k3 : i8
  %r320 = arith.minui %k3, %k4 : i8
  %r321 = arith.minui %k4, %k1 : i8
  %r322 = arith.minui %k4, %k2 : i8
  %r323 = arith.minui %k4, %k3 : i8
  %r324 = arith.minui %k4, %k4 : i8
  %r325 = arith.cmpi eq, %k1, %k2 : i8
  %r326 = arith.cmpi ne, %k1, %k2 : i8
  %r327 = arith.cmpi slt, %k1, %k2 : i8
  %r328 = arith.cmpi sle, %k1, %k2 : i8
  %r329 = arith.cmpi sgt, %k1, %k2 : i8
  %r330 = arith.cmpi sge, %k1, %k2 : i8
  %r331 = arith.cmpi ult, %k1, %k2 : i8
  %r332 = arith.cmpi ule, %k1, %k2 : i8
  %r333 = arith.cmpi ugt, %k1, %k2 : i8
  %r334 = arith.cmpi uge, %k1, %k2 : i8
  %k335 = arith.constant 0 : i32
  %k336 = arith.constant -3 : i32
  %k337 = arith.constant 2147483647 : i32
  %r338 = arith.addi %k335, %k335 : i32
  %r339 = arith.addi %k335, %k336 : i32
  %r340 = arith.addi %k335, %k337 : i32
  %r341 = arith.addi %k336, %k335 : i32
  %r342 = arith.addi %k336, %k336 : i32
  %r343 = arith.addi %k336, %k337 : i32
  %r344 = arith.addi %k337, %k335 : i32
  %r345 = arith.addi %k337, %k336 : i32
  %r346 = arith.addi %k337, %k337 : i32
  %r347 = arith.subi %k335, %k335 : i32
  %r348 = arith.subi %k335, %k336 : i32
  %r349 = arith.subi %k335, %k337 : i32
  %r350 = arith.subi %k336, %k335 : i32
  %r351 = arith.subi %k336, %k336 : i32
  %r352 = arith.subi %k336, %k337 : i32
  %r353 = arith.subi %k337, %k335 : i32
  %r354 = arith.subi %k337, %k336 : i32
  %r355 = arith.subi %k337, %k337 : i32
  %r356 = arith.muli %k335, %k335 : i32
  %r357 = arith.muli %k335, %k336 : i32
  %r358 = arith.muli %k335, %k337 : i32
  %r359 = arith.muli %k336, %k335 : i32
  %r360 = arith.muli %k336, %k336 : i32
  %r361 = arith.muli %k336, %k337 : i32
  %r362 = arith.muli %k337, %k335 : i32
  %r363 = arith.muli %k337, %k336 : i32
  %r364 = arith.muli %k337, %k337 : i32
  %r365 = arith.divui %k335, %k335 : i32
  %r366 = arith.divui %k335, %k336 : i32
  %r367 = arith.divui %k335, %k337 : i32
  %r368 = arith.divui %k336, %k335 : i32
  %r369 = arith.divui %k336, %k336 : i32
  %r370 = arith.divui %k336, %k337 : i32
  %r371 = arith.divui %k337, %k335 : i32
  %r372 = arith.divui %k337, %k336 : i32
  %r373 = arith.divui %k337, %k337 : i32
  %r374 = arith.divsi %k335, %k335 : i32
  %r375 = arith.divsi %k335, %k336 : i32
  %r376 = arith.divsi %k335, %k337 : i32
  %r377 = arith.divsi %k336, %k335 : i32
  %r378 = arith.divsi %k336, %k336 : i32
  %r379 = arith.divsi %k336, %k337 : i32
  %r380 = arith.divsi %k337, %k335 : i32
  %r381 = arith.divsi %k337, %k336 : i32
  %r382 = arith.divsi %k337, %k337 : i32
  %r383 = arith.ceildivui %k335, %k335 : i32
  %r384 = arith.ceildivui %k335, %k336 : i32
  %r385 = arith.ceildivui %k335, %k337 : i32
  %r386 = arith.ceildivui %k336, %k335 : i32
  %r387 = arith.ceildivui %k336, %k336 : i32
  %r388 = arith.ceildivui %k336, %k337 : i32
  %r389 = arith.ceildivui %k337, %k335 : i32
  %r390 = arith.ceildivui %k337, %k336 : i32
  %r391 = arith.ceildivui %k337, %k337 : i32
  %r392 = arith.ceildivsi %k335, %k335 : i32
  %r393 = arith.ceildivsi %k335, %k336 : i32
  %r394 = arith.ceildivsi %k335, %k337 : i32
  %r395 = arith.ceildivsi %k336, %k335 : i32
  %r396 = arith.ceildivsi %k336, %k336 : i32
  %r397 = arith.ceildivsi %k336, %k337 : i32
  %r398 = arith.ceildivsi %k337, %k335 : i32
  %r399 = arith.ceildivsi %k337, %k336 : i32
  %r400 = arith.ceildivsi %k337, %k337 : i32
  %r401 = arith.floordivsi %k335, %k335 : i32
  %r402 = arith.floordivsi %k335, %k336 : i32
  %r403 = arith.floordivsi %k335, %k337 : i32
  %r404 = arith.floordivsi %k336, %k335 : i32
  %r405 = arith.floordivsi %k336, %k336 : i32
  %r406 = arith.floordivsi %k336, %k337 : i32
  %r407 = arith.floordivsi %k337, %k335 : i32
  %r408 = arith.floordivsi %k337, %k336 : i32
  %r409 = arith.floordivsi %k337, %k337 : i32
  %r410 = arith.remui %k335, %k335 : i32
  %r411 = arith.remui %k335, %k336 : i32
  %r412 = arith.remui %k335, %k337 : i32
  %r413 = arith.remui %k336, %k335 : i32
  %r414 = arith.remui %k336, %k336 : i32
  %r415 = arith.remui %k336, %k337 : i32
  %r416 = arith.remui %k337, %k335 : i32
  %r417 = arith.remui %k337, %k336 : i32
  %r418 = arith.remui %k337, %k337 : i32
  %r419 = arith.remsi %k335, %k335 : i32
  %r420 = arith.remsi %k335, %k336 : i32
  %r421 = arith.remsi %k335, %k337 : i32
  %r422 = arith.remsi %k336, %k335 : i32
  %r423 = arith.remsi %k336, %k336 : i32
  %r424 = arith.remsi %k336, %k337 : i32
  %r425 = arith.remsi %k337, %k335 : i32
  %r426 = arith.remsi %k337, %k336 : i32
  %r427 = arith.remsi %k337, %k337 : i32
  %r428 = arith.andi %k335, %k335 : i32
  %r429 = arith.andi %k335, %k336 : i32
  %r430 = arith.andi %k335, %k337 : i32
  %r431 = arith.andi %k336, %k335 : i32
  %r432 = arith.andi %k336, %k336 : i32
  %r433 = arith.andi %k336, %k337 : i32
  %r434 = arith.andi %k337, %k335 : i32
  %r435 = arith.andi %k337, %k336 : i32
  %r436 = arith.andi %k337, %k337 : i32
  %r437 = arith.ori %k335, %k335 : i32
  %r438 = arith.ori %k335, %k336 : i32
  %r439 = arith.ori %k335, %k337 : i32
  %r440 = arith.ori %k336, %k335 : i32
  %r441 = arith.ori %k336, %k336 : i32
  %r442 = arith.ori %k336, %k337 : i32
  %r443 = arith.ori %k337, %k335 : i32
  %r444 = arith.ori %k337, %k336 : i32
  %r445 = arith.ori %k337, %k337 : i32
  %r446 = arith.xori %k335, %k335 : i32
  %r447 = arith.xori %k335, %k336 : i32
  %r448 = arith.xori %k335, %k337 : i32
  %r449 = arith.xori %k336, %k335 : i32
  %r450 = arith.xori %k336, %k336 : i32
  %r451 = arith.xori %k336, %k337 : i32
  %r452 = arith.xori %k337, %k335 : i32
  %r453 = arith.xori %k337, %k336 : i32
  %r454 = arith.xori %k337, %k337 : i32
  %r455 = arith.shli %k335, %k335 : i32
  %r456 = arith.shli %k335, %k336 : i32
  %r457 = arith.shli %k335, %k337 : i32
  %r458 = arith.shli %k336, %k335 : i32
  %r459 = arith.shli %k336, %k336 : i32
  %r460 = arith.shli %k336, %k337 : i32
  %r461 = arith.shli %k337, %k335 : i32
  %r462 = arith.shli %k337, %k336 : i32
  %r463 = arith.shli %k337, %k337 : i32
  %r464 = arith.shrui %k335, %k335 : i32
  %r465 = arith.shrui %k335, %k336 : i32
  %r466 = arith.shrui %k335, %k337 : i32
  %r467 = arith.shrui %k336, %k335 : i32
  %r468 = arith.shrui %k336, %k336 : i32
  %r469 = arith.shrui %k336, %k337 : i32
  %r470 = arith.shrui %k337, %k335 : i32
  %r471 = arith.shrui %k337, %k336 : i32
  %r472 = arith.shrui %k337, %k337 : i32
  %r473 = arith.shrsi %k335, %k335 : i32
  %r474 = arith.shrsi %k335, %k336 : i32
  %r475 = arith.shrsi %k335, %k337 : i32
  %r476 = arith.shrsi %k336, %k335 : i32
  %r477 = arith.shrsi %k336, %k336 : i32
  %r478 = arith.shrsi %k336, %k337 : i32
  %r479 = arith.shrsi %k337, %k335 : i32
  %r480 = arith.shrsi %k337, %k336 : i32
  %r481 = arith.shrsi %k337, %k337 : i32
  %r482 = arith.maxsi %k335, %k335 : i32
  %r483 = arith.maxsi %k335, %k336 : i32
  %r484 = arith.maxsi %k335, %k337 : i32
  %r485 = arith.maxsi %k336, %k335 : i32
  %r486 = arith.maxsi %k336, %k336 : i32
  %r487 = arith.maxsi %k336, %k337 : i32
  %r488 = arith.maxsi %k337, %k335 : i32
  %r489 = arith.maxsi %k337, %k336 : i32
  %r490 = arith.maxsi %k337, %k337 : i32
  %r491 = arith.maxui %k335, %k335 : i32
  %r492 = arith.maxui %k335, %k336 : i32
  %r493 = arith.maxui %k335, %k337 : i32
  %r494 = arith.maxui %k336, %k335 : i32
  %r495 = arith.maxui %k336, %k336 : i32
  %r496 = arith.maxui %k336, %k337 : i32
  %r497 = arith.maxui %k337, %k335 : i32
  %r498 = arith.maxui %k337, %k336 : i32
  %r499 = arith.maxui %k337, %k337 : i32
  %r500 = arith.minsi %k335, %k335 : i32
  %r501 = arith.minsi %k335, %k336 : i32
  %r502 = arith.minsi %k335, %k337 : i32
  %r503 = arith.minsi %k336, %k335 : i32
  %r504 = arith.minsi %k336, %k336 : i32
  %r505 = arith.minsi %k336, %k337 : i32
  %r506 = arith.minsi %k337, %k335 : i32
  %r507 = arith.minsi %k337, %k336 : i32
  %r508 = arith.minsi %k337, %k337 : i32
  %r509 = arith.minui %k335, %k335 : i32
  %r510 = arith.minui %k335, %k336 : i32
  %r511 = arith.minui %k335, %k337 : i32
  %r512 = arith.minui %k336, %k335 : i32
  %r513 = arith.minui %k336, %k336 : i32
  %r514 = arith.minui %k336, %k337 : i32
  %r515 = arith.minui %k337, %k335 : i32
  %r516 = arith.minui %k337, %k336 : i32
  %r517 = arith.minui %k337, %k337 : i32
  %r518 = arith.cmpi eq, %k335, %k336 : i32
  %r519 = arith.cmpi ne, %k335, %k336 : i32
  %r520 = arith.cmpi slt, %k335, %k336 : i32
  %r521 = arith.cmpi sle, %k335, %k336 : i32
  %r522 = arith.cmpi sgt, %k335, %k336 : i32
  %r523 = arith.cmpi sge, %k335, %k336 : i32
  %r524 = arith.cmpi ult, %k335, %k336 : i32
  %r525 = arith.cmpi ule, %k335, %k336 : i32
  %r526 = arith.cmpi ugt, %k335, %k336 : i32
  %r527 = arith.cmpi uge, %k335, %k336 : i32
  %k528 = arith.constant 7 : index
  %k529 = arith.constant -9 : index
  %k530 = arith.constant 1 : index
  %r531 = arith.addi %k528, %k528 : index
  %r532 = arith.addi %k528, %k529 : index
  %r533 = arith.addi %k528, %k530 : index
  %r534 = arith.addi %k529, %k528 : index
  %r535 = arith.addi %k529, %k529 : index
  %r536 = arith.addi %k529, %k530 : index
  %r537 = arith.addi %k530, %k528 : index
  %r538 = arith.addi %k530, %k529 : index
  %r539 = arith.addi %k530, %k530 : index
  %r540 = arith.subi %k528, %k528 : index
  %r541 = arith.subi %k528, %k529 : index
  %r542 = arith.subi %k528, %k530 : index
  %r543 = arith.subi %k529, %k528 : index
  %r544 = arith.subi %k529, %k529 : index
  %r545 = arith.subi %k529, %k530 : index
  %r546 = arith.subi %k530, %k528 : index
  %r547 = arith.subi %k530, %k529 : index
  %r548 = arith.subi %k530, %k530 : index
  %r549 = arith.muli %k528, %k528 : index
  %r550 = arith.muli %k528, %k529 : index
  %r551 = arith.muli %k528, %k530 : index
  %r552 = arith.muli %k529, %k528 : index
  %r553 = arith.muli %k529, %k529 : index
  %r554 = arith.muli %k529, %k530 : index
  %r555 = arith.muli %k530, %k528 : index
  %r556 = arith.muli %k530, %k529 : index
  %r557 = arith.muli %k530, %k530 : index
  %r558 = arith.divui %k528, %k528 : index
  %r559 = arith.divui %k528, %k529 : index
  %r560 = arith.divui %k528, %k530 : index
  %r561 = arith.divui %k529, %k528 : index
  %r562 = arith.divui %k529, %k529 : index
  %r563 = arith.divui %k529, %k530 : index
  %r564 = arith.divui %k530, %k528 : index
  %r565 = arith.divui %k530, %k529 : index
  %r566 = arith.divui %k530, %k530 : index
  %r567 = arith.divsi %k528, %k528 : index
  %r568 = arith.divsi %k528, %k529 : index
  %r569 = arith.divsi %k528, %k530 : index
  %r570 = arith.divsi %k529, %k528 : index
  %r571 = arith.divsi %k529, %k529 : index
  %r572 = arith.divsi %k529, %k530 : index
  %r573 = arith.divsi %k530, %k528 : index
  %r574 = arith.divsi %k530, %k529 : index
  %r575 = arith.divsi %k530, %k530 : index
  %r576 = arith.ceildivui %k528, %k528 : index
  %r577 = arith.ceildivui %k528, %k529 : index
  %r578 = arith.ceildivui %k528, %k530 : index
  %r579 = arith.ceildivui %k529, %k528 : index
  %r580 = arith.ceildivui %k529, %k529 : index
  %r581 = arith.ceildivui %k529, %k530 : index
  %r582 = arith.ceildivui %k530, %k528 : index
  %r583 = arith.ceildivui %k530, %k529 : index
  %r584 = arith.ceildivui %k530, %k530 : index
  %r585 = arith.ceildivsi %k528, %k528 : index
  %r586 = arith.ceildivsi %k528, %k529 : index
  %r587 = arith.ceildivsi %k528, %k530 : index
  %r588 = arith.ceildivsi %k529, %k528 : index
  %r589 = arith.ceildivsi %k529, %k529 : index
  %r590 = arith.ceildivsi %k529, %k530 : index
  %r591 = arith.ceildivsi %k530, %k528 : index
  %r592 = arith.ceildivsi %k530, %k529 : index
  %r593 = arith.ceildivsi %k530, %k530 : index
  %r594 = arith.floordivsi %k528, %k528 : index
  %r595 = arith.floordivsi %k528, %k529 : index
  %r596 = arith.floordivsi %k528, %k530 : index
  %r597 = arith.floordivsi %k529, %k528 : index
  %r598 = arith.floordivsi %k529, %k529 : index
  %r599 = arith.floordivsi %k529, %k530 : index
  %r600 = arith.floordivsi %k530, %k528 : index
  %r601 = arith.floordivsi %k530, %k529 : index
  %r602 = arith.floordivsi %k530, %k530 : index
  %r603 = arith.remui %k528, %k528 : index
  %r604 = arith.remui %k528, %k529 : index
  %r605 = arith.remui %k528, %k530 : index
  %r606 = arith.remui %k529, %k528 : index
  %r607 = arith.remui %k529, %k529 : index
  %r608 = arith.remui %k529, %k530 : index
  %r609 = arith.remui %k530, %k528 : index
  %r610 = arith.remui %k530, %k529 : index
  %r611 = arith.remui %k530, %k530 : index
  %r612 = arith.remsi %k528, %k528 : index
  %r613 = arith.remsi %k528, %k529 : index
  %r614 = arith.remsi %k528, %k530 : index
  %r615 = arith.remsi %k529, %k528 : index
  %r616 = arith.remsi %k529, %k529 : index
  %r617 = arith.remsi %k529, %k530 : index
  %r618 = arith.remsi %k530, %k528 : index
  %r619 = arith.remsi %k530, %k529 : index
  %r620 = arith.remsi %k530, %k530 : index
  %r621 = arith.andi %k528, %k528 : index
  %r622 = arith.andi %k528, %k529 : index
  %r623 = arith.andi %k528, %k530 : index
  %r624 = arith.andi %k529, %k528 : index
  %r625 = arith.andi %k529, %k529 : index
  %r626 = arith.andi %k529, %k530 : index
  %r627 = arith.andi %k530, %k528 : index
  %r628 = arith.andi %k530, %k529 : index
  %r629 = arith.andi %k530, %k530 : index
  %r630 = arith.ori %k528, %k528 : index
  %r631 = arith.ori %k528, %k529 : index
  %r632 = arith.ori %k528, %k530 : index
  %r633 = arith.ori %k529, %k528 : index
  %r634 = arith.ori %k529, %k529 : index
  %r635 = arith.ori %k529, %k530 : index
  %r636 = arith.ori %k530, %k528 : index
  %r637 = arith.ori %k530, %k529 : index
  %r638 = arith.ori %k530, %k530 : index
  %r639 = arith.xori %k528, %k528 : index
  %r640 = arith.xori %k528, %k529 : index
  %r641 = arith.xori %k528, %k530 : index
  %r642 = arith.xori %k529, %k528 : index
  %r643 = arith.xori %k529, %k529 : index
  %r644 = arith.xori %k529, %k530 : index
  %r645 = arith.xori %k530, %k528 : index
  %r646 = arith.xori %k530, %k529 : index
  %r647 = arith.xori %k530, %k530 : index
  %r648 = arith.shli %k528, %k528 : index
  %r649 = arith.shli %k528, %k529 : index
  %r650 = arith.shli %k528, %k530 : index
  %r651 = arith.shli %k529, %k528 : index
  %r652 = arith.shli %k529, %k529 : index
  %r653 = arith.shli %k529, %k530 : index
  %r654 = arith.shli %k530, %k528 : index
  %r655 = arith.shli %k530, %k529 : index
  %r656 = arith.shli %k530, %k530 : index
  %r657 = arith.shrui %k528, %k528 : index
  %r658 = arith.shrui %k528, %k529 : index
  %r659 = arith.shrui %k528, %k530 : index
  %r660 = arith.shrui %k529, %k528 : index
  %r661 = arith.shrui %k529, %k529 : index
  %r662 = arith.shrui %k529, %k530 : index
  %r663 = arith.shrui %k530, %k528 : index
  %r664 = arith.shrui %k530, %k529 : index
  %r665 = arith.shrui %k530, %k530 : index
  %r666 = arith.shrsi %k528, %k528 : index
  %r667 = arith.shrsi %k528, %k529 : index
  %r668 = arith.shrsi %k528, %k530 : index
  %r669 = arith.shrsi %k529, %k528 : index
  %r670 = arith.shrsi %k529, %k529 : index
  %r671 = arith.shrsi %k529, %k530 : index
  %r672 = arith.shrsi %k530, %k528 : index
  %r673 = arith.shrsi %k530, %k529 : index
  %r674 = arith.shrsi %k530, %k530 : index
  %r675 = arith.maxsi %k528, %k528 : index
  %r676 = arith.maxsi %k528, %k529 : index
  %r677 = arith.maxsi %k528, %k530 : index
  %r678 = arith.maxsi %k529, %k528 : index
  %r679 = arith.maxsi %k529, %k529 : index
  %r680 = arith.maxsi %k529, %k530 : index
  %r681 = arith.maxsi %k530, %k528 : index
  %r682 = arith.maxsi %k530, %k529 : index
  %r683 = arith.maxsi %k530, %k530 : index
  %r684 = arith.maxui %k528, %k528 : index
  %r685 = arith.maxui %k528, %k529 : index
  %r686 = arith.maxui %k528, %k530 : index
  %r687 = arith.maxui %k529, %k528 : index
  %r688 = arith.maxui %k529, %k529 : index
  %r689 = arith.maxui %k529, %k530 : index
  %r690 = arith.maxui %k530, %k528 : index
  %r691 = arith.maxui %k530, %k529 : index
  %r692 = arith.maxui %k530, %k530 : index
  %r693 = arith.minsi %k528, %k528 : index
  %r694 = arith.minsi %k528, %k529 : index
  %r695 = arith.minsi %k528, %k530 : index
  %r696 = arith.minsi %k529, %k528 : index
  %r697 = arith.minsi %k529, %k529 : index
  %r698 = arith.minsi %k529, %k530 : index
  %r699 = arith.minsi %k530, %k528 : index
  %r700 = arith.minsi %k530, %k529 : index
  %r701 = arith.minsi %k530, %k530 : index
  %r702 = arith.minui %k528, %k528 : index
  %r703 = arith.minui %k528, %k529 : index
  %r704 = arith.minui %k528, %k530 : index
  %r705 = arith.minui %k529, %k528 : index
  %r706 = arith.minui %k529, %k529 : index
  %r707 = arith.minui %k529, %k530 : index
  %r708 = arith.minui %k530, %k528 : index
  %r709 = arith.minui %k530, %k529 : index
  %r710 = arith.minui %k530, %k530 : index
  %r711 = arith.cmpi eq, %k528, %k529 : index
  %r712 = arith.cmpi ne, %k528, %k529 : index
  %r713 = arith.cmpi slt, %k528, %k529 : index
  %r714 = arith.cmpi sle, %k528, %k529 : index
  %r715 = arith.cmpi sgt, %k528, %k529 : index
  %r716 = arith.cmpi sge, %k528, %k529 : index
  %r717 = arith.cmpi ult, %k528, %k529 : index
  %r718 = arith.cmpi ule, %k528, %k529 : index
  %r719 = arith.cmpi ugt, %k528, %k529 : index
  %r720 = arith.cmpi uge, %k528, %k529 : index
  %k721 = arith.constant -0.0 : f16
  %k722 = arith.constant 1.5 : f16
  %k723 = arith.constant 0x7E00 : f16
  %r724 = arith.addf %k721, %k721 : f16
  %r725 = arith.addf %k721, %k722 : f16
  %r726 = arith.addf %k721, %k723 : f16
  %r727 = arith.addf %k722, %k721 : f16
  %r728 = arith.addf %k722, %k722 : f16
  %r729 = arith.addf %k722, %k723 : f16
  %r730 = arith.addf %k723, %k721 : f16
  %r731 = arith.addf %k723, %k722 : f16
  %r732 = arith.addf %k723, %k723 : f16
  %r733 = arith.subf %k721, %k721 : f16
  %r734 = arith.subf %k721, %k722 : f16
  %r735 = arith.subf %k721, %k723 : f16
  %r736 = arith.subf %k722, %k721 : f16
  %r737 = arith.subf %k722, %k722 : f16
  %r738 = arith.subf %k722, %k723 : f16
  %r739 = arith.subf %k723, %k721 : f16
  %r740 = arith.subf %k723, %k722 : f16
  %r741 = arith.subf %k723, %k723 : f16
  %r742 = arith.mulf %k721, %k721 : f16
  %r743 = arith.mulf %k721, %k722 : f16
  %r744 = arith.mulf %k721, %k723 : f16
  %r745 = arith.mulf %k722, %k721 : f16
  %r746 = arith.mulf %k722, %k722 : f16
  %r747 = arith.mulf %k722, %k723 : f16
  %r748 = arith.mulf %k723, %k721 : f16
  %r749 = arith.mulf %k723, %k722 : f16
  %r750 = arith.mulf %k723, %k723 : f16
  %r751 = arith.divf %k721, %k721 : f16
  %r752 = arith.divf %k721, %k722 : f16
  %r753 = arith.divf %k721, %k723 : f16
  %r754 = arith.divf %k722, %k721 : f16
  %r755 = arith.divf %k722, %k722 : f16
  %r756 = arith.divf %k722, %k723 : f16
  %r757 = arith.divf %k723, %k721 : f16
  %r758 = arith.divf %k723, %k722 : f16
  %r759 = arith.divf %k723, %k723 : f16
  %r760 = arith.remf %k721, %k721 : f16
  %r761 = arith.remf %k721, %k722 : f16
  %r762 = arith.remf %k721, %k723 : f16
  %r763 = arith.remf %k722, %k721 : f16
  %r764 = arith.remf %k722, %k722 : f16
  %r765 = arith.remf %k722, %k723 : f16
  %r766 = arith.remf %k723, %k721 : f16
  %r767 = arith.remf %k723, %k722 : f16
  %r768 = arith.remf %k723, %k723 : f16
  %r769 = arith.maximumf %k721, %k721 : f16
  %r770 = arith.maximumf %k721, %k722 : f16
  %r771 = arith.maximumf %k721, %k723 : f16
  %r772 = arith.maximumf %k722, %k721 : f16
  %r773 = arith.maximumf %k722, %k722 : f16
  %r774 = arith.maximumf %k722, %k723 : f16
  %r775 = arith.maximumf %k723, %k721 : f16
  %r776 = arith.maximumf %k723, %k722 : f16
  %r777 = arith.maximumf %k723, %k723 : f16
  %r778 = arith.minimumf %k721, %k721 : f16
  %r779 = arith.minimumf %k721, %k722 : f16
  %r780 = arith.minimumf %k721, %k723 : f16
  %r781 = arith.minimumf %k722, %k721 : f16
  %r782 = arith.minimumf %k722, %k722 : f16
  %r783 = arith.minimumf %k722, %k723 : f16
  %r784 = arith.minimumf %k723, %k721 : f16
  %r785 = arith.minimumf %k723, %k722 : f16
  %r786 = arith.minimumf %k723, %k723 : f16
  %r787 = arith.maxnumf %k721, %k721 : f16
  %r788 = arith.maxnumf %k721, %k722 : f16
  %r789 = arith.maxnumf %k721, %k723 : f16
  %r790 = arith.maxnumf %k722, %k721 : f16
  %r791 = arith.maxnumf %k722, %k722 : f16
  %r792 = arith.maxnumf %k722, %k723 : f16
  %r793 = arith.maxnumf %k723, %k721 : f16
  %r794 = arith.maxnumf %k723, %k722 : f16
  %r795 = arith.maxnumf %k723, %k723 : f16
  %r796 = arith.minnumf %k721, %k721 : f16
  %r797 = arith.minnumf %k721, %k722 : f16
  %r798 = arith.minnumf %k721, %k723 : f16
  %r799 = arith.minnumf %k722, %k721 : f16
  %r800 = arith.minnumf %k722, %k722 : f16
  %r801 = arith.minnumf %k722, %k723 : f16
  %r802 = arith.minnumf %k723, %k721 : f16
  %r803 = arith.minnumf %k723, %k722 : f16
  %r804 = arith.minnumf %k723, %k723 : f16
  %r805 = arith.negf %k721 : f16
  %r806 = arith.negf %k722 : f16
  %r807 = arith.negf %k723 : f16
  %r808 = arith.cmpf false, %k721, %k723 : f16
  %r809 = arith.cmpf oeq, %k721, %k723 : f16
  %r810 = arith.cmpf olt, %k721, %k723 : f16
  %r811 = arith.cmpf one, %k721, %k723 : f16
  %r812 = arith.cmpf ord, %k721, %k723 : f16
  %r813 = arith.cmpf ueq, %k721, %k723 : f16
  %r814 = arith.cmpf ult, %k721, %k723 : f16
  %r815 = arith.cmpf une, %k721, %k723 : f16
  %r816 = arith.cmpf uno, %k721, %k723 : f16
  %r817 = arith.cmpf true, %k721, %k723 : f16
  %k818 = arith.constant 0.0 : bf16
  %k819 = arith.constant -3.0e38 : bf16
  %r820 = arith.addf %k818, %k818 : bf16
  %r821 = arith.addf %k818, %k819 : bf16
  %r822 = arith.addf %k819, %k818 : bf16
  %r823 = arith.addf %k819, %k819 : bf16
  %r824 = arith.subf %k818, %k818 : bf16
  %r825 = arith.subf %k818, %k819 : bf16
  %r826 = arith.subf %k819, %k818 : bf16
  %r827 = arith.subf %k819, %k819 : bf16
  %r828 = arith.mulf %k818, %k818 : bf16
  %r829 = arith.mulf %k818, %k819 : bf16
  %r830 = arith.mulf %k819, %k818 : bf16
  %r831 = arith.mulf %k819, %k819 : bf16
  %r832 = arith.divf %k818, %k818 : bf16
  %r833 = arith.divf %k818, %k819 : bf16
  %r834 = arith.divf %k819, %k818 : bf16
  %r835 = arith.divf %k819, %k819 : bf16
  %r836 = arith.remf %k818, %k818 : bf16
  %r837 = arith.remf %k818, %k819 : bf16
  %r838 = arith.remf %k819, %k818 : bf16
  %r839 = arith.remf %k819, %k819 : bf16
  %r840 = arith.maximumf %k818, %k818 : bf16
  %r841 = arith.maximumf %k818, %k819 : bf16
  %r842 = arith.maximumf %k819, %k818 : bf16
  %r843 = arith.maximumf %k819, %k819 : bf16
  %r844 = arith.minimumf %k818, %k818 : bf16
  %r845 = arith.minimumf %k818, %k819 : bf16
  %r846 = arith.minimumf %k819, %k818 : bf16
  %r847 = arith.minimumf %k819, %k819 : bf16
  %r848 = arith.maxnumf %k818, %k818 : bf16
  %r849 = arith.maxnumf %k818, %k819 : bf16
  %r850 = arith.maxnumf %k819, %k818 : bf16
  %r851 = arith.maxnumf %k819, %k819 : bf16
  %r852 = arith.minnumf %k818, %k818 : bf16
  %r853 = arith.minnumf %k818, %k819 : bf16
  %r854 = arith.minnumf %k819, %k818 : bf16
  %r855 = arith.minnumf %k819, %k819 : bf16
  %r856 = arith.negf %k818 : bf16
  %r857 = arith.negf %k819 : bf16
  %r858 = arith.cmpf false, %k818, %k819 : bf16
  %r859 = arith.cmpf oeq, %k818, %k819 : bf16
  %r860 = arith.cmpf olt, %k818, %k819 : bf16
  %r861 = arith.cmpf one, %k818, %k819 : bf16
  %r862 = arith.cmpf ord, %k818, %k819 : bf16
  %r863 = arith.cmpf ueq, %k818, %k819 : bf16
  %r864 = arith.cmpf ult, %k818, %k819 : bf16
  %r865 = arith.cmpf une, %k818, %k819 : bf16
  %r866 = arith.cmpf uno, %k818, %k819 : bf16
  %r867 = arith.cmpf true, %k818, %k819 : bf16
  %k868 = arith.constant -0.0 : f32
  %k869 = arith.constant 0.1 : f32
  %k870 = arith.constant 0x7F800000 : f32
  %k871 = arith.constant 0x7FC00000 : f32
  %r872 = arith.addf %k868, %k868 : f32
  %r873 = arith.addf %k868, %k869 : f32
  %r874 = arith.addf %k868, %k870 : f32
  %r875 = arith.addf %k868, %k871 : f32
  %r876 = arith.addf %k869, %k868 : f32
  %r877 = arith.addf %k869, %k869 : f32
  %r878 = arith.addf %k869, %k870 : f32
  %r879 = arith.addf %k869, %k871 : f32
  %r880 = arith.addf %k870, %k868 : f32
  %r881 = arith.addf %k870, %k869 : f32
  %r882 = arith.addf %k870, %k870 : f32
  %r883 = arith.addf %k870, %k871 : f32
  %r884 = arith.addf %k871, %k868 : f32
  %r885 = arith.addf %k871, %k869 : f32
  %r886 = arith.addf %k871, %k870 : f32
  %r887 = arith.addf %k871, %k871 : f32
  %r888 = arith.subf %k868, %k868 : f32
  %r889 = arith.subf %k868, %k869 : f32
  %r890 = arith.subf %k868, %k870 : f32
  %r891 = arith.subf %k868, %k871 : f32
  %r892 = arith.subf %k869, %k868 : f32
  %r893 = arith.subf %k869, %k869 : f32
  %r894 = arith.subf %k869, %k870 : f32
  %r895 = arith.subf %k869, %k871 : f32
  %r896 = arith.subf %k870, %k868 : f32
  %r897 = arith.subf %k870, %k869 : f32
  %r898 = arith.subf %k870, %k870 : f32
  %r899 = arith.subf %k870, %k871 : f32
  %r900 = arith.subf %k871, %k868 : f32
  %r901 = arith.subf %k871, %k869 : f32
  %r902 = arith.subf %k871, %k870 : f32
  %r903 = arith.subf %k871, %k871 : f32
  %r904 = arith.mulf %k868, %k868 : f32
  %r905 = arith.mulf %k868, %k869 : f32
  %r906 = arith.mulf %k868, %k870 : f32
  %r907 = arith.mulf %k868, %k871 : f32
  %r908 = arith.mulf %k869, %k868 : f32
  %r909 = arith.mulf %k869, %k869 : f32
  %r910 = arith.mulf %k869, %k870 : f32
  %r911 = arith.mulf %k869, %k871 : f32
  %r912 = arith.mulf %k870, %k868 : f32
  %r913 = arith.mulf %k870, %k869 : f32
  %r914 = arith.mulf %k870, %k870 : f32
  %r915 = arith.mulf %k870, %k871 : f32
  %r916 = arith.mulf %k871, %k868 : f32
  %r917 = arith.mulf %k871, %k869 : f32
  %r918 = arith.mulf %k871, %k870 : f32
  %r919 = arith.mulf %k871, %k871 : f32
  %r920 = arith.divf %k868, %k868 : f32
  %r921 = arith.divf %k868, %k869 : f32
  %r922 = arith.divf %k868, %k870 : f32
  %r923 = arith.divf %k868, %k871 : f32
  %r924 = arith.divf %k869, %k868 : f32
  %r925 = arith.divf %k869, %k869 : f32
  %r926 = arith.divf %k869, %k870 : f32
  %r927 = arith.divf %k869, %k871 : f32
  %r928 = arith.divf %k870, %k868 : f32
  %r929 = arith.divf %k870, %k869 : f32
  %r930 = arith.divf %k870, %k870 : f32
  %r931 = arith.divf %k870, %k871 : f32
  %r932 = arith.divf %k871, %k868 : f32
  %r933 = arith.divf %k871, %k869 : f32
  %r934 = arith.divf %k871, %k870 : f32
  %r935 = arith.divf %k871, %k871 : f32
  %r936 = arith.remf %k868, %k868 : f32
  %r937 = arith.remf %k868, %k869 : f32
  %r938 = arith.remf %k868, %k870 : f32
  %r939 = arith.remf %k868, %k871 : f32
  %r940 = arith.remf %k869, %k868 : f32
  %r941 = arith.remf %k869, %k869 : f32
  %r942 = arith.remf %k869, %k870 : f32
  %r943 = arith.remf %k869, %k871 : f32
  %r944 = arith.remf %k870, %k868 : f32
  %r945 = arith.remf %k870, %k869 : f32
  %r946 = arith.remf %k870, %k870 : f32
  %r947 = arith.remf %k870, %k871 : f32
  %r948 = arith.remf %k871, %k868 : f32
  %r949 = arith.remf %k871, %k869 : f32
  %r950 = arith.remf %k871, %k870 : f32
  %r951 = arith.remf %k871, %k871 : f32
  %r952 = arith.maximumf %k868, %k868 : f32
  %r953 = arith.maximumf %k868, %k869 : f32
  %r954 = arith.maximumf %k868, %k870 : f32
  %r955 = arith.maximumf %k868, %k871 : f32
  %r956 = arith.maximumf %k869, %k868 : f32
  %r957 = arith.maximumf %k869, %k869 : f32
  %r958 = arith.maximumf %k869, %k870 : f32
  %r959 = arith.maximumf %k869, %k871 : f32
  %r960 = arith.maximumf %k870, %k868 : f32
  %r961 = arith.maximumf %k870, %k869 : f32
  %r962 = arith.maximumf %k870, %k870 : f32
  %r963 = arith.maximumf %k870, %k871 : f32
  %r964 = arith.maximumf %k871, %k868 : f32
  %r965 = arith.maximumf %k871, %k869 : f32
  %r966 = arith.maximumf %k871, %k870 : f32
  %r967 = arith.maximumf %k871, %k871 : f32
  %r968 = arith.minimumf %k868, %k868 : f32
  %r969 = arith.minimumf %k868, %k869 : f32
  %r970 = arith.minimumf %k868, %k870 : f32
  %r971 = arith.minimumf %k868, %k871 : f32
  %r972 = arith.minimumf %k869, %k868 : f32
  %r973 = arith.minimumf %k869, %k869 : f32
  %r974 = arith.minimumf %k869, %k870 : f32
  %r975 = arith.minimumf %k869, %k871 : f32
  %r976 = arith.minimumf %k870, %k868 : f32
  %r977 = arith.minimumf %k870, %k869 : f32
  %r978 = arith.minimumf %k870, %k870 : f32
  %r979 = arith.minimumf %k870, %k871 : f32
  %r980 = arith.minimumf %k871, %k868 : f32
  %r981 = arith.minimumf %k871, %k869 : f32
  %r982 = arith.minimumf %k871, %k870 : f32
  %r983 = arith.minimumf %k871, %k871 : f32
  %r984 = arith.maxnumf %k868, %k868 : f32
  %r985 = arith.maxnumf %k868, %k869 : f32
  %r986 = arith.maxnumf %k868, %k870 : f32
  %r987 = arith.maxnumf %k868, %k871 : f32
  %r988 = arith.maxnumf %k869, %k868 : f32
  %r989 = arith.maxnumf %k869, %k869 : f32
  %r990 = arith.maxnumf %k869, %k870 : f32
  %r991 = arith.maxnumf %k869, %k871 : f32
  %r992 = arith.maxnumf %k870, %k868 : f32
  %r993 = arith.maxnumf %k870, %k869 : f32
  %r994 = arith.maxnumf %k870, %k870 : f32
  %r995 = arith.maxnumf %k870, %k871 : f32
  %r996 = arith.maxnumf %k871, %k868 : f32
  %r997 = arith.maxnumf %k871, %k869 : f32
  %r998 = arith.maxnumf %k871, %k870 : f32
  %r999 = arith.maxnumf %k871, %k871 : f32
  %r1000 = arith.minnumf %k868, %k868 : f32
  %r1001 = arith.minnumf %k868, %k869 : f32
  %r1002 = arith.minnumf %k868, %k870 : f32
  %r1003 = arith.minnumf %k868, %k871 : f32
  %r1004 = arith.minnumf %k869, %k868 : f32
  %r1005 = arith.minnumf %k869, %k869 : f32
  %r1006 = arith.minnumf %k869, %k870 : f32
  %r1007 = arith.minnumf %k869, %k871 : f32
  %r1008 = arith.minnumf %k870, %k868 : f32
  %r1009 = arith.minnumf %k870, %k869 : f32
  %r1010 = arith.minnumf %k870, %k870 : f32
  %r1011 = arith.minnumf %k870, %k871 : f32
  %r1012 = arith.minnumf %k871, %k868 : f32
  %r1013 = arith.minnumf %k871, %k869 : f32
  %r1014 = arith.minnumf %k871, %k870 : f32
  %r1015 = arith.minnumf %k871, %k871 : f32
  %r1016 = arith.negf %k868 : f32
  %r1017 = arith.negf %k869 : f32
  %r1018 = arith.negf %k870 : f32
  %r1019 = arith.negf %k871 : f32
  %r1020 = arith.cmpf false, %k868, %k871 : f32
  %r1021 = arith.cmpf oeq, %k868, %k871 : f32
  %r1022 = arith.cmpf olt, %k868, %k871 : f32
  %r1023 = arith.cmpf one, %k868, %k871 : f32
  %r1024 = arith.cmpf ord, %k868, %k871 : f32
  %r1025 = arith.cmpf ueq, %k868, %k871 : f32
  %r1026 = arith.cmpf ult, %k868, %k871 : f32
  %r1027 = arith.cmpf une, %k868, %k871 : f32
  %r1028 = arith.cmpf uno, %k868, %k871 : f32
  %r1029 = arith.cmpf true, %k868, %k871 : f32
  %k1030 = arith.constant 0.0 : f64
  %k1031 = arith.constant -2.5 : f64
  %k1032 = arith.constant 1.0e308 : f64
  %r1033 = arith.addf %k1030, %k1030 : f64
  %r1034 = arith.addf %k1030, %k1031 : f64
  %r1035 = arith.addf %k1030, %k1032 : f64
  %r1036 = arith.addf %k1031, %k1030 : f64
  %r1037 = arith.addf %k1031, %k1031 : f64
  %r1038 = arith.addf %k1031, %k1032 : f64
  %r1039 = arith.addf %k1032, %k1030 : f64
  %r1040 = arith.addf %k1032, %k1031 : f64
  %r1041 = arith.addf %k1032, %k1032 : f64
  %r1042 = arith.subf %k1030, %k1030 : f64
  %r1043 = arith.subf %k1030, %k1031 : f64
  %r1044 = arith.subf %k1030, %k1032 : f64
  %r1045 = arith.subf %k1031, %k1030 : f64
  %r1046 = arith.subf %k1031, %k1031 : f64
  %r1047 = arith.subf %k1031, %k1032 : f64
  %r1048 = arith.subf %k1032, %k1030 : f64
  %r1049 = arith.subf %k1032, %k1031 : f64
  %r1050 = arith.subf %k1032, %k1032 : f64
  %r1051 = arith.mulf %k1030, %k1030 : f64
  %r1052 = arith.mulf %k1030, %k1031 : f64
  %r1053 = arith.mulf %k1030, %k1032 : f64
  %r1054 = arith.mulf %k1031, %k1030 : f64
  %r1055 = arith.mulf %k1031, %k1031 : f64
  %r1056 = arith.mulf %k1031, %k1032 : f64
  %r1057 = arith.mulf %k1032, %k1030 : f64
  %r1058 = arith.mulf %k1032, %k1031 : f64
  %r1059 = arith.mulf %k1032, %k1032 : f64
  %r1060 = arith.divf %k1030, %k1030 : f64
  %r1061 = arith.divf %k1030, %k1031 : f64
  %r1062 = arith.divf %k1030, %k1032 : f64
  %r1063 = arith.divf %k1031, %k1030 : f64
  %r1064 = arith.divf %k1031, %k1031 : f64
  %r1065 = arith.divf %k1031, %k1032 : f64
  %r1066 = arith.divf %k1032, %k1030 : f64
  %r1067 = arith.divf %k1032, %k1031 : f64
  %r1068 = arith.divf %k1032, %k1032 : f64
  %r1069 = arith.remf %k1030, %k1030 : f64
  %r1070 = arith.remf %k1030, %k1031 : f64
  %r1071 = arith.remf %k1030, %k1032 : f64
  %r1072 = arith.remf %k1031, %k1030 : f64
  %r1073 = arith.remf %k1031, %k1031 : f64
  %r1074 = arith.remf %k1031, %k1032 : f64
  %r1075 = arith.remf %k1032, %k1030 : f64
  %r1076 = arith.remf %k1032, %k1031 : f64
  %r1077 = arith.remf %k1032, %k1032 : f64
  %r1078 = arith.maximumf %k1030, %k1030 : f64
  %r1079 = arith.maximumf %k1030, %k1031 : f64
  %r1080 = arith.maximumf %k1030, %k1032 : f64
  %r1081 = arith.maximumf %k1031, %k1030 : f64
  %r1082 = arith.maximumf %k1031, %k1031 : f64
  %r1083 = arith.maximumf %k1031, %k1032 : f64
  %r1084 = arith.maximumf %k1032, %k1030 : f64
  %r1085 = arith.maximumf %k1032, %k1031 : f64
  %r1086 = arith.maximumf %k1032, %k1032 : f64
  %r1087 = arith.minimumf %k1030, %k1030 : f64
  %r1088 = arith.minimumf %k1030, %k1031 : f64
  %r1089 = arith.minimumf %k1030, %k1032 : f64
  %r1090 = arith.minimumf %k1031, %k1030 : f64
  %r1091 = arith.minimumf %k1031, %k1031 : f64
  %r1092 = arith.minimumf %k1031, %k1032 : f64
  %r1093 = arith.minimumf %k1032, %k1030 : f64
  %r1094 = arith.minimumf %k1032, %k1031 : f64
  %r1095 = arith.minimumf %k1032, %k1032 : f64
  %r1096 = arith.maxnumf %k1030, %k1030 : f64
  %r1097 = arith.maxnumf %k1030, %k1031 : f64
  %r1098 = arith.maxnumf %k1030, %k1032 : f64
  %r1099 = arith.maxnumf %k1031, %k1030 : f64
  %r1100 = arith.maxnumf %k1031, %k1031 : f64
  %r1101 = arith.maxnumf %k1031, %k1032 : f64
  %r1102 = arith.maxnumf %k1032, %k1030 : f64
  %r1103 = arith.maxnumf %k1032, %k1031 : f64
  %r1104 = arith.maxnumf %k1032, %k1032 : f64
  %r1105 = arith.minnumf %k1030, %k1030 : f64
  %r1106 = arith.minnumf %k1030, %k1031 : f64
  %r1107 = arith.minnumf %k1030, %k1032 : f64
  %r1108 = arith.minnumf %k1031, %k1030 : f64
  %r1109 = arith.minnumf %k1031, %k1031 : f64
  %r1110 = arith.minnumf %k1031, %k1032 : f64
  %r1111 = arith.minnumf %k1032, %k1030 : f64
  %r1112 = arith.minnumf %k1032, %k1031 : f64
  %r1113 = arith.minnumf %k1032, %k1032 : f64
  %r1114 = arith.negf %k1030 : f64
  %r1115 = arith.negf %k1031 : f64
  %r1116 = arith.negf %k1032 : f64
  %r1117 = arith.cmpf false, %k1030, %k1032 : f64
  %r1118 = arith.cmpf oeq, %k1030, %k1032 : f64
  %r1119 = arith.cmpf olt, %k1030, %k1032 : f64
  %r1120 = arith.cmpf one, %k1030, %k1032 : f64
  %r1121 = arith.cmpf ord, %k1030, %k1032 : f64
  %r1122 = arith.cmpf ueq, %k1030, %k1032 : f64
  %r1123 = arith.cmpf ult, %k1030, %k1032 : f64
  %r1124 = arith.cmpf une, %k1030, %k1032 : f64
  %r1125 = arith.cmpf uno, %k1030, %k1032 : f64
  %r1126 = arith.cmpf true, %k1030, %k1032 : f64
  %k1127 = arith.constant -1 : i8
  %r1128 = arith.extsi %k1127 : i8 to i16
  %r1129 = arith.extui %k1127 : i8 to i16
  %r1130 = arith.extsi %k1127 : i8 to i64
  %r1131 = arith.extui %k1127 : i8 to i64
  %r1132 = arith.sitofp %k1127 : i8 to f16
  %r1133 = arith.uitofp %k1127 : i8 to f16
  %r1134 = arith.sitofp %k1127 : i8 to bf16
  %r1135 = arith.uitofp %k1127 : i8 to bf16
  %r1136 = arith.sitofp %k1127 : i8 to f32
  %r1137 = arith.uitofp %k1127 : i8 to f32
  %r1138 = arith.sitofp %k1127 : i8 to f64
  %r1139 = arith.uitofp %k1127 : i8 to f64
  %r1140 = arith.index_cast %k1127 : i8 to index
  %r1141 = arith.index_castui %k1127 : i8 to index
  %k1142 = arith.constant -128 : i8
  %r1143 = arith.extsi %k1142 : i8 to i16
  %r1144 = arith.extui %k1142 : i8 to i16
  %r1145 = arith.extsi %k1142 : i8 to i64
  %r1146 = arith.extui %k1142 : i8 to i64
  %r1147 = arith.sitofp %k1142 : i8 to f16
  %r1148 = arith.uitofp %k1142 : i8 to f16
  %r1149 = arith.sitofp %k1142 : i8 to bf16
  %r1150 = arith.uitofp %k1142 : i8 to bf16
  %r1151 = arith.sitofp %k1142 : i8 to f32
  %r1152 = arith.uitofp %k1142 : i8 to f32
  %r1153 = arith.sitofp %k1142 : i8 to f64
  %r1154 = arith.uitofp %k1142 : i8 to f64
  %r1155 = arith.index_cast %k1142 : i8 to index
  %r1156 = arith.index_castui %k1142 : i8 to index
  %k1157 = arith.constant -1 : i32
  %r1158 = arith.trunci %k1157 : i32 to i8
  %r1159 = arith.trunci %k1157 : i32 to i16
  %r1160 = arith.extsi %k1157 : i32 to i64
  %r1161 = arith.extui %k1157 : i32 to i64
  %r1162 = arith.sitofp %k1157 : i32 to f16
  %r1163 = arith.uitofp %k1157 : i32 to f16
  %r1164 = arith.sitofp %k1157 : i32 to bf16
  %r1165 = arith.uitofp %k1157 : i32 to bf16
  %r1166 = arith.sitofp %k1157 : i32 to f32
  %r1167 = arith.uitofp %k1157 : i32 to f32
  %r1168 = arith.sitofp %k1157 : i32 to f64
  %r1169 = arith.uitofp %k1157 : i32 to f64
  %r1170 = arith.index_cast %k1157 : i32 to index
  %r1171 = arith.index_castui %k1157 : i32 to index
  %k1172 = arith.constant 16777217 : i32
  %r1173 = arith.trunci %k1172 : i32 to i8
  %r1174 = arith.trunci %k1172 : i32 to i16
  %r1175 = arith.extsi %k1172 : i32 to i64
  %r1176 = arith.extui %k1172 : i32 to i64
  %r1177 = arith.sitofp %k1172 : i32 to f16
  %r1178 = arith.uitofp %k1172 : i32 to f16
  %r1179 = arith.sitofp %k1172 : i32 to bf16
  %r1180 = arith.uitofp %k1172 : i32 to bf16
  %r1181 = arith.sitofp %k1172 : i32 to f32
  %r1182 = arith.uitofp %k1172 : i32 to f32
  %r1183 = arith.sitofp %k1172 : i32 to f64
  %r1184 = arith.uitofp %k1172 : i32 to f64
  %r1185 = arith.index_cast %k1172 : i32 to index
  %r1186 = arith.index_castui %k1172 : i32 to index
  %k1187 = arith.constant 9007199254740993 : i64
  %r1188 = arith.trunci %k1187 : i64 to i8
  %r1189 = arith.trunci %k1187 : i64 to i16
  %r1190 = arith.sitofp %k1187 : i64 to f16
  %r1191 = arith.uitofp %k1187 : i64 to f16
  %r1192 = arith.sitofp %k1187 : i64 to bf16
  %r1193 = arith.uitofp %k1187 : i64 to bf16
  %r1194 = arith.sitofp %k1187 : i64 to f32
  %r1195 = arith.uitofp %k1187 : i64 to f32
  %r1196 = arith.sitofp %k1187 : i64 to f64
  %r1197 = arith.uitofp %k1187 : i64 to f64
  %r1198 = arith.index_cast %k1187 : i64 to index
  %r1199 = arith.index_castui %k1187 : i64 to index
  %k1200 = arith.constant -0.0 : f16
  %r1201 = arith.fptosi %k1200 : f16 to i8
  %r1202 = arith.fptoui %k1200 : f16 to i8
  %r1203 = arith.fptosi %k1200 : f16 to i64
  %r1204 = arith.fptoui %k1200 : f16 to i64
  %r1205 = arith.extf %k1200 : f16 to f32
  %r1206 = arith.extf %k1200 : f16 to f64
  %r1207 = arith.bitcast %k1200 : f16 to i16
  %k1208 = arith.constant 1.5 : f16
  %r1209 = arith.fptosi %k1208 : f16 to i8
  %r1210 = arith.fptoui %k1208 : f16 to i8
  %r1211 = arith.fptosi %k1208 : f16 to i64
  %r1212 = arith.fptoui %k1208 : f16 to i64
  %r1213 = arith.extf %k1208 : f16 to f32
  %r1214 = arith.extf %k1208 : f16 to f64
  %r1215 = arith.bitcast %k1208 : f16 to i16
  %k1216 = arith.constant 0x7E00 : f16
  %r1217 = arith.fptosi %k1216 : f16 to i8
  %r1218 = arith.fptoui %k1216 : f16 to i8
  %r1219 = arith.fptosi %k1216 : f16 to i64
  %r1220 = arith.fptoui %k1216 : f16 to i64
  %r1221 = arith.extf %k1216 : f16 to f32
  %r1222 = arith.extf %k1216 : f16 to f64
  %r1223 = arith.bitcast %k1216 : f16 to i16
  %k1224 = arith.constant 0.0 : bf16
  %r1225 = arith.fptosi %k1224 : bf16 to i8
  %r1226 = arith.fptoui %k1224 : bf16 to i8
  %r1227 = arith.fptosi %k1224 : bf16 to i64
  %r1228 = arith.fptoui %k1224 : bf16 to i64
  %r1229 = arith.extf %k1224 : bf16 to f32
  %r1230 = arith.extf %k1224 : bf16 to f64
  %r1231 = arith.bitcast %k1224 : bf16 to i16
  %k1232 = arith.constant -3.0e38 : bf16
  %r1233 = arith.fptosi %k1232 : bf16 to i8
  %r1234 = arith.fptoui %k1232 : bf16 to i8
  %r1235 = arith.fptosi %k1232 : bf16 to i64
  %r1236 = arith.fptoui %k1232 : bf16 to i64
  %r1237 = arith.extf %k1232 : bf16 to f32
  %r1238 = arith.extf %k1232 : bf16 to f64
  %r1239 = arith.bitcast %k1232 : bf16 to i16
  %k1240 = arith.constant -0.0 : f32
  %r1241 = arith.fptosi %k1240 : f32 to i8
  %r1242 = arith.fptoui %k1240 : f32 to i8
  %r1243 = arith.fptosi %k1240 : f32 to i64
  %r1244 = arith.fptoui %k1240 : f32 to i64
  %r1245 = arith.truncf %k1240 : f32 to f16
  %r1246 = arith.extf %k1240 : f32 to f64
  %r1247 = arith.bitcast %k1240 : f32 to i32
  %k1248 = arith.constant 0.1 : f32
  %r1249 = arith.fptosi %k1248 : f32 to i8
  %r1250 = arith.fptoui %k1248 : f32 to i8
  %r1251 = arith.fptosi %k1248 : f32 to i64
  %r1252 = arith.fptoui %k1248 : f32 to i64
  %r1253 = arith.truncf %k1248 : f32 to f16
  %r1254 = arith.extf %k1248 : f32 to f64
  %r1255 = arith.bitcast %k1248 : f32 to i32
  %k1256 = arith.constant 0x7F800000 : f32
  %r1257 = arith.fptosi %k1256 : f32 to i8
  %r1258 = arith.fptoui %k1256 : f32 to i8
  %r1259 = arith.fptosi %k1256 : f32 to i64
  %r1260 = arith.fptoui %k1256 : f32 to i64
  %r1261 = arith.truncf %k1256 : f32 to f16
  %r1262 = arith.extf %k1256 : f32 to f64
  %r1263 = arith.bitcast %k1256 : f32 to i32
  %k1264 = arith.constant 0x7FC00000 : f32
  %r1265 = arith.fptosi %k1264 : f32 to i8
  %r1266 = arith.fptoui %k1264 : f32 to i8
  %r1267 = arith.fptosi %k1264 : f32 to i64
  %r1268 = arith.fptoui %k1264 : f32 to i64
  %r1269 = arith.truncf %k1264 : f32 to f16
  %r1270 = arith.extf %k1264 : f32 to f64
  %r1271 = arith.bitcast %k1264 : f32 to i32
  %k1272 = arith.constant 0.0 : f64
  %r1273 = arith.fptosi %k1272 : f64 to i8
  %r1274 = arith.fptoui %k1272 : f64 to i8
  %r1275 = arith.fptosi %k1272 : f64 to i64
  %r1276 = arith.fptoui %k1272 : f64 to i64
  %r1277 = arith.truncf %k1272 : f64 to f16
  %r1278 = arith.truncf %k1272 : f64 to f32
  %r1279 = arith.bitcast %k1272 : f64 to i64
  %k1280 = arith.constant -2.5 : f64
  %r1281 = arith.fptosi %k1280 : f64 to i8
  %r1282 = arith.fptoui %k1280 : f64 to i8
  %r1283 = arith.fptosi %k1280 : f64 to i64
  %r1284 = arith.fptoui %k1280 : f64 to i64
  %r1285 = arith.truncf %k1280 : f64 to f16
  %r1286 = arith.truncf %k1280 : f64 to f32
  %r1287 = arith.bitcast %k1280 : f64 to i64
  %k1288 = arith.constant 1.0e308 : f64
  %r1289 = arith.fptosi %k1288 : f64 to i8
  %r1290 = arith.fptoui %k1288 : f64 to i8
  %r1291 = arith.fptosi %k1288 : f64 to i64
  %r1292 = arith.fptoui %k1288 : f64 to i64
  %r1293 = arith.truncf %k1288 : f64 to f16
  %r1294 = arith.truncf %k1288 : f64 to f32
  %r1295 = arith.bitcast %k1288 : f64 to i64
  %k1296 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %k1297 = arith.constant dense<3> : vector<4xi32>
  %r1298 = arith.addi %k1296, %k1297 : vector<4xi32>
  %r1299 = arith.muli %k1296, %k1297 : vector<4xi32>
  %r1300 = arith.divsi %k1296, %k1297 : vector<4xi32>
  %r1301 = arith.remui %k1296, %k1297 : vector<4xi32>
  %r1302 = arith.maxsi %k1296, %k1297 : vector<4xi32>
  %r1303 = arith.shli %k1296, %k1297 : vector<4xi32>
  %r1304 = arith.cmpi slt, %k1296, %k1297 : vector<4xi32>
  "test.use"(%r5) : (i8) -> ()
  "test.use"(%r6) : (i8) -> ()
  "test.use"(%r7) : (i8) -> ()
  "test.use"(%r8) : (i8) -> ()
  "test.use"(%r9) : (i8) -> ()
  "test.use"(%r10) : (i8) -> ()
  "test.use"(%r11) : (i8) -> ()
  "test.use"(%r12) : (i8) -> ()
  "test.use"(%r13) : (i8) -> ()
  "test.use"(%r14) : (i8) -> ()
  "test.use"(%r15) : (i8) -> ()
  "test.use"(%r16) : (i8) -> ()
  "test.use"(%r17) : (i8) -> ()
  "test.use"(%r18) : (i8) -> ()
  "test.use"(%r19) : (i8) -> ()
  "test.use"(%r20) : (i8) -> ()
  "test.use"(%r21) : (i8) -> ()
  "test.use"(%r22) : (i8) -> ()
  "test.use"(%r23) : (i8) -> ()
  "test.use"(%r24) : (i8) -> ()
  "test.use"(%r25) : (i8) -> ()
  "test.use"(%r26) : (i8) -> ()
  "test.use"(%r27) : (i8) -> ()
  "test.use"(%r28) : (i8) -> ()
  "test.use"(%r29) : (i8) -> ()
  "test.use"(%r30) : (i8) -> ()
  "test.use"(%r31) : (i8) -> ()
  "test.use"(%r32) : (i8) -> ()
  "test.use"(%r33) : (i8) -> ()
  "test.use"(%r34) : (i8) -> ()
  "test.use"(%r35) : (i8) -> ()
  "test.use"(%r36) : (i8) -> ()
  "test.use"(%r37) : (i8) -> ()
  "test.use"(%r38) : (i8) -> ()
  "test.use"(%r39) : (i8) -> ()
  "test.use"(%r40) : (i8) -> ()
  "test.use"(%r41) : (i8) -> ()
  "test.use"(%r42) : (i8) -> ()
  "test.use"(%r43) : (i8) -> ()
  "test.use"(%r44) : (i8) -> ()
  "test.use"(%r45) : (i8) -> ()
  "test.use"(%r46) : (i8) -> ()
  "test.use"(%r47) : (i8) -> ()
  "test.use"(%r48) : (i8) -> ()
  "test.use"(%r49) : (i8) -> ()
  "test.use"(%r50) : (i8) -> ()
  "test.use"(%r51) : (i8) -> ()
  "test.use"(%r52) : (i8) -> ()
  "test.use"(%r53) : (i8) -> ()
  "test.use"(%r54) : (i8) -> ()
  "test.use"(%r55) : (i8) -> ()
  "test.use"(%r56) : (i8) -> ()
  "test.use"(%r57) : (i8) -> ()
  "test.use"(%r58) : (i8) -> ()
  "test.use"(%r59) : (i8) -> ()
  "test.use"(%r60) : (i8) -> ()
  "test.use"(%r61) : (i8) -> ()
  "test.use"(%r62) : (i8) -> ()
  "test.use"(%r63) : (i8) -> ()
  "test.use"(%r64) : (i8) -> ()
  "test.use"(%r65) : (i8) -> ()
  "test.use"(%r66) : (i8) -> ()
  "test.use"(%r67) : (i8) -> ()
  "test.use"(%r68) : (i8) -> ()
  "test.use"(%r69) : (i8) -> ()
  "test.use"(%r70) : (i8) -> ()
  "test.use"(%r71) : (i8) -> ()
  "test.use"(%r72) : (i8) -> ()
  "test.use"(%r73) : (i8) -> ()
  "test.use"(%r74) : (i8) -> ()
  "test.use"(%r75) : (i8) -> ()
  "test.use"(%r76) : (i8) -> ()
  "test.use"(%r77) : (i8) -> ()
  "test.use"(%r78) : (i8) -> ()
  "test.use"(%r79) : (i8) -> ()
  "test.use"(%r80) : (i8) -> ()
  "test.use"(%r81) : (i8) -> ()
  "test.use"(%r82) : (i8) -> ()
  "test.use"(%r83) : (i8) -> ()
  "test.use"(%r84) : (i8) -> ()
  "test.use"(%r85) : (i8) -> ()
  "test.use"(%r86) : (i8) -> ()
  "test.use"(%r87) : (i8) -> ()
  "test.use"(%r88) : (i8) -> ()
  "test.use"(%r89) : (i8) -> ()
  "test.use"(%r90) : (i8) -> ()
  "test.use"(%r91) : (i8) -> ()
  "test.use"(%r92) : (i8) -> ()
  "test.use"(%r93) : (i8) -> ()
  "test.use"(%r94) : (i8) -> ()
  "test.use"(%r95) : (i8) -> ()
  "test.use"(%r96) : (i8) -> ()
  "test.use"(%r97) : (i8) -> ()
  "test.use"(%r98) : (i8) -> ()
  "test.use"(%r99) : (i8) -> ()
  "test.use"(%r100) : (i8) -> ()
  "test.use"(%r101) : (i8) -> ()
  "test.use"(%r102) : (i8) -> ()
  "test.use"(%r103) : (i8) -> ()
  "test.use"(%r104) : (i8) -> ()
  "test.use"(%r105) : (i8) -> ()
  "test.use"(%r106) : (i8) -> ()
  "test.use"(%r107) : (i8) -> ()
  "test.use"(%r108) : (i8) -> ()
  "test.use"(%r109) : (i8) -> ()
  "test.use"(%r110) : (i8) -> ()
  "test.use"(%r111) : (i8) -> ()
  "test.use"(%r112) : (i8) -> ()
  "test.use"(%r113) : (i8) -> ()
  "test.use"(%r114) : (i8) -> ()
  "test.use"(%r115) : (i8) -> ()
  "test.use"(%r116) : (i8) -> ()
  "test.use"(%r117) : (i8) -> ()
  "test.use"(%r118) : (i8) -> ()
  "test.use"(%r119) : (i8) -> ()
  "test.use"(%r120) : (i8) -> ()
  "test.use"(%r121) : (i8) -> ()
  "test.use"(%r122) : (i8) -> ()
  "test.use"(%r123) : (i8) -> ()
  "test.use"(%r124) : (i8) -> ()
  "test.use"(%r125) : (i8) -> ()
  "test.use"(%r126) : (i8) -> ()
  "test.use"(%r127) : (i8) -> ()
  "test.use"(%r128) : (i8) -> ()
  "test.use"(%r129) : (i8) -> ()
  "test.use"(%r130) : (i8) -> ()
  "test.use"(%r131) : (i8) -> ()
  "test.use"(%r132) : (i8) -> ()
  "test.use"(%r133) : (i8) -> ()
  "test.use"(%r134) : (i8) -> ()
  "test.use"(%r135) : (i8) -> ()
  "test.use"(%r136) : (i8) -> ()
  "test.use"(%r137) : (i8) -> ()
  "test.use"(%r138) : (i8) -> ()
  "test.use"(%r139) : (i8) -> ()
  "test.use"(%r140) : (i8) -> ()
  "test.use"(%r141) : (i8) -> ()
  "test.use"(%r142) : (i8) -> ()
  "test.use"(%r143) : (i8) -> ()
  "test.use"(%r144) : (i8) -> ()
  "test.use"(%r145) : (i8) -> ()
  "test.use"(%r146) : (i8) -> ()
  "test.use"(%r147) : (i8) -> ()
  "test.use"(%r148) : (i8) -> ()
  "test.use"(%r149) : (i8) -> ()
  "test.use"(%r150) : (i8) -> ()
  "test.use"(%r151) : (i8) -> ()
  "test.use"(%r152) : (i8) -> ()
  "test.use"(%r153) : (i8) -> ()
  "test.use"(%r154) : (i8) -> ()
  "test.use"(%r155) : (i8) -> ()
  "test.use"(%r156) : (i8) -> ()
  "test.use"(%r157) : (i8) -> ()
  "test.use"(%r158) : (i8) -> ()
  "test.use"(%r159) : (i8) -> ()
  "test.use"(%r160) : (i8) -> ()
  "test.use"(%r161) : (i8) -> ()
  "test.use"(%r162) : (i8) -> ()
  "test.use"(%r163) : (i8) -> ()
  "test.use"(%r164) : (i8) -> ()
  "test.use"(%r165) : (i8) -> ()
  "test.use"(%r166) : (i8) -> ()
  "test.use"(%r167) : (i8) -> ()
  "test.use"(%r168) : (i8) -> ()
  "test.use"(%r169) : (i8) -> ()
  "test.use"(%r170) : (i8) -> ()
  "test.use"(%r171) : (i8) -> ()
  "test.use"(%r172) : (i8) -> ()
  "test.use"(%r173) : (i8) -> ()
  "test.use"(%r174) : (i8) -> ()
  "test.use"(%r175) : (i8) -> ()
  "test.use"(%r176) : (i8) -> ()
  "test.use"(%r177) : (i8) -> ()
  "test.use"(%r178) : (i8) -> ()
  "test.use"(%r179) : (i8) -> ()
  "test.use"(%r180) : (i8) -> ()
  "test.use"(%r181) : (i8) -> ()
  "test.use"(%r182) : (i8) -> ()
  "test.use"(%r183) : (i8) -> ()
  "test.use"(%r184) : (i8) -> ()
  "test.use"(%r185) : (i8) -> ()
  "test.use"(%r186) : (i8) -> ()
  "test.use"(%r187) : (i8) -> ()
  "test.use"(%r188) : (i8) -> ()
  "test.use"(%r189) : (i8) -> ()
  "test.use"(%r190) : (i8) -> ()
  "test.use"(%r191) : (i8) -> ()
  "test.use"(%r192) : (i8) -> ()
  "test.use"(%r193) : (i8) -> ()
  "test.use"(%r194) : (i8) -> ()
  "test.use"(%r195) : (i8) -> ()
  "test.use"(%r196) : (i8) -> ()
  "test.use"(%r197) : (i8) -> ()
  "test.use"(%r198) : (i8) -> ()
  "test.use"(%r199) : (i8) -> ()
  "test.use"(%r200) : (i8) -> ()
  "test.use"(%r201) : (i8) -> ()
  "test.use"(%r202) : (i8) -> ()
  "test.use"(%r203) : (i8) -> ()
  "test.use"(%r204) : (i8) -> ()
  "test.use"(%r205) : (i8) -> ()
  "test.use"(%r206) : (i8) -> ()
  "test.use"(%r207) : (i8) -> ()
  "test.use"(%r208) : (i8) -> ()
  "test.use"(%r209) : (i8) -> ()
  "test.use"(%r210) : (i8) -> ()
  "test.use"(%r211) : (i8) -> ()
  "test.use"(%r212) : (i8) -> ()
  "test.use"(%r213) : (i8) -> ()
  "test.use"(%r214) : (i8) -> ()
  "test.use"(%r215) : (i8) -> ()
  "test.use"(%r216) : (i8) -> ()
  "test.use"(%r217) : (i8) -> ()
  "test.use"(%r218) : (i8) -> ()
  "test.use"(%r219) : (i8) -> ()
  "test.use"(%r220) : (i8) -> ()
  "test.use"(%r221) : (i8) -> ()
  "test.use"(%r222) : (i8) -> ()
  "test.use"(%r223) : (i8) -> ()
  "test.use"(%r224) : (i8) -> ()
  "test.use"(%r225) : (i8) -> ()
  "test.use"(%r226) : (i8) -> ()
  "test.use"(%r227) : (i8) -> ()
  "test.use"(%r228) : (i8) -> ()
  "test.use"(%r229) : (i8) -> ()
  "test.use"(%r230) : (i8) -> ()
  "test.use"(%r231) : (i8) -> ()
  "test.use"(%r232) : (i8) -> ()
  "test.use"(%r233) : (i8) -> ()
  "test.use"(%r234) : (i8) -> ()
  "test.use"(%r235) : (i8) -> ()
  "test.use"(%r236) : (i8) -> ()
  "test.use"(%r237) : (i8) -> ()
  "test.use"(%r238) : (i8) -> ()
  "test.use"(%r239) : (i8) -> ()
  "test.use"(%r240) : (i8) -> ()
  "test.use"(%r241) : (i8) -> ()
  "test.use"(%r242) : (i8) -> ()
  "test.use"(%r243) : (i8) -> ()
  "test.use"(%r244) : (i8) -> ()
  "test.use"(%r245) : (i8) -> ()
  "test.use"(%r246) : (i8) -> ()
  "test.use"(%r247) : (i8) -> ()
  "test.use"(%r248) : (i8) -> ()
  "test.use"(%r249) : (i8) -> ()
  "test.use"(%r250) : (i8) -> ()
  "test.use"(%r251) : (i8) -> ()
  "test.use"(%r252) : (i8) -> ()
  "test.use"(%r253) : (i8) -> ()
  "test.use"(%r254) : (i8) -> ()
  "test.use"(%r255) : (i8) -> ()
  "test.use"(%r256) : (i8) -> ()
  "test.use"(%r257) : (i8) -> ()
  "test.use"(%r258) : (i8) -> ()
  "test.use"(%r259) : (i8) -> ()
  "test.use"(%r260) : (i8) -> ()
  "test.use"(%r261) : (i8) -> ()
  "test.use"(%r262) : (i8) -> ()
  "test.use"(%r263) : (i8) -> ()
  "test.use"(%r264) : (i8) -> ()
  "test.use"(%r265) : (i8) -> ()
  "test.use"(%r266) : (i8) -> ()
  "test.use"(%r267) : (i8) -> ()
  "test.use"(%r268) : (i8) -> ()
  "test.use"(%r269) : (i8) -> ()
  "test.use"(%r270) : (i8) -> ()
  "test.use"(%r271) : (i8) -> ()
  "test.use"(%r272) : (i8) -> ()
  "test.use"(%r273) : (i8) -> ()
  "test.use"(%r274) : (i8) -> ()
  "test.use"(%r275) : (i8) -> ()
  "test.use"(%r276) : (i8) -> ()
  "test.use"(%r277) : (i8) -> ()
  "test.use"(%r278) : (i8) -> ()
  "test.use"(%r279) : (i8) -> ()
  "test.use"(%r280) : (i8) -> ()
  "test.use"(%r281) : (i8) -> ()
  "test.use"(%r282) : (i8) -> ()
  "test.use"(%r283) : (i8) -> ()
  "test.use"(%r284) : (i8) -> ()
  "test.use"(%r285) : (i8) -> ()
  "test.use"(%r286) : (i8) -> ()
  "test.use"(%r287) : (i8) -> ()
  "test.use"(%r288) : (i8) -> ()
  "test.use"(%r289) : (i8) -> ()
  "test.use"(%r290) : (i8) -> ()
  "test.use"(%r291) : (i8) -> ()
  "test.use"(%r292) : (i8) -> ()
  "test.use"(%r293) : (i8) -> ()
  "test.use"(%r294) : (i8) -> ()
  "test.use"(%r295) : (i8) -> ()
  "test.use"(%r296) : (i8) -> ()
  "test.use"(%r297) : (i8) -> ()
  "test.use"(%r298) : (i8) -> ()
  "test.use"(%r299) : (i8) -> ()
  "test.use"(%r300) : (i8) -> ()
  "test.use"(%r301) : (i8) -> ()
  "test.use"(%r302) : (i8) -> ()
  "test.use"(%r303) : (i8) -> ()
  "test.use"(%r304) : (i8) -> ()
  "test.use"(%r305) : (i8) -> ()
  "test.use"(%r306) : (i8) -> ()
  "test.use"(%r307) : (i8) -> ()
  "test.use"(%r308) : (i8) -> ()
  "test.use"(%r309) : (i8) -> ()
  "test.use"(%r310) : (i8) -> ()
  "test.use"(%r311) : (i8) -> ()
  "test.use"(%r312) : (i8) -> ()
  "test.use"(%r313) : (i8) -> ()
  "test.use"(%r314) : (i8) -> ()
  "test.use"(%r315) : (i8) -> ()
  "test.use"(%r316) : (i8) -> ()
  "test.use"(%r317) : (i8) -> ()
  "test.use"(%r318) : (i8) -> ()
  "test.use"(%r319) : (i8) -> ()
  "test.use"(%r320) : (i8) -> ()
  "test.use"(%r321) : (i8) -> ()
  "test.use"(%r322) : (i8) -> ()
  "test.use"(%r323) : (i8) -> ()
  "test.use"(%r324) : (i8) -> ()
  "test.use"(%r325) : (i1) -> ()
  "test.use"(%r326) : (i1) -> ()
  "test.use"(%r327) : (i1) -> ()
  "test.use"(%r328) : (i1) -> ()
  "test.use"(%r329) : (i1) -> ()
  "test.use"(%r330) : (i1) -> ()
  "test.use"(%r331) : (i1) -> ()
  "test.use"(%r332) : (i1) -> ()
  "test.use"(%r333) : (i1) -> ()
  "test.use"(%r334) : (i1) -> ()
  "test.use"(%r338) : (i32) -> ()
  "test.use"(%r339) : (i32) -> ()
  "test.use"(%r340) : (i32) -> ()
  "test.use"(%r341) : (i32) -> ()
  "test.use"(%r342) : (i32) -> ()
  "test.use"(%r343) : (i32) -> ()
  "test.use"(%r344) : (i32) -> ()
  "test.use"(%r345) : (i32) -> ()
  "test.use"(%r346) : (i32) -> ()
  "test.use"(%r347) : (i32) -> ()
  "test.use"(%r348) : (i32) -> ()
  "test.use"(%r349) : (i32) -> ()
  "test.use"(%r350) : (i32) -> ()
  "test.use"(%r351) : (i32) -> ()
  "test.use"(%r352) : (i32) -> ()
  "test.use"(%r353) : (i32) -> ()
  "test.use"(%r354) : (i32) -> ()
  "test.use"(%r355) : (i32) -> ()
  "test.use"(%r356) : (i32) -> ()
  "test.use"(%r357) : (i32) -> ()
  "test.use"(%r358) : (i32) -> ()
  "test.use"(%r359) : (i32) -> ()
  "test.use"(%r360) : (i32) -> ()
  "test.use"(%r361) : (i32) -> ()
  "test.use"(%r362) : (i32) -> ()
  "test.use"(%r363) : (i32) -> ()
  "test.use"(%r364) : (i32) -> ()
  "test.use"(%r365) : (i32) -> ()
  "test.use"(%r366) : (i32) -> ()
  "test.use"(%r367) : (i32) -> ()
  "test.use"(%r368) : (i32) -> ()
  "test.use"(%r369) : (i32) -> ()
  "test.use"(%r370) : (i32) -> ()
  "test.use"(%r371) : (i32) -> ()
  "test.use"(%r372) : (i32) -> ()
  "test.use"(%r373) : (i32) -> ()
  "test.use"(%r374) : (i32) -> ()
  "test.use"(%r375) : (i32) -> ()
  "test.use"(%r376) : (i32) -> ()
  "test.use"(%r377) : (i32) -> ()
  "test.use"(%r378) : (i32) -> ()
  "test.use"(%r379) : (i32) -> ()
  "test.use"(%r380) : (i32) -> ()
  "test.use"(%r381) : (i32) -> ()
  "test.use"(%r382) : (i32) -> ()
  "test.use"(%r383) : (i32) -> ()
  "test.use"(%r384) : (i32) -> ()
  "test.use"(%r385) : (i32) -> ()
  "test.use"(%r386) : (i32) -> ()
  "test.use"(%r387) : (i32) -> ()
  "test.use"(%r388) : (i32) -> ()
  "test.use"(%r389) : (i32) -> ()
  "test.use"(%r390) : (i32) -> ()
  "test.use"(%r391) : (i32) -> ()
  "test.use"(%r392) : (i32) -> ()
  "test.use"(%r393) : (i32) -> ()
  "test.use"(%r394) : (i32) -> ()
  "test.use"(%r395) : (i32) -> ()
  "test.use"(%r396) : (i32) -> ()
  "test.use"(%r397) : (i32) -> ()
  "test.use"(%r398) : (i32) -> ()
  "test.use"(%r399) : (i32) -> ()
  "test.use"(%r400) : (i32) -> ()
  "test.use"(%r401) : (i32) -> ()
  "test.use"(%r402) : (i32) -> ()
  "test.use"(%r403) : (i32) -> ()
  "test.use"(%r404) : (i32) -> ()
  "test.use"(%r405) : (i32) -> ()
  "test.use"(%r406) : (i32) -> ()
  "test.use"(%r407) : (i32) -> ()
  "test.use"(%r408) : (i32) -> ()
  "test.use"(%r409) : (i32) -> ()
  "test.use"(%r410) : (i32) -> ()
  "test.use"(%r411) : (i32) -> ()
  "test.use"(%r412) : (i32) -> ()
  "test.use"(%r413) : (i32) -> ()
  "test.use"(%r414) : (i32) -> ()
  "test.use"(%r415) : (i32) -> ()
  "test.use"(%r416) : (i32) -> ()
  "test.use"(%r417) : (i32) -> ()
  "test.use"(%r418) : (i32) -> ()
  "test.use"(%r419) : (i32) -> ()
  "test.use"(%r420) : (i32) -> ()
  "test.use"(%r421) : (i32) -> ()
  "test.use"(%r422) : (i32) -> ()
  "test.use"(%r423) : (i32) -> ()
  "test.use"(%r424) : (i32) -> ()
  "test.use"(%r425) : (i32) -> ()
  "test.use"(%r426) : (i32) -> ()
  "test.use"(%r427) : (i32) -> ()
  "test.use"(%r428) : (i32) -> ()
  "test.use"(%r429) : (i32) -> ()
  "test.use"(%r430) : (i32) -> ()
  "test.use"(%r431) : (i32) -> ()
  "test.use"(%r432) : (i32) -> ()
  "test.use"(%r433) : (i32) -> ()
  "test.use"(%r434) : (i32) -> ()
  "test.use"(%r435) : (i32) -> ()
  "test.use"(%r436) : (i32) -> ()
  "test.use"(%r437) : (i32) -> ()
  "test.use"(%r438) : (i32) -> ()
  "test.use"(%r439) : (i32) -> ()
  "test.use"(%r440) : (i32) -> ()
  "test.use"(%r441) : (i32) -> ()
  "test.use"(%r442) : (i32) -> ()
  "test.use"(%r443) : (i32) -> ()
  "test.use"(%r444) : (i32) -> ()
  "test.use"(%r445) : (i32) -> ()
  "test.use"(%r446) : (i32) -> ()
  "test.use"(%r447) : (i32) -> ()
  "test.use"(%r448) : (i32) -> ()
  "test.use"(%r449) : (i32) -> ()
  "test.use"(%r450) : (i32) -> ()
  "test.use"(%r451) : (i32) -> ()
  "test.use"(%r452) : (i32) -> ()
  "test.use"(%r453) : (i32) -> ()
  "test.use"(%r454) : (i32) -> ()
  "test.use"(%r455) : (i32) -> ()
  "test.use"(%r456) : (i32) -> ()
  "test.use"(%r457) : (i32) -> ()
  "test.use"(%r458) : (i32) -> ()
  "test.use"(%r459) : (i32) -> ()
  "test.use"(%r460) : (i32) -> ()
  "test.use"(%r461) : (i32) -> ()
  "test.use"(%r462) : (i32) -> ()
  "test.use"(%r463) : (i32) -> ()
  "test.use"(%r464) : (i32) -> ()
  "test.use"(%r465) : (i32) -> ()
  "test.use"(%r466) : (i32) -> ()
  "test.use"(%r467) : (i32) -> ()
  "test.use"(%r468) : (i32) -> ()
  "test.use"(%r469) : (i32) -> ()
  "test.use"(%r470) : (i32) -> ()
  "test.use"(%r471) : (i32) -> ()
  "test.use"(%r472) : (i32) -> ()
  "test.use"(%r473) : (i32) -> ()
  "test.use"(%r474) : (i32) -> ()
  "test.use"(%r475) : (i32) -> ()
  "test.use"(%r476) : (i32) -> ()
  "test.use"(%r477) : (i32) -> ()
  "test.use"(%r478) : (i32) -> ()
  "test.use"(%r479) : (i32) -> ()
  "test.use"(%r480) : (i32) -> ()
  "test.use"(%r481) : (i32) -> ()
  "test.use"(%r482) : (i32) -> ()
  "test.use"(%r483) : (i32) -> ()
  "test.use"(%r484) : (i32) -> ()
  "test.use"(%r485) : (i32) -> ()
  "test.use"(%r486) : (i32) -> ()
  "test.use"(%r487) : (i32) -> ()
  "test.use"(%r488) : (i32) -> ()
  "test.use"(%r489) : (i32) -> ()
  "test.use"(%r490) : (i32) -> ()
  "test.use"(%r491) : (i32) -> ()
  "test.use"(%r492) : (i32) -> ()
  "test.use"(%r493) : (i32) -> ()
  "test.use"(%r494) : (i32) -> ()
  "test.use"(%r495) : (i32) -> ()
  "test.use"(%r496) : (i32) -> ()
  "test.use"(%r497) : (i32) -> ()
  "test.use"(%r498) : (i32) -> ()
  "test.use"(%r499) : (i32) -> ()
  "test.use"(%r500) : (i32) -> ()
  "test.use"(%r501) : (i32) -> ()
  "test.use"(%r502) : (i32) -> ()
  "test.use"(%r503) : (i32) -> ()
  "test.use"(%r504) : (i32) -> ()
  "test.use"(%r505) : (i32) -> ()
  "test.use"(%r506) : (i32) -> ()
  "test.use"(%r507) : (i32) -> ()
  "test.use"(%r508) : (i32) -> ()
  "test.use"(%r509) : (i32) -> ()
  "test.use"(%r510) : (i32) -> ()
  "test.use"(%r511) : (i32) -> ()
  "test.use"(%r512) : (i32) -> ()
  "test.use"(%r513) : (i32) -> ()
  "test.use"(%r514) : (i32) -> ()
  "test.use"(%r515) : (i32) -> ()
  "test.use"(%r516) : (i32) -> ()
  "test.use"(%r517) : (i32) -> ()
  "test.use"(%r518) : (i1) -> ()
  "test.use"(%r519) : (i1) -> ()
  "test.use"(%r520) : (i1) -> ()
  "test.use"(%r521) : (i1) -> ()
  "test.use"(%r522) : (i1) -> ()
  "test.use"(%r523) : (i1) -> ()
  "test.use"(%r524) : (i1) -> ()
  "test.use"(%r525) : (i1) -> ()
  "test.use"(%r526) : (i1) -> ()
  "test.use"(%r527) : (i1) -> ()
  "test.use"(%r531) : (index) -> ()
  "test.use"(%r532) : (index) -> ()
  "test.use"(%r533) : (index) -> ()
  "test.use"(%r534) : (index) -> ()
  "test.use"(%r535) : (index) -> ()
  "test.use"(%r536) : (index) -> ()
  "test.use"(%r537) : (index) -> ()
  "test.use"(%r538) : (index) -> ()
  "test.use"(%r539) : (index) -> ()
  "test.use"(%r540) : (index) -> ()
  "test.use"(%r541) : (index) -> ()
  "test.use"(%r542) : (index) -> ()
  "test.use"(%r543) : (index) -> ()
  "test.use"(%r544) : (index) -> ()
  "test.use"(%r545) : (index) -> ()
  "test.use"(%r546) : (index) -> ()
  "test.use"(%r547) : (index) -> ()
  "test.use"(%r548) : (index) -> ()
  "test.use"(%r549) : (index) -> ()
  "test.use"(%r550) : (index) -> ()
  "test.use"(%r551) : (index) -> ()
  "test.use"(%r552) : (index) -> ()
  "test.use"(%r553) : (index) -> ()
  "test.use"(%r554) : (index) -> ()
  "test.use"(%r555) : (index) -> ()
  "test.use"(%r556) : (index) -> ()
  "test.use"(%r557) : (index) -> ()
  "test.use"(%r558) : (index) -> ()
  "test.use"(%r559) : (index) -> ()
  "test.use"(%r560) : (index) -> ()
  "test.use"(%r561) : (index) -> ()
  "test.use"(%r562) : (index) -> ()
  "test.use"(%r563) : (index) -> ()
  "test.use"(%r564) : (index) -> ()
  "test.use"(%r565) : (index) -> ()
  "test.use"(%r566) : (index) -> ()
  "test.use"(%r567) : (index) -> ()
  "test.use"(%r568) : (index) -> ()
  "test.use"(%r569) : (index) -> ()
  "test.use"(%r570) : (index) -> ()
  "test.use"(%r571) : (index) -> ()
  "test.use"(%r572) : (index) -> ()
  "test.use"(%r573) : (index) -> ()
  "test.use"(%r574) : (index) -> ()
  "test.use"(%r575) : (index) -> ()
  "test.use"(%r576) : (index) -> ()
  "test.use"(%r577) : (index) -> ()
  "test.use"(%r578) : (index) -> ()
  "test.use"(%r579) : (index) -> ()
  "test.use"(%r580) : (index) -> ()
  "test.use"(%r581) : (index) -> ()
  "test.use"(%r582) : (index) -> ()
  "test.use"(%r583) : (index) -> ()
  "test.use"(%r584) : (index) -> ()
  "test.use"(%r585) : (index) -> ()
  "test.use"(%r586) : (index) -> ()
  "test.use"(%r587) : (index) -> ()
  "test.use"(%r588) : (index) -> ()
  "test.use"(%r589) : (index) -> ()
  "test.use"(%r590) : (index) -> ()
  "test.use"(%r591) : (index) -> ()
  "test.use"(%r592) : (index) -> ()
  "test.use"(%r593) : (index) -> ()
  "test.use"(%r594) : (index) -> ()
  "test.use"(%r595) : (index) -> ()
  "test.use"(%r596) : (index) -> ()
  "test.use"(%r597) : (index) -> ()
  "test.use"(%r598) : (index) -> ()
  "test.use"(%r599) : (index) -> ()
  "test.use"(%r600) : (index) -> ()
  "test.use"(%r601) : (index) -> ()
  "test.use"(%r602) : (index) -> ()
  "test.use"(%r603) : (index) -> ()
  "test.use"(%r604) : (index) -> ()
  "test.use"(%r605) : (index) -> ()
  "test.use"(%r606) : (index) -> ()
  "test.use"(%r607) : (index) -> ()
  "test.use"(%r608) : (index) -> ()
  "test.use"(%r609) : (index) -> ()
  "test.use"(%r610) : (index) -> ()
  "test.use"(%r611) : (index) -> ()
  "test.use"(%r612) : (index) -> ()
  "test.use"(%r613) : (index) -> ()
  "test.use"(%r614) : (index) -> ()
  "test.use"(%r615) : (index) -> ()
  "test.use"(%r616) : (index) -> ()
  "test.use"(%r617) : (index) -> ()
  "test.use"(%r618) : (index) -> ()
  "test.use"(%r619) : (index) -> ()
  "test.use"(%r620) : (index) -> ()
  "test.use"(%r621) : (index) -> ()
  "test.use"(%r622) : (index) -> ()
  "test.use"(%r623) : (index) -> ()
  "test.use"(%r624) : (index) -> ()
  "test.use"(%r625) : (index) -> ()
  "test.use"(%r626) : (index) -> ()
  "test.use"(%r627) : (index) -> ()
  "test.use"(%r628) : (index) -> ()
  "test.use"(%r629) : (index) -> ()
  "test.use"(%r630) : (index) -> ()
  "test.use"(%r631) : (index) -> ()
  "test.use"(%r632) : (index) -> ()
  "test.use"(%r633) : (index) -> ()
  "test.use"(%r634) : (index) -> ()
  "test.use"(%r635) : (index) -> ()
  "test.use"(%r636) : (index) -> ()
  "test.use"(%r637) : (index) -> ()
  "test.use"(%r638) : (index) -> ()
  "test.use"(%r639) : (index) -> ()
  "test.use"(%r640) : (index) -> ()
  "test.use"(%r641) : (index) -> ()
  "test.use"(%r642) : (index) -> ()
  "test.use"(%r643) : (index) -> ()
  "test.use"(%r644) : (index) -> ()
  "test.use"(%r645) : (index) -> ()
  "test.use"(%r646) : (index) -> ()
  "test.use"(%r647) : (index) -> ()
  "test.use"(%r648) : (index) -> ()
  "test.use"(%r649) : (index) -> ()
  "test.use"(%r650) : (index) -> ()
  "test.use"(%r651) : (index) -> ()
  "test.use"(%r652) : (index) -> ()
  "test.use"(%r653) : (index) -> ()
  "test.use"(%r654) : (index) -> ()
  "test.use"(%r655) : (index) -> ()
  "test.use"(%r656) : (index) -> ()
  "test.use"(%r657) : (index) -> ()
  "test.use"(%r658) : (index) -> ()
  "test.use"(%r659) : (index) -> ()
  "test.use"(%r660) : (index) -> ()
  "test.use"(%r661) : (index) -> ()
  "test.use"(%r662) : (index) -> ()
  "test.use"(%r663) : (index) -> ()
  "test.use"(%r664) : (index) -> ()
  "test.use"(%r665) : (index) -> ()
  "test.use"(%r666) : (index) -> ()
  "test.use"(%r667) : (index) -> ()
  "test.use"(%r668) : (index) -> ()
  "test.use"(%r669) : (index) -> ()
  "test.use"(%r670) : (index) -> ()
  "test.use"(%r671) : (index) -> ()
  "test.use"(%r672) : (index) -> ()
  "test.use"(%r673) : (index) -> ()
  "test.use"(%r674) : (index) -> ()
  "test.use"(%r675) : (index) -> ()
  "test.use"(%r676) : (index) -> ()
  "test.use"(%r677) : (index) -> ()
  "test.use"(%r678) : (index) -> ()
  "test.use"(%r679) : (index) -> ()
  "test.use"(%r680) : (index) -> ()
  "test.use"(%r681) : (index) -> ()
  "test.use"(%r682) : (index) -> ()
  "test.use"(%r683) : (index) -> ()
  "test.use"(%r684) : (index) -> ()
  "test.use"(%r685) : (index) -> ()
  "test.use"(%r686) : (index) -> ()
  "test.use"(%r687) : (index) -> ()
  "test.use"(%r688) : (index) -> ()
  "test.use"(%r689) : (index) -> ()
  "test.use"(%r690) : (index) -> ()
  "test.use"(%r691) : (index) -> ()
  "test.use"(%r692) : (index) -> ()
  "test.use"(%r693) : (index) -> ()
  "test.use"(%r694) : (index) -> ()
  "test.use"(%r695) : (index) -> ()
  "test.use"(%r696) : (index) -> ()
  "test.use"(%r697) : (index) -> ()
  "test.use"(%r698) : (index) -> ()
  "test.use"(%r699) : (index) -> ()
  "test.use"(%r700) : (index) -> ()
  "test.use"(%r701) : (index) -> ()
  "test.use"(%r702) : (index) -> ()
  "test.use"(%r703) : (index) -> ()
  "test.use"(%r704) : (index) -> ()
  "test.use"(%r705) : (index) -> ()
  "test.use"(%r706) : (index) -> ()
  "test.use"(%r707) : (index) -> ()
  "test.use"(%r708) : (index) -> ()
  "test.use"(%r709) : (index) -> ()
  "test.use"(%r710) : (index) -> ()
  "test.use"(%r711) : (i1) -> ()
  "test.use"(%r712) : (i1) -> ()
  "test.use"(%r713) : (i1) -> ()
  "test.use"(%r714) : (i1) -> ()
  "test.use"(%r715) : (i1) -> ()
  "test.use"(%r716) : (i1) -> ()
  "test.use"(%r717) : (i1) -> ()
  "test.use"(%r718) : (i1) -> ()
  "test.use"(%r719) : (i1) -> ()
  "test.use"(%r720) : (i1) -> ()
  "test.use"(%r724) : (f16) -> ()
  "test.use"(%r725) : (f16) -> ()
  "test.use"(%r726) : (f16) -> ()
  "test.use"(%r727) : (f16) -> ()
  "test.use"(%r728) : (f16) -> ()
  "test.use"(%r729) : (f16) -> ()
  "test.use"(%r730) : (f16) -> ()
  "test.use"(%r731) : (f16) -> ()
  "test.use"(%r732) : (f16) -> ()
  "test.use"(%r733) : (f16) -> ()
  "test.use"(%r734) : (f16) -> ()
  "test.use"(%r735) : (f16) -> ()
  "test.use"(%r736) : (f16) -> ()
  "test.use"(%r737) : (f16) -> ()
  "test.use"(%r738) : (f16) -> ()
  "test.use"(%r739) : (f16) -> ()
  "test.use"(%r740) : (f16) -> ()
  "test.use"(%r741) : (f16) -> ()
  "test.use"(%r742) : (f16) -> ()
  "test.use"(%r743) : (f16) -> ()
  "test.use"(%r744) : (f16) -> ()
  "test.use"(%r745) : (f16) -> ()
  "test.use"(%r746) : (f16) -> ()
  "test.use"(%r747) : (f16) -> ()
  "test.use"(%r748) : (f16) -> ()
  "test.use"(%r749) : (f16) -> ()
  "test.use"(%r750) : (f16) -> ()
  "test.use"(%r751) : (f16) -> ()
  "test.use"(%r752) : (f16) -> ()
  "test.use"(%r753) : (f16) -> ()
  "test.use"(%r754) : (f16) -> ()
  "test.use"(%r755) : (f16) -> ()
  "test.use"(%r756) : (f16) -> ()
  "test.use"(%r757) : (f16) -> ()
  "test.use"(%r758) : (f16) -> ()
  "test.use"(%r759) : (f16) -> ()
  "test.use"(%r760) : (f16) -> ()
  "test.use"(%r761) : (f16) -> ()
  "test.use"(%r762) : (f16) -> ()
  "test.use"(%r763) : (f16) -> ()
  "test.use"(%r764) : (f16) -> ()
  "test.use"(%r765) : (f16) -> ()
  "test.use"(%r766) : (f16) -> ()
  "test.use"(%r767) : (f16) -> ()
  "test.use"(%r768) : (f16) -> ()
  "test.use"(%r769) : (f16) -> ()
  "test.use"(%r770) : (f16) -> ()
  "test.use"(%r771) : (f16) -> ()
  "test.use"(%r772) : (f16) -> ()
  "test.use"(%r773) : (f16) -> ()
  "test.use"(%r774) : (f16) -> ()
  "test.use"(%r775) : (f16) -> ()
  "test.use"(%r776) : (f16) -> ()
  "test.use"(%r777) : (f16) -> ()
  "test.use"(%r778) : (f16) -> ()
  "test.use"(%r779) : (f16) -> ()
  "test.use"(%r780) : (f16) -> ()
  "test.use"(%r781) : (f16) -> ()
  "test.use"(%r782) : (f16) -> ()
  "test.use"(%r783) : (f16) -> ()
  "test.use"(%r784) : (f16) -> ()
  "test.use"(%r785) : (f16) -> ()
  "test.use"(%r786) : (f16) -> ()
  "test.use"(%r787) : (f16) -> ()
  "test.use"(%r788) : (f16) -> ()
  "test.use"(%r789) : (f16) -> ()
  "test.use"(%r790) : (f16) -> ()
  "test.use"(%r791) : (f16) -> ()
  "test.use"(%r792) : (f16) -> ()
  "test.use"(%r793) : (f16) -> ()
  "test.use"(%r794) : (f16) -> ()
  "test.use"(%r795) : (f16) -> ()
  "test.use"(%r796) : (f16) -> ()
  "test.use"(%r797) : (f16) -> ()
  "test.use"(%r798) : (f16) -> ()
  "test.use"(%r799) : (f16) -> ()
  "test.use"(%r800) : (f16) -> ()
  "test.use"(%r801) : (f16) -> ()
  "test.use"(%r802) : (f16) -> ()
  "test.use"(%r803) : (f16) -> ()
  "test.use"(%r804) : (f16) -> ()
  "test.use"(%r805) : (f16) -> ()
  "test.use"(%r806) : (f16) -> ()
  "test.use"(%r807) : (f16) -> ()
  "test.use"(%r808) : (i1) -> ()
  "test.use"(%r809) : (i1) -> ()
  "test.use"(%r810) : (i1) -> ()
  "test.use"(%r811) : (i1) -> ()
  "test.use"(%r812) : (i1) -> ()
  "test.use"(%r813) : (i1) -> ()
  "test.use"(%r814) : (i1) -> ()
  "test.use"(%r815) : (i1) -> ()
  "test.use"(%r816) : (i1) -> ()
  "test.use"(%r817) : (i1) -> ()
  "test.use"(%r820) : (bf16) -> ()
  "test.use"(%r821) : (bf16) -> ()
  "test.use"(%r822) : (bf16) -> ()
  "test.use"(%r823) : (bf16) -> ()
  "test.use"(%r824) : (bf16) -> ()
  "test.use"(%r825) : (bf16) -> ()
  "test.use"(%r826) : (bf16) -> ()
  "test.use"(%r827) : (bf16) -> ()
  "test.use"(%r828) : (bf16) -> ()
  "test.use"(%r829) : (bf16) -> ()
  "test.use"(%r830) : (bf16) -> ()
  "test.use"(%r831) : (bf16) -> ()
  "test.use"(%r832) : (bf16) -> ()
  "test.use"(%r833) : (bf16) -> ()
  "test.use"(%r834) : (bf16) -> ()
  "test.use"(%r835) : (bf16) -> ()
  "test.use"(%r836) : (bf16) -> ()
  "test.use"(%r837) : (bf16) -> ()
  "test.use"(%r838) : (bf16) -> ()
  "test.use"(%r839) : (bf16) -> ()
  "test.use"(%r840) : (bf16) -> ()
  "test.use"(%r841) : (bf16) -> ()
  "test.use"(%r842) : (bf16) -> ()
  "test.use"(%r843) : (bf16) -> ()
  "test.use"(%r844) : (bf16) -> ()
  "test.use"(%r845) : (bf16) -> ()
  "test.use"(%r846) : (bf16) -> ()
  "test.use"(%r847) : (bf16) -> ()
  "test.use"(%r848) : (bf16) -> ()
  "test.use"(%r849) : (bf16) -> ()
  "test.use"(%r850) : (bf16) -> ()
  "test.use"(%r851) : (bf16) -> ()
  "test.use"(%r852) : (bf16) -> ()
  "test.use"(%r853) : (bf16) -> ()
  "test.use"(%r854) : (bf16) -> ()
  "test.use"(%r855) : (bf16) -> ()
  "test.use"(%r856) : (bf16) -> ()
  "test.use"(%r857) : (bf16) -> ()
  "test.use"(%r858) : (i1) -> ()
  "test.use"(%r859) : (i1) -> ()
  "test.use"(%r860) : (i1) -> ()
  "test.use"(%r861) : (i1) -> ()
  "test.use"(%r862) : (i1) -> ()
  "test.use"(%r863) : (i1) -> ()
  "test.use"(%r864) : (i1) -> ()
  "test.use"(%r865) : (i1) -> ()
  "test.use"(%r866) : (i1) -> ()
  "test.use"(%r867) : (i1) -> ()
  "test.use"(%r872) : (f32) -> ()
  "test.use"(%r873) : (f32) -> ()
  "test.use"(%r874) : (f32) -> ()
  "test.use"(%r875) : (f32) -> ()
  "test.use"(%r876) : (f32) -> ()
  "test.use"(%r877) : (f32) -> ()
  "test.use"(%r878) : (f32) -> ()
  "test.use"(%r879) : (f32) -> ()
  "test.use"(%r880) : (f32) -> ()
  "test.use"(%r881) : (f32) -> ()
  "test.use"(%r882) : (f32) -> ()
  "test.use"(%r883) : (f32) -> ()
  "test.use"(%r884) : (f32) -> ()
  "test.use"(%r885) : (f32) -> ()
  "test.use"(%r886) : (f32) -> ()
  "test.use"(%r887) : (f32) -> ()
  "test.use"(%r888) : (f32) -> ()
  "test.use"(%r889) : (f32) -> ()
  "test.use"(%r890) : (f32) -> ()
  "test.use"(%r891) : (f32) -> ()
  "test.use"(%r892) : (f32) -> ()
  "test.use"(%r893) : (f32) -> ()
  "test.use"(%r894) : (f32) -> ()
  "test.use"(%r895) : (f32) -> ()
  "test.use"(%r896) : (f32) -> ()
  "test.use"(%r897) : (f32) -> ()
  "test.use"(%r898) : (f32) -> ()
  "test.use"(%r899) : (f32) -> ()
  "test.use"(%r900) : (f32) -> ()
  "test.use"(%r901) : (f32) -> ()
  "test.use"(%r902) : (f32) -> ()
  "test.use"(%r903) : (f32) -> ()
  "test.use"(%r904) : (f32) -> ()
  "test.use"(%r905) : (f32) -> ()
  "test.use"(%r906) : (f32) -> ()
  "test.use"(%r907) : (f32) -> ()
  "test.use"(%r908) : (f32) -> ()
  "test.use"(%r909) : (f32) -> ()
  "test.use"(%r910) : (f32) -> ()
  "test.use"(%r911) : (f32) -> ()
  "test.use"(%r912) : (f32) -> ()
  "test.use"(%r913) : (f32) -> ()
  "test.use"(%r914) : (f32) -> ()
  "test.use"(%r915) : (f32) -> ()
  "test.use"(%r916) : (f32) -> ()
  "test.use"(%r917) : (f32) -> ()
  "test.use"(%r918) : (f32) -> ()
  "test.use"(%r919) : (f32) -> ()
  "test.use"(%r920) : (f32) -> ()
  "test.use"(%r921) : (f32) -> ()
  "test.use"(%r922) : (f32) -> ()
  "test.use"(%r923) : (f32) -> ()
  "test.use"(%r924) : (f32) -> ()
  "test.use"(%r925) : (f32) -> ()
  "test.use"(%r926) : (f32) -> ()
  "test.use"(%r927) : (f32) -> ()
  "test.use"(%r928) : (f32) -> ()
  "test.use"(%r929) : (f32) -> ()
  "test.use"(%r930) : (f32) -> ()
  "test.use"(%r931) : (f32) -> ()
  "test.use"(%r932) : (f32) -> ()
  "test.use"(%r933) : (f32) -> ()
  "test.use"(%r934) : (f32) -> ()
  "test.use"(%r935) : (f32) -> ()
  "test.use"(%r936) : (f32) -> ()
  "test.use"(%r937) : (f32) -> ()
  "test.use"(%r938) : (f32) -> ()
  "test.use"(%r939) : (f32) -> ()
  "test.use"(%r940) : (f32) -> ()
  "test.use"(%r941) : (f32) -> ()
  "test.use"(%r942) : (f32) -> ()
  "test.use"(%r943) : (f32) -> ()
  "test.use"(%r944) : (f32) -> ()
  "test.use"(%r945) : (f32) -> ()
  "test.use"(%r946) : (f32) -> ()
  "test.use"(%r947) : (f32) -> ()
  "test.use"(%r948) : (f32) -> ()
  "test.use"(%r949) : (f32) -> ()
  "test.use"(%r950) : (f32) -> ()
  "test.use"(%r951) : (f32) -> ()
  "test.use"(%r952) : (f32) -> ()
  "test.use"(%r953) : (f32) -> ()
  "test.use"(%r954) : (f32) -> ()
  "test.use"(%r955) : (f32) -> ()
  "test.use"(%r956) : (f32) -> ()
  "test.use"(%r957) : (f32) -> ()
  "test.use"(%r958) : (f32) -> ()
  "test.use"(%r959) : (f32) -> ()
  "test.use"(%r960) : (f32) -> ()
  "test.use"(%r961) : (f32) -> ()
  "test.use"(%r962) : (f32) -> ()
  "test.use"(%r963) : (f32) -> ()
  "test.use"(%r964) : (f32) -> ()
  "test.use"(%r965) : (f32) -> ()
  "test.use"(%r966) : (f32) -> ()
  "test.use"(%r967) : (f32) -> ()
  "test.use"(%r968) : (f32) -> ()
  "test.use"(%r969) : (f32) -> ()
  "test.use"(%r970) : (f32) -> ()
  "test.use"(%r971) : (f32) -> ()
  "test.use"(%r972) : (f32) -> ()
  "test.use"(%r973) : (f32) -> ()
  "test.use"(%r974) : (f32) -> ()
  "test.use"(%r975) : (f32) -> ()
  "test.use"(%r976) : (f32) -> ()
  "test.use"(%r977) : (f32) -> ()
  "test.use"(%r978) : (f32) -> ()
  "test.use"(%r979) : (f32) -> ()
  "test.use"(%r980) : (f32) -> ()
  "test.use"(%r981) : (f32) -> ()
  "test.use"(%r982) : (f32) -> ()
  "test.use"(%r983) : (f32) -> ()
  "test.use"(%r984) : (f32) -> ()
  "test.use"(%r985) : (f32) -> ()
  "test.use"(%r986) : (f32) -> ()
  "test.use"(%r987) : (f32) -> ()
  "test.use"(%r988) : (f32) -> ()
  "test.use"(%r989) : (f32) -> ()
  "test.use"(%r990) : (f32) -> ()
  "test.use"(%r991) : (f32) -> ()
  "test.use"(%r992) : (f32) -> ()
  "test.use"(%r993) : (f32) -> ()
  "test.use"(%r994) : (f32) -> ()
  "test.use"(%r995) : (f32) -> ()
  "test.use"(%r996) : (f32) -> ()
  "test.use"(%r997) : (f32) -> ()
  "test.use"(%r998) : (f32) -> ()
  "test.use"(%r999) : (f32) -> ()
  "test.use"(%r1000) : (f32) -> ()
  "test.use"(%r1001) : (f32) -> ()
  "test.use"(%r1002) : (f32) -> ()
  "test.use"(%r1003) : (f32) -> ()
  "test.use"(%r1004) : (f32) -> ()
  "test.use"(%r1005) : (f32) -> ()
  "test.use"(%r1006) : (f32) -> ()
  "test.use"(%r1007) : (f32) -> ()
  "test.use"(%r1008) : (f32) -> ()
  "test.use"(%r1009) : (f32) -> ()
  "test.use"(%r1010) : (f32) -> ()
  "test.use"(%r1011) : (f32) -> ()
  "test.use"(%r1012) : (f32) -> ()
  "test.use"(%r1013) : (f32) -> ()
  "test.use"(%r1014) : (f32) -> ()
  "test.use"(%r1015) : (f32) -> ()
  "test.use"(%r1016) : (f32) -> ()
  "test.use"(%r1017) : (f32) -> ()
  "test.use"(%r1018) : (f32) -> ()
  "test.use"(%r1019) : (f32) -> ()
  "test.use"(%r1020) : (i1) -> ()
  "test.use"(%r1021) : (i1) -> ()
  "test.use"(%r1022) : (i1) -> ()
  "test.use"(%r1023) : (i1) -> ()
  "test.use"(%r1024) : (i1) -> ()
  "test.use"(%r1025) : (i1) -> ()
  "test.use"(%r1026) : (i1) -> ()
  "test.use"(%r1027) : (i1) -> ()
  "test.use"(%r1028) : (i1) -> ()
  "test.use"(%r1029) : (i1) -> ()
  "test.use"(%r1033) : (f64) -> ()
  "test.use"(%r1034) : (f64) -> ()
  "test.use"(%r1035) : (f64) -> ()
  "test.use"(%r1036) : (f64) -> ()
  "test.use"(%r1037) : (f64) -> ()
  "test.use"(%r1038) : (f64) -> ()
  "test.use"(%r1039) : (f64) -> ()
  "test.use"(%r1040) : (f64) -> ()
  "test.use"(%r1041) : (f64) -> ()
  "test.use"(%r1042) : (f64) -> ()
  "test.use"(%r1043) : (f64) -> ()
  "test.use"(%r1044) : (f64) -> ()
  "test.use"(%r1045) : (f64) -> ()
  "test.use"(%r1046) : (f64) -> ()
  "test.use"(%r1047) : (f64) -> ()
  "test.use"(%r1048) : (f64) -> ()
  "test.use"(%r1049) : (f64) -> ()
  "test.use"(%r1050) : (f64) -> ()
  "test.use"(%r1051) : (f64) -> ()
  "test.use"(%r1052) : (f64) -> ()
  "test.use"(%r1053) : (f64) -> ()
  "test.use"(%r1054) : (f64) -> ()
  "test.use"(%r1055) : (f64) -> ()
  "test.use"(%r1056) : (f64) -> ()
  "test.use"(%r1057) : (f64) -> ()
  "test.use"(%r1058) : (f64) -> ()
  "test.use"(%r1059) : (f64) -> ()
  "test.use"(%r1060) : (f64) -> ()
  "test.use"(%r1061) : (f64) -> ()
  "test.use"(%r1062) : (f64) -> ()
  "test.use"(%r1063) : (f64) -> ()
  "test.use"(%r1064) : (f64) -> ()
  "test.use"(%r1065) : (f64) -> ()
  "test.use"(%r1066) : (f64) -> ()
  "test.use"(%r1067) : (f64) -> ()
  "test.use"(%r1068) : (f64) -> ()
  "test.use"(%r1069) : (f64) -> ()
  "test.use"(%r1070) : (f64) -> ()
  "test.use"(%r1071) : (f64) -> ()
  "test.use"(%r1072) : (f64) -> ()
  "test.use"(%r1073) : (f64) -> ()
  "test.use"(%r1074) : (f64) -> ()
  "test.use"(%r1075) : (f64) -> ()
  "test.use"(%r1076) : (f64) -> ()
  "test.use"(%r1077) : (f64) -> ()
  "test.use"(%r1078) : (f64) -> ()
  "test.use"(%r1079) : (f64) -> ()
  "test.use"(%r1080) : (f64) -> ()
  "test.use"(%r1081) : (f64) -> ()
  "test.use"(%r1082) : (f64) -> ()
  "test.use"(%r1083) : (f64) -> ()
  "test.use"(%r1084) : (f64) -> ()
  "test.use"(%r1085) : (f64) -> ()
  "test.use"(%r1086) : (f64) -> ()
  "test.use"(%r1087) : (f64) -> ()
  "test.use"(%r1088) : (f64) -> ()
  "test.use"(%r1089) : (f64) -> ()
  "test.use"(%r1090) : (f64) -> ()
  "test.use"(%r1091) : (f64) -> ()
  "test.use"(%r1092) : (f64) -> ()
  "test.use"(%r1093) : (f64) -> ()
  "test.use"(%r1094) : (f64) -> ()
  "test.use"(%r1095) : (f64) -> ()
  "test.use"(%r1096) : (f64) -> ()
  "test.use"(%r1097) : (f64) -> ()
  "test.use"(%r1098) : (f64) -> ()
  "test.use"(%r1099) : (f64) -> ()
  "test.use"(%r1100) : (f64) -> ()
  "test.use"(%r1101) : (f64) -> ()
  "test.use"(%r1102) : (f64) -> ()
  "test.use"(%r1103) : (f64) -> ()
  "test.use"(%r1104) : (f64) -> ()
  "test.use"(%r1105) : (f64) -> ()
  "test.use"(%r1106) : (f64) -> ()
  "test.use"(%r1107) : (f64) -> ()
  "test.use"(%r1108) : (f64) -> ()
  "test.use"(%r1109) : (f64) -> ()
  "test.use"(%r1110) : (f64) -> ()
  "test.use"(%r1111) : (f64) -> ()
  "test.use"(%r1112) : (f64) -> ()
  "test.use"(%r1113) : (f64) -> ()
  "test.use"(%r1114) : (f64) -> ()
  "test.use"(%r1115) : (f64) -> ()
  "test.use"(%r1116) : (f64) -> ()
  "test.use"(%r1117) : (i1) -> ()
  "test.use"(%r1118) : (i1) -> ()
  "test.use"(%r1119) : (i1) -> ()
  "test.use"(%r1120) : (i1) -> ()
  "test.use"(%r1121) : (i1) -> ()
  "test.use"(%r1122) : (i1) -> ()
  "test.use"(%r1123) : (i1) -> ()
  "test.use"(%r1124) : (i1) -> ()
  "test.use"(%r1125) : (i1) -> ()
  "test.use"(%r1126) : (i1) -> ()
  "test.use"(%r1128) : (i16) -> ()
  "test.use"(%r1129) : (i16) -> ()
  "test.use"(%r1130) : (i64) -> ()
  "test.use"(%r1131) : (i64) -> ()
  "test.use"(%r1132) : (f16) -> ()
  "test.use"(%r1133) : (f16) -> ()
  "test.use"(%r1134) : (bf16) -> ()
  "test.use"(%r1135) : (bf16) -> ()
  "test.use"(%r1136) : (f32) -> ()
  "test.use"(%r1137) : (f32) -> ()
  "test.use"(%r1138) : (f64) -> ()
  "test.use"(%r1139) : (f64) -> ()
  "test.use"(%r1140) : (index) -> ()
  "test.use"(%r1141) : (index) -> ()
  "test.use"(%r1143) : (i16) -> ()
  "test.use"(%r1144) : (i16) -> ()
  "test.use"(%r1145) : (i64) -> ()
  "test.use"(%r1146) : (i64) -> ()
  "test.use"(%r1147) : (f16) -> ()
  "test.use"(%r1148) : (f16) -> ()
  "test.use"(%r1149) : (bf16) -> ()
  "test.use"(%r1150) : (bf16) -> ()
  "test.use"(%r1151) : (f32) -> ()
  "test.use"(%r1152) : (f32) -> ()
  "test.use"(%r1153) : (f64) -> ()
  "test.use"(%r1154) : (f64) -> ()
  "test.use"(%r1155) : (index) -> ()
  "test.use"(%r1156) : (index) -> ()
  "test.use"(%r1158) : (i8) -> ()
  "test.use"(%r1159) : (i16) -> ()
  "test.use"(%r1160) : (i64) -> ()
  "test.use"(%r1161) : (i64) -> ()
  "test.use"(%r1162) : (f16) -> ()
  "test.use"(%r1163) : (f16) -> ()
  "test.use"(%r1164) : (bf16) -> ()
  "test.use"(%r1165) : (bf16) -> ()
  "test.use"(%r1166) : (f32) -> ()
  "test.use"(%r1167) : (f32) -> ()
  "test.use"(%r1168) : (f64) -> ()
  "test.use"(%r1169) : (f64) -> ()
  "test.use"(%r1170) : (index) -> ()
  "test.use"(%r1171) : (index) -> ()
  "test.use"(%r1173) : (i8) -> ()
  "test.use"(%r1174) : (i16) -> ()
  "test.use"(%r1175) : (i64) -> ()
  "test.use"(%r1176) : (i64) -> ()
  "test.use"(%r1177) : (f16) -> ()
  "test.use"(%r1178) : (f16) -> ()
  "test.use"(%r1179) : (bf16) -> ()
  "test.use"(%r1180) : (bf16) -> ()
  "test.use"(%r1181) : (f32) -> ()
  "test.use"(%r1182) : (f32) -> ()
  "test.use"(%r1183) : (f64) -> ()
  "test.use"(%r1184) : (f64) -> ()
  "test.use"(%r1185) : (index) -> ()
  "test.use"(%r1186) : (index) -> ()
  "test.use"(%r1188) : (i8) -> ()
  "test.use"(%r1189) : (i16) -> ()
  "test.use"(%r1190) : (f16) -> ()
  "test.use"(%r1191) : (f16) -> ()
  "test.use"(%r1192) : (bf16) -> ()
  "test.use"(%r1193) : (bf16) -> ()
  "test.use"(%r1194) : (f32) -> ()
  "test.use"(%r1195) : (f32) -> ()
  "test.use"(%r1196) : (f64) -> ()
  "test.use"(%r1197) : (f64) -> ()
  "test.use"(%r1198) : (index) -> ()
  "test.use"(%r1199) : (index) -> ()
  "test.use"(%r1201) : (i8) -> ()
  "test.use"(%r1202) : (i8) -> ()
  "test.use"(%r1203) : (i64) -> ()
  "test.use"(%r1204) : (i64) -> ()
  "test.use"(%r1205) : (f32) -> ()
  "test.use"(%r1206) : (f64) -> ()
  "test.use"(%r1207) : (i16) -> ()
  "test.use"(%r1209) : (i8) -> ()
  "test.use"(%r1210) : (i8) -> ()
  "test.use"(%r1211) : (i64) -> ()
  "test.use"(%r1212) : (i64) -> ()
  "test.use"(%r1213) : (f32) -> ()
  "test.use"(%r1214) : (f64) -> ()
  "test.use"(%r1215) : (i16) -> ()
  "test.use"(%r1217) : (i8) -> ()
  "test.use"(%r1218) : (i8) -> ()
  "test.use"(%r1219) : (i64) -> ()
  "test.use"(%r1220) : (i64) -> ()
  "test.use"(%r1221) : (f32) -> ()
  "test.use"(%r1222) : (f64) -> ()
  "test.use"(%r1223) : (i16) -> ()
  "test.use"(%r1225) : (i8) -> ()
  "test.use"(%r1226) : (i8) -> ()
  "test.use"(%r1227) : (i64) -> ()
  "test.use"(%r1228) : (i64) -> ()
  "test.use"(%r1229) : (f32) -> ()
  "test.use"(%r1230) : (f64) -> ()
  "test.use"(%r1231) : (i16) -> ()
  "test.use"(%r1233) : (i8) -> ()
  "test.use"(%r1234) : (i8) -> ()
  "test.use"(%r1235) : (i64) -> ()
  "test.use"(%r1236) : (i64) -> ()
  "test.use"(%r1237) : (f32) -> ()
  "test.use"(%r1238) : (f64) -> ()
  "test.use"(%r1239) : (i16) -> ()
  "test.use"(%r1241) : (i8) -> ()
  "test.use"(%r1242) : (i8) -> ()
  "test.use"(%r1243) : (i64) -> ()
  "test.use"(%r1244) : (i64) -> ()
  "test.use"(%r1245) : (f16) -> ()
  "test.use"(%r1246) : (f64) -> ()
  "test.use"(%r1247) : (i32) -> ()
  "test.use"(%r1249) : (i8) -> ()
  "test.use"(%r1250) : (i8) -> ()
  "test.use"(%r1251) : (i64) -> ()
  "test.use"(%r1252) : (i64) -> ()
  "test.use"(%r1253) : (f16) -> ()
  "test.use"(%r1254) : (f64) -> ()
  "test.use"(%r1255) : (i32) -> ()
  "test.use"(%r1257) : (i8) -> ()
  "test.use"(%r1258) : (i8) -> ()
  "test.use"(%r1259) : (i64) -> ()
  "test.use"(%r1260) : (i64) -> ()
  "test.use"(%r1261) : (f16) -> ()
  "test.use"(%r1262) : (f64) -> ()
  "test.use"(%r1263) : (i32) -> ()
  "test.use"(%r1265) : (i8) -> ()
  "test.use"(%r1266) : (i8) -> ()
  "test.use"(%r1267) : (i64) -> ()
  "test.use"(%r1268) : (i64) -> ()
  "test.use"(%r1269) : (f16) -> ()
  "test.use"(%r1270) : (f64) -> ()
  "test.use"(%r1271) : (i32) -> ()
  "test.use"(%r1273) : (i8) -> ()
  "test.use"(%r1274) : (i8) -> ()
  "test.use"(%r1275) : (i64) -> ()
  "test.use"(%r1276) : (i64) -> ()
  "test.use"(%r1277) : (f16) -> ()
  "test.use"(%r1278) : (f32) -> ()
  "test.use"(%r1279) : (i64) -> ()
  "test.use"(%r1281) : (i8) -> ()
  "test.use"(%r1282) : (i8) -> ()
  "test.use"(%r1283) : (i64) -> ()
  "test.use"(%r1284) : (i64) -> ()
  "test.use"(%r1285) : (f16) -> ()
  "test.use"(%r1286) : (f32) -> ()
  "test.use"(%r1287) : (i64) -> ()
  "test.use"(%r1289) : (i8) -> ()
  "test.use"(%r1290) : (i8) -> ()
  "test.use"(%r1291) : (i64) -> ()
  "test.use"(%r1292) : (i64) -> ()
  "test.use"(%r1293) : (f16) -> ()
  "test.use"(%r1294) : (f32) -> ()
  "test.use"(%r1295) : (i64) -> ()
  "test.use"(%r1298) : (vector<4xi32>) -> ()
  "test.use"(%r1299) : (vector<4xi32>) -> ()
  "test.use"(%r1300) : (vector<4xi32>) -> ()
  "test.use"(%r1301) : (vector<4xi32>) -> ()
  "test.use"(%r1302) : (vector<4xi32>) -> ()
  "test.use"(%r1303) : (vector<4xi32>) -> ()
  "test.use"(%r1304) : (vector<4xi1>) -> ()
  return
}
