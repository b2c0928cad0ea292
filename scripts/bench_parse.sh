#!/usr/bin/env bash
# Parse/verify/print throughput benchmark: `lattice opt` vs upstream `mlir-opt` on one large
# generated affine MLIR file. This is a benchmark, not a test: it always exits 0 unless its own
# setup fails (no python3, generator error, bad usage).
#
# Usage: scripts/bench_parse.sh [--mb N] [--seed S] [--runs R] [--timeout SEC] [--no-build]
#                               [--mlir-st] [--check] [--json]
#   --mb N        size of the generated input in MiB (default 30)
#   --seed S      generator seed (default 1)
#   --runs R      repetitions per measurement; the best (minimum) wall time is reported (default 3)
#   --timeout SEC limit per run (default 600)
#   --no-build    do not run `cargo build --release` first
#   --mlir-st     also time mlir-opt with --mlir-disable-threading (single-threaded reference)
#   --check       also check that mlir-opt re-accepts what lattice prints (one extra run each)
#   --json        print JSON instead of a Markdown table
# Environment: LATTICE (lattice binary), MLIR_OPT (mlir-opt binary), CARGO_TARGET_DIR.
# See bench/README.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

MB=30 SEED=1 RUNS=3 TIMEOUT=600 BUILD=1 MLIR_ST=0 CHECK=0 JSON=0
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --mb) MB="$2"; shift 2 ;;
    --mb=*) MB="${1#*=}"; shift ;;
    --seed) SEED="$2"; shift 2 ;;
    --seed=*) SEED="${1#*=}"; shift ;;
    --runs) RUNS="$2"; shift 2 ;;
    --runs=*) RUNS="${1#*=}"; shift ;;
    --timeout) TIMEOUT="$2"; shift 2 ;;
    --timeout=*) TIMEOUT="${1#*=}"; shift ;;
    --no-build) BUILD=0; shift ;;
    --mlir-st) MLIR_ST=1; shift ;;
    --check) CHECK=1; shift ;;
    --json) JSON=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bench_parse.sh: unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$ROOT/$TARGET_DIR" ;; esac
LATTICE_BIN="${LATTICE:-$TARGET_DIR/release/lattice}"
if [ -z "${MLIR_OPT:-}" ]; then
  if [ -x /usr/lib/llvm-22/bin/mlir-opt ]; then MLIR_OPT=/usr/lib/llvm-22/bin/mlir-opt
  else MLIR_OPT="$(command -v mlir-opt || true)"; fi
fi

# 1. Build lattice (release). Failure is not fatal: its rows then read n/a.
if [ "$BUILD" = 1 ] && [ -z "${LATTICE:-}" ]; then
  if command -v cargo >/dev/null 2>&1; then
    echo "bench: cargo build --release -p lattice-cli --bin lattice" >&2
    cargo build --release -p lattice-cli --bin lattice >&2 \
      || echo "bench: warning: building lattice failed; its rows will be n/a" >&2
  else
    echo "bench: warning: cargo not found" >&2
  fi
fi

# 2. Generate the input once; the cache key includes the generator's hash.
GEN="$ROOT/scripts/gen_bench.py"
GEN_HASH="$(sha256sum "$GEN" | cut -c1-10)"
BENCH_DIR="$TARGET_DIR/bench"
INPUT="$BENCH_DIR/affine-${MB}mb-seed${SEED}-${GEN_HASH}.mlir"
mkdir -p "$BENCH_DIR"
if [ ! -s "$INPUT" ]; then
  echo "bench: generating $INPUT" >&2
  rm -f "$BENCH_DIR/affine-${MB}mb-seed${SEED}-"*.mlir   # stale inputs from older generators
  python3 "$GEN" --mb "$MB" --seed "$SEED" -o "$INPUT"
else
  echo "bench: using cached $INPUT" >&2
fi

# 3. Time both tools.
exec python3 - "$INPUT" "$LATTICE_BIN" "${MLIR_OPT:-}" "$RUNS" "$TIMEOUT" "$MLIR_ST" "$JSON" "$CHECK" <<'PY'
import json, os, platform, re, shutil, signal, subprocess, sys, time

