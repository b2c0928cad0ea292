// RUN: lattice opt %s --poly-schedule="order-cost=false tile=false" | FileCheck %s
// RUN: lattice opt %s --poly-schedule="order-cost=false tile=false parallel=false" | FileCheck %s --check-prefix=SEQ
// RUN: lattice opt %s --poly-schedule="order-cost=false tile=false remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice run %s | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s --poly-schedule="order-cost=false tile=false" --parallel-order=reverse | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s --poly-schedule=order-cost=false --parallel-order=reverse | FileCheck %s --check-prefix=OUT

// isl fuses a statement that runs once per row (the diagonal update of trisolv's
// initialization) into the row loop at a single value of it (j = i). Generated as one
// loop with the statement inside, every iteration would test `j == i` in an affine.if
// (trisolv's initialization ran 3x slower than program order); split around the value,
// the row loop becomes two loops of variable trip counts (1.1-1.2x slower). Where no
// dependence runs from the point statement back to the row loop at the same row, the
// point statement moves after the loop (before it, where none runs the other way), and
// the row loop stays whole. Where dependences run both ways, the loop is split
// (`separate`) around the value.

// OUT: 1.95218e+26
// OUT-NEXT: 455648

// REMARK-DAG: remark: point statements moved before the loop: member 1 (%j) takes a single value for the statement of the store to %A at {{.*}} (S0), a range for the statement of the store to %A at {{.*}} (S1); no dependence runs from the latter to the former at equal outer values, so the loop is not split around that value
// REMARK-DAG: remark: point statements moved after the loop: member 1 (%j/%i) takes a single value for the statement of the store to %L at {{.*}} (S1), a range for the statement of the store to %L at {{.*}} (S0); no dependence runs from the former to the latter at equal outer values, so the loop is not split around that value

func.func private @printF64(f64)
func.func private @printNewline()

// CHECK-LABEL: func.func @diag_init
// CHECK:       affine.parallel (%[[I:.*]]) = (0) to (64) {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 64 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %{{.*}}] : memref<64x64xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]], %[[I]]] : memref<64x64xf64>
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]], %[[I]]] : memref<64x64xf64>
// CHECK-NEXT:  }
// CHECK-NEXT:  return

// SEQ-LABEL: func.func @diag_init
// SEQ-NOT:   affine.if
// SEQ:       affine.for %{{.*}} = 0 to 64 {
// SEQ-NOT:   affine.if
// SEQ:       return
func.func @diag_init(%L: memref<64x64xf64> {llvm.noalias}) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %ij = arith.muli %i, %j : index
      %v = arith.index_cast %ij : index to i64
      %f = arith.sitofp %v : i64 to f64
      affine.store %f, %L[%i, %j] : memref<64x64xf64>
    }
    %d = affine.load %L[%i, %i] : memref<64x64xf64>
    %d1 = arith.addf %d, %one : f64
    affine.store %d1, %L[%i, %i] : memref<64x64xf64>
  }
  return
}

// The first column feeds the row recurrence: the point statement goes before the loop.
// CHECK-LABEL: func.func @first_column
// CHECK:       affine.parallel (%[[I:.*]]) = (0) to (64) {
// CHECK:         affine.store %{{.*}}, %{{.*}}[%[[I]], 0] : memref<64x65xf64>
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NOT:     affine.if
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]] + 1] : memref<64x65xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @first_column(%A: memref<64x65xf64> {llvm.noalias}) {
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    affine.store %f, %A[%i, 0] : memref<64x65xf64>
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x65xf64>
      %b = arith.addf %a, %a : f64
      affine.store %b, %A[%i, %j + 1] : memref<64x65xf64>
    }
  }
  return
}

// The point statement reads what the row loop stored before it (j <= 32) and writes
// what the row loop reads after it (j > 32): it stays at j = 32, the loop split there.
// CHECK-LABEL: func.func @guarded_middle
// CHECK:       affine.parallel (%[[I:.*]]) = (0) to (64) {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 33 {
// CHECK-NOT:     affine.if
// CHECK:         affine.load %{{.*}}[%[[I]], 32] : memref<64x64xf64>
// CHECK-NOT:     affine.if
// CHECK:         affine.for %{{.*}} = 34 to 64 {
// CHECK-NOT:     affine.if
// CHECK:       return
func.func @guarded_middle(%A: memref<64x64xf64> {llvm.noalias}, %B: memref<64xf64> {llvm.noalias}) {
  %two = arith.constant 2.0 : f64
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %b = affine.load %B[%i] : memref<64xf64>
      %jj = arith.index_cast %j : index to i64
      %f = arith.sitofp %jj : i64 to f64
      %s = arith.addf %b, %f : f64
      affine.store %s, %A[%i, %j] : memref<64x64xf64>
      affine.if affine_set<(d0) : (d0 - 32 == 0)>(%j) {
        %m = affine.load %A[%i, 32] : memref<64x64xf64>
        %m2 = arith.mulf %m, %two : f64
        affine.store %m2, %B[%i] : memref<64xf64>
      }
    }
  }
  return
}

func.func @main() {
  %zero = arith.constant 0.0 : f64
  %L = memref.alloc() : memref<64x64xf64>
  %A = memref.alloc() : memref<64x65xf64>
  %B = memref.alloc() : memref<64xf64>
  affine.for %i = 0 to 64 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    affine.store %f, %B[%i] : memref<64xf64>
  }
  func.call @diag_init(%L) : (memref<64x64xf64>) -> ()
  func.call @first_column(%A) : (memref<64x65xf64>) -> ()
  %s1 = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f64) {
    %r = affine.for %j = 0 to 64 iter_args(%a2 = %acc) -> (f64) {
      %v = affine.load %L[%i, %j] : memref<64x64xf64>
      %w = affine.load %A[%i, %j + 1] : memref<64x65xf64>
      %p = arith.mulf %v, %w : f64
      %q = arith.addf %a2, %p : f64
      affine.yield %q : f64
    }
    affine.yield %r : f64
  }
  func.call @printF64(%s1) : (f64) -> ()
  func.call @printNewline() : () -> ()
  func.call @guarded_middle(%L, %B) : (memref<64x64xf64>, memref<64xf64>) -> ()
  %s2 = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f64) {
    %b = affine.load %B[%i] : memref<64xf64>
    %r = affine.for %j = 0 to 64 iter_args(%a2 = %acc) -> (f64) {
      %v = affine.load %L[%i, %j] : memref<64x64xf64>
      %q = arith.addf %a2, %v : f64
      affine.yield %q : f64
    }
    %r2 = arith.addf %r, %b : f64
    affine.yield %r2 : f64
  }
  func.call @printF64(%s2) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %L : memref<64x64xf64>
  memref.dealloc %A : memref<64x65xf64>
  memref.dealloc %B : memref<64xf64>
  return
}
