// linalg.generic and linalg.yield: the custom form as mlir-opt 22 prints it (trait
// dictionary with iterator types as strings, ins/outs, `attrs =`, `-> (types)`), the
// generic form (`#linalg.iterator_type<...>`, operandSegmentSizes), the block argument
// names %in/%out (a name location wins with -mlir-use-nameloc-as-prefix), and effects:
// an op that writes a memref is neither erased, merged nor crossed by a load; on tensors
// its effects are its body's.
// RUN: lattice opt %s --split-input-file | FileCheck %s
// RUN: lattice opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lattice opt %s --split-input-file -mlir-use-nameloc-as-prefix | FileCheck %s --check-prefix=NAMELOC
// RUN: lattice opt %s --split-input-file --canonicalize --cse | FileCheck %s --check-prefix=EFFECTS
// RUN: lattice opt %s --split-input-file --affine-loop-invariant-code-motion --affine-scalrep | FileCheck %s --check-prefix=AFFINE

#id = affine_map<(d0) -> (d0)>
#trait = {
  iterator_types = ["parallel"],
  indexing_maps = [#id, #id, #id]
}

// CHECK: #[[MAP:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @tensors
// CHECK-NEXT:    %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[MAP]], #[[MAP]], #[[MAP]]], iterator_types = ["parallel"]} ins(%arg0 : tensor<?xf32>) outs(%arg0, %arg1 : tensor<?xf32>, tensor<?xf32>) {
// CHECK-NEXT:    ^bb0(%in: f32, %out: f32, %out_0: f32):
// CHECK-NEXT:      linalg.yield %in, %out_0 : f32, f32
// CHECK-NEXT:    } -> (tensor<?xf32>, tensor<?xf32>)
// CHECK-NEXT:    %[[S:.*]] = linalg.generic {indexing_maps = [#[[MAP]]], iterator_types = ["reduction"]} outs(%arg1 : tensor<?xf32>) {
// CHECK-NEXT:    ^bb0(%out: f32):
// CHECK-NEXT:      linalg.yield %out : f32
// CHECK-NEXT:    } -> tensor<?xf32>
// GENERIC-LABEL: sym_name = "tensors"
// GENERIC: "linalg.generic"(%arg0, %arg0, %arg1) <{indexing_maps = [#map, #map, #map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 2>}> ({
// GENERIC: "linalg.generic"(%arg1) <{indexing_maps = [#map], iterator_types = [#linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 0, 1>}> ({
// NAMELOC-LABEL: func.func @tensors
// NAMELOC:  ^bb0(%in: f32, %out: f32, %out_0: f32):
// NAMELOC:  ^bb0(%acc: f32):
// NAMELOC-NEXT: linalg.yield %acc : f32
func.func @tensors(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0:2 = linalg.generic #trait ins(%arg0: tensor<?xf32>) outs(%arg0, %arg1: tensor<?xf32>, tensor<?xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      linalg.yield %a, %c : f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>)
  %1 = linalg.generic {indexing_maps = [#id], iterator_types = ["reduction"]} outs(%arg1 : tensor<?xf32>) {
    ^bb0(%b: f32 loc("acc")):
      linalg.yield %b : f32
  } -> tensor<?xf32>
  return %0#0, %1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @buffers
// CHECK-NEXT:    linalg.generic {doc = "add", indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"], library_call = "f"} ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<4xf32>) attrs =  {tag = 1 : i32} {
// CHECK-NEXT:    ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:      %0 = arith.addf %in, %out : f32
// CHECK-NEXT:      linalg.yield %0 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "buffers"
// GENERIC: "linalg.generic"(%arg0, %arg1) <{doc = "add", indexing_maps = [#map, #map1], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], library_call = "f", operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC: }) {tag = 1 : i32} : (memref<4x8xf32>, memref<4xf32>) -> ()
func.func @buffers(%arg0: memref<4x8xf32>, %arg1: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"], library_call = "f", doc = "add"}
      ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<4xf32>) attrs = {tag = 1 : i32} {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The generic form is read too, and a spaced iterator type is printed canonically.
// CHECK-LABEL: func.func @generic_form
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}], iterator_types = ["parallel"]} outs(%arg0 : memref<4xf32>) {
// CHECK-NEXT:    ^bb0(%out: f32):
// GENERIC-LABEL: sym_name = "generic_form"
// GENERIC: iterator_types = [#linalg.iterator_type<parallel>]
func.func @generic_form(%arg0: memref<4xf32>) {
  %c = arith.constant 1.0 : f32
  "linalg.generic"(%arg0) <{indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type< parallel >], operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%o: f32):
    "linalg.yield"(%c) : (f32) -> ()
  }) : (memref<4xf32>) -> ()
  return
}

