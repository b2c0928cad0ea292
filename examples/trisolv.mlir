// CHECKSUM: 27873.4
// PolyBench trisolv in double precision: forward substitution L * x = b for a
// 256x256 lower-triangular L, each x[i] a reduction over the triangular
// domain 0 <= j < i (iter_args):
//   x[i] = (b[i] - sum_{j < i} L[i][j] * x[j]) / L[i][i]
// @main initializes L[i][j] = ((i*j + 1) mod 256) / 65536 plus 1 on the
// diagonal (entries above the diagonal are never read), b[i] = i, and prints
// the sum of x.

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_trisolv(%L: memref<256x256xf64> {llvm.noalias}, %x: memref<256xf64> {llvm.noalias}, %b: memref<256xf64> {llvm.noalias}) {
  affine.for %i = 0 to 256 {
    %bi = affine.load %b[%i] : memref<256xf64>
    %r = affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) iter_args(%acc = %bi) -> (f64) {
      %l = affine.load %L[%i, %j] : memref<256x256xf64>
      %xj = affine.load %x[%j] : memref<256xf64>
      %p = arith.mulf %l, %xj : f64
      %s = arith.subf %acc, %p : f64
      affine.yield %s : f64
    }
    %d = affine.load %L[%i, %i] : memref<256x256xf64>
    %xi = arith.divf %r, %d : f64
    affine.store %xi, %x[%i] : memref<256xf64>
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %nn = arith.constant 65536.0 : f64
  %one = arith.constant 1.0 : f64
  %zero = arith.constant 0.0 : f64
  %L = memref.alloc() : memref<256x256xf64>
  %x = memref.alloc() : memref<256xf64>
  %b = memref.alloc() : memref<256xf64>
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %ij = arith.muli %i, %j : index
      %v0 = arith.addi %ij, %c1 : index
      %v1 = arith.remsi %v0, %c256 : index
      %v2 = arith.index_cast %v1 : index to i64
      %v3 = arith.sitofp %v2 : i64 to f64
      %v = arith.divf %v3, %nn : f64
      affine.store %v, %L[%i, %j] : memref<256x256xf64>
    }
    %d = affine.load %L[%i, %i] : memref<256x256xf64>
    %d1 = arith.addf %d, %one : f64
    affine.store %d1, %L[%i, %i] : memref<256x256xf64>
    %ii = arith.index_cast %i : index to i64
    %bi = arith.sitofp %ii : i64 to f64
    affine.store %bi, %b[%i] : memref<256xf64>
    affine.store %zero, %x[%i] : memref<256xf64>
  }

  func.call @kernel_trisolv(%L, %x, %b) : (memref<256x256xf64>, memref<256xf64>, memref<256xf64>) -> ()

  %sum = affine.for %i = 0 to 256 iter_args(%acc = %zero) -> (f64) {
    %v = affine.load %x[%i] : memref<256xf64>
    %r = arith.addf %acc, %v : f64
    affine.yield %r : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %L : memref<256x256xf64>
  memref.dealloc %x : memref<256xf64>
  memref.dealloc %b : memref<256xf64>
  return
}
