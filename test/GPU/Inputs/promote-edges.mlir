// OUTPUT: 275495 81880 (printed by mlir-runner on the CPU, lower-affine + convert-to-llvm)
// Partial tiles everywhere: a 50x37 by 37x30 matmul (the reduction loop 37 = 2 tiles
// of 16 and one of 5; 50 and 30 rows/columns leave partial workgroups) and a 5-point
// stencil on 45x70 (the halo tile crosses the array's edges). Integer-valued f32 data,
// so the sums are exact. Prints the sum of C, then the sum of S.
func.func private @printF64(f64)
func.func private @printNewline()

func.func @matmul(%A: memref<50x37xf32>, %B: memref<37x30xf32>, %C: memref<50x30xf32>) {
  affine.for %i = 0 to 50 {
    affine.for %j = 0 to 30 {
      affine.for %k = 0 to 37 {
        %a = affine.load %A[%i, %k] : memref<50x37xf32>
        %b = affine.load %B[%k, %j] : memref<37x30xf32>
        %c = affine.load %C[%i, %j] : memref<50x30xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<50x30xf32>
      }
    }
  }
  return
}

func.func @stencil(%X: memref<45x70xf32>, %S: memref<45x70xf32>) {
  affine.for %i = 1 to 44 {
    affine.for %j = 1 to 69 {
      %c = affine.load %X[%i, %j] : memref<45x70xf32>
      %w = affine.load %X[%i, %j - 1] : memref<45x70xf32>
      %e = affine.load %X[%i, %j + 1] : memref<45x70xf32>
      %n = affine.load %X[%i - 1, %j] : memref<45x70xf32>
      %s = affine.load %X[%i + 1, %j] : memref<45x70xf32>
      %t0 = arith.addf %c, %w : f32
      %t1 = arith.addf %t0, %e : f32
      %t2 = arith.addf %t1, %n : f32
      %t3 = arith.mulf %t2, %s : f32
      affine.store %t3, %S[%i, %j] : memref<45x70xf32>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<50x37xf32>
  %B = memref.alloc() : memref<37x30xf32>
  %C = memref.alloc() : memref<50x30xf32>
  %X = memref.alloc() : memref<45x70xf32>
  %S = memref.alloc() : memref<45x70xf32>
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  affine.for %i = 0 to 50 {
    affine.for %k = 0 to 37 {
      %s = arith.addi %i, %k : index
      %m = arith.remsi %s, %c5 : index
      %mi = arith.index_cast %m : index to i32
      %f = arith.sitofp %mi : i32 to f32
      affine.store %f, %A[%i, %k] : memref<50x37xf32>
    }
  }
  affine.for %k = 0 to 37 {
    affine.for %j = 0 to 30 {
      %s = arith.muli %k, %j : index
      %m = arith.remsi %s, %c7 : index
      %mi = arith.index_cast %m : index to i32
      %f = arith.sitofp %mi : i32 to f32
      affine.store %f, %B[%k, %j] : memref<37x30xf32>
    }
  }
  affine.for %i = 0 to 50 {
    affine.for %j = 0 to 30 {
      %s = arith.addi %i, %j : index
      %m = arith.remsi %s, %c7 : index
      %mi = arith.index_cast %m : index to i32
      %f = arith.sitofp %mi : i32 to f32
      affine.store %f, %C[%i, %j] : memref<50x30xf32>
    }
  }
  affine.for %i = 0 to 45 {
    affine.for %j = 0 to 70 {
      %s = arith.muli %i, %j : index
      %s2 = arith.addi %s, %i : index
      %m = arith.remsi %s2, %c7 : index
      %mi = arith.index_cast %m : index to i32
      %f = arith.sitofp %mi : i32 to f32
      affine.store %f, %X[%i, %j] : memref<45x70xf32>
      %z = arith.constant 0.0 : f32
      affine.store %z, %S[%i, %j] : memref<45x70xf32>
    }
  }
  func.call @matmul(%A, %B, %C) : (memref<50x37xf32>, memref<37x30xf32>, memref<50x30xf32>) -> ()
  func.call @stencil(%X, %S) : (memref<45x70xf32>, memref<45x70xf32>) -> ()
  %zero = arith.constant 0.0 : f64
  %sc = affine.for %i = 0 to 50 iter_args(%acc = %zero) -> (f64) {
    %r = affine.for %j = 0 to 30 iter_args(%a = %acc) -> (f64) {
      %v = affine.load %C[%i, %j] : memref<50x30xf32>
      %w = arith.extf %v : f32 to f64
      %t = arith.addf %a, %w : f64
      affine.yield %t : f64
    }
    affine.yield %r : f64
  }
  func.call @printF64(%sc) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %ss = affine.for %i = 0 to 45 iter_args(%acc = %zero) -> (f64) {
    %r = affine.for %j = 0 to 70 iter_args(%a = %acc) -> (f64) {
      %v = affine.load %S[%i, %j] : memref<45x70xf32>
      %w = arith.extf %v : f32 to f64
      %t = arith.addf %a, %w : f64
      affine.yield %t : f64
    }
    affine.yield %r : f64
  }
  func.call @printF64(%ss) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}
