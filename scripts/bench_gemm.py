#!/usr/bin/env python3
"""GEMM benchmark (driven by scripts/bench_gemm.sh): Lattice's fast pipeline against
OpenBLAS, clang -O3 and clang + Polly, in f32 and f64, on 1 and 2 threads.

Shapes: square C += A B at N = 512, 1024, 2048 (`sq`), and PolyBench's gemm at its LARGE
dataset (`pb`: NI=1000, NJ=1100, NK=1200; C = beta C, then C += alpha A B in PolyBench's
i, k, j loop order). Every variant computes the same thing from the same initial values
(PolyBench's init_array formulas); the MLIR kernels carry `fastmath<contract>` (the C
compilers' default -ffp-contract=on contracts `c + a * b` too, and OpenBLAS uses FMA), so
checksums agree to a relative tolerance (1e-9 in f64, 1e-3 in f32), not bit for bit.

Per variant the program times the kernel call alone (wall time: gettimeofday / rtclock;
with `--clock cpu` the 1-thread cells use the process's CPU time, clock(), which a
loaded shared machine inflates far less; JIT compilation, initialization and the
checksum excluded); a cell is the median (`--stat best`: the best) of --reps runs, the
variants of a row taking turns run by run (interleaved rounds, so a change of load hits
all of them alike), as GFLOP/s (2 M N K flops; PolyBench's beta scaling not counted) and, for all but
OpenBLAS, % of OpenBLAS at the same shape, type and thread count. OpenBLAS runs with
OPENBLAS_NUM_THREADS = the thread count and a core type chosen by `choose_coretype`:
OPENBLAS_CORETYPE if set, else OpenBLAS's own detection when it picked an AVX-512 kernel
on an AVX-512 CPU, else the best one the CPU's flags allow (Debian's 0.3.21 detects a
Sapphire Rapids VM as Prescott and runs 5x slower). clang -O3 is sequential: its 2-thread
cell repeats the 1-thread time. Exit status 1 when a checksum disagrees or a variant fails.
"""

import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CC = os.environ.get("CC", "clang-22")
TYPES = {"f32": ("float", "cblas_sgemm", 1e-3), "f64": ("double", "cblas_dgemm", 1e-9)}
# name: (M, N, K, PolyBench form)
SHAPES = {
    "sq512": (512, 512, 512, False),
    "sq1024": (1024, 1024, 1024, False),
    "sq2048": (2048, 2048, 2048, False),
    "pb-large": (1000, 1100, 1200, True),
}
ALPHA, BETA = 1.5, 1.2


def mlir_kernel(m, n, k, pb, t):
    """The kernel function: square C += A B (i, j, k), or PolyBench's gemm (i, k, j)."""
    c, a, b = f"memref<{m}x{n}x{t}>", f"memref<{m}x{k}x{t}>", f"memref<{k}x{n}x{t}>"
    fm = "fastmath<contract>"
    head = (f"func.func @kernel(%alpha: {t}, %beta: {t}, %C: {c} {{llvm.noalias}}, "
            f"%A: {a} {{llvm.noalias}}, %B: {b} {{llvm.noalias}}) {{\n")
    if not pb:
        return head + f"""  affine.for %i = 0 to {m} {{
    affine.for %j = 0 to {n} {{
      affine.for %k = 0 to {k} {{
        %x = affine.load %A[%i, %k] : {a}
        %y = affine.load %B[%k, %j] : {b}
        %z = affine.load %C[%i, %j] : {c}
        %p = arith.mulf %x, %y {fm} : {t}
        %s = arith.addf %z, %p {fm} : {t}
        affine.store %s, %C[%i, %j] : {c}
      }}
    }}
  }}
  return
}}
"""
    return head + f"""  affine.for %i = 0 to {m} {{
    affine.for %j = 0 to {n} {{
      %z = affine.load %C[%i, %j] : {c}
      %q = arith.mulf %z, %beta : {t}
      affine.store %q, %C[%i, %j] : {c}
    }}
    affine.for %k = 0 to {k} {{
      affine.for %j = 0 to {n} {{
        %z = affine.load %C[%i, %j] : {c}
        %x = affine.load %A[%i, %k] : {a}
        %ax = arith.mulf %alpha, %x {fm} : {t}
        %y = affine.load %B[%k, %j] : {b}
        %p = arith.mulf %ax, %y {fm} : {t}
        %s = arith.addf %z, %p {fm} : {t}
        affine.store %s, %C[%i, %j] : {c}
      }}
    }}
  }}
  return
}}
"""


