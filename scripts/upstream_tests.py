#!/usr/bin/env python3
"""Upstream MLIR test files, run as written, with mlir-opt 22 and with `lattice opt` in its place.

The input is upstream's own lit-style test files (verbatim copies, Apache-2.0 WITH LLVM-exception)
that live OUTSIDE this repository, by default in ../shared/corpus/upstream-tests/mlir/test. This
script reads them at run time and never writes any of them into the repository; temporary files
(`%t`) go to a folder under the system temp dir that is deleted afterwards. If no corpus folder
exists the script prints a note and exits 0.

For every `.mlir` file (folders named `Inputs` excepted) it reads the lit directives:
  * `RUN:` lines, joined where a line ends in `\\` (as lit does);
  * `REQUIRES:` / `UNSUPPORTED:` (features: see FEATURES) and `XFAIL:`.
Every RUN line runs as one `bash -o pipefail -c` command line, with `%s` (the file, shell-quoted),
`%S`/`%p` (its folder), `%t` (a temporary path), `%T` (a temporary folder) and `%%` substituted,
in a temporary working folder, and with PATH starting with a folder whose `mlir-opt` is either
upstream's mlir-opt ("mlir-opt 22") or a shim running `lattice opt "$@"` ("Lattice"). FileCheck,
not, split-file, mlir-translate and opt are LLVM 22's. The RUN lines of a file run in order in one
temporary folder per tool (a later line may read what an earlier one wrote to `%t`); unlike lit, a
failing line does not stop the later ones.

A RUN line passes when the whole command line exits 0 (a line of an XFAIL file: when it exits
non-zero). A RUN line is counted only when
  * the file's REQUIRES/UNSUPPORTED allow it,
  * it runs `mlir-opt` at all,
  * it names no `-test-*` pass or option (on the command line or in a `--pass-pipeline`), nor
    another pass of mlir-opt's test library (TEST_LIB_PASSES),
  * the file uses no operation, type or attribute of upstream's `test` dialect: an op name that
    upstream's mlir-opt registers (read from the binary), any `!test.` / `#test.`, or any `test.`
    op when the RUN line does not pass `-allow-unregistered-dialect` (mlir-opt then accepts it only
    because its test dialect allows unknown ops), and
  * it passes with mlir-opt 22.
The report gives, per file and in total, the RUN lines counted and how many of those pass with
Lattice, and for each counted line that fails with Lattice, the first error line it printed.

Output: Markdown (default) or JSON (--json); --failures adds the list of failing lines.
`--self-test` (alone) checks the directive parser and the classifiers on a file of its own.
Exit status 0 (it is a report), 2 on bad usage. Environment overrides: MLIR_OPT, LATTICE,
LATTICE_UPSTREAM_TESTS (corpus folder), LATTICE_LLVM_BIN (default /usr/lib/llvm-22/bin).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import datetime
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# lit features this set-up has; any other REQUIRES makes a file unsupported.
FEATURES = {"shell", "x86_64", "linux"}
KEYWORD_RE = re.compile(r"(?<![\w-])(RUN|REQUIRES|UNSUPPORTED|XFAIL):(.*)$")
CLIP = 300


# --------------------------------------------------------------------------------------------
# Reading a test file
# --------------------------------------------------------------------------------------------

@dataclass
class RunLine:
    line: int          # 1-based line of the first `RUN:` line
    command: str       # joined command, before substitution


@dataclass
class TestFile:
    path: Path
    rel: str
    text: str
    runs: list[RunLine]
    requires: list[str]
    unsupported: list[str]
    xfail: list[str]


def parse_directives(path: Path, rel: str) -> TestFile:
    text = path.read_text(encoding="utf-8", errors="replace")
    runs: list[RunLine] = []
    lists: dict[str, list[str]] = {"REQUIRES": [], "UNSUPPORTED": [], "XFAIL": []}
    pending: RunLine | None = None
    for no, line in enumerate(text.splitlines(), start=1):
        m = KEYWORD_RE.search(line)
        if not m:
            continue
        key, body = m.group(1), m.group(2).rstrip()
        if key != "RUN":
            lists[key].extend(x.strip() for x in body.split(",") if x.strip())
            continue
        if pending is None:
            pending = RunLine(no, "")
        if body.endswith("\\"):
            pending.command += body[:-1]
            continue
        pending.command = (pending.command + body).strip()
        runs.append(pending)
        pending = None
    if pending is not None:
        pending.command = pending.command.strip()
        runs.append(pending)
    return TestFile(path, rel, text, runs, lists["REQUIRES"], lists["UNSUPPORTED"], lists["XFAIL"])


def feature_holds(expr: str) -> bool:
    """A lit boolean feature expression over FEATURES (`!`, `&&`, `||`, parentheses; `*` is true)."""
    tokens = re.findall(r"\|\||&&|!|\(|\)|[^\s()!&|]+", expr)
    py = []
    for t in tokens:
        py.append({"||": " or ", "&&": " and ", "!": " not ", "(": "(", ")": ")"}.get(
            t, " True " if t == "*" or t in FEATURES else " False "))
    try:
        return bool(eval("".join(py), {"__builtins__": {}}))  # noqa: S307 - built from a closed alphabet
    except SyntaxError:
        return False


def unsupported_reason(tf: TestFile) -> str | None:
    for req in tf.requires:
        if not feature_holds(req):
            return f"REQUIRES: {req}"
    for uns in tf.unsupported:
        if feature_holds(uns):
            return f"UNSUPPORTED: {uns}"
    return None


def is_xfail(tf: TestFile) -> bool:
    return any(feature_holds(x) for x in tf.xfail)


# --------------------------------------------------------------------------------------------
# Classifying a RUN line
# --------------------------------------------------------------------------------------------

def shell_words(command: str) -> list[str]:
    lex = shlex.shlex(command, posix=True, punctuation_chars="|&;<>")
    lex.whitespace_split = True
    try:
        return list(lex)
    except ValueError:
        return command.split()


def commands(command: str) -> list[list[str]]:
    """The simple commands of a command line, split on `|`, `&&`, `||` and `;`."""
    out: list[list[str]] = [[]]
    for w in shell_words(command):
        if w in ("|", "||", "&&", ";", "|&"):
            out.append([])
        else:
            out[-1].append(w)
    return [c for c in out if c]


def program(cmd: list[str]) -> str:
    """The program a simple command runs, looking through `not [--crash]`."""
    i = 0
    while i < len(cmd) and cmd[i] in ("not", "--crash"):
        i += 1
    return cmd[i] if i < len(cmd) else ""


def mlir_opt_commands(command: str) -> list[list[str]]:
    return [c for c in commands(command) if program(c) == "mlir-opt"]


PIPELINE_FLAGS = ("-pass-pipeline", "--pass-pipeline")
# Passes of mlir-opt's private test library (llvm-project mlir/test/lib) whose name does not start
# with `test-`: mlir/test/lib/Dialect/Affine/TestVectorizationUtils.cpp.
TEST_LIB_PASSES = {"affine-super-vectorizer-test"}


def is_test_pass(name: str) -> bool:
    return name.startswith("test-") or name in TEST_LIB_PASSES


def pipeline_pass_names(pipeline: str) -> list[str]:
    """Pass and op names of a textual pass pipeline, option groups `{...}` dropped."""
    depth, bare = 0, []
    for ch in pipeline:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0:
            bare.append(ch)
    return re.findall(r"[A-Za-z_][\w.-]*", "".join(bare))


def test_pass(command: str) -> str | None:
    """The first `-test-*` (or other test-library) pass or option a RUN line's mlir-opt
    commands name, if any."""
    for cmd in mlir_opt_commands(command):
        for i, w in enumerate(cmd):
            if not w.startswith("-"):
                continue
            name, _, value = w.lstrip("-").partition("=")
            if is_test_pass(name):
                return w
            if "-" + name in PIPELINE_FLAGS:
                value = value or (cmd[i + 1] if i + 1 < len(cmd) else "")
                hit = next((p for p in pipeline_pass_names(value) if is_test_pass(p)), None)
                if hit:
                    return hit
    return None


def allows_unregistered(command: str) -> bool:
    cmds = mlir_opt_commands(command)
    return bool(cmds) and all(
        any(w.lstrip("-") == "allow-unregistered-dialect" for w in c) for c in cmds)


def code_of(text: str) -> str:
    """The file without `//` comments (CHECK lines, RUN lines, prose), strings kept."""
    out = []
    for line in text.splitlines():
        cut, in_str, i = len(line), False, 0
        while i < len(line):
            c = line[i]
            if c == "\\" and in_str:
                i += 2
                continue
            if c == '"':
                in_str = not in_str
            elif not in_str and line.startswith("//", i):
                cut = i
                break
            i += 1
        out.append(line[:cut])
    return "\n".join(out)


TEST_OP_RE = re.compile(r'(?<![\w.$%@#!-])"?(test\.[A-Za-z_][\w.]*)')
TEST_TYPE_ATTR_RE = re.compile(r"[!#]test\.[A-Za-z_]")


def registered_test_ops(mlir_opt: str) -> set[str]:
    """Op names of upstream's test dialect, as string literals in the mlir-opt binary."""
    try:
        data = Path(mlir_opt).read_bytes()
    except OSError:
        return set()
    return {m.decode() for m in re.findall(rb"(?<=\x00)test\.[a-z_][a-z0-9_.]*(?=\x00)", data)}


