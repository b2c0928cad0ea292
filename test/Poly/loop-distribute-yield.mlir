// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --affine-loop-distribute | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --parallel-order=reverse --affine-loop-distribute --affine-parallelize | FileCheck %s --check-prefix=OUT
// RUN: lattice opt %s --affine-loop-distribute | FileCheck %s
// RUN: lattice opt %s --affine-loop-distribute="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Distribution of a yielded value (iter_args) from an unrelated store in the same
// iteration: the computation of the yielded value (its backward slice in the body:
// pure ops and affine loads) is separated from the rest, a load both use is read again
// by the yield chain, so the yield chain is a statement of its own and splits from the
// store. Integer-valued doubles: every order prints the same.

// OUT: 2016
// OUT-NEXT: 2016
// OUT-NEXT: 3969
// OUT-NEXT: 4032
// OUT-NEXT: 126
// OUT-NEXT: 232
// OUT-NEXT: 44
// OUT-NEXT: 2016
// OUT-NEXT: 1953
// OUT-NEXT: 2016
// OUT-NEXT: 81

// The sum and the squares share the load of A[i], the sum computed first.
// CHECK-LABEL: func.func @before
// CHECK:       affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:    %[[A:.*]] = affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    arith.mulf %[[A]], %[[A]]
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[R:.*]] = affine.for %[[J:.*]] = 0 to 64 iter_args(%[[ACC:.*]] = %{{.*}}) -> (f64) {
// CHECK-NEXT:    %[[X:.*]] = affine.load %{{.*}}[%[[J]]]
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK-NEXT:    affine.yield %[[S]]
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.store %[[R]]
func.func @before(%A: memref<64xf64>, %B: memref<64xf64>, %out: memref<f64>) {
  %z = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> f64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %s = arith.addf %acc, %a : f64
    %d = arith.mulf %a, %a : f64
    affine.store %d, %B[%i] : memref<64xf64>
    affine.yield %s : f64
  }
  affine.store %r, %out[] : memref<f64>
  return
}

// The store comes first, the sum uses the value it stored: split as well.
// CHECK-LABEL: func.func @after
// CHECK:       affine.for
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for {{.*}} iter_args
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    affine.yield
func.func @after(%A: memref<64xf64>, %B: memref<64xf64>, %out: memref<f64>) {
  %z = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> f64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %d = arith.addf %a, %a : f64
    affine.store %d, %B[%i] : memref<64xf64>
    %s = arith.addf %acc, %d : f64
    affine.yield %s : f64
  }
  affine.store %r, %out[] : memref<f64>
  return
}

// A row sum next to a scaled copy of the row, in a nest: the inner loop splits, and
// the outer loop too (the sums and the copy are independent).
// CHECK-LABEL: func.func @rows
// CHECK:       affine.for
// CHECK-NEXT:    affine.for {{.*}} iter_args
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @rows(%A: memref<8x16xf64>, %C: memref<8x16xf64>, %R: memref<8xf64>) {
  %z = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  affine.for %i = 0 to 8 {
    %r = affine.for %j = 0 to 16 iter_args(%acc = %z) -> f64 {
      %a = affine.load %A[%i, %j] : memref<8x16xf64>
      %c = arith.mulf %a, %two : f64
      affine.store %c, %C[%i, %j] : memref<8x16xf64>
      %s = arith.addf %acc, %a : f64
      affine.yield %s : f64
    }
    affine.store %r, %R[%i] : memref<8xf64>
  }
  return
}

// The stored value is the running sum: the statements depend on each other through
// the accumulator, the loop stays whole (as written).
// CHECK-LABEL: func.func @prefix
// CHECK:       affine.for {{.*}} iter_args
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    %[[S:.*]] = arith.addf
// CHECK-NEXT:    affine.store %[[S]]
// CHECK-NEXT:    affine.yield %[[S]]
// REMARK-DAG: loop-distribute-yield.mlir:[[@LINE+3]]:8: remark: not distributed: the statements form a dependence cycle at this loop
func.func @prefix(%A: memref<64xf64>, %B: memref<64xf64>, %out: memref<f64>) {
  %z = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> f64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %s = arith.addf %acc, %a : f64
    affine.store %s, %B[%i] : memref<64xf64>
    affine.yield %s : f64
  }
  affine.store %r, %out[] : memref<f64>
  return
}

