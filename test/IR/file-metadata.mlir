// File metadata `{-# ... #-}`: `external_resources` are kept and printed back after the
// module as mlir-opt 22 prints them (groups in first-seen order, entries merged across
// dictionaries, hex blobs in upper case, empty groups dropped; not under local scope);
// `dialect_resources` of the builtin dialect are validated but, unreferenced, not
// printed.
// RUN: lattice opt %s --split-input-file | FileCheck %s
// RUN: lattice opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lattice opt %s --split-input-file -mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL

// CHECK-LABEL: func.func @kept
// CHECK:       {-#
// CHECK-NEXT:    external_resources: {
// CHECK-NEXT:      foo: {
// CHECK-NEXT:        text: "s\22q",
// CHECK-NEXT:        flag: true,
// CHECK-NEXT:        blob: "0x04000000AB01",
// CHECK-NEXT:        "a key": false,
// CHECK-NEXT:        later: "t"
// CHECK-NEXT:      },
// CHECK-NEXT:      baz: {
// CHECK-NEXT:        q: "0x08000000AABB"
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
// CHECK-EMPTY:
// CHECK-NEXT:  // -----
// GENERIC:     sym_name = "kept"
// GENERIC:     {-#
// GENERIC-NEXT:  external_resources: {
// GENERIC-NEXT:    foo: {
// LOCAL-LABEL: func.func @kept
// LOCAL-NOT:   {-#
// LOCAL:       // -----
{-#
  external_resources: {
    foo: {text: "s\"q", flag: true, blob: "0x04000000ab01", "a key": false},
    bar: {},
    baz: {q: "0x08000000aabb"}
  }
#-}
func.func @kept() {
  return
}
{-#
  external_resources: { foo: { later: "t" } }
#-}

// -----

// CHECK-LABEL: func.func @builtin_blobs
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  // -----
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000001020304",
      "quoted name": "0x10000000aa"
    }
  },
  dialect_resources: { }
#-}
{-# #-}
func.func @builtin_blobs() {
  return
}

// -----

// CHECK-LABEL: func.func @no_metadata
// CHECK-NOT:   {-#
func.func @no_metadata() {
  return
}
