// RUN: lattice opt %s --split-input-file --affine-loop-tile=tile-size=16 | FileCheck %s
// RUN: lattice opt %s --split-input-file --affine-loop-tile="tile-sizes=2,2 remarks=true" \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --split-input-file --affine-loop-tile="tile-sizes=2,2" | FileCheck %s --check-prefix=SKEW
// RUN: lattice opt %s --split-input-file --affine-loop-tile="tile-sizes=8 separate" | FileCheck %s --check-prefix=SEP

// A perfect band tiled as mlir-opt tiles it: tile loops with the tile size as step,
// point loops from the tile origin to origin + size.
// CHECK-DAG:   #[[$ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG:   #[[$P16:map[0-9]*]] = affine_map<(d0) -> (d0 + 16)>
// CHECK-LABEL: func.func @matmul
// CHECK:       affine.for %[[I:.*]] = 0 to 64 step 16 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 64 step 16 {
// CHECK-NEXT:      affine.for %[[K:.*]] = 0 to 64 step 16 {
// CHECK-NEXT:        affine.for %[[II:.*]] = #[[$ID]](%[[I]]) to #[[$P16]](%[[I]]) {
// CHECK-NEXT:          affine.for %[[JJ:.*]] = #[[$ID]](%[[J]]) to #[[$P16]](%[[J]]) {
// CHECK-NEXT:            affine.for %[[KK:.*]] = #[[$ID]](%[[K]]) to #[[$P16]](%[[K]]) {
// CHECK-NEXT:              affine.load %{{.*}}[%[[II]], %[[KK]]]
// CHECK-NEXT:              affine.load %{{.*}}[%[[KK]], %[[JJ]]]
// CHECK:                   affine.store %{{.*}}, %{{.*}}[%[[II]], %[[JJ]]]
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}

// -----


// Partial tiles: the point loops' upper bounds are `min`s, in mlir-opt's order.
// CHECK-DAG:   #[[$U50:map[0-9]*]] = affine_map<(d0) -> (d0 + 16, 50)>
// CHECK-DAG:   #[[$UN:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 + 16, s0)>
// With `separate`, inside the tile loops full tiles (in %j) run point loops without
// `min`, partial tiles their own loops.
// SEP-LABEL:   func.func @partial
// SEP:         affine.for %[[I:.*]] = 0 to 50 step 8 {
// SEP-NEXT:      affine.for %[[J:.*]] = 0 to %[[N:.*]] step 4 {
// SEP-NEXT:        affine.if #{{.*}}(%[[J]])[%[[N]]] {
// SEP-NEXT:          affine.for %{{.*}} = #{{.*}}(%[[I]]) to min #{{.*}}(%[[I]]) {
// SEP-NEXT:            affine.for %{{.*}} = #{{.*}}(%[[J]]) to #{{.*}}(%[[J]]) {
// SEP:             affine.if #{{.*}}(%[[I]], %[[J]])[%[[N]]] {
// SEP-NEXT:          affine.for %{{.*}} = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
// SEP-NEXT:            affine.for %{{.*}} = #{{.*}}(%[[J]]) to %[[N]] {
// CHECK-LABEL: func.func @partial
// CHECK:       affine.for %[[I:.*]] = 0 to 50 step 16 {
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to %[[N:.*]] step 16 {
// CHECK-NEXT:      affine.for %{{.*}} = #{{.*}}(%[[I]]) to min #[[$U50]](%[[I]]) {
// CHECK-NEXT:        affine.for %{{.*}} = #{{.*}}(%[[J]]) to min #[[$UN]](%[[J]])[%[[N]]] {
func.func @partial(%A: memref<50xf32>, %n: index) {
  affine.for %i = 0 to 50 {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i] : memref<50xf32>
      %s = arith.addf %a, %a : f32
      affine.store %s, %A[%i] : memref<50xf32>
    }
  }
  return
}

// -----


// A triangular nest (mlir-opt 22 refuses: not hyper-rectangular) is tiled through
// isl's AST generator: the inner tile loop starts at the outer tile, the point loop at
// max(tile origin, %i).
// CHECK-DAG:   #[[$MAX:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @triangle
// CHECK:       affine.for %[[I:.*]] = 0 to 64 step 16 {
// CHECK-NEXT:    affine.for %[[J:.*]] = #{{.*}}(%[[I]]) to 64 step 16 {
// CHECK-NEXT:      affine.for %[[II:.*]] = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
// CHECK-NEXT:        affine.for %{{.*}} = max #[[$MAX]](%[[J]], %[[II]]) to #{{.*}}(%[[J]]) {
func.func @triangle(%A: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      %s = arith.addf %a, %a : f64
      affine.store %s, %A[%j, %i] : memref<64x64xf64>
    }
  }
  return
}

// -----


// Distance (1, -1): tiling by 2x2 as is would run A[i][j+1]'s new value too late
// (mlir-opt 22 does it anyway and changes the result). Lattice skews first
// (j' = i + j), which makes every dependence non-negative, then tiles.
// REMARK: remark: tiled after skewing the inner loops by 1 times the outer loop: tiling as is would violate the dependence RAW from the store to %A at [[@LINE+13]]:7 to the load of %A at [[@LINE+10]]:13 (S0 -> S0), distance (1, -1)
// SKEW-LABEL: func.func @stencil_skew
// SKEW:       affine.for %[[T0:.*]] = 0 to 5 step 2 {
// SKEW-NEXT:    affine.for %[[T1:.*]] = #{{.*}}(%[[T0]]) to min #{{.*}}(%[[T0]]) step 2 {
// SKEW-NEXT:      affine.for %[[I:.*]] = max #{{.*}}(%[[T0]], %[[T1]]) to min #{{.*}}(%[[T0]]) {
// SKEW-NEXT:        affine.for %[[J:.*]] = max #{{.*}}(%[[T1]], %[[I]]) to min #{{.*}}(%[[T1]], %[[I]]) {
// SKEW-NEXT:          affine.load %{{.*}}[%[[I]] - 1, -%[[I]] + %[[J]] + 1]
func.func @stencil_skew(%A: memref<5x5xf64>) {
  affine.for %i = 1 to 5 {
    affine.for %j = 0 to 4 {
      %up = affine.load %A[%i - 1, %j + 1] : memref<5x5xf64>
      %a = affine.load %A[%i, %j] : memref<5x5xf64>
      %s = arith.addf %up, %a : f64
      affine.store %s, %A[%i, %j] : memref<5x5xf64>
    }
  }
  return
}
