// RUN: lattice opt %s | lattice opt | FileCheck %s
// RUN: lattice opt %s --mlir-print-op-generic | lattice opt | FileCheck %s
// RUN: lattice opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The transform dialect's custom forms, printed as mlir-opt 22 prints them (`with[`
// without a space, `transform.yield ` with a trailing space), and read back from both
// the custom and the generic form.

// CHECK-LABEL: module attributes {transform.with_named_sequence}
// CHECK:       transform.named_sequence private @helper(%arg0: !transform.any_op {transform.readonly}, %arg1: !transform.any_op {my.note = 3 : i64}) -> !transform.any_op attributes {note = 1 : i64} {
// CHECK-NEXT:    transform.yield %arg1 : !transform.any_op{{$}}
// CHECK-NEXT:  }
// CHECK:       transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
// CHECK-NEXT:    %0 = transform.structured.match ops{["affine.min", "affine.max"]} in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:    %1 = transform.structured.match attributes {tag, x = 2 : i64} in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:    %2 = transform.structured.match ops{["arith.remui"]} attributes {tag} in %arg0 {extra} : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:    %3 = transform.structured.match in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:    transform.affine.simplify_bounded_affine_ops %0 with[%1, %2 : !transform.any_op, !transform.any_op] within [0, -4] and [20, 8] : !transform.any_op
// CHECK-NEXT:    transform.affine.simplify_bounded_affine_ops %3 with[] within [] and [] {extra} : !transform.any_op
// CHECK-NEXT:    transform.yield {{$}}
// CHECK-NEXT:  }

// GENERIC: "transform.named_sequence"() <{arg_attrs = [{transform.readonly}, {my.note = 3 : i64}], function_type = (!transform.any_op, !transform.any_op) -> !transform.any_op, sym_name = "helper", sym_visibility = "private"}> ({
// GENERIC: "transform.structured.match"(%arg0) <{op_attrs = {tag, x = 2 : i64}}> : (!transform.any_op) -> !transform.any_op
// GENERIC: "transform.affine.simplify_bounded_affine_ops"(%0, %1, %2) <{lower_bounds = array<i64: 0, -4>, upper_bounds = array<i64: 20, 8>}> : (!transform.any_op, !transform.any_op, !transform.any_op) -> ()
// GENERIC: "transform.yield"() : () -> ()

module attributes {transform.with_named_sequence} {
  transform.named_sequence private @helper(%a: !transform.any_op {transform.readonly}, %b: !transform.any_op {my.note = 3}) -> !transform.any_op attributes {note = 1} {
    transform.yield %b : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["affine.min", "affine.max"]} in %root : (!transform.any_op) -> !transform.any_op
    %a = transform.structured.match attributes{x = 2, tag} in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.structured.match ops{["arith.remui"]} attributes {tag} in %root {extra} : (!transform.any_op) -> !transform.any_op
    %all = transform.structured.match in %root : (!transform.any_op) -> !transform.any_op
    transform.affine.simplify_bounded_affine_ops %t with [%a, %b : !transform.any_op, !transform.any_op] within [0, -4] and [20, 8] : !transform.any_op
    transform.affine.simplify_bounded_affine_ops %all with [] within [] and [] {extra} : !transform.any_op
    transform.yield
  }
}
