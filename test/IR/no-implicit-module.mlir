// RUN: lattice opt %s --no-implicit-module --split-input-file | FileCheck %s --check-prefix=FULL
// RUN: lattice opt %s --no-implicit-module --split-input-file -canonicalize | FileCheck %s --check-prefix=CANON

// `--no-implicit-module`: a chunk's single top-level op is the root, printed without a
// module around it, and pass flags run on it (a module is not required). Errors:
// no-implicit-module-invalid.mlir.

// FULL:      {{^}}func.func @f(%arg0: i32, %arg1: i32) -> i32 {
// FULL-NEXT: {{^}}  %c1_i32 = arith.constant 1 : i32
// CANON:     {{^}}func.func @f(%arg0: i32, %arg1: i32) -> i32 {
// CANON-NEXT: {{^}}  return %arg0 : i32
func.func @f(%a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.muli %a, %c1 : i32
  return %0 : i32
}

// -----

// FULL:      {{^}}module {
// FULL-NEXT: {{^}}  func.func @g()
module {
  func.func @g() {
    return
  }
}

