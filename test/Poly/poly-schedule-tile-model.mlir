// RUN: lattice opt %s --poly-schedule="order-cost=false cache-size=65536 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=MODEL
// RUN: lattice opt %s --poly-schedule="order-cost=false cache-size=65536" | FileCheck %s --check-prefix=SIZES
// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=128,128,32" | FileCheck %s --check-prefix=WHOLE
// RUN: lattice opt %s --machine=medium --poly-schedule="order-cost=false cache-size=8192 l2-cache-size=65536 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=FLOOR
// RUN: lattice opt %s --machine=small --poly-schedule="order-cost=false cache-size=8192 l2-cache-size=65536 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=FLOOR-SSE
// RUN: lattice opt %s --poly-schedule="order-cost=false cache-size=8192 l2-cache-size=1048576 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=FITS
// RUN: lattice opt %s --poly-schedule="order-cost=false tile-sizes=8 l2-tile-sizes=32" | FileCheck %s --check-prefix=L2
// RUN: lattice opt %s --poly-schedule="order-cost=false tile-levels=2 cache-size=65536 l2-cache-size=262144 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=L2MODEL
// RUN: not lattice opt %s --poly-schedule="order-cost=false tile-levels=3" 2>&1 | FileCheck %s --check-prefix=BAD

// Without `tile-sizes`, the model sizes each band from the data a tile touches (f32: 4
// bytes per element) and the reuse each member carries. matmul's band (i, j, k): k
// carries the reduction, so it gets 32 (LLVM unrolls it and vectorizes j); two
// iterations of i touch A 2 x 32, B 32 x 128 and C 2 x 128 elements, 17664 B, which fit
// the 64 KiB budget, so j is not tiled; i, the parallel member, is cut into 4 tiles so
// that the parallel loop stays outermost. The stencil's i loop carries a dependence,
// but it starts at 1: isl's tiles start at multiples of the size, so no tile of 16-32
// (19 divides its 38 iterations, not its start) would run a constant number of
// iterations for LLVM to unroll, and i stays whole (the band untiled).
// MODEL-DAG: remark: tile sizes [32, 128, 32] (model): tile footprint 36864 B, reuse budget 65536 B, trip counts [128, 128, 128]; %i: parallel, 4 tiles, %j: whole, %k: innermost, carries a dependence: unrolled
// MODEL-DAG: remark: not tiled (model): no member carries reuse ({{.*}}), trip counts [10, 38]; %t: whole, %i: innermost, carries a dependence, starts at 1: whole (tiles of it would have no constant trip count to unroll)
// SIZES-DAG:   #[[$LO:map[0-9]*]] = affine_map<(d0) -> (d0 * 32)>
// SIZES-LABEL: func.func @matmul
// SIZES:       affine.parallel (%[[I:.*]]) = (0) to (4) {
// SIZES-NEXT:    affine.for %[[K:.*]] = 0 to 4 {
// SIZES-NEXT:      affine.for %{{.*}} = #[[$LO]](%[[I]])
// SIZES-NEXT:        affine.for %{{.*}} = 0 to 128 {
// SIZES-NEXT:          affine.for %{{.*}} = #[[$LO]](%[[K]])

// A tile as large as the trip count makes no loop: the parallel mark of the i tile
// member must not land on the k tile loop, which carries the reduction (the point loop
// i is parallel instead).
// WHOLE-LABEL: func.func @matmul
// WHOLE:       affine.for %{{.*}} = 0 to 4 {
// WHOLE-NEXT:    affine.parallel (%{{.*}}) = (0) to (128) {

