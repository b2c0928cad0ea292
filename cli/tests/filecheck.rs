//! MLIR-style file tests for the `lattice` binary.
//!
//! Every `*.mlir` under `<repo>/test/` (folders named `Inputs` and hidden
//! folders excepted) gives two trials:
//!
//! * `<path>`: runs the file's `// RUN:` lines, lit-style, with `bash -o
//!   pipefail -c`. `%s` is the file, `%S`/`%p` its folder, `%t` a temporary
//!   file path and `%T` a temporary folder unique to the trial, `%%` a
//!   literal `%`. In command position, `lattice` is the binary Cargo built
//!   and `FileCheck`, `not` and `count` are LLVM 22's. Any non-zero exit
//!   fails the trial.
//! * `oracle::<path>`: compares Lattice with upstream `mlir-opt` (see
//!   `oracle_trial`). Ignored when the file has a `// ORACLE: skip` line, or
//!   when `mlir-opt` is not installed (outside CI; in CI that fails). Files
//!   whose RUN lines use `--verify-diagnostics` get mlir-opt's verdict on the
//!   same expected diagnostics, less the chunks marked
//!   `// ORACLE: lattice-only <reason>`.
//!
//! Every command runs with `LATTICE_MACHINE=medium` (the reference machine of
//! `lattice_ir::target`), so no expectation depends on the host's caches,
//! vector width or cores. Every file under `test/Poly` gives two more RUN
//! trials, `machine-small::<path>` and `machine-large::<path>`, under the
//! other presets: a RUN line whose output depends on the machine must pin
//! what it relies on (`--machine=...` or the pass's cache options).
//!
//! Plus a few `harness::*` trials that check the harness's own helpers.
//!
//! Environment: `LATTICE_LLVM_BIN` overrides `/usr/lib/llvm-22/bin`;
//! `LATTICE_FILECHECK_TIMEOUT` (seconds, default 60) bounds each command.
//! See `test/README.md` for the file format.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use common::{
    clip, describe_mismatch, lex, require, run_with_timeout, shell_quote, simple_commands,
    substitute_commands, substitute_percent, SimpleCommand, Token,
};
use libtest_mimic::{Arguments, Failed, Trial};

const DEFAULT_LLVM_BIN: &str = "/usr/lib/llvm-22/bin";
/// How much of a tool's stdout or stderr a failure report shows.
const CLIP: usize = 12_000;
/// Tools that RUN lines name and that come from LLVM.
const LLVM_TOOLS: &[&str] = &["FileCheck", "not", "count"];
/// The machine every command runs for (`LATTICE_MACHINE`).
const MACHINE: &str = "medium";
/// The thread count of every command's parallel loops (`LATTICE_THREADS`; a RUN
/// line may set its own).
const THREADS: &str = "2";
/// The other machines the files of [`MACHINE_DEPENDENT_DIRS`] run under.
const OTHER_MACHINES: &[&str] = &["small", "large"];
/// Folders (under `test/`) whose passes read the target machine.
const MACHINE_DEPENDENT_DIRS: &[&str] = &["Poly/"];

/// What every trial needs to know about the machine.
struct Ctx {
    test_root: PathBuf,
    lattice: PathBuf,
    llvm_bin: PathBuf,
    mlir_opt: Option<PathBuf>,
    tmp_root: PathBuf,
    timeout: Duration,
}

impl Ctx {
    fn detect() -> Ctx {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        let repo = manifest.parent().unwrap_or(manifest).to_path_buf();
        let llvm_bin = std::env::var_os("LATTICE_LLVM_BIN")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(DEFAULT_LLVM_BIN));
        let mlir_opt = Some(llvm_bin.join("mlir-opt")).filter(|p| p.is_file());
        let timeout = std::env::var("LATTICE_FILECHECK_TIMEOUT")
            .ok()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .filter(|&s| s > 0)
            .unwrap_or(60);
        Ctx {
            test_root: repo.join("test"),
            lattice: PathBuf::from(env!("CARGO_BIN_EXE_lattice")),
            llvm_bin,
            mlir_opt,
            tmp_root: Path::new(env!("CARGO_TARGET_TMPDIR")).join("filecheck"),
            timeout: Duration::from_secs(timeout),
        }
    }

    /// `PATH` for RUN lines: the lattice binary's folder and LLVM's first.
    fn path_var(&self) -> std::ffi::OsString {
        let mut dirs = Vec::new();
        if let Some(dir) = self.lattice.parent() {
            dirs.push(dir.to_path_buf());
        }
        dirs.push(self.llvm_bin.clone());
        if let Some(path) = std::env::var_os("PATH") {
            dirs.extend(std::env::split_paths(&path));
        }
        std::env::join_paths(dirs).unwrap_or_default()
    }

    /// What a command word of a RUN line stands for.
    fn tool_for(&self, word: &str) -> Option<String> {
        if word == "lattice" {
            return Some(shell_quote(&self.lattice.to_string_lossy()));
        }
        if LLVM_TOOLS.contains(&word) {
            let tool = self.llvm_bin.join(word);
            // Without it, bash says "command not found", which is clearer
            // than a path that does not exist.
            return tool.is_file().then(|| shell_quote(&tool.to_string_lossy()));
        }
        None
    }
}

