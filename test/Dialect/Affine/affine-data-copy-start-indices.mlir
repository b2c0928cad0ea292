// RUN: lattice opt %s --split-input-file --affine-data-copy-generate="generate-dma fast-mem-space=2 fast-mem-capacity=8" | FileCheck %s --check-prefix=DMA
// RUN: lattice opt %s --split-input-file --affine-data-copy-generate="generate-dma=false fast-mem-space=2 fast-mem-capacity=1" | FileCheck %s --check-prefix=PW

// The unused `affine.apply` ops mlir-opt 22's data copy generation leaves behind, and
// with them its numbering of `#map` aliases:
// - before each copy-in and each copy-out, one apply per buffer dimension whose start
//   is not constant: the start over the region's symbols (the access operands that are
//   outside the copied range, then the bound operands of the loops of all operands;
//   unused ones stay operands);
// - before each redirected access whose subscript map is not an identity, one apply per
//   subscript of the old map over the old operands.

#lo = affine_map<(d0) -> (d0)>
#hi8 = affine_map<(d0) -> (d0 + 8)>

// DMA-DAG: #map3 = affine_map<(d0, d1) -> (d0 + 2)>
// DMA-DAG: #map4 = affine_map<(d0, d1) -> (d1)>
// DMA-LABEL: func.func @shift_transpose
// DMA:         affine.for %[[R:.*]] = 0 to 64 step 8 {
// DMA-NEXT:      affine.apply #map(%[[R]])
// DMA-NEXT:      %[[SRC:.*]] = memref.alloc() : memref<8x64xf32, 2>
// DMA:           affine.dma_start %{{.*}}[%[[R]] + 2, 0], %[[SRC]]
// DMA:           %[[DST:.*]] = memref.alloc() : memref<64x8xf32, 2>
// The loop bounds' maps come after the start index's.
// DMA:           affine.for %[[RR:.*]] = #map1(%[[R]]) to #map2(%[[R]]) {
// DMA-NEXT:        affine.for %[[C:.*]] = 0 to 64 {
// DMA-NEXT:          affine.apply #map3(%[[RR]], %[[C]])
// DMA-NEXT:          affine.apply #map4(%[[RR]], %[[C]])
// DMA-NEXT:          affine.load %[[SRC]]
// DMA:               affine.store %{{.*}}, %[[DST]]
// DMA:           affine.apply #map1(%[[R]])
// DMA:           affine.dma_start %[[DST]][{{.*}}], %{{.*}}[0, %[[R]]]
func.func @shift_transpose(%src: memref<66x64xf32>, %dst: memref<64x64xf32>) {
  affine.for %r = 0 to 64 step 8 {
    affine.for %rr = #lo(%r) to #hi8(%r) {
      affine.for %c = 0 to 64 {
        %v = affine.load %src[%rr + 2, %c] : memref<66x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %dst[%c, %rr] : memref<64x64xf32>
      }
    }
  }
  return
}

// -----

#lo = affine_map<(d0) -> (d0)>
#hi16 = affine_map<(d0) -> (d0 + 16)>

// Copies right above the innermost loop: the start of row %ii is over (%ii, %i), %i
// from %ii's bounds.
// PW:      #map2 = affine_map<(d0, d1) -> (d0)>
// PW-LABEL: func.func @row_sums
// PW:         affine.for %[[I:.*]] = 0 to 64 step 16 {
// PW-NEXT:      affine.for %[[II:.*]] = #map(%[[I]]) to #map1(%[[I]]) {
// PW-NEXT:        affine.apply #map2(%[[II]], %[[I]])
// PW-NEXT:        %[[A:.*]] = memref.alloc() : memref<1x64xf32, 2>
// PW:             affine.apply #map2(%[[II]], %[[I]])
// PW-NEXT:        %[[S:.*]] = memref.alloc() : memref<1xf32, 2>
// PW:             arith.addf
// PW-NEXT:        affine.store %{{.*}}, %[[S]][0] : memref<1xf32, 2>
// PW-NEXT:      }
// PW-NEXT:      affine.apply #map2(%[[II]], %[[I]])
// PW-NEXT:      %[[V:.*]] = affine.load %[[S]][0] : memref<1xf32, 2>
// PW-NEXT:      affine.store %[[V]], %{{.*}}[%[[II]]] : memref<64xf32>
func.func @row_sums(%a: memref<64x64xf32>, %s: memref<64xf32>) {
  affine.for %i = 0 to 64 step 16 {
    affine.for %ii = #lo(%i) to #hi16(%i) {
      affine.for %j = 0 to 64 {
        %x = affine.load %a[%ii, %j] : memref<64x64xf32>
        %acc = affine.load %s[%ii] : memref<64xf32>
        %y = arith.addf %acc, %x : f32
        affine.store %y, %s[%ii] : memref<64xf32>
      }
    }
  }
  return
}
