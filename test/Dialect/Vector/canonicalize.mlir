// RUN: lattice opt %s --canonicalize | FileCheck %s

// Folds and canonicalization patterns of vector ops (the identity, splat and
// broadcast cases of upstream's folders, BroadcastFolder, ShapeCastBroadcastFolder,
// in_bounds inference of transfers, constant positions of extract/insert, empty and
// dead vector.mask), checked against mlir-opt --canonicalize.

// CHECK-DAG: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #map2 = affine_map<(d0, d1) -> (d1, 0)>

// CHECK-LABEL: func.func @folds(%arg0: vector<4xf32>, %arg1: vector<4x8xf32>, %arg2: f32, %arg3: index, %arg4: vector<1x4xf32>) -> (vector<4xf32>, vector<4x8xf32>, vector<4xf32>, vector<4x8xf32>, vector<4xf32>, f32, vector<4xf32>, vector<8x4xf32>, vector<4x8xf32>, vector<4xf32>, f32, vector<4xf32>, vector<4x4xf32>, vector<2x2xf32>, f32, vector<4x1xf32>) {
// CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %cst_0 = arith.constant dense<1.000000e+00> : vector<4x8xf32>
// CHECK-NEXT:   %cst_1 = arith.constant dense<1.000000e+00> : vector<8x4xf32>
// CHECK-NEXT:   %0 = vector.from_elements %arg2, %cst, %arg2, %arg2 : vector<2x2xf32>
// CHECK-NEXT:   %1 = vector.shape_cast %arg4 : vector<1x4xf32> to vector<4xf32>
// CHECK-NEXT:   %2 = vector.broadcast %arg2 : f32 to vector<4x4xf32>
// CHECK-NEXT:   %3 = vector.broadcast %arg2 : f32 to vector<4x1xf32>
// CHECK-NEXT:   return %arg0, %cst_0, %arg0, %arg1, %arg0, %cst, %arg0, %cst_1, %arg1, %arg0, %cst, %1, %2, %0, %arg2, %3 : vector<4xf32>, vector<4x8xf32>, vector<4xf32>, vector<4x8xf32>, vector<4xf32>, f32, vector<4xf32>, vector<8x4xf32>, vector<4x8xf32>, vector<4xf32>, f32, vector<4xf32>, vector<4x4xf32>, vector<2x2xf32>, f32, vector<4x1xf32>
// CHECK-NEXT: }
func.func @folds(%v: vector<4xf32>, %v2: vector<4x8xf32>, %f: f32, %i: index, %v11: vector<1x4xf32>) -> (vector<4xf32>, vector<4x8xf32>, vector<4xf32>, vector<4x8xf32>, vector<4xf32>, f32, vector<4xf32>, vector<8x4xf32>, vector<4x8xf32>, vector<4xf32>, f32, vector<4xf32>, vector<4x4xf32>, vector<2x2xf32>, f32, vector<4x1xf32>) {
  %cst = arith.constant 1.0 : f32
  %0 = vector.broadcast %v : vector<4xf32> to vector<4xf32>
  %1 = vector.broadcast %cst : f32 to vector<4x8xf32>
  %2 = vector.shape_cast %v : vector<4xf32> to vector<4xf32>
  %3 = vector.transpose %v2, [0, 1] : vector<4x8xf32> to vector<4x8xf32>
  %4 = vector.extract %v[] : vector<4xf32> from vector<4xf32>
  %5 = vector.extract %1[1, 2] : f32 from vector<4x8xf32>
  %b = vector.broadcast %v : vector<4xf32> to vector<3x4xf32>
  %6 = vector.extract %b[%i] : vector<4xf32> from vector<3x4xf32>
  %7 = vector.transpose %1, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %8 = vector.insert %v2, %v2[] : vector<4x8xf32> into vector<4x8xf32>
  %9 = vector.bitcast %v : vector<4xf32> to vector<4xf32>
  %fe = vector.from_elements %f, %cst, %f, %f : vector<2x2xf32>
  %10 = vector.extract %fe[0, 1] : f32 from vector<2x2xf32>
  %s = vector.shape_cast %v11 : vector<1x4xf32> to vector<4xf32>
  %bb = vector.broadcast %f : f32 to vector<4x4xf32>
  %11 = vector.extract_strided_slice %bb {offsets = [0, 0], sizes = [4, 4], strides = [1, 1]} : vector<4x4xf32> to vector<4x4xf32>
  %12 = vector.insert_strided_slice %fe, %fe {offsets = [0, 0], strides = [1, 1]} : vector<2x2xf32> into vector<2x2xf32>
  %bs = vector.broadcast %f : f32 to vector<4xf32>
  %13 = vector.extract %bs[2] : f32 from vector<4xf32>
  %u = vector.broadcast %v11 : vector<1x4xf32> to vector<4x1x4xf32>
  %14 = vector.shape_cast %bs : vector<4xf32> to vector<4x1xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %s, %11, %12, %13, %14 : vector<4xf32>, vector<4x8xf32>, vector<4xf32>, vector<4x8xf32>, vector<4xf32>, f32, vector<4xf32>, vector<8x4xf32>, vector<4x8xf32>, vector<4xf32>, f32, vector<4xf32>, vector<4x4xf32>, vector<2x2xf32>, f32, vector<4x1xf32>
}

