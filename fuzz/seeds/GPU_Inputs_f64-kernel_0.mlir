module attributes {gpu.container_module} {
  gpu.module @scale_kernel {
    gpu.func @scale_kernel(%arg0: memref<64xf64>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %x = gpu.thread_id x
      %v = memref.load %arg0[%x] : memref<64xf64>
      %w = arith.addf %v, %v : f64
      memref.store %w, %arg0[%x] : memref<64xf64>
      gpu.return
    }
  }
}
