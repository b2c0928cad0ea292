// RUN: lattice opt %s -mlir-print-local-scope --split-input-file | FileCheck %s
// RUN: lattice opt %s -mlir-print-local-scope -mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// `--mlir-print-local-scope` prints no aliases: maps, sets and locations are written in
// full where they are used, and no blank line ends the output (as mlir-opt 22).

#map = affine_map<(d0) -> (d0 + 1)>
#set = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK-NOT: #map
// CHECK-NOT: #set
// CHECK-LABEL: func.func @maps
// CHECK: affine.apply affine_map<(d0) -> (d0 + 1)>(%arg0)
// CHECK: affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%arg0)
// LOC: affine.apply affine_map<(d0) -> (d0 + 1)>(%arg0) loc("named")
// LOC: } loc("{{.*}}print-local-scope.mlir":[[@LINE+1]]:1)
func.func @maps(%arg0: index) -> index {
  %0 = affine.apply #map(%arg0) loc("named")
  affine.if #set(%arg0) {
  }
  return %0 : index
}
// CHECK: {{^\}$}}
// CHECK-NEXT: {{^}}// {{-----$}}
// LOC: } loc("{{.*}}print-local-scope.mlir":0:0)
// LOC-NOT: #loc

// -----

// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @second()
// CHECK:      {{^\}$}}
// CHECK-NOT: {{.}}
func.func @second() {
  return
}
