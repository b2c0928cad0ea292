"""`bench_gemm.sh --polybench`: the suite's PolyBench contraction kernels under Lattice
against the same computation through OpenBLAS (one row per kernel, % of OpenBLAS).

Each kernel is the suite's own file (`bench/suite/gen.py --size SIZE`): its MLIR runs with
`lattice run FLAGS --threads 1`; its C twin, with the loops of `kernel_<k>` replaced by the
equivalent CBLAS calls (BLAS_BODIES: dgemm, dsyrk, dsyr2k, dtrmm, dsymm, dger/dgemv; the
O(n^2) parts of covariance and correlation stay loops), is linked with -lopenblas and runs
with OPENBLAS_NUM_THREADS=1 and the core type of `bench_gemm.choose_coretype` (printed).
Both time the kernel call alone with the process's CPU time (`clock()`: the suite's
`rtclock` calls are replaced), so a loaded machine inflates the times less than wall time.
A cell is the median of --reps runs, Lattice and OpenBLAS taking turns run by run.
Checksums (the suite's: the f64 sum of the kernel's outputs) must agree to 1e-9 relative
(OpenBLAS reassociates and fuses multiply-adds; `--lattice-fast` without `contract=true`
keeps PolyBench's order); a difference or a failed run makes the exit status 1.

Invariant: the BLAS body of a kernel computes what the suite's loops compute (same
formulas, same init and checksum code, which stay the twin's own).
"""

import os
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import bench_gemm as bg

