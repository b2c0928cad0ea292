// RUN: lattice opt %s --allow-unregistered-dialect --inline | FileCheck %s
// RUN: lattice opt %s --allow-unregistered-dialect --inline="default-pipeline=''" | FileCheck %s --check-prefix=RAW

// CHECK lines are mlir-opt's (LLVM 22) output with the same flags.

// CHECK: #set = affine_set<()[s0] : (s0 - 2 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @has_loop(%arg0: memref<8xf32>) {
// CHECK-NEXT:     affine.for %arg1 = 0 to 8 {
// CHECK-NEXT:       %0 = affine.load %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT:       affine.store %0, %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @has_opaque(%arg0: memref<8xf32>) {
// CHECK-NEXT:     "foo.opaque"(%arg0) : (memref<8xf32>) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @get_index() -> index
// CHECK-NEXT:   func.func private @not_top_level(%arg0: memref<8xf32>) {
// CHECK-NEXT:     %0 = call @get_index() : () -> index
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @caller(%arg0: memref<8xf32>, %arg1: index) {
// CHECK-NEXT:     affine.for %arg2 = 0 to 7 {
// CHECK-NEXT:       func.call @has_loop(%arg0) : (memref<8xf32>) -> ()
// CHECK-NEXT:       %0 = affine.load %arg0[%arg2 + 1] : memref<8xf32>
// CHECK-NEXT:       affine.store %0, %arg0[%arg2] : memref<8xf32>
// CHECK-NEXT:       func.call @not_top_level(%arg0) : (memref<8xf32>) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.if #set()[%arg1] {
// CHECK-NEXT:       %0 = affine.load %arg0[symbol(%arg1) + 1] : memref<8xf32>
// CHECK-NEXT:       affine.store %0, %arg0[symbol(%arg1)] : memref<8xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg2 = 0 to 8 {
// CHECK-NEXT:       %0 = affine.load %arg0[%arg2] : memref<8xf32>
// CHECK-NEXT:       affine.store %0, %arg0[%arg2] : memref<8xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     call @has_opaque(%arg0) : (memref<8xf32>) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// RAW: #map = affine_map<(d0) -> (d0 + 1)>
// RAW-NEXT: #set = affine_set<(d0) : (d0 - 2 >= 0)>
// RAW-NEXT: module {
// RAW-NEXT:   func.func private @has_loop(%arg0: memref<8xf32>) {
// RAW-NEXT:     affine.for %arg1 = 0 to 8 {
// RAW-NEXT:       %0 = affine.load %arg0[%arg1] : memref<8xf32>
// RAW-NEXT:       affine.store %0, %arg0[%arg1] : memref<8xf32>
// RAW-NEXT:     }
// RAW-NEXT:     return
// RAW-NEXT:   }
// RAW-NEXT:   func.func private @has_opaque(%arg0: memref<8xf32>) {
// RAW-NEXT:     "foo.opaque"(%arg0) : (memref<8xf32>) -> ()
// RAW-NEXT:     return
// RAW-NEXT:   }
// RAW-NEXT:   func.func private @access(%arg0: memref<8xf32>, %arg1: index) {
// RAW-NEXT:     %0 = affine.apply #map(%arg1)
// RAW-NEXT:     %1 = affine.load %arg0[%0] : memref<8xf32>
// RAW-NEXT:     affine.store %1, %arg0[%arg1] : memref<8xf32>
// RAW-NEXT:     return
// RAW-NEXT:   }
// RAW-NEXT:   func.func private @get_index() -> index
// RAW-NEXT:   func.func private @not_top_level(%arg0: memref<8xf32>) {
// RAW-NEXT:     %0 = call @get_index() : () -> index
// RAW-NEXT:     %1 = affine.load %arg0[%0] : memref<8xf32>
// RAW-NEXT:     return
// RAW-NEXT:   }
// RAW-NEXT:   func.func @caller(%arg0: memref<8xf32>, %arg1: index) {
// RAW-NEXT:     affine.for %arg2 = 0 to 7 {
// RAW-NEXT:       func.call @has_loop(%arg0) : (memref<8xf32>) -> ()
// RAW-NEXT:       func.call @access(%arg0, %arg2) : (memref<8xf32>, index) -> ()
// RAW-NEXT:       func.call @not_top_level(%arg0) : (memref<8xf32>) -> ()
// RAW-NEXT:     }
// RAW-NEXT:     affine.if #set(%arg1) {
// RAW-NEXT:       func.call @access(%arg0, %arg1) : (memref<8xf32>, index) -> ()
// RAW-NEXT:     }
// RAW-NEXT:     affine.for %arg2 = 0 to 8 {
// RAW-NEXT:       %0 = affine.load %arg0[%arg2] : memref<8xf32>
// RAW-NEXT:       affine.store %0, %arg0[%arg2] : memref<8xf32>
// RAW-NEXT:     }
// RAW-NEXT:     call @has_opaque(%arg0) : (memref<8xf32>) -> ()
// RAW-NEXT:     return
// RAW-NEXT:   }
// RAW-NEXT: }

// Affine legality: a body goes into an affine.for or affine.if only when it is one
// block of ops the affine dialect can reason about (pure ops, affine.apply and affine
// loads and stores) that keep valid dimensions and symbols there.
func.func private @has_loop(%m: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %m[%i] : memref<8xf32>
    affine.store %v, %m[%i] : memref<8xf32>
  }
  return
}
func.func private @has_opaque(%m: memref<8xf32>) {
  "foo.opaque"(%m) : (memref<8xf32>) -> ()
  return
}
func.func private @access(%m: memref<8xf32>, %i: index) {
  %j = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
  %v = affine.load %m[%j] : memref<8xf32>
  affine.store %v, %m[%i] : memref<8xf32>
  return
}
func.func private @get_index() -> index
func.func private @not_top_level(%m: memref<8xf32>) {
  %n = call @get_index() : () -> index
  %v = affine.load %m[%n] : memref<8xf32>
  return
}
func.func @caller(%m: memref<8xf32>, %n: index) {
  affine.for %i = 0 to 7 {
    func.call @has_loop(%m) : (memref<8xf32>) -> ()
    func.call @access(%m, %i) : (memref<8xf32>, index) -> ()
    func.call @not_top_level(%m) : (memref<8xf32>) -> ()
  }
  affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%n) {
    func.call @access(%m, %n) : (memref<8xf32>, index) -> ()
  }
  func.call @has_loop(%m) : (memref<8xf32>) -> ()
  func.call @has_opaque(%m) : (memref<8xf32>) -> ()
  return
}
