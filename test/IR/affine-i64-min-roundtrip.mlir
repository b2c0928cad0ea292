// RUN: lattice opt %s | lattice opt - | FileCheck %s
// ORACLE: skip mlir-opt 22 prints these constants as -9223372036854775808 and cannot parse them back

// An affine constant of i64::MIN has no literal the parser reads back (found by the
// pipeline fuzzer, issue 25): it printed as `-9223372036854775808`, and parsing that
// failed with "constant too large for index". It prints as an expression folding back to
// the same constant, alone, added, and as a coefficient.

// CHECK-DAG: #map = affine_map<(d0) -> (d0 + (-9223372036854775807 - 1))>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (d0 + d1 * (-9223372036854775807 - 1))>
// CHECK-DAG: #set = affine_set<(d0) : ((-9223372036854775807 - 1) >= 0)>

// CHECK-LABEL: func.func @alone
// CHECK: affine.if #{{.*}}(%arg0)
func.func @alone(%a: index, %b: index) -> index {
  %r = affine.if affine_set<(d0) : (d0 - d0 - 1 >= 9223372036854775807)>(%a) -> index {
    affine.yield %a : index
  } else {
    affine.yield %b : index
  }
  return %r : index
}

// CHECK-LABEL: func.func @added
// CHECK: affine.apply #{{.*}}(%arg0)
func.func @added(%a: index) -> index {
  %r = affine.apply affine_map<(d0) -> (d0 - 9223372036854775807 - 1)>(%a)
  return %r : index
}

// CHECK-LABEL: func.func @coefficient
// CHECK: affine.apply #{{.*}}(%arg0, %arg1)
func.func @coefficient(%a: index, %b: index) -> index {
  %r = affine.apply affine_map<(d0, d1) -> (d0 + d1 * (-9223372036854775807 - 1))>(%a, %b)
  return %r : index
}
