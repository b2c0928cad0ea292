// A 16x16 matmul for the tuner's tests: small enough to run in milliseconds.
func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_mm(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>
      }
    }
  }
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 16.0 : f32
  %A = memref.alloc() : memref<16x16xf32>
  %B = memref.alloc() : memref<16x16xf32>
  %C = memref.alloc() : memref<16x16xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %ij = arith.muli %i, %j : index
      %a0 = arith.addi %ij, %c3 : index
      %a1 = arith.remsi %a0, %c16 : index
      %a2 = arith.index_cast %a1 : index to i64
      %a3 = arith.sitofp %a2 : i64 to f32
      %a = arith.divf %a3, %n : f32
      affine.store %a, %A[%i, %j] : memref<16x16xf32>
      affine.store %a, %B[%j, %i] : memref<16x16xf32>
      affine.store %a, %C[%i, %j] : memref<16x16xf32>
    }
  }
  func.call @kernel_mm(%A, %B, %C) : (memref<16x16xf32>, memref<16x16xf32>, memref<16x16xf32>) -> ()
  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 16 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 16 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %C[%i, %j] : memref<16x16xf32>
      %w = arith.extf %v : f32 to f64
      %r = arith.addf %racc, %w : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %A : memref<16x16xf32>
  memref.dealloc %B : memref<16x16xf32>
  memref.dealloc %C : memref<16x16xf32>
  return
}