// With an 8 KiB budget (and a 64 KiB L2), two iterations of i no longer fit with j
// whole: j shrinks in steps of one 64-byte vector (16 f32) until they do (A 2 x 32,
// B 32 x 48, C 2 x 48: 6784 B). With a 1 MiB L2 the whole band (192 KB) fits there:
// j stays whole (the L2 check), k keeps its unrolled size.
// FLOOR: remark: tile sizes [32, 48, 32] (model): tile footprint 16384 B, reuse budget 8192 B, trip counts [128, 128, 128]; %i: parallel, 4 tiles, %j: reuse of %i (6784 B <= 8192 B), %k: innermost, carries a dependence: unrolled
// The step is the machine's vector: with 16-byte vectors (4 f32) j shrinks in steps of
// SIZE_STEP (8) instead, to 56 (A 2 x 32, B 32 x 56, C 2 x 56: 7872 B).
// FLOOR-SSE: remark: tile sizes [32, 56, 32] (model): tile footprint 18432 B, reuse budget 8192 B, trip counts [128, 128, 128]; %i: parallel, 4 tiles, %j: reuse of %i (7872 B <= 8192 B), %k: innermost, carries a dependence: unrolled
// FITS: remark: tile sizes [32, 128, 32] (model), not tiled for reuse: footprint 192 KB fits in L2 (1024 KB): its reuse stays in L2 untiled, tiles for L1 would only add loop overhead, trip counts [128, 128, 128]; %i: parallel, 4 tiles, %j: whole, %k: innermost, carries a dependence: unrolled

// Two levels (Pluto's --l2tile): the permutable band is tiled by 8, then its tile band
// again by 32 / 8 = 4, so 4 outer tiles of 4 inner tiles of 8 points per dimension.
// L2-DAG:   #[[$O:map[0-9]*]] = affine_map<(d0) -> (d0 * 4)>
// L2-DAG:   #[[$OE:map[0-9]*]] = affine_map<(d0) -> (d0 * 4 + 4)>
// L2-DAG:   #[[$I:map[0-9]*]] = affine_map<(d0) -> (d0 * 8)>
// L2-DAG:   #[[$IE:map[0-9]*]] = affine_map<(d0) -> (d0 * 8 + 8)>
// L2-LABEL: func.func @matmul
// L2:       affine.parallel (%[[A:.*]]) = (0) to (4) {
// L2-NEXT:    affine.for %[[B:.*]] = 0 to 4 {
// L2-NEXT:      affine.for %[[C:.*]] = 0 to 4 {
// L2-NEXT:        affine.for %[[D:.*]] = #[[$O]](%[[A]]) to #[[$OE]](%[[A]]) {
// L2-NEXT:          affine.for %[[E:.*]] = #[[$O]](%[[B]]) to #[[$OE]](%[[B]]) {
// L2-NEXT:            affine.for %[[F:.*]] = #[[$O]](%[[C]]) to #[[$OE]](%[[C]]) {
// L2-NEXT:              affine.for %{{.*}} = #[[$I]](%[[D]]) to #[[$IE]](%[[D]]) {
// L2-NEXT:                affine.for %{{.*}} = #[[$I]](%[[E]]) to #[[$IE]](%[[E]]) {
// L2-NEXT:                  affine.for %{{.*}} = #[[$I]](%[[F]]) to #[[$IE]](%[[F]]) {
// L2-NEXT:                    affine.load

// With `tile-levels=2` and no `l2-tile-sizes`, the outer sizes are the model's for the
// L2 budget on the tile band, multiples of the inner ones (here whole: no outer tiling).
// L2MODEL-DAG: remark: tile sizes [32, 128, 32] (model): tile footprint 36864 B, reuse budget 65536 B
// L2MODEL-DAG: remark: L2 not tiled (model): no reuse needs a smaller tile (the reuse each member carries fits the 262144 B budget untiled), trip counts [128, 128, 128]

// BAD: option 'tile-levels': expected an integer from 1 to 2, got '3'
func.func @matmul(%A: memref<128x128xf32>, %B: memref<128x128xf32>, %C: memref<128x128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<128x128xf32>
        %b = affine.load %B[%k, %j] : memref<128x128xf32>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<128x128xf32>
      }
    }
  }
  return
}

func.func @stencil(%A: memref<10x40xf64>) {
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to 39 {
      %l = affine.load %A[%t, %i - 1] : memref<10x40xf64>
      %r = affine.load %A[%t, %i + 1] : memref<10x40xf64>
      %s = arith.addf %l, %r : f64
      affine.store %s, %A[%t, %i] : memref<10x40xf64>
    }
  }
  return
}
