// RUN: lattice opt --allow-unregistered-dialect %s --split-input-file --normalize-memrefs | FileCheck %s

// The cases of mlir-opt's test/Transforms/normalize-memrefs-ops.mlir, with real ops in
// place of the test dialect's: memref.load/memref.store/memref.dealloc/func.call can be
// rewritten (mlir-opt 22 gives them the MemRefsNormalizable trait), an unknown op
// ("test.op_nonnorm") cannot.

#map0 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 floordiv 32, d3 floordiv 64, d2 mod 32, d3 mod 64)>

// CHECK-LABEL: func @test_norm
// CHECK-SAME: (%[[ARG0:.*]]: memref<1x16x1x1x32x64xf32>)
func.func @test_norm(%arg0 : memref<1x16x14x14xf32, #map0>) -> () {
    %0 = memref.alloc() : memref<1x16x14x14xf32, #map0>
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %v = memref.load %arg0[%c0, %c5, %c5, %c5] : memref<1x16x14x14xf32, #map0>
    memref.store %v, %0[%c0, %c5, %c5, %c5] : memref<1x16x14x14xf32, #map0>
    memref.dealloc %0 :  memref<1x16x14x14xf32, #map0>
    // CHECK: %[[v0:.*]] = memref.alloc() : memref<1x16x1x1x32x64xf32>
    // CHECK: %[[C0:.*]] = arith.constant 0 : index
    // CHECK: %[[C5:.*]] = arith.constant 5 : index
    // CHECK-COUNT-6: affine.apply
    // CHECK: %[[V:.*]] = memref.load %[[ARG0]][{{.*}}] : memref<1x16x1x1x32x64xf32>
    // CHECK-COUNT-6: affine.apply
    // CHECK: memref.store %[[V]], %[[v0]][{{.*}}] : memref<1x16x1x1x32x64xf32>
    // CHECK: memref.dealloc %[[v0]] : memref<1x16x1x1x32x64xf32>
    return
}

