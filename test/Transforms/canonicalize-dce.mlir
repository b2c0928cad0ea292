// RUN: lattice opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' | FileCheck %s

// Dead code: pure ops, dead block arguments (also through cycles), nested regions.
// CHECK lines are mlir-opt's (LLVM 22) output on each case.

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: f32) {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%arg0: f32) {
  %0 = "arith.addf"(%arg0, %arg0) : (f32, f32) -> f32
  return
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: f32) {
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%arg0: f32) {
  cf.br ^loop(%arg0: f32)
^loop(%loop: f32):
  cf.br ^loop(%loop: f32)
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: f32) {
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%arg0: f32) {
  cf.br ^loop(%arg0: f32)
^loop(%0: f32):
  %1 = "math.exp"(%0) : (f32) -> f32
  cf.br ^loop(%1: f32)
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: f32, %arg1: i1) {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%arg0: f32, %pred: i1) {
  %exp = "math.exp"(%arg0) : (f32) -> f32
  cf.cond_br %pred, ^true(%exp: f32), ^false(%exp: f32)
^true(%0: f32):
  return
^false(%1: f32):
  return
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: f32) {
// CHECK-NEXT:     "test.region"() ({
// CHECK-NEXT:     ^bb0:
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%arg0: f32) {
  "test.region"() (
    {
      %0 = "arith.addf"(%arg0, %arg0) : (f32, f32) -> f32
    }
  ) : () -> ()
  return
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: f32) -> f32 {
// CHECK-NEXT:     %0 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%arg0: f32) -> f32 {
  %0 = "arith.addf"(%arg0, %arg0) : (f32, f32) -> f32
  return %0 : f32
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: f32) {
// CHECK-NEXT:     "foo.print"(%arg0) : (f32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%arg0: f32) {
  "foo.print"(%arg0) : (f32) -> ()
  return
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: f32) {
// CHECK-NEXT:     "foo.has_region"() ({
// CHECK-NEXT:       "foo.return"() : () -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%arg0: f32) {
  %0 = "math.exp"(%arg0) : (f32) -> f32
  "foo.has_region"() ({
    %1 = "math.exp"(%0) : (f32) -> f32
    "foo.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: tensor<1xf32>, %arg1: tensor<2xf32>, %arg2: tensor<3xf32>, %arg3: tensor<4xf32>, %arg4: tensor<5xf32>, %arg5: i1) {
// CHECK-NEXT:     cf.cond_br %arg5, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     "foo.print"(%arg1) : (tensor<2xf32>) -> ()
// CHECK-NEXT:     "foo.print"(%arg3) : (tensor<4xf32>) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%arg0: tensor<1xf32>, %arg1: tensor<2xf32>, %arg2: tensor<3xf32>, %arg3: tensor<4xf32>, %arg4: tensor<5xf32>, %c: i1) {
  cf.cond_br %c, ^succ(%arg0, %arg1, %arg2, %arg3, %arg4 : tensor<1xf32>, tensor<2xf32>, tensor<3xf32>, tensor<4xf32>, tensor<5xf32>), ^other
^succ(%t1: tensor<1xf32>, %t2: tensor<2xf32>, %t3: tensor<3xf32>, %t4: tensor<4xf32>, %t5: tensor<5xf32>):
  "foo.print"(%t2) : (tensor<2xf32>) -> ()
  "foo.print"(%t4) : (tensor<4xf32>) -> ()
  return
^other:
  return
}
