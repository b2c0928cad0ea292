// RUN: lattice opt %s --lower-affine | FileCheck %s

// Lowering of affine ops to scf/arith/memref/vector, mirroring the cases upstream's
// AffineToStandard tests cover; the expected text is what mlir-opt --lower-affine prints.

func.func private @use(index)

func.func @loop_with_step() {
  affine.for %i = 2 to 50 step 4 {
    func.call @use(%i) : (index) -> ()
  }
  return
}
// CHECK-LABEL: func.func @loop_with_step
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c50 = arith.constant 50 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: scf.for %arg0 = %c2 to %c50 step %c4 {
// CHECK-NEXT: func.call @use(%arg0) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @loop_iter_args(%m: memref<64xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f64) {
    %v = affine.load %m[%i] : memref<64xf64>
    %s = arith.addf %acc, %v : f64
    affine.yield %s : f64
  }
  return %r : f64
}
// CHECK-LABEL: func.func @loop_iter_args
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %c64 step %c1 iter_args(%arg2 = %cst) -> (f64) {
// CHECK-NEXT: %1 = memref.load %arg0[%arg1] : memref<64xf64>
// CHECK-NEXT: %2 = arith.addf %arg2, %1 : f64
// CHECK-NEXT: scf.yield %2 : f64
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f64
// CHECK-NEXT: }

func.func @loop_max_min_bounds(%n: index, %k: index) {
  affine.for %i = max affine_map<(d0)[s0] -> (d0 - 1, s0 floordiv 2)>(%k)[%n] to min affine_map<(d0)[s0] -> (d0 + 8, s0, 100)>(%k)[%n] {
    func.call @use(%i) : (index) -> ()
  }
  return
}
// CHECK-LABEL: func.func @loop_max_min_bounds
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %0 = arith.addi %arg1, %c-1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c-1_0 = arith.constant -1 : index
// CHECK-NEXT: %1 = arith.cmpi slt, %arg0, %c0 : index
// CHECK-NEXT: %2 = arith.subi %c-1_0, %arg0 : index
// CHECK-NEXT: %3 = arith.select %1, %2, %arg0 : index
// CHECK-NEXT: %4 = arith.divsi %3, %c2 : index
// CHECK-NEXT: %5 = arith.subi %c-1_0, %4 : index
// CHECK-NEXT: %6 = arith.select %1, %5, %4 : index
// CHECK-NEXT: %7 = arith.maxsi %0, %6 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %8 = arith.addi %arg1, %c8 : index
// CHECK-NEXT: %c100 = arith.constant 100 : index
// CHECK-NEXT: %9 = arith.minsi %8, %arg0 : index
// CHECK-NEXT: %10 = arith.minsi %9, %c100 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg2 = %7 to %10 step %c1 {
// CHECK-NEXT: func.call @use(%arg2) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @loop_constant_operand_bounds(%n: index) {
  %c3 = arith.constant 3 : index
  affine.for %i = affine_map<(d0) -> (d0 * 2)>(%c3) to affine_map<()[s0, s1] -> (s0 + s1)>()[%n, %c3] {
    func.call @use(%i) : (index) -> ()
  }
  return
}
// CHECK-LABEL: func.func @loop_constant_operand_bounds
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c6 = arith.constant 6 : index
// CHECK-NEXT: %c3_0 = arith.constant 3 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg1 = %c6 to %0 step %c1 {
// CHECK-NEXT: func.call @use(%arg1) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @if_else(%i: index, %n: index) -> index {
  %r = affine.if affine_set<(d0)[s0] : (d0 - 4 >= 0, s0 - d0 - 1 >= 0, d0 mod 2 == 0)>(%i)[%n] -> index {
    affine.yield %i : index
  } else {
    affine.yield %n : index
  }
  return %r : index
}
// CHECK-LABEL: func.func @if_else
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c-4 = arith.constant -4 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c-4 : index
// CHECK-NEXT: %1 = arith.cmpi sge, %0, %c0 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %2 = arith.muli %arg0, %c-1 overflow<nsw> : index
// CHECK-NEXT: %3 = arith.addi %2, %arg1 : index
// CHECK-NEXT: %c-1_0 = arith.constant -1 : index
// CHECK-NEXT: %4 = arith.addi %3, %c-1_0 : index
// CHECK-NEXT: %5 = arith.cmpi sge, %4, %c0 : index
// CHECK-NEXT: %6 = arith.andi %1, %5 : i1
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %7 = arith.remsi %arg0, %c2 : index
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %8 = arith.cmpi slt, %7, %c0_1 : index
// CHECK-NEXT: %9 = arith.addi %7, %c2 : index
// CHECK-NEXT: %10 = arith.select %8, %9, %7 : index
// CHECK-NEXT: %11 = arith.cmpi eq, %10, %c0 : index
// CHECK-NEXT: %12 = arith.andi %6, %11 : i1
// CHECK-NEXT: %13 = scf.if %12 -> (index) {
// CHECK-NEXT: scf.yield %arg0 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : index
// CHECK-NEXT: }
// CHECK-NEXT: return %13 : index
// CHECK-NEXT: }

