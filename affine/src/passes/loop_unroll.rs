//! `affine-loop-unroll`: unrolls innermost `affine.for` loops by a factor (default 4),
//! with a cleanup loop for the remaining iterations when the trip count is not a
//! multiple of the factor (constant trip counts, and symbolic ones whose bounds are
//! single-result maps), or fully (`unroll-full`, for constant trip counts no larger than
//! `unroll-full-threshold` when given). `iter_args` are chained: copy k+1 reads what
//! copy k yields.
//!
//! Assumes verified IR. Declines (leaves the loop unchanged) for loops whose bounds are
//! `max`/`min` maps with a non-constant trip count, whose trip count is below the factor
//! (unless `unroll-up-to-factor`), or whose body has several blocks, and, with a
//! remark, when the unrolled body would hold more than [`MAX_UNROLLED_OPS`] operations
//! (a loop of 2^63 iterations is refused instead of exhausting memory).
//!
//! The helpers here (`trip_count`, `split_for_factor`, `replicate_body`) are shared with
//! `affine-loop-unroll-jam`.

use crate::loops::{constant_trip_count, wide_constant_trip_count};
use crate::util::{int_attr, map_attr as for_map};
use crate::views::{AffineApply, AffineFor};
use lattice_dialects::{arith, func};
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{AffineExpr, AffineMap, Ir, Op, OperationState, Value, WalkOrder};
use rustc_hash::FxHashMap;

/// The most operations an unrolled loop body may hold (the body's operations, nested
/// ones included, times the factor), and the most its function may grow to; beyond
/// either the loop is left unchanged.
pub const MAX_UNROLLED_OPS: i128 = 1 << 17;

/// Options of `affine-loop-unroll`.
#[derive(Clone, Debug)]
pub struct LoopUnrollOptions {
    /// The unroll factor.
    pub factor: i64,
    /// Unroll loops fully.
    pub full: bool,
    /// Unroll by `min(factor, trip count)`.
    pub up_to_factor: bool,
    /// With `full`: only loops with a trip count at most this (`-1`: any).
    pub full_threshold: i64,
    /// Repetitions of the whole pass.
    pub num_reps: i64,
    /// Also unroll cleanup loops created along the way (upstream `cleanup-unroll`).
    pub cleanup_unroll: bool,
}

impl Default for LoopUnrollOptions {
    fn default() -> Self {
        LoopUnrollOptions {
            factor: 4,
            full: false,
            up_to_factor: false,
            full_threshold: -1,
            num_reps: 1,
            cleanup_unroll: false,
        }
    }
}

/// Unrolls the innermost loops of `func` (or, with `full` and a threshold, every loop
/// whose constant trip count is at most the threshold).
pub fn loop_unroll(ir: &mut Ir, func: Op, options: &LoopUnrollOptions) -> Vec<Diagnostic> {
    let mut remarks = Vec::new();
    // The function's size, updated by each unrolling's estimate: repeated unrolling
    // (`unroll-num-reps`) grows the function, not only one loop, past the limit.
    let mut func_size = ir.walk_ops(func, WalkOrder::PreOrder).len() as i128;
    let mut fits = |ir: &Ir, l: Op, f: i64| match overflows(ir, l, f)
        .or_else(|| too_large(ir, l, f, func_size))
    {
        Some(r) => {
            remarks.push(r);
            false
        }
        None => {
            func_size += body_size(ir, l) * (i128::from(f) - 1).max(0);
            true
        }
    };
    let full = options.full || options.factor < 0;
    if full && options.full_threshold >= 0 {
        let loops: Vec<Op> = ir
            .walk_ops(func, WalkOrder::PostOrder)
            .into_iter()
            .filter(|&o| ir.isa::<AffineFor>(o))
            .collect();
        for l in loops {
            if !ir.contains_op(l) {
                continue;
            }
            if let Some(t) = constant_trip_count(ir, l) {
                if t <= options.full_threshold && fits(ir, l, t) {
                    unroll_full(ir, l, t);
                }
            } else {
                fits(ir, l, 1); // only a remark when the trip count is too large
            }
        }
        return remarks;
    }
    for _ in 0..options.num_reps.max(1) {
        let loops: Vec<Op> = ir
            .walk_ops(func, WalkOrder::PostOrder)
            .into_iter()
            .filter(|&o| ir.isa::<AffineFor>(o) && is_innermost(ir, o))
            .collect();
        let mut unrolled = false;
        for l in loops {
            let tc = constant_trip_count(ir, l);
            if full {
                match tc {
                    Some(t) if fits(ir, l, t) => unrolled |= unroll_full(ir, l, t),
                    Some(_) => {}
                    None => _ = fits(ir, l, 1), // only a remark when the trip count is too large
                }
                continue;
            }
            let mut f = options.factor;
            if let Some(t) = tc {
                if options.up_to_factor && t < f {
                    f = t;
                }
            }
            if fits(ir, l, tc.map_or(f, |t| t.min(f))) {
                unrolled |= unroll_by_factor(ir, l, f, options.cleanup_unroll);
            }
        }
        if !unrolled {
            break;
        }
    }
    remarks
}

