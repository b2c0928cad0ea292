// RUN: lattice opt %s -mlir-print-debuginfo -mlir-pretty-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: lattice opt %s -mlir-print-debuginfo -mlir-pretty-debuginfo | FileCheck %s --check-prefix=ALIAS
// RUN: lattice opt %s -mlir-pretty-debuginfo | FileCheck %s --check-prefix=NODEBUG
// ORACLE: skip pretty locations are for reading, not parsing (mlir-opt 22 passes these RUN lines too)

// `--mlir-pretty-debuginfo` prints locations as mlir-opt 22 does: no `loc(...)`, file
// names unquoted, `[unknown]`, a call site as its callee, ` at ` and its caller (on a new
// line unless a name calls from a file position), a fused location without `fused`.
// Without local scope nested locations keep their `#loc` aliases, and the alias
// definitions are pretty too. Without `--mlir-print-debuginfo` it changes nothing.

// CHECK: func.func @locs(%arg0: index "arg", %arg1: memref<8xf32> {{.*}}print-pretty-debuginfo.mlir:[[#FUNC:@LINE+1]]:42) -> index {
func.func @locs(%arg0: index loc("arg"), %m: memref<8xf32>) -> index {
  // CHECK-NEXT: %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%arg0) "named"
  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%arg0) loc("named")
  // CHECK-NEXT: %c4 = arith.constant 4 : index "f" at a.cc:10:8
  %1 = arith.constant 4 : index loc(callsite("f" at "a.cc":10:8))
  // CHECK-NEXT: %c5 = arith.constant 5 : index "g"
  // CHECK-NEXT: {{^}} at b.cc:1:2
  // CHECK-NEXT: {{^}} at c.cc:3:4
  %2 = arith.constant 5 : index loc(callsite("g" at callsite("b.cc":1:2 at "c.cc":3:4)))
  // CHECK-NEXT: %c6 = arith.constant 6 : index b.cc:1:2
  // CHECK-NEXT: {{^}} at c.cc:3:4
  %3 = arith.constant 6 : index loc(callsite("b.cc":1:2 at "c.cc":3:4))
  // CHECK-NEXT: %c7 = arith.constant 7 : index "outer"(inner.cc:5:6)
  %4 = arith.constant 7 : index loc("outer"("inner.cc":5:6))
  // CHECK-NEXT: %c8 = arith.constant 8 : index x.cc:1:2 to 3:4
  %5 = arith.constant 8 : index loc("x.cc":1:2 to 3:4)
  // CHECK-NEXT: %c9 = arith.constant 9 : index x.cc:1:2 to :7
  %6 = arith.constant 9 : index loc("x.cc":1:2 to :7)
  // CHECK-NEXT: affine.for %arg2 {{.*}}print-pretty-debuginfo.mlir:[[@LINE+1]]:14 = 0 to 8 {
  affine.for %i = 0 to 8 {
    // CHECK-NEXT: affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%arg2) {
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {
      // CHECK-NEXT: affine.load %arg1[%arg2] : memref<8xf32> ["p", q.cc:1:1]
      %v = affine.load %m[%i] : memref<8xf32> loc(fused["p", "q.cc":1:1])
    // CHECK-NEXT: } <"pass">["p", "r"]
    } loc(fused<"pass">["p", "r"])
  // CHECK-NEXT: } [unknown]
  } loc(unknown)
  // CHECK-NEXT: return %0 : index "ret"
  return %0 : index loc("ret")
// CHECK-NEXT: } {{.*}}print-pretty-debuginfo.mlir:[[#FUNC]]:1
}
// CHECK-NEXT: } {{.*}}print-pretty-debuginfo.mlir:0:0
// CHECK-NOT: {{.}}

// ALIAS:      #loc2 = "arg"
// ALIAS:      %c4 = arith.constant 4 : index #loc{{[0-9]+}} at #loc{{[0-9]+}}
// ALIAS:      %c5 = arith.constant 5 : index #loc{{[0-9]+}}
// ALIAS-NEXT: {{^}} at #loc{{[0-9]+}}
// ALIAS:      } {{.*}}print-pretty-debuginfo.mlir:0:0
// ALIAS-NEXT: #loc = {{.*}}print-pretty-debuginfo.mlir:0:0
// ALIAS:      #loc{{[0-9]+}} = "f"
// ALIAS-NEXT: #loc{{[0-9]+}} = a.cc:10:8

// NODEBUG-NOT: "arg"
// NODEBUG-NOT: loc(