func.func @if_no_constraints(%i: index) {
  affine.if affine_set<() : (0 == 0)>() {
    func.call @use(%i) : (index) -> ()
  }
  return
}
// CHECK-LABEL: func.func @if_no_constraints
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.cmpi eq, %c0_0, %c0 : index
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: func.call @use(%arg0) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @apply_div_mod(%i: index, %s: index) -> (index, index, index, index) {
  %a = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%i)
  %b = affine.apply affine_map<(d0) -> (d0 ceildiv 8)>(%i)
  %c = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%i)[%s]
  %d = affine.apply affine_map<(d0)[s0] -> (d0 * 3 - s0 + 7)>(%i)[%s]
  return %a, %b, %c, %d : index, index, index, index
}
// CHECK-LABEL: func.func @apply_div_mod
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %0 = arith.cmpi slt, %arg0, %c0 : index
// CHECK-NEXT: %1 = arith.subi %c-1, %arg0 : index
// CHECK-NEXT: %2 = arith.select %0, %1, %arg0 : index
// CHECK-NEXT: %3 = arith.divsi %2, %c4 : index
// CHECK-NEXT: %4 = arith.subi %c-1, %3 : index
// CHECK-NEXT: %5 = arith.select %0, %4, %3 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %6 = arith.cmpi sle, %arg0, %c0_0 : index
// CHECK-NEXT: %7 = arith.subi %c0_0, %arg0 : index
// CHECK-NEXT: %8 = arith.subi %arg0, %c1 : index
// CHECK-NEXT: %9 = arith.select %6, %7, %8 : index
// CHECK-NEXT: %10 = arith.divsi %9, %c8 : index
// CHECK-NEXT: %11 = arith.subi %c0_0, %10 : index
// CHECK-NEXT: %12 = arith.addi %10, %c1 : index
// CHECK-NEXT: %13 = arith.select %6, %11, %12 : index
// CHECK-NEXT: %14 = arith.remsi %arg0, %arg1 : index
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %15 = arith.cmpi slt, %14, %c0_1 : index
// CHECK-NEXT: %16 = arith.addi %14, %arg1 : index
// CHECK-NEXT: %17 = arith.select %15, %16, %14 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %18 = arith.muli %arg0, %c3 overflow<nsw> : index
// CHECK-NEXT: %c-1_2 = arith.constant -1 : index
// CHECK-NEXT: %19 = arith.muli %arg1, %c-1_2 overflow<nsw> : index
// CHECK-NEXT: %20 = arith.addi %18, %19 : index
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %21 = arith.addi %20, %c7 : index
// CHECK-NEXT: return %5, %13, %17, %21 : index, index, index, index
// CHECK-NEXT: }

