// RUN: lattice opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lattice opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Named modules with attributes, nested modules, and unrealized casts (custom and
// generic form; the `builtin.` prefix is optional inside a module).

module @outer attributes {t.flag, t.level = 2 : i32} {
  module {
  }
  module @"quoted name" {
    "t.op"() : () -> ()
    %c = "t.c"() : () -> i32
    %x = unrealized_conversion_cast %c : i32 to index
  }
  func.func @casts(%a: i32, %b: i64) -> (index, f32) {
    %0:2 = builtin.unrealized_conversion_cast %a, %b : i32, i64 to index, f32
    %1 = builtin.unrealized_conversion_cast to i8 {t.note = "no inputs"}
    return %0#0, %0#1 : index, f32
  }
}

// CHECK:      module @outer attributes {t.flag, t.level = 2 : i32} {
// CHECK-NEXT:   module {
// CHECK-NEXT:   }
// CHECK-NEXT:   module @"quoted name" {
// CHECK-NEXT:     "t.op"() : () -> ()
// CHECK-NEXT:     %0 = "t.c"() : () -> i32
// CHECK-NEXT:     %1 = unrealized_conversion_cast %0 : i32 to index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @casts(%arg0: i32, %arg1: i64) -> (index, f32) {
// CHECK-NEXT:     %0:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i64 to index, f32
// CHECK-NEXT:     %1 = builtin.unrealized_conversion_cast to i8 {t.note = "no inputs"}
// CHECK-NEXT:     return %0#0, %0#1 : index, f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC:      "builtin.module"() <{sym_name = "outer"}> ({
// GENERIC-NEXT:   "builtin.module"() ({
// GENERIC-NEXT:   ^bb0:
// GENERIC-NEXT:   }) : () -> ()
// GENERIC:        %0:2 = "builtin.unrealized_conversion_cast"(%arg0, %arg1) : (i32, i64) -> (index, f32)
// GENERIC-NEXT:   %1 = "builtin.unrealized_conversion_cast"() {t.note = "no inputs"} : () -> i8
// GENERIC:      }) {t.flag, t.level = 2 : i32} : () -> ()
