//! `lattice tune`: autotune a kernel's loop transformations by measurement.
//!
//! The flow: parse the program, pick the kernel (the function `@main` calls that holds the
//! most loops, or `--kernel`), derive the search space from its loop band and the passes
//! this build registers ([`space`]), run the untransformed program once for the reference
//! output and the baseline time, then let a search strategy ([`search`]) propose configs;
//! each batch is transformed and compiled in parallel (rayon) and timed one candidate at a
//! time ([`measure`]). Every measurement goes to the tuning database ([`db`]); `--apply`
//! turns the best record back into a transformed program.
//!
//! The time a candidate counts is [`measure::Statistic::counted`]: the median of its runs,
//! or under `--statistic min` its fastest run, except for multi-threaded candidates (timed
//! by the wall clock, whose runs split into "all threads had a core" and "one waited") and
//! candidates whose variation stays above `--max-cv`: those count their median whatever
//! the statistic, so an unstable config cannot win by one lucky run.
//!
//! The result of a run is its incumbent ([`incumbent`]): the untuned program first (in a run
//! resumed on a database, the config the latest run kept, re-timed), replaced
//! by a candidate only when the candidate is faster by more than the two timings' combined
//! variation ([`measure::within_noise`]); two configs are compared by the CPU clock only when
//! both are single-threaded and timed by it, else by the wall clock of the same runs (every
//! run reads both clocks), so a parallel config is never set against CPU times. The search
//! itself may walk on from a config that is only within noise of the best (exploring from
//! near-ties costs a trial at most; the incumbent decides what the run reports).
//!
//! Invariants: a candidate counts only if every run printed exactly what the untransformed
//! program printed (numbers within `--rtol`); failed candidates are recorded with their
//! reason and never win; a run resumed on the same database skips configs already measured
//! for this kernel, sizes, target and machine, and keeps what the earlier run kept unless a
//! candidate of this run beats it (the database's `kept` row never goes to a slower config).

pub mod db;
pub mod incumbent;
pub mod kernel;
pub mod measure;
pub mod model;
pub mod plot;
pub mod recheck;
pub mod search;
pub mod space;

#[cfg(test)]
mod tests;

use db::{Db, Key, Record};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lattice_driver::fsio::write_atomically;
use lattice_driver::{make_context, make_registry};
use measure::{MeasureError, Measurer, Protocol};
use model::Machine;
use rayon::prelude::*;
use search::{Observation, Search, StrategyKind};
use space::{Capabilities, Config, GpuFeatures, Space};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `lattice tune`'s modes, as its usage lines.
const USAGE: &str = "\
lattice tune FILE [OPTIONS]              tune the kernel @main calls in FILE
    lattice tune --show [--db PATH]          list the tuning history
    lattice tune --apply FILE [-o OUT]       apply the config the latest run kept to FILE's
                                             kernels (the fastest record for databases
                                             written before runs recorded it)
    lattice tune --export OUT.jsonl          write every record as JSON lines
    lattice tune --import IN.jsonl           read records from JSON lines
";

/// How a run chooses what it keeps, and the search space (the end of `--help`).
const AFTER_HELP: &str = "\
The result is the incumbent: the untuned program until a measured config beats it by
more than the two timings' combined variation (then that config, and so on), compared on a
common clock (the wall clock as soon as either config is parallel); the summary's `kept`
line names it. A config faster than the incumbent but only within that variation, or
faster by any margin on the wall clock (separate wall-clock timings are not comparable under
other processes' load), gets a duel: the two run interleaved for 7 rounds, and it becomes the incumbent when it is faster
in at least two thirds of the rounds and its median per-round time ratio is below 0.98.
Before the run reports, a final check: the kept config, the untuned program and the
search's best-ranked other configs (--confirm-top) run interleaved for 11 rounds; a
config that wins a duel's verdict over those rounds against the kept one replaces it, and
the result must then win it against the untuned program, or the run keeps the untuned
program (the summary's `final check` line and --report's `final_check` say which). A
duel's winner is timed from then on by the duel's paired rounds.
The database records what each run kept; `--apply` applies the latest run's. A run
resumed on a database starts from the config the latest run kept (re-timed) instead of the
untuned program: only a config that beats it replaces it, and the final check sets it
against its replacement side by side.

The search space covers tile sizes per band loop (affine-loop-tile) and a second,
inner tile level, loop order (poly-transform{permute}), or instead isl's scheduler
(poly-schedule with its fuse and intra-tile-order knobs, the same tile sizes or its own
tile-size model, and an optional second L2 tile level), unroll-jam and unroll factors, vector width (affine-super-vectorize) and an outer
parallel loop (affine-parallelize), each only when this build registers the pass; with
--target gpu the workgroup shape, workgroup-memory promotion and its tile, loop order
and unrolling. Space spec keys: tile,
tile_per_dim, inner_tile, unroll, unroll_jam, vector, parallel, interchange, scheduler,
fuse, intra_tile_order, poly_tiles, l2_tile, workgroup, promote, thread_tile.
";

/// Parsed command line.
#[derive(Debug, Default)]
struct Args {
    input: Option<String>,
    output: Option<String>,
    show: bool,
    apply: bool,
    export: Option<String>,
    import: Option<String>,
    kernel: Option<String>,
    gpu: bool,
    strategy: Option<StrategyKind>,
    trials: Option<usize>,
    time_budget: Option<f64>,
    seed: u64,
    space: Option<String>,
    db: Option<PathBuf>,
    measurer: String,
    repeats: usize,
    warmup: usize,
    wall_clock: bool,
    max_cv: f64,
    statistic: measure::Statistic,
    rtol: f64,
    timeout: f64,
    plot: Option<PathBuf>,
    report: Option<String>,
    remeasure: Option<String>,
    rounds: usize,
    confirm_rounds: usize,
    confirm_top: usize,
    no_progress: bool,
    /// The target machine the passes and the cost model read (`--machine`,
    /// `$LATTICE_MACHINE`, the host).
    machine: lattice_ir::target::Machine,
}

fn usage(msg: &str) -> ExitCode {
    lattice_driver::args::usage_error(<Cli as clap::CommandFactory>::command(), msg)
}

/// `lattice tune`'s command line (clap), checked further by [`parse_args`].
#[derive(clap::Parser)]
#[command(
    bin_name = "lattice tune",
    about = "Autotunes the kernel @main calls in FILE: measures configs of tile sizes, loop order, scheduler knobs, unrolling and vectors, and keeps the fastest that beats the untuned program",
    override_usage = USAGE,
    after_long_help = AFTER_HELP,
    args_override_self = true,
    disable_version_flag = true
)]
struct Cli {
    /// The MLIR file
    #[arg(value_name = "FILE")]
    input: Option<String>,
    /// With --apply: write the result to OUT (default: standard output)
    #[arg(short = 'o', value_name = "OUT")]
    output: Option<String>,
    /// List the tuning history
    #[arg(long)]
    show: bool,
    /// Apply the config the latest run kept to FILE's kernels
    #[arg(long)]
    apply: bool,
    /// Write every record as JSON lines
    #[arg(long, value_name = "OUT.jsonl")]
    export: Option<String>,
    /// Read records from JSON lines
    #[arg(long, value_name = "IN.jsonl")]
    import: Option<String>,
    /// The function to tune (default: the one @main calls with most loops)
    #[arg(long, value_name = "NAME")]
    kernel: Option<String>,
    /// cpu (default) or gpu (workgroup shapes, timed by `lattice run --target gpu`)
    #[arg(long, value_name = "T", value_parser = ["cpu", "gpu"])]
    target: Option<String>,
    /// evolve (default: cost-model seeded, learned, mutating), grid, random
    #[arg(long, value_name = "S", value_parser = |s: &str| s.parse::<StrategyKind>())]
    strategy: Option<StrategyKind>,
    /// Configs to measure in this run [default: 24]
    #[arg(long, value_name = "N")]
    trials: Option<usize>,
    /// Stop proposing new configs after this long (duels count)
    #[arg(long, value_name = "SECS", value_parser = positive_seconds)]
    time_budget: Option<f64>,
    /// Seed of the random choices
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Narrow/widen the search space (TOML, or JSON if FILE ends in .json)
    #[arg(long, value_name = "FILE")]
    space: Option<String>,
    /// Tuning database (default ~/.cache/lattice/tuning.db)
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
    /// auto (default: Lattice's JIT when built in, else upstream), jit, upstream
    #[arg(long, value_name = "M", default_value = "auto", value_parser = ["auto", "jit", "upstream"])]
    measurer: String,
    /// Timed runs per candidate, median counts
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = lattice_driver::args::positive_count)]
    repeats: u64,
    /// Which timed run counts: median or min (the fastest: load only ever adds time, so on a busy machine it spreads less; parallel configs and configs whose variation stays above --max-cv count their median even so)
    #[arg(long, value_name = "S", default_value = "median", value_parser = |s: &str| s.parse::<measure::Statistic>())]
    statistic: measure::Statistic,
    /// Untimed runs first
    #[arg(long, value_name = "N", default_value_t = 1)]
    warmup: usize,
    /// cpu (single-threaded candidates are timed by the process CPU clock, which other processes' load hardly moves; parallel ones by the wall clock) or wall (every candidate by the wall clock). Every run reads both clocks: two configs are compared by the CPU clock only when both were timed by it, else by the wall clock
    #[arg(long, value_name = "C", default_value = "cpu", value_parser = ["cpu", "wall"])]
    clock: String,
    /// Above this variation, double the repeats (up to 4x); still above it afterwards, the trial is reported as noisy
    #[arg(long, value_name = "X", default_value_t = 0.1)]
    max_cv: f64,
    /// Relative tolerance on printed numbers
    #[arg(long, value_name = "X", default_value_t = 1e-6)]
    rtol: f64,
    /// Limit per compile or run, in seconds
    #[arg(long, value_name = "SECS", default_value_t = 120.0)]
    timeout: f64,
    /// Plot runtime per trial and best so far
    #[arg(long, value_name = "OUT.svg|png")]
    plot: Option<PathBuf>,
    /// Write the trials of this run as JSON (each with the incumbent after it: the config the run keeps, and its duel if it had one)
    #[arg(long, value_name = "OUT.json")]
    report: Option<String>,
    /// Instead of searching, re-time the configs of the JSON array C.json and the untransformed program interleaved, round by round
    #[arg(long, value_name = "C.json")]
    remeasure: Option<String>,
    /// Rounds of --remeasure
    #[arg(long, value_name = "N", default_value_t = 7, value_parser = lattice_driver::args::positive_count)]
    rounds: u64,
    /// Rounds of the final check (fewer where they would take more than about 30 s, but at least 3)
    #[arg(long, value_name = "N", default_value_t = incumbent::CONFIRM_ROUNDS as u64, value_parser = lattice_driver::args::positive_count)]
    confirm_rounds: u64,
    /// Configs the search ranks best that the final check sets against the kept config (within --time-budget only)
    #[arg(long, value_name = "N", default_value_t = 2)]
    confirm_top: usize,
    /// No progress bar
    #[arg(long)]
    no_progress: bool,
    /// The machine the passes (poly-schedule's tile and time-tiling models) and the cost model optimize for (see `lattice opt --help`; default: $LATTICE_MACHINE, else the host's)
    #[arg(long, value_name = "SPEC")]
    machine: Option<String>,
}

