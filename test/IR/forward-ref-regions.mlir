// RUN: lattice opt %s --allow-unregistered-dialect | FileCheck %s

// Forward references that a later definition in a visible scope resolves, next to an
// inner definition of the same name that must not resolve them (it shadows instead).

// CHECK:      "test.graph"() ({
// CHECK-NEXT:   %0 = "test.op"(%1) ({
// CHECK-NEXT:     %3 = "test.def"() : () -> i32
// CHECK-NEXT:     "test.use"(%3) : (i32) -> ()
// CHECK-NEXT:   }) : (i32) -> i32
// CHECK-NEXT:   %1 = "test.def"() : () -> i32
// CHECK-NEXT:   "test.region"() ({
// CHECK-NEXT:     "test.use"(%2) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   %2 = "test.def"() : () -> i32
"test.graph"() ({
  %r = "test.op"(%v) ({
    %v = "test.def"() : () -> i32
    "test.use"(%v) : (i32) -> ()
  }) : (i32) -> i32
  %v = "test.def"() : () -> i32
  "test.region"() ({
    "test.use"(%w) : (i32) -> ()
  }) : () -> ()
  %w = "test.def"() : () -> i32
}) : () -> ()
