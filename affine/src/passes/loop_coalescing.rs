//! `affine-loop-coalescing`: coalesces bands of perfectly nested `affine.for` loops whose
//! bounds are defined above the band into one loop (MLIR's `coalesceLoops`): the new trip
//! count is the product of the bands' trip counts, and each original induction variable
//! is recovered from the linear one with `floordiv` by the inner trip counts and `mod`
//! by its own.
//!
//! Assumes the loops of a band are normalized (lower bound 0, step 1; run
//! `affine-loop-normalize` first otherwise). Declines, with a reason in the report, on
//! bands whose bounds depend on an induction variable of the band, on loops that are not
//! normalized, carry `iter_args`, or have bounds that are not valid affine symbols (the
//! trip-count product must be a symbol of the new loop). `scf.for` bands are coalesced
//! with arith ops (any bounds and steps; declined with `iter_args`).

use super::loop_normalize::{body, create_apply, for_segments, for_step, set_for_bounds};
use super::simplify_structures::{map_of, ValueMap};
use crate::valid::{affine_scope, is_valid_symbol};
use crate::views::{AffineFor, AffineMax, AffineMin};
use lattice_dialects::{arith, func, scf};
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::store::WalkOrder;
use lattice_ir::{AffineMap, Ir, Op, OperationState, Value};

/// Options of `affine-loop-coalescing` (it has none).
#[derive(Clone, Debug, Default)]
pub struct LoopCoalescingOptions {}

/// The `affine-loop-coalescing` pass.
pub static LOOP_COALESCING: PassDef = PassDef {
    name: "affine-loop-coalescing",
    display_name: "LoopCoalescing",
    summary: "Coalesce nested loops with independent bounds into a single loop",
    anchor: Some(func::Func::NAME),
    options: &[PassOption::bool(
        "remarks",
        false,
        "Print why bands were not coalesced (stderr)",
    )],
    configure: lattice_ir::pass::configure::<LoopCoalescingOptions>,
    run: run_coalescing,
};

/// `remarks`, the one option, is read by the pass manager.
impl PassConfig for LoopCoalescingOptions {
    fn from_options(_: &OptionValues) -> Result<Self, OptionError> {
        Ok(LoopCoalescingOptions {})
    }
}

fn run_coalescing(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let typed = options.typed_at::<LoopCoalescingOptions>(ir, op)?;
    let report = loop_coalescing_with_report(ir, op, &typed);
    let remarks = crate::util::located_remarks(ir, report, "band not coalesced");
    lattice_ir::pass::report_declined(&remarks, options);
    Ok(())
}

/// The perfect nest rooted at `op`: each loop's body is the next loop plus the yield.
fn perfect_nest(ir: &Ir, op: Op) -> Vec<Op> {
    let name = ir.op_name(op).to_string();
    let mut loops = vec![op];
    let mut cur = op;
    loop {
        let Some(b) = body(ir, cur) else { break };
        let ops: Vec<Op> = ir.block_ops(b).collect();
        if ops.len() != 2 || !ir.is_op(ops[0], &name) {
            break;
        }
        cur = ops[0];
        loops.push(cur);
    }
    loops
}

/// Whether `v` is defined outside `op` (not by it, nor inside it).
fn defined_above(ir: &Ir, v: Value, op: Op) -> bool {
    let owner = ir
        .defining_op(v)
        .or_else(|| ir.value_block(v).and_then(|b| ir.block_parent_op(b)));
    match owner {
        Some(o) => !ir.is_ancestor(op, o),
        None => true,
    }
}

fn create_min(ir: &mut Ir, map: AffineMap, operands: Vec<Value>, loc: lattice_ir::Attr) -> Op {
    create_minmax(ir, AffineMin::NAME, map, operands, loc)
}

fn create_minmax(
    ir: &mut Ir,
    name: &str,
    map: AffineMap,
    operands: Vec<Value>,
    loc: lattice_ir::Attr,
) -> Op {
    let ctx = ir.ctx();
    let mut st = OperationState::new(ctx.intern_str(name), loc);
    st.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(map));
    st.operands = operands;
    st.result_types = vec![ctx.index_type()];
    ir.create_op(st)
}