/// A positive number of seconds.
fn positive_seconds(v: &str) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(t) if t > 0.0 => Ok(t),
        _ => Err(format!("expected a positive number of seconds, got '{v}'")),
    }
}

fn parse_args(args: &[String]) -> Result<Args, ExitCode> {
    let c: Cli = lattice_driver::args::parse(args)?;
    check_args(c).map_err(|e| usage(&e))
}

/// The checks across flags, and the effective machine.
fn check_args(c: Cli) -> Result<Args, String> {
    let a = Args {
        input: c.input,
        output: c.output,
        show: c.show,
        apply: c.apply,
        export: c.export,
        import: c.import,
        kernel: c.kernel.map(|k| k.trim_start_matches('@').to_string()),
        gpu: c.target.as_deref() == Some("gpu"),
        strategy: c.strategy,
        trials: c.trials,
        time_budget: c.time_budget,
        seed: c.seed,
        space: c.space,
        db: c.db,
        measurer: c.measurer,
        repeats: c.repeats as usize,
        warmup: c.warmup,
        wall_clock: c.clock == "wall",
        max_cv: c.max_cv,
        statistic: c.statistic,
        rtol: c.rtol,
        timeout: c.timeout,
        plot: c.plot,
        report: c.report,
        remeasure: c.remeasure,
        rounds: c.rounds as usize,
        confirm_rounds: c.confirm_rounds as usize,
        confirm_top: c.confirm_top,
        no_progress: c.no_progress,
        machine: lattice_driver::machine::resolve(c.machine.as_deref())?.0,
    };
    let modes = [a.show, a.apply, a.export.is_some(), a.import.is_some()]
        .iter()
        .filter(|&&m| m)
        .count();
    if modes > 1 {
        return Err("--show, --apply, --export and --import are exclusive".into());
    }
    if (modes == 0 || a.apply) && a.input.is_none() {
        return Err("no input file given".into());
    }
    if let Some(p) = &a.plot {
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext != "svg" && ext != "png" {
            return Err(format!(
                "--plot {}: the file name must end in .svg or .png",
                p.display()
            ));
        }
    }
    Ok(a)
}

/// Entry point of `lattice tune`.
pub fn main(args: &[String]) -> ExitCode {
    let a = match parse_args(args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let db_path = a.db.clone().unwrap_or_else(db::default_path);
    let result = if a.show {
        show(&db_path)
    } else if let Some(out) = &a.export {
        export(&db_path, out)
    } else if let Some(inp) = &a.import {
        import(&db_path, inp)
    } else if a.apply {
        apply(&a, &db_path)
    } else {
        tune(&a, &db_path)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprint!("{msg}");
            if !msg.ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(1)
        }
    }
}

fn open_db(path: &Path) -> Result<Db, String> {
    Db::open(path).map_err(|e| format!("lattice tune: {e}"))
}

fn show(path: &Path) -> Result<(), String> {
    if !path.exists() {
        println!("no tuning records ({} does not exist)", path.display());
        return Ok(());
    }
    let db = open_db(path)?;
    let all = db.all().map_err(|e| format!("lattice tune: {e}"))?;
    let mut groups: Vec<(Key, Vec<Record>)> = Vec::new();
    for r in all {
        match groups.iter_mut().find(|(k, _)| *k == r.key) {
            Some((_, v)) => v.push(r),
            None => groups.push((r.key.clone(), vec![r])),
        }
    }
    if groups.is_empty() {
        println!("no tuning records in {}", path.display());
    }
    for (k, rs) in groups {
        let ok: Vec<&Record> = rs.iter().filter(|r| r.seconds.is_some()).collect();
        let failed = rs.len() - ok.len();
        println!(
            "@{} [{}] sizes {} target {} on {}: {} records ({} failed)",
            k.kernel_name,
            k.kernel,
            k.sizes,
            k.target,
            k.machine,
            rs.len(),
            failed
        );
        let baseline = rs
            .iter()
            .find(|r| r.pipeline == "func.func()")
            .and_then(|r| r.seconds);
        let mut sorted = ok.clone();
        sorted.sort_by(|x, y| x.seconds.unwrap().total_cmp(&y.seconds.unwrap()));
        for r in sorted.iter().take(5) {
            let s = r.seconds.unwrap();
            let speedup = baseline.map_or(String::from("-"), |b| format!("{:.2}x", b / s));
            println!("  {:>10.3} ms  {:>7}  {}", s * 1e3, speedup, r.pipeline);
        }
    }
    Ok(())
}

fn export(path: &Path, out: &str) -> Result<(), String> {
    let db = open_db(path)?;
    let text = db.export().map_err(|e| format!("lattice tune: {e}"))?;
    write_atomically(out, text.as_bytes())
        .map_err(|e| format!("lattice tune: cannot write '{out}': {e}"))?;
    eprintln!("exported {} records to {out}", text.lines().count());
    Ok(())
}

fn import(path: &Path, inp: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(inp)
        .map_err(|e| format!("lattice tune: cannot read '{inp}': {e}"))?;
    let mut db = open_db(path)?;
    let n = db
        .import(inp, &text)
        .map_err(|e| format!("lattice tune: {e}"))?;
    eprintln!("imported {n} records into {}", path.display());
    Ok(())
}

fn read_program(name: &str) -> Result<String, String> {
    std::fs::read_to_string(name).map_err(|e| format!("lattice tune: cannot read '{name}': {e}"))
}

