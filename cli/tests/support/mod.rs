//! Shared by the differential tests (`tests/differential.rs`, `tests/differential_files.rs`,
//! `tests/poly_random.rs`): lowering a program with upstream `mlir-opt` and running it
//! with `mlir-runner` (or with Lattice's race detector, [`run_reversed`]), splitting
//! pipeline flags, comparing outputs within a tolerance. `harness` synthesizes `main`
//! functions for file-test chunks.
//!
//! Invariants: the upstream tools are only read; a failure to start, lower or run comes
//! back as `Err(message)` with the first lines of the tool's stderr, never as a panic.

#![allow(dead_code)]

pub mod harness;
// The one helper that decides what a missing tool means (skip, or fail in CI).
#[path = "../common/require.rs"]
pub mod require;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

pub const LLVM_BIN: &str = "/usr/lib/llvm-22/bin";
pub const LLVM_LIB: &str = "/usr/lib/llvm-22/lib";

/// Upstream lowering to the LLVM dialect, after an optional first `--lower-affine`.
pub const LOWERING: &[&str] = &[
    // linalg.generic on memrefs becomes scf loops first.
    "--convert-linalg-to-loops",
    // Vector transfers (affine-super-vectorize) lower to scf loops and affine.apply ops,
    // hence the second --lower-affine; fully unrolled so n-D vectors reach LLVM as 1-D.
    "--convert-vector-to-scf=full-unroll=true",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--convert-vector-to-llvm",
    "--convert-math-to-llvm",
    "--convert-to-llvm",
    "--reconcile-unrealized-casts",
];

/// Whether `mlir-opt` and `mlir-runner` are installed (the tests pass with a note if not,
/// except in CI, where a missing tool fails: [`require::require_tools`]).
pub fn upstream_available() -> bool {
    let tools = ["mlir-opt", "mlir-runner"].map(|t| Path::new(LLVM_BIN).join(t));
    require::require_tools(
        &tools.each_ref().map(|t| t.as_path()),
        "the comparison with upstream",
    )
}

/// How long one upstream tool may run in [`pipe`].
const PIPE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