def mlir_init(name, rows, cols, off, div, t):
    """X[i][j] = ((i * j + off) mod div) / div, PolyBench's init formula shape."""
    ty = f"memref<{rows}x{cols}x{t}>"
    return f"""func.func @init_{name}(%X: {ty}) {{
  %off = arith.constant {off} : index
  %div = arith.constant {div} : index
  %divi = arith.index_cast %div : index to i64
  %divf = arith.sitofp %divi : i64 to {t}
  affine.for %i = 0 to {rows} {{
    affine.for %j = 0 to {cols} {{
      %p = arith.muli %i, %j : index
      %q = arith.addi %p, %off : index
      %r = arith.remsi %q, %div : index
      %ri = arith.index_cast %r : index to i64
      %rf = arith.sitofp %ri : i64 to {t}
      %v = arith.divf %rf, %divf : {t}
      affine.store %v, %X[%i, %j] : {ty}
    }}
  }}
  return
}}
"""


def mlir_now(name, clock):
    """MLIR lines defining %name as the current time in seconds on `clock`."""
    if clock == "cpu":
        return (f"  %{name}_c = func.call @clock() : () -> i64\n"
                f"  %{name}_f = arith.sitofp %{name}_c : i64 to f64\n"
                f"  %{name}_u = arith.constant 1.0e-6 : f64\n"
                f"  %{name} = arith.mulf %{name}_f, %{name}_u : f64\n")
    return f"  %{name} = func.call @rtclock() : () -> f64\n"


def c_clock(clock):
    if clock == "cpu":
        return "return (double)clock() / CLOCKS_PER_SEC;"
    return "struct timeval t; gettimeofday(&t, 0); return t.tv_sec + t.tv_usec * 1e-6;"


def mlir_program(m, n, k, pb, t, clock):
    c, a, b = f"memref<{m}x{n}x{t}>", f"memref<{m}x{k}x{t}>", f"memref<{k}x{n}x{t}>"
    alpha, beta = (ALPHA, BETA) if pb else (1.0, 1.0)
    ext = "" if t == "f64" else f"      %w = arith.extf %v : {t} to f64\n"
    w = "%v" if t == "f64" else "%w"
    return ("func.func private @printF64(f64)\nfunc.func private @printNewline()\n"
            "func.func private @rtclock() -> f64\nfunc.func private @clock() -> i64\n"
            + mlir_kernel(m, n, k, pb, t)
            + mlir_init("C", m, n, 1, m, t) + mlir_init("A", m, k, 1, k, t)
            + mlir_init("B", k, n, 2, n, t) + f"""func.func @main() {{
  %C = memref.alloc() {{alignment = 64 : i64}} : {c}
  %A = memref.alloc() {{alignment = 64 : i64}} : {a}
  %B = memref.alloc() {{alignment = 64 : i64}} : {b}
  func.call @init_C(%C) : ({c}) -> ()
  func.call @init_A(%A) : ({a}) -> ()
  func.call @init_B(%B) : ({b}) -> ()
  %alpha = arith.constant {alpha} : {t}
  %beta = arith.constant {beta} : {t}
{mlir_now("t0", clock)}  func.call @kernel(%alpha, %beta, %C, %A, %B) : ({t}, {t}, {c}, {a}, {b}) -> ()
{mlir_now("t1", clock)}  %zero = arith.constant 0.0 : f64
  %sum = affine.for %i = 0 to {m} iter_args(%acc = %zero) -> (f64) {{
    %row = affine.for %j = 0 to {n} iter_args(%racc = %acc) -> (f64) {{
      %v = affine.load %C[%i, %j] : {c}
{ext}      %r = arith.addf %racc, {w} : f64
      affine.yield %r : f64
    }}
    affine.yield %row : f64
  }}
  func.call @printF64(%sum) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %dt = arith.subf %t1, %t0 : f64
  func.call @printF64(%dt) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}}
""")


