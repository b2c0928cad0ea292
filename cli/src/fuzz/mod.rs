//! In-process fuzzing of the whole `lattice opt` pipeline on stable Rust: parse → verify
//! → print → parse (round trip) → a random pipeline of loop passes with random valid
//! options → verify → print → parse → verify.
//!
//! Oracle: a parse error, a verifier error on the input, or a pass's diagnostic is a fine
//! outcome; a panic, a case running over the time limit (hang), a pass output that fails
//! verification, and printed text that does not parse and verify again are bugs.
//!
//! Targets: `mutate` (token, line and character mutations of seed files, see [`mutate`])
//! and `generate` (random affine programs from [`gen`], most with a fault from [`faults`]
//! injected). Invariants: a campaign is deterministic for its seed (case `n` of a target
//! depends only on the seed, `n` and the seed corpus); each case runs on its own thread
//! with an 8 MiB stack under `catch_unwind`, watched with a limit on its CPU time.

pub mod faults;
pub mod gen;
pub mod mutate;

use crate::{make_context, make_registry, panic_message};
use gen::Rng;
use lattice_ir::builtin;
use lattice_ir::diag::SourceMap;
use lattice_ir::pass::{
    parse_pass_options, run_pipeline, OpPipeline, OptionKind, PassDef, PassRegistry, RunOptions,
};
use lattice_ir::printer::{print_op, PrintOptions};
use lattice_ir::{Context, Ir, Op};
use std::cell::RefCell;
use std::path::Path;
use std::sync::{mpsc, Arc, OnceLock};
use std::time::{Duration, Instant};

/// The passes the fuzzer runs: every pass that transforms loops, plus the cleanups.
pub const PASSES: &[&str] = &[
    "canonicalize",
    "cse",
    "affine-loop-coalescing",
    "affine-loop-distribute",
    "affine-loop-fusion",
    "affine-loop-invariant-code-motion",
    "affine-loop-normalize",
    "affine-loop-tile",
    "affine-loop-unroll",
    "affine-loop-unroll-jam",
    "affine-parallelize",
    "affine-scalrep",
    "affine-simplify-structures",
    "affine-super-vectorize",
    "affine-data-copy-generate",
    "affine-expand-index-ops",
    "affine-raise-from-memref",
    "poly-schedule",
    "poly-transform",
    "raise-scf-to-affine",
    "normalize-memrefs",
    "lower-affine",
];

/// Options never set at random: diagnostics only, compatibility text, testing switches
/// that disable the passes' own checks, and time limits.
const SKIPPED_OPTIONS: &[&str] = &[
    "remarks",
    "emit-remarks",
    "time-limit",
    "max-operations",
    "test-unchecked",
    "test-unchecked-mark",
    "test-convergence",
    "fusion-compute-tolerance",
    "fusion-local-buf-threshold",
    "disable-patterns",
    "enable-patterns",
];

/// The fuzz targets.
pub const TARGETS: &[&str] = &["mutate", "generate"];

/// One input: MLIR text and a pipeline of `(pass, options)` run on it.
#[derive(Clone, Debug)]
pub struct Case {
    pub text: String,
    pub passes: Vec<(String, String)>,
}

impl Case {
    /// The `lattice opt` flags that replay the case.
    pub fn flags(&self) -> String {
        let flags: Vec<String> = self
            .passes
            .iter()
            .map(|(p, o)| match o.is_empty() {
                true => format!("--{p}"),
                false => format!("--{p}='{o}'"),
            })
            .collect();
        flags.join(" ")
    }

    /// The case as a file `lattice opt` replays: a `// RUN:` line, then the text.
    pub fn reproducer(&self, bug: &Bug) -> String {
        self.file(&format!(
            "{}: {}",
            bug.kind.name(),
            bug.message.lines().next().unwrap_or("")
        ))
    }

    /// The case as a file: `// <comment>` (one line), a `// RUN:` line, then the text.
    pub fn file(&self, comment: &str) -> String {
        format!(
            "// {comment}\n// RUN: lattice opt %s {}\n{}",
            self.flags(),
            self.text
        )
    }
}

