#!/usr/bin/env bash
# Upstream MLIR's own test files run as written, with mlir-opt 22 and with `lattice opt` in its
# place; prints per file the RUN lines that mlir-opt 22 passes (less those that need its -test-*
# passes or test dialect) and how many of them Lattice passes. See scripts/upstream_tests.py.
#
# Usage: scripts/upstream_tests.sh [--no-build] [upstream_tests.py options...]
#   e.g. scripts/upstream_tests.sh --failures
#        scripts/upstream_tests.sh --filter IR/ --json > report.json
#
# Builds `lattice` in release mode unless --no-build is given or $LATTICE names a binary.
# The corpus lives outside the repository (../shared/corpus/upstream-tests/mlir/test, or
# --corpus DIR); if it is absent the script prints a note and exits 0.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export LLVM_SYS_221_PREFIX=${LLVM_SYS_221_PREFIX:-/usr/lib/llvm-22}

build=1
args=()
for a in "$@"; do
  case "$a" in
    --no-build) build=0 ;;
    *) args+=("$a") ;;
  esac
done

if [ "$build" = 1 ] && [ -z "${LATTICE:-}" ]; then
  echo "upstream-tests: cargo build --release -p lattice-cli --bin lattice" >&2
  cargo build --release -q -p lattice-cli --bin lattice >&2
fi

exec python3 "$ROOT/scripts/upstream_tests.py" "${args[@]+"${args[@]}"}"
