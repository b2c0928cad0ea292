// RUN: lattice opt %s --split-input-file --mem2reg | FileCheck %s
// RUN: lattice opt %s --split-input-file --pass-pipeline='builtin.module(func.func(mem2reg{region-simplify=false}))' | FileCheck %s

// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// Straight-line code: stores forward to loads, a load before any store reads
// ub.poison (built at the start of the slot's block, the last slot's first).

// CHECK: module {
// CHECK-NEXT:   func.func @forward(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     return %c5_i32, %arg0 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @forward(%x: i32) -> (i32, i32) {
  %c5 = arith.constant 5 : i32
  %slot = memref.alloca() : memref<i32>
  memref.store %c5, %slot[] : memref<i32>
  %a = memref.load %slot[] : memref<i32>
  memref.store %x, %slot[] : memref<i32>
  %b = memref.load %slot[] : memref<i32>
  return %a, %b : i32, i32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @poison_order() -> (i32, f32, index) {
// CHECK-NEXT:     %0 = ub.poison : index
// CHECK-NEXT:     %1 = ub.poison : f32
// CHECK-NEXT:     %2 = ub.poison : i32
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     return %2, %1, %0 : i32, f32, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @poison_order() -> (i32, f32, index) {
  %c0 = arith.constant 0 : index
  %s0 = memref.alloca() : memref<i32>
  %v0 = memref.load %s0[] : memref<i32>
  %s1 = memref.alloca() : memref<1xf32>
  %v1 = memref.load %s1[%c0] : memref<1xf32>
  %s2 = memref.alloca() {alignment = 16 : i64} : memref<1x1xindex>
  %v2 = memref.load %s2[%c0, %c0] {nontemporal = true} : memref<1x1xindex>
  return %v0, %v1, %v2 : i32, f32, index
}

// -----

// Which allocas hold a slot: a static shape of ones, any layout, memory space or
// element type; not memref<2xi32>, not a dynamic size, not memref<0xi32>.

// CHECK: module {
// CHECK-NEXT:   func.func @shapes(%arg0: index, %arg1: memref<i8>) -> (vector<4xf32>, memref<i8>, i32, i32, i32, i32, i32) {
// CHECK-NEXT:     %0 = ub.poison : i32
// CHECK-NEXT:     %1 = ub.poison : i32
// CHECK-NEXT:     %2 = ub.poison : vector<4xf32>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %alloca = memref.alloca() : memref<2xi32>
// CHECK-NEXT:     %3 = memref.load %alloca[%c0] : memref<2xi32>
// CHECK-NEXT:     %alloca_0 = memref.alloca(%arg0) : memref<?xi32>
// CHECK-NEXT:     %4 = memref.load %alloca_0[%c0] : memref<?xi32>
// CHECK-NEXT:     %alloca_1 = memref.alloca() : memref<0xi32>
// CHECK-NEXT:     %5 = memref.load %alloca_1[%c0] : memref<0xi32>
// CHECK-NEXT:     return %2, %arg1, %1, %0, %3, %4, %5 : vector<4xf32>, memref<i8>, i32, i32, i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @shapes(%n: index, %m: memref<i8>) -> (vector<4xf32>, memref<i8>, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<vector<4xf32>>
  %va = memref.load %a[] : memref<vector<4xf32>>
  %b = memref.alloca() : memref<memref<i8>>
  memref.store %m, %b[] : memref<memref<i8>>
  %vb = memref.load %b[] : memref<memref<i8>>
  %c = memref.alloca() : memref<1xi32, strided<[1], offset: 3>>
  %vc = memref.load %c[%c0] : memref<1xi32, strided<[1], offset: 3>>
  %d = memref.alloca() : memref<1x1xi32, 1>
  %vd = memref.load %d[%c0, %c0] : memref<1x1xi32, 1>
  %e = memref.alloca() : memref<2xi32>
  %ve = memref.load %e[%c0] : memref<2xi32>
  %f = memref.alloca(%n) : memref<?xi32>
  %vf = memref.load %f[%c0] : memref<?xi32>
  %g = memref.alloca() : memref<0xi32>
  %vg = memref.load %g[%c0] : memref<0xi32>
  return %va, %vb, %vc, %vd, %ve, %vf, %vg : vector<4xf32>, memref<i8>, i32, i32, i32, i32, i32
}

// -----

// A slot escapes through any other user, so it stays; an unused alloca stays too;
// a slot only written goes with its stores.

