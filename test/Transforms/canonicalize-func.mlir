// RUN: lattice opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func private @callee(i32) -> i32
func.func private @callee(i32) -> i32

// CHECK-LABEL: func.func @known_callee(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = call @callee(%arg0) : (i32) -> i32
// CHECK-NEXT: %1 = call @callee(%0) : (i32) -> i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @known_callee(%a: i32) -> i32 {
  %f = func.constant @callee : (i32) -> i32
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  %1 = func.call_indirect %f(%0) {tag} : (i32) -> i32
  return %1 : i32
}

// CHECK-LABEL: func.func @unknown_callee(%arg0: (i32) -> i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = call_indirect %arg0(%arg1) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @unknown_callee(%f: (i32) -> i32, %a: i32) -> i32 {
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @dead_constant() {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dead_constant() {
  %f = func.constant @callee : (i32) -> i32
  return
}
