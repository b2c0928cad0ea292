#map_1d_tile = affine_map<(d0) -> (d0 floordiv 32, d0 mod 32)>

func.func @test_norm_reinterpret_cast(%arg0 : memref<3xf32, #map_1d_tile>) -> (memref<3x1x1xf32>) {
    %0 = memref.alloc() : memref<3xf32>
    %v = affine.load %arg0[2] : memref<3xf32, #map_1d_tile>
    affine.store %v, %0[0] : memref<3xf32>
    %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [3, 1, 1], strides: [1, 1, 1] : memref<3xf32> to memref<3x1x1xf32>
    return %1 : memref<3x1x1xf32>
}
