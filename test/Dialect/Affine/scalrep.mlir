// RUN: lattice opt %s --allow-unregistered-dialect --affine-scalrep --split-input-file | FileCheck %s

// The stored value reaches the load; the local buffer, now only stored into, goes.

// CHECK-LABEL: func.func @simple_store_load
// CHECK-NEXT:    %[[CF:.*]] = arith.constant 7.0
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:      %[[V:.*]] = arith.addf %[[CF]], %[[CF]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @simple_store_load() {
  %cf7 = arith.constant 7.0 : f32
  %m = memref.alloc() : memref<10xf32>
  affine.for %i0 = 0 to 10 {
    affine.store %cf7, %m[%i0] : memref<10xf32>
    %v0 = affine.load %m[%i0] : memref<10xf32>
    %v1 = arith.addf %v0, %v0 : f32
  }
  memref.dealloc %m : memref<10xf32>
  return
}

// -----

// Subscripts are compared after composing affine.apply: (i + 1) - 1 is i.

// CHECK-LABEL: func.func @store_load_affine_apply
// CHECK-NOT:     affine.load
// CHECK:         "test.use"(%arg1)
func.func @store_load_affine_apply(%m: memref<10xf32>, %f: f32) {
  affine.for %i = 0 to 9 {
    %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    affine.store %f, %m[%i1 - 1] : memref<10xf32>
    %v = affine.load %m[%i] : memref<10xf32>
    "test.use"(%v) : (f32) -> ()
  }
  return
}

// -----

// The last of several stores reaches the load; a store to a different constant
// subscript of the same memref does not intervene.

// CHECK-LABEL: func.func @multi_store_load
// CHECK-NOT:     affine.load
// CHECK:         "test.use"(%arg2)
func.func @multi_store_load(%m: memref<10xf32>, %a: f32, %b: f32) {
  affine.store %a, %m[0] : memref<10xf32>
  affine.store %b, %m[0] : memref<10xf32>
  affine.store %a, %m[1] : memref<10xf32>
  %v = affine.load %m[0] : memref<10xf32>
  "test.use"(%v) : (f32) -> ()
  return
}

// -----

// A store in a loop between the store and the load blocks forwarding (the loop may
// write the same element).

// CHECK-LABEL: func.func @store_loop_store_no_fwd
// CHECK:         affine.for
// CHECK:         %[[V:.*]] = affine.load %arg0[0]
// CHECK-NEXT:    "test.use"(%[[V]])
func.func @store_loop_store_no_fwd(%m: memref<10xf32>, %a: f32, %b: f32) {
  affine.store %a, %m[0] : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %b, %m[%i] : memref<10xf32>
  }
  %v = affine.load %m[0] : memref<10xf32>
  "test.use"(%v) : (f32) -> ()
  return
}

// -----

// A store outside a loop reaches a load inside it only if the loop does not write
// the element on an earlier iteration.

// CHECK-LABEL: func.func @store_load_nested
// CHECK:         affine.for
// CHECK-NEXT:      arith.addf %{{.*}}, %arg1
// CHECK:         affine.for
// CHECK-NEXT:      %[[V:.*]] = affine.load %arg0[0]
// CHECK-NEXT:      arith.addf %{{.*}}, %[[V]]
// CHECK-NEXT:      affine.store
func.func @store_load_nested(%m: memref<10xf32>, %a: f32) -> (f32, f32) {
  affine.store %a, %m[0] : memref<10xf32>
  %r = affine.for %i = 0 to 10 iter_args(%acc = %a) -> f32 {
    %v = affine.load %m[0] : memref<10xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  affine.store %a, %m[0] : memref<10xf32>
  %q = affine.for %i = 0 to 10 iter_args(%acc = %a) -> f32 {
    %v = affine.load %m[0] : memref<10xf32>
    %s = arith.addf %acc, %v : f32
    affine.store %s, %m[0] : memref<10xf32>
    affine.yield %s : f32
  }
  return %r, %q : f32, f32
}

// -----

// A store does not reach a load after the loop that holds it.

// CHECK-LABEL: func.func @store_in_loop_no_fwd
// CHECK:         affine.for
// CHECK-NEXT:      affine.store
// CHECK:         affine.load
func.func @store_in_loop_no_fwd(%m: memref<10xf32>, %a: f32) -> f32 {
  affine.for %i = 0 to 10 {
    affine.store %a, %m[0] : memref<10xf32>
  }
  %v = affine.load %m[0] : memref<10xf32>
  return %v : f32
}

// -----

// A repeated load is replaced by the first one; a store to a memref that may alias
// in between prevents it.

// CHECK-LABEL: func.func @load_load
// CHECK:         %[[V:.*]] = affine.load %arg0[%{{.*}}]
// CHECK-NEXT:    "test.use"(%[[V]], %[[V]])
// CHECK-NEXT:    affine.store
// CHECK-NEXT:    %[[W:.*]] = affine.load %arg0[%{{.*}}]
// CHECK-NEXT:    "test.use"(%[[W]])
func.func @load_load(%m: memref<10xf32>, %n: memref<10xf32>, %f: f32) {
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i] : memref<10xf32>
    %w = affine.load %m[%i] : memref<10xf32>
    "test.use"(%v, %w) : (f32, f32) -> ()
    affine.store %f, %n[%i] : memref<10xf32>
    %x = affine.load %m[%i] : memref<10xf32>
    "test.use"(%x) : (f32) -> ()
  }
  return
}

// -----

// Loads of different elements, or separated by an op of unknown effects, stay.

// CHECK-LABEL: func.func @no_load_cse
// CHECK-COUNT-3: affine.load
func.func @no_load_cse(%m: memref<10xf32>) {
  affine.for %i = 0 to 9 {
    %v = affine.load %m[%i] : memref<10xf32>
    %w = affine.load %m[%i + 1] : memref<10xf32>
    "test.op"() : () -> ()
    %x = affine.load %m[%i] : memref<10xf32>
    "test.use"(%v, %w, %x) : (f32, f32, f32) -> ()
  }
  return
}

// -----

// A store overwritten by a later store to the same element, with no read in between,
// is dead.

// CHECK-LABEL: func.func @overwritten_store
// CHECK:         affine.for
// CHECK-NEXT:      affine.store %arg2
// CHECK-NEXT:    }
func.func @overwritten_store(%m: memref<10xf32>, %a: f32, %b: f32) {
  affine.for %i = 0 to 10 {
    affine.store %a, %m[%i] : memref<10xf32>
    affine.store %b, %m[%i] : memref<10xf32>
  }
  return
}

// -----

// The load of an element written on a previous iteration is not forwarded from a store
// after it.

// CHECK-LABEL: func.func @loop_carried
// CHECK:         affine.load
// CHECK:         affine.store
func.func @loop_carried(%m: memref<10xf32>) {
  affine.for %i = 1 to 10 {
    %v = affine.load %m[%i - 1] : memref<10xf32>
    affine.store %v, %m[%i] : memref<10xf32>
  }
  return
}
