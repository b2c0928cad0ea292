// RUN: lattice opt %s --affine-loop-tile="tile-sizes=4,2 remarks=true" 2>&1 | FileCheck %s
// RUN: lattice opt %s --affine-loop-tile="tile-sizes=4611686018427387904,2" -o %t.mlir
// RUN: lattice run %t.mlir -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice opt %s --poly-transform="strip-mine=0,4 remarks=true" 2>&1 | FileCheck %s

// Tiles of 4 over i in [2^63 - 9, 2^63 - 1) would step the tile loop from 2^63 - 12
// to 2^63, beyond the 64-bit index range (the loop would wrap and never end): the
// band is left alone with a remark. A tile of 2^62 holds the whole range of i (no tile
// loop), so that tiling is applied, and the program prints what it printed before.
// Strip-mining i by 4 is refused for the same reason.

// CHECK: tile-overflow.mlir:[[@LINE+10]]:3: remark: not transformed: the generated code would overflow: an index value would reach 9223372036854775808, beyond the 64-bit range
// CHECK: affine.for %arg{{[0-9]+}} = 9223372036854775799 to 9223372036854775807 {
// CHECK-NEXT: affine.for %arg{{[0-9]+}} = 0 to 3 {

// OUT: 9223372036854775799
// OUT: 9223372036854775804
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %A = memref.alloca() : memref<8x3xi64>
  affine.for %i = 9223372036854775799 to 9223372036854775807 {
    affine.for %j = 0 to 3 {
      %a = arith.index_cast %i : index to i64
      %b = arith.index_cast %j : index to i64
      %t = arith.subi %a, %b : i64
      affine.store %t, %A[%i - 9223372036854775799, %j] : memref<8x3xi64>
    }
  }
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %first = memref.load %A[%c0, %c0] : memref<8x3xi64>
  %last = memref.load %A[%c7, %c2] : memref<8x3xi64>
  func.call @printI64(%first) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%last) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
