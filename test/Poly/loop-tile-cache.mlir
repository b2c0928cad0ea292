// RUN: mlir-opt %s --split-input-file --affine-loop-tile="cache-size=4" | FileCheck %s --check-prefix=C4
// RUN: lattice opt %s --split-input-file --affine-loop-tile="cache-size=4" | FileCheck %s --check-prefix=C4
// RUN: mlir-opt %s --split-input-file --affine-loop-tile="cache-size=16" | FileCheck %s --check-prefix=C16
// RUN: lattice opt %s --split-input-file --affine-loop-tile="cache-size=16" | FileCheck %s --check-prefix=C16

// affine-loop-tile's cache model (`cache-size` in KiB) against its oracle, mlir-opt
// (the same CHECK lines run on both): the band's footprint (bounding box per memref
// times the element size) over the cache size gives the excess x; each loop but the
// last gets floor(x^(1/n)), the last the balance; sizes above half a constant trip count
// become half of it, then shrink to divisors of the trip count.
// 3 * 64 * 64 * 4 B: x = 12 at 4 KiB (2, 2, 3 -> 2), x = 3 at 16 KiB (1, 1, 3 -> 2).
// C4-LABEL:  func.func @matmul
// C4:        affine.for %{{.*}} = 0 to 64 step 2 {
// C4-NEXT:     affine.for %{{.*}} = 0 to 64 step 2 {
// C4-NEXT:       affine.for %{{.*}} = 0 to 64 step 2 {
// C16-LABEL: func.func @matmul
// C16:       affine.for %{{.*}} = 0 to 64 step 2 {
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x64xf32>
        %c = affine.load %C[%i, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x64xf32>
      }
    }
  }
  return
}

// -----

// f64 elements are 8 bytes: 2 * 96 * 128 * 8 B, x = 48 (6, 8) and 12 (3, 4).
// C4-LABEL:  func.func @scale_f64
// C4:        affine.for %{{.*}} = 0 to 96 step 6 {
// C4-NEXT:     affine.for %{{.*}} = 0 to 128 step 8 {
// C16-LABEL: func.func @scale_f64
// C16:       affine.for %{{.*}} = 0 to 96 step 3 {
// C16-NEXT:    affine.for %{{.*}} = 0 to 128 step 4 {
func.func @scale_f64(%A: memref<96x128xf64>, %B: memref<96x128xf64>) {
  %two = arith.constant 2.0 : f64
  affine.for %i = 0 to 96 {
    affine.for %j = 0 to 128 {
      %a = affine.load %A[%i, %j] : memref<96x128xf64>
      %m = arith.mulf %a, %two : f64
      affine.store %m, %B[%i, %j] : memref<96x128xf64>
    }
  }
  return
}

// -----

// The band is (i, j) (the k loop is not perfectly nested); its footprint counts k's
// accesses. x = 37 at 4 KiB gives 6, 6: above half the trip count 6, so 3, 3.
// C4-LABEL:  func.func @half_trip
// C4:        affine.for %{{.*}} = 0 to 6 step 3 {
// C4-NEXT:     affine.for %{{.*}} = 0 to 6 step 3 {
// C16-LABEL: func.func @half_trip
// C16:       affine.for %{{.*}} = 0 to 6 step 3 {
// C16-NEXT:    affine.for %{{.*}} = 0 to 6 step 3 {
func.func @half_trip(%A: memref<6x6x1024xf32>, %B: memref<6x6xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      affine.store %z, %B[%i, %j] : memref<6x6xf32>
      affine.for %k = 0 to 1024 {
        %a = affine.load %A[%i, %j, %k] : memref<6x6x1024xf32>
        %b = affine.load %B[%i, %j] : memref<6x6xf32>
        %s = arith.addf %a, %b : f32
        affine.store %s, %B[%i, %j] : memref<6x6xf32>
      }
    }
  }
  return
}

// -----

// index elements have no size for mlir-opt: the default 4, shrunk to divide 30.
// C4-LABEL:  func.func @index_elements
// C4:        affine.for %{{.*}} = 0 to 64 step 4 {
// C4-NEXT:     affine.for %{{.*}} = 0 to 30 step 3 {
// C16-LABEL: func.func @index_elements
// C16:       affine.for %{{.*}} = 0 to 64 step 4 {
// C16-NEXT:    affine.for %{{.*}} = 0 to 30 step 3 {
func.func @index_elements(%A: memref<64x64xindex>, %B: memref<64x64xindex>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 30 {
      %a = affine.load %A[%i, %j] : memref<64x64xindex>
      affine.store %a, %B[%j, %i] : memref<64x64xindex>
    }
  }
  return
}

// -----

// The j extent has no constant bound: the memref's size (256) stands in for it.
// C4-LABEL:  func.func @symbolic_extent
// C4:        affine.for %{{.*}} = 0 to 256 step 8 {
// C4-NEXT:     affine.for %{{.*}} = 0 to %{{.*}} step 8 {
// C16-LABEL: func.func @symbolic_extent
// C16:       affine.for %{{.*}} = 0 to 256 step 4 {
// C16-NEXT:    affine.for %{{.*}} = 0 to %{{.*}} step 4 {
func.func @symbolic_extent(%A: memref<256x256xf32>, %n: index) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<256x256xf32>
      %s = arith.addf %a, %a : f32
      affine.store %s, %A[%i, %j] : memref<256x256xf32>
    }
  }
  return
}
