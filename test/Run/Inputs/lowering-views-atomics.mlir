// Lowering coverage for cli/tests/run_vs_runner.rs: memref.atomic_rmw,
// memref.generic_atomic_rmw, collapse_shape, expand_shape and transpose.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printF64(f64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %A = memref.alloc() : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %k = arith.muli %i, %c6 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i64
      %f = arith.sitofp %li : i64 to f32
      %jj = arith.remsi %j, %c2 : index
      %c3 = arith.constant 3 : index
      %cond = arith.cmpi slt, %j, %c3 : index
      scf.if %cond {
        memref.store %f, %A[%i, %j] : memref<2x3xf32>
      }
    }
  }
  %flat = memref.collapse_shape %A [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %one = arith.constant 1.5 : f32
  %old = memref.atomic_rmw addf %one, %flat[%c2] : (f32, memref<6xf32>) -> f32
  %big = arith.constant 7.0 : f32
  %old2 = memref.atomic_rmw maximumf %big, %flat[%c1] : (f32, memref<6xf32>) -> f32
  %old3 = arith.constant 0.0 : f32
  %s = arith.addf %old, %old2 : f32
  %s2 = arith.addf %s, %old3 : f32
  %sd = arith.extf %s2 : f32 to f64
  func.call @printF64(%sd) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %e = memref.expand_shape %flat [[0, 1]] output_shape [3, 2] : memref<6xf32> into memref<3x2xf32>
  %eu = memref.cast %e : memref<3x2xf32> to memref<*xf32>
  func.call @printMemrefF32(%eu) : (memref<*xf32>) -> ()
  %t = memref.transpose %e (d0, d1) -> (d1, d0) : memref<3x2xf32> to memref<2x3xf32, strided<[1, 2]>>
  %tc = memref.alloc() : memref<2x3xf32>
  memref.copy %t, %tc : memref<2x3xf32, strided<[1, 2]>> to memref<2x3xf32>
  %tu = memref.cast %tc : memref<2x3xf32> to memref<*xf32>
  func.call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %I = memref.alloc() : memref<3xi64>
  %z = arith.constant 5 : i64
  scf.for %i = %c0 to %c2 step %c1 {
    memref.store %z, %I[%i] : memref<3xi64>
  }
  %ten = arith.constant 10 : i64
  %o = memref.atomic_rmw addi %ten, %I[%c1] : (i64, memref<3xi64>) -> i64
  %o2 = memref.atomic_rmw mins %o, %I[%c0] : (i64, memref<3xi64>) -> i64
  memref.store %o2, %I[%c2] : memref<3xi64>
  %g = memref.generic_atomic_rmw %I[%c2] : memref<3xi64> {
  ^bb0(%cur: i64):
    %two = arith.constant 2 : i64
    %m = arith.muli %cur, %two : i64
    %m1 = arith.addi %m, %two : i64
    memref.atomic_yield %m1 : i64
  }
  memref.store %g, %I[%c0] : memref<3xi64>
  %iu = memref.cast %I : memref<3xi64> to memref<*xi64>
  func.call @printMemrefI64(%iu) : (memref<*xi64>) -> ()
  memref.dealloc %A : memref<2x3xf32>
  memref.dealloc %tc : memref<2x3xf32>
  memref.dealloc %I : memref<3xi64>
  return
}
