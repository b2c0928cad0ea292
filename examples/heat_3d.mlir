// CHECKSUM: 308706
// PolyBench heat-3d in double precision: 10 time steps of a 7-point 3-D heat
// stencil on a 32x32x32 grid, ping-ponging between A and B, for
// 1 <= i, j, k < 31:
//   B[i][j][k] = 0.125 * (A[i+1][j][k] - 2 A[i][j][k] + A[i-1][j][k])
//              + 0.125 * (A[i][j+1][k] - 2 A[i][j][k] + A[i][j-1][k])
//              + 0.125 * (A[i][j][k+1] - 2 A[i][j][k] + A[i][j][k-1]) + A[i][j][k]
// and back from B to A. @main initializes
// A[i][j][k] = B[i][j][k] = ((i*j + j*k + k*i + 1) mod 32) * 10 / 32 and
// prints sum(A) + sum(B), accumulated over A then B.

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_heat_3d(%A: memref<32x32x32xf64> {llvm.noalias}, %B: memref<32x32x32xf64> {llvm.noalias}) {
  %eighth = arith.constant 0.125 : f64
  %two = arith.constant 2.0 : f64
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to 31 {
      affine.for %j = 1 to 31 {
        affine.for %k = 1 to 31 {
          %c = affine.load %A[%i, %j, %k] : memref<32x32x32xf64>
          %c2 = arith.mulf %two, %c : f64
          %ip = affine.load %A[%i + 1, %j, %k] : memref<32x32x32xf64>
          %im = affine.load %A[%i - 1, %j, %k] : memref<32x32x32xf64>
          %di0 = arith.subf %ip, %c2 : f64
          %di1 = arith.addf %di0, %im : f64
          %ti = arith.mulf %eighth, %di1 : f64
          %jp = affine.load %A[%i, %j + 1, %k] : memref<32x32x32xf64>
          %jm = affine.load %A[%i, %j - 1, %k] : memref<32x32x32xf64>
          %dj0 = arith.subf %jp, %c2 : f64
          %dj1 = arith.addf %dj0, %jm : f64
          %tj = arith.mulf %eighth, %dj1 : f64
          %kp = affine.load %A[%i, %j, %k + 1] : memref<32x32x32xf64>
          %km = affine.load %A[%i, %j, %k - 1] : memref<32x32x32xf64>
          %dk0 = arith.subf %kp, %c2 : f64
          %dk1 = arith.addf %dk0, %km : f64
          %tk = arith.mulf %eighth, %dk1 : f64
          %s0 = arith.addf %ti, %tj : f64
          %s1 = arith.addf %s0, %tk : f64
          %v = arith.addf %s1, %c : f64
          affine.store %v, %B[%i, %j, %k] : memref<32x32x32xf64>
        }
      }
    }
    affine.for %i = 1 to 31 {
      affine.for %j = 1 to 31 {
        affine.for %k = 1 to 31 {
          %c = affine.load %B[%i, %j, %k] : memref<32x32x32xf64>
          %c2 = arith.mulf %two, %c : f64
          %ip = affine.load %B[%i + 1, %j, %k] : memref<32x32x32xf64>
          %im = affine.load %B[%i - 1, %j, %k] : memref<32x32x32xf64>
          %di0 = arith.subf %ip, %c2 : f64
          %di1 = arith.addf %di0, %im : f64
          %ti = arith.mulf %eighth, %di1 : f64
          %jp = affine.load %B[%i, %j + 1, %k] : memref<32x32x32xf64>
          %jm = affine.load %B[%i, %j - 1, %k] : memref<32x32x32xf64>
          %dj0 = arith.subf %jp, %c2 : f64
          %dj1 = arith.addf %dj0, %jm : f64
          %tj = arith.mulf %eighth, %dj1 : f64
          %kp = affine.load %B[%i, %j, %k + 1] : memref<32x32x32xf64>
          %km = affine.load %B[%i, %j, %k - 1] : memref<32x32x32xf64>
          %dk0 = arith.subf %kp, %c2 : f64
          %dk1 = arith.addf %dk0, %km : f64
          %tk = arith.mulf %eighth, %dk1 : f64
          %s0 = arith.addf %ti, %tj : f64
          %s1 = arith.addf %s0, %tk : f64
          %v = arith.addf %s1, %c : f64
          affine.store %v, %A[%i, %j, %k] : memref<32x32x32xf64>
        }
      }
    }
  }
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %ten = arith.constant 10.0 : f64
  %fn = arith.constant 32.0 : f64
  %A = memref.alloc() : memref<32x32x32xf64>
  %B = memref.alloc() : memref<32x32x32xf64>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      affine.for %k = 0 to 32 {
        %ij = arith.muli %i, %j : index
        %jk = arith.muli %j, %k : index
        %ki = arith.muli %k, %i : index
        %s0 = arith.addi %ij, %jk : index
        %s1 = arith.addi %s0, %ki : index
        %s2 = arith.addi %s1, %c1 : index
        %m = arith.remsi %s2, %c32 : index
        %mi = arith.index_cast %m : index to i64
        %mf = arith.sitofp %mi : i64 to f64
        %t = arith.mulf %mf, %ten : f64
        %v = arith.divf %t, %fn : f64
        affine.store %v, %A[%i, %j, %k] : memref<32x32x32xf64>
        affine.store %v, %B[%i, %j, %k] : memref<32x32x32xf64>
      }
    }
  }

  func.call @kernel_heat_3d(%A, %B) : (memref<32x32x32xf64>, memref<32x32x32xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sa = affine.for %i = 0 to 32 iter_args(%a0 = %zero) -> (f64) {
    %s1 = affine.for %j = 0 to 32 iter_args(%a1 = %a0) -> (f64) {
      %s2 = affine.for %k = 0 to 32 iter_args(%a2 = %a1) -> (f64) {
        %v = affine.load %A[%i, %j, %k] : memref<32x32x32xf64>
        %r = arith.addf %a2, %v : f64
        affine.yield %r : f64
      }
      affine.yield %s2 : f64
    }
    affine.yield %s1 : f64
  }
  %sum = affine.for %i = 0 to 32 iter_args(%a0 = %sa) -> (f64) {
    %s1 = affine.for %j = 0 to 32 iter_args(%a1 = %a0) -> (f64) {
      %s2 = affine.for %k = 0 to 32 iter_args(%a2 = %a1) -> (f64) {
        %v = affine.load %B[%i, %j, %k] : memref<32x32x32xf64>
        %r = arith.addf %a2, %v : f64
        affine.yield %r : f64
      }
      affine.yield %s2 : f64
    }
    affine.yield %s1 : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %A : memref<32x32x32xf64>
  memref.dealloc %B : memref<32x32x32xf64>
  return
}
