// Parallel loops on the thread pool print what mlir-runner prints running them
// sequentially, with 1, 2 and 3 threads (LATTICE_THREADS); and the examples transformed by
// affine-parallelize keep their checksums with 2 threads.
// RUN: export LATTICE_THREADS=1; lattice run %S/Inputs/parallel-loops.mlir -e main | sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/' | diff %S/Inputs/parallel-loops.out -
// RUN: export LATTICE_THREADS=2; lattice run %S/Inputs/parallel-loops.mlir -e main | sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/' | diff %S/Inputs/parallel-loops.out -
// RUN: export LATTICE_THREADS=3; lattice run %S/Inputs/parallel-loops.mlir -e main | sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/' | diff %S/Inputs/parallel-loops.out -
// RUN: export LATTICE_THREADS=2; lattice run %S/../../examples/matmul.mlir -e main --affine-parallelize | FileCheck %s --check-prefix=MATMUL
// RUN: export LATTICE_THREADS=2; lattice run %S/../../examples/lu.mlir -e main --affine-parallelize | FileCheck %s --check-prefix=LU
// RUN: export LATTICE_THREADS=2; lattice run %S/../../examples/conv2d.mlir -e main --affine-parallelize | FileCheck %s --check-prefix=CONV
// RUN: export LATTICE_THREADS=2; lattice run %S/../../examples/softmax.mlir -e main --affine-parallelize | FileCheck %s --check-prefix=SOFTMAX
// MATMUL: {{^}}509232{{$}}
// LU: {{^}}19878.4{{$}}
// CONV: {{^}}193184{{$}}
// SOFTMAX: {{^}}16749.8{{$}}
