//! The cost model by which `poly-schedule` compares the code it generated for a SCoP
//! with the SCoP's program order ([`compare`]): an estimate, in cycles, of affine loop
//! nests as they stand in the IR (so it judges the code that is emitted, after tiling,
//! fusion, marks and border splitting, not an isl schedule).
//!
//! # Model
//! Per loop body (the ops directly inside one loop, under the loops around it; bounds
//! are read as affine forms of the outer loops' iteration counters, trip counts taken at
//! the middle iteration of the outer loops, [`UNKNOWN_TRIP_SIZE`] where a bound is not
//! known):
//! - **compute**: instances x (ops + accesses + 1) / VF cycles, VF = vector bytes /
//!   element bytes when the innermost loop vectorizes (no value carried by it: no
//!   `iter_args`, no store invariant in it; no `affine.if`; every store unit-stride in
//!   its last subscript, every load unit-stride or invariant), else 1. A body whose
//!   innermost loop carries a value costs at least [`CHAIN_CYCLES`] per instance (one
//!   dependent floating-point operation per iteration).
//! - **memory** per cache level (L1, L2, L3 of [`CacheSizes`]): the accesses, grouped by
//!   array and subscript coefficients, each span a box of the array when the loops from
//!   level `k` inwards run (per subscript: the offsets' spread plus (trip - 1) x |coef|
//!   per loop, capped by the array's extent and by the distinct values the loops reach;
//!   the last subscript counted in 64-byte lines). With `k*` the outermost level whose
//!   boxes fit the cache, the loop at `k* - 1` keeps what its consecutive iterations
//!   share (LRU keeps data touched in every iteration) and loads its whole box once per
//!   iteration of the loops outside it: misses = prod(trips outside `k* - 1`) x lines of
//!   the box from `k* - 1`; all of it fitting, the box's lines once. Each missed line
//!   costs [`LINE_CYCLES`] of its level.
//! - **parallel work**: each execution of an `affine.parallel` costs
//!   [`FORK_JOIN_CYCLES`]; bodies under a parallel loop divide their cycles among the
//!   threads.
//!
//! Invariants: a pure function of the IR (nothing is changed or printed); the same
//! model for every SCoP, no per-kernel switch; the comparison is by
//! [`MARGIN`]: the schedule must be predicted to win by it.

use crate::tile_model::{CacheSizes, UNKNOWN_TRIP_SIZE, UNROLL_SIZE};
use lattice_affine::analysis::dependence::access;
use lattice_affine::analysis::ranges::loop_bounds;
use lattice_affine::util::{constant_int, map_attr};
use lattice_affine::views::{AffineIf, AffineKind, AffineParallel};
use lattice_dialects::arith::ArithKind;
use lattice_ir::{AffineBinOp, AffineExpr, AffineExprData, Ir, Op, Value};
use rustc_hash::FxHashMap;

/// Bytes of a cache line.
const LINE: f64 = 64.0;

/// Cycles per line missed in L1 (served by L2), in L2 (served by L3) and in L3 (from
/// memory), added up along the way: 2, 6 and 16 cycles per line from L2, L3 and memory,
/// about 32, 11 and 4 bytes per cycle (one core of a 3-3.5 GHz x86 server streams 12-15
/// GB/s from memory).
pub const LINE_CYCLES: [f64; 3] = [2.0, 4.0, 10.0];

/// Cycles to start and join one parallel region (about 10 us: `min-parallel-work`'s
/// default of 32768 instances per region was measured as the break-even on this
/// machine's runtime, a few cycles each).
pub const FORK_JOIN_CYCLES: f64 = 30_000.0;

/// Cycles per iteration of a loop that carries a value from one iteration to the next
/// (the latency of a floating-point add or multiply-add).
pub const CHAIN_CYCLES: f64 = 4.0;

/// How much cheaper the schedule must be predicted to be (on 1 thread, or on the
/// machine's threads at no predicted 1-thread loss beyond half of it) for it to replace
/// program order: the model ignores the overlap of compute and memory, prefetching and
/// what LLVM does past vectorization, so smaller differences are within its error.
pub const MARGIN: f64 = 0.10;

/// What the model knows of the machine.
#[derive(Clone, Copy, Debug)]
pub struct CostMachine {
    /// The caches.
    pub cache: CacheSizes,
    /// Bytes of one SIMD register.
    pub vector_bytes: u64,
    /// Threads a parallel loop runs on.
    pub threads: u64,
}