/// `--apply`: every function of FILE with a record for its fingerprint and sizes gets the
/// best record's pipeline; a GPU record's mapping (workgroup shape, per-thread tile,
/// promotion) is applied too ([`Config::gpu_passes`]), so the file holds the tuned
/// `gpu.launch` ops.
fn apply(a: &Args, db_path: &Path) -> Result<(), String> {
    let name = a.input.as_deref().expect("checked");
    let text = read_program(name)?;
    let ctx = Arc::new(make_context(false));
    let registry = make_registry();
    let (ir, module) = measure::parse_program(&ctx, name, &text)?;
    if !db_path.exists() {
        return Err(format!(
            "lattice tune: no tuning database at {}",
            db_path.display()
        ));
    }
    let db = open_db(db_path)?;
    let machine = db::machine_fingerprint();
    let device = if a.gpu {
        gpu_features()
    } else {
        GpuFeatures::default()
    };
    let mut plans = Vec::new();
    // Functions with a body that get no tuned pipeline (`@main`'s own loops).
    let mut others = Vec::new();
    for f in kernel::functions(&ir, module) {
        let Some(fname) = kernel::func_name(&ir, f) else {
            continue;
        };
        if ir
            .regions(f)
            .iter()
            .all(|&r| ir.region_blocks(r).next().is_none())
        {
            continue;
        }
        if a.kernel.as_deref().is_some_and(|k| k != fname) {
            others.push(fname);
            continue;
        }
        let k = kernel::analyse(&ir, f);
        if let Some((r, pick)) = db
            .best(
                &k.fingerprint,
                &k.sizes,
                &machine,
                if a.gpu { "gpu" } else { "cpu" },
            )
            .map_err(|e| format!("lattice tune: {e}"))?
        {
            let config: Config = serde_json::from_str(&r.config)
                .map_err(|e| format!("lattice tune: corrupt record for @{fname}: {e}"))?;
            let mut pipeline = config.pipeline(&k.band.trips);
            if a.gpu {
                pipeline.extend(config.gpu_passes(device));
            }
            plans.push((fname, pipeline, r, pick));
        } else {
            others.push(fname);
        }
    }
    drop(ir);
    if plans.is_empty() {
        return Err(format!(
            "lattice tune: no tuning record matches a function of '{name}' in {}",
            db_path.display()
        ));
    }
    let mut current = text;
    for (fname, pipeline, r, pick) in &plans {
        eprintln!(
            "applying to @{fname}: {} ({:.3} ms on {}; {})",
            space::pipeline_text(pipeline),
            r.seconds.unwrap_or(0.0) * 1e3,
            r.key.machine,
            match pick {
                db::Pick::Kept => "the config the latest tuning run kept",
                db::Pick::Fastest => "the fastest record: no run recorded what it kept",
            }
        );
        current = measure::transform(&ctx, &registry, &current, fname, pipeline, &a.machine)
            .map_err(|e| format!("lattice tune: @{fname}: {e}"))?;
        if a.gpu {
            eprintln!(
                "@{fname} is mapped to the GPU as tuned: run it with `lattice run --target gpu`"
            );
        }
    }
    if a.gpu {
        // `lattice run --target gpu` maps nothing in a module that already holds launches:
        // the other functions' parallel loops get the mapping it would have given them.
        let default = Config::baseline(0).gpu_passes(device);
        for fname in &others {
            current = measure::transform(&ctx, &registry, &current, fname, &default, &a.machine)
                .map_err(|e| format!("lattice tune: @{fname}: {e}"))?;
        }
    }
    match &a.output {
        Some(out) if out != "-" => write_atomically(out, current.as_bytes())
            .map_err(|e| format!("lattice tune: cannot write '{out}': {e}"))?,
        _ => print!("{current}"),
    }
    Ok(())
}

/// A candidate after transformation and compilation.
struct Built {
    config: Config,
    pipeline: Vec<(String, String)>,
    prepared: Result<measure::Prepared, MeasureError>,
}

/// One finished trial.
#[derive(Clone, Debug, serde::Serialize)]
struct Trial {
    index: usize,
    config: Config,
    pipeline: String,
    status: String,
    seconds: Option<f64>,
    cv: Option<f64>,
    detail: String,
    /// The config the run keeps after this trial.
    incumbent: incumbent::Summary,
    /// The duel this trial's config fought with the incumbent (faster only within noise).
    #[serde(skip_serializing_if = "Option::is_none")]
    duel: Option<incumbent::Duel>,
}

/// The mapping-relevant features of the GPU `lattice run --target gpu` would pick here
/// (none without an adapter: i64 loops then stay on the host, as the runtime keeps them).
fn gpu_features() -> GpuFeatures {
    let options = lattice_codegen::gpu::runtime::GpuOptions::default();
    GpuFeatures {
        shader_i64: lattice_codegen::gpu::runtime::Gpu::new(&options).is_ok_and(|g| g.shader_i64),
    }
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

fn status_of(e: &MeasureError) -> &'static str {
    match e {
        MeasureError::Transform(_) => "transform",
        MeasureError::Compile(_) => "compile",
        MeasureError::Run(_) => "run",
        MeasureError::WrongOutput(_) => "wrong-output",
    }
}

/// Transforms (for `machine`) and compiles `configs` in parallel.
#[allow(clippy::too_many_arguments)]
fn build_all(
    ctx: &Arc<lattice_ir::Context>,
    machine: &lattice_ir::target::Machine,
    harnessed: &str,
    kernel: &str,
    trips: &[i64],
    measurer: &dyn Measurer,
    dir: &Path,
    configs: Vec<Config>,
    first_tag: usize,
    cpu_clock: bool,
) -> Vec<Built> {
    let registry = make_registry();
    configs
        .into_par_iter()
        .enumerate()
        .map(|(i, config)| {
            let pipeline = config.pipeline(trips);
            let prepared =
                measure::transform(ctx, &registry, harnessed, kernel, &pipeline, machine)
                    .map_err(MeasureError::Transform)
                    .and_then(|text| measurer.prepare(&text, dir, &format!("c{}", first_tag + i)))
                    .map(|mut p| {
                        p.args = config.run_args();
                        p.cpu_clock = cpu_clock && config.single_threaded();
                        p.multi_threaded = !config.single_threaded();
                        p
                    });
            Built {
                config,
                pipeline,
                prepared,
            }
        })
        .collect()
}