/// Runs `cmd` with `input` on stdin; `Ok(stdout)` on success, `Err(message)` otherwise
/// (also when it runs past [`PIPE_TIMEOUT`]).
pub fn pipe(mut cmd: Command, input: &str) -> Result<String, String> {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {cmd:?}: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let text = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    let read = |mut r: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut b = Vec::new();
            let _ = r.read_to_end(&mut b);
            b
        })
    };
    let stdout = read(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = read(Box::new(child.stderr.take().expect("piped stderr")));
    // A program that does not finish (a loop of 2^63 iterations in a test file) is an
    // error, not a hung test.
    let deadline = std::time::Instant::now() + PIPE_TIMEOUT;
    let status = loop {
        match child.try_wait().map_err(|e| format!("{cmd:?}: {e}"))? {
            Some(status) => break status,
            None if std::time::Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "{:?} timed out after {} s",
                    cmd.get_program(),
                    PIPE_TIMEOUT.as_secs()
                ));
            }
            None => std::thread::sleep(std::time::Duration::from_millis(5)),
        }
    };
    let _ = writer.join();
    let out = std::process::Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    };
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let head: String = err
            .lines()
            .filter(|l| !l.trim_start().starts_with('#') && !l.starts_with("PLEASE"))
            .take(6)
            .collect::<Vec<_>>()
            .join("\n");
        return Err(format!(
            "{:?} failed ({}):\n{head}",
            cmd.get_program(),
            out.status
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs `text` with `lattice run -O0 --parallel-order=reverse -e entry` (through a
/// temporary file): Lattice's race detector, which runs every parallel loop backwards on
/// one thread, so a loop wrongly marked parallel prints something else. Returns what it
/// prints.
pub fn run_reversed(text: &str, entry: &str) -> Result<String, String> {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let file =
        std::env::temp_dir().join(format!("lattice-reversed-{}-{n}.mlir", std::process::id()));
    std::fs::write(&file, text).map_err(|e| format!("cannot write {file:?}: {e}"))?;
    let out = Command::new(env!("CARGO_BIN_EXE_lattice"))
        .env("LATTICE_MACHINE", "medium")
        .env("LATTICE_THREADS", "2")
        .arg("run")
        .arg(&file)
        .args(["-O0", "--parallel-order=reverse", "-e", entry])
        .output();
    let _ = std::fs::remove_file(&file);
    let out = out.map_err(|e| format!("cannot run lattice: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "lattice run --parallel-order=reverse failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// How [`run_upstream`] lowers and runs a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RunOptions<'a> {
    /// Run upstream `--lower-affine` first (off when Lattice already lowered affine).
    pub upstream_lower_affine: bool,
    /// Insert `--generate-runtime-verification` after the first lowering, so that an
    /// out-of-bounds `memref.load`/`memref.store` aborts instead of reading garbage.
    pub runtime_checks: bool,
    /// The function mlir-runner calls (`() -> ()`).
    pub entry: &'a str,
}

impl Default for RunOptions<'_> {
    fn default() -> Self {
        RunOptions {
            upstream_lower_affine: true,
            runtime_checks: false,
            entry: "main",
        }
    }
}

/// Lowers `text` with upstream mlir-opt and runs it with mlir-runner, returning what it
/// prints.
pub fn run_upstream(text: &str, options: RunOptions<'_>) -> Result<String, String> {
    let mut opt = Command::new(format!("{LLVM_BIN}/mlir-opt"));
    if options.upstream_lower_affine {
        opt.arg("--lower-affine");
    }
    if options.runtime_checks {
        opt.arg("--generate-runtime-verification");
    }
    opt.args(LOWERING);
    let llvm = pipe(opt, text).map_err(|e| format!("lowering: {e}"))?;
    let mut runner = Command::new(format!("{LLVM_BIN}/mlir-runner"));
    // -O0: the JIT's optimizations only cost time here (unrolled programs are large) and
    // do not change what the programs print (no fast-math, no contraction either way).
    runner.args([
        "-O0",
        "-e",
        options.entry,
        "-entry-point-result=void",
        &format!(
            "-shared-libs={LLVM_LIB}/libmlir_c_runner_utils.so.22.1,{LLVM_LIB}/libmlir_runner_utils.so.22.1"
        ),
    ]);
    pipe(runner, &llvm).map_err(|e| format!("running: {e}"))
}

/// Splits flags at whitespace outside double quotes (quotes are dropped), so one flag can
/// carry several pass options: `--pass="a=1 b=2"`.
pub fn split_flags(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Whether two program outputs agree: identical, or the same words where every number
/// is within `rel` relative of its counterpart (for transformations that reassociate
/// floating-point reductions; the tolerance is 1e-9).
pub fn agree_within(a: &str, b: &str, rel: f64) -> bool {
    if a == b {
        return true;
    }
    let xs: Vec<&str> = a.split_whitespace().collect();
    let ys: Vec<&str> = b.split_whitespace().collect();
    xs.len() == ys.len()
        && xs
            .iter()
            .zip(&ys)
            .all(|(x, y)| match (x.parse::<f64>(), y.parse::<f64>()) {
                (Ok(x), Ok(y)) => (x - y).abs() <= rel * x.abs().max(y.abs()).max(1.0),
                _ => x == y,
            })
}

/// The runnable examples, `examples/*.mlir`, sorted by name.
pub fn examples() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {dir:?}: {e}"))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    files
}

/// What an example prints, from its `// CHECKSUM:` line.
pub fn checksum(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("// CHECKSUM:"))
        .map(|s| s.trim().to_string())
}

/// Runs `check` on every case on `threads` threads; the failures, as `(case index,
/// message)`, in case order.
pub fn on_threads<T: Sync>(
    cases: &[T],
    threads: usize,
    check: impl Fn(&T) -> Result<(), String> + Sync,
) -> Vec<(usize, String)> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(case) = cases.get(i) else { break };
                if let Err(e) = check(case) {
                    failures.lock().unwrap().push((i, e));
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort_by_key(|(i, _)| *i);
    failures
}