def test_dialect_use(code: str, allow_unregistered: bool, registered: set[str]) -> str | None:
    m = TEST_TYPE_ATTR_RE.search(code)
    if m:
        return m.group(0) + "..."
    for m in TEST_OP_RE.finditer(code):
        name = m.group(1)
        if name in registered:
            return name
        if not allow_unregistered:
            return name + " (no -allow-unregistered-dialect)"
    return None


# --------------------------------------------------------------------------------------------
# Running a RUN line
# --------------------------------------------------------------------------------------------

@dataclass
class Outcome:
    rc: int | str
    error: str = ""          # first error line, for the failure list

    @property
    def ok(self) -> bool:
        return self.rc == 0


def substitute(command: str, tf: TestFile, tmp: Path) -> str:
    marker = "\x00PCT\x00"
    s = command.replace("%%", marker)
    folder = shlex.quote(str(tf.path.parent))
    subs = [("%s", shlex.quote(str(tf.path))), ("%S", folder), ("%p", folder),
            ("%t", shlex.quote(str(tmp / "test.tmp"))), ("%T", shlex.quote(str(tmp)))]
    for key, val in subs:
        s = s.replace(key, val)
    return s.replace(marker, "%")


EMPTY_INPUT = "'<stdin>' is empty"


def first_error(stderr: bytes, rc: int | str) -> str:
    text = stderr.decode("utf-8", errors="replace")
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    # FileCheck's complaint about empty input only echoes an earlier command's failure.
    errors = [l for l in lines if re.search(r"\berror\b", l, re.I) and EMPTY_INPUT not in l]
    pick = next((l for l in lines if "panicked" in l), None) or next(iter(errors), None) \
        or next((l for l in lines if EMPTY_INPUT not in l), None) \
        or (lines[0] if lines else f"exit {rc}, no message")
    pick = re.sub(r"^\S*/(?=[^/\s]+:\d+)", "", pick)  # drop folders of file:line prefixes
    return pick[:CLIP]


