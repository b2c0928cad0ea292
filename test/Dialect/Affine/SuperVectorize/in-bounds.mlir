// Trip counts provably multiples of the vector size, bounds not constant: tile point
// loops from `32 * d0` to `32 * d0 + 32` (vector 8) get unmasked transfers with
// `in_bounds = [true]`; a point loop clamped by `min(..., 50)` keeps the mask and
// no `in_bounds` (all false, printed as the default). The program prints the same sums before and after.
// RUN: lattice opt %s --affine-super-vectorize="virtual-vector-size=8" | FileCheck %s
// RUN: lattice run %s -e main | FileCheck %s --check-prefix=OUT
// RUN: lattice run %s -e main --affine-super-vectorize="virtual-vector-size=8" | FileCheck %s --check-prefix=OUT

#lb = affine_map<(d0) -> (d0 * 32)>
#ub = affine_map<(d0) -> (d0 * 32 + 32)>
#ubmin = affine_map<(d0) -> (d0 * 32 + 32, 50)>

// CHECK-LABEL: func.func @tiled
// CHECK:         affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #{{.*}}(%{{.*}}) step 8 {
// CHECK:           %[[V:.*]] = vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<4x64xf32>, vector<8xf32>
// CHECK:           %[[W:.*]] = arith.mulf %[[V]], %{{.*}} : vector<8xf32>
// CHECK-NOT:       vector.create_mask
// CHECK:           vector.transfer_write %[[W]], %{{.*}}[%{{.*}}, %{{.*}}] {in_bounds = [true]} : vector<8xf32>, memref<4x64xf32>
func.func @tiled(%A: memref<4x64xf32>, %B: memref<4x64xf32>) {
  %c2 = arith.constant 2.0 : f32
  affine.for %t = 0 to 2 {
    affine.for %r = 0 to 4 {
      affine.for %c = #lb(%t) to #ub(%t) {
        %a = affine.load %A[%r, %c] : memref<4x64xf32>
        %m = arith.mulf %a, %c2 : f32
        affine.store %m, %B[%r, %c] : memref<4x64xf32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @clamped
// CHECK:         vector.create_mask
// CHECK-NOT:     in_bounds
// CHECK:         vector.transfer_read %{{.*}}, %{{[a-z_0-9]+}} : memref<4x64xf32>, vector<8xf32>
// CHECK-NOT:     in_bounds
// CHECK:         vector.transfer_write %{{.*}}, %{{[0-9]+}} : vector<8xf32>, memref<4x64xf32>
func.func @clamped(%A: memref<4x64xf32>, %B: memref<4x64xf32>) {
  %c3 = arith.constant 3.0 : f32
  affine.for %t = 0 to 2 {
    affine.for %r = 0 to 4 {
      affine.for %c = #lb(%t) to min #ubmin(%t) {
        %a = affine.load %A[%r, %c] : memref<4x64xf32>
        %m = arith.mulf %a, %c3 : f32
        affine.store %m, %B[%r, %c] : memref<4x64xf32>
      }
    }
  }
  return
}

// OUT: 3900
// OUT-NEXT: 4224
func.func @sum(%B: memref<4x64xf32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %r = 0 to 4 iter_args(%x = %z) -> f32 {
    %t = affine.for %c = 0 to 64 iter_args(%y = %x) -> f32 {
      %b = affine.load %B[%r, %c] : memref<4x64xf32>
      %n = arith.addf %y, %b : f32
      affine.yield %n : f32
    }
    affine.yield %t : f32
  }
  vector.print %s : f32
  return
}

func.func @main() {
  %A = memref.alloc() : memref<4x64xf32>
  %B = memref.alloc() : memref<4x64xf32>
  %z = arith.constant 0.0 : f32
  affine.for %r = 0 to 4 {
    affine.for %c = 0 to 64 {
      %i = arith.index_cast %c : index to i64
      %j = arith.index_cast %r : index to i64
      %k = arith.addi %i, %j : i64
      %f = arith.sitofp %k : i64 to f32
      %h = arith.constant 0.25 : f32
      %g = arith.mulf %f, %h : f32
      affine.store %g, %A[%r, %c] : memref<4x64xf32>
      affine.store %z, %B[%r, %c] : memref<4x64xf32>
    }
  }
  call @clamped(%A, %B) : (memref<4x64xf32>, memref<4x64xf32>) -> ()
  call @sum(%B) : (memref<4x64xf32>) -> ()
  call @tiled(%A, %B) : (memref<4x64xf32>, memref<4x64xf32>) -> ()
  call @sum(%B) : (memref<4x64xf32>) -> ()
  memref.dealloc %A : memref<4x64xf32>
  memref.dealloc %B : memref<4x64xf32>
  return
}