/// Coalesces `loops` (a perfect band, outermost first); `Err` says why not.
pub fn coalesce_loops(ir: &mut Ir, loops: &[Op]) -> Result<(), String> {
    if loops.len() < 2 {
        return Err("fewer than two loops".into());
    }
    let ctx = ir.ctx_arc().clone();
    let outer = loops[0];
    let scope = affine_scope(ir, outer);
    let mut bounds = Vec::new();
    for (i, &l) in loops.iter().enumerate() {
        let (_, ubo, inits) = for_segments(ir, l).ok_or("malformed loop")?;
        let lbm = map_of(ir, l, AffineFor::LOWER_BOUND_MAP).ok_or("malformed loop")?;
        let ubm = map_of(ir, l, AffineFor::UPPER_BOUND_MAP).ok_or("malformed loop")?;
        if for_step(ir, l) != Some(1) || ctx.map_single_constant_result(lbm) != Some(0) {
            return Err("a loop of the band is not normalized (run affine-loop-normalize)".into());
        }
        if !inits.is_empty() {
            return Err("a loop of the band carries iter_args".into());
        }
        if i > 0 && !ubo.iter().all(|&v| is_valid_symbol(ir, v, scope)) {
            return Err("an inner upper bound operand is not a valid symbol".into());
        }
        bounds.push((ubm, ubo));
    }
    // Inner trip counts become divisors of the linear IV: a constant one of 0 (a band
    // that never runs) would fold to `mod 0` / `floordiv 0`, invalid IR.
    if bounds
        .iter()
        .skip(1)
        .any(|(m, _)| ctx.map_single_constant_result(*m).is_some_and(|c| c <= 0))
    {
        return Err("an inner loop of the band never runs (constant trip count 0)".into());
    }
    // The new trip count is the product of the band's: refused when constant trip
    // counts multiply beyond 64 bits (the coalesced loop would wrap).
    let constants = bounds
        .iter()
        .filter_map(|(m, _)| ctx.map_single_constant_result(*m))
        .map(|c| i128::from(c.max(0)));
    check_product(constants)?;
    let loc = ir.loc(outer);
    // 1-2. Inner trip counts (clamped at 0 unless constant, so that two negative counts
    // cannot multiply into a positive one) and their running product, before the band.
    let mut ubs: Vec<Option<Value>> = vec![None];
    let mut prev: Option<Value> = None;
    let mul = ctx.affine_map(
        1,
        1,
        vec![ctx.mul_expr(ctx.dim_expr(0), ctx.symbol_expr(0))],
    );
    let clamp = ctx.affine_map(0, 1, vec![ctx.symbol_expr(0), ctx.constant_expr(0)]);
    for (ubm, ubo) in bounds.iter().skip(1).cloned() {
        let constant = ctx.map_single_constant_result(ubm);
        let ubm = match constant {
            Some(c) if c < 0 => ctx.constant_map(0),
            _ => ubm,
        };
        let o = if ctx.map_num_results(ubm) == 1 {
            create_apply(ir, ubm, ubo, loc)
        } else {
            create_min(ir, ubm, ubo, loc)
        };
        ir.insert_op_before(outer, o);
        let mut ub = ir.result(o, 0);
        if constant.is_none() {
            let m = create_minmax(ir, AffineMax::NAME, clamp, vec![ub], loc);
            ir.insert_op_before(outer, m);
            ub = ir.result(m, 0);
        }
        ubs.push(Some(ub));
        prev = Some(match prev {
            None => ub,
            Some(p) => {
                let a = create_apply(ir, mul, vec![p, ub], loc);
                ir.insert_op_before(outer, a);
                ir.result(a, 0)
            }
        });
    }
    let inner_product = prev.ok_or("no inner loops")?;
    // The outermost bound (any operands) times the inner product (a symbol).
    let (outer_ubm, outer_ubo) = bounds[0].clone();
    let mut ub = ValueMap::new(&ctx, outer_ubm, &outer_ubo);
    let p = ctx.symbol_expr(ub.syms.len() as u32);
    ub.syms.push(inner_product);
    ub.results = ub.results.iter().map(|&r| ctx.mul_expr(r, p)).collect();
    ub.canonicalize(ir, outer, false);
    let (new_ubm, new_ubo) = ub.to_map(&ctx);
    set_for_bounds(
        ir,
        outer,
        (ctx.constant_map(0), Vec::new()),
        (new_ubm, new_ubo),
        1,
    );
    // 3. Recover the induction variables, innermost first.
    let outer_body = body(ir, outer).ok_or("no body")?;
    let innermost = *loops.last().ok_or("no loops")?;
    let inner_body = body(ir, innermost).ok_or("no body")?;
    let modm = ctx.affine_map(
        1,
        1,
        vec![ctx.mod_expr(ctx.dim_expr(0), ctx.symbol_expr(0))],
    );
    let divm = ctx.affine_map(
        1,
        1,
        vec![ctx.floordiv_expr(ctx.dim_expr(0), ctx.symbol_expr(0))],
    );
    let mut previous = ir.block_args(outer_body)[0];
    let mut anchor: Option<Op> = None;
    let place = |ir: &mut Ir, o: Op, anchor: &mut Option<Op>| {
        match *anchor {
            None => ir.prepend_op(outer_body, o),
            Some(a) => ir.insert_op_after(a, o),
        }
        *anchor = Some(o);
    };
    let n = loops.len();
    let mut new_ivs = vec![previous; n];
    for idx in (1..=n).rev() {
        if idx != n {
            let a = create_apply(
                ir,
                divm,
                vec![previous, ubs[idx].ok_or("missing trip count")?],
                loc,
            );
            place(ir, a, &mut anchor);
            previous = ir.result(a, 0);
        }
        new_ivs[idx - 1] = if idx == 1 {
            previous
        } else {
            let a = create_apply(
                ir,
                modm,
                vec![previous, ubs[idx - 1].ok_or("missing trip count")?],
                loc,
            );
            place(ir, a, &mut anchor);
            ir.result(a, 0)
        };
    }
    for (i, &l) in loops.iter().enumerate() {
        let Some(b) = body(ir, l) else { continue };
        let iv = ir.block_args(b)[0];
        let new = new_ivs[i];
        if iv != new {
            ir.replace_uses_where(iv, new, |ir, u| ir.is_ancestor(innermost, u.op));
        }
    }
    // 4. Move the innermost body above the second loop and drop the inner loops.
    let second = loops[1];
    if let Some(t) = ir.last_op(inner_body) {
        ir.erase_op(t);
    }
    let ops: Vec<Op> = ir.block_ops(inner_body).collect();
    for o in ops {
        ir.detach_op(o);
        ir.insert_op_before(second, o);
    }
    ir.erase_op(second);
    Ok(())
}

