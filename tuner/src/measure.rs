//! Building and timing candidates: the timing harness (wall clock `rtclock` and process CPU
//! clock `clock` read around the kernel's call in `@main`, both elapsed times printed after
//! a sentinel line), applying a
//! config's pipeline to the kernel function only, and the [`Measurer`]s that run a program
//! and return its output and kernel time — upstream (`mlir-opt` lowering, `mlir-runner`)
//! and Lattice's own JIT (`lattice run`) once this build has it.
//!
//! Invariants: a run's output is the program's own output with the sentinel and time
//! lines removed, so it compares equal to the untransformed program's output exactly
//! when the candidate computes the same thing; every run is a fresh process, so in-place
//! kernels see freshly initialised inputs each time; a child process that outlives its
//! time limit is killed.

use super::kernel::{func_name, functions};
use lattice_dialects::func;
use lattice_ir::builtin;
use lattice_ir::pass::{run_pipeline, OpPipeline, PassRegistry, RunOptions};
use lattice_ir::printer::{print_op, PrintOptions};
use lattice_ir::{Context, Ir, Op};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The value printed on the line before the kernel time.
pub const SENTINEL: &str = "987654321";

/// Parses `text`, verifies it, and returns the IR and module op, or rendered diagnostics.
pub fn parse_program(ctx: &Arc<Context>, name: &str, text: &str) -> Result<(Ir, Op), String> {
    let mut sources = lattice_driver::source_map();
    let id = sources.add(name, text);
    let mut ir = Ir::new(ctx.clone());
    let m = lattice_ir::parser::parse_source(&mut ir, id, name, text)
        .map_err(|d| sources.render(ctx, &[d], Some(id)))?;
    let errors = lattice_ir::verifier::verify(&ir, m);
    if !errors.is_empty() {
        return Err(sources.render(ctx, &errors, Some(id)));
    }
    Ok((ir, m))
}

/// Parses and verifies `text` and prints it back in canonical form (what [`add_harness`]
/// expects).
pub fn canonical_text(ctx: &Arc<Context>, name: &str, text: &str) -> Result<String, String> {
    let (ir, m) = parse_program(ctx, name, text)?;
    let mut out = print_op(&ir, m, PrintOptions::default());
    out.push('\n');
    Ok(out)
}

/// Adds the timing harness to the canonically printed program `text`: declarations of `rtclock`,
/// `clock` (libc's process CPU time in microseconds), `printI64`, `printF64`, `printNewline`
/// where missing, and around the first call of `kernel` in `@main` both clocks read before
/// and after, then the sentinel, the elapsed wall seconds and the elapsed CPU microseconds
/// on three lines of their own.
pub fn add_harness(text: &str, kernel: &str) -> Result<String, String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let main_at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("func.func @main("))
        .ok_or("no @main function")?;
    let call_pat = format!("call @{kernel}(");
    let call_at = lines[main_at..]
        .iter()
        .position(|l| l.contains(&call_pat))
        .map(|p| p + main_at)
        .ok_or(format!("@main does not call @{kernel}"))?;
    let indent: String = lines[call_at]
        .chars()
        .take_while(|c| c.is_whitespace())
        .collect();
    let after = [
        format!("{indent}%__lattice_t1 = func.call @rtclock() : () -> f64"),
        format!("{indent}%__lattice_c1 = func.call @clock() : () -> i64"),
        format!("{indent}%__lattice_dt = arith.subf %__lattice_t1, %__lattice_t0 : f64"),
        format!("{indent}%__lattice_dc = arith.subi %__lattice_c1, %__lattice_c0 : i64"),
        format!("{indent}%__lattice_mark = arith.constant {SENTINEL} : i64"),
        format!("{indent}func.call @printI64(%__lattice_mark) : (i64) -> ()"),
        format!("{indent}func.call @printNewline() : () -> ()"),
        format!("{indent}func.call @printF64(%__lattice_dt) : (f64) -> ()"),
        format!("{indent}func.call @printNewline() : () -> ()"),
        format!("{indent}func.call @printI64(%__lattice_dc) : (i64) -> ()"),
        format!("{indent}func.call @printNewline() : () -> ()"),
    ];
    for (i, l) in after.into_iter().enumerate() {
        lines.insert(call_at + 1 + i, l);
    }
    lines.insert(
        call_at,
        format!("{indent}%__lattice_t0 = func.call @rtclock() : () -> f64"),
    );
    lines.insert(
        call_at,
        format!("{indent}%__lattice_c0 = func.call @clock() : () -> i64"),
    );
    let module_at = lines
        .iter()
        .position(|l| l.starts_with("module"))
        .ok_or("the printed program has no module")?;
    let mut decls = Vec::new();
    for (name, sig) in [
        ("rtclock", "() -> f64"),
        ("clock", "() -> i64"),
        ("printI64", "(i64)"),
        ("printF64", "(f64)"),
        ("printNewline", "()"),
    ] {
        if !text.contains(&format!("func.func private @{name}(")) {
            decls.push(format!("  func.func private @{name}{sig}"));
        }
    }
    for (i, d) in decls.into_iter().enumerate() {
        lines.insert(module_at + 1 + i, d);
    }
    let mut out = lines.join("\n");
    out.push('\n');
    Ok(out)
}