def run_shell(command: str, cwd: Path, path_env: str, timeout: float) -> Outcome:
    env = dict(os.environ, PATH=path_env, LC_ALL="C")
    try:
        p = subprocess.Popen(["bash", "-o", "pipefail", "-c", command], cwd=cwd, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, start_new_session=True)
    except OSError as e:
        return Outcome(f"error: {e}", str(e))
    try:
        _, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return Outcome("timeout", f"timed out after {timeout:g}s")
    return Outcome(p.returncode, "" if p.returncode == 0 else first_error(err, p.returncode))


# --------------------------------------------------------------------------------------------
# Per file
# --------------------------------------------------------------------------------------------

@dataclass
class LineResult:
    line: int
    command: str
    status: str                      # counted | unsupported | no-mlir-opt | test-pass | test-dialect | mlir-opt-fails
    detail: str = ""
    mlir_opt: Outcome | None = None
    lattice: Outcome | None = None


@dataclass
class FileResult:
    rel: str
    xfail: bool = False
    note: str = ""
    lines: list[LineResult] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for l in self.lines if l.status == status)

    @property
    def lattice_passes(self) -> int:
        return sum(1 for l in self.lines if l.status == "counted" and l.lattice and l.lattice.ok)


@dataclass
class Config:
    mlir_opt: str
    lattice: str
    llvm_bin: str
    timeout: float
    tmp_root: Path
    registered: set[str]


