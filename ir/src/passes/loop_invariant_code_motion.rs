//! `loop-invariant-code-motion`: MLIR's generic LICM. Every loop-like op (an op whose
//! definition has a `loop_regions` hook: MLIR's `LoopLikeOpInterface`) nested in the
//! root, innermost first (post-order), has the ops of its body regions that are memory
//! effect free and speculatable, and that use only values defined outside the loop (or
//! inside themselves), moved just before it, in the order they are found.
//!
//! Invariants: what moves is decided by op definitions only (effect traits,
//! `speculatability` hooks, `loop_regions` hooks), never by op names; terminators never
//! move; an op moved out of an inner loop lands in the outer loop's body, where the outer
//! loop may move it again. Each region is scanned with mlir-opt's FIFO worklist: an op
//! that moved puts its users in the same region back on the list.

use crate::diag::Diagnostic;
use crate::pass::{NoOptions, PassDef, PassOptions};
use crate::store::{Ir, Op, Region, Value, WalkOrder};
use std::collections::VecDeque;

/// The pass as mlir-opt names it (it runs on any op).
pub static LOOP_INVARIANT_CODE_MOTION: PassDef = PassDef {
    name: "loop-invariant-code-motion",
    display_name: "LoopInvariantCodeMotion",
    summary: "Hoist loop invariant instructions outside of the loop",
    anchor: None,
    options: &[],
    configure: crate::pass::configure::<NoOptions>,
    run: run_pass,
};

fn run_pass(ir: &mut Ir, root: Op, _: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let loops: Vec<Op> = ir
        .walk_ops(root, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| ir.op_def(o).is_some_and(|d| d.loop_regions.is_some()))
        .collect();
    for l in loops {
        move_loop_invariant_code(ir, l);
    }
    Ok(())
}

/// Whether `value` is defined inside `op`: by an op nested in it or as an argument of one
/// of its blocks (MLIR's `!isDefinedOutsideOfLoop`; `op`'s own results are outside).
pub fn is_defined_inside(ir: &Ir, value: Value, op: Op) -> bool {
    ir.value_block(value)
        .and_then(|b| ir.block_parent_op(b))
        .is_some_and(|p| ir.is_ancestor(op, p))
}

/// Whether `op` could leave its region as far as its operands go (MLIR's
/// `canBeHoisted`): it is not a terminator, and every value it or an op nested in it uses
/// is defined inside `op` or satisfies `outside`.
pub fn can_be_hoisted(ir: &Ir, op: Op, outside: impl Fn(Value) -> bool) -> bool {
    if ir.has_trait(op, crate::Traits::TERMINATOR) {
        return false;
    }
    ir.walk_ops(op, WalkOrder::PreOrder).into_iter().all(|o| {
        ir.operands(o)
            .iter()
            .all(|&v| is_defined_inside(ir, v, op) || outside(v))
    })
}

/// The region holding `op`.
fn parent_region(ir: &Ir, op: Op) -> Option<Region> {
    ir.op_parent(op).and_then(|b| ir.block_parent(b))
}

/// Moves the invariant ops of loop-like op `l` before it (MLIR's
/// `moveLoopInvariantCode`); returns how many moved. Not a loop, or a loop outside any
/// block: nothing moves.
pub fn move_loop_invariant_code(ir: &mut Ir, l: Op) -> usize {
    let Some(regions_of) = ir.op_def(l).and_then(|d| d.loop_regions) else {
        return 0;
    };
    if ir.op_parent(l).is_none() {
        return 0;
    }
    let mut moved = 0;
    for region in regions_of(ir, l) {
        let mut worklist: VecDeque<Op> = ir
            .region_blocks(region)
            .flat_map(|b| ir.block_ops(b))
            .collect();
        while let Some(op) = worklist.pop_front() {
            if parent_region(ir, op) != Some(region)
                || !super::is_memory_effect_free(ir, op)
                || !super::is_speculatable(ir, op)
                || !can_be_hoisted(ir, op, |v| !is_defined_inside(ir, v, l))
            {
                continue;
            }
            ir.detach_op(op);
            ir.insert_op_before(l, op);
            moved += 1;
            for &r in ir.results(op) {
                worklist.extend(
                    ir.uses(r)
                        .iter()
                        .map(|u| u.op)
                        .filter(|&u| parent_region(ir, u) == Some(region)),
                );
            }
        }
    }
    moved
}