// CHECK-LABEL: func.func @patterns(%arg0: f32, %arg1: vector<3xf32>) -> (vector<2x4xf32>, vector<8x3xf32>, vector<6x4xf32>) {
// CHECK-NEXT:   %0 = vector.broadcast %arg0 : f32 to vector<2x4xf32>
// CHECK-NEXT:   %1 = vector.broadcast %arg1 : vector<3xf32> to vector<8x3xf32>
// CHECK-NEXT:   %2 = vector.broadcast %arg1 : vector<3xf32> to vector<2x4x3xf32>
// CHECK-NEXT:   %3 = vector.shape_cast %2 : vector<2x4x3xf32> to vector<6x4xf32>
// CHECK-NEXT:   return %0, %1, %3 : vector<2x4xf32>, vector<8x3xf32>, vector<6x4xf32>
// CHECK-NEXT: }
func.func @patterns(%f: f32, %v: vector<3xf32>) -> (vector<2x4xf32>, vector<8x3xf32>, vector<6x4xf32>) {
  %0 = vector.broadcast %f : f32 to vector<4xf32>
  %1 = vector.broadcast %0 : vector<4xf32> to vector<2x4xf32>
  %2 = vector.broadcast %v : vector<3xf32> to vector<2x4x3xf32>
  %3 = vector.shape_cast %2 : vector<2x4x3xf32> to vector<8x3xf32>
  %4 = vector.broadcast %v : vector<3xf32> to vector<2x4x3xf32>
  %5 = vector.shape_cast %4 : vector<2x4x3xf32> to vector<6x4xf32>
  return %1, %3, %5 : vector<2x4xf32>, vector<8x3xf32>, vector<6x4xf32>
}

