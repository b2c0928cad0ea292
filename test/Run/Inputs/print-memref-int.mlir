// printMemref for integer elements: i8 (upstream streams int8_t as a character, so the
// bytes 72 105 33 ... print as "Hi!"), i16, i32, i64 and index, through the plain
// (rank, descriptor) and the _mlir_ciface_ (unranked descriptor) entry points. Element
// (i, j) of the i16/i32/i64 memrefs of sizes (a, b) is (i*b + j) * m - o for per-type m, o.
// Expected output (from mlir-runner, base address replaced by 0xADDR): print-memref-int.out.

func.func private @printMemrefI8(memref<*xi8>) attributes { llvm.emit_c_interface }
func.func private @printMemrefI16(memref<*xi16>) attributes { llvm.emit_c_interface }
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefInd(memref<*xindex>)
func.func private @printMemref1dI64(memref<?xi64, strided<[1], offset: ?>>) attributes { llvm.emit_c_interface }

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index

  // i8: "Hi!" then "ok." in a 2x3 memref.
  %b = memref.alloc() : memref<2x3xi8>
  %h = arith.constant 72 : i8
  %i = arith.constant 105 : i8
  %x = arith.constant 33 : i8
  %o = arith.constant 111 : i8
  %k = arith.constant 107 : i8
  %d = arith.constant 46 : i8
  memref.store %h, %b[%c0, %c0] : memref<2x3xi8>
  memref.store %i, %b[%c0, %c1] : memref<2x3xi8>
  memref.store %x, %b[%c0, %c2] : memref<2x3xi8>
  memref.store %o, %b[%c1, %c0] : memref<2x3xi8>
  memref.store %k, %b[%c1, %c1] : memref<2x3xi8>
  memref.store %d, %b[%c1, %c2] : memref<2x3xi8>
  %ub = memref.cast %b : memref<2x3xi8> to memref<*xi8>
  func.call @printMemrefI8(%ub) : (memref<*xi8>) -> ()

  // i16: (i*4 + j) * 5000 - 30000 over 3x4, from -30000 to 25000.
  %s = memref.alloc() : memref<3x4xi16>
  %m16 = arith.constant 5000 : i16
  %o16 = arith.constant 30000 : i16
  scf.for %r = %c0 to %c3 step %c1 {
    scf.for %c = %c0 to %c4 step %c1 {
      %r4 = arith.muli %r, %c4 : index
      %lin = arith.addi %r4, %c : index
      %l16 = arith.index_cast %lin : index to i16
      %p = arith.muli %l16, %m16 : i16
      %v = arith.subi %p, %o16 : i16
      memref.store %v, %s[%r, %c] : memref<3x4xi16>
    }
  }
  %us = memref.cast %s : memref<3x4xi16> to memref<*xi16>
  func.call @printMemrefI16(%us) : (memref<*xi16>) -> ()

  // i32 and i64 and index over 2x3: (i*3 + j) * m - o.
  %w = memref.alloc() : memref<2x3xi32>
  %l = memref.alloc() : memref<2x3xi64>
  %n = memref.alloc() : memref<2x3xindex>
  %m32 = arith.constant 700000000 : i32
  %o32 = arith.constant 2000000000 : i32
  %m64 = arith.constant 3000000000000000000 : i64
  %o64 = arith.constant 9000000000000000000 : i64
  scf.for %r = %c0 to %c2 step %c1 {
    scf.for %c = %c0 to %c3 step %c1 {
      %r3 = arith.muli %r, %c3 : index
      %lin = arith.addi %r3, %c : index
      %l32 = arith.index_cast %lin : index to i32
      %p32 = arith.muli %l32, %m32 : i32
      %v32 = arith.subi %p32, %o32 : i32
      memref.store %v32, %w[%r, %c] : memref<2x3xi32>
      %l64 = arith.index_cast %lin : index to i64
      %p64 = arith.muli %l64, %m64 : i64
      %v64 = arith.subi %p64, %o64 : i64
      memref.store %v64, %l[%r, %c] : memref<2x3xi64>
      %sq = arith.muli %lin, %lin : index
      memref.store %sq, %n[%r, %c] : memref<2x3xindex>
    }
  }
  %uw = memref.cast %w : memref<2x3xi32> to memref<*xi32>
  func.call @printMemrefI32(%uw) : (memref<*xi32>) -> ()
  %ul = memref.cast %l : memref<2x3xi64> to memref<*xi64>
  func.call @printMemrefI64(%ul) : (memref<*xi64>) -> ()
  %un = memref.cast %n : memref<2x3xindex> to memref<*xindex>
  func.call @printMemrefInd(%un) : (memref<*xindex>) -> ()

  // The second row of the i64 memref as a rank-1 strided view.
  %row = memref.reinterpret_cast %l to offset: [3], sizes: [3], strides: [1] : memref<2x3xi64> to memref<3xi64, strided<[1], offset: 3>>
  %drow = memref.cast %row : memref<3xi64, strided<[1], offset: 3>> to memref<?xi64, strided<[1], offset: ?>>
  func.call @printMemref1dI64(%drow) : (memref<?xi64, strided<[1], offset: ?>>) -> ()

  memref.dealloc %b : memref<2x3xi8>
  memref.dealloc %s : memref<3x4xi16>
  memref.dealloc %w : memref<2x3xi32>
  memref.dealloc %l : memref<2x3xi64>
  memref.dealloc %n : memref<2x3xindex>
  return
}
