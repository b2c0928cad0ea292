// RUN: lattice opt %s --split-input-file --verify-diagnostics
// ORACLE: skip mlir-opt 22 crashes (stack overflow) on these use-def cycles

// Use-def cycles (found by the pipeline fuzzer, issue 25): the affine verifiers of loads and
// stores decide which operands are valid dimensions and symbols before the dominance check runs, and
// following a value that uses itself overflowed the stack. Now the cycle ends the
// search: the operand is not a valid dimension or symbol, and that is the error.

func.func @apply_uses_itself(%m: memref<?xindex>) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0, d1, d2) -> (d0 + d1)>(%i, %i, %a)
    // expected-error @+1 {{'affine.store' op operand cannot be used as a dimension id}}
    affine.store %a, %m[%a] : memref<?xindex>
  }
  return
}

// -----

func.func @two_applies_use_each_other(%m: memref<?xindex>) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %b)
    %b = affine.apply affine_map<(d0) -> (d0 * 2)>(%a)
    // expected-error @+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %x = affine.load %m[%b] : memref<?xindex>
  }
  return
}
