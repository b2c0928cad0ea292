// RUN: lattice opt %s | FileCheck %s

// Custom forms of every gpu op Lattice models, as mlir-opt 22 prints them. The
// oracle check holds Lattice to mlir-opt's exact spacing (`gpu.thread_id  x`,
// the trailing blanks of `gpu.launch_func` and `gpu.wait`).

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module attributes {gpu.container_module} {
// CHECK-NEXT:   gpu.module @kernels {
// CHECK-NEXT:     gpu.func @kernel(%arg0: memref<?xf32>, %arg1: f32 {foo.bar}) workgroup(%arg2 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg3 : memref<4xf32, #gpu.address_space<private>>) kernel attributes {foo = 1 : i32} {
// CHECK-NEXT:       %thread_id_x = gpu.thread_id  x
// CHECK-NEXT:       %thread_id_y = gpu.thread_id  y
// CHECK-NEXT:       %thread_id_z = gpu.thread_id  z upper_bound 64
// CHECK-NEXT:       %block_id_x = gpu.block_id  x
// CHECK-NEXT:       %block_id_y = gpu.block_id  y {foo}
// CHECK-NEXT:       %block_dim_x = gpu.block_dim  x
// CHECK-NEXT:       %grid_dim_z = gpu.grid_dim  z
// CHECK-NEXT:       %global_id_y = gpu.global_id  y
// CHECK-NEXT:       %0 = gpu.lane_id
// CHECK-NEXT:       %1 = gpu.lane_id upper_bound 32
// CHECK-NEXT:       %2 = gpu.subgroup_id : index
// CHECK-NEXT:       %3 = gpu.num_subgroups upper_bound 8 : index
// CHECK-NEXT:       %4 = gpu.subgroup_size : index
// CHECK-NEXT:       gpu.barrier
// CHECK-NEXT:       gpu.barrier {foo}
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @empty_kernel() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @helper(%arg0: f32, %arg1: index) -> f32 {
// CHECK-NEXT:       gpu.return %arg0 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @multi(%arg0: f32) -> (f32 {foo.res}, index) workgroup(%arg1 : memref<8xf32, 3>) {
// CHECK-NEXT:       %c0 = arith.constant 0 : index
// CHECK-NEXT:       cf.br ^bb1
// CHECK-NEXT:     ^bb1:  // pred: ^bb0
// CHECK-NEXT:       gpu.return %arg0, %c0 : f32, index
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.module @empty {
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.module @targets [#nvvm.target, #rocdl.target] attributes {foo} {
// CHECK-NEXT:     gpu.func @k() kernel {
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.module @handler<#gpu.select_object<0 : i64>> {
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @host(%arg0: memref<?xf32>, %arg1: f32, %arg2: i32, %arg3: i64, %arg4: !gpu.async.token, %arg5: !llvm.ptr) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c32 = arith.constant 32 : index
// CHECK-NEXT:     gpu.launch_func  @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)  args(%arg0 : memref<?xf32>, %arg1 : f32)
// CHECK-NEXT:     gpu.launch_func  @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
// CHECK-NEXT:     gpu.launch_func  @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)   {foo}
// CHECK-NEXT:     gpu.launch_func  @kernels::@empty_kernel clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
// CHECK-NEXT:     gpu.launch_func  @kernels::@empty_kernel blocks in (%arg3, %arg3, %arg3) threads in (%arg3, %arg3, %arg3) : i64
// CHECK-NEXT:     gpu.launch_func  @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)  dynamic_shared_memory_size %arg2
// CHECK-NEXT:     %0 = gpu.launch_func async [%arg4] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)  args(%arg0 : memref<?xf32>, %arg1 : f32)
// CHECK-NEXT:     %1 = gpu.launch_func async @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
// CHECK-NEXT:     gpu.launch_func [%0, %1] @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
// CHECK-NEXT:     gpu.launch_func <%arg5 : !llvm.ptr> @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
// CHECK-NEXT:     %2 = gpu.wait async
// CHECK-NEXT:     %3 = gpu.wait async [%2, %0]
// CHECK-NEXT:     gpu.wait [%3]
// CHECK-NEXT:     gpu.wait
// CHECK-NEXT:     gpu.launch blocks(%arg6, %arg7, %arg8) in (%arg12 = %c1, %arg13 = %c1, %arg14 = %c1) threads(%arg9, %arg10, %arg11) in (%arg15 = %c32, %arg16 = %c1, %arg17 = %c1) {
// CHECK-NEXT:       %5 = arith.addi %arg6, %arg9 : index
// CHECK-NEXT:       %6 = arith.addi %arg12, %arg17 : index
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     }
// CHECK-NEXT:     %4 = gpu.launch async [%3] blocks(%arg6, %arg7, %arg8) in (%arg12 = %c1, %arg13 = %c1, %arg14 = %c1) threads(%arg9, %arg10, %arg11) in (%arg15 = %c32, %arg16 = %c1, %arg17 = %c1) dynamic_shared_memory_size %arg2 workgroup(%arg18 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg19 : memref<4xf32, #gpu.address_space<private>>) {
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     } {foo}
// CHECK-NEXT:     gpu.launch clusters(%arg18, %arg19, %arg20) in (%arg21 = %c1, %arg22 = %c1, %arg23 = %c1) blocks(%arg6, %arg7, %arg8) in (%arg12 = %c1, %arg13 = %c1, %arg14 = %c1) threads(%arg9, %arg10, %arg11) in (%arg15 = %c32, %arg16 = %c1, %arg17 = %c1) {
// CHECK-NEXT:       %5 = arith.addi %arg18, %arg23 : index
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.launch blocks(%arg6, %arg7, %arg8) in (%arg12 = %c1, %arg13 = %c1, %arg14 = %c1) threads(%arg9, %arg10, %arg11) in (%arg15 = %c32, %arg16 = %c1, %arg17 = %c1) module(@mod) function(@fn) {
// CHECK-NEXT:       cf.br ^bb1
// CHECK-NEXT:     ^bb1:  // pred: ^bb0
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @memory_and_reductions(%arg0: index, %arg1: index, %arg2: !gpu.async.token, %arg3: memref<?xf32>, %arg4: memref<?xf32>, %arg5: f32, %arg6: i32, %arg7: i32) {
// CHECK-NEXT:     %memref = gpu.alloc  (%arg0) : memref<?xf32>
// CHECK-NEXT:     %memref_0, %asyncToken = gpu.alloc async [%arg2] (%arg0) : memref<?xf32>
// CHECK-NEXT:     %memref_1 = gpu.alloc  host_shared (%arg0) {foo} : memref<?xf32>
// CHECK-NEXT:     %memref_2 = gpu.alloc  () : memref<4xf32, 1>
// CHECK-NEXT:     %memref_3 = gpu.alloc  (%arg0)[%arg1] : memref<?xf32, #map>
// CHECK-NEXT:     gpu.dealloc  %memref : memref<?xf32>
// CHECK-NEXT:     %0 = gpu.dealloc async [%asyncToken] %memref_0 : memref<?xf32>
// CHECK-NEXT:     gpu.memcpy  %arg3, %arg4 : memref<?xf32>, memref<?xf32>
// CHECK-NEXT:     %1 = gpu.memcpy async [%0] %arg3, %arg4 : memref<?xf32>, memref<?xf32>
// CHECK-NEXT:     gpu.memset  %arg3, %arg5 : memref<?xf32>, f32
// CHECK-NEXT:     %2 = gpu.memset async %arg3, %arg5 : memref<?xf32>, f32 {foo}
// CHECK-NEXT:     %shuffleResult, %valid = gpu.shuffle  xor %arg5, %arg6, %arg7 : f32
// CHECK-NEXT:     %shuffleResult_4, %valid_5 = gpu.shuffle  idx %arg6, %arg6, %arg7 {foo} : i32
// CHECK-NEXT:     %3 = gpu.all_reduce  add %arg5 {
// CHECK-NEXT:     } : (f32) -> f32
// CHECK-NEXT:     %4 = gpu.all_reduce  maxnumf %arg5 uniform {
// CHECK-NEXT:     } {foo} : (f32) -> f32
// CHECK-NEXT:     %5 = gpu.all_reduce  %arg5 {
// CHECK-NEXT:     ^bb0(%arg8: f32, %arg9: f32):
// CHECK-NEXT:       %10 = arith.addf %arg8, %arg9 : f32
// CHECK-NEXT:       gpu.yield %10 : f32
// CHECK-NEXT:     } : (f32) -> f32
// CHECK-NEXT:     %6 = gpu.subgroup_reduce  add %arg5 : (f32) -> f32
// CHECK-NEXT:     %7 = gpu.subgroup_reduce  mul %arg5 uniform cluster(size = 4) : (f32) -> f32
// CHECK-NEXT:     %8 = gpu.subgroup_reduce  and %arg6 cluster(size = 4, stride = 2) {foo} : (i32) -> i32
// CHECK-NEXT:     %9 = gpu.subgroup_reduce  add %arg5 cluster(size = 8) : (f32) -> f32
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%arg0: memref<?xf32>, %arg1: f32 {foo.bar}) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) private(%p : memref<4xf32, #gpu.address_space<private>>) kernel attributes {foo = 1 : i32} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %tz = gpu.thread_id z upper_bound 64
      %bx = gpu.block_id x
      %by = gpu.block_id y {foo}
      %dx = gpu.block_dim x
      %gz = gpu.grid_dim z
      %gid = gpu.global_id y
      %lane = gpu.lane_id
      %lane2 = gpu.lane_id upper_bound 32
      %sg = gpu.subgroup_id : index
      %ns = gpu.num_subgroups upper_bound 8 : index
      %ss = gpu.subgroup_size : index
      gpu.barrier
      gpu.barrier {foo}
      gpu.return
    }
    gpu.func @empty_kernel() kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
    gpu.func @helper(%a: f32, %b: index) -> f32 {
      gpu.return %a : f32
    }
    gpu.func @multi(%a: f32) -> (f32 {foo.res}, index) workgroup(%w : memref<8xf32, 3>) {
      %c0 = arith.constant 0 : index
      cf.br ^bb1
    ^bb1:
      gpu.return %a, %c0 : f32, index
    }
  }
  gpu.module @empty {
  }
  gpu.module @targets [#nvvm.target, #rocdl.target] attributes {foo} {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  gpu.module @handler<#gpu.select_object<0 : i64>> {
  }
  func.func @host(%a: memref<?xf32>, %f: f32, %s: i32, %c64: i64, %t: !gpu.async.token, %ptr: !llvm.ptr) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<?xf32>, %f : f32)
    gpu.launch_func @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    gpu.launch_func @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) {foo}
    gpu.launch_func @kernels::@empty_kernel clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    gpu.launch_func @kernels::@empty_kernel blocks in (%c64, %c64, %c64) threads in (%c64, %c64, %c64) : i64
    gpu.launch_func @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) dynamic_shared_memory_size %s
    %t1 = gpu.launch_func async [%t] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<?xf32>, %f : f32)
    %t2 = gpu.launch_func async @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    gpu.launch_func [%t1, %t2] @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    gpu.launch_func <%ptr : !llvm.ptr> @kernels::@empty_kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    %t3 = gpu.wait async
    %t4 = gpu.wait async [%t3, %t1]
    gpu.wait [%t4]
    gpu.wait
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %0 = arith.addi %bx, %tx : index
      %1 = arith.addi %gx, %sz : index
      gpu.terminator
    }
    %t5 = gpu.launch async [%t4] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) dynamic_shared_memory_size %s workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) private(%p : memref<4xf32, #gpu.address_space<private>>) {
      gpu.terminator
    } {foo}
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c1, %ncy = %c1, %ncz = %c1) blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %0 = arith.addi %cx, %ncz : index
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) module(@mod) function(@fn) {
      cf.br ^bb1
    ^bb1:
      gpu.terminator
    }
    return
  }
  func.func @memory_and_reductions(%n: index, %s: index, %t: !gpu.async.token, %m: memref<?xf32>, %h: memref<?xf32>, %f: f32, %i: i32, %w: i32) {
    %0 = gpu.alloc (%n) : memref<?xf32>
    %1, %t1 = gpu.alloc async [%t] (%n) : memref<?xf32>
    %2 = gpu.alloc host_shared (%n) {foo} : memref<?xf32>
    %3 = gpu.alloc () : memref<4xf32, 1>
    %4 = gpu.alloc (%n) [%s] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
    gpu.dealloc %0 : memref<?xf32>
    %t2 = gpu.dealloc async [%t1] %1 : memref<?xf32>
    gpu.memcpy %m, %h : memref<?xf32>, memref<?xf32>
    %t3 = gpu.memcpy async [%t2] %m, %h : memref<?xf32>, memref<?xf32>
    gpu.memset %m, %f : memref<?xf32>, f32
    %t4 = gpu.memset async %m, %f : memref<?xf32>, f32 {foo}
    %s1, %v1 = gpu.shuffle xor %f, %i, %w : f32
    %s2, %v2 = gpu.shuffle idx %i, %i, %w {foo} : i32
    %r1 = gpu.all_reduce add %f {} : (f32) -> (f32)
    %r2 = gpu.all_reduce maxnumf %f uniform {} {foo} : (f32) -> (f32)
    %r3 = gpu.all_reduce %f {
    ^bb(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      gpu.yield %c : f32
    } : (f32) -> (f32)
    %r4 = gpu.subgroup_reduce add %f : (f32) -> f32
    %r5 = gpu.subgroup_reduce mul %f uniform cluster(size = 4) : (f32) -> f32
    %r6 = gpu.subgroup_reduce and %i cluster(size = 4, stride = 2) {foo} : (i32) -> i32
    %r7 = gpu.subgroup_reduce add %f cluster(size = 8, stride = 1) : (f32) -> f32
    return
  }
}