/// The number of operations in `l`'s body, nested ones included (the terminator too).
fn body_size(ir: &Ir, l: Op) -> i128 {
    ir.walk_ops(l, WalkOrder::PreOrder).len() as i128 - 1
}

/// A remark when `l`'s bounds are constant but its trip count does not fit in 64 bits
/// (nothing is unrolled then), or when its step times `f` does not.
fn overflows(ir: &Ir, l: Op, f: i64) -> Option<Diagnostic> {
    let step = int_attr(ir, l, AffineFor::STEP).unwrap_or(1);
    let message = match wide_constant_trip_count(ir, l) {
        Some(t) if i64::try_from(t).is_err() => {
            format!("not unrolled: its trip count {t} does not fit in 64 bits")
        }
        _ if i64::try_from(step * i128::from(f)).is_err() => {
            format!("not unrolled: the new step {step} * {f} does not fit in 64 bits")
        }
        _ => return None,
    };
    Some(Diagnostic::new(
        lattice_ir::diag::Severity::Remark,
        lattice_ir::DiagLoc::Loc(ir.loc(l)),
        message,
    ))
}

/// A remark when unrolling `l` by `f` would make its body, or the function of
/// `func_size` operations holding it, exceed [`MAX_UNROLLED_OPS`].
fn too_large(ir: &Ir, l: Op, f: i64, func_size: i128) -> Option<Diagnostic> {
    let body = body_size(ir, l);
    let ops = body * i128::from(f);
    let message = if ops > MAX_UNROLLED_OPS {
        format!("not unrolled: unrolling by {f} would create {ops} operations (the limit is {MAX_UNROLLED_OPS})")
    } else if func_size + body * (i128::from(f) - 1) > MAX_UNROLLED_OPS {
        format!(
            "not unrolled: unrolling by {f} would grow the function to {} operations (the limit is {MAX_UNROLLED_OPS})",
            func_size + body * (i128::from(f) - 1)
        )
    } else {
        return None;
    };
    Some(Diagnostic::new(
        lattice_ir::diag::Severity::Remark,
        lattice_ir::DiagLoc::Loc(ir.loc(l)),
        message,
    ))
}

/// Upstream `loopUnrollByFactor`: false when declined.
pub fn unroll_by_factor(ir: &mut Ir, l: Op, f: i64, cleanup_unroll: bool) -> bool {
    let tc = constant_trip_count(ir, l);
    if f == 1 {
        if tc == Some(1) {
            promote_single_iteration(ir, l);
        }
        return true;
    }
    if f < 1 || body_size(ir, l) * i128::from(f) > MAX_UNROLLED_OPS {
        return false;
    }
    let Some((_, body)) = iv_and_body(ir, l) else {
        return false;
    };
    if ir.block_ops(body).count() <= 1 {
        return true;
    }
    if let Some(t) = tc {
        if t < f {
            return cleanup_unroll && unroll_full(ir, l, t);
        }
    }
    if cleanup_unroll && tc.is_none_or(|t| t % f != 0) {
        // Upstream: a loop needing a cleanup loop is unrolled fully instead.
        return match tc {
            Some(t) => unroll_full(ir, l, t),
            None => false,
        };
    }
    let Some((main, _)) = split_for_factor(ir, l, f) else {
        return false;
    };
    set_step_and_unroll(ir, main, f);
    if constant_trip_count(ir, main) == Some(1) {
        promote_single_iteration(ir, main);
    }
    true
}

