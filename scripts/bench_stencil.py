"""Stencils at sizes beyond the cache under `poly-schedule` (driven by scripts/bench_stencil.sh).

Is time tiling (a skewed schedule tiled across time steps) faster than the
unskewed schedule and program order? Per kernel and size: program order (no passes),
`poly-schedule{time-tile=never}` (the unskewed schedule), `poly-schedule` (the default,
`time-tile=auto`: its remark says which it chose) and `poly-schedule{time-tile=always}`.
The examples are scaled with scripts/bench_cpu.py's `scale_mlir` (kernel call timed in
@main, R = 1); the kernel clock is the process CPU time (libc `clock()`), on one thread
(LATTICE_THREADS=1), so other processes on a shared machine inflate it little. Rounds are
interleaved (every variant once per round); the table gives the median over the rounds and
the spread (min-max), and the load average before and after. Exits 1 if a variant's
checksum differs from program order's.
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_cpu  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# example: the size in the example's source (its extent; the loops run to extent - 1).
EXAMPLES = {"jacobi_2d": 128, "heat_3d": 32, "jacobi_1d": 256}
DEFAULT = ["jacobi_2d-512", "jacobi_2d-1024", "jacobi_2d-2048", "heat_3d-128"]


def kernel(name):
    """`EXAMPLE-SIZE` (`jacobi_2d-768`, `heat_3d-96`, `jacobi_1d-8M`; K and M multiply by
    2^10 and 2^20) -> (example, token substitutions)."""
    ex, _, size = name.rpartition("-")
    if ex not in EXAMPLES or not size:
        raise SystemExit(f"unknown kernel {name!r}: expected one of {', '.join(EXAMPLES)}, a dash, a size")
    mul = {"K": 1 << 10, "M": 1 << 20}.get(size[-1], 1)
    n = int(size[:-1] if mul > 1 else size) * mul
    old = EXAMPLES[ex]
    return ex, {str(old): str(n), str(old - 1): str(n - 1), f"{old}.0": f"{n}.0"}

ALL_VARIANTS = [
    ("program order", []),
    ("unskewed", ["--poly-schedule=time-tile=never"]),
    ("auto", ["--poly-schedule"]),
    ("time-tiled", ["--poly-schedule=time-tile=always"]),
]
VARIANTS = ALL_VARIANTS


def loadavg():
    return open("/proc/loadavg").read().split()[0]


# --sweep: the eviction model of polyhedral/src/schedule/time_tile.rs (`Llc`) against a
# measured cyclic sweep: two arrays of F/2 bytes each, a 3-point stencil from one into
# the other and back (every line reused one sweep later, as the unskewed schedule's time
# steps), time per point per sweep for F from 1 to 64 MB.
SWEEP_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  double mb = atof(argv[1]);
  long n = (long)(mb * 1048576 / 16);
  double *a = aligned_alloc(64, n * 8), *b = aligned_alloc(64, n * 8);
  for (long i = 0; i < n; i++) { a[i] = i % 7; b[i] = 0; }
  long reps = 200000000 / n; if (reps < 4) reps = 4;
  for (long i = 1; i < n - 1; i++) b[i] = 0.33 * (a[i - 1] + a[i] + a[i + 1]);
  double t0 = cpu();
  for (long s = 0; s < reps; s++) {
    for (long i = 1; i < n - 1; i++) b[i] = 0.33 * (a[i - 1] + a[i] + a[i + 1]);
    for (long i = 1; i < n - 1; i++) a[i] = 0.33 * (b[i - 1] + b[i] + b[i + 1]);
  }
  printf("%.4f\n", (cpu() - t0) / (2.0 * reps * n) * 1e9 + (a[n / 2] == 12345.0));
  return 0;
}
"""
SWEEP_MB = [1, 2, 4, 6, 8, 10, 12, 14, 16, 20, 24, 32, 48, 64]


def llc_shape():
    """(bytes, ways, sharers) of cpu0's highest cache level, as time_tile.rs reads it."""
    best = None
    for d in sorted(Path("/sys/devices/system/cpu/cpu0/cache").glob("index*")):
        rd = lambda f: (d / f).read_text().strip() if (d / f).exists() else None
        if rd("type") == "Instruction" or rd("level") is None:
            continue
        size = rd("size") or "0"
        mul = {"K": 1 << 10, "M": 1 << 20}.get(size[-1], 1)
        bytes_ = int(size[:-1] if mul > 1 else size) * mul
        sharers = 0
        for part in (rd("shared_cpu_list") or "0").split(","):
            lo, _, hi = part.partition("-")
            sharers += int(hi or lo) - int(lo) + 1
        cand = (int(rd("level")), bytes_, int(rd("ways_of_associativity") or 16), sharers)
        if best is None or cand[0] > best[0]:
            best = cand
    return best[1:] if best else (8 << 20, 16, 1)


