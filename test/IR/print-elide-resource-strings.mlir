// `--mlir-elide-resource-strings-if-larger=N`: a file-metadata entry (a `builtin` blob a
// printed `dense_resource` refers to, or an external resource) whose value text, quotes
// included, is longer than N characters is left out; groups and sections left empty
// are not printed, but `{-#` and `#-}` are, around a blank line, as soon as there was
// an entry, as mlir-opt 22 prints them.
// RUN: lattice opt %s --allow-unregistered-dialect --split-input-file --mlir-elide-resource-strings-if-larger=16 | FileCheck %s
// RUN: lattice opt %s --allow-unregistered-dialect --split-input-file -mlir-elide-resource-strings-if-larger=15 | FileCheck %s --check-prefix=FIFTEEN
// RUN: lattice opt %s --allow-unregistered-dialect --split-input-file -mlir-elide-resource-strings-if-larger=0 | FileCheck %s --check-prefix=ZERO

// CHECK:       "foo.op"() {a = dense_resource<big> : tensor<3xi64>, b = dense_resource<small> : tensor<2xi8>} : () -> ()
// CHECK:       {-#
// CHECK-NEXT:    dialect_resources: {
// CHECK-NEXT:      builtin: {
// CHECK-NEXT:        small: "0x010000000102"
// CHECK-NEXT:      }
// CHECK-NEXT:    },
// CHECK-NEXT:    external_resources: {
// CHECK-NEXT:      ext: {
// CHECK-NEXT:        flag: true,
// CHECK-NEXT:        text: "\22string\22"
// CHECK-NEXT:      },
// CHECK-NEXT:      other: {
// CHECK-NEXT:        tiny: "0x0100000001"
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
// CHECK-EMPTY:
// CHECK-NEXT:  // -----

// FIFTEEN:     {-#
// FIFTEEN-NEXT:  external_resources: {
// FIFTEEN-NEXT:    ext: {
// FIFTEEN-NEXT:      flag: true,
// FIFTEEN-NEXT:      text: "\22string\22"
// FIFTEEN-NEXT:    },
// FIFTEEN-NEXT:    other: {
// FIFTEEN-NEXT:      tiny: "0x0100000001"
// FIFTEEN-NEXT:    }
// FIFTEEN-NEXT:  }
// FIFTEEN-NEXT: #-}

// ZERO:        "foo.op"()
// ZERO:        {-#
// ZERO-EMPTY:
// ZERO-NEXT:   #-}
// ZERO-EMPTY:
// ZERO-NEXT:   // -----
"foo.op"() {a = dense_resource<big> : tensor<3xi64>, b = dense_resource<small> : tensor<2xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      big: "0x08000000010000000000000002000000000000000300000000000000",
      small: "0x010000000102"
    }
  },
  external_resources: {
    ext: {
      blob: "0x08000000010000000000000002000000000000000300000000000000",
      flag: true,
      text: "\"string\""
    },
    other: { tiny: "0x0100000001" }
  }
#-}

// -----

// Only the external section is left.
// CHECK:       "foo.op"() {a = dense_resource<big> : tensor<3xi64>} : () -> ()
// CHECK:       {-#
// CHECK-NEXT:    external_resources: {
// CHECK-NEXT:      ext: {
// CHECK-NEXT:        flag: false
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
"foo.op"() {a = dense_resource<big> : tensor<3xi64>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      big: "0x08000000010000000000000002000000000000000300000000000000"
    }
  },
  external_resources: { ext: { flag: false } }
#-}

// -----

// Only the dialect section is left.
// CHECK:       "foo.op"() {a = dense_resource<small> : tensor<2xi8>} : () -> ()
// CHECK:       {-#
// CHECK-NEXT:    dialect_resources: {
// CHECK-NEXT:      builtin: {
// CHECK-NEXT:        small: "0x010000000102"
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
// CHECK-EMPTY:
// CHECK-NEXT:  // -----
"foo.op"() {a = dense_resource<small> : tensor<2xi8>} : () -> ()
{-#
  dialect_resources: { builtin: { small: "0x010000000102" } },
  external_resources: { ext: { s: "a string of more than sixteen characters" } }
#-}

// -----

// Nothing to elide: no metadata at all.
// CHECK:       "foo.op"() {a = dense_resource<none> : tensor<2xi8>} : () -> ()
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NOT:   {-#
"foo.op"() {a = dense_resource<none> : tensor<2xi8>} : () -> ()
