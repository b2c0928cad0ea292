// The outlined body of a parallel loop reloads an enclosing loop's induction variable from
// the context struct with `!range` metadata (that loop's constant bounds), so LLVM still
// knows `%i * 32 + 32` cannot overflow and the tile loop runs exactly 32 times (which
// lets it unroll the tile loop and vectorize the loop around it, as in the enclosing
// function); a captured value that is not such an induction variable gets no range.
// RUN: lattice emit --llvm-ir -O0 %s -o %t && FileCheck %s < %t

// CHECK-LABEL: define internal void @tiled.parallel.
// CHECK: %cap = load i64, ptr %{{[0-9]+}}, align {{[0-9]+}}, !range ![[R:[0-9]+]]
// CHECK-NOT: !range
// CHECK: ![[R]] = !{i64 0, i64 4}
func.func @tiled(%a: memref<128x128xf32>) {
  affine.for %i = 0 to 4 {
    affine.parallel (%r) = (0) to (128) {
      affine.for %j = 0 to 128 {
        affine.for %k = affine_map<(d0) -> (d0 * 32)>(%i) to affine_map<(d0) -> (d0 * 32 + 32)>(%i) {
          %x = affine.load %a[%r, %k] : memref<128x128xf32>
          %y = affine.load %a[%r, %j] : memref<128x128xf32>
          %z = arith.addf %x, %y : f32
          affine.store %z, %a[%r, %j] : memref<128x128xf32>
        }
      }
    }
  }
  return
}
