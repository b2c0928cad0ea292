// RUN: lattice opt %s | FileCheck %s

// Custom forms of every vector op Lattice models, as mlir-opt 22 prints them
// (defaults such as in_bounds, permutation_map, kind and punctuation elided).

// CHECK-DAG: #map = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #map2 = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #map3 = affine_map<() -> (0)>
// CHECK-DAG: #map4 = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #map5 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #map6 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #map7 = affine_map<(d0) -> (d0)>
// CHECK-DAG: #map8 = affine_map<(d0) -> ()>

// CHECK-LABEL: func.func @transfers(%arg0: memref<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: memref<f32>, %arg3: memref<?x?xvector<4xf32>>, %arg4: vector<4xf32>, %arg5: vector<2x4xf32>, %arg6: index, %arg7: index, %arg8: f32, %arg9: vector<4xi1>, %arg10: vector<4x2xi1>) {
// CHECK-NEXT:   %0 = vector.transfer_read %arg0[%arg6, %arg7], %arg8 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %1 = vector.transfer_read %arg0[%arg6, %arg7], %arg8 {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %2 = vector.transfer_read %arg0[%arg6, %arg7], %arg8 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %3 = vector.transfer_read %arg0[%arg6, %arg7], %arg8 {permutation_map = #map} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %4 = vector.transfer_read %arg0[%arg6, %arg7], %arg8 {in_bounds = [true, false], permutation_map = #map1} : memref<?x?xf32>, vector<2x4xf32>
// CHECK-NEXT:   %5 = vector.transfer_read %arg0[%arg6, %arg7], %arg8 {permutation_map = #map2} : memref<?x?xf32>, vector<2x4xf32>
// CHECK-NEXT:   %6 = vector.transfer_read %arg0[%arg6, %arg7], %arg8, %arg9 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %7 = vector.transfer_read %arg0[%arg6, %arg7], %arg8, %arg10 {permutation_map = #map1} : memref<?x?xf32>, vector<2x4xf32>
// CHECK-NEXT:   %8 = vector.transfer_read %arg1[%arg6, %arg7], %arg8 {attr = "x"} : tensor<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %9 = vector.transfer_read %arg2[], %arg8 : memref<f32>, vector<f32>
// CHECK-NEXT:   %10 = vector.transfer_read %arg2[], %arg8 {permutation_map = #map3} : memref<f32>, vector<1xf32>
// CHECK-NEXT:   %11 = vector.transfer_read %arg3[%arg6, %arg7], %arg4 : memref<?x?xvector<4xf32>>, vector<1x4xf32>
// CHECK-NEXT:   vector.transfer_write %arg4, %arg0[%arg6, %arg7] : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT:   vector.transfer_write %arg4, %arg0[%arg6, %arg7] {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT:   vector.transfer_write %arg4, %arg0[%arg6, %arg7], %arg9 : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT:   vector.transfer_write %arg5, %arg0[%arg6, %arg7] {permutation_map = #map1} : vector<2x4xf32>, memref<?x?xf32>
// CHECK-NEXT:   %12 = vector.transfer_write %arg4, %arg1[%arg6, %arg7] : vector<4xf32>, tensor<?x?xf32>
// CHECK-NEXT:   %13 = vector.transfer_write %arg4, %arg1[%arg6, %arg7], %arg9 : vector<4xf32>, tensor<?x?xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @transfers(%m: memref<?x?xf32>, %t: tensor<?x?xf32>, %m0: memref<f32>, %mv: memref<?x?xvector<4xf32>>, %v: vector<4xf32>, %v2: vector<2x4xf32>, %i: index, %j: index, %f: f32, %mask: vector<4xi1>, %mask2: vector<4x2xi1>) {
  %0 = vector.transfer_read %m[%i, %j], %f : memref<?x?xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%i, %j], %f {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
  %2 = vector.transfer_read %m[%i, %j], %f {in_bounds = [false]} : memref<?x?xf32>, vector<4xf32>
  %3 = vector.transfer_read %m[%i, %j], %f {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  %4 = vector.transfer_read %m[%i, %j], %f {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<2x4xf32>
  %5 = vector.transfer_read %m[%i, %j], %f {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x?xf32>, vector<2x4xf32>
  %6 = vector.transfer_read %m[%i, %j], %f, %mask : memref<?x?xf32>, vector<4xf32>
  %7 = vector.transfer_read %m[%i, %j], %f, %mask2 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<2x4xf32>
  %8 = vector.transfer_read %t[%i, %j], %f {attr = "x"} : tensor<?x?xf32>, vector<4xf32>
  %9 = vector.transfer_read %m0[], %f : memref<f32>, vector<f32>
  %10 = vector.transfer_read %m0[], %f {permutation_map = affine_map<() -> (0)>} : memref<f32>, vector<1xf32>
  %11 = vector.transfer_read %mv[%i, %j], %v : memref<?x?xvector<4xf32>>, vector<1x4xf32>
  vector.transfer_write %v, %m[%i, %j] : vector<4xf32>, memref<?x?xf32>
  vector.transfer_write %v, %m[%i, %j] {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
  vector.transfer_write %v, %m[%i, %j], %mask : vector<4xf32>, memref<?x?xf32>
  vector.transfer_write %v2, %m[%i, %j] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<2x4xf32>, memref<?x?xf32>
  %12 = vector.transfer_write %v, %t[%i, %j] : vector<4xf32>, tensor<?x?xf32>
  %13 = vector.transfer_write %v, %t[%i, %j], %mask {in_bounds = [false]} : vector<4xf32>, tensor<?x?xf32>
  return
}

// CHECK-LABEL: func.func @memory(%arg0: memref<?x?xf32>, %arg1: memref<?xvector<4xf32>>, %arg2: vector<4xf32>, %arg3: index, %arg4: vector<4xi1>) {
// CHECK-NEXT:   %0 = vector.load %arg0[%arg3, %arg3] : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %1 = vector.load %arg0[%arg3, %arg3] {nontemporal = true} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %2 = vector.load %arg0[%arg3, %arg3] : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %3 = vector.load %arg0[%arg3, %arg3] {alignment = 16 : i64} : memref<?x?xf32>, vector<2x4xf32>
// CHECK-NEXT:   %4 = vector.load %arg1[%arg3] : memref<?xvector<4xf32>>, vector<4xf32>
// CHECK-NEXT:   vector.store %arg2, %arg0[%arg3, %arg3] : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   vector.store %arg2, %arg0[%arg3, %arg3] {nontemporal = true} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %5 = vector.maskedload %arg0[%arg3, %arg3], %arg4, %arg2 : memref<?x?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT:   vector.maskedstore %arg0[%arg3, %arg3], %arg4, %arg2 : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @memory(%m: memref<?x?xf32>, %mv: memref<?xvector<4xf32>>, %v: vector<4xf32>, %i: index, %mask: vector<4xi1>) {
  %0 = vector.load %m[%i, %i] : memref<?x?xf32>, vector<4xf32>
  %1 = vector.load %m[%i, %i] {nontemporal = true} : memref<?x?xf32>, vector<4xf32>
  %2 = vector.load %m[%i, %i] {nontemporal = false} : memref<?x?xf32>, vector<4xf32>
  %3 = vector.load %m[%i, %i] {alignment = 16 : i64} : memref<?x?xf32>, vector<2x4xf32>
  %4 = vector.load %mv[%i] : memref<?xvector<4xf32>>, vector<4xf32>
  vector.store %v, %m[%i, %i] : memref<?x?xf32>, vector<4xf32>
  vector.store %v, %m[%i, %i] {nontemporal = true} : memref<?x?xf32>, vector<4xf32>
  %5 = vector.maskedload %m[%i, %i], %mask, %v : memref<?x?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%i, %i], %mask, %v : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
  return
}

// CHECK-LABEL: func.func @shapes(%arg0: vector<4xf32>, %arg1: vector<4x8xf32>, %arg2: f32, %arg3: index, %arg4: vector<f32>) {
// CHECK-NEXT:   %0 = vector.broadcast %arg2 : f32 to vector<4xf32>
// CHECK-NEXT:   %1 = vector.broadcast %arg0 : vector<4xf32> to vector<2x4xf32>
// CHECK-NEXT:   %2 = vector.broadcast %arg4 {foo} : vector<f32> to vector<3xf32>
// CHECK-NEXT:   %3 = vector.extract %arg1[0] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT:   %4 = vector.extract %arg1[1, 7] : f32 from vector<4x8xf32>
// CHECK-NEXT:   %5 = vector.extract %arg1[%arg3, 2] : f32 from vector<4x8xf32>
// CHECK-NEXT:   %6 = vector.extract %arg1[-1, %arg3] : f32 from vector<4x8xf32>
// CHECK-NEXT:   %7 = vector.extract %arg1[] : vector<4x8xf32> from vector<4x8xf32>
// CHECK-NEXT:   %8 = vector.extract %arg4[] : f32 from vector<f32>
// CHECK-NEXT:   %9 = vector.insert %arg2, %arg1 [1, 2] : f32 into vector<4x8xf32>
// CHECK-NEXT:   %10 = vector.insert %arg0, %arg1 [%arg3] {foo} : vector<4xf32> into vector<4x8xf32>
// CHECK-NEXT:   %11 = vector.insert %arg2, %arg0 [%arg3] : f32 into vector<4xf32>
// CHECK-NEXT:   %12 = vector.extract_strided_slice %arg1 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
// CHECK-NEXT:   %13 = vector.extract_strided_slice %arg1 {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
// CHECK-NEXT:   %14 = vector.insert_strided_slice %arg0, %arg1 {offsets = [1, 0], strides = [1]} : vector<4xf32> into vector<4x8xf32>
// CHECK-NEXT:   %15 = vector.shape_cast %arg1 : vector<4x8xf32> to vector<32xf32>
// CHECK-NEXT:   %16 = vector.shape_cast %arg4 : vector<f32> to vector<1xf32>
// CHECK-NEXT:   %17 = vector.bitcast %arg0 : vector<4xf32> to vector<8xi16>
// CHECK-NEXT:   %18 = vector.transpose %arg1, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// CHECK-NEXT:   %19 = vector.from_elements %arg2, %arg2, %arg2, %arg2 : vector<4xf32>
// CHECK-NEXT:   %20 = vector.from_elements %arg2 : vector<f32>
// CHECK-NEXT:   %21 = vector.from_elements %arg2, %arg2, %arg2, %arg2, %arg2, %arg2 : vector<2x3xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @shapes(%v: vector<4xf32>, %v2: vector<4x8xf32>, %f: f32, %i: index, %v0: vector<f32>) {
  %0 = vector.broadcast %f : f32 to vector<4xf32>
  %1 = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %2 = vector.broadcast %v0 {foo} : vector<f32> to vector<3xf32>
  %3 = vector.extract %v2[0] : vector<8xf32> from vector<4x8xf32>
  %4 = vector.extract %v2[1, 7] : f32 from vector<4x8xf32>
  %5 = vector.extract %v2[%i, 2] : f32 from vector<4x8xf32>
  %6 = vector.extract %v2[-1, %i] : f32 from vector<4x8xf32>
  %7 = vector.extract %v2[] : vector<4x8xf32> from vector<4x8xf32>
  %8 = vector.extract %v0[] : f32 from vector<f32>
  %9 = vector.insert %f, %v2[1, 2] : f32 into vector<4x8xf32>
  %10 = vector.insert %v, %v2[%i] {foo} : vector<4xf32> into vector<4x8xf32>
  %11 = vector.insert %f, %v[%i] : f32 into vector<4xf32>
  %12 = vector.extract_strided_slice %v2 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %13 = vector.extract_strided_slice %v2 {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  %14 = vector.insert_strided_slice %v, %v2 {offsets = [1, 0], strides = [1]} : vector<4xf32> into vector<4x8xf32>
  %15 = vector.shape_cast %v2 : vector<4x8xf32> to vector<32xf32>
  %16 = vector.shape_cast %v0 : vector<f32> to vector<1xf32>
  %17 = vector.bitcast %v : vector<4xf32> to vector<8xi16>
  %18 = vector.transpose %v2, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %19 = vector.from_elements %f, %f, %f, %f : vector<4xf32>
  %20 = vector.from_elements %f : vector<f32>
  %21 = vector.from_elements %f, %f, %f, %f, %f, %f : vector<2x3xf32>
  return
}

// CHECK-LABEL: func.func @arith(%arg0: vector<4xf32>, %arg1: vector<4x4xf32>, %arg2: vector<4xi32>, %arg3: f32, %arg4: i32, %arg5: vector<4x3xf32>, %arg6: vector<3x7xf32>, %arg7: vector<4x7xf32>, %arg8: vector<10xf32>, %arg9: vector<4x8xf32>) {
// CHECK-NEXT:   %0 = vector.fma %arg0, %arg0, %arg0 : vector<4xf32>
// CHECK-NEXT:   %1 = vector.fma %arg1, %arg1, %arg1 {foo} : vector<4x4xf32>
// CHECK-NEXT:   %2 = vector.reduction <add>, %arg0 : vector<4xf32> into f32
// CHECK-NEXT:   %3 = vector.reduction <mul>, %arg0, %arg3 : vector<4xf32> into f32
// CHECK-NEXT:   %4 = vector.reduction <maximumf>, %arg0 fastmath<nnan,ninf> : vector<4xf32> into f32
// CHECK-NEXT:   %5 = vector.reduction <add>, %arg0, %arg3 fastmath<fast> {foo} : vector<4xf32> into f32
// CHECK-NEXT:   %6 = vector.reduction <xor>, %arg2 : vector<4xi32> into i32
// CHECK-NEXT:   %7 = vector.reduction <minsi>, %arg2, %arg4 : vector<4xi32> into i32
// CHECK-NEXT:   %8 = vector.reduction <add>, %arg0 : vector<4xf32> into f32
// CHECK-NEXT:   %9 = vector.multi_reduction <add>, %arg9, %arg0 [1] : vector<4x8xf32> to vector<4xf32>
// CHECK-NEXT:   %10 = vector.contract {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg5, %arg6, %arg7 : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
// CHECK-NEXT:   %11 = vector.contract {indexing_maps = [#map7, #map7, #map8], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %arg8, %arg8, %arg3 {foo} : vector<10xf32>, vector<10xf32> into f32
// CHECK-NEXT:   %12 = vector.outerproduct %arg0, %arg0 : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:   %13 = vector.outerproduct %arg0, %arg0, %arg1 {kind = #vector.kind<add>} : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:   %14 = vector.outerproduct %arg0, %arg0, %arg1 {kind = #vector.kind<mul>} : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:   %15 = vector.outerproduct %arg0, %arg3 : vector<4xf32>, f32
// CHECK-NEXT:   %16 = vector.outerproduct %arg0, %arg3, %arg0 {kind = #vector.kind<add>} : vector<4xf32>, f32
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @arith(%v: vector<4xf32>, %v44: vector<4x4xf32>, %vi: vector<4xi32>, %f: f32, %s: i32, %a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>, %x: vector<10xf32>, %v2: vector<4x8xf32>) {
  %0 = vector.fma %v, %v, %v : vector<4xf32>
  %1 = vector.fma %v44, %v44, %v44 {foo} : vector<4x4xf32>
  %2 = vector.reduction <add>, %v : vector<4xf32> into f32
  %3 = vector.reduction <mul>, %v, %f : vector<4xf32> into f32
  %4 = vector.reduction <maximumf>, %v fastmath<nnan,ninf> : vector<4xf32> into f32
  %5 = vector.reduction <add>, %v, %f fastmath<fast> {foo} : vector<4xf32> into f32
  %6 = vector.reduction <xor>, %vi : vector<4xi32> into i32
  %7 = vector.reduction <minsi>, %vi, %s : vector<4xi32> into i32
  %8 = vector.reduction <add>, %v fastmath<none> : vector<4xf32> into f32
  %9 = vector.multi_reduction <add>, %v2, %v [1] : vector<4x8xf32> to vector<4xf32>
  %10 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  %11 = vector.contract {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %x, %x, %f {foo} : vector<10xf32>, vector<10xf32> into f32
  %12 = vector.outerproduct %v, %v : vector<4xf32>, vector<4xf32>
  %13 = vector.outerproduct %v, %v, %v44 : vector<4xf32>, vector<4xf32>
  %14 = vector.outerproduct %v, %v, %v44 {kind = #vector.kind<mul>} : vector<4xf32>, vector<4xf32>
  %15 = vector.outerproduct %v, %f : vector<4xf32>, f32
  %16 = vector.outerproduct %v, %f, %v : vector<4xf32>, f32
  return
}

// CHECK-LABEL: func.func @masks(%arg0: index, %arg1: index) {
// CHECK-NEXT:   %0 = vector.constant_mask [2] : vector<4xi1>
// CHECK-NEXT:   %1 = vector.constant_mask [3, 2] : vector<4x3xi1>
// CHECK-NEXT:   %2 = vector.constant_mask [0, 0] : vector<4x[4]xi1>
// CHECK-NEXT:   %3 = vector.create_mask %arg0 : vector<4xi1>
// CHECK-NEXT:   %4 = vector.create_mask %arg0, %arg1 {foo} : vector<4x[8]xi1>
// CHECK-NEXT:   %5 = vector.step : vector<4xindex>
// CHECK-NEXT:   %6 = vector.step : vector<[8]xindex>
// CHECK-NEXT:   %vscale = vector.vscale
// CHECK-NEXT:   %vscale_0 = vector.vscale {foo}
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @masks(%i: index, %j: index) {
  %0 = vector.constant_mask [2] : vector<4xi1>
  %1 = vector.constant_mask [3, 2] : vector<4x3xi1>
  %2 = vector.constant_mask [0, 0] : vector<4x[4]xi1>
  %3 = vector.create_mask %i : vector<4xi1>
  %4 = vector.create_mask %i, %j {foo} : vector<4x[8]xi1>
  %5 = vector.step : vector<4xindex>
  %6 = vector.step : vector<[8]xindex>
  %7 = vector.vscale
  %8 = vector.vscale {foo}
  return
}

// CHECK-LABEL: func.func @prints(%arg0: vector<4xf32>, %arg1: f32, %arg2: index) {
// CHECK-NEXT:   vector.print %arg0 : vector<4xf32>
// CHECK-NEXT:   vector.print %arg1 : f32 punctuation <comma>
// CHECK-NEXT:   vector.print %arg2 : index
// CHECK-NEXT:   vector.print punctuation <open>
// CHECK-NEXT:   vector.print punctuation <close>
// CHECK-NEXT:   vector.print punctuation <no_punctuation>
// CHECK-NEXT:   vector.print
// CHECK-NEXT:   vector.print str "hello world\0A"
// CHECK-NEXT:   vector.print str "x" {foo}
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @prints(%v: vector<4xf32>, %f: f32, %i: index) {
  vector.print %v : vector<4xf32>
  vector.print %f : f32 punctuation <comma>
  vector.print %i : index punctuation <newline>
  vector.print punctuation <open>
  vector.print punctuation <close>
  vector.print punctuation <no_punctuation>
  vector.print
  vector.print str "hello world\n"
  vector.print str "x" {foo}
  return
}

// CHECK-LABEL: func.func @more(%arg0: vector<4xf32>, %arg1: vector<2xf32>, %arg2: vector<2x4xf32>, %arg3: vector<1x4xf32>, %arg4: memref<?xf32>, %arg5: memref<4x3xf32>, %arg6: index, %arg7: vector<4xi32>, %arg8: vector<4xi1>, %arg9: vector<[8]xf32>, %arg10: vector<2x8xf32>, %arg11: vector<8xf32>, %arg12: f32, %arg13: vector<f32>) {
// CHECK-NEXT:   %0 = vector.shuffle %arg0, %arg1 [0, 1, 5, -1] : vector<4xf32>, vector<2xf32>
// CHECK-NEXT:   %1 = vector.shuffle %arg2, %arg3 [2, 0] {foo} : vector<2x4xf32>, vector<1x4xf32>
// CHECK-NEXT:   %2 = vector.shuffle %arg13, %arg13 [0, 1] : vector<f32>, vector<f32>
// CHECK-NEXT:   %3 = vector.interleave %arg0, %arg0 : vector<4xf32> -> vector<8xf32>
// CHECK-NEXT:   %res1, %res2 = vector.deinterleave %arg0 : vector<4xf32> -> vector<2xf32>
// CHECK-NEXT:   %4:4 = vector.to_elements %arg0 : vector<4xf32>
// CHECK-NEXT:   %5 = vector.gather %arg4[%arg6] [%arg7], %arg8, %arg0 : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT:   vector.scatter %arg4[%arg6] [%arg7], %arg8, %arg0 {foo} : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT:   %6 = vector.expandload %arg4[%arg6], %arg8, %arg0 : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT:   vector.compressstore %arg4[%arg6], %arg8, %arg0 : memref<?xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT:   %7 = vector.type_cast %arg5 : memref<4x3xf32> to memref<vector<4x3xf32>>
// CHECK-NEXT:   %dest, %accumulated_value = vector.scan <add>, %arg10, %arg11 {inclusive = true, reduction_dim = 0 : i64} : vector<2x8xf32>, vector<8xf32>
// CHECK-NEXT:   %8 = vector.scalable.insert %arg0, %arg9[4] : vector<4xf32> into vector<[8]xf32>
// CHECK-NEXT:   %9 = vector.scalable.extract %arg9[0] {foo} : vector<4xf32> from vector<[8]xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @more(%v: vector<4xf32>, %w: vector<2xf32>, %v24: vector<2x4xf32>, %v14: vector<1x4xf32>, %m: memref<?xf32>, %m2: memref<4x3xf32>, %i: index, %iv: vector<4xi32>, %mask: vector<4xi1>, %s: vector<[8]xf32>, %v2: vector<2x8xf32>, %v8: vector<8xf32>, %f: f32, %f0: vector<f32>) {
  %0 = vector.shuffle %v, %w [0, 1, 5, -1] : vector<4xf32>, vector<2xf32>
  %1 = vector.shuffle %v24, %v14 [2, 0] {foo} : vector<2x4xf32>, vector<1x4xf32>
  %2 = vector.shuffle %f0, %f0 [0, 1] : vector<f32>, vector<f32>
  %3 = vector.interleave %v, %v : vector<4xf32> -> vector<8xf32>
  %4, %5 = vector.deinterleave %v : vector<4xf32> -> vector<2xf32>
  %6:4 = vector.to_elements %v : vector<4xf32>
  %7 = vector.gather %m[%i][%iv], %mask, %v : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.scatter %m[%i][%iv], %mask, %v {foo} : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  %8 = vector.expandload %m[%i], %mask, %v : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.compressstore %m[%i], %mask, %v : memref<?xf32>, vector<4xi1>, vector<4xf32>
  %9 = vector.type_cast %m2 : memref<4x3xf32> to memref<vector<4x3xf32>>
  %10:2 = vector.scan <add>, %v2, %v8 {inclusive = true, reduction_dim = 0 : i64} : vector<2x8xf32>, vector<8xf32>
  %11 = vector.scalable.insert %v, %s[4] : vector<4xf32> into vector<[8]xf32>
  %12 = vector.scalable.extract %s[0] {foo} : vector<4xf32> from vector<[8]xf32>
  return
}

// CHECK-LABEL: func.func @vector_mask(%arg0: memref<?xf32>, %arg1: tensor<?xf32>, %arg2: index, %arg3: f32, %arg4: vector<4xf32>, %arg5: vector<4xi1>, %arg6: vector<8xi32>, %arg7: vector<8xi1>) {
// CHECK-NEXT:   %0 = vector.mask %arg5 { vector.transfer_read %arg0[%arg2], %arg3 : memref<?xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
// CHECK-NEXT:   %1 = vector.mask %arg5, %arg4 { vector.transfer_read %arg0[%arg2], %arg3 : memref<?xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
// CHECK-NEXT:   vector.mask %arg5 { vector.transfer_write %arg4, %arg0[%arg2] : vector<4xf32>, memref<?xf32> } : vector<4xi1>
// CHECK-NEXT:   %2 = vector.mask %arg5 { vector.transfer_write %arg4, %arg1[%arg2] : vector<4xf32>, tensor<?xf32> } : vector<4xi1> -> tensor<?xf32>
// CHECK-NEXT:   %3 = vector.mask %arg7 { vector.reduction <add>, %arg6 : vector<8xi32> into i32 } : vector<8xi1> -> i32
// CHECK-NEXT:   %4 = vector.mask %arg5 { vector.yield %arg4 : vector<4xf32> } {foo} : vector<4xi1> -> vector<4xf32>
// CHECK-NEXT:   vector.mask %arg5 { vector.yield } : vector<4xi1>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @vector_mask(%m: memref<?xf32>, %t: tensor<?xf32>, %i: index, %f: f32, %v: vector<4xf32>, %mask: vector<4xi1>, %vi: vector<8xi32>, %m8: vector<8xi1>) {
  %0 = vector.mask %mask { vector.transfer_read %m[%i], %f : memref<?xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %1 = vector.mask %mask, %v { vector.transfer_read %m[%i], %f : memref<?xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.mask %mask { vector.transfer_write %v, %m[%i] : vector<4xf32>, memref<?xf32> } : vector<4xi1>
  %2 = vector.mask %mask { vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<?xf32> } : vector<4xi1> -> tensor<?xf32>
  %3 = vector.mask %m8 { vector.reduction <add>, %vi : vector<8xi32> into i32 } : vector<8xi1> -> i32
  %4 = vector.mask %mask { vector.yield %v : vector<4xf32> } {foo} : vector<4xi1> -> vector<4xf32>
  vector.mask %mask { } : vector<4xi1>
  return
}

// CHECK-LABEL: func.func @s(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32, %arg3: vector<[4]xi1>, %arg4: vector<[4]xf32>, %arg5: vector<2x[4]xi1>, %arg6: tensor<?x?xf32>, %arg7: vector<[8]xi32>, %arg8: i32) {
// CHECK-NEXT:   %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2, %arg3 : memref<?x?xf32>, vector<[4]xf32>
// CHECK-NEXT:   %1 = vector.transfer_read %arg0[%arg1, %arg1], %arg2, %arg5 : memref<?x?xf32>, vector<2x[4]xf32>
// CHECK-NEXT:   %2 = vector.broadcast %arg2 : f32 to vector<[4]xf32>
// CHECK-NEXT:   %3 = vector.reduction <maxsi>, %arg7, %arg8 : vector<[8]xi32> into i32
// CHECK-NEXT:   %4 = vector.create_mask %arg1 : vector<[4]xi1>
// CHECK-NEXT:   %5 = vector.extract %1[1] : vector<[4]xf32> from vector<2x[4]xf32>
// CHECK-NEXT:   %6 = vector.step : vector<[4]xindex>
// CHECK-NEXT:   %7 = vector.transfer_read %arg6[%arg1, %arg1], %arg2 {permutation_map = #map1} : tensor<?x?xf32>, vector<[4]x2xf32>
// CHECK-NEXT:   vector.transfer_write %1, %arg0[%arg1, %arg1], %arg5 : vector<2x[4]xf32>, memref<?x?xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @s(%m: memref<?x?xf32>, %i: index, %f: f32, %mask: vector<[4]xi1>, %v: vector<[4]xf32>, %m2: vector<2x[4]xi1>, %t: tensor<?x?xf32>, %vi: vector<[8]xi32>, %c: i32) {
  %0 = vector.transfer_read %m[%i, %i], %f, %mask : memref<?x?xf32>, vector<[4]xf32>
  %1 = vector.transfer_read %m[%i, %i], %f, %m2 : memref<?x?xf32>, vector<2x[4]xf32>
  %2 = vector.broadcast %f : f32 to vector<[4]xf32>
  %3 = vector.reduction <maxsi>, %vi, %c : vector<[8]xi32> into i32
  %4 = vector.create_mask %i : vector<[4]xi1>
  %5 = vector.extract %1[1] : vector<[4]xf32> from vector<2x[4]xf32>
  %6 = vector.step : vector<[4]xindex>
  %7 = vector.transfer_read %t[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<?x?xf32>, vector<[4]x2xf32>
  vector.transfer_write %1, %m[%i, %i], %m2 : vector<2x[4]xf32>, memref<?x?xf32>
  return
}
