//! Pieces the `lattice` subcommands share: pass-flag parsing into a pipeline (the
//! `--pass-pipeline=...` / `--<pass>[=options]` syntax of `lattice opt`), atomic output
//! files, loading a verified module from a file, and the code generation flags.
//!
//! Invariants: a pass flag is recognised only if the registry knows the pass; output
//! files are written to a temporary file in the target's directory and renamed into place.

use lattice_cli::args;
pub use lattice_cli::panic_message;
use lattice_ir::builtin;
use lattice_ir::diag::{Diagnostic, SourceMap};
use lattice_ir::pass::{run_pipeline, OpPipeline, PassDef, PassOptions, PassRegistry, RunOptions};
use lattice_ir::{Context, Ir, Op, SourceId};
use std::sync::Arc;

/// The pass-related flags seen on a command line.
#[derive(Default, Debug, Clone)]
pub struct PassFlags {
    /// `--pass-pipeline=TEXT`.
    pub pipeline_text: Option<String>,
    /// `--NAME[=options]` for each registered pass, in order, with the parsed options.
    pub flag_passes: Vec<(&'static PassDef, PassOptions)>,
    /// `--machine=SPEC` (see [`lattice_cli::machine`]).
    pub machine: Option<String>,
    /// `--remarks`: every pass prints why it declined (as each pass's `remarks=true`).
    pub remarks: bool,
}

impl PassFlags {
    /// The pass flags of a command line parsed with [`args::pass_args`].
    pub fn from_matches(m: &clap::ArgMatches, registry: &PassRegistry) -> PassFlags {
        PassFlags {
            pipeline_text: args::get_string(m, "pass-pipeline"),
            flag_passes: args::flag_passes(m, registry),
            machine: args::get_string(m, "machine"),
            remarks: args::get_bool(m, "remarks", false),
        }
    }

    /// The effective target machine: `--machine`, else `$LATTICE_MACHINE`, else the host;
    /// the error names the flag or variable whose spec is malformed.
    pub fn machine(&self) -> Result<lattice_ir::target::Machine, String> {
        lattice_cli::machine::resolve(self.machine.as_deref()).map(|(m, _)| m)
    }

    /// Options for running the pipeline: the defaults, with the effective machine.
    pub fn run_options(&self) -> Result<RunOptions, String> {
        Ok(RunOptions {
            machine: self.machine()?,
            remarks: self.remarks,
            ..RunOptions::default()
        })
    }

    /// The pipeline these flags describe.
    pub fn build(&self, registry: &PassRegistry) -> Result<OpPipeline, String> {
        if self.pipeline_text.is_some() && !self.flag_passes.is_empty() {
            return Err(
                "--pass-pipeline cannot be combined with individual pass flags".to_string(),
            );
        }
        if let Some(text) = &self.pipeline_text {
            return OpPipeline::parse(text, registry).map_err(|e| e.to_string());
        }
        let mut pipeline = OpPipeline::new(builtin::Module::NAME);
        for (def, options) in &self.flag_passes {
            pipeline.add_flag_pass(def, options.clone());
        }
        Ok(pipeline)
    }
}

/// Atomic output files (one implementation, in the library, shared with `lattice tune`).
pub use lattice_cli::fsio::write_atomically;

/// A parsed and verified module with the sources its diagnostics point into.
pub struct Loaded {
    pub ctx: Arc<Context>,
    pub ir: Ir,
    pub module: Op,
    pub sources: SourceMap,
    pub id: SourceId,
}

impl Loaded {
    /// Renders `diags` against the module's source.
    pub fn render(&self, diags: &[Diagnostic]) -> String {
        self.sources.render(&self.ctx, diags, Some(self.id))
    }
}

/// Reads, parses and verifies `path` (`-` for standard input); on failure returns the
/// rendered diagnostics or I/O error text.
pub fn load(path: &str) -> Result<Loaded, String> {
    let (name, bytes) = if path == "-" {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut b)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        ("<stdin>".to_string(), b)
    } else {
        (
            path.to_string(),
            std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?,
        )
    };
    let text = String::from_utf8(bytes).map_err(|_| format!("'{name}' is not valid UTF-8"))?;
    let ctx = Arc::new(lattice_cli::make_context(false));
    let mut sources = lattice_cli::source_map();
    let id = sources.add(&name, &text);
    let mut ir = Ir::new(ctx.clone());
    let module = match lattice_ir::parser::parse_source(&mut ir, id, &name, &text) {
        Ok(m) => m,
        Err(d) => return Err(sources.render(&ctx, &[d], Some(id))),
    };
    let errors = lattice_ir::verifier::verify(&ir, module);
    if !errors.is_empty() {
        return Err(sources.render(&ctx, &errors, Some(id)));
    }
    Ok(Loaded {
        ctx,
        ir,
        module,
        sources,
        id,
    })
}

