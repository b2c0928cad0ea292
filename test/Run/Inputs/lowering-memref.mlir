// Lowering coverage for cli/tests/run_vs_runner.rs: globals, get_global, subview, copy,
// reinterpret_cast, casts to unranked memrefs, affine.parallel reductions, scf.parallel,
// scf.execute_region with several blocks. Compared with mlir-runner's output.
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)
memref.global "private" constant @tbl : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
memref.global "private" @zeros : memref<4xi64> = dense<0>
func.func @main() {
  %g = memref.get_global @tbl : memref<2x3xf32>
  %u = memref.cast %g : memref<2x3xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %sv = memref.subview %g[0, 1] [2, 2] [1, 1] : memref<2x3xf32> to memref<2x2xf32, strided<[3, 1], offset: 1>>
  %sc = memref.alloc() : memref<2x2xf32>
  memref.copy %sv, %sc : memref<2x2xf32, strided<[3, 1], offset: 1>> to memref<2x2xf32>
  %su = memref.cast %sc : memref<2x2xf32> to memref<*xf32>
  func.call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  %row = memref.subview %g[1, 0] [1, 3] [1, 1] : memref<2x3xf32> to memref<3xf32, strided<[1], offset: 3>>
  %zero = arith.constant 0.0 : f64
  %s = affine.parallel (%i) = (0) to (3) reduce ("addf") -> (f64) {
    %v = affine.load %row[%i] : memref<3xf32, strided<[1], offset: 3>>
    %w = arith.extf %v : f32 to f64
    affine.yield %w : f64
  }
  func.call @printF64(%s) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %z = memref.get_global @zeros : memref<4xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    memref.store %sq, %z[%i] : memref<4xi64>
    scf.reduce
  }
  %t = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %c0) -> (index) {
    %v = memref.load %z[%i] : memref<4xi64>
    %vi = arith.index_cast %v : i64 to index
    %n = arith.addi %a, %vi : index
    scf.yield %n : index
  }
  %ti = arith.index_cast %t : index to i64
  func.call @printI64(%ti) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %r = memref.reinterpret_cast %g to offset: [2], sizes: [2], strides: [3] : memref<2x3xf32> to memref<2xf32, strided<[3], offset: 2>>
  %e = memref.load %r[%c1] : memref<2xf32, strided<[3], offset: 2>>
  %ed = arith.extf %e : f32 to f64
  func.call @printF64(%ed) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %d = scf.execute_region -> i64 {
    %c5 = arith.constant 5 : i64
    cf.br ^bb1(%c5 : i64)
  ^bb1(%x: i64):
    scf.yield %x : i64
  }
  func.call @printI64(%d) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %sc : memref<2x2xf32>
  return
}
