// RUN: lattice opt %s --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=65536 l3-ways=16 l3-sharers=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=65536 l3-ways=16 l3-sharers=1" | FileCheck %s --check-prefix=TILED
// RUN: lattice opt %s --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=131072 l3-ways=16 l3-sharers=2 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=SHARED
// RUN: lattice opt %s --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=131072 l3-ways=16 l3-sharers=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=ALONE
// RUN: lattice opt %s --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=86000 l3-ways=16 l3-sharers=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=ESTIMATE
// RUN: lattice opt %s --poly-schedule="order-cost=false remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=KEPT-REMARK
// RUN: lattice opt %s --poly-schedule=order-cost=false | FileCheck %s --check-prefix=KEPT
// RUN: lattice opt %s --poly-schedule="order-cost=false time-tile=never l2-cache-size=16384 l3-cache-size=65536 l3-ways=16 l3-sharers=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=NEVER
// RUN: not lattice opt %s --poly-schedule="order-cost=false l3-sharers=0" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=65536 l3-ways=16 l3-sharers=1" | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --parallel-order=reverse --poly-schedule="order-cost=false l2-cache-size=16384 l3-cache-size=65536 l3-ways=16 l3-sharers=1 min-parallel-work=0" | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --poly-schedule="order-cost=false time-tile=always tile-sizes=4,8" | FileCheck %s --check-prefix=OUT

// Time tiling is chosen by cost (schedule.rs, schedule/time_tile.rs): jacobi-2d, 6 time
// steps of a 5-point stencil on 64 x 64 arrays ping-ponging between A and B. isl's
// schedule without coincidence maximization skews it into one permutable band
// (t, 2t + i, 2t + j); its innermost loop is unit-stride and carries only the
// dependence from the first statement to the second (forward in the body). One time
// step touches 2 x 32 KB, reused one step later. The unskewed schedule loses the part of
// it the last-level cache evicts in between: the step's 1024 lines fall into the cache's
// sets (Poisson), and a set that gets more lines than the ways the program keeps of it
// (l3-ways / l3-sharers) loses them all. Time tiles read the grid once per band of time
// steps, their halos shared with the tile before where it is still cached.
// - 64 KB, 16 ways, one CPU (64 sets, 16 lines per set on average): 53% evicted, the
//   unskewed schedule 9.09 B per point from memory, time tiles 3.11 B: time-tiled (only
//   the outer members: the rows stay whole);
// - 128 KB shared by 2 CPUs (8 ways each, 8 lines per set): as bad, time-tiled; the same
//   cache for one CPU (16 ways): 0.8% evicted, below one step in 6 (time tiles read the
//   grid at least once in the 6 steps): kept without computing the candidate;
// - 86000 B, one CPU: 17% evicted, 2.90 B per point, fewer than the time tiles' 3.11 B:
//   kept by the estimate;
// - the machine's caches: kept.

// REMARK: remark: time-tiled: chose the skewed schedule ({{.*}}) over the unskewed one: one time step touches 65536 B, reused one step later: 53.3% of its lines are evicted from the last-level cache (65536 B, 16 ways shared by 1 CPU: 16 ways of each set its own) by then, so the unskewed schedule brings 9.09 B per point from memory, time tiles 3.11 B (their halos shared with the tiles run before where those stay in the cache; estimate below)
// REMARK-SAME: each statement gets its own innermost loop: vectorizable); only the outer members are tiled, the innermost not skewed (each statement's row over its own loop's range)
// The sizes by cost: 8 rows (two time steps of 8 skewed rows, 14720 B, fit the 16 KB
// L2; 16 would not), all 6 time steps (the fewest bytes brought into L2 per point).
// Members by their source loops (skewed ones as combinations).
// REMARK-SAME: time tiles [6, 8, 73] for [%t, (%t, %i ({{[0-9]+}}:5, {{[0-9]+}}:5)), (%t, %j ({{[0-9]+}}:7, {{[0-9]+}}:7))] (cost): the largest space size whose two time steps fit L2 (14720 B <= 16384 B
// REMARK-SAME: the time size with the fewest bytes brought into L2 per band point (7.31 B: tiles of 25600 B and 3504 points; 12.60 B at 2 time steps); the innermost member (%t, %j ({{[0-9]+}}:7, {{[0-9]+}}:7)) is not tiled

// Each statement of a time step gets its own innermost loop (the row of B, then the
// row of A one behind), unguarded: in one loop the second statement would read what the
// first stored one iteration before, and LLVM does not vectorize that (store-to-load
// forwarding). The innermost member is not skewed (each row over its own range, 1 to
// 63, subscripts without the time skew): it is not tiled and each statement has its own
// loop, so only the order within one statement's row matters, which the skew does not
// change.
// TILED-LABEL: func.func @kernel_jacobi_2d
// TILED:       affine.for %[[J:.*]] = 1 to 63 {
// TILED-NOT:     affine.if
// TILED-NOT:     affine.store %{{.*}}, %arg0
// TILED:         affine.store %{{.*}}, %arg1[{{.*}}, %[[J]]]
// TILED-NEXT:  }
// TILED:       affine.for %[[J2:.*]] = 1 to 63 {
// TILED-NOT:     affine.if
// TILED-NOT:     affine.store %{{.*}}, %arg1
// TILED:         affine.store %{{.*}}, %arg0[{{.*}}, %[[J2]]]
// TILED-NEXT:  }

