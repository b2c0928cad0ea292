//! `affine-expand-index-ops-as-affine`: lowers `affine.delinearize_index` and
//! `affine.linearize_index` to `affine.apply`, as mlir-opt 22 does. Delinearization
//! divides by the suffix products of the basis (the outer bound is not needed): each result
//! is `residual floordiv stride`, the next residual `residual mod stride`, the last result
//! the final residual. Linearization sums `index * stride`. Every `affine.apply` is built
//! composed with the `affine.apply` ops that produce its operands and canonicalized
//! (constants folded in, valid symbols promoted), as MLIR's `makeComposedAffineApply`.
//!
//! Invariants: each result keeps its value for every input; an apply that folds to a
//! constant becomes an `arith.constant` at the start of the enclosing isolated region's
//! entry block (where mlir-opt's folder puts it), one that folds to an operand is that
//! operand; ops left unused and trivially dead are erased, as mlir-opt's greedy driver
//! does. Unlike that driver, other ops of the input are not folded and constants already
//! there are not moved.

use super::loop_normalize::create_apply;
use super::simplify_structures::{constant_index, map_of, ValueMap};
use crate::ops::DYNAMIC;
use crate::valid::{affine_scope, is_valid_symbol};
use crate::views::{AffineApply, AffineDelinearizeIndex, AffineLinearizeIndex};
use lattice_dialects::arith;
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{PassDef, PassOptions};
use lattice_ir::passes::is_trivially_dead;
use lattice_ir::store::WalkOrder;
use lattice_ir::{
    AffineExpr, AffineExprData, Attr, AttrData, Context, Ir, Op, OperationState, Traits, Value,
};

/// Options of `affine-expand-index-ops-as-affine` (it has none).
#[derive(Clone, Debug, Default)]
pub struct ExpandIndexOpsAsAffineOptions {}

/// The `affine-expand-index-ops-as-affine` pass.
pub static EXPAND_INDEX_OPS_AS_AFFINE: PassDef = PassDef {
    name: "affine-expand-index-ops-as-affine",
    display_name: "AffineExpandIndexOpsAsAffine",
    summary: "Lower affine operations operating on indices into affine.apply operations",
    anchor: None,
    options: &[],
    configure: lattice_ir::pass::configure::<lattice_ir::pass::NoOptions>,
    run: run_expand,
};

fn run_expand(ir: &mut Ir, op: Op, _options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    expand_index_ops_as_affine(ir, op, &ExpandIndexOpsAsAffineOptions::default())
}

/// A value known at compile time or an SSA value (MLIR's `OpFoldResult`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Term {
    Const(i64),
    Val(Value),
}

/// Builds composed applies before `anchor`, remembering what it made.
pub(crate) struct Builder {
    pub(crate) anchor: Op,
    pub(crate) loc: Attr,
    made: Vec<Op>,
}

impl Builder {
    /// A builder inserting before `anchor`, at its location.
    pub(crate) fn new(ir: &Ir, anchor: Op) -> Builder {
        Builder {
            anchor,
            loc: ir.loc(anchor),
            made: Vec::new(),
        }
    }

    /// `expr` over dims `d0..` bound to `dims` and symbols `s0..` bound to `syms`,
    /// composed and canonicalized; a constant or a lone operand is returned as such.
    pub(crate) fn apply(
        &mut self,
        ir: &mut Ir,
        expr: AffineExpr,
        dims: &[Term],
        syms: &[Term],
    ) -> Term {
        let ctx = ir.ctx();
        let mut vm = value_map(ctx, expr, dims, syms);
        compose_applies(ir, &mut vm);
        vm.canonicalize(ir, self.anchor, false);
        self.demote_invalid_symbols(ir, &mut vm);
        let result = vm.results[0];
        if let Some(c) = ctx.constant_value(result) {
            return Term::Const(c);
        }
        match ctx.expr_data(result) {
            AffineExprData::Dim(d) => return Term::Val(vm.dims[d as usize]),
            AffineExprData::Symbol(s) => return Term::Val(vm.syms[s as usize]),
            _ => {}
        }
        let (map, operands) = vm.to_map(ctx);
        let op = create_apply(ir, map, operands, self.loc);
        ir.insert_op_before(self.anchor, op);
        self.made.push(op);
        Term::Val(ir.result(op, 0))
    }

