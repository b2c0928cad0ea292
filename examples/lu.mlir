// CHECKSUM: 19878.4
// In-place LU decomposition without pivoting (right-looking Doolittle form)
// of a 128x128 double-precision matrix: for each k, scale column k below the
// diagonal by 1 / A[k][k], then update the trailing submatrix
//   A[i][j] -= A[i][k] * A[k][j]   for k < i, j < 128
// (triangular iteration domains with bounds like `#after(%k) to 128`).
// @main initializes A[i][j] = ((i*j + 1) mod 128) / 128, plus 128 on the
// diagonal (diagonally dominant, so no pivoting is needed), and prints
// the sum of the factored A (L below the diagonal, U on and above), row-major.

#after = affine_map<(d0) -> (d0 + 1)>

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_lu(%A: memref<128x128xf64> {llvm.noalias}) {
  affine.for %k = 0 to 128 {
    %piv = affine.load %A[%k, %k] : memref<128x128xf64>
    affine.for %i = #after(%k) to 128 {
      %a = affine.load %A[%i, %k] : memref<128x128xf64>
      %l = arith.divf %a, %piv : f64
      affine.store %l, %A[%i, %k] : memref<128x128xf64>
    }
    affine.for %i = #after(%k) to 128 {
      affine.for %j = #after(%k) to 128 {
        %aij = affine.load %A[%i, %j] : memref<128x128xf64>
        %aik = affine.load %A[%i, %k] : memref<128x128xf64>
        %akj = affine.load %A[%k, %j] : memref<128x128xf64>
        %p = arith.mulf %aik, %akj : f64
        %s = arith.subf %aij, %p : f64
        affine.store %s, %A[%i, %j] : memref<128x128xf64>
      }
    }
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %n = arith.constant 128.0 : f64
  %A = memref.alloc() : memref<128x128xf64>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %ij = arith.muli %i, %j : index
      %v0 = arith.addi %ij, %c1 : index
      %v1 = arith.remsi %v0, %c128 : index
      %v2 = arith.index_cast %v1 : index to i64
      %v3 = arith.sitofp %v2 : i64 to f64
      %v = arith.divf %v3, %n : f64
      affine.if affine_set<(d0, d1) : (d0 - d1 == 0)>(%i, %j) {
        %d = arith.addf %v, %n : f64
        affine.store %d, %A[%i, %j] : memref<128x128xf64>
      } else {
        affine.store %v, %A[%i, %j] : memref<128x128xf64>
      }
    }
  }

  func.call @kernel_lu(%A) : (memref<128x128xf64>) -> ()

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
