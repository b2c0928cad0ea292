// ub.poison: custom and generic forms as mlir-opt 22 prints them (the default
// `#ub.poison` value elided), its verifier, and its code: LLVM `poison` on the CPU, zero
// in a GPU kernel.
// RUN: lattice opt %s --split-input-file | FileCheck %s
// RUN: lattice opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lattice opt %s --split-input-file --cse | FileCheck %s --check-prefix=CSE
// RUN: lattice emit --llvm-ir -O 0 -o - %S/Inputs/poison-run.mlir | FileCheck %s --check-prefix=LLVM
// RUN: lattice run %S/Inputs/poison-run.mlir -e main | FileCheck %s --check-prefix=EXEC
// RUN: lattice emit --wgsl %T/wgsl %S/Inputs/poison-kernel.mlir
// RUN: cat %T/wgsl/fill_kernel.wgsl | FileCheck %s --check-prefix=WGSL

// CHECK-LABEL: func.func @forms
// CHECK-NEXT:    %[[A:.*]] = ub.poison : f32
// CHECK-NEXT:    %[[B:.*]] = ub.poison : vector<4xi32>
// CHECK-NEXT:    %[[C:.*]] = ub.poison {tag = 1 : i64} : index
// CHECK-NEXT:    %[[D:.*]] = ub.poison : f32
// GENERIC: "ub.poison"() <{value = #ub.poison}> : () -> f32
// GENERIC: "ub.poison"() <{value = #ub.poison}> : () -> vector<4xi32>
// GENERIC: "ub.poison"() <{value = #ub.poison}> {tag = 1 : i64} : () -> index
// CSE-LABEL: func.func @forms
// CSE-NEXT:    %[[A:.*]] = ub.poison : f32
// CSE-NEXT:    ub.poison : vector<4xi32>
// CSE-NEXT:    ub.poison {tag = 1 : i64} : index
// CSE-NEXT:    arith.addf %[[A]], %[[A]] : f32
func.func @forms() -> (f32, vector<4xi32>, index) {
  %0 = ub.poison : f32
  %1 = ub.poison <#ub.poison> : vector<4xi32>
  %2 = "ub.poison"() {tag = 1} : () -> index
  %3 = ub.poison : f32
  %4 = arith.addf %0, %3 : f32
  return %4, %1, %2 : f32, vector<4xi32>, index
}

// LLVM-LABEL: define {{.*}} @pick
// LLVM: select i1 %{{.*}}, float %{{.*}}, float poison
// EXEC: 2.5
// EXEC-NEXT: 7

// WGSL: 0f
