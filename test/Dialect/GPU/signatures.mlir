// RUN: lattice opt %s | FileCheck %s

// gpu.func signatures with argument/result attributes and private attributions,
// async launches without dependencies, launch_func with an async object.

// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT:   gpu.module @k {
// CHECK-NEXT:     gpu.func @a(%arg0: f32) -> (f32 {foo.r}) private(%arg1 : memref<4xf32, 5>) {
// CHECK-NEXT:       gpu.return %arg0 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @b() kernel {
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @c(%arg0: f32 {foo.a = 1 : i32}, %arg1: index) -> (f32, index) {
// CHECK-NEXT:       gpu.return %arg0, %arg1 : f32, index
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @h(%arg0: index, %arg1: !llvm.ptr) {
// CHECK-NEXT:     %0 = gpu.launch async blocks(%arg2, %arg3, %arg4) in (%arg8 = %arg0, %arg9 = %arg0, %arg10 = %arg0) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %arg0, %arg13 = %arg0) {
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = gpu.launch_func async [%0]<%arg1 : !llvm.ptr> @k::@b blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)
// CHECK-NEXT:     gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %arg0, %arg9 = %arg0, %arg10 = %arg0) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %arg0, %arg13 = %arg0) private(%arg14 : memref<4xf32, #gpu.address_space<private>>) {
// CHECK-NEXT:       gpu.terminator
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @a(%x: f32) -> (f32 {foo.r}) private(%p : memref<4xf32, 5>) {
      gpu.return %x : f32
    }
    gpu.func @b() kernel {
      gpu.return
    }
    gpu.func @c(%x: f32 {foo.a = 1 : i32}, %y: index) -> (f32, index) {
      gpu.return %x, %y : f32, index
    }
  }
  func.func @h(%c1: index, %s: !llvm.ptr) {
    %t = gpu.launch async blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    %t2 = gpu.launch_func async [%t] <%s : !llvm.ptr> @k::@b blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) private(%p : memref<4xf32, #gpu.address_space<private>>) {
      gpu.terminator
    }
    return
  }
}
