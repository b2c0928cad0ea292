//! Differential testing of the loop transformations on randomly generated affine loop
//! nests: each generated kernel (perfect and imperfect nests of depth 1-3, constant and
//! triangular bounds, 1-3 `f64` arrays read and written with in-bounds random affine
//! subscripts, so real dependences appear; a third of the programs are producer-consumer
//! chains or sibling pairs of nests with equal bounds, so fusion has candidates, some of
//! them illegal, and a few are reductions through `iter_args`) is run through Lattice's
//! own JIT before and after `--poly-schedule`, `--poly-schedule=parallel-reductions=true`
//! (a kernel two passes make alike runs once), `--affine-loop-tile=tile-sizes=2,3`,
//! `--affine-loop-fusion`, `--affine-loop-fusion=maximal=true`,
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

use lattice_cli::{make_context, make_registry};
use lattice_codegen::llvm::jit::{EntryResult, Jit};
use lattice_codegen::llvm::{self, CodegenOptions, ParallelOrder};
use lattice_ir::pass::{parse_pass_options, run_pipeline, OpPipeline, RunOptions};
use lattice_ir::printer::{print_op, PrintOptions};
use lattice_ir::{Ir, SourceMap, WalkOrder};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

/// Side of every (square, 2-D) array; subscripts lie in `0..SIZE`.
const SIZE: i64 = 40;
/// Largest constant upper bound; every induction variable lies in `0..MAX_UB`.
const MAX_UB: i64 = 12;
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
    &[("poly-schedule", "min-parallel-work=0")],
    &[(
        "poly-schedule",
        "parallel-reductions=true min-parallel-work=0",
    )],
    &[("affine-loop-tile", "tile-sizes=2,3")],
    &[("affine-loop-fusion", "")],
    &[("affine-loop-fusion", "maximal=true")],
    &[("poly-transform", "permute=1,0 parallel=true")],
    &[("poly-transform", "reverse=0")],
    &[("affine-loop-distribute", "")],
    &[("affine-parallelize", "parallel-reductions=true")],
    &[
        ("affine-loop-tile", "tile-sizes=2,3"),
        ("poly-schedule", "min-parallel-work=0"),
    ],
    &[
        ("poly-schedule", "tile-sizes=4,3 min-parallel-work=0"),
        ("poly-schedule", "min-parallel-work=0"),
    ],
];

/// The least share of the programs a pipeline of [`PASSES`] (same index) runs on whose
/// kernel it must transform (print differently), so that a pass that refuses everything
/// fails the test. Measured with the default seed and 1000 programs (the test prints the
/// shares): 76, 82, 86, 38, 47, 37, 43, 40, 32, 84 and 74%; each floor is about 3/4 of
/// its share. Checked when the pipeline ran on at least [`FLOOR_MIN_PROGRAMS`] programs.
const FLOORS: [f64; PASSES.len()] = [
    0.60, 0.65, 0.70, 0.28, 0.35, 0.27, 0.32, 0.30, 0.24, 0.65, 0.55,
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
    fn pick(&mut self, items: &[usize]) -> usize {
        items[self.range(0, items.len() as i64 - 1) as usize]
    }
}

/// One subscript: `sum(coefficient * iv[position]) + shift`, positions counted from the
/// outermost enclosing loop (so a nest with the same bounds can repeat it).
#[derive(Clone, Debug)]
struct Subscript {
    terms: Vec<(usize, i64)>,
    shift: i64,
}

impl Subscript {
    fn render(&self, ivs: &[String]) -> String {
        let mut s = String::new();
        for &(k, c) in &self.terms {
            let iv = &ivs[k];
            match (s.is_empty(), c) {
                (true, 1) => s.push_str(iv),
                (true, _) => s = format!("-{iv}"),
                (false, 1) => {
                    let _ = write!(s, " + {iv}");
                }
                (false, _) => {
                    let _ = write!(s, " - {iv}");
                }
            }
        }
        if s.is_empty() {
            format!("{}", self.shift)
        } else if self.shift == 0 {
            s
        } else {
            format!("{s} + {}", self.shift)
        }
    }

