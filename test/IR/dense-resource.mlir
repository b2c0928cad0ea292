// `dense_resource<key> : type` and the `builtin` blobs of `{-# dialect_resources #-}`,
// as mlir-opt 22 reads and prints them: a key is a bare identifier or a string; the
// type is any shaped type (tensor, vector, memref, ranked or not); a key with no blob is
// accepted; only the blobs a printed `dense_resource` refers to are printed, in the
// order of first reference, the last blob of a repeated key winning; passes treat the
// attribute as an opaque elements constant (no folding, CSE merges equal ones).
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect -mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// RUN: lattice opt %s --split-input-file --allow-unregistered-dialect --canonicalize --cse | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @order
// CHECK-NEXT:    %cst = arith.constant dense_resource<second> : tensor<2xi32>
// CHECK-NEXT:    %cst_0 = arith.constant dense_resource<"first key"> : tensor<3xi8>
// CHECK-NEXT:    %cst_1 = arith.constant dense_resource<no_blob> : vector<2xf32>
// CHECK-NEXT:    %cst_2 = arith.constant dense_resource<second> : tensor<2xi32>
// CHECK:       {-#
// CHECK-NEXT:    dialect_resources: {
// CHECK-NEXT:      builtin: {
// CHECK-NEXT:        second: "0x040000000A0000000B000000",
// CHECK-NEXT:        "first key": "0x01000000010203"
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
// CHECK-EMPTY:
// CHECK-NEXT:  // -----
// GENERIC:     "arith.constant"() <{value = dense_resource<second> : tensor<2xi32>}> : () -> tensor<2xi32>
// GENERIC:     {-#
// GENERIC-NEXT:  dialect_resources: {
// LOCAL-LABEL: func.func @order
// LOCAL-NOT:   {-#
// LOCAL:       // -----
// CANON-LABEL: func.func @order
// CANON-NEXT:    %cst = arith.constant dense_resource<second> : tensor<2xi32>
// CANON-NEXT:    %cst_0 = arith.constant dense_resource<"first key"> : tensor<3xi8>
// CANON-NEXT:    %cst_1 = arith.constant dense_resource<no_blob> : vector<2xf32>
// CANON-NEXT:    %0 = arith.addi %cst, %cst : tensor<2xi32>
// CANON-NEXT:    return %0, %cst_0, %cst_1
func.func @order() -> (tensor<2xi32>, tensor<3xi8>, vector<2xf32>) {
  %0 = arith.constant dense_resource<second> : tensor<2xi32>
  %1 = arith.constant dense_resource<"first key"> : tensor<3xi8>
  %2 = arith.constant dense_resource<no_blob> : vector<2xf32>
  %3 = arith.constant dense_resource<second> : tensor<2xi32>
  %4 = arith.addi %0, %3 : tensor<2xi32>
  return %4, %1, %2 : tensor<2xi32>, tensor<3xi8>, vector<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      "first key": "0x01000000010203",
      unused: "0x0100000001",
      second: "0x0400000001000000",
      second: "0x040000000a0000000b000000"
    }
  }
#-}

// -----

// CHECK-LABEL: memref.global "private" constant @g : memref<3xi32> = dense_resource<blob>
// CHECK-NEXT:  memref.global "private" constant @h : memref<2xi32> = dense_resource<blob>
// CHECK-NEXT:  "foo.op"() {a = dense_resource<blob> : memref<?xi64>, b = dense_resource<blob> : tensor<*xi8>, c = dense_resource<blob> : memref<*xf32>} : () -> ()
// CHECK:       {-#
// CHECK-NEXT:    dialect_resources: {
// CHECK-NEXT:      builtin: {
// CHECK-NEXT:        blob: "0x00000000"
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
// CHECK-EMPTY:
// CHECK-NEXT:  // -----
// GENERIC:     "memref.global"() <{constant, initial_value = dense_resource<blob> : tensor<3xi32>, sym_name = "g", sym_visibility = "private", type = memref<3xi32>}> : () -> ()
memref.global "private" constant @g : memref<3xi32> = dense_resource<blob>
memref.global "private" constant @h : memref<2xi32> = dense_resource<blob>
"foo.op"() {a = dense_resource<blob> : memref<?xi64>, b = dense_resource<blob> : tensor<*xi8>, c = dense_resource<blob> : memref<*xf32>} : () -> ()
{-#
  dialect_resources: { builtin: { blob: "0x00000000" } }
#-}

// -----

// A key with no blob prints no metadata.
// CHECK-LABEL: "foo.op"() {a = dense_resource<nothing> : tensor<1xi1>} : () -> ()
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  // -----
"foo.op"() {a = dense_resource<nothing> : tensor<1xi1>} : () -> ()

// -----

// The blobs of erased ops are not printed.
// CHECK-LABEL: func.func @dead
// CANON-LABEL: func.func @dead
// CANON-NEXT:    return
// CANON-NEXT:  }
// CANON-NEXT:  }
// CANON-EMPTY:
// CANON-NEXT:  // -----
func.func @dead() {
  %0 = arith.constant dense_resource<dead> : tensor<2xi8>
  return
}
{-#
  dialect_resources: { builtin: { dead: "0x010000000102" } }
#-}

// -----

// Dialect and external resources together.
// CHECK-LABEL: "foo.op"() {a = dense_resource<r> : tensor<2xi8>} : () -> ()
// CHECK:       {-#
// CHECK-NEXT:    dialect_resources: {
// CHECK-NEXT:      builtin: {
// CHECK-NEXT:        r: "0x010000000102"
// CHECK-NEXT:      }
// CHECK-NEXT:    },
// CHECK-NEXT:    external_resources: {
// CHECK-NEXT:      ext: {
// CHECK-NEXT:        flag: true
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
"foo.op"() {a = dense_resource<r> : tensor<2xi8>} : () -> ()
{-#
  external_resources: { ext: { flag: true } },
  dialect_resources: { builtin: { r: "0x010000000102" } }
#-}