/// The model's estimate of some loop nests, in cycles.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cost {
    /// Operations (vectorized where the innermost loop is).
    pub compute: f64,
    /// Cache lines moved, per level, times [`LINE_CYCLES`].
    pub memory: f64,
    /// Parallel regions started, times [`FORK_JOIN_CYCLES`].
    pub fork_join: f64,
    /// The part of `compute + memory` under parallel loops.
    pub parallel: f64,
    /// Accesses executed (outside `affine.if`s), by the trip counts estimated.
    pub work: f64,
}

impl Cost {
    /// `self` with compute and memory scaled to `work` accesses: two schedules of the
    /// same statements execute the same accesses, so where the estimated counts differ
    /// (trip counts of skewed or tiled loops read at the middle iteration of the loops
    /// outside them), the schedule's estimate is scaled to program order's.
    pub fn scaled_to(&self, work: f64) -> Cost {
        if self.work <= 0.0 || work <= 0.0 {
            return *self;
        }
        let r = work / self.work;
        Cost {
            compute: self.compute * r,
            memory: self.memory * r,
            parallel: self.parallel * r,
            work,
            ..*self
        }
    }

    /// Estimated cycles on `threads` threads.
    pub fn cycles(&self, threads: u64) -> f64 {
        let t = threads.max(1) as f64;
        self.compute + self.memory - self.parallel + self.parallel / t + self.fork_join
    }

    /// `1.2e6 cycles (compute 1.0e6, memory 2.0e5)`, with fork/join when there is any.
    fn describe(&self) -> String {
        let fj = if self.fork_join > 0.0 {
            format!(", fork/join {:.1e}", self.fork_join)
        } else {
            String::new()
        };
        format!(
            "{:.2e} cycles (compute {:.1e}, memory {:.1e}{fj})",
            self.cycles(1),
            self.compute,
            self.memory
        )
    }
}

/// The model's choice between program order and a schedule.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// The schedule's code, with a remark saying why.
    Schedule(String),
    /// Program order, with a remark saying why.
    ProgramOrder(String),
}

/// Compares `old` (program order) with `new` (the schedule's code), top-level ops of one
/// block each: the schedule is kept when predicted faster by [`MARGIN`] on 1 thread, or
/// on the machine's threads without a predicted 1-thread loss beyond half the margin.
pub fn compare(ir: &Ir, old: &[Op], new: &[Op], m: &CostMachine) -> Choice {
    let p = nest_cost(ir, old, m);
    let s = nest_cost(ir, new, m).scaled_to(p.work);
    let t = m.threads.max(1);
    let (p1, s1, pt, st) = (p.cycles(1), s.cycles(1), p.cycles(t), s.cycles(t));
    let wins_alone = s1 <= (1.0 - MARGIN) * p1;
    let wins_threads = t > 1 && s1 <= (1.0 + MARGIN / 2.0) * p1 && st <= (1.0 - MARGIN) * pt;
    let on_threads = if t > 1 {
        format!("; on {t} threads {pt:.2e} and {st:.2e}")
    } else {
        String::new()
    };
    let both = format!(
        "program order {}, the schedule {}{on_threads}",
        p.describe(),
        s.describe()
    );
    if wins_alone || wins_threads {
        Choice::Schedule(format!(
            "schedule chosen over program order (cost model, {}% margin): {both}",
            (MARGIN * 100.0) as u32
        ))
    } else {
        Choice::ProgramOrder(format!(
            "kept program order: the cost model predicts no gain of {}% from the schedule ({both})",
            (MARGIN * 100.0) as u32
        ))
    }
}

/// The model's cost of the loop nests `ops` (top-level ops of one block).
pub fn nest_cost(ir: &Ir, ops: &[Op], m: &CostMachine) -> Cost {
    let mut w = Walker {
        ir,
        forms: FxHashMap::default(),
        levels: Vec::new(),
        bodies: vec![Body::default()],
        fork_join: 0.0,
        guarded: 0,
    };
    for &op in ops {
        w.op(op, 0);
    }
    let mut cost = Cost {
        fork_join: w.fork_join * FORK_JOIN_CYCLES,
        ..Cost::default()
    };
    for b in w.bodies.iter().filter(|b| b.ops + b.accesses.len() > 0) {
        let (compute, memory) = (b.compute(m), b.memory(&m.cache));
        cost.compute += compute;
        cost.memory += memory;
        cost.work += b.work();
        if b.levels.iter().any(|l| l.parallel) {
            cost.parallel += compute + memory;
        }
    }
    cost
}