/// Applies `pipeline` (`(pass, options)` pairs) to the function `kernel` of the program
/// `text`, for the target `machine`, and prints the result. Module-level passes run on
/// the whole module.
pub fn transform(
    ctx: &Arc<Context>,
    registry: &PassRegistry,
    text: &str,
    kernel: &str,
    pipeline: &[(String, String)],
    machine: &lattice_ir::target::Machine,
) -> Result<String, String> {
    let (mut ir, module) = parse_program(ctx, "<candidate>", text)?;
    let f = functions(&ir, module)
        .into_iter()
        .find(|&f| func_name(&ir, f).as_deref() == Some(kernel))
        .ok_or(format!("no function @{kernel}"))?;
    let options = RunOptions {
        parallel: false,
        machine: *machine,
        ..RunOptions::default()
    };
    for (name, opts) in pipeline {
        let def = registry
            .lookup(name)
            .ok_or(format!("pass '{name}' is not available in this build"))?;
        // Parsed (and typed) once per pass, as when a pipeline is built.
        let parsed = lattice_ir::pass::parse_pass_options(def, opts).map_err(|e| e.to_string())?;
        let on_module = def.anchor.is_none_or(|a| a == builtin::Module::NAME);
        let (root, anchor) = if on_module && def.anchor.is_some() {
            (module, builtin::Module::NAME)
        } else {
            (f, func::Func::NAME)
        };
        let mut p = OpPipeline::new(anchor);
        p.add_flag_pass(def, parsed);
        run_pipeline(&mut ir, root, &p, &options).map_err(|ds| {
            let mut s = format!("{name}{{{opts}}} failed:");
            for d in ds {
                s.push_str(&format!(" {}", d.message));
            }
            s
        })?;
    }
    let mut out = print_op(&ir, module, PrintOptions::default());
    out.push('\n');
    Ok(out)
}

/// Why a candidate has no time.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeasureError {
    #[error("transformation failed: {0}")]
    Transform(String),
    #[error("compilation failed: {0}")]
    Compile(String),
    #[error("run failed: {0}")]
    Run(String),
    #[error("wrong output: {0}")]
    WrongOutput(String),
}

/// One run: the program's output (harness lines removed) and the kernel's time.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    pub output: String,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Process CPU seconds, when the harness measured them.
    pub cpu_seconds: Option<f64>,
}

/// Splits raw stdout into the program's output and the harness times (wall seconds, then
/// optionally CPU microseconds).
pub fn split_output(stdout: &str) -> Result<RunResult, MeasureError> {
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim() == SENTINEL)
        .ok_or_else(|| MeasureError::Run("the timing harness printed nothing".into()))?;
    let seconds: f64 = lines
        .get(at + 1)
        .and_then(|l| l.trim().parse().ok())
        .ok_or_else(|| MeasureError::Run("unreadable kernel time".into()))?;
    let cpu_seconds = lines
        .get(at + 2)
        .and_then(|l| l.trim().parse::<i64>().ok())
        .map(|us| us as f64 * 1e-6);
    let last = at + 1 + cpu_seconds.is_some() as usize;
    let mut output = String::new();
    for (i, l) in lines.iter().enumerate() {
        if i < at || i > last {
            output.push_str(l);
            output.push('\n');
        }
    }
    Ok(RunResult {
        output,
        seconds,
        cpu_seconds,
    })
}

