//! Differential testing of the loop transformations on randomly generated affine loop
//! nests: each generated program (perfect and imperfect nests of depth 1-3, constant and
//! triangular bounds, 1-3 `f64` arrays read and written with in-bounds random affine
//! subscripts, so real dependences appear) is run through Lattice's own JIT before and after
//! `--poly-schedule`, `--affine-loop-tile=tile-sizes=2,3`, `--affine-loop-fusion` and
//! `--poly-transform=permute=1,0` and `--poly-transform=reverse=0` (both legal only on some
//! nests: elsewhere they must refuse), and the printed checksums must agree (exactly, or within
//! 1e-9 relative where a reduction may be reassociated).
//!
//! Invariants: the seed is fixed (`LATTICE_POLY_RANDOM_SEED` overrides it), the program count
//! comes from `LATTICE_POLY_RANDOM_COUNT` (default 400 in release builds, 60 in debug: about two minutes on two
//! shared cores; `LATTICE_POLY_RANDOM_THREADS` sets the worker threads, default 2); every
//! access stays inside its array because every induction variable lies in `0..12` and each
//! subscript is shifted by 12 per negative coefficient into `0..SIZE`.
//! `LATTICE_POLY_RANDOM_DUMP=DIR` writes every generated program to `DIR/random<N>.mlir`.

use lattice_cli::{make_context, make_registry};
use lattice_codegen::llvm::jit::{EntryResult, Jit};
use lattice_codegen::llvm::{self, CodegenOptions};
use lattice_ir::pass::{parse_pass_options, run_pipeline, OpPipeline, RunOptions};
use lattice_ir::printer::{print_op, PrintOptions};
use lattice_ir::{Ir, SourceMap};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

/// Side of every (square, 2-D) array; subscripts lie in `0..SIZE`.
const SIZE: i64 = 40;
/// Largest constant upper bound; every induction variable lies in `0..MAX_UB`.
const MAX_UB: i64 = 12;

/// The transformations under test: (pass, options).
const PASSES: &[(&str, &str)] = &[
    ("poly-schedule", ""),
    ("affine-loop-tile", "tile-sizes=2,3"),
    ("affine-loop-fusion", ""),
    ("poly-transform", "permute=1,0"),
    ("poly-transform", "reverse=0"),
];

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i64
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Emits one program; `ivs` are the enclosing induction variables' names while generating.
struct Gen<'r> {
    rng: &'r mut Rng,
    arrays: usize,
    body: String,
    next_value: usize,
    next_iv: usize,
    /// Constant upper bounds of the nest being generated, outermost first (recorded so
    /// that a second nest can repeat them and become a fusion candidate).
    record: Vec<i64>,
    /// Upper bounds to repeat, outermost first (empty: choose freely).
    repeat: Vec<i64>,
}

