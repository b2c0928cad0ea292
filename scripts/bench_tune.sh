#!/usr/bin/env bash
# Autotuning benchmark. Per kernel, three runs of `lattice tune`, each on its own fresh
# database:
#   1. `evolve` (the default strategy) on the full derived space with a trial budget:
#      tuned vs untuned speedup, and the cost model's pick measured next to both;
#   2. `grid` over a capped space (a spec file narrowing the knobs; its size is printed):
#      its own timings (3 runs each, no re-measuring of noisy ones) only pick its top 5;
#   3. `evolve` on the same capped space: how many trials it needs until the config it keeps
#      (its incumbent, which `--report` gives per trial, and after its final check) is within
#      5% of the grid's best (the untuned program counts as trial 0);
#   4. `--remeasure`: the grid's top 5, every config the capped evolve run kept, the
#      full-space run's incumbent and the cost model's pick are re-timed together with the
#      untransformed program, interleaved round by round (every config once per round, so
#      all see the same load), and every number in the table comes from these rounds, by
#      PAIRED ratios: per round, one config's time over another's on their common clock (CPU
#      time when both are single-threaded, else the wall clock of the same runs), and the
#      median of those per-round ratios (quartiles for the spread; the ratio of the two
#      fastest rounds for comparison). Separately timed numbers drift by 12-26% between
#      runs on this machine even when it is quiet; a per-round ratio cancels the load that
#      both configs saw in that round. "Grid best" is the grid top-5 member (or the untuned
#      program) with the lowest paired ratio to the untuned program; the curve gives the
#      capped evolve run's incumbent after N trials over the grid best (paired); "trials to
#      5%" is the first N from which that ratio stays at most 1.05 for the rest of the budget
#      (in parentheses: its lower quartile does, i.e. 5% is within the rounds' spread).
#      "Tuned" is the full-space run's result after its final check.
# Single-threaded candidates are timed by the process CPU clock (`--clock cpu`, the
# default), which other processes' load on the shared cores hardly moves; the searches count
# each candidate's fastest timed run (`--statistic min`: load only ever adds time), except
# that parallel configs and configs whose variation stays above --max-cv count their median.
# Prints one table (and the machine load before and after; a trial whose variation stays
# above --max-cv after re-measuring counts as noisy).
#
# Usage: bash scripts/bench_tune.sh [--quick] [--measurer jit|upstream] [--repeats N]
#            [--warmup N] [--trials N] [KERNEL...]
#   --quick: a smaller capped space (tile 0/32, loop order, scheduler with given or its
#            model's tile sizes; ~20-70 configs per kernel) and 12 evolve trials instead of 24 (about 10 minutes on 2 loaded cores)
#   --rounds N: interleaved rounds of the re-timing (default 11, --quick 9)
#   --small: the examples at their own sizes (matmul 128: ~45 us a run, where timer resolution
#            and load make a 5% margin meaningless); by default each kernel is measured on a
#            generated variant whose untuned run takes ~20-50 ms (see `sizes` below)
#   --gpu:   also a small GPU section (lavapipe or a real adapter): `lattice tune --target gpu`
#            on the matmul example over workgroup shapes x promotion x per-thread tiles
#   --gpu-only: the GPU section alone
#   default kernels: matmul 2mm jacobi_2d gemver; LATTICE=path/to/lattice picks a binary.
set -euo pipefail
cd "$(dirname "$0")/.."
measurer=jit
repeats=3
warmup=1
quick=0
small=0
gpu=0
gpu_only=0
trials=
rounds=
kernels=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --small) small=1; shift ;;
    --gpu) gpu=1; shift ;;
    --gpu-only) gpu=1; gpu_only=1; shift ;;
    --measurer) measurer=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    *) kernels+=("$1"); shift ;;
  esac