inp, lattice, mlir_opt, runs, timeout, mlir_st, as_json, check = sys.argv[1:]
check = check == "1"
runs, timeout = max(1, int(runs)), float(timeout)
mlir_st, as_json = mlir_st == "1", as_json == "1"
size = os.path.getsize(inp)
MiB = 1024 * 1024
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
if GNU_TIME:
    # Make sure it is GNU time (supports -v).
    try:
        probe = subprocess.run([GNU_TIME, "-v", "true"], capture_output=True, timeout=10)
        if b"Maximum resident set size" not in probe.stderr:
            GNU_TIME = None
    except Exception:
        GNU_TIME = None
RSS_RE = re.compile(rb"Maximum resident set size \(kbytes\): (\d+)")


def first_line(b: bytes) -> str:
    for line in b.decode("utf-8", "replace").splitlines():
        if line.strip() and not line.startswith("\tCommand being timed"):
            return line.strip()[:160]
    return ""


def once(cmd):
    """One run: (ok, seconds, peak_rss_kib, error)."""
    full = ([GNU_TIME, "-v"] + cmd) if GNU_TIME else cmd
    t0 = time.perf_counter()
    try:
        p = subprocess.Popen(full, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, start_new_session=True)
    except OSError as e:
        return False, None, None, str(e)
    try:
        _, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return False, None, None, f"timed out after {timeout:g}s"
    secs = time.perf_counter() - t0
    rss = None
    if GNU_TIME:
        m = RSS_RE.search(err)
        rss = int(m.group(1)) if m else None
        # GNU time reports the child's status in its own exit code, plus text on stderr.
        err = err.split(b"\tCommand being timed")[0]
    else:
        # Python fallback: RUSAGE_CHILDREN is the max over all children reaped so far, which
        # is still an upper bound for this process.
        import resource
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if p.returncode != 0:
        return False, None, None, f"exit {p.returncode}: {first_line(err)}"
    return True, secs, rss, ""


def sanity(tool, cmd):
    """Untimed warm-up run that also checks the tool really printed a module; returns an error or ''.

    The output goes to a temporary file (not the repository) which --check feeds back to mlir-opt."""
    import tempfile
    out_cmd = cmd[:-2]   # drop "-o /dev/null"; stdout is captured instead
    with tempfile.NamedTemporaryFile(prefix=f"bench-{tool}-", suffix=".mlir") as tmp:
        try:
            p = subprocess.run(out_cmd, stdin=subprocess.DEVNULL, stdout=tmp, stderr=subprocess.PIPE,
                               timeout=timeout, start_new_session=True)
        except subprocess.TimeoutExpired:
            return f"timed out after {timeout:g}s"
        except OSError as e:
            return str(e)
        if p.returncode != 0:
            return f"exit {p.returncode}: {first_line(p.stderr)}"
        tmp.flush()
        n = os.path.getsize(tmp.name)
        if n < size // 20:
            with open(tmp.name, "rb") as f:
                head = first_line(f.read(400))
            return f"printed only {n} bytes ({head!r}); not a real parse/print"
        if check and tool != "mlir-opt" and have_mlir:
            q = subprocess.run([mlir_opt, tmp.name, "-o", "/dev/null"], stdin=subprocess.DEVNULL,
                               capture_output=True, timeout=timeout)
            if q.returncode != 0:
                return f"mlir-opt rejects its output: {first_line(q.stderr)}"
    return ""


def measure(tool, mode, cmd):
    row = {"tool": tool, "mode": mode, "command": " ".join(cmd), "seconds": None, "mb_per_s": None,
           "peak_rss_mib": None, "runs": [], "error": ""}
    err = sanity(tool, cmd)
    if err:
        row["error"] = err
        print(f"bench: {tool:8} {mode:28} n/a ({err})", file=sys.stderr)
        return row
    best = None
    peak = None
    for _ in range(runs):
        ok, secs, rss, err = once(cmd)
        if not ok:
            row["error"] = err
            best = None
            break
        row["runs"].append(round(secs, 4))
        best = secs if best is None else min(best, secs)
        if rss is not None:
            peak = rss if peak is None else max(peak, rss)
    if best is not None:
        row["seconds"] = round(best, 3)
        row["mb_per_s"] = round(size / MiB / best, 2)
        row["peak_rss_mib"] = round(peak / 1024, 1) if peak is not None else None
    print(f"bench: {tool:8} {mode:28} " +
          (f"{row['seconds']:.3f}s" if row["seconds"] is not None else f"n/a ({row['error']})"),
          file=sys.stderr)
    return row


