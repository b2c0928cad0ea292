//! `affine-simplify-min-max`: mlir-opt 22's `SimplifyAffineMinMaxPass`. A greedy
//! rewrite of each `func.func` (the `canonicalize` driver: folding, constant hoisting,
//! region simplification) with only these patterns: the `affine.min`/`affine.max`
//! canonicalizations, composition of `affine.apply` producers, and the removal of every
//! `affine.min` (`affine.max`) result that another result is proven never to exceed
//! (never to fall below), results compared pairwise in upstream's order.
//!
//! Proofs follow upstream's value-bounds analysis for what it sees: each operand is
//! expanded through constants, `arith.addi`/`arith.subi`, `arith.muli` by a constant and
//! `affine.apply`; the induction variable of an `scf.for` lies in `[lb, ub - 1]`
//! (unsigned loops: only between non-negative constants); anything else (function arguments, `affine.for` induction variables,
//! which mlir-opt 22 does not bound either) is an unknown integer. A comparison holds
//! only when the Omega test finds no counterexample.
//!
//! Invariants: results are only dropped (and, as upstream, every input but `affine`
//! induction variables becomes a symbol), so the op computes the same value; the pass runs on `func.func` only, and on anything else fails with mlir-opt's
//! scheduling error.

use crate::analysis::bounded::has_no_point;
use crate::canonicalize::{canonicalize_apply, canonicalize_min_max};
use crate::util::{constant_int, map_attr};
use crate::views::AffineKind;
use lattice_dialects::{arith, func, scf};
use lattice_ir::diag::{DiagLoc, Diagnostic};
use lattice_ir::pass::{NoOptions, PassDef, PassOptions};
use lattice_ir::passes::canonicalize::{canonicalize, CanonicalizeOptions};
use lattice_ir::{AffineExpr, AffineMap, Context, Ir, Op, Value};

/// The pass as mlir-opt names it.
pub static SIMPLIFY_MIN_MAX: PassDef = PassDef {
    name: "affine-simplify-min-max",
    display_name: "SimplifyAffineMinMaxPass",
    summary: "Simplify affine min/max/apply",
    // Not nested automatically: like mlir-opt, a top-level flag fails on the module.
    anchor: None,
    options: &[],
    configure: lattice_ir::pass::configure::<NoOptions>,
    run: run_pass,
};

fn run_pass(ir: &mut Ir, op: Op, _: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    if !ir.isa::<func::Func>(op) {
        let at = DiagLoc::Loc(ir.ctx().unknown_loc());
        return Err(vec![Diagnostic::error(
            at,
            format!(
                "unable to schedule pass '{}' on a PassManager intended to run on '{}'!",
                SIMPLIFY_MIN_MAX.display_name,
                ir.op_name(op)
            ),
        )]);
    }
    let options = CanonicalizeOptions {
        patterns: Some(apply_patterns),
        ..CanonicalizeOptions::default()
    };
    canonicalize(ir, op, &options)
}

/// The pass's patterns: min/max canonicalization then bound simplification, and
/// `affine.apply` composition.
fn apply_patterns(ir: &mut Ir, op: Op) -> bool {
    match AffineKind::of(ir, op) {
        Some(AffineKind::Min) => canonicalize_min_max(ir, op) || simplify(ir, op, true),
        Some(AffineKind::Max) => canonicalize_min_max(ir, op) || simplify(ir, op, false),
        Some(AffineKind::Apply) => composes(ir, op) && canonicalize_apply(ir, op),
        _ => false,
    }
}

/// Whether `affine.apply` `op` has a producer to compose (upstream's
/// `SimplifyAffineApplyOp` composes `affine.apply` and `affine.min` producers only, and
/// leaves other applies as they are).
fn composes(ir: &Ir, op: Op) -> bool {
    ir.operands(op).iter().any(|&v| {
        ir.defining_op(v).is_some_and(|d| {
            matches!(
                AffineKind::of(ir, d),
                Some(AffineKind::Apply | AffineKind::Min)
            )
        })
    })
}

/// Affine expressions of values over shared unknowns (symbols `s0..`), with the
/// constraints known about those unknowns.
struct Bounds<'a> {
    ir: &'a Ir,
    unknowns: Vec<Value>,
    /// `>= 0` rows over the unknowns.
    rows: Vec<AffineExpr>,
}

/// How far through defining ops a value is expanded.
const MAX_DEPTH: usize = 16;

