//! `lattice run`: the mlir-runner contract. Reads FILE, runs the requested passes, lowers
//! to LLVM IR (Lattice's own `lower-affine`, then straight to LLVM), optimizes with
//! LLVM's `default<O3>` for the host CPU and JIT-runs the entry function; for a non-void
//! entry it prints the result as mlir-runner does.
//!
//! Output order: with a non-void entry the result line comes first when stdout is a pipe or
//! a file and last on a terminal, where mlir-runner puts it (its result stream reaches the
//! file before the program's stdio-buffered text; exact whenever the program prints less
//! than one 4 KiB stdio buffer, beyond which mlir-runner's position depends on its buffer
//! flushes, even mid-line, and Lattice keeps the result first).
//!
//! Exit codes: 0 success, 1 bad input (parse, verify, pass or lowering errors, unknown
//! entry, entry of the wrong type), 2 usage. `--time` runs the entry once, printing its
//! output (and result) as without `--time`, then `--repeat N` more times silently (their
//! stdout is dropped) and reports min/median of those N (and GFLOP/s with `--flops N`) on
//! standard error, with the CPU time of the calling thread (all of the program's with
//! `--threads 1`).

use crate::common::{load_and_transform, PassFlags};
use lattice_cli::{args, make_registry};
use lattice_codegen::llvm::jit::{EntryResult, Jit};
use lattice_codegen::llvm::{self, CodegenOptions, ParallelOrder};
use lattice_codegen::runtime as rt;
use lattice_ir::pass::PassRegistry;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The CPU run's arguments.
struct RunArgs {
    input: Option<String>,
    entry: String,
    result: EntryResult,
    codegen: CodegenOptions,
    shared_libs: Vec<String>,
    passes: PassFlags,
    time: bool,
    repeat: usize,
    flops: Option<f64>,
    /// `--threads N`; `None` keeps the runtime's default.
    threads: Option<usize>,
}

/// `lattice run`'s arguments: the CPU run's, the code generation flags, one flag per
/// registered pass, and the `--target gpu` run's (checked to come with it).
fn command(registry: &PassRegistry) -> clap::Command {
    use clap::{Arg, ArgAction};
    args::command(
        "run",
        "JIT-compiles FILE through LLVM and calls ENTRY (default: main), like mlir-runner; with --target gpu, parallel loop nests run as GPU kernels instead",
    )
    .arg(Arg::new("input").value_name("FILE").required_unless_present("gpu-list-adapters").help("The MLIR file (`-` for standard input)"))
    .arg(
        Arg::new("entry-point")
            .short('e')
            .long("entry-point")
            .value_name("NAME")
            .default_value("main")
            .help("Function to call (no arguments)"),
    )
    .arg(
        args::value("entry-point-result", "TYPE", "void (default), i32, i64, f32 or f64; the result is printed")
            .value_parser(|v: &str| {
                EntryResult::parse(v).ok_or(format!("expected void, i32, i64, f32 or f64, got '{v}'"))
            }),
    )
    .arg(
        args::value("shared-libs", "A,B", "Load these libraries first (accepted for mlir-runner compatibility)")
            .value_delimiter(',')
            .action(ArgAction::Append),
    )
    .arg(
        args::value("target", "cpu|gpu", "Where parallel loops run: cpu (default: JIT through LLVM) or gpu (GPU kernels through naga + wgpu)")
            .value_parser(["cpu", "gpu"])
            .default_value("cpu"),
    )
    .arg(
        Arg::new("time")
            .long("time")
            .action(ArgAction::SetTrue)
            .help("After one run that prints, time --repeat more silent runs; print min/median (wall, and CPU time of the calling thread) to stderr"),
    )
    .arg(
        args::value("repeat", "N", "With --time: number of timed runs [default: 5]")
            .value_parser(args::positive_count),
    )
    .arg(
        args::value("flops", "N", "With --time: floating-point operations per run, for GFLOP/s")
            .value_parser(|v: &str| match v.parse::<f64>() {
                Ok(f) if f > 0.0 => Ok(f),
                _ => Err(format!("expected a positive number, got '{v}'")),
            }),
    )
    .arg(
        args::value("threads", "N", "Threads for parallel loops (default: $LATTICE_THREADS, else all cores); results do not depend on N")
            .value_parser(args::positive_count),
    )
    .args(crate::common::codegen_args())
    .args(crate::emit_gpu::gpu_args(crate::emit_gpu::GpuCommand::Run))
    .args(args::pass_args_except(registry, crate::emit_gpu::GPU_FLAG_PASSES))
}

