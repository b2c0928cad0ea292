// RUN: lattice opt %s --cse --canonicalize --timing -o /dev/null 2>&1 | FileCheck %s
// RUN: lattice opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize))' --mlir-timing -o /dev/null 2>&1 | FileCheck %s

// CHECK: Execution time report
// CHECK: Total Execution Time:
// CHECK: Parser
// CHECK-DAG: CSE
// CHECK-DAG: Canonicalizer
// CHECK: Verifier
// CHECK: Output
func.func @f() {
  return
}
func.func @g() {
  return
}
