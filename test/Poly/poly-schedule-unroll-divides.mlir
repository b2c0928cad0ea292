// RUN: lattice opt %s --poly-schedule="cache-size=32768 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=MODEL
// RUN: lattice opt %s --poly-schedule="cache-size=32768" | FileCheck %s
// RUN: lattice run %s | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s --poly-schedule="cache-size=32768" --parallel-order=reverse | FileCheck %s --check-prefix=OUT

// The innermost member carries the reduction over k (trip count 48): its size divides
// the trip count (24, two tiles), so every point loop runs a constant 24 iterations,
// which LLVM unrolls completely; 32 gave a point loop to min(32 t + 32, 48) (2mm at
// this size ran 1.4-1.75x slower than program order, 2.4x slower than with 24).

// MODEL: remark: tile sizes [8, 40, 24] (model)
// CHECK-DAG: #[[LB:.*]] = affine_map<(d0) -> (d0 * 24)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0) -> (d0 * 24 + 24)>
// CHECK: affine.for %{{.*}} = #[[LB]](%[[T:.*]]) to #[[UB]](%[[T]]) {
// OUT: 2.1376e+07

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel(%A: memref<32x48xf64> {llvm.noalias}, %B: memref<48x40xf64> {llvm.noalias}, %T: memref<32x40xf64> {llvm.noalias}) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 40 {
      affine.for %k = 0 to 48 {
        %a = affine.load %A[%i, %k] : memref<32x48xf64>
        %b = affine.load %B[%k, %j] : memref<48x40xf64>
        %t = affine.load %T[%i, %j] : memref<32x40xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %t, %p : f64
        affine.store %s, %T[%i, %j] : memref<32x40xf64>
      }
    }
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<32x48xf64>
  %B = memref.alloc() : memref<48x40xf64>
  %T = memref.alloc() : memref<32x40xf64>
  affine.for %i = 0 to 48 {
    %fi = arith.index_cast %i : index to i64
    %f = arith.sitofp %fi : i64 to f64
    affine.for %r = 0 to 32 {
      %fr = arith.index_cast %r : index to i64
      %g = arith.sitofp %fr : i64 to f64
      %v = arith.addf %f, %g : f64
      affine.store %v, %A[%r, %i] : memref<32x48xf64>
    }
    affine.for %c = 0 to 40 {
      %fc = arith.index_cast %c : index to i64
      %g = arith.sitofp %fc : i64 to f64
      %v = arith.subf %f, %g : f64
      affine.store %v, %B[%i, %c] : memref<48x40xf64>
    }
  }
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 40 {
      affine.store %zero, %T[%i, %j] : memref<32x40xf64>
    }
  }
  func.call @kernel(%A, %B, %T) : (memref<32x48xf64>, memref<48x40xf64>, memref<32x40xf64>) -> ()
  %sum = affine.for %i = 0 to 32 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 40 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %T[%i, %j] : memref<32x40xf64>
      %n = arith.addf %racc, %v : f64
      affine.yield %n : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}