/// Compares outputs token by token; numbers may differ by the relative tolerance `rtol`.
pub fn compare_outputs(expected: &str, actual: &str, rtol: f64) -> Result<(), String> {
    let e: Vec<&str> = expected.split_whitespace().collect();
    let a: Vec<&str> = actual.split_whitespace().collect();
    if e.len() != a.len() {
        return Err(format!(
            "expected {} output tokens, got {} ({:?} vs {:?})",
            e.len(),
            a.len(),
            expected.trim(),
            actual.trim()
        ));
    }
    for (x, y) in e.iter().zip(&a) {
        if x == y {
            continue;
        }
        match (x.parse::<f64>(), y.parse::<f64>()) {
            (Ok(u), Ok(v)) if (u - v).abs() <= rtol * u.abs().max(v.abs()) => {}
            _ => return Err(format!("expected `{x}`, got `{y}`")),
        }
    }
    Ok(())
}

/// A compiled candidate, ready to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The file to run.
    pub path: PathBuf,
    /// Extra arguments of each run (the GPU workgroup shape).
    pub args: Vec<String>,
    /// Time it by the process CPU clock (a single-threaded candidate: CPU time does not
    /// count the time other processes hold the cores) instead of the wall clock.
    pub cpu_clock: bool,
    /// It runs on several threads (parallel loops, a GPU mapping): its fastest run never
    /// counts (see [`Statistic::counted`]).
    pub multi_threaded: bool,
}

/// Compiles and runs programs. `prepare` may run on several threads at once; `run` is
/// called one at a time.
pub trait Measurer: Sync {
    /// A short name (`upstream`, `jit`), stored with the records as part of the target.
    fn name(&self) -> &str;
    /// Compiles the (harnessed) program `text`; `dir` is a private scratch directory.
    fn prepare(&self, text: &str, dir: &Path, tag: &str) -> Result<Prepared, MeasureError>;
    /// Runs a prepared program once.
    fn run(&self, p: &Prepared) -> Result<RunResult, MeasureError>;
}

/// Runs `cmd` with a time limit, returning stdout; non-zero exit or timeout is an error.
pub fn run_command(cmd: Command, limit: Duration) -> Result<String, String> {
    run_command_full(cmd, limit).map(|(out, _)| out)
}

/// [`run_command`], returning stdout and stderr.
pub fn run_command_full(mut cmd: Command, limit: Duration) -> Result<(String, String), String> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("timed out after {:.0} s", limit.as_secs_f64()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(e.to_string()),
        }
    };
    let out = out_t.join().unwrap_or_default();
    let err = err_t.join().unwrap_or_default();
    if !status.success() {
        let tail: String = err.lines().take(6).collect::<Vec<_>>().join(" | ");
        return Err(format!("{status}: {tail}"));
    }
    Ok((out, err))
}

/// Where the upstream LLVM tools live: `$LATTICE_LLVM_BIN`, else `/usr/lib/llvm-22/bin`
/// when present, else `PATH`.
pub fn llvm_bin() -> PathBuf {
    if let Ok(p) = std::env::var("LATTICE_LLVM_BIN") {
        return PathBuf::from(p);
    }
    let d = PathBuf::from("/usr/lib/llvm-22/bin");
    if d.join("mlir-opt").exists() {
        d
    } else {
        PathBuf::new()
    }
}

fn runner_libs(bin: &Path) -> String {
    let lib = bin
        .parent()
        .map(|p| p.join("lib"))
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/lib"));
    let pick = |stem: &str| {
        for cand in [format!("{stem}.so.22.1"), format!("{stem}.so")] {
            let p = lib.join(&cand);
            if p.exists() {
                return p.display().to_string();
            }
        }
        lib.join(format!("{stem}.so")).display().to_string()
    };
    format!(
        "{},{}",
        pick("libmlir_c_runner_utils"),
        pick("libmlir_runner_utils")
    )
}

