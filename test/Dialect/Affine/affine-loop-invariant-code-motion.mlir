// RUN: lattice opt %s --allow-unregistered-dialect --affine-loop-invariant-code-motion --split-input-file | FileCheck %s
// RUN: lattice opt %s --allow-unregistered-dialect --split-input-file \
// RUN:   --affine-loop-invariant-code-motion=remarks=true 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Invariant arithmetic and a load of a memref nothing in the nest writes leave both
// loops; the store stays.

// CHECK-LABEL: func.func @nested_loops_both_having_invariant_code
// CHECK:       %[[A:.*]] = memref.alloc() : memref<10xf32>
// CHECK:       %[[B:.*]] = memref.alloc() : memref<10xf32>
// CHECK:       %[[CST:.*]] = arith.constant
// CHECK-NEXT:  %[[V:.*]] = affine.load %[[A]][0]
// CHECK-NEXT:  %[[W:.*]] = arith.addf %[[V]], %[[CST]] : f32
// CHECK-NEXT:  affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:      affine.store %[[W]], %[[B]][%[[I]]]
func.func @nested_loops_both_having_invariant_code() {
  %m = memref.alloc() : memref<10xf32>
  %n = memref.alloc() : memref<10xf32>
  %cf7 = arith.constant 7.0 : f32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %v = affine.load %m[0] : memref<10xf32>
      %w = arith.addf %v, %cf7 : f32
      affine.store %w, %n[%i] : memref<10xf32>
    }
  }
  return
}

// -----

// An op using the induction variable stays; one using only outer values leaves.

// CHECK-LABEL: func.func @single_loop_partly_invariant
// CHECK:       %[[C:.*]] = arith.addi %arg1, %arg1 : index
// CHECK-NEXT:  affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:    %[[D:.*]] = arith.addi %[[I]], %[[C]] : index
// CHECK-NEXT:    memref.store %{{.*}}, %arg0[%[[D]]]
func.func @single_loop_partly_invariant(%m: memref<100xf32>, %x: index) {
  %cf = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
    %c = arith.addi %x, %x : index
    %d = arith.addi %i, %c : index
    memref.store %cf, %m[%d] : memref<100xf32>
  }
  return
}

// -----

// A load from a memref the loop writes (here through a possibly aliasing argument)
// stays in the loop.

// REMARK: remark: invariant 'affine.load' not hoisted: the loop may write its memref
// CHECK-LABEL: func.func @load_of_possibly_written_memref
// CHECK:       affine.for
// CHECK-NEXT:    affine.load %arg0[0]
// CHECK-NEXT:    affine.store
func.func @load_of_possibly_written_memref(%a: memref<10xf32>, %b: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %a[0] : memref<10xf32>
    affine.store %v, %b[%i] : memref<10xf32>
  }
  return
}

// -----

// Stores are never hoisted, even when invariant.

// CHECK-LABEL: func.func @invariant_store_stays
// CHECK:       affine.for
// CHECK-NEXT:    affine.store
func.func @invariant_store_stays(%a: memref<10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.store %v, %a[0] : memref<10xf32>
  }
  return
}

// -----

// An affine.if on invariant operands whose body is hoistable leaves the loop.

// CHECK-LABEL: func.func @invariant_affine_if
// CHECK:       affine.if
// CHECK-NEXT:    arith.addf
// CHECK:       arith.mulf
// CHECK-NEXT:  affine.for
// CHECK-NEXT:    "test.use"
func.func @invariant_affine_if(%x: index, %f: f32) {
  affine.for %i = 0 to 10 {
    %r = affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%x) -> f32 {
      %s = arith.addf %f, %f : f32
      affine.yield %s : f32
    } else {
      affine.yield %f : f32
    }
    %t = arith.mulf %r, %r : f32
    "test.use"(%t) : (f32) -> ()
  }
  return
}

// -----

// An affine.if whose condition uses the induction variable, or whose body stores,
// stays.

// CHECK-LABEL: func.func @variant_affine_if
// CHECK:       affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:    affine.if #{{.*}}(%[[I]])
// CHECK:         affine.if #{{.*}}(%arg0)
// CHECK-NEXT:      affine.store
func.func @variant_affine_if(%x: index, %f: f32, %m: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {
      %s = arith.addf %f, %f : f32
    }
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%x) {
      affine.store %f, %m[0] : memref<10xf32>
    }
  }
  return
}

// -----

// Out of a loop that may run zero times, loads and divisions that may trap stay; pure
// arithmetic still moves.

// REMARK: remark: invariant 'affine.load' not hoisted: the loop may run zero times
// REMARK: remark: invariant 'arith.divsi' not hoisted: it may trap and the loop may run zero times
// CHECK-LABEL: func.func @possibly_empty_loop
// CHECK:       arith.addi
// CHECK-NEXT:  affine.for
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    arith.divsi
func.func @possibly_empty_loop(%n: index, %d: index) {
  %m = memref.alloc() : memref<10xf32>
  %o = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to %n {
    %v = affine.load %m[0] : memref<10xf32>
    %q = arith.divsi %n, %d : index
    %s = arith.addi %n, %d : index
    memref.store %v, %o[%q] : memref<10xf32>
    memref.store %v, %o[%s] : memref<10xf32>
  }
  return
}

// -----

// A loop running `%n to %n + 4` is known to run, so its invariant load moves.

// CHECK-LABEL: func.func @nonempty_symbolic_loop
// CHECK:       affine.load
// CHECK-NEXT:  affine.for
// CHECK-NEXT:    affine.store
func.func @nonempty_symbolic_loop(%n: index) {
  %m = memref.alloc() : memref<10xf32>
  %o = memref.alloc() : memref<10xf32>
  affine.for %i = %n to affine_map<()[s0] -> (s0 + 4)>()[%n] {
    %v = affine.load %m[0] : memref<10xf32>
    affine.store %v, %o[0] : memref<10xf32>
  }
  return
}

// -----

// Ops with unknown effects and the ops depending on them stay; iter_args are variant.
// A load stays out of a loop holding an op of unknown effects.

// CHECK-LABEL: func.func @unknown_effects_and_iter_args
// CHECK:       affine.for {{.*}} iter_args
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    "test.op"
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    arith.addf
func.func @unknown_effects_and_iter_args(%f: f32) -> f32 {
  %m = memref.alloc() : memref<10xf32>
  %r = affine.for %i = 0 to 10 iter_args(%acc = %f) -> f32 {
    %l = affine.load %m[0] : memref<10xf32>
    %u = "test.op"() : () -> f32
    %a = arith.addf %u, %f : f32
    %b = arith.addf %acc, %f : f32
    affine.yield %b : f32
  }
  return %r : f32
}
