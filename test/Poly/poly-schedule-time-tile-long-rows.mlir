// RUN: lattice opt %s --poly-schedule="l2-cache-size=1048576 l3-cache-size=1048576 l3-ways=16 l3-sharers=1 remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --poly-schedule="l2-cache-size=1048576 l3-cache-size=1048576 l3-ways=16 l3-sharers=1" | FileCheck %s --check-prefix=CODE
// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --poly-schedule="l2-cache-size=1048576 l3-cache-size=1048576 l3-ways=16 l3-sharers=1" | FileCheck %s --check-prefix=OUT

// Time tiles of rows longer than the tile model's trip-count cap (4096): jacobi-2d on
// 16 x 5000 arrays, 4 time steps (one step touches 2 x 640000 B, and 82% of its lines
// are evicted from the 1 MB, 16-way last-level cache given here before the next step). The skewed band's innermost member runs 5005
// values: time tiling profiles the band with every bounded trip count
// (`tile_model::band_profile_up_to`), so its sizes come from the cost estimate
// (`(cost)`, whole rows of 5005) and the remark quotes the per-point traffic; with the
// capped profile the trip count was unknown and the L2 model chose the sizes (jacobi-2d
// 4096 x 4096 measured 2.49x of program order with the estimate's [20, 8], 2.31x with
// the L2 model's [20, 248]).

// REMARK: remark: time-tiled: chose the skewed schedule ({{.*}}) over the unskewed one: one time step touches 1280000 B, reused one step later: 81.8% of its lines are evicted from the last-level cache (1048576 B, 16 ways shared by 1 CPU: 16 ways of each set its own) by then, so the unskewed schedule brings 14.96 B per point from memory, time tiles 6.54 B
// REMARK-SAME: time tiles [4, 8, 5005] for [%t, (%t, %i ({{[0-9]+}}:5, {{[0-9]+}}:5)), (%t, %j ({{[0-9]+}}:7, {{[0-9]+}}:7))] (cost): the largest space size whose two time steps fit L2 (961664 B <= 1048576 B

// CODE-LABEL: func.func @kernel_jacobi_2d
// CODE:       affine.for %[[J:.*]] = 1 to 4999 {
// CODE-NOT:     affine.if
// CODE:         affine.store %{{.*}}, %arg1[{{.*}}, %[[J]]]
// CODE-NEXT:  }
// CODE:       affine.for %[[J2:.*]] = 1 to 4999 {
// CODE-NOT:     affine.if
// CODE:         affine.store %{{.*}}, %arg0[{{.*}}, %[[J2]]]
// CODE-NEXT:  }

// OUT: 69834.6

func.func private @printF64(f64)
func.func private @printNewline()

func.func @kernel_jacobi_2d(%A: memref<16x5000xf64> {llvm.noalias}, %B: memref<16x5000xf64> {llvm.noalias}) {
  %fifth = arith.constant 0.2 : f64
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 15 {
      affine.for %j = 1 to 4999 {
        %c = affine.load %A[%i, %j] : memref<16x5000xf64>
        %w = affine.load %A[%i, %j - 1] : memref<16x5000xf64>
        %e = affine.load %A[%i, %j + 1] : memref<16x5000xf64>
        %s = affine.load %A[%i + 1, %j] : memref<16x5000xf64>
        %n = affine.load %A[%i - 1, %j] : memref<16x5000xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %B[%i, %j] : memref<16x5000xf64>
      }
    }
    affine.for %i = 1 to 15 {
      affine.for %j = 1 to 4999 {
        %c = affine.load %B[%i, %j] : memref<16x5000xf64>
        %w = affine.load %B[%i, %j - 1] : memref<16x5000xf64>
        %e = affine.load %B[%i, %j + 1] : memref<16x5000xf64>
        %s = affine.load %B[%i + 1, %j] : memref<16x5000xf64>
        %n = affine.load %B[%i - 1, %j] : memref<16x5000xf64>
        %s0 = arith.addf %c, %w : f64
        %s1 = arith.addf %s0, %e : f64
        %s2 = arith.addf %s1, %s : f64
        %s3 = arith.addf %s2, %n : f64
        %v = arith.mulf %fifth, %s3 : f64
        affine.store %v, %A[%i, %j] : memref<16x5000xf64>
      }
    }
  }
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %n = arith.constant 128.0 : f64
  %A = memref.alloc() : memref<16x5000xf64>
  %B = memref.alloc() : memref<16x5000xf64>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 5000 {
      %j2 = arith.addi %j, %c2 : index
      %p2 = arith.muli %i, %j2 : index
      %w2 = arith.addi %p2, %c2 : index
      %v2 = arith.remsi %w2, %c128 : index
      %x2 = arith.index_cast %v2 : index to i64
      %f2 = arith.sitofp %x2 : i64 to f64
      %a = arith.divf %f2, %n : f64
      affine.store %a, %A[%i, %j] : memref<16x5000xf64>
      %j3 = arith.addi %j, %c3 : index
      %p3 = arith.muli %i, %j3 : index
      %w3 = arith.addi %p3, %c3 : index
      %v3 = arith.remsi %w3, %c128 : index
      %x3 = arith.index_cast %v3 : index to i64
      %f3 = arith.sitofp %x3 : i64 to f64
      %b = arith.divf %f3, %n : f64
      affine.store %b, %B[%i, %j] : memref<16x5000xf64>
    }
  }
  func.call @kernel_jacobi_2d(%A, %B) : (memref<16x5000xf64>, memref<16x5000xf64>) -> ()
  %zero = arith.constant 0.0 : f64
  %sa = affine.for %i = 0 to 16 iter_args(%acc = %zero) -> (f64) {
    %row = affine.for %j = 0 to 5000 iter_args(%racc = %acc) -> (f64) {
      %v = affine.load %A[%i, %j] : memref<16x5000xf64>
      %w = affine.load %B[%i, %j] : memref<16x5000xf64>
      %s = arith.addf %v, %w : f64
      %r = arith.addf %racc, %s : f64
      affine.yield %r : f64
    }
    affine.yield %row : f64
  }
  func.call @printF64(%sa) : (f64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %A : memref<16x5000xf64>
  memref.dealloc %B : memref<16x5000xf64>
  return
}