/// What kind of bug a case found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BugKind {
    Panic,
    Hang,
    /// The output of a pass does not verify.
    VerifyAfterPass,
    /// Printed text (input or output) does not parse and verify again.
    RoundTrip,
}

impl BugKind {
    pub fn name(self) -> &'static str {
        match self {
            BugKind::Panic => "panic",
            BugKind::Hang => "hang",
            BugKind::VerifyAfterPass => "verify-after-pass",
            BugKind::RoundTrip => "round-trip",
        }
    }
}

/// A bug: its kind, a message, and a signature used to count distinct bugs (the panic's
/// location, the pass and the verifier message's first line).
#[derive(Clone, Debug)]
pub struct Bug {
    pub kind: BugKind,
    pub message: String,
    pub signature: String,
}

/// How a case ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Rejected with a parse error.
    ParseError,
    /// Rejected by the verifier.
    VerifyError,
    /// A pass reported a diagnostic.
    PassError,
    /// Every step succeeded.
    Passed,
    Bug(Bug),
}

fn context() -> Arc<Context> {
    static CTX: OnceLock<Arc<Context>> = OnceLock::new();
    CTX.get_or_init(|| Arc::new(make_context(false))).clone()
}

fn registry() -> &'static PassRegistry {
    static REG: OnceLock<PassRegistry> = OnceLock::new();
    REG.get_or_init(make_registry)
}

/// Parses and verifies `text`: the IR and module, or whether parsing (`true`) or
/// verification (`false`) failed, with the first diagnostic's message.
fn load(text: &str) -> Result<(Ir, Op), (bool, String)> {
    let mut sources = SourceMap::new();
    let id = sources.add("fuzz.mlir", text);
    let mut ir = Ir::new(context());
    let module = lattice_ir::parser::parse_source(&mut ir, id, "fuzz.mlir", text)
        .map_err(|d| (true, d.message.clone()))?;
    let errors = lattice_ir::verifier::verify(&ir, module);
    match errors.first() {
        Some(d) => Err((false, d.message.clone())),
        None => Ok((ir, module)),
    }
}

fn bug(kind: BugKind, message: String, signature: String) -> Outcome {
    Outcome::Bug(Bug {
        kind,
        message,
        signature,
    })
}

/// Printed text of `module` parses and verifies again.
fn check_round_trip(ir: &Ir, module: Op, after: &str) -> Option<Outcome> {
    let text = print_op(ir, module, PrintOptions::default());
    match load(&text) {
        Ok(_) => None,
        Err((_, why)) => Some(bug(
            BugKind::RoundTrip,
            format!("{after}: printed IR does not parse/verify again: {why}\n{text}"),
            format!("round-trip after {after}: {}", first_words(&why)),
        )),
    }
}

/// The first few words of a message (numbers and names vary between reproducers).
fn first_words(message: &str) -> String {
    message
        .split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs one case without protection (panics propagate).
pub fn run_case_unguarded(case: &Case) -> Outcome {
    let (mut ir, module) = match load(&case.text) {
        Ok(x) => x,
        Err((true, _)) => return Outcome::ParseError,
        Err((false, _)) => return Outcome::VerifyError,
    };
    if let Some(b) = check_round_trip(&ir, module, "input") {
        return b;
    }
    let mut pipeline = OpPipeline::new(builtin::Module::NAME);
    for (name, options) in &case.passes {
        let Some(def) = registry().lookup(name) else {
            panic!("fuzz case names an unknown pass '{name}'");
        };
        let options = parse_pass_options(def, options).expect("the fuzzer builds valid options");
        pipeline.add_flag_pass(def, options);
    }
    let run = RunOptions {
        verify_each: false,
        parallel: false,
        ..RunOptions::default()
    };
    if run_pipeline(&mut ir, module, &pipeline, &run).is_err() {
        return Outcome::PassError;
    }
    let label = case.flags();
    if let Some(d) = lattice_ir::verifier::verify(&ir, module).first() {
        let text = print_op(&ir, module, PrintOptions::default());
        return bug(
            BugKind::VerifyAfterPass,
            format!("{label}: output fails verification: {}\n{text}", d.message),
            format!("{label}: {}", first_words(&d.message)),
        );
    }
    check_round_trip(&ir, module, &label).unwrap_or(Outcome::Passed)
}

thread_local! {
    static LAST_PANIC: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

/// Installs a panic hook that records the message and location of panics on fuzz-case
/// threads for [`run_case`] instead of printing them; other threads' panics go to the
/// previous hook (call once before fuzzing).
pub fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name() == Some(CASE_THREAD) {
                record_panic(info);
            } else {
                previous(info);
            }
        }));
    });
}