fn is_innermost(ir: &Ir, l: Op) -> bool {
    !ir.walk_ops(l, WalkOrder::PreOrder)
        .into_iter()
        .any(|o| o != l && ir.isa::<AffineFor>(o))
}

/// Whether the trip count of `affine.for` `l` is provably a multiple of `v` (zero
/// included), bounds not necessarily constant: every upper-bound result minus every
/// lower-bound result, written over the loop's operands, is a constant multiple of
/// `step * v`, so `min(ub) - max(lb)` is one too (or the loop does not run). Covers
/// `32 * d0` to `32 * d0 + 32` tile point loops as well as constant bounds.
pub fn trip_count_multiple_of(ir: &Ir, l: Op, v: i64) -> bool {
    let ctx = ir.ctx();
    let step = int_attr(ir, l, AffineFor::STEP).unwrap_or(1) as i64;
    let (Some(lbm), Some(ubm), Some(segs)) = (
        for_map(ir, l, AffineFor::LOWER_BOUND_MAP),
        for_map(ir, l, AffineFor::UPPER_BOUND_MAP),
        crate::ops::for_segments(ir, l),
    ) else {
        return false;
    };
    if step <= 0 || v <= 0 {
        return false;
    }
    let (vals, lbs, ubs) = shared_dim_bounds(ir, l, lbm, ubm, &segs);
    let n = vals.len() as u32;
    ubs.iter().all(|&u| {
        lbs.iter().all(|&lb| {
            let d = ctx.simplify_affine_expr(ctx.sub_expr(u, lb), n, 0);
            let m = step.checked_mul(v);
            ctx.constant_value(d)
                .is_some_and(|c| m.is_some_and(|m| c % m == 0))
        })
    })
}

/// The bounds of `l` as expressions over one shared list of dims: every operand (dim or
/// symbol of either map) becomes one dim. Returns the operands and the lower and upper
/// bound results.
fn shared_dim_bounds(
    ir: &Ir,
    l: Op,
    lbm: AffineMap,
    ubm: AffineMap,
    segs: &[std::ops::Range<usize>; 3],
) -> (Vec<Value>, Vec<AffineExpr>, Vec<AffineExpr>) {
    let ctx = ir.ctx();
    let operands = ir.operands(l);
    let mut vals: Vec<Value> = Vec::new();
    let lbs = results_over_dims(ctx, lbm, &operands[segs[0].clone()], &mut vals);
    let ubs = results_over_dims(ctx, ubm, &operands[segs[1].clone()], &mut vals);
    (vals, lbs, ubs)
}

/// The results of `map` applied to `operands`, as expressions whose dim `k` is `vals[k]`
/// (every operand, dim or symbol, becomes one dim; values not in `vals` are appended).
pub(crate) fn results_over_dims(
    ctx: &lattice_ir::Context,
    map: AffineMap,
    operands: &[Value],
    vals: &mut Vec<Value>,
) -> Vec<AffineExpr> {
    let inputs: Vec<AffineExpr> = operands
        .iter()
        .map(|&x| {
            let p = vals.iter().position(|&y| y == x).unwrap_or_else(|| {
                vals.push(x);
                vals.len() - 1
            });
            ctx.dim_expr(p as u32)
        })
        .collect();
    let nd = ctx.map_num_dims(map) as usize;
    ctx.map_results(map)
        .iter()
        .map(|&e| ctx.replace_dims_and_symbols(e, &inputs[..nd], &inputs[nd..]))
        .collect()
}

fn iv_and_body(ir: &Ir, l: Op) -> Option<(Value, lattice_ir::Block)> {
    let r = *ir.regions(l).first()?;
    let b = ir.entry_block(r)?;
    Some((*ir.block_args(b).first()?, b))
}

/// Fully unrolls a loop of constant trip count `tc` (its ops move before it); a loop
/// that never runs is left alone, as upstream.
pub fn unroll_full(ir: &mut Ir, l: Op, tc: i64) -> bool {
    if tc == 0 {
        return true;
    }
    if tc == 1 {
        promote_single_iteration(ir, l);
        return true;
    }
    unroll_by_factor(ir, l, tc, false)
}

