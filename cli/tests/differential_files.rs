//! Differential semantics test over the file tests in `test/`: for every RUN line that
//! runs a transformation (`lattice opt %s <passes> | FileCheck ...`; round trips,
//! `--verify-diagnostics` lines and lines whose stdout goes elsewhere excepted), every
//! chunk of the file is pruned to its callable functions (`support::harness::prepare`),
//! transformed by `lattice opt` with the line's passes, and both the pruned original and
//! the transformed module get the same synthesized entry function (`harness::wrap`).
//! Both are lowered by upstream `mlir-opt` with runtime verification (out-of-bounds
//! accesses abort) and run by `mlir-runner`; they must print the same thing. A transformed
//! module with parallel loops is also run by Lattice's race detector (`lattice run
//! --parallel-order=reverse`, every parallel loop backwards), which must print the same
//! too (within 1e-9 relative where it has parallel reductions), unless it holds an op
//! Lattice's CPU back end does not lower yet (counted in the summary).
//!
//! A function is compared only when the original runs cleanly; otherwise it is skipped
//! with the reason, and every skip is counted in the summary printed at the end. A case in
//! [`EXPECTED_FAILURES`] that differs is reported but does not fail the test.
//!
//! Invariants: one trial per (file, pass flags); the original's runs are cached by text,
//! so RUN lines of one file share them; when `mlir-opt` or `mlir-runner` is missing every
//! trial is ignored.

mod common;
mod support;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

use libtest_mimic::{Arguments, Failed, Trial};
use support::harness::{self, Func};
use support::{run_upstream, RunOptions};

/// `(test file, pass flags as written on the RUN line, function)` whose results a pass
/// changes today, with the helper who owns the pass. They are reported, not failed.
const EXPECTED_FAILURES: &[(&str, &str, &str, &str)] = &[];

/// The entry function the harness adds (a name no file test uses).
const ENTRY: &str = "difffile_main";
/// Printed before each function's output: `MARKER - k` for the k-th called function.
const MARKER: i64 = -1_000_000;

/// `lattice opt` options that do not change what the output computes.
const NEUTRAL_FLAGS: &[&str] = &[
    "--mlir-print-op-generic",
    "--mlir-print-debuginfo",
    "--mlir-disable-threading",
    "--timing",
    "--mlir-timing",
    "--print-ir-after-all",
    "--verify-each",
    "--remarks",
    "--diagnostic-format=rich",
    "--diagnostic-format=mlir",
];