/// The name of the threads cases run on.
const CASE_THREAD: &str = "fuzz-case";

fn record_panic(info: &std::panic::PanicHookInfo<'_>) {
    let location = info
        .location()
        .map(|l| format!("{}:{}", l.file(), l.line()))
        .unwrap_or_default();
    let message = panic_message(info.payload()).to_string();
    LAST_PANIC.with(|p| *p.borrow_mut() = Some((location, message)));
}

/// How many times `limit` of wall-clock time, not counting the time its thread waited for
/// a CPU, a case may take while its thread has used less than `limit` of CPU time (a
/// thread blocked on something that never comes uses no CPU).
const WALL_SLACK: u32 = 10;

/// What the kernel counts for one thread: CPU time used, and time spent runnable but
/// waiting for a CPU (starved by other processes).
#[derive(Clone, Copy, Default)]
struct ThreadTimes {
    cpu: Duration,
    starved: Duration,
}

/// The times of thread `tid` of this process, from `/proc/self/task/TID/schedstat`
/// (nanoseconds on a CPU, nanoseconds waiting on a run queue), or from its `stat` (CPU
/// time only) where the kernel keeps no scheduler statistics; `None` off Linux.
fn thread_times(tid: u32) -> Option<ThreadTimes> {
    let task = format!("/proc/self/task/{tid}");
    if let Ok(line) = std::fs::read_to_string(format!("{task}/schedstat")) {
        let f: Vec<u64> = line
            .split_whitespace()
            .filter_map(|x| x.parse().ok())
            .collect();
        if let [cpu, starved, ..] = f[..] {
            return Some(ThreadTimes {
                cpu: Duration::from_nanos(cpu),
                starved: Duration::from_nanos(starved),
            });
        }
    }
    let stat = std::fs::read_to_string(format!("{task}/stat")).ok()?;
    // Fields after the command name (which may contain spaces) close with ')'.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    (hz > 0).then(|| ThreadTimes {
        cpu: Duration::from_secs_f64(ticks as f64 / hz as f64),
        starved: Duration::ZERO,
    })
}

/// Whether a case thread with `times` after `elapsed` of wall-clock time is hung: it used
/// `limit` of CPU time, or it ran out of `WALL_SLACK` times `limit` of wall-clock time
/// that it did not spend starved of a CPU.
fn is_hung(times: ThreadTimes, elapsed: Duration, limit: Duration) -> bool {
    times.cpu >= limit || elapsed.saturating_sub(times.starved) >= limit * WALL_SLACK
}