// SHARED: remark: time-tiled: chose the skewed schedule ({{.*}}) over the unskewed one: one time step touches 65536 B, reused one step later: 54.7% of its lines are evicted from the last-level cache (131072 B, 16 ways shared by 2 CPUs: 8 ways of each set its own)

// ALONE: remark: kept the unskewed schedule (no time tiling): one time step touches 65536 B, reused one step later: 0.8% of its lines are evicted from the last-level cache (131072 B, 16 ways shared by 1 CPU: 16 ways of each set its own) by then, no more than one in 6 (the time steps): time tiles, which bring the grid from memory at least once, would save no memory traffic; no skewed candidate computed

// ESTIMATE: remark: kept the unskewed schedule (no time tiling): one time step touches 65536 B, reused one step later: 17.0% of its lines are evicted from the last-level cache (86000 B, 16 ways shared by 1 CPU: 16 ways of each set its own) by then, so the unskewed schedule brings 2.90 B per point from memory, time tiles no fewer (3.11 B)

// KEPT-REMARK: remark: kept the unskewed schedule (no time tiling): one time step touches 65536 B, reused one step later: {{[0-9.]+}}% of its lines are evicted from the last-level cache

// KEPT-LABEL: func.func @kernel_jacobi_2d
// KEPT:       affine.for %{{.*}} = 0 to 6 {
// KEPT-NEXT:    affine.for %{{.*}} = 1 to 63 {
// KEPT-NEXT:      affine.for %{{.*}} = 1 to 63 {

// NEVER-NOT: time-tiled:
// NEVER-NOT: no time tiling

// BAD: option 'l3-sharers': expected an integer >= 1, got '0'

// OUT: 3876.64

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_jacobi_2d(%A: memref<64x64xf64> {llvm.noalias}, %B: memref<64x64xf64> {llvm.noalias}) {
  %fifth = arith.constant 0.2 : f64
  affine.for %t = 0 to 6 {
    affine.for %i = 1 to 63 {
      affine.for %j = 1 to 63 {
        %c = affine.load %A[%i, %j] : memref<64x64xf64>
        %w = affine.load %A[%i, %j - 1] : memref<64x64xf64>
        %e = affine.load %A[%i, %j + 1] : memref<64x64xf64>
        %s = affine.load %A[%i + 1, %j] : memref<64x64xf64>
        %n = affine.load %A[%i - 1, %j] : memref<64x64xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %B[%i, %j] : memref<64x64xf64>
      }
    }
    affine.for %i = 1 to 63 {
      affine.for %j = 1 to 63 {
        %c = affine.load %B[%i, %j] : memref<64x64xf64>
        %w = affine.load %B[%i, %j - 1] : memref<64x64xf64>
        %e = affine.load %B[%i, %j + 1] : memref<64x64xf64>
        %s = affine.load %B[%i + 1, %j] : memref<64x64xf64>
        %n = affine.load %B[%i - 1, %j] : memref<64x64xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %A[%i, %j] : memref<64x64xf64>
      }
    }
  }
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 64 : index
  %n = arith.constant 64.0 : f64
  %A = memref.alloc() : memref<64x64xf64>
  %B = memref.alloc() : memref<64x64xf64>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %j2 = arith.addi %j, %c2 : index
      %p2 = arith.muli %i, %j2 : index
      %w2 = arith.addi %p2, %c2 : index
      %v2 = arith.remsi %w2, %c128 : index
      %x2 = arith.index_cast %v2 : index to i64
      %f2 = arith.sitofp %x2 : i64 to f64
      %a = arith.divf %f2, %n : f64
      affine.store %a, %A[%i, %j] : memref<64x64xf64>
      %j3 = arith.addi %j, %c3 : index
      %p3 = arith.muli %i, %j3 : index
      %w3 = arith.addi %p3, %c3 : index
      %v3 = arith.remsi %w3, %c128 : index
      %x3 = arith.index_cast %v3 : index to i64
      %f3 = arith.sitofp %x3 : i64 to f64
      %b = arith.divf %f3, %n : f64
      affine.store %b, %B[%i, %j] : memref<64x64xf64>
    }
  }

  func.call @kernel_jacobi_2d(%A, %B) : (memref<64x64xf64>, memref<64x64xf64>) -> ()

  %zero = arith.constant 0.0 : f64
  %sa = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 64 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<64x64xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  %sum = affine.for %i = 0 to 64 iter_args(%acc = %sa) -> (f64) {
    %row = affine.for %j = 0 to 64 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %B[%i, %j] : memref<64x64xf64>
      %r = arith.addf %racc, %v : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()

  memref.dealloc %A : memref<64x64xf64>
  memref.dealloc %B : memref<64x64xf64>
  return
}
