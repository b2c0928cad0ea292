// `sparse<indices, values> : type` as mlir-opt 22 reads and prints it: indices `[N, rank]`
// (or `[N]` for rank 1), a splat index or value standing for one index or one value per
// index, `sparse<>` (also for empty lists), values printed like `dense` elements.
// RUN: lattice opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lattice opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %cst = arith.constant sparse<{{\[}}[0, 1], [1, 2]], [1.500000e+00, 2.500000e+00]> : tensor<2x3xf64>
// CHECK-NEXT:    "foo.op"() {a = sparse<{{\[}}[0, 0, 5]], -2.000000e+00> : vector<1x1x10xf16>, b = sparse<0, 1.000000e+00> : tensor<2x2x2xf32>, c = sparse<> : tensor<4xi32>, d = sparse<[1, 3], [5, 6]> : tensor<4xi32>, e = sparse<{{\[}}[1], [3]], 5> : tensor<4xi32>, f = sparse<0, 7> : tensor<4x4xi32>, h = sparse<> : tensor<4xi32>, i = sparse<1, true> : tensor<2xi1>} : () -> ()
// CHECK:       memref.global "private" constant @g : memref<4xi32> = sparse<[1, 3], [5, 6]>
// GENERIC:     "arith.constant"() <{value = sparse<{{\[}}[0, 1], [1, 2]], [1.500000e+00, 2.500000e+00]> : tensor<2x3xf64>}> : () -> tensor<2x3xf64>
func.func @f() -> tensor<2x3xf64> {
  %0 = arith.constant sparse<[[0, 1], [1, 2]], [1.5, 2.5]> : tensor<2x3xf64>
  "foo.op"() {a = sparse<[[0, 0, 5]],  -2.0> : vector<1x1x10xf16>, b = sparse<[[0, 0, 0]], 1.0> : tensor<2x2x2xf32>, c = sparse<> : tensor<4xi32>, d = sparse<[1, 3], [5, 6]> : tensor<4xi32>, e = sparse<[[1], [3]], [5, 5]> : tensor<4xi32>, f = sparse<0, 7> : tensor<4x4xi32>, h = sparse<[], []> : tensor<4xi32>, i = sparse<[1], [true]> : tensor<2xi1>} : () -> ()
  return %0 : tensor<2x3xf64>
}
memref.global "private" constant @g : memref<4xi32> = sparse<[1, 3], [5, 6]>