/// Runs one case on its own thread under `catch_unwind`; a case whose thread uses more
/// than `limit` of CPU time (or, where that cannot be read, of wall-clock time), or more
/// than `WALL_SLACK` times `limit` of wall-clock time it did not spend waiting for a CPU,
/// is a hang (its thread is left behind, detached). Counting CPU time and starvation
/// keeps the verdict the same on a loaded machine.
pub fn run_case(case: &Case, limit: Duration) -> Outcome {
    let (tx, rx) = mpsc::channel();
    let owned = case.clone();
    let (tid_tx, tid_rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name(CASE_THREAD.into())
        .stack_size(8 << 20)
        .spawn(move || {
            // SAFETY: gettid has no preconditions.
            let _ = tid_tx.send(unsafe { libc::gettid() } as u32);
            let r = std::panic::catch_unwind(|| run_case_unguarded(&owned));
            let outcome = r.unwrap_or_else(|payload| {
                let (location, message) = LAST_PANIC
                    .with(|p| p.borrow_mut().take())
                    .unwrap_or_else(|| (String::new(), panic_message(payload.as_ref()).into()));
                bug(
                    BugKind::Panic,
                    format!("{message} at {location}"),
                    format!("panic at {location}"),
                )
            });
            let _ = tx.send(outcome);
        });
    if let Err(e) = spawned {
        panic!("cannot spawn a fuzz thread: {e}");
    }
    let tid = tid_rx.recv().ok();
    let started = Instant::now();
    let times = |elapsed: Duration| {
        tid.and_then(thread_times).unwrap_or(ThreadTimes {
            cpu: elapsed,
            starved: Duration::ZERO,
        })
    };
    loop {
        let cpu = times(started.elapsed()).cpu;
        let wait = limit.saturating_sub(cpu).max(Duration::from_millis(100));
        match rx.recv_timeout(wait) {
            Ok(o) => return o,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let elapsed = started.elapsed();
                let t = times(elapsed);
                if is_hung(t, elapsed, limit) {
                    return bug(
                        BugKind::Hang,
                        format!(
                            "no result after {:.1} s of CPU time ({:.1} s elapsed, {:.1} s of it waiting for a CPU)",
                            t.cpu.as_secs_f64(),
                            elapsed.as_secs_f64(),
                            t.starved.as_secs_f64()
                        ),
                        format!("hang in {}", case.flags()),
                    );
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return bug(
                    BugKind::Panic,
                    "the case's thread ended without a result".into(),
                    format!("thread lost in {}", case.flags()),
                )
            }
        }
    }
}

/// A random valid value for option `o` of a pass, or `None` to leave it unset.
fn option_value(rng: &mut Rng, o: &lattice_ir::pass::PassOption) -> Option<String> {
    let small = |rng: &mut Rng, min: i64, max: i64| -> i64 {
        let c = [
            min,
            min.saturating_add(1),
            0,
            1,
            2,
            3,
            4,
            8,
            32,
            max.min(64),
        ];
        let ok: Vec<i64> = c.into_iter().filter(|v| (min..=max).contains(v)).collect();
        ok[rng.range(0, ok.len() as i64 - 1) as usize]
    };
    let v = match o.kind {
        OptionKind::Bool => if rng.chance(50) { "true" } else { "false" }.to_string(),
        OptionKind::Int { min, max } => small(rng, min, max).to_string(),
        OptionKind::IntList { min, max } => {
            let n = rng.range(1, 3);
            let items: Vec<String> = (0..n).map(|_| small(rng, min, max).to_string()).collect();
            items.join(",")
        }
        OptionKind::Choice(values) => values[rng.range(0, values.len() as i64 - 1) as usize].into(),
        OptionKind::Text => return None,
        OptionKind::Custom { .. } => {
            const FORMS: &[&str] = &[
                "0", "1,0", "0,1", "2,0,1", "1,0,2", "0,1,1", "1,0,-1", "0,2,1", "0,4", "1,2",
                "2,3",
            ];
            FORMS[rng.range(0, FORMS.len() as i64 - 1) as usize].into()
        }
    };
    o.check(&v).is_ok().then_some(v)
}

/// A random pass with random valid options.
fn random_pass(rng: &mut Rng) -> (String, String) {
    let name = PASSES[rng.range(0, PASSES.len() as i64 - 1) as usize];
    let def: &PassDef = registry()
        .lookup(name)
        .expect("fuzzed passes are registered");
    let mut options = Vec::new();
    for o in def.options {
        if SKIPPED_OPTIONS.contains(&o.name) || !rng.chance(30) {
            continue;
        }
        if let Some(v) = option_value(rng, o) {
            options.push(format!("{}={v}", o.name));
        }
    }
    // Options each valid alone may conflict together (poly-transform takes one transform
    // per instance, affine-loop-distribute's `partition` needs `loop`): drop options from
    // the end until the pass accepts the set, as the command line would.
    while !options.is_empty() && parse_pass_options(def, &options.join(" ")).is_err() {
        options.pop();
    }
    if name == "poly-schedule" {
        // The scheduler gives up after its time limit (default 60 s; the fuzzer passes its own below the hang limit).
        options.push("time-limit=2".into());
    }
    (name.to_string(), options.join(" "))
}

/// A pipeline of one pass, or two (one case in four).
fn random_pipeline(rng: &mut Rng) -> Vec<(String, String)> {
    let n = if rng.chance(25) { 2 } else { 1 };
    (0..n).map(|_| random_pass(rng)).collect()
}

/// The seed corpus: every `.mlir` file under `dirs` (recursively, sorted), split on
/// `// -----`, with comment lines removed; empty chunks dropped.
pub fn load_seeds(dirs: &[&Path]) -> Vec<String> {
    let mut files = Vec::new();
    for d in dirs {
        collect_mlir(d, &mut files);
    }
    files.sort();
    let mut seeds = Vec::new();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        for chunk in text.split("// -----") {
            let body: Vec<&str> = chunk
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            let body = body.join("\n");
            if !body.trim().is_empty() && body.len() <= 8192 {
                seeds.push(body + "\n");
            }
        }
    }
    seeds
}

