// CHECKSUM: 209.477
// PolyBench jacobi-1d in double precision: 64 time steps of a 3-point stencil
// over N = 256 points, ping-ponging between A and B:
//   B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1]),  A[i] = 0.33333 * (B[i-1] + B[i] + B[i+1])
// for 1 <= i < N - 1. @main initializes A[i] = ((i*i + 2) mod N) / N,
// B[i] = ((i*i + 3) mod N) / N
// and prints sum(A) + sum(B), accumulated over A then B.

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_jacobi_1d(%A: memref<256xf64> {llvm.noalias}, %B: memref<256xf64> {llvm.noalias}) {
  %third = arith.constant 0.33333 : f64
  affine.for %t = 0 to 64 {
    affine.for %i = 1 to 255 {
      %a0 = affine.load %A[%i - 1] : memref<256xf64>
      %a1 = affine.load %A[%i] : memref<256xf64>
      %a2 = affine.load %A[%i + 1] : memref<256xf64>
      %s0 = arith.addf %a0, %a1 : f64
      %s1 = arith.addf %s0, %a2 : f64
      %v = arith.mulf %third, %s1 : f64
      affine.store %v, %B[%i] : memref<256xf64>
    }
    affine.for %i = 1 to 255 {
      %b0 = affine.load %B[%i - 1] : memref<256xf64>
      %b1 = affine.load %B[%i] : memref<256xf64>
      %b2 = affine.load %B[%i + 1] : memref<256xf64>
      %s0 = arith.addf %b0, %b1 : f64
      %s1 = arith.addf %s0, %b2 : f64
      %v = arith.mulf %third, %s1 : f64
      affine.store %v, %A[%i] : memref<256xf64>
    }
  }
  return
}

func.func @main() {
  %n = arith.constant 256.0 : f64
  %A = memref.alloc() : memref<256xf64>
  %B = memref.alloc() : memref<256xf64>
  affine.for %i = 0 to 256 {
    %sq = arith.muli %i, %i : index
    %i2 = affine.apply affine_map<(d0) -> ((d0 + 2) mod 256)>(%sq)
    %i3 = affine.apply affine_map<(d0) -> ((d0 + 3) mod 256)>(%sq)
    %x2 = arith.index_cast %i2 : index to i64
    %x3 = arith.index_cast %i3 : index to i64
    %f2 = arith.sitofp %x2 : i64 to f64
    %f3 = arith.sitofp %x3 : i64 to f64
    %a = arith.divf %f2, %n : f64
    %b = arith.divf %f3, %n : f64
    affine.store %a, %A[%i] : memref<256xf64>
    affine.store %b, %B[%i] : memref<256xf64>
  }

  func.call @kernel_jacobi_1d(%A, %B) : (memref<256xf64>, memref<256xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sa = affine.for %i = 0 to 256 iter_args(%acc = %zero) -> (f64) {
    %v = affine.load %A[%i] : memref<256xf64>
    %r = arith.addf %acc, %v : f64
    affine.yield %r : f64
  }
  %sum = affine.for %i = 0 to 256 iter_args(%acc = %sa) -> (f64) {
    %v = affine.load %B[%i] : memref<256xf64>
    %r = arith.addf %acc, %v : f64
    affine.yield %r : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %A : memref<256xf64>
  memref.dealloc %B : memref<256xf64>
  return
}
