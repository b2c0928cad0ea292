// RUN: lattice opt %s --split-input-file --affine-loop-fusion="maximal shift=true" | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-loop-fusion="shift=true" | FileCheck %s --check-prefix=DEFAULT
// RUN: lattice opt %s --split-input-file --affine-loop-fusion="maximal shift=true remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Fusion with a shift: C[i] reads B[i - 1] and B[i + 1], so the consumer runs one
// iteration late in the fused loop (the same schedule poly-schedule{fuse=max} finds);
// the first iterations, where only the producer runs, are peeled rather than guarded.
// The loops' bounds differ, so only `maximal` fuses them.
// REMARK: loop-fusion-shift.mlir:[[@LINE+26]]:3: remark: fused with a shift: this loop runs 1 iteration(s) late in the fused loop, as the dependence RAW from the store to %B at [[@LINE+24]]:5 to the load of %B at [[@LINE+28]]:10 (S0 -> S1) needs
// CHECK-LABEL: func.func @shift
// CHECK:       affine.for %[[P:.*]] = 0 to 2 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[P]]]
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[P]]]
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %[[I:.*]] = 2 to 64 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]] - 2]
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]] - 1]
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// DEFAULT-LABEL: func.func @shift
// DEFAULT:       affine.for
// DEFAULT:       affine.for
func.func @shift(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %m = arith.mulf %a, %a : f64
    affine.store %m, %B[%i] : memref<64xf64>
  }
  affine.for %i = 1 to 63 {
    %l = affine.load %B[%i - 1] : memref<64xf64>
    %r = affine.load %B[%i + 1] : memref<64xf64>
    %s = arith.addf %l, %r : f64
    affine.store %s, %C[%i] : memref<64xf64>
  }
  return
}

// -----

// Two levels: the read of B[i + 1, j] needs the outer shift; with it, the read of
// B[i, j + 1] comes from an earlier outer iteration, so the inner loops fuse unshifted.
// Same bounds: the default mode fuses too.
// REMARK: loop-fusion-shift.mlir:[[@LINE+42]]:3: remark: fused with a shift: this loop runs 1 iteration(s) late in the fused loop, as the dependence RAW from the store to %B at [[@LINE+39]]:7 to the load of %B at [[@LINE+45]]:12 (S0 -> S1) needs
// CHECK-LABEL: func.func @two_level
// CHECK:       affine.for %[[J0:.*]] = 0 to 63 {
// CHECK-NEXT:    affine.load %{{.*}}[0, %[[J0]]]
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %[[I:.*]] = 1 to 63 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 63 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]] - 1, %[[J]] + 1]
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]] - 1, %[[J]]]
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for %[[J2:.*]] = 0 to 63 {
// CHECK-NEXT:    affine.load %{{.*}}[62, %[[J2]] + 1]
// CHECK-NEXT:    affine.load %{{.*}}[63, %[[J2]]]
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[62, %[[J2]]]
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// DEFAULT-LABEL: func.func @two_level
// DEFAULT:       affine.for
// DEFAULT-NEXT:    affine.load
// DEFAULT:       affine.for
// DEFAULT-NEXT:    affine.for
// DEFAULT-NEXT:      affine.load
// DEFAULT-NEXT:      affine.store
// DEFAULT-NEXT:      affine.load
// DEFAULT:       affine.for
// DEFAULT-NEXT:    affine.load
// DEFAULT-NOT:   affine.for
// DEFAULT:       return
func.func @two_level(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 63 {
    affine.for %j = 0 to 63 {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %a, %B[%i, %j] : memref<64x64xf32>
    }
  }
  affine.for %i = 0 to 63 {
    affine.for %j = 0 to 63 {
      %b = affine.load %B[%i, %j + 1] : memref<64x64xf32>
      %c = affine.load %B[%i + 1, %j] : memref<64x64xf32>
      %s = arith.addf %b, %c : f32
      affine.store %s, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// -----

// The consumer reads B backwards over a symbolic range: the distance is unbounded, no
// constant shift helps, and the pair is refused with the dependence named.
// REMARK: loop-fusion-shift.mlir:[[@LINE+9]]:3: remark: not fused: fusion would violate the dependence RAW from the store to %B at [[@LINE+7]]:5 to the load of %B at [[@LINE+10]]:10 (S0 -> S1), and no constant shift of this loop avoids it
// CHECK-LABEL: func.func @reversed
// CHECK:       affine.for
// CHECK:       affine.for
func.func @reversed(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    %a = affine.load %A[%i] : memref<?xf32>
    affine.store %a, %B[%i] : memref<?xf32>
  }
  affine.for %i = 0 to %n {
    %b = affine.load %B[symbol(%n) - %i - 1] : memref<?xf32>
    affine.store %b, %C[%i] : memref<?xf32>
  }
  return
}
