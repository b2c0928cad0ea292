//! Memory dependence testing between two affine accesses (`affine.load`, `affine.store`,
//! `affine.vector_load`, `affine.vector_store`), in the spirit of MLIR's
//! `checkMemrefAccessDependence`.
//!
//! # API
//! - [`access`]: describes an op as a memory access ([`Access`]), or `None` for other ops.
//! - [`enclosing_loops`]: the `affine.for` ops around an op, outermost first (stopping at
//!   the affine scope).
//! - [`common_depth`]: how many of those loops two ops share.
//! - [`check_dependence`]`(ir, src, dst, depth)`: whether an instance of `src` may reach
//!   an instance of `dst` with the first `depth - 1` common IVs equal and the IV at
//!   `depth` strictly greater at `dst` (a dependence carried by the loop at `depth`,
//!   1-based); `depth == common_depth + 1` asks for a loop-independent dependence (all
//!   common IVs equal, and `src` before `dst` in the body, see [`appears_before`]). The answer is
//!   [`Dependence::None`] when proven impossible, else [`Dependence::May`] with one
//!   [`Component`] per common loop: the range `[min, max]` of `iv(dst) - iv(src)`
//!   (`None` = unbounded); [`Component::distance`] is the constant distance when known.
//!
//! # Method
//! The dependence system has one column per IV of `src`'s loops, one per IV of `dst`'s
//! loops and one per other SSA value (symbols, shared by both sides). Rows: both
//! iteration domains (every result of a `max` lower bound / `min` upper bound map),
//! equality of every subscript, and the ordering at `depth`. `affine.apply` operands are
//! composed in; constants are folded. Integer feasibility is decided by GCD tests on
//! equalities, exact substitution through unit-coefficient equalities, and
//! Fourier–Motzkin elimination with integer tightening of each inequality.
//!
//! A loop with a step > 1 and a single lower bound adds `iv = lb + step * t, t >= 0`.
//!
//! Invariants (soundness): every approximation only drops constraints (steps of loops
//! with `max` lower bounds, `affine.if` conditions, bounds or subscripts with `mod`/`floordiv`/`ceildiv`,
//! equalities without a unit coefficient become two inequalities), so `None` is only
//! answered when no dependence exists. Both accesses being reads is `None`; distinct
//! memref SSA values are assumed not to alias (as MLIR does).

use crate::views::{AffineAccess, AffineApply, AffineFor, AffineLoad};
use lattice_ir::{AffineExpr, AffineMap, AttrData, Ir, Op, Traits, Value};
use rustc_hash::FxHashMap;

/// An affine memory access.
#[derive(Clone, Debug)]
pub struct Access {
    /// The load/store op.
    pub op: Op,
    /// The memref accessed.
    pub memref: Value,
    /// Whether the access writes.
    pub is_write: bool,
    /// The subscript map.
    pub map: AffineMap,
    /// The map's operands.
    pub indices: Vec<Value>,
}

/// `op` as an affine access, or `None` if it is not an affine load/store.
pub fn access(ir: &Ir, op: Op) -> Option<Access> {
    let kind = AffineAccess::of(ir, op)?;
    let (mem_index, is_write) = (kind.memref_index, kind.is_write);
    let map = match ir.ctx().attr_data(ir.attr(op, AffineLoad::MAP)?) {
        AttrData::AffineMap(m) => *m,
        _ => return None,
    };
    let operands = ir.operands(op);
    Some(Access {
        op,
        memref: *operands.get(mem_index)?,
        is_write,
        map,
        indices: operands.get(mem_index + 1..)?.to_vec(),
    })
}

/// The `affine.for` ops enclosing `op`, outermost first, up to its affine scope.
pub fn enclosing_loops(ir: &Ir, op: Op) -> Vec<Op> {
    let mut loops = Vec::new();
    let mut cur = ir.parent_op(op);
    while let Some(p) = cur {
        if ir.has_trait(p, Traits::AFFINE_SCOPE) {
            break;
        }
        if ir.isa::<AffineFor>(p) {
            loops.push(p);
        }
        cur = ir.parent_op(p);
    }
    loops.reverse();
    loops
}

/// The number of loops enclosing both `a` and `b`.
pub fn common_depth(ir: &Ir, a: Op, b: Op) -> usize {
    let la = enclosing_loops(ir, a);
    let lb = enclosing_loops(ir, b);
    la.iter().zip(&lb).take_while(|(x, y)| x == y).count()
}

