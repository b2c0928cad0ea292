// `dense<>` holds no element: it takes any shape of no elements (not only a rank-1 one),
// as mlir-opt 22 reads it; `invalid-dense-empty.mlir` has the shapes it refuses.
// RUN: lattice opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK: "foo.op"() {a = dense<> : tensor<2x0xi32>, b = dense<> : tensor<0xi32>, c = dense<> : tensor<0x3x4xf32>} : () -> ()
"foo.op"() {a = dense<> : tensor<2x0xi32>, b = dense<> : tensor<0xi32>, c = dense<> : tensor<0x3x4xf32>} : () -> ()
