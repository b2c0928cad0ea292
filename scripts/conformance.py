#!/usr/bin/env python3
"""Conformance report: Lattice vs. upstream mlir-opt over the shared upstream MLIR test corpus.

The corpus (verbatim upstream MLIR test files, Apache-2.0 WITH LLVM-exception) lives OUTSIDE this
repository, in ../shared/corpus/mlir-upstream relative to the repository root. This script only
reads it at run time; it never copies any of it into the repository (chunks are written to a
temporary directory under the system temp dir and deleted afterwards). If the folder is absent the
script prints a note and exits 0.

For every `.mlir` file in the corpus:
  * the file is split into chunks on lines matching `^// -----` (the whole marker line is dropped),
    exactly as shared/corpus/mlir-upstream/SOURCES.md describes;
  * each chunk is run through `mlir-opt --allow-unregistered-dialect [--verify-diagnostics] chunk`
    (`--verify-diagnostics` only for invalid*.mlir) -> "mlir-opt ok";
  * for chunks upstream accepts, in normal files:
      - `lattice opt --allow-unregistered-dialect chunk` exits 0            -> "lattice parses"
      - mlir-opt accepts what Lattice printed                                 -> "mlir-opt re-accepts"
      - Lattice's print equals mlir-opt's print of the same chunk, bytewise  -> "byte-exact"
  * for chunks upstream accepts, in invalid*.mlir files:
      - `lattice opt --allow-unregistered-dialect --verify-diagnostics chunk` exits 0
                                                                             -> "diagnostics matched"

Output: a Markdown table (default) or JSON (--json). Exit status is 0 (it is a report) unless
--min-pass RATIO is given and the chosen metric is below it (exit 1), or on bad usage (exit 2).

Environment overrides: MLIR_OPT (path of mlir-opt), LATTICE (path of the lattice binary),
LATTICE_CORPUS (corpus folder), CARGO_TARGET_DIR (where the release binary is looked for).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SPLIT_RE = re.compile(r"^// -----")
NA = "n/a"
DASH = "—"


# --------------------------------------------------------------------------------------------
# Locating tools and the corpus
# --------------------------------------------------------------------------------------------

def default_corpus() -> Path:
    env = os.environ.get("LATTICE_CORPUS")
    if env:
        return Path(env)
    return REPO.parent / "shared" / "corpus" / "mlir-upstream"


def default_mlir_opt() -> str | None:
    env = os.environ.get("MLIR_OPT")
    if env:
        return env
    for cand in ("/usr/lib/llvm-22/bin/mlir-opt", shutil.which("mlir-opt-22"), shutil.which("mlir-opt")):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return None


def default_lattice() -> str:
    env = os.environ.get("LATTICE")
    if env:
        return env
    target = Path(os.environ.get("CARGO_TARGET_DIR") or (REPO / "target"))
    if not target.is_absolute():
        target = REPO / target
    return str(target / "release" / "lattice")


def lattice_usable(path: str) -> tuple[bool, str]:
    """Is there an executable lattice binary that at least runs? Returns (ok, reason)."""
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        return False, f"binary not found: {path}"
    try:
        # An empty module must parse and print; this catches a stub binary without `opt` yet.
        p = subprocess.run([path, "opt", "-"], input=b"module {\n}\n", capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, f"cannot run {path}: {e}"
    if p.returncode != 0:
        first = first_line(p.stderr) or f"exit {p.returncode}"
        return False, f"`lattice opt -` on `module {{}}` failed: {first}"
    if b"module" not in p.stdout:
        return False, (f"`lattice opt -` on `module {{}}` did not print a module "
                       f"(got {first_line(p.stdout)!r})")
    return True, ""


# --------------------------------------------------------------------------------------------
# Chunking
# --------------------------------------------------------------------------------------------

@dataclass
class Chunk:
    index: int        # 0-based chunk index within the file
    line: int         # 1-based line of the chunk's first line in the original file
    text: str


def split_chunks(text: str) -> list[Chunk]:
    """Split on lines that start with `// -----`, dropping the whole marker line.

    The number of chunks is 1 + the number of marker lines (SOURCES.md's definition)."""
    chunks: list[Chunk] = []
    cur: list[str] = []
    start = 1
    for lineno, line in enumerate(text.splitlines(keepends=True), start=1):
        if SPLIT_RE.match(line):
            chunks.append(Chunk(len(chunks), start, "".join(cur)))
            cur = []
            start = lineno + 1
        else:
            cur.append(line)
    chunks.append(Chunk(len(chunks), start, "".join(cur)))
    return chunks


# --------------------------------------------------------------------------------------------
# Running commands
# --------------------------------------------------------------------------------------------

@dataclass
class Run:
    rc: int | str           # exit status, or "timeout" / "signal N" / "error: ..."
    stdout: bytes = b""
    stderr: bytes = b""

    @property
    def ok(self) -> bool:
        return self.rc == 0


def run(cmd: list[str], timeout: float, stdin: bytes | None = None) -> Run:
    """Run a command with a wall-clock limit; on timeout its whole process group is killed."""
    try:
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    except OSError as e:
        return Run(f"error: {e}")
    try:
        out, err = p.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            p.kill()
        out, err = p.communicate()
        return Run("timeout", out or b"", (err or b"") + f"\ntimed out after {timeout:g}s".encode())
    rc: int | str = p.returncode
    if rc < 0:
        rc = f"signal {-rc}"
        err = (err or b"") + f"\nkilled by signal {p.returncode and -p.returncode}".encode()
    return Run(rc, out, err)


def first_line(data: bytes, limit: int = 200, rewrite=None) -> str:
    for line in data.decode("utf-8", "replace").splitlines():
        if line.strip():
            line = line.rstrip()
            if rewrite:
                line = rewrite(line)
            return line if len(line) <= limit else line[: limit - 1] + "…"
    return ""


def location_rewriter(tmp_path: Path, rel: str, first_line_no: int):
    """Turn `/tmp/.../f000_c003.mlir:L:C` into `rel:L':C`, L' being the line in the corpus file."""
    pat = re.compile(re.escape(str(tmp_path)) + r"(?::(\d+))?")

    def sub(m: re.Match) -> str:
        if m.group(1) is None:
            return rel
        return f"{rel}:{int(m.group(1)) + first_line_no - 1}"

    return lambda line: pat.sub(sub, line)


def first_difference(a: bytes, b: bytes) -> str:
    """Describe the first differing line between Lattice's print (a) and mlir-opt's print (b)."""
    la = a.decode("utf-8", "replace").split("\n")
    lb = b.decode("utf-8", "replace").split("\n")
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<EOF>"
        y = lb[i] if i < len(lb) else "<EOF>"
        if x != y:
            def cut(s: str) -> str:
                return s if len(s) <= 120 else s[:119] + "…"
            return f"output line {i + 1}: lattice `{cut(x)}` vs mlir-opt `{cut(y)}`"
    return "outputs differ"


# --------------------------------------------------------------------------------------------
# Per-chunk evaluation
# --------------------------------------------------------------------------------------------

@dataclass
class ChunkResult:
    index: int
    line: int
    mlir_ok: bool
    mlir_rc: int | str
    mlir_error: str = ""
    # None = not run (upstream rejected the chunk, Lattice unavailable, or not applicable).
    lattice_ok: bool | None = None
    lattice_rc: int | str | None = None
    lattice_error: str = ""
    roundtrip_ok: bool | None = None
    roundtrip_error: str = ""
    exact: bool | None = None
    diff: str = ""
    diag_ok: bool | None = None
    seconds: float = 0.0


@dataclass
class Config:
    mlir_opt: str
    lattice: str | None
    timeout: float
    generic: bool
    tmp: Path


def eval_chunk(cfg: Config, rel: str, invalid: bool, chunk: Chunk, fidx: int) -> ChunkResult:
    t0 = time.perf_counter()
    base = cfg.tmp / f"f{fidx:03d}_c{chunk.index:03d}"
    src = base.with_suffix(".mlir")
    src.write_text(chunk.text, encoding="utf-8")
    print_flags = ["--mlir-print-op-generic"] if cfg.generic else []
    rw = location_rewriter(src, rel, chunk.line)

    if invalid:
        ref = run([cfg.mlir_opt, "--allow-unregistered-dialect", "--verify-diagnostics",
                   str(src), "-o", "/dev/null"], cfg.timeout)
    else:
        # Same exit status as `-o /dev/null`; we keep stdout to compare prints.
        ref = run([cfg.mlir_opt, "--allow-unregistered-dialect", *print_flags, str(src)], cfg.timeout)
    res = ChunkResult(chunk.index, chunk.line, ref.ok, ref.rc,
                      "" if ref.ok else (first_line(ref.stderr, rewrite=rw) or f"rc {ref.rc}"))

    if ref.ok and cfg.lattice:
        if invalid:
            lat = run([cfg.lattice, "opt", "--allow-unregistered-dialect", "--verify-diagnostics",
                       str(src), "-o", "/dev/null"], cfg.timeout)
            res.lattice_rc = lat.rc
            res.diag_ok = lat.ok
            if not lat.ok:
                res.lattice_error = first_line(lat.stderr, rewrite=rw) or f"rc {lat.rc}"
        else:
            lat = run([cfg.lattice, "opt", "--allow-unregistered-dialect", *print_flags, str(src)],
                      cfg.timeout)
            res.lattice_rc = lat.rc
            res.lattice_ok = lat.ok
            if not lat.ok:
                res.lattice_error = first_line(lat.stderr, rewrite=rw) or f"rc {lat.rc}"
            else:
                out = base.with_name(base.name + ".lattice.mlir")
                out.write_bytes(lat.stdout)
                back = run([cfg.mlir_opt, "--allow-unregistered-dialect", str(out), "-o", "/dev/null"],
                           cfg.timeout)
                res.roundtrip_ok = back.ok
                if not back.ok:
                    res.roundtrip_error = first_line(
                        back.stderr, rewrite=lambda l: l.replace(str(out), "<lattice output>")
                    ) or f"rc {back.rc}"
                res.exact = lat.stdout == ref.stdout
                if not res.exact:
                    res.diff = first_difference(lat.stdout, ref.stdout)
    res.seconds = round(time.perf_counter() - t0, 3)
    return res


# --------------------------------------------------------------------------------------------
# Aggregation and output
# --------------------------------------------------------------------------------------------

@dataclass
class FileResult:
    file: str
    invalid: bool
    chunks: int
    mlir_ok: int = 0
    lattice_ok: int | None = None
    roundtrip_ok: int | None = None
    exact: int | None = None
    diag_ok: int | None = None
    chunk_results: list[ChunkResult] = field(default_factory=list)


def summarize(fr: FileResult, have_lattice: bool) -> None:
    crs = fr.chunk_results
    fr.mlir_ok = sum(c.mlir_ok for c in crs)
    if not have_lattice:
        return
    if fr.invalid:
        fr.diag_ok = sum(bool(c.diag_ok) for c in crs)
    else:
        fr.lattice_ok = sum(bool(c.lattice_ok) for c in crs)
        fr.roundtrip_ok = sum(bool(c.roundtrip_ok) for c in crs)
        fr.exact = sum(bool(c.exact) for c in crs)


def frac(n: int | None, d: int, pct: bool = False) -> str:
    if n is None:
        return NA
    if pct and d == 0:
        return DASH
    s = f"{n}/{d}"
    if pct and d:
        s += f" ({100.0 * n / d:.0f}%)"
    return s


def totals(files: list[FileResult], have_lattice: bool) -> dict:
    normal = [f for f in files if not f.invalid]
    invalid = [f for f in files if f.invalid]
    t = {
        "files": len(files),
        "chunks": sum(f.chunks for f in files),
        "mlir_ok": sum(f.mlir_ok for f in files),
        "mlir_ok_normal": sum(f.mlir_ok for f in normal),
        "mlir_ok_invalid": sum(f.mlir_ok for f in invalid),
        "lattice_ok": None, "roundtrip_ok": None, "exact": None, "diag_ok": None,
    }
    if have_lattice:
        t["lattice_ok"] = sum(f.lattice_ok or 0 for f in normal)
        t["roundtrip_ok"] = sum(f.roundtrip_ok or 0 for f in normal)
        t["exact"] = sum(f.exact or 0 for f in normal)
        t["diag_ok"] = sum(f.diag_ok or 0 for f in invalid)
    return t


def metric_ratio(t: dict, metric: str) -> float:
    """Ratio used by --min-pass. 'parse' counts invalid files' matched diagnostics as passes too."""
    if t["lattice_ok"] is None:
        return 0.0
    if metric == "parse":
        num, den = t["lattice_ok"] + t["diag_ok"], t["mlir_ok"]
    elif metric == "roundtrip":
        num, den = t["roundtrip_ok"], t["mlir_ok_normal"]
    elif metric == "exact":
        num, den = t["exact"], t["mlir_ok_normal"]
    elif metric == "diagnostics":
        num, den = t["diag_ok"], t["mlir_ok_invalid"]
    else:
        raise ValueError(metric)
    return num / den if den else 1.0


def print_table(files: list[FileResult], t: dict, have_lattice: bool, out=sys.stdout) -> None:
    hdr = ["file", "chunks", "mlir-opt ok", "lattice parses", "mlir-opt re-accepts", "byte-exact",
           "diagnostics matched"]
    rows = []
    for f in files:
        if f.invalid:
            rows.append([f"`{f.file}`", str(f.chunks), frac(f.mlir_ok, f.chunks), DASH, DASH, DASH,
                         frac(f.diag_ok, f.mlir_ok)])
        else:
            rows.append([f"`{f.file}`", str(f.chunks), frac(f.mlir_ok, f.chunks),
                         frac(f.lattice_ok, f.mlir_ok), frac(f.roundtrip_ok, f.mlir_ok),
                         frac(f.exact, f.mlir_ok), DASH])
    rows.append(["**total**", str(t["chunks"]), frac(t["mlir_ok"], t["chunks"]),
                 frac(t["lattice_ok"], t["mlir_ok_normal"], True),
                 frac(t["roundtrip_ok"], t["mlir_ok_normal"], True),
                 frac(t["exact"], t["mlir_ok_normal"], True),
                 frac(t["diag_ok"], t["mlir_ok_invalid"], True)])
    widths = [max(len(r[i]) for r in [hdr, *rows]) for i in range(len(hdr))]
    right = [False] + [True] * (len(hdr) - 1)

    def fmt(r: list[str]) -> str:
        cells = [c.rjust(w) if ra else c.ljust(w) for c, w, ra in zip(r, widths, right)]
        return "| " + " | ".join(cells) + " |"

    print(fmt(hdr), file=out)
    print("|" + "|".join(("-" * (w + 1) + ":") if ra else (":" + "-" * (w + 1))
                         for w, ra in zip(widths, right)) + "|", file=out)
    for r in rows:
        print(fmt(r), file=out)


def print_failures(files: list[FileResult], have_lattice: bool, out=sys.stdout) -> None:
    print("\n## Failing chunks\n", file=out)
    any_fail = False
    for f in files:
        lines = []
        rejected = [c.index for c in f.chunk_results if not c.mlir_ok]
        if rejected:
            lines.append(f"- mlir-opt rejects chunk(s) {', '.join(map(str, rejected))} "
                         f"(not counted for Lattice)")
            for c in f.chunk_results:
                if not c.mlir_ok:
                    lines.append(f"  - #{c.index} (line {c.line}): mlir-opt: {c.mlir_error}")
        if have_lattice:
            for c in f.chunk_results:
                if not c.mlir_ok:
                    continue
                where = f"#{c.index} (line {c.line})"
                if f.invalid:
                    if not c.diag_ok:
                        lines.append(f"- {where}: diagnostics [rc {c.lattice_rc}]: {c.lattice_error}")
                    continue
                if not c.lattice_ok:
                    lines.append(f"- {where}: lattice [rc {c.lattice_rc}]: {c.lattice_error}")
                    continue
                if not c.roundtrip_ok:
                    lines.append(f"- {where}: mlir-opt rejects Lattice's output: {c.roundtrip_error}")
                if not c.exact:
                    lines.append(f"- {where}: not byte-exact: {c.diff}")
        if lines:
            any_fail = True
            print(f"### `{f.file}`", file=out)
            for line in lines:
                print(line, file=out)
            print(file=out)
    if not any_fail:
        print("(none)", file=out)


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("filters", nargs="*", metavar="SUBSTR",
                    help="only files whose corpus-relative path contains one of these substrings")
    ap.add_argument("--corpus", type=Path, default=default_corpus(),
                    help="corpus folder (default: ../shared/corpus/mlir-upstream from the repo root)")
    ap.add_argument("--mlir-opt", default=default_mlir_opt(), help="mlir-opt binary (env MLIR_OPT)")
    ap.add_argument("--lattice", default=default_lattice(),
                    help="lattice binary (env LATTICE; default target/release/lattice)")
    ap.add_argument("--no-lattice", action="store_true", help="report mlir-opt columns only")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel chunks (default 2)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per command (default 10)")
    ap.add_argument("--generic", action="store_true",
                    help="compare prints in generic form (--mlir-print-op-generic for both tools)")
    ap.add_argument("--verbose", "-v", action="store_true",
                    help="list each failing chunk with its index and first stderr line")
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    ap.add_argument("--min-pass", type=float, metavar="RATIO", default=None,
                    help="exit 1 if the --metric ratio is below RATIO (0..1)")
    ap.add_argument("--metric", choices=["parse", "roundtrip", "exact", "diagnostics"], default="parse",
                    help="ratio checked by --min-pass (default parse: lattice-parses + diagnostics-"
                         "matched over all chunks mlir-opt accepts)")
    args = ap.parse_args(argv)

    if args.min_pass is not None and not (0.0 <= args.min_pass <= 1.0):
        ap.error("--min-pass must be between 0 and 1")
    if args.jobs < 1:
        ap.error("--jobs must be >= 1")

    corpus: Path = args.corpus
    if not corpus.is_dir():
        msg = f"note: corpus folder {corpus} is absent; conformance report skipped."
        if args.json:
            print(json.dumps({"skipped": True, "reason": msg}))
        else:
            print(msg)
        return 0
    if not args.mlir_opt or not os.access(args.mlir_opt, os.X_OK):
        msg = f"note: mlir-opt not found ({args.mlir_opt}); set MLIR_OPT. Conformance report skipped."
        if args.json:
            print(json.dumps({"skipped": True, "reason": msg}))
        else:
            print(msg)
        return 0 if args.min_pass is None else 1

    lattice: str | None = None
    lattice_note = "disabled (--no-lattice)"
    if not args.no_lattice:
        ok, why = lattice_usable(args.lattice)
        if ok:
            lattice, lattice_note = args.lattice, args.lattice
        else:
            lattice_note = f"unavailable ({why}); Lattice columns are n/a"
            print(f"warning: lattice {lattice_note}", file=sys.stderr)
    have_lattice = lattice is not None

    paths = sorted(p for p in corpus.rglob("*.mlir") if p.is_file())
    rels = [p.relative_to(corpus).as_posix() for p in paths]
    if args.filters:
        keep = [any(s in r for s in args.filters) for r in rels]
        paths = [p for p, k in zip(paths, keep) if k]
        rels = [r for r, k in zip(rels, keep) if k]

    t_start = time.perf_counter()
    files: list[FileResult] = []
    with tempfile.TemporaryDirectory(prefix="lattice-conformance-") as tmp:
        cfg = Config(args.mlir_opt, lattice, args.timeout, args.generic, Path(tmp))
        futures: dict[tuple[int, int], cf.Future] = {}
        with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for fidx, (p, rel) in enumerate(zip(paths, rels)):
                invalid = p.name.startswith("invalid")
                chunks = split_chunks(p.read_text(encoding="utf-8", errors="replace"))
                files.append(FileResult(rel, invalid, len(chunks)))
                for ch in chunks:
                    futures[(fidx, ch.index)] = pool.submit(eval_chunk, cfg, rel, invalid, ch, fidx)
            for (fidx, _), fut in sorted(futures.items()):
                files[fidx].chunk_results.append(fut.result())
    for f in files:
        summarize(f, have_lattice)
    t = totals(files, have_lattice)
    elapsed = time.perf_counter() - t_start
    ratio = metric_ratio(t, args.metric)

    if args.json:
        doc = {
            "corpus": str(corpus),
            "mlir_opt": args.mlir_opt,
            "lattice": lattice,
            "lattice_note": lattice_note,
            "generic": args.generic,
            "seconds": round(elapsed, 2),
            "files": [asdict(f) for f in files],
            "totals": t,
            "metric": args.metric,
            "ratio": ratio if have_lattice else None,
            "min_pass": args.min_pass,
        }
        print(json.dumps(doc, indent=2))
    else:
        print("# Lattice conformance report\n")
        print(f"- corpus: `{corpus}` (read at run time; not part of the repository)")
        print(f"- mlir-opt: `{args.mlir_opt}`")
        print(f"- lattice: {lattice_note}")
        print(f"- print form compared: {'generic' if args.generic else 'custom (default)'}")
        print(f"- {t['files']} files, {t['chunks']} chunks, {args.jobs} workers, "
              f"{args.timeout:g}s timeout, {elapsed:.1f}s\n")
        print_table(files, t, have_lattice)
        print("\nColumns after `mlir-opt ok` count only chunks mlir-opt accepts. "
              "`invalid*.mlir` files are checked with `--verify-diagnostics` (last column).")
        if args.verbose:
            print_failures(files, have_lattice)

    if args.min_pass is not None:
        if ratio < args.min_pass:
            print(f"FAIL: {args.metric} ratio {ratio:.3f} < --min-pass {args.min_pass}"
                  + ("" if have_lattice else " (lattice unavailable)"), file=sys.stderr)
            return 1
        print(f"ok: {args.metric} ratio {ratio:.3f} >= --min-pass {args.min_pass}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