impl Gen<'_> {
    fn value(&mut self) -> String {
        self.next_value += 1;
        format!("%v{}", self.next_value)
    }

    /// A subscript `sum(c_k * iv_k) + shift` inside `0..SIZE`; dimension `dim` prefers the
    /// induction variable at the same depth so that reads and writes overlap.
    fn subscript(&mut self, ivs: &[String], dim: usize) -> String {
        let mut terms = Vec::new();
        let mut negatives = 0;
        for (k, iv) in ivs.iter().enumerate() {
            let own = ivs.len() - 1 - k == dim || (ivs.len() == 1 && dim == 0 && k == 0);
            let c = if own && self.rng.chance(75) {
                1
            } else if self.rng.chance(75) {
                0
            } else if self.rng.chance(50) {
                1
            } else {
                -1
            };
            match c {
                1 => terms.push(format!("+ {iv}")),
                -1 => {
                    negatives += 1;
                    terms.push(format!("- {iv}"))
                }
                _ => {}
            }
        }
        let shift = negatives * MAX_UB + self.rng.range(0, 2);
        let mut s = String::new();
        for t in &terms {
            if s.is_empty() {
                s.push_str(if let Some(r) = t.strip_prefix("+ ") {
                    r
                } else {
                    t
                });
                if t.starts_with("- ") {
                    s = format!("-{}", &t[2..]);
                }
            } else {
                let _ = write!(s, " {t}");
            }
        }
        if s.is_empty() {
            format!("{shift}")
        } else if shift == 0 {
            s
        } else {
            format!("{s} + {shift}")
        }
    }

    fn access(&mut self, ivs: &[String]) -> (usize, String) {
        let a = self.rng.range(0, self.arrays as i64 - 1) as usize;
        let s0 = self.subscript(ivs, 1);
        let s1 = self.subscript(ivs, 0);
        (a, format!("%A{a}[{s0}, {s1}]"))
    }

    fn statement(&mut self, ivs: &[String], indent: &str) {
        let (_, r1) = self.access(ivs);
        let (_, r2) = self.access(ivs);
        let (_, w) = self.access(ivs);
        let x = self.value();
        let y = self.value();
        let s = self.value();
        let m = self.value();
        let ty = format!("memref<{SIZE}x{SIZE}xf64>");
        let _ = writeln!(self.body, "{indent}{x} = affine.load {r1} : {ty}");
        if self.rng.chance(20) {
            // A reduction through iter_args whose result and init value (a value crossing
            // statements) meet after the loop.
            self.next_iv += 1;
            let k = format!("%i{}", self.next_iv);
            let acc = self.value();
            let n = self.value();
            let mut inner = ivs.to_vec();
            inner.push(k.clone());
            let (_, r) = self.access(&inner);
            let ub = self.rng.range(1, MAX_UB);
            let _ = writeln!(
                self.body,
                "{indent}{y} = affine.for {k} = 0 to {ub} iter_args({acc} = {x}) -> (f64) {{\n\
                 {indent}  {n} = affine.load {r} : {ty}\n\
                 {indent}  {s} = arith.addf {acc}, {n} : f64\n\
                 {indent}  affine.yield {s} : f64\n{indent}}}"
            );
            let _ = writeln!(self.body, "{indent}{m} = arith.subf {y}, {x} : f64");
            let _ = writeln!(self.body, "{indent}affine.store {m}, {w} : {ty}");
            return;
        }
        let _ = writeln!(self.body, "{indent}{y} = affine.load {r2} : {ty}");
        let op = if self.rng.chance(50) { "addf" } else { "subf" };
        let _ = writeln!(self.body, "{indent}{s} = arith.{op} {x}, {y} : f64");
        let _ = writeln!(self.body, "{indent}{m} = arith.mulf {s}, %half : f64");
        let _ = writeln!(self.body, "{indent}affine.store {m}, {w} : {ty}");
    }

    /// A loop at depth `ivs.len()` whose body nests down to `depth` loops.
    fn nest(&mut self, ivs: &mut Vec<String>, depth: usize, stmts: &mut usize) {
        let indent = "  ".repeat(ivs.len() + 1);
        self.next_iv += 1;
        let iv = format!("%i{}", self.next_iv);
        let ub_const = self.rng.range(1, MAX_UB);
        let header = if let Some(&ub) = self.repeat.get(ivs.len()) {
            format!("affine.for {iv} = 0 to {ub}")
        } else {
            match ivs.last() {
                Some(outer) if self.rng.chance(25) => {
                    format!("affine.for {iv} = 0 to affine_map<(d0) -> (d0 + 1)>({outer})")
                }
                Some(outer) if self.rng.chance(15) => {
                    format!("affine.for {iv} = affine_map<(d0) -> (d0)>({outer}) to {MAX_UB}")
                }
                _ => {
                    self.record.push(ub_const);
                    format!("affine.for {iv} = 0 to {ub_const}")
                }
            }
        };
        let _ = writeln!(self.body, "{indent}{header} {{");
        ivs.push(iv);
        let inner_indent = "  ".repeat(ivs.len() + 1);
        if ivs.len() < depth {
            if *stmts > 1 && self.rng.chance(25) {
                *stmts -= 1;
                self.statement(ivs, &inner_indent);
            }
            self.nest(ivs, depth, stmts);
            if *stmts > 1 && self.rng.chance(25) {
                *stmts -= 1;
                self.statement(ivs, &inner_indent);
            }
        } else {
            for _ in 0..*stmts {
                self.statement(ivs, &inner_indent);
            }
            *stmts = 0;
        }
        ivs.pop();
        let _ = writeln!(self.body, "{indent}}}");
    }
}