def make_shims(cfg: Config) -> dict[str, str]:
    """PATH values for the two tools: a folder whose `mlir-opt` is the tool, then LLVM 22."""
    paths = {}
    for tool in ("mlir-opt", "lattice"):
        d = cfg.tmp_root / f"bin-{tool}"
        d.mkdir(parents=True, exist_ok=True)
        shim = d / "mlir-opt"
        target = cfg.mlir_opt if tool == "mlir-opt" else cfg.lattice
        sub = "" if tool == "mlir-opt" else " opt"
        shim.write_text(f"#!/bin/sh\nexec {shlex.quote(target)}{sub} \"$@\"\n")
        shim.chmod(0o755)
        paths[tool] = os.pathsep.join([str(d), cfg.llvm_bin, "/usr/bin", "/bin"])
    return paths


def classify(tf: TestFile, run: RunLine, code: str, cfg: Config) -> tuple[str, str]:
    if not mlir_opt_commands(run.command):
        return "no-mlir-opt", ""
    hit = test_pass(run.command)
    if hit:
        return "test-pass", hit
    use = test_dialect_use(code, allows_unregistered(run.command), cfg.registered)
    if use:
        return "test-dialect", use
    return "counted", ""


def eval_file(tf: TestFile, cfg: Config, paths: dict[str, str], index: int) -> FileResult:
    fr = FileResult(tf.rel, xfail=is_xfail(tf))
    if not tf.runs:
        fr.note = "no RUN lines"
        return fr
    reason = unsupported_reason(tf)
    code = code_of(tf.text)
    results = []
    for run in tf.runs:
        status, detail = ("unsupported", reason) if reason else classify(tf, run, code, cfg)
        results.append(LineResult(run.line, run.command, status, detail))
    fr.lines = results
    for tool in ("mlir-opt", "lattice"):
        tmp = cfg.tmp_root / f"{index}-{tool}"
        tmp.mkdir()
        for r in results:
            # mlir-opt runs every supported line (the report says how many of the excluded ones
            # it passes); a later line may read what an earlier one wrote to %t.
            if r.status == "unsupported" or (
                    tool == "lattice" and r.status not in ("counted", "no-mlir-opt")):
                continue
            out = run_shell(substitute(r.command, tf, tmp), tmp, paths[tool], cfg.timeout)
            if fr.xfail:
                out = Outcome(0) if not out.ok else Outcome(1, "XFAIL line passed")
            setattr(r, "mlir_opt" if tool == "mlir-opt" else "lattice", out)
            if tool == "mlir-opt" and r.status == "counted" and not out.ok:
                r.status, r.detail = "mlir-opt-fails", out.error
    return fr


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------

EXCLUDED = ("unsupported", "no-mlir-opt", "test-pass", "test-dialect", "mlir-opt-fails")


def totals(files: list[FileResult]) -> dict:
    t = {"files": len(files), "run_lines": sum(len(f.lines) for f in files),
         "mlir_opt_passes": sum(mlir_opt_passes(f) for f in files),
         "counted": sum(f.count("counted") for f in files),
         "lattice_passes": sum(f.lattice_passes for f in files)}
    for s in EXCLUDED:
        t[s] = sum(f.count(s) for f in files)
    t["percent"] = round(100.0 * t["lattice_passes"] / t["counted"], 1) if t["counted"] else None
    return t