# Kernel -> C body computing what `kernel_<k>` computes, from the sizes `d` of its array
# parameters (name -> dims) and its scalar parameter names (as in the C twin).
BLAS_BODIES = {
    "gemm": lambda d: (
        f"  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, {d['C'][0]}, {d['C'][1]},"
        f" {d['A'][1]}, alpha, &A[0][0], {d['A'][1]}, &B[0][0], {d['B'][1]}, beta, &C[0][0],"
        f" {d['C'][1]});\n"),
    "2mm": lambda d: (
        f"  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, {d['tmp'][0]}, {d['tmp'][1]},"
        f" {d['A'][1]}, alpha, &A[0][0], {d['A'][1]}, &B[0][0], {d['B'][1]}, 0.0, &tmp[0][0],"
        f" {d['tmp'][1]});\n"
        f"  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, {d['D'][0]}, {d['D'][1]},"
        f" {d['tmp'][1]}, 1.0, &tmp[0][0], {d['tmp'][1]}, &C[0][0], {d['C'][1]}, beta,"
        f" &D[0][0], {d['D'][1]});\n"),
    "3mm": lambda d: "".join(
        f"  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, {d[o][0]}, {d[o][1]},"
        f" {d[x][1]}, 1.0, &{x}[0][0], {d[x][1]}, &{y}[0][0], {d[y][1]}, 0.0, &{o}[0][0],"
        f" {d[o][1]});\n"
        for o, x, y in [("E", "A", "B"), ("F", "C", "D"), ("G", "E", "F")]),
    "syrk": lambda d: (
        f"  cblas_dsyrk(CblasRowMajor, CblasLower, CblasNoTrans, {d['C'][0]}, {d['A'][1]},"
        f" alpha, &A[0][0], {d['A'][1]}, beta, &C[0][0], {d['C'][1]});\n"),
    "syr2k": lambda d: (
        f"  cblas_dsyr2k(CblasRowMajor, CblasLower, CblasNoTrans, {d['C'][0]}, {d['A'][1]},"
        f" alpha, &A[0][0], {d['A'][1]}, &B[0][0], {d['B'][1]}, beta, &C[0][0], {d['C'][1]});\n"),
    # B = alpha A^T B, A unit lower triangular (PolyBench reads A[k][i], k > i).
    "trmm": lambda d: (
        f"  cblas_dtrmm(CblasRowMajor, CblasLeft, CblasLower, CblasTrans, CblasUnit,"
        f" {d['B'][0]}, {d['B'][1]}, alpha, &A[0][0], {d['A'][1]}, &B[0][0], {d['B'][1]});\n"),
    # C = beta C + alpha A B, A symmetric from its lower triangle.
    "symm": lambda d: (
        f"  cblas_dsymm(CblasRowMajor, CblasLeft, CblasLower, {d['C'][0]}, {d['C'][1]}, alpha,"
        f" &A[0][0], {d['A'][1]}, &B[0][0], {d['B'][1]}, beta, &C[0][0], {d['C'][1]});\n"),
    "gemver": lambda d: (
        f"  int n = {d['A'][0]};\n"
        "  cblas_dger(CblasRowMajor, n, n, 1.0, u1, 1, v1, 1, &A[0][0], n);\n"
        "  cblas_dger(CblasRowMajor, n, n, 1.0, u2, 1, v2, 1, &A[0][0], n);\n"
        "  cblas_dgemv(CblasRowMajor, CblasTrans, n, n, beta, &A[0][0], n, y, 1, 1.0, x, 1);\n"
        "  cblas_daxpy(n, 1.0, z, 1, x, 1);\n"
        "  cblas_dgemv(CblasRowMajor, CblasNoTrans, n, n, alpha, &A[0][0], n, x, 1, 1.0, w, 1);\n"),
    # A[r] = A[r] C4 per r (a 140 x 160 product into a scratch block, copied back);
    # `sum` ends as the last row, as in the loops.
    "doitgen": lambda d: (
        f"  enum {{ NR = {d['A'][0]}, NQ = {d['A'][1]}, NP = {d['A'][2]} }};\n"
        "  static double t[NQ * NP];\n"
        "  for (int r = 0; r < NR; r++) {\n"
        "    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, NQ, NP, NP, 1.0, &A[r][0][0],"
        " NP, &C4[0][0], NP, 0.0, t, NP);\n"
        "    memcpy(&A[r][0][0], t, sizeof t);\n  }\n"
        "  memcpy(sum, &t[(NQ - 1) * NP], NP * sizeof(double));\n"),
    "covariance": lambda d: (
        f"  enum {{ N = {d['data'][0]}, M = {d['data'][1]} }};\n"
        "  for (int j = 0; j < M; j++) {\n    mean[j] = 0.0;\n"
        "    for (int i = 0; i < N; i++) mean[j] += data[i][j];\n    mean[j] /= float_n;\n  }\n"
        "  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) data[i][j] -= mean[j];\n"
        "  cblas_dsyrk(CblasRowMajor, CblasUpper, CblasTrans, M, N, 1.0 / (float_n - 1.0),"
        " &data[0][0], M, 0.0, &cov[0][0], M);\n"
        "  for (int i = 0; i < M; i++) for (int j = 0; j < i; j++) cov[i][j] = cov[j][i];\n"),
    "correlation": lambda d: (
        f"  enum {{ N = {d['data'][0]}, M = {d['data'][1]} }};\n"
        "  for (int j = 0; j < M; j++) {\n    mean[j] = 0.0;\n"
        "    for (int i = 0; i < N; i++) mean[j] += data[i][j];\n    mean[j] /= float_n;\n  }\n"
        "  for (int j = 0; j < M; j++) {\n    stddev[j] = 0.0;\n"
        "    for (int i = 0; i < N; i++)"
        " stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);\n"
        "    stddev[j] = sqrt(stddev[j] / float_n);\n"
        "    stddev[j] = stddev[j] <= 0.1 ? 1.0 : stddev[j];\n  }\n"
        "  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++)\n"
        "    data[i][j] = (data[i][j] - mean[j]) / (sqrt(float_n) * stddev[j]);\n"
        "  cblas_dsyrk(CblasRowMajor, CblasUpper, CblasTrans, M, N, 1.0, &data[0][0], M, 0.0,"
        " &corr[0][0], M);\n"
        "  for (int i = 0; i < M; i++) {\n    corr[i][i] = 1.0;\n"
        "    for (int j = 0; j < i; j++) corr[i][j] = corr[j][i];\n  }\n"),
}

CPU_NOW_C = "static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }"
RTCLOCK_CALL = re.compile(r"^(\s*)%(\w+) = func\.call @rtclock\(\) : \(\) -> f64$", re.M)


def mlir_cpu_clock(text):
    """The suite's MLIR with its `rtclock` calls timed by the process's CPU time."""
    text = RTCLOCK_CALL.sub(lambda m: bg.mlir_now(m.group(2), "cpu").rstrip("\n"), text)
    return text.replace("func.func private @rtclock() -> f64",
                        "func.func private @rtclock() -> f64\nfunc.func private @clock() -> i64", 1)


def blas_twin(name, c_text):
    """The C twin with `kernel_<name>`'s loops replaced by CBLAS calls and CPU-time `now`."""
    fname = name.replace("-", "_")
    head = re.search(rf"^static void kernel_{fname}\((.*)\) \{{$", c_text, re.M)
    if head is None:
        raise ValueError(f"{name}: no kernel_{fname} in its C twin")
    dims = {m.group(1): [int(x) for x in re.findall(r"\[(\d+)\]", m.group(2))]
            for m in re.finditer(r"double (\w+)((?:\[\d+\])+)", head.group(1))}
    end = c_text.index("\n}\n", head.end())
    body = BLAS_BODIES[name](dims)
    out = c_text[:head.end()] + "\n" + body + c_text[end + 1:]
    out = re.sub(r"^static double now\(void\) \{.*\}$", CPU_NOW_C, out, count=1, flags=re.M)
    return "#include <cblas.h>\n" + out


