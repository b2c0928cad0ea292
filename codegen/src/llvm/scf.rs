//! `scf` dialect → LLVM control flow: `for` (with `iter_args`), `while`, `if`,
//! `index_switch`, `execute_region`, and `parallel`/`reduce` run as sequential loop nests.
//!
//! Invariants: every loop is a header block whose phis carry the induction variable and
//! the loop-carried values, a body, and an exit block where the results are the header
//! phis; `scf.yield` is never lowered on its own except as the exit edge of a multi-block
//! `scf.execute_region`. [`build_loop`] is the shared loop builder (also for other
//! dialect files); [`lower_parallel`] is the hook a threaded lowering replaces.

use super::ctx::{LResult, LowerCtx, RegionExit};
use super::{add_incoming, lower_body, lower_cfg_region};
use inkwell::values::{BasicValueEnum, IntValue, PhiValue};
use inkwell::IntPredicate;
use lattice_dialects::scf::ScfKind as K;
use lattice_ir::{AttrData, Op};

/// How a loop compares its induction variable with the upper bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IvCompare {
    /// `slt` (MLIR's default).
    Signed,
    /// `ult` (`scf.for ... unsignedCmp`).
    Unsigned,
}

/// One iteration of a loop built by [`build_loop`]: gets the induction variable and the
/// carried values, returns the next carried values.
pub type LoopBody<'b, 'ctx> = dyn FnMut(
        &mut LowerCtx<'_, 'ctx>,
        IntValue<'ctx>,
        &[BasicValueEnum<'ctx>],
    ) -> LResult<Vec<BasicValueEnum<'ctx>>>
    + 'b;

/// Builds `for (iv = lb; iv < ub; iv += step)` at the builder's position with loop-carried
/// values starting at `init`; `body` emits one iteration (it may create blocks) and returns
/// the next carried values. Returns the carried values after the loop, with the builder
/// in the exit block.
pub fn build_loop<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    lb: IntValue<'ctx>,
    ub: IntValue<'ctx>,
    step: IntValue<'ctx>,
    init: &[BasicValueEnum<'ctx>],
    compare: IvCompare,
    body: &mut LoopBody<'_, 'ctx>,
) -> LResult<Vec<BasicValueEnum<'ctx>>> {
    let f = cx.function.expect("inside a function");
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let header = cx.llcx.append_basic_block(f, "loop.header");
    let body_bb = cx.llcx.append_basic_block(f, "loop.body");
    let exit = cx.llcx.append_basic_block(f, "loop.exit");
    cx.builder
        .build_unconditional_branch(header)
        .map_err(|e| be(cx, e))?;
    let pre = cx.builder.get_insert_block().expect("positioned");
    cx.builder.position_at_end(header);
    let iv = cx
        .builder
        .build_phi(lb.get_type(), "iv")
        .map_err(|e| be(cx, e))?;
    iv.add_incoming(&[(&lb, pre)]);
    let mut phis: Vec<PhiValue> = Vec::new();
    for v in init {
        let p = cx
            .builder
            .build_phi(v.get_type(), "carried")
            .map_err(|e| be(cx, e))?;
        p.add_incoming(&[(v, pre)]);
        phis.push(p);
    }
    let ivv = iv.as_basic_value().into_int_value();
    let pred = match compare {
        IvCompare::Unsigned => IntPredicate::ULT,
        IvCompare::Signed => IntPredicate::SLT,
    };
    let cond = cx
        .builder
        .build_int_compare(pred, ivv, ub, "")
        .map_err(|e| be(cx, e))?;
    cx.builder
        .build_conditional_branch(cond, body_bb, exit)
        .map_err(|e| be(cx, e))?;
    cx.builder.position_at_end(body_bb);
    let carried: Vec<BasicValueEnum> = phis.iter().map(|p| p.as_basic_value()).collect();
    let next = body(cx, ivv, &carried)?;
    let next_iv = cx
        .builder
        .build_int_add(ivv, step, "iv.next")
        .map_err(|e| be(cx, e))?;
    let latch = cx.builder.get_insert_block().expect("positioned");
    iv.add_incoming(&[(&next_iv, latch)]);
    for (p, v) in phis.iter().zip(&next) {
        p.add_incoming(&[(v, latch)]);
    }
    cx.builder
        .build_unconditional_branch(header)
        .map_err(|e| be(cx, e))?;
    cx.builder.position_at_end(exit);
    Ok(carried)
}

