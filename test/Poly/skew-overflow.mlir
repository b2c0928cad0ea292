// RUN: lattice opt %s --poly-transform="skew=1,0,4611686018427387904 remarks=true" 2>&1 | FileCheck %s
// RUN: lattice opt %s --poly-transform="skew=1,0,2305843009213693952" | FileCheck %s --check-prefix=FITS
// RUN: lattice opt %s --poly-transform="skew=1,0,2305843009213693952" -o %t.mlir
// RUN: lattice run %t.mlir -e main | FileCheck %s --check-prefix=OUT

// A skew whose loop values leave the 64-bit index range on the domain (i * 2^62 for
// i = 3) is refused with a remark and the loops stay as they are; a factor that keeps
// them in range (i * 2^61 + j <= 3 * 2^61 + 3) is applied and the program computes
// what it computed before (sum of i * j = 36).

// CHECK: skew-overflow.mlir:[[@LINE+14]]:3: remark: not skewed: loop 1 of the transformed band would reach 13835058055282163715, beyond the 64-bit index range
// CHECK: affine.for %arg{{[0-9]+}} = 0 to 4 {
// CHECK-NEXT: affine.for %arg{{[0-9]+}} = 0 to 4 {

// FITS: affine_map<(d0) -> (d0 * 2305843009213693952)>

// OUT: 36
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {
  %s = memref.alloca() : memref<1xi64>
  %z = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  memref.store %z, %s[%c0] : memref<1xi64>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = arith.index_cast %i : index to i64
      %b = arith.index_cast %j : index to i64
      %t = arith.muli %a, %b : i64
      %o = affine.load %s[0] : memref<1xi64>
      %n = arith.addi %o, %t : i64
      affine.store %n, %s[0] : memref<1xi64>
    }
  }
  %r = memref.load %s[%c0] : memref<1xi64>
  call @printI64(%r) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