// The load the sum uses is overwritten later in the iteration: the yield chain keeps
// its statement (reading A[i] after the store would read the new value).
// CHECK-LABEL: func.func @clobbered
// CHECK:       affine.for {{.*}} iter_args
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    affine.store
// CHECK-NEXT:    affine.yield
// REMARK-DAG: loop-distribute-yield.mlir:[[@LINE+3]]:8: remark: not distributed: the yielded value stays in one statement with the stores: its load of %arg0 may be overwritten later in the iteration by affine.store at [[@LINE+7]]:5
func.func @clobbered(%A: memref<64xf64>, %out: memref<f64>) {
  %z = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 64 iter_args(%acc = %z) -> f64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %s = arith.addf %acc, %a : f64
    %d = arith.mulf %a, %a : f64
    affine.store %d, %A[%i] : memref<64xf64>
    affine.yield %s : f64
  }
  affine.store %r, %out[] : memref<f64>
  return
}

// An affine.parallel reduction: the copy keeps the parallel loop, the reduction its
// reduce.
// CHECK-LABEL: func.func @par
// CHECK:       affine.parallel (%{{.*}}) = (0) to (64) {
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.parallel (%{{.*}}) = (0) to (64) reduce ("addf") -> (f64) {
// CHECK-NEXT:    %[[X:.*]] = affine.load
// CHECK-NEXT:    affine.yield %[[X]]
func.func @par(%A: memref<64xf64>, %B: memref<64xf64>, %out: memref<f64>) {
  %r = affine.parallel (%i) = (0) to (64) reduce ("addf") -> f64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %d = arith.mulf %a, %a : f64
    affine.store %d, %B[%i] : memref<64xf64>
    affine.yield %a : f64
  }
  affine.store %r, %out[] : memref<f64>
  return
}

func.func private @printF64(f64)
func.func private @printNewline()

func.func @print(%m: memref<f64>) {
  %v = affine.load %m[] : memref<f64>
  func.call @printF64(%v) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @main() {
  %A = memref.alloc() : memref<64xf64>
  %B = memref.alloc() : memref<64xf64>
  %M = memref.alloc() : memref<8x16xf64>
  %C = memref.alloc() : memref<8x16xf64>
  %R = memref.alloc() : memref<8xf64>
  %o = memref.alloc() : memref<f64>
  affine.for %i = 0 to 64 {
    %x = arith.index_cast %i : index to i64
    %f = arith.sitofp %x : i64 to f64
    affine.store %f, %A[%i] : memref<64xf64>
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %p = arith.addi %i, %j : index
      %x = arith.index_cast %p : index to i64
      %f = arith.sitofp %x : i64 to f64
      affine.store %f, %M[%i, %j] : memref<8x16xf64>
    }
  }
  func.call @par(%A, %B, %o) : (memref<64xf64>, memref<64xf64>, memref<f64>) -> ()
  func.call @print(%o) : (memref<f64>) -> ()
  func.call @before(%A, %B, %o) : (memref<64xf64>, memref<64xf64>, memref<f64>) -> ()
  func.call @print(%o) : (memref<f64>) -> ()
  %b = affine.load %B[63] : memref<64xf64>
  func.call @printF64(%b) : (f64) -> ()
  func.call @printNewline() : () -> ()
  func.call @after(%A, %B, %o) : (memref<64xf64>, memref<64xf64>, memref<f64>) -> ()
  func.call @print(%o) : (memref<f64>) -> ()
  %b2 = affine.load %B[63] : memref<64xf64>
  func.call @printF64(%b2) : (f64) -> ()
  func.call @printNewline() : () -> ()
  func.call @rows(%M, %C, %R) : (memref<8x16xf64>, memref<8x16xf64>, memref<8xf64>) -> ()
  %r7 = affine.load %R[7] : memref<8xf64>
  func.call @printF64(%r7) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %c = affine.load %C[7, 15] : memref<8x16xf64>
  func.call @printF64(%c) : (f64) -> ()
  func.call @printNewline() : () -> ()
  func.call @prefix(%A, %B, %o) : (memref<64xf64>, memref<64xf64>, memref<f64>) -> ()
  func.call @print(%o) : (memref<f64>) -> ()
  %b3 = affine.load %B[62] : memref<64xf64>
  func.call @printF64(%b3) : (f64) -> ()
  func.call @printNewline() : () -> ()
  func.call @clobbered(%A, %o) : (memref<64xf64>, memref<f64>) -> ()
  func.call @print(%o) : (memref<f64>) -> ()
  %a9 = affine.load %A[9] : memref<64xf64>
  func.call @printF64(%a9) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}