impl Bounds<'_> {
    fn ctx(&self) -> &Context {
        self.ir.ctx()
    }

    /// The unknown standing for `v` (the same one each time).
    fn unknown(&mut self, v: Value) -> AffineExpr {
        let pos = match self.unknowns.iter().position(|&u| u == v) {
            Some(p) => p,
            None => {
                self.unknowns.push(v);
                self.bound_induction_variable(v);
                self.unknowns.iter().position(|&u| u == v).unwrap_or(0)
            }
        };
        self.ctx().symbol_expr(pos as u32)
    }

    /// Adds `lb <= v <= ub - 1` when `v` is the induction variable of a signed `scf.for`.
    fn bound_induction_variable(&mut self, v: Value) {
        let Some(block) = self
            .ir
            .value_block(v)
            .filter(|_| self.ir.defining_op(v).is_none())
        else {
            return;
        };
        let Some(l) = self
            .ir
            .block_parent_op(block)
            .filter(|&l| self.ir.isa::<scf::For>(l))
        else {
            return;
        };
        if self.ir.block_args(block).first() != Some(&v) {
            return;
        }
        let (lb, ub) = (self.ir.operand(l, 0), self.ir.operand(l, 1));
        // mlir-opt bounds unsigned loops alike; that is sound when both bounds are
        // non-negative constants (the comparisons then agree).
        let non_negative = |x| constant_int(self.ir, x).is_some_and(|c| c >= 0);
        if self.ir.attr(l, scf::For::UNSIGNED_CMP).is_some()
            && !(non_negative(lb) && non_negative(ub))
        {
            return;
        }
        let x = self.ctx().symbol_expr(self.unknowns.len() as u32 - 1);
        let lb = self.expr(lb, 1);
        let ub = self.expr(ub, 1);
        let ctx = self.ctx();
        let above = ctx.sub_expr(x, lb);
        let below = ctx.sub_expr(ctx.sub_expr(ub, x), ctx.constant_expr(1));
        self.rows.extend([above, below]);
    }

    /// `v` as an expression over the unknowns.
    fn expr(&mut self, v: Value, depth: usize) -> AffineExpr {
        if let Some(c) = constant_int(self.ir, v) {
            return self.ctx().constant_expr(c);
        }
        let Some(d) = self.ir.defining_op(v).filter(|_| depth < MAX_DEPTH) else {
            return self.unknown(v);
        };
        let operands = self.ir.operands(d).to_vec();
        if let Some(map) = map_attr(self.ir, d, "map")
            .filter(|_| matches!(AffineKind::of(self.ir, d), Some(AffineKind::Apply)))
        {
            return match self.ctx().map_results(map) {
                &[result] => self.substitute(map, result, &operands, depth + 1),
                _ => self.unknown(v),
            };
        }
        let binary = |ir: &Ir| {
            if ir.isa::<arith::AddI>(d) {
                Some(0)
            } else if ir.isa::<arith::SubI>(d) {
                Some(1)
            } else if ir.isa::<arith::MulI>(d) {
                Some(2)
            } else {
                None
            }
        };
        let (Some(kind), [a, b]) = (binary(self.ir), operands.as_slice()) else {
            return self.unknown(v);
        };
        let (a, b) = (self.expr(*a, depth + 1), self.expr(*b, depth + 1));
        let ctx = self.ctx();
        match kind {
            0 => ctx.add_expr(a, b),
            1 => ctx.sub_expr(a, b),
            _ if ctx.constant_value(a).is_some() || ctx.constant_value(b).is_some() => {
                ctx.mul_expr(a, b)
            }
            _ => self.unknown(v),
        }
    }

    /// `result` of `map` with its inputs replaced by the expressions of `operands`.
    fn substitute(
        &mut self,
        map: AffineMap,
        result: AffineExpr,
        operands: &[Value],
        depth: usize,
    ) -> AffineExpr {
        let nd = self.ctx().map_num_dims(map) as usize;
        let inputs: Vec<AffineExpr> = operands.iter().map(|&o| self.expr(o, depth)).collect();
        let (dims, syms) = inputs.split_at(nd.min(inputs.len()));
        self.ctx().replace_dims_and_symbols(result, dims, syms)
    }

    /// Whether no point of the known constraints has `row >= 0`.
    fn never(&self, row: AffineExpr) -> bool {
        let mut rows = self.rows.clone();
        rows.push(row);
        let eqs = vec![false; rows.len()];
        has_no_point(self.ctx(), 0, self.unknowns.len() as u32, rows, eqs)
    }

    /// MLIR's `strongCompare(a, LT or GT, b)`: `Some(true)` when `a` beats `b`
    /// everywhere (smaller for a min, larger for a max), `Some(false)` when it never does,
    /// `None` when neither is proven.
    fn compare(&self, a: AffineExpr, b: AffineExpr, is_min: bool) -> Option<bool> {
        let ctx = self.ctx();
        let (lo, hi) = if is_min { (a, b) } else { (b, a) };
        // `lo < hi` everywhere: `lo - hi >= 0` never holds.
        if self.never(ctx.sub_expr(lo, hi)) {
            return Some(true);
        }
        // `lo >= hi` everywhere: `hi - lo - 1 >= 0` never holds.
        let less = ctx.sub_expr(ctx.sub_expr(hi, lo), ctx.constant_expr(1));
        self.never(less).then_some(false)
    }
}

