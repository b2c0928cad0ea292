#!/usr/bin/env bash
# GEMM benchmark: Lattice's fast pipeline (`--lattice-fast`) against OpenBLAS cblas_?gemm (core
# type set and printed), clang-22 -O3 -march=native and clang + Polly, in f32 and f64, on 1 and 2
# threads, at N = 512, 1024, 2048 and PolyBench gemm's LARGE shape. Prints the CPU model and a
# markdown table of GFLOP/s and % of OpenBLAS; exits 1 if a checksum disagrees or a variant
# fails. See scripts/bench_gemm.py for the method.
# With --polybench KERNELS|all [--size LARGE]: instead, the suite's PolyBench contraction kernels
# (gemm, 2mm, 3mm, syrk, syr2k, trmm, symm, gemver, doitgen, covariance, correlation) against
# the same computation through OpenBLAS calls, 1 thread, process CPU time, % of OpenBLAS per
# kernel (scripts/bench_gemm_polybench.py).
# Usage: scripts/bench_gemm.sh [--quick] [--reps N] [--stat median|best] [--threads 1,2]
#                              [--types f32,f64] [--shapes sq512,sq1024,sq2048,pb-large]
#                              [--flags "FLAGS"] [--lattice PATH] [--baseline PATH] [--no-clang]
# Builds target/release/lattice first unless --lattice is given.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ " $* " != *" --lattice "* ]]; then
  (cd "$ROOT" && cargo build --release -q -p lattice-cli)
fi
exec python3 "$ROOT/scripts/bench_gemm.py" "$@"