/// An index value as an affine form of the enclosing loops' iteration counters: its
/// value at the middle iteration of every loop, and its change per iteration of each.
#[derive(Clone, Debug, Default)]
struct Form {
    mid: f64,
    coef: Vec<f64>,
    known: bool,
}

impl Form {
    fn constant(v: f64, known: bool) -> Form {
        Form {
            mid: v,
            coef: Vec::new(),
            known,
        }
    }

    fn add_scaled(&mut self, other: &Form, c: f64) {
        self.mid += c * other.mid;
        if self.coef.len() < other.coef.len() {
            self.coef.resize(other.coef.len(), 0.0);
        }
        for (a, b) in self.coef.iter_mut().zip(&other.coef) {
            *a += c * b;
        }
        self.known &= other.known;
    }

    fn coef(&self, level: usize) -> f64 {
        self.coef.get(level).copied().unwrap_or(0.0)
    }
}

#[derive(Clone, Copy, Debug)]
struct Level {
    trip: f64,
    parallel: bool,
    /// The trip count is one constant (bounds a constant apart): with a short one,
    /// LLVM unrolls the loop completely.
    exact: bool,
}

/// One memory access of a body.
struct Access {
    memref: Value,
    bytes: u64,
    shape: Vec<i64>,
    write: bool,
    /// Under an `affine.if` in its body.
    guarded: bool,
    subs: Vec<Form>,
}

/// The ops directly inside one loop (or at the top), with the loops around them.
#[derive(Default)]
struct Body {
    levels: Vec<Level>,
    accesses: Vec<Access>,
    ops: usize,
    /// The innermost loop carries a value (`iter_args`).
    carried: bool,
    /// An `affine.if` sits in the body.
    branches: bool,
}

struct Walker<'a> {
    ir: &'a Ir,
    forms: FxHashMap<Value, Form>,
    levels: Vec<Level>,
    bodies: Vec<Body>,
    /// Executions of `affine.parallel` ops.
    fork_join: f64,
    /// `affine.if` ops around the current op (within its body).
    guarded: usize,
}

