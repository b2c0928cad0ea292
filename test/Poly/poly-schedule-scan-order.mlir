// RUN: lattice opt %s --poly-schedule="order-cost=false cache-size=32768 l2-cache-size=65536 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=MODEL
// RUN: lattice opt %s --poly-schedule="order-cost=false cache-size=32768 l2-cache-size=65536" | FileCheck %s
// RUN: lattice run %s | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s --poly-schedule="order-cost=false cache-size=32768 l2-cache-size=65536" --threads 1 | FileCheck %s --check-prefix=OUT

// Scans with carried dependences (summed-area's shape, and edit distance's 2-D
// recurrence): the scheduler keeps the program's loop order.
// - Row scan T[i][j] += T[i][j-1]: the carried j starts at 1, so tiles of 32 (isl's
//   start at multiples of 32) would have no constant trip count to unroll; j stays
//   whole and the band untiled (tiled [256, 32] it ran 3-10x slower).
// - Column scan T[i][j] += T[i-1][j]: isl puts the parallel j outermost and the carried,
//   row-strided i innermost (17x slower); j moves back innermost (unit stride).
// - D[i+1][j+1] from D[i][j+1] and D[i+1][j]: no parallel member, and 96800 B of data,
//   more than half of the 64 KiB L2 given: the carried j (from 0, 120 iterations) is not
//   cut into unrolled strips, each of which would stream D again (edit distance: 1.2-1.9x
//   slower than the rows).

// MODEL-DAG: remark: not tiled (model): {{.*}}%j_r: innermost, carries a dependence, starts at 1: whole (tiles of it would have no constant trip count to unroll)
// MODEL-DAG: remark: moved member 0 (%j_c) of the band of the statement of the store to %T at {{[0-9]+}}:7 (S1) innermost: the innermost member 1 (%i_c) carries a dependence and strides by more than one element in all 3 accesses it moves
// MODEL-DAG: remark: not tiled (model): {{.*}}%j_d: innermost, carries a dependence, no parallel member in a band whose data exceeds half of L2: whole

// CHECK-LABEL: func.func @scans
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (128) {
// CHECK-NEXT: affine.for %[[J:.*]] = 1 to 160 {
// CHECK: affine.for %[[I2:.*]] = 1 to 128 {
// CHECK-NEXT: affine.for %[[J2:.*]] = 0 to 160 {
// CHECK-NEXT: affine.load %{{.*}}[%[[I2]] - 1, %[[J2]]]
// CHECK-LABEL: func.func @recurrence
// CHECK: affine.for %[[I3:.*]] = 0 to 99 {
// CHECK-NEXT: affine.for %[[J3:.*]] = 0 to 120 {
// CHECK-NEXT: affine.load %{{.*}}[%[[I3]], %[[J3]] + 1]
// OUT: 1.01375e+10
// OUT-NEXT: 470217

func.func private @printF64(f64)
func.func private @printNewline()

func.func @scans(%T: memref<128x160xf64> {llvm.noalias}) {
  affine.for %i_r = 0 to 128 {
    affine.for %j_r = 1 to 160 {
      %a = affine.load %T[%i_r, %j_r - 1] : memref<128x160xf64>
      %b = affine.load %T[%i_r, %j_r] : memref<128x160xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %T[%i_r, %j_r] : memref<128x160xf64>
    }
  }
  affine.for %i_c = 1 to 128 {
    affine.for %j_c = 0 to 160 {
      %a = affine.load %T[%i_c - 1, %j_c] : memref<128x160xf64>
      %b = affine.load %T[%i_c, %j_c] : memref<128x160xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %T[%i_c, %j_c] : memref<128x160xf64>
    }
  }
  return
}

func.func @recurrence(%D: memref<100x121xf64> {llvm.noalias}) {
  affine.for %i_d = 0 to 99 {
    affine.for %j_d = 0 to 120 {
      %a = affine.load %D[%i_d, %j_d + 1] : memref<100x121xf64>
      %b = affine.load %D[%i_d + 1, %j_d] : memref<100x121xf64>
      %s = arith.addf %a, %b : f64
      %h = arith.constant 0.5 : f64
      %m = arith.mulf %s, %h : f64
      affine.store %m, %D[%i_d + 1, %j_d + 1] : memref<100x121xf64>
    }
  }
  return
}

// Sums of every element after the kernels, on inputs T[i][j] = D[i][j] = i + j.
func.func @main() {
  %T = memref.alloc() : memref<128x160xf64>
  %D = memref.alloc() : memref<100x121xf64>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 160 {
      %k = arith.addi %i, %j : index
      %ki = arith.index_cast %k : index to i64
      %v = arith.sitofp %ki : i64 to f64
      affine.store %v, %T[%i, %j] : memref<128x160xf64>
    }
  }
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 121 {
      %k = arith.addi %i, %j : index
      %ki = arith.index_cast %k : index to i64
      %v = arith.sitofp %ki : i64 to f64
      affine.store %v, %D[%i, %j] : memref<100x121xf64>
    }
  }
  call @scans(%T) : (memref<128x160xf64>) -> ()
  call @recurrence(%D) : (memref<100x121xf64>) -> ()
  %z = arith.constant 0.0 : f64
  %st = affine.for %i = 0 to 128 iter_args(%a = %z) -> (f64) {
    %r = affine.for %j = 0 to 160 iter_args(%b = %a) -> (f64) {
      %v = affine.load %T[%i, %j] : memref<128x160xf64>
      %s = arith.addf %b, %v : f64
      affine.yield %s : f64
    }
    affine.yield %r : f64
  }
  call @printF64(%st) : (f64) -> ()
  call @printNewline() : () -> ()
  %sd = affine.for %i = 0 to 100 iter_args(%a = %z) -> (f64) {
    %r = affine.for %j = 0 to 121 iter_args(%b = %a) -> (f64) {
      %v = affine.load %D[%i, %j] : memref<100x121xf64>
      %s = arith.addf %b, %v : f64
      affine.yield %s : f64
    }
    affine.yield %r : f64
  }
  call @printF64(%sd) : (f64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %T : memref<128x160xf64>
  memref.dealloc %D : memref<100x121xf64>
  return
}
