// RUN: lattice opt %s | FileCheck %s

// CHECK-LABEL: func.func @unary(%arg0: f32, %arg1: vector<4xf64>, %arg2: tensor<?xf16>) {
// CHECK-NEXT: %0 = math.absf %arg0 : f32
// CHECK-NEXT: %1 = math.absf %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %2 = math.acos %arg0 : f32
// CHECK-NEXT: %3 = math.acos %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %4 = math.acosh %arg0 : f32
// CHECK-NEXT: %5 = math.acosh %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %6 = math.asin %arg0 : f32
// CHECK-NEXT: %7 = math.asin %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %8 = math.asinh %arg0 : f32
// CHECK-NEXT: %9 = math.asinh %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %10 = math.atan %arg0 : f32
// CHECK-NEXT: %11 = math.atan %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %12 = math.atanh %arg0 : f32
// CHECK-NEXT: %13 = math.atanh %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %14 = math.cbrt %arg0 : f32
// CHECK-NEXT: %15 = math.cbrt %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %16 = math.ceil %arg0 : f32
// CHECK-NEXT: %17 = math.ceil %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %18 = math.cos %arg0 : f32
// CHECK-NEXT: %19 = math.cos %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %20 = math.cosh %arg0 : f32
// CHECK-NEXT: %21 = math.cosh %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %22 = math.erf %arg0 : f32
// CHECK-NEXT: %23 = math.erf %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %24 = math.erfc %arg0 : f32
// CHECK-NEXT: %25 = math.erfc %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %26 = math.exp %arg0 : f32
// CHECK-NEXT: %27 = math.exp %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %28 = math.exp2 %arg0 : f32
// CHECK-NEXT: %29 = math.exp2 %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %30 = math.expm1 %arg0 : f32
// CHECK-NEXT: %31 = math.expm1 %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %32 = math.floor %arg0 : f32
// CHECK-NEXT: %33 = math.floor %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %34 = math.log %arg0 : f32
// CHECK-NEXT: %35 = math.log %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %36 = math.log10 %arg0 : f32
// CHECK-NEXT: %37 = math.log10 %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %38 = math.log1p %arg0 : f32
// CHECK-NEXT: %39 = math.log1p %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %40 = math.log2 %arg0 : f32
// CHECK-NEXT: %41 = math.log2 %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %42 = math.round %arg0 : f32
// CHECK-NEXT: %43 = math.round %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %44 = math.roundeven %arg0 : f32
// CHECK-NEXT: %45 = math.roundeven %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %46 = math.rsqrt %arg0 : f32
// CHECK-NEXT: %47 = math.rsqrt %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %48 = math.sin %arg0 : f32
// CHECK-NEXT: %49 = math.sin %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %50 = math.sinh %arg0 : f32
// CHECK-NEXT: %51 = math.sinh %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %52 = math.sqrt %arg0 : f32
// CHECK-NEXT: %53 = math.sqrt %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %54 = math.tan %arg0 : f32
// CHECK-NEXT: %55 = math.tan %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %56 = math.tanh %arg0 : f32
// CHECK-NEXT: %57 = math.tanh %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %58 = math.trunc %arg0 : f32
// CHECK-NEXT: %59 = math.trunc %arg1 fastmath<fast> : vector<4xf64>
// CHECK-NEXT: %60 = math.sqrt %arg2 fastmath<nnan,ninf> : tensor<?xf16>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @unary(%x: f32, %v: vector<4xf64>, %t: tensor<?xf16>) {
  %0 = math.absf %x : f32
  %1 = math.absf %v fastmath<fast> : vector<4xf64>
  %2 = math.acos %x : f32
  %3 = math.acos %v fastmath<fast> : vector<4xf64>
  %4 = math.acosh %x : f32
  %5 = math.acosh %v fastmath<fast> : vector<4xf64>
  %6 = math.asin %x : f32
  %7 = math.asin %v fastmath<fast> : vector<4xf64>
  %8 = math.asinh %x : f32
  %9 = math.asinh %v fastmath<fast> : vector<4xf64>
  %10 = math.atan %x : f32
  %11 = math.atan %v fastmath<fast> : vector<4xf64>
  %12 = math.atanh %x : f32
  %13 = math.atanh %v fastmath<fast> : vector<4xf64>
  %14 = math.cbrt %x : f32
  %15 = math.cbrt %v fastmath<fast> : vector<4xf64>
  %16 = math.ceil %x : f32
  %17 = math.ceil %v fastmath<fast> : vector<4xf64>
  %18 = math.cos %x : f32
  %19 = math.cos %v fastmath<fast> : vector<4xf64>
  %20 = math.cosh %x : f32
  %21 = math.cosh %v fastmath<fast> : vector<4xf64>
  %22 = math.erf %x : f32
  %23 = math.erf %v fastmath<fast> : vector<4xf64>
  %24 = math.erfc %x : f32
  %25 = math.erfc %v fastmath<fast> : vector<4xf64>
  %26 = math.exp %x : f32
  %27 = math.exp %v fastmath<fast> : vector<4xf64>
  %28 = math.exp2 %x : f32
  %29 = math.exp2 %v fastmath<fast> : vector<4xf64>
  %30 = math.expm1 %x : f32
  %31 = math.expm1 %v fastmath<fast> : vector<4xf64>
  %32 = math.floor %x : f32
  %33 = math.floor %v fastmath<fast> : vector<4xf64>
  %34 = math.log %x : f32
  %35 = math.log %v fastmath<fast> : vector<4xf64>
  %36 = math.log10 %x : f32
  %37 = math.log10 %v fastmath<fast> : vector<4xf64>
  %38 = math.log1p %x : f32
  %39 = math.log1p %v fastmath<fast> : vector<4xf64>
  %40 = math.log2 %x : f32
  %41 = math.log2 %v fastmath<fast> : vector<4xf64>
  %42 = math.round %x : f32
  %43 = math.round %v fastmath<fast> : vector<4xf64>
  %44 = math.roundeven %x : f32
  %45 = math.roundeven %v fastmath<fast> : vector<4xf64>
  %46 = math.rsqrt %x : f32
  %47 = math.rsqrt %v fastmath<fast> : vector<4xf64>
  %48 = math.sin %x : f32
  %49 = math.sin %v fastmath<fast> : vector<4xf64>
  %50 = math.sinh %x : f32
  %51 = math.sinh %v fastmath<fast> : vector<4xf64>
  %52 = math.sqrt %x : f32
  %53 = math.sqrt %v fastmath<fast> : vector<4xf64>
  %54 = math.tan %x : f32
  %55 = math.tan %v fastmath<fast> : vector<4xf64>
  %56 = math.tanh %x : f32
  %57 = math.tanh %v fastmath<fast> : vector<4xf64>
  %58 = math.trunc %x : f32
  %59 = math.trunc %v fastmath<fast> : vector<4xf64>
  %60 = math.sqrt %t fastmath<nnan,ninf> : tensor<?xf16>
  return
}