def main(a):
    """Runs the comparison for the options `a` of bench_gemm.py; returns the exit status."""
    names = a.polybench.split(",") if a.polybench != "all" else list(BLAS_BODIES)
    for n in names:
        if n not in BLAS_BODIES:
            print(f"bench_gemm: no BLAS form for '{n}' (known: {', '.join(BLAS_BODIES)})",
                  file=sys.stderr)
            sys.exit(2)
    tmp = Path(tempfile.mkdtemp(prefix="bench_gemm_pb."))
    try:
        return compare(a, names, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def compare(a, names, tmp):
    """The table for the kernels `names`, built and run in the folder `tmp`."""
    rc, _, err = bg.run([sys.executable, str(bg.ROOT / "bench/suite/gen.py"), "--size", a.size,
                         "--out", str(tmp)])
    if rc != 0:
        sys.exit(f"bench_gemm: gen.py failed: {err.strip()[-300:]}")
    flags = a.flags.split()
    print(f"CPU: {bg.cpu_model()} ({os.cpu_count()} CPUs); load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    failures, built = [], {}
    for name in names:
        mlir = tmp / f"{name}.cpu.mlir"
        mlir.write_text(mlir_cpu_clock((tmp / "polybench" / f"{name}.mlir").read_text()))
        csrc = tmp / f"{name}.blas.c"
        csrc.write_text(blas_twin(name, (tmp / "polybench" / "c" / f"{name}.c").read_text()))
        exe = tmp / f"{name}.blas"
        rc, _, err = bg.run([bg.CC, "-O3", "-march=native", str(csrc), "-o", str(exe),
                             "-lopenblas", "-lm"])
        if rc != 0:
            failures.append(f"{name}: cannot build the BLAS driver: {err.strip()[:300]}")
            continue
        built[name] = (mlir, exe)
    if not built:
        return fail(failures)
    core_env, core, how = bg.choose_coretype(next(iter(built.values()))[1])
    print(f"OpenBLAS core: {core} ({how})")
    cols = [("lattice", "Lattice")] + ([("baseline", "baseline")] if a.baseline else [])
    print(f"\n| kernel ({a.size}) | " + " | ".join(c for _, c in cols) + " | OpenBLAS |")
    print("|---|" + "---:|" * (len(cols) + 1))
    for name, (mlir, exe) in built.items():
        cmds = {"lattice": ([a.lattice, "run", str(mlir), "--threads", "1"] + flags, None)}
        if a.baseline:
            cmds["baseline"] = ([a.baseline, "run", str(mlir), "--threads", "1"] + flags, None)
        cmds["blas"] = ([str(exe)], dict(core_env, OPENBLAS_NUM_THREADS="1"))
        res = bg.measure_rounds(cmds, a.reps, statistics.median if a.stat == "median" else min)
        ref, bt = res["blas"]
        cells = []
        for key, _ in cols:
            s, v = res[key]
            if s is None:
                failures.append(f"{name} {key}: {v}")
                cells.append("fail")
                continue
            if ref is not None and abs(s - ref) > 1e-9 * abs(ref):
                failures.append(f"{name} {key}: checksum {s!r} vs OpenBLAS {ref!r}")
            pct = f" ({100 * bt / v:.0f}%)" if ref is not None and v > 0 else ""
            cells.append(f"{1e3 * v:.4g}{pct}")
        if ref is None:
            failures.append(f"{name} OpenBLAS: {bt}")
        blas_cell = f"{1e3 * bt:.4g}" if ref is not None else "fail"
        print(f"| {name} | " + " | ".join(cells) + f" | {blas_cell} |")
        sys.stdout.flush()
    print(f"\nCells: ms of process CPU time ({a.stat} of {a.reps} interleaved runs) and % of "
          f"OpenBLAS (its time / the cell's). Lattice: `lattice run {' '.join(flags)} "
          f"--threads 1`; OpenBLAS: OPENBLAS_NUM_THREADS=1. Load average "
          f"{os.getloadavg()[0]:.1f} at the end.")
    return fail(failures)


def fail(failures):
    """Prints the failures; the exit status."""
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    return 1 if failures else 0
