#!/usr/bin/env bash
# Stencils beyond the cache under poly-schedule: program order, the unskewed schedule,
# the default (time-tile=auto) and time tiles (time-tile=always), kernel CPU time on one
# thread, medians of interleaved rounds. See scripts/bench_stencil.py for the method.
# Usage: scripts/bench_stencil.sh [--rounds N] [--lattice PATH] [--variants LABELS]
#          [--variant LABEL=--pass[=opts]]... [KERNEL...]
#        scripts/bench_stencil.sh --sweep [--rounds N]
# KERNEL is EXAMPLE-SIZE (jacobi_2d-768, heat_3d-96, jacobi_1d-8M); the default is
# jacobi_2d-512 jacobi_2d-1024 jacobi_2d-2048 heat_3d-128. --variants keeps some of the
# standard variants, --variant adds one (e.g. other tile sizes). --sweep checks the
# last-level cache eviction model time tiling decides by (polyhedral/src/schedule/
# time_tile.rs) against a measured cyclic sweep (compiled with clang). Builds
# target/release/lattice first unless --lattice is given.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ " $* " != *" --lattice "* ]]; then
  (cd "$ROOT" && cargo build --release -q -p lattice-cli)
fi
exec python3 "$ROOT/scripts/bench_stencil.py" "$@"
