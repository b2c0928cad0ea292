//! Differential testing of the loop transformations on randomly generated affine loop
//! nests: each generated kernel (perfect and imperfect nests of depth 1-3, constant and
//! triangular bounds, 1-3 `f64` arrays read and written with in-bounds random affine
//! subscripts, so real dependences appear; a third of the programs are producer-consumer
//! chains or sibling pairs of nests with equal bounds, so fusion has candidates, some of
//! them illegal, and a few are reductions through `iter_args`) is run through Lattice's
//! own JIT before and after `--poly-schedule`, `--poly-schedule=parallel-reductions=true`
//! (a kernel two passes make alike runs once), `--affine-loop-tile=tile-sizes=2,3`,
//! `--affine-loop-fusion` (mlir-opt's default: no shift),
//! `--affine-loop-fusion="maximal=true shift=true"` (Lattice's shifting fusion),
//! `--poly-transform="permute=1,0 parallel=true"` (where the interchange is legal, the
//! outermost dependence-free loop of each band is marked parallel),
//! `--poly-transform=reverse=0` (the last two legal only on some nests: elsewhere they
//! must refuse), `--affine-loop-distribute` and
//! `--affine-parallelize=parallel-reductions=true`, and two pipelines that schedule
//! transformed code again (`--affine-loop-tile --poly-schedule`, `--poly-schedule
//! --poly-schedule`; every fourth program), and the printed checksums must agree
//! (exactly, or within 1e-9 relative where a reduction may be reassociated); a pass that
//! reports an error fails the test (passes refuse with remarks and leave the kernel as it
//! is), and so does one that transforms fewer programs than its floor ([`FLOORS`]: a pass
//! that refuses everything would otherwise pass). Every module
//! runs with `ParallelOrder::Reverse` on one runtime thread (the race detector of
//! `lattice run --parallel-order=reverse`): each `affine.parallel` a transformation
//! introduces runs its iterations backwards, so one that carries a dependence changes the
//! checksums, deterministically.
//!
//! Cost: the passes run on a module holding only the kernel; the original kernel and every
//! transformed one (renamed `@k<program>_<variant>`) go with one driver each (allocate,
//! initialize, call, print checksums) into one module per batch of programs, which is
//! compiled and JIT-loaded once, so LLVM's fixed costs are paid per batch, not per run. A
//! batch that does not compile is retried variant by variant to name the culprit.
//!
//! Invariants: the seed is fixed (`LATTICE_POLY_RANDOM_SEED` overrides it), the program count
//! comes from `LATTICE_POLY_RANDOM_COUNT` (default 1000 in release builds, 40 in debug);
//! `LATTICE_POLY_RANDOM_THREADS` sets the worker threads (default 2); every access stays
//! inside its array because every induction variable lies in `0..12` and each subscript is
//! shifted by 12 per negative coefficient into `0..SIZE`.
//! `LATTICE_POLY_RANDOM_DUMP=DIR` writes every generated kernel to `DIR/random<N>.mlir`.

mod support;

use lattice_cli::fuzz::gen::{program, Program, Rng, SIZE};
use lattice_cli::{make_context, make_registry};
use lattice_codegen::llvm::jit::{EntryResult, Jit};
use lattice_codegen::llvm::{self, CodegenOptions, ParallelOrder};
use lattice_ir::pass::{parse_pass_options, run_pipeline, OpPipeline, RunOptions};
use lattice_ir::printer::{print_op, PrintOptions};
use lattice_ir::{Ir, SourceMap, WalkOrder};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

/// Programs per JIT module.
const BATCH: usize = 20;

