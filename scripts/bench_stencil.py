"""Stencils at sizes beyond the cache under `poly-schedule` (driven by scripts/bench_stencil.sh).

Issue 4: is time tiling (a skewed schedule tiled across time steps) faster than the
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
import os
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--lattice", default=str(ROOT / "target/release/lattice"))
    ap.add_argument("--variants", default="",
                    help="comma-separated labels of the variants to run (program order always runs): "
                    + ", ".join(v[0] for v in ALL_VARIANTS))
    ap.add_argument("--opts", default="", help="extra poly-schedule options (space-separated k=v) for every variant")
    ap.add_argument("--variant", action="append", default=[], metavar="LABEL=PASS",
                    help="an extra variant: a label and one pass flag, e.g. "
                    "'T10=--poly-schedule=time-tile=always tile-sizes=10,16,16' (repeatable)")
    ap.add_argument("kernels", nargs="*", default=DEFAULT)
    a = ap.parse_args()
    global VARIANTS
    keep = {v.strip() for v in a.variants.split(",") if v.strip()}
    VARIANTS = [v for v in ALL_VARIANTS if not keep or v[0] in keep or not v[1]]
    if a.opts:
        VARIANTS = [(l, [p + (" " if "=" in p else "=") + a.opts for p in ps]) for l, ps in VARIANTS]
    for v in a.variant:
        label, sep, flag = v.partition("=")
        if not sep or not flag.startswith("--"):
            raise SystemExit(f"--variant {v!r}: expected LABEL=--pass[=options]")
        VARIANTS.append((label, [flag]))
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