/// The range of `iv(dst) - iv(src)` along one common loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Component {
    /// The common loop.
    pub loop_op: Op,
    /// The least distance, `None` if unbounded below.
    pub min: Option<i64>,
    /// The greatest distance, `None` if unbounded above.
    pub max: Option<i64>,
}

impl Component {
    /// The distance when it is one constant.
    pub fn distance(&self) -> Option<i64> {
        match (self.min, self.max) {
            (Some(a), Some(b)) if a == b => Some(a),
            _ => None,
        }
    }
}

/// The answer of [`check_dependence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dependence {
    /// Proven impossible.
    None,
    /// May exist; one component per common loop (outermost first).
    May(Vec<Component>),
}

/// The most pairs of accesses one question about a loop ("does it carry a
/// dependence?") tests with [`check_dependence`]: a body unrolled into tens of thousands
/// of accesses to one memref would otherwise take minutes of pairwise tests (up to 10 µs
/// each), so a pass asks [`within_test_budget`] first and declines past it.
pub const MAX_DEPENDENCE_TESTS: usize = 250_000;

/// How many ordered pairs of `accesses` [`check_dependence`] tests beyond its cheap
/// checks: pairs on one memref of which at least one writes.
pub fn dependence_tests(ir: &Ir, accesses: &[Op]) -> usize {
    let mut per_memref: FxHashMap<Value, (usize, usize)> = FxHashMap::default();
    for a in accesses.iter().filter_map(|&o| access(ir, o)) {
        let (w, r) = per_memref.entry(a.memref).or_default();
        if a.is_write {
            *w += 1;
        } else {
            *r += 1;
        }
    }
    per_memref
        .values()
        .map(|&(w, r)| {
            w.saturating_mul(w)
                .saturating_add(w.saturating_mul(r).saturating_mul(2))
        })
        .fold(0, usize::saturating_add)
}

/// A loop whose dependence questions would take more than [`MAX_DEPENDENCE_TESTS`].
#[derive(Debug, Clone, thiserror::Error)]
#[error("its {accesses} memory accesses make {tests} dependence tests, over the limit of {MAX_DEPENDENCE_TESTS}")]
pub struct TooManyTests {
    /// The loop's affine accesses.
    pub accesses: usize,
    /// The pairs to test.
    pub tests: usize,
}

/// `Err` when testing every pair of `accesses` `times` times would exceed
/// [`MAX_DEPENDENCE_TESTS`].
pub fn within_test_budget(ir: &Ir, accesses: &[Op], times: usize) -> Result<(), TooManyTests> {
    let tests = dependence_tests(ir, accesses).saturating_mul(times);
    if tests > MAX_DEPENDENCE_TESTS {
        return Err(TooManyTests {
            accesses: accesses.len(),
            tests,
        });
    }
    Ok(())
}

