//! `affine-fold-memref-alias-ops`: folds `memref.subview`, `memref.expand_shape` and
//! `memref.collapse_shape` into the `affine.load` and `affine.store` ops that access
//! their results, as mlir-opt 22 does. The access map is first expanded into one
//! composed `affine.apply` per index; then a subview index becomes
//! `offset + index * stride` (dropped unit dims take index 0), an expanded group becomes
//! one `affine.linearize_index disjoint` over the group's output sizes, a collapsed index
//! becomes an `affine.delinearize_index` over the source sizes (dynamic ones read with
//! `memref.extract_strided_metadata`), a collapse to rank 0 indexes the source with zeros.
//! The access is rebuilt on the alias's source with an identity map, and folded again
//! while its memref is an alias; ops left unused and trivially dead are erased.
//!
//! Invariants: every access reads or writes the same element as before; an access whose
//! alias cannot be analysed (a subview whose dropped dims cannot be matched) is kept.

use super::expand_index_ops_as_affine::{erase_trivially_dead, mixed, Builder, Term};
use super::simplify_structures::map_of;
use crate::views::{AffineDelinearizeIndex, AffineLinearizeIndex, AffineLoad, AffineStore};
use lattice_dialects::memref;
use lattice_dialects::memref::subview_dropped_dims;
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{PassDef, PassOptions};
use lattice_ir::store::WalkOrder;
use lattice_ir::types::{TypeData, DYNAMIC};
use lattice_ir::{AttrData, Ir, Op, OperationState, Value};

/// Options of `affine-fold-memref-alias-ops` (it has none).
#[derive(Clone, Debug, Default)]
pub struct FoldMemrefAliasOpsOptions {}

/// The `affine-fold-memref-alias-ops` pass.
pub static FOLD_MEMREF_ALIAS_OPS: PassDef = PassDef {
    name: "affine-fold-memref-alias-ops",
    display_name: "AffineFoldMemRefAliasOps",
    summary: "Fold memref alias ops into affine memory ops",
    anchor: None,
    options: &[],
    configure: lattice_ir::pass::configure::<lattice_ir::pass::NoOptions>,
    run: run_fold,
};

fn run_fold(ir: &mut Ir, op: Op, _options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    fold_memref_alias_ops(ir, op, &FoldMemrefAliasOpsOptions::default())
}

/// The indices an access's map computes, one composed apply per map result.
fn underlying_indices(
    ir: &mut Ir,
    b: &mut Builder,
    access: Op,
    first: usize,
) -> Option<Vec<Value>> {
    let map = map_of(ir, access, "map")?;
    let ctx = ir.ctx();
    let nd = ctx.map_num_dims(map) as usize;
    let operands: Vec<Term> = ir.operands(access)[first..]
        .iter()
        .map(|&v| Term::Val(v))
        .collect();
    if operands.len() != ctx.map_num_inputs(map) {
        return None;
    }
    let results = ctx.map_results(map).to_vec();
    let (dims, syms) = operands.split_at(nd);
    let mut out = Vec::with_capacity(results.len());
    for e in results {
        let t = b.apply(ir, e, dims, syms);
        out.push(b.value(ir, t));
    }
    Some(out)
}

/// Source indices of a subview access: `offset + index * stride` per source dim.
fn subview_indices(
    ir: &mut Ir,
    b: &mut Builder,
    view: Op,
    indices: &[Value],
) -> Option<Vec<Value>> {
    let ops = ir.operands(view).to_vec();
    let AttrData::DenseArray { values: seg, .. } =
        ir.ctx().attr_data(ir.attr(view, "operandSegmentSizes")?)
    else {
        return None;
    };
    let seg: Vec<usize> = seg
        .iter()
        .map(|&n| usize::try_from(n).ok())
        .collect::<Option<_>>()?;
    let (o, s) = (1 + *seg.get(1)?, 1 + seg[1] + *seg.get(2)?);
    let offsets = mixed(ir, view, "static_offsets", ops.get(1..o)?)?;
    let sizes = mixed(ir, view, "static_sizes", ops.get(o..s)?)?;
    let strides = mixed(ir, view, "static_strides", ops.get(s..)?)?;
    let shape = ir.ctx().shape(ir.value_type(ir.result(view, 0)))?.to_vec();
    let static_sizes: Vec<i64> = sizes
        .iter()
        .map(|&t| match t {
            Term::Const(c) => c,
            Term::Val(_) => DYNAMIC,
        })
        .collect();
    let dropped = subview_dropped_dims(&static_sizes, &shape)?;
    let mut consumer = indices.iter();
    let ctx = ir.ctx();
    let (s0, s1, s2) = (ctx.symbol_expr(0), ctx.symbol_expr(1), ctx.symbol_expr(2));
    let expr = ctx.add_expr(s0, ctx.mul_expr(s1, s2));
    let mut out = Vec::with_capacity(offsets.len());
    for d in 0..offsets.len() {
        let index = if dropped[d] {
            Term::Const(0)
        } else {
            Term::Val(*consumer.next()?)
        };
        let t = b.apply(ir, expr, &[], &[offsets[d], index, *strides.get(d)?]);
        out.push(b.value(ir, t));
    }
    Some(out)
}