// An op that cannot be rewritten keeps every memref of the function as it is.
// CHECK-LABEL: test_nonnorm
// CHECK-SAME: (%[[ARG0:.*]]: memref<1x16x14x14xf32, #map{{[0-9]*}}>)
func.func @test_nonnorm(%arg0 : memref<1x16x14x14xf32, #map0>) -> () {
    %0 = memref.alloc() : memref<1x16x14x14xf32, #map0>
    "test.op_nonnorm"(%arg0, %0) : (memref<1x16x14x14xf32, #map0>, memref<1x16x14x14xf32, #map0>) -> ()
    memref.dealloc %0 :  memref<1x16x14x14xf32, #map0>
    // CHECK: %[[v0:.*]] = memref.alloc() : memref<1x16x14x14xf32, #map{{[0-9]*}}>
    // CHECK: "test.op_nonnorm"(%[[ARG0]], %[[v0]]) : (memref<1x16x14x14xf32, #map{{[0-9]*}}>, memref<1x16x14x14xf32, #map{{[0-9]*}}>) -> ()
    // CHECK: memref.dealloc %[[v0]] : memref<1x16x14x14xf32, #map{{[0-9]*}}>
    return
}

// An unknown op on identity-layout memrefs does not block the others.
// CHECK-LABEL: test_nonnorm_identity_layout
// CHECK-SAME: (%[[ARG0:.*]]: memref<1x16x1x1x32x64xf32>)
func.func @test_nonnorm_identity_layout(%arg0 : memref<1x16x14x14xf32, #map0>) -> () {
    %0 = memref.alloc() : memref<1x16x14x14xf32>
    "test.op_nonnorm"(%0, %0) : (memref<1x16x14x14xf32>, memref<1x16x14x14xf32>) -> ()
    %1 = affine.load %arg0[0, 1, 2, 3] : memref<1x16x14x14xf32, #map0>
    affine.store %1, %0[0, 1, 2, 3] : memref<1x16x14x14xf32>
    memref.dealloc %0 :  memref<1x16x14x14xf32>
    // CHECK: %[[v0:.*]] = memref.alloc() : memref<1x16x14x14xf32>
    // CHECK: "test.op_nonnorm"(%[[v0]], %[[v0]]) : (memref<1x16x14x14xf32>, memref<1x16x14x14xf32>) -> ()
    // CHECK: %[[V:.*]] = affine.load %[[ARG0]][0, 1, 0, 0, 2, 3] : memref<1x16x1x1x32x64xf32>
    // CHECK: affine.store %[[V]], %[[v0]][0, 1, 2, 3] : memref<1x16x14x14xf32>
    // CHECK: memref.dealloc %[[v0]] : memref<1x16x14x14xf32>
    return
}

// Results of calls and returned memrefs.
#map_tile = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 floordiv 32, d3 floordiv 32, d2 mod 32, d3 mod 32)>

// CHECK-LABEL: test_norm_ret
// CHECK-SAME: (%[[ARG0:.*]]: memref<1x16x1x1x32x32xf32>) -> (memref<1x16x1x1x32x32xf32>, memref<1x16x14x14xf32>) {
func.func @test_norm_ret(%arg0: memref<1x16x14x14xf32, #map_tile>) -> (memref<1x16x14x14xf32, #map_tile>, memref<1x16x14x14xf32>) {
    %0 = memref.alloc() : memref<1x16x14x14xf32, #map_tile>
    // CHECK-NEXT: %[[v0:.*]] = memref.alloc() : memref<1x16x1x1x32x32xf32>
    %1 = memref.alloc() : memref<1x16x14x14xf32>
    // CHECK-NEXT: %[[v1:.*]] = memref.alloc() : memref<1x16x14x14xf32>
    %2:2 = func.call @test_norm_ret(%0) : (memref<1x16x14x14xf32, #map_tile>) -> (memref<1x16x14x14xf32, #map_tile>, memref<1x16x14x14xf32>)
    // CHECK-NEXT: %[[r:.*]]:2 = call @test_norm_ret(%[[v0]]) : (memref<1x16x1x1x32x32xf32>) -> (memref<1x16x1x1x32x32xf32>, memref<1x16x14x14xf32>)
    %3 = affine.load %2#0[0, 0, 13, 13] : memref<1x16x14x14xf32, #map_tile>
    // CHECK-NEXT: affine.load %[[r]]#0[0, 0, 0, 0, 13, 13] : memref<1x16x1x1x32x32xf32>
    return %0, %1 : memref<1x16x14x14xf32, #map_tile>, memref<1x16x14x14xf32>
    // CHECK-NEXT: return %[[v0]], %[[v1]] : memref<1x16x1x1x32x32xf32>, memref<1x16x14x14xf32>
}

// -----

#map_1d_tile = affine_map<(d0) -> (d0 floordiv 32, d0 mod 32)>

// An identity-layout memref used by memref.reinterpret_cast does not block the others.
// CHECK-LABEL: test_norm_reinterpret_cast
// CHECK-SAME: (%[[ARG0:.*]]: memref<1x32xf32>) -> memref<3x1x1xf32> {
func.func @test_norm_reinterpret_cast(%arg0 : memref<3xf32, #map_1d_tile>) -> (memref<3x1x1xf32>) {
    %0 = memref.alloc() : memref<3xf32>
    %v = affine.load %arg0[2] : memref<3xf32, #map_1d_tile>
    affine.store %v, %0[0] : memref<3xf32>
    %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [3, 1, 1], strides: [1, 1, 1] : memref<3xf32> to memref<3x1x1xf32>
    // CHECK: %[[v0:.*]] = memref.alloc() : memref<3xf32>
    // CHECK: affine.load %[[ARG0]][0, 2] : memref<1x32xf32>
    // CHECK: memref.reinterpret_cast %[[v0]] to offset: [0], sizes: [3, 1, 1], strides: [1, 1, 1] : memref<3xf32> to memref<3x1x1xf32>
    return %1 : memref<3x1x1xf32>
}
