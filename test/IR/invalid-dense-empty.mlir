// `dense<>` for a shape with elements, refused with mlir-opt 22's message.
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics

// expected-error@+1 {{parsed zero elements, but type ('tensor<i64>') expected at least 1}}
"foo.op"() {a = dense<> : tensor<i64>} : () -> ()

// -----

// expected-error@+1 {{parsed zero elements, but type ('tensor<2x3xi64>') expected at least 1}}
"foo.op"() {a = dense<> : tensor<2x3xi64>} : () -> ()
