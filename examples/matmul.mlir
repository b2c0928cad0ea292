// CHECKSUM: 509232
// Matrix multiplication C += A * B on 128x128 single-precision matrices:
// three perfectly nested affine loops with affine loads and stores.
// @main initializes A[i][k] = ((i*k + 1) mod 128) / 128,
// B[k][j] = ((k*j + 2) mod 128) / 128, C[i][j] = ((i + j) mod 128) / 128,
// calls the kernel and prints the sum of C (accumulated in f64, row-major).
// The multiply-add may contract into an FMA (fastmath<contract>), as C compilers do by
// default with `c + a * b` (-ffp-contract=on, the C twin's semantics).

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_matmul(%A: memref<128x128xf32> {llvm.noalias}, %B: memref<128x128xf32> {llvm.noalias}, %C: memref<128x128xf32> {llvm.noalias}) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<128x128xf32>
        %b = affine.load %B[%k, %j] : memref<128x128xf32>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %p = arith.mulf %a, %b fastmath<contract> : f32
        %s = arith.addf %c, %p fastmath<contract> : f32
        affine.store %s, %C[%i, %j] : memref<128x128xf32>
      }
    }
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %n = arith.constant 128.0 : f32
  %A = memref.alloc() : memref<128x128xf32>
  %B = memref.alloc() : memref<128x128xf32>
  %C = memref.alloc() : memref<128x128xf32>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %ij = arith.muli %i, %j : index
      // A[i][j] = ((i*j + 1) mod 128) / 128
      %a0 = arith.addi %ij, %c1 : index
      %a1 = arith.remsi %a0, %c128 : index
      %a2 = arith.index_cast %a1 : index to i64
      %a3 = arith.sitofp %a2 : i64 to f32
      %a = arith.divf %a3, %n : f32
      affine.store %a, %A[%i, %j] : memref<128x128xf32>
      // B[i][j] = ((i*j + 2) mod 128) / 128
      %b0 = arith.addi %ij, %c2 : index
      %b1 = arith.remsi %b0, %c128 : index
      %b2 = arith.index_cast %b1 : index to i64
      %b3 = arith.sitofp %b2 : i64 to f32
      %b = arith.divf %b3, %n : f32
      affine.store %b, %B[%i, %j] : memref<128x128xf32>
      // C[i][j] = ((i + j) mod 128) / 128
      %c0 = affine.apply affine_map<(d0, d1) -> ((d0 + d1) mod 128)>(%i, %j)
      %c2i = arith.index_cast %c0 : index to i64
      %c3 = arith.sitofp %c2i : i64 to f32
      %c = arith.divf %c3, %n : f32
      affine.store %c, %C[%i, %j] : memref<128x128xf32>
    }
  }

  func.call @kernel_matmul(%A, %B, %C) : (memref<128x128xf32>, memref<128x128xf32>, memref<128x128xf32>) -> ()

  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 128 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 128 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %C[%i, %j] : memref<128x128xf32>
      %w = arith.extf %v : f32 to f64
      %r = arith.addf %racc, %w : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %A : memref<128x128xf32>
  memref.dealloc %B : memref<128x128xf32>
  memref.dealloc %C : memref<128x128xf32>
  return
}
