// RUN: lattice opt %s --split-input-file --verify-diagnostics

func.func @absf_int(%x: i32) {
  // expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.absf %x : i32
  return
}

// -----

func.func @ctlz_float(%x: f32) {
  // expected-error@+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.ctlz %x : f32
  return
}

// -----

func.func @fpowi_result(%x: f32, %i: i32) {
  // expected-error@+1 {{'math.fpowi' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.fpowi"(%x, %i) : (f32, i32) -> i32
  return
}

// -----

func.func @fpowi_shape(%x: vector<4xf32>, %i: i32) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = "math.fpowi"(%x, %i) : (vector<4xf32>, i32) -> vector<4xf32>
  return
}

// -----

func.func @isnan_result(%x: f32) {
  // expected-error@+1 {{'math.isnan' op result #0 must be bool-like, but got 'f32'}}
  %0 = "math.isnan"(%x) : (f32) -> f32
  return
}

// -----

func.func @sincos_types(%x: f32) {
  // expected-error@+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %0:2 = "math.sincos"(%x) : (f32) -> (f32, f64)
  return
}

// -----

func.func @fma_types(%x: f32, %y: f64) {
  // expected-error@+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%x, %x, %y) : (f32, f32, f64) -> f32
  return
}

// -----

func.func @clampf_types(%x: f32, %y: f64) {
  // expected-error@+1 {{'math.clampf' op requires the same type for all operands and results}}
  %0 = "math.clampf"(%x, %x, %y) : (f32, f32, f64) -> f32
  return
}
