#!/usr/bin/env bash
# Sets up everything (scripts/setup.sh), then runs all tests:
#   1. cargo test --release --workspace  (unit tests, and the file tests of
#      test/ through cli/tests/filecheck.rs, with their mlir-opt oracle checks)
#   2. scripts/conformance.sh           (the report against the upstream MLIR
#      corpus in ../shared/corpus; outside CI it skips itself when the corpus is absent)
# Extra arguments go to `cargo test`, e.g. `bash scripts/test.sh -- --nocapture`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# shellcheck source=scripts/setup.sh
source "$ROOT/scripts/setup.sh"
cd "$ROOT"

echo "test: cargo test --release --workspace --no-fail-fast"
status=0
cargo test --release --workspace --no-fail-fast "$@" || status=$?

if [ -f "$ROOT/scripts/conformance.sh" ]; then
  echo "test: bash scripts/conformance.sh"
  # setup.sh has just built the release binary. The report runs even when
  # cargo test failed, and its own failure fails this script too.
  # A regression below 98% of the corpus chunks (parse + round trip + expected
  # diagnostics) fails the run.
  bash "$ROOT/scripts/conformance.sh" --no-build --min-pass 0.98 || status=$?
else
  echo "test: note: scripts/conformance.sh is absent; corpus conformance report skipped"
fi

if [ "$status" -ne 0 ]; then
  echo "test: FAILED (exit status $status); see the output above" >&2
fi
exit "$status"
