// RUN: lattice opt %s --split-input-file -allow-unregistered-dialect --affine-pipeline-data-transfer | FileCheck %s
// RUN: lattice opt %s --split-input-file -allow-unregistered-dialect --affine-pipeline-data-transfer=remarks=true 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Double buffering and skew of a DMA loop. The CHECK lines of the first three
// functions are mlir-opt 22's whole output (dead applies and constants included).

// CHECK-DAG: #[[$MINUS1:.*]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-DAG: #[[$MOD2:.*]] = affine_map<(d0) -> (d0 mod 2)>
// CHECK-LABEL: func.func @basic(
// CHECK-SAME:    %[[A:.*]]: memref<256xf32>) {
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    %[[N:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloc() : memref<2x32xf32, 1>
// CHECK-NEXT:    %[[TAG:.*]] = memref.alloc() : memref<2x1xi32>
// CHECK-NEXT:    affine.dma_start %[[A]][%[[C0]] * 32], %[[BUF]][%[[C0]] mod 2, 0], %[[TAG]][%[[C0]] mod 2, 0], %[[N]] : memref<256xf32>, memref<2x32xf32, 1>, memref<2x1xi32>
// CHECK-NEXT:    affine.for %[[I:.*]] = 1 to 8 {
// CHECK-NEXT:      affine.dma_start %[[A]][%[[I]] * 32], %[[BUF]][%[[I]] mod 2, 0], %[[TAG]][%[[I]] mod 2, 0], %[[N]] : memref<256xf32>, memref<2x32xf32, 1>, memref<2x1xi32>
// CHECK-NEXT:      %[[P:.*]] = affine.apply #[[$MINUS1]](%[[I]])
// CHECK-NEXT:      affine.apply #[[$MOD2]](%[[P]])
// CHECK-NEXT:      affine.apply #[[$MOD2]](%[[P]])
// CHECK-NEXT:      affine.dma_wait %[[TAG]][%[[P]] mod 2, 0], %[[N]] : memref<2x1xi32>
// CHECK-NEXT:      %[[V:.*]] = affine.load %[[BUF]][%[[P]] mod 2, %[[P]]] : memref<2x32xf32, 1>
// CHECK-NEXT:      "use"(%[[V]]) : (f32) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[L:.*]] = affine.apply #[[$MINUS1]](%[[C8]])
// CHECK-NEXT:    affine.apply #[[$MOD2]](%[[L]])
// CHECK-NEXT:    affine.apply #[[$MOD2]](%[[L]])
// CHECK-NEXT:    affine.dma_wait %[[TAG]][%[[L]] mod 2, 0], %[[N]] : memref<2x1xi32>
// CHECK-NEXT:    %[[W:.*]] = affine.load %[[BUF]][%[[L]] mod 2, %[[L]]] : memref<2x32xf32, 1>
// CHECK-NEXT:    "use"(%[[W]]) : (f32) -> ()
// CHECK-NEXT:    memref.dealloc %[[TAG]] : memref<2x1xi32>
// CHECK-NEXT:    memref.dealloc %[[BUF]] : memref<2x32xf32, 1>
// CHECK-NEXT:    return
func.func @basic(%A: memref<256xf32>) {
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %n = arith.constant 32 : index
  affine.for %i = 0 to 8 {
    // The stride list after the trailing comma may be empty, as in mlir-opt.
    affine.dma_start %A[%i * 32], %buf[0], %tag[%c0], %n, : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    %v = affine.load %buf[%i] : memref<32xf32, 1>
    "use"(%v) : (f32) -> ()
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// -----

// An apply the DMA shares with the computation is copied for the DMA (shift 0) and
// stays for the computation (shift 1); buffers allocated in the loop move before it.
// CHECK-DAG: #[[$MUL16:.*]] = affine_map<(d0) -> (d0 * 16)>
// CHECK-DAG: #[[$MINUS2:.*]] = affine_map<(d0) -> (d0 - 2)>
// CHECK-DAG: #[[$HALFMOD2:.*]] = affine_map<(d0) -> ((d0 floordiv 2) mod 2)>
// CHECK-LABEL: func.func @shared_apply(
// CHECK-SAME:    %[[A:.*]]: memref<1024xf32>) {
// CHECK-NEXT:    %[[C12:.*]] = arith.constant 12 : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[N:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloc() : memref<2x16xf32, 2>
// CHECK-NEXT:    %[[TAG:.*]] = memref.alloc() : memref<2x1xi32>
// CHECK-NEXT:    %[[O0:.*]] = affine.apply #[[$MUL16]](%[[C4]])
// CHECK-NEXT:    affine.dma_start %[[A]][%[[O0]]], %[[BUF]][(%[[C4]] floordiv 2) mod 2, 0], %[[TAG]][(%[[C4]] floordiv 2) mod 2, 0], %[[N]]
// CHECK-NEXT:    affine.for %[[I:.*]] = 6 to 12 step 2 {
// CHECK-NEXT:      %[[O:.*]] = affine.apply #[[$MUL16]](%[[I]])
// CHECK-NEXT:      affine.dma_start %[[A]][%[[O]]], %[[BUF]][(%[[I]] floordiv 2) mod 2, 0], %[[TAG]][(%[[I]] floordiv 2) mod 2, 0], %[[N]]
// CHECK-NEXT:      %[[P:.*]] = affine.apply #[[$MINUS2]](%[[I]])
// CHECK-NEXT:      affine.apply #[[$HALFMOD2]](%[[P]])
// CHECK-NEXT:      affine.apply #[[$HALFMOD2]](%[[P]])
// CHECK-NEXT:      %[[Q:.*]] = affine.apply #[[$MUL16]](%[[P]])
// CHECK-NEXT:      affine.dma_wait %[[TAG]][(%[[P]] floordiv 2) mod 2, 0], %[[N]] : memref<2x1xi32>
// CHECK-NEXT:      %[[V:.*]] = affine.load %[[BUF]][(%[[P]] floordiv 2) mod 2, 0] : memref<2x16xf32, 2>
// CHECK-NEXT:      "use"(%[[V]], %[[Q]]) : (f32, index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[L:.*]] = affine.apply #[[$MINUS2]](%[[C12]])
// CHECK-NEXT:    affine.apply #[[$HALFMOD2]](%[[L]])
// CHECK-NEXT:    affine.apply #[[$HALFMOD2]](%[[L]])
// CHECK-NEXT:    %[[R:.*]] = affine.apply #[[$MUL16]](%[[L]])
// CHECK-NEXT:    affine.dma_wait %[[TAG]][(%[[L]] floordiv 2) mod 2, 0], %[[N]] : memref<2x1xi32>
// CHECK-NEXT:    %[[W:.*]] = affine.load %[[BUF]][(%[[L]] floordiv 2) mod 2, 0] : memref<2x16xf32, 2>
// CHECK-NEXT:    "use"(%[[W]], %[[R]]) : (f32, index) -> ()
// CHECK-NEXT:    memref.dealloc %[[TAG]] : memref<2x1xi32>
// CHECK-NEXT:    memref.dealloc %[[BUF]] : memref<2x16xf32, 2>
// CHECK-NEXT:    return
func.func @shared_apply(%A: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 16 : index
  affine.for %i = 4 to 12 step 2 {
    %o = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %buf = memref.alloc() : memref<16xf32, 2>
    %tag = memref.alloc() : memref<1xi32>
    affine.dma_start %A[%o], %buf[0], %tag[%c0], %n : memref<1024xf32>, memref<16xf32, 2>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    %v = affine.load %buf[0] : memref<16xf32, 2>
    "use"(%v, %o) : (f32, index) -> ()
    memref.dealloc %tag : memref<1xi32>
    memref.dealloc %buf : memref<16xf32, 2>
  }
  return
}

// -----

// Symbolic bounds with a constant trip count: the prologue's IV is the lower bound.
// CHECK-DAG: #[[$ID:.*]] = affine_map<()[s0] -> (s0)>
// CHECK-DAG: #[[$PLUS1:.*]] = affine_map<()[s0] -> (s0 + 1)>
// CHECK-DAG: #[[$PLUS3:.*]] = affine_map<()[s0] -> (s0 + 3)>
// CHECK-LABEL: func.func @symbolic(
// CHECK-SAME:    %[[A:.*]]: memref<?xf32>, %[[S:.*]]: index) {
// CHECK:         %[[F:.*]] = affine.apply #[[$ID]]()[%[[S]]]
// CHECK-NEXT:    affine.dma_start %[[A]][%[[F]]], %{{.*}}[%[[F]] mod 2, 0], %{{.*}}[%[[F]] mod 2, 0]
// CHECK-NEXT:    affine.for %[[I:.*]] = #[[$PLUS1]]()[%[[S]]] to #[[$PLUS3]]()[%[[S]]] {
// CHECK-NEXT:      affine.dma_start %[[A]][%[[I]]]
// CHECK:         }
// CHECK-NEXT:    %[[E:.*]] = affine.apply #[[$PLUS3]]()[%[[S]]]
// CHECK-NEXT:    %[[P:.*]] = affine.apply #{{.*}}(%[[E]])
// CHECK:         affine.dma_wait %{{.*}}[%[[P]] mod 2, 0]
// CHECK-NEXT:    "use"(%[[P]]) : (index) -> ()
func.func @symbolic(%A: memref<?xf32>, %N: index) {
  %buf = memref.alloc() : memref<8xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %n = arith.constant 8 : index
  affine.for %i = %N to affine_map<()[s0] -> (s0 + 3)>()[%N] {
    affine.dma_start %A[%i], %buf[0], %tag[%c0], %n : memref<?xf32>, memref<8xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    "use"(%i) : (index) -> ()
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<8xf32, 1>
  return
}

// -----

// Loops left alone. mlir-opt 22 leaves a dead double buffer before the first loop, and
// doubles the buffer but not the tag of the second; Lattice changes neither.
// CHECK-LABEL: func.func @escaping_tag(
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    arith.constant 512 : index
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloc() : memref<32xf32, 1>
// CHECK-NEXT:    %[[TAG:.*]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.dma_start %{{.*}}[0], %[[BUF]][0], %[[TAG]][%{{.*}}], %{{.*}} : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
// CHECK-NEXT:      affine.dma_wait %[[TAG]]
// CHECK-NEXT:      "foo"(%[[TAG]])
// CHECK-NEXT:    }
// REMARK: pipeline-data-transfer.mlir:[[@LINE+6]]:3: remark: loop not pipelined: a DMA buffer or tag has a use that is not an affine access ('foo')
func.func @escaping_tag(%A: memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 512 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 16 {
    affine.dma_start %A[0], %buf[0], %tag[%c0], %n : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    "foo"(%tag) : (memref<1xi32>) -> ()
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// A tag waited on after the loop: doubling it would leave that wait on a tag no DMA
// signals.
// CHECK-LABEL: func.func @tag_waited_after_loop(
// CHECK:         affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:      affine.dma_start %{{.*}}[0], %{{.*}}[0], %{{.*}}[%{{.*}}], %{{.*}} : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
// REMARK: pipeline-data-transfer.mlir:[[@LINE+6]]:3: remark: loop not pipelined: a DMA tag is used outside the loop
func.func @tag_waited_after_loop(%A: memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 512 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 16 {
    affine.dma_start %A[0], %buf[0], %tag[%c0], %n : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    %v = affine.load %buf[0] : memref<32xf32, 1>
    "use"(%v) : (f32) -> ()
  }
  affine.dma_wait %tag[%c0], %n : memref<1xi32>
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// The element count is loaded in the body: the DMA cannot start an iteration early.
// CHECK-LABEL: func.func @count_computed_in_body(
// CHECK:         affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      affine.dma_start %{{.*}}[0], %{{.*}}[0], %{{.*}}[%{{.*}}], %{{.*}} : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
// REMARK: pipeline-data-transfer.mlir:[[@LINE+5]]:3: remark: loop not pipelined: a DMA start reads a value computed in the loop body
func.func @count_computed_in_body(%A: memref<512xf32>, %counts: memref<16xindex>) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 16 {
    %n = affine.load %counts[%i] : memref<16xindex>
    affine.dma_start %A[0], %buf[0], %tag[%c0], %n : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    %v = affine.load %buf[0] : memref<32xf32, 1>
    "use"(%v) : (f32) -> ()
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// An unknown trip count.
// CHECK-LABEL: func.func @unknown_trip_count(
// CHECK:         affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:      affine.dma_start %{{.*}}[0], %{{.*}}[0], %{{.*}}[%{{.*}}], %{{.*}} : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
// REMARK: pipeline-data-transfer.mlir:[[@LINE+6]]:3: remark: loop not pipelined: the trip count is not constant
func.func @unknown_trip_count(%A: memref<512xf32>, %N: index) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 512 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to %N {
    affine.dma_start %A[0], %buf[0], %tag[%c0], %n : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    %v = affine.load %buf[0] : memref<32xf32, 1>
    "use"(%v) : (f32) -> ()
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}

// A loop with iter_args.
// CHECK-LABEL: func.func @iter_args(
// CHECK:         affine.for %{{.*}} = 0 to 16 iter_args(
// CHECK-NEXT:      affine.dma_start %{{.*}}[0], %{{.*}}[0], %{{.*}}[%{{.*}}], %{{.*}} : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
// REMARK: pipeline-data-transfer.mlir:[[@LINE+7]]:8: remark: loop not pipelined: the loop has iter_args
// REMARK-NOT: remark
func.func @iter_args(%A: memref<512xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %n = arith.constant 512 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %r = affine.for %i = 0 to 16 iter_args(%acc = %init) -> f32 {
    affine.dma_start %A[0], %buf[0], %tag[%c0], %n : memref<512xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    %v = affine.load %buf[0] : memref<32xf32, 1>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return %r : f32
}

// -----

// A tag shared by two DMAs is doubled once (mlir-opt 22 doubles it once per DMA, to
// memref<2x2x2xi32> indexed [i mod 2, i mod 2, ...]); waits before the loads, in any order.
// CHECK-LABEL: func.func @shared_tag(
// CHECK:         %[[TAG:.*]] = memref.alloc() : memref<2x2xi32>
// CHECK:         affine.dma_start %{{.*}}, %[[TAG]][%{{.*}} mod 2, 0], %{{.*}} : memref<256xf32>, memref<2x32xf32, 1>, memref<2x2xi32>
// CHECK-NEXT:    affine.dma_start %{{.*}}, %[[TAG]][%{{.*}} mod 2, 1], %{{.*}}, %{{.*}}, %{{.*}} : memref<256xf32>, memref<2x32xf32, 1>, memref<2x2xi32>
// CHECK-NEXT:    affine.for %[[I:.*]] = 1 to 4 {
// CHECK-NEXT:      affine.dma_start %{{.*}}[%[[I]]], %{{.*}}[%[[I]] mod 2, 0], %[[TAG]][%[[I]] mod 2, 0]
// CHECK-NEXT:      affine.dma_start %{{.*}}[%[[I]]], %{{.*}}[%[[I]] mod 2, 0], %[[TAG]][%[[I]] mod 2, 1]
// CHECK-NEXT:      %[[P:.*]] = affine.apply
// CHECK-COUNT-3:   affine.apply
// CHECK-NEXT:      affine.dma_wait %[[TAG]][%[[P]] mod 2, 1]
// CHECK-NEXT:      affine.dma_wait %[[TAG]][%[[P]] mod 2, 0]
// CHECK:         memref.dealloc %[[TAG]] : memref<2x2xi32>
func.func @shared_tag(%A: memref<256xf32>, %B: memref<256xf32>) {
  %b1 = memref.alloc() : memref<32xf32, 1>
  %b2 = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<2xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 32 : index
  affine.for %i = 0 to 4 {
    affine.dma_start %A[%i], %b1[0], %tag[%c0], %n : memref<256xf32>, memref<32xf32, 1>, memref<2xi32>
    affine.dma_start %B[%i], %b2[0], %tag[%c1], %n, %n, %n : memref<256xf32>, memref<32xf32, 1>, memref<2xi32>
    affine.dma_wait %tag[%c1], %n : memref<2xi32>
    affine.dma_wait %tag[%c0], %n : memref<2xi32>
    %v = affine.load %b1[0] : memref<32xf32, 1>
    %w = affine.load %b2[0] : memref<32xf32, 1>
    "use"(%v, %w) : (f32, f32) -> ()
  }
  memref.dealloc %tag : memref<2xi32>
  memref.dealloc %b1 : memref<32xf32, 1>
  memref.dealloc %b2 : memref<32xf32, 1>
  return
}