// CHECK: module {
// CHECK-NEXT:   func.func private @use(memref<i32>)
// CHECK-NEXT:   func.func @users(%arg0: i32) -> i32 {
// CHECK-NEXT:     %alloca = memref.alloca() : memref<i32>
// CHECK-NEXT:     memref.store %arg0, %alloca[] : memref<i32>
// CHECK-NEXT:     call @use(%alloca) : (memref<i32>) -> ()
// CHECK-NEXT:     %0 = memref.load %alloca[] : memref<i32>
// CHECK-NEXT:     %alloca_0 = memref.alloca() : memref<i32>
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func private @use(memref<i32>)

func.func @users(%x: i32) -> i32 {
  %escapes = memref.alloca() : memref<i32>
  memref.store %x, %escapes[] : memref<i32>
  func.call @use(%escapes) : (memref<i32>) -> ()
  %v = memref.load %escapes[] : memref<i32>
  %unused = memref.alloca() : memref<i32>
  %written = memref.alloca() : memref<i32>
  memref.store %x, %written[] : memref<i32>
  return %v : i32
}

// -----

// A slot whose pointer is stored in another slot is freed when that one is
// promoted (in the same run).

// CHECK: module {
// CHECK-NEXT:   func.func @chain(%arg0: i32) -> i32 {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @chain(%x: i32) -> i32 {
  %inner = memref.alloca() : memref<i32>
  %outer = memref.alloca() : memref<memref<i32>>
  memref.store %inner, %outer[] : memref<memref<i32>>
  %p = memref.load %outer[] : memref<memref<i32>>
  memref.store %x, %p[] : memref<i32>
  %v = memref.load %inner[] : memref<i32>
  return %v : i32
}

// -----

// A value read from the slot and stored back is replaced once.

// CHECK: module {
// CHECK-NEXT:   func.func @read_back(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0, %0 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @read_back(%x: i32) -> (i32, i32) {
  %s = memref.alloca() : memref<i32>
  memref.store %x, %s[] : memref<i32>
  %a = memref.load %s[] : memref<i32>
  memref.store %a, %s[] : memref<i32>
  %b = memref.load %s[] : memref<i32>
  %c = arith.addi %a, %b : i32
  memref.store %c, %s[] : memref<i32>
  %d = memref.load %s[] : memref<i32>
  return %c, %d : i32, i32
}

// -----

// Uses in nested regions block promotion (LLVM 22); an alloca in a loop body or
// an alloca_scope is promoted in its own region.

// CHECK: module {
// CHECK-NEXT:   func.func @nested(%arg0: i1, %arg1: index) -> (i32, index) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:     %alloca = memref.alloca() : memref<i32>
// CHECK-NEXT:     memref.store %c7_i32, %alloca[] : memref<i32>
// CHECK-NEXT:     scf.if %arg0 {
// CHECK-NEXT:       memref.store %c7_i32, %alloca[] : memref<i32>
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg2 = 0 to 4 {
// CHECK-NEXT:       %3 = memref.load %alloca[] : memref<i32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = memref.load %alloca[] : memref<i32>
// CHECK-NEXT:     %1 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %c0) -> (index) {
// CHECK-NEXT:       %3 = ub.poison : index
// CHECK-NEXT:       %4 = arith.addi %arg3, %arg2 : index
// CHECK-NEXT:       %5 = arith.addi %4, %3 : index
// CHECK-NEXT:       scf.yield %5 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = memref.alloca_scope  -> (index) {
// CHECK-NEXT:       memref.alloca_scope.return %1 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0, %2 : i32, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @nested(%cond: i1, %n: index) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %s = memref.alloca() : memref<i32>
  memref.store %c7, %s[] : memref<i32>
  scf.if %cond {
    memref.store %c7, %s[] : memref<i32>
  }
  affine.for %i = 0 to 4 {
    %l = memref.load %s[] : memref<i32>
  }
  %v = memref.load %s[] : memref<i32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %t = memref.alloca() : memref<index>
    %first = memref.load %t[] : memref<index>
    memref.store %i, %t[] : memref<index>
    %w = memref.load %t[] : memref<index>
    %sum = arith.addi %acc, %w : index
    %sum2 = arith.addi %sum, %first : index
    scf.yield %sum2 : index
  }
  %q = memref.alloca_scope -> index {
    %u = memref.alloca() : memref<index>
    memref.store %r, %u[] : memref<index>
    %z = memref.load %u[] : memref<index>
    memref.alloca_scope.return %z : index
  }
  return %v, %q : i32, index
}