/// [`split_for_factor`] for a loop without `iter_args` whose lower bound is one result
/// `lb` and whose upper bound is a `min` of several, `e_0 .. e_n-1` (a tile's point loop
/// at the edge of the iteration space): `l` keeps the iterations up to `min_k m_k`, with
/// `m_k = lb + (tc_k - tc_k mod f) * step` and `tc_k = ceildiv(e_k - lb, step)` (a
/// multiple of `f` iterations, as floor is monotone); the rest, `[min_k m_k, min_k e_k)`,
/// goes to cleanup loops `k = n-1 .. 0` over `[m_k, min(e_*, m_0 .. m_k-1))`, disjoint
/// intervals that run in ascending order (an empty one does not run). Returns `l`, or
/// `None` (nothing changed) for other bounds.
pub fn split_min_for_factor(ir: &mut Ir, l: Op, f: i64) -> Option<Op> {
    let ctx = ir.ctx_arc().clone();
    let step = int_attr(ir, l, AffineFor::STEP).unwrap_or(1) as i64;
    let (lbm, ubm) = (
        for_map(ir, l, AffineFor::LOWER_BOUND_MAP)?,
        for_map(ir, l, AffineFor::UPPER_BOUND_MAP)?,
    );
    if !ir.results(l).is_empty() || ctx.map_num_results(lbm) != 1 || ctx.map_num_results(ubm) < 2 {
        return None;
    }
    let segs = crate::ops::for_segments(ir, l)?;
    let (vals, lbs, ubs) = shared_dim_bounds(ir, l, lbm, ubm, &segs);
    let lbe = lbs[0];
    let n = vals.len() as u32;
    let simplify = |e| ctx.simplify_affine_expr(e, n, 0);
    let mains: Vec<AffineExpr> = ubs
        .iter()
        .map(|&u| {
            let tc = simplify(ctx.ceildiv_expr(ctx.sub_expr(u, lbe), ctx.constant_expr(step)));
            let rem = ctx.mod_expr(tc, ctx.constant_expr(f));
            let body = ctx.mul_expr(ctx.sub_expr(tc, rem), ctx.constant_expr(step));
            simplify(ctx.add_expr(lbe, body))
        })
        .collect();
    let mut after = l;
    for k in (0..mains.len()).rev() {
        let c = ir.clone_op(l, &mut FxHashMap::default());
        ir.insert_op_after(after, c);
        after = c;
        let mut ub = ubs.clone();
        ub.extend_from_slice(&mains[..k]);
        let (lb, ub) = (
            ctx.affine_map(n, 0, vec![mains[k]]),
            ctx.affine_map(n, 0, ub),
        );
        set_bounds(ir, c, lb, &vals, ub, &vals, &[]);
    }
    let lb = ctx.affine_map(n, 0, vec![lbe]);
    set_bounds(ir, l, lb, &vals, ctx.affine_map(n, 0, mains), &vals, &[]);
    Some(l)
}