/// Values of a dense i64 array attribute.
pub fn dense_i64s(cx: &LowerCtx<'_, '_>, op: Op, name: &str) -> Option<Vec<i64>> {
    match cx.ir.ctx().attr_data(cx.ir.attr(op, name)?) {
        AttrData::DenseArray { values, .. } => Some(values.iter().map(|&v| v as i64).collect()),
        _ => None,
    }
}

pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    match K::of(ir, op) {
        Some(K::For) => {
            let lb = cx.int_operand(op, 0)?;
            let ub = cx.int_operand(op, 1)?;
            let step = cx.int_operand(op, 2)?;
            let inits: Vec<BasicValueEnum> = ir.operands(op)[3..]
                .iter()
                .map(|&v| cx.value(v))
                .collect::<LResult<_>>()?;
            let region = ir.region(op, 0);
            let compare = if ir.attr(op, "unsignedCmp").is_some() {
                IvCompare::Unsigned
            } else {
                IvCompare::Signed
            };
            let results = build_loop(cx, lb, ub, step, &inits, compare, &mut |cx, iv, carried| {
                let mut args = vec![iv.into()];
                args.extend_from_slice(carried);
                lower_body(cx, region, &args)
            })?;
            for (&r, v) in ir.results(op).iter().zip(results) {
                cx.define(r, v);
            }
            Ok(())
        }
        Some(K::If) => {
            let cond = cx.int_operand(op, 0)?;
            let f = cx.function.expect("inside a function");
            let then_bb = cx.llcx.append_basic_block(f, "if.then");
            let else_bb = cx.llcx.append_basic_block(f, "if.else");
            let merge = cx.llcx.append_basic_block(f, "if.end");
            cx.builder
                .build_conditional_branch(cond, then_bb, else_bb)
                .map_err(|e| be(cx, e))?;
            let mut phis = Vec::new();
            cx.builder.position_at_end(merge);
            for &r in ir.results(op) {
                let t = cx.llvm_type_at(op, ir.value_type(r))?;
                let p = cx.builder.build_phi(t, "").map_err(|e| be(cx, e))?;
                cx.define(r, p.as_basic_value());
                phis.push(p);
            }
            for (i, bb) in [then_bb, else_bb].into_iter().enumerate() {
                cx.builder.position_at_end(bb);
                if let Some(&region) = ir.regions(op).get(i) {
                    let yielded = lower_body(cx, region, &[])?;
                    add_incoming(cx, &phis, &yielded)?;
                }
                cx.builder
                    .build_unconditional_branch(merge)
                    .map_err(|e| be(cx, e))?;
            }
            cx.builder.position_at_end(merge);
            Ok(())
        }
        Some(K::While) => {
            let f = cx.function.expect("inside a function");
            let inits: Vec<BasicValueEnum> = ir
                .operands(op)
                .iter()
                .map(|&v| cx.value(v))
                .collect::<LResult<_>>()?;
            let before = cx.llcx.append_basic_block(f, "while.before");
            let after = cx.llcx.append_basic_block(f, "while.after");
            let exit = cx.llcx.append_basic_block(f, "while.exit");
            cx.builder
                .build_unconditional_branch(before)
                .map_err(|e| be(cx, e))?;
            let pre = cx.builder.get_insert_block().expect("positioned");
            cx.builder.position_at_end(before);
            let mut phis = Vec::new();
            for v in &inits {
                let p = cx
                    .builder
                    .build_phi(v.get_type(), "")
                    .map_err(|e| be(cx, e))?;
                p.add_incoming(&[(v, pre)]);
                phis.push(p);
            }
            let args: Vec<BasicValueEnum> = phis.iter().map(|p| p.as_basic_value()).collect();
            let cond_ops = lower_body(cx, ir.region(op, 0), &args)?;
            let Some((cond, forwarded)) = cond_ops.split_first() else {
                return Err(cx.error(op, "scf.while without a condition"));
            };
            cx.builder
                .build_conditional_branch(cond.into_int_value(), after, exit)
                .map_err(|e| be(cx, e))?;
            let forwarded = forwarded.to_vec();
            cx.builder.position_at_end(after);
            let next = lower_body(cx, ir.region(op, 1), &forwarded)?;
            add_incoming(cx, &phis, &next)?;
            cx.builder
                .build_unconditional_branch(before)
                .map_err(|e| be(cx, e))?;
            cx.builder.position_at_end(exit);
            for (&r, v) in ir.results(op).iter().zip(forwarded) {
                cx.define(r, v);
            }
            Ok(())
        }
        Some(K::ExecuteRegion) => {
            let region = ir.region(op, 0);
            if ir.region_blocks(region).count() <= 1 {
                let yielded = lower_body(cx, region, &[])?;
                for (&r, v) in ir.results(op).iter().zip(yielded) {
                    cx.define(r, v);
                }
                return Ok(());
            }
            let f = cx.function.expect("inside a function");
            let pre = cx.builder.get_insert_block().expect("positioned");
            let exit = cx.llcx.append_basic_block(f, "region.exit");
            cx.builder.position_at_end(exit);
            let mut phis = Vec::new();
            for &r in ir.results(op) {
                let t = cx.llvm_type_at(op, ir.value_type(r))?;
                let p = cx.builder.build_phi(t, "").map_err(|e| be(cx, e))?;
                cx.define(r, p.as_basic_value());
                phis.push(p);
            }
            cx.region_exits.insert(op, RegionExit { block: exit, phis });
            let entry = lower_cfg_region(cx, region, &[])?;
            cx.builder.position_at_end(pre);
            if let Some(entry) = entry {
                cx.builder
                    .build_unconditional_branch(entry)
                    .map_err(|e| be(cx, e))?;
            }
            cx.builder.position_at_end(exit);
            Ok(())
        }
        Some(K::Yield) => {
            // Only reached inside multi-block regions: the exit edge of execute_region.
            let parent = ir
                .parent_op(op)
                .ok_or_else(|| cx.error(op, "scf.yield outside a region"))?;
            let Some(exit) = cx.region_exits.get(&parent).cloned() else {
                return Err(cx.unsupported(op));
            };
            let vals: Vec<BasicValueEnum> = ir
                .operands(op)
                .iter()
                .map(|&v| cx.value(v))
                .collect::<LResult<_>>()?;
            add_incoming(cx, &exit.phis, &vals)?;
            cx.builder
                .build_unconditional_branch(exit.block)
                .map_err(|e| be(cx, e))?;
            Ok(())
        }
        Some(K::IndexSwitch) => {
            let f = cx.function.expect("inside a function");
            let arg = cx.int_operand(op, 0)?;
            let cases = dense_i64s(cx, op, "cases").unwrap_or_default();
            let merge = cx.llcx.append_basic_block(f, "switch.end");
            let default_bb = cx.llcx.append_basic_block(f, "switch.default");
            let case_bbs: Vec<_> = cases
                .iter()
                .map(|_| cx.llcx.append_basic_block(f, "switch.case"))
                .collect();
            let pairs: Vec<_> = cases
                .iter()
                .zip(&case_bbs)
                .map(|(&c, &bb)| (arg.get_type().const_int(c as u64, true), bb))
                .collect();
            cx.builder
                .build_switch(arg, default_bb, &pairs)
                .map_err(|e| be(cx, e))?;
            cx.builder.position_at_end(merge);
            let mut phis = Vec::new();
            for &r in ir.results(op) {
                let t = cx.llvm_type_at(op, ir.value_type(r))?;
                let p = cx.builder.build_phi(t, "").map_err(|e| be(cx, e))?;
                cx.define(r, p.as_basic_value());
                phis.push(p);
            }
            let mut targets = vec![default_bb];
            targets.extend(case_bbs);
            for (i, bb) in targets.into_iter().enumerate() {
                cx.builder.position_at_end(bb);
                let yielded = lower_body(cx, ir.region(op, i), &[])?;
                add_incoming(cx, &phis, &yielded)?;
                cx.builder
                    .build_unconditional_branch(merge)
                    .map_err(|e| be(cx, e))?;
            }
            cx.builder.position_at_end(merge);
            Ok(())
        }
        Some(K::Parallel) => lower_parallel(cx, op),
        _ => Err(cx.unsupported(op)),
    }
}

