//! Shrinking of fusion's private buffers, as mlir-opt 22's `createPrivateMemRef`: after
//! fusion, a function-local buffer (`memref.alloc`, identity layout) that was used in
//! several loop nests before and whose only uses are now affine loads and stores inside
//! one loop nest becomes a buffer (of static shape) of
//! the footprint of one iteration of the loops enclosing all of them (`memref<1x1xf32>`
//! for an element produced and consumed in the same iteration), allocated at the start of
//! the nest's block (where the old buffer was, if that was another block); the accesses
//! subtract the footprint's start.
//!
//! Invariants (what makes it exact): per dimension every access's subscript is the same
//! affine function `O(outer IVs)` plus a constant plus terms in inner loop IVs of
//! constant bounds, so one iteration of the outer loops touches exactly the box
//! `[O + lo, O + hi]`; every outer loop is matched to a distinct dimension whose `O` is
//! `a * iv` with `|a| * step` at least the box's extent there, so the boxes of two
//! different outer iterations are disjoint: no element is shared between iterations, and
//! nothing outside the nest reads the buffer. Anything else (symbols, divisions, other
//! uses, a `memref.dealloc`) leaves the buffer alone.

use lattice_affine::analysis::dependence;
use lattice_affine::passes::simplify_structures::ValueMap;
use lattice_affine::util::map_attr;
use lattice_affine::views::AffineFor;
use lattice_dialects::memref;
use lattice_ir::{AffineExpr, Ir, Op, OperationState, TypeData, Value, WalkOrder};

/// The buffers of `func` used in more than one outermost loop nest: the ones fusion can
/// make private (upstream privatizes only the memrefs a fusion joins).
pub(crate) fn shared_buffers(ir: &Ir, func: Op) -> Vec<Op> {
    ir.walk_ops(func, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.isa::<memref::Alloc>(o))
        .filter(|&o| {
            let mut nests: Vec<Op> = Vec::new();
            for u in ir.uses(ir.result(o, 0)) {
                if let Some(&l) = dependence::enclosing_loops(ir, u.op).first() {
                    if !nests.contains(&l) {
                        nests.push(l);
                    }
                }
            }
            nests.len() > 1
        })
        .collect()
}

/// Shrinks every buffer of `allocs` (still in the IR) that qualifies; returns how many.
pub(crate) fn shrink_private_buffers(ir: &mut Ir, allocs: &[Op]) -> usize {
    allocs
        .iter()
        .copied()
        .filter(|&a| {
            if !ir.contains_op(a) || !ir.isa::<memref::Alloc>(a) {
                return false;
            }
            let Some(plan) = plan(ir, a) else {
                return false;
            };
            rewrite(ir, a, plan);
            true
        })
        .count()
}

/// How to shrink one buffer.
struct Plan {
    /// The accesses, each with its subscripts over `space`.
    accesses: Vec<(dependence::Access, Vec<AffineExpr>)>,
    space: Vec<Value>,
    /// Per dimension, the box's start over `space` and its extent.
    starts: Vec<AffineExpr>,
    extents: Vec<i64>,
    /// The outermost common loop: the new buffer goes at the start of its block.
    outer: Op,
}

fn plan(ir: &Ir, alloc: Op) -> Option<Plan> {
    let ctx = ir.ctx();
    let buf = ir.result(alloc, 0);
    let TypeData::MemRef { shape, layout, .. } = ctx.type_data(ir.value_type(buf)).clone() else {
        return None;
    };
    if layout.is_some() || shape.is_empty() {
        return None;
    }
    let mut accesses = Vec::new();
    for u in ir.uses(buf) {
        let a = dependence::access(ir, u.op).filter(|a| a.memref == buf)?;
        if ir.operands(u.op).iter().filter(|&&v| v == buf).count() != 1 {
            return None;
        }
        accesses.push(a);
    }
    let first = accesses.first()?;
    // The loops enclosing every access.
    let mut common = dependence::enclosing_loops(ir, first.op);
    for a in &accesses[1..] {
        let l = dependence::enclosing_loops(ir, a.op);
        let n = common.iter().zip(&l).take_while(|(x, y)| x == y).count();
        common.truncate(n);
    }
    let outer = *common.first()?;
    let ivs: Vec<Value> = common.iter().map(|&l| iv(ir, l)).collect::<Option<_>>()?;
    let mut space: Vec<Value> = ivs.clone();
    let mut subs = Vec::new();
    for a in &accesses {
        let mut vm = ValueMap::new(ctx, a.map, &a.indices);
        vm.canonicalize(ir, a.op, true);
        let pos: Vec<AffineExpr> = vm
            .dims
            .iter()
            .chain(&vm.syms)
            .map(|&v| {
                let i = space.iter().position(|&x| x == v).unwrap_or_else(|| {
                    space.push(v);
                    space.len() - 1
                });
                ctx.dim_expr(i as u32)
            })
            .collect();
        let (d, s) = pos.split_at(vm.dims.len());
        let e: Vec<AffineExpr> = vm
            .results
            .iter()
            .map(|&r| ctx.replace_dims_and_symbols(r, d, s))
            .collect();
        subs.push((a.clone(), e));
    }
    let n = space.len();
    let mut starts = Vec::new();
    let mut extents = Vec::new();
    let mut outer_parts: Vec<Vec<i64>> = Vec::new();
    for k in 0..shape.len() {
        let mut part: Option<Vec<i64>> = None;
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for (_, e) in &subs {
            let (row, locals) = ctx.flatten_expr(e[k], n as u32, 0)?;
            if !locals.is_empty() {
                return None;
            }
            let o = row[..ivs.len()].to_vec();
            if part.as_ref().is_some_and(|p| *p != o) {
                return None;
            }
            part = Some(o);
            let (l, h) = inner_range(ir, &space, &row, ivs.len())?;
            let c = *row.last()?;
            lo = lo.min(c + l);
            hi = hi.max(c + h);
        }
        let part = part?;
        let mut start = ctx.constant_expr(lo);
        for (j, &c) in part.iter().enumerate() {
            start = ctx.add_expr(
                start,
                ctx.mul_expr(ctx.dim_expr(j as u32), ctx.constant_expr(c)),
            );
        }
        starts.push(ctx.simplify_affine_expr(start, n as u32, 0));
        extents.push(hi - lo + 1);
        outer_parts.push(part);
    }
    if extents.iter().zip(&shape).all(|(&e, &s)| s >= 0 && e >= s) {
        return None;
    }
    disjoint(ir, &common, &outer_parts, &extents).then_some(Plan {
        accesses: subs,
        space,
        starts,
        extents,
        outer,
    })
}

