// RUN: lattice opt %s --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=65536 l3-ways=16 l3-sharers=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=65536 l3-ways=16 l3-sharers=1" | FileCheck %s --check-prefix=TILED
// RUN: lattice opt %s --machine=medium --poly-schedule="order-cost=false remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=KEPT
// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=65536 l3-ways=16 l3-sharers=1" | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --poly-schedule="order-cost=false time-tile=always tile-sizes=5,64" | FileCheck %s --check-prefix=OUT

// jacobi-1d (examples/jacobi_1d.mlir on 4096 points, 64 time steps): the skewed band
// (t, 2t + i) has one space member, so a time tile tiles it too, in long rows: with a
// 16 KB L2, two time steps of 512 points (2 arrays, 8256 B) fit and 1024 would not;
// all 64 time steps have the fewest bytes brought into L2 per point (0.31 B). With the
// 64 KB, 16-way L3 given here (one CPU), a time step (64 KB) loses about half of its
// lines before the next step reuses them (lines per set Poisson with mean 16, more than
// 16 in a set evict each other), 8.54 B per point from memory, where the time tiles
// read the grid once per 64 steps (0.25 B): time-tiled. With the machine's caches a step
// stays in the cache and the unskewed schedule is kept.
// REMARK: remark: time-tiled: chose the skewed schedule ({{.*}}) over the unskewed one: one time step touches 65536 B, reused one step later: 53.3% of its lines are evicted from the last-level cache (65536 B, 16 ways shared by 1 CPU: 16 ways of each set its own) by then, so the unskewed schedule brings 8.54 B per point from memory, time tiles 0.25 B
// REMARK-SAME: time tiles [64, 512] for [%t, (%t, %i ({{[0-9]+}}:5, {{[0-9]+}}:5))] (cost): the largest space size whose two time steps fit L2 (8256 B <= 16384 B
// REMARK-SAME: a 1-D band: its space member (%t, %i ({{[0-9]+}}:5, {{[0-9]+}}:5)) is tiled in long vector rows
// KEPT: remark: kept the unskewed schedule (no time tiling): one time step touches 65536 B, reused one step later: {{[0-9.]+}}% of its lines are evicted
// KEPT-SAME: no skewed candidate computed
// Inside a tile each statement gets its own loop over the row (B's, then A's one
// behind): in one loop LLVM did not vectorize them (jacobi-1d 8M points ran 0.53x of
// program order time-tiled that way, 2.75x now).
// TILED-LABEL: func.func @kernel_jacobi_1d
// TILED:       affine.for %{{.*}} = 0 to {{[0-9]+}} {
// TILED-NEXT:    affine.for %{{.*}} = max
// TILED-NEXT:      affine.for %[[I:.*]] = max
// TILED-NOT:         affine.if
// TILED-NOT:         affine.store %{{.*}}, %arg0[
// TILED:             affine.store %{{.*}}, %arg1[
// TILED-NEXT:      }
// TILED-NEXT:      affine.for %[[I2:.*]] = max
// TILED-NOT:         affine.if
// TILED:             affine.store %{{.*}}, %arg0[
// TILED-NEXT:      }
// OUT: 3905.57

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_jacobi_1d(%A: memref<4096xf64> {llvm.noalias}, %B: memref<4096xf64> {llvm.noalias}) {
  %third = arith.constant 0.33333 : f64
  affine.for %t = 0 to 64 {
    affine.for %i = 1 to 4095 {
      %a0 = affine.load %A[%i - 1] : memref<4096xf64>
      %a1 = affine.load %A[%i] : memref<4096xf64>
      %a2 = affine.load %A[%i + 1] : memref<4096xf64>
      %s0 = arith.addf %a0, %a1 : f64
      %s1 = arith.addf %s0, %a2 : f64
      %v = arith.mulf %third, %s1 : f64
      affine.store %v, %B[%i] : memref<4096xf64>
    }
    affine.for %i = 1 to 4095 {
      %b0 = affine.load %B[%i - 1] : memref<4096xf64>
      %b1 = affine.load %B[%i] : memref<4096xf64>
      %b2 = affine.load %B[%i + 1] : memref<4096xf64>
      %s0 = arith.addf %b0, %b1 : f64
      %s1 = arith.addf %s0, %b2 : f64
      %v = arith.mulf %third, %s1 : f64
      affine.store %v, %A[%i] : memref<4096xf64>
    }
  }
  return
}

func.func @main() {
  %n = arith.constant 4096.0 : f64
  %A = memref.alloc() : memref<4096xf64>
  %B = memref.alloc() : memref<4096xf64>
  affine.for %i = 0 to 4096 {
    %sq = arith.muli %i, %i : index
    %i2 = affine.apply affine_map<(d0) -> ((d0 + 2) mod 4096)>(%sq)
    %i3 = affine.apply affine_map<(d0) -> ((d0 + 3) mod 4096)>(%sq)
    %x2 = arith.index_cast %i2 : index to i64
    %x3 = arith.index_cast %i3 : index to i64
    %f2 = arith.sitofp %x2 : i64 to f64
    %f3 = arith.sitofp %x3 : i64 to f64
    %a = arith.divf %f2, %n : f64
    %b = arith.divf %f3, %n : f64
    affine.store %a, %A[%i] : memref<4096xf64>
    affine.store %b, %B[%i] : memref<4096xf64>
  }

  func.call @kernel_jacobi_1d(%A, %B) : (memref<4096xf64>, memref<4096xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sa = affine.for %i = 0 to 4096 iter_args(%acc = %zero) -> (f64) {
    %v = affine.load %A[%i] : memref<4096xf64>
    %r = arith.addf %acc, %v : f64
    affine.yield %r : f64
  }
  %sum = affine.for %i = 0 to 4096 iter_args(%acc = %sa) -> (f64) {
    %v = affine.load %B[%i] : memref<4096xf64>
    %r = arith.addf %acc, %v : f64
    affine.yield %r : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %A : memref<4096xf64>
  memref.dealloc %B : memref<4096xf64>
  return
}
