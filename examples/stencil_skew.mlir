// CHECKSUM: 615
// A tiny in-place stencil whose only loop-carried dependence has distance
// vector (1, -1): for 1 <= i < 5 and 0 <= j < 4,
//   A[i][j] = A[i-1][j+1] + A[i][j]
// Iteration (i, j) reads what iteration (i-1, j+1) wrote, so interchanging
// the i and j loops is illegal (it changes the checksum) while skewing
// (j' = i + j) followed by interchange is legal.
// @main initializes A[i][j] = 5i + j + 1 (1 .. 25, exact in f64) and prints
// the sum of A.

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_stencil_skew(%A: memref<5x5xf64> {llvm.noalias}) {
  affine.for %i = 1 to 5 {
    affine.for %j = 0 to 4 {
      %up = affine.load %A[%i - 1, %j + 1] : memref<5x5xf64>
      %a = affine.load %A[%i, %j] : memref<5x5xf64>
      %s = arith.addf %up, %a : f64
      affine.store %s, %A[%i, %j] : memref<5x5xf64>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<5x5xf64>
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 5 + d1 + 1)>(%i, %j)
      %vi = arith.index_cast %v : index to i64
      %vf = arith.sitofp %vi : i64 to f64
      affine.store %vf, %A[%i, %j] : memref<5x5xf64>
    }
  }

  func.call @kernel_stencil_skew(%A) : (memref<5x5xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 5 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 5 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<5x5xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %A : memref<5x5xf64>
  return
}
