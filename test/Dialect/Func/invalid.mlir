// RUN: lattice opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @return_count(%a: i32) -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@return_count) returns 1}}
  return
}

// -----

func.func @return_type(%a: i32) -> i32 {
  %c = arith.constant 0 : i64
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @return_type}}
  return %c : i64
}

// -----

func.func @call_undefined() {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  %c = func.call @nope() : () -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @call_operand_type(%x: i64) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %c = func.call @g(%x) : (i64) -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @call_operand_count(%x: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  func.call @g(%x, %x) : (i32, i32) -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @call_result_count(%x: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  func.call @g(%x) : (i32) -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @call_result_type(%x: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{op result types: 'i64'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %r = func.call @g(%x) : (i32) -> i64
  return
}

// -----

func.func private @g(i32) -> i32
func.func @constant_type() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %r = func.constant @g : (i32) -> i64
  return
}

// -----

func.func @constant_undefined() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'nope'}}
  %r = func.constant @nope : (i32) -> i64
  return
}

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_type"}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_count"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_decl()

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @arg_attr(%x: i32 {foo}) {
  return
}

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @res_attr() -> (i32 {foo})

// -----

func.func @call_indirect_args(%x: i32) {
  %f = func.constant @call_indirect_args : (i32) -> ()
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  "func.call_indirect"(%f) : ((i32) -> ()) -> ()
  return
}

// -----

func.func @call_indirect_results(%x: i32) {
  %f = func.constant @call_indirect_results : (i32) -> ()
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  "func.call_indirect"(%f, %x) : ((i32) -> (), i32) -> i32
  return
}

// -----

func.func @call_indirect_callee(%x: i32) {
  // expected-error@+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  "func.call_indirect"(%x, %x) : (i32, i32) -> i32
  return
}

// -----

func.func @return_parent() {
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  "test.op"() ({ func.return }) : () -> ()
  return
}
