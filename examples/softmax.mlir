// CHECKSUM: 16749.8
// Row-wise softmax of a 128x256 single-precision matrix, in three passes per
// row: a max reduction (iter_args), exp(x - max) stored to Y with a sum
// reduction (iter_args), and a division of the row by the sum.
// @main initializes X[i][j] = ((i*j + 1) mod 256) / 32 (values in [0, 8)) and
// prints the weighted checksum sum_{i,j} Y[i][j] * (j + 1) in f64, row-major
// (a plain sum of a softmax would be just the row count).

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_softmax(%X: memref<128x256xf32> {llvm.noalias}, %Y: memref<128x256xf32> {llvm.noalias}) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 128 {
    %max = affine.for %j = 0 to 256 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<128x256xf32>
      %m1 = arith.maximumf %m, %x : f32
      affine.yield %m1 : f32
    }
    %sum = affine.for %j = 0 to 256 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%i, %j] : memref<128x256xf32>
      %d = arith.subf %x, %max : f32
      %e = math.exp %d : f32
      affine.store %e, %Y[%i, %j] : memref<128x256xf32>
      %s1 = arith.addf %s, %e : f32
      affine.yield %s1 : f32
    }
    affine.for %j = 0 to 256 {
      %e = affine.load %Y[%i, %j] : memref<128x256xf32>
      %y = arith.divf %e, %sum : f32
      affine.store %y, %Y[%i, %j] : memref<128x256xf32>
    }
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %f32c = arith.constant 32.0 : f32
  %X = memref.alloc() : memref<128x256xf32>
  %Y = memref.alloc() : memref<128x256xf32>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 256 {
      %ij = arith.muli %i, %j : index
      %v0 = arith.addi %ij, %c1 : index
      %v1 = arith.remsi %v0, %c256 : index
      %v2 = arith.index_cast %v1 : index to i32
      %v3 = arith.sitofp %v2 : i32 to f32
      %v = arith.divf %v3, %f32c : f32
      affine.store %v, %X[%i, %j] : memref<128x256xf32>
    }
  }

  func.call @kernel_softmax(%X, %Y) : (memref<128x256xf32>, memref<128x256xf32>) -> ()

  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 128 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 256 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %Y[%i, %j] : memref<128x256xf32>
      %vd = arith.extf %v : f32 to f64
      %j1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%j)
      %ji = arith.index_cast %j1 : index to i64
      %jf = arith.sitofp %ji : i64 to f64
      %w = arith.mulf %vd, %jf : f64
      %r = arith.addf %racc, %w : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %X : memref<128x256xf32>
  memref.dealloc %Y : memref<128x256xf32>
  return
}