/// Printer and parser flags, with one dash or two (`-mlir-print-local-scope`,
/// `--no-implicit-module`): they change how the output is written, not the program, and
/// some outputs are not meant to be parsed again (`-mlir-print-skip-regions`).
fn is_printer_flag(f: &str) -> bool {
    let f = f.trim_start_matches('-');
    f.starts_with("mlir-") || f == "no-implicit-module"
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A (file, flags) pair to check.
struct Case {
    rel: String,
    path: PathBuf,
    /// Pass flags given to `lattice opt`, `--allow-unregistered-dialect` included.
    flags: Vec<String>,
    split: bool,
    allow_unregistered: bool,
}

/// The transformation RUN lines of `text`, as cases.
fn cases_of(rel: &str, path: &Path, text: &str) -> Vec<Case> {
    let mut lines = Vec::new();
    let mut pending: Option<String> = None;
    for line in text.lines() {
        let Some(cmd) = line.trim_start().strip_prefix("// RUN:") else {
            continue;
        };
        let cmd = cmd.trim();
        let (body, more) = match cmd.strip_suffix('\\') {
            Some(b) => (b.trim_end(), true),
            None => (cmd, false),
        };
        let mut full = pending.take().unwrap_or_default();
        full.push(' ');
        full.push_str(body);
        if more {
            pending = Some(full);
        } else {
            lines.push(full);
        }
    }
    let mut cases: Vec<Case> = Vec::new();
    for line in lines {
        let Some(first) = common::simple_commands(&line).into_iter().next() else {
            continue;
        };
        let w = &first.words;
        if w.len() < 3 || w[0] != "lattice" || w[1] != "opt" || first.stdout_redirected {
            continue;
        }
        let mut flags = Vec::new();
        let (mut split, mut allow, mut skip_next, mut ok) = (false, false, false, true);
        // Only RUN lines that transform the file: not `--print-machine`, `--help`, ...
        let mut input = false;
        for word in &w[2..] {
            if skip_next {
                skip_next = false;
                continue;
            }
            match word.as_str() {
                "%s" => input = true,
                "--print-machine" => ok = false,
                "-o" => skip_next = true,
                "--split-input-file" => split = true,
                "--allow-unregistered-dialect" => allow = true,
                "--verify-diagnostics" => ok = false,
                f if NEUTRAL_FLAGS.contains(&f) || is_printer_flag(f) => {}
                f if f.starts_with('-') => flags.push(f.to_string()),
                _ => ok = false,
            }
        }
        if !ok || !input || flags.is_empty() || cases.iter().any(|c| c.flags == flags) {
            continue;
        }
        cases.push(Case {
            rel: rel.to_string(),
            path: path.to_path_buf(),
            flags,
            split,
            allow_unregistered: allow,
        });
    }
    for c in &mut cases {
        if c.allow_unregistered {
            c.flags.insert(0, "--allow-unregistered-dialect".into());
        }
    }
    cases
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if p.is_dir() {
            if name != "Inputs" && !name.starts_with('.') {
                collect(&p, out);
            }
        } else if name.ends_with(".mlir") {
            out.push(p);
        }
    }
}

/// What the trials found, for the summary.
#[derive(Default)]
struct Stats {
    compared: usize,
    unchanged: usize,
    /// Runs of transformed modules through the race detector.
    reversed: usize,
    /// Transformed modules with parallel loops the race detector cannot run (an op
    /// Lattice's CPU back end does not lower yet).
    reversed_unsupported: usize,
    chunks_skipped: BTreeMap<String, usize>,
    funcs_skipped: BTreeMap<String, usize>,
    expected_failures: Vec<String>,
}

type Cache = Mutex<HashMap<String, Result<String, String>>>;

struct Shared {
    stats: Mutex<Stats>,
    cache: Cache,
}

fn run_checked(shared: &Shared, text: &str) -> Result<String, String> {
    if let Some(r) = shared.cache.lock().unwrap().get(text) {
        return r.clone();
    }
    let r = run_upstream(
        text,
        RunOptions {
            upstream_lower_affine: true,
            runtime_checks: true,
            entry: ENTRY,
        },
    );
    // LATTICE_DIFF_DUMP=DIR keeps every module that failed to run, with its error.
    if let (Err(e), Ok(dir)) = (&r, std::env::var("LATTICE_DIFF_DUMP")) {
        let n = shared.cache.lock().unwrap().len();
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(
            format!("{dir}/fail{n}.mlir"),
            format!("// {}\n{text}", e.replace('\n', "\n// ")),
        );
    }
    shared
        .cache
        .lock()
        .unwrap()
        .insert(text.to_string(), r.clone());
    r
}

/// The output of each called function, split at the markers.
fn sections(out: &str, n: usize) -> Vec<String> {
    let mut secs = vec![String::new(); n];
    let mut cur = None;
    for line in out.lines() {
        if let Ok(v) = line.trim().parse::<i64>() {
            let k = MARKER - v;
            if (0..n as i64).contains(&k) {
                cur = Some(k as usize);
                continue;
            }
        }
        if let Some(k) = cur {
            secs[k].push_str(line);
            secs[k].push('\n');
        }
    }
    secs
}

/// One line saying why a run failed (the first interesting line of the tool's stderr).
fn short(e: &str) -> String {
    if e.contains("ERROR: Runtime op verification failed") || e.contains("out-of-bounds") {
        return "out of bounds with the generated arguments".into();
    }
    if e.contains("timed out after") {
        return "the original does not finish in time".into();
    }
    if e.starts_with("running:") {
        return "the original crashes when run".into();
    }
    let line = e
        .lines()
        .find(|l| l.contains("error:"))
        .unwrap_or_else(|| e.lines().next().unwrap_or(""));
    let msg = line.split("error:").nth(1).unwrap_or(line).trim();
    let msg: String = msg.chars().take(80).collect();
    format!("upstream cannot lower or run it: {msg}")
}