/// `scf.parallel` → the thread-pool lowering of `parallel.rs` ([`lower_parallel_sequential`]
/// is the sequential one: a loop nest folding `scf.reduce` values in iteration order).
pub fn lower_parallel<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    // A loop that may launch GPU kernels runs its iterations in order: the host/device
    // coherence calls assume no launch runs concurrently with host accesses.
    if cx
        .gpu_plan
        .as_ref()
        .is_some_and(|p| p.sequential.contains(&op))
    {
        return lower_parallel_sequential(cx, op);
    }
    super::parallel::lower_parallel(cx, op)
}

/// The sequential lowering of `scf.parallel` (see [`lower_parallel`]).
pub fn lower_parallel_sequential<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let seg = dense_i32_segments(cx, op)
        .ok_or_else(|| cx.error(op, "scf.parallel without operandSegmentSizes"))?;
    let n = seg[0];
    let operands = ir.operands(op);
    let vals: Vec<BasicValueEnum> = operands
        .iter()
        .map(|&v| cx.value(v))
        .collect::<LResult<_>>()?;
    let lbs: Vec<IntValue> = vals[..n].iter().map(|v| v.into_int_value()).collect();
    let ubs: Vec<IntValue> = vals[n..2 * n].iter().map(|v| v.into_int_value()).collect();
    let steps: Vec<IntValue> = vals[2 * n..3 * n]
        .iter()
        .map(|v| v.into_int_value())
        .collect();
    let inits: Vec<BasicValueEnum> = vals[3 * n..].to_vec();
    let region = ir.region(op, 0);
    let results = nest(cx, op, region, &lbs, &ubs, &steps, &inits, &mut Vec::new())?;
    for (&r, v) in ir.results(op).iter().zip(results) {
        cx.define(r, v);
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn nest<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    region: lattice_ir::Region,
    lbs: &[IntValue<'ctx>],
    ubs: &[IntValue<'ctx>],
    steps: &[IntValue<'ctx>],
    accs: &[BasicValueEnum<'ctx>],
    ivs: &mut Vec<BasicValueEnum<'ctx>>,
) -> LResult<Vec<BasicValueEnum<'ctx>>> {
    let d = ivs.len();
    if d == lbs.len() {
        // Innermost: the body, then fold its scf.reduce operands into the accumulators.
        let ir = cx.ir;
        let values = lower_body(cx, region, ivs)?;
        let Some(block) = ir.entry_block(region) else {
            return Ok(accs.to_vec());
        };
        let Some(reduce) = ir.last_op(block) else {
            return Ok(accs.to_vec());
        };
        let mut next = Vec::new();
        for (i, (&acc, &v)) in accs.iter().zip(&values).enumerate() {
            let r = ir
                .regions(reduce)
                .get(i)
                .copied()
                .ok_or_else(|| cx.error(op, "scf.reduce without a region for a result"))?;
            let out = lower_body(cx, r, &[acc, v])?;
            next.push(
                *out.first()
                    .ok_or_else(|| cx.error(op, "scf.reduce.return without a value"))?,
            );
        }
        return Ok(next);
    }
    build_loop(
        cx,
        lbs[d],
        ubs[d],
        steps[d],
        accs,
        IvCompare::Signed,
        &mut |cx, iv, carried| {
            ivs.push(iv.into());
            let r = nest(cx, op, region, lbs, ubs, steps, carried, ivs);
            ivs.pop();
            r
        },
    )
}

/// `operandSegmentSizes` of `op`.
pub fn dense_i32_segments(cx: &LowerCtx<'_, '_>, op: Op) -> Option<Vec<usize>> {
    match cx
        .ir
        .ctx()
        .attr_data(cx.ir.attr(op, "operandSegmentSizes")?)
    {
        AttrData::DenseArray { values, .. } => Some(values.iter().map(|&v| v as usize).collect()),
        _ => None,
    }
}