/// Whether `src` may reach `dst` with a dependence at `depth` (see the module docs).
pub fn check_dependence(ir: &Ir, src: Op, dst: Op, depth: usize) -> Dependence {
    let (Some(a), Some(b)) = (access(ir, src), access(ir, dst)) else {
        return Dependence::None;
    };
    if (!a.is_write && !b.is_write) || a.memref != b.memref {
        return Dependence::None;
    }
    let src_loops = enclosing_loops(ir, src);
    let dst_loops = enclosing_loops(ir, dst);
    let common = src_loops
        .iter()
        .zip(&dst_loops)
        .take_while(|(x, y)| x == y)
        .count();
    let unknown = |common: usize| {
        Dependence::May(
            src_loops[..common]
                .iter()
                .map(|&l| Component {
                    loop_op: l,
                    min: None,
                    max: None,
                })
                .collect(),
        )
    };
    if depth == 0 || depth > common + 1 {
        return unknown(common);
    }
    if depth == common + 1 && !appears_before(ir, src, dst) {
        return Dependence::None;
    }
    let mut b_ = Builder {
        ir,
        cols: FxHashMap::default(),
        ncols: 0,
        rows: Vec::new(),
    };
    for (side, loops) in [(0u8, &src_loops), (1u8, &dst_loops)] {
        for &l in loops.iter() {
            let Some(iv) = iv_of(ir, l) else {
                return unknown(common);
            };
            b_.col((side, iv));
        }
    }
    // Iteration domains.
    for (side, loops) in [(0u8, &src_loops), (1u8, &dst_loops)] {
        for &l in loops.iter() {
            b_.add_bounds(side, l);
        }
    }
    // Subscript equalities.
    let ctx = ir.ctx();
    let ra = ctx.map_results(a.map).to_vec();
    let rb = ctx.map_results(b.map).to_vec();
    if ra.len() == rb.len() {
        for (&ea, &eb) in ra.iter().zip(&rb) {
            let x = b_.expr_row(0, ea, a.map, &a.indices);
            let y = b_.expr_row(1, eb, b.map, &b.indices);
            if let (Some(x), Some(y)) = (x, y) {
                let r = sub(&x, &y);
                b_.rows.push(Row::eq(r));
            }
        }
    }
    // Ordering.
    let mut iv_pairs = Vec::new();
    for &l in &src_loops[..common] {
        let iv = iv_of(ir, l).expect("checked above");
        iv_pairs.push((b_.cols[&(0, iv)], b_.cols[&(1, iv)]));
    }
    for (k, &(s, d)) in iv_pairs.iter().enumerate() {
        if k + 1 < depth {
            let mut r = LinRow::zero();
            r.set(d, 1);
            r.set(s, -1);
            b_.rows.push(Row::eq(r));
        } else if k + 1 == depth {
            let mut r = LinRow::zero();
            r.set(d, 1);
            r.set(s, -1);
            r.k = -1;
            b_.rows.push(Row::ge(r));
        }
    }
    let ncols = b_.ncols;
    let rows: Vec<DRow> = b_.rows.into_iter().map(|r| r.dense(ncols)).collect();
    if !feasible(rows.clone(), ncols) {
        return Dependence::None;
    }
    let comps = iv_pairs
        .iter()
        .zip(&src_loops)
        .map(|(&(s, d), &l)| {
            let (min, max) = delta_range(&rows, ncols, s, d);
            Component {
                loop_op: l,
                min,
                max,
            }
        })
        .collect();
    Dependence::May(comps)
}

/// Whether `a` runs before `b` within one iteration of their common loops (their
/// ancestors in the innermost common block are in that order; an op is not before
/// itself).
pub fn appears_before(ir: &Ir, a: Op, b: Op) -> bool {
    let chain = |mut o: Op| {
        let mut v = vec![o];
        while let Some(p) = ir.parent_op(o) {
            v.push(p);
            o = p;
        }
        v
    };
    let (ca, cb) = (chain(a), chain(b));
    for &x in &ca {
        for &y in &cb {
            if x == y {
                return false;
            }
            if ir.op_parent(x).is_some() && ir.op_parent(x) == ir.op_parent(y) {
                let mut cur = ir.next_op(x);
                while let Some(o) = cur {
                    if o == y {
                        return true;
                    }
                    cur = ir.next_op(o);
                }
                return false;
            }
        }
    }
    false
}

fn iv_of(ir: &Ir, l: Op) -> Option<Value> {
    let r = *ir.regions(l).first()?;
    let b = ir.entry_block(r)?;
    ir.block_args(b).first().copied()
}

/// A sparse linear form `sum c_j x_j + k`.
#[derive(Clone, Debug)]
struct LinRow {
    c: Vec<(usize, i128)>,
    k: i128,
}

impl LinRow {
    fn zero() -> LinRow {
        LinRow {
            c: Vec::new(),
            k: 0,
        }
    }
    fn set(&mut self, col: usize, v: i128) {
        self.add(col, v);
    }
    fn add(&mut self, col: usize, v: i128) {
        match self.c.iter_mut().find(|(j, _)| *j == col) {
            Some((_, x)) => *x += v,
            None => self.c.push((col, v)),
        }
    }
    fn scaled_add(&mut self, other: &LinRow, f: i128) {
        for &(j, v) in &other.c {
            self.add(j, v * f);
        }
        self.k += other.k * f;
    }
}

fn sub(a: &LinRow, b: &LinRow) -> LinRow {
    let mut r = a.clone();
    r.scaled_add(b, -1);
    r
}

struct SparseRow {
    r: LinRow,
    eq: bool,
}

