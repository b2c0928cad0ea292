// CHECKSUM: 284742
// A 5-point stencil over memrefs with a tiled layout (8x8 tiles) and a permuted layout.
// mlir-opt's LLVM lowering rejects such layouts ("should have been normalized away"),
// so this program runs after `--normalize-memrefs` (Lattice's or mlir-opt's), not
// unchanged; it lives outside examples/*.mlir for that reason. The checksum is also what
// the same program with identity layouts prints. Checked by cli/tests/normalize_memrefs.rs.
#tiled = affine_map<(d0, d1) -> (d0 floordiv 8, d1 floordiv 8, d0 mod 8, d1 mod 8)>
#perm = affine_map<(d0, d1) -> (d1, d0)>

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_tiled(%A: memref<64x64xf64, #tiled>, %B: memref<64x64xf64, #perm>) {
  affine.for %i = 1 to 63 {
    affine.for %j = 1 to 63 {
      %n = affine.load %A[%i - 1, %j] : memref<64x64xf64, #tiled>
      %s = affine.load %A[%i + 1, %j] : memref<64x64xf64, #tiled>
      %w = affine.load %A[%i, %j - 1] : memref<64x64xf64, #tiled>
      %e = affine.load %A[%i, %j + 1] : memref<64x64xf64, #tiled>
      %c = affine.load %A[%i, %j] : memref<64x64xf64, #tiled>
      %t0 = arith.addf %n, %s : f64
      %t1 = arith.addf %w, %e : f64
      %t2 = arith.addf %t0, %t1 : f64
      %t3 = arith.mulf %c, %c : f64
      %t4 = arith.addf %t2, %t3 : f64
      affine.store %t4, %B[%i, %j] : memref<64x64xf64, #perm>
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<64x64xf64, #tiled>
  %B = memref.alloc() : memref<64x64xf64, #perm>
  %zero = arith.constant 0.0 : f64
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = arith.muli %i, %c7 : index
      %b = arith.addi %a, %j : index
      %r = arith.remui %b, %c13 : index
      %ri = arith.index_cast %r : index to i64
      %rf = arith.sitofp %ri : i64 to f64
      affine.store %rf, %A[%i, %j] : memref<64x64xf64, #tiled>
      affine.store %zero, %B[%i, %j] : memref<64x64xf64, #perm>
    }
  }
  func.call @kernel_tiled(%A, %B) : (memref<64x64xf64, #tiled>, memref<64x64xf64, #perm>) -> ()
  %sum = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 64 iter_args(%acc2 = %acc) -> (f64) {
      %v = affine.load %B[%i, %j] : memref<64x64xf64, #perm>
      %s = arith.addf %acc2, %v : f64
      affine.yield %s : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %A : memref<64x64xf64, #tiled>
  memref.dealloc %B : memref<64x64xf64, #perm>
  return
}