/// Refuses a band whose constant trip counts `counts` multiply beyond 64 bits.
fn check_product(counts: impl Iterator<Item = i128>) -> Result<(), String> {
    let mut product: i128 = 1;
    for c in counts {
        product = product.saturating_mul(c);
        if i64::try_from(product).is_err() {
            return Err(
                "the product of the trip counts does not fit in 64 bits (the coalesced loop would overflow)"
                    .into(),
            );
        }
    }
    Ok(())
}

/// The trip count `ceildiv(ub - lb, step)` (at least 0) of constant bounds, in `i128`.
fn constant_trip(lb: i64, ub: i64, step: i64) -> i128 {
    let (l, u, s) = (i128::from(lb), i128::from(ub), i128::from(step));
    ((u - l).max(0) + s - 1) / s
}

/// Creates `name(operands)` with one result of type `index` (`i1` for `cmpi`).
fn arith(ir: &mut Ir, name: &str, operands: Vec<Value>, attrs: &[(&str, lattice_ir::Attr)]) -> Op {
    let ctx = ir.ctx();
    let mut st = OperationState::new(ctx.intern_str(name), ctx.unknown_loc());
    st.operands = operands;
    st.result_types = vec![ctx.index_type()];
    for (k, v) in attrs {
        st.add_attr(ctx.intern_str(k), *v);
    }
    ir.create_op(st)
}