fn lattice_opt(case: &Case, input: &str) -> Result<String, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lattice"));
    cmd.env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2");
    cmd.arg("opt").arg("-").args(&case.flags);
    support::pipe(cmd, input)
}

/// Compares `funcs` of the original `p` and transformed `t` modules; pushes failures.
fn compare(
    case: &Case,
    shared: &Shared,
    chunk: usize,
    p: &str,
    t: &str,
    funcs: &[Func],
    failures: &mut Vec<String>,
) {
    let mut stats = Vec::new();
    let before = run_checked(shared, &harness::wrap(p, funcs, ENTRY));
    let groups: Vec<Vec<Func>> = match before {
        Ok(_) => vec![funcs.to_vec()],
        // Find out which functions run on their own.
        Err(_) if funcs.len() > 1 => funcs.iter().map(|f| vec![f.clone()]).collect(),
        Err(e) => {
            stats.push((funcs[0].name.clone(), Err(short(&e))));
            vec![]
        }
    };
    for group in groups {
        let before = match run_checked(shared, &harness::wrap(p, &group, ENTRY)) {
            Ok(b) => b,
            Err(e) => {
                stats.push((group[0].name.clone(), Err(short(&e))));
                continue;
            }
        };
        let after = run_checked(shared, &harness::wrap(t, &group, ENTRY));
        let after = match after {
            Ok(a) => a,
            Err(_) if t.contains("gpu.") => {
                for f in &group {
                    stats.push((f.name.clone(), Err("the pass produces gpu ops".into())));
                }
                continue;
            }
            Err(e) if e.contains("!llvm.ptr<") => {
                // affine-data-copy-generate's fast buffers live in memory space 1, which
                // the CPU lowering cannot free.
                let why = "the pass uses a non-default memory space (not runnable on the CPU)";
                for f in &group {
                    stats.push((f.name.clone(), Err(why.into())));
                }
                continue;
            }
            Err(e) => {
                failures.push(format!(
                    "chunk {chunk}: the original runs, the transformed module does not: {e}"
                ));
                continue;
            }
        };
        // With parallel loops, also Lattice's race detector: mlir-runner runs them in
        // order, which hides a loop that carries a dependence.
        let reversed = if t.contains("affine.parallel") || t.contains("scf.parallel") {
            shared.stats.lock().unwrap().reversed += 1;
            match support::run_reversed(&harness::wrap(t, &group, ENTRY), ENTRY) {
                Ok(r) => Some(sections(&r, group.len())),
                // An op Lattice's CPU back end does not lower yet (e.g. `scf.forall`):
                // mlir-runner's comparison above still holds; the skip is counted.
                Err(e) if e.contains("by Lattice (not supported yet)") => {
                    let mut s = shared.stats.lock().unwrap();
                    s.reversed -= 1;
                    s.reversed_unsupported += 1;
                    None
                }
                Err(e) => {
                    failures.push(format!(
                        "chunk {chunk}: the transformed module does not run in reverse parallel order: {e}"
                    ));
                    continue;
                }
            }
        } else {
            None
        };
        let (b, a) = (
            sections(&before, group.len()),
            sections(&after, group.len()),
        );
        for (k, f) in group.iter().enumerate() {
            // Parallel reductions combine in another order backwards (last bits of floats).
            let race = reversed.as_ref().map(|r| &r[k]).filter(|r| {
                **r != b[k] && !(t.contains(" reduce (") && support::agree_within(r, &b[k], 1e-9))
            });
            if b[k] == a[k] && race.is_none() {
                stats.push((f.name.clone(), Ok(())));
                continue;
            }
            let msg = match race {
                Some(r) if b[k] == a[k] => format!(
                    "chunk {chunk}, @{}: the original prints {:?}, the transformed with its parallel loops run backwards (lattice run --parallel-order=reverse) {r:?}",
                    f.name, b[k]
                ),
                _ => format!(
                    "chunk {chunk}, @{}: the original prints {:?}, the transformed {:?}",
                    f.name, b[k], a[k]
                ),
            };
            let flags = case.flags.join(" ");
            let owner = EXPECTED_FAILURES.iter().find(|(file, fl, func, _)| {
                *file == case.rel && flags.contains(fl) && *func == f.name
            });
            match owner {
                Some((_, _, _, who)) => {
                    let line = format!("{} `{flags}` {msg} (expected; owner: {who})", case.rel);
                    shared.stats.lock().unwrap().expected_failures.push(line);
                }
                None => failures.push(msg),
            }
        }
    }
    let mut s = shared.stats.lock().unwrap();
    for (_, r) in stats {
        match r {
            Ok(()) => s.compared += 1,
            Err(why) => *s.funcs_skipped.entry(why).or_default() += 1,
        }
    }
}