def excluded_note(f: FileResult) -> str:
    parts = [f"{f.count(s)} {s}" for s in EXCLUDED if f.count(s)]
    if f.note:
        parts.append(f.note)
    if f.xfail:
        parts.append("XFAIL")
    return ", ".join(parts)


def mlir_opt_passes(f: FileResult) -> int:
    return sum(1 for l in f.lines if l.mlir_opt and l.mlir_opt.ok)


def print_markdown(files: list[FileResult], t: dict, out=sys.stdout) -> None:
    out.write("| file | RUN lines | pass with mlir-opt 22 | counted | pass with Lattice | not counted |\n")
    out.write("|---|---:|---:|---:|---:|---|\n")
    for f in files:
        counted = f.count("counted")
        latt = str(f.lattice_passes) if counted else "—"
        out.write(f"| `{f.rel}` | {len(f.lines)} | {mlir_opt_passes(f)} | {counted} | {latt} "
                  f"| {excluded_note(f)} |\n")
    pct = f"{t['percent']}%" if t["percent"] is not None else "n/a"
    out.write(f"| **total** ({t['files']} files) | {t['run_lines']} | {t['mlir_opt_passes']} | "
              f"{t['counted']} | **{t['lattice_passes']}** ({pct}) | "
              + ", ".join(f"{t[s]} {s}" for s in EXCLUDED) + " |\n")


def print_failures(files: list[FileResult], out=sys.stdout) -> None:
    out.write("\nCounted RUN lines that fail with Lattice (first error line):\n\n")
    for f in files:
        for l in f.lines:
            if l.status == "counted" and not (l.lattice and l.lattice.ok):
                err = l.lattice.error if l.lattice else "not run"
                rc = l.lattice.rc if l.lattice else "-"
                out.write(f"- `{f.rel}:{l.line}` (rc {rc}): {err}\n")


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------

def default_corpus() -> Path:
    """$LATTICE_UPSTREAM_TESTS, else ../shared/corpus/... beside the checkout (for a git
    worktree: beside the main checkout)."""
    env = os.environ.get("LATTICE_UPSTREAM_TESTS")
    if env:
        return Path(env)
    tail = Path("shared") / "corpus" / "upstream-tests" / "mlir" / "test"
    roots = [REPO]
    try:
        common = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--git-common-dir"],
                                capture_output=True, text=True, timeout=10).stdout.strip()
        if common:
            roots.append((REPO / common).resolve().parent)
    except (OSError, subprocess.TimeoutExpired):
        pass
    cands = [r.parent / tail for r in roots]
    return next((c for c in cands if c.is_dir()), cands[0])


def find_files(corpora: list[Path], filters: list[str]) -> list[tuple[Path, str]]:
    found = []
    for root in corpora:
        for p in sorted(root.rglob("*.mlir")):
            rel = p.relative_to(root).as_posix()
            if "Inputs" in p.relative_to(root).parts:
                continue
            if filters and not any(s in rel for s in filters):
                continue
            found.append((p, rel))
    return found


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    llvm_bin = os.environ.get("LATTICE_LLVM_BIN", "/usr/lib/llvm-22/bin")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", action="append", type=Path,
                    help="folder of upstream test files (mlir/test); may repeat "
                         "(default ../shared/corpus/upstream-tests/mlir/test)")
    ap.add_argument("--filter", action="append", default=[],
                    help="only files whose path contains this; may repeat")
    ap.add_argument("--mlir-opt", default=os.environ.get("MLIR_OPT", f"{llvm_bin}/mlir-opt"))
    ap.add_argument("--lattice", default=os.environ.get("LATTICE", str(REPO / "target/release/lattice")))
    ap.add_argument("--llvm-bin", default=llvm_bin, help="folder of FileCheck, not, split-file, ...")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per RUN line (default 60)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    ap.add_argument("--failures", action="store_true",
                    help="also list the counted RUN lines that fail with Lattice")
    args = ap.parse_args(argv)
    if args.jobs < 1 or args.timeout <= 0:
        ap.error("--jobs and --timeout must be positive")
    for tool in (args.mlir_opt, args.lattice):
        if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
            ap.error(f"not an executable: {tool}")
    return args


