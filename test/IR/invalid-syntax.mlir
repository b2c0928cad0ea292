// RUN: lattice opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// Parser diagnostics: messages and locations follow mlir-opt's.

// expected-error@+1 {{use of undeclared SSA value name}}
"t.use"(%undefined) : (i32) -> ()

// -----

// expected-note@+1 {{prior use here}}
%0 = "t.def"() : () -> i32
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
"t.use"(%0) : (i64) -> ()

// -----

// expected-note@+1 {{previously defined here}}
%0 = "t.def"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "t.def"() : () -> i32

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "t.def"() : () -> i32

// -----

"t.region"() ({
^bb0:
  // expected-error@+1 {{reference to an undefined block}}
  "t.br"() [^missing] : () -> ()
}) : () -> ()

// -----

"t.region"() ({
^bb0:
  "t.br"() [^bb0] : () -> ()
// expected-error@+1 {{redefinition of block '^bb0'}}
^bb0:
  "t.end"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"t.attrs"() {a = 1, a = 2} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.attrs"() {a = 300 : i8} : () -> ()

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"t.attrs"() {a = 1 : i16777216} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.attrs"() {a = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"t.attrs"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"t.attrs"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"t.attrs"() {a = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
"t.attrs"() {a = affine_map<(d0, d1) -> (d0 mod d1)>} : () -> ()

// -----

// expected-error@+1 {{use of undeclared identifier}}
"t.attrs"() {a = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"t.attrs"() {a = vector<0xf32>} : () -> ()

// -----

// expected-error@+1 {{invalid memref element type}}
"t.attrs"() {a = memref<4xnone>} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"t.attrs"() {a = #nope} : () -> ()

// -----

// expected-error@+1 {{operation location alias was never defined}}
"t.op"() : () -> () loc(#never)

// -----

// expected-error@+1 {{custom op 'arith.nonexistent' is unknown}}
arith.nonexistent

// -----

// expected-error@+1 {{unregistered operation 'arith.nonexistent' found in dialect ('arith') that does not allow unknown operations}}
"arith.nonexistent"() : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'module' is unknown (tried 'func.module' as well)}}
  module {
  }
  return
}

// -----

// expected-error@+1 {{expected SSA operand}}
"t.op"(%a, : () -> ()

// -----

// expected-error@+1 {{expected ')' to end operand list}}
"t.op"(%a : () -> ()