// ---------------------------------------------------------------------------
// Test files
// ---------------------------------------------------------------------------

struct RunLine {
    /// 1-based line number of the RUN line's first line.
    line: usize,
    cmd: String,
}

struct TestFile {
    path: PathBuf,
    /// Path relative to `test/`, with `/` separators: the trial's name.
    rel: String,
    run_lines: Vec<RunLine>,
    /// A malformed RUN line; fails the RUN trial.
    run_error: Option<String>,
    /// `Some(note)` for `// ORACLE: skip [note]`.
    oracle_skip: Option<String>,
    /// An `// ORACLE:` line that says anything but `skip` or `lattice-only <reason>`.
    oracle_error: Option<String>,
}

/// The directive that marks a `--split-input-file` chunk (or a whole file without it)
/// whose expected diagnostics are Lattice's own: the `--verify-diagnostics` oracle leaves
/// it out of what it gives mlir-opt.
const LATTICE_ONLY: &str = "lattice-only";

impl TestFile {
    fn parse(path: PathBuf, rel: String, text: &str) -> TestFile {
        let mut tf = TestFile {
            path,
            rel,
            run_lines: Vec::new(),
            run_error: None,
            oracle_skip: None,
            oracle_error: None,
        };
        // A RUN line ending in `\` continues on the next RUN line.
        let mut pending: Option<RunLine> = None;
        for (idx, line) in text.lines().enumerate() {
            let Some(comment) = line.trim_start().strip_prefix("//") else {
                continue;
            };
            let directive = comment.trim_start_matches('/').trim_start();
            if let Some(cmd) = directive.strip_prefix("RUN:") {
                let cmd = cmd.trim();
                let (body, continues) = match cmd.strip_suffix('\\') {
                    Some(body) => (body.trim_end(), true),
                    None => (cmd, false),
                };
                let run = match pending.take() {
                    Some(mut run) => {
                        run.cmd.push(' ');
                        run.cmd.push_str(body);
                        run
                    }
                    None => RunLine {
                        line: idx + 1,
                        cmd: body.to_string(),
                    },
                };
                if continues {
                    pending = Some(run);
                } else if !run.cmd.trim().is_empty() {
                    tf.run_lines.push(run);
                }
            } else if let Some(value) = directive.strip_prefix("ORACLE:") {
                let value = value.trim();
                let lattice_only = value.strip_prefix(LATTICE_ONLY);
                if lattice_only.is_some_and(|why| why.starts_with(char::is_whitespace)) {
                    continue;
                }
                if lattice_only.is_some() {
                    tf.oracle_error = Some(format!(
                        "line {}: `// ORACLE: {LATTICE_ONLY}` needs a reason",
                        idx + 1
                    ));
                    continue;
                }
                match value.strip_prefix("skip") {
                    Some(note) if note.is_empty() || note.starts_with(char::is_whitespace) => {
                        let note = note.trim();
                        tf.oracle_skip = Some(if note.is_empty() {
                            "`// ORACLE: skip`".to_string()
                        } else {
                            format!("`// ORACLE: skip {note}`")
                        });
                    }
                    _ => {
                        tf.oracle_error = Some(format!(
                            "line {}: unknown directive `// ORACLE: {value}` (only `// ORACLE: skip` and `// ORACLE: {LATTICE_ONLY} <reason>` are known)",
                            idx + 1
                        ));
                    }
                }
            }
        }
        if let Some(run) = pending {
            tf.run_error = Some(format!(
                "RUN line {} ends with `\\` but no RUN line follows it",
                run.line
            ));
        }
        tf
    }

    /// Every simple command of every RUN line.
    fn commands(&self) -> impl Iterator<Item = (&RunLine, SimpleCommand)> + '_ {
        self.run_lines
            .iter()
            .flat_map(|run| simple_commands(&run.cmd).into_iter().map(move |c| (run, c)))
    }

    fn uses_verify_diagnostics(&self) -> bool {
        self.commands().any(|(_, c)| {
            c.words.iter().any(|w| {
                let w = w.trim_start_matches('-');
                w == "verify-diagnostics" || w.starts_with("verify-diagnostics=")
            })
        })
    }

    /// The parsing flags that the RUN lines pass to `lattice` (any
    /// subcommand), which the oracle passes to both tools.
    fn oracle_flags(&self) -> ParseFlags {
        let mut flags = ParseFlags::default();
        for (_, c) in self.commands() {
            if let Some(args) = lattice_args(&c.words) {
                flags.merge(&ParseFlags::from_args(args));
            }
        }
        flags
    }

    /// Where the RUN trial keeps `%t` and `%T`.
    fn tmp_dir(&self, ctx: &Ctx, kind: &str) -> PathBuf {
        ctx.tmp_root.join(kind).join(format!("{}.d", self.rel))
    }
}

