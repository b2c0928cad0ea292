// A parallel loop with constant bounds and a small body gets, in its outlined body, a copy
// of the chunk's loop with the constant bounds, taken when the runtime passes the whole
// range (one thread, or a loop run on the caller): LLVM then sees a constant trip count
// there, as in program order. Other chunks run the general loop over `[lb, ub)`; the
// carried values of a reduction are merged after both. Bounds that are not constants get
// no copy.
// RUN: lattice emit --llvm-ir -O0 %s -o %t && FileCheck %s < %t

func.func @consts(%a: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %x = affine.load %a[%i] : memref<64xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %a[%i] : memref<64xf32>
  }
  return
}

func.func @sum(%a: memref<64xf32>) -> f32 {
  %r = affine.parallel (%i) = (0) to (64) reduce ("addf") -> f32 {
    %x = affine.load %a[%i] : memref<64xf32>
    affine.yield %x : f32
  }
  return %r : f32
}

func.func @dynamic(%a: memref<?xf32>, %n: index) {
  affine.parallel (%i) = (0) to (%n) {
    %x = affine.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %a[%i] : memref<?xf32>
  }
  return
}

// CHECK-LABEL: define internal void @consts.parallel.{{[0-9]+}}(ptr %0, i64 %1, i64 %2, i64 %3)
// CHECK: %chunk.lb = select i1 %{{[0-9]+}}, i64 %1, i64 0
// CHECK: %chunk.ub = select i1 %{{[0-9]+}}, i64 64, i64 %2
// CHECK: %[[LB_EQ:[0-9]+]] = icmp eq i64 %chunk.lb, 0
// CHECK: %[[UB_EQ:[0-9]+]] = icmp eq i64 %chunk.ub, 64
// CHECK: %is.whole = and i1 %[[LB_EQ]], %[[UB_EQ]]
// CHECK: br i1 %is.whole, label %whole.range, label %part.range
// The whole-range copy: constant start and end.
// CHECK: %iv = phi i64 [ 0, %whole.range ]
// CHECK-NEXT: %{{[0-9]+}} = icmp slt i64 %iv, 64
// The general copy: the chunk's bounds.
// CHECK: %[[IV:iv[0-9]+]] = phi i64 [ %chunk.lb, %part.range ]
// CHECK-NEXT: %{{[0-9]+}} = icmp slt i64 %[[IV]], %chunk.ub

// CHECK-LABEL: define internal void @sum.parallel.{{[0-9]+}}(ptr %0, i64 %1, i64 %2, i64 %3)
// CHECK: br i1 %is.whole, label %whole.range, label %part.range
// CHECK: chunk.done:
// CHECK-NEXT: %chunk.out = phi i1
// CHECK-NEXT: %[[ACC:chunk.out[0-9]*]] = phi float
// CHECK: insertvalue { i1, float } %{{[0-9]+}}, float %[[ACC]], 1

// CHECK-LABEL: define internal void @dynamic.parallel.{{[0-9]+}}(ptr %0, i64 %1, i64 %2, i64 %3)
// CHECK-NOT: is.whole
// CHECK: {{^}}}
