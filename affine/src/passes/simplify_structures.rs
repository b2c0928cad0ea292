//! `affine-simplify-structures`: simplifies the affine maps and integer sets of every op
//! in a function, folds operands into the maps of affine ops (composing `affine.apply`
//! producers, turning constant operands into constants, promoting valid symbols, dropping
//! unused and duplicate operands: MLIR's `canonicalizeMapAndOperands`), then
//! canonicalizes.
//!
//! Invariants: every rewrite keeps the value each map computes for every operand value;
//! a set constraint is dropped only when it is a constant that always holds, and a set
//! with a constant constraint that never holds becomes the canonical empty set.

use crate::valid::{affine_scope, analysis_scope, is_valid_symbol, is_valid_symbol_anywhere};
use crate::views::{AffineApply, AffineFor, AffineIf, AffineKind};
use lattice_dialects::{arith, func};
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{PassDef, PassOptions};
use lattice_ir::store::WalkOrder;
use lattice_ir::{AffineExpr, AffineMap, AttrData, Context, IntegerSet, Ir, Op, Value};

/// Options of `affine-simplify-structures` (it has none).
#[derive(Clone, Debug, Default)]
pub struct SimplifyStructuresOptions {}

/// The `affine-simplify-structures` pass.
pub static SIMPLIFY_STRUCTURES: PassDef = PassDef {
    name: "affine-simplify-structures",
    display_name: "SimplifyAffineStructures",
    summary: "Simplify affine expressions in maps/sets and normalize memrefs",
    anchor: Some(func::Func::NAME),
    options: &[],
    configure: lattice_ir::pass::configure::<lattice_ir::pass::NoOptions>,
    run: run_simplify,
};

fn run_simplify(ir: &mut Ir, op: Op, _options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    simplify_structures(ir, op, &SimplifyStructuresOptions::default())
}

/// A map with its operands split into dims and symbols (MLIR's `AffineValueMap`).
#[derive(Clone, Debug)]
pub struct ValueMap {
    /// Result expressions over `dims` (d0..) and `syms` (s0..).
    pub results: Vec<AffineExpr>,
    /// Dim operands.
    pub dims: Vec<Value>,
    /// Symbol operands.
    pub syms: Vec<Value>,
}

impl ValueMap {
    /// Splits `operands` by the map's dim count.
    pub fn new(ctx: &Context, map: AffineMap, operands: &[Value]) -> ValueMap {
        let nd = (ctx.map_num_dims(map) as usize).min(operands.len());
        ValueMap {
            results: ctx.map_results(map).to_vec(),
            dims: operands[..nd].to_vec(),
            syms: operands[nd..].to_vec(),
        }
    }

    /// The map and its operands (dims then symbols).
    pub fn to_map(&self, ctx: &Context) -> (AffineMap, Vec<Value>) {
        let map = ctx.affine_map(
            self.dims.len() as u32,
            self.syms.len() as u32,
            self.results.clone(),
        );
        let mut ops = self.dims.clone();
        ops.extend_from_slice(&self.syms);
        (map, ops)
    }

    /// Appends `other`'s operands after ours and returns `other`'s results rewritten into
    /// the joint space.
    pub fn absorb(&mut self, ctx: &Context, other: &ValueMap) -> Vec<AffineExpr> {
        let nd = self.dims.len() as u32;
        let ns = self.syms.len() as u32;
        let dims: Vec<AffineExpr> = (0..other.dims.len() as u32)
            .map(|i| ctx.dim_expr(nd + i))
            .collect();
        let syms: Vec<AffineExpr> = (0..other.syms.len() as u32)
            .map(|i| ctx.symbol_expr(ns + i))
            .collect();
        self.dims.extend_from_slice(&other.dims);
        self.syms.extend_from_slice(&other.syms);
        other
            .results
            .iter()
            .map(|&e| ctx.replace_dims_and_symbols(e, &dims, &syms))
            .collect()
    }