/// Finds the test files, sorted by path.
fn discover(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') {
                continue;
            }
            let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false)
                || (path.is_dir() && !path.is_symlink());
            if is_dir {
                if name != "Inputs" {
                    walk(&path, out);
                }
            } else if name.ends_with(".mlir") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(root, &mut files);
    files.sort();
    files
}

/// The arguments after `lattice` when `words` runs it, seeing through
/// `not [--crash]` and `VAR=value` prefixes.
fn lattice_args(words: &[String]) -> Option<&[String]> {
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let negation = w == "not" || (i > 0 && words[i - 1] == "not" && w.starts_with('-'));
        let assignment = w.contains('=') && !w.starts_with('-');
        if !(negation || assignment) {
            break;
        }
        i += 1;
    }
    (words.get(i).map(String::as_str) == Some("lattice")).then(|| &words[i + 1..])
}

/// The flags that change how a file is read, and so must be given to
/// `mlir-opt` and `lattice` alike.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct ParseFlags {
    /// `--split-input-file` or `--split-input-file=<marker>`.
    split: Option<String>,
    allow_unregistered: bool,
}

impl ParseFlags {
    fn from_args(args: &[String]) -> ParseFlags {
        let mut flags = ParseFlags::default();
        for arg in args {
            if !arg.starts_with('-') {
                continue;
            }
            let bare = arg.trim_start_matches('-');
            if bare == "split-input-file" || bare.starts_with("split-input-file=") {
                flags.split = Some(format!("--{bare}"));
            } else if bare == "allow-unregistered-dialect" {
                flags.allow_unregistered = true;
            }
        }
        flags
    }

    fn merge(&mut self, other: &ParseFlags) {
        if self.split.is_none() {
            self.split.clone_from(&other.split);
        }
        self.allow_unregistered |= other.allow_unregistered;
    }

    fn args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(split) = &self.split {
            args.push(split.clone());
        }
        if self.allow_unregistered {
            args.push("--allow-unregistered-dialect".to_string());
        }
        args
    }
}

// ---------------------------------------------------------------------------
// Running tools
// ---------------------------------------------------------------------------

/// Runs `program args` with `stdin`; its stdout on success, a report
/// (command, status, stdout, stderr) otherwise.
fn run_tool(
    ctx: &Ctx,
    program: &Path,
    args: &[String],
    stdin: Option<&[u8]>,
    cwd: Option<&Path>,
) -> Result<Vec<u8>, String> {
    let shown = std::iter::once(program.to_string_lossy().into_owned())
        .chain(args.iter().cloned())
        .map(|a| shell_quote(&a))
        .collect::<Vec<_>>()
        .join(" ");
    let shown = if stdin.is_some() {
        format!("{shown} < (text below)")
    } else {
        shown
    };
    let mut cmd = Command::new(program);
    cmd.args(args)
        .env("PATH", ctx.path_var())
        .env("LATTICE_MACHINE", MACHINE)
        .env("LATTICE_THREADS", THREADS);
    if let Some(dir) = cwd {
        cmd.current_dir(dir);
    }
    match run_with_timeout(&mut cmd, stdin, ctx.timeout) {
        Ok(out) if out.success() => Ok(out.stdout),
        Ok(out) => Err(format!(
            "command: {shown}\nstatus: {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            out.describe_status(ctx.timeout),
            clip(&out.stdout, CLIP),
            clip(&out.stderr, CLIP),
        )),
        Err(e) => Err(format!("command: {shown}\ncould not be started: {e}")),
    }
}

/// Numbers the first lines of `text`, for reports about input that a tool
/// rejected.
fn numbered(text: &[u8], max_lines: usize) -> String {
    let text = String::from_utf8_lossy(text);
    let mut out = String::new();
    let total = text.lines().count();
    for (n, line) in text.lines().enumerate().take(max_lines) {
        out.push_str(&format!("{:>5} | {line}\n", n + 1));
    }
    if total > max_lines {
        out.push_str(&format!("  ... {} more lines\n", total - max_lines));
    }
    out
}

// ---------------------------------------------------------------------------
// The RUN-line trial
// ---------------------------------------------------------------------------

