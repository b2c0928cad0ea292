// RUN: lattice opt %s --machine=medium --poly-schedule="order-cost=false remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=REM
// RUN: lattice opt %s --machine=medium --poly-schedule="order-cost=false" | FileCheck %s

// Matrix-vector products (PolyBench's gesummv, atax, bicg) stream their matrix once from
// beyond L2. Tiles help them only where the code they make runs faster, not for reuse.

// Two mat-vecs in one nest (gesummv): the reduction loop %j carries the sums. Strips of it
// (unrolled, with the loop %i above vectorized) would load A[i][j] and B[i][j] one lane at
// a time along %i, each lane a line of another row from beyond L2 (16 MB): two strided
// arrays cost more than the sums' dependence chain, so %j stays whole and the band
// untiled, in program order (2.3x slower in strips at 1300²).
// REM: remark: not tiled (model): {{.*}} %j: innermost, carries a dependence, strips would not pay: the band's data lies beyond L2 and the loop above them would load strided lanes of more than one array it streams, more cycles than the whole loop's dependence chain costs: whole
// CHECK-LABEL: func.func @two_matvecs
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (1024) {
// CHECK: affine.for %[[J:.*]] = 0 to 1024 {
// CHECK: affine.load %{{.*}}[%[[I]], %[[J]]]
func.func @two_matvecs(%A: memref<1024x1024xf64>, %B: memref<1024x1024xf64>, %x: memref<1024xf64>, %tmp: memref<1024xf64>, %y: memref<1024xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to 1024 {
    affine.store %z, %tmp[%i] : memref<1024xf64>
    affine.store %z, %y[%i] : memref<1024xf64>
    affine.for %j = 0 to 1024 {
      %a = affine.load %A[%i, %j] : memref<1024x1024xf64>
      %xa = affine.load %x[%j] : memref<1024xf64>
      %p = arith.mulf %a, %xa : f64
      %t = affine.load %tmp[%i] : memref<1024xf64>
      %s = arith.addf %p, %t : f64
      affine.store %s, %tmp[%i] : memref<1024xf64>
      %b = affine.load %B[%i, %j] : memref<1024x1024xf64>
      %xb = affine.load %x[%j] : memref<1024xf64>
      %q = arith.mulf %b, %xb : f64
      %u = affine.load %y[%i] : memref<1024xf64>
      %v = arith.addf %q, %u : f64
      affine.store %v, %y[%i] : memref<1024xf64>
    }
  }
  return
}

// The same at 128 x 128 (256 KB, in L2): the lanes are cheap, the strips stay (gesummv
// at 250² ran 1.6x faster in strips).
// REM: remark: tile sizes [32, 32] (model): {{.*}} %i4: parallel, 4 tiles, %j4: innermost, carries a dependence: unrolled
func.func @two_matvecs_in_l2(%A: memref<128x128xf64>, %B: memref<128x128xf64>, %x: memref<128xf64>, %tmp: memref<128xf64>, %y: memref<128xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i4 = 0 to 128 {
    affine.store %z, %tmp[%i4] : memref<128xf64>
    affine.store %z, %y[%i4] : memref<128xf64>
    affine.for %j4 = 0 to 128 {
      %a = affine.load %A[%i4, %j4] : memref<128x128xf64>
      %xa = affine.load %x[%j4] : memref<128xf64>
      %p = arith.mulf %a, %xa : f64
      %t = affine.load %tmp[%i4] : memref<128xf64>
      %s = arith.addf %p, %t : f64
      affine.store %s, %tmp[%i4] : memref<128xf64>
      %b = affine.load %B[%i4, %j4] : memref<128x128xf64>
      %xb = affine.load %x[%j4] : memref<128xf64>
      %q = arith.mulf %b, %xb : f64
      %u = affine.load %y[%i4] : memref<128xf64>
      %v = arith.addf %q, %u : f64
      affine.store %v, %y[%i4] : memref<128xf64>
    }
  }
  return
}

// One mat-vec (atax's first nest): one strided array along %i costs less than the chain,
// so the strips stay (1.4x faster than whole rows at 1900 x 2100).
// REM: remark: tile sizes [{{.*}}, 32] (model): {{.*}} %i2: parallel, 4 tiles, %j2: innermost, carries a dependence: unrolled
func.func @one_matvec(%A: memref<1024x1024xf64>, %x: memref<1024xf64>, %tmp: memref<1024xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i2 = 0 to 1024 {
    affine.store %z, %tmp[%i2] : memref<1024xf64>
    affine.for %j2 = 0 to 1024 {
      %t = affine.load %tmp[%i2] : memref<1024xf64>
      %a = affine.load %A[%i2, %j2] : memref<1024x1024xf64>
      %xa = affine.load %x[%j2] : memref<1024xf64>
      %p = arith.mulf %a, %xa : f64
      %s = arith.addf %t, %p : f64
      affine.store %s, %tmp[%i2] : memref<1024xf64>
    }
  }
  return
}

// A product and a transposed product sharing the matrix (bicg): s[j] is reused by every
// row %i3, but two rows of A with s and p (33 KB) stay in L2 untiled, and A (8 MB) streams from
// memory whatever the order: column strips that keep s in L1 would only cut A's rows
// (1.25x slower at 2100 x 1900 in two strips, 1.43x in four). The band stays untiled.
// REM: remark: not tiled (model): the band streams an array it touches once, and the reuse of %i3 stays in L2 untiled (two iterations: 33 KB of 1024 KB): tiles for L1 would only cut the stream's rows
// CHECK-LABEL: func.func @matvec_and_transposed
// CHECK: affine.for %[[I3:.*]] = 0 to 1024 {
// CHECK: affine.for %[[J3:.*]] = 0 to 1024 {
// CHECK-NOT: affine.for
// CHECK: return
func.func @matvec_and_transposed(%A: memref<1024x1024xf64>, %s: memref<1024xf64>, %q: memref<1024xf64>, %p: memref<1024xf64>, %r: memref<1024xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i3 = 0 to 1024 {
    affine.store %z, %q[%i3] : memref<1024xf64>
    affine.for %j3 = 0 to 1024 {
      %sv = affine.load %s[%j3] : memref<1024xf64>
      %rv = affine.load %r[%i3] : memref<1024xf64>
      %a = affine.load %A[%i3, %j3] : memref<1024x1024xf64>
      %m = arith.mulf %rv, %a : f64
      %n = arith.addf %sv, %m : f64
      affine.store %n, %s[%j3] : memref<1024xf64>
      %qv = affine.load %q[%i3] : memref<1024xf64>
      %a2 = affine.load %A[%i3, %j3] : memref<1024x1024xf64>
      %pv = affine.load %p[%j3] : memref<1024xf64>
      %m2 = arith.mulf %a2, %pv : f64
      %n2 = arith.addf %qv, %m2 : f64
      affine.store %n2, %q[%i3] : memref<1024xf64>
    }
  }
  return
}