impl SparseRow {
    fn dense(self, n: usize) -> DRow {
        let mut c = vec![0i128; n];
        for (j, v) in self.r.c {
            c[j] += v;
        }
        DRow {
            c,
            k: self.r.k,
            eq: self.eq,
        }
    }
}

struct Row;
impl Row {
    fn eq(r: LinRow) -> SparseRow {
        SparseRow { r, eq: true }
    }
    fn ge(r: LinRow) -> SparseRow {
        SparseRow { r, eq: false }
    }
}

/// A dense constraint `c . x + k (== | >=) 0`.
#[derive(Clone, Debug)]
struct DRow {
    c: Vec<i128>,
    k: i128,
    eq: bool,
}

struct Builder<'a> {
    ir: &'a Ir,
    /// Columns: `(side, value)`; side 2 is shared (symbols); sides 3 and 4 are the step
    /// multiples of the IVs of sides 0 and 1.
    cols: FxHashMap<(u8, Value), usize>,
    ncols: usize,
    rows: Vec<SparseRow>,
}

impl Builder<'_> {
    fn col(&mut self, key: (u8, Value)) -> usize {
        if let Some(&c) = self.cols.get(&key) {
            return c;
        }
        self.cols.insert(key, self.ncols);
        self.ncols += 1;
        self.ncols - 1
    }

    /// The linear form of `v` as seen from `side`.
    fn value_row(&mut self, side: u8, v: Value, depth: u32) -> Option<LinRow> {
        if let Some(&c) = self.cols.get(&(side, v)) {
            let mut r = LinRow::zero();
            r.set(c, 1);
            return Some(r);
        }
        let ir = self.ir;
        if let Some(def) = ir.defining_op(v) {
            if ir.has_trait(def, Traits::CONSTANT_LIKE) {
                if let Some(x) = ir.attr(def, "value").and_then(|a| ir.ctx().int_value(a)) {
                    let mut r = LinRow::zero();
                    r.k = x;
                    return Some(r);
                }
            }
            if ir.isa::<AffineApply>(def) && depth < 16 {
                if let Some(AttrData::AffineMap(m)) =
                    ir.attr(def, "map").map(|a| ir.ctx().attr_data(a))
                {
                    let m = *m;
                    if let [e] = ir.ctx().map_results(m) {
                        let e = *e;
                        let ops = ir.operands(def).to_vec();
                        if let Some(r) = self.expr_row_at(side, e, m, &ops, depth + 1) {
                            return Some(r);
                        }
                    }
                }
            }
        }
        let c = self.col((2, v));
        let mut r = LinRow::zero();
        r.set(c, 1);
        Some(r)
    }

    fn expr_row(
        &mut self,
        side: u8,
        e: AffineExpr,
        map: AffineMap,
        ops: &[Value],
    ) -> Option<LinRow> {
        self.expr_row_at(side, e, map, ops, 0)
    }

    fn expr_row_at(
        &mut self,
        side: u8,
        e: AffineExpr,
        map: AffineMap,
        ops: &[Value],
        depth: u32,
    ) -> Option<LinRow> {
        let ctx = self.ir.ctx();
        let nd = ctx.map_num_dims(map);
        let ns = ctx.map_num_symbols(map);
        if ops.len() != (nd + ns) as usize {
            return None;
        }
        let (flat, locals) = ctx.flatten_expr(e, nd, ns)?;
        if !locals.is_empty() {
            return None;
        }
        let mut r = LinRow::zero();
        r.k = *flat.last()? as i128;
        for (j, &coef) in flat[..ops.len()].iter().enumerate() {
            if coef != 0 {
                let vr = self.value_row(side, ops[j], depth)?;
                r.scaled_add(&vr, coef as i128);
            }
        }
        Some(r)
    }

    fn add_bounds(&mut self, side: u8, l: Op) {
        let ir = self.ir;
        let Some(iv) = iv_of(ir, l) else { return };
        let ivc = self.cols[&(side, iv)];
        let Some(segs) = crate::ops::for_segments(ir, l) else {
            return;
        };
        let operands = ir.operands(l).to_vec();
        for (name, seg, is_lb) in [
            (AffineFor::LOWER_BOUND_MAP, segs[0].clone(), true),
            (AffineFor::UPPER_BOUND_MAP, segs[1].clone(), false),
        ] {
            let Some(map) = crate::util::map_attr(ir, l, name) else {
                continue;
            };
            let ops = &operands[seg];
            let step = crate::util::int_attr(ir, l, AffineFor::STEP).unwrap_or(1);
            let results = ir.ctx().map_results(map).to_vec();
            if is_lb && step > 1 && results.len() == 1 {
                // iv = lb + step * t, t >= 0 (a fresh column per loop and side).
                if let Some(b) = self.expr_row(side, results[0], map, ops) {
                    let t = self.col((side + 3, iv));
                    let mut r = LinRow::zero();
                    r.set(ivc, 1);
                    r.scaled_add(&b, -1);
                    r.set(t, -step);
                    self.rows.push(Row::eq(r));
                    let mut nonneg = LinRow::zero();
                    nonneg.set(t, 1);
                    self.rows.push(Row::ge(nonneg));
                }
            }
            for &e in results.iter() {
                let Some(b) = self.expr_row(side, e, map, ops) else {
                    continue;
                };
                let mut r = LinRow::zero();
                if is_lb {
                    // iv - lb >= 0
                    r.set(ivc, 1);
                    r.scaled_add(&b, -1);
                } else {
                    // ub - iv - 1 >= 0
                    r.scaled_add(&b, 1);
                    r.set(ivc, -1);
                    r.k -= 1;
                }
                self.rows.push(Row::ge(r));
            }
        }
    }
}

