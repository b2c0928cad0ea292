// RUN: lattice opt %s --split-input-file --affine-loop-fusion="shift=true" | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-loop-fusion="mode=sibling" | FileCheck %s --check-prefix=SIB
// RUN: lattice opt %s --split-input-file --affine-loop-fusion="shift=true remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --split-input-file --affine-loop-fusion="shift=false" | FileCheck %s --check-prefix=NOSHIFT
// The default never shifts, as mlir-opt 22.
// RUN: lattice opt %s --split-input-file --affine-loop-fusion | FileCheck %s --check-prefix=NOSHIFT
// RUN: lattice opt %s --split-input-file --affine-loop-fusion="shift=false remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=NOSHIFT-REMARK

// Producer-consumer: B is written by the first nest and read by the second; fused
// (as mlir-opt fuses it). `mode=sibling` leaves the pair alone.
// CHECK-LABEL: func.func @producer_consumer
// CHECK:       affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// SIB-LABEL:   func.func @producer_consumer
// SIB:         affine.for
// SIB:         affine.for
func.func @producer_consumer(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    %s = arith.addf %a, %a : f32
    affine.store %s, %B[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 64 {
    %b = affine.load %B[%i] : memref<64xf32>
    %m = arith.mulf %b, %b : f32
    affine.store %m, %C[%i] : memref<64xf32>
  }
  return
}

// -----

// The consumer reads B[i + 1], written by the producer one iteration later: fusing
// without shifting would read it too early, so the consumer is shifted by one
// iteration (the first and last iterations, where one nest runs alone, are peeled). mlir-opt 22 leaves the pair alone, and so does
// `shift=false`, with a remark naming the dependence.
// REMARK: loop-fusion.mlir:[[@LINE+22]]:3: remark: fused with a shift: this loop runs 1 iteration(s) late in the fused loop, as the dependence RAW from the store to %B at [[@LINE+20]]:5 to the load of %B at [[@LINE+23]]:10 (S0 -> S1) needs
// CHECK-LABEL: func.func @shifted
// CHECK:       %[[A0:.*]] = affine.load %{{.*}}[0]
// CHECK-NEXT:  affine.store %[[A0]], %[[B:.*]][0]
// CHECK-NEXT:  affine.for %[[T:.*]] = 1 to 63 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[T]]]
// CHECK-NEXT:    affine.store %{{.*}}, %[[B]][%[[T]]]
// CHECK-NEXT:    affine.load %[[B]][%[[T]]]
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[T]] - 1]
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.load %[[B]][63]
// CHECK-NEXT:  affine.store %{{.*}}, %{{.*}}[62]
// CHECK-NEXT:  return
// NOSHIFT-REMARK: remark: not fused: fusion would violate the dependence RAW from the store to %B at [[@LINE+7]]:5 to the load of %B at [[@LINE+10]]:10 (S0 -> S1)
// NOSHIFT-LABEL: func.func @shifted
// NOSHIFT:       affine.for
// NOSHIFT:       affine.for
func.func @shifted(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 0 to 63 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 63 {
    %b = affine.load %B[%i + 1] : memref<64xf32>
    affine.store %b, %C[%i] : memref<64xf32>
  }
  return
}

// -----

// Siblings: both nests read A and nothing flows between them.
// CHECK-LABEL: func.func @siblings
// CHECK:       affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    affine.store
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// SIB-LABEL:   func.func @siblings
// SIB:         affine.for
// SIB-NOT:     affine.for
func.func @siblings(%A: memref<64xf32>, %B: memref<64xf32>, %C: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %C[%i] : memref<64xf32>
  }
  return
}