/// The transformations under test: pipelines of (pass, options), run in order on the
/// kernel. The last two transform the output of a transformation again (a user's
/// `--affine-loop-tile --poly-schedule` or `--poly-schedule --poly-schedule`): the
/// scheduler must model tiled code (floor divisions, min/max bounds) exactly. Those cost
/// ~8× a single pass (tiled domains split dependences into many pieces), so they run on
/// every [`RESCHEDULE_EVERY`]-th program only.
const PASSES: &[&[(&str, &str)]] = &[
    // min-parallel-work=0: the programs are small, and marks inside sequential loops
    // (short regions, left sequential by default) are what the race detector checks.
    // order-cost=false: the schedules are under test, not the cost model's choice
    // between them and the (unchanged) input, which would keep most small programs.
    &[("poly-schedule", "min-parallel-work=0 order-cost=false")],
    &[(
        "poly-schedule",
        "parallel-reductions=true min-parallel-work=0 order-cost=false",
    )],
    &[("affine-loop-tile", "tile-sizes=2,3")],
    &[("affine-loop-fusion", "")],
    &[("affine-loop-fusion", "maximal=true shift=true")],
    &[("poly-transform", "permute=1,0 parallel=true")],
    &[("poly-transform", "reverse=0")],
    &[("affine-loop-distribute", "")],
    &[("affine-parallelize", "parallel-reductions=true")],
    &[
        ("affine-loop-tile", "tile-sizes=2,3"),
        ("poly-schedule", "min-parallel-work=0 order-cost=false"),
    ],
    &[
        (
            "poly-schedule",
            "tile-sizes=4,3 min-parallel-work=0 order-cost=false",
        ),
        ("poly-schedule", "min-parallel-work=0 order-cost=false"),
    ],
];

/// The least share of the programs a pipeline of [`PASSES`] (same index) runs on whose
/// kernel it must transform (print differently), so that a pass that refuses everything
/// fails the test. Measured with the default seed and 1000 programs (the test prints the
/// shares): 76, 82, 86, 22, 47, 37, 43, 40, 32, 84 and 74%; each floor is about 3/4 of
/// its share. Checked when the pipeline ran on at least [`FLOOR_MIN_PROGRAMS`] programs.
const FLOORS: [f64; PASSES.len()] = [
    0.60, 0.65, 0.70, 0.17, 0.35, 0.27, 0.32, 0.30, 0.24, 0.65, 0.55,
];

/// Fewer programs than this (a debug build's 40, a small `LATTICE_POLY_RANDOM_COUNT`) make
/// a share too noisy for its floor: then the floors are only printed.
const FLOOR_MIN_PROGRAMS: usize = 200;

/// Pipelines of more than one pass run on programs `n` with `n % RESCHEDULE_EVERY == 0`.
const RESCHEDULE_EVERY: usize = 4;

/// Whether program `n` goes through `pipeline`.
fn runs_on(pipeline: &[(&str, &str)], n: usize) -> bool {
    pipeline.len() == 1 || n % RESCHEDULE_EVERY == 0
}

/// A pipeline as a command line would spell it: `--a=x --b`.
fn pipeline_label(pipeline: &[(&str, &str)]) -> String {
    let flags: Vec<String> = pipeline
        .iter()
        .map(|&(name, options)| {
            if options.is_empty() {
                format!("--{name}")
            } else {
                format!("--{name}=\"{options}\"")
            }
        })
        .collect();
    flags.join(" ")
}

/// A driver `@<name>` that allocates and initializes the arrays, calls `@<kernel>` and
/// prints one weighted checksum per array.
fn driver(name: &str, kernel: &str, arrays: usize) -> String {
    let ty = format!("memref<{SIZE}x{SIZE}xf64>");
    let mut t = String::new();
    let _ = writeln!(t, "func.func @{name}() {{");
    let _ = writeln!(t, "  %zero = arith.constant 0.0 : f64");
    for a in 0..arrays {
        let _ = writeln!(t, "  %A{a} = memref.alloc() : {ty}");
        let _ = writeln!(
            t,
            "  affine.for %i = 0 to {SIZE} {{\n    affine.for %j = 0 to {SIZE} {{\n      \
             %k = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3 + {a}) mod 11)>(%i, %j)\n      \
             %ki = arith.index_cast %k : index to i64\n      \
             %kf = arith.sitofp %ki : i64 to f64\n      \
             affine.store %kf, %A{a}[%i, %j] : {ty}\n    }}\n  }}"
        );
    }
    let args: Vec<String> = (0..arrays).map(|a| format!("%A{a}")).collect();
    let tys: Vec<String> = (0..arrays).map(|_| ty.clone()).collect();
    let _ = writeln!(
        t,
        "  func.call @{kernel}({}) : ({}) -> ()",
        args.join(", "),
        tys.join(", ")
    );
    for a in 0..arrays {
        let _ = writeln!(
            t,
            "  %s{a} = affine.for %i = 0 to {SIZE} iter_args(%acc = %zero) -> (f64) {{\n    \
             %r = affine.for %j = 0 to {SIZE} iter_args(%acc2 = %acc) -> (f64) {{\n      \
             %w = affine.apply affine_map<(d0, d1) -> ((d0 * 41 + d1) mod 13 + 1)>(%i, %j)\n      \
             %wi = arith.index_cast %w : index to i64\n      \
             %wf = arith.sitofp %wi : i64 to f64\n      \
             %x = affine.load %A{a}[%i, %j] : {ty}\n      \
             %p = arith.mulf %x, %wf : f64\n      \
             %n = arith.addf %acc2, %p : f64\n      \
             affine.yield %n : f64\n    }}\n    affine.yield %r : f64\n  }}"
        );
        let _ = writeln!(t, "  func.call @printF64(%s{a}) : (f64) -> ()");
        let _ = writeln!(t, "  func.call @printNewline() : () -> ()");
    }
    for a in 0..arrays {
        let _ = writeln!(t, "  memref.dealloc %A{a} : {ty}");
    }
    let _ = writeln!(t, "  return\n}}");
    t
}

