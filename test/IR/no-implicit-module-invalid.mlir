// RUN: not lattice opt %s --no-implicit-module --split-input-file 2>&1 | FileCheck %s
// ORACLE: skip its chunks hold no single op on purpose; mlir-opt's message is checked below

// Under `--no-implicit-module` a chunk must hold exactly one top-level op. The error is
// at `file:0:0` in the first chunk and where the chunk starts in the others (mlir-opt 22),
// with no source line.

// CHECK: no-implicit-module-invalid.mlir:0:0: error: source must contain a single top-level operation, found: 2
// CHECK-NOT: ^
func.func @a() {
  return
}
func.func @b() {
  return
}

// -----
// CHECK: no-implicit-module-invalid.mlir:[[@LINE-1]]:9: error: source must contain a single top-level operation, found: 0
