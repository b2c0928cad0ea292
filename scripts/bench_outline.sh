#!/usr/bin/env bash
# Cost of outlining parallel loops for the thread pool: kernels under
# `--poly-schedule=parallel=false` vs `parallel=true`, 1 and 2 threads, as a markdown table
# (see scripts/bench_outline.py for the method). Exits 1 if a checksum differs.
# Usage: scripts/bench_outline.sh [--reps N] [--rounds N] [--clock cpu|wall] [--example-size]
#          [--lattice LABEL=PATH ...] [EXAMPLE...]   (default: matmul 2mm gemver)
# Builds target/release/lattice first unless --lattice is given.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ " $* " != *" --lattice "* ]]; then
  (cd "$ROOT" && cargo build --release -q -p lattice-cli)
fi
exec python3 "$ROOT/scripts/bench_outline.py" "$@"
