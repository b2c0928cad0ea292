// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false parallel-reductions=true" | FileCheck %s
// RUN: lattice opt %s --split-input-file --poly-schedule=order-cost=false | FileCheck %s --check-prefix=OFF
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false remarks=true" 2>&1 | FileCheck %s --check-prefix=REMARK

// poly-schedule{parallel-reductions=true}: where a band has no parallel loop, the
// outermost loop whose only carried dependences are accumulations into an iter_args
// value (addf, mulf, maximumf, minimumf, addi, muli, andi, ori) becomes an
// affine.parallel with reduce; each iteration yields its contribution and the init
// value is combined after the loop (unless it is the neutral element). Off by default
// (floating-point sums are reassociated): the loop stays sequential.

// REMARK-NOT: multi-dimensional affine.parallel

// CHECK-LABEL: func.func @dot
// CHECK:         %[[R:.*]] = affine.parallel (%[[I:.*]]) = (0) to (1024) reduce ("addf") -> (f32) {
// CHECK:           %[[P:.*]] = arith.mulf
// CHECK-NEXT:      affine.yield %[[P]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.store %[[R]], %{{.*}}[] : memref<f32>
// OFF-LABEL:   func.func @dot
// OFF-NOT:     affine.parallel
// OFF:         affine.for %{{.*}} = 0 to 1024 iter_args(
func.func @dot(%A: memref<1024xf32>, %B: memref<1024xf32>, %out: memref<f32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 1024 iter_args(%acc = %z) -> (f32) {
    %a = affine.load %A[%i] : memref<1024xf32>
    %b = affine.load %B[%i] : memref<1024xf32>
    %p = arith.mulf %a, %b : f32
    %n = arith.addf %acc, %p : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[] : memref<f32>
  return
}

// -----

// Two reductions of one loop (a sum and a maximum), each with its own kind.
// CHECK-LABEL: func.func @sum_and_max
// CHECK:         %[[INIT:.*]] = arith.constant -1.000000e+03 : f64
// CHECK:         %[[R:.*]]:2 = affine.parallel (%{{.*}}) = (0) to (128) reduce ("maximumf", "addf") -> (f64, f64) {
// CHECK-NEXT:      %[[A:.*]] = affine.load
// CHECK-NEXT:      affine.yield %[[A]], %[[A]] : f64, f64
// CHECK:         %[[M:.*]] = arith.maximumf %[[INIT]], %[[R]]#0 : f64
// CHECK-NEXT:    affine.store %[[R]]#1, %{{.*}}[0]
// CHECK-NEXT:    affine.store %[[M]], %{{.*}}[1]
func.func @sum_and_max(%A: memref<128x64xf64>, %out: memref<2xf64>) {
  %z = arith.constant 0.0 : f64
  %m = arith.constant -1000.0 : f64
  %s:2 = affine.for %i = 0 to 128 iter_args(%acc = %z, %mx = %m) -> (f64, f64) {
    %a = affine.load %A[%i, 0] : memref<128x64xf64>
    %n = arith.addf %acc, %a : f64
    %x = arith.maximumf %mx, %a : f64
    affine.yield %n, %x : f64, f64
  }
  affine.store %s#0, %out[0] : memref<2xf64>
  affine.store %s#1, %out[1] : memref<2xf64>
  return
}

// -----

// Integer product: exact, whatever the order.
// CHECK-LABEL: func.func @product
// CHECK:         affine.parallel (%{{.*}}) = (0) to (100) reduce ("muli") -> (i64) {
func.func @product(%A: memref<100xi64>, %out: memref<i64>) {
  %one = arith.constant 1 : i64
  %s = affine.for %i = 0 to 100 iter_args(%acc = %one) -> (i64) {
    %a = affine.load %A[%i] : memref<100xi64>
    %n = arith.muli %a, %acc : i64
    affine.yield %n : i64
  }
  affine.store %s, %out[] : memref<i64>
  return
}

// -----

// The (i, j) loops are parallel: the k reduction stays a sequential iter_args loop.
// CHECK-LABEL: func.func @matmul_iter_args
// CHECK:         affine.parallel (%{{.*}}) = (0) to ({{[0-9]+}}) {
// CHECK-NOT:     reduce
// CHECK:         affine.for %{{.*}} = 0 to 64 iter_args(
func.func @matmul_iter_args(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %c = affine.load %C[%i, %j] : memref<64x64xf32>
      %s = affine.for %k = 0 to 64 iter_args(%acc = %c) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %acc, %p : f32
        affine.yield %n : f32
      }
      affine.store %s, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// -----

// Refused: the loop also carries a dependence through %A (A[i + 1] written, A[i] read
// by the next iteration).
// CHECK-LABEL: func.func @carried_memref
// CHECK-NOT:     affine.parallel
// CHECK:         affine.for %{{.*}} = 0 to 256 iter_args(
func.func @carried_memref(%A: memref<257xf64>, %out: memref<f64>) {
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to 256 iter_args(%acc = %z) -> (f64) {
    %a = affine.load %A[%i] : memref<257xf64>
    affine.store %a, %A[%i + 1] : memref<257xf64>
    %n = arith.addf %acc, %a : f64
    affine.yield %n : f64
  }
  affine.store %s, %out[] : memref<f64>
  return
}

// -----

// Refused: acc * 0.5 + a is no reduction (the carried value is scaled).
// CHECK-LABEL: func.func @not_a_reduction
// CHECK-NOT:     affine.parallel
// CHECK:         affine.for %{{.*}} = 0 to 256 iter_args(
func.func @not_a_reduction(%A: memref<256xf64>, %out: memref<f64>) {
  %z = arith.constant 0.0 : f64
  %h = arith.constant 0.5 : f64
  %s = affine.for %i = 0 to 256 iter_args(%acc = %z) -> (f64) {
    %a = affine.load %A[%i] : memref<256xf64>
    %x = arith.mulf %acc, %h : f64
    %n = arith.addf %x, %a : f64
    affine.yield %n : f64
  }
  affine.store %s, %out[] : memref<f64>
  return
}

// -----

// Refused: affine.parallel cannot reduce with arith.maxsi on signless integers (its
// verifier wants a signed type), so the loop stays sequential.
// CHECK-LABEL: func.func @maxsi
// CHECK-NOT:     affine.parallel
// CHECK:         affine.for %{{.*}} = 0 to 256 iter_args(
func.func @maxsi(%A: memref<256xi32>, %out: memref<i32>) {
  %z = arith.constant -100 : i32
  %s = affine.for %i = 0 to 256 iter_args(%acc = %z) -> (i32) {
    %a = affine.load %A[%i] : memref<256xi32>
    %n = arith.maxsi %a, %acc : i32
    affine.yield %n : i32
  }
  affine.store %s, %out[] : memref<i32>
  return
}

// -----

// A nested reduction: the accumulator threads through both loops (one cell for both
// while scheduling), so the outer loop carries only the accumulation and is parallel;
// the inner loop sums one row from the neutral element. Without the option the nest
// keeps its shape (no copies between two cells for the scheduler to skew).
// CHECK-LABEL: func.func @matrix_sum
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[R:.*]] = affine.parallel (%[[I:.*]]) = (0) to (64) reduce ("addi") -> (i32) {
// CHECK-NEXT:      %[[ROW:.*]] = affine.for %[[J:.*]] = 0 to 128 iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (i32) {
// CHECK-NEXT:        %[[A:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:        %[[S:.*]] = arith.addi %[[ACC]], %[[A]] : i32
// CHECK-NEXT:        affine.yield %[[S]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.yield %[[ROW]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.store %[[R]], %{{.*}}[] : memref<i32>
// OFF-LABEL:   func.func @matrix_sum
// OFF:           affine.for %[[I:.*]] = 0 to 64 iter_args(%[[A0:.*]] = %{{.*}}) -> (i32) {
// OFF-NEXT:        affine.for %[[J:.*]] = 0 to 128 iter_args(%{{.*}} = %[[A0]]) -> (i32) {
func.func @matrix_sum(%A: memref<64x128xi32>, %out: memref<i32>) {
  %z = arith.constant 0 : i32
  %s = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (i32) {
    %t = affine.for %j = 0 to 128 iter_args(%acc2 = %acc) -> (i32) {
      %a = affine.load %A[%i, %j] : memref<64x128xi32>
      %n = arith.addi %acc2, %a : i32
      affine.yield %n : i32
    }
    affine.yield %t : i32
  }
  affine.store %s, %out[] : memref<i32>
  return
}

// -----

// An affine.parallel reduction as input: demoted like an iter_args accumulation (the
// loop made sequential while scheduling) and, as the program already reduces it in
// parallel, parallel again with or without the option.
// CHECK-LABEL: func.func @parallel_reduce_input
// CHECK:         %[[R:.*]] = affine.parallel (%{{.*}}) = (0) to (256) reduce ("addf") -> (f32) {
// CHECK:           affine.yield
// CHECK:         affine.store %[[R]]
// OFF-LABEL:   func.func @parallel_reduce_input
// OFF:           affine.parallel (%{{.*}}) = (0) to (256) reduce ("addf") -> (f32) {
func.func @parallel_reduce_input(%A: memref<256xf32>, %out: memref<f32>) {
  %r = affine.parallel (%i) = (0) to (256) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i] : memref<256xf32>
    %b = arith.mulf %a, %a : f32
    affine.yield %b : f32
  }
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// An inner affine.parallel reduction under a parallel outer loop: the outer loop is
// the parallel one, the reduction a sequential iter_args loop from the neutral element.
// CHECK-LABEL: func.func @row_max
// CHECK:         affine.parallel (%[[J:.*]]) = (0) to (64) {
// CHECK-NEXT:      %[[NEG:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT:      %[[M:.*]] = affine.for %{{.*}} = 0 to 32 iter_args(%{{.*}} = %[[NEG]]) -> (f32) {
// CHECK:             arith.maximumf
// CHECK:           affine.store %[[M]], %{{.*}}[%[[J]]]
func.func @row_max(%A: memref<64x32xf32>, %out: memref<64xf32>) {
  affine.for %j = 0 to 64 {
    %r = affine.parallel (%i) = (0) to (32) reduce ("maximumf") -> (f32) {
      %a = affine.load %A[%j, %i] : memref<64x32xf32>
      affine.yield %a : f32
    }
    affine.store %r, %out[%j] : memref<64xf32>
  }
  return
}

