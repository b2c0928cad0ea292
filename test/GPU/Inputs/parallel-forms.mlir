// Input forms of the GPU mapping, run on the GPU and compared with the CPU JIT:
// a 2-D affine.parallel with a bound group, nested affine.parallel ops, an
// scf.parallel with a step that is a value, and an affine.parallel with a
// reduction (which stays on the host).

func.func private @printF64(f64)
func.func private @printNewline()

#lb = affine_map<(d0) -> (d0)>
func.func @forms(%A: memref<40x50xf32>, %B: memref<40x50xf32>, %s: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c40 = arith.constant 40 : index
  %one = arith.constant 1.0 : f32
  // A[i][j] = i * 50 + j, for i >= 0 and j >= max(0, i - 30).
  affine.parallel (%i, %j) = (0, max(0, %c3 - 3)) to (40, min(50, %c40 + 10)) {
    %k = affine.apply affine_map<(d0, d1) -> (d0 * 50 + d1)>(%i, %j)
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %A[%i, %j] : memref<40x50xf32>
  }
  // B = A + 1 through two nested affine.parallel ops.
  affine.parallel (%i) = (0) to (40) {
    affine.parallel (%j) = (0) to (50) {
      %a = affine.load %A[%i, %j] : memref<40x50xf32>
      %b = arith.addf %a, %one : f32
      affine.store %b, %B[%i, %j] : memref<40x50xf32>
    }
  }
  // Every s-th row of B doubled by an scf.parallel with a value step.
  %c50 = arith.constant 50 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c1, %c0) to (%c40, %c50) step (%s, %c1) {
    %b = memref.load %B[%i, %j] : memref<40x50xf32>
    %d = arith.addf %b, %b : f32
    memref.store %d, %B[%i, %j] : memref<40x50xf32>
    scf.reduce
  }
  // A reduction: stays on the host.
  %z = arith.constant 0.0 : f64
  %sum = affine.parallel (%i, %j) = (0, 0) to (40, 50) reduce ("addf") -> (f64) {
    %b = affine.load %B[%i, %j] : memref<40x50xf32>
    %w = arith.extf %b : f32 to f64
    affine.yield %w : f64
  }
  return %sum : f64
}

func.func @main() {
  %A = memref.alloc() : memref<40x50xf32>
  %B = memref.alloc() : memref<40x50xf32>
  %c3 = arith.constant 3 : index
  %r = func.call @forms(%A, %B, %c3) : (memref<40x50xf32>, memref<40x50xf32>, index) -> f64
  func.call @printF64(%r) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %A : memref<40x50xf32>
  memref.dealloc %B : memref<40x50xf32>
  return
}
