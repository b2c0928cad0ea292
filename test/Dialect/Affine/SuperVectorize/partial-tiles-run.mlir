// Partial tiles, checked by running: trip counts that are not multiples of the vector
// size (a symbolic bound of 11 in a 13-row array, 37 columns), a transposed access, and
// a reduction over 37 elements. Every vectorized program must print what the original
// prints (mlir-opt 22's own affine-super-vectorize writes past the loop bound here and
// prints 2.63059e+07 for the first checksum).
// RUN: mlir-opt %s --lower-affine --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts \
// RUN:   | mlir-runner -O0 -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1,/usr/lib/llvm-22/lib/libmlir_runner_utils.so.22.1 \
// RUN:   | FileCheck %s
// RUN: lattice opt %s --affine-super-vectorize="virtual-vector-size=8 vectorize-reductions=true" \
// RUN:   | mlir-opt --lower-affine --convert-vector-to-scf=full-unroll=true --lower-affine --convert-scf-to-cf \
// RUN:       --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts \
// RUN:   | mlir-runner -O0 -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1,/usr/lib/llvm-22/lib/libmlir_runner_utils.so.22.1 \
// RUN:   | FileCheck %s
// RUN: lattice opt %s --affine-super-vectorize="virtual-vector-size=8 test-fastest-varying=1" \
// RUN:   | mlir-opt --lower-affine --convert-vector-to-scf=full-unroll=true --lower-affine --convert-scf-to-cf \
// RUN:       --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts \
// RUN:   | mlir-runner -O0 -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1,/usr/lib/llvm-22/lib/libmlir_runner_utils.so.22.1 \
// RUN:   | FileCheck %s
// RUN: lattice opt %s --affine-super-vectorize="virtual-vector-size=4,8 test-fastest-varying=0,1" \
// RUN:   | mlir-opt --lower-affine --convert-vector-to-scf=full-unroll=true --lower-affine --convert-scf-to-cf \
// RUN:       --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts \
// RUN:   | mlir-runner -O0 -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1,/usr/lib/llvm-22/lib/libmlir_runner_utils.so.22.1 \
// RUN:   | FileCheck %s
// RUN: lattice opt %s --affine-super-vectorize="virtual-vector-size=8 vectorize-reductions=true" \
// RUN:   | FileCheck %s --check-prefix=VEC

// CHECK:      1.28546e+07
// CHECK-NEXT: 1.28546e+07
// CHECK-NEXT: 7515

// VEC-LABEL: func.func @kernel
// VEC:         affine.for %{{.*}} = 0 to %{{.*}} step 8 {
// VEC:           %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<8xi1>
// VEC:           vector.transfer_write %{{.*}}, %{{.*}}, %[[MASK]] {permutation_map = #{{.*}}} : vector<8xf32>, memref<13x37xf32>
// VEC-LABEL: func.func @sum
// VEC:         affine.for %{{.*}} = 0 to %{{.*}} step 8 iter_args
// VEC:           arith.select
// VEC:         vector.reduction <add>
func.func private @printF64(f64)
func.func private @printNewline()
func.func @kernel(%A : memref<13x37xf32>, %B : memref<13x37xf32>, %n : index) {
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 37 {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%j, %i] : memref<13x37xf32>
      %m = arith.mulf %a, %two : f32
      %s = arith.addf %m, %two : f32
      affine.store %s, %B[%j, %i] : memref<13x37xf32>
    }
  }
  return
}
func.func @sum(%A : memref<13x37xf32>, %n : index) -> f32 {
  %c5 = arith.constant 5 : index
  %init = arith.constant 4.0 : f32
  %r = affine.for %j = 0 to %n iter_args(%acc = %init) -> f32 {
    %a = affine.load %A[%c5, %j] : memref<13x37xf32>
    %s = arith.addf %acc, %a : f32
    affine.yield %s : f32
  }
  return %r : f32
}
func.func @main() {
  %A = memref.alloc() : memref<13x37xf32>
  %B = memref.alloc() : memref<13x37xf32>
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 37 {
      %x = affine.apply affine_map<(d0, d1) -> (d0 * 37 + d1)>(%i, %j)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      affine.store %f, %A[%i, %j] : memref<13x37xf32>
      %neg = arith.negf %f : f32
      affine.store %neg, %B[%i, %j] : memref<13x37xf32>
    }
  }
  %n = arith.constant 11 : index
  call @kernel(%A, %B, %n) : (memref<13x37xf32>, memref<13x37xf32>, index) -> ()
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to 13 iter_args(%acc = %z) -> f64 {
    %t = affine.for %j = 0 to 37 iter_args(%acc2 = %acc) -> f64 {
      %v = affine.load %B[%i, %j] : memref<13x37xf32>
      %w = arith.extf %v : f32 to f64
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 7 + d1 * 3 + 1)>(%i, %j)
      %kc = arith.index_cast %k : index to i32
      %kf = arith.sitofp %kc : i32 to f64
      %p = arith.mulf %w, %kf : f64
      %r = arith.addf %acc2, %p : f64
      affine.yield %r : f64
    }
    affine.yield %t : f64
  }
  call @printF64(%s) : (f64) -> ()
  call @printNewline() : () -> ()
  %s2 = affine.for %i = 0 to 13 iter_args(%acc = %z) -> f64 {
    %t = affine.for %j = 0 to 37 iter_args(%acc2 = %acc) -> f64 {
      %v = affine.load %B[%i, %j] : memref<13x37xf32>
      %w = arith.extf %v : f32 to f64
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 7 + d1 * 3 + 1)>(%i, %j)
      %kc = arith.index_cast %k : index to i32
      %kf = arith.sitofp %kc : i32 to f64
      %p = arith.mulf %w, %kf : f64
      %r = arith.addf %acc2, %p : f64
      affine.yield %r : f64
    }
    affine.yield %t : f64
  }
  call @printF64(%s2) : (f64) -> ()
  call @printNewline() : () -> ()
  %m = arith.constant 37 : index
  %r0 = call @sum(%A, %m) : (memref<13x37xf32>, index) -> f32
  %r1 = arith.extf %r0 : f32 to f64
  call @printF64(%r1) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}
