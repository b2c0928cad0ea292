// RUN: lattice opt %s --affine-raise-from-memref --split-input-file | FileCheck %s

// Loads and stores indexed by loop IVs, symbols and constants become affine accesses.
// CHECK-LABEL: func.func @ivs
// CHECK: affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT: %[[V:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]] : memref<8x8xf32>
// CHECK-NEXT: affine.store %[[V]], %{{.*}}[%[[J]], %[[I]]] : memref<8x8xf32>
// CHECK-NEXT: affine.store %[[V]], %{{.*}}[3, 0] : memref<8x8xf32>
func.func @ivs(%a: memref<8x8xf32>, %b: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = memref.load %a[%i, %j] : memref<8x8xf32>
      memref.store %v, %b[%j, %i] : memref<8x8xf32>
      memref.store %v, %b[%c3, %c0] : memref<8x8xf32>
    }
  }
  return
}

// -----

// Index arithmetic on IVs and symbols folds into the access map.
// CHECK-LABEL: func.func @arith
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT: %[[V:.*]] = affine.load %{{.*}}[%[[I]] * 2 + 1, %[[I]] + symbol(%{{.*}}) - 1] : memref<100x100xf32>
// CHECK-NEXT: affine.store %[[V]], %{{.*}}[%[[I]] floordiv 4, %[[I]] mod 3] : memref<100x100xf32>
// CHECK-NEXT: }
func.func @arith(%m: memref<100x100xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  affine.for %i = 0 to 10 {
    %a = arith.muli %i, %c2 : index
    %b = arith.addi %a, %c1 : index
    %c = arith.addi %i, %n : index
    %d = arith.subi %c, %c1 : index
    %v = memref.load %m[%b, %d] : memref<100x100xf32>
    %e = arith.divsi %i, %c4 : index
    %f = arith.remsi %i, %c3 : index
    memref.store %v, %m[%e, %f] : memref<100x100xf32>
  }
  return
}

// -----

// affine.apply results compose into the access map.
// CHECK-LABEL: func.func @apply
// CHECK: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]] + 5] : memref<100xf32>
func.func @apply(%m: memref<100xf32>) {
  affine.for %i = 0 to 10 {
    %a = affine.apply affine_map<(d0) -> (d0 + 5)>(%i)
    %v = memref.load %m[%a] : memref<100xf32>
  }
  return
}

// -----

// Not affine: an index loaded from memory, a product of two IVs, a signed division of a
// value that may be negative, and an IV of an scf.for (not a valid dimension).
// CHECK-LABEL: func.func @declined
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<100xf32>
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<100xf32>
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<100xf32>
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<100xf32>
// CHECK-NOT: affine.load
func.func @declined(%m: memref<100xf32>, %idx: memref<10xindex>, %lb: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  affine.for %i = 0 to 10 {
    affine.for %j = %lb to 10 {
      %k = affine.load %idx[%i] : memref<10xindex>
      %v0 = memref.load %m[%k] : memref<100xf32>
      %p = arith.muli %i, %j : index
      %v1 = memref.load %m[%p] : memref<100xf32>
      %q = arith.divsi %j, %c2 : index
      %v2 = memref.load %m[%q] : memref<100xf32>
    }
  }
  scf.for %s = %c0 to %c10 step %c1 {
    %v3 = memref.load %m[%s] : memref<100xf32>
  }
  return
}
