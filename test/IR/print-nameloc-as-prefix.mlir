// RUN: lattice opt %s -mlir-use-nameloc-as-prefix | FileCheck %s
// RUN: lattice opt %s -mlir-use-nameloc-as-prefix -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// `--mlir-use-nameloc-as-prefix` names a value after the first name location in its
// location (callee before caller, fused parts in order), ahead of an op's own name
// (`%c4`); names stay unique with `_N` suffixes. As mlir-opt 22.

// CHECK-LABEL: func.func @names(%arg: index, %cs: memref<8xf32>)
// GENERIC: ^bb0(%arg: index, %cs: memref<8xf32>):
func.func @names(%arg0: index loc("arg"), %m: memref<8xf32> loc(callsite("cs" at "a.cc":1:1))) {
  // CHECK-NEXT: %f = arith.constant 4 : index
  // GENERIC: %f = "arith.constant"() <{value = 4 : index}> : () -> index
  %0 = arith.constant 4 : index loc(callsite("f" at "a.cc":10:8))
  // CHECK-NEXT: %h = arith.constant 6 : index
  %1 = arith.constant 6 : index loc(callsite(callsite("h" at "x":1:1) at "c.cc":3:4))
  // CHECK-NEXT: %outer = arith.constant 7 : index
  %2 = arith.constant 7 : index loc("outer"("inner.cc":5:6))
  // CHECK-NEXT: %p = arith.constant 8 : index
  %3 = arith.constant 8 : index loc(fused["q.cc":1:1, "p"])
  // CHECK-NEXT: %c9 = arith.constant 9 : index
  %4 = arith.constant 9 : index loc("q.cc":1:1)
  // CHECK-NEXT: %sum = arith.addi %f, %h : index
  %5 = arith.addi %0, %1 : index loc("sum")
  // CHECK-NEXT: %0 = arith.addi %f, %h : index
  %6 = arith.addi %0, %1 : index loc("")
  // CHECK-NEXT: %_1x = arith.addi %f, %h : index
  %7 = arith.addi %0, %1 : index loc("1x")
  // CHECK-NEXT: %sum_0 = arith.addi %f, %h : index
  %8 = arith.addi %0, %1 : index loc("sum")
  // CHECK-NEXT: cf.br ^bb1(%f : index)
  cf.br ^bb1(%0 : index)
// CHECK-NEXT: ^bb1(%blk: index):
^bb1(%b: index loc("blk")):
  return
}