fn tune(a: &Args, db_path: &Path) -> Result<(), String> {
    let (ctx, k, space, harnessed) = load_kernel(a)?;
    let limit = Duration::from_secs_f64(a.timeout.max(1.0));
    let jit = if a.measurer != "upstream" {
        measure::Jit::available(limit)
    } else {
        None
    };
    let upstream = measure::Upstream::new(limit);
    let gpu = gpu_measurer(a, jit.as_ref(), &k, limit)?;
    let measurer = choose_measurer(a, jit.as_ref(), &upstream, gpu.as_ref())?;
    let key = Key {
        kernel: k.fingerprint.clone(),
        kernel_name: k.name.clone(),
        sizes: k.sizes.clone(),
        target: if a.gpu {
            "gpu".to_string()
        } else {
            format!("cpu-{}", measurer.name())
        },
        machine: db::machine_fingerprint(),
    };
    // The process CPU clock times single-threaded candidates (not the GPU's: it has its own).
    let cpu_clock = !a.wall_clock && !a.gpu;
    if let Some(list) = &a.remeasure {
        let configs = recheck::read_configs(list)?;
        return recheck::remeasure(a, &ctx, &k, &harnessed, measurer, cpu_clock, configs);
    }
    let db = open_db(db_path)?;
    let mut history = recorded_history(&db, &key, cpu_clock)?;
    let resumed = history.len();
    let strategy = a.strategy.unwrap_or(StrategyKind::Evolve);
    let machine = Machine::from_target(&a.machine, model::load_average());
    let mut search = Search::new(strategy, space.clone(), k.band.clone(), machine, a.seed);
    let model_pick = search.model_pick();
    let admitted = space.admitted(5_000_000);
    print_banner(&k, &space, admitted, strategy, measurer, resumed);
    let proto = Protocol {
        warmup: a.warmup,
        repeats: a.repeats,
        max_cv: a.max_cv,
        rtol: a.rtol,
        statistic: a.statistic,
    };
    let dir = tempfile::tempdir().map_err(|e| format!("lattice tune: no temp dir: {e}"))?;

    // The reference: the untransformed program's output, and the baseline time.
    let baseline_cfg = Config::baseline(k.band.trips.len());
    let (base, expected) = prepare_baseline(measurer, &harnessed, dir.path(), cpu_clock)?;
    let timed = Instant::now();
    let base_t = measure::time_candidate(measurer, &base, &expected, &proto).map_err(|e| {
        format!("lattice tune: the untransformed program is not deterministic: {e}")
    })?;
    // Seconds per run of a program (process start and compilation included), to size the
    // final check.
    let per_run = timed.elapsed().as_secs_f64() / (a.warmup + base_t.samples.len()) as f64;
    let record = |config: &Config,
                  pipeline: &[(String, String)],
                  status: &str,
                  t: Option<&measure::Timing>,
                  detail: &str| {
        let r = Record {
            key: key.clone(),
            config: serde_json::to_string(config).expect("configs serialize"),
            pipeline: space::pipeline_text(pipeline),
            status: status.to_string(),
            seconds: t.map(|t| t.seconds),
            cv: t.map(|t| t.cv),
            detail: detail.to_string(),
            created: now(),
        };
        db.put(&r).map_err(|e| format!("lattice tune: {e}"))
    };
    record(&baseline_cfg, &[], "ok", Some(&base_t), "baseline")?;
    history.retain(|o| o.config != baseline_cfg);
    history.push(Observation {
        config: baseline_cfg.clone(),
        seconds: Some(base_t.seconds),
        wall: Some(base_t.on_wall_clock(a.statistic, a.max_cv, false).0),
        cpu_clock: base.cpu_clock,
    });
    search.mark_seen(&baseline_cfg);

    if base_t.seconds < 1e-4 {
        eprintln!(
            "lattice tune: warning: the kernel runs in {:.1} µs; the clock's microsecond resolution makes these timings mostly noise (use a larger problem)",
            base_t.seconds * 1e6
        );
    }
    let trials_wanted = a.trials.unwrap_or(24);
    let pb = trial_bar(a.no_progress, trials_wanted);
    let start = Instant::now();
    let untuned = incumbent::Incumbent::untuned(
        baseline_cfg.clone(),
        base_t.clone(),
        &base,
        a.statistic,
        a.max_cv,
    );
    let bench = Bench {
        ctx: &ctx,
        a,
        harnessed: &harnessed,
        k: &k,
        measurer,
        dir: dir.path(),
        cpu_clock,
        expected: &expected,
        proto: &proto,
    };
    // A resumed run starts from what the latest run kept; until a trial replaces it, the
    // run keeps that (or the untuned program), and `--apply` applies it.
    let (mut kept, note) = starting_incumbent(&db, &key, &untuned, &mut |c: &Config| {
        // A tag of its own: the trials' programs are `c0`, `c1`, ...
        let p = bench.build_one(c, 20_000).prepared?;
        let t = measure::time_candidate(measurer, &p, &expected, &proto)?;
        Ok((p, t))
    })?;
    if let Some(note) = note {
        eprintln!("{note}");
    }
    let mut found = Findings {
        history,
        trials: Vec::new(),
        timings: Vec::new(),
        measured: Vec::new(),
        best: base_t.seconds.min(kept.timing.seconds),
    };
    // If the search replaces it, the earlier run's config still meets its replacement side
    // by side in the final check.
    let resumed = kept.is_resumed().then(|| kept.contender()).flatten();
    keep_config(&db, &key, &kept.config)?;
    // The final check of the kept config against the untuned program always runs: under
    // `--time-budget` the search leaves it its (estimated) time.
    let check_rounds = incumbent::confirm_rounds(a.confirm_rounds, 2, per_run);
    let reserve = 2.0 * (check_rounds + 1) as f64 * per_run;
    let out_of_time = || {
        a.time_budget
            .is_some_and(|b| start.elapsed().as_secs_f64() + reserve >= b)
    };
    pb.set_message(format!("{:.3} ms", found.best * 1e3));
    bench.run_trials(
        &mut search,
        &mut found,
        &mut kept,
        trials_wanted,
        &out_of_time,
        &record,
        &|c| keep_config(&db, &key, c),
        &pb,
    )?;
    pb.finish_and_clear();

    let pick = bench.model_pick(
        model_pick,
        &mut found,
        &record,
        &untuned,
        &base_t,
        &baseline_cfg,
    )?;
    let (search_kept, check) = bench.final_check(
        &found,
        &mut kept,
        &untuned,
        resumed,
        &baseline_cfg,
        start,
        per_run,
    );
    keep_config(&db, &key, &kept.config)?;
    let duels = print_outcome(
        a, &k, &found, &base_t, &pick, &kept, &untuned, &check, start,
    )?;
    if let Some(out) = &a.report {
        let run = RunFacts {
            k: &k,
            space: &space,
            admitted,
            strategy,
            machine: &machine,
            base_t: &base_t,
        };
        let report = json_report(a, &run, &found, &pick, &kept, search_kept, &check, &duels);
        write_report(out, &report)?;
    }
    Ok(())
}

/// Reads the program `a.input`, picks its kernel and derives the search space (narrowed
/// by `--space`). Returns the context, the kernel, the space and the program to time:
/// the canonical text with the timing harness (the GPU measurer times kernels with
/// timestamp queries: no CPU harness there).
fn load_kernel(
    a: &Args,
) -> Result<(Arc<lattice_ir::Context>, kernel::Kernel, Space, String), String> {
    let name = a.input.as_deref().expect("checked");
    let text = read_program(name)?;
    let ctx = Arc::new(make_context(false));
    let registry = make_registry();
    let (ir, module) = measure::parse_program(&ctx, name, &text)?;
    let kf = kernel::pick_kernel(&ir, module, a.kernel.as_deref())
        .map_err(|e| format!("lattice tune: {name}: {e}"))?;
    let k = kernel::analyse(&ir, kf);
    if k.band.trips.is_empty() {
        return Err(format!(
            "lattice tune: @{} has no affine.for loop with constant bounds to tune",
            k.name
        ));
    }
    let caps = Capabilities::of(&registry);
    let target = if a.gpu {
        space::Target::Gpu
    } else {
        space::Target::Cpu
    };
    let mut space = Space::derive_for(&k.band, caps, target);
    if let Some(spec) = &a.space {
        let spec_text = std::fs::read_to_string(spec)
            .map_err(|e| format!("lattice tune: cannot read '{spec}': {e}"))?;
        space::apply_spec(&mut space, &spec_text, spec.ends_with(".json"))
            .map_err(|e| e.render(spec, &spec_text))?;
        clamp_to_capabilities(&mut space, caps);
    }
    let canonical = lattice_ir::printer::print_op(&ir, module, Default::default());
    drop(ir);
    let harnessed = if a.gpu {
        let mut t = canonical.clone();
        t.push('\n');
        t
    } else {
        measure::add_harness(&canonical, &k.name)
            .map_err(|e| format!("lattice tune: cannot add the timing harness: {e}"))?
    };
    measure::parse_program(&ctx, "<harness>", &harnessed).map_err(|e| {
        format!("lattice tune: internal error: the timing harness is invalid:\n{e}")
    })?;
    Ok((ctx, k, space, harnessed))
}

/// The GPU measurer under `--target gpu` (it runs `lattice run`, found with the JIT).
fn gpu_measurer(
    a: &Args,
    jit: Option<&measure::Jit>,
    k: &kernel::Kernel,
    limit: Duration,
) -> Result<Option<measure::Gpu>, String> {
    if !a.gpu {
        return Ok(None);
    }
    let Some(j) = jit else {
        return Err(
            "lattice tune: --target gpu: `lattice run` is not available in this build".into(),
        );
    };
    Ok(Some(measure::Gpu {
        exe: j.exe.clone(),
        kernel: k.name.clone(),
        limit,
    }))
}

/// The measurer `--measurer` and `--target` ask for: the GPU's, the JIT (when this build
/// has `lattice run`) or upstream's tools.
fn choose_measurer<'m>(
    a: &Args,
    jit: Option<&'m measure::Jit>,
    upstream: &'m measure::Upstream,
    gpu: Option<&'m measure::Gpu>,
) -> Result<&'m dyn Measurer, String> {
    Ok(match (a.measurer.as_str(), jit) {
        _ if gpu.is_some() => gpu.expect("checked"),
        ("jit", None) => {
            return Err(
                "lattice tune: --measurer jit: `lattice run` is not available in this build".into(),
            )
        }
        (_, Some(j)) => j,
        _ => upstream,
    })
}

/// The observations recorded for `key` by earlier runs.
fn recorded_history(db: &Db, key: &Key, cpu_clock: bool) -> Result<Vec<Observation>, String> {
    let mut history: Vec<Observation> = Vec::new();
    for r in db.records(key).map_err(|e| format!("lattice tune: {e}"))? {
        if let Ok(c) = serde_json::from_str::<Config>(&r.config) {
            history.push(Observation {
                cpu_clock: cpu_clock && c.single_threaded(),
                config: c,
                seconds: r.seconds,
                wall: None,
            });
        }
    }
    Ok(history)
}

