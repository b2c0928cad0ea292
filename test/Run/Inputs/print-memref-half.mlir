// printMemrefF16 and printMemrefBF16 (only the _mlir_ciface_ forms exist upstream): elements
// print as the float they widen to. Element i of each 1x6 memref is one of the constants
// below. Expected output (from mlir-runner, base address replaced by 0xADDR):
// print-memref-half.out.

func.func private @printMemrefF16(memref<*xf16>) attributes { llvm.emit_c_interface }
func.func private @printMemrefBF16(memref<*xbf16>) attributes { llvm.emit_c_interface }

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %h = memref.alloc() : memref<1x6xf16>
  %h0 = arith.constant 0.333 : f16
  %h1 = arith.constant 65504.0 : f16
  %h2 = arith.constant -2.0 : f16
  %h3 = arith.constant 5.96e-8 : f16
  %h4 = arith.constant 0x7C00 : f16
  %h5 = arith.constant 0xFE00 : f16
  memref.store %h0, %h[%c0, %c0] : memref<1x6xf16>
  memref.store %h1, %h[%c0, %c1] : memref<1x6xf16>
  memref.store %h2, %h[%c0, %c2] : memref<1x6xf16>
  memref.store %h3, %h[%c0, %c3] : memref<1x6xf16>
  memref.store %h4, %h[%c0, %c4] : memref<1x6xf16>
  memref.store %h5, %h[%c0, %c5] : memref<1x6xf16>
  %uh = memref.cast %h : memref<1x6xf16> to memref<*xf16>
  func.call @printMemrefF16(%uh) : (memref<*xf16>) -> ()
  %b = memref.alloc() : memref<1x6xbf16>
  %b0 = arith.constant 0.333 : bf16
  %b1 = arith.constant 3.0e38 : bf16
  %b2 = arith.constant -2.0 : bf16
  %b3 = arith.constant 1.0e-30 : bf16
  %b4 = arith.constant 0xFF80 : bf16
  %b5 = arith.constant 100.0 : bf16
  memref.store %b0, %b[%c0, %c0] : memref<1x6xbf16>
  memref.store %b1, %b[%c0, %c1] : memref<1x6xbf16>
  memref.store %b2, %b[%c0, %c2] : memref<1x6xbf16>
  memref.store %b3, %b[%c0, %c3] : memref<1x6xbf16>
  memref.store %b4, %b[%c0, %c4] : memref<1x6xbf16>
  memref.store %b5, %b[%c0, %c5] : memref<1x6xbf16>
  %ub = memref.cast %b : memref<1x6xbf16> to memref<*xbf16>
  func.call @printMemrefBF16(%ub) : (memref<*xbf16>) -> ()
  memref.dealloc %h : memref<1x6xf16>
  memref.dealloc %b : memref<1x6xbf16>
  return
}