/// Turns a RUN line into the bash command that runs it.
fn expand_run_line(ctx: &Ctx, tf: &TestFile, cmd: &str, tmp_dir: &Path) -> String {
    let with_tools = substitute_commands(cmd, &|word| ctx.tool_for(word));
    let base = tf
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp_file = tmp_dir.join(format!("{base}.tmp"));
    substitute_percent(&with_tools, &tf.path, &tmp_file, tmp_dir, true)
}

/// Runs the file's RUN lines with `LATTICE_MACHINE=machine`.
fn run_trial(ctx: &Ctx, tf: &TestFile, machine: &str) -> Result<(), Failed> {
    if let Some(err) = &tf.run_error {
        return Err(err.clone().into());
    }
    if tf.run_lines.is_empty() {
        return Err(format!(
            "{} has no `// RUN:` line (put helper files in a folder named `Inputs`)",
            tf.path.display()
        )
        .into());
    }
    let kind = if machine == MACHINE {
        "run".to_string()
    } else {
        format!("run-{machine}")
    };
    let dir = tf.tmp_dir(ctx, &kind);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for run in &tf.run_lines {
        let expanded = expand_run_line(ctx, tf, &run.cmd, &dir);
        let mut cmd = Command::new("bash");
        cmd.args(["-o", "pipefail", "-c", &expanded])
            .current_dir(&dir)
            .env("PATH", ctx.path_var())
            .env("LATTICE_MACHINE", machine)
            .env("LATTICE_THREADS", THREADS);
        let out = run_with_timeout(&mut cmd, None, ctx.timeout)
            .map_err(|e| format!("cannot start bash: {e}"))?;
        if !out.success() {
            return Err(format!(
                "RUN line {} failed (LATTICE_MACHINE={machine}): {}\n  as written: {}\n  ran:        {}\n  temp dir:   {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
                run.line,
                out.describe_status(ctx.timeout),
                run.cmd,
                expanded,
                dir.display(),
                clip(&out.stdout, CLIP),
                clip(&out.stderr, CLIP),
            )
            .into());
        }
    }
    let _ = fs::remove_dir_all(&dir);
    Ok(())
}

// ---------------------------------------------------------------------------
// The oracle trial
// ---------------------------------------------------------------------------

/// Why a file's oracle trial is ignored, decided before anything runs.
fn oracle_skip_reason(ctx: &Ctx, tf: &TestFile) -> Option<String> {
    if ctx.mlir_opt.is_none() {
        return Some(format!(
            "{} not found",
            ctx.llvm_bin.join("mlir-opt").display()
        ));
    }
    tf.oracle_skip.clone()
}