/// Splits `l` so that its trip count is a multiple of `f`: the iterations left over go
/// to a cleanup loop inserted after it. Returns `l` (with its new upper bound) and the
/// cleanup loop if one was made, or `None` when the bounds are not handled (then nothing
/// changed).
pub fn split_for_factor(ir: &mut Ir, l: Op, f: i64) -> Option<(Op, Option<Op>)> {
    let ctx = ir.ctx_arc().clone();
    let step = int_attr(ir, l, AffineFor::STEP).unwrap_or(1) as i64;
    let segs = crate::ops::for_segments(ir, l)?;
    let operands = ir.operands(l).to_vec();
    let (new_ub_map, new_ub_ops) = if let Some(tc) = constant_trip_count(ir, l) {
        if tc % f == 0 {
            return Some((l, None));
        }
        let lb = *ctx
            .map_constant_results(for_map(ir, l, AffineFor::LOWER_BOUND_MAP)?)?
            .iter()
            .max()?;
        let bound = i128::from(lb) + i128::from(tc - tc % f) * i128::from(step);
        (ctx.constant_map(i64::try_from(bound).ok()?), Vec::new())
    } else {
        let lbm = for_map(ir, l, AffineFor::LOWER_BOUND_MAP)?;
        let ubm = for_map(ir, l, AffineFor::UPPER_BOUND_MAP)?;
        if ctx.map_num_results(lbm) != 1 || ctx.map_num_results(ubm) != 1 {
            return None;
        }
        let (lops, uops) = (&operands[segs[0].clone()], &operands[segs[1].clone()]);
        let (ld, ls) = (ctx.map_num_dims(lbm), ctx.map_num_symbols(lbm));
        let (ud, us) = (ctx.map_num_dims(ubm), ctx.map_num_symbols(ubm));
        // Combined inputs: lb dims, ub dims, lb syms, ub syms; repeated values share
        // one input (as upstream's operand canonicalization).
        let mut dim_vals: Vec<Value> = Vec::new();
        let mut sym_vals: Vec<Value> = Vec::new();
        let pos = |list: &mut Vec<Value>, v: Value| -> u32 {
            match list.iter().position(|&x| x == v) {
                Some(p) => p as u32,
                None => {
                    list.push(v);
                    (list.len() - 1) as u32
                }
            }
        };
        let mut remap = |ops: &[Value], nd: u32| -> (Vec<u32>, Vec<u32>) {
            let d = ops[..nd as usize]
                .iter()
                .map(|&v| pos(&mut dim_vals, v))
                .collect();
            let s = ops[nd as usize..]
                .iter()
                .map(|&v| pos(&mut sym_vals, v))
                .collect();
            (d, s)
        };
        let (ldp, lsp) = remap(lops, ld);
        let (udp, usp) = remap(uops, ud);
        let _ = (ls, us);
        let exprs = |dp: &[u32], sp: &[u32]| {
            (
                dp.iter()
                    .map(|&i| ctx.dim_expr(i))
                    .collect::<Vec<AffineExpr>>(),
                sp.iter()
                    .map(|&i| ctx.symbol_expr(i))
                    .collect::<Vec<AffineExpr>>(),
            )
        };
        let (dims_l, syms_l) = exprs(&ldp, &lsp);
        let (dims_u, syms_u) = exprs(&udp, &usp);
        let nd = dim_vals.len() as u32;
        let ns = sym_vals.len() as u32;
        let lbe = ctx.replace_dims_and_symbols(ctx.map_results(lbm)[0], &dims_l, &syms_l);
        let ube = ctx.replace_dims_and_symbols(ctx.map_results(ubm)[0], &dims_u, &syms_u);
        let span = ctx.sub_expr(ube, lbe);
        // As upstream: the trip count is simplified first, then `lb + bump`.
        let tc = ctx.ceildiv_expr(span, ctx.constant_expr(step));
        let tc = ctx.simplify_affine_expr(tc, nd, ns);
        let rem = ctx.mod_expr(tc, ctx.constant_expr(f));
        let body = ctx.mul_expr(ctx.sub_expr(tc, rem), ctx.constant_expr(step));
        let e = ctx.add_expr(lbe, body);
        let e = ctx.simplify_affine_expr(e, nd, ns);
        let map = ctx.affine_map(nd, ns, vec![e]);
        let mut ops = dim_vals;
        ops.extend(sym_vals);
        (map, ops)
    };
    // Cleanup loop: a clone of `l` starting at the new bound.
    let mut mapping = FxHashMap::default();
    let cleanup = ir.clone_op(l, &mut mapping);
    ir.insert_op_after(l, cleanup);
    let results = ir.results(l).to_vec();
    let cres = ir.results(cleanup).to_vec();
    for (&r, &c) in results.iter().zip(&cres) {
        ir.replace_all_uses(r, c);
    }
    let ub_ops = operands[segs[1].clone()].to_vec();
    let ub_map = for_map(ir, l, AffineFor::UPPER_BOUND_MAP)?;
    // Cleanup: lb = new bound, ub = old ub, inits = main loop's results.
    set_bounds(
        ir,
        cleanup,
        new_ub_map,
        &new_ub_ops,
        ub_map,
        &ub_ops,
        &results,
    );
    let lb_map = for_map(ir, l, AffineFor::LOWER_BOUND_MAP)?;
    let lb_ops = operands[segs[0].clone()].to_vec();
    let inits = operands[segs[2].clone()].to_vec();
    set_bounds(ir, l, lb_map, &lb_ops, new_ub_map, &new_ub_ops, &inits);
    if constant_trip_count(ir, cleanup) == Some(1) {
        promote_single_iteration(ir, cleanup);
        return Some((l, None));
    }
    Some((l, Some(cleanup)))
}

