// CHECKSUM: 7862.94
// PolyBench seidel-2d in double precision: 10 time steps of an in-place
// 9-point Gauss-Seidel sweep on a 128x128 grid, for 1 <= i, j < 127:
//   A[i][j] = (A[i-1][j-1] + A[i-1][j] + A[i-1][j+1] + A[i][j-1] + A[i][j]
//              + A[i][j+1] + A[i+1][j-1] + A[i+1][j] + A[i+1][j+1]) / 9
// (dependences in every direction of the time and space loops).
// @main initializes A[i][j] = ((i*(j+2) + 2) mod 128) / 128 and prints sum(A), row-major.

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_seidel_2d(%A: memref<128x128xf64> {llvm.noalias}) {
  %nine = arith.constant 9.0 : f64
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to 127 {
      affine.for %j = 1 to 127 {
        %a0 = affine.load %A[%i - 1, %j - 1] : memref<128x128xf64>
        %a1 = affine.load %A[%i - 1, %j] : memref<128x128xf64>
        %a2 = affine.load %A[%i - 1, %j + 1] : memref<128x128xf64>
        %a3 = affine.load %A[%i, %j - 1] : memref<128x128xf64>
        %a4 = affine.load %A[%i, %j] : memref<128x128xf64>
        %a5 = affine.load %A[%i, %j + 1] : memref<128x128xf64>
        %a6 = affine.load %A[%i + 1, %j - 1] : memref<128x128xf64>
        %a7 = affine.load %A[%i + 1, %j] : memref<128x128xf64>
        %a8 = affine.load %A[%i + 1, %j + 1] : memref<128x128xf64>
        %s1 = arith.addf %a0, %a1 : f64
        %s2 = arith.addf %s1, %a2 : f64
        %s3 = arith.addf %s2, %a3 : f64
        %s4 = arith.addf %s3, %a4 : f64
        %s5 = arith.addf %s4, %a5 : f64
        %s6 = arith.addf %s5, %a6 : f64
        %s7 = arith.addf %s6, %a7 : f64
        %s8 = arith.addf %s7, %a8 : f64
        %v = arith.divf %s8, %nine : f64
        affine.store %v, %A[%i, %j] : memref<128x128xf64>
      }
    }
  }
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %n = arith.constant 128.0 : f64
  %A = memref.alloc() : memref<128x128xf64>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %j2 = arith.addi %j, %c2 : index
      %p = arith.muli %i, %j2 : index
      %v0 = arith.addi %p, %c2 : index
      %v = arith.remsi %v0, %c128 : index
      %x = arith.index_cast %v : index to i64
      %f = arith.sitofp %x : i64 to f64
      %a = arith.divf %f, %n : f64
      affine.store %a, %A[%i, %j] : memref<128x128xf64>
    }
  }

  func.call @kernel_seidel_2d(%A) : (memref<128x128xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 128 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 128 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<128x128xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %A : memref<128x128xf64>
  return
}