/// The flags only a CPU run reads, named as on the command line.
const CPU_ONLY: &[(&str, &str)] = &[
    ("time", "--time"),
    ("repeat", "--repeat"),
    ("flops", "--flops"),
    ("threads", "--threads"),
];

/// `--parallel-order`'s default: `$LATTICE_PARALLEL_ORDER`, else in-order.
fn parallel_order_default() -> Result<ParallelOrder, String> {
    match std::env::var("LATTICE_PARALLEL_ORDER") {
        Ok(v) => crate::common::parse_parallel_order("LATTICE_PARALLEL_ORDER", &v),
        Err(_) => Ok(ParallelOrder::InOrder),
    }
}

/// A usage error of `lattice run`, in clap's format ([`args::usage_error`]).
pub(crate) fn usage_error(message: &str) -> ExitCode {
    args::usage_error(command(&make_registry()), message)
}

/// The CPU run's arguments from `m`.
fn run_args(m: &clap::ArgMatches, registry: &PassRegistry) -> Result<RunArgs, String> {
    if let Some(flag) = crate::emit_gpu::gpu_flags_given(m).first() {
        return Err(format!("{flag} needs --target gpu"));
    }
    Ok(RunArgs {
        input: args::get_string(m, "input"),
        entry: args::get_string(m, "entry-point").unwrap_or_else(|| "main".into()),
        result: m
            .get_one::<EntryResult>("entry-point-result")
            .copied()
            .unwrap_or(EntryResult::Void),
        codegen: crate::common::codegen_options(m, parallel_order_default()?),
        shared_libs: m
            .get_many::<String>("shared-libs")
            .into_iter()
            .flatten()
            .filter(|s| !s.is_empty())
            .cloned()
            .collect(),
        passes: PassFlags::from_matches(m, registry),
        time: m.get_flag("time"),
        repeat: m.get_one::<u64>("repeat").map_or(5, |&n| n as usize),
        flops: m.get_one::<f64>("flops").copied(),
        threads: m.get_one::<u64>("threads").map(|&n| n as usize),
    })
}

/// Entry point of `lattice run`: a panic inside the compiler is reported as an internal
/// error (exit 1), never an abort with a backtrace.
pub fn main(args: &[String]) -> ExitCode {
    crate::common::exit_on_internal_error("run", || main_inner(args))
}