/// Sets the bounds and inits of an `affine.for`.
pub fn set_bounds(
    ir: &mut Ir,
    l: Op,
    lb: AffineMap,
    lb_ops: &[Value],
    ub: AffineMap,
    ub_ops: &[Value],
    inits: &[Value],
) {
    let ctx = ir.ctx_arc().clone();
    let mut ops = lb_ops.to_vec();
    ops.extend_from_slice(ub_ops);
    ops.extend_from_slice(inits);
    ir.set_operands(l, ops);
    ir.set_attr(l, AffineFor::LOWER_BOUND_MAP, ctx.affine_map_attr(lb));
    ir.set_attr(l, AffineFor::UPPER_BOUND_MAP, ctx.affine_map_attr(ub));
    let segs = ctx.dense_i32_array(&[lb_ops.len() as i32, ub_ops.len() as i32, inits.len() as i32]);
    ir.set_attr(l, "operandSegmentSizes", segs);
}

/// `affine.apply (d0) -> (d0 + offset)(iv)` inserted at the start of `block`.
pub fn iv_plus(ir: &mut Ir, iv: Value, offset: i64, before: Op) -> Value {
    let ctx = ir.ctx_arc().clone();
    let e = ctx.add_expr(ctx.dim_expr(0), ctx.constant_expr(offset));
    let map = ctx.affine_map(1, 0, vec![e]);
    let loc = ir.loc(before);
    let mut st = OperationState::new(ctx.intern_str(AffineApply::NAME), loc);
    st.operands = vec![iv];
    st.result_types = vec![ctx.index_type()];
    st.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(map));
    let op = ir.create_op(st);
    ir.insert_op_before(before, op);
    ir.result(op, 0)
}

/// Multiplies the step of `l` by `f` and replicates its body `f` times (copy k sees
/// `iv + k * step` and the iter_args yielded by copy k-1).
fn set_step_and_unroll(ir: &mut Ir, l: Op, f: i64) {
    let Some((iv, body)) = iv_and_body(ir, l) else {
        return;
    };
    let step = int_attr(ir, l, AffineFor::STEP).unwrap_or(1) as i64;
    let Some(yield_op) = ir.last_op(body) else {
        return;
    };
    let Some(new_step) = step.checked_mul(f) else {
        return;
    };
    let ctx = ir.ctx_arc().clone();
    ir.set_attr(l, AffineFor::STEP, ctx.index_attr(new_step));
    let originals: Vec<Op> = ir.block_ops(body).filter(|&o| o != yield_op).collect();
    let iter_args: Vec<Value> = ir.block_args(body)[1..].to_vec();
    let orig_yields: Vec<Value> = ir.operands(yield_op).to_vec();
    let mut last_yields = orig_yields.clone();
    for k in 1..f {
        let mut mapping: FxHashMap<Value, Value> = FxHashMap::default();
        let niv = iv_plus(ir, iv, k * step, yield_op);
        mapping.insert(iv, niv);
        for (&a, &y) in iter_args.iter().zip(&last_yields) {
            mapping.insert(a, y);
        }
        for &o in &originals {
            let c = ir.clone_op(o, &mut mapping);
            ir.insert_op_before(yield_op, c);
        }
        last_yields = lattice_ir::store::mapped_values(&mapping, &orig_yields);
    }
    ir.set_operands(yield_op, last_yields);
}

