#!/usr/bin/env bash
# Autotuning benchmark. Per kernel, three runs of `lattice tune`, each on its own fresh
# database:
#   1. `evolve` (the default strategy) on the full derived space with a trial budget:
#      tuned vs untuned speedup, and the cost model's pick measured next to both;
#   2. `grid` over a capped space (a spec file narrowing the knobs; its size is printed):
#      the exhaustive best of that space;
#   3. `evolve` on the same capped space: how many trials it needs until the config it keeps
#      (its incumbent, which `--report` gives per trial: the untuned program until a config
#      beats it by more than the two timings' combined variation, or wins a duel) re-times within 5% of the
#      grid's best (the untuned program counts as trial 0);
#   4. `--remeasure`: the grid's top 4, every config the capped evolve run kept (its
#      incumbents), the full-space run's incumbent and the cost model's pick are re-timed together with
#      the untransformed program, interleaved round by round (same conditions for all), and
#      every number in the table comes from these re-timings: a config's rank no longer
#      depends on which run caught a quiet moment. Each re-timed config counts its fastest
#      run (other processes' load only ever adds time; the medians are in the log), except
#      parallel configs and configs whose variation over the rounds is above --max-cv, which
#      count their median (`--statistic min`'s rule: a 2-thread run's wall time splits into
#      "both threads had a core" and "one waited", and its fastest run flatters it).
#      "Grid best" is the best re-timed member
#      of the capped grid; the curve gives, after N evolve trials, the re-timed time of the
#      config the search kept (its incumbent after trial N), over the grid best; "trials to 5%" is the
#      first N from which that ratio stays at most 1.05 for the rest of the budget; in
#      parentheses the same where a config within noise of the grid best counts as reached
#      (its re-timing differs by less than the two configs' combined variation over the
#      rounds: on a loaded machine, a space whose best is within noise of others makes the
#      5% criterion flip between runs).
#      "Tuned" is the full-space run's incumbent; where it (or the model pick) is parallel,
#      its speedup compares wall-clock re-timings of both it and the untuned program
#      (marked "wall"), the tuner's own rule for comparing a parallel config.
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
  "$LATTICE" tune "$f" "${common[@]}" --strategy grid --trials 100000 --space "$work/$k.cap.toml" \
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
configs = [t["config"] for t in sorted(ok(g["trials"]), key=lambda t: t["seconds"])[:4]]
# The configs the evolve run kept (its incumbent after each trial; None: untuned).
for t in e["trials"]:
    if t["incumbent"]["config"] is not None:
        configs.append(t["incumbent"]["config"])
if full["incumbent"]["config"] is not None:
    configs.append(full["incumbent"]["config"])
if full.get("model_pick_config") is not None:
    configs.append(full["model_pick_config"])
uniq = []
for c in configs:
    if c not in uniq:
        uniq.append(c)
json.dump(uniq, open(f"{work}/{k}.recheck.in.json", "w"))
PY
  echo "== $k: re-timing the grid's top 4, the evolve run's incumbents, the full run's incumbent and the model's pick ($rounds interleaved rounds)" >&2
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
print(f"machine load (1/5/15 min) before: {load_before}, after: {load_after}; single-threaded candidates "
      f"timed by process CPU time, parallel ones by wall time; searches count each candidate's fastest run, except the median for "
      f"parallel configs and configs above --max-cv; every time below is a re-timing ({rounds} interleaved rounds; the "
      f"fastest round, since load only ever slows a run down, or the median round for parallel configs and configs whose variation "
      f"over the rounds is above --max-cv) "
      f"of the configs found by the searches; tuned = the config {trials} evolve trials on the full space kept (its incumbent: "
      f"the untuned program until a config beats it by more than the two timings' combined variation, or wins a duel: "
      f"a config faster only within that variation is timed interleaved with it, 7 rounds); a parallel tuned config or "
      f"model pick is compared with the untuned program by both re-timings' wall clock (\"wall\"); the trials and the curve "
      f"follow the capped evolve run's incumbent after each trial, re-timed")
print("| kernel | full space | untuned ms | tuned ms (speedup) | model pick ms (speedup) | capped grid size "
      "| grid best ms (speedup) | evolve trials until its incumbent re-times within 5% of grid best (or within noise of it) "
      "| incumbent / grid best after N trials (re-timed) "
      "| duels won/fought (runs) | failed | noisy in search | tuned config |")