func.func @min_max_ops(%i: index, %j: index) -> (index, index) {
  %a = affine.min affine_map<(d0, d1) -> (d0, d1 + 1, 64)>(%i, %j)
  %b = affine.max affine_map<(d0, d1) -> (d0 - d1, 0)>(%i, %j)
  return %a, %b : index, index
}
// CHECK-LABEL: func.func @min_max_ops
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = arith.addi %arg1, %c1 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %1 = arith.minsi %arg0, %0 : index
// CHECK-NEXT: %2 = arith.minsi %1, %c64 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %3 = arith.muli %arg1, %c-1 overflow<nsw> : index
// CHECK-NEXT: %4 = arith.addi %arg0, %3 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %5 = arith.maxsi %4, %c0 : index
// CHECK-NEXT: return %2, %5 : index, index
// CHECK-NEXT: }

func.func @memory_ops(%m: memref<16x16xf32>, %v: memref<64xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %m[%i + 1, %i * 2] : memref<16x16xf32>
    affine.store %x, %m[%i, 15 - %i] : memref<16x16xf32>
    affine.prefetch %m[%i, %i + 3], read, locality<3>, data : memref<16x16xf32>
    %w = affine.vector_load %v[%i * 8] : memref<64xf32>, vector<8xf32>
    affine.vector_store %w, %v[%i * 4] : memref<64xf32>, vector<8xf32>
  }
  return
}
// CHECK-LABEL: func.func @memory_ops
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %c8 step %c1 {
// CHECK-NEXT: %c1_0 = arith.constant 1 : index
// CHECK-NEXT: %0 = arith.addi %arg2, %c1_0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %1 = arith.muli %arg2, %c2 overflow<nsw> : index
// CHECK-NEXT: %2 = memref.load %arg0[%0, %1] : memref<16x16xf32>
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %3 = arith.muli %arg2, %c-1 overflow<nsw> : index
// CHECK-NEXT: %c15 = arith.constant 15 : index
// CHECK-NEXT: %4 = arith.addi %3, %c15 : index
// CHECK-NEXT: memref.store %2, %arg0[%arg2, %4] : memref<16x16xf32>
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %5 = arith.addi %arg2, %c3 : index
// CHECK-NEXT: memref.prefetch %arg0[%arg2, %5], read, locality<3>, data : memref<16x16xf32>
// CHECK-NEXT: %c8_1 = arith.constant 8 : index
// CHECK-NEXT: %6 = arith.muli %arg2, %c8_1 overflow<nsw> : index
// CHECK-NEXT: %7 = vector.load %arg1[%6] : memref<64xf32>, vector<8xf32>
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %8 = arith.muli %arg2, %c4 overflow<nsw> : index
// CHECK-NEXT: vector.store %7, %arg1[%8] : memref<64xf32>, vector<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @parallel_loops(%m: memref<32x32xf32>, %n: index) -> f32 {
  affine.parallel (%i, %j) = (0, max(2, %n floordiv 2)) to (32, min(%n, 32)) step (2, 1) {
    %x = affine.load %m[%i, %j] : memref<32x32xf32>
    affine.store %x, %m[%j, %i] : memref<32x32xf32>
  }
  %r = affine.parallel (%i) = (0) to (32) reduce ("maximumf") -> (f32) {
    %x = affine.load %m[%i, %i] : memref<32x32xf32>
    affine.yield %x : f32
  }
  return %r : f32
}
// CHECK-LABEL: func.func @parallel_loops
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c32 = arith.constant 32 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c2_0 = arith.constant 2 : index
// CHECK-NEXT: %c0_1 = arith.constant 0 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %0 = arith.cmpi slt, %arg1, %c0_1 : index
// CHECK-NEXT: %1 = arith.subi %c-1, %arg1 : index
// CHECK-NEXT: %2 = arith.select %0, %1, %arg1 : index
// CHECK-NEXT: %3 = arith.divsi %2, %c2_0 : index
// CHECK-NEXT: %4 = arith.subi %c-1, %3 : index
// CHECK-NEXT: %5 = arith.select %0, %4, %3 : index
// CHECK-NEXT: %6 = arith.maxsi %c2, %5 : index
// CHECK-NEXT: %c32_2 = arith.constant 32 : index
// CHECK-NEXT: %7 = arith.minsi %arg1, %c32_2 : index
// CHECK-NEXT: %c2_3 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%arg2, %arg3) = (%c0, %6) to (%c32, %7) step (%c2_3, %c1) {
// CHECK-NEXT: %9 = memref.load %arg0[%arg2, %arg3] : memref<32x32xf32>
// CHECK-NEXT: memref.store %9, %arg0[%arg3, %arg2] : memref<32x32xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: %c0_4 = arith.constant 0 : index
// CHECK-NEXT: %c32_5 = arith.constant 32 : index
// CHECK-NEXT: %c1_6 = arith.constant 1 : index
// CHECK-NEXT: %cst = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %8 = scf.parallel (%arg2) = (%c0_4) to (%c32_5) step (%c1_6) init (%cst) -> f32 {
// CHECK-NEXT: %9 = memref.load %arg0[%arg2, %arg2] : memref<32x32xf32>
// CHECK-NEXT: scf.reduce(%9 : f32) {
// CHECK-NEXT: ^bb0(%arg3: f32, %arg4: f32):
// CHECK-NEXT: %10 = arith.maximumf %arg3, %arg4 : f32
// CHECK-NEXT: scf.reduce.return %10 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %8 : f32
// CHECK-NEXT: }