/// The checks against upstream `mlir-opt`, with the parse flags F that the
/// RUN lines give `lattice` (`--split-input-file`,
/// `--allow-unregistered-dialect`):
///
/// (a) `mlir-opt F` reads what `lattice opt FILE F` prints, and prints the
///     same text from it as from FILE itself; `mlir-opt` (with that RUN
///     line's F) also reads what each RUN line's leading `lattice opt ...`
///     command prints;
/// (b) `lattice opt - F` reprints byte for byte what `mlir-opt FILE F`
///     prints;
/// (c) `lattice opt - F` reprints its own output byte for byte;
/// (d) for a RUN line `lattice opt ... --verify-diagnostics ...`, mlir-opt
///     with the same arguments accepts the same expected diagnostics
///     ([`verify_diagnostics_check`]).
///
/// A file whose RUN lines use `--verify-diagnostics` may hold invalid IR on
/// purpose: when mlir-opt does not accept it, only (d) runs.
///
/// Every check runs; the report lists each that failed.
fn oracle_trial(ctx: &Ctx, tf: &TestFile) -> Result<(), Failed> {
    if let Some(err) = &tf.oracle_error {
        return Err(err.clone().into());
    }
    if let Some(reason) = oracle_skip_reason(ctx, tf) {
        if ctx.mlir_opt.is_none() {
            return Err(format!("cannot run the oracle: {reason}").into());
        }
        // Run by `--include-ignored`: there is nothing to check.
        eprintln!("note: oracle::{}: skipped: {reason}", tf.rel);
        return Ok(());
    }
    let mlir_opt = ctx.mlir_opt.as_deref().expect("checked above");
    let file = tf.path.to_string_lossy().into_owned();
    let flags = tf.oracle_flags().args();
    let flag_note = if flags.is_empty() {
        "no flags".to_string()
    } else {
        flags.join(" ")
    };
    let cwd = tf.path.parent();
    let lattice_opt = |input: &str, flags: &[String], stdin: Option<&[u8]>| {
        let mut args = vec!["opt".to_string(), input.to_string()];
        args.extend(flags.iter().cloned());
        run_tool(ctx, &ctx.lattice, &args, stdin, cwd)
    };
    let upstream = |input: &str, flags: &[String], stdin: Option<&[u8]>| {
        let mut args = vec![input.to_string()];
        args.extend(flags.iter().cloned());
        run_tool(ctx, mlir_opt, &args, stdin, cwd)
    };

    let mut failures: Vec<String> = Vec::new();
    let upstream_out = upstream(&file, &flags, None);
    if tf.uses_verify_diagnostics() {
        for run in &tf.run_lines {
            failures.extend(verify_diagnostics_check(ctx, tf, mlir_opt, run));
        }
        if upstream_out.is_err() {
            // Invalid IR on purpose: (d) is the check.
            return if failures.is_empty() {
                Ok(())
            } else {
                Err(failures.join("\n\n").into())
            };
        }
    }
    let lattice_out = lattice_opt(&file, &flags, None);

    if let Err(report) = &upstream_out {
        failures.push(format!(
            "mlir-opt does not accept the test file ({flag_note}); add `// ORACLE: skip` if that is intended\n{report}"
        ));
    }

    match &lattice_out {
        Err(report) => failures.push(format!(
            "[a, b, c] `lattice opt FILE` ({flag_note}) failed, so its output cannot be checked\n{report}"
        )),
        Ok(printed) => {
            // (a) mlir-opt reads it, and sees the same IR as in the file.
            match upstream("-", &flags, Some(printed)) {
                Err(report) => failures.push(format!(
                    "[a] mlir-opt does not read what `lattice opt FILE` ({flag_note}) prints\n{report}\n--- lattice's output ---\n{}",
                    numbered(printed, 80)
                )),
                Ok(reprinted) => {
                    if let Ok(expected) = &upstream_out {
                        if &reprinted != expected {
                            failures.push(format!(
                                "[a] mlir-opt prints Lattice's output of the file differently from the file itself: Lattice changed the IR\n{}",
                                describe_mismatch(
                                    &String::from_utf8_lossy(expected),
                                    &String::from_utf8_lossy(&reprinted),
                                    "mlir-opt FILE",
                                    "lattice opt FILE | mlir-opt",
                                )
                            ));
                        }
                    }
                }
            }
            // (c) Lattice reproduces its own output.
            match lattice_opt("-", &flags, Some(printed)) {
                Err(report) => failures.push(format!(
                    "[c] lattice does not read back its own output ({flag_note})\n{report}\n--- lattice's output ---\n{}",
                    numbered(printed, 80)
                )),
                Ok(again) if &again != printed => failures.push(format!(
                    "[c] lattice's output is not a fixed point: printing it again changes it\n{}",
                    describe_mismatch(
                        &String::from_utf8_lossy(printed),
                        &String::from_utf8_lossy(&again),
                        "lattice opt FILE",
                        "lattice opt FILE | lattice opt -",
                    )
                )),
                Ok(_) => {}
            }
        }
    }

    // (b) Lattice reprints mlir-opt's text byte for byte.
    if let Ok(expected) = &upstream_out {
        match lattice_opt("-", &flags, Some(expected)) {
            Err(report) => failures.push(format!(
                "[b] lattice does not read what mlir-opt prints ({flag_note})\n{report}\n--- mlir-opt's output ---\n{}",
                numbered(expected, 80)
            )),
            Ok(reprinted) if &reprinted != expected => failures.push(format!(
                "[b] lattice does not reprint mlir-opt's output byte for byte\n{}",
                describe_mismatch(
                    &String::from_utf8_lossy(expected),
                    &String::from_utf8_lossy(&reprinted),
                    "mlir-opt FILE",
                    "mlir-opt FILE | lattice opt -",
                )
            )),
            Ok(_) => {}
        }
    }

    // (a) for each RUN line that starts with `lattice opt ...`.
    let base = tf
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = tf.tmp_dir(ctx, "oracle");
    for run in &tf.run_lines {
        let Some(first) = simple_commands(&run.cmd).into_iter().next() else {
            continue;
        };
        let Some(args) = checkable_lattice_opt(&first) else {
            continue;
        };
        if is_verify_diagnostics(args) {
            // Checked by (d); it prints no IR to feed mlir-opt.
            continue;
        }
        let _ = fs::create_dir_all(&dir);
        let tmp_file = dir.join(format!("{base}.tmp"));
        let sub = |w: &str| substitute_percent(w, &tf.path, &tmp_file, &dir, false);
        let args: Vec<String> = args.iter().map(|a| sub(a)).collect();
        let stdin = match &first.stdin_file {
            Some(f) => match fs::read(sub(f)) {
                Ok(bytes) => Some(bytes),
                Err(_) => continue,
            },
            None => None,
        };
        let parse_flags = ParseFlags::from_args(&args);
        let only_parses = args[1..].iter().all(|a| {
            *a == file || ParseFlags::from_args(std::slice::from_ref(a)) != ParseFlags::default()
        });
        if only_parses && stdin.is_none() && parse_flags == tf.oracle_flags() {
            // The same command as `lattice opt FILE F` above.
            continue;
        }
        let line_flags = parse_flags.args();
        match run_tool(ctx, &ctx.lattice, &args, stdin.as_deref(), cwd) {
            Err(report) => failures.push(format!(
                "[a] RUN line {}: its `lattice opt` command failed (the RUN-line trial reports it too)\n{report}",
                run.line
            )),
            Ok(printed) => {
                if let Err(report) = upstream("-", &line_flags, Some(&printed)) {
                    failures.push(format!(
                        "[a] RUN line {}: mlir-opt does not read what `{}` prints\n{report}\n--- lattice's output ---\n{}",
                        run.line,
                        first.words.join(" "),
                        numbered(&printed, 80)
                    ));
                }
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);

    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n").into())
    }
}

/// Check (d) of [`oracle_trial`] for RUN line `run`: when its first command is `lattice
/// opt ... --verify-diagnostics ...`, mlir-opt with the same arguments must succeed (it
/// produces exactly the expected diagnostics), on the file less the chunks marked
/// `// ORACLE: lattice-only <reason>`. A line whose passes mlir-opt does not have
/// (Lattice's own) is not checked. `Some(failure)` when mlir-opt disagrees.
fn verify_diagnostics_check(
    ctx: &Ctx,
    tf: &TestFile,
    mlir_opt: &Path,
    run: &RunLine,
) -> Option<String> {
    let first = simple_commands(&run.cmd).into_iter().next()?;
    let args = checkable_lattice_opt(&first)?;
    if first.stdin_file.is_some() || !is_verify_diagnostics(args) {
        return None;
    }
    let dir = tf.tmp_dir(ctx, "oracle-verify");
    let _ = fs::create_dir_all(&dir);
    let text = fs::read_to_string(&tf.path).ok()?;
    let split = ParseFlags::from_args(args).split.is_some();
    let input = match without_lattice_only_chunks(&text, split) {
        Some(kept) => {
            let name = tf.path.file_name().unwrap_or_default();
            let copy = dir.join(name);
            fs::write(&copy, kept).ok()?;
            copy
        }
        None => tf.path.clone(),
    };
    let tmp_file = dir.join("tmp");
    let sub = |w: &str| substitute_percent(w, &input, &tmp_file, &dir, false);
    let upstream_args: Vec<String> = args[1..].iter().map(|a| sub(a)).collect();
    let result = run_tool(ctx, mlir_opt, &upstream_args, None, tf.path.parent());
    let _ = fs::remove_dir_all(&dir);
    let report = result.err()?;
    let unknown_pass = [
        "does not refer to a registered pass",
        "Unknown command line argument",
    ];
    if unknown_pass.iter().any(|m| report.contains(m)) {
        return None;
    }
    Some(format!(
        "[d] RUN line {}: mlir-opt does not produce the expected diagnostics (mark a chunk whose diagnostics are Lattice's own with `// ORACLE: {LATTICE_ONLY} <reason>`)\n{report}",
        run.line
    ))
}

/// Whether a command's arguments include `--verify-diagnostics`.
fn is_verify_diagnostics(args: &[String]) -> bool {
    args.iter()
        .any(|a| a.trim_start_matches('-') == "verify-diagnostics")
}

/// `text` without its `// -----` chunks (the whole text when not `split`) that hold an
/// `// ORACLE: lattice-only` line; `None` when there is none.
fn without_lattice_only_chunks(text: &str, split: bool) -> Option<String> {
    let marker = format!("ORACLE: {LATTICE_ONLY}");
    if !text.contains(&marker) {
        return None;
    }
    if !split {
        return Some(String::new());
    }
    let mut chunks: Vec<String> = vec![String::new()];
    for line in text.split_inclusive('\n') {
        if line.trim_end().starts_with("// -----") {
            chunks.push(String::new());
        } else {
            chunks.last_mut().expect("one chunk").push_str(line);
        }
    }
    let kept: Vec<String> = chunks
        .into_iter()
        .filter(|c| !c.contains(&marker))
        .collect();
    Some(kept.join("// -----\n"))
}

/// The arguments after `lattice` when a RUN line's first command is a
/// `lattice opt ...` whose stdout the oracle can feed to `mlir-opt`: it must
/// not be negated, write its output elsewhere, or need the shell to expand
/// anything.
fn checkable_lattice_opt(c: &SimpleCommand) -> Option<&[String]> {
    if !c.is_first || c.stdout_redirected || c.words.first().map(String::as_str) != Some("lattice")
    {
        return None;
    }
    let args = &c.words[1..];
    if args.first().map(String::as_str) != Some("opt") {
        return None;
    }
    if args.iter().any(|a| a.contains(['$', '`', '*', '?'])) {
        return None;
    }
    let writes_file = args.windows(2).any(|w| w[0] == "-o" && w[1] != "-")
        || args.iter().any(|a| a.starts_with("-o=") && a != "-o=-");
    (!writes_file).then_some(args)
}

// ---------------------------------------------------------------------------
// Checks of the harness itself
// ---------------------------------------------------------------------------

fn check_eq<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), Failed> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}:\n  got:  {got:?}\n  want: {want:?}").into())
    }
}