SELF_TEST_FILE = r"""// RUN: mlir-opt %s -split-input-file \
// RUN:   -pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' | FileCheck %s
// RUN: not mlir-opt %s --pass-pipeline='builtin.module(test-foo)' 2>&1 | FileCheck %s
// RUN: split-file %s %t && mlir-opt %t/a.mlir -test-loop-fusion=x | FileCheck %s --check-prefix=T
// RUN: mlir-opt -affine-super-vectorize="virtual-vector-size=4 test-fastest-varying=0" %s
// RUN: mlir-opt %s -affine-super-vectorizer-test=compose-maps
// REQUIRES: shell && !asserts
// XFAIL: *
// CHECK: "test.x"() : () -> ()
"test.op"() : () -> ()
"""


def self_test() -> int:
    """Checks of the directive parser and the classifiers on a file of our own."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "a b.mlir"
        path.write_text(SELF_TEST_FILE)
        tf = parse_directives(path, "a b.mlir")
    cmds = [r.command for r in tf.runs]
    checks = [
        ([r.line for r in tf.runs] == [1, 3, 4, 5, 6], "RUN lines and their first line numbers"),
        (cmds[0].startswith("mlir-opt %s -split-input-file    -pass-pipeline="), "`\\` joins lines"),
        (test_pass(cmds[0]) is None, "a pass option named test-* is not a test pass"),
        (test_pass(cmds[1]) == "test-foo", "a test pass inside --pass-pipeline"),
        (test_pass(cmds[2]) == "-test-loop-fusion=x", "a test pass after split-file &&"),
        (test_pass(cmds[3]) is None, "a quoted pass option named test-* is not a test pass"),
        (test_pass(cmds[4]) == "-affine-super-vectorizer-test=compose-maps", "test-library pass"),
        (program(["not", "--crash", "mlir-opt"]) == "mlir-opt", "`not --crash` is looked through"),
        (unsupported_reason(tf) is None and is_xfail(tf), "REQUIRES holds, XFAIL: * holds"),
        (not feature_holds("asserts") and feature_holds("!asserts || x"), "feature expressions"),
        (test_dialect_use(code_of(tf.text), True, {"test.op"}) == "test.op", "registered test op"),
        (test_dialect_use(code_of(tf.text), True, set()) is None, "unknown test op, unregistered ok"),
        (test_dialect_use(code_of(tf.text), False, set()) is not None, "unknown test op, no flag"),
        (substitute("a %s %t %%s", tf, Path("/T")) == f"a '{path}' /T/test.tmp %s", "substitutions"),
    ]
    failed = [what for ok, what in checks if not ok]
    for what in failed:
        print(f"self-test failed: {what}", file=sys.stderr)
    print(f"self-test: {len(checks) - len(failed)} of {len(checks)} checks pass")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv == ["--self-test"]:
        return self_test()
    args = parse_args(argv)
    corpora = args.corpus or [default_corpus()]
    missing = [c for c in corpora if not c.is_dir()]
    if missing:
        print(f"note: corpus folder {missing[0]} is absent; nothing to run.")
        return 0
    files = find_files(corpora, args.filter)
    with tempfile.TemporaryDirectory(prefix="lattice-upstream-") as tmp:
        cfg = Config(os.path.abspath(args.mlir_opt), os.path.abspath(args.lattice), args.llvm_bin,
                     args.timeout, Path(tmp), registered_test_ops(args.mlir_opt))
        paths = make_shims(cfg)
        parsed = [parse_directives(p, rel) for p, rel in files]
        with cf.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda it: eval_file(it[1], cfg, paths, it[0]), enumerate(parsed)))
    t = totals(results)
    if args.json:
        json.dump({"date": datetime.date.today().isoformat(), "totals": t,
                   "files": [asdict(f) for f in results]}, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    print_markdown(results, t)
    if args.failures:
        print_failures(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
