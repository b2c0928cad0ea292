// RUN: lattice opt %s --gpu-map-parallel-loops | FileCheck %s
// RUN: lattice opt %s --gpu-map-parallel-loops="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: lattice opt %s --gpu-map-parallel-loops --gpu-kernel-outlining | FileCheck %s --check-prefix=OUTLINE
// RUN: lattice opt %s --gpu-map-parallel-loops="workgroup-size=128" | FileCheck %s --check-prefix=WG
// RUN: lattice opt %s --gpu-map-parallel-loops="thread-tile=2,3" | FileCheck %s --check-prefix=TILE

func.func @scale(%A: memref<100x200xf32>, %B: memref<100x200xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 200 {
      %a = affine.load %A[%i, %j] : memref<100x200xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<100x200xf32>
    }
  }
  return
}

func.func @recurrence(%A: memref<64xf32>) {
  affine.for %i = 1 to 64 {
    %a = affine.load %A[%i - 1] : memref<64xf32>
    affine.store %a, %A[%i] : memref<64xf32>
  }
  return
}

func.func @reduction(%A: memref<64xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 64 iter_args(%acc = %z) -> (f32) {
    %a = affine.load %A[%i] : memref<64xf32>
    %r = arith.addf %acc, %a : f32
    affine.yield %r : f32
  }
  return %s : f32
}

func.func @double(%A: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %b = arith.addf %a, %a : f64
    affine.store %b, %A[%i] : memref<64xf64>
  }
  return
}

func.func @indirect(%A: memref<64xf32>, %I: memref<64xindex>) {
  affine.for %i = 0 to 64 {
    %k = affine.load %I[%i] : memref<64xindex>
    %a = memref.load %A[%k] : memref<64xf32>
    affine.store %a, %A[%i] : memref<64xf32>
  }
  return
}

func.func @triangular(%A: memref<64x64xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %a, %A[%j, %i] : memref<64x64xf32>
    }
  }
  return
}

func.func @column_walk(%A: memref<64x32xf32>, %B: memref<64x32xf32>) {
  affine.for %j = 0 to 32 {
    affine.for %i = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x32xf32>
      affine.store %a, %B[%i, %j] : memref<64x32xf32>
    }
  }
  return
}

// The innermost loop of the band goes to x, the outer one to y; 16x16 workgroups,
// ceildiv(200, 16) = 13 by ceildiv(100, 16) = 7 of them, a guard for partial workgroups.
// CHECK-LABEL: func.func @scale
// CHECK-DAG:     %[[C13:.*]] = arith.constant 13 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK:         gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C13]], %{{.*}} = %[[C7]], %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%[[SX:.*]] = %{{.*}}, %[[SY:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) {
// CHECK:           %[[M:.*]] = arith.muli %[[BY]], %[[SY]] : index
// CHECK:           %[[I:.*]] = arith.addi %[[M]], %[[TY]] : index
// CHECK:           arith.cmpi slt, %[[I]], %{{.*}} : index
// CHECK:           %[[M2:.*]] = arith.muli %[[BX]], %[[SX]] : index
// CHECK:           %[[J:.*]] = arith.addi %[[M2]], %[[TX]] : index
// CHECK:           scf.if
// CHECK:             affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK:           gpu.terminator

// Refused loops stay as they are.
// CHECK-LABEL: func.func @recurrence
// CHECK-NOT:     gpu.launch
// CHECK:         affine.for
// CHECK-LABEL: func.func @reduction
// CHECK-NOT:     gpu.launch
// CHECK:         affine.for
// CHECK-LABEL: func.func @double
// CHECK-NOT:     gpu.launch
// CHECK:         affine.for
// CHECK-LABEL: func.func @indirect
// CHECK-NOT:     gpu.launch
// CHECK:         affine.for

// A triangular nest: the outer loop is parallel (the dependence test proves the
// transposed accesses never meet), the inner one, whose bound depends on it, stays a
// sequential loop in the kernel; the grid size is computed from %n on the host.
// CHECK-LABEL: func.func @triangular
// CHECK:         arith.ceildivsi
// CHECK:         gpu.launch
// CHECK:           scf.if
// CHECK-NEXT:        affine.for %{{.*}} = 0 to #{{.*}}(%{{.*}})

