// RUN: lattice opt %s --mlir-print-value-users | FileCheck %s
// RUN: lattice opt %s --mlir-print-value-users --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// `--mlir-print-value-users` comments every op with the users of its results (`// user:`,
// `// users:`, one parenthesized list per result when there are several, `// unused`), an
// op without results but with operands with its own number (`// id: %7`), and every
// block argument with a `// %arg0 is used by ...` line. Users come in MLIR's use-list
// order (newest use first; uses of a forward reference in source order, ahead of
// later ones), each once. Ops without results take a number (the functions of the
// module, so values in function bodies start at %4). Expected text: mlir-opt 22's.

// CHECK:      module {
// CHECK-NEXT:   func.func @fwd(%arg0: index) -> index {
// CHECK-NEXT:     // %arg0 is used by %8
// CHECK-NEXT:     cf.br ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb2
// CHECK-NEXT:     %5 = arith.addi %9, %8 : index // user: %6
// CHECK-NEXT:     %6 = arith.muli %8, %5 : index // user: %7
// CHECK-NEXT:     return %6 : index // id: %7
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %8 = arith.addi %arg0, %arg0 : index // users: %10, %9, %5, %6
// CHECK-NEXT:     %9 = arith.muli %8, %8 : index // users: %10, %5
// CHECK-NEXT:     %10 = arith.subi %9, %8 : index // unused
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @loops(%arg0: memref<10xf32>, %arg1: f32) -> f32 {
// CHECK-NEXT:     // %arg0 is used by %9, %10, %9, %9
// CHECK-NEXT:     // %arg1 is used by %4
// CHECK-NEXT:     %c0 = arith.constant 0 : index // users: %9, %6, %4
// CHECK-NEXT:     %c1 = arith.constant 1 : index // users: %6, %4
// CHECK-NEXT:     %c10 = arith.constant 10 : index // user: %4
// CHECK-NEXT:     %4 = scf.for %arg2 = %c0 to %c10 step %c1 iter_args(%arg3 = %arg1) -> (f32) {
// CHECK-NEXT:       // %arg2 is used by %9
// CHECK-NEXT:       // %arg3 is used by %10
// CHECK-NEXT:       %9 = memref.load %arg0[%arg2] : memref<10xf32> // user: %10
// CHECK-NEXT:       %10 = arith.addf %arg3, %9 : f32 // user: %11
// CHECK-NEXT:       scf.yield %10 : f32 // id: %11
// CHECK-NEXT:     } // users: %8, %9
// CHECK-NEXT:     affine.for %arg2 = 0 to 10 {
// CHECK-NEXT:       // %arg2 is used by %10, %9
// CHECK-NEXT:       %9 = affine.load %arg0[%arg2] : memref<10xf32> // user: %10
// CHECK-NEXT:       affine.store %9, %arg0[%arg2] : memref<10xf32> // id: %10
// CHECK-NEXT:     }
// CHECK-NEXT:     %6 = arith.cmpi eq, %c0, %c1 : index // user: %7
// CHECK-NEXT:     scf.if %6 {
// CHECK-NEXT:       memref.store %4, %arg0[%c0] : memref<10xf32> // id: %9
// CHECK-NEXT:     } // id: %7
// CHECK-NEXT:     return %4 : f32 // id: %8
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @ext(i32) -> (i32, i32)
// CHECK-NEXT:   func.func @calls(%arg0: i32) -> i32 {
// CHECK-NEXT:     // %arg0 is used by %4#0, %4#1
// CHECK-NEXT:     %4:2 = call @ext(%arg0) : (i32) -> (i32, i32) // users: (%6), (%5#0, %5#1)
// CHECK-NEXT:     %5:2 = call @ext(%4#1) : (i32) -> (i32, i32) // users: (%6), (unused)
// CHECK-NEXT:     %6 = arith.addi %4#0, %5#0 : i32 // user: %7
// CHECK-NEXT:     return %6 : i32 // id: %7
// CHECK-NEXT:   }
// CHECK-NEXT: }

// In the generic form numbers run on across regions (the module and the functions take
// the first ones; the last function's body is numbered before the first's).
// GENERIC-LABEL: "func.func"() <{function_type = (index) -> index, sym_name = "fwd"}> ({
// GENERIC-NEXT:    ^bb0(%arg6: index):
// GENERIC-NEXT:      // %arg6 is used by %29
// GENERIC-NEXT:      "cf.br"()[^bb2] : () -> ()
// GENERIC-NEXT:    ^bb1:  // pred: ^bb2
// GENERIC-NEXT:      %26 = "arith.addi"(%30, %29) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index // user: %27
// GENERIC-NEXT:      %27 = "arith.muli"(%29, %26) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index // user: %28
// GENERIC-NEXT:      "func.return"(%27) : (index) -> () // id: %28
// GENERIC-NEXT:    ^bb2:  // pred: ^bb0
// GENERIC-NEXT:      %29 = "arith.addi"(%arg6, %arg6) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index // users: %31, %30, %26, %27
// GENERIC-NEXT:      %30 = "arith.muli"(%29, %29) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index // users: %31, %26
// GENERIC-NEXT:      %31 = "arith.subi"(%30, %29) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index // unused
// GENERIC-NEXT:      "cf.br"()[^bb1] : () -> ()

func.func @fwd(%n: index) -> index {
  cf.br ^bb2
^bb1:
  %s = arith.addi %y, %x : index
  %t = arith.muli %x, %s : index
  return %t : index
^bb2:
  %x = arith.addi %n, %n : index
  %y = arith.muli %x, %x : index
  %z = arith.subi %y, %x : index
  cf.br ^bb1
}
func.func @loops(%m: memref<10xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %init) -> (f32) {
    %v = memref.load %m[%i] : memref<10xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  affine.for %j = 0 to 10 {
    %w = affine.load %m[%j] : memref<10xf32>
    affine.store %w, %m[%j] : memref<10xf32>
  }
  %c0_b = arith.cmpi eq, %c0, %c1 : index
  scf.if %c0_b {
    memref.store %r, %m[%c0] : memref<10xf32>
  }
  return %r : f32
}
func.func private @ext(i32) -> (i32, i32)
func.func @calls(%a: i32) -> i32 {
  %0:2 = call @ext(%a) : (i32) -> (i32, i32)
  %1:2 = call @ext(%0#1) : (i32) -> (i32, i32)
  %2 = arith.addi %0#0, %1#0 : i32
  return %2 : i32
}
