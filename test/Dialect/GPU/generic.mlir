// RUN: lattice opt %s --mlir-print-op-generic | FileCheck %s

// The generic form shows where the custom parsers put things: gpu.func keeps
// sym_name and workgroup_attributions as discardable attributes (known_*_size are
// properties), gpu.module has an empty block, launches carry operandSegmentSizes.

// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "gpu.module"() <{sym_name = "kernels", targets = [#nvvm.target]}> ({
// CHECK-NEXT:     "gpu.func"() <{arg_attrs = [{}, {foo.bar}], function_type = (memref<?xf32>, f32) -> ()}> ({
// CHECK-NEXT:     ^bb0(%arg{{[0-9]+}}: memref<?xf32>, %arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: memref<32xf32, #gpu.address_space<workgroup>>):
// CHECK-NEXT:       %{{[0-9]+}} = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
// CHECK-NEXT:       %{{[0-9]+}} = "gpu.block_id"() <{dimension = #gpu<dim y>, upper_bound = 8 : index}> : () -> index
// CHECK-NEXT:       %{{[0-9]+}} = "gpu.lane_id"() : () -> index
// CHECK-NEXT:       "gpu.barrier"() : () -> ()
// CHECK-NEXT:       "gpu.return"() : () -> ()
// CHECK-NEXT:     }) {gpu.kernel, sym_name = "kernel", workgroup_attributions = 1 : i64} : () -> ()
// CHECK-NEXT:     "gpu.func"() <{function_type = () -> (), known_block_size = array<i32: 32, 1, 1>, known_cluster_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 4, 1, 1>}> ({
// CHECK-NEXT:       "gpu.return"() : () -> ()
// CHECK-NEXT:     }) {gpu.kernel, gpu.known_block_size = array<i32: 32, 1, 1>, sym_name = "sized", workgroup_attributions = 0 : i64} : () -> ()
// CHECK-NEXT:     "gpu.func"() <{function_type = (f32) -> f32}> ({
// CHECK-NEXT:     ^bb0(%arg{{[0-9]+}}: f32):
// CHECK-NEXT:       "gpu.return"(%arg{{[0-9]+}}) : (f32) -> ()
// CHECK-NEXT:     }) {sym_name = "helper", workgroup_attributions = 0 : i64} : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "gpu.module"() <{sym_name = "empty"}> ({
// CHECK-NEXT:   ^bb0:
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "func.func"() <{function_type = (memref<?xf32>, f32, i32) -> (), sym_name = "host"}> ({
// CHECK-NEXT:   ^bb0(%arg{{[0-9]+}}: memref<?xf32>, %arg{{[0-9]+}}: f32, %arg{{[0-9]+}}: i32):
// CHECK-NEXT:     %{{[0-9]+}} = "arith.constant"() <{value = 1 : index}> : () -> index
// CHECK-NEXT:     %{{[0-9]+}} = "gpu.wait"() : () -> !gpu.async.token
// CHECK-NEXT:     %{{[0-9]+}} = "gpu.launch_func"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}) <{kernel = @kernels::@kernel, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 2, 0>}> : (!gpu.async.token, index, index, index, index, index, index, i32, memref<?xf32>, f32) -> !gpu.async.token
// CHECK-NEXT:     "gpu.launch"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
// CHECK-NEXT:     ^bb0(%arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: index, %arg{{[0-9]+}}: memref<32xf32, #gpu.address_space<workgroup>>):
// CHECK-NEXT:       "gpu.terminator"() : () -> ()
// CHECK-NEXT:     }) {workgroup_attributions = 1 : i64} : (index, index, index, index, index, index) -> ()
// CHECK-NEXT:     "func.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) {gpu.container_module} : () -> ()

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target] {
    gpu.func @kernel(%arg0: memref<?xf32>, %arg1: f32 {foo.bar}) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id y upper_bound 8
      %l = gpu.lane_id
      gpu.barrier
      gpu.return
    }
    gpu.func @sized() kernel attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 4, 1, 1>, known_cluster_size = array<i32: 1, 1, 1>, gpu.known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
    gpu.func @helper(%a: f32) -> f32 {
      gpu.return %a : f32
    }
  }
  gpu.module @empty {
  }
  func.func @host(%a: memref<?xf32>, %f: f32, %s: i32) {
    %c1 = arith.constant 1 : index
    %t = gpu.wait async
    %t1 = gpu.launch_func async [%t] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %s args(%a : memref<?xf32>, %f : f32)
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) {
      gpu.terminator
    }
    return
  }
}