/// Upstream's `simplifyAffineMinMaxOp`: drops the results of `affine.min` (`is_min`) or
/// `affine.max` `op` that another result bounds; whether anything was dropped.
fn simplify(ir: &mut Ir, op: Op, is_min: bool) -> bool {
    let Some(map) = map_attr(ir, op, "map") else {
        return false;
    };
    let operands = ir.operands(op).to_vec();
    let ctx = ir.ctx_arc().clone();
    let results = ctx.map_results(map).to_vec();
    if ctx.map_num_inputs(map) != operands.len() || results.len() < 2 {
        return false;
    }
    let mut bounds = Bounds {
        ir,
        unknowns: Vec::new(),
        rows: Vec::new(),
    };
    let exprs: Vec<AffineExpr> = results
        .iter()
        .map(|&r| bounds.substitute(map, r, &operands, 0))
        .collect();
    let kept = bounding_results(exprs.len(), |a, b| {
        bounds.compare(exprs[a], exprs[b], is_min)
    });
    if kept.len() >= results.len() {
        return false;
    }
    // As upstream, every input becomes a symbol, and the canonicalization that follows
    // demotes `affine.for`/`affine.parallel` induction variables back to dims (first).
    let nd = ctx.map_num_dims(map) as usize;
    let (mut dims, mut syms) = (Vec::new(), Vec::new());
    let inputs: Vec<AffineExpr> = operands
        .iter()
        .map(|&v| {
            if is_affine_induction_variable(ir, v) {
                dims.push(v);
                ctx.dim_expr(dims.len() as u32 - 1)
            } else {
                syms.push(v);
                ctx.symbol_expr(syms.len() as u32 - 1)
            }
        })
        .collect();
    let new_results = kept
        .into_iter()
        .map(|k| ctx.replace_dims_and_symbols(results[k], &inputs[..nd], &inputs[nd..]))
        .collect();
    let new_map = ctx.affine_map(dims.len() as u32, syms.len() as u32, new_results);
    dims.extend(syms);
    ir.set_operands(op, dims);
    ir.set_attr(op, "map", ctx.affine_map_attr(new_map));
    true
}

/// Whether `v` is the induction variable of an `affine.for` or `affine.parallel`.
fn is_affine_induction_variable(ir: &Ir, v: Value) -> bool {
    let Some(block) = ir.value_block(v).filter(|_| ir.defining_op(v).is_none()) else {
        return false;
    };
    match ir
        .block_parent_op(block)
        .and_then(|p| AffineKind::of(ir, p))
    {
        Some(AffineKind::For) => ir.block_args(block).first() == Some(&v),
        Some(AffineKind::Parallel) => true,
        _ => false,
    }
}

/// Upstream's equivalence-class walk over results `0..n`, step for step (LLVM's
/// `IntEqClasses`, and a map from class leaders to the result bounding the class): each
/// class keeps the result that beats the others it could be compared with. Returns the
/// kept results in the order upstream's `DenseMap<unsigned, _>` lists them (bucket
/// `37 * key mod 64`, exact below 64 results).
fn bounding_results(n: usize, mut beats: impl FnMut(usize, usize) -> Option<bool>) -> Vec<usize> {
    let mut classes = EqClasses((0..n).collect());
    let mut bounds: Vec<(usize, usize)> = Vec::new();
    let lookup = |bounds: &Vec<(usize, usize)>, key: usize| {
        bounds.iter().find(|&&(k, _)| k == key).map(|&(_, b)| b)
    };
    for i in 0..n {
        let class = classes.leader(i);
        if lookup(&bounds, class).is_some() {
            continue;
        }
        let mut bound = i;
        for j in i + 1..n {
            let other = classes.leader(j);
            if other == class {
                continue;
            }
            let candidate = lookup(&bounds, other).unwrap_or(j);
            let Some(wins) = beats(bound, candidate) else {
                continue;
            };
            if !wins {
                bound = candidate;
            }
            classes.join(class, other);
        }
        let key = classes.leader(i);
        match bounds.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = bound,
            None => bounds.push((key, bound)),
        }
    }
    bounds.sort_by_key(|&(k, _)| (37 * k) % 64);
    bounds.into_iter().map(|(_, b)| b).collect()
}

/// LLVM's `IntEqClasses`: each entry points toward its class's leader, the smallest.
struct EqClasses(Vec<usize>);

impl EqClasses {
    fn leader(&self, mut a: usize) -> usize {
        while self.0[a] != a {
            a = self.0[a];
        }
        a
    }

    fn join(&mut self, mut a: usize, mut b: usize) {
        let (mut eca, mut ecb) = (self.0[a], self.0[b]);
        while eca != ecb {
            if eca < ecb {
                self.0[b] = eca;
                b = ecb;
                ecb = self.0[b];
            } else {
                self.0[a] = ecb;
                a = eca;
                eca = self.0[a];
            }
        }
    }
}