fn collect_mlir(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_mlir(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

/// Case `n` of `target` in the campaign seeded with `seed`.
pub fn make_case(target: &str, seed: u64, n: u64, seeds: &[String]) -> Case {
    let mut rng = Rng(seed ^ n.wrapping_mul(0x2545_F491_4F6C_DD1D));
    rng.next();
    let text = match target {
        "mutate" => {
            let base = &seeds[rng.range(0, seeds.len() as i64 - 1) as usize];
            let other = &seeds[rng.range(0, seeds.len() as i64 - 1) as usize];
            mutate::mutate(&mut rng, base, other)
        }
        "generate" => {
            let mut text = gen::program(&mut rng).kernel;
            if rng.chance(70) {
                for _ in 0..rng.range(1, 2) {
                    let kind = rng.range(0, faults::FAULTS.len() as i64 - 1) as usize;
                    text = faults::inject(&mut rng, &text, kind);
                }
            }
            text
        }
        _ => panic!(
            "unknown fuzz target '{target}' (known: {})",
            TARGETS.join(", ")
        ),
    };
    Case {
        text,
        passes: random_pipeline(&mut rng),
    }
}

/// Counts of one target's outcomes.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub runs: u64,
    pub parse_errors: u64,
    pub verify_errors: u64,
    pub pass_errors: u64,
    pub passed: u64,
    pub panics: u64,
    pub hangs: u64,
    pub verify_failures: u64,
    pub round_trip_failures: u64,
    pub elapsed: Duration,
    /// The campaign stopped after this case, which hung (its thread still runs).
    pub stopped_at_hang: Option<u64>,
}

impl Stats {
    pub fn record(&mut self, o: &Outcome) {
        self.runs += 1;
        match o {
            Outcome::ParseError => self.parse_errors += 1,
            Outcome::VerifyError => self.verify_errors += 1,
            Outcome::PassError => self.pass_errors += 1,
            Outcome::Passed => self.passed += 1,
            Outcome::Bug(b) => match b.kind {
                BugKind::Panic => self.panics += 1,
                BugKind::Hang => self.hangs += 1,
                BugKind::VerifyAfterPass => self.verify_failures += 1,
                BugKind::RoundTrip => self.round_trip_failures += 1,
            },
        }
    }

    pub fn bugs(&self) -> u64 {
        self.panics + self.hangs + self.verify_failures + self.round_trip_failures
    }

    /// One line: runs, rate and each outcome's count.
    pub fn summary(&self, target: &str) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        format!(
            "{target}: {} runs in {:.0} s ({:.1}/s): {} parse errors, {} verifier errors, \
             {} pass errors, {} passed; {} panics, {} hangs, {} verify-after-pass failures, \
             {} round-trip failures",
            self.runs,
            secs,
            self.runs as f64 / secs,
            self.parse_errors,
            self.verify_errors,
            self.pass_errors,
            self.passed,
            self.panics,
            self.hangs,
            self.verify_failures,
            self.round_trip_failures
        )
    }
}

