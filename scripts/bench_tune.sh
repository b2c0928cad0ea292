#!/usr/bin/env bash
# Autotuning benchmark: for each kernel, an exhaustive grid over the search space and the
# default (model-guided evolutionary) strategy, each with its own fresh database. Prints
# a table: untuned time, best config and its speedup, the cost model's pick, and how many
# trials the default strategy needed to come within 5% of the grid's best.
#
# Usage: bash scripts/bench_tune.sh [--measurer upstream|jit] [--repeats N] [--warmup N] [KERNEL...]
#   (default kernels: matmul 2mm jacobi_2d gemver; LATTICE=path/to/lattice to pick a binary)
set -euo pipefail
cd "$(dirname "$0")/.."
measurer=upstream
repeats=3
warmup=1
kernels=()
while [ $# -gt 0 ]; do
  case "$1" in
    --measurer) measurer=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    *) kernels+=("$1"); shift ;;
  esac
done
[ ${#kernels[@]} -eq 0 ] && kernels=(matmul 2mm jacobi_2d gemver)
export PATH=/usr/lib/llvm-22/bin:$PATH
export LLVM_SYS_221_PREFIX=${LLVM_SYS_221_PREFIX:-/usr/lib/llvm-22}
if [ -z "${LATTICE:-}" ]; then
  cargo build --release -q -p lattice-cli
  LATTICE=target/release/lattice
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
common=(--measurer "$measurer" --repeats "$repeats" --warmup "$warmup" --no-progress --seed 1)
for k in "${kernels[@]}"; do
  f=examples/$k.mlir
  echo "== $k: grid" >&2
  "$LATTICE" tune "$f" "${common[@]}" --strategy grid --trials 100000 \
    --db "$work/$k.grid.db" --report "$work/$k.grid.json" >&2
  size=$(python3 -c "import json;print(json.load(open('$work/$k.grid.json'))['space_size'])")
  budget=$(( size < 24 ? size : 24 ))
  echo "== $k: evolve ($budget trials)" >&2
  "$LATTICE" tune "$f" "${common[@]}" --strategy evolve --trials "$budget" \
    --db "$work/$k.evolve.db" --report "$work/$k.evolve.json" >&2
done
python3 - "$work" "${kernels[@]}" <<'PY'
import json, sys
work, kernels = sys.argv[1], sys.argv[2:]
def best(trials, upto=None):
    ts = [t["seconds"] for t in trials[:upto] if t["seconds"] is not None]
    return min(ts) if ts else None
print(f"{'kernel':<10} {'space':>5} {'untuned ms':>10} {'grid best ms':>12} {'speedup':>7} {'model pick':>10} "
      f"{'evolve best':>11} {'trials to 5%':>12}  best config (grid)")
for k in kernels:
    g = json.load(open(f"{work}/{k}.grid.json"))
    e = json.load(open(f"{work}/{k}.evolve.json"))
    base = g["baseline_seconds"]
    gbest = min(x for x in [best(g["trials"]), base] if x is not None)
    gcfg = min((t for t in g["trials"] if t["seconds"] is not None), key=lambda t: t["seconds"], default=None)
    ebase = e["baseline_seconds"]
    # Trials the default strategy needs: the first trial whose best-so-far (the untuned
    # program counts as trial 0) is within 5% of the grid's best.
    need = None
    cur = ebase
    if cur <= 1.05 * gbest:
        need = 0
    for i, t in enumerate(e["trials"], 1):
        if need is not None:
            break
        if t["seconds"] is not None:
            cur = min(cur, t["seconds"])
        if cur <= 1.05 * gbest:
            need = i
    ebest = min(x for x in [best(e["trials"]), ebase] if x is not None)
    pick = e.get("model_pick_seconds")
    pick_s = f"{base / pick:.2f}x" if pick else "failed"
    need_s = f"{need}/{g['space_size']}" if need is not None else f">{len(e['trials'])}/{g['space_size']}"
    cfg = gcfg["config"] if gcfg and gcfg["seconds"] <= base else "untuned"
    if isinstance(cfg, dict):
        cfg = " ".join(f"{a}={b}" for a, b in cfg.items())
    print(f"{k:<10} {g['space_size']:>5} {base*1e3:>10.3f} {gbest*1e3:>12.3f} {base/gbest:>6.2f}x {pick_s:>10} "
          f"{ebest*1e3:>11.3f} {need_s:>12}  {cfg}")
PY
