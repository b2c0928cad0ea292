#!/usr/bin/env bash
# Runs the parse/verify/print fuzz target for N seconds (default 1800), seeding the corpus
# from the repository's .mlir files. Needs cargo-fuzz; uses the nightly toolchain if present,
# else stable with RUSTC_BOOTSTRAP=1.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-1800}"
mkdir -p fuzz/corpus/parse_verify_print
find test examples -name '*.mlir' -print0 2>/dev/null | while IFS= read -r -d '' f; do
  cp "$f" "fuzz/corpus/parse_verify_print/$(echo "$f" | tr '/' '_')"
done
if rustup toolchain list 2>/dev/null | grep -q nightly; then
  exec cargo +nightly fuzz run parse_verify_print -- -max_total_time="$secs" -max_len=8192 -timeout=10
else
  RUSTC_BOOTSTRAP=1 exec cargo fuzz run parse_verify_print -- -max_total_time="$secs" -max_len=8192 -timeout=10
fi