// -----

// A value carried inside an existing affine.parallel: demoted (the cell is private to
// each parallel iteration) and scheduled; the sum is an iter_args value again.
// CHECK-LABEL: func.func @carried_in_parallel
// CHECK:         affine.parallel (%[[I:.*]]) = (0) to (64) {
// CHECK-NEXT:      %[[S:.*]] = affine.for %{{.*}} = 0 to 64 iter_args(
// CHECK:           affine.store %[[S]], %{{.*}}[%[[I]]]
// CHECK-NOT:     memref.alloca
func.func @carried_in_parallel(%A: memref<64x64xf32>, %out: memref<64xf32>) {
  %z = arith.constant 0.0 : f32
  affine.parallel (%i) = (0) to (64) {
    %s = affine.for %k = 0 to 64 iter_args(%acc = %z) -> (f32) {
      %a = affine.load %A[%i, %k] : memref<64x64xf32>
      %n = arith.addf %acc, %a : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<64xf32>
  }
  return
}

// -----

// A multi-dimensional affine.parallel reduction: split into nested 1-D reductions (see
// parallel-nd-reductions.mlir); the outer one stays a reduction, the inner one sums each
// row into its own accumulator.
// CHECK-LABEL: func.func @parallel_reduce_2d
// CHECK:         %[[R:.*]] = affine.parallel (%{{.*}}) = (0) to (16) reduce ("addf") -> (f32) {
// CHECK:           %[[S:.*]] = affine.for %{{.*}} = 0 to 16 iter_args(
// CHECK:           affine.yield %[[S]] : f32
// CHECK:         affine.store %[[R]]
func.func @parallel_reduce_2d(%A: memref<16x16xf32>, %out: memref<f32>) {
  %r = affine.parallel (%i, %j) = (0, 0) to (16, 16) reduce ("addf") -> (f32) {
    %a = affine.load %A[%i, %j] : memref<16x16xf32>
    affine.yield %a : f32
  }
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// The inner sum has its own accumulator, private to each outer iteration (only its
// output and anti dependences are carried): the outer loop is parallel, reducing the
// row sums.
// CHECK-LABEL: func.func @sum_of_row_sums
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         %[[R:.*]] = affine.parallel (%{{.*}}) = (0) to (64) reduce ("addf") -> (f64) {
// CHECK-NEXT:      %[[ROW:.*]] = affine.for %{{.*}} = 0 to 128 iter_args(%{{.*}} = %[[ZERO]]) -> (f64) {
// CHECK:           affine.yield %[[ROW]] : f64
// CHECK:         affine.store %[[R]]
func.func @sum_of_row_sums(%A: memref<64x128xf64>, %out: memref<f64>) {
  %z = arith.constant 0.0 : f64
  %s = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (f64) {
    %t = affine.for %j = 0 to 128 iter_args(%b = %z) -> (f64) {
      %a = affine.load %A[%i, %j] : memref<64x128xf64>
      %n = arith.addf %b, %a : f64
      affine.yield %n : f64
    }
    %m = arith.addf %acc, %t : f64
    affine.yield %m : f64
  }
  affine.store %s, %out[] : memref<f64>
  return
}

// -----

// Refused: besides the sum, the loop carries the last element read, which is used
// after it (no reduction): it stays sequential.
// CHECK-LABEL: func.func @sum_and_last
// CHECK-NOT:     affine.parallel
// CHECK:         affine.for %{{.*}} = 0 to 100 iter_args(
func.func @sum_and_last(%A: memref<100xf64>, %out: memref<2xf64>) {
  %z = arith.constant 0.0 : f64
  %s:2 = affine.for %i = 0 to 100 iter_args(%acc = %z, %last = %z) -> (f64, f64) {
    %a = affine.load %A[%i] : memref<100xf64>
    %n = arith.addf %acc, %a : f64
    affine.yield %n, %a : f64, f64
  }
  affine.store %s#0, %out[0] : memref<2xf64>
  affine.store %s#1, %out[1] : memref<2xf64>
  return
}
