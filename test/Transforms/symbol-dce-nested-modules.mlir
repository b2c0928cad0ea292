// RUN: lattice opt -allow-unregistered-dialect %s -pass-pipeline="builtin.module(builtin.module(symbol-dce))" -split-input-file | FileCheck %s

// symbol-dce run on nested modules: a public module is visible from its parent, so its
// `nested` symbols may be used from there and stay; a private module's go (as mlir-opt).

// CHECK-LABEL: module attributes {test.parent}
module attributes {test.parent} {
  // CHECK: module @public_module
  module @public_module {
    // CHECK: func.func nested @nested_function
    func.func nested @nested_function()
  }
  // CHECK: module @nested_module
  module @nested_module attributes { sym_visibility = "nested" } {
    // CHECK: func.func nested @nested_function
    func.func nested @nested_function()
  }
  // CHECK: module @private_module
  module @private_module attributes { sym_visibility = "private" } {
    // CHECK-NOT: func.func nested @nested_function
    func.func nested @nested_function()
  }
  "live.user"() {uses = [@nested_module, @private_module]} : () -> ()
}
