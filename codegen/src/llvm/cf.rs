//! `cf` dialect → LLVM terminators: `br`, `cond_br`, `switch`, and `assert` (print the
//! message and abort when the condition is false).
//!
//! Invariants: block arguments are phis of the target block (see `lower_cfg_region`);
//! every edge that carries arguments goes through its own small block, so two edges from
//! one branch to the same target never give one phi two different values.

use super::ctx::{LResult, LowerCtx};
use super::{add_incoming, branch_to};
use inkwell::basic_block::BasicBlock;
use inkwell::values::BasicValueEnum;
use lattice_dialects::cf::{Assert, CfKind as K, Switch};
use lattice_ir::{AttrData, Block, Op};

/// The LLVM block to jump to for successor `index` of `op`: the target itself when the
/// edge carries no arguments, otherwise a fresh block that feeds the phis and branches.
fn edge<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op, index: usize) -> LResult<BasicBlock<'ctx>> {
    let ir = cx.ir;
    let target: Block = ir.successors(op)[index];
    let range = ir
        .op_def(op)
        .and_then(|d| d.successor_operands)
        .map(|f| f(ir, op, index))
        .unwrap_or(0..0);
    let args: Vec<BasicValueEnum> = ir.operands(op)[range]
        .iter()
        .map(|&v| cx.value(v))
        .collect::<LResult<_>>()?;
    let (bb, phis) = cx
        .blocks
        .get(&target)
        .cloned()
        .ok_or_else(|| cx.error(op, "branch to a block outside the region"))?;
    if phis.is_empty() {
        return Ok(bb);
    }
    let here = cx.builder.get_insert_block().expect("positioned");
    let f = cx.function.expect("inside a function");
    let e = cx.llcx.append_basic_block(f, "edge");
    cx.builder.position_at_end(e);
    add_incoming(cx, &phis, &args)?;
    cx.builder
        .build_unconditional_branch(bb)
        .map_err(|e| cx.builder_error(e))?;
    cx.builder.position_at_end(here);
    Ok(e)
}

pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    match K::of(ir, op) {
        Some(K::Br) => {
            let args: Vec<BasicValueEnum> = ir
                .operands(op)
                .iter()
                .map(|&v| cx.value(v))
                .collect::<LResult<_>>()?;
            branch_to(cx, ir.successors(op)[0], &args)
        }
        Some(K::CondBr) => {
            let cond = cx.int_operand(op, 0)?;
            let t = edge(cx, op, 0)?;
            let f = edge(cx, op, 1)?;
            cx.builder
                .build_conditional_branch(cond, t, f)
                .map_err(|e| cx.builder_error(e))?;
            Ok(())
        }
        Some(K::Switch) => {
            let flag = cx.int_operand(op, 0)?;
            let values: Vec<i128> = match ir
                .attr(op, Switch::CASE_VALUES)
                .map(|a| ir.ctx().attr_data(a))
            {
                Some(AttrData::DenseElements { values, .. }) => values
                    .iter()
                    .map(|&v| ir.ctx().int_value(v).unwrap_or(0))
                    .collect(),
                _ => Vec::new(),
            };
            let default = edge(cx, op, 0)?;
            let mut cases = Vec::new();
            for (i, &v) in values.iter().enumerate() {
                let bb = edge(cx, op, i + 1)?;
                let c = flag
                    .get_type()
                    .const_int_arbitrary_precision(&[v as u64, ((v as u128) >> 64) as u64]);
                cases.push((c, bb));
            }
            cx.builder
                .build_switch(flag, default, &cases)
                .map_err(|e| cx.builder_error(e))?;
            Ok(())
        }
        Some(K::Assert) => {
            let cond = cx.int_operand(op, 0)?;
            let msg = ir
                .attr(op, Assert::MSG)
                .and_then(|a| ir.ctx().string_value(a))
                .unwrap_or("assertion failed")
                .to_string();
            let f = cx.function.expect("inside a function");
            let fail = cx.llcx.append_basic_block(f, "assert.fail");
            let cont = cx.llcx.append_basic_block(f, "assert.ok");
            cx.builder
                .build_conditional_branch(cond, cont, fail)
                .map_err(|e| cx.builder_error(e))?;
            cx.builder.position_at_end(fail);
            let puts = cx.module.get_function("puts").unwrap_or_else(|| {
                let t = cx.llcx.i32_type().fn_type(&[cx.ptr().into()], false);
                cx.module.add_function("puts", t, None)
            });
            let abort = cx.module.get_function("abort").unwrap_or_else(|| {
                let t = cx.llcx.void_type().fn_type(&[], false);
                cx.module.add_function("abort", t, None)
            });
            let s = cx
                .builder
                .build_global_string_ptr(&msg, "assert_msg")
                .map_err(|e| cx.builder_error(e))?;
            let be = |e| cx.builder_error(e);
            cx.builder
                .build_direct_call(puts, &[s.as_pointer_value().into()], "")
                .map_err(be)?;
            cx.builder.build_direct_call(abort, &[], "").map_err(be)?;
            cx.builder.build_unreachable().map_err(be)?;
            cx.builder.position_at_end(cont);
            Ok(())
        }
        _ => Err(cx.unsupported(op)),
    }
}
