#!/usr/bin/env bash
# Stencils beyond the cache under poly-schedule: program order, the unskewed schedule,
# the default (time-tile=auto) and time tiles (time-tile=always), kernel CPU time on one
# thread, medians of interleaved rounds. See scripts/bench_stencil.py for the method.
# Usage: scripts/bench_stencil.sh [--rounds N] [--lattice PATH] [KERNEL...]
# (kernels: jacobi_2d-512 jacobi_2d-1024 jacobi_2d-2048 heat_3d-128, the default; jacobi_2d-768,
# jacobi_1d-8M). Builds target/release/lattice
# first unless --lattice is given.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ " $* " != *" --lattice "* ]]; then
  (cd "$ROOT" && cargo build --release -q -p lattice-cli)
fi
exec python3 "$ROOT/scripts/bench_stencil.py" "$@"