fn check(case: &Case, shared: &Shared) -> Result<(), Failed> {
    let text = std::fs::read_to_string(&case.path).map_err(|e| format!("{e}"))?;
    let chunks: Vec<&str> = if case.split {
        text.split("// -----").collect()
    } else {
        vec![&text]
    };
    let mut failures = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        let prepared = match harness::prepare(chunk, case.allow_unregistered) {
            Ok(p) => p,
            Err(why) => {
                *shared
                    .stats
                    .lock()
                    .unwrap()
                    .chunks_skipped
                    .entry(why)
                    .or_default() += 1;
                continue;
            }
        };
        {
            let mut s = shared.stats.lock().unwrap();
            for (_, why) in &prepared.skipped {
                *s.funcs_skipped.entry(why.clone()).or_default() += 1;
            }
        }
        let transformed = match lattice_opt(case, &prepared.text) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!(
                    "chunk {i}: lattice opt fails on the pruned chunk: {e}"
                ));
                continue;
            }
        };
        if transformed.trim() == prepared.text.trim() {
            shared.stats.lock().unwrap().unchanged += prepared.funcs.len();
            continue;
        }
        compare(
            case,
            shared,
            i,
            &prepared.text,
            &transformed,
            &prepared.funcs,
            &mut failures,
        );
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n").into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let available = support::upstream_available();
    let mut files = Vec::new();
    collect(&repo().join("test"), &mut files);
    files.sort();
    let shared = Arc::new(Shared {
        stats: Mutex::new(Stats::default()),
        cache: Mutex::new(HashMap::new()),
    });
    let mut trials = Vec::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let rel = path
            .strip_prefix(repo().join("test"))
            .unwrap_or(&path)
            .to_string_lossy()
            .replace('\\', "/");
        for case in cases_of(&rel, &path, &text) {
            let name = format!("{} {}", case.rel, case.flags.join(" "));
            let shared = shared.clone();
            trials.push(
                Trial::test(name, move || check(&case, &shared)).with_ignored_flag(!available),
            );
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    let s = shared.stats.lock().unwrap();
    println!(
        "differential_files: {} function comparisons differ-checked, {} unchanged by their pass",
        s.compared, s.unchanged
    );
    println!(
        "  {} runs of transformed modules with parallel loops run backwards too (lattice run --parallel-order=reverse)",
        s.reversed
    );
    if s.reversed_unsupported > 0 {
        println!(
            "  {} transformed modules with parallel loops not run backwards: an op Lattice's CPU back end does not lower yet",
            s.reversed_unsupported
        );
    }
    for (why, n) in &s.chunks_skipped {
        println!("  chunks skipped ({n}): {why}");
    }
    for (why, n) in &s.funcs_skipped {
        println!("  functions skipped ({n}): {why}");
    }
    for line in &s.expected_failures {
        println!("  expected failure: {line}");
    }
    drop(s);
    conclusion.exit();
}