impl Walker<'_> {
    fn value(&self, v: Value) -> Form {
        if let Some(f) = self.forms.get(&v) {
            return f.clone();
        }
        match constant_int(self.ir, v) {
            Some(c) => Form::constant(c as f64, true),
            None => Form::constant(0.0, false),
        }
    }

    /// `expr` over `operands` (its first `dims` are dims), as a form: divisions by a
    /// constant scale it, a `mod` is its middle value.
    fn expr(&self, expr: AffineExpr, operands: &[Value], dims: usize) -> Form {
        let ctx = self.ir.ctx();
        let operand = |k: usize| match operands.get(k) {
            Some(&v) => self.value(v),
            None => Form::constant(0.0, false),
        };
        match ctx.expr_data(expr) {
            AffineExprData::Dim(i) => operand(i as usize),
            AffineExprData::Symbol(i) => operand(dims + i as usize),
            AffineExprData::Constant(c) => Form::constant(c as f64, true),
            AffineExprData::Binary { op, lhs, rhs } => {
                let (l, r) = (
                    self.expr(lhs, operands, dims),
                    self.expr(rhs, operands, dims),
                );
                let constant = |f: &Form| f.known && f.coef.iter().all(|&c| c == 0.0);
                match op {
                    AffineBinOp::Add => {
                        let mut f = l;
                        f.add_scaled(&r, 1.0);
                        f
                    }
                    AffineBinOp::Mul => {
                        let (f, c) = if constant(&r) { (l, r.mid) } else { (r, l.mid) };
                        let mut out = Form::constant(0.0, true);
                        out.add_scaled(&f, c);
                        out
                    }
                    AffineBinOp::FloorDiv | AffineBinOp::CeilDiv
                        if constant(&r) && r.mid != 0.0 =>
                    {
                        let mut out = Form::constant(0.0, true);
                        out.add_scaled(&l, 1.0 / r.mid);
                        out
                    }
                    AffineBinOp::Mod if constant(&r) => {
                        Form::constant((r.mid.abs() - 1.0).max(0.0) / 2.0, l.known)
                    }
                    _ => Form::constant(0.0, false),
                }
            }
        }
    }

    fn op(&mut self, op: Op, body: usize) {
        let ir = self.ir;
        match (AffineKind::of(ir, op), ArithKind::of(ir, op)) {
            (Some(AffineKind::For | AffineKind::Parallel), _) => {
                if let Some(dims) = loop_bounds(ir, op) {
                    return self.enter_loop(op, &dims);
                }
            }
            (Some(AffineKind::Apply), _) => {
                if let (Some(map), Some(&r)) = (map_attr(ir, op, "map"), ir.results(op).first()) {
                    let nd = ir.ctx().map_num_dims(map) as usize;
                    if let Some(&e) = ir.ctx().map_results(map).first() {
                        let f = self.expr(e, ir.operands(op), nd);
                        self.forms.insert(r, f);
                    }
                }
                return;
            }
            (Some(AffineKind::If), _) => self.bodies[body].branches = true,
            (Some(AffineKind::Yield), _)
            | (_, Some(ArithKind::Constant | ArithKind::IndexCast)) => return,
            _ => {}
        }
        if let Some(a) = access(ir, op) {
            let ty = ir.value_type(a.memref);
            let nd = ir.ctx().map_num_dims(a.map) as usize;
            let subs = ir
                .ctx()
                .map_results(a.map)
                .iter()
                .map(|&e| self.expr(e, &a.indices, nd))
                .collect();
            self.bodies[body].accesses.push(Access {
                memref: a.memref,
                bytes: crate::scop::element_bytes(ir, ty),
                shape: ir.ctx().shape(ty).map(<[i64]>::to_vec).unwrap_or_default(),
                write: a.is_write,
                guarded: self.guarded > 0,
                subs,
            });
            return;
        }
        self.bodies[body].ops += 1;
        let guard = ir.isa::<AffineIf>(op) as usize;
        self.guarded += guard;
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                for o in ir.block_ops(b).collect::<Vec<_>>() {
                    self.op(o, body);
                }
            }
        }
        self.guarded -= guard;
    }

    /// A loop's levels, then its body.
    fn enter_loop(&mut self, op: Op, dims: &[lattice_affine::analysis::ranges::Dim]) {
        let ir = self.ir;
        let parallel = ir.isa::<AffineParallel>(op);
        let Some(block) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else {
            return;
        };
        if parallel {
            self.fork_join += self.levels.iter().map(|l| l.trip).product::<f64>();
        }
        let depth = self.levels.len();
        for (d, dim) in dims.iter().enumerate() {
            let bound = |exprs: &[AffineExpr], ops: &[Value], nd: usize, lower: bool| {
                let forms = exprs.iter().map(|&e| self.expr(e, ops, nd));
                let pick = |a: Form, b: Form| {
                    if (b.mid > a.mid) == lower {
                        b
                    } else {
                        a
                    }
                };
                forms
                    .reduce(pick)
                    .unwrap_or_else(|| Form::constant(0.0, false))
            };
            let lb = bound(&dim.lbs, &dim.lb_operands, dim.lb_dims, true);
            let ub = bound(&dim.ubs, &dim.ub_operands, dim.ub_dims, false);
            let step = dim.step.max(1) as f64;
            let trip = if lb.known && ub.known {
                ((ub.mid - lb.mid) / step).ceil().max(0.0)
            } else {
                UNKNOWN_TRIP_SIZE as f64
            };
            let exact = lb.known
                && ub.known
                && lb.coef == ub.coef
                && dims.len() == 1
                && dim.lbs.len() == 1
                && dim.ubs.len() == 1;
            let mut iv = lb;
            iv.known = true;
            iv.coef.resize(depth + d + 1, 0.0);
            iv.coef[depth + d] = step;
            iv.mid += step * (trip - 1.0).max(0.0) / 2.0;
            if let Some(&v) = ir.block_args(block).get(d) {
                self.forms.insert(v, iv);
            }
            self.levels.push(Level {
                trip,
                parallel,
                exact,
            });
        }
        let body = self.bodies.len();
        let guarded = std::mem::take(&mut self.guarded);
        self.bodies.push(Body {
            levels: self.levels.clone(),
            carried: !parallel && !ir.results(op).is_empty(),
            ..Body::default()
        });
        for o in ir.block_ops(block).collect::<Vec<_>>() {
            self.op(o, body);
        }
        self.levels.truncate(depth);
        self.guarded = guarded;
    }
}

