// RUN: lattice opt %s | FileCheck %s

// CHECK-LABEL: func.func @vscale_name() -> index {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %vscale = vector.vscale
// CHECK-NEXT: %c4_vscale = arith.muli %c4, %vscale : index
// CHECK-NEXT: return %c4_vscale : index
// CHECK-NEXT: }
func.func @vscale_name() -> index {
  %c4 = arith.constant 4 : index
  %vscale = vector.vscale
  %0 = arith.muli %c4, %vscale : index
  return %0 : index
}
