// Kernels for the C ABI test (cli/tests/abi.rs): compiled with `lattice emit --obj
// --header`, called from caller.c through both calling conventions — expanded descriptor
// fields and the `_mlir_ciface_` wrappers taking descriptor pointers, including a memref
// result returned through the wrapper's leading pointer.

func.func @sum2d(%A: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> f32 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %m = memref.dim %A, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %row = scf.for %j = %c0 to %m step %c1 iter_args(%racc = %acc) -> (f32) {
      %v = memref.load %A[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
      %r = arith.addf %racc, %v : f32
      scf.yield %r : f32
    }
    scf.yield %row : f32
  }
  return %s : f32
}

func.func @scale(%X: memref<?xf64, strided<[?], offset: ?>>, %f: f64) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %X, %c0 : memref<?xf64, strided<[?], offset: ?>>
  affine.for %i = 0 to %n {
    %v = affine.load %X[%i] : memref<?xf64, strided<[?], offset: ?>>
    %w = arith.mulf %v, %f : f64
    affine.store %w, %X[%i] : memref<?xf64, strided<[?], offset: ?>>
  }
  return
}

func.func @iota(%n: index) -> memref<?xf64> attributes {llvm.emit_c_interface} {
  %A = memref.alloc(%n) : memref<?xf64>
  affine.for %i = 0 to %n {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    affine.store %f, %A[%i] : memref<?xf64>
  }
  return %A : memref<?xf64>
}

// Several results: returned through a `stats_results` struct by `_mlir_ciface_stats`.
func.func @stats(%X: memref<?xf32>) -> (f32, f32, index) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %X, %c0 : memref<?xf32>
  %first = memref.load %X[%c0] : memref<?xf32>
  %r:2 = scf.for %i = %c1 to %n step %c1 iter_args(%lo = %first, %hi = %first) -> (f32, f32) {
    %v = memref.load %X[%i] : memref<?xf32>
    %l = arith.minimumf %lo, %v : f32
    %h = arith.maximumf %hi, %v : f32
    scf.yield %l, %h : f32, f32
  }
  return %r#0, %r#1, %n : f32, f32, index
}

// A memref and a scalar result.
func.func @filled(%n: index, %v: f64) -> (memref<?xf64>, f64) attributes {llvm.emit_c_interface} {
  %A = memref.alloc(%n) : memref<?xf64>
  affine.for %i = 0 to %n {
    affine.store %v, %A[%i] : memref<?xf64>
  }
  %ni = arith.index_cast %n : index to i64
  %nf = arith.sitofp %ni : i64 to f64
  %t = arith.mulf %nf, %v : f64
  return %A, %t : memref<?xf64>, f64
}
