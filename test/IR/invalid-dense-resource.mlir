// `dense_resource` attributes refused, with mlir-opt 22's messages and locations: the
// syntax, a non-shaped type, a `dense_resource` where an op needs a splat or elements of
// another type.
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics

// expected-error@+1 {{expected '<' after 'dense_resource'}}
"foo.op"() {a = dense_resource>} : () -> ()

// -----

// expected-error@+1 {{expected identifier key for 'resource' entry}}
"foo.op"() {a = dense_resource<1> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"foo.op"() {a = dense_resource<r : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{expected ':'}}
"foo.op"() {a = dense_resource<r>} : () -> ()

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
"foo.op"() {a = dense_resource<r> : i32} : () -> ()

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
"foo.op"() {a = dense_resource<r> : tuple<i32>} : () -> ()

// -----

func.func @scalable() -> vector<[4]xi32> {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense_resource<r> : vector<[4]xi32>
  return %0 : vector<[4]xi32>
}

// -----

func.func @mismatch() -> tensor<2xi32> {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = dense_resource<r> : tensor<2xi64>}> : () -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// expected-error@+1 {{'memref.global' op initial value element expected to be of type 'i32', but was of type 'i8'}}
"memref.global"() <{initial_value = dense_resource<r> : tensor<2xi8>, sym_name = "g", type = memref<2xi32>}> : () -> ()

// -----

// expected-error@+1 {{initial value shape expected to be 2 but was 3}}
"memref.global"() <{initial_value = dense_resource<r> : tensor<3xi32>, sym_name = "h", type = memref<2xi32>}> : () -> ()