/// Upstream: `mlir-opt` lowers to the LLVM dialect once per candidate, `mlir-runner`
/// JIT-compiles and runs it for each repeat.
pub struct Upstream {
    pub bin: PathBuf,
    pub opt_level: String,
    pub limit: Duration,
}

impl Upstream {
    pub fn new(limit: Duration) -> Upstream {
        Upstream {
            bin: llvm_bin(),
            opt_level: "-O2".into(),
            limit,
        }
    }
}

impl Measurer for Upstream {
    fn name(&self) -> &str {
        "upstream"
    }

    fn prepare(&self, text: &str, dir: &Path, tag: &str) -> Result<Prepared, MeasureError> {
        let src = dir.join(format!("{tag}.mlir"));
        let out = dir.join(format!("{tag}.llvm.mlir"));
        std::fs::write(&src, text).map_err(|e| MeasureError::Compile(e.to_string()))?;
        let mut cmd = Command::new(self.bin.join("mlir-opt"));
        cmd.arg(&src)
            .args([
                "--lower-affine",
                "--convert-vector-to-scf",
                "--convert-scf-to-cf",
                "--convert-vector-to-llvm",
                "--convert-to-llvm",
                "--reconcile-unrealized-casts",
                "-o",
            ])
            .arg(&out);
        run_command(cmd, self.limit).map_err(MeasureError::Compile)?;
        Ok(Prepared {
            path: out,
            args: Vec::new(),
            cpu_clock: false,
            multi_threaded: false,
        })
    }

    fn run(&self, p: &Prepared) -> Result<RunResult, MeasureError> {
        let mut cmd = Command::new(self.bin.join("mlir-runner"));
        cmd.arg(&self.opt_level)
            .arg(&p.path)
            .args(["-e", "main", "-entry-point-result=void"])
            .arg(format!("-shared-libs={}", runner_libs(&self.bin)));
        let out = run_command(cmd, self.limit).map_err(MeasureError::Run)?;
        split_output(&out)
    }
}

/// Writes the program to `dir/tag.mlir`: the measurers that run `lattice run` on the
/// text compile it in each run.
fn write_source(text: &str, dir: &Path, tag: &str) -> Result<Prepared, MeasureError> {
    let src = dir.join(format!("{tag}.mlir"));
    std::fs::write(&src, text).map_err(|e| MeasureError::Compile(e.to_string()))?;
    Ok(Prepared {
        path: src,
        args: Vec::new(),
        cpu_clock: false,
        multi_threaded: false,
    })
}

/// Lattice's own JIT: `lattice run FILE -e main -entry-point-result=void` from this very
/// executable.
pub struct Jit {
    pub exe: PathBuf,
    pub limit: Duration,
}

