// RUN: lattice opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// ORACLE: skip mlir-opt 22 reports these later, as dominance or "operand is unlinked" errors

// A name used before a definition that sits in a region opened after the use (so the
// definition is not visible at the use) stays undeclared: a located parser error, never a
// panic (issue 25). mlir-opt 22 reports some of these later, as dominance errors, and
// the `iter_args` one as "operation's operand is unlinked".

// The input of issue 25: an `iter_args` initializer defined inside the loop's body.
func.func @iter_args_init(%A: memref<512x512xf64>, %i: index) -> f64 {
  // expected-error@+1 {{use of undeclared SSA value name}}
  %r2 = affine.for %j = 0 to 512 iter_args(%acc2 = %a) -> f64 {
    %a = affine.load %A[%i, %j] : memref<512x512xf64>
    %s = arith.addf %acc2, %a : f64
    affine.yield %s : f64
  }
  return %r2 : f64
}

// -----

func.func @scf_iter_args_init(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{use of undeclared SSA value name}}
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %v) -> (i32) {
    %v = arith.constant 1 : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

// A block argument of an inner region's block.
func.func @block_arg() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%b) : (i32) -> ()
  "test.op"() ({
  ^bb0(%b: i32):
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Successor operands naming a value defined in a later op's region.
func.func @successor_operand() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  cf.br ^bb1(%v : i32)
^bb1(%a: i32):
  "test.op"() ({
    %v = arith.constant 1 : i32
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A use in one region, the definition in a sibling region.
func.func @sibling_region() {
  "test.op"() ({
    // expected-error@+1 {{use of undeclared SSA value name}}
    "test.use"(%v) : (i32) -> ()
    "test.yield"() : () -> ()
  }, {
    %v = arith.constant 1 : i32
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

// The generic form: the op's own region defines the name it uses.
func.func @generic_own_region() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  %r = "test.op"(%v) ({
    %v = arith.constant 1 : i32
    "test.yield"() : () -> ()
  }) : (i32) -> i32
  return
}
