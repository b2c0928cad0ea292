// Input of cli/tests/pass_defaults.rs: a loop that copies a tile into fast memory (space
// 1) with affine.dma_start and waits for it before computing on it.
func.func @dma(%A: memref<256xf32>, %B: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 32 : index
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 8 {
    affine.dma_start %A[%i * 32], %buf[0], %tag[%c0], %n : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %n : memref<1xi32>
    %v = affine.load %buf[%i] : memref<32xf32, 1>
    affine.store %v, %B[%i] : memref<8xf32>
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<32xf32, 1>
  return
}
