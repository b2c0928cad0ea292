// RUN: lattice deps %s | FileCheck %s
// RUN: lattice deps %s --format json | FileCheck %s --check-prefix=JSON
// RUN: lattice deps %s --format json | FileCheck %s --check-prefix=SOURCE
// RUN: lattice deps %s --dot | FileCheck %s --check-prefix=DOT
// RUN: lattice deps %s --assume-no-alias | FileCheck %s --check-prefix=NOALIAS
// RUN: lattice deps %s --max-operations 1 | FileCheck %s --check-prefix=QUOTA
// RUN: printf 'func.func @f( {\n' > %t.mlir && not lattice deps %t.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not lattice deps %s --format yaml 2>&1 | FileCheck %s --check-prefix=USAGE

// CHECK: assumption: function arguments may alias each other unless marked llvm.noalias
// CHECK-LABEL: function @stencil_skew
// CHECK:       S0 (the store to %A at [[@LINE+28]]:7): 4 op(s); domain { S0[i0, i1] : 0 < i0 <= 4 and 0 <= i1 <= 3 }
// CHECK:       Read (the load of %A at [[@LINE+24]]:13) { S0[i0, i1] -> A0[o0 = -1 + i0, o1 = 1 + i1] : 0 < i0 <= 4 and 0 <= i1 <= 3 }
// CHECK:       carried (<, >) RAW level 1: RAW from the store to %A at [[@LINE+26]]:7 to the load of %A at [[@LINE+23]]:13 (S0 -> S0), distance (1, -1)
// CHECK:       must S0 -> S0: { S0[i0, i1] -> S0[i0' = 1 + i0, i1' = -1 + i1] : 0 < i0 <= 3 and 0 < i1 <= 3 }
// CHECK:       affine.for %i at [[@LINE+19]]:3 (level 1, statements S0): sequential: RAW from the store to %A at [[@LINE+24]]:7 to the load of %A at [[@LINE+21]]:13 (S0 -> S0), distance (1, -1)
// CHECK-NEXT:  affine.for %j at [[@LINE+19]]:5 (level 2, statements S0): parallel

// JSON: "alias_assumption": "arguments-may-alias"
// JSON: "function": "stencil_skew"
// JSON: "dependences": [
// JSON: "direction": "(<, >)"
// JSON: "kind": "RAW"
// JSON: "level": 1
// JSON: "parallel": false

// DOT: digraph "stencil_skew.scop0" {
// DOT:   S0 -> S0 [label="RAW A0 (1, -1)"];

// QUOTA: remark: {{[0-9]+}}:3: not a static control part: isl gave up: the problem needs more than 1 operations

// BAD: error:
// USAGE: invalid value 'yaml' for '--format <text|json|dot>': expected text, json or dot
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

// Source names in the JSON report (additive fields: "source", "op", "src_op", "dst_op",
// "text"; the isl names stay in "name", "src", "dst", "array").
// SOURCE-LABEL: "function": "stencil_skew"
// SOURCE:       "source": "%A"
// SOURCE:       "dst_op": "the load of %A at [[@LINE-13]]:13"
// SOURCE:       "src_op": "the store to %A at [[@LINE-11]]:7"
// SOURCE-NEXT:  "text": "RAW from the store to %A at [[@LINE-12]]:7 to the load of %A at [[@LINE-15]]:13 (S0 -> S0), distance (1, -1)"
// SOURCE:       "source": "the loop %i at [[@LINE-18]]:3"
// SOURCE:       "source": "the loop %j at [[@LINE-18]]:5"
// SOURCE:       "accesses": [
// SOURCE:       "op": "the load of %A at [[@LINE-19]]:13"
// SOURCE:       "op": "the load of %A at [[@LINE-19]]:12"
// SOURCE:       "op": "the store to %A at [[@LINE-18]]:7"
// SOURCE:       "loops": [
// SOURCE-NEXT:    "the loop %i at [[@LINE-25]]:3",
// SOURCE-NEXT:    "the loop %j at [[@LINE-25]]:5"
// SOURCE:       "source": "the store to %A at [[@LINE-22]]:7"

// Two arguments without llvm.noalias: the copy loop is sequential unless
// --assume-no-alias.
// CHECK-LABEL: function @copy
// CHECK:       affine.for %i at [[@LINE+4]]:3 (level 1, statements S0): sequential: WAR from the load of %A at [[@LINE+5]]:10 to the store to %B at [[@LINE+6]]:5 (S0 -> S0; %A and %B may alias: no llvm.noalias), distance ([1, 99])
// NOALIAS-LABEL: function @copy
// NOALIAS:       affine.for %i at [[@LINE+2]]:3 (level 1, statements S0): parallel
func.func @copy(%A: memref<100xf32>, %B: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xf32>
    affine.store %v, %B[%i] : memref<100xf32>
  }
  return
}

// CHECK-LABEL: function @call_inside
// CHECK:       remark: {{[0-9]+}}:3: not a static control part: func.call has memory effects that are not modelled
func.func private @g()
func.func @call_inside(%A: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    func.call @g() : () -> ()
  }
  return
}

// The SSA names of the source in the JSON report (additive fields): arrays'
// "source_name", loops' "iv_name", the parameters' "param_names".
// RUN: lattice deps %s --format json | FileCheck %s --check-prefix=NAMES
// NAMES-LABEL: "function": "stencil_skew"
// NAMES:       "source_name": "%A"
// NAMES:       "iv_name": "%i"
// NAMES:       "iv_name": "%j"
// NAMES:       "param_names": []