/// The reassociation groups of an expand or collapse op.
fn groups(ir: &Ir, op: Op) -> Option<Vec<Vec<usize>>> {
    lattice_dialects::memref::reassociation(ir.ctx(), ir.attr(op, "reassociation"))?
        .into_iter()
        .map(|g| g.into_iter().map(|i| usize::try_from(i).ok()).collect())
        .collect()
}

/// Splits `basis` into `static_basis` (with `DYNAMIC`) and the dynamic operands.
fn split_basis(basis: &[Term]) -> (Vec<i64>, Vec<Value>) {
    let mut statics = Vec::with_capacity(basis.len());
    let mut dynamic = Vec::new();
    for &t in basis {
        match t {
            Term::Const(c) => statics.push(c),
            Term::Val(v) => {
                statics.push(DYNAMIC);
                dynamic.push(v);
            }
        }
    }
    (statics, dynamic)
}

/// `affine.linearize_index disjoint [indices] by (basis)` before `b.anchor`.
fn linearize(ir: &mut Ir, b: &Builder, indices: Vec<Value>, basis: &[Term]) -> Value {
    let ctx = ir.ctx();
    let (statics, dynamic) = split_basis(basis);
    let mut st = OperationState::new(ctx.intern_str(AffineLinearizeIndex::NAME), b.loc);
    st.add_attr(ctx.intern_str("disjoint"), ctx.unit_attr());
    st.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[indices.len() as i32, dynamic.len() as i32]),
    );
    st.add_attr(
        ctx.intern_str("static_basis"),
        ctx.dense_i64_array(&statics),
    );
    st.operands = indices;
    st.operands.extend(dynamic);
    st.result_types = vec![ctx.index_type()];
    let op = ir.create_op(st);
    ir.insert_op_before(b.anchor, op);
    ir.result(op, 0)
}

/// `affine.delinearize_index index into (basis)` before `b.anchor`: one result per entry.
fn delinearize(ir: &mut Ir, b: &Builder, index: Value, basis: &[Term]) -> Vec<Value> {
    let ctx = ir.ctx();
    let (statics, dynamic) = split_basis(basis);
    let mut st = OperationState::new(ctx.intern_str(AffineDelinearizeIndex::NAME), b.loc);
    st.add_attr(
        ctx.intern_str("static_basis"),
        ctx.dense_i64_array(&statics),
    );
    st.operands = vec![index];
    st.operands.extend(dynamic);
    st.result_types = vec![ctx.index_type(); basis.len()];
    let op = ir.create_op(st);
    ir.insert_op_before(b.anchor, op);
    ir.results(op).to_vec()
}

/// Source indices of an expand_shape access: one linearized index per group.
fn expand_indices(ir: &mut Ir, b: &Builder, view: Op, indices: &[Value]) -> Option<Vec<Value>> {
    let ops = ir.operands(view).to_vec();
    let shape = mixed(ir, view, "static_output_shape", ops.get(1..)?)?;
    let mut out = Vec::new();
    for g in groups(ir, view)? {
        let group_indices: Vec<Value> = g
            .iter()
            .map(|&d| indices.get(d).copied())
            .collect::<Option<_>>()?;
        if let [single] = group_indices[..] {
            out.push(single);
            continue;
        }
        let basis: Vec<Term> = g
            .iter()
            .map(|&d| shape.get(d).copied())
            .collect::<Option<_>>()?;
        out.push(linearize(ir, b, group_indices, &basis));
    }
    Some(out)
}