/// Whether load `b` reads, at the iteration of loop `k` it runs in, what store `a` wrote
/// some iterations of `k` earlier: the same coefficients on every level of `n`, and
/// subscripts behind `a`'s by a positive multiple of `k`'s step.
fn lags(a: &Access, b: &Access, k: usize, n: usize) -> bool {
    if a.subs.len() != b.subs.len() {
        return false;
    }
    let same = a
        .subs
        .iter()
        .zip(&b.subs)
        .all(|(x, y)| (0..n).all(|l| x.coef(l) == y.coef(l)));
    if !same {
        return false;
    }
    let mut t = None;
    for (x, y) in a.subs.iter().zip(&b.subs) {
        let (d, c) = (y.mid - x.mid, x.coef(k));
        match (c == 0.0, d == 0.0) {
            (true, true) => {}
            (true, false) => return false,
            (false, _) => {
                let r = -d / c;
                if r <= 0.0 || t.is_some_and(|t: f64| t != r) {
                    return false;
                }
                t = Some(r);
            }
        }
    }
    t.is_some()
}

/// Arrays of at most one element: registers once scalar cells are promoted.
fn is_register(a: &Access) -> bool {
    a.shape.iter().all(|&d| d == 1)
}

impl Body {
    fn instances(&self) -> f64 {
        self.levels.iter().map(|l| l.trip).product()
    }

    /// How the loop at `k` runs the body: whether LLVM vectorizes it (every store
    /// unit-stride in its last subscript, every load unit-stride or invariant, nothing
    /// carried, no `affine.if`), and the dependence chain it carries, in cycles per
    /// iteration: [`CHAIN_CYCLES`] for a value accumulated in a register (`iter_args`,
    /// or a store invariant in the loop), that per operation of the body for a
    /// recurrence through memory (a load of what an earlier iteration stored).
    fn vector_at(&self, k: usize) -> (bool, f64) {
        let mut unit = !self.branches;
        let mut chain = if self.carried && k + 1 == self.levels.len() {
            CHAIN_CYCLES
        } else {
            0.0
        };
        for a in &self.accesses {
            let Some((last, rest)) = a.subs.split_last() else {
                if a.write {
                    chain = chain.max(CHAIN_CYCLES);
                }
                continue;
            };
            let (cl, others) = (last.coef(k).abs(), rest.iter().any(|s| s.coef(k) != 0.0));
            if a.write && cl == 0.0 && !others {
                chain = chain.max(CHAIN_CYCLES);
            }
            unit &= !others && (cl == 1.0 || (!a.write && cl == 0.0));
            if !a.write {
                continue;
            }
            let recurrence = self
                .accesses
                .iter()
                .any(|b| !b.write && b.memref == a.memref && lags(a, b, k, self.levels.len()));
            if recurrence {
                chain = chain.max(CHAIN_CYCLES * self.ops.max(1) as f64);
            }
        }
        (unit && chain == 0.0, chain)
    }

    /// Cycles of the operations ([`compare`]'s compute term): per instance, the ops and
    /// accesses (those invariant in the innermost loop once per its trip: kept in
    /// registers across it, by LLVM's scalar promotion or by the copies of a completely
    /// unrolled loop forwarding to each other) and the loop's own step, divided by the
    /// vector width where a loop vectorizes, at least its dependence chain. Where the
    /// innermost loop does not vectorize and has a short constant trip count
    /// ([`UNROLL_SIZE`]), LLVM unrolls it completely and vectorizes the loop above.
    fn compute(&self, m: &CostMachine) -> f64 {
        let Some(inner) = self.levels.len().checked_sub(1) else {
            return (self.ops + self.accesses.len()) as f64;
        };
        let inner_trip = self.levels[inner].trip.max(1.0);
        let accesses: f64 = self
            .accesses
            .iter()
            .map(|a| {
                let invariant = a.subs.iter().all(|s| s.coef(inner) == 0.0);
                if invariant {
                    1.0 / inner_trip
                } else {
                    1.0
                }
            })
            .sum();
        let (mut vector, chain) = self.vector_at(inner);
        let mut overhead = 1.0;
        let l = self.levels[inner];
        if !vector && inner >= 1 && l.exact && l.trip <= UNROLL_SIZE as f64 {
            vector = self.vector_at(inner - 1).0;
            overhead = 0.0;
        }
        let bytes = self
            .accesses
            .iter()
            .map(|a| a.bytes)
            .min()
            .unwrap_or(8)
            .max(1);
        let vf = if vector {
            (m.vector_bytes / bytes).max(1) as f64
        } else {
            1.0
        };
        let per =
            ((self.ops as f64 + accesses + overhead) / vf).max(if vector { 0.0 } else { chain });
        self.instances() * per
    }