/// Code generation flags shared by `run` and `emit`: `-O0`..`-O3`, `--target-cpu=CPU`,
/// `--fast-math`, `--parallel-order=ORDER`.
pub fn codegen_args() -> Vec<clap::Arg> {
    vec![
        clap::Arg::new("O")
            .short('O')
            .value_name("LEVEL")
            .value_parser(clap::value_parser!(u8).range(0..=3))
            .help("LLVM optimization level, -O0 .. -O3 [default: 3]")
            .help_heading(CODEGEN),
        args::value(
            "target-cpu",
            "CPU",
            "CPU to generate code for (default: native)",
        )
        .visible_alias("mcpu")
        .value_parser(|cpu: &str| {
            lattice_codegen::llvm::cpus::check_target_cpu(cpu).map(|_| cpu.to_string())
        })
        .help_heading(CODEGEN),
        args::bool_flag(
            "fast-math",
            "Allow fast-math transformations on all float operations",
        )
        .help_heading(CODEGEN),
        args::value(
            "parallel-order",
            "ORDER",
            "in-order (default) or reverse: a race detector that runs every parallel loop (affine.parallel, scf.parallel) with each dimension's iterations in descending order, so a loop wrongly marked parallel (carrying a dependence) prints a different result; reductions may differ in the last bits of floats",
        )
        .value_parser(|v: &str| parse_parallel_order("--parallel-order", v))
        .help_heading(CODEGEN),
    ]
}

/// The heading of [`codegen_args`] in help.
pub const CODEGEN: &str = "Code generation (CPU)";

/// The code generation options of [`codegen_args`] (`--parallel-order`: the flag's
/// value, else `default_order`).
pub fn codegen_options(
    m: &clap::ArgMatches,
    default_order: lattice_codegen::llvm::ParallelOrder,
) -> lattice_codegen::llvm::CodegenOptions {
    let mut options = lattice_codegen::llvm::CodegenOptions::default();
    if let Some(level) = m.get_one::<u8>("O") {
        options.opt_level = *level;
    }
    options.target_cpu = args::get_string(m, "target-cpu");
    options.fast_math = args::get_bool(m, "fast-math", false);
    options.parallel_order = m
        .get_one::<lattice_codegen::llvm::ParallelOrder>("parallel-order")
        .copied()
        .unwrap_or(default_order);
    options
}

/// The code generation flags given in `m` (named as on the command line), for a
/// command that ignores them (`--target gpu`).
pub fn codegen_flags_given(m: &clap::ArgMatches) -> Vec<&'static str> {
    [
        ("O", "-O"),
        ("target-cpu", "--target-cpu"),
        ("fast-math", "--fast-math"),
        ("parallel-order", "--parallel-order"),
    ]
    .into_iter()
    .filter(|(id, _)| {
        m.contains_id(id) && m.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
    })
    .map(|(_, flag)| flag)
    .collect()
}

/// The value of `--parallel-order` (or of the variable `what` names): `in-order` or
/// `reverse`.
pub fn parse_parallel_order(
    what: &str,
    value: &str,
) -> Result<lattice_codegen::llvm::ParallelOrder, String> {
    lattice_codegen::llvm::ParallelOrder::parse(value).ok_or(format!(
        "{what}: expected 'in-order' or 'reverse', got '{value}'"
    ))
}

/// [`load`]s `path` and runs `pipeline` on it; on failure prints the rendered error and
/// returns the exit status (1) the command should end with.
pub fn load_and_transform(
    path: &str,
    pipeline: &OpPipeline,
    options: &RunOptions,
) -> Result<Loaded, std::process::ExitCode> {
    let fail = |text: &str| {
        eprint!("{text}");
        if !text.ends_with('\n') {
            eprintln!();
        }
        std::process::ExitCode::from(1)
    };
    let mut loaded = load(path).map_err(|e| fail(&e))?;
    if !pipeline.is_empty() {
        match run_pipeline(&mut loaded.ir, loaded.module, pipeline, options) {
            Ok(out) => eprint!("{}", loaded.render(&out.remarks)),
            Err(d) => return Err(fail(&loaded.render(&d))),
        }
    }
    Ok(loaded)
}

/// Makes a write to a closed standard output end the process the way `cat` and other Unix
/// tools end: killed by SIGPIPE, silently (a shell reports status 141). The Rust runtime
/// ignores SIGPIPE, so without this `lattice deps f.mlir | head` panicked in `print!`, and
/// output of a JIT-compiled program (printed by the runtime inside `extern "C"` functions,
/// where a panic aborts) could not be ended cleanly either. Reading from a child's pipe
/// (`lattice tune`) is unaffected; children get the default disposition anyway.
/// Call once, first thing in `main`, before any thread is started.
pub fn end_quietly_on_closed_stdout() {
    #[cfg(unix)]
    // SAFETY: restoring a signal's default action installs no handler; no other thread
    // exists yet.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Runs a subcommand's `main`; a panic inside the compiler is reported as an internal
/// error of `command` (exit 1), never an abort with a backtrace.
pub fn exit_on_internal_error(
    command: &str,
    main: impl FnOnce() -> std::process::ExitCode + std::panic::UnwindSafe,
) -> std::process::ExitCode {
    match std::panic::catch_unwind(main) {
        Ok(code) => code,
        Err(panic) => {
            eprintln!(
                "lattice {command}: internal error: {}\nThis is a bug in Lattice; please report it with the input.",
                panic_message(panic.as_ref())
            );
            std::process::ExitCode::from(1)
        }
    }
}
