// Parallel loops: an affine.parallel 2-D initialization, an scf.parallel with two
// reductions (sum in f64, max in i64) over a 2-D domain, a nested scf.parallel inside a
// sequential loop, and a parallel loop with zero iterations. Printed with printMemref and
// printF64/printI64, so `lattice run --threads N` can be checked against mlir-runner (which
// runs the loops sequentially). The sum adds exact small integers, so any association
// prints the same value.

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  %scale = arith.constant 0.5 : f32
  %m = memref.alloc() : memref<7x10xf32>
  affine.parallel (%i, %j) = (0, 0) to (7, 10) {
    %ij = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
    %k = arith.index_cast %ij : index to i64
    %f = arith.sitofp %k : i64 to f32
    %v = arith.mulf %f, %scale : f32
    affine.store %v, %m[%i, %j] : memref<7x10xf32>
  }
  %u = memref.cast %m : memref<7x10xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  %zero = arith.constant 0.0 : f64
  %neg = arith.constant -1 : i64
  %sum, %max = scf.parallel (%i, %j) = (%c0, %c1) to (%c7, %c10) step (%c1, %c3) init (%zero, %neg) -> (f64, i64) {
    %x = memref.load %m[%i, %j] : memref<7x10xf32>
    %d = arith.extf %x : f32 to f64
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %p = arith.muli %ii, %jj : i64
    scf.reduce(%d, %p : f64, i64) {
    ^bb0(%a: f64, %b: f64):
      %s = arith.addf %a, %b : f64
      scf.reduce.return %s : f64
    }, {
    ^bb0(%a: i64, %b: i64):
      %s = arith.maxsi %a, %b : i64
      scf.reduce.return %s : i64
    }
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printComma() : () -> ()
  func.call @printI64(%max) : (i64) -> ()
  func.call @printNewline() : () -> ()

  // Ten sequential sweeps, each a parallel update of every row: m[i][j] += i.
  scf.for %t = %c0 to %c10 step %c1 {
    scf.parallel (%i) = (%c0) to (%c7) step (%c1) {
      %ii = arith.index_cast %i : index to i64
      %fi = arith.sitofp %ii : i64 to f32
      scf.for %j = %c0 to %c10 step %c1 {
        %x = memref.load %m[%i, %j] : memref<7x10xf32>
        %y = arith.addf %x, %fi : f32
        memref.store %y, %m[%i, %j] : memref<7x10xf32>
      }
      scf.reduce
    }
  }
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  // No iterations: the result is the initial value.
  %none = scf.parallel (%i) = (%c7) to (%c2) step (%c1) init (%zero) -> f64 {
    %one = arith.constant 1.0 : f64
    scf.reduce(%one : f64) {
    ^bb0(%a: f64, %b: f64):
      %s = arith.addf %a, %b : f64
      scf.reduce.return %s : f64
    }
  }
  func.call @printF64(%none) : (f64) -> ()
  func.call @printNewline() : () -> ()

  // Many iterations (more than the runtime's chunk limit), sum of i.
  %big = scf.parallel (%i) = (%c0) to (%c100) step (%c1) init (%zero) -> f64 {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    scf.reduce(%fi : f64) {
    ^bb0(%a: f64, %b: f64):
      %s = arith.addf %a, %b : f64
      scf.reduce.return %s : f64
    }
  }
  func.call @printF64(%big) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %m : memref<7x10xf32>
  return
}
