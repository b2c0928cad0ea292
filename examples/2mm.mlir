// CHECKSUM: 8.84588e+06
// PolyBench 2mm in double precision: tmp = alpha * A * B, D = beta * D + tmp * C,
// with NI = 64, NJ = 80, NK = 96, NL = 112, alpha = 1.5, beta = 1.2.
// A is NIxNK, B is NKxNJ, tmp is NIxNJ, C is NJxNL, D is NIxNL.
// @main initializes as PolyBench does: A[i][j] = ((i*j + 1) mod NI) / NI,
// B[i][j] = (i*(j+1) mod NJ) / NJ, C[i][j] = ((i*(j+3) + 1) mod NL) / NL,
// D[i][j] = (i*(j+2) mod NK) / NK, and prints the sum of D (row-major).

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_2mm(%alpha: f64, %beta: f64, %tmp: memref<64x80xf64> {llvm.noalias}, %A: memref<64x96xf64> {llvm.noalias},
                      %B: memref<96x80xf64> {llvm.noalias}, %C: memref<80x112xf64> {llvm.noalias}, %D: memref<64x112xf64> {llvm.noalias}) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 80 {
      affine.store %zero, %tmp[%i, %j] : memref<64x80xf64>
      affine.for %k = 0 to 96 {
        %a = affine.load %A[%i, %k] : memref<64x96xf64>
        %aa = arith.mulf %alpha, %a : f64
        %b = affine.load %B[%k, %j] : memref<96x80xf64>
        %p = arith.mulf %aa, %b : f64
        %t = affine.load %tmp[%i, %j] : memref<64x80xf64>
        %s = arith.addf %t, %p : f64
        affine.store %s, %tmp[%i, %j] : memref<64x80xf64>
      }
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 112 {
      %d = affine.load %D[%i, %j] : memref<64x112xf64>
      %db = arith.mulf %d, %beta : f64
      affine.store %db, %D[%i, %j] : memref<64x112xf64>
      affine.for %k = 0 to 80 {
        %t = affine.load %tmp[%i, %k] : memref<64x80xf64>
        %c = affine.load %C[%k, %j] : memref<80x112xf64>
        %p = arith.mulf %t, %c : f64
        %d0 = affine.load %D[%i, %j] : memref<64x112xf64>
        %s = arith.addf %d0, %p : f64
        affine.store %s, %D[%i, %j] : memref<64x112xf64>
      }
    }
  }
  return
}

// Stores (v mod m) / m, for v >= 0, into M[i, j].
func.func @init_elem(%M: memref<?x?xf64>, %i: index, %j: index, %v: index, %m: index) {
  %r = arith.remsi %v, %m : index
  %ri = arith.index_cast %r : index to i64
  %rf = arith.sitofp %ri : i64 to f64
  %mi = arith.index_cast %m : index to i64
  %mf = arith.sitofp %mi : i64 to f64
  %x = arith.divf %rf, %mf : f64
  memref.store %x, %M[%i, %j] : memref<?x?xf64>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %ni = arith.constant 64 : index
  %nj = arith.constant 80 : index
  %nk = arith.constant 96 : index
  %nl = arith.constant 112 : index
  %alpha = arith.constant 1.5 : f64
  %beta = arith.constant 1.2 : f64
  %tmp = memref.alloc() : memref<64x80xf64>
  %A = memref.alloc() : memref<64x96xf64>
  %B = memref.alloc() : memref<96x80xf64>
  %C = memref.alloc() : memref<80x112xf64>
  %D = memref.alloc() : memref<64x112xf64>
  %Ad = memref.cast %A : memref<64x96xf64> to memref<?x?xf64>
  %Bd = memref.cast %B : memref<96x80xf64> to memref<?x?xf64>
  %Cd = memref.cast %C : memref<80x112xf64> to memref<?x?xf64>
  %Dd = memref.cast %D : memref<64x112xf64> to memref<?x?xf64>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 96 {
      %ij = arith.muli %i, %j : index
      %v = arith.addi %ij, %c1 : index
      func.call @init_elem(%Ad, %i, %j, %v, %ni) : (memref<?x?xf64>, index, index, index, index) -> ()
    }
  }
  affine.for %i = 0 to 96 {
    affine.for %j = 0 to 80 {
      %j1 = arith.addi %j, %c1 : index
      %v = arith.muli %i, %j1 : index
      func.call @init_elem(%Bd, %i, %j, %v, %nj) : (memref<?x?xf64>, index, index, index, index) -> ()
    }
  }
  affine.for %i = 0 to 80 {
    affine.for %j = 0 to 112 {
      %j3 = arith.addi %j, %c3 : index
      %p = arith.muli %i, %j3 : index
      %v = arith.addi %p, %c1 : index
      func.call @init_elem(%Cd, %i, %j, %v, %nl) : (memref<?x?xf64>, index, index, index, index) -> ()
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 112 {
      %j2 = arith.addi %j, %c2 : index
      %v = arith.muli %i, %j2 : index
      func.call @init_elem(%Dd, %i, %j, %v, %nk) : (memref<?x?xf64>, index, index, index, index) -> ()
    }
  }

  func.call @kernel_2mm(%alpha, %beta, %tmp, %A, %B, %C, %D)
    : (f64, f64, memref<64x80xf64>, memref<64x96xf64>, memref<96x80xf64>, memref<80x112xf64>, memref<64x112xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 112 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %D[%i, %j] : memref<64x112xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %tmp : memref<64x80xf64>
  memref.dealloc %A : memref<64x96xf64>
  memref.dealloc %B : memref<96x80xf64>
  memref.dealloc %C : memref<80x112xf64>
  memref.dealloc %D : memref<64x112xf64>
  return
}
