// RUN: lattice opt %s | FileCheck %s
// RUN: lattice opt %s --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// Custom forms of all 16 affine ops, as mlir-opt 22 prints them (CHECK lines are
// mlir-opt's output). Aliases are numbered in order of first use. With debug info,
// affine.for prints its induction variable's location inline (affine.parallel does not).

// LOC-LABEL: func.func @for_loops
// LOC: affine.for %arg2 loc("{{.*}}ops.mlir":{{[0-9]+}}:{{[0-9]+}}) = 0 to 10 {
// LOC-LABEL: func.func @parallel_loops
// LOC: affine.parallel (%arg2, %arg3) = (0, 0) to (10, 10) step (2, 1) {

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0 floordiv 2 + d1 mod 3 - (d0 ceildiv 4) * 5)>
// CHECK-NEXT: #map2 = affine_map<()[s0] -> (s0 * 3)>
// CHECK-NEXT: #map3 = affine_map<(d0)[s0] -> (d0 + s0, d0 - 4)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1) -> (d0, d1, 0)>
// CHECK-NEXT: #map5 = affine_map<()[s0] -> (s0, 128)>
// CHECK-NEXT: #map6 = affine_map<(d0) -> (-d0 + 1)>
// CHECK-NEXT: #map7 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map8 = affine_map<(d0, d1) -> (d0, d1 * 2 - 1)>
// CHECK-NEXT: #map9 = affine_map<()[s0] -> (s0 + 100)>
// CHECK-NEXT: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 - 10 == 0)>
// CHECK-NEXT: #set1 = affine_set<(d0) : (d0 >= 0, -d0 + 10 >= 0)>
// CHECK-NEXT: #set2 = affine_set<()[s0] : (s0 == 0)>
// CHECK-NEXT: #set3 = affine_set<(d0) : (0 == 0)>

#map_sum = affine_map<(d0)[s0] -> (d0 + s0)>
#map_two = affine_map<(d0)[s0] -> (d0 + s0, d0 - 4)>
#map_lb = affine_map<(d0, d1) -> (d0, d1 * 2 - 1)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 - 10 == 0)>

// CHECK-LABEL: func.func @apply_min_max(%arg0: index, %arg1: index) -> (index, index, index, index) {
// CHECK-NEXT:   %0 = affine.apply #map(%arg0)[%arg1]
// CHECK-NEXT:   %1 = affine.apply #map1(%arg0, %arg1)
// CHECK-NEXT:   %2 = affine.apply #map2()[%arg1] {tag = "x"}
// CHECK-NEXT:   %3 = affine.min #map3(%arg0)[%arg1]
// CHECK-NEXT:   %4 = affine.max #map4(%arg0, %arg1)
// CHECK-NEXT:   %5 = affine.min #map5()[%arg1]
// CHECK-NEXT:   %6 = affine.apply #map6(%3)
// CHECK-NEXT:   return %0, %4, %5, %6 : index, index, index, index
// CHECK-NEXT: }
func.func @apply_min_max(%i: index, %n: index) -> (index, index, index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n]
  %1 = affine.apply affine_map<(d0, d1) -> (d0 floordiv 2 + d1 mod 3 - (d0 ceildiv 4) * 5)>(%i, %n)
  %2 = affine.apply affine_map<()[s0] -> (s0 * 3)>()[%n] {tag = "x"}
  %3 = affine.min #map_two(%i)[%n]
  %4 = affine.max affine_map<(d0, d1) -> (d0, d1, 0)>(%i, %n)
  %5 = affine.min affine_map<()[s0] -> (s0, 128)>()[%n]
  %6 = affine.apply affine_map<(d0) -> (-d0 + 1)>(%3)
  return %0, %4, %5, %6 : index, index, index, index
}

// CHECK-LABEL: func.func @for_loops(%arg0: index, %arg1: memref<?xf32>) -> f32 {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   affine.for %arg2 = 0 to 10 {
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %arg2 = -5 to 100 step 7 {
// CHECK-NEXT:     affine.for %arg3 = #map7(%arg2) to %arg0 {
// CHECK-NEXT:       %2 = affine.load %arg1[%arg2 + %arg3] : memref<?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %arg2 = max #map8(%c0, %arg0) to min #map3(%arg0)[%arg0] step 4 {
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %arg2 = #map(%c0)[%arg0] to #map9()[%arg0] {
// CHECK-NEXT:   } {unroll}
// CHECK-NEXT:   %0 = affine.for %arg2 = 0 to 10 iter_args(%arg3 = %cst) -> (f32) {
// CHECK-NEXT:     %2 = arith.addf %arg3, %cst : f32
// CHECK-NEXT:     affine.yield %2 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = affine.for %arg2 = 0 to %arg0 iter_args(%arg3 = %cst, %arg4 = %c0) -> (f32, index) {
// CHECK-NEXT:     affine.yield %arg3, %arg4 : f32, index
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : f32
// CHECK-NEXT: }
func.func @for_loops(%n: index, %m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to 10 {
  }
  affine.for %i = -5 to 100 step 7 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %n {
      %x = affine.load %m[%i + %j] : memref<?xf32>
    }
  }
  affine.for %i = max #map_lb(%c0, %n) to min #map_two(%n)[%n] step 4 {
  }
  affine.for %i = #map_sum(%c0)[%n] to affine_map<()[s0] -> (s0 + 100)>()[%n] {
  } {unroll}
  %r = affine.for %i = 0 to 10 iter_args(%acc = %cst) -> (f32) {
    %y = arith.addf %acc, %cst : f32
    affine.yield %y : f32
  }
  %r2:2 = affine.for %i = 0 to %n iter_args(%a = %cst, %b = %c0) -> (f32, index) {
    affine.yield %a, %b : f32, index
  }
  return %r : f32
}