// -----

// Memory effects: each generic writes %buf, so canonicalize keeps both identical ops,
// CSE merges neither them nor the loads around them.
// EFFECTS-LABEL: func.func @effects
// EFFECTS:         %[[A:.*]] = memref.load %arg0[%c0]
// EFFECTS-NEXT:    linalg.generic
// EFFECTS:         linalg.generic
// EFFECTS:         %[[B:.*]] = memref.load %arg0[%c0]
// EFFECTS-NEXT:    %[[S:.*]] = arith.addf %[[A]], %[[B]]
// EFFECTS-NEXT:    return %[[S]]
func.func @effects(%arg0: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c = arith.constant 2.0 : f32
  %a = memref.load %arg0[%c0] : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%arg0 : memref<4xf32>) {
  ^bb0(%o: f32):
    %m = arith.mulf %o, %c : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%arg0 : memref<4xf32>) {
  ^bb0(%o: f32):
    %m = arith.mulf %o, %c : f32
    linalg.yield %m : f32
  }
  %b = memref.load %arg0[%c0] : memref<4xf32>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// -----

// Affine passes: the load after the generic is neither hoisted out of the loop nor
// replaced by the value stored before it.
// AFFINE-LABEL: func.func @affine_effects
// AFFINE:         affine.for
// AFFINE-NEXT:      affine.store
// AFFINE-NEXT:      linalg.generic
// AFFINE:           %[[L:.*]] = affine.load %arg0[0]
// AFFINE-NEXT:      affine.store %[[L]], %arg1[%{{.*}}]
func.func @affine_effects(%arg0: memref<4xf32>, %arg1: memref<8xf32>) {
  %c = arith.constant 3.0 : f32
  affine.for %i = 0 to 8 {
    affine.store %c, %arg0[0] : memref<4xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%arg0 : memref<4xf32>) {
    ^bb0(%o: f32):
      %m = arith.addf %o, %c : f32
      linalg.yield %m : f32
    }
    %l = affine.load %arg0[0] : memref<4xf32>
    affine.store %l, %arg1[%i] : memref<8xf32>
  }
  return
}

// -----

// Accepted shapes: a dynamic loop range skips the static check; `mod` stays in bounds;
// a scalar input has a rank-0 map.
// CHECK-LABEL: func.func @shapes
// CHECK-COUNT-3: linalg.generic
func.func @shapes(%a: memref<?xf32>, %b: memref<4xf32>, %c: memref<8xf32>, %s: f32) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0 + 3)>], iterator_types = ["parallel"]} ins(%a : memref<?xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0 mod 4)>], iterator_types = ["parallel"]} ins(%c : memref<8xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : f32) outs(%c : memref<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// On tensors the op's effects are its body's: an unused one is erased, two identical
// ones are merged, one whose body stores is kept (all as mlir-opt does).
// EFFECTS-LABEL: func.func @tensor_effects
// EFFECTS-NOT:     arith.addf
// EFFECTS:         %[[A:.*]] = linalg.generic
// EFFECTS-NEXT:    ^bb0
// EFFECTS-NEXT:      arith.mulf
// EFFECTS-NEXT:      linalg.yield
// EFFECTS-NEXT:    } -> tensor<4xf32>
// EFFECTS-NEXT:    linalg.generic
// EFFECTS-NEXT:    ^bb0
// EFFECTS-NEXT:      memref.store
// EFFECTS-NEXT:      linalg.yield
// EFFECTS-NEXT:    } -> tensor<4xf32>
// EFFECTS-NEXT:    return %[[A]], %[[A]]
func.func @tensor_effects(%t: tensor<4xf32>, %m: memref<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant 2.0 : f32
  %dead = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %c : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %c : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %c : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %kept = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %c0 = arith.constant 0 : index
    memref.store %x, %m[%c0] : memref<4xf32>
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}
