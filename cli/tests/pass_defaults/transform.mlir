// Input of `transform-interpreter`: a payload function and a transform script that
// simplifies its affine.min/max under the bound of an `arith.remui` result.
func.func @payload(%a: index) -> (index, index) {
  %c20 = arith.constant 20 : index
  %v = arith.remui %a, %c20 : index
  %0 = affine.min affine_map<()[s0] -> (50, 100 - s0)>()[%v]
  %1 = affine.max affine_map<(d0) -> (d0, 19)>(%v)
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