// CHECK-LABEL: func.func @parallel_loops(%arg0: index, %arg1: memref<100x100xf32>) {
// CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   affine.parallel (%arg2, %arg3) = (0, 0) to (10, 10) step (2, 1) {
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.parallel (%arg2) = (0) to (symbol(%arg0)) {
// CHECK-NEXT:     %2 = affine.load %arg1[%arg2, %arg2] : memref<100x100xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.parallel (%arg2, %arg3) = (max(0, %arg0 - 10), 0) to (min(%arg0, 100), %arg0 + 5) {
// CHECK-NEXT:   }
// CHECK-NEXT:   %0:2 = affine.parallel (%arg2) = (0) to (10) reduce ("addf", "mulf") -> (f32, f32) {
// CHECK-NEXT:     affine.yield %cst, %cst : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = affine.parallel (%arg2, %arg3) = (0, 0) to (10, 20) reduce ("maximumf") -> (f32) {
// CHECK-NEXT:     %2 = affine.load %arg1[%arg2, %arg3] : memref<100x100xf32>
// CHECK-NEXT:     affine.yield %2 : f32
// CHECK-NEXT:   } {attr = 1 : i32}
// CHECK-NEXT:   affine.parallel () = () to () {
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @parallel_loops(%n: index, %m: memref<100x100xf32>) {
  %cst = arith.constant 0.0 : f32
  affine.parallel (%i, %j) = (0, 0) to (10, 10) step (2, 1) {
  }
  affine.parallel (%i) = (0) to (symbol(%n)) {
    %x = affine.load %m[%i, %i] : memref<100x100xf32>
  }
  affine.parallel (%i, %j) = (max(0, %n - 10), 0) to (min(%n, 100), %n + 5) {
  }
  %p:2 = affine.parallel (%i) = (0) to (10) reduce ("addf", "mulf") -> (f32, f32) {
    affine.yield %cst, %cst : f32, f32
  }
  %q = affine.parallel (%i, %j) = (0, 0) to (10, 20) reduce ("maximumf") -> f32 {
    %v = affine.load %m[%i, %j] : memref<100x100xf32>
    affine.yield %v : f32
  } {attr = 1 : i32}
  affine.parallel () = () to () {
  }
  return
}

// CHECK-LABEL: func.func @conditionals(%arg0: index, %arg1: index) -> f32 {
// CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   affine.if #set(%arg0)[%arg1] {
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.if #set(%arg0)[%arg1] {
// CHECK-NEXT:     %2 = affine.apply #map(%arg0)[%arg1]
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %2 = affine.apply #map(%arg1)[%arg0]
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = affine.if #set1(%arg0) -> f32 {
// CHECK-NEXT:     affine.yield %cst : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     affine.yield %cst : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = affine.if #set2()[%arg1] -> (f32, index) {
// CHECK-NEXT:     affine.yield %cst, %arg0 : f32, index
// CHECK-NEXT:   } else {
// CHECK-NEXT:     affine.yield %cst, %arg1 : f32, index
// CHECK-NEXT:   } {note}
// CHECK-NEXT:   affine.if #set3(%arg0) {
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : f32
// CHECK-NEXT: }
func.func @conditionals(%i: index, %n: index) -> f32 {
  %cst = arith.constant 0.0 : f32
  affine.if #set(%i)[%n] {
  }
  affine.if #set(%i)[%n] {
    %0 = affine.apply #map_sum(%i)[%n]
  } else {
    %1 = affine.apply #map_sum(%n)[%i]
  }
  %r = affine.if affine_set<(d0) : (d0 >= 0, -d0 + 10 >= 0)>(%i) -> f32 {
    affine.yield %cst : f32
  } else {
    affine.yield %cst : f32
  }
  %r2:2 = affine.if affine_set<()[s0] : (s0 == 0)>()[%n] -> (f32, index) {
    affine.yield %cst, %i : f32, index
  } else {
    affine.yield %cst, %n : f32, index
  } {note}
  affine.if affine_set<(d0) : ()>(%i) {
  }
  return %r : f32
}

