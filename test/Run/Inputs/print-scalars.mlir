// Scalar printing of the runner utilities: printF64, printF32, printI64, printU64 and the
// punctuation helpers, on values that exercise %g (rounding, exponents, signed zero, NaN,
// infinities). Expected output (from mlir-runner): print-scalars.out.

func.func private @printF64(f64)
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printNewline()
func.func private @printComma()
func.func private @printOpen()
func.func private @printClose()

func.func @f64s() {
  %v0 = arith.constant 0.1 : f64
  %v1 = arith.constant 1.0e6 : f64
  %v2 = arith.constant 123456.5 : f64
  %v3 = arith.constant 1234565.0 : f64
  %v4 = arith.constant 1.0e-5 : f64
  %v5 = arith.constant 1.0e-4 : f64
  %v6 = arith.constant -0.0 : f64
  %v7 = arith.constant 0x7FF8000000000000 : f64
  %v8 = arith.constant 0xFFF8000000000000 : f64
  %v9 = arith.constant 0x7FF0000000000000 : f64
  %v10 = arith.constant 0xFFF0000000000000 : f64
  %v11 = arith.constant 4.9406564584124654e-324 : f64
  %v12 = arith.constant 1.7976931348623157e308 : f64
  %v13 = arith.constant 2.5 : f64
  %v14 = arith.constant 9.9999996 : f64
  %v15 = arith.constant -42.0 : f64
  func.call @printOpen() : () -> ()
  func.call @printF64(%v0) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v1) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v2) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v3) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v4) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v5) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v6) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v7) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v8) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v9) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v10) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v11) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v12) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v13) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v14) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printF64(%v15) : (f64) -> ()
  func.call @printClose() : () -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @f32s() {
  %v0 = arith.constant 0.1 : f32
  %v1 = arith.constant 3.0e38 : f32
  %v2 = arith.constant -1.5e-7 : f32
  %v3 = arith.constant -0.0 : f32
  %v4 = arith.constant 0x7FC00000 : f32
  %v5 = arith.constant 0xFFC00000 : f32
  %v6 = arith.constant 0xFF800000 : f32
  %v7 = arith.constant 16777216.0 : f32
  func.call @printF32(%v0) : (f32) -> ()
  func.call @printComma() : () -> ()
  func.call @printF32(%v1) : (f32) -> ()
  func.call @printComma() : () -> ()
  func.call @printF32(%v2) : (f32) -> ()
  func.call @printComma() : () -> ()
  func.call @printF32(%v3) : (f32) -> ()
  func.call @printComma() : () -> ()
  func.call @printF32(%v4) : (f32) -> ()
  func.call @printComma() : () -> ()
  func.call @printF32(%v5) : (f32) -> ()
  func.call @printComma() : () -> ()
  func.call @printF32(%v6) : (f32) -> ()
  func.call @printComma() : () -> ()
  func.call @printF32(%v7) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @ints() {
  %v0 = arith.constant 0 : i64
  %v1 = arith.constant -9223372036854775808 : i64
  %v2 = arith.constant 9223372036854775807 : i64
  %v3 = arith.constant -1 : i64
  func.call @printI64(%v0) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%v1) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%v2) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%v3) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printU64(%v3) : (i64) -> ()
  func.call @printComma() : () -> ()
  func.call @printU64(%v1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  func.call @f64s() : () -> ()
  func.call @f32s() : () -> ()
  func.call @ints() : () -> ()
  return
}