fn constant(ir: &mut Ir, v: i64) -> Op {
    let a = ir.ctx().index_attr(v);
    arith(ir, arith::Constant::NAME, Vec::new(), &[("value", a)])
}

/// Coalesces a band of `scf.for` loops (outermost first) with arith ops: trip counts
/// `max(ceildiv(ub - lb, step), 0)`, their product as the new upper bound, and each
/// original induction variable as `lb + step * (linear floordiv inner-product mod
/// trip-count)`. Declines on loops with `iter_args` or unsigned comparisons.
pub fn coalesce_scf_loops(ir: &mut Ir, loops: &[Op]) -> Result<(), String> {
    if loops.len() < 2 {
        return Err("fewer than two loops".into());
    }
    let outer = loops[0];
    let mut bounds = Vec::new();
    for &l in loops {
        let ops = ir.operands(l).to_vec();
        if ops.len() != 3 {
            return Err("a loop of the band carries iter_args".into());
        }
        if ir.attr(l, "unsignedCmp").is_some() {
            return Err("a loop of the band compares unsigned".into());
        }
        bounds.push((ops[0], ops[1], ops[2]));
    }
    let k = |ir: &Ir, v| super::simplify_structures::constant_index(ir, v);
    let constant_tc = |ir: &Ir, (lb, ub, step): (Value, Value, Value)| match (
        k(ir, lb),
        k(ir, ub),
        k(ir, step),
    ) {
        (Some(l), Some(u), Some(st)) if st > 0 => Some(constant_trip(l, u, st)),
        _ => None,
    };
    let counts: Vec<i128> = bounds.iter().filter_map(|&b| constant_tc(ir, b)).collect();
    if counts.iter().any(|&c| i64::try_from(c).is_err()) {
        return Err("a trip count does not fit in 64 bits".into());
    }
    check_product(counts.into_iter())?;
    let before = |ir: &mut Ir, o: Op| {
        ir.insert_op_before(outer, o);
        ir.result(o, 0)
    };
    let c0 = constant(ir, 0);
    let c0 = before(ir, c0);
    let c1 = constant(ir, 1);
    let c1 = before(ir, c1);
    let mut tcs = Vec::new();
    for &(lb, ub, step) in &bounds {
        let tc = match constant_tc(ir, (lb, ub, step)) {
            Some(t) => {
                let o = constant(ir, i64::try_from(t).unwrap_or(0));
                before(ir, o)
            }
            _ => {
                let d = arith(ir, arith::SubI::NAME, vec![ub, lb], &[]);
                let d = before(ir, d);
                let t = arith(ir, arith::CeilDivSI::NAME, vec![d, step], &[]);
                let t = before(ir, t);
                let m = arith(ir, arith::MaxSI::NAME, vec![t, c0], &[]);
                before(ir, m)
            }
        };
        tcs.push(tc);
    }
    let mut total = tcs[0];
    for &t in &tcs[1..] {
        let m = arith(ir, arith::MulI::NAME, vec![total, t], &[]);
        total = before(ir, m);
    }
    ir.set_operands(outer, vec![c0, total, c1]);
    let outer_body = body(ir, outer).ok_or("no body")?;
    let innermost = *loops.last().ok_or("no loops")?;
    let inner_body = body(ir, innermost).ok_or("no body")?;
    let mut anchor: Option<Op> = None;
    let place = |ir: &mut Ir, o: Op, anchor: &mut Option<Op>| -> Value {
        match *anchor {
            None => ir.prepend_op(outer_body, o),
            Some(a) => ir.insert_op_after(a, o),
        }
        *anchor = Some(o);
        ir.result(o, 0)
    };
    let n = loops.len();
    let mut previous = ir.block_args(outer_body)[0];
    for idx in (1..=n).rev() {
        if idx != n {
            let o = arith(ir, arith::DivSI::NAME, vec![previous, tcs[idx]], &[]);
            previous = place(ir, o, &mut anchor);
        }
        let norm = if idx == 1 {
            previous
        } else {
            let o = arith(ir, arith::RemSI::NAME, vec![previous, tcs[idx - 1]], &[]);
            place(ir, o, &mut anchor)
        };
        let (lb, _, step) = bounds[idx - 1];
        let o = arith(ir, arith::MulI::NAME, vec![norm, step], &[]);
        let scaled = place(ir, o, &mut anchor);
        let o = arith(ir, arith::AddI::NAME, vec![scaled, lb], &[]);
        let orig = place(ir, o, &mut anchor);
        let b = body(ir, loops[idx - 1]).ok_or("no body")?;
        let iv = ir.block_args(b)[0];
        ir.replace_uses_where(iv, orig, |ir, u| ir.is_ancestor(innermost, u.op));
    }
    let second = loops[1];
    if let Some(t) = ir.last_op(inner_body) {
        ir.erase_op(t);
    }
    let ops: Vec<Op> = ir.block_ops(inner_body).collect();
    for o in ops {
        ir.detach_op(o);
        ir.insert_op_before(second, o);
    }
    ir.erase_op(second);
    Ok(())
}