impl Jit {
    /// The JIT measurer if this build's `lattice run` works (its `--help` exits 0).
    pub fn available(limit: Duration) -> Option<Jit> {
        let exe = std::env::current_exe().ok()?;
        let ok = Command::new(&exe)
            .args(["run", "--help"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .ok()?
            .success();
        ok.then_some(Jit { exe, limit })
    }
}

impl Measurer for Jit {
    fn name(&self) -> &str {
        "jit"
    }

    fn prepare(&self, text: &str, dir: &Path, tag: &str) -> Result<Prepared, MeasureError> {
        write_source(text, dir, tag)
    }

    fn run(&self, p: &Prepared) -> Result<RunResult, MeasureError> {
        let mut cmd = Command::new(&self.exe);
        cmd.arg("run")
            .arg(&p.path)
            .args(["-e", "main", "-entry-point-result=void"]);
        let out = run_command(cmd, self.limit).map_err(MeasureError::Run)?;
        split_output(&out)
    }
}

/// The GPU: `lattice run FILE --target gpu --gpu-time` from this executable, the kernel's
/// time being the sum of the timestamp-query times of the GPU kernels outlined from it
/// (`<kernel>_kernel…`), printed on stderr. The program runs without the CPU timing
/// harness (the host side is interpreted); the workgroup shape comes from the config.
pub struct Gpu {
    pub exe: PathBuf,
    pub kernel: String,
    pub limit: Duration,
}

impl Gpu {
    /// Kernel time in seconds from `--gpu-time`'s stderr lines
    /// (`gpu kernel MODULE::NAME: X ms over N launches`) of the kernels outlined from
    /// `kernel`.
    pub fn kernel_seconds(stderr: &str, kernel: &str) -> Option<f64> {
        let prefix = format!("{kernel}_kernel");
        let mut total = None;
        for l in stderr.lines() {
            let Some(rest) = l.strip_prefix("gpu kernel ") else {
                continue;
            };
            let Some((name, tail)) = rest.split_once(": ") else {
                continue;
            };
            let func = name.rsplit("::").next().unwrap_or(name);
            if !func.starts_with(&prefix) {
                continue;
            }
            let ms: f64 = tail.split_whitespace().next()?.parse().ok()?;
            *total.get_or_insert(0.0) += ms / 1e3;
        }
        total
    }
}

impl Measurer for Gpu {
    fn name(&self) -> &str {
        "gpu"
    }

    fn prepare(&self, text: &str, dir: &Path, tag: &str) -> Result<Prepared, MeasureError> {
        write_source(text, dir, tag)
    }

    fn run(&self, p: &Prepared) -> Result<RunResult, MeasureError> {
        let mut cmd = Command::new(&self.exe);
        cmd.arg("run")
            .arg(&p.path)
            .args(["--target", "gpu", "--gpu-time", "-e", "main"])
            .args(["-entry-point-result=void"])
            .args(&p.args);
        if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
            cmd.env("XDG_RUNTIME_DIR", std::env::temp_dir());
        }
        let (out, err) = run_command_full(cmd, self.limit).map_err(MeasureError::Run)?;
        let seconds = Gpu::kernel_seconds(&err, &self.kernel).ok_or_else(|| {
            MeasureError::Run(format!(
                "no GPU kernel outlined from @{} was timed (nothing mapped to the GPU, or no timestamp queries)",
                self.kernel
            ))
        })?;
        Ok(RunResult {
            output: out,
            seconds,
            cpu_seconds: None,
        })
    }
}

/// How to time one candidate.
#[derive(Clone, Copy, Debug)]
pub struct Protocol {
    /// Discarded runs before the timed ones.
    pub warmup: usize,
    /// Timed runs; the median counts.
    pub repeats: usize,
    /// Coefficient of variation above which the candidate gets more timed runs: the
    /// repeats double while the variation stays above it, up to [`MAX_REPEAT_FACTOR`]
    /// times `repeats`.
    pub max_cv: f64,
    /// Relative tolerance for numbers in the output.
    pub rtol: f64,
    /// Which of the timed runs' times counts.
    pub statistic: Statistic,
}

/// Which time of a candidate's timed runs counts (`--statistic`). Applied through
/// [`Statistic::counted`]: `min` counts the fastest run only where that run estimates the
/// candidate's own time, and the median elsewhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Statistic {
    /// The median run.
    #[default]
    Median,
    /// The fastest run: other processes' load (cache and memory contention, a shared
    /// core) only ever adds time to a run, so on a busy machine the fastest of several
    /// runs estimates the candidate's own time with less spread than their median. Only
    /// for a single-threaded candidate whose variation stays within `--max-cv`; the others
    /// count their median (see [`Statistic::counted`]).
    Min,
}

impl Statistic {
    /// The statistic applied to `samples` (non-empty) as it is, whatever they come from.
    pub fn of(self, samples: &[f64]) -> f64 {
        match self {
            Statistic::Median => stats(samples).0,
            Statistic::Min => samples.iter().copied().fold(f64::INFINITY, f64::min),
        }
    }

