// RUN: not lattice opt %s --split-input-file --poly-transform="permute=1,0 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=MLIR
// RUN: not lattice opt %s --split-input-file --diagnostic-format=rich \
// RUN:   --poly-transform="permute=1,0 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=RICH
// ORACLE: skip the second chunk is invalid on purpose (its error is what the test renders)

// One diagnostics engine, two renderings: mlir-opt's `file:line:col: severity: message`
// lines (the default), or labelled source excerpts with --diagnostic-format=rich. Errors
// with their notes and remarks go through both alike, each under its own severity.

// MLIR: diagnostic-format.mlir:[[# @LINE + 6]]:3: remark: not permuted: the new order would violate the dependence
// MLIR-NEXT: affine.for %i = 0 to 8 {
// MLIR-NEXT: ^
// RICH: remark: not permuted: the new order would violate the dependence
// RICH-NEXT: ┌─ {{.*}}diagnostic-format.mlir:[[# @LINE + 2]]:3
func.func @remark(%A: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      affine.store %v, %A[%j, %i] : memref<8x8xf32>
    }
  }
  return
}

// -----

// MLIR: diagnostic-format.mlir:[[# @LINE + 9]]:23: error: use of value '%b' expects different type than prior uses: 'i32' vs 'i64'
// MLIR-NEXT: %0 = arith.addi %a, %b : i32
// MLIR-NEXT: ^
// MLIR-NEXT: diagnostic-format.mlir:[[# @LINE + 5]]:27: note: prior use here
// RICH: error: use of value '%b' expects different type than prior uses: 'i32' vs 'i64'
// RICH-NEXT: ┌─ {{.*}}diagnostic-format.mlir:[[# @LINE + 4]]:23
// RICH: func.func @error(%a: i32, %b: i64) -> i32 {
// RICH-NEXT: -- prior use here
func.func @error(%a: i32, %b: i64) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
