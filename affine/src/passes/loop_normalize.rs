//! `affine-loop-normalize`: rewrites every `affine.for` to lower bound 0 and step 1
//! (MLIR's `normalizeAffineFor`): the upper bounds become `(ub - lb) ceildiv step` and
//! uses of the induction variable read `lb + iv * step` through an `affine.apply`. With
//! `promote-single-iter`, loops that run exactly once are first replaced by their body.
//!
//! Declines (leaves the loop alone) when the lower bound map has several results (a
//! `max` bound cannot be normalized without an execute-region), or when the step is not a
//! positive constant. `affine.parallel` ops are normalized likewise, dimension by
//! dimension, except those with min/max bounds (bound groups of several results).

use super::simplify_structures::{map_of, ValueMap};
use crate::views::{is_affine_loop, AffineApply, AffineFor, AffineParallel};
use lattice_dialects::{arith, func};
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::store::WalkOrder;
use lattice_ir::{AttrData, Ir, Op, OperationState, Value};

/// Options of `affine-loop-normalize`.
#[derive(Clone, Debug, Default)]
pub struct LoopNormalizeOptions {
    /// `promote-single-iter`: promote single-iteration loops (default false).
    pub promote_single_iter: bool,
    /// `remarks`: print why loops were not normalized.
    pub remarks: bool,
}

/// The `affine-loop-normalize` pass.
pub static LOOP_NORMALIZE: PassDef = PassDef {
    name: "affine-loop-normalize",
    display_name: "AffineLoopNormalize",
    summary: "Apply normalization transformations to affine loop-like ops",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::bool(
            "promote-single-iter",
            false,
            "Promote single iteration loops",
        ),
        PassOption::bool(
            "remarks",
            false,
            "Print why loops were not normalized (stderr)",
        ),
    ],
    configure: lattice_ir::pass::configure::<LoopNormalizeOptions>,
    run: run_normalize,
};

/// `remarks` is the pass manager's to decide when the pass runs ([`run_normalize`]).
impl PassConfig for LoopNormalizeOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        Ok(LoopNormalizeOptions {
            promote_single_iter: o.bool("promote-single-iter", false)?,
            remarks: false,
        })
    }
}

fn run_normalize(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let typed = options.typed_at::<LoopNormalizeOptions>(ir, op)?;
    loop_normalize(
        ir,
        op,
        &LoopNormalizeOptions {
            remarks: lattice_ir::pass::remarks_enabled(options),
            ..(*typed).clone()
        },
    )
}

/// Operand segments of an `affine.for`: (lb operands, ub operands, inits).
pub(crate) fn for_segments(ir: &Ir, op: Op) -> Option<(Vec<Value>, Vec<Value>, Vec<Value>)> {
    let ops = ir.operands(op);
    let seg = match ir.ctx().attr_data(ir.attr(op, "operandSegmentSizes")?) {
        AttrData::DenseArray { values, .. } => values.clone(),
        _ => return None,
    };
    if seg.len() != 3 {
        return None;
    }
    let (a, b) = (seg[0] as usize, seg[1] as usize);
    if a + b > ops.len() {
        return None;
    }
    Some((
        ops[..a].to_vec(),
        ops[a..a + b].to_vec(),
        ops[a + b..].to_vec(),
    ))
}

/// The constant step of an `affine.for`.
pub(crate) fn for_step(ir: &Ir, op: Op) -> Option<i64> {
    i64::try_from(ir.ctx().int_value(ir.attr(op, AffineFor::STEP)?)?).ok()
}

/// Sets the bounds of `op` (keeping its inits).
pub(crate) fn set_for_bounds(
    ir: &mut Ir,
    op: Op,
    lb: (lattice_ir::AffineMap, Vec<Value>),
    ub: (lattice_ir::AffineMap, Vec<Value>),
    step: i64,
) {
    let inits = for_segments(ir, op).map(|s| s.2).unwrap_or_default();
    let ctx = ir.ctx();
    let seg = ctx.dense_i32_array(&[lb.1.len() as i32, ub.1.len() as i32, inits.len() as i32]);
    let lbm = ctx.affine_map_attr(lb.0);
    let ubm = ctx.affine_map_attr(ub.0);
    let st = ctx.index_attr(step);
    let mut operands = lb.1;
    operands.extend(ub.1);
    operands.extend(inits);
    ir.set_operands(op, operands);
    ir.set_attr(op, AffineFor::LOWER_BOUND_MAP, lbm);
    ir.set_attr(op, AffineFor::UPPER_BOUND_MAP, ubm);
    ir.set_attr(op, AffineFor::STEP, st);
    ir.set_attr(op, "operandSegmentSizes", seg);
}