    /// As MLIR's `legalizeDemotedDims`: symbols that are not valid symbols become dims
    /// (after the existing ones, in order).
    fn demote_invalid_symbols(&self, ir: &Ir, vm: &mut ValueMap) {
        let ctx = ir.ctx();
        let scope = affine_scope(ir, self.anchor);
        if vm.syms.iter().all(|&v| is_valid_symbol(ir, v, scope)) {
            return;
        }
        let dims: Vec<AffineExpr> = (0..vm.dims.len() as u32).map(|i| ctx.dim_expr(i)).collect();
        let mut syms = Vec::new();
        let mut kept = Vec::new();
        for &v in &vm.syms {
            if is_valid_symbol(ir, v, scope) {
                syms.push(ctx.symbol_expr(kept.len() as u32));
                kept.push(v);
            } else {
                syms.push(ctx.dim_expr(vm.dims.len() as u32));
                vm.dims.push(v);
            }
        }
        vm.syms = kept;
        vm.results = vm
            .results
            .iter()
            .map(|&e| ctx.replace_dims_and_symbols(e, &dims, &syms))
            .collect();
    }

    /// `a * b`, folded (MLIR's `composedAffineMultiply`).
    fn mul(&mut self, ir: &mut Ir, a: Term, b: Term) -> Term {
        let ctx = ir.ctx();
        let e = ctx.mul_expr(ctx.symbol_expr(0), ctx.symbol_expr(1));
        self.apply(ir, e, &[], &[a, b])
    }

    /// `(a floordiv b, a mod b)` (MLIR's `getDivMod`).
    fn div_mod(&mut self, ir: &mut Ir, a: Term, b: Term) -> (Term, Term) {
        let ctx = ir.ctx();
        let (d0, d1) = (ctx.dim_expr(0), ctx.dim_expr(1));
        let (div, rem) = (ctx.floordiv_expr(d0, d1), ctx.mod_expr(d0, d1));
        let q = self.apply(ir, div, &[a, b], &[]);
        let r = self.apply(ir, rem, &[a, b], &[]);
        (q, r)
    }

    /// The value of `t`: constants are materialized where mlir-opt's folder puts them.
    pub(crate) fn value(&mut self, ir: &mut Ir, t: Term) -> Value {
        match t {
            Term::Val(v) => v,
            Term::Const(c) => hoisted_constant(ir, self.anchor, c, self.loc),
        }
    }

    /// Erases the applies it made that ended up without uses, last first.
    fn erase_dead(&mut self, ir: &mut Ir) {
        for &op in self.made.iter().rev() {
            if ir.contains_op(op) && ir.results(op).iter().all(|&r| ir.is_unused(r)) {
                ir.erase_op(op);
            }
        }
        self.made.clear();
    }
}

/// `expr` with its dims and symbols bound to `dims` and `syms`: constants folded in, values
/// as operands in order.
fn value_map(ctx: &Context, expr: AffineExpr, dims: &[Term], syms: &[Term]) -> ValueMap {
    let bind = |terms: &[Term], sym: bool, vals: &mut Vec<Value>| -> Vec<AffineExpr> {
        terms
            .iter()
            .map(|t| match *t {
                Term::Const(c) => ctx.constant_expr(c),
                Term::Val(v) => {
                    vals.push(v);
                    let i = vals.len() as u32 - 1;
                    if sym {
                        ctx.symbol_expr(i)
                    } else {
                        ctx.dim_expr(i)
                    }
                }
            })
            .collect()
    };
    let mut dim_vals = Vec::new();
    let mut sym_vals = Vec::new();
    let dim_sub = bind(dims, false, &mut dim_vals);
    let sym_sub = bind(syms, true, &mut sym_vals);
    ValueMap {
        results: vec![ctx.replace_dims_and_symbols(expr, &dim_sub, &sym_sub)],
        dims: dim_vals,
        syms: sym_vals,
    }
}