    /// Rewrites the map in place: composes single-result `affine.apply` producers (when
    /// `compose`), folds constant operands, promotes dims that are valid symbols in the
    /// affine scope of `at`, drops duplicate and unused operands and simplifies.
    pub fn canonicalize(&mut self, ir: &Ir, at: Op, compose: bool) {
        let ctx = ir.ctx();
        let scope = affine_scope(ir, at);
        // Compose affine.apply producers (bounded: each round removes one apply).
        for _ in 0..64 {
            if !compose {
                break;
            }
            let mut changed = false;
            for pos in 0..self.dims.len() + self.syms.len() {
                let is_dim = pos < self.dims.len();
                let v = if is_dim {
                    self.dims[pos]
                } else {
                    self.syms[pos - self.dims.len()]
                };
                let used = if is_dim {
                    self.results
                        .iter()
                        .any(|&e| ctx.expr_uses_dim(e, pos as u32))
                } else {
                    let s = (pos - self.dims.len()) as u32;
                    self.results.iter().any(|&e| ctx.expr_uses_symbol(e, s))
                };
                if !used {
                    continue;
                }
                let Some(def) = ir.defining_op(v) else {
                    continue;
                };
                if !ir.isa::<AffineApply>(def) {
                    continue;
                }
                let Some(map) = map_of(ir, def, "map") else {
                    continue;
                };
                if ctx.map_num_results(map) != 1
                    || ctx.map_num_inputs(map) != ir.operands(def).len()
                {
                    continue;
                }
                let inner = ValueMap::new(ctx, map, ir.operands(def));
                if !is_dim
                    && !inner
                        .dims
                        .iter()
                        .chain(&inner.syms)
                        .all(|&x| is_valid_symbol(ir, x, scope))
                {
                    continue;
                }
                let mut inner = inner;
                if !is_dim {
                    // Every operand becomes a symbol.
                    let nd = inner.dims.len() as u32;
                    let syms: Vec<AffineExpr> = (0..inner.syms.len() as u32)
                        .map(|i| ctx.symbol_expr(nd + i))
                        .collect();
                    let dims: Vec<AffineExpr> = (0..nd).map(|i| ctx.symbol_expr(i)).collect();
                    inner.results =
                        vec![ctx.replace_dims_and_symbols(inner.results[0], &dims, &syms)];
                    let mut all = std::mem::take(&mut inner.dims);
                    all.extend_from_slice(&inner.syms);
                    inner.syms = all;
                }
                let old_nd = self.dims.len();
                let sub = self.absorb(ctx, &inner)[0];
                let nd = self.dims.len() as u32;
                let ns = self.syms.len() as u32;
                let mut dims: Vec<AffineExpr> = (0..nd).map(|i| ctx.dim_expr(i)).collect();
                let mut syms: Vec<AffineExpr> = (0..ns).map(|i| ctx.symbol_expr(i)).collect();
                if is_dim {
                    dims[pos] = sub;
                } else {
                    syms[pos - old_nd] = sub;
                }
                self.results = self
                    .results
                    .iter()
                    .map(|&e| ctx.replace_dims_and_symbols(e, &dims, &syms))
                    .collect();
                changed = true;
                break;
            }
            if !changed {
                break;
            }
        }
        self.cleanup(ir, scope);
    }