/// Which cases of a campaign to run.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub seed: u64,
    /// Cases `first..first + count`.
    pub first: u64,
    pub count: u64,
    /// Stop when this instant passes.
    pub deadline: Option<Instant>,
    /// A case running longer is a hang.
    pub limit: Duration,
}

/// Runs the cases `plan` names of `target`, calling `before` ahead of each case (to
/// journal it: a stack overflow aborts the process) and `on_bug` for each bug; returns
/// the counts. Stops at the first hang (see [`Stats::stopped_at_hang`]).
pub fn campaign(
    target: &str,
    plan: Plan,
    seeds: &[String],
    mut before: impl FnMut(u64, &Case),
    mut on_bug: impl FnMut(u64, &Case, &Bug),
) -> Stats {
    let start = Instant::now();
    let mut stats = Stats::default();
    for n in plan.first..plan.first.saturating_add(plan.count) {
        if plan.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let case = make_case(target, plan.seed, n, seeds);
        before(n, &case);
        let outcome = run_case(&case, plan.limit);
        stats.record(&outcome);
        if let Outcome::Bug(b) = &outcome {
            on_bug(n, &case, b);
            if b.kind == BugKind::Hang {
                // The hung case's thread cannot be stopped: the caller ends the process.
                stats.stopped_at_hang = Some(n);
                break;
            }
        }
    }
    stats.elapsed = start.elapsed();
    stats
}

#[cfg(test)]
mod tests {
    use super::{is_hung, thread_times, ThreadTimes};
    use std::time::{Duration, Instant};

    fn cpu_of(tid: u32) -> Duration {
        thread_times(tid).expect("Linux reports thread times").cpu
    }

    /// A thread's CPU time counts its work, not the time it waits (what makes the hang
    /// verdict independent of the machine's load).
    #[test]
    fn thread_cpu_time_counts_work_not_waiting() {
        let sleeper = std::thread::spawn(|| {
            // SAFETY: gettid has no preconditions.
            let tid = unsafe { libc::gettid() } as u32;
            std::thread::sleep(Duration::from_millis(400));
            cpu_of(tid)
        });
        assert!(sleeper.join().unwrap() < Duration::from_millis(200));
        let worker = std::thread::spawn(|| {
            // SAFETY: gettid has no preconditions.
            let tid = unsafe { libc::gettid() } as u32;
            let start = Instant::now();
            let mut x = 0u64;
            while cpu_of(tid) < Duration::from_millis(300) {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                assert!(
                    start.elapsed() < Duration::from_secs(120),
                    "no CPU time counted"
                );
            }
            x
        });
        worker.join().unwrap();
    }

    /// A case starved of the CPU by other processes is not hung however long it waits; a
    /// case blocked without using the CPU is, after `WALL_SLACK` times the limit; a case
    /// that used its CPU time is.
    #[test]
    fn starvation_is_not_a_hang() {
        let limit = Duration::from_secs(10);
        let s = Duration::from_secs_f64;
        let starved = ThreadTimes {
            cpu: s(1.4),
            starved: s(100.0),
        };
        assert!(!is_hung(starved, s(104.2), limit));
        let blocked = ThreadTimes {
            cpu: s(0.1),
            starved: s(0.5),
        };
        assert!(!is_hung(blocked, s(50.0), limit));
        assert!(is_hung(blocked, s(101.0), limit));
        let busy = ThreadTimes {
            cpu: s(10.0),
            starved: s(0.0),
        };
        assert!(is_hung(busy, s(10.5), limit));
    }
}