def c_program(m, n, k, pb, ty, blas, clock):
    """The C twin (blas: one cblas_?gemm call instead of the loops)."""
    alpha, beta = (ALPHA, BETA) if pb else (1.0, 1.0)
    if blas:
        body = (f"  {blas}(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, alpha, &A[0][0], K,"
                f" &B[0][0], N, beta, &C[0][0], N);\n")
    elif pb:
        body = ("  for (int i = 0; i < M; i++) {\n"
                "    for (int j = 0; j < N; j++) C[i][j] *= beta;\n"
                "    for (int k = 0; k < K; k++)\n"
                "      for (int j = 0; j < N; j++) C[i][j] += alpha * A[i][k] * B[k][j];\n  }\n")
    else:
        body = ("  for (int i = 0; i < M; i++)\n    for (int j = 0; j < N; j++)\n"
                "      for (int k = 0; k < K; k++) C[i][j] = C[i][j] + A[i][k] * B[k][j];\n")
    return f"""#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
{"#include <cblas.h>" if blas else ""}
#define M {m}
#define N {n}
#define K {k}
static double rt(void) {{ {c_clock(clock)} }}
static void init({ty} *x, int rows, int cols, int off, int div) {{
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) x[i * cols + j] = ({ty})((i * j + off) % div) / ({ty})div;
}}
__attribute__((noinline)) static void kernel({ty} alpha, {ty} beta, {ty} C[restrict M][N],
    {ty} A[restrict M][K], {ty} B[restrict K][N]) {{
{body}}}
int main(void) {{
  {ty} (*C)[N] = aligned_alloc(64, sizeof({ty}) * M * N);
  {ty} (*A)[K] = aligned_alloc(64, sizeof({ty}) * M * K);
  {ty} (*B)[N] = aligned_alloc(64, sizeof({ty}) * K * N);
  init(&C[0][0], M, N, 1, M); init(&A[0][0], M, K, 1, K); init(&B[0][0], K, N, 2, N);
  double t0 = rt();
  kernel({alpha}, {beta}, C, A, B);
  double t1 = rt();
  double sum = 0;
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) sum += (double)C[i][j];
  printf("%g\\n%f\\n", sum, t1 - t0);
  return 0;
}}
"""


def run(cmd, env=None, timeout=1800):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def checksum_and_seconds(lines):
    """(checksum, seconds) of a program's output: `checksum, seconds`, or the suite's
    `checksum, IEEE bits of it, seconds` (the bits read exactly)."""
    if len(lines) >= 3:
        return struct.unpack("<d", struct.pack("<q", int(lines[1])))[0], float(lines[2])
    return float(lines[0]), float(lines[1])


def measure_rounds(cmds, reps, stat):
    """{key: (cmd, env)} -> {key: (checksum, seconds)} or (None, error text) per key; each
    round runs every variant once, in turn; seconds: `stat` of a variant's runs."""
    times, sums, errs = {k: [] for k in cmds}, {}, {}
    for _ in range(reps):
        for key, (cmd, env) in cmds.items():
            if key in errs:
                continue
            rc, out, err = run(cmd, env)
            lines = out.split()
            if rc != 0 or len(lines) < 2:
                errs[key] = ((err or out).strip().splitlines() or [f"exit {rc}"])[-1][:160]
                continue
            checksum, seconds = checksum_and_seconds(lines)
            sums.setdefault(key, checksum)
            times[key].append(seconds)
    return {k: (None, errs[k]) if k in errs else (sums[k], stat(times[k])) for k in cmds}