// CHECK-LABEL: func.func @in_bounds(%arg0: memref<8x16xf32>, %arg1: memref<?x16xf32>, %arg2: tensor<8x16xf32>, %arg3: index, %arg4: f32, %arg5: vector<4xf32>, %arg6: vector<2x4xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, tensor<8x16xf32>, vector<3x4xf32>, vector<4x3xf32>) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c12 = arith.constant 12 : index
// CHECK-NEXT:   %c14 = arith.constant 14 : index
// CHECK-NEXT:   %0 = vector.transfer_read %arg0[%c0, %c12], %arg4 {in_bounds = [true]} : memref<8x16xf32>, vector<4xf32>
// CHECK-NEXT:   %1 = vector.transfer_read %arg0[%c0, %c14], %arg4 : memref<8x16xf32>, vector<4xf32>
// CHECK-NEXT:   %2 = vector.transfer_read %arg1[%c0, %c0], %arg4 {in_bounds = [true]} : memref<?x16xf32>, vector<4xf32>
// CHECK-NEXT:   %3 = vector.transfer_read %arg0[%c0, %c0], %arg4 {in_bounds = [true, true], permutation_map = #map} : memref<8x16xf32>, vector<2x4xf32>
// CHECK-NEXT:   %4 = vector.transfer_read %arg0[%c0, %arg3], %arg4 : memref<8x16xf32>, vector<4xf32>
// CHECK-NEXT:   vector.transfer_write %arg5, %arg0[%c0, %c0] {in_bounds = [true]} : vector<4xf32>, memref<8x16xf32>
// CHECK-NEXT:   %5 = vector.transfer_write %arg5, %arg2[%c0, %c14] : vector<4xf32>, tensor<8x16xf32>
// CHECK-NEXT:   %6 = vector.transfer_read %arg0[%c0, %c0], %arg4 {in_bounds = [true, true], permutation_map = #map1} : memref<8x16xf32>, vector<3x4xf32>
// CHECK-NEXT:   %7 = vector.transfer_read %arg0[%c0, %c14], %arg4 {permutation_map = #map2} : memref<8x16xf32>, vector<4x3xf32>
// CHECK-NEXT:   return %0, %1, %2, %3, %4, %5, %6, %7 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, tensor<8x16xf32>, vector<3x4xf32>, vector<4x3xf32>
// CHECK-NEXT: }
func.func @in_bounds(%m: memref<8x16xf32>, %d: memref<?x16xf32>, %t: tensor<8x16xf32>, %i: index, %f: f32, %v: vector<4xf32>, %v2: vector<2x4xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, tensor<8x16xf32>, vector<3x4xf32>, vector<4x3xf32>) {
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %c14 = arith.constant 14 : index
  %0 = vector.transfer_read %m[%c0, %c12], %f : memref<8x16xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%c0, %c14], %f : memref<8x16xf32>, vector<4xf32>
  %2 = vector.transfer_read %d[%c0, %c0], %f : memref<?x16xf32>, vector<4xf32>
  %3 = vector.transfer_read %m[%c0, %c0], %f {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<8x16xf32>, vector<2x4xf32>
  %4 = vector.transfer_read %m[%c0, %i], %f : memref<8x16xf32>, vector<4xf32>
  vector.transfer_write %v, %m[%c0, %c0] : vector<4xf32>, memref<8x16xf32>
  %5 = vector.transfer_write %v, %t[%c0, %c14] : vector<4xf32>, tensor<8x16xf32>
  %6 = vector.transfer_read %m[%c0, %c0], %f {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<8x16xf32>, vector<3x4xf32>
  %7 = vector.transfer_read %m[%c0, %c14], %f {permutation_map = affine_map<(d0, d1) -> (d1, 0)>} : memref<8x16xf32>, vector<4x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, tensor<8x16xf32>, vector<3x4xf32>, vector<4x3xf32>
}

// CHECK-LABEL: func.func @constant_positions(%arg0: vector<4x8xf32>, %arg1: f32, %arg2: index) -> (f32, vector<4x8xf32>, f32, f32) {
// CHECK-NEXT:   %c9 = arith.constant 9 : index
// CHECK-NEXT:   %0 = vector.extract %arg0[1, %arg2] : f32 from vector<4x8xf32>
// CHECK-NEXT:   %1 = vector.insert %arg1, %arg0 [1, 1] : f32 into vector<4x8xf32>
// CHECK-NEXT:   %2 = vector.extract %arg0[%arg2, %c9] : f32 from vector<4x8xf32>
// CHECK-NEXT:   return %0, %1, %2, %arg1 : f32, vector<4x8xf32>, f32, f32
// CHECK-NEXT: }
func.func @constant_positions(%v: vector<4x8xf32>, %f: f32, %i: index) -> (f32, vector<4x8xf32>, f32, f32) {
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %0 = vector.extract %v[%c1, %i] : f32 from vector<4x8xf32>
  %1 = vector.insert %f, %v[%c1, %c1] : f32 into vector<4x8xf32>
  %2 = vector.extract %v[%i, %c9] : f32 from vector<4x8xf32>
  %fe = vector.from_elements %f, %f, %f, %f : vector<4xf32>
  %3 = vector.extract %fe[%c1] : f32 from vector<4xf32>
  return %0, %1, %2, %3 : f32, vector<4x8xf32>, f32, f32
}

// CHECK-LABEL: func.func @masks(%arg0: tensor<?xf32>, %arg1: memref<?xf32>, %arg2: index, %arg3: vector<4xf32>, %arg4: vector<4xi1>) -> vector<4xf32> {
// CHECK-NEXT:   vector.mask %arg4 { vector.transfer_write %arg3, %arg1[%arg2] : vector<4xf32>, memref<?xf32> } : vector<4xi1>
// CHECK-NEXT:   return %arg3 : vector<4xf32>
// CHECK-NEXT: }
func.func @masks(%t: tensor<?xf32>, %m: memref<?xf32>, %i: index, %v: vector<4xf32>, %mask: vector<4xi1>) -> vector<4xf32> {
  %0 = vector.mask %mask { vector.yield %v : vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.mask %mask { } : vector<4xi1>
  %1 = vector.mask %mask { vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<?xf32> } : vector<4xi1> -> tensor<?xf32>
  vector.mask %mask { vector.transfer_write %v, %m[%i] : vector<4xf32>, memref<?xf32> } : vector<4xi1>
  %2 = vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<?xf32>
  return %0 : vector<4xf32>
}
