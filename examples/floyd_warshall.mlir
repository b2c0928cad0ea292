// CHECKSUM: 29962
// PolyBench floyd-warshall on 32-bit integers: all-pairs shortest paths over
// a 128-node graph, in place, with loop order k, i, j:
//   path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j]
// @main initializes as PolyBench does: path[i][j] = (i*j mod 7) + 1, or 999
// where (i+j) mod 13 == 0, (i+j) mod 7 == 0 or (i+j) mod 11 == 0, and prints
// the sum of all path lengths (as f64, row-major).

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_floyd_warshall(%path: memref<128x128xi32> {llvm.noalias}) {
  affine.for %k = 0 to 128 {
    affine.for %i = 0 to 128 {
      affine.for %j = 0 to 128 {
        %ij = affine.load %path[%i, %j] : memref<128x128xi32>
        %ik = affine.load %path[%i, %k] : memref<128x128xi32>
        %kj = affine.load %path[%k, %j] : memref<128x128xi32>
        %via = arith.addi %ik, %kj : i32
        %lt = arith.cmpi slt, %ij, %via : i32
        %m = arith.select %lt, %ij, %via : i32
        affine.store %m, %path[%i, %j] : memref<128x128xi32>
      }
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : index
  %c999 = arith.constant 999 : i32
  %path = memref.alloc() : memref<128x128xi32>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %ij = arith.muli %i, %j : index
      %r = arith.remsi %ij, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %w = arith.addi %ri, %c1 : i32
      %m13 = affine.apply affine_map<(d0, d1) -> ((d0 + d1) mod 13)>(%i, %j)
      %m7 = affine.apply affine_map<(d0, d1) -> ((d0 + d1) mod 7)>(%i, %j)
      %m11 = affine.apply affine_map<(d0, d1) -> ((d0 + d1) mod 11)>(%i, %j)
      %z13 = arith.cmpi eq, %m13, %c0 : index
      %z7 = arith.cmpi eq, %m7, %c0 : index
      %z11 = arith.cmpi eq, %m11, %c0 : index
      %o1 = arith.ori %z13, %z7 : i1
      %far = arith.ori %o1, %z11 : i1
      %v = scf.if %far -> (i32) {
        scf.yield %c999 : i32
      } else {
        scf.yield %w : i32
      }
      affine.store %v, %path[%i, %j] : memref<128x128xi32>
    }
  }

  func.call @kernel_floyd_warshall(%path) : (memref<128x128xi32>) -> ()

  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 128 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 128 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %path[%i, %j] : memref<128x128xi32>
      %vf = arith.sitofp %v : i32 to f64
      %r = arith.addf %racc, %vf : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %path : memref<128x128xi32>
  return
}