/// The body block of a single-block op.
pub(crate) fn body(ir: &Ir, op: Op) -> Option<lattice_ir::Block> {
    ir.entry_block(*ir.regions(op).first()?)
}

/// Creates `affine.apply map(operands)` before `anchor` (or at the start of `block`).
pub(crate) fn create_apply(
    ir: &mut Ir,
    map: lattice_ir::AffineMap,
    operands: Vec<Value>,
    loc: lattice_ir::Attr,
) -> Op {
    let ctx = ir.ctx();
    let mut st = OperationState::new(ctx.intern_str(AffineApply::NAME), loc);
    st.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(map));
    st.operands = operands;
    st.result_types = vec![ctx.index_type()];
    ir.create_op(st)
}

/// The trip count of an `affine.for` whose `ub - lb` is constant for every upper-bound
/// result, bounds not necessarily constant (`%i` to `%i + 1`), with one lower-bound result
/// (MLIR's `getConstantTripCount`, which `promoteIfSingleIteration` asks). Stronger than
/// [`crate::loops::constant_trip_count`], which needs constant bounds.
pub(crate) fn span_trip_count(ir: &Ir, op: Op) -> Option<i64> {
    let ctx = ir.ctx();
    let (lbo, ubo, _) = for_segments(ir, op)?;
    let lbm = map_of(ir, op, AffineFor::LOWER_BOUND_MAP)?;
    let ubm = map_of(ir, op, AffineFor::UPPER_BOUND_MAP)?;
    let step = for_step(ir, op)?;
    if ctx.map_num_results(lbm) != 1 || step <= 0 {
        return None;
    }
    let mut vm = ValueMap::new(ctx, ubm, &ubo);
    let lb = ValueMap::new(ctx, lbm, &lbo);
    let l = vm.absorb(ctx, &lb)[0];
    vm.results = vm.results.iter().map(|&u| ctx.sub_expr(u, l)).collect();
    vm.canonicalize(ir, op, true);
    let mut best: Option<i64> = None;
    for &e in &vm.results {
        let d = ctx.constant_value(e)?;
        let t = if d <= 0 { 0 } else { (d + step - 1) / step };
        best = Some(best.map_or(t, |b: i64| b.min(t)));
    }
    best
}

/// Replaces a loop that runs exactly once by its body (MLIR's `promoteIfSingleIteration`).
pub(crate) fn promote_if_single_iteration(ir: &mut Ir, op: Op) -> bool {
    if span_trip_count(ir, op) != Some(1) {
        return false;
    }
    let Some((lbo, _, inits)) = for_segments(ir, op) else {
        return false;
    };
    let Some(lbm) = map_of(ir, op, AffineFor::LOWER_BOUND_MAP) else {
        return false;
    };
    let Some(block) = body(ir, op) else {
        return false;
    };
    let loc = ir.loc(op);
    let args = ir.block_args(block).to_vec();
    let iv = args[0];
    if ir.ctx().map_num_results(lbm) != 1 {
        return false;
    }
    let lb_value = if let Some(c) = ir.ctx().map_single_constant_result(lbm) {
        let ctx = ir.ctx();
        let mut st = OperationState::new(ctx.intern_str(arith::Constant::NAME), loc);
        st.add_attr(ctx.intern_str("value"), ctx.index_attr(c));
        st.result_types = vec![ctx.index_type()];
        let cst = ir.create_op(st);
        ir.insert_op_before(op, cst);
        ir.result(cst, 0)
    } else {
        let apply = create_apply(ir, lbm, lbo, loc);
        ir.insert_op_before(op, apply);
        ir.result(apply, 0)
    };
    ir.replace_all_uses(iv, lb_value);
    for (a, &init) in args[1..].iter().zip(&inits) {
        ir.replace_all_uses(*a, init);
    }
    let Some(term) = ir.last_op(block) else {
        return false;
    };
    let yielded = ir.operands(term).to_vec();
    let results = ir.results(op).to_vec();
    for (r, y) in results.into_iter().zip(yielded) {
        ir.replace_all_uses(r, y);
    }
    ir.erase_op(term);
    let ops: Vec<Op> = ir.block_ops(block).collect();
    for o in ops {
        ir.detach_op(o);
        ir.insert_op_before(op, o);
    }
    ir.erase_op(op);
    true
}

