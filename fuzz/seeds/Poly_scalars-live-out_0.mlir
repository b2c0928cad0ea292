func.func @last(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<1xf64>) {
  %zero = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f64) {
    %x = affine.load %A[%i] : memref<64xf64>
    %y = arith.addf %x, %x : f64
    affine.store %y, %B[%i] : memref<64xf64>
    affine.yield %x : f64
  }
  affine.store %r, %C[0] : memref<1xf64>
  return
}

func.func private @printF64(f64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<64xf64>
  %B = memref.alloc() : memref<64xf64>
  %C = memref.alloc() : memref<1xf64>
  affine.for %i = 0 to 64 {
    %x = arith.index_cast %i : index to i64
    %f = arith.sitofp %x : i64 to f64
    affine.store %f, %A[%i] : memref<64xf64>
  }
  func.call @last(%A, %B, %C) : (memref<64xf64>, memref<64xf64>, memref<1xf64>) -> ()
  %c = affine.load %C[0] : memref<1xf64>
  func.call @printF64(%c) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %A : memref<64xf64>
  memref.dealloc %B : memref<64xf64>
  memref.dealloc %C : memref<1xf64>
  return
}