/// The line on stderr that opens a run.
fn print_banner(
    k: &kernel::Kernel,
    space: &Space,
    admitted: Option<u64>,
    strategy: StrategyKind,
    measurer: &dyn Measurer,
    resumed: usize,
) {
    let trips: Vec<String> = k.band.trips.iter().map(|t| t.to_string()).collect();
    eprintln!(
        "tuning @{} [{}]: band {} ({} loop nest(s)), {} configs in the space, strategy {:?}, measurer {}{}",
        k.name,
        k.fingerprint,
        trips.join("x"),
        k.band.copies.max(1),
        admitted.map_or(format!("{} (grid product)", space.size()), |n| n.to_string()),
        strategy,
        measurer.name(),
        if resumed > 0 {
            format!(", resuming after {resumed} recorded configs")
        } else {
            String::new()
        }
    );
}

/// The progress bar of the trials (hidden under `--no-progress`).
fn trial_bar(hidden: bool, trials: usize) -> ProgressBar {
    if hidden {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(trials as u64), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} trials  best {msg}  ETA {eta}")
            .expect("valid template"),
    );
    pb
}

/// Records `config` as what the run of `key` keeps.
fn keep_config(db: &Db, key: &Key, config: &Config) -> Result<(), String> {
    db.keep(
        key,
        &serde_json::to_string(config).expect("configs serialize"),
        now(),
    )
    .map_err(|e| format!("lattice tune: {e}"))
}

/// Writes one measured (or failed) config to the database.
type RecordFn<'a> = dyn Fn(&Config, &[(String, String)], &str, Option<&measure::Timing>, &str) -> Result<(), String>
    + 'a;

/// What every candidate of a run is built and timed with.
struct Bench<'a> {
    ctx: &'a Arc<lattice_ir::Context>,
    a: &'a Args,
    harnessed: &'a str,
    k: &'a kernel::Kernel,
    measurer: &'a dyn Measurer,
    dir: &'a Path,
    cpu_clock: bool,
    /// The untransformed program's output.
    expected: &'a str,
    proto: &'a Protocol,
}

/// What the search of a run has found so far.
struct Findings {
    history: Vec<Observation>,
    trials: Vec<Trial>,
    /// This run's timings of correct candidates (to compare the model's pick on a common
    /// clock).
    timings: Vec<(Config, measure::Timing)>,
    /// The compiled configs that ran correctly, for the final check.
    measured: Vec<incumbent::Contender>,
    /// The best time so far.
    best: f64,
}

impl Bench<'_> {
    /// Transforms and compiles `configs` in parallel, tagged from `first_tag` on.
    fn build(&self, configs: Vec<Config>, first_tag: usize) -> Vec<Built> {
        build_all(
            self.ctx,
            &self.a.machine,
            self.harnessed,
            &self.k.name,
            &self.k.band.trips,
            self.measurer,
            self.dir,
            configs,
            first_tag,
            self.cpu_clock,
        )
    }

    fn build_one(&self, config: &Config, tag: usize) -> Built {
        self.build(vec![config.clone()], tag)
            .pop()
            .expect("one built")
    }

    /// The search: batches of proposals, built in parallel and timed one by one, until
    /// `trials_wanted` trials ran, the search has nothing left or the time is up. Each
    /// trial is recorded, and `keep` records the incumbent after it.
    #[allow(clippy::too_many_arguments)]
    fn run_trials(
        &self,
        search: &mut Search,
        found: &mut Findings,
        kept: &mut incumbent::Incumbent,
        trials_wanted: usize,
        out_of_time: &dyn Fn() -> bool,
        record: &RecordFn<'_>,
        keep: &dyn Fn(&Config) -> Result<(), String>,
        pb: &ProgressBar,
    ) -> Result<(), String> {
        let batch = rayon::current_num_threads().clamp(2, 4);
        while found.trials.len() < trials_wanted {
            if out_of_time() {
                break;
            }
            let n = batch.min(trials_wanted - found.trials.len());
            let proposals = search.propose(&found.history, n);
            if proposals.is_empty() {
                break;
            }
            for b in self.build(proposals, found.trials.len()) {
                if out_of_time() {
                    return Ok(());
                }
                self.trial(b, found, kept, record)?;
                keep(&kept.config)?;
                pb.inc(1);
                pb.set_message(format!("{:.3} ms", kept.timing.seconds * 1e3));
            }
        }
        Ok(())
    }

    /// Times the built candidate `b` (offering it to the incumbent `kept`) and records it.
    fn trial(
        &self,
        b: Built,
        found: &mut Findings,
        kept: &mut incumbent::Incumbent,
        record: &RecordFn<'_>,
    ) -> Result<(), String> {
        let a = self.a;
        let index = found.trials.len() + 1;
        let result = b.prepared.and_then(|p| {
            let r = time_and_offer(
                self.measurer,
                &p,
                &b.config,
                index,
                self.expected,
                self.proto,
                found.best,
                kept,
            );
            if r.is_ok() {
                found.measured.push(incumbent::Contender {
                    config: b.config.clone(),
                    trial: index,
                    prepared: p.clone(),
                });
            }
            r
        });
        let (status, timing, detail, duel) = match result {
            Ok((t, duel)) => ("ok".to_string(), Some(t), String::new(), duel),
            Err(e) => (status_of(&e).to_string(), None, e.to_string(), None),
        };
        record(&b.config, &b.pipeline, &status, timing.as_ref(), &detail)?;
        if let Some(t) = &timing {
            found.best = found.best.min(t.seconds);
            found.timings.push((b.config.clone(), t.clone()));
        }
        found.history.push(Observation {
            config: b.config.clone(),
            seconds: timing.as_ref().map(|t| t.seconds),
            wall: timing.as_ref().map(|t| {
                t.on_wall_clock(a.statistic, a.max_cv, !b.config.single_threaded())
                    .0
            }),
            cpu_clock: self.cpu_clock && b.config.single_threaded(),
        });
        found.trials.push(Trial {
            index,
            config: b.config,
            pipeline: space::pipeline_text(&b.pipeline),
            status,
            seconds: timing.as_ref().map(|t| t.seconds),
            cv: timing.as_ref().map(|t| t.cv),
            detail,
            incumbent: kept.summary(),
            duel,
        });
        Ok(())
    }

    /// Measures the cost model's pick, which the search did not: its time (`None`: it
    /// failed) and coefficient of variation.
    fn measure_pick(
        &self,
        pick: &Config,
        found: &mut Findings,
        record: &RecordFn<'_>,
    ) -> Result<(Option<f64>, Option<f64>), String> {
        let a = self.a;
        let b = self.build_one(pick, 10_000);
        let r = b
            .prepared
            .and_then(|p| measure::time_candidate(self.measurer, &p, self.expected, self.proto));
        let (status, t, detail) = match &r {
            Ok(t) => ("ok", Some(t.clone()), String::new()),
            Err(e) => (status_of(e), None, e.to_string()),
        };
        record(pick, &b.pipeline, status, t.as_ref(), &detail)?;
        if let Some(t) = &t {
            found.timings.push((pick.clone(), t.clone()));
        }
        let seconds = t.as_ref().map(|t| t.seconds);
        found.history.push(Observation {
            config: pick.clone(),
            seconds,
            wall: t.as_ref().map(|t| {
                t.on_wall_clock(a.statistic, a.max_cv, !pick.single_threaded())
                    .0
            }),
            cpu_clock: self.cpu_clock && pick.single_threaded(),
        });
        Ok((seconds, t.as_ref().map(|t| t.cv)))
    }
}

/// What a run tuned, and how: for its JSON report.
struct RunFacts<'a> {
    k: &'a kernel::Kernel,
    space: &'a Space,
    admitted: Option<u64>,
    strategy: StrategyKind,
    machine: &'a Machine,
    base_t: &'a measure::Timing,
}

/// The JSON report of a run (`--report`).
#[allow(clippy::too_many_arguments)]
fn json_report(
    a: &Args,
    run: &RunFacts<'_>,
    found: &Findings,
    pick: &ModelPick,
    kept: &incumbent::Incumbent,
    search_kept: incumbent::Summary,
    check: &incumbent::FinalCheck,
    duels: &DuelTotals,
) -> serde_json::Value {
    let (history, trials) = (&found.history, &found.trials);
    let ties = noise_ties(
        history,
        trials,
        run.base_t,
        pick.config.as_ref().zip(pick.time),
        pick.cv,
    );
    serde_json::json!({
        "within_noise_of_best": ties.tied,
        "kernel": run.k.name,
        "fingerprint": run.k.fingerprint,
        "strategy": format!("{:?}", run.strategy).to_lowercase(),
        "space_size": run.admitted.unwrap_or(run.space.size()),
        "grid_product": run.space.size(),
        "machine": {
            "l1": run.machine.l1, "l2": run.machine.l2, "line": run.machine.line,
            "registers": run.machine.registers, "simd_bytes": run.machine.simd_bytes,
            "cores": run.machine.cores,
        },
        "max_cv": a.max_cv,
        "statistic": format!("{:?}", a.statistic).to_lowercase(),
        "baseline_seconds": run.base_t.seconds,
        "baseline_cv": run.base_t.cv,
        "model_pick": pick.config.as_ref().map(Config::key),
        "model_pick_config": pick.config,
        "model_pick_seconds": pick.time.flatten(),
        "model_pick_cv": pick.cv,
        "model_favourite": pick.favourite.as_ref().map(|(c, _)| c.key()),
        "model_favourite_seconds": pick.favourite.as_ref().map(|(_, s)| *s),
        "incumbent": kept.summary(),
        "search_incumbent": search_kept,
        "final_check": check,
        "duels": duels,
        "trials": trials,
    })
}

