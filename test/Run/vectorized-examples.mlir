// Examples vectorized by affine-super-vectorize (1-D, 8 lanes: vector.transfer_read/write
// with out-of-bounds masks, broadcasts, vector arith) keep their checksums under lattice run.
// RUN: lattice run %S/../../examples/matmul.mlir -e main --affine-super-vectorize=virtual-vector-size=8 | FileCheck %s --check-prefix=MATMUL
// RUN: lattice run %S/../../examples/jacobi_2d.mlir -e main --affine-super-vectorize=virtual-vector-size=8 | FileCheck %s --check-prefix=JACOBI
// RUN: lattice run %S/../../examples/gemver.mlir -e main --affine-super-vectorize=virtual-vector-size=8 | FileCheck %s --check-prefix=GEMVER
// RUN: lattice run %S/../../examples/covariance.mlir -e main --affine-super-vectorize=virtual-vector-size=8 | FileCheck %s --check-prefix=COV
// RUN: export LATTICE_THREADS=2; lattice run %S/../../examples/softmax.mlir -e main --affine-parallelize --affine-super-vectorize=virtual-vector-size=8 | FileCheck %s --check-prefix=SOFTMAX
// MATMUL: {{^}}509232{{$}}
// JACOBI: {{^}}15724.9{{$}}
// GEMVER: {{^}}2.9468e+07{{$}}
// COV: {{^}}42.6494{{$}}
// SOFTMAX: {{^}}16749.8{{$}}