func.func @if_constant_operand(%n: index) {
  %unused = arith.constant 5 : index
  %c4 = arith.constant 4 : index
  affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0, s0 - 5 >= 0)>(%n)[%c4] {
    func.call @use(%n) : (index) -> ()
  }
  return
}
// CHECK-LABEL: func.func @if_constant_operand
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c-4 = arith.constant -4 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c-4 : index
// CHECK-NEXT: %1 = arith.cmpi sge, %0, %c0 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %2 = arith.cmpi sge, %c-1, %c0 : index
// CHECK-NEXT: %3 = arith.andi %1, %2 : i1
// CHECK-NEXT: scf.if %3 {
// CHECK-NEXT: func.call @use(%arg0) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }

func.func @index_ops(%i: index, %a: index, %b: index) -> (index, index, index) {
  %0:2 = affine.delinearize_index %i into (%a, 8) : index, index
  %1 = affine.linearize_index [%a, %b] by (4, 8) : index
  return %0#0, %0#1, %1 : index, index, index
}
// CHECK-LABEL: func.func @index_ops
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.floordivsi %arg0, %c8 : index
// CHECK-NEXT: %1 = arith.remsi %arg0, %c8 : index
// CHECK-NEXT: %2 = arith.cmpi slt, %1, %c0 : index
// CHECK-NEXT: %3 = arith.addi %1, %c8 overflow<nsw> : index
// CHECK-NEXT: %4 = arith.select %2, %3, %1 : index
// CHECK-NEXT: %c8_0 = arith.constant 8 : index
// CHECK-NEXT: %5 = arith.muli %arg1, %c8_0 overflow<nsw> : index
// CHECK-NEXT: %6 = arith.addi %5, %arg2 overflow<nsw> : index
// CHECK-NEXT: return %0, %4, %6 : index, index, index
// CHECK-NEXT: }

func.func @folded_apply(%i: index) -> (index, index) {
  %c2 = arith.constant 2 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 * s0 + 1)>(%c2)[%c2]
  %b = affine.apply affine_map<(d0) -> (d0)>(%i)
  return %a, %b : index, index
}
// CHECK-LABEL: func.func @folded_apply
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: return %c5, %arg0 : index, index
// CHECK-NEXT: }