// CHECK-LABEL: func.func @binary(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: i32, %arg4: i32, %arg5: index) {
// CHECK-NEXT: %0 = math.atan2 %arg0, %arg1 : f32
// CHECK-NEXT: %1 = math.atan2 %arg0, %arg1 fastmath<nnan> : f32
// CHECK-NEXT: %2 = math.copysign %arg0, %arg1 : f32
// CHECK-NEXT: %3 = math.powf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %4 = math.fma %arg0, %arg1, %arg2 : f32
// CHECK-NEXT: %5 = math.fma %arg0, %arg1, %arg2 fastmath<contract> : f32
// CHECK-NEXT: %6 = math.fpowi %arg0, %arg3 : f32, i32
// CHECK-NEXT: %7 = math.fpowi %arg0, %arg3 fastmath<fast> : f32, i32
// CHECK-NEXT: %8 = math.ipowi %arg3, %arg4 : i32
// CHECK-NEXT: %9 = math.ipowi %arg5, %arg5 : index
// CHECK-NEXT: %10 = math.clampf %arg0 to [%arg1, %arg2] : f32
// CHECK-NEXT: %11 = math.clampf %arg0 to [%arg1, %arg2] fastmath<fast> : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @binary(%x: f32, %y: f32, %z: f32, %i: i32, %j: i32, %n: index) {
  %0 = math.atan2 %x, %y : f32
  %1 = math.atan2 %x, %y fastmath<nnan> : f32
  %2 = math.copysign %x, %y : f32
  %3 = math.powf %x, %y fastmath<fast> : f32
  %4 = math.fma %x, %y, %z : f32
  %5 = math.fma %x, %y, %z fastmath<contract> : f32
  %6 = math.fpowi %x, %i : f32, i32
  %7 = math.fpowi %x, %i fastmath<fast> : f32, i32
  %8 = math.ipowi %i, %j : i32
  %9 = math.ipowi %n, %n : index
  %10 = math.clampf %x to [%y, %z] : f32
  %11 = math.clampf %x to [%y, %z] fastmath<fast> : f32
  return
}

// CHECK-LABEL: func.func @integer(%arg0: i32, %arg1: vector<4xi8>, %arg2: index) {
// CHECK-NEXT: %0 = math.absi %arg0 : i32
// CHECK-NEXT: %1 = math.ctlz %arg0 : i32
// CHECK-NEXT: %2 = math.cttz %arg1 : vector<4xi8>
// CHECK-NEXT: %3 = math.ctpop %arg2 : index
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @integer(%i: i32, %v: vector<4xi8>, %n: index) {
  %0 = math.absi %i : i32
  %1 = math.ctlz %i : i32
  %2 = math.cttz %v : vector<4xi8>
  %3 = math.ctpop %n : index
  return
}

// CHECK-LABEL: func.func @classify(%arg0: f32, %arg1: vector<4xf32>, %arg2: tensor<2x?xf64>) {
// CHECK-NEXT: %0 = math.isnan %arg0 : f32
// CHECK-NEXT: %1 = math.isinf %arg1 : vector<4xf32>
// CHECK-NEXT: %2 = math.isfinite %arg2 : tensor<2x?xf64>
// CHECK-NEXT: %3 = math.isnormal %arg0 : f32
// CHECK-NEXT: %4 = math.isnan %arg0 {fastmath = #arith.fastmath<fast>} : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @classify(%x: f32, %v: vector<4xf32>, %t: tensor<2x?xf64>) {
  %0 = math.isnan %x : f32
  %1 = math.isinf %v : vector<4xf32>
  %2 = math.isfinite %t : tensor<2x?xf64>
  %3 = math.isnormal %x : f32
  %4 = math.isnan %x {fastmath = #arith.fastmath<fast>} : f32
  return
}

// CHECK-LABEL: func.func @sincos(%arg0: f32, %arg1: vector<4xf64>) {
// CHECK-NEXT: %sin, %cos = math.sincos %arg0 : f32
// CHECK-NEXT: %sin_0, %cos_1 = math.sincos %arg1 fastmath<afn> : vector<4xf64>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @sincos(%x: f32, %v: vector<4xf64>) {
  %s, %c = math.sincos %x : f32
  %r:2 = math.sincos %v fastmath<afn> : vector<4xf64>
  return
}
