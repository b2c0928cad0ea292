// RUN: lattice opt %s --split-input-file --verify-diagnostics

func.func @cond_br_condition(%c: i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_weights(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @br_arg_type(%a: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i32)
^bb1(%x: i64):
  return
}

// -----

func.func @br_arg_count(%a: i32) {
  // expected-error@+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: i64):
  return
}

// -----

func.func @switch_case_count(%a: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_type(%a: i32) {
  // expected-error@+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_index(%a: index) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.integer, but found 'index'}}
  cf.switch %a : index, [
    default: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @assert_condition(%a: i32) {
  // expected-error@+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%a) <{msg = "x"}> : (i32) -> ()
  return
}