fn harness_trials() -> Vec<Trial> {
    let words = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        Trial::test("harness::lexer", move || {
            check_eq(
                "lex",
                lex(r#"not lattice opt "%s" 2>&1 --x='a b' | FileCheck %s > /dev/null"#),
                vec![
                    Token::Word("not".into()),
                    Token::Word("lattice".into()),
                    Token::Word("opt".into()),
                    Token::Word("%s".into()),
                    Token::Redirect {
                        op: "2>&1".into(),
                        target: None,
                    },
                    Token::Word("--x=a b".into()),
                    Token::Op("|".into()),
                    Token::Word("FileCheck".into()),
                    Token::Word("%s".into()),
                    Token::Redirect {
                        op: ">".into(),
                        target: Some("/dev/null".into()),
                    },
                ],
            )?;
            let cmds =
                simple_commands("lattice opt < %s --split-input-file | FileCheck %s && true");
            check_eq("commands", cmds.len(), 3)?;
            check_eq(
                "first words",
                cmds[0].words.clone(),
                words(&["lattice", "opt", "--split-input-file"]),
            )?;
            check_eq("stdin", cmds[0].stdin_file.clone(), Some("%s".to_string()))?;
            check_eq("first", (cmds[0].is_first, cmds[1].is_first), (true, false))?;
            check_eq(
                "followed by",
                cmds[0].followed_by.clone(),
                Some("|".to_string()),
            )?;
            let c = &simple_commands("lattice opt %s -o %t")[0];
            check_eq(
                "-o is not checkable",
                checkable_lattice_opt(c).is_none(),
                true,
            )?;
            let c = &simple_commands("lattice opt %s 2>&1")[0];
            check_eq(
                "2>&1 is checkable",
                checkable_lattice_opt(c).is_some(),
                true,
            )?;
            let c = &simple_commands("lattice opt %s > %t")[0];
            check_eq(
                "> is not checkable",
                checkable_lattice_opt(c).is_none(),
                true,
            )
        }),
        Trial::test("harness::lattice_only_chunks", move || {
            let text = "// RUN: x\nA\n// -----\n// ORACLE: lattice-only why\nB\n// -----\nC\n";
            check_eq(
                "split",
                without_lattice_only_chunks(text, true),
                Some("// RUN: x\nA\n// -----\nC\n".to_string()),
            )?;
            check_eq(
                "whole file",
                without_lattice_only_chunks(text, false),
                Some(String::new()),
            )?;
            check_eq(
                "unmarked",
                without_lattice_only_chunks("A\n// -----\nB\n", true),
                None,
            )
        }),
        Trial::test("harness::substitution", move || {
            let map = |w: &str| match w {
                "lattice" => Some("/bin/LAT".to_string()),
                "FileCheck" => Some("/llvm/FileCheck".to_string()),
                "not" => Some("/llvm/not".to_string()),
                "count" => Some("/llvm/count".to_string()),
                _ => None,
            };
            check_eq(
                "commands",
                substitute_commands(
                    "not --crash lattice opt %s 2>&1 | FileCheck %s --check-prefix=not lattice",
                    &map,
                ),
                "/llvm/not --crash /bin/LAT opt %s 2>&1 | /llvm/FileCheck %s --check-prefix=not lattice"
                    .to_string(),
            )?;
            check_eq(
                "quoted and redirected words stay",
                substitute_commands("echo 'lattice' > count; X=1 lattice|count 1", &map),
                "echo 'lattice' > count; X=1 /bin/LAT|/llvm/count 1".to_string(),
            )?;
            check_eq(
                "percent",
                substitute_percent(
                    "%s %S %p %t %T 100%% %x",
                    Path::new("/r/test/a b.mlir"),
                    Path::new("/tmp/x/a.tmp"),
                    Path::new("/tmp/x"),
                    true,
                ),
                "'/r/test/a b.mlir' /r/test /r/test /tmp/x/a.tmp /tmp/x 100% %x".to_string(),
            )?;
            let tf = TestFile::parse(
                PathBuf::from("/r/test/a.mlir"),
                "a.mlir".into(),
                "// RUN: lattice opt %s \\\n// RUN:   --split-input-file \\\n// RUN: -allow-unregistered-dialect | FileCheck %s\n// ORACLE: skip (why)\nfunc.func @f()\n",
            );
            check_eq("run lines", tf.run_lines.len(), 1)?;
            check_eq(
                "joined",
                tf.run_lines[0].cmd.clone(),
                "lattice opt %s --split-input-file -allow-unregistered-dialect | FileCheck %s"
                    .to_string(),
            )?;
            check_eq(
                "flags",
                tf.oracle_flags().args(),
                words(&["--split-input-file", "--allow-unregistered-dialect"]),
            )?;
            check_eq(
                "skip",
                tf.oracle_skip.clone(),
                Some("`// ORACLE: skip (why)`".to_string()),
            )?;
            let tf = TestFile::parse(
                PathBuf::from("/r/test/b.mlir"),
                "b.mlir".into(),
                "// RUN: not lattice opt %s -verify-diagnostics\n// RUN: lattice opt %s \\\n",
            );
            check_eq("verify", tf.uses_verify_diagnostics(), true)?;
            check_eq("dangling continuation", tf.run_error.is_some(), true)
        }),
        Trial::test("harness::diff", || {
            let msg = describe_mismatch("a\nb\nc\nd\n", "a\nB\nc\nd\n", "want", "got");
            let want_lines = ["-    2 | b", "+    2 | B", "     1 | a", "     3 | c"];
            for line in want_lines {
                if !msg.contains(line) {
                    return Err(format!("diff lacks {line:?}:\n{msg}").into());
                }
            }
            let msg = describe_mismatch("a\n", "a", "want", "got");
            if !msg.contains("no newline at end") {
                return Err(format!("diff does not mention the final newline:\n{msg}").into());
            }
            Ok(())
        }),
        Trial::test("harness::timeout", || {
            let mut cmd = Command::new("bash");
            cmd.args(["-c", "sleep 30 | cat"]);
            let start = std::time::Instant::now();
            let out = run_with_timeout(&mut cmd, None, Duration::from_millis(300))
                .map_err(|e| e.to_string())?;
            check_eq("timed out", out.timed_out, true)?;
            check_eq(
                "killed promptly",
                start.elapsed() < Duration::from_secs(10),
                true,
            )?;
            let mut cmd = Command::new("cat");
            let out = run_with_timeout(&mut cmd, Some(b"through stdin"), Duration::from_secs(10))
                .map_err(|e| e.to_string())?;
            check_eq(
                "stdin",
                String::from_utf8_lossy(&out.stdout).into_owned(),
                "through stdin".into(),
            )
        }),
    ]
}

