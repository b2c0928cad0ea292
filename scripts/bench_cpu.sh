#!/usr/bin/env bash
# CPU benchmark: every example kernel under Lattice (default and best pipelines, 1 and 2
# threads), clang-22 -O3 -march=native, Polly (1 and 2 threads), and mlir-opt + mlir-runner;
# matmul also against OpenBLAS and the measured peak. Prints a markdown table; exits 1 if a
# checksum differs. See scripts/bench_cpu.py for the method.
# Usage: scripts/bench_cpu.sh [--reps N] [--no-best] [--clock wall|cpu] [--lattice PATH] [EXAMPLE...]
# (--clock cpu times kernels by process CPU time: use it on a loaded shared machine).
# Builds target/release/lattice first unless --lattice is given.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ " $* " != *" --lattice "* ]]; then
  (cd "$ROOT" && cargo build --release -q -p lattice-cli)
fi
exec python3 "$ROOT/scripts/bench_cpu.py" "$@"