/// Substitutes every operand of `vm` defined by a single-result `affine.apply` with that
/// apply's expression, its dims and symbols appended to `vm`'s (MLIR's
/// `composeAffineMapAndOperands`, which composes in symbol positions too).
fn compose_applies(ir: &Ir, vm: &mut ValueMap) {
    let ctx = ir.ctx();
    // Bounded: each round removes one apply from the operands' producers.
    for _ in 0..64 {
        let nd = vm.dims.len();
        let used = |pos: usize| {
            vm.results.iter().any(|&e| match pos.checked_sub(nd) {
                None => ctx.expr_uses_dim(e, pos as u32),
                Some(s) => ctx.expr_uses_symbol(e, s as u32),
            })
        };
        let found = vm
            .dims
            .iter()
            .chain(&vm.syms)
            .enumerate()
            .find_map(|(pos, &v)| {
                if !used(pos) {
                    return None;
                }
                let def = ir.defining_op(v).filter(|&d| ir.isa::<AffineApply>(d))?;
                let map = map_of(ir, def, "map")?;
                let single = ctx.map_num_results(map) == 1
                    && ctx.map_num_inputs(map) == ir.operands(def).len();
                single.then(|| (pos, ValueMap::new(ctx, map, ir.operands(def))))
            });
        let Some((pos, inner)) = found else {
            return;
        };
        let sub = vm.absorb(ctx, &inner)[0];
        let mut dims: Vec<AffineExpr> =
            (0..vm.dims.len() as u32).map(|i| ctx.dim_expr(i)).collect();
        let mut syms: Vec<AffineExpr> = (0..vm.syms.len() as u32)
            .map(|i| ctx.symbol_expr(i))
            .collect();
        // The replaced operand stays in place, unused (cleanup drops it).
        if pos < nd {
            dims[pos] = sub;
        } else {
            syms[pos - nd] = sub;
        }
        vm.results = vm
            .results
            .iter()
            .map(|&e| ctx.replace_dims_and_symbols(e, &dims, &syms))
            .collect();
    }
}

/// An index `arith.constant` of `c` at the start of the entry block of the isolated
/// region around `anchor` (reusing one already there).
fn hoisted_constant(ir: &mut Ir, anchor: Op, c: i64, loc: Attr) -> Value {
    let mut at = anchor;
    while let Some(parent) = ir.parent_op(at) {
        let isolated = ir
            .op_def(parent)
            .is_some_and(|d| d.has(Traits::ISOLATED_FROM_ABOVE));
        at = parent;
        if isolated {
            break;
        }
    }
    let block = ir.regions(at).first().and_then(|&r| ir.entry_block(r));
    let Some(block) = block else {
        return insert_constant(ir, anchor, c, loc, None);
    };
    let existing = ir
        .block_ops(block)
        .take_while(|&op| ir.isa::<arith::Constant>(op))
        .map(|op| ir.result(op, 0))
        .find(|&v| constant_index(ir, v) == Some(c));
    if let Some(v) = existing {
        return v;
    }
    insert_constant(ir, anchor, c, loc, Some(block))
}

/// An index `arith.constant` of `c` at `loc`: prepended to `block` when given, else right
/// before `anchor`.
pub(crate) fn insert_constant(
    ir: &mut Ir,
    anchor: Op,
    c: i64,
    loc: Attr,
    block: Option<lattice_ir::Block>,
) -> Value {
    let ctx = ir.ctx();
    let mut st = OperationState::new(ctx.intern_str(arith::Constant::NAME), loc);
    st.add_attr(ctx.intern_str("value"), ctx.index_attr(c));
    st.result_types = vec![ctx.index_type()];
    let op = ir.create_op(st);
    match block {
        Some(b) => ir.prepend_op(b, op),
        None => ir.insert_op_before(anchor, op),
    }
    ir.result(op, 0)
}

/// The basis of `op`: `static_basis` with `DYNAMIC` entries taken from `dynamic`.
fn basis(ir: &Ir, op: Op, dynamic: &[Value]) -> Option<Vec<Term>> {
    mixed(ir, op, "static_basis", dynamic)
}

/// The mixed static/dynamic list in attribute `name` of `op` (MLIR's `getMixed*`):
/// `DYNAMIC` entries are taken from `dynamic` in order.
pub(crate) fn mixed(ir: &Ir, op: Op, name: &str, dynamic: &[Value]) -> Option<Vec<Term>> {
    let AttrData::DenseArray { values, .. } = ir.ctx().attr_data(ir.attr(op, name)?) else {
        return None;
    };
    let mut dynamic = dynamic.iter();
    values
        .iter()
        .map(|&v| {
            let v = i64::try_from(v).ok()?;
            if v == DYNAMIC {
                dynamic.next().map(|&d| Term::Val(d))
            } else {
                Some(Term::Const(v))
            }
        })
        .collect()
}