/// One random program: `@kernel` over the arrays and a `main` that initializes them,
/// calls the kernel and prints one weighted checksum per array.
fn program(rng: &mut Rng) -> String {
    let arrays = rng.range(1, 3) as usize;
    let nests = if rng.chance(40) { 2 } else { 1 };
    let mut g = Gen {
        rng,
        arrays,
        body: String::new(),
        next_value: 0,
        next_iv: 0,
        record: Vec::new(),
        repeat: Vec::new(),
    };
    for k in 0..nests {
        let mut depth = g.rng.range(1, 3) as usize;
        let mut stmts = g.rng.range(1, 3) as usize;
        // Half of the second nests repeat the first one's constant bounds: fusion candidates.
        if k == 1 && !g.record.is_empty() && g.rng.chance(50) {
            g.repeat = std::mem::take(&mut g.record);
            depth = g.repeat.len();
            stmts = 1;
        }
        g.record.clear();
        g.nest(&mut Vec::new(), depth, &mut stmts);
    }
    let ty = format!("memref<{SIZE}x{SIZE}xf64>");
    let params: Vec<String> = (0..arrays).map(|a| format!("%A{a}: {ty}")).collect();
    let mut t = String::new();
    let _ = writeln!(t, "func.func private @printF64(f64)");
    let _ = writeln!(t, "func.func private @printNewline()");
    let _ = writeln!(t, "func.func @kernel({}) {{", params.join(", "));
    let _ = writeln!(t, "  %half = arith.constant 0.5 : f64");
    t.push_str(&g.body);
    let _ = writeln!(t, "  return\n}}");
    let _ = writeln!(t, "func.func @main() {{");
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
        "  func.call @kernel({}) : ({}) -> ()",
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

/// What happened to one program under one pass.
enum Outcome {
    /// The program ran (after the pass, if any, changed the IR): its output, and whether
    /// `@kernel` itself changed (the pass may also have rewritten `main`'s loops).
    Applied(String, bool),
    /// The pass left the IR unchanged (refused or found nothing to do).
    Unchanged,
    /// The pass reported an error.
    Failed(String),
}

/// Parses `text`, optionally runs one pass, and JIT-runs `main`, capturing what it prints.
fn run(text: &str, pass: Option<(&str, &str)>) -> Result<Outcome, String> {
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
    let mut kernel_changed = false;
    if let Some((name, options)) = pass {
        let registry = make_registry();
        let def = registry.lookup(name).expect("pass is registered");
        let options = if options.is_empty() {
            Default::default()
        } else {
            parse_pass_options(def, options).expect("options parse")
        };
        let mut pipeline = OpPipeline::new("builtin.module");
        pipeline.add_flag_pass(def, options);
        let before = print_op(&ir, module, PrintOptions::default());
        if let Err(d) = run_pipeline(&mut ir, module, &pipeline, &RunOptions::default()) {
            return Ok(Outcome::Failed(sources.render(&ctx, &d, Some(id))));
        }
        let after = print_op(&ir, module, PrintOptions::default());
        if after == before {
            return Ok(Outcome::Unchanged);
        }
        kernel_changed = kernel_text(&after) != kernel_text(&before);
    }
    let llcx = inkwell::context::Context::create();
    let options = CodegenOptions {
        opt_level: 0,
        ..CodegenOptions::default()
    };
    let (llmod, _tm) = llvm::compile(&llcx, &mut ir, module, &options)
        .map_err(|d| sources.render(&ctx, &d, Some(id)))?;
    let jit =
        Jit::new(llmod, 0, &[], lattice_codegen::runtime::symbols()).map_err(|e| e.to_string())?;
    let (r, out) = lattice_codegen::runtime::capture_output(|| jit.call("main", EntryResult::Void));
    r.map_err(|e| e.to_string())?;
    Ok(Outcome::Applied(
        String::from_utf8_lossy(&out.stdout).into_owned(),
        kernel_changed,
    ))
}

/// The printed `@kernel` function of a printed module.
fn kernel_text(module: &str) -> &str {
    let start = module.find("@kernel(").unwrap_or(0);
    let end = module[start..]
        .find("func.func @main")
        .map_or(module.len(), |e| start + e);
    &module[start..end]
}

/// Whether two outputs agree: identical, or every printed number within 1e-9 relative.
fn agree(a: &str, b: &str) -> bool {
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
                (Ok(x), Ok(y)) => (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0),
                _ => x == y,
            })
}

