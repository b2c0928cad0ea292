// RUN: lattice run %s -e main | FileCheck %s
// RUN: lattice opt %s --mem2reg -o %t.promoted.mlir
// RUN: lattice run %t.promoted.mlir -e main | FileCheck %s
// RUN: lattice opt %s --mem2reg | FileCheck %s --check-prefix=PROMOTED

// mem2reg keeps what a program computes: slots updated around a cf loop (block
// arguments at the loop head), on the two sides of a branch, and inside an scf.for
// body, printed before and after promotion.

// CHECK: 45
// CHECK-NEXT: 3628800
// CHECK-NEXT: 7
// CHECK-NEXT: 285

// Every slot is promoted.
// PROMOTED-NOT: memref.alloca
// PROMOTED-NOT: memref.load
// PROMOTED-NOT: memref.store

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print(%v: i64) {
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// The sum of 0..9 and 10!, with the counter, the sum and the product in slots.
func.func @loop() {
  %i = memref.alloca() : memref<i64>
  %sum = memref.alloca() : memref<1xi64>
  %prod = memref.alloca() : memref<1x1xi64>
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %ten = arith.constant 10 : i64
  memref.store %zero, %i[] : memref<i64>
  memref.store %zero, %sum[%c0] : memref<1xi64>
  memref.store %one, %prod[%c0, %c0] : memref<1x1xi64>
  cf.br ^head
^head:
  %iv = memref.load %i[] : memref<i64>
  %more = arith.cmpi slt, %iv, %ten : i64
  cf.cond_br %more, ^body, ^exit
^body:
  %s = memref.load %sum[%c0] : memref<1xi64>
  %s2 = arith.addi %s, %iv : i64
  memref.store %s2, %sum[%c0] : memref<1xi64>
  %next = arith.addi %iv, %one : i64
  %p = memref.load %prod[%c0, %c0] : memref<1x1xi64>
  %p2 = arith.muli %p, %next : i64
  memref.store %p2, %prod[%c0, %c0] : memref<1x1xi64>
  memref.store %next, %i[] : memref<i64>
  cf.br ^head
^exit:
  %r = memref.load %sum[%c0] : memref<1xi64>
  call @print(%r) : (i64) -> ()
  %f = memref.load %prod[%c0, %c0] : memref<1x1xi64>
  call @print(%f) : (i64) -> ()
  return
}

// The value stored on the side the branch took.
func.func @select(%cond: i1) {
  %slot = memref.alloca() : memref<i64>
  %c3 = arith.constant 3 : i64
  memref.store %c3, %slot[] : memref<i64>
  cf.cond_br %cond, ^then, ^join
^then:
  %c7 = arith.constant 7 : i64
  memref.store %c7, %slot[] : memref<i64>
  cf.br ^join
^join:
  %v = memref.load %slot[] : memref<i64>
  call @print(%v) : (i64) -> ()
  return
}

// The sum of squares below 10, through a slot local to the loop body.
func.func @in_body() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %k = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> i64 {
    %t = memref.alloca() : memref<i64>
    %ki = arith.index_cast %k : index to i64
    %sq = arith.muli %ki, %ki : i64
    memref.store %sq, %t[] : memref<i64>
    %v = memref.load %t[] : memref<i64>
    %a = arith.addi %acc, %v : i64
    scf.yield %a : i64
  }
  call @print(%r) : (i64) -> ()
  return
}

func.func @main() {
  call @loop() : () -> ()
  %true = arith.constant true
  call @select(%true) : (i1) -> ()
  call @in_body() : () -> ()
  return
}