done
[ ${#kernels[@]} -eq 0 ] && kernels=(matmul 2mm jacobi_2d gemver)
[ "$gpu_only" = 1 ] && kernels=()
if [ -z "$trials" ]; then
  trials=$(( quick ? 12 : 24 ))
fi
if [ -z "$rounds" ]; then
  rounds=$(( quick ? 9 : 11 ))
fi
export PATH=/usr/lib/llvm-22/bin:$PATH
export LLVM_SYS_221_PREFIX=${LLVM_SYS_221_PREFIX:-/usr/lib/llvm-22}
if [ -z "${LATTICE:-}" ]; then
  cargo build --release -q -p lattice-cli
  LATTICE=target/release/lattice
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The capped space: every kernel gets the same narrowing (sizes the trip counts allow).
# --quick: tiles 0/32 on 3-loop bands (matmul: 66 configs), 0/16/32/64 on 2-loop bands
# (about 66 configs), so every capped grid is several times the evolve budget.
declare -A quick_tiles=([matmul]="[0, 32]")
if [ "$quick" = 1 ]; then
  cat > "$work/cap.toml" <<'EOF'
tile = @TILES@
inner_tile = [0]
interchange = true
unroll = [1]
unroll_jam = [1]
vector = [1]
parallel = [false]
scheduler = ["affine", "poly"]
fuse = ["smart"]
intra_tile_order = ["isl", "unit-stride"]
poly_tiles = ["given", "model"]
l2_tile = [0]
EOF
else
  cat > "$work/cap.toml" <<'EOF'
tile = [0, 32]
inner_tile = [0, 8]
interchange = true
unroll = [1]
unroll_jam = [1, 4]
vector = [1]
parallel = [false]
scheduler = ["affine", "poly"]
fuse = ["smart"]
intra_tile_order = ["isl", "unit-stride"]
poly_tiles = ["given", "model"]
l2_tile = [0, "model"]
EOF
fi
# Larger problem sizes: every size constant of a kernel (memref shapes, loop bounds, index and
# float constants; comments and identifiers such as f64 untouched) maps to a bigger one. The
# examples' numbers are only their sizes (and n-1 bounds), so the variant computes the same
# kernel at the new size; `lattice tune` checks every candidate against the untransformed
# variant's own output, so the examples' CHECKSUM lines are dropped.
declare -A sizes=(
  [matmul]="128=256"
  [2mm]="64=160 80=200 96=240 112=280"
  [jacobi_2d]="128=768 127=767"
  [gemver]="128=1536"
)
scale() { # scale SRC DST OLD=NEW...
  python3 - "$@" <<'PY'
import re, sys
src, dst, pairs = sys.argv[1], sys.argv[2], sys.argv[3:]
m = dict(p.split("=") for p in pairs)
out = []
for line in open(src):
    if line.lstrip().startswith("//"):
        if "CHECKSUM" not in line:
            out.append(line)
        continue
    # a number not inside an identifier (f64, @printF64); `x` separates memref dimensions
    out.append(re.sub(r"(?<![0-9A-Za-wyz_])[0-9]+(?![0-9])",
                      lambda x: m.get(x.group(0), x.group(0)), line))
open(dst, "w").write("".join(out))
PY
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores" >&2
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
common=(--measurer "$measurer" --repeats "$repeats" --warmup "$warmup" --statistic min --no-progress --seed 1)
for k in "${kernels[@]}"; do
  f=examples/$k.mlir
  if [ "$small" = 0 ] && [ -n "${sizes[$k]:-}" ]; then
    # shellcheck disable=SC2086
    scale "$f" "$work/$k.mlir" ${sizes[$k]}
    f=$work/$k.mlir
    echo "== $k: sizes ${sizes[$k]}" >&2
  fi
  echo "== $k: evolve, full space, $trials trials" >&2
  "$LATTICE" tune "$f" "${common[@]}" --strategy evolve --trials "$trials" \
    --db "$work/$k.full.db" --report "$work/$k.full.json" >&2
  sed "s/@TILES@/${quick_tiles[$k]:-[0, 16, 32, 64]}/" "$work/cap.toml" > "$work/$k.cap.toml"
  echo "== $k: grid over the capped space" >&2
  # The grid's own timings only choose which configs the re-timing compares (its top 5):
  # no doubling of noisy repeats, no final check (its result is not used).
  "$LATTICE" tune "$f" "${common[@]}" --strategy grid --trials 100000 --space "$work/$k.cap.toml" \
    --max-cv 1 --confirm-top 0 --confirm-rounds 3 \
    --db "$work/$k.grid.db" --report "$work/$k.grid.json" >&2
  size=$(python3 -c "import json;print(json.load(open('$work/$k.grid.json'))['space_size'])")
  budget=$(( size < trials ? size : trials ))
  echo "== $k: evolve over the capped space ($budget trials)" >&2
  "$LATTICE" tune "$f" "${common[@]}" --strategy evolve --trials "$budget" --space "$work/$k.cap.toml" \
    --db "$work/$k.evolve.db" --report "$work/$k.evolve.json" >&2
  python3 - "$work" "$k" <<'PY'
import json, sys
work, k = sys.argv[1], sys.argv[2]
def load(n): return json.load(open(f"{work}/{k}.{n}.json"))
g, e, full = load("grid"), load("evolve"), load("full")
ok = lambda ts: [t for t in ts if t["seconds"] is not None]
configs = [t["config"] for t in sorted(ok(g["trials"]), key=lambda t: t["seconds"])[:5]]
# The configs the evolve run kept (its incumbent after each trial and after its final
# check; None: untuned).
for t in e["trials"]:
    if t["incumbent"]["config"] is not None:
        configs.append(t["incumbent"]["config"])
for r in (e, full):
    for inc in (r["incumbent"], r.get("search_incumbent") or {}):
        if inc.get("config") is not None:
            configs.append(inc["config"])
if full.get("model_pick_config") is not None:
    configs.append(full["model_pick_config"])
uniq = []
for c in configs:
    if c not in uniq:
        uniq.append(c)
json.dump(uniq, open(f"{work}/{k}.recheck.in.json", "w"))
PY
  echo "== $k: re-timing the grid's top 5, the evolve run's incumbents, the full run's incumbent and the model's pick ($rounds interleaved rounds)" >&2
  "$LATTICE" tune "$f" --measurer "$measurer" --remeasure "$work/$k.recheck.in.json" \
    --statistic min --rounds "$rounds" --report "$work/$k.recheck.json" >&2
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
if [ "$small" = 0 ]; then
  for k in "${kernels[@]}"; do
    [ -n "${sizes[$k]:-}" ] && echo "problem sizes of $k: examples' ${sizes[$k]} (old=new)"
  done
fi
[ ${#kernels[@]} -gt 0 ] && python3 - "$work" "$load_before" "$(cut -d' ' -f1-3 /proc/loadavg)" "$trials" "$rounds" "${kernels[@]}" <<'PY'
import json, sys
work, load_before, load_after, trials, rounds, kernels = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]
def ok(ts):
    return [t for t in ts if t["seconds"] is not None]
def noisy(r):
    cv = r["max_cv"]
    return sum(1 for t in r["trials"] if t["cv"] is not None and t["cv"] > cv) + (r["baseline_cv"] > cv)
def short(c):
    if c is None:
        return "untuned"
    return " ".join(f"{k}={v}" for k, v in c.items() if v not in ([], None, 0, False) or k == "tile")
def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2
def quartiles(v):
    v = sorted(v)
    n = len(v)
    return median(v[: (n + 1) // 2]), median(v[n // 2:])
print(f"machine load (1/5/15 min) before: {load_before}, after: {load_after}. Every number below comes from one "
      f"re-timing of the configs the searches found, interleaved round by round ({rounds} rounds after a warm-up "
      f"round; every config and the untuned program run once per round, so all see the same load). Comparisons are "
      f"PAIRED: per round, the time ratio of two configs on their common clock (process CPU time when both are "
      f"single-threaded, else the wall clock of the same runs); a ratio is the MEDIAN of the per-round ratios, "
      f"[q1-q3] their quartiles. ms = a config's median round (CPU time, or wall for parallel configs: marked w); "
      f"speedup = 1 / paired ratio to the untuned program; min = the ratio of the two configs' fastest rounds "
      f"(load only ever adds time), for comparison. Grid best = the config of the capped grid's top 5 (by the grid's "
      f"own timings) with the lowest paired ratio to the untuned program. tuned = the config {trials} evolve trials "
      f"on the full space kept after the tuner's final check (kept config vs untuned and the search's 2 best-ranked "
      f"others, 11 interleaved rounds). The curve: the capped evolve run's incumbent after N trials (and after its "
      f"final check) / grid best; trials to 5%: the first N from which that paired median ratio stays <= 1.05 (in "
      f"parentheses: its q1 <= 1.05, i.e. within the rounds' spread).")
print("| kernel | full space | untuned ms | tuned ms (speedup) | model pick ms (speedup) | capped grid size "
      "| grid best ms (speedup) | evolve trials until its incumbent is within 5% of grid best (q1) "
      "| final capped incumbent / grid best: median [q1-q3] (min) "
      "| incumbent / grid best after N trials | final check full / capped "
      "| duels won/fought (runs) | failed | noisy in search | tuned config |")
print("|" + " --- |" * 15)
for k in kernels:
    full = json.load(open(f"{work}/{k}.full.json"))
    g = json.load(open(f"{work}/{k}.grid.json"))
    e = json.load(open(f"{work}/{k}.evolve.json"))
    rc = json.load(open(f"{work}/{k}.recheck.json"))
    cpu_run = rc["clock"] == "cpu"
    def series(c):
        # (per-round samples on its own clock, per-round wall samples, timed by CPU time)
        if c is None:
            return rc["baseline_samples"], rc["baseline_wall_samples"], cpu_run
        for r in rc["remeasured"]:
            if r["config"] == c:
                if r["samples"] is None:
                    return None
                return r["samples"], r["wall_samples"], cpu_run and not c.get("parallel")
        return None
    def common(a, b):
        # The two configs' per-round times on their common clock (CPU time when both are
        # single-threaded and CPU-timed, else the wall clock of the same runs).
        sa, sb = series(a), series(b)
        if not sa or not sb:
            return None
        return (sa[0], sb[0]) if sa[2] and sb[2] else (sa[1], sb[1])
    def ratios(a, b):
        # Per-round ratios a / b.
        x = common(a, b)
        return [p / q for p, q in zip(*x)] if x else None
    def paired(a, b):
        r = ratios(a, b)
        return median(r) if r else None
    def min_ratio(a, b):
        x = common(a, b)
        return min(x[0]) / min(x[1]) if x else None
    def ms(c):
        s = series(c)
        if not s:
            return "failed"
        return f"{median(s[0])*1e3:.3f}" + ("w" if not s[2] else "")
    def fmt(c):
        r = paired(c, None)
        return f"{ms(c)} ({1/r:.2f}x)" if r else "failed"
    fbc = full["incumbent"]["config"]
    fav = full.get("model_favourite")
    overruled = f" (favourite {fav} measured slower)" if fav and fav != full.get("model_pick") else ""
    top = [t["config"] for t in sorted(ok(g["trials"]), key=lambda t: t["seconds"])[:5]]
    members = [c for c in [None] + top if paired(c, None)]
    gcfg = min(members, key=lambda c: paired(c, None))
    # The config the capped search kept after each trial, then after its final check.
    bsf = [t["incumbent"]["config"] for t in e["trials"]] + [e["incumbent"]["config"]]
    rs = [paired(c, gcfg) if c != gcfg else 1.0 for c in bsf]
    rs = [r if r is not None else float("inf") for r in rs]
    q1s = []
    for c in [None] + bsf:
        r = ratios(c, gcfg) if c != gcfg else [1.0]
        q1s.append(quartiles(r)[0] if r else float("inf"))
    within = [(paired(None, gcfg) or float("inf")) <= 1.05 if gcfg is not None else True] + [r <= 1.05 for r in rs]
    within_q = [q <= 1.05 for q in q1s]
    # N counts search trials; the last entry is the final check (counted as the last trial).
    first = lambda w: next((n for n in range(len(w)) if all(w[n:])), None)
    n_trials = len(e["trials"])
    need, need_q = first(within), first(within_q)
    clip = lambda n: min(n, n_trials) if n is not None else None
    size = g["space_size"]
    need_s = f"{clip(need)} of {size}" if need is not None else f">{n_trials} of {size}"
    need_s += f" ({clip(need_q)})" if need_q is not None else f" (>{n_trials})"
    fin = e["incumbent"]["config"]
    fr = ratios(fin, gcfg) if fin != gcfg else [1.0] * int(rounds)
    if fr:
        lo, hi = quartiles(fr)
        mr = min_ratio(fin, gcfg) if fin != gcfg else 1.0
        final_s = f"{median(fr):.3f} [{lo:.3f}-{hi:.3f}] (min {mr:.3f})"
    else:
        final_s = "failed"
    marks = [n for n in list(range(1, 13)) + [16, 24, 32] if n <= n_trials]
    if n_trials and n_trials not in marks:
        marks.append(n_trials)
    curve = " ".join(f"{n}:{rs[n-1]:.2f}" for n in marks) + f" final:{rs[-1]:.2f}"
    def check_s(r):
        fc = r.get("final_check") or {}
        if not fc:
            return "-"
        kept = fc.get("kept")
        return "confirmed" if kept == fc.get("search_incumbent") else f"changed to {'untuned' if kept == 'untuned' else 'another'}"
    failed = sum(1 for r in (full, g, e) for t in r["trials"] if t["seconds"] is None)
    nz = sum(noisy(r) for r in (full, g, e))
    dl = [r.get("duels") or {} for r in (full, e)]
    duels_s = f"{sum(d.get('won', 0) for d in dl)}/{sum(d.get('count', 0) for d in dl)} ({sum(d.get('runs', 0) for d in dl)})"
    ntr = sum(len(r["trials"]) + 1 for r in (full, g, e))
    pick_s = fmt(full["model_pick_config"]) if full.get("model_pick_config") else "failed"
    print(f"| {k} | {full['space_size']} | {ms(None)} | {fmt(fbc)} | {pick_s}{overruled} | {size} | {fmt(gcfg)} "
          f"| {need_s} | {final_s} | {curve} | {check_s(full)} / {check_s(e)} | {duels_s} | {failed} | {nz} of {ntr} "
          f"| {short(fbc)} |")
PY
if [ "$gpu" = 1 ]; then
  # GPU: one grid over a small space (the machine's adapter; lavapipe on CPU-only hosts,
  # where the timings show the mapping's overheads, not a GPU's).
  cat > "$work/gpu.toml" <<'EOF'
workgroup = [[16, 8], [32, 8], [16, 16]]
promote = [0, 8]
thread_tile = [[1, 1], [2, 2], [4, 1]]
unroll = [1]
interchange = false
EOF
  "$LATTICE" tune examples/matmul.mlir --target gpu --strategy grid --trials 100000 \
    --space "$work/gpu.toml" --repeats "$repeats" --warmup "$warmup" --no-progress --seed 1 \
    --db "$work/gpu.db" --report "$work/gpu.json" >&2
  python3 - "$work/gpu.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
ok = [t for t in r["trials"] if t["seconds"] is not None]
b = min(ok, key=lambda t: t["seconds"], default=None)
base = r["baseline_seconds"]
pick = r.get("model_pick_seconds")
print()
print("| GPU kernel | grid size | failed | untuned ms | best ms | best speedup | model pick ms | best config |")
print("|" + " --- |" * 8)
cfg = " ".join(f"{k}={v}" for k, v in b["config"].items() if v not in ([], None, 0)) if b else "-"
print(f"| matmul 128 | {r['space_size']} | {len(r['trials']) - len(ok)} | {base*1e3:.3f} "
      f"| {b['seconds']*1e3 if b else float('nan'):.3f} | {base/b['seconds'] if b else 0:.2f}x "
      f"| {pick*1e3 if pick else float('nan'):.3f} | {cfg} |")
PY
fi
