// RUN: lattice opt %s --gpu-map-parallel-loops --gpu-promote-workgroup-memory | FileCheck %s
// RUN: lattice opt %s --gpu-map-parallel-loops --gpu-promote-workgroup-memory="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --gpu-map-parallel-loops --gpu-promote-workgroup-memory --gpu-kernel-outlining | FileCheck %s --check-prefix=OUTLINE
// RUN: lattice emit --wgsl %T/wgsl %s --gpu-promote-workgroup-memory
// RUN: cat %T/wgsl/matmul_kernel.wgsl | FileCheck %s --check-prefix=WGSL
// RUN: FileCheck %s --check-prefix=MANIFEST < %T/wgsl/manifest.json
// RUN: lattice opt %s --gpu-map-parallel-loops="workgroup-size=8,8 thread-tile=2,2" --gpu-promote-workgroup-memory | FileCheck %s --check-prefix=REG
// RUN: lattice emit --wgsl %T/wgsl-reg %s --gpu-thread-tile 2,2 --gpu-workgroup-size 8,8 --gpu-promote-workgroup-memory
// RUN: cat %T/wgsl-reg/matmul_kernel.wgsl | FileCheck %s --check-prefix=REG-WGSL

func.func @matmul(%A: memref<64x48xf32>, %B: memref<48x32xf32>, %C: memref<64x32xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      affine.for %k = 0 to 48 {
        %a = affine.load %A[%i, %k] : memref<64x48xf32>
        %b = affine.load %B[%k, %j] : memref<48x32xf32>
        %c = affine.load %C[%i, %j] : memref<64x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x32xf32>
      }
    }
  }
  return
}

func.func @stencil(%A: memref<66x66xf32>, %B: memref<66x66xf32>) {
  affine.for %i = 1 to 65 {
    affine.for %j = 1 to 65 {
      %c = affine.load %A[%i, %j] : memref<66x66xf32>
      %w = affine.load %A[%i, %j - 1] : memref<66x66xf32>
      %e = affine.load %A[%i, %j + 1] : memref<66x66xf32>
      %n = affine.load %A[%i - 1, %j] : memref<66x66xf32>
      %s = affine.load %A[%i + 1, %j] : memref<66x66xf32>
      %t0 = arith.addf %c, %w : f32
      %t1 = arith.addf %t0, %e : f32
      %t2 = arith.addf %t1, %n : f32
      %t3 = arith.addf %t2, %s : f32
      affine.store %t3, %B[%i, %j] : memref<66x66xf32>
    }
  }
  return
}

