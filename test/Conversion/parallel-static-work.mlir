// Each parallel loop's site (the runtime's `LoopSite`) starts with a static lower bound on
// one outer iteration's time: the body's operations (constants and terminators not
// counted), each times the trip counts of the loops around it inside the body, at
// 2 ps per operation (`STATIC_PICOS_PER_OP`). A trip count is known when the bounds differ
// by a constant (also through `* 32` and `+ 32`, and the tighter side of a `min`); an
// unknown one counts once.
// RUN: lattice emit --llvm-ir -O0 %s -o %t && FileCheck %s < %t

// @consts: 8 * (load, addf, store) per iteration of the inner parallel dimension %j, which
// runs 4 times in the outlined body: 4 * 8 * 3 = 96 ops = 192 ps.
// CHECK-DAG: @consts.parallel.{{[0-9]+}}.site = internal global [5 x i64] [i64 192, i64 0, i64 0, i64 0, i64 0]
func.func @consts(%a: memref<64x4x8xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (64, 4) {
    affine.for %k = 0 to 8 {
      %x = affine.load %a[%i, %j, %k] : memref<64x4x8xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %a[%i, %j, %k] : memref<64x4x8xf32>
    }
  }
  return
}

// @tiled: the tile loop runs `32 * %i` to `32 * %i + 32` (32 times) around 3 ops, and the
// loop bounded by `min(%i * 32 + 32, 100)` at most 32 times around 3 ops: 96 + 96 = 192
// ops, plus the 7 index ops of the bounds (4 `muli`, 2 `addi`, `minsi`): 199 ops = 398 ps.
// CHECK-DAG: @tiled.parallel.{{[0-9]+}}.site = internal global [5 x i64] [i64 398, i64 0, i64 0, i64 0, i64 0]
#lb = affine_map<(d0) -> (d0 * 32)>
#ub = affine_map<(d0) -> (d0 * 32 + 32)>
#ubmin = affine_map<(d0) -> (d0 * 32 + 32, 100)>
func.func @tiled(%a: memref<128xf32>) {
  affine.parallel (%i) = (0) to (4) {
    affine.for %k = #lb(%i) to #ub(%i) {
      %x = affine.load %a[%k] : memref<128xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %a[%k] : memref<128xf32>
    }
    affine.for %k = #lb(%i) to min #ubmin(%i) {
      %x = affine.load %a[%k] : memref<128xf32>
      %y = arith.mulf %x, %x : f32
      affine.store %y, %a[%k] : memref<128xf32>
    }
  }
  return
}

// @unknown: a loop bounded by an argument counts once: load, addf, store = 3 ops = 6 ps.
// CHECK-DAG: @unknown.parallel.{{[0-9]+}}.site = internal global [5 x i64] [i64 6, i64 0, i64 0, i64 0, i64 0]
func.func @unknown(%a: memref<64x?xf32>, %n: index) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %k = 0 to %n {
      %x = affine.load %a[%i, %k] : memref<64x?xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %a[%i, %k] : memref<64x?xf32>
    }
  }
  return
}
