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

use crate::common::{accept_codegen_flag, load_and_transform, PassFlags};
use lattice_cli::make_registry;
use lattice_codegen::llvm::jit::{EntryResult, Jit};
use lattice_codegen::llvm::{self, CodegenOptions, ParallelOrder};
use lattice_codegen::runtime as rt;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const HELP: &str = "\
USAGE: lattice run FILE [-e ENTRY] [OPTIONS] [PASSES]

JIT-compiles FILE through LLVM and calls ENTRY (default: main), like mlir-runner.

OPTIONS:
    -e NAME, --entry-point=NAME     function to call (no arguments)
    --entry-point-result=TYPE       void (default), i32, i64, f32 or f64; the result is printed
    -O0 .. -O3                      LLVM optimization level (default -O3)
    --target-cpu=CPU                CPU to generate code for (default: native)
    --fast-math                     allow fast-math transformations on all float operations
    -shared-libs=A,B                load these libraries first (accepted for mlir-runner compatibility)
    --time                          after one run that prints, time --repeat more silent
                                    runs; print min/median (wall, and CPU time of the
                                    calling thread) to stderr
    --repeat N                      with --time: number of timed runs (default 5)
    --flops N                       with --time: floating-point operations per run, for GFLOP/s
    --threads N                     threads for parallel loops (default: LATTICE_THREADS, else
                                    all cores); results do not depend on N
    --parallel-order=ORDER          in-order (default) or reverse: a race detector that runs
                                    every parallel loop (affine.parallel, scf.parallel) on
                                    one thread with each dimension's iterations in
                                    descending order, so a loop wrongly marked parallel
                                    (carrying a dependence) prints a different result;
                                    reductions may differ in the last bits of floats.
                                    Default: $LATTICE_PARALLEL_ORDER, else in-order
    --machine=SPEC                  the machine the passes' cost models optimize for (see
                                    `lattice opt --help`; default: $LATTICE_MACHINE, else
                                    the host's)
    -h, --help                      this help

PASSES: any `lattice opt` pass flag, or --pass-pipeline=..., run before lowering.

With --target gpu, parallel loop nests run as GPU kernels instead:
";

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

/// `--parallel-order`'s value, else `$LATTICE_PARALLEL_ORDER`'s, else in-order.
fn parallel_order(flag: Option<&str>) -> Result<ParallelOrder, String> {
    let (what, value) = match flag {
        Some(v) => ("--parallel-order", v.to_string()),
        None => match std::env::var("LATTICE_PARALLEL_ORDER") {
            Ok(v) => ("LATTICE_PARALLEL_ORDER", v),
            Err(_) => return Ok(ParallelOrder::InOrder),
        },
    };
    crate::common::parse_parallel_order(what, &value)
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("lattice run: {message}\nRun `lattice run --help` for usage.");
    ExitCode::from(2)
}

fn parse_args(args: &[String]) -> Result<Option<RunArgs>, String> {
    let registry = make_registry();
    let mut a = RunArgs {
        input: None,
        entry: "main".to_string(),
        result: EntryResult::Void,
        codegen: CodegenOptions::default(),
        shared_libs: Vec::new(),
        passes: PassFlags::default(),
        time: false,
        repeat: 5,
        flops: None,
        threads: None,
    };
    let mut parallel_order_flag: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        let raw = &args[i];
        i += 1;
        if raw == "-" || !raw.starts_with('-') {
            if let Some(prev) = &a.input {
                return Err(format!(
                    "more than one input file given ('{prev}' and '{raw}')"
                ));
            }
            a.input = Some(raw.clone());
            continue;
        }
        let body = raw.trim_start_matches('-');
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        let mut next = |value: Option<String>| -> Result<String, String> {
            match value {
                Some(v) => Ok(v),
                None => {
                    let v = args.get(i).cloned().ok_or(format!("{raw} needs a value"))?;
                    i += 1;
                    Ok(v)
                }
            }
        };
        match name {
            "h" | "help" => return Ok(None),
            "e" | "entry-point" => a.entry = next(value)?,
            "entry-point-result" => {
                let v = next(value)?;
                a.result = EntryResult::parse(&v).ok_or(format!(
                    "--entry-point-result: expected void, i32, i64, f32 or f64, got '{v}'"
                ))?;
            }
            "shared-libs" => {
                let v = next(value)?;
                a.shared_libs
                    .extend(v.split(',').filter(|s| !s.is_empty()).map(str::to_string));
            }
            "time" => a.time = true,
            "repeat" => {
                let v = next(value)?;
                a.repeat = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("--repeat: expected a positive integer, got '{v}'"))?;
            }
            "threads" => {
                let v = next(value)?;
                a.threads = Some(
                    v.parse()
                        .ok()
                        .filter(|&n: &usize| n > 0)
                        .ok_or(format!("--threads: expected a positive integer, got '{v}'"))?,
                );
            }
            "parallel-order" => {
                let v = next(value)?;
                parallel_order_flag = Some(v);
            }
            "flops" => {
                let v = next(value)?;
                a.flops = Some(
                    v.parse()
                        .ok()
                        .filter(|f: &f64| *f > 0.0)
                        .ok_or(format!("--flops: expected a positive number, got '{v}'"))?,
                );
            }
            _ => {
                if accept_codegen_flag(&mut a.codegen, name, value.as_deref())? {
                    continue;
                }
                let known = a.passes.accept(name, value, &registry, || next(None))?;
                if !known {
                    return Err(format!("unknown option '{raw}'"));
                }
            }
        }
    }
    a.codegen.parallel_order = parallel_order(parallel_order_flag.as_deref())?;
    Ok(Some(a))
}

/// Entry point of `lattice run`: a panic inside the compiler is reported as an internal
/// error (exit 1), never an abort with a backtrace.
pub fn main(args: &[String]) -> ExitCode {
    crate::common::exit_on_internal_error("run", || main_inner(args))
}

fn main_inner(args: &[String]) -> ExitCode {
    // `--target gpu` runs kernels through wgpu (cli/src/emit_gpu.rs, the GPU back end).
    if args.windows(2).any(|w| w[0] == "--target" && w[1] == "gpu")
        || args.iter().any(|a| a == "--target=gpu")
    {
        return crate::emit_gpu::run_main(args);
    }
    let a = match parse_args(args) {
        Ok(Some(a)) => a,
        Ok(None) => {
            print!("{HELP}\n{}", crate::emit_gpu::RUN_HELP);
            return ExitCode::SUCCESS;
        }
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
    let registry = make_registry();
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