fn main() {
    let args = Arguments::from_args();
    let ctx = Arc::new(Ctx::detect());

    let mut trials = harness_trials();
    let files = discover(&ctx.test_root);
    if files.is_empty() {
        eprintln!("note: no *.mlir file under {}", ctx.test_root.display());
    }
    // Outside CI a missing mlir-opt ignores the oracle::* trials; in CI it fails.
    require(
        ctx.mlir_opt.is_some(),
        &format!(
            "{} not found (install mlir-22-tools, or set LATTICE_LLVM_BIN)",
            ctx.llvm_bin.join("mlir-opt").display()
        ),
        "the oracle::* trials",
    );
    let mut skipped = BTreeSet::new();
    for path in files {
        let rel = path
            .strip_prefix(&ctx.test_root)
            .unwrap_or(&path)
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        let tf = match fs::read(&path) {
            Ok(bytes) => TestFile::parse(path, rel.clone(), &String::from_utf8_lossy(&bytes)),
            Err(e) => {
                let msg = format!("cannot read {}: {e}", path.display());
                trials.push(Trial::test(rel, move || Err(msg.into())));
                continue;
            }
        };
        let skip = oracle_skip_reason(&ctx, &tf);
        if let (Some(reason), true) = (&skip, ctx.mlir_opt.is_some()) {
            skipped.insert(format!("oracle::{rel}: {reason}"));
        }
        let tf = Arc::new(tf);
        let (c, t) = (ctx.clone(), tf.clone());
        trials.push(Trial::test(rel.clone(), move || run_trial(&c, &t, MACHINE)));
        if MACHINE_DEPENDENT_DIRS.iter().any(|d| rel.starts_with(d)) {
            for &m in OTHER_MACHINES {
                let (c, t) = (ctx.clone(), tf.clone());
                trials.push(Trial::test(format!("machine-{m}::{rel}"), move || {
                    run_trial(&c, &t, m)
                }));
            }
        }
        let (c, t) = (ctx.clone(), tf);
        trials.push(
            Trial::test(format!("oracle::{rel}"), move || oracle_trial(&c, &t))
                .with_ignored_flag(skip.is_some()),
        );
    }
    for note in &skipped {
        eprintln!("note: ignored {note}");
    }
    libtest_mimic::run(&args, trials).exit();
}
