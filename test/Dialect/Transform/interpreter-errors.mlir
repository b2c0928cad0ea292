// RUN: lattice opt %s --transform-interpreter --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Diagnostics of the transform dialect, of `transform.affine.simplify_bounded_affine_ops`
// and of the `transform-interpreter` pass, located as mlir-opt 22 locates them.

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["affine.min"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error@+1 {{incorrect number of lower bounds, expected 0 but found 1}}
    transform.affine.simplify_bounded_affine_ops %t with [] within [0] and [] : !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["affine.min"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.match ops{["arith.remui"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error@+1 {{incorrect number of upper bounds, expected 1 but found 2}}
    transform.affine.simplify_bounded_affine_ops %t with [%v : !transform.any_op] within [0] and [1, 2] : !transform.any_op
    transform.yield
  }
}

// -----

// expected-note@+1 {{symbol table operation}}
module {
  // expected-error@+1 {{expects the parent symbol table to have the 'transform.with_named_sequence' attribute}}
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) -> !transform.any_op {
    // expected-error@+1 {{expected terminator to have as many operands as the parent op has results}}
    transform.yield
  }
}

// -----

// expected-error@+1 {{could not find a nested named sequence with name: __transform_main}}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @other(%root: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  // expected-error@+1 {{operation expects 1 extra value bindings, but 0 were provided to the interpreter}}
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}, %extra: !transform.any_op) {
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["affine.min"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error@+1 {{requires exactly one target handle}}
    %u = transform.structured.match ops{["affine.min"]} in %t : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_min_max(%a: index) -> index {
  // expected-note@+1 {{target op}}
  %0 = arith.addi %a, %a : index
  return %0 : index
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["arith.addi"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error@+1 {{target must be affine.min or affine.max}}
    transform.affine.simplify_bounded_affine_ops %t with [] within [] and [] : !transform.any_op
    transform.yield
  }
}

// -----

// expected-note@+1 {{multiple/non-index result}}
func.func @non_index(%a: index) -> index {
  %0 = affine.min affine_map<(d0) -> (d0, 4)>(%a)
  return %0 : index
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["affine.min"]} in %root : (!transform.any_op) -> !transform.any_op
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error@+1 {{expected bounded value handle to point to one or multiple single-result index-typed ops}}
    transform.affine.simplify_bounded_affine_ops %t with [%f : !transform.any_op] within [0] and [8] : !transform.any_op
    transform.yield
  }
}

// -----

func.func @consumed(%a: index) -> index {
  // expected-note@+2 {{ancestor payload op}}
  // expected-note@+1 {{nested payload op}}
  %0 = affine.min affine_map<(d0) -> (d0, 4)>(%a)
  return %0 : index
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-note@+1 {{handle to invalidated ops}}
    %t = transform.structured.match ops{["affine.min"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-note@+1 {{invalidated by this transform op that consumes its operand #0}}
    transform.affine.simplify_bounded_affine_ops %t with [] within [] and [] : !transform.any_op
    // expected-error@+1 {{op uses a handle invalidated by a previously executed transform op}}
    transform.affine.simplify_bounded_affine_ops %t with [] within [] and [] : !transform.any_op
    transform.yield
  }
}

// -----

// ORACLE: lattice-only mlir-opt 22 crashes on an op that is not a transform op inside a sequence.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error@+1 {{'foo.bar' op is not a transform op Lattice can apply}}
    "foo.bar"(%root) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

// A transform op Lattice does not know is refused when parsed, as mlir-opt does.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error@+1 {{unregistered operation 'transform.unknown_op' found in dialect ('transform') that does not allow unknown operations}}
    "transform.unknown_op"(%root) : (!transform.any_op) -> ()
    transform.yield
  }
}