    /// The time that counts for a candidate's `samples` (non-empty): under `min`, the
    /// fastest run only when the candidate runs on one thread and the runs' coefficient of
    /// variation `cv` is at most `max_cv`; else (and always under `median`) the median.
    ///
    /// Why: "load only adds time" makes the fastest run a fair estimate of a program whose
    /// runs spread a little around its own time. A multi-threaded run's wall time is set by
    /// its slowest thread at every join, so it depends on all threads holding a core at once;
    /// on a shared machine that happens in some runs only, and the run times split into two
    /// groups (jacobi-2d 768's 2-thread `t=32,0 parallel`: 7 ms or 30 ms, fastest 1.40x,
    /// median 0.36x of untuned). The fastest of such runs is what the program seldom gets;
    /// the median is what it usually gets. (The split comes from the other processes, not
    /// from the thread pool: timed by the wall clock like it, single-threaded configs split
    /// the same way, 9 ms or 30-57 ms at load 10; the process CPU clock that times them by
    /// default hides it. A parallel config is therefore compared with CPU times that leave
    /// out the load it pays for; `--clock wall` puts every config on its clock.) A single-threaded candidate whose variation stays
    /// above `max_cv` after re-measuring is the same case for some other reason.
    pub fn counted(self, samples: &[f64], cv: f64, max_cv: f64, multi_threaded: bool) -> f64 {
        match self {
            Statistic::Min if !multi_threaded && cv <= max_cv => Statistic::Min.of(samples),
            _ => Statistic::Median.of(samples),
        }
    }

    /// What [`Statistic::counted`] counts, for table headers.
    pub fn describe(self) -> &'static str {
        match self {
            Statistic::Median => "each config's median run",
            Statistic::Min => {
                "each config's fastest run; the median for parallel configs and configs above --max-cv"
            }
        }
    }
}

impl std::str::FromStr for Statistic {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "median" => Ok(Statistic::Median),
            "min" => Ok(Statistic::Min),
            _ => Err(format!("unknown statistic '{s}' (expected median or min)")),
        }
    }
}

/// The timing of a candidate that ran correctly.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// The time that counts (the [`Protocol`]'s statistic; the median when interleaved).
    pub seconds: f64,
    pub median: f64,
    /// Coefficient of variation (standard deviation / mean) of the timed runs.
    pub cv: f64,
    pub samples: Vec<f64>,
    /// The wall-clock seconds of the same runs (equal to `samples` where the candidate is
    /// timed by the wall clock; the GPU's kernel times for the GPU measurer): every run
    /// reads both clocks, so any two candidates can be compared on the wall clock
    /// ([`Timing::on_wall_clock`]).
    pub wall_samples: Vec<f64>,
}

impl Timing {
    /// A timing of `samples` (non-empty) with the wall-clock seconds `wall_samples` of the
    /// same runs; `seconds` is what `statistic` counts ([`Statistic::counted`]).
    pub fn of(
        samples: Vec<f64>,
        wall_samples: Vec<f64>,
        statistic: Statistic,
        max_cv: f64,
        multi_threaded: bool,
    ) -> Timing {
        let (median, cv) = stats(&samples);
        Timing {
            seconds: statistic.counted(&samples, cv, max_cv, multi_threaded),
            median,
            cv,
            samples,
            wall_samples,
        }
    }

    /// The counted time and the coefficient of variation of these runs by the wall clock,
    /// counted as `statistic` counts ([`Statistic::counted`] over the wall samples).
    pub fn on_wall_clock(
        &self,
        statistic: Statistic,
        max_cv: f64,
        multi_threaded: bool,
    ) -> (f64, f64) {
        let (_, cv) = stats(&self.wall_samples);
        (
            statistic.counted(&self.wall_samples, cv, max_cv, multi_threaded),
            cv,
        )
    }
}

/// A noisy candidate gets at most this many times the protocol's repeats.
pub const MAX_REPEAT_FACTOR: usize = 4;

/// Whether two timings, `a` and `b` seconds with coefficients of variation `cv_a` and
/// `cv_b` over their runs, are indistinguishable within noise: their relative difference
/// is at most the spread of the ratio of two single runs, `sqrt(cv_a^2 + cv_b^2)`.
/// Under load, runs taken at different moments drift by about their own spread, so a
/// smaller difference says nothing about which config is faster.
pub fn within_noise(a: f64, cv_a: f64, b: f64, cv_b: f64) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    lo > 0.0 && hi / lo - 1.0 <= cv_a.hypot(cv_b)
}