have_lattice = os.path.isfile(lattice) and os.access(lattice, os.X_OK)
have_mlir = bool(mlir_opt) and os.access(mlir_opt, os.X_OK)
plan = []
for mode, flags in (("custom", []), ("generic", ["--mlir-print-op-generic"])):
    plan.append(("lattice", mode, [lattice, "opt", inp, *flags, "-o", "/dev/null"], have_lattice,
                 f"binary not found: {lattice}"))
    plan.append(("mlir-opt", mode, [mlir_opt or "mlir-opt", inp, *flags, "-o", "/dev/null"], have_mlir,
                 "mlir-opt not found (set MLIR_OPT)"))
if mlir_st:
    plan.append(("mlir-opt", "custom, --mlir-disable-threading",
                 [mlir_opt or "mlir-opt", "--mlir-disable-threading", inp, "-o", "/dev/null"], have_mlir,
                 "mlir-opt not found (set MLIR_OPT)"))

rows = []
for tool, mode, cmd, avail, why in plan:
    if not avail:
        rows.append({"tool": tool, "mode": mode, "command": " ".join(cmd), "seconds": None,
                     "mb_per_s": None, "peak_rss_mib": None, "runs": [], "error": why})
        print(f"bench: {tool:8} {mode:28} n/a ({why})", file=sys.stderr)
        continue
    rows.append(measure(tool, mode, cmd))

info = {
    "input": inp, "bytes": size, "mib": round(size / MiB, 2), "runs": runs,
    "lattice": lattice, "mlir_opt": mlir_opt or None,
    "rss_source": "/usr/bin/time -v" if GNU_TIME else "python resource (RUSAGE_CHILDREN, upper bound)",
    "cpus": os.cpu_count(), "machine": platform.machine(), "python": platform.python_version(),
}
if as_json:
    print(json.dumps({"info": info, "results": rows}, indent=2))
    sys.exit(0)

na = "n/a"
print(f"# Parse/verify/print throughput\n")
print(f"- input: `{inp}` ({size:,} bytes = {size / MiB:.1f} MiB), best of {runs} run(s), wall clock")
print(f"- peak RSS from {info['rss_source']}; MB = MiB (2^20 bytes); {info['cpus']} CPUs\n")
hdr = ["tool", "mode", "seconds", "MB/s", "peak RSS (MiB)", "speed vs mlir-opt"]
ref = {r["mode"]: r["seconds"] for r in rows if r["tool"] == "mlir-opt"}
table = []
for r in rows:
    rel = na
    if r["tool"] != "mlir-opt" and r["seconds"] and ref.get(r["mode"]):
        rel = f"{ref[r['mode']] / r['seconds']:.2f}x"
    table.append([r["tool"], r["mode"],
                  f"{r['seconds']:.3f}" if r["seconds"] is not None else na,
                  f"{r['mb_per_s']:.1f}" if r["mb_per_s"] is not None else na,
                  f"{r['peak_rss_mib']:.0f}" if r["peak_rss_mib"] is not None else na,
                  rel if r["tool"] != "mlir-opt" else "1.00x" if r["seconds"] and r["mode"] in ("custom", "generic") else ""])
w = [max(len(x[i]) for x in [hdr] + table) for i in range(len(hdr))]
right = [False, False, True, True, True, True]
fmt = lambda r: "| " + " | ".join(c.rjust(k) if ra else c.ljust(k) for c, k, ra in zip(r, w, right)) + " |"
print(fmt(hdr))
print("|" + "|".join(("-" * (k + 1) + ":") if ra else (":" + "-" * (k + 1)) for k, ra in zip(w, right)) + "|")
for r in table:
    print(fmt(r))
notes = [f"- {r['tool']} {r['mode']}: {r['error']}" for r in rows if r["error"]]
if notes:
    print("\nn/a rows:")
    print("\n".join(notes))
PY