/// The cost model's pick and how it measured.
struct ModelPick {
    /// The pick (the untuned program when the favourite was overruled).
    config: Option<Config>,
    /// Its time (`Some(None)`: it failed), and coefficient of variation.
    time: Option<Option<f64>>,
    cv: Option<f64>,
    /// The model's favourite and its time, whatever the pick.
    favourite: Option<(Config, f64)>,
    /// The favourite when it measured slower than untuned, with both times on a common
    /// clock (favourite, untuned).
    overruled: Option<(Config, (f64, f64))>,
}

/// Prints the summary of a run and writes its plot (`--plot`); returns the duel totals.
#[allow(clippy::too_many_arguments)]
fn print_outcome(
    a: &Args,
    k: &kernel::Kernel,
    found: &Findings,
    base_t: &measure::Timing,
    pick: &ModelPick,
    kept: &incumbent::Incumbent,
    untuned: &incumbent::Incumbent,
    check: &incumbent::FinalCheck,
    start: Instant,
) -> Result<DuelTotals, String> {
    let (history, trials) = (&found.history, &found.trials);
    print_summary(
        k,
        history,
        trials,
        base_t,
        pick.config.as_ref().zip(pick.time),
        pick.cv,
        start.elapsed(),
        a.max_cv,
        a.statistic,
    );
    print_kept(kept, untuned, check);
    print_final_check(check);
    let duels = duel_totals(trials);
    if duels.count > 0 {
        println!(
            "duels: {} (won by the candidate: {}), {} runs, {:.2} s (counted in the run's time)",
            duels.count, duels.won, duels.runs, duels.seconds
        );
    }
    if let Some((c, (f, u))) = &pick.overruled {
        println!(
            "model: the cost model's favourite {} measured {:.2}x of untuned (slower), so its pick is the untuned program",
            c.key(),
            u / f
        );
    }
    if let Some(p) = &a.plot {
        let times: Vec<Option<f64>> = trials.iter().map(|t| t.seconds).collect();
        plot::plot(p, &format!("lattice tune @{}", k.name), &times)
            .map_err(|e| format!("lattice tune: {e}"))?;
        eprintln!("plot written to {}", p.display());
    }
    Ok(duels)
}

impl Bench<'_> {
    /// The cost model's pick, measured if the search did not.
    ///
    /// The model's favourite measured slower than untuned: the pick falls back to the
    /// untuned program, as it does where the model predicts too small a gain (the favourite
    /// and its time stay in the report and the summary says so).
    /// Compared on a common clock where this run timed it (a parallel favourite by the wall
    /// clock of both), else (a resumed record) by the counted times.
    fn model_pick(
        &self,
        mut model_pick: Option<Config>,
        found: &mut Findings,
        record: &RecordFn<'_>,
        untuned: &incumbent::Incumbent,
        base_t: &measure::Timing,
        baseline_cfg: &Config,
    ) -> Result<ModelPick, String> {
        let (a, cpu_clock) = (self.a, self.cpu_clock);
        let mut pick_time = None;
        let mut pick_cv = None;
        if let Some(pick) = &model_pick {
            if let Some(o) = found.history.iter().find(|o| o.config == *pick) {
                pick_time = Some(o.seconds);
            } else {
                let (t, cv) = self.measure_pick(pick, found, record)?;
                (pick_time, pick_cv) = (Some(t), cv);
            }
        }
        let favourite = model_pick.clone().zip(pick_time.flatten());
        let versus_untuned = |(c, s): &(Config, f64)| -> (f64, f64) {
            match found.timings.iter().find(|(tc, _)| tc == c) {
                Some((_, t)) => {
                    let how = (cpu_clock && c.single_threaded(), !c.single_threaded());
                    let fav = incumbent::Incumbent::measured(
                        c.clone(),
                        0,
                        t.clone(),
                        how,
                        a.statistic,
                        a.max_cv,
                    );
                    let (_, f, u) = fav.against(untuned);
                    (f, u)
                }
                None => (*s, base_t.seconds),
            }
        };
        let overruled = favourite
            .clone()
            .map(|f| (f.0.clone(), versus_untuned(&f)))
            .filter(|(c, (f, u))| pick_overruled(&(c.clone(), *f), baseline_cfg, *u));
        if overruled.is_some() {
            model_pick = Some(baseline_cfg.clone());
            pick_time = Some(Some(base_t.seconds));
            pick_cv = Some(base_t.cv);
        }
        Ok(ModelPick {
            config: model_pick,
            time: pick_time,
            cv: pick_cv,
            favourite,
            overruled,
        })
    }

    /// The final check: the kept config against the untuned program (always) and the
    /// search's best-ranked other configs (those that fit in what is left of the time
    /// budget), interleaved. Returns the search's incumbent and the check.
    #[allow(clippy::too_many_arguments)]
    fn final_check(
        &self,
        found: &Findings,
        kept: &mut incumbent::Incumbent,
        untuned: &incumbent::Incumbent,
        resumed: Option<incumbent::Contender>,
        baseline_cfg: &Config,
        start: Instant,
        per_run: f64,
    ) -> (incumbent::Summary, incumbent::FinalCheck) {
        let a = self.a;
        let referee = incumbent::Referee {
            measurer: self.measurer,
            expected: self.expected,
            rtol: a.rtol,
        };
        let contenders: Vec<incumbent::Contender> = search::ranked(&found.history)
            .into_iter()
            .filter(|(c, _)| **c != kept.config && **c != *baseline_cfg)
            .filter_map(|(c, _)| found.measured.iter().find(|m| m.config == *c).cloned())
            .take(a.confirm_top)
            .collect();
        let mut contenders = with_resumed(contenders, resumed, &kept.config);
        let left = a.time_budget.map(|b| b - start.elapsed().as_secs_f64());
        let (fit, rounds) =
            incumbent::final_check_size(contenders.len(), left, a.confirm_rounds, per_run);
        contenders.truncate(fit);
        let search_kept = kept.summary();
        let check_bar = final_check_bar(a.no_progress, kept.final_check_programs(&contenders));
        let check = kept.confirm_with(&referee, untuned, &contenders, rounds, &|done, total| {
            check_bar.set_length(total as u64);
            check_bar.set_position(done as u64);
        });
        check_bar.finish_and_clear();
        (search_kept, check)
    }
}

/// The incumbent a run starts from: the untuned program `untuned`, or in a run resumed on
/// `db`, the config the latest run of `key` kept ([`Db::kept_record`]), compiled and
/// re-timed now by `time`, so that it is compared with this run's candidates on this run's
/// clock and replaced only by one that beats it (otherwise a resumed run that found only
/// slower configs than the kept one would keep one of them). When that config no longer
/// compiles or runs correctly, the untuned program, and a note saying why.
fn starting_incumbent(
    db: &Db,
    key: &Key,
    untuned: &incumbent::Incumbent,
    time: &mut dyn FnMut(&Config) -> Result<(measure::Prepared, measure::Timing), MeasureError>,
) -> Result<(incumbent::Incumbent, Option<String>), String> {
    let saved = db
        .kept_record(key)
        .map_err(|e| format!("lattice tune: {e}"))?
        .and_then(|r| serde_json::from_str::<Config>(&r.config).ok())
        .filter(|c| *c != untuned.config);
    let Some(config) = saved else {
        return Ok((untuned.clone(), None));
    };
    match time(&config) {
        Ok((p, t)) => Ok((untuned.resumed(config, t, &p), None)),
        Err(e) => Ok((
            untuned.clone(),
            Some(format!(
                "note: the config the last run kept ({}) failed now ({}: {e}); starting from the untuned program",
                config.key(),
                status_of(&e)
            )),
        )),
    }
}

