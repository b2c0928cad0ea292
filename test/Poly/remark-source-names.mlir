// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true test-unchecked-mark=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=DROP
// RUN: lattice opt %s --split-input-file --poly-transform="parallel=true test-unchecked-mark=0 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=NOLOOP
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false remarks=true time-tile=never cache-size=32768 l2-cache-size=1048576" 2>&1 >/dev/null | FileCheck %s --check-prefix=TILE
// RUN: lattice opt %s --split-input-file --poly-schedule="order-cost=false remarks=true time-tile=never fuse=max cache-size=32768 l2-cache-size=1048576" 2>&1 >/dev/null | FileCheck %s --check-prefix=SHORT

// Remarks name loops by the SSA names of the source (`the loop %j at 3:5`), not only
// by op and position: the parser keeps each value's name in a side table for
// diagnostics.

// A parallel mark on j, which carries A[i, j] -> A[i, j + 1]: the remark that drops it
// sits at j and names it, not the SCoP's first op.
// DROP: remark-source-names.mlir:[[# @LINE + 4]]:5: remark: parallel mark dropped: the loop generated from the loop %j at [[@LINE+4]]:5 carries RAW from the store to %A at [[@LINE+6]]:7 to the load of %A at [[@LINE+5]]:12 (S0 -> S0), distance (0, 1); it is generated as a sequential affine.for
// NOLOOP-NOT: remark: {{.*}} the loop %i at [[@LINE+2]]:3
func.func @carry_inner(%A: memref<16x17xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<16x17xf32>
      affine.store %v, %A[%i, %j + 1] : memref<16x17xf32>
    }
  }
  return
}

// -----

// A parallel mark on t, which runs once: isl generates no loop for it, so nothing
// runs in parallel, and a remark says so (before, silently).
// NOLOOP: remark-source-names.mlir:[[# @LINE + 3]]:3: remark: parallel mark without a loop: the marked member, from the loop %t at [[@LINE+3]]:3, takes a single value wherever it runs, so no loop is generated for it and nothing runs in parallel
// DROP: remark-source-names.mlir:[[# @LINE + 3]]:5: remark: parallel mark dropped: the loop generated from the loop %i at [[@LINE+3]]:5 carries RAW
func.func @single(%A: memref<64xf32>) {
  affine.for %t = 0 to 1 {
    affine.for %i = 1 to 64 {
      %v = affine.load %A[%i - 1] : memref<64xf32>
      affine.store %v, %A[%i] : memref<64xf32>
    }
  }
  return
}

// -----

// The tile model's remark names band members by their loops, the member whose reuse
// sets a size too.
// TILE: remark: tile sizes [{{.*}}] (model): {{.*}}; %i: parallel, 4 tiles, %j: reuse of %i ({{[0-9]+}} B <= 32768 B), %k: innermost, carries a dependence: unrolled
func.func @matmul(%A: memref<256x256xf64>, %B: memref<256x256xf64>, %C: memref<256x256xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 256 {
        %a = affine.load %A[%i, %k] : memref<256x256xf64>
        %b = affine.load %B[%k, %j] : memref<256x256xf64>
        %c = affine.load %C[%i, %j] : memref<256x256xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<256x256xf64>
      }
    }
  }
  return
}

// -----

// Eleven loops fused into one band under t: the statements of the short-regions
// remark are listed in statement order (S9 before S11, not as text), and the member
// by the loops fused into it, in statement order.
// SHORT: remark: not parallel (short regions): coincident member 0 (%i0/%i2/%i3/%i4/%i5/%i6/%i7/%i8/%i9/%j) of the band of the statements of the store to %B at {{[0-9:]+}} (S0), the store to %B at {{[0-9:]+}} (S2), {{.*}} (S8), the store to %B at {{[0-9:]+}} (S9) and the store to %A at {{[0-9:]+}} (S11) lies inside a sequential loop
func.func @eleven(%A: memref<256xf64> {llvm.noalias}, %B: memref<11x256xf64> {llvm.noalias}) {
  affine.for %t = 0 to 8 {
    affine.for %i0 = 1 to 255 {
      %x0 = affine.load %A[%i0 - 1] : memref<256xf64>
      affine.store %x0, %B[0, %i0] : memref<11x256xf64>
    }
    affine.for %i1 = 1 to 255 {
      %x1 = affine.load %A[%i1 - 1] : memref<256xf64>
      affine.store %x1, %B[1, %i1] : memref<11x256xf64>
    }
    affine.for %i2 = 1 to 255 {
      %x2 = affine.load %A[%i2 - 1] : memref<256xf64>
      affine.store %x2, %B[2, %i2] : memref<11x256xf64>
    }
    affine.for %i3 = 1 to 255 {
      %x3 = affine.load %A[%i3 - 1] : memref<256xf64>
      affine.store %x3, %B[3, %i3] : memref<11x256xf64>
    }
    affine.for %i4 = 1 to 255 {
      %x4 = affine.load %A[%i4 - 1] : memref<256xf64>
      affine.store %x4, %B[4, %i4] : memref<11x256xf64>
    }
    affine.for %i5 = 1 to 255 {
      %x5 = affine.load %A[%i5 - 1] : memref<256xf64>
      affine.store %x5, %B[5, %i5] : memref<11x256xf64>
    }
    affine.for %i6 = 1 to 255 {
      %x6 = affine.load %A[%i6 - 1] : memref<256xf64>
      affine.store %x6, %B[6, %i6] : memref<11x256xf64>
    }
    affine.for %i7 = 1 to 255 {
      %x7 = affine.load %A[%i7 - 1] : memref<256xf64>
      affine.store %x7, %B[7, %i7] : memref<11x256xf64>
    }
    affine.for %i8 = 1 to 255 {
      %x8 = affine.load %A[%i8 - 1] : memref<256xf64>
      affine.store %x8, %B[8, %i8] : memref<11x256xf64>
    }
    affine.for %i9 = 1 to 255 {
      %x9 = affine.load %A[%i9 - 1] : memref<256xf64>
      affine.store %x9, %B[9, %i9] : memref<11x256xf64>
    }
    affine.for %i10 = 1 to 255 {
      %x10 = affine.load %A[%i10 - 1] : memref<256xf64>
      affine.store %x10, %B[10, %i10] : memref<11x256xf64>
    }
    affine.for %j = 1 to 255 {
      %b = affine.load %B[10, %j] : memref<11x256xf64>
      affine.store %b, %A[%j] : memref<256xf64>
    }
  }
  return
}
