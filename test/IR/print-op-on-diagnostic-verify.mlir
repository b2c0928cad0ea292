// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics --mlir-print-op-on-diagnostic

// Under `--verify-diagnostics` mlir-opt attaches no `see current operation` note, even
// when asked for one: the expected-* annotations below are all the diagnostics there are.
// The notes on a non-dominating operand say where it is defined, as mlir-opt's do.

func.func @type_mismatch(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return %a : i32
}

// -----

func.func @block_arg() {  // expected-note {{operand defined as a block argument (block #1 in the same region)}}
^bb0:
  cf.br ^bb1(%x : i32)    // expected-error {{operand #0 does not dominate this use}}
^bb1(%x : i32):
  return
}

// -----

func.func @block_arg_in_parent() {  // expected-note {{operand defined as a block argument (block #1 in a parent region)}}
^bb0:
  %f = "test.op"() ({
    "test.use"(%x) : (i32) -> ()    // expected-error {{operand #0 does not dominate this use}}
  }) : () -> (i32)
  cf.br ^bb1(%f : i32)
^bb1(%x : i32):
  return
}

// -----

func.func @same_region() {
^bb0:
  "test.use"(%x) : (i32) -> ()    // expected-error {{operand #0 does not dominate this use}}
  cf.br ^bb1
^bb1:
  %x = "test.def"() : () -> i32    // expected-note {{operand defined here (op in the same region)}}
  return
}

