func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<9xi64>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  affine.for %i = 0 to 9 {
    affine.store %zero, %A[%i] : memref<9xi64>
  }
  affine.parallel (%i) = (0) to (8) {
    %v = affine.load %A[%i] : memref<9xi64>
    %w = arith.addi %v, %one : i64
    affine.store %w, %A[%i + 1] : memref<9xi64>
  }
  affine.for %i = 0 to 9 {
    %v = affine.load %A[%i] : memref<9xi64>
    func.call @printI64(%v) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %A : memref<9xi64>
  return
}
