// RUN: lattice opt %s --affine-data-copy-generate="generate-dma=false fast-mem-capacity=16 fast-mem-space=2" | FileCheck %s --check-prefix=CAP16
// RUN: lattice opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=2" | FileCheck %s --check-prefix=WHOLE
// RUN: lattice opt %s --affine-data-copy-generate="generate-dma=false fast-mem-capacity=8 fast-mem-space=2" | FileCheck %s --check-prefix=CAP8
// RUN: lattice opt %s --affine-data-copy-generate="generate-dma fast-mem-capacity=16 fast-mem-space=2" | FileCheck %s --check-prefix=DMA16

// Where the copies go and how large the buffers are, as mlir-opt 22 places and sizes
// them (upstream's dma-generate.mlir, FAST-MEM-16KB):
// - a tile of a loop with step 4 (`%i3` in `[%i1, %i1 + 4)`, `%i1 < 1024`) spans at most
//   the memref's 1024 columns, not the 1027 the loop bounds allow: the buffer never
//   reaches past the memref, and the 4x1024xf32 footprint (16 KiB) fits in 16 KiB;
// - vector elements count with their size (64 x f32 = 256 bytes).

#lb = affine_map<(d0) -> (d0)>
#ub = affine_map<(d0) -> (d0 + 4)>

// CAP16-LABEL: func.func @tiles
// CAP16:         affine.for %[[I0:.*]] = 0 to 256 step 4 {
// CAP16-NEXT:      affine.apply #{{.*}}(%[[I0]])
// CAP16-NEXT:      %[[BUF:.*]] = memref.alloc() : memref<4x1024xf32, 2>
// CAP16-NEXT:      affine.for %{{.*}} = #{{.*}}(%[[I0]]) to #{{.*}}(%[[I0]]) {
// CAP16-NEXT:        affine.for %{{.*}} = 0 to 1024 {
// CAP16:           affine.for %{{.*}} = 0 to 1024 step 4 {
// CAP16:               affine.load %[[BUF]]
// CAP16:           memref.dealloc %[[BUF]] : memref<4x1024xf32, 2>
// CAP16-NEXT:    }
// WHOLE-LABEL: func.func @tiles
// WHOLE-NEXT:    %[[BUF:.*]] = memref.alloc() : memref<256x1024xf32, 2>
// WHOLE-NEXT:    affine.for %{{.*}} = 0 to 256 {
// WHOLE-NEXT:      affine.for %{{.*}} = 0 to 1024 {
// CAP8-LABEL: func.func @tiles
// CAP8:         affine.for %{{.*}} = 0 to 256 step 4 {
// CAP8-NEXT:      affine.for %{{.*}} = 0 to 1024 step 4 {
// CAP8-NEXT:        affine.apply
// CAP8-NEXT:        affine.apply
// CAP8-NEXT:        memref.alloc() : memref<4x4xf32, 2>
// DMA16-LABEL: func.func @tiles
// DMA16:         affine.for %[[I0:.*]] = 0 to 256 step 4 {
// DMA16-NEXT:      affine.apply #{{.*}}(%[[I0]])
// DMA16-NEXT:      %[[BUF:.*]] = memref.alloc() : memref<4x1024xf32, 2>
// DMA16:           affine.dma_start %{{.*}}[%[[I0]], 0], %[[BUF]][0, 0], %{{.*}}[%{{.*}}], %{{.*}} : memref<256x1024xf32>, memref<4x1024xf32, 2>, memref<1xi32>
func.func @tiles(%arg0: memref<256x1024xf32>) {
  affine.for %i0 = 0 to 256 step 4 {
    affine.for %i1 = 0 to 1024 step 4 {
      affine.for %i2 = #lb(%i0) to #ub(%i0) {
        affine.for %i3 = #lb(%i1) to #ub(%i1) {
          %3 = affine.load %arg0[%i2, %i3] : memref<256x1024xf32>
          %4 = arith.mulf %3, %3 : f32
          affine.store %4, %arg0[%i2, %i3] : memref<256x1024xf32>
        }
      }
    }
  }
  return
}

// CAP16-LABEL: func.func @vectors
// CAP16:         affine.for %{{.*}} = 0 to 8 step 4 {
// CAP16-NEXT:      affine.apply
// CAP16-NEXT:      memref.alloc() : memref<4x8xvector<64xf32>, 2>
// CAP16:           memref.alloc() : memref<8x4xvector<64xf32>, 2>
// WHOLE-LABEL: func.func @vectors
// WHOLE-NEXT:    memref.alloc() : memref<8x8xvector<64xf32>, 2>
// WHOLE:         memref.alloc() : memref<8x8xvector<64xf32>, 2>
// CAP8-LABEL: func.func @vectors
// CAP8:         affine.for %{{.*}} = 0 to 8 step 4 {
// CAP8-NEXT:      affine.for %{{.*}} = 0 to 8 step 4 {
// CAP8-NEXT:        affine.apply
// CAP8-NEXT:        affine.apply
// CAP8-NEXT:        memref.alloc() : memref<4x4xvector<64xf32>, 2>
// CAP8:             memref.alloc() : memref<4x4xvector<64xf32>, 2>
func.func @vectors(%arg0: memref<8x8xvector<64xf32>>, %arg1: memref<8x8xvector<64xf32>>) {
  affine.for %i = 0 to 8 step 4 {
    affine.for %j = 0 to 8 step 4 {
      affine.for %ii = #lb(%i) to #ub(%i) {
        affine.for %jj = #lb(%j) to #ub(%j) {
          %5 = affine.load %arg0[%ii, %jj] : memref<8x8xvector<64xf32>>
          affine.store %5, %arg1[%jj, %ii] : memref<8x8xvector<64xf32>>
        }
      }
    }
  }
  return
}
