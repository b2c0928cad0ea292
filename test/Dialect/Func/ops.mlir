// RUN: lattice opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func private @decl(i32, f32 {test.noalias}) -> i32
func.func private @decl(i32, f32 {test.noalias}) -> i32

// CHECK-LABEL: func.func private @decl_res() -> (i32 {test.foo}, f32)
func.func private @decl_res() -> (i32 {test.foo}, f32)

// CHECK-LABEL: func.func nested @decl_nested(i32)
func.func nested @decl_nested(%a: i32)

// CHECK-LABEL: func.func private @decl_empty()
func.func private @decl_empty() -> ()

// CHECK-LABEL: func.func private @decl_fn_result() -> ((i32) -> i32)
func.func private @decl_fn_result() -> ((i32) -> i32)

// CHECK-LABEL: func.func public @pub() {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func public @pub() {
  return
}

// CHECK-LABEL: func.func @attrs(%arg0: i32 {test.a = 1 : i64}, %arg1: i32) -> (i32 {test.r}) attributes {foo = "bar", llvm.emit_c_interface} {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @attrs(%arg0: i32 {test.a = 1}, %arg1: i32) -> (i32 {test.r}) attributes {foo = "bar", llvm.emit_c_interface} {
  func.return %arg0 : i32
}

// CHECK-LABEL: func.func @no_inline() attributes {no_inline} {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @no_inline() attributes {no_inline} {
  return
}

// CHECK-LABEL: func.func @calls(%arg0: i32, %arg1: f32) -> i32 {
// CHECK-NEXT: %0 = call @decl(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT: %1 = call @decl(%0, %arg1) {tag} : (i32, f32) -> i32
// CHECK-NEXT: call @pub() {no_inline} : () -> ()
// CHECK-NEXT: %2:2 = call @decl_res() : () -> (i32, f32)
// CHECK-NEXT: %f = constant @decl : (i32, f32) -> i32
// CHECK-NEXT: %3 = call_indirect %f(%1, %arg1) : (i32, f32) -> i32
// CHECK-NEXT: %f_0 = constant @pub : () -> ()
// CHECK-NEXT: call_indirect %f_0() {tag} : () -> ()
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
func.func @calls(%a: i32, %x: f32) -> i32 {
  %0 = func.call @decl(%a, %x) : (i32, f32) -> i32
  %1 = call @decl(%0, %x) {tag} : (i32, f32) -> i32
  call @pub() {no_inline} : () -> ()
  %2:2 = call @decl_res() : () -> (i32, f32)
  %f = func.constant @decl : (i32, f32) -> i32
  %3 = func.call_indirect %f(%1, %x) : (i32, f32) -> i32
  %g = constant @pub : () -> ()
  call_indirect %g() {tag} : () -> ()
  return %3 : i32
}

// CHECK-LABEL: func.func @multi(%arg0: i32, %arg1: f64) -> (i32, f64) {
// CHECK-NEXT: return %arg0, %arg1 : i32, f64
// CHECK-NEXT: }
func.func @multi(%a: i32, %b: f64) -> (i32, f64) {
  return %a, %b : i32, f64
}

// CHECK-LABEL: func.func @"quoted name"() {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @"quoted name"() {
  return
}

// CHECK-LABEL: func.func @nested_region(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = "test.region"() ({
// CHECK-NEXT: "test.yield"() : () -> ()
// CHECK-NEXT: }) : () -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @nested_region(%a: i32) -> i32 {
  %0 = "test.region"() ({
    "test.yield"() : () -> ()
  }) : () -> i32
  return %0 : i32
}