const MAX_ROWS: usize = 2000;
const LIMIT: i128 = 1 << 60;

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Normalizes a row; `Err(())` if it is infeasible on its own, `Ok(None)` if trivially
/// true.
fn normalize(mut r: DRow) -> Result<Option<DRow>, ()> {
    let g = r.c.iter().fold(0, |g, &x| gcd(g, x));
    if g == 0 {
        return if (r.eq && r.k != 0) || (!r.eq && r.k < 0) {
            Err(())
        } else {
            Ok(None)
        };
    }
    if r.eq {
        if r.k % g != 0 {
            return Err(());
        }
        r.k /= g;
    } else {
        r.k = r.k.div_euclid(g);
    }
    for x in r.c.iter_mut() {
        *x /= g;
    }
    Ok(Some(r))
}

/// Eliminates every column except `keep` (if any); `None` if infeasible. Overflow or
/// blow-up makes the system "unknown", returned as `Some(rows)` with only the rows that
/// are known to hold (possibly none), which keeps answers conservative.
fn project(rows: Vec<DRow>, ncols: usize, keep: Option<usize>) -> Option<Vec<DRow>> {
    let mut rows: Vec<DRow> = {
        let mut out = Vec::new();
        for r in rows {
            match normalize(r) {
                Err(()) => return None,
                Ok(Some(r)) => out.push(r),
                Ok(None) => {}
            }
        }
        out
    };
    let mut live: Vec<usize> = (0..ncols).filter(|&j| Some(j) != keep).collect();
    // Equalities first.
    loop {
        let pick = rows.iter().enumerate().find_map(|(i, r)| {
            if !r.eq {
                return None;
            }
            live.iter()
                .copied()
                .find(|&j| r.c[j].abs() == 1)
                .map(|j| (i, j))
        });
        let Some((i, j)) = pick else { break };
        let e = rows.swap_remove(i);
        // x_j = -(rest)/c_j
        let cj = e.c[j];
        let mut out = Vec::with_capacity(rows.len());
        for mut r in rows {
            let a = r.c[j];
            if a != 0 {
                // r - (a / cj) * e  (cj = +-1)
                let f = a * cj;
                for (x, y) in r.c.iter_mut().zip(&e.c) {
                    *x -= f * y;
                }
                r.k -= f * e.k;
                if r.c.iter().any(|x| x.abs() > LIMIT) || r.k.abs() > LIMIT {
                    continue;
                }
            }
            match normalize(r) {
                Err(()) => return None,
                Ok(Some(r)) => out.push(r),
                Ok(None) => {}
            }
        }
        rows = out;
        live.retain(|&x| x != j);
    }
    // Remaining equalities on eliminated columns become two inequalities.
    let mut ineqs = Vec::new();
    for r in rows {
        if r.eq {
            let neg = DRow {
                c: r.c.iter().map(|x| -x).collect(),
                k: -r.k,
                eq: false,
            };
            ineqs.push(DRow { eq: false, ..r });
            ineqs.push(neg);
        } else {
            ineqs.push(r);
        }
    }
    let mut rows = ineqs;
    while !live.is_empty() {
        // Pick the column with the fewest generated rows.
        let (pos, j) = live
            .iter()
            .enumerate()
            .map(|(p, &j)| {
                let lo = rows.iter().filter(|r| r.c[j] > 0).count();
                let hi = rows.iter().filter(|r| r.c[j] < 0).count();
                (lo * hi, p, j)
            })
            .min()
            .map(|(_, p, j)| (p, j))?;
        live.remove(pos);
        let (lo, hi): (Vec<&DRow>, Vec<&DRow>) = {
            let lo = rows.iter().filter(|r| r.c[j] > 0).collect();
            let hi = rows.iter().filter(|r| r.c[j] < 0).collect();
            (lo, hi)
        };
        let mut out: Vec<DRow> = rows.iter().filter(|r| r.c[j] == 0).cloned().collect();
        for l in &lo {
            for h in &hi {
                let (a, b) = (l.c[j], -h.c[j]);
                let c: Vec<i128> = l.c.iter().zip(&h.c).map(|(x, y)| x * b + y * a).collect();
                let k = l.k * b + h.k * a;
                if c.iter().any(|x| x.abs() > LIMIT) || k.abs() > LIMIT {
                    continue;
                }
                match normalize(DRow { c, k, eq: false }) {
                    Err(()) => return None,
                    Ok(Some(r)) => out.push(r),
                    Ok(None) => {}
                }
            }
        }
        // Rows dropped on overflow only relax the system.
        out.sort_by(|a, b| (&a.c, a.k).cmp(&(&b.c, b.k)));
        out.dedup_by(|a, b| a.c == b.c && a.k == b.k);
        if out.len() > MAX_ROWS {
            // Give up precisely: keep nothing (everything feasible).
            return Some(Vec::new());
        }
        rows = out;
    }
    Some(rows)
}

