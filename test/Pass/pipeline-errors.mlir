// RUN: not lattice opt %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not lattice opt %s --pass-pipeline='builtin.module(func.func(cse)' 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not lattice opt %s --canonicalize='no-such-option=1' 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not lattice opt %s --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: lattice opt %s --canonicalize='max-iterations=2 region-simplify=disabled' | FileCheck %s --check-prefix=OK

// UNKNOWN: 'no-such-pass' does not refer to a registered pass or pass pipeline
// SYNTAX: expected ',' or ')'
// OPTION: unknown option 'no-such-option' for pass 'canonicalize'
// ANCHOR: can't run 'func.func' pass manager on 'builtin.module' op
// OK: func.func @f
func.func @f() {
  return
}