    /// Makes the symbols that are not valid symbols at `at` (neither in its affine scope
    /// nor in its affine analysis scope, MLIR's `getAffineAnalysisScope`, so an `scf.for`
    /// induction variable stays a symbol of the ops in its body; an `affine.for`'s one
    /// after inlining put an access into the loop does not) dims after the others (MLIR's
    /// `legalizeDemotedDims`, a step of the canonicalization patterns).
    pub(crate) fn demote_invalid_symbols(&mut self, ir: &Ir, at: Op) {
        let ctx = ir.ctx();
        let scope = affine_scope(ir, at);
        let analysis = analysis_scope(ir, at);
        let invalid = |v: Value| {
            constant_index(ir, v).is_none()
                && !is_valid_symbol(ir, v, scope)
                && !is_valid_symbol(ir, v, analysis)
                && !is_valid_symbol_anywhere(ir, v)
        };
        if !self.syms.iter().any(|&v| invalid(v)) {
            return;
        }
        let dims: Vec<AffineExpr> = (0..self.dims.len() as u32)
            .map(|i| ctx.dim_expr(i))
            .collect();
        let mut syms = Vec::new();
        let mut kept = Vec::new();
        for v in std::mem::take(&mut self.syms) {
            if invalid(v) {
                syms.push(ctx.dim_expr(self.dims.len() as u32));
                self.dims.push(v);
            } else {
                syms.push(ctx.symbol_expr(kept.len() as u32));
                kept.push(v);
            }
        }
        self.syms = kept;
        self.results = self
            .results
            .iter()
            .map(|&e| ctx.replace_dims_and_symbols(e, &dims, &syms))
            .collect();
    }

    /// Constant folding, symbol promotion, dedup, unused-operand removal, simplification.
    fn cleanup(&mut self, ir: &Ir, scope: Option<lattice_ir::Region>) {
        let ctx = ir.ctx();
        let nd = self.dims.len();
        // New positions: each dim maps to an expression in the new space.
        let mut new_dims: Vec<Value> = Vec::new();
        let mut new_syms: Vec<Value> = Vec::new();
        let mut dim_sub = Vec::with_capacity(nd);
        let mut sym_sub = Vec::with_capacity(self.syms.len());
        // Symbols first so promoted dims dedupe against existing symbols.
        let sym_slot = |v: Value, new_syms: &mut Vec<Value>| -> AffineExpr {
            if let Some(c) = constant_index(ir, v) {
                return ctx.constant_expr(c);
            }
            ctx.symbol_expr(slot(new_syms, v) as u32)
        };
        for &v in &self.syms {
            sym_sub.push(sym_slot(v, &mut new_syms));
        }
        for &v in &self.dims {
            if constant_index(ir, v).is_some() || is_valid_symbol(ir, v, scope) {
                dim_sub.push(sym_slot(v, &mut new_syms));
                continue;
            }
            dim_sub.push(ctx.dim_expr(slot(&mut new_dims, v) as u32));
        }
        let results: Vec<AffineExpr> = self
            .results
            .iter()
            .map(|&e| ctx.replace_dims_and_symbols(e, &dim_sub, &sym_sub))
            .collect();
        // Drop unused operands.
        let used_d: Vec<bool> = (0..new_dims.len() as u32)
            .map(|d| results.iter().any(|&e| ctx.expr_uses_dim(e, d)))
            .collect();
        let used_s: Vec<bool> = (0..new_syms.len() as u32)
            .map(|s| results.iter().any(|&e| ctx.expr_uses_symbol(e, s)))
            .collect();
        let mut dsub = Vec::new();
        let mut dims = Vec::new();
        for (i, &v) in new_dims.iter().enumerate() {
            dsub.push(ctx.dim_expr(dims.len() as u32));
            if used_d[i] {
                dims.push(v);
            }
        }
        let mut ssub = Vec::new();
        let mut syms = Vec::new();
        for (i, &v) in new_syms.iter().enumerate() {
            ssub.push(ctx.symbol_expr(syms.len() as u32));
            if used_s[i] {
                syms.push(v);
            }
        }
        let map = ctx.affine_map(
            dims.len() as u32,
            syms.len() as u32,
            results
                .iter()
                .map(|&e| ctx.replace_dims_and_symbols(e, &dsub, &ssub))
                .collect(),
        );
        let map = ctx.simplify_map(map);
        self.results = ctx.map_results(map).to_vec();
        self.dims = dims;
        self.syms = syms;
    }
}