fn main_inner(args: &[String]) -> ExitCode {
    let registry = make_registry();
    let m = match args::parse_matches(command(&registry), args) {
        Ok(m) => m,
        Err(code) => return code,
    };
    if args::get_string(&m, "target").as_deref() == Some("gpu") {
        let cpu_only = CPU_ONLY
            .iter()
            .filter(|(id, _)| m.value_source(id) == Some(clap::parser::ValueSource::CommandLine))
            .map(|(_, flag)| *flag)
            .chain(crate::common::codegen_flags_given(&m))
            .next();
        if let Some(flag) = cpu_only {
            return usage_error(&format!("{flag} applies to --target cpu only"));
        }
        if m.get_one::<EntryResult>("entry-point-result")
            .is_some_and(|r| *r != EntryResult::Void)
        {
            return usage_error(
                "--target gpu runs entries without results (--entry-point-result=void)",
            );
        }
        // `--target gpu` runs kernels through wgpu (cli/src/emit_gpu.rs, the GPU back end).
        return crate::emit_gpu::run_main(&m, &registry);
    }
    let a = match run_args(&m, &registry) {
        Ok(a) => a,
        Err(e) => return usage_error(&e),
    };
    let Some(input) = a.input.clone() else {
        return usage_error("no input file");
    };
    if let (None, Ok(v)) = (a.threads, std::env::var("LATTICE_THREADS")) {
        if let Err(e) = lattice_codegen::runtime::parse_threads(&v) {
            return usage_error(&e.to_string());
        }
    }
    let pipeline = match a.passes.build(&registry) {
        Ok(p) => p,
        Err(e) => return usage_error(&e),
    };
    let run_options = match a.passes.run_options() {
        Ok(o) => o,
        Err(e) => return usage_error(&e),
    };
    let mut loaded = match load_and_transform(&input, &pipeline, &run_options) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let llcx = inkwell::context::Context::create();
    let module_op = loaded.module;
    let (module, _tm) = match llvm::compile(&llcx, &mut loaded.ir, module_op, &a.codegen) {
        Ok(x) => x,
        Err(d) => {
            eprint!("{}", loaded.render(&d));
            return ExitCode::from(1);
        }
    };
    let symbols = lattice_codegen::runtime::symbols();
    let jit = match Jit::new(module, a.codegen.opt_level, &a.shared_libs, symbols) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("lattice run: {e}");
            return ExitCode::from(1);
        }
    };
    if let Err(e) = jit.check_entry(&a.entry, a.result) {
        eprintln!("lattice run: {e}");
        return ExitCode::from(1);
    }
    if let Some(n) = a.threads {
        lattice_codegen::runtime::set_threads(n);
    }
    // The reverse order is deterministic only on one thread (chunks then run in order).
    if a.codegen.parallel_order == ParallelOrder::Reverse {
        lattice_codegen::runtime::set_threads(1);
    }
    // mlir-runner prints a non-void result with its own stream, which reaches a pipe or file
    // before the program's stdio-buffered text (on a terminal, after it): same order here.
    let result_first = a.result != EntryResult::Void && !std::io::stdout().is_terminal();
    if result_first {
        rt::hold_stdout();
    }
    let first = jit.call(&a.entry, a.result);
    let held = if result_first {
        rt::take_held_stdout()
    } else {
        Vec::new()
    };
    let value = match first {
        Ok(v) => v,
        Err(e) => {
            let _ = std::io::stdout().write_all(&held);
            eprintln!("lattice run: {e}");
            return ExitCode::from(1);
        }
    };
    let text = value.runner_text();
    if let (true, Some(t)) = (result_first, &text) {
        println!("{t}");
    }
    let _ = std::io::stdout().write_all(&held);
    rt::flush_output();
    if let (false, Some(t)) = (result_first, &text) {
        println!("{t}");
    }
    if a.time {
        // The printing run above is the warm-up; the timed runs print nothing.
        rt::silence_stdout(true);
        let mut times = Vec::with_capacity(a.repeat);
        let mut cpu = Some(Vec::with_capacity(a.repeat));
        for _ in 0..a.repeat {
            let c = thread_cpu_time();
            let t = Instant::now();
            let r = jit.call(&a.entry, a.result);
            times.push(t.elapsed());
            cpu = match (cpu, c, thread_cpu_time()) {
                (Some(mut v), Some(c0), Some(c1)) => {
                    v.push(c1.saturating_sub(c0));
                    Some(v)
                }
                _ => None,
            };
            if let Err(e) = r {
                rt::silence_stdout(false);
                eprintln!("lattice run: {e}");
                return ExitCode::from(1);
            }
        }
        rt::silence_stdout(false);
        report_times(&mut times, a.flops, cpu.as_deref_mut());
    }
    ExitCode::SUCCESS
}

/// CPU time of the calling thread so far (`CLOCK_THREAD_CPUTIME_ID`): with `--threads 1`
/// every parallel loop runs on this thread, so it is the program's CPU time, free of the
/// time other processes take the core away.
#[allow(unsafe_code)]
fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

fn report_times(times: &mut [Duration], flops: Option<f64>, cpu: Option<&mut [Duration]>) {
    times.sort();
    let min = times[0];
    let median = times[times.len() / 2];
    eprint!(
        "lattice run: {} runs, min {:.6} s, median {:.6} s",
        times.len(),
        min.as_secs_f64(),
        median.as_secs_f64()
    );
    if let Some(f) = flops {
        eprint!(", {:.3} GFLOP/s (at min)", f / min.as_secs_f64() / 1e9);
    }
    if let Some(cpu) = cpu.filter(|c| !c.is_empty()) {
        cpu.sort();
        eprint!(
            "; calling thread CPU: min {:.6} s, median {:.6} s",
            cpu[0].as_secs_f64(),
            cpu[cpu.len() / 2].as_secs_f64()
        );
    }
    eprintln!();
}
