// RUN: lattice opt %s --split-input-file --verify-diagnostics

// Type-constraint errors of ops written in generic form; messages are mlir-opt's.

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.absf"(%i) : (i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.absf' op requires the same type for all operands and results}}
  %0 = "math.absf"(%f) : (f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.ceil' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.ceil"(%i) : (i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.ceil' op requires the same type for all operands and results}}
  %0 = "math.ceil"(%f) : (f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.sqrt"(%i) : (i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.sqrt' op requires the same type for all operands and results}}
  %0 = "math.sqrt"(%f) : (f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.exp"(%i) : (i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.exp' op requires the same type for all operands and results}}
  %0 = "math.exp"(%f) : (f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.tanh' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.tanh"(%i) : (i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.tanh' op requires the same type for all operands and results}}
  %0 = "math.tanh"(%f) : (f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.absi"(%f) : (f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.ctlz"(%f) : (f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.ctpop' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.ctpop"(%f) : (f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.isnan' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isnan"(%f) : (f32) -> vector<2xi1>
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = "math.fpowi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.ipowi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'math.copysign' op requires the same type for all operands and results}}
  %0 = "math.copysign"(%f, %d) : (f32, f64) -> f32
  return
}