pub(crate) fn expand_delinearize(ir: &mut Ir, op: Op) -> Option<Vec<Term>> {
    let operands = ir.operands(op).to_vec();
    let (&x, dynamic) = operands.split_first()?;
    let basis = basis(ir, op, dynamic)?;
    let n = ir.results(op).len();
    let effective = match n {
        _ if n == basis.len() && n > 0 => &basis[1..],
        _ if n == basis.len() + 1 => &basis[..],
        _ => return None,
    };
    let mut b = Builder::new(ir, op);
    let mut divisors = Vec::with_capacity(effective.len());
    let mut product = Term::Const(1);
    for &e in effective.iter().rev() {
        product = b.mul(ir, e, product);
        divisors.push(product);
    }
    let mut results = Vec::with_capacity(n);
    let mut residual = Term::Val(x);
    for &d in divisors.iter().rev() {
        let (q, r) = b.div_mod(ir, residual, d);
        results.push(q);
        residual = r;
    }
    results.push(residual);
    finish(ir, op, &mut b, &results);
    Some(results)
}

pub(crate) fn expand_linearize(ir: &mut Ir, op: Op) -> Option<Vec<Term>> {
    let operands = ir.operands(op).to_vec();
    let AttrData::DenseArray { values: seg, .. } =
        ir.ctx().attr_data(ir.attr(op, "operandSegmentSizes")?)
    else {
        return None;
    };
    let k = usize::try_from(*seg.first()?).ok()?;
    let (indices, dynamic) = operands.split_at_checked(k)?;
    let basis = basis(ir, op, dynamic)?;
    if k != basis.len() && k != basis.len() + 1 {
        return None;
    }
    let mut b = Builder::new(ir, op);
    let ctx = ir.ctx();
    // Strides as MLIR's `computeStrides` over `[1 (no outer bound)] s0 s1 ...`: the
    // product of the later entries, each folded over the basis.
    let mut exprs: Vec<AffineExpr> = (0..basis.len() as u32)
        .map(|i| ctx.symbol_expr(i))
        .collect();
    if k == basis.len() + 1 {
        exprs.insert(0, ctx.constant_expr(1));
    }
    let mut stride_exprs = vec![ctx.constant_expr(1); exprs.len()];
    for i in (0..exprs.len().saturating_sub(1)).rev() {
        stride_exprs[i] = ctx.mul_expr(exprs[i + 1], stride_exprs[i + 1]);
    }
    let strides: Vec<Term> = stride_exprs
        .into_iter()
        .map(|e| b.apply(ir, e, &[], &basis))
        .collect();
    // `s0 + s1 * s2 + s3 * s4 + ...` over `[0, index0, stride0, index1, stride1, ...]`.
    let ctx = ir.ctx();
    let mut expr = ctx.symbol_expr(0);
    let mut values = vec![Term::Const(0)];
    for (i, (&idx, &stride)) in indices.iter().zip(&strides).enumerate() {
        let base = 1 + 2 * i as u32;
        let term = ctx.mul_expr(ctx.symbol_expr(base), ctx.symbol_expr(base + 1));
        expr = ctx.add_expr(expr, term);
        values.push(Term::Val(idx));
        values.push(stride);
    }
    let result = b.apply(ir, expr, &[], &values);
    finish(ir, op, &mut b, &[result]);
    Some(vec![result])
}

/// Replaces the results of `op` by `terms`, erases it and the applies left unused.
fn finish(ir: &mut Ir, op: Op, b: &mut Builder, terms: &[Term]) {
    let results = ir.results(op).to_vec();
    for (r, &t) in results.into_iter().zip(terms) {
        let v = b.value(ir, t);
        ir.replace_all_uses(r, v);
    }
    ir.erase_op(op);
    b.erase_dead(ir);
}

/// Erases the ops nested in `root` that are unused and trivially dead, until none is
/// left (what mlir-opt's greedy pattern driver does to every op it visits).
pub(crate) fn erase_trivially_dead(ir: &mut Ir, root: Op) {
    loop {
        let mut changed = false;
        for op in ir.walk_ops(root, WalkOrder::PostOrder).into_iter().rev() {
            if op != root && ir.contains_op(op) && is_trivially_dead(ir, op) {
                ir.erase_op(op);
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// Runs the pass on everything nested in `root`.
pub fn expand_index_ops_as_affine(
    ir: &mut Ir,
    root: Op,
    _options: &ExpandIndexOpsAsAffineOptions,
) -> Result<(), Vec<Diagnostic>> {
    // mlir-opt's greedy driver (bottom-up by default) visits ops in reverse post-order.
    for op in ir.walk_ops(root, WalkOrder::PostOrder).into_iter().rev() {
        if !ir.contains_op(op) {
            continue;
        }
        if ir.isa::<AffineDelinearizeIndex>(op) {
            expand_delinearize(ir, op);
        } else if ir.isa::<AffineLinearizeIndex>(op) {
            expand_linearize(ir, op);
        }
    }
    erase_trivially_dead(ir, root);
    Ok(())
}
