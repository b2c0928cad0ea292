// RUN: lattice opt %s --split-input-file --verify-diagnostics --affine-super-vectorize=virtual-vector-size=0
// RUN: lattice opt %s --split-input-file --verify-diagnostics --affine-super-vectorize=virtual-vector-size=8,-1

// A vector size below 1 is a diagnostic on each function, as mlir-opt 22 reports it
// (not a usage error).

// expected-error@+1 {{Vectorization factor must be greater than zero.}}
func.func @zero_vector_size(%m: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %v = affine.load %m[%i] : memref<16xf32>
  }
  return
}

// -----

// expected-error@+1 {{Vectorization factor must be greater than zero.}}
func.func @empty() {
  return
}
