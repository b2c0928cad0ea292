// CHECKSUM: 8129.33
// 3x3 box blur of a 128x128 double-precision image with clamped borders:
// each output pixel is the mean of the in-bounds part of its 3x3 window.
// The window loops have max/min bounds (affine.for ... = max #lo(%i) to
// min #hi(%i)), and the window size comes from affine.max / affine.min.
// @main initializes In[i][j] = ((i*i + 3*j*j + 1) mod 128) / 128 and prints
// the sum of Out, row-major.

#lo = affine_map<(d0) -> (d0 - 1, 0)>
#hi = affine_map<(d0) -> (d0 + 2, 128)>

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_blur(%In: memref<128x128xf64> {llvm.noalias}, %Out: memref<128x128xf64> {llvm.noalias}) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %ilo = affine.max #lo(%i)
      %ihi = affine.min #hi(%i)
      %jlo = affine.max #lo(%j)
      %jhi = affine.min #hi(%j)
      %ni = arith.subi %ihi, %ilo : index
      %nj = arith.subi %jhi, %jlo : index
      %cnt = arith.muli %ni, %nj : index
      %cnti = arith.index_cast %cnt : index to i64
      %cntf = arith.sitofp %cnti : i64 to f64
      %s = affine.for %ii = max #lo(%i) to min #hi(%i) iter_args(%acc = %zero) -> (f64) {
        %r = affine.for %jj = max #lo(%j) to min #hi(%j) iter_args(%racc = %acc) -> (f64) {
          %v = affine.load %In[%ii, %jj] : memref<128x128xf64>
          %a = arith.addf %racc, %v : f64
          affine.yield %a : f64
        }
        affine.yield %r : f64
      }
      %m = arith.divf %s, %cntf : f64
      affine.store %m, %Out[%i, %j] : memref<128x128xf64>
    }
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %fn = arith.constant 128.0 : f64
  %In = memref.alloc() : memref<128x128xf64>
  %Out = memref.alloc() : memref<128x128xf64>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %ii = arith.muli %i, %i : index
      %jj = arith.muli %j, %j : index
      %jj3 = arith.muli %jj, %c3 : index
      %s0 = arith.addi %ii, %jj3 : index
      %s1 = arith.addi %s0, %c1 : index
      %m = arith.remsi %s1, %c128 : index
      %mi = arith.index_cast %m : index to i64
      %mf = arith.sitofp %mi : i64 to f64
      %v = arith.divf %mf, %fn : f64
      affine.store %v, %In[%i, %j] : memref<128x128xf64>
    }
  }

  func.call @kernel_blur(%In, %Out) : (memref<128x128xf64>, memref<128x128xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 128 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 128 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %Out[%i, %j] : memref<128x128xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %In : memref<128x128xf64>
  memref.dealloc %Out : memref<128x128xf64>
  return
}
