// `--mlir-elide-elementsattrs-if-larger=N`: a `dense<...>` that is not a splat and has
// more than N elements prints as `dense_resource<__elided__>` with its type, in custom
// and generic forms and without a type where the op elides it (`memref.global`);
// a `sparse<...>` is elided when its indices or its values would be; splats, empty
// attributes, `array<...>` and `dense_resource` are never elided. The
// elided text reads back (a `dense_resource` key with no blob) and prints the same.
// RUN: lattice opt %s --allow-unregistered-dialect -mlir-elide-elementsattrs-if-larger=2 | FileCheck %s
// RUN: lattice opt %s --allow-unregistered-dialect -mlir-elide-elementsattrs-if-larger=2 --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lattice opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=0 | FileCheck %s --check-prefix=ZERO
// RUN: lattice opt %s --allow-unregistered-dialect -mlir-elide-elementsattrs-if-larger=2 | lattice opt --allow-unregistered-dialect | FileCheck %s
// RUN: lattice opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=100 | FileCheck %s --check-prefix=FULL

// CHECK:       memref.global "private" constant @g : memref<3xi32> = dense_resource<__elided__>
// CHECK-NEXT:  memref.global "private" constant @s : memref<3xi32> = dense<7>
// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %cst = arith.constant dense_resource<__elided__> : tensor<3xi32>
// CHECK-NEXT:    %cst_0 = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:    %cst_1 = arith.constant dense<1> : tensor<3xi32>
// CHECK-NEXT:    %cst_2 = arith.constant dense_resource<__elided__> : vector<2x2xf32>
// CHECK-NEXT:    %cst_3 = arith.constant dense_resource<r> : tensor<3xi8>
// CHECK-NEXT:    "foo.op"() {a = dense_resource<__elided__> : tensor<4xi8>, b = array<i32: 1, 2, 3, 4>, c = dense<> : tensor<0xi32>, d = dense_resource<__elided__> : tensor<3xi1>, f = dense_resource<__elided__> : tensor<3xindex>, g = dense<5> : tensor<1xi32>} : () -> ()
// CHECK-NEXT:    "foo.sparse"() {a = dense_resource<__elided__> : vector<1x1x10xf16>, b = sparse<0, 7> : tensor<4x4xi32>, c = sparse<{{\[}}[1], [3]], 5> : tensor<4xi32>, d = sparse<> : tensor<4xi32>, e = dense_resource<__elided__> : tensor<8xi32>} : () -> ()
// CHECK:       {-#
// CHECK-NEXT:    dialect_resources: {
// CHECK-NEXT:      builtin: {
// CHECK-NEXT:        r: "0x01000000010203"

// GENERIC:     "memref.global"() <{constant, initial_value = dense_resource<__elided__> : tensor<3xi32>, sym_name = "g", sym_visibility = "private", type = memref<3xi32>}> : () -> ()
// GENERIC:     "arith.constant"() <{value = dense_resource<__elided__> : tensor<3xi32>}> : () -> tensor<3xi32>

// ZERO:        %cst_0 = arith.constant dense_resource<__elided__> : tensor<2xi32>
// ZERO:        g = dense<5> : tensor<1xi32>
// ZERO:        "foo.sparse"() {a = dense_resource<__elided__> : vector<1x1x10xf16>, b = sparse<0, 7> : tensor<4x4xi32>, c = dense_resource<__elided__> : tensor<4xi32>, d = sparse<> : tensor<4xi32>, e = dense_resource<__elided__> : tensor<8xi32>} : () -> ()

// FULL:        %cst = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
// FULL:        a = dense<[1, 2, 3, 4]> : tensor<4xi8>
memref.global "private" constant @g : memref<3xi32> = dense<[1, 2, 3]>
memref.global "private" constant @s : memref<3xi32> = dense<7>
func.func @f() {
  %0 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %2 = arith.constant dense<1> : tensor<3xi32>
  %3 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %4 = arith.constant dense_resource<r> : tensor<3xi8>
  "foo.op"() {a = dense<"0x01020304"> : tensor<4xi8>, b = array<i32: 1, 2, 3, 4>, c = dense<> : tensor<0xi32>, d = dense<[true, false, true]> : tensor<3xi1>, f = dense<[1, 2, 3]> : tensor<3xindex>, g = dense<5> : tensor<1xi32>} : () -> ()
  "foo.sparse"() {a = sparse<[[0, 0, 5]], -2.0> : vector<1x1x10xf16>, b = sparse<0, 7> : tensor<4x4xi32>, c = sparse<[[1], [3]], [5, 5]> : tensor<4xi32>, d = sparse<> : tensor<4xi32>, e = sparse<[1, 2, 3], 9> : tensor<8xi32>} : () -> ()
  return
}
{-#
  dialect_resources: { builtin: { r: "0x01000000010203" } }
#-}
