#!/usr/bin/env bash
# Cost of a parallel region (runtime/src/parallel.rs): examples whose schedule puts many
# short `affine.parallel` regions inside sequential loops (jacobi_1d: 128 regions of 254
# iterations; lu) run with every parallel loop marked (`--poly-schedule=min-parallel-work=0`)
# and with none (`parallel=false`), plus matmul and 2mm under the default `--poly-schedule`,
# at 1 and 2 threads. Prints a markdown table of medians of `lattice run --time` medians
# over ROUNDS interleaved rounds (min-max in parentheses), in microseconds, for each binary.
# Target: a region costs about an indirect call on one thread (jacobi_1d marked within
# ~1.5x of unmarked at 1 thread; it was 15-20x before the runtime ran such loops whole).
# Usage: bash scripts/bench_parallel.sh [ROUNDS] [LATTICE_BIN...]   (default: 5, the release build)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
ROUNDS="${1:-5}"
shift || true
BINS=("$@")
if [ ${#BINS[@]} -eq 0 ]; then
  cargo build --release --quiet -p lattice-cli
  BINS=(target/release/lattice)
fi
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
L0=${BINS[0]}
for ex in jacobi_1d lu; do
  "$L0" opt --poly-schedule=min-parallel-work=0 "examples/$ex.mlir" > "$TMP/$ex.marked.mlir"
  "$L0" opt --poly-schedule=parallel=false "examples/$ex.mlir" > "$TMP/$ex.unmarked.mlir"
done
for ex in matmul 2mm; do
  "$L0" opt --poly-schedule "examples/$ex.mlir" > "$TMP/$ex.default.mlir"
done
python3 - "$ROUNDS" "$TMP" "${BINS[@]}" <<'EOF'
import re, statistics, subprocess, sys
rounds, tmp, bins = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
progs = ["jacobi_1d.marked", "jacobi_1d.unmarked", "lu.marked", "lu.unmarked",
         "matmul.default", "2mm.default"]
res = {}
for _ in range(rounds):
    for p in progs:
        for t in ("1", "2"):
            for b in bins:
                out = subprocess.run([b, "run", "--time", "--repeat", "10", "--threads", t,
                                      f"{tmp}/{p}.mlir"], capture_output=True, text=True)
                m = re.search(r"median ([0-9.e-]+) s", out.stderr)
                if not m:
                    sys.exit(f"{b} {p} --threads {t} failed:\n{out.stderr}")
                res.setdefault((p, t, b), []).append(float(m.group(1)) * 1e6)
print("| program | threads | " + " | ".join(bins) + " |")
print("|---|---|" + "---|" * len(bins))
for p in progs:
    for t in ("1", "2"):
        cells = []
        for b in bins:
            v = res[(p, t, b)]
            cells.append(f"{statistics.median(v):.0f} ({min(v):.0f}-{max(v):.0f})")
        print(f"| {p} | {t} | " + " | ".join(cells) + " |")
EOF