/// The final check's contenders: `contenders` (the search's best-ranked measured
/// configs), after the config an earlier run kept (`resumed`, a resumed run's first
/// incumbent) when the search replaced it by another (`kept`): the replacement won on
/// separate timings and must beat it side by side too. First, so that a time budget
/// drops it last.
fn with_resumed(
    mut contenders: Vec<incumbent::Contender>,
    resumed: Option<incumbent::Contender>,
    kept: &Config,
) -> Vec<incumbent::Contender> {
    if let Some(r) = resumed.filter(|r| r.config != *kept) {
        contenders.retain(|c| c.config != r.config);
        contenders.insert(0, r);
    }
    contenders
}

/// The progress display's second phase, after the trials: the final check's interleaved
/// rounds (warm-up round included) of `programs` programs.
fn final_check_bar(hidden: bool, programs: usize) -> ProgressBar {
    if hidden {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} rounds  final check: {msg}  ETA {eta}")
            .expect("valid template"),
    );
    pb.set_message(format!("{programs} programs side by side"));
    pb
}

/// Whether the cost model's favourite `(config, measured seconds)` gives way to the
/// untuned program as the model's pick: it is a transformation and measured slower than
/// the untuned program's `base_seconds`.
fn pick_overruled(favourite: &(Config, f64), baseline: &Config, base_seconds: f64) -> bool {
    favourite.0 != *baseline && favourite.1 > base_seconds
}

/// Times a candidate; one that would change something (`improves`: it beats the best time
/// so far, or it would replace the incumbent) is timed a second time and keeps the slower
/// of its two timings (the samples of both), so neither the search nor the incumbent
/// moves to a config that looked better only once: a lucky moment (a quiet core, a warm
/// cache) cannot send the walk off from the wrong config. Costs one timing per
/// improvement, no compilation.
fn confirmed_time(
    measurer: &dyn measure::Measurer,
    p: &measure::Prepared,
    expected: &str,
    proto: &measure::Protocol,
    improves: &dyn Fn(&measure::Timing) -> bool,
) -> Result<measure::Timing, MeasureError> {
    let first = measure::time_candidate(measurer, p, expected, proto)?;
    if !improves(&first) {
        return Ok(first);
    }
    let second = measure::time_candidate(measurer, p, expected, proto)?;
    let (mut slow, fast) = if second.seconds > first.seconds {
        (second, first)
    } else {
        (first, second)
    };
    slow.samples.extend(fast.samples);
    slow.wall_samples.extend(fast.wall_samples);
    slow.cv = measure::stats(&slow.samples).1;
    Ok(slow)
}

/// One trial's measurement: times candidate `config` (prepared as `p`) with
/// [`confirmed_time`] (a second timing when it beats the search's `best` or the
/// incumbent) and offers the timing to the incumbent `kept`, which it replaces when
/// faster beyond the two timings' combined variation on their common clock, or faster
/// within it and the winner of a duel ([`incumbent::Incumbent::contest`]; returned).
fn time_and_offer(
    measurer: &dyn measure::Measurer,
    p: &measure::Prepared,
    config: &Config,
    trial: usize,
    expected: &str,
    proto: &measure::Protocol,
    best: f64,
    kept: &mut incumbent::Incumbent,
) -> Result<(measure::Timing, Option<incumbent::Duel>), MeasureError> {
    let t = confirmed_time(measurer, p, expected, proto, &|t| {
        t.seconds < best || kept.beaten_by(t, p)
    })?;
    let referee = incumbent::Referee {
        measurer,
        expected,
        rtol: proto.rtol,
    };
    let offer = kept.contest(&referee, config, trial, &t, p);
    Ok((offer.rebased.unwrap_or(t), offer.duel))
}

/// The duels of a run, for the summary and `--report`'s `duels`.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
struct DuelTotals {
    count: usize,
    /// Won by the candidate (which became the incumbent).
    won: usize,
    runs: usize,
    seconds: f64,
}

fn duel_totals(trials: &[Trial]) -> DuelTotals {
    trials
        .iter()
        .filter_map(|t| t.duel.as_ref())
        .fold(DuelTotals::default(), |a, d| DuelTotals {
            count: a.count + 1,
            won: a.won + usize::from(d.won),
            runs: a.runs + d.runs,
            seconds: a.seconds + d.seconds,
        })
}

/// The summary's `kept` line: the run's result, against the untuned program: by the
/// final check's paired rounds where it set the two side by side, else (it ran nothing)
/// by their timings on their common clock.
fn print_kept(
    kept: &incumbent::Incumbent,
    untuned: &incumbent::Incumbent,
    check: &incumbent::FinalCheck,
) {
    if kept.is_untuned() {
        println!(
            "kept: untuned (no transformation): {}",
            if check.search_incumbent == "untuned" {
                "no measured config beat it by more than the two timings' combined variation or in a duel"
            } else {
                "the config the search kept did not beat it in the final check"
            }
        );
        return;
    }
    let how = if kept.is_resumed() {
        "kept by an earlier run on this database; no config of this run beat it, confirmed by the final check"
    } else {
        "the last config that beat the one kept before it by more than their combined variation or in a duel, confirmed by the final check"
    };
    if let Some(p) = check.untuned.as_ref().filter(|p| p.won) {
        let r = p.median_ratio.unwrap_or(1.0);
        println!(
            "kept: {} (trial {}): {:.2}x the untuned program's speed by the {} clock (median of {} paired rounds); {how}",
            p.key,
            kept.trial,
            1.0 / r,
            clock_name(p.clock),
            p.rounds,
        );
        return;
    }
    let (clock, k, u) = kept.against(untuned);
    println!(
        "kept: {} (trial {}): {:.4} ms vs untuned {:.4} ms by the {} clock ({:.2}x); {how}",
        kept.summary().key,
        kept.trial,
        k * 1e3,
        u * 1e3,
        clock_name(clock),
        u / k,
    );
}

fn clock_name(c: incumbent::Clock) -> &'static str {
    match c {
        incumbent::Clock::Cpu => "CPU",
        incumbent::Clock::Wall => "wall",
    }
}

/// The summary's `final check` lines.
fn print_final_check(check: &incumbent::FinalCheck) {
    let ratio = |p: &incumbent::Paired| match (p.median_ratio, p.ratio_range) {
        (Some(m), Some((lo, hi))) => format!("median ratio {m:.3}, range {lo:.3}-{hi:.3}"),
        _ => p.detail.clone(),
    };
    for d in &check.duels {
        println!(
            "final duel: {} vs {}: faster in {} of {} rounds, {} by the {} clock{}",
            d.key,
            d.against,
            d.faster,
            d.rounds,
            ratio(d),
            clock_name(d.clock),
            if d.won { ": won" } else { "" }
        );
    }
    if let Some(u) = &check.untuned {
        println!(
            "final check: {} vs untuned: faster in {} of {} rounds, {} by the {} clock",
            u.key,
            u.faster,
            u.rounds,
            ratio(u),
            clock_name(u.clock)
        );
    }
    println!(
        "final check ({} interleaved rounds, {} runs, {:.2} s): {}",
        check.rounds, check.runs, check.seconds, check.note
    );
}

/// The untransformed program prepared for timing (by the process CPU clock if
/// `cpu_clock`), and its output: the reference every candidate's output must match.
fn prepare_baseline(
    measurer: &dyn Measurer,
    harnessed: &str,
    dir: &Path,
    cpu_clock: bool,
) -> Result<(measure::Prepared, String), String> {
    let mut base = measurer
        .prepare(harnessed, dir, "baseline")
        .map_err(|e| format!("lattice tune: the untransformed program does not build: {e}"))?;
    base.cpu_clock = cpu_clock;
    let reference = measurer
        .run(&base)
        .map_err(|e| format!("lattice tune: the untransformed program does not run: {e}"))?;
    Ok((base, reference.output))
}

/// Writes a `--report` JSON file (temp + rename).
fn write_report(out: &str, report: &serde_json::Value) -> Result<(), String> {
    write_atomically(
        out,
        serde_json::to_string_pretty(report)
            .expect("json")
            .as_bytes(),
    )
    .map_err(|e| format!("lattice tune: cannot write '{out}': {e}"))
}