/// Replaces a loop that runs exactly once by its body (iv = lower bound).
pub fn promote_single_iteration(ir: &mut Ir, l: Op) {
    let Some((iv, body)) = iv_and_body(ir, l) else {
        return;
    };
    let ctx = ir.ctx_arc().clone();
    let Some(segs) = crate::ops::for_segments(ir, l) else {
        return;
    };
    let operands = ir.operands(l).to_vec();
    let Some(lbm) = for_map(ir, l, AffineFor::LOWER_BOUND_MAP) else {
        return;
    };
    let lb_val = if ir.is_unused(iv) {
        None
    } else if let Some(c) = ctx.map_single_constant_result(lbm) {
        // As upstream: the constant goes to the start of the enclosing function.
        let loc = ir.loc(l);
        let mut st = OperationState::new(ctx.intern_str(arith::Constant::NAME), loc);
        st.result_types = vec![ctx.index_type()];
        st.add_attr(ctx.intern_str("value"), ctx.index_attr(c));
        let op = ir.create_op(st);
        let mut top = l;
        while let Some(p) = ir.parent_op(top) {
            if ir.has_trait(p, lattice_ir::Traits::ISOLATED_FROM_ABOVE) {
                break;
            }
            top = p;
        }
        match ir.op_parent(top).and_then(|b| ir.first_op(b)) {
            Some(first) => ir.insert_op_before(first, op),
            None => ir.insert_op_before(l, op),
        }
        Some(ir.result(op, 0))
    } else if ctx.map_num_results(lbm) == 1 {
        let loc = ir.loc(l);
        let mut st = OperationState::new(ctx.intern_str(AffineApply::NAME), loc);
        st.operands = operands[segs[0].clone()].to_vec();
        st.result_types = vec![ctx.index_type()];
        st.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(lbm));
        let op = ir.create_op(st);
        ir.insert_op_before(l, op);
        Some(ir.result(op, 0))
    } else {
        return;
    };
    if let Some(v) = lb_val {
        ir.replace_all_uses(iv, v);
    }
    let inits = operands[segs[2].clone()].to_vec();
    let args: Vec<Value> = ir.block_args(body)[1..].to_vec();
    for (a, i) in args.into_iter().zip(inits) {
        ir.replace_all_uses(a, i);
    }
    let Some(yield_op) = ir.last_op(body) else {
        return;
    };
    let yields = ir.operands(yield_op).to_vec();
    let results = ir.results(l).to_vec();
    for (r, y) in results.into_iter().zip(yields) {
        ir.replace_all_uses(r, y);
    }
    ir.erase_op(yield_op);
    let ops: Vec<Op> = ir.block_ops(body).collect();
    for o in ops {
        ir.detach_op(o);
        ir.insert_op_before(l, o);
    }
    ir.erase_op(l);
}

impl PassConfig for LoopUnrollOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let d = LoopUnrollOptions::default();
        let options = LoopUnrollOptions {
            factor: o.int("unroll-factor", d.factor)?,
            full: o.bool("unroll-full", false)?,
            up_to_factor: o.bool("unroll-up-to-factor", false)?,
            full_threshold: o.int("unroll-full-threshold", -1)?,
            num_reps: o.int("unroll-num-reps", 1)?,
            cleanup_unroll: o.bool("cleanup-unroll", false)?,
        };
        Ok(options)
    }
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o.typed_at::<LoopUnrollOptions>(ir, func)?;
    let remarks = loop_unroll(ir, func, &options);
    lattice_ir::pass::report_declined(&remarks, o);
    Ok(())
}

/// `unroll-factor=`: a factor of at least 1, or -1 (unroll fully), as mlir-opt's.
fn check_unroll_factor(text: &str) -> Result<(), OptionError> {
    match text.trim().parse::<i64>() {
        Ok(-1) => Ok(()),
        Ok(f) if f >= 1 => Ok(()),
        Ok(f) => Err(OptionError::value(format!(
            "{f} is neither a factor >= 1 nor -1"
        ))),
        Err(_) => Err(OptionError::value("not an integer")),
    }
}

/// The `affine-loop-unroll` pass.
pub static LOOP_UNROLL: PassDef = PassDef {
    name: "affine-loop-unroll",
    display_name: "AffineLoopUnroll",
    summary: "Unroll affine loops",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::custom(
            "unroll-factor",
            "<int 1..|-1>",
            check_unroll_factor,
            "Use this unroll factor for all loops being unrolled; -1 unrolls fully (default: 4)",
        ),
        PassOption::bool(
            "unroll-up-to-factor",
            false,
            "Allow unrolling up to the factor specified",
        ),
        PassOption::bool("unroll-full", false, "Fully unroll loops"),
        PassOption::int(
            "unroll-num-reps",
            1,
            i64::MAX,
            "1",
            "Unroll innermost loops repeatedly this many times",
        ),
        PassOption::int(
            "unroll-full-threshold",
            0,
            i64::MAX,
            "",
            "Unroll all loops with trip count less than or equal to this",
        ),
        PassOption::bool(
            "cleanup-unroll",
            false,
            "Fully unroll the cleanup loop when possible",
        ),
        PassOption::bool(
            "remarks",
            false,
            "Print why a loop was not unrolled (stderr)",
        ),
    ],
    configure: lattice_ir::pass::configure::<LoopUnrollOptions>,
    run,
};
