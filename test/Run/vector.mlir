// 1-D vector ops (transfers in and out of bounds, masks, gathers/scatters, reductions,
// fma, extract/insert, load/store, vector.print) print what mlir-runner prints after
// upstream's vector-to-scf/vector-to-llvm lowering.
// RUN: lattice run %S/Inputs/vector-ops.mlir -e main | sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/' | diff %S/Inputs/vector-ops.out -
// n-D vectors (arrays of 1-D vectors): shape ops, elementwise ops, contractions, masks and
// transfers print what mlir-runner prints (the .out files are its output).
// RUN: lattice run %S/Inputs/vector-nd-shape.mlir -e main | diff %S/Inputs/vector-nd-shape.out -
// RUN: lattice run %S/Inputs/vector-nd-compute.mlir -e main | sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/' | diff %S/Inputs/vector-nd-compute.out -
// RUN: lattice run %S/Inputs/vector-nd-memory.mlir -e main | sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xADDR/' | diff %S/Inputs/vector-nd-memory.out -
// RUN: lattice run %S/Inputs/vector-0d.mlir -e main | diff %S/Inputs/vector-0d.out -
