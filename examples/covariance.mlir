// CHECKSUM: 42.6494
// PolyBench covariance in double precision: N = 128 samples of M = 96
// features. Column means (iter_args reductions), centering of the data in
// place, then the symmetric covariance matrix over the triangular domain
// i <= j < M, mirrored to cov[j][i]:
//   cov[i][j] = sum_k data[k][i] * data[k][j] / (N - 1)
// @main initializes data[i][j] = ((i*j + 1) mod M) / M and prints the sum of cov, row-major.

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_covariance(%float_n: f64, %data: memref<128x96xf64> {llvm.noalias}, %cov: memref<96x96xf64> {llvm.noalias},
                             %mean: memref<96xf64> {llvm.noalias}) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  affine.for %j = 0 to 96 {
    %s = affine.for %i = 0 to 128 iter_args(%acc = %zero) -> (f64) {
      %d = affine.load %data[%i, %j] : memref<128x96xf64>
      %a = arith.addf %acc, %d : f64
      affine.yield %a : f64
    }
    %m = arith.divf %s, %float_n : f64
    affine.store %m, %mean[%j] : memref<96xf64>
  }
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 96 {
      %d = affine.load %data[%i, %j] : memref<128x96xf64>
      %m = affine.load %mean[%j] : memref<96xf64>
      %c = arith.subf %d, %m : f64
      affine.store %c, %data[%i, %j] : memref<128x96xf64>
    }
  }
  %denom = arith.subf %float_n, %one : f64
  affine.for %i = 0 to 96 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 96 {
      %s = affine.for %k = 0 to 128 iter_args(%acc = %zero) -> (f64) {
        %a = affine.load %data[%k, %i] : memref<128x96xf64>
        %b = affine.load %data[%k, %j] : memref<128x96xf64>
        %p = arith.mulf %a, %b : f64
        %r = arith.addf %acc, %p : f64
        affine.yield %r : f64
      }
      %c = arith.divf %s, %denom : f64
      affine.store %c, %cov[%i, %j] : memref<96x96xf64>
      affine.store %c, %cov[%j, %i] : memref<96x96xf64>
    }
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c96 = arith.constant 96 : index
  %float_n = arith.constant 128.0 : f64
  %fm = arith.constant 96.0 : f64
  %data = memref.alloc() : memref<128x96xf64>
  %cov = memref.alloc() : memref<96x96xf64>
  %mean = memref.alloc() : memref<96xf64>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 96 {
      %ij = arith.muli %i, %j : index
      %ij1 = arith.addi %ij, %c1 : index
      %r = arith.remsi %ij1, %c96 : index
      %v0 = arith.index_cast %r : index to i64
      %v1 = arith.sitofp %v0 : i64 to f64
      %v = arith.divf %v1, %fm : f64
      affine.store %v, %data[%i, %j] : memref<128x96xf64>
    }
  }

  func.call @kernel_covariance(%float_n, %data, %cov, %mean)
    : (f64, memref<128x96xf64>, memref<96x96xf64>, memref<96xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 96 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 96 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %cov[%i, %j] : memref<96x96xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %data : memref<128x96xf64>
  memref.dealloc %cov : memref<96x96xf64>
  memref.dealloc %mean : memref<96xf64>
  return
}
