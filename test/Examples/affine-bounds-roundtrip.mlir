// RUN: lattice opt %s | FileCheck %s

// Affine maps and integer sets in bounds, min/max bounds, steps, iter_args,
// affine.if with results, affine.apply/min with inline maps. mlir-opt 22
// hoists every map into a numbered `#map` alias (in order of first use),
// keeps set aliases as `#set`, and normalises the set's expressions.

// CHECK:      #map = affine_map<(d0) -> (d0 * 2, 0)>
// CHECK-NEXT: #map1 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> (d0 mod 8 + s0 ceildiv 3)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (d0, 127)>
// CHECK-NEXT: #set = affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, -d0 + s0 - 1 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @bounds(%arg0: memref<?x128xf32>, %arg1: index) -> f32 {
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %0 = affine.for %arg2 = 0 to %arg1 step 4 iter_args(%arg3 = %cst) -> (f32) {
// CHECK-NEXT:       %3 = affine.for %arg4 = max #map(%arg2) to min #map1(%arg2)[%arg1] iter_args(%arg5 = %arg3) -> (f32) {
// CHECK-NEXT:         %4 = affine.if #set(%arg2, %arg4)[%arg1] -> f32 {
// CHECK-NEXT:           %6 = affine.load %arg0[%arg2, %arg4 floordiv 2 + 1] : memref<?x128xf32>
// CHECK-NEXT:           affine.yield %6 : f32
// CHECK-NEXT:         } else {
// CHECK-NEXT:           affine.yield %cst : f32
// CHECK-NEXT:         }
// CHECK-NEXT:         %5 = arith.addf %arg5, %4 : f32
// CHECK-NEXT:         affine.yield %5 : f32
// CHECK-NEXT:       }
// CHECK-NEXT:       affine.yield %3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = affine.apply #map2(%arg1)[%arg1]
// CHECK-NEXT:     %2 = affine.min #map3(%1)
// CHECK-NEXT:     affine.store %0, %arg0[%2, %2] : memref<?x128xf32>
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

#lb = affine_map<(d0) -> (d0 * 2, 0)>
#ub = affine_map<(d0)[s0] -> (d0 + 32, s0)>
#set = affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, s0 - d0 - 1 >= 0)>
func.func @bounds(%A: memref<?x128xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n step 4 iter_args(%acc = %zero) -> (f32) {
    %s = affine.for %j = max #lb(%i) to min #ub(%i)[%n] iter_args(%a = %acc) -> (f32) {
      %x = affine.if #set(%i, %j)[%n] -> f32 {
        %v = affine.load %A[%i, %j floordiv 2 + 1] : memref<?x128xf32>
        affine.yield %v : f32
      } else {
        affine.yield %zero : f32
      }
      %t = arith.addf %a, %x : f32
      affine.yield %t : f32
    }
    affine.yield %s : f32
  }
  %idx = affine.apply affine_map<(d0)[s0] -> (d0 mod 8 + s0 ceildiv 3)>(%n)[%n]
  %m = affine.min affine_map<(d0) -> (d0, 127)>(%idx)
  affine.store %r, %A[%m, %m] : memref<?x128xf32>
  return %r : f32
}