    /// Accesses executed, those under an `affine.if` left out: the same for every
    /// schedule of the same statements, where trip counts are estimated right.
    fn work(&self) -> f64 {
        self.instances() * self.accesses.iter().filter(|a| !a.guarded).count() as f64
    }

    /// Cycles of the cache lines moved ([`compare`]'s memory term).
    fn memory(&self, cache: &CacheSizes) -> f64 {
        let groups = self.groups();
        let n = self.levels.len();
        let lines: Vec<f64> = (0..=n)
            .map(|k| groups.iter().map(|g| g.lines(&self.levels, k)).sum())
            .collect();
        let mut cycles = 0.0;
        for (cap, cost) in [cache.l1, cache.l2, cache.l3].into_iter().zip(LINE_CYCLES) {
            let fit = (0..=n)
                .find(|&k| lines[k] * LINE <= cap as f64)
                .unwrap_or(n);
            let misses = match fit {
                0 => lines[0],
                k => {
                    let outside: f64 = self.levels[..k - 1].iter().map(|l| l.trip).product();
                    outside * lines[k - 1]
                }
            };
            cycles += misses * cost;
        }
        cycles
    }

    /// The accesses by array and coefficients (offsets apart), registers left out.
    fn groups(&self) -> Vec<Group> {
        let n = self.levels.len();
        let mut groups: Vec<Group> = Vec::new();
        for a in self.accesses.iter().filter(|a| !is_register(a)) {
            let coefs: Vec<Vec<f64>> = a
                .subs
                .iter()
                .map(|s| (0..n).map(|k| s.coef(k)).collect())
                .collect();
            let mids: Vec<f64> = a.subs.iter().map(|s| s.mid).collect();
            match groups
                .iter_mut()
                .find(|g| g.memref == a.memref && g.coefs == coefs)
            {
                Some(g) => {
                    for (j, &v) in mids.iter().enumerate() {
                        g.lo[j] = g.lo[j].min(v);
                        g.hi[j] = g.hi[j].max(v);
                    }
                }
                None => groups.push(Group {
                    memref: a.memref,
                    bytes: a.bytes,
                    shape: a.shape.clone(),
                    coefs,
                    lo: mids.clone(),
                    hi: mids,
                }),
            }
        }
        groups
    }
}

/// Accesses of one array with the same subscript coefficients.
struct Group {
    memref: Value,
    bytes: u64,
    shape: Vec<i64>,
    /// Per subscript, per level.
    coefs: Vec<Vec<f64>>,
    /// Per subscript: the smallest and largest middle value among the accesses.
    lo: Vec<f64>,
    hi: Vec<f64>,
}

