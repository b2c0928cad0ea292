// RUN: lattice opt %s --split-input-file --verify-diagnostics
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s

// Types and attributes of an unregistered dialect need --allow-unregistered-dialect, as
// in mlir-opt 22 (same message, same location: the body after the `.`, or the sigil
// of the `<...>` form).

// CHECK: func.func @type(%arg0: !foo.bar<1,2>)
// expected-error@+1 {{`!"foo"<"bar<1,2>">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func @type(%a: !foo.bar<1,2>) {
  return
}

// -----

// CHECK: func.func @opaque_type(%arg0: !foo<"bar">)
// expected-error@+1 {{`!"foo"<""bar"">` type created with unregistered dialect}}
func.func @opaque_type(%a: !foo<"bar">) {
  return
}

// -----

// CHECK: func.func @attr() attributes {x = #foo.bar<1,2>}
// expected-error@+1 {{#"foo"<"bar<1,2>"> : 'none' attribute created with unregistered dialect}}
func.func @attr() attributes {x = #foo.bar<1,2>} {
  return
}
