#!/usr/bin/env bash
# Cost and gain of parallel regions (runtime/src/parallel.rs), at 1 and 2 threads:
# - jacobi_1d and lu with every parallel loop marked (`--poly-schedule=min-parallel-work=0`)
#   and with none (`parallel=false`): many short regions inside sequential loops;
# - matmul, 2mm, conv2d, jacobi_2d under the default `--poly-schedule`; conv2d.x50 calls
#   conv2d's kernel 50 times (its parallel loop has 2 iterations, the h-tiles: from its
#   second call on, the runtime hands both to the pool before timing);
# - jacobi_2d.768.tuned: jacobi_2d at 768x768 (bench_tune.sh's size) with the tuner's
#   `t=32,0 parallel` config applied to the kernel (affine-loop-tile 32,766 +
#   affine-parallelize: 40 regions of 766 rows), which can time bimodally.
# Prints a markdown table of medians of `lattice run --time` medians over ROUNDS
# interleaved rounds (min-max in parentheses), in microseconds, for each binary, and the
# load average before and after (2 threads gain only when both get a core at once).
# Target: a region costs about an indirect call on one thread (jacobi_1d marked within
# ~1.5x of unmarked at 1 thread; it was 15-20x before the runtime ran such loops whole);
# on 2 idle cores, 2 threads beat 1 on conv2d.x50 and jacobi_2d.768.tuned.
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
for ex in matmul 2mm conv2d jacobi_2d; do
  "$L0" opt --poly-schedule "examples/$ex.mlir" > "$TMP/$ex.default.mlir"
done
# conv2d's kernel called 50 times; jacobi_2d at 768x768 as bench_tune.sh scales it, its
# kernel apart from @main (the tuner transforms the kernel only).
python3 - "$TMP" <<'PY'
import re, sys
tmp = sys.argv[1]
s = open("examples/conv2d.mlir").read()
a = s.index("  func.call @kernel_conv2d(%In")
b = s.index("\n", s.index("-> ()", a))
s = s[:a] + "  affine.for %rep = 0 to 50 {\n  " + s[a:b] + "\n  }" + s[b:]
open(f"{tmp}/conv2d.x50.mlir", "w").write(s)
m = {"128": "768", "127": "767"}
out = []
for line in open("examples/jacobi_2d.mlir"):
    if line.lstrip().startswith("//"):
        continue
    out.append(re.sub(r"(?<![0-9A-Za-wyz_])[0-9]+(?![0-9])",
                      lambda x: m.get(x.group(0), x.group(0)), line))
s = "".join(out)
i = s.index("func.func @main")
open(f"{tmp}/jacobi_2d.768.kernel.mlir", "w").write(s[:i] + "\n")
open(f"{tmp}/jacobi_2d.768.main.txt", "w").write(s[i:])
PY
"$L0" opt --poly-schedule "$TMP/conv2d.x50.mlir" > "$TMP/conv2d.x50.default.mlir"
"$L0" opt --pass-pipeline='builtin.module(func.func(affine-loop-tile{tile-sizes=32,766},affine-parallelize{max-nested=1}))' \
  "$TMP/jacobi_2d.768.kernel.mlir" > "$TMP/jacobi_2d.768.kernel.opt.mlir"
python3 - "$TMP" <<'PY'
import sys
tmp = sys.argv[1]
k = open(f"{tmp}/jacobi_2d.768.kernel.opt.mlir").read().rstrip()
assert k.endswith("}"), "unexpected module text"
main = open(f"{tmp}/jacobi_2d.768.main.txt").read()
open(f"{tmp}/jacobi_2d.768.tuned.mlir", "w").write(k[:-1] + main + "\n}\n")
PY
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
python3 - "$ROUNDS" "$TMP" "${BINS[@]}" <<'EOF'
import re, statistics, subprocess, sys
rounds, tmp, bins = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
progs = ["jacobi_1d.marked", "jacobi_1d.unmarked", "lu.marked", "lu.unmarked",
         "matmul.default", "2mm.default", "conv2d.default", "conv2d.x50.default",
         "jacobi_2d.default", "jacobi_2d.768.tuned"]
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
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
