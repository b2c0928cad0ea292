// RUN: lattice opt %s --transform-interpreter --split-input-file | FileCheck %s

// `transform.affine.simplify_bounded_affine_ops`: each targeted affine.min/max is
// replaced by the one result it always equals, or by the constant it always takes, when
// the bounded values lie in [lb, ub) (the upper bound is exclusive). The bounded values
// here are `arith.remui` results, which really lie in their bounds, so the functions
// compute the same before and after.

// CHECK-LABEL: func.func @constants
// CHECK-DAG:     %[[C50:.*]] = arith.constant 50 : index
// CHECK-DAG:     %[[C100:.*]] = arith.constant 100 : index
// CHECK-NOT:     affine.min
// CHECK-NOT:     affine.max
// CHECK:         return %[[C50]], %[[C100]] : index, index
func.func @constants(%a: index) -> (index, index) {
  %c20 = arith.constant 20 : index
  %v = arith.remui %a, %c20 : index
  %0 = affine.min affine_map<()[s0] -> (50, 100 - s0)>()[%v]
  %1 = affine.max affine_map<()[s0] -> (100, 80 + s0)>()[%v]
  return %0, %1 : index, index
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["affine.min", "affine.max"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.match ops{["arith.remui"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.affine.simplify_bounded_affine_ops %t with [%v : !transform.any_op] within [0] and [20] : !transform.any_op
    transform.yield
  }
}

// -----

// A result that is never larger than the others (for a min) is the value: the op
// becomes that expression (here the bounded value itself). The upper bound is
// exclusive: with %v in [0, 10), max(%v, 9) is 9, and min(%v, 9) is %v.

// CHECK-LABEL: func.func @dominant
// CHECK:         %[[V:.*]] = arith.remui
// CHECK-NEXT:    %[[C9:.*]] = arith.constant 9 : index
// CHECK-NEXT:    %[[S:.*]] = affine.apply #{{.*}}()[%[[V]]]
// CHECK-NEXT:    return %[[V]], %[[C9]], %[[S]] : index, index, index
func.func @dominant(%a: index) -> (index, index, index) {
  %c10 = arith.constant 10 : index
  %v = arith.remui %a, %c10 : index
  %0 = affine.min affine_map<(d0) -> (d0, 9)>(%v)
  %1 = affine.max affine_map<(d0) -> (d0, 9)>(%v)
  %2 = affine.min affine_map<(d0) -> (d0 * 2 + 1, d0 + 20)>(%v)
  return %0, %1, %2 : index, index, index
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["affine.min", "affine.max"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.match ops{["arith.remui"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.affine.simplify_bounded_affine_ops %t with [%v : !transform.any_op] within [0] and [10] : !transform.any_op
    transform.yield
  }
}

// -----

// Several bounded values, a min feeding another, and a min whose value is constant
// though no single result is smallest everywhere (min(s0, 1 - s0) on [0, 2) is always
// 0); a value two handles bound lies in both ranges. What the bounds do not decide
// stays: min(%w, 10) with %w in [0, 31).

// CHECK-LABEL: func.func @chain
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[KEEP:.*]] = affine.min #{{.*}}()[%{{.*}}]
// CHECK:         return %[[C1]], %[[C0]], %[[KEEP]] : index, index, index
func.func @chain(%a: index, %b: index) -> (index, index, index) {
  %c31 = arith.constant 31 : index
  %c2 = arith.constant 2 : index
  %c20 = arith.constant 20 : index
  %wg = arith.remui %a, %c31 : index
  %tid = arith.remui %b, %c31 : index
  %0 = affine.min affine_map<()[s0] -> (s0 * -32 + 1023, 32)>()[%wg]
  %1 = affine.min affine_map<()[s0, s1] -> (s0 - s1 * (s0 ceildiv 32), s0 ceildiv 32)>()[%0, %tid]
  %two = arith.remui %a, %c2 {tag = "two"} : index
  %2 = affine.min affine_map<()[s0] -> (s0, 1 - s0)>()[%two]
  %w = arith.remui %b, %c20 : index
  %3 = affine.min affine_map<()[s0] -> (s0, 10)>()[%w]
  return %1, %2, %3 : index, index, index
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t = transform.structured.match ops{["affine.min"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.structured.match ops{["arith.remui"]} in %root : (!transform.any_op) -> !transform.any_op
    %two = transform.structured.match ops{["arith.remui"]} attributes {tag = "two"} in %root : (!transform.any_op) -> !transform.any_op
    transform.affine.simplify_bounded_affine_ops %t with [%v, %two : !transform.any_op, !transform.any_op] within [0, 0] and [31, 2] : !transform.any_op
    transform.yield
  }
}
