#!/usr/bin/env python3
"""Outlined parallel bodies vs sequential code (driven by scripts/bench_outline.sh).

A parallel loop runs in a function outlined for the thread pool (codegen/src/llvm/parallel.rs).
This table shows what the outlining costs: each kernel scaled as in scripts/bench_cpu.py
(SCALE, the same timed repetition loop around the kernel call), scheduled with
`--poly-schedule=parallel=false` (no parallel loop) and `--poly-schedule=parallel=true`
(outermost parallel loops outlined), run with `--threads 1` and `--threads 2`, and
"par as seq": the parallel=true schedule with its `affine.parallel` loops turned back into
`affine.for` (one-dimensional loops with constant bounds; "—" when another kind is left),
so the same loop nest runs in the enclosing function. "par/par-as-seq 1T" is the
single-threaded cost of outlining alone (1.00: none); "par/seq 1T" adds the difference
between the two schedules. With several
`--lattice LABEL=PATH` binaries (e.g. before and after a change) their runs are interleaved
and each gets its own rows. Checksums are compared with the first binary's parallel=false
run; a difference is listed under the table and makes the exit status 1.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_cpu  # noqa: E402  (SCALE, scale_mlir, measure: one definition of the method)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ["matmul", "2mm", "gemver"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lattice", action="append", default=[],
                    help="LABEL=PATH of a lattice binary (repeatable; default "
                         "target/release/lattice)")
    ap.add_argument("--reps", type=int, default=5, help="timed runs per variant (min taken)")
    ap.add_argument("--rounds", type=int, default=2,
                    help="interleaved rounds over all variants (min taken)")
    ap.add_argument("--clock", choices=["wall", "cpu"], default="cpu",
                    help="clock of the 1T columns (2T columns always use wall time)")
    ap.add_argument("--example-size", action="store_true",
                    help="keep the examples' own sizes (no SCALE substitutions), 50 "
                         "repetitions of the kernel per timing")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    bins = [tuple(x.split("=", 1)) if "=" in x else (x, x) for x in a.lattice] or \
        [("lattice", str(ROOT / "target/release/lattice"))]
    names = a.names or DEFAULT
    tmp = Path(tempfile.mkdtemp(prefix="bench_outline."))
    variants = [(par, t) for t in (1, 2) for par in ("false", "true")]
    best = {}  # (name, label, par, threads) -> (checksum, seconds) or (None, why)
    files = {}
    for name in names:
        subs, _, reps, _ = bench_cpu.SCALE[name]
        if a.example_size:
            subs, reps = {}, 50
        text = (ROOT / "examples" / f"{name}.mlir").read_text()
        for clk in {a.clock, "wall"}:
            bench_cpu.CLOCK = clk
            f = tmp / f"{name}.{clk}.mlir"
            f.write_text(bench_cpu.scale_mlir(text, subs, reps))
            files[name, clk] = f
    # The parallel=true schedule with its parallel loops made sequential, per binary.
    as_seq = {}
    loop = re.compile(r"affine\.parallel \((%\w+)\) = \((-?\d+)\) to \((-?\d+)\) \{")
    for name in names:
        for label, path in bins:
            p = subprocess.run([path, "opt", str(files[name, a.clock]),
                                "--poly-schedule=parallel=true"], capture_output=True, text=True)
            text = loop.sub(r"affine.for \1 = \2 to \3 {", p.stdout)
            if p.returncode == 0 and "affine.parallel" not in text:
                f = tmp / f"{name}.{label}.as_seq.mlir"
                f.write_text(text)
                as_seq[name, label] = f
    for _ in range(a.rounds):
        for name in names:
            for label, path in bins:
                if (name, label) not in as_seq:
                    continue
                cmd = [path, "run", str(as_seq[name, label]), "-e", "main", "--time",
                       "--repeat", str(a.reps), "--threads", "1"]
                r = bench_cpu.measure(cmd, a.reps, multi=True)
                key = (name, label, "as-seq", 1)
                old = best.get(key)
                if old is None or old[0] is None or (r[0] is not None and r[1] < old[1]):
                    best[key] = r
            for par, t in variants:
                for label, path in bins:
                    mlir = files[name, a.clock if t == 1 else "wall"]
                    cmd = [path, "run", str(mlir), "-e", "main", "--time", "--repeat",
                           str(a.reps), "--threads", str(t),
                           f"--poly-schedule=parallel={par}"]
                    r = bench_cpu.measure(cmd, a.reps, multi=True)
                    key = (name, label, par, t)
                    old = best.get(key)
                    if old is None or old[0] is None or (r[0] is not None and r[1] < old[1]):
                        best[key] = r
    print("| kernel | lattice | seq 1T s | par 1T s | par as seq 1T s | par/par-as-seq 1T | "
          "par/seq 1T | seq 2T s | par 2T s | seq 1T / par 2T |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    problems = []
    fmt = lambda r: f"{r[1]:.4f}" if r[0] is not None else "fail"
    ratio = lambda x, y: f"{x[1] / y[1]:.2f}" if x[0] is not None and y[0] is not None \
        and y[1] > 0 else "—"
    for name in names:
        want = best[name, bins[0][0], "false", 1][0]
        for label, _ in bins:
            s1, p1, s2, p2 = (best[name, label, par, t] for par, t in variants)
            for (par, t), r in zip(variants, (s1, p1, s2, p2)):
                if r[0] is None:
                    problems.append(f"{name} {label} parallel={par} {t}T: {' '.join(r[1])}")
                elif r[0] != want:
                    problems.append(f"{name} {label} parallel={par} {t}T: checksum {r[0]} "
                                    f"differs from {want}")
            q = best.get((name, label, "as-seq", 1), (None, ["not sequentializable"]))
            if q[0] is not None and q[0] != want:
                problems.append(f"{name} {label} par as seq: checksum {q[0]} differs from {want}")
            print(f"| {name} | {label} | {fmt(s1)} | {fmt(p1)} | "
                  f"{fmt(q) if q[0] is not None else '—'} | {ratio(p1, q)} | {ratio(p1, s1)} | "
                  f"{fmt(s2)} | {fmt(p2)} | {ratio(s1, p2)} |")
    print()
    print("Kernel time only (" + ("the examples' sizes, 50 repetitions" if a.example_size
                                  else "scripts/bench_cpu.py SCALE sizes and repetitions")
          + f"), min over "
          f"{a.rounds} interleaved rounds of {a.reps} runs; 1T clock: "
          + ("process CPU time" if a.clock == "cpu" else "wall time")
          + f", 2T clock: wall time. seq = --poly-schedule=parallel=false, par = "
            f"--poly-schedule=parallel=true. {os.cpu_count()} CPUs; load average "
            f"{os.getloadavg()[0]:.1f} at the end.")
    for p in problems:
        print(f"FAIL: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