fn feasible(rows: Vec<DRow>, ncols: usize) -> bool {
    project(rows, ncols, None).is_some()
}

/// The range of `x_d - x_s` over the system.
fn delta_range(rows: &[DRow], ncols: usize, s: usize, d: usize) -> (Option<i64>, Option<i64>) {
    // New column `delta` at index ncols: delta - x_d + x_s == 0.
    let n = ncols + 1;
    let mut all: Vec<DRow> = rows
        .iter()
        .map(|r| {
            let mut c = r.c.clone();
            c.push(0);
            DRow {
                c,
                k: r.k,
                eq: r.eq,
            }
        })
        .collect();
    let mut c = vec![0i128; n];
    c[ncols] = 1;
    c[d] -= 1;
    c[s] += 1;
    all.push(DRow { c, k: 0, eq: true });
    let Some(proj) = project(all, n, Some(ncols)) else {
        return (None, None);
    };
    let (mut lo, mut hi): (Option<i128>, Option<i128>) = (None, None);
    for r in proj {
        let a = r.c[ncols];
        if a == 0 {
            continue;
        }
        let mut consider = |a: i128, k: i128| {
            // a * delta + k >= 0
            if a > 0 {
                let b = (-k).div_euclid(a) + if (-k).rem_euclid(a) != 0 { 1 } else { 0 };
                lo = Some(lo.map_or(b, |x| x.max(b)));
            } else {
                let b = k.div_euclid(-a);
                hi = Some(hi.map_or(b, |x| x.min(b)));
            }
        };
        consider(a, r.k);
        if r.eq {
            consider(-a, -r.k);
        }
    }
    let cv = |x: Option<i128>| x.and_then(|v| i64::try_from(v).ok());
    (cv(lo), cv(hi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lattice_ir::diag::SourceMap;
    use lattice_ir::parser::parse_source;
    use lattice_ir::{Context, WalkOrder};
    use std::sync::Arc;

    fn parse(text: &str) -> (Ir, Vec<Op>) {
        let mut ctx = Context::new();
        lattice_dialects::register_all(&mut ctx);
        crate::register(&mut ctx);
        let mut ir = Ir::new(Arc::new(ctx));
        let mut sm = SourceMap::new();
        let id = sm.add("t.mlir", text);
        let top =
            parse_source(&mut ir, id, "t.mlir", text).unwrap_or_else(|d| panic!("{}", d.message));
        let accesses = ir
            .walk_ops(top, WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| access(&ir, o).is_some())
            .collect();
        (ir, accesses)
    }

    /// Every (src, dst, depth) with a possible dependence, rendered.
    fn deps(text: &str) -> String {
        let (ir, acc) = parse(text);
        let mut out = String::new();
        for (i, &s) in acc.iter().enumerate() {
            for (j, &d) in acc.iter().enumerate() {
                let n = common_depth(&ir, s, d);
                for depth in 1..=n + 1 {
                    if let Dependence::May(comps) = check_dependence(&ir, s, d, depth) {
                        let v: Vec<String> = comps
                            .iter()
                            .map(|c| match (c.distance(), c.min, c.max) {
                                (Some(x), _, _) => x.to_string(),
                                (_, lo, hi) => format!(
                                    "[{},{}]",
                                    lo.map_or("-inf".into(), |x| x.to_string()),
                                    hi.map_or("+inf".into(), |x| x.to_string())
                                ),
                            })
                            .collect();
                        out.push_str(&format!("{i}->{j} @{depth}: ({})\n", v.join(", ")));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn stencil_one_minus_one() {
        let got = deps(
            "func.func @f(%A: memref<5x5xf64>) {
              affine.for %i = 1 to 5 {
                affine.for %j = 0 to 4 {
                  %u = affine.load %A[%i - 1, %j + 1] : memref<5x5xf64>
                  affine.store %u, %A[%i, %j] : memref<5x5xf64>
                }
              }
              return
            }",
        );
        // store (1) at (i, j) is read by the load (0) at (i+1, j-1).
        expect_test::expect![[r#"
            1->0 @1: (1, -1)
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn uniform_distances_and_symbolic_bounds() {
        let got = deps(
            "func.func @f(%A: memref<?xf32>, %n: index) {
              affine.for %i = 0 to %n {
                %v = affine.load %A[%i] : memref<?xf32>
                affine.store %v, %A[%i + 3] : memref<?xf32>
              }
              return
            }",
        );
        expect_test::expect![[r#"
            1->0 @1: (3)
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn gcd_and_bounds_disprove() {
        // 2i vs 2i + 1 never meet (GCD); 2i + 1 vs i + 20 with 0 <= i < 10 never meet
        // (bounds).
        let got = deps(
            "func.func @f(%A: memref<100xf32>) {
              affine.for %i = 0 to 10 {
                %v = affine.load %A[%i * 2] : memref<100xf32>
                affine.store %v, %A[%i * 2 + 1] : memref<100xf32>
                %w = affine.load %A[%i + 20] : memref<100xf32>
              }
              return
            }",
        );
        expect_test::expect![""].assert_eq(&got);
    }

    #[test]
    fn ranges_when_not_uniform() {
        // C[i][j] written at every k: output dependence carried by k with any distance.
        let got = deps(
            "func.func @f(%C: memref<8x8xf32>, %x: f32) {
              affine.for %i = 0 to 8 {
                affine.for %j = 0 to 8 {
                  affine.for %k = 0 to 8 {
                    affine.store %x, %C[%i, %j] : memref<8x8xf32>
                  }
                }
              }
              return
            }",
        );
        expect_test::expect![[r#"
            0->0 @3: (0, 0, [1,7])
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn steps_are_exact() {
        // Even i only: A[i + 1] is never written by A[i] (i even), so no dependence;
        // A[i + 2] is, at distance 2.
        let got = deps(
            "func.func @f(%A: memref<100xf32>) {
              affine.for %i = 0 to 50 step 2 {
                %v = affine.load %A[%i + 1] : memref<100xf32>
                %w = affine.load %A[%i + 2] : memref<100xf32>
                affine.store %v, %A[%i] : memref<100xf32>
              }
              return
            }",
        );
        expect_test::expect![[r#"
            1->2 @1: (2)
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn apply_operands_and_max_bounds() {
        let got = deps(
            "func.func @f(%A: memref<100xf32>, %n: index) {
              affine.for %i = max affine_map<()[s0] -> (s0, 10)>()[%n] to 20 {
                %p = affine.apply affine_map<(d0) -> (d0 - 1)>(%i)
                %v = affine.load %A[%p] : memref<100xf32>
                affine.store %v, %A[%i] : memref<100xf32>
              }
              return
            }",
        );
        expect_test::expect![[r#"
            1->0 @1: (1)
        "#]]
        .assert_eq(&got);
    }
}
