#!/usr/bin/env python3
"""CPU benchmark of every example kernel (driven by scripts/bench_cpu.sh).

For each example, the .mlir program and its C twin are scaled up by the same substitutions
(sizes, see SCALE), the kernel call in `main` is wrapped in a loop of R repetitions timed with
rtclock()/gettimeofday, and the elapsed seconds are printed through printFlops (stderr,
"<seconds> GFLOPS": printFlops divides by 1e9, the wrapper multiplies by 1e9). Each variant
then prints its checksum on stdout and its kernel time on stderr; the table reports the
minimum over --reps runs of the kernel time (initialization and checksum excluded, JIT
compile excluded), the ratio to clang -O3, and GFLOP/s from the per-example flop count.

Variants: Lattice default (`lattice run --time`, no passes), Lattice best (the fastest of the
candidate pass pipelines that main's `lattice opt` accepts, 1 and 2 threads), clang-22 -O3
-march=native, clang-22 -O3 -march=native -mllvm -polly (and -polly-parallel, 2 OpenMP
threads), mlir-opt 22 + mlir-runner -O3. GEMM (matmul, f32; dgemm, the same in f64) also
against OpenBLAS cblas_sgemm/cblas_dgemm (1 thread) and the machine's measured single-core
peak (an FMA-throughput loop in C). `--clock cpu` times the 1T columns in process CPU
time; the 2T columns use `--clock-2t` (wall time by default: CPU time sums both threads).
Exit status 1 if any variant's checksum differs from clang -O3's for the same example.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path(os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin"))
LLVM_LIB = Path(os.environ.get("LLVM_LIB", "/usr/lib/llvm-22/lib"))
CC = os.environ.get("CC", "clang-22")

# name: (mlir token substitutions, C #define values, repetitions R, flops per kernel call)
# Token substitutions replace whole numbers in the .mlir text (loop bounds, memref shapes,
# init constants), mirroring the C #defines; the checksum comparison catches any mismatch.
SCALE = {
    "matmul": ({"128": "1024", "128.0": "1024.0"}, {"N": 1024}, 1, lambda: 2 * 1024**3),
    "2mm": ({"64": "256", "80": "320", "96": "384", "112": "448"},
            {"NI": 256, "NJ": 320, "NK": 384, "NL": 448}, 1,
            lambda: 2 * 256 * 320 * 384 + 2 * 256 * 448 * 320 + 256 * 320 + 256 * 448),
    "conv2d": ({"64": "256", "66": "258", "66.0": "258.0"}, {"HO": 256, "HI": 258}, 2,
               lambda: 2 * 2 * 4 * 256 * 256 * 3 * 3 * 3 + 2 * 4 * 256 * 256),
    "jacobi_1d": ({"256": "65536", "255": "65535", "256.0": "65536.0"}, {"N": 65536}, 20,
                  lambda: 64 * 2 * 65534 * 3),
    "jacobi_2d": ({"128": "1024", "127": "1023", "128.0": "1024.0"}, {"N": 1024}, 1,
                  lambda: 20 * 2 * 1022 * 1022 * 5),
    "seidel_2d": ({"128": "1024", "127": "1023", "128.0": "1024.0"}, {"N": 1024}, 1,
                  lambda: 10 * 1022 * 1022 * 9),
    "lu": ({"128": "768", "128.0": "768.0"}, {"N": 768}, 1, lambda: 2 * 768**3 // 3),
    "floyd_warshall": ({"128": "512"}, {"N": 512}, 1, lambda: 2 * 512**3),
    "softmax": ({"128": "1024", "256": "2048"}, {"M": 1024, "N": 2048}, 4,
                lambda: 1024 * 2048 * 4),
    # R = 1: the C and MLIR kernels agree for one call only (x is updated in place).
    "trisolv": ({"256": "4096", "65536.0": "16777216.0"}, {"N": 4096}, 1, lambda: 4096 * 4097),
    "stencil_skew": ({}, {}, 200000, lambda: 16),
    "gemver": ({"128": "2048", "128.0": "2048.0"}, {"N": 2048}, 2, lambda: 10 * 2048 * 2048),
    "covariance": ({"96": "384", "96.0": "384.0", "128": "512", "128.0": "512.0"},
                   {"M": 384, "N": 512}, 1, lambda: 384 * 385 // 2 * 512 * 2 + 3 * 384 * 512),
    "heat_3d": ({"32": "128", "31": "127", "32.0": "128.0"}, {"N": 128}, 1,
                lambda: 10 * 2 * 126**3 * 15),
    "blur": ({"128": "2048", "128.0": "2048.0"}, {"N": 2048}, 8, lambda: 2048 * 2048 * 10),
    "dgemm": ({"128": "1024", "128.0": "1024.0"}, {"N": 1024}, 1, lambda: 2 * 1024**3),
}

# Kernels derived from an example by text replacements before scaling:
# name: (example, .mlir replacements, C replacements, candidate-flag replacements).
# dgemm: matmul in f64 (the f32 -> f64 widening of the checksum loop becomes the value
# itself); the GEMM recipe vectorizes by 32 lanes (4 zmm registers of f64 per row).
DERIVED = {
    "dgemm": ("matmul",
              [("      %w = arith.extf %v : f32 to f64\n", ""), ("%racc, %w", "%racc, %v"),
               ("f32", "f64")],
              [("float", "double")],
              [("virtual-vector-size=64", "virtual-vector-size=32")]),
}

# Candidate "best" pipelines; those `lattice opt` rejects (unknown pass) are skipped.
# The GEMM recipe: unroll-and-jam the outer loop by 6 (rows of the register tile), then
# vectorize the middle loop by 64 lanes (4 zmm registers of f32 per row) with the
# reduction loop left inside: 24 vector accumulators that LLVM keeps in registers across
# the reduction (it can, because the arguments are `llvm.noalias` and the transfers are
# provably in bounds), one broadcast and 4 FMAs per row and step.
CANDIDATES = [
    ["--affine-loop-unroll-jam=unroll-jam-factor=6",
     "--affine-super-vectorize=virtual-vector-size=64"],
    ["--poly-schedule"],
    ["--poly-schedule", "--affine-super-vectorize=virtual-vector-size=16"],
    ["--affine-super-vectorize=virtual-vector-size=16"],
    ["--affine-loop-unroll-jam=unroll-jam-factor=4", "--affine-scalrep"],
    ["--affine-loop-unroll-jam=unroll-jam-factor=4", "--affine-scalrep",
     "--affine-super-vectorize=virtual-vector-size=8"],
    ["--affine-parallelize", "--affine-super-vectorize=virtual-vector-size=8"],
]

TIME_RE = re.compile(r"^\s*([0-9.]+) GFLOPS\s*$", re.M)

# The kernel clock: "wall" (rtclock / gettimeofday) or "cpu" (libc clock(): the process's
# CPU time, which a loaded shared machine inflates far less; summed over threads).
CLOCK = "wall"


def mlir_now(name, ind):
    """MLIR lines defining %name as the current time in the units mlir_to_ns expects."""
    if CLOCK == "cpu":
        return (f"{ind}%{name}_c = func.call @clock() : () -> i64\n"
                f"{ind}%{name} = arith.sitofp %{name}_c : i64 to f64\n")
    return f"{ind}%{name} = func.call @rtclock() : () -> f64\n"


def c_clock():
    """C body of lattice_rt(): seconds on the chosen clock."""
    if CLOCK == "cpu":
        return "return (double)clock() / CLOCKS_PER_SEC;"
    return "struct timeval t; gettimeofday(&t, 0); return t.tv_sec + t.tv_usec * 1.0e-6;"


def scale_mlir(text, subs, reps):
    body = []
    call = None  # lines of a kernel call being collected (it may span several lines)
    for line in text.splitlines():
        if line.startswith("//"):
            body.append(line)
            continue
        if subs:
            # Whole numbers, also inside shapes like memref<128x128xf64> ('x' separates).
            line = re.sub(r"(?<![A-Za-wyz0-9_.%#@])\d+(?:\.\d+)?(?![A-Za-wyz0-9_.])",
                          lambda m: subs.get(m.group(0), m.group(0)), line)
        if call is None and re.match(r"\s*func\.call @kernel_\w+\(", line):
            call = []
        if call is None:
            body.append(line)
            continue
        call.append(line)
        if "->" not in line:
            continue
        ind = re.match(r"\s*", call[0]).group(0)
        inner = "\n".join("  " + l for l in call)
        body.append(
            mlir_now("__t0", ind) +
            f"{ind}%__c0 = arith.constant 0 : index\n"
            f"{ind}%__c1 = arith.constant 1 : index\n"
            f"{ind}%__cr = arith.constant {reps} : index\n"
            f"{ind}scf.for %__r = %__c0 to %__cr step %__c1 {{\n{inner}\n{ind}}}\n"
            + mlir_now("__t1", ind) +
            f"{ind}%__dt = arith.subf %__t1, %__t0 : f64\n"
            # To nanoseconds: rtclock gives seconds, clock() microseconds.
            f"{ind}%__g = arith.constant {'1.0e3' if CLOCK == 'cpu' else '1.0e9'} : f64\n"
            f"{ind}%__ns = arith.mulf %__dt, %__g : f64\n"
            f"{ind}func.call @printFlops(%__ns) : (f64) -> ()")
        call = None
    decls = ("func.func private @rtclock() -> f64\nfunc.func private @clock() -> i64\n"
             "func.func private @printFlops(f64)\n")
    return decls + "\n".join(body) + "\n"


def scale_c(text, defines, reps):
    for k, v in defines.items():
        text = re.sub(rf"(#define {k}) \d+", rf"\1 {v}", text)
    out = ["#include <sys/time.h>", "#include <time.h>",
           "static double lattice_rt(void) { " + c_clock() + " }"]
    for line in text.splitlines():
        if re.match(r"\s*kernel_\w+\(.*\);\s*$", line):
            line = ("  { double __t0 = lattice_rt();\n"
                    f"    for (int __r = 0; __r < {reps}; __r++) {line.strip()}\n"
                    '    fprintf(stderr, "%lf GFLOPS\\n", lattice_rt() - __t0); }')
        out.append(line)
    return "\n".join(out) + "\n"


def run(cmd, env=None, timeout=900):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def measure(cmd, reps, env=None, multi=False):
    """(checksum, min seconds) or (None, error text)."""
    times, sums = [], set()
    for _ in range(1 if multi else reps):
        rc, out, err = run(cmd, env)
        if rc != 0:
            return None, (err or out).strip().splitlines()[-1:] or ["exit %d" % rc]
        ts = [float(t) for t in TIME_RE.findall(err)]
        if not ts:
            return None, ["no time printed"]
        times.extend(ts)
        sums.update(l for l in out.splitlines() if l.strip())
    if len(sums) != 1:
        return None, ["checksums vary between runs: %s" % sorted(sums)]
    return sums.pop(), min(times)


def peak_gflops(tmp):
    """Measured single-core FMA throughput (f32 and f64) of an independent-chains loop."""
    src = tmp / "peak.c"
    src.write_text(r"""
