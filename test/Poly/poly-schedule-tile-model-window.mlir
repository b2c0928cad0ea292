// RUN: lattice opt %s --poly-schedule="order-cost=false cache-size=32768 l2-cache-size=1048576 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=FITS
// RUN: lattice opt %s --poly-schedule="order-cost=false cache-size=32768 l2-cache-size=131072 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=L1
// RUN: lattice opt %s --poly-schedule="order-cost=false cache-size=2048 l2-cache-size=16384 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=SMALL

// The tile model counts the window the loops below a band sweep at each band point, not
// the whole dimensions they run through (tile_model.rs, "Windows below a band").

// conv2d (f32), band (n, f, h, w, c), the 3 x 3 window (kh, kw) below it: a 32 x 32 tile
// of (h, w) reads 34 x 34 elements of In per channel (footprint 60960 B; counting whole
// columns of the 66-wide image it was 137760 B). The whole band (231 KB) fits in a 1 MiB
// L2: not tiled (the L2 check); with a 128 KiB L2 the L1 reuse rule tiles h and w.
// FITS-DAG: remark: not tiled (model): footprint 231 KB fits in L2 (1024 KB): its reuse stays in L2 untiled, tiles for L1 would only add loop overhead, trip counts [2, 4, 64, 64, 3]; %n: whole, %f: whole, %h: whole, %w: whole, %c: whole
// L1: remark: tile sizes [2, 4, 32, 32, 3] (model): tile footprint 60960 B, reuse budget 32768 B (some reuse does not fit even at the smallest sizes), trip counts [2, 4, 64, 64, 3]; %n: whole, %f: whole, %h: reuse of %f (22288 B <= 32768 B), %w: reuse of %f (22288 B <= 32768 B), %c: whole
func.func @kernel_conv2d(%In: memref<2x3x66x66xf32> {llvm.noalias}, %W: memref<4x3x3x3xf32> {llvm.noalias}, %Bias: memref<4xf32> {llvm.noalias},
                         %Out: memref<2x4x64x64xf32> {llvm.noalias}) {
  affine.for %n = 0 to 2 {
    affine.for %f = 0 to 4 {
      affine.for %h = 0 to 64 {
        affine.for %w = 0 to 64 {
          %b = affine.load %Bias[%f] : memref<4xf32>
          affine.store %b, %Out[%n, %f, %h, %w] : memref<2x4x64x64xf32>
          affine.for %c = 0 to 3 {
            affine.for %kh = 0 to 3 {
              affine.for %kw = 0 to 3 {
                %x = affine.load %In[%n, %c, %h + %kh, %w + %kw] : memref<2x3x66x66xf32>
                %k = affine.load %W[%f, %c, %kh, %kw] : memref<4x3x3x3xf32>
                %p = arith.mulf %x, %k : f32
                %o = affine.load %Out[%n, %f, %h, %w] : memref<2x4x64x64xf32>
                %s = arith.addf %o, %p : f32
                affine.store %s, %Out[%n, %f, %h, %w] : memref<2x4x64x64xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}

// blur (f64) at 64 x 64, the clamped 3 x 3 window (ii, jj) below the band (i, j): two
// rows of i touch 4 rows of In (66 elements each) and 2 rows of Out: 3136 B, which fits
// 32 KiB, so the band is not tiled (it was tiled [16, 32], counting whole columns of In:
// untiled ran faster). With a 2 KiB budget j shrinks until two rows fit (4 x 42 + 2 x 40
// elements: 1984 B), and a 16 x 40 tile touches 18 x 42 + 16 x 40 elements (11168 B).
// FITS-DAG: remark: not tiled (model): no reuse needs a smaller tile (the reuse each member carries fits the 32768 B budget untiled), trip counts [64, 64]; %i: whole, %j: whole
// SMALL: remark: tile sizes [16, 40] (model): tile footprint 11168 B, reuse budget 2048 B, trip counts [64, 64]; %i: parallel, 4 tiles, %j: reuse of %i (1984 B <= 2048 B)

#lo = affine_map<(d0) -> (d0 - 1, 0)>
#hi = affine_map<(d0) -> (d0 + 2, 64)>

func.func @kernel_blur(%In: memref<64x64xf64> {llvm.noalias}, %Out: memref<64x64xf64> {llvm.noalias}) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %ilo = affine.max #lo(%i)
      %ihi = affine.min #hi(%i)
      %jlo = affine.max #lo(%j)
      %jhi = affine.min #hi(%j)
      %ni = arith.subi %ihi, %ilo : index
      %nj = arith.subi %jhi, %jlo : index
      %cnt = arith.muli %ni, %nj : index
      %cnti = arith.index_cast %cnt : index to i64
      %cntf = arith.sitofp %cnti : i64 to f64
      %s = affine.for %ii = max #lo(%i) to min #hi(%i) iter_args(%acc = %zero) -> (f64) {
        %r = affine.for %jj = max #lo(%j) to min #hi(%j) iter_args(%racc = %acc) -> (f64) {
          %v = affine.load %In[%ii, %jj] : memref<64x64xf64>
          %a = arith.addf %racc, %v : f64
          affine.yield %a : f64
        }
        affine.yield %r : f64
      }
      %m = arith.divf %s, %cntf : f64
      affine.store %m, %Out[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
