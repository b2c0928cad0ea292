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

// -----

// A trailing location's errors say "in location", an attribute's "in inline location".
func.func @trailing_loc() {
  return loc) // expected-error {{expected '(' in location}}
}

// -----

// expected-error@+1 {{expected '(' in inline location}}
"t.attrs"() {a = loc)} : () -> ()

// -----

func.func @loc_alias_not_a_location() {
  // expected-error@+1 {{expected location, but found 'true'}}
  return loc(#not_loc)
}

#not_loc = true

// -----

#m affine_map<(i) -> (i)> // expected-error {{expected '=' in attribute alias definition}}

// -----

!t i32 // expected-error {{expected '=' in type alias definition}}

// -----

#m = affine_map<(i, j) -> (i, *j)> // expected-error {{missing left operand of binary operator}}

// -----

// A failed operand of a negation reports both errors.
#m = affine_map<(i, j) -> (-(), j)>
// expected-error@-1 {{no expression inside parentheses}}
// expected-error@-2 {{missing operand of negation}}

// -----

// `mod` where an operand starts is an identifier.
#m = affine_map<(i, j) -> (mod i 2, j)> // expected-error {{use of undeclared identifier}}

// -----

func.func private @f(memref<2x4xi8, >) // expected-error {{expected list element}}

// -----

func.func private @f(memref<2x4xi8, i8>) // expected-error {{unsupported memory space Attribute}}

// -----

func.func private @f(memref<*xi8, [1]>) // expected-error {{unsupported memory space Attribute}}

// -----

// expected-error@+1 {{expected memory space to be last in memref type}}
func.func private @f(memref<2x4xi8, 1, affine_map<(d0, d1) -> (d1, d0)>>)

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func private @f(memref<42xi8, affine_map<(d0, d1) -> (d1, d0)>>)

// -----

// expected-error@+1 {{expected the number of strides to match the rank}}
func.func private @f(memref<2x4xi8, strided<[1]>>)

// -----

// expected-error@+1 {{expected '<' after 'strided'}}
func.func private @f(memref<?xf32, strided>)

// -----

// expected-error@+1 {{expected 'offset' after comma}}
func.func private @f(memref<?xf32, strided<[1], ?>>)

// -----

// expected-error@+1 {{expected ':' after 'offset'}}
func.func private @f(memref<?xf32, strided<[1], offset ?>>)

// -----

func.func private @f(i4294967296) // expected-error {{invalid integer width}}

// -----

func.func private @f(i16777216) // expected-error {{integer bitwidth is limited to 16777215 bits}}

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 2, 0, 1}}
func.func private @f(vector<2x0x1xf32>)
