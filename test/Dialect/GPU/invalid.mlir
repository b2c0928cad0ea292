// RUN: lattice opt %s --split-input-file --verify-diagnostics

func.func @launch_func_missing_container_attribute(%sz : index) {
  // expected-error@+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
  gpu.launch_func @foo::@bar blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @launch_func_undefined_container(%sz : index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel container 'kernels' is undefined}}
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  module @kernels {
  }
  func.func @launch_func_not_gpu_module(%sz : index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel module 'kernels' is undefined}}
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  func.func @launch_func_undefined_function(%sz : index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function '@kernels::@kernel_1' is undefined}}
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel_1(%arg1 : f32) {
      gpu.return
    }
  }
  func.func @launch_func_missing_kernel_attr(%sz : index, %arg : f32) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%arg : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel_1(%arg1 : f32) kernel {
      gpu.return
    }
  }
  func.func @launch_func_operand_count(%sz : index, %arg : f32) {
    // expected-error@+1 {{'gpu.launch_func' op got 2 kernel operands but expected 1}}
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%arg : f32, %arg : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel_1(%arg1 : f32) kernel {
      gpu.return
    }
  }
  func.func @launch_func_operand_type(%sz : index, %arg : i32) {
    // expected-error@+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%arg : i32)
    return
  }
}

// -----

module {
  // expected-error@+1 {{'gpu.func' op expects parent op 'gpu.module'}}
  gpu.func @outside(%arg1 : f32) {
    gpu.return
  }
}

// -----

gpu.module @gpu_funcs {
  // expected-error@+1 {{gpu.func requires named arguments}}
  gpu.func @kernel_1(f32, f32) {
  ^bb0(%arg0: f32):
    gpu.return
  }
}

// -----

gpu.module @gpu_funcs {
  // expected-error@+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @kernel() workgroup(%0: i32) {
    gpu.return
  }
}

// -----

gpu.module @gpu_funcs {
  // expected-error@+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @kernel() workgroup(%0: memref<4xf32, #gpu.address_space<private>>) {
    gpu.return
  }
}

// -----

gpu.module @gpu_funcs {
  // expected-error@+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @kernel() private(%0: memref<4xf32, #gpu.address_space<workgroup>>) {
    gpu.return
  }
}

// -----

gpu.module @gpu_funcs {
  // expected-note@+1 {{return type declared here}}
  gpu.func @kernel() {
    %0 = arith.constant 0 : index
    // expected-error@+1 {{'gpu.return' op expected 0 result operands}}
    gpu.return %0 : index
  }
}

// -----

gpu.module @gpu_funcs {
  gpu.func @helper() -> index {
    %0 = arith.constant 0 : i32
    // expected-error@+1 {{'gpu.return' op unexpected type `'i32'' for operand #0}}
    gpu.return %0 : i32
  }
}

// -----

gpu.module @gpu_funcs {
  // expected-error@+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @kernel() -> index kernel {
    %0 = arith.constant 0 : index
    gpu.return %0 : index
  }
}

// -----

gpu.module @gpu_funcs {
  // expected-error@+1 {{'gpu.func' op expected at least 5 arguments to body region}}
  "gpu.func"() ({
  ^bb0(%arg0: f32, %arg1: memref<?xf32>, %arg2: memref<5xf32, 3>, %arg3: memref<5xf32, 5>):
    "gpu.return"() : () -> ()
  } ) {function_type = (f32, memref<?xf32>) -> (), gpu.kernel, sym_name = "kernel_1", workgroup_attributions = 3: i64} : () -> ()
}

// -----

gpu.module @gpu_funcs {
  // expected-error@+1 {{'gpu.func' op expected body with at least one block}}
  "gpu.func"() ({}) {function_type = () -> (), gpu.kernel, sym_name = "kernel"} : () -> ()
}

// -----

func.func @launch_requires_gpu_terminator(%sz : index) {
  // expected-note@+1 {{in 'gpu.launch' body region}}
  gpu.launch blocks(%bx, %by, %bz) in (%sbx = %sz, %sby = %sz, %sbz = %sz)
             threads(%tx, %ty, %tz) in (%stx = %sz, %sty = %sz, %stz = %sz) {
    %one = arith.constant 1 : i32
    // expected-error@+1 {{expected 'gpu.terminator' or a terminator with successors}}
    "gpu.yield"(%one) : (i32) -> ()
  }
  return
}

// -----

func.func @launch_region_arguments(%sz : index) {
  // expected-error@+1 {{'gpu.launch' op unexpected number of region arguments}}
  "gpu.launch"(%sz, %sz, %sz, %sz, %sz, %sz) ({
  ^bb1(%bx: index, %by: index, %bz: index, %tx: index, %ty: index, %tz: index):
    gpu.terminator
  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>} : (index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @terminator_outside_launch() {
  // expected-error@+1 {{'gpu.terminator' op expects parent op 'gpu.launch'}}
  gpu.terminator
}

// -----

func.func @subgroup_id_type() {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.index, but found 'i32'}}
  %0 = gpu.subgroup_id : i32
  return
}