fn iv(ir: &Ir, l: Op) -> Option<Value> {
    ir.view::<AffineFor>(l)?.induction_var(ir)
}

/// The range of the inner terms of `row` (positions from `skip` on, less the constant):
/// each must be the IV of a loop with constant bounds.
fn inner_range(ir: &Ir, space: &[Value], row: &[i64], skip: usize) -> Option<(i64, i64)> {
    let (mut lo, mut hi) = (0i64, 0i64);
    for (p, &c) in row.iter().enumerate().take(space.len()).skip(skip) {
        if c == 0 {
            continue;
        }
        let (first, last) = constant_iv_range(ir, space[p])?;
        let (a, b) = (c.checked_mul(first)?, c.checked_mul(last)?);
        lo = lo.checked_add(a.min(b))?;
        hi = hi.checked_add(a.max(b))?;
    }
    Some((lo, hi))
}

/// The first and last value of `v` if it is the IV of a loop with constant bounds that runs.
fn constant_iv_range(ir: &Ir, v: Value) -> Option<(i64, i64)> {
    let l = ir.block_parent_op(ir.value_block(v)?)?;
    let f = ir.view::<AffineFor>(l)?;
    if f.induction_var(ir)? != v {
        return None;
    }
    let ctx = ir.ctx();
    let lb = ctx.map_single_constant_result(map_attr(ir, l, AffineFor::LOWER_BOUND_MAP)?)?;
    let ub = ctx.map_single_constant_result(map_attr(ir, l, AffineFor::UPPER_BOUND_MAP)?)?;
    (ub > lb).then_some((lb, ub - 1))
}

/// Whether the boxes of two different iterations of `loops` are disjoint: each loop
/// matched to its own dimension whose outer part is `a * iv` alone, `|a| * step >= extent`.
fn disjoint(ir: &Ir, loops: &[Op], parts: &[Vec<i64>], extents: &[i64]) -> bool {
    let mut used = vec![false; parts.len()];
    loops.iter().enumerate().all(|(j, &l)| {
        let Some(step) = ir
            .view::<AffineFor>(l)
            .and_then(|f| i64::try_from(f.step_or_one(ir)).ok())
        else {
            return false;
        };
        let k = (0..parts.len()).find(|&k| {
            !used[k]
                && parts[k]
                    .iter()
                    .enumerate()
                    .all(|(i, &c)| (i == j) == (c != 0))
                && parts[k][j]
                    .checked_abs()
                    .and_then(|a| a.checked_mul(step))
                    .is_some_and(|w| w >= extents[k])
        });
        k.inspect(|&k| used[k] = true).is_some()
    })
}

fn rewrite(ir: &mut Ir, alloc: Op, plan: Plan) {
    let ctx = ir.ctx_arc().clone();
    let old = ir.result(alloc, 0);
    let TypeData::MemRef {
        element,
        memory_space,
        ..
    } = ctx.type_data(ir.value_type(old)).clone()
    else {
        return;
    };
    let ty = ctx.ty(TypeData::MemRef {
        shape: plan.extents.clone(),
        element,
        layout: None,
        memory_space,
    });
    let mut st = OperationState::new(ctx.intern_str(memref::Alloc::NAME), ir.loc(alloc));
    st.result_types = vec![ty];
    for a in ir.attrs(alloc).to_vec() {
        st.add_attr(a.name, a.value);
    }
    // Static now: no size operands.
    st.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[0, 0]),
    );
    let new = ir.create_op(st);
    // At the start of the nest's block, as upstream, when the old buffer was allocated in
    // that block; otherwise where the old one was (not once per iteration of an enclosing
    // non-affine loop).
    let block = ir.op_parent(plan.outer).expect("a loop is in a block");
    match ir.first_op(block) {
        Some(f) if ir.op_parent(alloc) == Some(block) => ir.insert_op_before(f, new),
        _ => ir.insert_op_before(alloc, new),
    }
    let buf = ir.result(new, 0);
    for (a, subs) in &plan.accesses {
        let mut vm = ValueMap {
            results: subs
                .iter()
                .zip(&plan.starts)
                .map(|(&s, &o)| ctx.sub_expr(s, o))
                .collect(),
            dims: plan.space.clone(),
            syms: Vec::new(),
        };
        vm.canonicalize(ir, a.op, true);
        let (map, operands) = vm.to_map(&ctx);
        let mut all = ir.operands(a.op).to_vec();
        let mi = all
            .iter()
            .position(|&v| v == old)
            .expect("the access's memref");
        all.truncate(mi);
        all.push(buf);
        all.extend(operands);
        ir.set_operands(a.op, all);
        ir.set_attr(a.op, "map", ctx.affine_map_attr(map));
    }
    ir.erase_op(alloc);
}
