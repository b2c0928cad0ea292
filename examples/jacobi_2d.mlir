// CHECKSUM: 15724.9
// PolyBench jacobi-2d in double precision: 20 time steps of a 5-point stencil
// on a 128x128 grid, ping-ponging between A and B:
//   B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j])
// and back from B to A, for 1 <= i, j < 127. @main initializes
// A[i][j] = ((i*(j+2) + 2) mod 128) / 128, B[i][j] = ((i*(j+3) + 3) mod 128) / 128 and prints
// sum(A) + sum(B), accumulated row-major over A then B.

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_jacobi_2d(%A: memref<128x128xf64> {llvm.noalias}, %B: memref<128x128xf64> {llvm.noalias}) {
  %fifth = arith.constant 0.2 : f64
  affine.for %t = 0 to 20 {
    affine.for %i = 1 to 127 {
      affine.for %j = 1 to 127 {
        %c = affine.load %A[%i, %j] : memref<128x128xf64>
        %w = affine.load %A[%i, %j - 1] : memref<128x128xf64>
        %e = affine.load %A[%i, %j + 1] : memref<128x128xf64>
        %s = affine.load %A[%i + 1, %j] : memref<128x128xf64>
        %n = affine.load %A[%i - 1, %j] : memref<128x128xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %B[%i, %j] : memref<128x128xf64>
      }
    }
    affine.for %i = 1 to 127 {
      affine.for %j = 1 to 127 {
        %c = affine.load %B[%i, %j] : memref<128x128xf64>
        %w = affine.load %B[%i, %j - 1] : memref<128x128xf64>
        %e = affine.load %B[%i, %j + 1] : memref<128x128xf64>
        %s = affine.load %B[%i + 1, %j] : memref<128x128xf64>
        %n = affine.load %B[%i - 1, %j] : memref<128x128xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %A[%i, %j] : memref<128x128xf64>
      }
    }
  }
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %n = arith.constant 128.0 : f64
  %A = memref.alloc() : memref<128x128xf64>
  %B = memref.alloc() : memref<128x128xf64>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %j2 = arith.addi %j, %c2 : index
      %p2 = arith.muli %i, %j2 : index
      %w2 = arith.addi %p2, %c2 : index
      %v2 = arith.remsi %w2, %c128 : index
      %x2 = arith.index_cast %v2 : index to i64
      %f2 = arith.sitofp %x2 : i64 to f64
      %a = arith.divf %f2, %n : f64
      affine.store %a, %A[%i, %j] : memref<128x128xf64>
      %j3 = arith.addi %j, %c3 : index
      %p3 = arith.muli %i, %j3 : index
      %w3 = arith.addi %p3, %c3 : index
      %v3 = arith.remsi %w3, %c128 : index
      %x3 = arith.index_cast %v3 : index to i64
      %f3 = arith.sitofp %x3 : i64 to f64
      %b = arith.divf %f3, %n : f64
      affine.store %b, %B[%i, %j] : memref<128x128xf64>
    }
  }

  func.call @kernel_jacobi_2d(%A, %B) : (memref<128x128xf64>, memref<128x128xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sa = affine.for %i = 0 to 128 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 128 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<128x128xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  %sum = affine.for %i = 0 to 128 iter_args(%acc = %sa) -> (f64) {
    %row = affine.for %j = 0 to 128 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %B[%i, %j] : memref<128x128xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %A : memref<128x128xf64>
  memref.dealloc %B : memref<128x128xf64>
  return
}