/// The constant an `arith.constant` of index type gives `v`.
pub(crate) fn constant_index(ir: &Ir, v: Value) -> Option<i64> {
    let def = ir.defining_op(v)?;
    if !ir.isa::<arith::Constant>(def) || ir.value_type(v) != ir.ctx().index_type() {
        return None;
    }
    i64::try_from(ir.ctx().int_value(ir.attr(def, "value")?)?).ok()
}

/// The affine map in attribute `name` of `op`.
pub(crate) fn map_of(ir: &Ir, op: Op, name: &str) -> Option<AffineMap> {
    match ir.ctx().attr_data(ir.attr(op, name)?) {
        AttrData::AffineMap(m) => Some(*m),
        _ => None,
    }
}

/// Simplifies each constraint of `set`; drops constraints that always hold and returns
/// the empty set `(...) : (1 == 0)` when one never holds.
pub fn simplify_set(ctx: &Context, set: IntegerSet) -> IntegerSet {
    let d = ctx.set_data(set).clone();
    let mut cons = Vec::new();
    let mut eqs = Vec::new();
    for (i, &c) in d.constraints.iter().enumerate() {
        let e = ctx.simplify_affine_expr(c, d.num_dims, d.num_symbols);
        let is_eq = d.eq_flags[i];
        if let Some(v) = ctx.constant_value(e) {
            let holds = if is_eq { v == 0 } else { v >= 0 };
            if holds {
                continue;
            }
            return ctx.integer_set(
                d.num_dims,
                d.num_symbols,
                vec![ctx.constant_expr(1)],
                vec![true],
            );
        }
        if !cons.iter().zip(&eqs).any(|(&x, &q)| x == e && q == is_eq) {
            cons.push(e);
            eqs.push(is_eq);
        }
    }
    ctx.integer_set(d.num_dims, d.num_symbols, cons, eqs)
}

/// Runs the pass on `func`.
pub fn simplify_structures(
    ir: &mut Ir,
    func: Op,
    _options: &SimplifyStructuresOptions,
) -> Result<(), Vec<Diagnostic>> {
    let ops = ir.walk_ops(func, WalkOrder::PreOrder);
    for op in ops {
        if op == func || !ir.contains_op(op) {
            continue;
        }
        let attrs = ir.attrs(op).to_vec();
        for a in attrs {
            let name = ir.ctx().str(a.name).to_string();
            let new = match ir.ctx().attr_data(a.value) {
                AttrData::AffineMap(m) => {
                    let s = ir.ctx().simplify_map(*m);
                    (s != *m).then(|| ir.ctx().affine_map_attr(s))
                }
                AttrData::IntegerSet(s) => {
                    let n = simplify_set(ir.ctx(), *s);
                    (n != *s).then(|| ir.ctx().integer_set_attr(n))
                }
                _ => None,
            };
            if let Some(new) = new {
                ir.set_attr(op, &name, new);
            }
        }
        fold_operands_into_maps(ir, op);
        if ir.isa::<AffineIf>(op) {
            fold_constant_if(ir, op);
        }
    }
    lattice_ir::passes::canonicalize::canonicalize(
        ir,
        func,
        &lattice_ir::passes::canonicalize::CanonicalizeOptions::default(),
    )
}

/// Composes producers and constants into the bound maps of an `affine.for`.
fn fold_operands_into_bounds(ir: &mut Ir, op: Op) {
    use super::loop_normalize::{for_segments, for_step, set_for_bounds};
    let (Some((lbo, ubo, _)), Some(lbm), Some(ubm), Some(step)) = (
        for_segments(ir, op),
        map_of(ir, op, AffineFor::LOWER_BOUND_MAP),
        map_of(ir, op, AffineFor::UPPER_BOUND_MAP),
        for_step(ir, op),
    ) else {
        return;
    };
    let ctx = ir.ctx_arc().clone();
    if ctx.map_num_inputs(lbm) != lbo.len() || ctx.map_num_inputs(ubm) != ubo.len() {
        return;
    }
    let mut lb = ValueMap::new(&ctx, lbm, &lbo);
    lb.canonicalize(ir, op, true);
    let mut ub = ValueMap::new(&ctx, ubm, &ubo);
    ub.canonicalize(ir, op, true);
    let new_lb = lb.to_map(&ctx);
    let new_ub = ub.to_map(&ctx);
    if new_lb.0 == lbm && new_lb.1 == lbo && new_ub.0 == ubm && new_ub.1 == ubo {
        return;
    }
    set_for_bounds(ir, op, new_lb, new_ub, step);
}