/// Coalesces the bands of the perfect nest rooted at `op`, innermost band first.
fn coalesce_nest(ir: &mut Ir, op: Op, report: &mut Vec<(Op, String)>) {
    let loops = perfect_nest(ir, op);
    if loops.len() < 2 {
        return;
    }
    // For each loop, the outermost loop of the nest its operands are defined above.
    let defined_above_pos: Vec<usize> = (0..loops.len())
        .map(|i| {
            let ops = ir.operands(loops[i]).to_vec();
            (0..i)
                .find(|&j| ops.iter().all(|&v| defined_above(ir, v, loops[j])))
                .unwrap_or(i)
        })
        .collect();
    let mut end = loops.len();
    while end > 0 {
        let mut start = 0;
        while start + 1 < end {
            let max = *defined_above_pos[start..end].iter().max().unwrap_or(&0);
            if max > start {
                start += 1;
                continue;
            }
            let band = &loops[start..end];
            let result = if ir.isa::<scf::For>(op) {
                coalesce_scf_loops(ir, band)
            } else {
                coalesce_loops(ir, band)
            };
            if let Err(why) = result {
                report.push((loops[start], why));
            }
            break;
        }
        if start + 1 != end {
            end = start + 1;
        }
        end -= 1;
    }
    if defined_above_pos
        .iter()
        .enumerate()
        .any(|(i, &p)| p == i && i > 0)
    {
        report.push((
            op,
            "some loop bounds depend on an enclosing loop of the nest".into(),
        ));
    }
}

/// Runs the pass on `func`; returns the refusals (band's outer loop, reason).
pub fn loop_coalescing_with_report(
    ir: &mut Ir,
    func: Op,
    _options: &LoopCoalescingOptions,
) -> Vec<(Op, String)> {
    let mut report = Vec::new();
    for op in ir.walk_ops(func, WalkOrder::PreOrder) {
        if ir.contains_op(op) && (ir.isa::<AffineFor>(op) || ir.isa::<scf::For>(op)) {
            coalesce_nest(ir, op, &mut report);
        }
    }
    report
}

/// Runs the pass on `func`.
pub fn loop_coalescing(
    ir: &mut Ir,
    func: Op,
    options: &LoopCoalescingOptions,
) -> Result<(), Vec<Diagnostic>> {
    let _ = loop_coalescing_with_report(ir, func, options);
    Ok(())
}
