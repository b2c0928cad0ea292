// RUN: lattice opt %s --poly-schedule="cache-size=65536 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=MODEL
// RUN: lattice opt %s --poly-schedule="cache-size=65536" | FileCheck %s --check-prefix=SIZES
// RUN: lattice opt %s --poly-schedule="cache-size=8192 remarks=true" 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=FLOOR
// RUN: lattice opt %s --poly-schedule="tile-sizes=8 l2-tile-sizes=32" | FileCheck %s --check-prefix=L2
// RUN: lattice opt %s --poly-schedule="tile-levels=2 cache-size=65536 l2-cache-size=262144 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=L2MODEL
// RUN: not lattice opt %s --poly-schedule="tile-levels=3" 2>&1 | FileCheck %s --check-prefix=BAD

// Without `tile-sizes`, the model picks per band the largest uniform size (a multiple
// of 8, at least 32) whose tile footprint fits the L1 budget: matmul touches a T x T
// block of each of A, B and C (8 bytes counted per element): 3 * 48 * 48 * 8 = 55296
// <= 65536, while 56 would need 75264. The stencil's band is clipped to its trip
// counts (10 and 38).
// MODEL-DAG: remark: tile sizes [48, 48, 48] (model): footprint 55296 B <= budget 65536 B, trip counts [128, 128, 128]
// MODEL-DAG: remark: tile sizes [10, 38] (model): footprint 3040 B <= budget 65536 B, trip counts [10, 38]
// SIZES-DAG:   #[[$LO:map[0-9]*]] = affine_map<(d0) -> (d0 * 48)>
// SIZES-LABEL: func.func @matmul
// SIZES:       affine.parallel (%{{.*}}) = (0) to (3) {
// SIZES-NEXT:    affine.for %{{.*}} = 0 to 3 {
// SIZES-NEXT:      affine.for %{{.*}} = 0 to 3 {
// SIZES-NEXT:        affine.for %{{.*}} = #[[$LO]]

// Below 32 the model does not go (measured slower on the examples): with an 8 KiB
// budget nothing fits, and the remark says so.
// FLOOR: remark: tile sizes [32, 32, 32] (model): footprint 24576 B > budget 8192 B (smallest size 32), trip counts [128, 128, 128]

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
// L2 budget, multiples of the inner ones: 3 * 96 * 96 * 8 = 221184 <= 262144.
// L2MODEL-DAG: remark: tile sizes [48, 48, 48] (model): footprint 55296 B <= budget 65536 B
// L2MODEL-DAG: remark: L2 tile sizes [96, 96, 96] (model): footprint 221184 B <= budget 262144 B

// BAD: option 'tile-levels': expected 1 or 2, got 3
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
