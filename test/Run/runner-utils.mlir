// `lattice run` prints exactly what mlir-runner prints (recorded in Inputs/*.out, base
// addresses replaced by 0xADDR) for the runner-utils conformance programs.
// RUN: lattice run %S/Inputs/print-scalars.mlir -e main | diff %S/Inputs/print-scalars.out -
// RUN: lattice run %S/Inputs/print-memref-float.mlir -e main | sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/' | diff %S/Inputs/print-memref-float.out -
// RUN: lattice run %S/Inputs/print-memref-int.mlir -e main | sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/' | diff %S/Inputs/print-memref-int.out -
// RUN: lattice run %S/Inputs/print-memref-half.mlir -e main | sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/' | diff %S/Inputs/print-memref-half.out -