func.func @copy(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %a, %B[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

// The reduction loop is tiled by 16; the A and B tiles are copied in by all
// invocations (outside the guard), then a barrier, the guarded compute reading the
// tiles, and a barrier before the next copy. C is written and read at one element per
// invocation along the whole reduction: its accumulator lives in a private 1-element
// array, loaded before the reduction and stored after it.
// CHECK-LABEL: func.func @matmul
// CHECK:         gpu.launch {{.*}} workgroup(%[[TA:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>, %[[TB:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>) {
// CHECK-NEXT:      %[[ACC:.*]] = memref.alloca() : memref<1xf32>
// CHECK:           affine.load %arg2
// CHECK-NEXT:      affine.store %{{.*}}, %[[ACC]][0]
// CHECK:           affine.for %[[K0:.*]] = 0 to 48 step 16 {
// CHECK:             affine.if
// CHECK:               affine.load %arg0
// CHECK:               affine.store %{{.*}}, %[[TA]]
// CHECK:             affine.if
// CHECK:               affine.load %arg1
// CHECK:               affine.store %{{.*}}, %[[TB]]
// CHECK:             gpu.barrier
// CHECK-NEXT:        scf.if
// CHECK-NEXT:          affine.for %[[K:.*]] = #{{.*}}(%[[K0]]) to min #{{.*}}(%[[K0]]) {
// CHECK-NEXT:            affine.load %[[TA]][symbol(%{{.*}}), %[[K]] - %[[K0]]]
// CHECK-NEXT:            affine.load %[[TB]][%[[K]] - %[[K0]], symbol(%{{.*}})]
// CHECK-NEXT:            affine.load %[[ACC]][0] : memref<1xf32>
// CHECK:               gpu.barrier
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.if
// CHECK-NEXT:          affine.load %[[ACC]][0]
// CHECK-NEXT:          affine.store %{{.*}}, %arg2
// CHECK:             gpu.terminator

// The five loads of A share one 18x18 tile with a halo of one: one copy, one barrier.
// CHECK-LABEL: func.func @stencil
// CHECK:         gpu.launch {{.*}} workgroup(%[[T:.*]] : memref<18x18xf32, #gpu.address_space<workgroup>>) {
// CHECK:           affine.for %{{.*}} = 0 to 2 {
// CHECK:             affine.if
// CHECK:           gpu.barrier
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        affine.load %[[T]][symbol(%{{.*}}) + 1, symbol(%{{.*}}) + 1]
// CHECK-NEXT:        affine.load %[[T]][symbol(%{{.*}}) + 1, symbol(%{{.*}})]
// CHECK-NEXT:        affine.load %[[T]][symbol(%{{.*}}) + 1, symbol(%{{.*}}) + 2]
// CHECK-NEXT:        affine.load %[[T]][symbol(%{{.*}}), symbol(%{{.*}}) + 1]
// CHECK-NEXT:        affine.load %[[T]][symbol(%{{.*}}) + 2, symbol(%{{.*}}) + 1]

// No reuse: nothing changes.
// CHECK-LABEL: func.func @copy
// CHECK-NOT:     workgroup(
// CHECK-NOT:     gpu.barrier
// CHECK:         return

// REMARK-DAG: remark: not promoted to workgroup memory: the kernel writes memref<64x32xf32> (in a parallel mapping each invocation owns the elements it writes, so a written memref has no reuse across the workgroup; only read-only tiles are promoted)
// REMARK-DAG: remark: not promoted to workgroup memory: its tile of 256 elements serves 256 accesses (no reuse within a workgroup)

// OUTLINE: gpu.func @matmul_kernel(%{{.*}}: memref<64x32xf32>, %{{.*}}: memref<64x48xf32>, %{{.*}}: memref<48x32xf32>) workgroup(%{{.*}} : memref<16x16xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<16x16xf32, #gpu.address_space<workgroup>>) kernel

// WGSL: var<workgroup> tile0_: array<f32, 256>;
// WGSL: var<workgroup> tile1_: array<f32, 256>;
// WGSL: workgroupBarrier();

// Two 16x16 f32 tiles for matmul, one 18x18 tile for the stencil, none for the copy.
// MANIFEST: "entry_point": "matmul_kernel",
// MANIFEST: "workgroup_memory_bytes": 2048,
// MANIFEST: "entry_point": "stencil_kernel",
// MANIFEST: "workgroup_memory_bytes": 1296,
// MANIFEST: "entry_point": "copy_kernel",
// MANIFEST: "workgroup_memory_bytes": 0,

// Promotion with 2x2 register tiles: the A and B tiles cover the workgroup's 16x16
// block of C; C's four accumulators per invocation live in a private 2x2 array, loaded
// before the reduction and stored after it; inside a reduction tile the k loop is
// outermost and the 2x2 tile is unrolled below it.
// REG-LABEL: func.func @matmul
// REG:         gpu.launch {{.*}} workgroup(%[[TA:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>, %[[TB:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>) {
// REG-NEXT:      %[[ACC:.*]] = memref.alloca() : memref<2x2xf32>
// REG:           affine.load %arg2
// REG-NEXT:      affine.store %{{.*}}, %[[ACC]][0, 0]
// REG:           affine.store %{{.*}}, %[[ACC]][1, 1]
// REG:           affine.for %[[K0:.*]] = 0 to 48 step 16 {
// REG:             gpu.barrier
// REG-NEXT:        affine.for %[[K:.*]] = #{{.*}}(%[[K0]]) to min #{{.*}}(%[[K0]]) {
// REG-NOT:           affine.for
// REG-NOT:           %arg2
// REG:               affine.load %[[TA]]
// REG:               affine.load %[[ACC]][0, 0]
// REG:               affine.store %{{.*}}, %[[ACC]][0, 0]
// REG-NOT:           affine.for
// REG-NOT:           %arg2
// REG:               affine.store %{{.*}}, %[[ACC]][1, 1]
// REG-NEXT:        }
// REG-NEXT:      }
// REG:           gpu.barrier
// REG-NEXT:    }
// REG:         affine.load %[[ACC]][1, 1]
// REG-NEXT:    affine.store %{{.*}}, %arg2
// REG:         gpu.terminator
// REG-WGSL: var<workgroup> tile0_: array<f32, 256>;
// REG-WGSL: var<private> private{{[0-9]+}}_: array<f32, 4>;
