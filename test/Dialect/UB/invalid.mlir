// ub.poison refused: a value other than #ub.poison, results and operands.
// RUN: lattice opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{custom op 'ub.poison' invalid kind of attribute specified}}
%0 = ub.poison <1> : f32

// -----

// ORACLE: lattice-only mlir-opt refuses the value while converting properties ("invalid properties ... for op ub.poison")
// expected-error@+1 {{'ub.poison' op attribute 'value' failed to satisfy constraint: Poison attribute}}
%0 = "ub.poison"() <{value = 1 : i32}> : () -> f32

// -----

// expected-error@+1 {{'ub.poison' op requires one result}}
"ub.poison"() : () -> ()

// -----

%x = arith.constant 1.0 : f32
// expected-error@+1 {{'ub.poison' op requires zero operands}}
%0 = "ub.poison"(%x) : (f32) -> f32
