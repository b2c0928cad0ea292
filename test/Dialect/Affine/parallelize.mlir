// RUN: lattice opt %s --split-input-file --affine-parallelize | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-parallelize=parallel-reductions=true \
// RUN:   | FileCheck %s --check-prefix=RED
// RUN: lattice opt %s --split-input-file --affine-parallelize=max-nested=1 \
// RUN:   | FileCheck %s --check-prefix=NEST1
// RUN: lattice opt %s --split-input-file --affine-parallelize=assume-no-alias=true \
// RUN:   | FileCheck %s --check-prefix=NOALIAS
// RUN: lattice opt %s --split-input-file --affine-parallelize=remarks=true 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: func.func @copy
// CHECK:         affine.parallel (%{{.*}}) = (0) to (10) {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (0) to (20) {
// NEST1-LABEL: func.func @copy
// NEST1:         affine.parallel (%{{.*}}) = (0) to (10) {
// NEST1-NEXT:      affine.for %{{.*}} = 0 to 20 {
func.func @copy(%A: memref<10x20xf32> {llvm.noalias}, %B: memref<10x20xf32> {llvm.noalias}) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 20 {
      %v = affine.load %A[%i, %j] : memref<10x20xf32>
      affine.store %v, %B[%i, %j] : memref<10x20xf32>
    }
  }
  return
}

// -----

// The (1, -1) dependence is carried by the outer loop: only the inner one is parallel.
// CHECK-LABEL: func.func @stencil_skew
// CHECK:         affine.for %{{.*}} = 1 to 5 {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (0) to (4) {
// REMARK: remark: not parallelized: carried dependence: RAW from the store to %A at [[@LINE+7]]:7 to the load of %A at [[@LINE+4]]:13 (S0 -> S0), distance (1, -1)
func.func @stencil_skew(%A: memref<5x5xf64>) {
  affine.for %i = 1 to 5 {
    affine.for %j = 0 to 4 {
      %up = affine.load %A[%i - 1, %j + 1] : memref<5x5xf64>
      %a = affine.load %A[%i, %j] : memref<5x5xf64>
      %s = arith.addf %up, %a : f64
      affine.store %s, %A[%i, %j] : memref<5x5xf64>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @sum
// CHECK:         affine.for
// REMARK: remark: not parallelized: the loop carries iter_args (parallel-reductions is off)
// RED-LABEL: func.func @sum
// RED:         %[[CST:.*]] = arith.constant 0.000000e+00 : f32
// RED-NEXT:    %[[P:.*]] = affine.parallel (%{{.*}}) = (0) to (100) reduce ("addf") -> (f32) {
// RED-NEXT:      %[[V:.*]] = affine.load
// RED-NEXT:      affine.yield %[[V]] : f32
// RED-NEXT:    }
// RED-NEXT:    %[[R:.*]] = arith.addf %[[CST]], %[[P]] : f32
// RED-NEXT:    return %[[R]] : f32
func.func @sum(%A: memref<100xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 100 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// Not a reduction: the carried value is used twice.
// RED-LABEL: func.func @not_a_reduction
// RED:         affine.for
func.func @not_a_reduction(%A: memref<100xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 100 iter_args(%acc = %z) -> (f32) {
    %v = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %acc, %v : f32
    affine.store %acc, %A[%i] : memref<100xf32>
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// Arguments may alias unless marked llvm.noalias.
// CHECK-LABEL: func.func @aliasing
// CHECK:         affine.for
// NOALIAS-LABEL: func.func @aliasing
// NOALIAS:         affine.parallel
// REMARK: remark: not parallelized: carried dependence: WAR from the load of %A at [[@LINE+3]]:10 to the store to %B at [[@LINE+4]]:5 (S0 -> S0; %A and %B may alias: no llvm.noalias), distance ([1, 99])
func.func @aliasing(%A: memref<100xf32>, %B: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %B[%i] : memref<100xf32>
  }
  return
}

// -----

// A triangular nest with a guard: it writes below the diagonal and reads on or above
// it, so both loops are parallel.
// CHECK-LABEL: func.func @triangle
// CHECK:         affine.parallel (%[[I:.*]]) = (0) to (16) {
// CHECK-NEXT:      affine.parallel (%{{.*}}) = (%[[I]]) to (16) {
#set = affine_set<(d0, d1) : (d1 - d0 - 1 >= 0)>
func.func @triangle(%A: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 16 {
      affine.if #set(%i, %j) {
        %v = affine.load %A[%i, %j - 1] : memref<16x16xf32>
        affine.store %v, %A[%j, %i] : memref<16x16xf32>
      }
    }
  }
  return
}

// -----

// A chained reduction: the inner loop starts from the outer loop's partial sum.
// The inner loop is a reduction (the value the outer loop carries is not a
// dependence of the inner loop); the outer one yields the inner loop's result,
// which is not a reduction op, so it stays sequential (as with mlir-opt).
// RED-LABEL: func.func @nested_sum
// RED:         %{{.*}} = affine.for %{{.*}} = 0 to 8 iter_args(%[[ACC:.*]] = %{{.*}}) -> (f64) {
// RED-NEXT:      %[[P:.*]] = affine.parallel (%{{.*}}) = (0) to (16) reduce ("addf") -> (f64) {
// RED:           %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f64
// RED-NEXT:      affine.yield %[[S]] : f64
func.func @nested_sum(%A: memref<8x16xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (f64) {
    %row = affine.for %j = 0 to 16 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<8x16xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  return %sum : f64
}

// -----

// arith.maxsi on a signless i32: affine.parallel cannot reduce with it (its verifier
// wants a signed integer type; mlir-opt 22 rewrites it anyway and fails verification),
// so the loop stays sequential.
// RED-LABEL: func.func @max_signless
// RED-NOT:   affine.parallel
// RED:       affine.for %{{.*}} = 0 to 256 iter_args(
func.func @max_signless(%A: memref<256xi32>, %out: memref<i32>) {
  %z = arith.constant -100 : i32
  %s = affine.for %i = 0 to 256 iter_args(%acc = %z) -> (i32) {
    %a = affine.load %A[%i] : memref<256xi32>
    %n = arith.maxsi %a, %acc : i32
    affine.yield %n : i32
  }
  affine.store %s, %out[] : memref<i32>
  return
}