/// Knobs whose pass this build lacks are pinned off (a spec may not widen them).
fn clamp_to_capabilities(space: &mut Space, caps: Capabilities) {
    let mut pinned = Vec::new();
    if !caps.tile && space.tile.iter().any(|v| v != &[0]) {
        space.tile.iter_mut().for_each(|v| *v = vec![0]);
        pinned.push("tile (affine-loop-tile)");
    }
    if !caps.interchange && space.orders.len() > 1 {
        space.orders = vec![Vec::new()];
        pinned.push("interchange (poly-transform permute)");
    }
    if !caps.unroll && space.unroll != [1] {
        space.unroll = vec![1];
        pinned.push("unroll (affine-loop-unroll)");
    }
    if !caps.unroll_jam && space.unroll_jam != [1] {
        space.unroll_jam = vec![1];
        pinned.push("unroll_jam (affine-loop-unroll-jam)");
    }
    if !caps.vectorize && space.vector != [1] {
        space.vector = vec![1];
        pinned.push("vector (affine-super-vectorize)");
    }
    if !caps.parallelize && space.parallel != [false] {
        space.parallel = vec![false];
        pinned.push("parallel (affine-parallelize)");
    }
    if !caps.schedule && space.poly.iter().any(Option::is_some) {
        space.poly = vec![None];
        pinned.push("scheduler (poly-schedule)");
    }
    for p in pinned {
        eprintln!("lattice tune: warning: this build lacks the pass for `{p}`; the knob stays off");
    }
}

/// Which measured configs are indistinguishable from the best one within noise
/// ([`measure::within_noise`]), by key (`untuned` for the baseline), best first; empty
/// when the best has no known variation.
struct NoiseTies {
    best: Option<(Config, f64, f64)>,
    tied: Vec<String>,
}

/// The coefficient of variation recorded for `c` in this run, if it was measured here.
fn cv_of(
    c: &Config,
    trials: &[Trial],
    base: &measure::Timing,
    pick: Option<(&Config, Option<f64>)>,
    pick_cv: Option<f64>,
) -> Option<f64> {
    if *c == Config::baseline(c.tile.len()) {
        return Some(base.cv);
    }
    trials
        .iter()
        .find(|t| t.config == *c)
        .and_then(|t| t.cv)
        .or(pick_cv.filter(|_| pick.is_some_and(|(p, _)| p == c)))
}

fn noise_ties(
    history: &[Observation],
    trials: &[Trial],
    base: &measure::Timing,
    pick: Option<(&Config, Option<f64>)>,
    pick_cv: Option<f64>,
) -> NoiseTies {
    let cv = |c: &Config| cv_of(c, trials, base, pick, pick_cv);
    // Ranked, and compared with the best, on the common clock of each pair.
    let ok = search::ranked(history);
    let obs = |c: &Config| history.iter().find(|o| o.config == *c);
    let Some(&(best, _)) = ok.first() else {
        return NoiseTies {
            best: None,
            tied: Vec::new(),
        };
    };
    let Some(best_cv) = cv(best) else {
        return NoiseTies {
            best: None,
            tied: Vec::new(),
        };
    };
    let best_o = obs(best).expect("ranked from the history");
    let s = best_o.seconds.expect("ran correctly");
    let tied = ok[1..]
        .iter()
        .filter(|(c, _)| {
            let Some((t, b)) = obs(c).and_then(|o| search::on_common_clock(o, best_o)) else {
                return false;
            };
            cv(c).is_some_and(|v| measure::within_noise(b, best_cv, t, v))
        })
        .map(|(c, _)| {
            if **c == Config::baseline(c.tile.len()) {
                "untuned".to_string()
            } else {
                c.key()
            }
        })
        .collect();
    NoiseTies {
        best: Some((best.clone(), s, best_cv)),
        tied,
    }
}

fn print_summary(
    k: &kernel::Kernel,
    history: &[Observation],
    trials: &[Trial],
    base: &measure::Timing,
    pick: Option<(&Config, Option<f64>)>,
    pick_cv: Option<f64>,
    elapsed: Duration,
    max_cv: f64,
    statistic: measure::Statistic,
) {
    let baseline = base.seconds;
    let base_cfg = Config::baseline(k.band.trips.len());
    let ties = noise_ties(history, trials, base, pick, pick_cv);
    // Two configs' times (`c` counted `s` on its own clock, `d` counted `ds`) on their
    // common clock, where this history has both.
    let obs = |c: &Config| history.iter().find(|o| o.config == *c);
    let pair = |c: &Config, s: f64, d: &Config, ds: f64| -> (f64, f64) {
        obs(c)
            .zip(obs(d))
            .and_then(|(a, b)| search::on_common_clock(a, b))
            .unwrap_or((s, ds))
    };
    let mixed = history.iter().any(|o| o.cpu_clock) && history.iter().any(|o| !o.cpu_clock);
    // A config timed by the wall clock among CPU-timed ones is marked `w`.
    let clock_mark = |c: &Config| {
        if mixed && obs(c).is_some_and(|o| !o.cpu_clock) {
            " w"
        } else {
            ""
        }
    };
    let cv_of = |c: &Config| -> String {
        match cv_of(c, trials, base, pick, pick_cv) {
            Some(v) if v > max_cv => format!("{:.0}% noisy", v * 100.0),
            Some(v) => format!("{:.0}%", v * 100.0),
            None => "-".into(),
        }
    };
    // The difference to the best config; `~` when the two are within noise.
    let vs_best = |c: &Config, s: f64| -> String {
        let Some((b, bs, _)) = &ties.best else {
            return "-".into();
        };
        if c == b {
            return "best".into();
        }
        let key = if *c == Config::baseline(c.tile.len()) {
            "untuned".to_string()
        } else {
            c.key()
        };
        let tie = if ties.tied.contains(&key) { " ~" } else { "" };
        let (x, b) = pair(c, s, b, *bs);
        format!("{:+.0}%{tie}", (x / b - 1.0) * 100.0)
    };
    let failed = trials.iter().filter(|t| t.seconds.is_none()).count();
    println!(
        "@{}: {} trials in {:.1} s ({} failed), {} configs measured in total",
        k.name,
        trials.len(),
        elapsed.as_secs_f64(),
        failed,
        history.len()
    );
    // Ranked on the common clock; each row shows its own clock's time.
    let ok: Vec<(&Config, f64)> = search::ranked(history)
        .into_iter()
        .filter_map(|(c, _)| obs(c).and_then(|o| o.seconds).map(|s| (c, s)))
        .collect();
    let speedup = |c: &Config, s: f64| {
        let (x, b) = pair(c, s, &base_cfg, baseline);
        if x > 0.0 {
            format!("{:.2}x", b / x)
        } else {
            "n/a".to_string()
        }
    };
    println!("time (ms): {}", statistic.describe());
    if mixed {
        println!(
            "ranked, speedups and `vs best` on the common clock: CPU time between single-threaded configs, else the wall clock of the same runs (w: a config timed by the wall clock; its time column is wall-clock time)"
        );
    }
    println!(
        "{:<6} {:>11} {:>8} {:>10} {:>8}  {}",
        "rank", "time (ms)", "speedup", "cv", "vs best", "config"
    );
    for (i, (c, s)) in ok.iter().take(5).enumerate() {
        println!(
            "{:<6} {:>11.4} {:>8} {:>10} {:>8}  {}{}",
            i + 1,
            s * 1e3,
            speedup(c, *s),
            cv_of(c),
            vs_best(c, *s),
            c.key(),
            clock_mark(c)
        );
    }
    println!(
        "{:<6} {:>11.4} {:>8} {:>10} {:>8}  {}",
        "base",
        baseline * 1e3,
        "1.00x",
        cv_of(&base_cfg),
        vs_best(&base_cfg, baseline),
        "untuned (no transformation)"
    );
    if let Some((c, t)) = pick {
        match t {
            Some(s) => println!(
                "{:<6} {:>11.4} {:>8} {:>10} {:>8}  {} (cost model's pick)",
                "model",
                s * 1e3,
                speedup(c, s),
                cv_of(c),
                vs_best(c, s),
                c.key()
            ),
            None => println!(
                "{:<6} {:>11} {:>8} {:>10} {:>8}  {} (cost model's pick)",
                "model",
                "failed",
                "-",
                "-",
                "-",
                c.key()
            ),
        }
    }
    if !ties.tied.is_empty() {
        let n = ties.tied.len();
        let untuned = ties.tied.iter().any(|t| t == "untuned");
        println!(
            "within noise (~): {n} config(s) differ from the best by less than the runs' combined variation{}",
            if untuned {
                "; the untuned program among them: this run cannot tell the best config from no transformation"
            } else {
                ""
            }
        );
    }
    let noisy = trials
        .iter()
        .filter(|t| t.cv.is_some_and(|v| v > max_cv))
        .count()
        + (base.cv > max_cv) as usize;
    if noisy > 0 {
        println!(
            "noise: {noisy} measurement(s) kept a variation above --max-cv {:.0}% after re-measuring with up to {}x the repeats (machine load?); their ranks are uncertain",
            max_cv * 100.0,
            measure::MAX_REPEAT_FACTOR
        );
    }
    for t in trials.iter().filter(|t| t.seconds.is_none()).take(3) {
        println!("failed: {} — {}", t.config.key(), t.detail);
    }
}