/// Normalizes one `affine.for`; `Err` says why it declined.
pub fn normalize_affine_for(ir: &mut Ir, op: Op, promote_single_iter: bool) -> Result<(), String> {
    if promote_single_iter && promote_if_single_iteration(ir, op) {
        return Ok(());
    }
    let ctx = ir.ctx_arc().clone();
    let (lbo, ubo, _) = for_segments(ir, op).ok_or("malformed operand segments")?;
    let lbm = map_of(ir, op, AffineFor::LOWER_BOUND_MAP).ok_or("missing lower bound map")?;
    let ubm = map_of(ir, op, AffineFor::UPPER_BOUND_MAP).ok_or("missing upper bound map")?;
    let step = for_step(ir, op).ok_or("missing step")?;
    if step <= 0 {
        return Err("the step is not positive".into());
    }
    if ctx.map_single_constant_result(lbm) == Some(0) && step == 1 {
        return Ok(());
    }
    if ctx.map_num_results(lbm) != 1 {
        return Err("the lower bound has several results (a max bound)".into());
    }
    // New upper bounds: (ub - lb) ceildiv step.
    let mut ub = ValueMap::new(&ctx, ubm, &ubo);
    let lb = ValueMap::new(&ctx, lbm, &lbo);
    let l = ub.absorb(&ctx, &lb)[0];
    if let Err(e) = crate::analysis::ranges::span_fits(ir, &ub.results, l, &ub.dims, &ub.syms) {
        return Err(format!("its trip count would overflow: {e}"));
    }
    let stepe = ctx.constant_expr(step);
    ub.results = ub
        .results
        .iter()
        .map(|&u| ctx.ceildiv_expr(ctx.sub_expr(u, l), stepe))
        .collect();
    ub.canonicalize(ir, op, false);
    let (new_ubm, new_ubo) = ub.to_map(&ctx);
    let block = body(ir, op).ok_or("the loop has no body")?;
    let iv = ir.block_args(block)[0];
    set_for_bounds(
        ir,
        op,
        (ctx.constant_map(0), Vec::new()),
        (new_ubm, new_ubo),
        1,
    );
    // Old IV = lb + iv * step.
    let mut ivm = lb.clone();
    let d = ctx.dim_expr(ivm.dims.len() as u32);
    ivm.dims.push(iv);
    ivm.results = vec![ctx.add_expr(ctx.mul_expr(d, stepe), ivm.results[0])];
    ivm.canonicalize(ir, op, false);
    let (m, o) = ivm.to_map(&ctx);
    let apply = create_apply(ir, m, o, ir.loc(op));
    ir.prepend_op(block, apply);
    let new_iv = ir.result(apply, 0);
    ir.replace_uses_where(iv, new_iv, |_, u| u.op != apply);
    Ok(())
}

/// The `lowerBoundsGroups`/`upperBoundsGroups` sizes of an `affine.parallel`.
fn groups(ir: &Ir, op: Op, name: &str) -> Option<Vec<i64>> {
    crate::util::dense_elements(ir.ctx(), ir.attr(op, name))
}