/// What one pass did to one kernel.
enum Transformed {
    /// The kernel's printed text changed: the new text.
    Changed(String),
    /// The pass left the kernel unchanged (refused or found nothing to do).
    Unchanged,
    /// The pass reported an error (they refuse with remarks and an unchanged kernel, so
    /// an error is a defect: it fails the test).
    Failed(String),
}

/// Parses `text` (a module of `func.func`s) into a fresh IR.
fn parse(text: &str) -> Result<(Ir, lattice_ir::Op, SourceMap, lattice_ir::SourceId), String> {
    let ctx = Arc::new(make_context(false));
    let mut sources = SourceMap::new();
    let id = sources.add("random.mlir", text);
    let mut ir = Ir::new(ctx.clone());
    let module = lattice_ir::parser::parse_source(&mut ir, id, "random.mlir", text)
        .map_err(|d| sources.render(&ctx, &[d], Some(id)))?;
    let errors = lattice_ir::verifier::verify(&ir, module);
    if !errors.is_empty() {
        return Err(sources.render(&ctx, &errors, Some(id)));
    }
    Ok((ir, module, sources, id))
}

/// The printed text of the first `func.func` of `module`.
fn func_text(ir: &Ir, module: lattice_ir::Op) -> String {
    let func = ir
        .walk_ops(module, WalkOrder::PreOrder)
        .into_iter()
        .find(|&o| ir.is_op(o, "func.func"))
        .expect("the kernel module holds a function");
    print_op(ir, func, PrintOptions::default())
}

/// Runs one pipeline of passes on a module holding only `kernel`.
fn transform(kernel: &str, passes: &[(&str, &str)]) -> Transformed {
    let (mut ir, module, sources, id) = match parse(kernel) {
        Ok(p) => p,
        Err(e) => panic!("kernel does not parse:\n{kernel}\n{e}"),
    };
    let before = func_text(&ir, module);
    let registry = make_registry();
    let mut pipeline = OpPipeline::new("builtin.module");
    for &(name, options) in passes {
        let def = registry.lookup(name).expect("pass is registered");
        let options = parse_pass_options(def, options).expect("options parse");
        pipeline.add_flag_pass(def, options);
    }
    if let Err(d) = run_pipeline(&mut ir, module, &pipeline, &RunOptions::default()) {
        return Transformed::Failed(sources.render(ir.ctx(), &d, Some(id)));
    }
    let after = func_text(&ir, module);
    if after == before {
        Transformed::Unchanged
    } else {
        Transformed::Changed(after)
    }
}

/// One kernel to run: its driver's name, the kernel renamed, and the driver.
struct Variant {
    entry: String,
    text: String,
}

fn variant(n: usize, v: usize, kernel: &str, arrays: usize) -> Variant {
    let kname = format!("k{n}_{v}");
    let entry = format!("d{n}_{v}");
    let renamed = kernel.replacen("@kernel(", &format!("@{kname}("), 1);
    let text = format!("{renamed}\n{}", driver(&entry, &kname, arrays));
    Variant { entry, text }
}

