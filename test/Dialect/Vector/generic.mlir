// RUN: lattice opt %s --mlir-print-op-generic | FileCheck %s

// The generic form shows the defaults the custom parsers store: in_bounds,
// permutation_map, operandSegmentSizes, kind, fastmath, punctuation, and the
// iterator_types enums of vector.contract.

// CHECK-DAG: #map = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #map1 = affine_map<() -> ()>
// CHECK-DAG: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK: %0 = "vector.transfer_read"(%arg0, %arg4, %arg4, %arg5) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map}> : (memref<?x?xf32>, index, index, f32) -> vector<4xf32>
// CHECK-NEXT: %1 = "vector.transfer_read"(%arg0, %arg4, %arg4, %arg5, %arg6) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 2, 1, 1>, permutation_map = #map}> : (memref<?x?xf32>, index, index, f32, vector<4xi1>) -> vector<4xf32>
// CHECK-NEXT: %2 = "vector.transfer_read"(%arg7, %arg5) <{in_bounds = [], operandSegmentSizes = array<i32: 1, 0, 1, 0>, permutation_map = #map1}> : (memref<f32>, f32) -> vector<f32>
// CHECK-NEXT: "vector.transfer_write"(%arg2, %arg0, %arg4, %arg4, %arg6) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 2, 1>, permutation_map = #map}> : (vector<4xf32>, memref<?x?xf32>, index, index, vector<4xi1>) -> ()
// CHECK-NEXT: %3 = "vector.transfer_write"(%arg2, %arg1, %arg4, %arg4) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = #map}> : (vector<4xf32>, tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
// CHECK-NEXT: %4 = "vector.load"(%arg0, %arg4, %arg4) <{nontemporal = false}> : (memref<?x?xf32>, index, index) -> vector<4xf32>
// CHECK-NEXT: %5 = "vector.extract"(%arg3, %arg4) <{static_position = array<i64: -9223372036854775808, 2>}> : (vector<4x8xf32>, index) -> f32
// CHECK-NEXT: %6 = "vector.insert"(%arg2, %arg3) <{static_position = array<i64: 1>}> : (vector<4xf32>, vector<4x8xf32>) -> vector<4x8xf32>
// CHECK-NEXT: %7 = "vector.reduction"(%arg2) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
// CHECK-NEXT: %8 = "vector.reduction"(%arg2, %arg5) <{fastmath = #arith.fastmath<nnan,ninf>, kind = #vector.kind<mul>}> : (vector<4xf32>, f32) -> f32
// CHECK-NEXT: %9 = "vector.contract"(%arg8, %arg9, %arg10) <{indexing_maps = [#map2, #map3, #map4], iterator_types = [#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>], kind = #vector.kind<add>}> : (vector<4x3xf32>, vector<3x7xf32>, vector<4x7xf32>) -> vector<4x7xf32>
// CHECK-NEXT: %10 = "vector.outerproduct"(%arg2, %arg2) <{kind = #vector.kind<add>}> : (vector<4xf32>, vector<4xf32>) -> vector<4x4xf32>
// CHECK-NEXT: %11 = "vector.constant_mask"() <{mask_dim_sizes = array<i64: 2>}> : () -> vector<4xi1>
// CHECK-NEXT: "vector.print"(%arg2) <{punctuation = #vector.punctuation<newline>}> : (vector<4xf32>) -> ()
// CHECK-NEXT: "vector.print"() <{punctuation = #vector.punctuation<newline>, stringLiteral = "s"}> : () -> ()
// CHECK-NEXT: %12 = "vector.extract_strided_slice"(%arg3) <{offsets = [0, 2], sizes = [2, 4], strides = [1, 1]}> : (vector<4x8xf32>) -> vector<2x4xf32>

func.func @defaults(%m: memref<?x?xf32>, %t: tensor<?x?xf32>, %v: vector<4xf32>, %v2: vector<4x8xf32>, %i: index, %f: f32, %mask: vector<4xi1>, %m0: memref<f32>, %a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  %0 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%i, %i], %f, %mask {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
  %2 = vector.transfer_read %m0[], %f : memref<f32>, vector<f32>
  vector.transfer_write %v, %m[%i, %i], %mask : vector<4xf32>, memref<?x?xf32>
  %3 = vector.transfer_write %v, %t[%i, %i] : vector<4xf32>, tensor<?x?xf32>
  %4 = vector.load %m[%i, %i] {nontemporal = false} : memref<?x?xf32>, vector<4xf32>
  %5 = vector.extract %v2[%i, 2] : f32 from vector<4x8xf32>
  %6 = vector.insert %v, %v2[1] : vector<4xf32> into vector<4x8xf32>
  %7 = vector.reduction <add>, %v : vector<4xf32> into f32
  %8 = vector.reduction <mul>, %v, %f fastmath<nnan,ninf> : vector<4xf32> into f32
  %9 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  %10 = vector.outerproduct %v, %v : vector<4xf32>, vector<4xf32>
  %11 = vector.constant_mask [2] : vector<4xi1>
  vector.print %v : vector<4xf32>
  vector.print str "s"
  %12 = vector.extract_strided_slice %v2 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}
