// RUN: lattice opt %s --split-input-file --verify-diagnostics

// Type-constraint errors of ops written in generic form; messages are mlir-opt's.

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.addi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.subi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.subi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.subi' op requires the same type for all operands and results}}
  %0 = "arith.subi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.subi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.subi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.muli"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.muli' op requires the same type for all operands and results}}
  %0 = "arith.muli"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.muli"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.divui' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.divui"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.divui' op requires the same type for all operands and results}}
  %0 = "arith.divui"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.divui' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.divui"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.divsi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.divsi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.divsi' op requires the same type for all operands and results}}
  %0 = "arith.divsi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.divsi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.divsi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.ceildivui' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.ceildivui"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.ceildivui' op requires the same type for all operands and results}}
  %0 = "arith.ceildivui"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.ceildivui' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.ceildivui"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.ceildivsi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.ceildivsi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.ceildivsi' op requires the same type for all operands and results}}
  %0 = "arith.ceildivsi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.ceildivsi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.ceildivsi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.floordivsi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.floordivsi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.floordivsi' op requires the same type for all operands and results}}
  %0 = "arith.floordivsi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.floordivsi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.floordivsi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.remui' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.remui"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.remui' op requires the same type for all operands and results}}
  %0 = "arith.remui"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.remui' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.remui"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.remsi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.remsi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.remsi' op requires the same type for all operands and results}}
  %0 = "arith.remsi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.remsi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.remsi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.andi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.andi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.andi' op requires the same type for all operands and results}}
  %0 = "arith.andi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.andi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.andi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.ori' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.ori"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.ori' op requires the same type for all operands and results}}
  %0 = "arith.ori"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.ori' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.ori"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.xori' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.xori"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.xori' op requires the same type for all operands and results}}
  %0 = "arith.xori"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.xori' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.xori"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.shli' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.shli"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.shli' op requires the same type for all operands and results}}
  %0 = "arith.shli"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.shli' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.shli"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.shrui' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.shrui"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.shrui' op requires the same type for all operands and results}}
  %0 = "arith.shrui"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.shrui' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.shrui"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.shrsi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.shrsi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.shrsi' op requires the same type for all operands and results}}
  %0 = "arith.shrsi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.shrsi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.shrsi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maxsi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.maxsi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maxsi' op requires the same type for all operands and results}}
  %0 = "arith.maxsi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maxsi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.maxsi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maxui' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.maxui"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maxui' op requires the same type for all operands and results}}
  %0 = "arith.maxui"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maxui' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.maxui"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minsi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.minsi"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minsi' op requires the same type for all operands and results}}
  %0 = "arith.minsi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minsi' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.minsi"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minui' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.minui"(%f, %f) : (f32, f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minui' op requires the same type for all operands and results}}
  %0 = "arith.minui"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minui' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.minui"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.addf' op requires the same type for all operands and results}}
  %0 = "arith.addf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.subf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.subf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.subf' op requires the same type for all operands and results}}
  %0 = "arith.subf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.mulf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.mulf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.mulf' op requires the same type for all operands and results}}
  %0 = "arith.mulf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.divf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.divf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.divf' op requires the same type for all operands and results}}
  %0 = "arith.divf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.remf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.remf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.remf' op requires the same type for all operands and results}}
  %0 = "arith.remf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maximumf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.maximumf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maximumf' op requires the same type for all operands and results}}
  %0 = "arith.maximumf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minimumf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.minimumf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minimumf' op requires the same type for all operands and results}}
  %0 = "arith.minimumf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maxnumf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.maxnumf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.maxnumf' op requires the same type for all operands and results}}
  %0 = "arith.maxnumf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minnumf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.minnumf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.minnumf' op requires the same type for all operands and results}}
  %0 = "arith.minnumf"(%f, %f) : (f32, f32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.negf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.negf"(%i) : (i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = "arith.extui"(%f) : (f32) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.extsi' op result #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = "arith.extsi"(%i) : (i32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.trunci' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = "arith.trunci"(%l) : (i64) -> index
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.extf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.extf"(%i) : (i32) -> f64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.truncf' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.truncf"(%d) : (f64) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.uitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = "arith.uitofp"(%x) : (index) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.sitofp"(%i) : (i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.fptoui' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.fptoui"(%i) : (i32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = "arith.fptosi"(%f) : (f32) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = "arith.index_cast"(%f) : (f32) -> index
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.index_castui' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = "arith.index_castui"(%x) : (index) -> f32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = "arith.bitcast"(%x) : (index) -> i64
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.bitcast' op requires the same shape for all operands and results}}
  %0 = "arith.bitcast"(%i) : (i32) -> vector<1xi32>
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %0:2 = "arith.addui_extended"(%i, %i) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.mulsi_extended' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0:2 = "arith.mulsi_extended"(%f, %f) : (f32, f32) -> (f32, f32)
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%b, %i, %f) : (i1, i32, f32) -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%i, %l) <{predicate = 0 : i64}> : (i32, i64) -> i1
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%i, %i) <{predicate = 0 : i64}> : (i32, i32) -> vector<2xi1>
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1.0 : f32}> : () -> i32
  return
}

// -----

func.func @t(%f: f32, %i: i32, %l: i64, %x: index, %d: f64, %u: ui32, %b: i1) {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = dense<1> : vector<2xi32>}> : () -> vector<3xi32>
  return
}