/// Compiles `variants` into one module, JIT-loads it once, and runs every driver,
/// returning what each printed.
fn run_variants(variants: &[&Variant]) -> Result<Vec<String>, String> {
    let mut text =
        String::from("func.func private @printF64(f64)\nfunc.func private @printNewline()\n");
    for v in variants {
        text.push_str(&v.text);
    }
    let (mut ir, module, sources, id) = parse(&text)?;
    let llcx = inkwell::context::Context::create();
    let options = CodegenOptions {
        opt_level: 0,
        parallel_order: ParallelOrder::Reverse,
        ..CodegenOptions::default()
    };
    let (llmod, _tm) = llvm::compile(&llcx, &mut ir, module, &options)
        .map_err(|d| sources.render(ir.ctx(), &d, Some(id)))?;
    let jit =
        Jit::new(llmod, 0, &[], lattice_codegen::runtime::symbols()).map_err(|e| e.to_string())?;
    let mut outputs = Vec::new();
    for v in variants {
        let (r, out) =
            lattice_codegen::runtime::capture_output(|| jit.call(&v.entry, EntryResult::Void));
        r.map_err(|e| e.to_string())?;
        outputs.push(String::from_utf8_lossy(&out.stdout).into_owned());
    }
    Ok(outputs)
}

/// What one pass did to one program.
enum Verdict {
    /// The kernel changed and the output agrees.
    Applied,
    /// Nothing changed (refused or nothing to do).
    Unchanged,
    /// The pass reported an error (its rendered diagnostics).
    Failed(String),
    /// The pipeline does not run on this program ([`runs_on`]).
    Skipped,
    /// The output differs or the transformed program does not run: a miscompile.
    Mismatch(String),
}

