// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --symbol-dce | FileCheck %s

// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// CHECK: module attributes {test.simple} {
// CHECK-NEXT:   func.func private @live_private_function()
// CHECK-NEXT:   func.func nested @live_nested_function()
// CHECK-NEXT:   func.func @public_function() {
// CHECK-NEXT:     "foo.return"() {uses = [@live_private_function, @live_nested_function]} : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT: }
module attributes {test.simple} {
  func.func private @dead_private_function()
  func.func nested @dead_nested_function()
  func.func private @live_private_function()
  func.func nested @live_nested_function()
  func.func @public_function() {
    "foo.return"() {uses = [@live_private_function, @live_nested_function]} : () -> ()
  }
}

// -----

// CHECK: module attributes {test.nested} {
// CHECK-NEXT:   module @public_module {
// CHECK-NEXT:     func.func private @private_function() {
// CHECK-NEXT:       "foo.return"() {uses = [@nested_function]} : () -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     func.func nested @nested_function() {
// CHECK-NEXT:       "foo.return"() : () -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   "live.user"() {uses = [@public_module::@private_function]} : () -> ()
// CHECK-NEXT: }
module attributes {test.nested} {
  module @public_module {
    func.func nested @dead_nested_function()
    func.func private @private_function() {
      "foo.return"() {uses = [@nested_function]} : () -> ()
    }
    func.func nested @nested_function() {
      "foo.return"() : () -> ()
    }
  }
  "live.user"() {uses = [@public_module::@private_function]} : () -> ()
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func private @used_in_dict()
// CHECK-NEXT:   func.func private @used_deep()
// CHECK-NEXT:   func.func @entry() attributes {refs = {inner = {{\[\[}}@used_deep]], x = @used_in_dict}} {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
module {
  func.func private @chain_a() {
    func.call @chain_b() : () -> ()
    return
  }
  func.func private @chain_b() {
    func.call @chain_a() : () -> ()
    return
  }
  func.func private @used_in_dict()
  func.func private @used_deep()
  func.func @entry() attributes {refs = {inner = [[@used_deep]], x = @used_in_dict}} {
    return
  }
}

// -----

// CHECK: module {
// CHECK-NEXT:   module @nested_private_used attributes {sym_visibility = "private"} {
// CHECK-NEXT:     func.func @f() {
// CHECK-NEXT:       return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @user() {
// CHECK-NEXT:     "test.use"() {callee = @nested_private_used::@f} : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
module {
  module @nested_private attributes {sym_visibility = "private"} {
    func.func @public_in_private() {
      return
    }
  }
  module @nested_private_used attributes {sym_visibility = "private"} {
    func.func @f() {
      return
    }
    func.func private @g() {
      return
    }
  }
  func.func @user() {
    "test.use"() {callee = @nested_private_used::@f} : () -> ()
    return
  }
}
