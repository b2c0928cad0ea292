// vector.mask with a pass-through value around transfer_read (1-D and n-D): masked-off
// lanes take the pass-through, enabled lanes past the memref's end the padding. Upstream's
// lowering pipeline cannot lower this form (so mlir-runner is no reference here); the
// expected values follow the op's definition.
// RUN: lattice run %s -e main | FileCheck %s
// CHECK: ( 1, 1, 9, 9, 9 )
// CHECK-NEXT: ( 1, 9, -1, -1, -1 )
// CHECK-NEXT: ( ( 1, 1, 1, 9 ), ( 1, 1, 1, 9 ) )
// CHECK-NEXT: ( ( 1, 1, 1, -1 ), ( 9, 9, 9, 9 ) )
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloc() : memref<3xf32>
  %ones = arith.constant dense<1.0> : vector<3xf32>
  vector.transfer_write %ones, %m[%c0] {in_bounds = [true]} : vector<3xf32>, memref<3xf32>
  %mk = vector.create_mask %c2 : vector<5xi1>
  %pt = arith.constant dense<9.0> : vector<5xf32>
  %r = vector.mask %mk, %pt { vector.transfer_read %m[%c0], %pad : memref<3xf32>, vector<5xf32> } : vector<5xi1> -> vector<5xf32>
  vector.print %r : vector<5xf32>
  %mk2 = arith.constant dense<[true, false, true, true, true]> : vector<5xi1>
  %r2 = vector.mask %mk2, %pt { vector.transfer_read %m[%c1], %pad : memref<3xf32>, vector<5xf32> } : vector<5xi1> -> vector<5xf32>
  vector.print %r2 : vector<5xf32>
  %m2 = memref.alloc() : memref<3x3xf32>
  %ones2 = arith.constant dense<1.0> : vector<3x3xf32>
  vector.transfer_write %ones2, %m2[%c0, %c0] {in_bounds = [true, true]} : vector<3x3xf32>, memref<3x3xf32>
  %mk3 = vector.create_mask %c2, %c3 : vector<2x4xi1>
  %pt2 = arith.constant dense<9.0> : vector<2x4xf32>
  %r3 = vector.mask %mk3, %pt2 { vector.transfer_read %m2[%c0, %c0], %pad : memref<3x3xf32>, vector<2x4xf32> } : vector<2x4xi1> -> vector<2x4xf32>
  vector.print %r3 : vector<2x4xf32>
  %mk4 = arith.constant dense<[[true, true, true, true], [false, false, false, false]]> : vector<2x4xi1>
  %r4 = vector.mask %mk4, %pt2 { vector.transfer_read %m2[%c2, %c0], %pad : memref<3x3xf32>, vector<2x4xf32> } : vector<2x4xi1> -> vector<2x4xf32>
  vector.print %r4 : vector<2x4xf32>
  memref.dealloc %m : memref<3xf32>
  memref.dealloc %m2 : memref<3x3xf32>
  return
}
