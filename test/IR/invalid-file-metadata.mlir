// File metadata refused, with mlir-opt 22's messages: the dictionary's keys, the
// `dialect_resources` groups (unknown dialects, dialects without resources, non-blob or
// badly aligned values) and the `external_resources` entries.
// RUN: lattice opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{expected identifier key in file metadata dictionary}}
{-# 10: {} #-}

// -----

// expected-error@+1 {{expected ':'}}
{-# dialect_resources #-}

// -----

// expected-error@+1 {{unknown key 'resources' in file metadata dictionary}}
{-# resources: {} #-}

// -----

// expected-error@+1 {{expected ',' or '#-}'}}
{-# dialect_resources: {} external_resources: {} #-}

// -----

// expected-error@+1 {{expected '{'}}
{-# dialect_resources: { builtin: "0x04000000" } #-}

// -----

// expected-error@+1 {{dialect 'nodialect' is unknown}}
{-# dialect_resources: { nodialect: { k: "0x04000000" } } #-}

// -----

// expected-error@+1 {{unexpected 'resource' section for dialect 'arith'}}
{-# dialect_resources: { arith: { k: "0x04000000" } } #-}

// -----

// expected-error@+1 {{expected identifier key for 'resource' entry}}
{-# dialect_resources: { builtin: { k: "0x04000000", } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'k'}}
{-# dialect_resources: { builtin: { k: true } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'k'}}
{-# dialect_resources: { builtin: { k: "0x0400000" } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'k'}}
{-# dialect_resources: { builtin: { k: "04000000" } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'k' to encode alignment in first 4 bytes}}
{-# dialect_resources: { builtin: { k: "0x040000" } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'k' to encode alignment in first 4 bytes, but got non-power-of-2 value: 6}}
{-# dialect_resources: { builtin: { k: "0x06000000ff" } } #-}

// -----

// expected-error@+1 {{expected identifier key for 'external_resources' entry}}
{-# external_resources: { foo: { 10: "x" } } #-}

// -----

// expected-error@+1 {{expected string value for key 'k'}}
{-# external_resources: { foo: { k: 1 } } #-}

// -----

// expected-error@+1 {{expected hex string blob for key 'k' to encode alignment in first 4 bytes}}
{-# external_resources: { foo: { k: "0x01" } } #-}

// -----

// expected-error@+1 {{expected identifier key for 'resource' entry}}
{-# external_resources: { "foo": { k: "x" } } #-}

// -----

// The end of the input is reported at its last character, as mlir-opt does.
// expected-error@+1 {{expected identifier key in file metadata dictionary}}
{-#