/// Replaces an `affine.if` whose set is trivially true (no constraints) or the canonical
/// empty set (`1 == 0`) by the branch that always runs.
fn fold_constant_if(ir: &mut Ir, op: Op) {
    let Some(AttrData::IntegerSet(set)) = ir
        .attr(op, AffineIf::CONDITION)
        .map(|a| ir.ctx().attr_data(a))
    else {
        return;
    };
    let d = ir.ctx().set_data(*set).clone();
    let holds = |i: usize| {
        ir.ctx().constant_value(d.constraints[i]).is_some_and(|c| {
            if d.eq_flags[i] {
                c == 0
            } else {
                c >= 0
            }
        })
    };
    let branch = if (0..d.constraints.len()).all(holds) {
        0
    } else if d.constraints.len() == 1
        && d.eq_flags[0]
        && ir
            .ctx()
            .constant_value(d.constraints[0])
            .is_some_and(|c| c != 0)
    {
        1
    } else {
        return;
    };
    let Some(&region) = ir.regions(op).get(branch) else {
        return;
    };
    let results = ir.results(op).to_vec();
    match ir.entry_block(region) {
        None => {
            if !results.is_empty() {
                return;
            }
        }
        Some(block) => {
            let Some(term) = ir.last_op(block) else {
                return;
            };
            let yielded = ir.operands(term).to_vec();
            if yielded.len() != results.len() {
                return;
            }
            for (r, y) in results.into_iter().zip(yielded) {
                ir.replace_all_uses(r, y);
            }
            ir.erase_op(term);
            let ops: Vec<Op> = ir.block_ops(block).collect();
            for o in ops {
                ir.detach_op(o);
                ir.insert_op_before(op, o);
            }
        }
    }
    ir.erase_op(op);
}

/// Composes producers and constants into the single map of `affine.apply`, `affine.min`,
/// `affine.max`, `affine.load` and `affine.store`.
fn fold_operands_into_maps(ir: &mut Ir, op: Op) {
    let (first, compose) = match AffineKind::of(ir, op) {
        Some(AffineKind::Apply | AffineKind::Min | AffineKind::Max) => (0, true),
        Some(AffineKind::Load) => (1, true),
        Some(AffineKind::Store) => (2, true),
        Some(AffineKind::For) => {
            fold_operands_into_bounds(ir, op);
            return;
        }
        _ => return,
    };
    let Some(map) = map_of(ir, op, "map") else {
        return;
    };
    let ops = ir.operands(op).to_vec();
    if ops.len() < first || ops.len() - first != ir.ctx().map_num_inputs(map) {
        return;
    }
    let mut vm = ValueMap::new(ir.ctx(), map, &ops[first..]);
    vm.canonicalize(ir, op, compose);
    let (new_map, new_ops) = vm.to_map(ir.ctx());
    if first > 0 && ir.ctx().map_num_results(new_map) != ir.ctx().map_num_results(map) {
        return;
    }
    let mut all = ops[..first].to_vec();
    all.extend(new_ops);
    let attr = ir.ctx().affine_map_attr(new_map);
    ir.set_attr(op, "map", attr);
    ir.set_operands(op, all);
}

/// The position of `v` in `list`, appending it when absent.
fn slot(list: &mut Vec<Value>, v: Value) -> usize {
    match list.iter().position(|&x| x == v) {
        Some(i) => i,
        None => {
            list.push(v);
            list.len() - 1
        }
    }
}