/// Runs programs `first..` (the slice `programs`) before and after every pass, all
/// variants in one JIT module; returns one verdict per program and pass.
fn check_batch(first: usize, programs: &[Program]) -> Vec<(usize, Vec<Verdict>)> {
    // Per program: the reference variant, then one per pass that changed the kernel.
    let mut variants: Vec<Variant> = Vec::new();
    let mut plan: Vec<(usize, Vec<Result<usize, Verdict>>)> = Vec::new();
    for (k, p) in programs.iter().enumerate() {
        let n = first + k;
        let reference = variants.len();
        variants.push(variant(n, 0, &p.kernel, p.arrays));
        let mut per_pass = Vec::new();
        // Transformed kernels of this program and their variants: a kernel two passes
        // make alike runs once.
        let mut made: Vec<(String, usize)> = Vec::new();
        for (v, passes) in PASSES.iter().enumerate() {
            if !runs_on(passes, n) {
                per_pass.push(Err(Verdict::Skipped));
                continue;
            }
            per_pass.push(match transform(&p.kernel, passes) {
                Transformed::Changed(text) => match made.iter().find(|(t, _)| *t == text) {
                    Some(&(_, index)) => Ok(index),
                    None => {
                        variants.push(variant(n, v + 1, &text, p.arrays));
                        made.push((text, variants.len() - 1));
                        Ok(variants.len() - 1)
                    }
                },
                Transformed::Unchanged => Err(Verdict::Unchanged),
                Transformed::Failed(e) => Err(Verdict::Failed(e)),
            });
        }
        plan.push((reference, per_pass));
    }
    let all: Vec<&Variant> = variants.iter().collect();
    let outputs: Vec<Result<String, String>> = match run_variants(&all) {
        Ok(outs) => outs.into_iter().map(Ok).collect(),
        // Name the culprit: run every variant on its own.
        Err(_) => variants
            .iter()
            .map(|v| run_variants(&[v]).map(|mut o| o.remove(0)))
            .collect(),
    };
    let mut out = Vec::new();
    for (k, (reference, per_pass)) in plan.into_iter().enumerate() {
        let n = first + k;
        let text = &programs[k].kernel;
        let expected = match &outputs[reference] {
            Ok(o) if !o.is_empty() => o.clone(),
            Ok(_) => panic!("program {n} printed nothing:\n{text}"),
            Err(e) => panic!("program {n} does not run:\n{text}\n{e}"),
        };
        let verdicts = per_pass
            .into_iter()
            .zip(PASSES)
            .map(|(r, passes)| match r {
                Err(v) => v,
                Ok(v) => match &outputs[v] {
                    Ok(got) if support::agree_within(&expected, got, 1e-9) => Verdict::Applied,
                    Ok(got) => Verdict::Mismatch(format!(
                        "program {n}, {}: expected\n{expected}got\n{got}\n{text}\nafter:\n{}",
                        pipeline_label(passes),
                        variants[v].text
                    )),
                    Err(e) => Verdict::Mismatch(format!(
                        "program {n}, {}: transformed program does not run: {e}\n{text}",
                        pipeline_label(passes)
                    )),
                },
            })
            .collect();
        out.push((n, verdicts));
    }
    out
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

#[test]
fn random_affine_nests_keep_their_output() {
    let default = if cfg!(debug_assertions) { 40 } else { 1000 };
    let count = env_number("LATTICE_POLY_RANDOM_COUNT").unwrap_or(default) as usize;
    let seed = env_number("LATTICE_POLY_RANDOM_SEED").unwrap_or(0x1A77_1CE5);
    let threads = env_number("LATTICE_POLY_RANDOM_THREADS")
        .unwrap_or(2)
        .max(1) as usize;
    let start = Instant::now();
    // The reverse order is deterministic on one thread (chunks run in order on the caller).
    lattice_codegen::runtime::set_threads(1);
    let mut rng = Rng(seed);
    let programs: Vec<Program> = (0..count).map(|_| program(&mut rng)).collect();
    if let Ok(dir) = std::env::var("LATTICE_POLY_RANDOM_DUMP") {
        for (n, p) in programs.iter().enumerate() {
            let path = std::path::Path::new(&dir).join(format!("random{n}.mlir"));
            std::fs::write(&path, &p.kernel).expect("LATTICE_POLY_RANDOM_DUMP is writable");
        }
    }
    let batches: Vec<(usize, &[Program])> = programs
        .chunks(BATCH)
        .enumerate()
        .map(|(b, c)| (b * BATCH, c))
        .collect();
    let mut verdicts: Vec<(usize, Vec<Verdict>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let batches = &batches;
                s.spawn(move || {
                    (t..batches.len())
                        .step_by(threads)
                        .flat_map(|b| check_batch(batches[b].0, batches[b].1))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker panicked"))
            .collect()
    });
    verdicts.sort_by_key(|(n, _)| *n);
    let mut applied = vec![0usize; PASSES.len()];
    let mut unchanged = vec![0usize; PASSES.len()];
    let mut failed = vec![0usize; PASSES.len()];
    let mut mismatches = Vec::new();
    let mut errors = Vec::new();
    for (n, vs) in verdicts {
        for (p, v) in vs.into_iter().enumerate() {
            match v {
                Verdict::Applied => applied[p] += 1,
                Verdict::Unchanged => unchanged[p] += 1,
                Verdict::Skipped => {}
                // isl past its time safety net (a known compile-time problem on a few
                // programs): an honest refusal, counted as unchanged and shown.
                Verdict::Failed(e) if e.contains("ran past the safety limit") => {
                    unchanged[p] += 1;
                    eprintln!(
                        "GAVE UP program {n}, {}: {}",
                        pipeline_label(PASSES[p]),
                        e.lines().next().unwrap_or("")
                    );
                }
                Verdict::Failed(e) => {
                    failed[p] += 1;
                    errors.push(format!(
                        "program {n}, {} reported an error:\n{e}",
                        pipeline_label(PASSES[p])
                    ));
                }
                Verdict::Mismatch(m) => mismatches.push(m),
            }
        }
    }
    eprintln!(
        "poly_random: {count} programs x {} transformations (seed {seed:#x}, {threads} threads) in {:.1} s",
        PASSES.len(),
        start.elapsed().as_secs_f64()
    );
    let mut below = Vec::new();
    for (p, passes) in PASSES.iter().enumerate() {
        let programs = (0..count).filter(|&n| runs_on(passes, n)).count();
        let share = applied[p] as f64 / programs.max(1) as f64;
        let checked = programs >= FLOOR_MIN_PROGRAMS;
        eprintln!(
            "  {} ({programs} programs): kernel transformed {} ({:.0}%, floor {:.0}%{}), unchanged/refused {}, errors {}",
            pipeline_label(passes),
            applied[p],
            100.0 * share,
            100.0 * FLOORS[p],
            if checked { "" } else { ", not checked: too few programs" },
            unchanged[p],
            failed[p]
        );
        if checked && share < FLOORS[p] {
            below.push(format!(
                "{} transformed {:.0}% of the programs, below its floor of {:.0}%",
                pipeline_label(passes),
                100.0 * share,
                100.0 * FLOORS[p]
            ));
        }
    }
    eprintln!("  mismatches: {}", mismatches.len());
    for m in mismatches.iter().take(5) {
        eprintln!("MISMATCH {m}");
    }
    for e in errors.iter().take(5) {
        eprintln!("ERROR {e}");
    }
    assert!(mismatches.is_empty(), "{} miscompiles", mismatches.len());
    assert!(errors.is_empty(), "{} pass errors", errors.len());
    assert!(below.is_empty(), "{}", below.join("\n"));
}
