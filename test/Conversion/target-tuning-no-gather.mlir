// Target tuning (codegen/src/llvm/mod.rs `tuning_features`): for AMD Zen 4/5, whose
// gathers and scatters are microcoded, Lattice adds `prefer-no-gather` and
// `prefer-no-scatter` to the target features, which LLVM 22's cost model otherwise
// treats as cheap on every AVX-512 CPU. The kernel is gemver's `w += A x` after tiling
// the reduction loop by 32: LLVM fully unrolls the tile loop and vectorizes the row loop
// above it, which reads a column of `A` per element (a gather each) unless told not to.
// RUN: lattice emit --llvm-ir --target-cpu=znver4 %s -o %t && FileCheck %s < %t
// RUN: lattice emit --llvm-ir --target-cpu=x86-64-v4 %s -o %t2 && FileCheck %s --check-prefix=GENERIC < %t2

// CHECK-LABEL: define void @atx(
// CHECK-NOT: llvm.masked.gather
// CHECK: ret void
// CHECK: attributes #{{[0-9]+}} = { {{.*}}"target-cpu"="znver4" "target-features"="+prefer-no-gather,+prefer-no-scatter" }

// A generic AVX-512 CPU keeps LLVM's own tuning: gathers.
// GENERIC-LABEL: define void @atx(
// GENERIC: call <{{[0-9]+}} x double> @llvm.masked.gather.
// GENERIC-NOT: prefer-no-gather
func.func @atx(%A: memref<256x256xf64> {llvm.noalias}, %x: memref<256xf64> {llvm.noalias},
               %w: memref<256xf64> {llvm.noalias}) {
  affine.for %jt = 0 to 8 {
    affine.for %i = 0 to 256 {
      affine.for %j = affine_map<(d0) -> (d0 * 32)>(%jt) to affine_map<(d0) -> (d0 * 32 + 32)>(%jt) {
        %wi = affine.load %w[%i] : memref<256xf64>
        %a = affine.load %A[%i, %j] : memref<256x256xf64>
        %xj = affine.load %x[%j] : memref<256xf64>
        %p = arith.mulf %a, %xj : f64
        %s = arith.addf %wi, %p : f64
        affine.store %s, %w[%i] : memref<256xf64>
      }
    }
  }
  return
}
