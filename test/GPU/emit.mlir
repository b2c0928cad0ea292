// RUN: lattice emit --wgsl %T/wgsl --spirv %T/spv %s
// RUN: cat %T/wgsl/saxpy_kernel.wgsl | FileCheck %s --check-prefix=WGSL
// RUN: FileCheck %s --check-prefix=MANIFEST < %T/wgsl/manifest.json
// RUN: test -s %T/spv/saxpy_kernel.spv
// RUN: not lattice emit --wgsl %T/f64 %S/Inputs/f64-kernel.mlir 2>&1 | FileCheck %s --check-prefix=F64
// RUN: lattice emit --wgsl %T/demoted --gpu-demote-f64 %S/Inputs/f64-kernel.mlir
// RUN: cat %T/demoted/scale_kernel.wgsl | FileCheck %s --check-prefix=DEMOTED
// RUN: not lattice emit --wgsl %T/none %S/Inputs/sequential.mlir 2>&1 | FileCheck %s --check-prefix=NONE

func.func @saxpy(%a: f32, %X: memref<1000xf32>, %Y: memref<1000xf32>) {
  affine.for %i = 0 to 1000 {
    %x = affine.load %X[%i] : memref<1000xf32>
    %y = affine.load %Y[%i] : memref<1000xf32>
    %p = arith.mulf %a, %x : f32
    %s = arith.addf %p, %y : f32
    affine.store %s, %Y[%i] : memref<1000xf32>
  }
  return
}

// X is only read, Y read and written (kernel arguments in order of first use: X, Y,
// a); the scalar goes to the uniform block after the
// buffers; 64 invocations per workgroup, 16 workgroups, the last one guarded.
// WGSL: struct type_{{[0-9]+}} {
// WGSL-NEXT:    arg2_: f32,
// WGSL: @group(0) @binding(0)
// WGSL-NEXT: var<storage> arg0_: array<f32>;
// WGSL: @group(0) @binding(1)
// WGSL-NEXT: var<storage, read_write> arg1_: array<f32>;
// WGSL: @group(0) @binding(2)
// WGSL-NEXT: var<uniform> scalars: type_{{[0-9]+}};
// WGSL: @compute @workgroup_size(64, 1, 1)
// WGSL-NEXT: fn saxpy_kernel(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
// WGSL: < 1000i
// WGSL: scalars.arg2_

// MANIFEST: "entry_point": "saxpy_kernel",
// MANIFEST: "workgroup_size": [
// MANIFEST-NEXT: 64,
// MANIFEST-NEXT: 1,
// MANIFEST-NEXT: 1

// F64: error: kernel 'scale_kernel::scale_kernel': f64 needs a device with SHADER_F64 (--gpu-f64), or --gpu-demote-f64 to compute in f32

// DEMOTED: var<storage, read_write> arg0_: array<f32>;

// NONE: lattice emit: no parallel loop of '{{.*}}sequential.mlir' could be mapped to the GPU
// NONE: sequential.mlir:2:3: remark: loop not mapped to the GPU: a dependence from 'affine.store' at 6:5 to 'affine.load' at 3:10 is carried by this loop
