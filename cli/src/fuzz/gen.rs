//! The structure-aware generator of random affine loop nests shared by the differential
//! test `cli/tests/poly_random.rs` and the fuzzer: perfect and imperfect nests of depth 1-3,
//! constant and triangular bounds, 1-3 `f64` arrays read and written with in-bounds random
//! affine subscripts, producer-consumer chains, sibling nests and `iter_args` reductions.
//!
//! Invariants: deterministic for a given [`Rng`] state (SplitMix64); every generated
//! kernel parses and verifies; every induction variable lies in `0..MAX_UB` and every
//! subscript in `0..SIZE`, so every access stays inside its array.

use std::fmt::Write as _;

/// Side of every (square, 2-D) array; subscripts lie in `0..SIZE`.
pub const SIZE: i64 = 40;
/// Largest constant upper bound; every induction variable lies in `0..MAX_UB`.
pub const MAX_UB: i64 = 12;

/// A small deterministic generator (SplitMix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i64
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    pub fn pick(&mut self, items: &[usize]) -> usize {
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
pub struct Program {
    /// `func.func @kernel(%A0: memref<SIZExSIZExf64>, ...)`.
    pub kernel: String,
    /// How many array arguments the kernel takes.
    pub arrays: usize,
}

pub fn program(rng: &mut Rng) -> Program {
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