def median(xs):
    xs = sorted(xs)
    return xs[(len(xs) - 1) // 2] if len(xs) % 2 else (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2


def measure(cmd, reps, env, stat):
    """(checksum, `stat` of the seconds of `reps` runs) or (None, error text)."""
    return measure_rounds({0: (cmd, env)}, reps, stat)[0]


def cpu_flags():
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    m = re.search(r"^flags\s*:\s*(.*)$", text, re.M)
    return set(m.group(1).split()) if m else set()


def cpu_model():
    try:
        m = re.search(r"^model name\s*:\s*(.*)$", Path("/proc/cpuinfo").read_text(), re.M)
        return m.group(1).strip() if m else "unknown"
    except OSError:
        return "unknown"


def openblas_core(exe, env):
    """The core OpenBLAS reports choosing (OPENBLAS_VERBOSE=2 prints `Core: NAME`)."""
    _, out, err = run([str(exe)], dict(env, OPENBLAS_VERBOSE="2", OPENBLAS_NUM_THREADS="1"))
    m = re.findall(r"Core: (\S+)", out + err)
    return m[-1] if m else None


AVX512_CORES = {"SkylakeX", "Cooperlake", "SapphireRapids"}


def choose_coretype(exe):
    """(environment for OpenBLAS, the core it runs, how it was chosen)."""
    env = dict(os.environ)
    if env.get("OPENBLAS_CORETYPE"):
        return env, openblas_core(exe, env), "OPENBLAS_CORETYPE from the environment"
    flags = cpu_flags()
    detected = openblas_core(exe, env)
    if "avx512f" in flags:
        if detected in AVX512_CORES:
            return env, detected, "OpenBLAS's own detection (an AVX-512 kernel)"
        forced = "SkylakeX"
    elif "avx2" in flags and "fma" in flags:
        if detected in AVX512_CORES | {"Haswell", "Zen"}:
            return env, detected, "OpenBLAS's own detection (an AVX2 kernel)"
        forced = "Haswell"
    else:
        return env, detected, "OpenBLAS's own detection"
    env["OPENBLAS_CORETYPE"] = forced
    return env, openblas_core(exe, env), f"forced (OpenBLAS detected {detected})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lattice", default=str(ROOT / "target/release/lattice"))
    ap.add_argument("--flags", default=os.environ.get("LATTICE_FAST_FLAGS", "--lattice-fast"),
                    help="Lattice's pipeline flags (default: --lattice-fast)")
    ap.add_argument("--reps", type=int, default=3, help="runs per cell (interleaved rounds)")
    ap.add_argument("--stat", choices=["median", "best"], default="median",
                    help="what a cell shows of its runs")
    ap.add_argument("--baseline", default=None,
                    help="another lattice binary: a 'baseline' column with the same flags")
    ap.add_argument("--no-clang", action="store_true",
                    help="leave out clang -O3 (about 60 s a run at 2048)")
    ap.add_argument("--quick", action="store_true",
                    help="a fast check: sq512 and sq1024 (unless --shapes), 1 thread, 1 run, no Polly")
    ap.add_argument("--threads", default="1,2", help="thread counts, comma-separated")
    ap.add_argument("--types", default="f32,f64")
    ap.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                    help="clock of the 1-thread cells (2-thread cells: always wall time)")
    ap.add_argument("--shapes", default=None, help=f"default: {','.join(SHAPES)}")
    ap.add_argument("--polybench", default=None, metavar="KERNELS",
                    help="instead: the suite's PolyBench contraction kernels (comma-separated, or "
                         "'all') against the same computation through OpenBLAS, 1 thread, CPU "
                         "time (scripts/bench_gemm_polybench.py)")
    ap.add_argument("--size", default=None, choices=["MINI", "SMALL", "MEDIUM", "LARGE"],
                    help="PolyBench dataset of --polybench (default LARGE)")
    a = ap.parse_args()
    gemm_only = {"--shapes": a.shapes is not None, "--quick": a.quick, "--no-clang": a.no_clang,
                 "--threads": a.threads != "1,2", "--types": a.types != "f32,f64",
                 "--clock": a.clock != "wall"}
    if a.polybench:
        given = [k for k, v in gemm_only.items() if v]
        if given:
            ap.error(f"{', '.join(given)}: not for --polybench (1 thread, f64, CPU time)")
        import bench_gemm_polybench
        a.size = a.size or "LARGE"
        return bench_gemm_polybench.main(a)
    if a.size:
        ap.error("--size: only with --polybench")
    shapes = (a.shapes or ",".join(SHAPES)).split(",")
    threads, reps, polly = [int(t) for t in a.threads.split(",")], a.reps, True
    if a.quick:
        shapes = (a.shapes or "sq512,sq1024").split(",")
        threads, reps, polly = [1], 1, False
    for s in shapes:
        if s not in SHAPES:
            sys.exit(f"bench_gemm: unknown shape '{s}' (known: {', '.join(SHAPES)})")
    types = a.types.split(",")
    for t in types:
        if t not in TYPES:
            sys.exit(f"bench_gemm: unknown type '{t}' (f32, f64)")
    tmp = Path(tempfile.mkdtemp(prefix="bench_gemm."))
    flags = a.flags.split()
    print(f"CPU: {cpu_model()} ({os.cpu_count()} CPUs); load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    core_env, core = None, None
    rows, failures = [], []
    for shape in shapes:
        m, n, k, pb = SHAPES[shape]
        flops = 2.0 * m * n * k
        for t in types:
            ty, blas, tol = TYPES[t]
            # One program per clock: 1-thread cells use --clock, 2-thread ones wall time.
            clocks = {1: a.clock, 2: "wall"}
            mlirs = {}
            for clk in set(clocks[min(th, 2)] for th in threads):
                mlirs[clk] = tmp / f"{shape}.{t}.{clk}.mlir"
                mlirs[clk].write_text(mlir_program(m, n, k, pb, t, clk))
            exes = {}
            for label, extra, is_blas, clk in [
                    ("clang", [], False, a.clock), ("polly", ["-mllvm", "-polly"], False, a.clock),
                    ("polly2", ["-mllvm", "-polly", "-mllvm", "-polly-parallel", "-lgomp"], False, "wall"),
                    ("blas", ["-lopenblas"], True, a.clock), ("blas2", ["-lopenblas"], True, "wall")]:
                if label.startswith("polly") and not polly:
                    continue
                src = tmp / f"{shape}.{t}.{label}.c"
                src.write_text(c_program(m, n, k, pb, ty, blas if is_blas else None, clk))
                exe = tmp / f"{shape}.{t}.{label}"
                rc, _, err = run([CC, "-O3", "-march=native", str(src), "-o", str(exe)] + extra)
                exes[label] = exe if rc == 0 else None
                if rc != 0:
                    failures.append(f"{shape} {t} {label}: cannot build: {err.strip()[:200]}")
            if core_env is None and exes.get("blas"):
                core_env, core, how = choose_coretype(exes["blas"])
                print(f"OpenBLAS core: {core} ({how})")
            clang, stat = None, median if a.stat == "median" else min
            if not a.no_clang:
                clang = measure([str(exes["clang"])], reps, None, stat) if exes.get("clang") else (None, "no build")
            for th in threads:
                env = dict(core_env or os.environ, OPENBLAS_NUM_THREADS=str(th))
                b = "blas" if th == 1 else "blas2"
                mlir = mlirs[clocks[min(th, 2)]]
                cmds = {"lattice": ([a.lattice, "run", str(mlir), "--threads", str(th)] + flags, None)}
                if a.baseline:
                    cmds["baseline"] = ([a.baseline, "run", str(mlir), "--threads", str(th)] + flags, None)
                if exes.get(b):
                    cmds["blas"] = ([str(exes[b])], env)
                p = "polly" if th == 1 else "polly2"
                if polly and exes.get(p):
                    cmds["polly"] = ([str(exes[p])], dict(os.environ, OMP_NUM_THREADS=str(th)))
                res = measure_rounds(cmds, reps, stat)
                res.setdefault("blas", (None, "no build"))
                if polly:
                    res.setdefault("polly", (None, "no build"))
                if clang is not None:
                    res["clang"] = clang
                ref = res["blas"][0]
                for key, (s, v) in res.items():
                    if s is None:
                        failures.append(f"{shape} {t} {th}T {key}: {v}")
                    elif ref is not None and abs(s - ref) > tol * abs(ref):
                        failures.append(f"{shape} {t} {th}T {key}: checksum {s:g} vs OpenBLAS {ref:g}")
                rows.append((shape, (m, n, k), t, th, flops, res))
                print_row(rows[-1], polly, header=len(rows) == 1, clang=clang is not None,
                          baseline=bool(a.baseline))
                sys.stdout.flush()
    print()
    print(f"Cells: GFLOP/s (2MNK / {a.stat} kernel time of {reps} interleaved run(s)), and % of OpenBLAS "
          f"at the same shape, type and threads; clock: {'process CPU time' if a.clock == 'cpu' else 'wall time'} "
          f"for 1 thread, wall time for 2. Lattice: `lattice run {' '.join(flags)} --threads T`. "
          f"clang-22 -O3 -march=native (sequential: its 2T cell repeats the 1T time); Polly: plus "
          f"-mllvm -polly (2T: -polly-parallel, OMP_NUM_THREADS=2). Load average "
          f"{os.getloadavg()[0]:.1f} at the end.")
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    return 1 if failures else 0


def print_row(row, polly, header, clang=True, baseline=False):
    shape, (m, n, k), t, th, flops, res = row
    cols = [("lattice", "Lattice")] + ([("baseline", "baseline")] if baseline else [])
    cols += [("blas", "OpenBLAS")] + ([("clang", "clang -O3")] if clang else [])
    if polly:
        cols.append(("polly", "Polly"))
    if header:
        print("| shape (MxNxK) | type | threads | " + " | ".join(c for _, c in cols) + " |")
        print("|---|---|---:|" + "---:|" * len(cols))
    bs, bt = res["blas"]
    cells = []
    for key, _ in cols:
        s, v = res[key]
        if s is None:
            cells.append("fail")
            continue
        g = flops / v / 1e9 if v > 0 else float("inf")
        pct = f" ({100 * bt / v:.0f}%)" if key != "blas" and bs is not None and v > 0 else ""
        cells.append(f"{g:.1f}{pct}")
    print(f"| {shape} ({m}x{n}x{k}) | {t} | {th} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    sys.exit(main())
