// Partial tiles whose stores need no mask: the lanes past the loop's end write past the
// memref's end, which vector.transfer_write skips (`in_bounds` false). The proof is
// exact (upper bound + index offset - memref size is a non-negative constant); where it
// fails (a larger memref, a bound below the size) the store keeps its mask. mlir-opt 22
// never masks a store, and in @larger writes lanes 37..39 that the loop never wrote.
// Reads are padded with ub.poison, as mlir-opt 22. The program prints the same before and
// after vectorization.
// RUN: lattice opt %s --affine-super-vectorize="virtual-vector-size=8" | FileCheck %s
// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --affine-super-vectorize="virtual-vector-size=8" | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: func.func @exact
// CHECK:         affine.for %{{.*}} = 0 to 37 step 8 {
// CHECK-NEXT:      ub.poison : f32
// CHECK-NEXT:      vector.transfer_read
// CHECK-NOT:       vector.create_mask
// CHECK:           vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : vector<8xf32>, memref<2x37xf32>
func.func @exact(%A: memref<2x37xf32>, %B: memref<2x37xf32>) {
  // Row 0 only: a lane written past its end would land in row 1 (still zero).
  affine.for %r = 0 to 1 {
    affine.for %c = 0 to 37 {
      %a = affine.load %A[%r, %c] : memref<2x37xf32>
      %m = arith.addf %a, %a : f32
      affine.store %m, %B[%r, %c] : memref<2x37xf32>
    }
  }
  return
}

// An index offset: iterations 1..37 write elements 0..36.
// CHECK-LABEL: func.func @offset
// CHECK-NOT:     vector.create_mask
// CHECK:         vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : vector<8xf32>, memref<2x37xf32>
func.func @offset(%A: memref<2x37xf32>, %B: memref<2x37xf32>) {
  affine.for %r = 0 to 2 {
    affine.for %c = 1 to 38 {
      %a = affine.load %A[%r, %c - 1] : memref<2x37xf32>
      %m = arith.addf %a, %a : f32
      affine.store %m, %B[%r, %c - 1] : memref<2x37xf32>
    }
  }
  return
}

// A dynamic size: the loop runs to the dimension the memref was allocated with.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT:     vector.create_mask
// CHECK:         vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}] : vector<8xf32>, memref<?xf32>
func.func @dynamic(%n: index) -> memref<?xf32> {
  %B = memref.alloc(%n) : memref<?xf32>
  %one = arith.constant 1.0 : f32
  affine.for %c = 0 to %n {
    affine.store %one, %B[%c] : memref<?xf32>
  }
  return %B : memref<?xf32>
}

// The memref is larger than the loop's range: the store is masked.
// CHECK-LABEL: func.func @larger
// CHECK:         %[[M:.*]] = vector.create_mask %{{.*}} : vector<8xi1>
// CHECK:         vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}], %[[M]] : vector<8xf32>, memref<2x40xf32>
func.func @larger(%B: memref<2x40xf32>) {
  %seven = arith.constant 7.0 : f32
  affine.for %r = 0 to 2 {
    affine.for %c = 0 to 37 {
      affine.store %seven, %B[%r, %c] : memref<2x40xf32>
    }
  }
  return
}

// OUT: 1332
// OUT-NEXT: 2664
// OUT-NEXT: 37
// OUT-NEXT: 518
func.func @sum(%B: memref<2x37xf32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %r = 0 to 2 iter_args(%x = %z) -> f32 {
    %t = affine.for %c = 0 to 37 iter_args(%y = %x) -> f32 {
      %b = affine.load %B[%r, %c] : memref<2x37xf32>
      %n = arith.addf %y, %b : f32
      affine.yield %n : f32
    }
    affine.yield %t : f32
  }
  vector.print %s : f32
  return
}

func.func @main() {
  %A = memref.alloc() : memref<2x37xf32>
  %B = memref.alloc() : memref<2x37xf32>
  %L = memref.alloc() : memref<2x40xf32>
  %z = arith.constant 0.0 : f32
  affine.for %r = 0 to 2 {
    affine.for %c = 0 to 37 {
      %i = arith.index_cast %c : index to i64
      %f = arith.sitofp %i : i64 to f32
      affine.store %f, %A[%r, %c] : memref<2x37xf32>
    }
    affine.for %c = 0 to 40 {
      affine.store %z, %L[%r, %c] : memref<2x40xf32>
    }
    affine.for %c = 0 to 37 {
      affine.store %z, %B[%r, %c] : memref<2x37xf32>
    }
  }
  call @exact(%A, %B) : (memref<2x37xf32>, memref<2x37xf32>) -> ()
  call @sum(%B) : (memref<2x37xf32>) -> ()
  call @offset(%A, %B) : (memref<2x37xf32>, memref<2x37xf32>) -> ()
  call @sum(%B) : (memref<2x37xf32>) -> ()
  %c37 = arith.constant 37 : index
  %D = call @dynamic(%c37) : (index) -> memref<?xf32>
  %d = affine.for %c = 0 to 37 iter_args(%y = %z) -> f32 {
    %b = affine.load %D[%c] : memref<?xf32>
    %n = arith.addf %y, %b : f32
    affine.yield %n : f32
  }
  vector.print %d : f32
  call @larger(%L) : (memref<2x40xf32>) -> ()
  %l = affine.for %r = 0 to 2 iter_args(%x = %z) -> f32 {
    %t = affine.for %c = 0 to 40 iter_args(%y = %x) -> f32 {
      %b = affine.load %L[%r, %c] : memref<2x40xf32>
      %n = arith.addf %y, %b : f32
      affine.yield %n : f32
    }
    affine.yield %t : f32
  }
  vector.print %l : f32
  memref.dealloc %A : memref<2x37xf32>
  memref.dealloc %B : memref<2x37xf32>
  memref.dealloc %L : memref<2x40xf32>
  memref.dealloc %D : memref<?xf32>
  return
}
