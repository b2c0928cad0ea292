// RUN: lattice opt %s --lower-affine --mlir-print-op-generic | FileCheck %s

// Ops built by a pass carry the default-valued properties that parsed ops carry, so the
// generic form matches mlir-opt's: the `arith.addi` lower-affine creates
// prints `overflowFlags` like the one parsed from the input.

// CHECK-LABEL: "func.func"
// CHECK: "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}>
// CHECK: "arith.muli"(%arg1, %{{[0-9]+}}) <{overflowFlags = #arith.overflow<nsw>}>
// CHECK: "arith.addi"(%arg0, %{{[0-9]+}}) <{overflowFlags = #arith.overflow<none>}>
// CHECK: "arith.addf"(%arg2, %arg2) <{fastmath = #arith.fastmath<none>}>
func.func @f(%a: index, %b: index, %x: f32) -> (index, index, f32) {
  %c = arith.addi %a, %b : index
  %d = affine.apply affine_map<(d0)[s0] -> (d0 + s0 * 2)>(%a)[%b]
  %y = arith.addf %x, %x : f32
  return %c, %d, %y : index, index, f32
}
