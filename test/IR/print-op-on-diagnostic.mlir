// RUN: not lattice opt %s --split-input-file --allow-unregistered-dialect 2>&1 >/dev/null | FileCheck %s
// RUN: not lattice opt %s --split-input-file --allow-unregistered-dialect -mlir-print-op-on-diagnostic=true 2>&1 >/dev/null | FileCheck %s
// RUN: not lattice opt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// RUN: not lattice opt %s --split-input-file --allow-unregistered-dialect --mlir-print-debuginfo 2>&1 >/dev/null | FileCheck %s --check-prefix=LOC
// ORACLE: skip invalid IR on purpose (mlir-opt 22 passes these RUN lines too)

// `--mlir-print-op-on-diagnostic` is on by default, as in mlir-opt: an error emitted on an
// op gets a first note `see current operation:` with the op in generic form, numbered from
// its nearest isolated-from-above ancestor, on a line of its own when it spans several. A
// note at the same location as the diagnostic or note before it shows no source line.
// `=false` turns it off; the command line's other printer flags apply to the printed op
// (LOC). The whole of stderr is checked; expected text: mlir-opt 22's.

// OFF-NOT: see current operation
// OFF: error: 'arith.addi' op requires the same type for all operands and results
// OFF-NEXT: %1 = "arith.addi"
// OFF-NEXT: ^
// OFF-NEXT: error: operand #0 does not dominate this use

// LOC: note: see current operation: %1 = "arith.addi"(%0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i64 loc({{.*}}print-op-on-diagnostic.mlir":84:8)
// CHECK:      {{.*}}print-op-on-diagnostic.mlir:84:8: error: 'arith.addi' op requires the same type for all operands and results
// CHECK-NEXT:   %1 = "arith.addi"(%0, %a) : (i32, i32) -> i64
// CHECK-NEXT:        ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:84:8: note: see current operation: %1 = "arith.addi"(%0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i64
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:91:3: error: operand #0 does not dominate this use
// CHECK-NEXT:   "test.use"(%x) : (i32) -> ()
// CHECK-NEXT:   ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:91:3: note: see current operation: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:92:8: note: operand defined here (op in the same block)
// CHECK-NEXT:   %x = "test.def"() : () -> i32
// CHECK-NEXT:        ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:99:3: error: operand #0 does not dominate this use
// CHECK-NEXT:   "test.use"(%x) : (i32) -> ()
// CHECK-NEXT:   ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:99:3: note: see current operation: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:102:8: note: operand defined here (op in the same region)
// CHECK-NEXT:   %x = "test.def"() : () -> i32
// CHECK-NEXT:        ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:109:3: error: operand #0 does not dominate this use
// CHECK-NEXT:   cf.br ^bb1(%x : i32)
// CHECK-NEXT:   ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:109:3: note: see current operation: "cf.br"(%0)[^bb1] : (i32) -> ()
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:108:1: note: operand defined as a block argument (block #1 in the same region)
// CHECK-NEXT: func.func @block_arg() {
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:120:10: error: operand #0 does not dominate this use
// CHECK-NEXT:     %y = arith.addi %x, %i : index
// CHECK-NEXT:          ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:120:10: note: see current operation: %3 = "arith.addi"(%2, %arg1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:122:8: note: operand defined here (op in a parent region)
// CHECK-NEXT:   %x = arith.addi %n, %n : index
// CHECK-NEXT:        ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:129:1: error: redefinition of symbol named 'redef'
// CHECK-NEXT: func.func private @redef()
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:129:1: note: see current operation: 
// CHECK-NEXT: "func.func"() <{function_type = () -> (), sym_name = "redef", sym_visibility = "private"}> ({
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:128:1: note: see existing symbol definition here
// CHECK-NEXT: func.func private @redef()
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:134:8: error: block with no terminator, has %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
// CHECK-NEXT:   %0 = arith.constant 0 : i32
// CHECK-NEXT:        ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:134:8: note: see current operation: %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:141:8: error: 'func.call' op result type mismatch at index 0
// CHECK-NEXT:   %0 = call @callee() : () -> i64
// CHECK-NEXT:        ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:141:8: note: see current operation: %0 = "func.call"() <{callee = @callee}> : () -> i64
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:141:8: note:       op result types: 'i64'
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:141:8: note: function result types: 'i32'
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:150:8: error: 'scf.for' op different number of region iter_args and yielded values: 1 != 2
// CHECK-NEXT:   %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
// CHECK-NEXT:        ^
// CHECK-NEXT: {{.*}}print-op-on-diagnostic.mlir:150:8: note: see current operation: 
// CHECK-NEXT: %2 = "scf.for"(%0, %arg0, %1, %0) ({
// CHECK-NEXT: ^bb0(%arg1: index, %arg2: index):
// CHECK-NEXT:   %3 = "arith.addi"(%arg2, %arg1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// CHECK-NEXT:   "scf.yield"(%3, %3) : (index, index) -> ()
// CHECK-NEXT: }) : (index, index, index, index) -> index

func.func @type_mismatch(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = "arith.addi"(%0, %a) : (i32, i32) -> i64
  return %0 : i32
}

// -----

func.func @same_block() {
  "test.use"(%x) : (i32) -> ()
  %x = "test.def"() : () -> i32
  return
}

// -----

func.func @same_region() {
  "test.use"(%x) : (i32) -> ()
  cf.br ^bb1
^bb1:
  %x = "test.def"() : () -> i32
  return
}

// -----

func.func @block_arg() {
  cf.br ^bb1(%x : i32)
^bb1(%x : i32):
  return
}

// -----

func.func @parent_region(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %y = arith.addi %x, %i : index
  }
  %x = arith.addi %n, %n : index
  return
}

// -----

func.func private @redef()
func.func private @redef()

// -----

func.func @no_terminator() {
  %0 = arith.constant 0 : i32
}

// -----

func.func private @callee() -> i32
func.func @call_mismatch() -> i64 {
  %0 = call @callee() : () -> i64
  return %0 : i64
}

// -----

func.func @region_op(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %b = arith.addi %a, %i : index
    scf.yield %b, %b : index, index
  }
  return
}

// With `--mlir-print-value-users` the printed ops carry their users comments too (and ops
// without results take numbers), in the note and in `has <op>`.
// RUN: not lattice opt %s --split-input-file --allow-unregistered-dialect --mlir-print-value-users 2>&1 >/dev/null | FileCheck %s --check-prefix=USERS
// USERS: note: see current operation: %2 = "arith.addi"(%1, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i64 // unused
// USERS: note: see current operation: "test.use"(%2) : (i32) -> () // id: %1
// USERS: note: see current operation: %6 = "arith.addi"(%4, %arg1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index // unused
// USERS: error: block with no terminator, has %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32 // unused
// USERS: note: see current operation: %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32 // unused
// USERS: note: see current operation: %1 = "func.call"() <{callee = @callee}> : () -> i64 // user: %2
// USERS: note: see current operation:
// USERS-NEXT: %3 = "scf.for"(%1, %arg0, %2, %1) ({
// USERS-NEXT: ^bb0(%arg1: index, %arg2: index):
// USERS-NEXT:   // %arg1 is used by %5
// USERS-NEXT:   // %arg2 is used by %5
// USERS-NEXT:   %5 = "arith.addi"(%arg2, %arg1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index // user: %6
// USERS-NEXT:   "scf.yield"(%5, %5) : (index, index) -> () // id: %6
// USERS-NEXT: }) : (index, index, index, index) -> index // unused