print("|" + " --- |" * 13)
for k in kernels:
    full = json.load(open(f"{work}/{k}.full.json"))
    g = json.load(open(f"{work}/{k}.grid.json"))
    e = json.load(open(f"{work}/{k}.evolve.json"))
    rc = json.load(open(f"{work}/{k}.recheck.json"))
    base = rc["baseline_counted_seconds"]
    def robust(c):
        # The re-timing's counted time: the fastest round, or the median for a parallel
        # config or one whose variation over the rounds is above --max-cv.
        if c is None:
            return base
        for r in rc["remeasured"]:
            if r["config"] == c:
                return r["counted_seconds"]
        return None
    def spread(c):
        # The re-timing's coefficient of variation over its interleaved rounds.
        if c is None:
            return rc["baseline_cv"]
        for r in rc["remeasured"]:
            if r["config"] == c:
                return r["cv"]
        return None
    def wall(c):
        # The re-timing's counted time by the wall clock of the same runs.
        if c is None:
            return rc["baseline_wall_counted_seconds"]
        for r in rc["remeasured"]:
            if r["config"] == c:
                return r["wall_counted_seconds"]
        return None
    fmt = lambda s: f"{s*1e3:.3f} ({base/s:.2f}x)" if s else "failed"
    def fmt_c(c):
        # A parallel config against the untuned program: both by the wall clock.
        if c is not None and c.get("parallel") and wall(c):
            w, bw = wall(c), rc["baseline_wall_counted_seconds"]
            return f"{w*1e3:.3f} ({bw/w:.2f}x wall; untuned {bw*1e3:.3f} wall)"
        return fmt(robust(c))
    fbc = full["incumbent"]["config"]
    # The model's favourite measured slower than untuned in the search: the pick is untuned.
    fav = full.get("model_favourite")
    overruled = f" (favourite {fav} measured slower)" if fav and fav != full.get("model_pick") else ""
    # The config the search kept after each trial (the tuner's incumbent), re-timed.
    bsf = [t["incumbent"]["config"] for t in e["trials"]]
    top = [t["config"] for t in sorted(ok(g["trials"]), key=lambda t: t["seconds"])[:4]]
    members = [None] + top + [c for c in bsf if c is not None]
    gcfg = min((c for c in members if robust(c)), key=robust)
    gbest = robust(gcfg)
    ratios = [robust(c) / gbest if robust(c) else float("inf") for c in bsf]
    # Trials to 5%: the first N from which the best so far stays within 5% of the grid best
    # for the rest of the budget (a later "better" pick that re-times worse counts against it).
    within = [base <= 1.05 * gbest] + [r <= 1.05 for r in ratios]
    need = next((n for n in range(len(within)) if all(within[n:])), None)
    # The same, counting a config within noise of the grid best (the re-timings differ by
    # less than their combined variation over the rounds, as `lattice tune` marks `~`) as
    # reached: where the space's best is within noise of others, 5% is a coin toss.
    def tie(c):
        s, v, gv = robust(c), spread(c), spread(gcfg)
        if not s or v is None or gv is None:
            return False
        return max(s, gbest) / min(s, gbest) - 1 <= (v * v + gv * gv) ** 0.5
    within_n = [w or tie(c) for w, c in zip(within, [None] + bsf)]
    need_n = next((n for n in range(len(within_n)) if all(within_n[n:])), None)
    size = g["space_size"]
    need_s = f"{need} of {size}" if need is not None else f">{len(e['trials'])} of {size}"
    need_s += f" ({need_n} with noise)" if need_n is not None else f" (>{len(e['trials'])} with noise)"
    marks = [n for n in list(range(1, 13)) + [16, 24, 32] if n <= len(ratios)]
    if ratios and len(ratios) not in marks:
        marks.append(len(ratios))
    curve = " ".join(f"{n}:{ratios[n-1]:.2f}" for n in marks)
    failed = sum(1 for r in (full, g, e) for t in r["trials"] if t["seconds"] is None)
    nz = sum(noisy(r) for r in (full, g, e))
    # Duels: a candidate faster than the incumbent only within noise, timed interleaved with it.
    dl = [r.get("duels") or {} for r in (full, g, e)]
    duels_s = f"{sum(d.get('won', 0) for d in dl)}/{sum(d.get('count', 0) for d in dl)} ({sum(d.get('runs', 0) for d in dl)})"
    ntr = sum(len(r["trials"]) + 1 for r in (full, g, e))
    tuned_s = fmt_c(fbc)
    pick_s = fmt_c(full["model_pick_config"]) if full.get("model_pick_config") else "failed"
    print(f"| {k} | {full['space_size']} | {base*1e3:.3f} | {tuned_s} | {pick_s} "
          f"{overruled} | {size} | {fmt(gbest)} | {need_s} | {curve} | {duels_s} | {failed} | {nz} of {ntr} | {short(fbc)} |")
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