    /// The largest position used, plus one.
    fn depth(&self) -> usize {
        self.terms.iter().map(|&(k, _)| k + 1).max().unwrap_or(0)
    }
}

/// One access `%A<array>[s0, s1]`.
#[derive(Clone, Debug)]
struct Access {
    array: usize,
    subs: [Subscript; 2],
}

impl Access {
    fn render(&self, ivs: &[String]) -> String {
        format!(
            "%A{}[{}, {}]",
            self.array,
            self.subs[0].render(ivs),
            self.subs[1].render(ivs)
        )
    }
}

/// Emits one kernel; `ivs` are the enclosing induction variables' names while generating.
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
    /// Only constant bounds (a nest another one will repeat).
    rectangular: bool,
    /// Arrays random reads may use.
    read_arrays: Vec<usize>,
    /// The array every write goes to, if forced.
    write_array: Option<usize>,
    /// The first read of the next statement, if forced.
    forced_read: Option<Access>,
    /// A second read forced to the array of the first, random subscripts.
    second_read_array: Option<usize>,
    /// The last write generated, with the depth of its statement.
    last_write: Option<(Access, usize)>,
}

impl Gen<'_> {
    fn value(&mut self) -> String {
        self.next_value += 1;
        format!("%v{}", self.next_value)
    }

    /// A subscript inside `0..SIZE` at `depth` loops; dimension `dim` prefers the
    /// induction variable at the same depth so that reads and writes overlap.
    fn subscript(&mut self, depth: usize, dim: usize) -> Subscript {
        let mut terms = Vec::new();
        let mut negatives = 0;
        for k in 0..depth {
            let own = depth - 1 - k == dim || (depth == 1 && dim == 0 && k == 0);
            let c = if own && self.rng.chance(75) {
                1
            } else if self.rng.chance(75) {
                0
            } else if self.rng.chance(50) {
                1
            } else {
                -1
            };
            if c != 0 {
                negatives += (c < 0) as i64;
                terms.push((k, c));
            }
        }
        let shift = negatives * MAX_UB + self.rng.range(0, 2);
        Subscript { terms, shift }
    }

    fn access(&mut self, depth: usize, array: usize) -> Access {
        let s0 = self.subscript(depth, 1);
        let s1 = self.subscript(depth, 0);
        Access {
            array,
            subs: [s0, s1],
        }
    }

    fn random_read(&mut self, depth: usize) -> Access {
        let arrays = self.read_arrays.clone();
        let a = self.rng.pick(&arrays);
        self.access(depth, a)
    }

    fn statement(&mut self, ivs: &[String], indent: &str) {
        let depth = ivs.len();
        let r1 = match self.forced_read.take() {
            Some(r) if r.subs.iter().all(|s| s.depth() <= depth) => r,
            _ => self.random_read(depth),
        };
        let r2 = match self.second_read_array {
            Some(a) => self.access(depth, a),
            None => self.random_read(depth),
        };
        let wa = match self.write_array {
            Some(a) => a,
            None => self.rng.range(0, self.arrays as i64 - 1) as usize,
        };
        let w = self.access(depth, wa);
        let x = self.value();
        let y = self.value();
        let s = self.value();
        let m = self.value();
        let ty = format!("memref<{SIZE}x{SIZE}xf64>");
        let _ = writeln!(
            self.body,
            "{indent}{x} = affine.load {} : {ty}",
            r1.render(ivs)
        );
        let _ = writeln!(
            self.body,
            "{indent}{y} = affine.load {} : {ty}",
            r2.render(ivs)
        );
        let op = if self.rng.chance(50) { "addf" } else { "subf" };
        let _ = writeln!(self.body, "{indent}{s} = arith.{op} {x}, {y} : f64");
        let _ = writeln!(self.body, "{indent}{m} = arith.mulf {s}, %half : f64");
        let _ = writeln!(
            self.body,
            "{indent}affine.store {m}, {} : {ty}",
            w.render(ivs)
        );
        self.last_write = Some((w, depth));
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
                Some(outer) if !self.rectangular && self.rng.chance(25) => {
                    format!("affine.for {iv} = 0 to affine_map<(d0) -> (d0 + 1)>({outer})")
                }
                Some(outer) if !self.rectangular && self.rng.chance(15) => {
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

    /// One nest of `depth` loops and `stmts` statements.
    fn top_nest(&mut self, depth: usize, stmts: usize) {
        let mut stmts = stmts;
        self.record.clear();
        self.nest(&mut Vec::new(), depth, &mut stmts);
    }

    /// Free nests: one, or two where half of the second nests repeat the first one's
    /// constant bounds.
    fn free_nests(&mut self) {
        let nests = if self.rng.chance(40) { 2 } else { 1 };
        for k in 0..nests {
            let mut depth = self.rng.range(1, 3) as usize;
            let mut stmts = self.rng.range(1, 3) as usize;
            if k == 1 && !self.record.is_empty() && self.rng.chance(50) {
                self.repeat = std::mem::take(&mut self.record);
                depth = self.repeat.len();
                stmts = 1;
            }
            self.top_nest(depth, stmts);
        }
    }

    /// A chain of 2-3 perfect nests with equal constant bounds, each reading what the
    /// previous one wrote (mostly at the element it wrote: fusable) and writing another
    /// array (mostly one the earlier nests do not read: fusion stays legal).
    fn producer_consumer(&mut self) {
        let depth = self.rng.range(1, 3) as usize;
        let nests = self.rng.range(2, 3) as usize;
        let all: Vec<usize> = (0..self.arrays).collect();
        let mut produced = self.rng.pick(&all);
        self.rectangular = true;
        let mut next = produced;
        for k in 0..nests {
            let target = if k == 0 {
                produced
            } else {
                let others: Vec<usize> = all.iter().copied().filter(|&a| a != produced).collect();
                if others.is_empty() || self.rng.chance(10) {
                    produced
                } else {
                    self.rng.pick(&others)
                }
            };
            if k + 1 < nests {
                // The array the next nest will write: keep it out of this nest's reads.
                let others: Vec<usize> = all.iter().copied().filter(|&a| a != target).collect();
                next = if others.is_empty() {
                    target
                } else {
                    self.rng.pick(&others)
                };
            }
            let reads: Vec<usize> = all
                .iter()
                .copied()
                .filter(|&a| a != next || k + 1 == nests || self.rng.chance(20))
                .collect();
            self.read_arrays = if reads.is_empty() { all.clone() } else { reads };
            self.write_array = Some(target);
            if k > 0 {
                if let Some((w, d)) = self.last_write.clone() {
                    if d == depth {
                        let mut r = w;
                        if self.rng.chance(15) {
                            r.subs[1].shift += 1; // reads a neighbour: may forbid fusion
                        }
                        self.forced_read = Some(r);
                    }
                }
            }
            self.top_nest(depth, 1);
            if k == 0 {
                self.repeat = self.record.clone();
            }
            produced = target;
        }
    }

    /// Two perfect nests with equal constant bounds reading a common array and writing
    /// different ones (no dependence between them: sibling fusion).
    fn siblings(&mut self) {
        let depth = self.rng.range(1, 3) as usize;
        self.rectangular = true;
        let shared = 0;
        for k in 0..2 {
            let own = 1 + k % (self.arrays - 1);
            self.read_arrays = vec![shared, own];
            self.write_array = Some(own);
            let r = self.access(depth, shared);
            self.forced_read = Some(r);
            self.second_read_array = Some(shared);
            self.top_nest(depth, 1);
            if k == 0 {
                self.repeat = self.record.clone();
            }
        }
    }
}

impl Gen<'_> {
    /// A reduction: an accumulator threaded through one or two loops (`iter_args`,
    /// combined with `addf` or `maximumf`) stored once at the end; sometimes the outer
    /// loop also runs a plain statement (its dependences may forbid parallelizing the
    /// reduction).
    fn reduction(&mut self) {
        let depth = self.rng.range(1, 2) as usize;
        let ty = format!("memref<{SIZE}x{SIZE}xf64>");
        let combine = if self.rng.chance(75) {
            "addf"
        } else {
            "maximumf"
        };
        let mut ivs: Vec<String> = Vec::new();
        let mut accs: Vec<String> = Vec::new();
        let mut results: Vec<String> = Vec::new();
        let init = "%half".to_string();
        for d in 0..depth {
            let indent = "  ".repeat(d + 1);
            self.next_iv += 1;
            let iv = format!("%i{}", self.next_iv);
            let ub = self.rng.range(1, MAX_UB);
            let acc = self.value();
            let r = self.value();
            let from = accs.last().cloned().unwrap_or(init.clone());
            let _ = writeln!(
                self.body,
                "{indent}{r} = affine.for {iv} = 0 to {ub} iter_args({acc} = {from}) -> (f64) {{"
            );
            ivs.push(iv);
            accs.push(acc);
            results.push(r);
            if d == 0 && depth == 2 && self.rng.chance(30) {
                let inner = "  ".repeat(d + 2);
                self.statement(&ivs, &inner);
            }
        }
        let indent = "  ".repeat(depth + 1);
        let a = self.rng.range(0, self.arrays as i64 - 1) as usize;
        let read = self.access(depth, a);
        let x = self.value();
        let n = self.value();
        let _ = writeln!(
            self.body,
            "{indent}{x} = affine.load {} : {ty}",
            read.render(&ivs)
        );
        let _ = writeln!(
            self.body,
            "{indent}{n} = arith.{combine} {}, {x} : f64",
            accs[depth - 1]
        );
        if depth == 1 && self.rng.chance(30) {
            self.statement(&ivs, &indent);
        }
        let mut yielded = n;
        for d in (0..depth).rev() {
            let indent = "  ".repeat(d + 1);
            let _ = writeln!(self.body, "{indent}  affine.yield {yielded} : f64");
            let _ = writeln!(self.body, "{indent}}}");
            yielded = results[d].clone();
        }
        let w = self.rng.range(0, self.arrays as i64 - 1);
        let _ = writeln!(
            self.body,
            "  affine.store {}, %A{w}[{}, {}] : {ty}",
            results[0],
            self.rng.range(0, SIZE - 1),
            self.rng.range(0, SIZE - 1)
        );
    }
}