// CHECK-LABEL: func.func @memory(%arg0: memref<100x100xf32>, %arg1: memref<100xf32>, %arg2: memref<f32>, %arg3: index, %arg4: memref<1xi32>) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c64 = arith.constant 64 : index
// CHECK-NEXT:   affine.for %arg5 = 0 to 100 {
// CHECK-NEXT:     %0 = affine.load %arg0[%arg5, %arg5 + 1] : memref<100x100xf32>
// CHECK-NEXT:     affine.store %0, %arg0[%arg5, symbol(%arg3)] : memref<100x100xf32>
// CHECK-NEXT:     %1 = affine.load %arg0[%arg5 floordiv 2, (%arg5 + symbol(%arg3)) mod 100] {nontemporal} : memref<100x100xf32>
// CHECK-NEXT:     %2 = affine.load %arg2[] : memref<f32>
// CHECK-NEXT:     affine.store %2, %arg2[] : memref<f32>
// CHECK-NEXT:     %3 = affine.vector_load %arg1[%arg5] : memref<100xf32>, vector<4xf32>
// CHECK-NEXT:     affine.vector_store %3, %arg1[%arg5 * 2 + 4] : memref<100xf32>, vector<4xf32>
// CHECK-NEXT:     %4 = affine.vector_load %arg0[%arg5, 3] : memref<100x100xf32>, vector<2x4xf32>
// CHECK-NEXT:     affine.prefetch %arg0[%arg5, %arg5], read, locality<3>, data : memref<100x100xf32>
// CHECK-NEXT:     affine.prefetch %arg0[%arg5, 0], write, locality<0>, instr : memref<100x100xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.dma_start %arg0[%c0, %c0], %arg0[%c0, %c0], %arg4[%c0], %c64 : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
// CHECK-NEXT:   affine.dma_start %arg0[%arg3, %c0 + 1], %arg0[%c0, %arg3], %arg4[%c0], %c64, %arg3, %c64 : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
// CHECK-NEXT:   affine.dma_wait %arg4[%c0], %c64 : memref<1xi32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @memory(%A: memref<100x100xf32>, %B: memref<100xf32>, %C: memref<f32>, %n: index, %tag: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  affine.for %i = 0 to 100 {
    %x = affine.load %A[%i, %i + 1] : memref<100x100xf32>
    affine.store %x, %A[%i, symbol(%n)] : memref<100x100xf32>
    %y = affine.load %A[%i floordiv 2, (%i + symbol(%n)) mod 100] {nontemporal} : memref<100x100xf32>
    %z = affine.load %C[] : memref<f32>
    affine.store %z, %C[] : memref<f32>
    %v = affine.vector_load %B[%i] : memref<100xf32>, vector<4xf32>
    affine.vector_store %v, %B[%i * 2 + 4] : memref<100xf32>, vector<4xf32>
    %w = affine.vector_load %A[%i, 3] : memref<100x100xf32>, vector<2x4xf32>
    affine.prefetch %A[%i, %i], read, locality<3>, data : memref<100x100xf32>
    affine.prefetch %A[%i, 0], write, locality<0>, instr : memref<100x100xf32>
  }
  affine.dma_start %A[%c0, %c0], %A[%c0, %c0], %tag[%c0], %c64 : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
  affine.dma_start %A[%n, %c0 + 1], %A[%c0, %n], %tag[%c0], %c64, %n, %c64 : memref<100x100xf32>, memref<100x100xf32>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c64 : memref<1xi32>
  return
}

// CHECK-LABEL: func.func @linearize(%arg0: index, %arg1: index, %arg2: index) -> (index, index) {
// CHECK-NEXT:   %0 = affine.linearize_index [%arg0, %arg1] by (10, 10) : index
// CHECK-NEXT:   %1 = affine.linearize_index disjoint [%arg0, %arg1] by (%arg2, 10) {foo} : index
// CHECK-NEXT:   %2 = affine.linearize_index [%arg0, %arg1] by (10) : index
// CHECK-NEXT:   %3:2 = affine.delinearize_index %arg0 into (10, 20) : index, index
// CHECK-NEXT:   %4:3 = affine.delinearize_index %arg0 into (%arg2, 10) : index, index, index
// CHECK-NEXT:   %5 = affine.linearize_index [] by () : index
// CHECK-NEXT:   return %0, %3#1 : index, index
// CHECK-NEXT: }
func.func @linearize(%a: index, %b: index, %n: index) -> (index, index) {
  %0 = affine.linearize_index [%a, %b] by (10, 10) : index
  %1 = affine.linearize_index disjoint [%a, %b] by (%n, 10) {foo} : index
  %2 = affine.linearize_index [%a, %b] by (10) : index
  %3:2 = affine.delinearize_index %a into (10, 20) : index, index
  %4:3 = affine.delinearize_index %a into (%n, 10) : index, index, index
  %5 = affine.linearize_index [] by () : index
  return %0, %3#1 : index, index
}