def evicted(data, bytes_, ways, sharers):
    """The model's fraction of a sweep's lines evicted: P(X >= ways / sharers), X Poisson
    with mean data x ways / bytes."""
    lam, k = data * ways / bytes_, max(ways // max(sharers, 1), 1)
    term, below = math.exp(-lam), 0.0
    for j in range(k):
        below += term
        term *= lam / (j + 1)
    return max(0.0, 1.0 - below)


def sweep(rounds):
    tmp = Path(tempfile.mkdtemp(prefix="bench_stencil_sweep"))
    (tmp / "sweep.c").write_text(SWEEP_C)
    exe = tmp / "sweep"
    subprocess.run([str(bench_cpu.LLVM_BIN / "clang"), "-O3", "-march=native", str(tmp / "sweep.c"), "-o", str(exe)], check=True)
    load0 = loadavg()
    times = {mb: [] for mb in SWEEP_MB}
    for _ in range(rounds):
        for mb in SWEEP_MB:
            times[mb].append(float(subprocess.run([str(exe), str(mb)], capture_output=True,
                                                  text=True, check=True).stdout))
    bytes_, ways, sharers = llc_shape()
    med = {mb: statistics.median(ts) for mb, ts in times.items()}
    fast, slow = med[SWEEP_MB[0]], med[SWEEP_MB[-1]]
    print(f"Last-level cache {bytes_} B, {ways} ways, {sharers} sharers (sysfs).")
    print("| step MB | ns per point (spread) | evicted, measured | evicted, model |")
    print("|---:|---:|---:|---:|")
    for mb in SWEEP_MB:
        ts = times[mb]
        got = (med[mb] - fast) / (slow - fast) if slow > fast else float("nan")
        print(f"| {mb} | {med[mb]:.3f} ({min(ts):.3f}-{max(ts):.3f}) | {got:.2f} | "
              f"{evicted(mb * 1048576, bytes_, ways, sharers):.2f} |")
    print(f"\nMedian of {rounds} interleaved rounds; measured: (t - t[{SWEEP_MB[0]} MB]) / "
          f"(t[{SWEEP_MB[-1]} MB] - t[{SWEEP_MB[0]} MB]); load average {load0} before, {loadavg()} after.")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--lattice", default=str(ROOT / "target/release/lattice"))
    ap.add_argument("--variants", default="",
                    help="comma-separated labels of the variants to run (program order always runs): "
                    + ", ".join(v[0] for v in ALL_VARIANTS))
    ap.add_argument("--opts", default="", help="extra poly-schedule options (space-separated k=v) for every variant")
    ap.add_argument("--variant", action="append", default=[], metavar="LABEL=PASS",
                    help="an extra variant: a label and pass flags (each starting with --), e.g. "
                    "'T10=--poly-schedule=time-tile=always tile-sizes=10,16,16' (repeatable)")
    ap.add_argument("--sweep", action="store_true",
                    help="measure the last-level cache eviction model instead (a C sweep, clang)")
    ap.add_argument("kernels", nargs="*", default=DEFAULT)
    a = ap.parse_args()
    if a.sweep:
        return sweep(a.rounds)
    global VARIANTS
    keep = {v.strip() for v in a.variants.split(",") if v.strip()}
    VARIANTS = [v for v in ALL_VARIANTS if not keep or v[0] in keep or not v[1]]
    if a.opts:
        VARIANTS = [(l, [p + (" " if "=" in p else "=") + a.opts for p in ps]) for l, ps in VARIANTS]
    for v in a.variant:
        label, sep, flag = v.partition("=")
        if not sep or not flag.startswith("--"):
            raise SystemExit(f"--variant {v!r}: expected LABEL=--pass[=options]")
        VARIANTS.append((label, re.split(r" (?=--)", flag)))
    bench_cpu.CLOCK = "cpu"
    env = dict(os.environ, LATTICE_THREADS="1")
    tmp = Path(tempfile.mkdtemp(prefix="bench_stencil"))
    load0 = loadavg()
    rows, bad = [], 0
    for k in a.kernels:
        ex, subs = kernel(k)
        src = tmp / f"{k}.mlir"
        src.write_text(bench_cpu.scale_mlir((ROOT / "examples" / f"{ex}.mlir").read_text(), subs, 1))
        files, choice = [], ""
        for label, passes in VARIANTS:
            out = tmp / f"{k}-{len(files)}.mlir"
            if passes:
                p = subprocess.run([a.lattice, "opt", str(src), *passes, "-o", str(out)],
                                   capture_output=True, text=True)
                if p.returncode != 0:
                    print(f"{k} {label}: opt failed: {p.stderr.strip()[-300:]}", file=sys.stderr)
                    return 2
                if label == "auto":
                    flag = passes[0] + (" " if "=" in passes[0] else "=") + "remarks=true"
                    r = subprocess.run([a.lattice, "opt", str(src), flag],
                                       capture_output=True, text=True).stderr
                    choice = "time-tiled" if "time-tiled:" in r else (
                        "unskewed" if "kept the unskewed schedule" in r else "no candidate")
            else:
                out = src
            files.append(out)
        times = [[] for _ in files]
        sums = [set() for _ in files]
        for _ in range(a.rounds):
            for i, f in enumerate(files):
                rc, out, err = bench_cpu.run([a.lattice, "run", str(f), "-e", "main"], env)
                ts = bench_cpu.TIME_RE.findall(err)
                if rc != 0 or not ts:
                    print(f"{k} {VARIANTS[i][0]}: run failed: {err.strip()[-300:]}", file=sys.stderr)
                    return 2
                times[i].append(float(ts[0]))  # seconds (printFlops of nanoseconds)
                sums[i].update(l for l in out.splitlines() if l.strip())
        ref = sums[0]
        cells = []
        po = statistics.median(times[0])
        for i, ts in enumerate(times):
            if sums[i] != ref:
                bad += 1
                cells.append(f"checksum {sorted(sums[i])} != {sorted(ref)}")
                continue
            m = statistics.median(ts)
            cells.append(f"{m * 1e3:.2f} ({min(ts) * 1e3:.2f}-{max(ts) * 1e3:.2f}) {po / m:.2f}x")
        rows.append((k, cells, choice))
    print(f"| kernel | {' | '.join(v[0] + ' ms (spread) ×program order' for v in VARIANTS)} | auto chose |")
    print("|---|" + "---:|" * len(VARIANTS) + "---|")
    for k, cells, choice in rows:
        print(f"| {k} | {' | '.join(cells)} | {choice} |")
    print(f"\nKernel CPU time on 1 thread, median of {a.rounds} interleaved rounds (spread min-max); "
          f"load average {load0} before, {loadavg()} after.")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