/// One random kernel `@kernel` over `arrays` arrays.
struct Program {
    kernel: String,
    arrays: usize,
}

fn program(rng: &mut Rng) -> Program {
    let shape = rng.range(0, 99);
    let arrays = if shape < 60 {
        rng.range(1, 3) as usize
    } else {
        3
    };
    let mut g = Gen {
        rng,
        arrays,
        body: String::new(),
        next_value: 0,
        next_iv: 0,
        record: Vec::new(),
        repeat: Vec::new(),
        rectangular: false,
        read_arrays: (0..arrays).collect(),
        write_array: None,
        forced_read: None,
        second_read_array: None,
        last_write: None,
    };
    match shape {
        0..=59 => g.free_nests(),
        60..=84 => g.producer_consumer(),
        85..=91 => g.siblings(),
        _ => g.reduction(),
    }
    let ty = format!("memref<{SIZE}x{SIZE}xf64>");
    let params: Vec<String> = (0..arrays).map(|a| format!("%A{a}: {ty}")).collect();
    let mut t = String::new();
    let _ = writeln!(t, "func.func @kernel({}) {{", params.join(", "));
    let _ = writeln!(t, "  %half = arith.constant 0.5 : f64");
    t.push_str(&g.body);
    let _ = writeln!(t, "  return\n}}");
    Program { kernel: t, arrays }
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
        let options = if options.is_empty() {
            Default::default()
        } else {
            parse_pass_options(def, options).expect("options parse")
        };
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