/// Median and coefficient of variation of `xs` (non-empty).
pub fn stats(xs: &[f64]) -> (f64, f64) {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    let mean = v.iter().sum::<f64>() / n as f64;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
    let cv = if mean > 0.0 { var.sqrt() / mean } else { 0.0 };
    (median, cv)
}

/// The time of run `r` of `p`: CPU seconds when `p` asks for them and the run measured
/// them, else wall seconds.
pub fn sample(p: &Prepared, r: &RunResult) -> f64 {
    match r.cpu_seconds {
        Some(c) if p.cpu_clock => c,
        _ => r.seconds,
    }
}

/// Times several prepared candidates under the same conditions: `rounds` rounds, each
/// running every candidate once (the order rotating from round to round, so no candidate
/// always follows the same neighbour), after one untimed warm-up round; every run's output
/// is checked against `expected`. A candidate that fails once is dropped from later rounds.
pub fn time_interleaved(
    m: &dyn Measurer,
    ps: &[&Prepared],
    expected: &str,
    rounds: usize,
    rtol: f64,
) -> Vec<Result<Timing, MeasureError>> {
    time_interleaved_with(m, ps, expected, rounds, rtol, &|| {})
}

/// [`time_interleaved`], calling `on_round` after each round (the warm-up round included:
/// `rounds.max(1) + 1` calls), for a progress display.
pub fn time_interleaved_with(
    m: &dyn Measurer,
    ps: &[&Prepared],
    expected: &str,
    rounds: usize,
    rtol: f64,
    on_round: &dyn Fn(),
) -> Vec<Result<Timing, MeasureError>> {
    type Samples = (Vec<f64>, Vec<f64>);
    let mut samples: Vec<Result<Samples, MeasureError>> =
        vec![Ok((Vec::new(), Vec::new())); ps.len()];
    for round in 0..=rounds.max(1) {
        for j in 0..ps.len() {
            let i = (j + round) % ps.len();
            let Ok((v, w)) = &mut samples[i] else {
                continue;
            };
            let r = m.run(ps[i]).and_then(|r| {
                compare_outputs(expected, &r.output, rtol)
                    .map_err(MeasureError::WrongOutput)
                    .map(|()| r)
            });
            match r {
                Ok(r) if round > 0 => {
                    v.push(sample(ps[i], &r));
                    w.push(r.seconds);
                }
                Ok(_) => {}
                Err(e) => samples[i] = Err(e),
            }
        }
        on_round();
    }
    samples
        .into_iter()
        .map(|s| s.map(|(v, w)| Timing::of(v, w, Statistic::Median, 0.0, false)))
        .collect()
}

/// Runs a prepared candidate per `proto`, checking every run's output against `expected`.
pub fn time_candidate(
    m: &dyn Measurer,
    p: &Prepared,
    expected: &str,
    proto: &Protocol,
) -> Result<Timing, MeasureError> {
    for _ in 0..proto.warmup {
        let r = m.run(p)?;
        compare_outputs(expected, &r.output, proto.rtol).map_err(MeasureError::WrongOutput)?;
    }
    let mut samples = Vec::new();
    let mut wall = Vec::new();
    let mut want = proto.repeats.max(1);
    let most = want * MAX_REPEAT_FACTOR;
    loop {
        while samples.len() < want {
            let r = m.run(p)?;
            compare_outputs(expected, &r.output, proto.rtol).map_err(MeasureError::WrongOutput)?;
            samples.push(sample(p, &r));
            wall.push(r.seconds);
        }
        let (_, cv) = stats(&samples);
        if cv > proto.max_cv && want < most {
            want = (want * 2).min(most);
            continue;
        }
        return Ok(Timing::of(
            samples,
            wall,
            proto.statistic,
            proto.max_cv,
            p.multi_threaded,
        ));
    }
}