/// Normalizes one `affine.parallel` (MLIR's `normalizeAffineParallel`): every dimension
/// gets lower bound 0 and step 1; `Err` says why it declined.
pub fn normalize_affine_parallel(ir: &mut Ir, op: Op) -> Result<(), String> {
    let ctx = ir.ctx_arc().clone();
    let lbg = groups(ir, op, "lowerBoundsGroups").ok_or("missing lowerBoundsGroups")?;
    let ubg = groups(ir, op, "upperBoundsGroups").ok_or("missing upperBoundsGroups")?;
    if lbg.iter().chain(&ubg).any(|&g| g != 1) {
        return Err("min/max bounds are not normalized".into());
    }
    let lbm = map_of(ir, op, AffineParallel::LOWER_BOUNDS_MAP).ok_or("missing lowerBoundsMap")?;
    let ubm = map_of(ir, op, AffineParallel::UPPER_BOUNDS_MAP).ok_or("missing upperBoundsMap")?;
    let steps =
        crate::util::int_array(&ctx, ir.attr(op, AffineParallel::STEPS)).ok_or("missing steps")?;
    let n = steps.len();
    if ctx.map_num_results(lbm) != n || ctx.map_num_results(ubm) != n {
        return Err("malformed bounds".into());
    }
    if steps.iter().any(|&s| s <= 0) {
        return Err("a step is not positive".into());
    }
    let lb_results = ctx.map_results(lbm).to_vec();
    let normalized = |i: usize| steps[i] == 1 && ctx.constant_value(lb_results[i]) == Some(0);
    if (0..n).all(normalized) {
        return Ok(());
    }
    let operands = ir.operands(op).to_vec();
    let nlb = ctx.map_num_inputs(lbm).min(operands.len());
    let lb = ValueMap::new(&ctx, lbm, &operands[..nlb]);
    let mut ranges = ValueMap::new(&ctx, ubm, &operands[nlb..]);
    let shifted = ranges.absorb(&ctx, &lb);
    for (i, &l) in shifted.iter().enumerate() {
        let (u, d, s) = (&ranges.results[i..=i], &ranges.dims, &ranges.syms);
        if let Err(e) = crate::analysis::ranges::span_fits(ir, u, l, d, s) {
            return Err(format!(
                "the trip count of dimension {i} would overflow: {e}"
            ));
        }
    }
    ranges.results = (0..n)
        .map(|i| {
            ctx.ceildiv_expr(
                ctx.sub_expr(ranges.results[i], shifted[i]),
                ctx.constant_expr(steps[i]),
            )
        })
        .collect();
    ranges.canonicalize(ir, op, false);
    let block = body(ir, op).ok_or("no body")?;
    let ivs = ir.block_args(block).to_vec();
    let mut anchor: Option<Op> = None;
    for i in 0..n {
        if normalized(i) {
            continue;
        }
        let mut ivm = lb.clone();
        let d = ctx.dim_expr(ivm.dims.len() as u32);
        ivm.dims.push(ivs[i]);
        ivm.results =
            vec![ctx.add_expr(lb_results[i], ctx.mul_expr(d, ctx.constant_expr(steps[i])))];
        ivm.canonicalize(ir, op, false);
        let (m, o) = ivm.to_map(&ctx);
        let apply = create_apply(ir, m, o, ir.loc(op));
        match anchor {
            None => ir.prepend_op(block, apply),
            Some(a) => ir.insert_op_after(a, apply),
        }
        anchor = Some(apply);
        let new_iv = ir.result(apply, 0);
        ir.replace_uses_where(ivs[i], new_iv, |_, u| u.op != apply);
    }
    let (new_ubm, new_ubo) = ranges.to_map(&ctx);
    let zeros = ctx.affine_map(0, 0, vec![ctx.constant_expr(0); n]);
    ir.set_operands(op, new_ubo);
    ir.set_attr(
        op,
        AffineParallel::LOWER_BOUNDS_MAP,
        ctx.affine_map_attr(zeros),
    );
    ir.set_attr(
        op,
        AffineParallel::UPPER_BOUNDS_MAP,
        ctx.affine_map_attr(new_ubm),
    );
    ir.set_attr(
        op,
        AffineParallel::STEPS,
        crate::util::i64_array_attr(&ctx, &vec![1; n]),
    );
    Ok(())
}

/// Runs the pass on `func`; returns the refusals (loop location, reason).
pub fn loop_normalize_with_report(
    ir: &mut Ir,
    func: Op,
    options: &LoopNormalizeOptions,
) -> Vec<(Op, String)> {
    let mut report = Vec::new();
    let loops: Vec<Op> = ir
        .walk_ops(func, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| is_affine_loop(ir, o))
        .collect();
    for l in loops {
        if !ir.contains_op(l) {
            continue;
        }
        let result = if ir.isa::<AffineParallel>(l) {
            normalize_affine_parallel(ir, l)
        } else {
            normalize_affine_for(ir, l, options.promote_single_iter)
        };
        if let Err(why) = result {
            report.push((l, why));
        }
    }
    report
}

/// Runs the pass on `func`.
pub fn loop_normalize(
    ir: &mut Ir,
    func: Op,
    options: &LoopNormalizeOptions,
) -> Result<(), Vec<Diagnostic>> {
    let report = loop_normalize_with_report(ir, func, options);
    let remarks = crate::util::located_remarks(ir, report, "loop not normalized");
    lattice_ir::pass::record_statistic(
        "num-declined",
        "Number of times the pass declined to transform (see remarks=true)",
        remarks.len() as u64,
    );
    if options.remarks {
        lattice_ir::pass::emit_remarks(&remarks);
    }
    Ok(())
}
