// A parallel loop without a reduction whose bounds are not both constants, with a small
// body, gets a sequential copy in the calling function, taken when the runtime would run
// the loop whole on the caller (`lattice_parallel_inline` answers non-zero: one thread, an
// empty loop, or a loop its site has timed and knows too small for the pool), so LLVM
// optimizes it in the caller's context; `lattice_parallel_inline_done` then times it for
// the site. Loops with constant bounds (their outlined body has a whole-range copy) and
// reductions get no such copy. The copy computes what the outlined body computes, on 1, 2
// and 3 threads, and runs backwards with --parallel-order=reverse (the race detector still
// sees the loop @carried, wrongly written as parallel: iteration i reads what i - 1 wrote).
// RUN: lattice emit --llvm-ir -O0 %s -o %t && FileCheck %s < %t
// RUN: lattice run %s -e main --threads 1 | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --threads 2 | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --threads 3 | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --parallel-order=reverse | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e carried_main --threads 1 | FileCheck %s --check-prefix=FWD
// RUN: lattice run %s -e carried_main --parallel-order=reverse | FileCheck %s --check-prefix=REV

func.func private @printI64(i64)
func.func private @printNewline()

func.func @dynamic(%a: memref<?xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.parallel (%i) = (0) to (%n) {
    %x = affine.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %a[%i] : memref<?xf32>
  }
  return
}

func.func @rows(%b: memref<?x?xi64>, %lo: index, %hi: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%lo, %c0) to (%hi, %m) step (%c1, %c1) {
    %im = arith.muli %i, %m : index
    %v = arith.addi %im, %j : index
    %w = arith.index_cast %v : index to i64
    memref.store %w, %b[%i, %j] : memref<?x?xi64>
    scf.reduce
  }
  return
}

func.func @carried(%a: memref<?xi64>, %n: index) {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  scf.parallel (%i) = (%c1) to (%n) step (%c1) {
    %p = arith.subi %i, %c1 : index
    %x = memref.load %a[%p] : memref<?xi64>
    %y = arith.addi %x, %one : i64
    memref.store %y, %a[%i] : memref<?xi64>
    scf.reduce
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c50 = arith.constant 50 : index
  %c300 = arith.constant 300 : index
  %c1000 = arith.constant 1000 : index
  %z = arith.constant 0 : i64
  %a = memref.alloc(%c1000) : memref<?xf32>
  scf.for %i = %c0 to %c1000 step %c1 {
    %k = arith.index_cast %i : index to i64
    %f = arith.sitofp %k : i64 to f32
    memref.store %f, %a[%i] : memref<?xf32>
  }
  scf.for %r = %c0 to %c50 step %c1 {
    func.call @dynamic(%a, %c1000) : (memref<?xf32>, index) -> ()
  }
  %s = scf.for %i = %c0 to %c1000 step %c1 iter_args(%acc = %z) -> (i64) {
    %x = memref.load %a[%i] : memref<?xf32>
    %k = arith.fptosi %x : f32 to i64
    %t = arith.addi %acc, %k : i64
    scf.yield %t : i64
  }
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %b = memref.alloc(%c8, %c300) : memref<?x?xi64>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c300 step %c1 {
      memref.store %z, %b[%i, %j] : memref<?x?xi64>
    }
  }
  scf.for %r = %c0 to %c50 step %c1 {
    func.call @rows(%b, %c2, %c6, %c300) : (memref<?x?xi64>, index, index, index) -> ()
  }
  %sb = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %z) -> (i64) {
    %row = scf.for %j = %c0 to %c300 step %c1 iter_args(%acc2 = %acc) -> (i64) {
      %x = memref.load %b[%i, %j] : memref<?x?xi64>
      %t = arith.addi %acc2, %x : i64
      scf.yield %t : i64
    }
    scf.yield %row : i64
  }
  func.call @printI64(%sb) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?x?xi64>
  return
}

func.func @carried_main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %c99 = arith.constant 99 : index
  %z = arith.constant 0 : i64
  %a = memref.alloc(%c100) : memref<?xi64>
  scf.for %i = %c0 to %c100 step %c1 {
    memref.store %z, %a[%i] : memref<?xi64>
  }
  func.call @carried(%a, %c100) : (memref<?xi64>, index) -> ()
  %x = memref.load %a[%c99] : memref<?xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<?xi64>
  return
}

func.func @consts(%a: memref<64xf32>) {
  affine.parallel (%i) = (0) to (64) {
    %x = affine.load %a[%i] : memref<64xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %a[%i] : memref<64xf32>
  }
  return
}

func.func @sum(%a: memref<?xf32>, %n: index) -> f32 {
  %r = affine.parallel (%i) = (0) to (%n) reduce ("addf") -> f32 {
    %x = affine.load %a[%i] : memref<?xf32>
    affine.yield %x : f32
  }
  return %r : f32
}

// Sums after 50 calls: a[i] = i + 50 over 1000 elements; b's rows 2..5 hold i * 300 + j.
// OUT: {{^}}549500{{$}}
// OUT-NEXT: {{^}}1439400{{$}}
// In order a[99] counts to 99; backwards every a[i] = a[i - 1] + 1 reads the initial 0.
// FWD: {{^}}99{{$}}
// REV: {{^}}1{{$}}

// CHECK-LABEL: define void @dynamic(
// CHECK: %inline = call i64 @lattice_parallel_inline(i64 0, i64 %[[N:[0-9]+]], i64 1, ptr @[[SITE:dynamic.parallel.[0-9]+.site]])
// CHECK-NEXT: %take.inline = icmp ne i64 %inline, 0
// CHECK-NEXT: br i1 %take.inline, label %inline.seq, label %inline.pool
// The pool's way: the context struct and the runtime call.
// CHECK: inline.pool:
// CHECK: call void @lattice_parallel_for(ptr @dynamic.parallel.{{[0-9]+}}, ptr %par.ctx, i64 0, i64 %[[N]], i64 1, i64 0, ptr @[[SITE]])
// CHECK-NEXT: br label %inline.done
// The sequential copy, in the caller, over the whole range.
// CHECK: %iv = phi i64 [ 0, %inline.seq ]
// CHECK-NEXT: icmp slt i64 %iv, %[[N]]
// CHECK: fadd float
// CHECK: call void @lattice_parallel_inline_done(i64 0, i64 %[[N]], i64 1, ptr @[[SITE]], i64 %inline)
// CHECK-NEXT: br label %inline.done
// CHECK: {{^}}}

// Both dimensions in the copy: rows [%lo, %hi), columns [0, %m).
// CHECK-LABEL: define void @rows(
// CHECK: call i64 @lattice_parallel_inline(i64 %[[LO:[0-9]+]], i64 %[[HI:[0-9]+]], i64 1,
// CHECK: %iv = phi i64 [ %[[LO]], %inline.seq ]
// CHECK-NEXT: icmp slt i64 %iv, %[[HI]]
// CHECK: %[[J:iv[0-9]+]] = phi i64 [ 0, %loop.body ]
// CHECK-NEXT: icmp slt i64 %[[J]], %{{[0-9]+}}
// CHECK: call void @lattice_parallel_inline_done(

// CHECK-LABEL: define void @consts(
// CHECK-NOT: lattice_parallel_inline
// CHECK: call void @lattice_parallel_for(
// CHECK-NOT: lattice_parallel_inline
// CHECK: {{^}}}

// CHECK-LABEL: define float @sum(
// CHECK-NOT: lattice_parallel_inline
// CHECK: call void @lattice_parallel_for(
// CHECK-NOT: lattice_parallel_inline
// CHECK: {{^}}}
