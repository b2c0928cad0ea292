// The outlined body of a parallel loop sees the captured memrefs that the enclosing
// function knows to be its own buffers (`llvm.noalias` arguments, allocations) as
// `noalias` pointer parameters of an inner function `<body>.noalias`, which LLVM inlines
// into the outlined function as `!alias.scope`/`!noalias` metadata. A memref captured
// together with a view of the same buffer, or a function without `llvm.noalias`
// arguments, gets nothing. Scalar constants the loop uses are emitted again in the body
// (not passed), and the chunk's bounds are clamped to the loop's constant range.
// RUN: lattice emit --llvm-ir -O0 %s -o %t && FileCheck %s < %t
// RUN: lattice emit --llvm-ir -O2 --target-cpu=x86-64 %s -o %t2 && FileCheck %s --check-prefix=OPT < %t2

// Both arguments are noalias: two noalias pointers after the descriptors.
// CHECK-LABEL: define internal void @both.parallel.{{[0-9]+}}.noalias(
// CHECK-SAME: { ptr, ptr, i64, [2 x i64], [2 x i64] } %{{[0-9]+}}, { ptr, ptr, i64, [2 x i64], [2 x i64] } %{{[0-9]+}}, ptr noalias %{{[0-9]+}}, ptr noalias %{{[0-9]+}})
// The loop's constant bounds and step are not captured but emitted in the body, and the
// chunk is clamped to the loop's range [0, 64) (a no-op telling LLVM the range).
// CHECK: %chunk.lb = select i1 %{{[0-9]+}}, i64 %1, i64 0
// CHECK: %chunk.ub = select i1 %{{[0-9]+}}, i64 64, i64 %2
// CHECK: add i64 %iv{{[0-9]*}}, 1
// After inlining, the accesses to %a and %b carry each other's scopes (named after the
// inner function's arguments, unlike the scopes of a loop versioned by runtime checks).
// OPT-LABEL: define internal void @both.parallel.
// OPT: call void @llvm.experimental.noalias.scope.decl(metadata ![[A:[0-9]+]])
// OPT: call void @llvm.experimental.noalias.scope.decl(metadata ![[B:[0-9]+]])
// OPT: load {{.*}}, !alias.scope ![[A]], !noalias ![[B]]
// OPT: load {{.*}}, !alias.scope ![[B]], !noalias ![[A]]
// OPT: store {{.*}}, !alias.scope ![[A]], !noalias ![[B]]
// OPT: ![[A]] = !{![[AS:[0-9]+]]}
// OPT: ![[AS]] = distinct !{![[AS]], !{{[0-9]+}}, !"both.parallel.{{[0-9]+}}.noalias: argument 0"}
func.func @both(%a: memref<64x64xf32> {llvm.noalias}, %b: memref<64x64xf32> {llvm.noalias}) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<64x64xf32>
      %y = affine.load %b[%j, %i] : memref<64x64xf32>
      %z = arith.addf %x, %y : f32
      affine.store %z, %a[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// Only %a is noalias: %b's pointer is a parameter of its own, without the attribute.
// CHECK-LABEL: define internal void @one.parallel.{{[0-9]+}}.noalias(
// CHECK-SAME: ptr noalias %{{[0-9]+}}, ptr %{{[0-9]+}})
func.func @one(%a: memref<64x64xf32> {llvm.noalias}, %b: memref<64x64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<64x64xf32>
      %y = affine.load %b[%j, %i] : memref<64x64xf32>
      %z = arith.addf %x, %y : f32
      affine.store %z, %a[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// %a and a view of it are both captured: neither is noalias.
// CHECK-NOT: define internal void @view.parallel.{{[0-9]+}}.noalias
func.func @view(%a: memref<64x64xf32> {llvm.noalias}) {
  %s = memref.subview %a[0, 0] [32, 64] [1, 1] : memref<64x64xf32> to memref<32x64xf32, strided<[64, 1]>>
  affine.parallel (%i) = (0) to (32) {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i + 32, %j] : memref<64x64xf32>
      affine.store %x, %s[%i, %j] : memref<32x64xf32, strided<[64, 1]>>
    }
  }
  return
}

// No llvm.noalias argument: the arguments may alias, nothing is noalias.
// CHECK-NOT: define internal void @plain.parallel.{{[0-9]+}}.noalias
func.func @plain(%a: memref<64xf32>, %b: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %x = affine.load %b[%i] : memref<64xf32>
    affine.store %x, %a[%i] : memref<64xf32>
  }
  return
}

// Two allocations are distinct buffers.
// CHECK-LABEL: define internal void @allocs.parallel.{{[0-9]+}}.noalias(
// CHECK-SAME: ptr noalias %{{[0-9]+}}, ptr noalias %{{[0-9]+}})
func.func @allocs() -> f32 {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  affine.parallel (%i) = (0) to (64) {
    affine.store %one, %b[%i] : memref<64xf32>
    %x = affine.load %b[%i] : memref<64xf32>
    affine.store %x, %a[%i] : memref<64xf32>
  }
  %r = memref.load %a[%c0] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %r : f32
}