// Coalescing: the outer loop j indexes the unit-stride dimension, so it goes to x
// (ceildiv(32, 16) = 2 workgroups), i to y (ceildiv(64, 16) = 4).
// CHECK-LABEL: func.func @column_walk
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C4]], %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in
// CHECK:           %[[MX:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK:           %[[J:.*]] = arith.addi %[[MX]], %[[TX]] : index
// CHECK:           %[[MY:.*]] = arith.muli %[[BY]], %{{.*}} : index
// CHECK:           %[[I:.*]] = arith.addi %[[MY]], %[[TY]] : index
// CHECK:             affine.load %{{.*}}[%[[I]], %[[J]]]

// REMARK-DAG: map-parallel-loops.mlir:19:3: remark: loop not mapped to the GPU: a dependence from 'affine.store' at 21:5 to 'affine.load' at 20:10 is carried by this loop
// REMARK-DAG: map-parallel-loops.mlir:28:8: remark: loop not mapped to the GPU: it carries iter_args (a reduction), which is not mapped
// REMARK-DAG: map-parallel-loops.mlir:37:3: remark: loop not mapped to the GPU: it computes in f64, which needs a device with SHADER_F64 (option shader-f64) or the option demote-f64 (computes in f32)
// REMARK-DAG: map-parallel-loops.mlir:46:3: remark: loop not mapped to the GPU: it contains the non-affine access 'memref.load', whose dependences cannot be analysed

// OUTLINE: module attributes {gpu.container_module}
// OUTLINE-LABEL: func.func @scale
// OUTLINE:         gpu.launch_func  @scale_kernel::@scale_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})  args(%arg0 : memref<100x200xf32>, %arg1 : memref<100x200xf32>)
// OUTLINE:       gpu.module @scale_kernel {
// OUTLINE-NEXT:    gpu.func @scale_kernel(%arg0: memref<100x200xf32>, %arg1: memref<100x200xf32>) kernel attributes {known_block_size = array<i32: 16, 16, 1>, known_grid_size = array<i32: 13, 7, 1>} {
// OUTLINE-NEXT:      %block_id_x = gpu.block_id  x
// OUTLINE:           %c100 = arith.constant 100 : index
// OUTLINE:           gpu.return
// OUTLINE:       gpu.module @triangular_kernel {
// OUTLINE-NEXT:    gpu.func @triangular_kernel(%arg0: index, %arg1: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {

// A one-entry workgroup size maps one loop (i, 100 iterations, one workgroup of 128);
// j stays sequential in the kernel.
// WG-LABEL: func.func @scale
// WG:         gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads(%{{.*}}) in (%{{.*}} = %c128,
// WG:           scf.if
// WG-NEXT:        affine.for %{{.*}} = 0 to 200 {

// Register tiles: each invocation computes 2 (x) by 3 (y) iterations, t + 16 * r, so
// ceildiv(200, 32) = 7 by ceildiv(100, 48) = 3 workgroups; the guard is per iteration.
// TILE-LABEL: func.func @scale
// TILE-DAG:     %[[C7:.*]] = arith.constant 7 : index
// TILE-DAG:     %[[C3:.*]] = arith.constant 3 : index
// TILE:         gpu.launch blocks({{.*}}) in (%{{.*}} = %[[C7]], %{{.*}} = %[[C3]], %{{.*}} = %{{.*}}) threads
// TILE:           affine.for %[[RY:.*]] = 0 to 3 {
// TILE-NEXT:        affine.for %[[RX:.*]] = 0 to 2 {
// TILE:               %[[I:.*]] = affine.apply #{{.*}}(%[[RY]])[%{{.*}}]
// TILE:               %[[J:.*]] = affine.apply #{{.*}}(%[[RX]])[%{{.*}}]
// TILE:               scf.if
// TILE-NEXT:            affine.load %{{.*}}[%[[I]], %[[J]]]
