// CHECKSUM: 2.9468e+07
// PolyBench gemver in double precision, N = 128, alpha = 1.5, beta = 1.2:
//   A = A + u1 * v1^T + u2 * v2^T,  x = x + beta * A^T * y + z,  w = w + alpha * A * x
// (four loop nests; the second reads A transposed).
// @main initializes as PolyBench does: A[i][j] = (i*j mod N) / N, u1[i] = i,
// u2[i] = ((i+1)/N)/2, v1[i] = ((i+1)/N)/4, v2[i] = ((i+1)/N)/6,
// y[i] = ((i+1)/N)/8, z[i] = ((i+1)/N)/9, x = w = 0, and prints
// sum(A) + sum(x) + sum(w), accumulated in that order.

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_gemver(%alpha: f64, %beta: f64, %A: memref<128x128xf64> {llvm.noalias},
                         %u1: memref<128xf64> {llvm.noalias}, %v1: memref<128xf64> {llvm.noalias}, %u2: memref<128xf64> {llvm.noalias}, %v2: memref<128xf64> {llvm.noalias},
                         %w: memref<128xf64> {llvm.noalias}, %x: memref<128xf64> {llvm.noalias}, %y: memref<128xf64> {llvm.noalias}, %z: memref<128xf64> {llvm.noalias}) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %a = affine.load %A[%i, %j] : memref<128x128xf64>
      %pu1 = affine.load %u1[%i] : memref<128xf64>
      %pv1 = affine.load %v1[%j] : memref<128xf64>
      %pu2 = affine.load %u2[%i] : memref<128xf64>
      %pv2 = affine.load %v2[%j] : memref<128xf64>
      %p1 = arith.mulf %pu1, %pv1 : f64
      %p2 = arith.mulf %pu2, %pv2 : f64
      %s1 = arith.addf %a, %p1 : f64
      %s2 = arith.addf %s1, %p2 : f64
      affine.store %s2, %A[%i, %j] : memref<128x128xf64>
    }
  }
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %xi = affine.load %x[%i] : memref<128xf64>
      %aji = affine.load %A[%j, %i] : memref<128x128xf64>
      %yj = affine.load %y[%j] : memref<128xf64>
      %t = arith.mulf %beta, %aji : f64
      %p = arith.mulf %t, %yj : f64
      %s = arith.addf %xi, %p : f64
      affine.store %s, %x[%i] : memref<128xf64>
    }
  }
  affine.for %i = 0 to 128 {
    %xi = affine.load %x[%i] : memref<128xf64>
    %zi = affine.load %z[%i] : memref<128xf64>
    %s = arith.addf %xi, %zi : f64
    affine.store %s, %x[%i] : memref<128xf64>
  }
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %wi = affine.load %w[%i] : memref<128xf64>
      %aij = affine.load %A[%i, %j] : memref<128x128xf64>
      %xj = affine.load %x[%j] : memref<128xf64>
      %t = arith.mulf %alpha, %aij : f64
      %p = arith.mulf %t, %xj : f64
      %s = arith.addf %wi, %p : f64
      affine.store %s, %w[%i] : memref<128xf64>
    }
  }
  return
}

func.func @main() {
  %c128 = arith.constant 128 : index
  %alpha = arith.constant 1.5 : f64
  %beta = arith.constant 1.2 : f64
  %fn = arith.constant 128.0 : f64
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %four = arith.constant 4.0 : f64
  %six = arith.constant 6.0 : f64
  %eight = arith.constant 8.0 : f64
  %nine = arith.constant 9.0 : f64
  %A = memref.alloc() : memref<128x128xf64>
  %u1 = memref.alloc() : memref<128xf64>
  %v1 = memref.alloc() : memref<128xf64>
  %u2 = memref.alloc() : memref<128xf64>
  %v2 = memref.alloc() : memref<128xf64>
  %w = memref.alloc() : memref<128xf64>
  %x = memref.alloc() : memref<128xf64>
  %y = memref.alloc() : memref<128xf64>
  %z = memref.alloc() : memref<128xf64>
  affine.for %i = 0 to 128 {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    affine.store %fi, %u1[%i] : memref<128xf64>
    %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %i1i = arith.index_cast %i1 : index to i64
    %i1f = arith.sitofp %i1i : i64 to f64
    %r = arith.divf %i1f, %fn : f64
    %vu2 = arith.divf %r, %two : f64
    affine.store %vu2, %u2[%i] : memref<128xf64>
    %vv1 = arith.divf %r, %four : f64
    affine.store %vv1, %v1[%i] : memref<128xf64>
    %vv2 = arith.divf %r, %six : f64
    affine.store %vv2, %v2[%i] : memref<128xf64>
    %vy = arith.divf %r, %eight : f64
    affine.store %vy, %y[%i] : memref<128xf64>
    %vz = arith.divf %r, %nine : f64
    affine.store %vz, %z[%i] : memref<128xf64>
    affine.store %zero, %x[%i] : memref<128xf64>
    affine.store %zero, %w[%i] : memref<128xf64>
    affine.for %j = 0 to 128 {
      %ij = arith.muli %i, %j : index
      %m = arith.remsi %ij, %c128 : index
      %mi = arith.index_cast %m : index to i64
      %mf = arith.sitofp %mi : i64 to f64
      %a = arith.divf %mf, %fn : f64
      affine.store %a, %A[%i, %j] : memref<128x128xf64>
    }
  }

  func.call @kernel_gemver(%alpha, %beta, %A, %u1, %v1, %u2, %v2, %w, %x, %y, %z)
    : (f64, f64, memref<128x128xf64>, memref<128xf64>, memref<128xf64>, memref<128xf64>, memref<128xf64>,
       memref<128xf64>, memref<128xf64>, memref<128xf64>, memref<128xf64>) -> ()

  %sa = affine.for %i = 0 to 128 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 128 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<128x128xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  %sx = affine.for %i = 0 to 128 iter_args(%acc = %sa) -> (f64) {
    %v = affine.load %x[%i] : memref<128xf64>
    %r = arith.addf %acc, %v : f64
    affine.yield %r : f64
  }
  %sum = affine.for %i = 0 to 128 iter_args(%acc = %sx) -> (f64) {
    %v = affine.load %w[%i] : memref<128xf64>
    %r = arith.addf %acc, %v : f64
    affine.yield %r : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %A : memref<128x128xf64>
  memref.dealloc %u1 : memref<128xf64>
  memref.dealloc %v1 : memref<128xf64>
  memref.dealloc %u2 : memref<128xf64>
  memref.dealloc %v2 : memref<128xf64>
  memref.dealloc %w : memref<128xf64>
  memref.dealloc %x : memref<128xf64>
  memref.dealloc %y : memref<128xf64>
  memref.dealloc %z : memref<128xf64>
  return
}
