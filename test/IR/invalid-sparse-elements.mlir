// `sparse` attributes refused, with mlir-opt 22's messages and locations.
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics

// expected-error@+1 {{Expected '<' after 'sparse'}}
"foo.op"() {a = sparse[0], 1> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected ','}}
"foo.op"() {a = sparse<[0] 1> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"foo.op"() {a = sparse<[0], 1 : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected ':'}}
"foo.op"() {a = sparse<[0], 1>} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"foo.op"() {a = sparse<[0], 1> : i32} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"foo.op"() {a = sparse<> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = sparse<[0], 1.5> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected 1-d tensor for sparse element values}}
"foo.op"() {a = sparse<[[0]], [[1]]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])}}
"foo.op"() {a = sparse<[[0, 1]], [1, 2]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1]); inferred shape of values literal ([1])}}
"foo.op"() {a = sparse<[0], 1> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2]); inferred shape of indices literal ([1, 1, 1]); inferred shape of values literal ([1])}}
"foo.op"() {a = sparse<[[[0]]], 1> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #1 is not contained within the value shape, with index=[1, 5], and type='tensor<2x2xi32>'}}
"foo.op"() {a = sparse<[[0, 1], [1, 5]], 1> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[18446744073709551615], and type='tensor<2xi32>'}}
"foo.op"() {a = sparse<[-1], 1> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[2, 2], and type='tensor<2x2xi32>'}}
"foo.op"() {a = sparse<2, 1> : tensor<2x2xi32>} : () -> ()