/// `memref.extract_strided_metadata src` before `b.anchor`; the source's sizes, static
/// ones as constants (MLIR's `getConstifiedMixedSizes`).
fn source_sizes(ir: &mut Ir, b: &Builder, src: Value) -> Option<Vec<Term>> {
    let ctx = ir.ctx();
    let TypeData::MemRef {
        shape,
        element,
        memory_space,
        ..
    } = ctx.type_data(ir.value_type(src)).clone()
    else {
        return None;
    };
    let base = ctx.ty(TypeData::MemRef {
        shape: Vec::new(),
        element,
        layout: None,
        memory_space,
    });
    let rank = shape.len();
    let mut st = OperationState::new(ctx.intern_str(memref::ExtractStridedMetadata::NAME), b.loc);
    st.operands = vec![src];
    st.result_types = vec![base];
    st.result_types.extend(vec![ctx.index_type(); 1 + 2 * rank]);
    let op = ir.create_op(st);
    ir.insert_op_before(b.anchor, op);
    Some(
        shape
            .iter()
            .enumerate()
            .map(|(d, &s)| {
                if s == DYNAMIC {
                    Term::Val(ir.result(op, 2 + d))
                } else {
                    Term::Const(s)
                }
            })
            .collect(),
    )
}

/// Source indices of a collapse_shape access: one delinearization per group.
fn collapse_indices(
    ir: &mut Ir,
    b: &mut Builder,
    view: Op,
    indices: &[Value],
) -> Option<Vec<Value>> {
    let src = *ir.operands(view).first()?;
    let groups = groups(ir, view)?;
    let sizes = source_sizes(ir, b, src)?;
    let mut out = Vec::new();
    for (&index, g) in indices.iter().zip(&groups) {
        if g.len() == 1 {
            out.push(index);
            continue;
        }
        let basis: Vec<Term> = g
            .iter()
            .map(|&d| sizes.get(d).copied())
            .collect::<Option<_>>()?;
        out.extend(delinearize(ir, b, index, &basis));
    }
    if groups.is_empty() {
        for _ in 0..sizes.len() {
            out.push(b.value(ir, Term::Const(0)));
        }
    }
    Some(out)
}

/// Rebuilds `access` (an affine.load or affine.store whose memref operand is at
/// `memref_pos`) on the source of the alias defining its memref. Returns the new op.
fn fold_access(ir: &mut Ir, access: Op, memref_pos: usize) -> Option<Op> {
    let memref = *ir.operands(access).get(memref_pos)?;
    let view = ir.defining_op(memref)?;
    let kind = [
        memref::SubView::NAME,
        memref::ExpandShape::NAME,
        memref::CollapseShape::NAME,
    ]
    .into_iter()
    .position(|k| ir.is_op(view, k))?;
    let src = *ir.operands(view).first()?;
    let mut b = Builder::new(ir, access);
    let indices = underlying_indices(ir, &mut b, access, memref_pos + 1)?;
    let source_indices = match kind {
        0 => subview_indices(ir, &mut b, view, &indices)?,
        1 => expand_indices(ir, &b, view, &indices)?,
        _ => collapse_indices(ir, &mut b, view, &indices)?,
    };
    let ctx = ir.ctx();
    let name = ctx.intern_str(ir.op_name(access));
    let mut st = OperationState::new(name, ir.loc(access));
    st.operands = ir.operands(access)[..memref_pos].to_vec();
    st.operands.push(src);
    let n = source_indices.len() as u32;
    st.operands.extend(source_indices);
    let identity = ctx.affine_map(n, 0, (0..n).map(|i| ctx.dim_expr(i)).collect());
    st.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(identity));
    st.result_types = ir
        .results(access)
        .iter()
        .map(|&r| ir.value_type(r))
        .collect();
    let new = ir.create_op(st);
    ir.insert_op_before(access, new);
    for (old, fresh) in ir
        .results(access)
        .to_vec()
        .into_iter()
        .zip(ir.results(new).to_vec())
    {
        ir.replace_all_uses(old, fresh);
    }
    ir.erase_op(access);
    Some(new)
}

/// Runs the pass on everything nested in `root`.
pub fn fold_memref_alias_ops(
    ir: &mut Ir,
    root: Op,
    _options: &FoldMemrefAliasOpsOptions,
) -> Result<(), Vec<Diagnostic>> {
    // mlir-opt's greedy driver (bottom-up by default): the last op first, each rebuilt
    // access next.
    let mut work: Vec<Op> = ir.walk_ops(root, WalkOrder::PostOrder);
    while let Some(op) = work.pop() {
        if !ir.contains_op(op) {
            continue;
        }
        let pos = if ir.isa::<AffineLoad>(op) {
            0
        } else if ir.isa::<AffineStore>(op) {
            1
        } else {
            continue;
        };
        if let Some(new) = fold_access(ir, op, pos) {
            work.push(new);
        }
    }
    erase_trivially_dead(ir, root);
    Ok(())
}