impl Group {
    /// Lines of the box the group spans while the loops from level `k` inwards run.
    fn lines(&self, levels: &[Level], k: usize) -> f64 {
        let rank = self.coefs.len();
        let mut lines = 1.0;
        for j in 0..rank {
            let width = self.hi[j] - self.lo[j] + 1.0;
            let (mut extent, mut distinct) = (width, width);
            for (m, l) in levels.iter().enumerate().skip(k) {
                let c = self.coefs[j][m].abs();
                if c != 0.0 {
                    extent += (l.trip - 1.0).max(0.0) * c;
                    distinct *= l.trip.max(1.0);
                }
            }
            let cap = match self.shape.get(j) {
                Some(&s) if s > 0 => s as f64,
                _ => f64::INFINITY,
            };
            let elements = extent.min(distinct).min(cap);
            lines *= if j + 1 == rank {
                (extent.min(cap) * self.bytes as f64 / LINE)
                    .ceil()
                    .min(elements)
            } else {
                elements
            };
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::parse;

    const MACHINE: CostMachine = CostMachine {
        cache: CacheSizes {
            l1: 32 * 1024,
            l2: 1024 * 1024,
            l3: 32 * 1024 * 1024,
            vector: 32,
        },
        vector_bytes: 32,
        threads: 2,
    };

    /// The top-level ops of each function of `text`, in order.
    fn nests(text: &str) -> (Ir, Vec<Vec<Op>>) {
        let (ir, top) = parse(text);
        let funcs: Vec<Op> = ir
            .walk_ops(top, lattice_ir::WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| ir.is_op(o, "func.func"))
            .collect();
        let ops = funcs
            .iter()
            .map(|&f| {
                let b = ir.entry_block(ir.regions(f)[0]).unwrap();
                let mut ops: Vec<Op> = ir.block_ops(b).collect();
                ops.pop(); // func.return
                ops
            })
            .collect();
        (ir, ops)
    }

    /// A 1024 x 1024 copy walking rows (`@rows`) and columns (`@cols`).
    const COPY: &str = r#"
func.func @rows(%A: memref<1024x1024xf64>, %B: memref<1024x1024xf64>) {
  affine.for %i = 0 to 1024 {
    affine.for %j = 0 to 1024 {
      %v = affine.load %A[%i, %j] : memref<1024x1024xf64>
      affine.store %v, %B[%i, %j] : memref<1024x1024xf64>
    }
  }
  return
}
func.func @cols(%A: memref<1024x1024xf64>, %B: memref<1024x1024xf64>) {
  affine.for %j = 0 to 1024 {
    affine.for %i = 0 to 1024 {
      %v = affine.load %A[%i, %j] : memref<1024x1024xf64>
      affine.store %v, %B[%i, %j] : memref<1024x1024xf64>
    }
  }
  return
}
func.func @tiles(%A: memref<1024x1024xf64>, %B: memref<1024x1024xf64>) {
  affine.parallel (%t) = (0) to (1024) step (32) {
    affine.for %i = 0 to 1024 {
      affine.for %j = affine_map<(d0) -> (d0)>(%t) to affine_map<(d0) -> (d0 + 32)>(%t) {
        %v = affine.load %A[%i, %j] : memref<1024x1024xf64>
        affine.store %v, %B[%i, %j] : memref<1024x1024xf64>
      }
    }
  }
  return
}"#;

    #[test]
    fn rows_beat_columns() {
        let (ir, n) = nests(COPY);
        let (rows, cols) = (
            nest_cost(&ir, &n[0], &MACHINE),
            nest_cost(&ir, &n[1], &MACHINE),
        );
        // Rows: 2 x 1024 x 1024 x 8 B / 64 B = 262144 lines from memory (16 cycles
        // each), vectorized 4 wide (a load, a store and the loop: 3 / 4 cycles).
        assert_eq!(rows.memory, 262144.0 * 16.0);
        assert_eq!(rows.compute, 1024.0 * 1024.0 * 3.0 / 4.0);
        // Columns: no vectors, and a column of lines (1024 x 2 x 64 B) does not stay in
        // L1 from one column to the next.
        assert!(cols.compute == 4.0 * rows.compute, "{cols:?}");
        assert!(cols.memory > rows.memory, "{cols:?} {rows:?}");
        assert!(matches!(
            compare(&ir, &n[0], &n[1], &MACHINE),
            Choice::ProgramOrder(_)
        ));
        assert!(matches!(
            compare(&ir, &n[1], &n[0], &MACHINE),
            Choice::Schedule(_)
        ));
    }

    #[test]
    fn tiles_read_from_their_bounds() {
        let (ir, n) = nests(COPY);
        let tiles = nest_cost(&ir, &n[2], &MACHINE);
        // Strips of 32 columns: the point loop's trip count comes from its bounds, its
        // rows move with the tile loop (each element still loaded once).
        assert_eq!(tiles.fork_join, FORK_JOIN_CYCLES);
        assert_eq!(tiles.compute, nest_cost(&ir, &n[0], &MACHINE).compute);
        assert_eq!(tiles.parallel, tiles.compute + tiles.memory);
        // Same code without the parallel loop's gain on 1 thread: no 10% win there, but
        // 2 threads halve it.
        match compare(&ir, &n[0], &n[2], &MACHINE) {
            Choice::Schedule(why) => assert!(why.contains("on 2 threads"), "{why}"),
            c => panic!("{c:?}"),
        }
    }

    #[test]
    fn identical_code_keeps_program_order() {
        let (ir, n) = nests(COPY);
        match compare(&ir, &n[0], &n[0], &MACHINE) {
            Choice::ProgramOrder(why) => assert!(why.starts_with("kept program order"), "{why}"),
            c => panic!("{c:?}"),
        }
    }
}