/// What one pass did to one program.
enum Verdict {
    /// `@kernel` changed and the output agrees.
    Applied,
    /// Only `main`'s loops changed (the output still agrees), or nothing changed.
    Unchanged,
    /// The pass reported an error (its rendered diagnostics).
    Failed(String),
    /// The output differs or the transformed program does not run: a miscompile.
    Mismatch(String),
}

/// Runs program `n` before and after every pass.
fn check(n: usize, text: &str) -> Vec<Verdict> {
    let reference = match run(text, None) {
        Ok(Outcome::Applied(out, _)) if !out.is_empty() => out,
        Ok(_) => panic!("program {n} printed nothing:\n{text}"),
        Err(e) => panic!("program {n} does not run:\n{text}\n{e}"),
    };
    PASSES
        .iter()
        .map(|&(name, options)| match run(text, Some((name, options))) {
            Ok(Outcome::Applied(out, kernel_changed)) => {
                if !agree(&reference, &out) {
                    Verdict::Mismatch(format!(
                        "program {n}, --{name}={options}: expected\n{reference}got\n{out}\n{text}"
                    ))
                } else if kernel_changed {
                    Verdict::Applied
                } else {
                    Verdict::Unchanged
                }
            }
            Ok(Outcome::Unchanged) => Verdict::Unchanged,
            Ok(Outcome::Failed(e)) => Verdict::Failed(e),
            Err(e) => Verdict::Mismatch(format!(
                "program {n}, --{name}={options}: transformed program does not run: {e}\n{text}"
            )),
        })
        .collect()
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

#[test]
fn random_affine_nests_keep_their_output() {
    let default = if cfg!(debug_assertions) { 60 } else { 400 };
    let count = env_number("LATTICE_POLY_RANDOM_COUNT").unwrap_or(default) as usize;
    let seed = env_number("LATTICE_POLY_RANDOM_SEED").unwrap_or(0x1A77_1CE5);
    let threads = env_number("LATTICE_POLY_RANDOM_THREADS")
        .unwrap_or(2)
        .max(1) as usize;
    let start = Instant::now();
    let mut rng = Rng(seed);
    let programs: Vec<String> = (0..count).map(|_| program(&mut rng)).collect();
    if let Ok(dir) = std::env::var("LATTICE_POLY_RANDOM_DUMP") {
        for (n, text) in programs.iter().enumerate() {
            let path = std::path::Path::new(&dir).join(format!("random{n}.mlir"));
            std::fs::write(&path, text).expect("LATTICE_POLY_RANDOM_DUMP is writable");
        }
    }
    let mut verdicts: Vec<(usize, Vec<Verdict>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let programs = &programs;
                s.spawn(move || {
                    (t..programs.len())
                        .step_by(threads)
                        .map(|n| (n, check(n, &programs[n])))
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
    for (n, vs) in verdicts {
        for (p, v) in vs.into_iter().enumerate() {
            match v {
                Verdict::Applied => applied[p] += 1,
                Verdict::Unchanged => unchanged[p] += 1,
                Verdict::Failed(e) => {
                    failed[p] += 1;
                    if failed[p] <= 3 {
                        eprintln!("program {n}, --{} reported an error:\n{e}", PASSES[p].0);
                    }
                }
                Verdict::Mismatch(m) => mismatches.push(m),
            }
        }
    }
    eprintln!(
        "poly_random: {count} programs (seed {seed:#x}, {threads} threads) in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    for (p, &(name, options)) in PASSES.iter().enumerate() {
        eprintln!(
            "  --{name}{}{options}: kernel transformed {}, unchanged/refused {}, errors {}",
            if options.is_empty() { "" } else { "=" },
            applied[p],
            unchanged[p],
            failed[p]
        );
    }
    eprintln!("  mismatches: {}", mismatches.len());
    for m in mismatches.iter().take(5) {
        eprintln!("MISMATCH {m}");
    }
    assert!(mismatches.is_empty(), "{} miscompiles", mismatches.len());
}