#include <stdio.h>
#include <sys/time.h>
#ifndef W
#define W 16
#endif
typedef float vf __attribute__((vector_size(W * 4)));
typedef double vd __attribute__((vector_size(W * 4)));
#include <time.h>
static double rt(void) { CLOCK_BODY }
int main(void) {
  vf a[12]; vd b[12]; vf x, y; vd u, v;
  for (int i = 0; i < W; i++) x[i] = 1.0000001f, y[i] = 1e-7f;
  for (int i = 0; i < W / 2; i++) u[i] = 1.0000001, v[i] = 1e-7;
  for (int k = 0; k < 12; k++) { a[k] = y * (float)k; b[k] = v * (double)k; }
  long n = 100000000L / W;
  double t0 = rt();
  for (long i = 0; i < n; i++)
    for (int k = 0; k < 12; k++) a[k] = a[k] * x + y;
  double t1 = rt();
  for (long i = 0; i < n; i++)
    for (int k = 0; k < 12; k++) b[k] = b[k] * u + v;
  double t2 = rt();
  float s = 0; double d = 0;
  for (int k = 0; k < 12; k++) for (int i = 0; i < W; i++) s += a[k][i];
  for (int k = 0; k < 12; k++) for (int i = 0; i < W / 2; i++) d += b[k][i];
  printf("%f %f %g %g\n", 2.0 * 12 * n * W / (t1 - t0) / 1e9, 2.0 * 12 * n * (W / 2) / (t2 - t1) / 1e9, s, d);
  return 0;
}
""")
    src.write_text(src.read_text().replace("CLOCK_BODY", c_clock()))
    best = None
    for w in (16, 8):  # 512-bit then 256-bit vectors
        exe = tmp / f"peak{w}"
        rc, _, err = run([CC, "-O3", "-march=native", "-ffp-contract=fast", f"-DW={w}",
                          str(src), "-o", str(exe)])
        if rc != 0:
            continue
        rc, out, _ = run([str(exe)])
        if rc == 0:
            f, d = (float(x) for x in out.split()[:2])
            if best is None or f > best[0]:
                best = (f, d, w * 32)
    return best


def blas_driver(tmp, n, ty="float"):
    """A C program timing one cblas_sgemm (ty float) or cblas_dgemm (ty double) call."""
    gemm = "cblas_sgemm" if ty == "float" else "cblas_dgemm"
    src = tmp / f"blas_{ty}.c"
    src.write_text(f"""
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include <cblas.h>
#define N {n}
static double rt(void) {{ {c_clock()} }}
int main(void) {{
  {ty} *A = malloc(sizeof({ty}) * N * N), *B = malloc(sizeof({ty}) * N * N), *C = malloc(sizeof({ty}) * N * N);
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++) {{
      A[i * N + j] = ({ty})((i * j + 1) % N) / ({ty})N;
      B[i * N + j] = ({ty})((i * j + 2) % N) / ({ty})N;
      C[i * N + j] = ({ty})((i + j) % N) / ({ty})N;
    }}
  double t0 = rt();
  {gemm}(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0, A, N, B, N, 1.0, C, N);
  fprintf(stderr, "%lf GFLOPS\\n", rt() - t0);
  double sum = 0.0;
  for (long i = 0; i < N * N; i++) sum += (double)C[i];
  printf("%g\\n", sum);
  return 0;
}}
""")
    exe = tmp / f"blas_{ty}"
    rc, _, err = run([CC, "-O2", str(src), "-o", str(exe), "-lopenblas"])
    return exe if rc == 0 else None


def fmt_t(t):
    return "—" if t is None else f"{t:.4f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lattice", default=str(ROOT / "target/release/lattice"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--no-best", action="store_true", help="skip the pipeline search")
    ap.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                    help="kernel clock: wall time, or process CPU time (for a loaded machine)")
    ap.add_argument("--clock-2t", choices=["wall", "cpu"], default="wall",
                    help="clock of the 2-thread columns (CPU time sums both threads, so "
                         "only wall time shows a speed-up)")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    global CLOCK
    CLOCK = a.clock
    names = a.names or sorted(SCALE)
    lattice = a.lattice
    tmp = Path(tempfile.mkdtemp(prefix="bench_cpu."))
    libs = f"{LLVM_LIB}/libmlir_c_runner_utils.so.22.1,{LLVM_LIB}/libmlir_runner_utils.so.22.1"
    rc, _, herr = run([lattice, "run", "--help"])
    has_threads = "--threads" in herr + _
    # Which candidate pipelines does this build know?
    probe = tmp / "probe.mlir"
    probe.write_text("func.func @f() {\n  return\n}\n")
    cands = [] if a.no_best else [
        c for c in CANDIDATES if run([lattice, "opt", str(probe)] + c)[0] == 0]
    env2 = dict(os.environ, OMP_NUM_THREADS="2")
    # Lattice's thread count: --threads where `lattice run` has it, LATTICE_THREADS always.
    lt = {n: dict(os.environ, LATTICE_THREADS=str(n)) for n in (1, 2)}
    tflag = lambda n: ["--threads", str(n)] if has_threads else []
    rows, failures, notes = [], [], []
    for name in names:
        subs, defines, reps, flops = SCALE[name]
        src_name, mrep, crep, prep = DERIVED.get(name, (name, [], [], []))
        mtext = (ROOT / "examples" / f"{src_name}.mlir").read_text()
        ctext = (ROOT / "examples" / "c" / f"{src_name}.c").read_text()
        for x, y in mrep:
            mtext = mtext.replace(x, y)
        for x, y in crep:
            ctext = ctext.replace(x, y)
        # One .mlir/.c pair per clock: the 1T columns use --clock, the 2T ones --clock-2t.
        files = {}
        for clk in {a.clock, a.clock_2t}:
            CLOCK = clk
            m = tmp / f"{name}.{clk}.mlir"
            m.write_text(scale_mlir(mtext, subs, reps))
            c = tmp / f"{name}.{clk}.c"
            c.write_text(scale_c(ctext, defines, reps))
            files[clk] = (m, c)
        CLOCK = a.clock
        mlir, csrc = files[a.clock]
        mlir2, csrc2 = files[a.clock_2t]
        res = {}
        for label, extra in [("clang", []), ("polly", ["-mllvm", "-polly"]),
                             ("polly2", ["-mllvm", "-polly", "-mllvm", "-polly-parallel", "-lgomp"])]:
            exe = tmp / f"{name}.{label}"
            src = csrc2 if label == "polly2" else csrc
            rc, _, err = run([CC, "-O3", "-march=native", str(src), "-o", str(exe), "-lm"] + extra)
            res[label] = measure([str(exe)], a.reps, env2 if label == "polly2" else None) \
                if rc == 0 else (None, [err.strip()[:200]])
        low = tmp / f"{name}.llvm.mlir"
        rc, _, err = run([str(LLVM_BIN / "mlir-opt"), str(mlir), "--lower-affine", "--convert-scf-to-cf",
                          "--convert-math-to-llvm", "--convert-to-llvm", "--reconcile-unrealized-casts",
                          "-o", str(low)])
        res["mlir"] = measure([str(LLVM_BIN / "mlir-runner"), str(low), "-e", "main", "-O3",
                               "-entry-point-result=void", f"-shared-libs={libs}"], a.reps) \
            if rc == 0 else (None, [err.strip()[:200]])
        base = [lattice, "run", str(mlir), "-e", "main", "--time", "--repeat", str(a.reps)]
        res["lattice"] = measure(base + tflag(1), a.reps, lt[1], multi=True)
        best, best_p = None, None
        kcands = [[f.replace(x, y) for f in c for x, y in prep] if prep else c for c in cands]
        for c in kcands:
            r = measure(base + c + tflag(1), a.reps, lt[1], multi=True)
            if r[0] is None:
                notes.append(f"{name}: {' '.join(c)} failed: {' '.join(r[1])}")
            elif r[0] != res["clang"][0]:
                notes.append(f"{name}: {' '.join(c)} prints {r[0]}, not {res['clang'][0]} (rejected)")
            elif best is None or r[1] < best[1]:
                best, best_p = r, c
        res["best1"] = best or res["lattice"]
        best_p = best_p or []
        # 2 threads: the best pipeline, parallelized if it was not already: after it
        # (outermost parallel loop only; vector transfers are modelled accesses) or
        # before it, whichever is faster. poly-schedule emits affine.parallel itself.
        own = "--affine-parallelize" in best_p or any(p.startswith("--poly-schedule") for p in best_p)
        base2 = [lattice, "run", str(mlir2), "-e", "main", "--time", "--repeat", str(a.reps)]
        p2s = [best_p] if own or not cands else [
            best_p + ["--affine-parallelize=max-nested=1"], ["--affine-parallelize"] + best_p]
        best2 = None
        for p2 in p2s:
            r = measure(base2 + p2 + tflag(2), a.reps, lt[2], multi=True)
            if best2 is None or best2[0] is None or (r[0] is not None and r[1] < best2[1]):
                best2 = r
        res["best2"] = best2
        if name in ("matmul", "dgemm"):
            exe = blas_driver(tmp, defines["N"], "float" if name == "matmul" else "double")
            # One OpenBLAS thread, like the 1T columns it is compared with.
            res["openblas"] = measure([str(exe)], a.reps, dict(os.environ, OPENBLAS_NUM_THREADS="1")) \
                if exe else (None, ["cannot build"])
        want = res["clang"][0]
        for k, (s, t) in res.items():
            if s is None:
                failures.append(f"{name} {k}: {' '.join(t)}")
            elif s != want:
                failures.append(f"{name} {k}: checksum {s} differs from clang -O3's {want}")
        rows.append((name, flops(), res, " ".join(best_p) or "(none)"))

    cols = [("lattice", "Lattice default"), ("best1", "Lattice best 1T"), ("best2", "Lattice best 2T"),
            ("clang", "clang -O3"), ("polly", "Polly"), ("polly2", "Polly 2T"), ("mlir", "mlir-opt+runner")]
    print("| kernel | checksum | " + " | ".join(f"{c[1]} s (×clang, GFLOP/s)" for c in cols) + " | best pipeline |")
    print("|---" * (len(cols) + 3) + "|")
    ratios = {k: [] for k, _ in cols}
    for name, fl, res, bp in rows:
        ct = res["clang"][1] if res["clang"][0] is not None else None
        cells = []
        for k, _ in cols:
            s, t = res.get(k, (None, None))
            if s is None:
                cells.append("fail")
                continue
            reps = SCALE[name][2]
            g = fl * reps / t / 1e9 if t > 0 else float("inf")
            r = ct / t if ct and t > 0 else None
            if r:
                ratios[k].append(r)
            cells.append(f"{t:.4f} ({'%.2f' % r if r else '—'}×, {g:.2f})")
        print(f"| {name} | {res['clang'][0]} | " + " | ".join(cells) + f" | `{bp}` |")
    geo = []
    for k, label in cols:
        v = ratios[k]
        geo.append(f"{statistics.geometric_mean(v):.2f}× over {len(v)}" if v else "—")
    print("| **geomean speed vs clang -O3** | | " + " | ".join(geo) + " | |")
    print()
    for name, fl, res, _ in rows:
        if "openblas" in res:
            s, t = res["openblas"]
            reps = SCALE[name][2]
            if s is not None:
                f32 = name == "matmul"
                print(f"GEMM ({name}, N={SCALE[name][1]['N']}, {'f32' if f32 else 'f64'}): OpenBLAS "
                      f"cblas_{'s' if f32 else 'd'}gemm {t:.4f} s = "
                      f"{fl * reps / t / 1e9:.2f} GFLOP/s; Lattice default {res['lattice'][1] if res['lattice'][0] else 'fail'} s, "
                      f"Lattice best 1T {res['best1'][1] if res['best1'][0] else 'fail'} s")
    pk = peak_gflops(tmp)
    if pk:
        print(f"Peak (measured: 12 independent FMA chains of {pk[2]}-bit vectors, 1 core): "
              f"f32 {pk[0]:.1f} GFLOP/s, f64 {pk[1]:.1f} GFLOP/s")
    print(f"Times: kernel only (R repetitions per run, min over {a.reps} runs), seconds; "
          f"GFLOP/s from per-example flop counts (scripts/bench_cpu.py SCALE). Machine: "
          f"{os.cpu_count()} CPUs, shared with other jobs, so expect noise. Clock: "
          + ("process CPU time (clock())" if CLOCK == "cpu" else "wall time")
          + " for 1T columns, "
          + ("process CPU time summed over both threads (work, not speed-up)" if a.clock_2t == "cpu"
             else "wall time") + " for 2T columns"
          + f"; load average {os.getloadavg()[0]:.1f} at the end.")
    for n in notes:
        print(f"note: {n}")
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
