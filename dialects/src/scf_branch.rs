//! Region control flow of the `scf` ops (MLIR's `RegionBranchOpInterface` of `scf.if`,
//! `scf.for`, `scf.while` and `scf.execute_region`), as `OpDef::region_branch` hooks.
//!
//! Invariants: each hook answers, for control at the op itself (`Parent`) or at the
//! terminator of one of its regions, every place control may go next, with the operands
//! of that source it forwards and the block arguments or results that receive them. A
//! constant condition (`scf.if`, `scf.condition`) narrows the answer to the branch taken;
//! anything else keeps every possibility. Malformed ops (checked by the verifier) give
//! empty ranges, never a panic.

use lattice_ir::attrs::Attr;
use lattice_ir::registry::{RegionPoint, RegionSuccessor};
use lattice_ir::store::{Ir, Op};
use std::ops::Range;

/// A successor forwarding `operands` of the source to `inputs`.
pub fn successor(to: RegionPoint, operands: Range<usize>, inputs: Range<usize>) -> RegionSuccessor {
    RegionSuccessor {
        to,
        operands,
        inputs,
    }
}

/// A constant `i1` condition, when `cond` is one.
fn constant_condition(ir: &Ir, cond: Option<&Option<Attr>>) -> Option<bool> {
    Some(ir.ctx().int_value((*cond?)?)? != 0)
}

/// `scf.if`: from the op into the `then` region, the `else` region (or straight to the
/// results when it is empty), only the one a constant condition selects; from either
/// region to the results.
pub fn if_regions(
    ir: &Ir,
    op: Op,
    from: RegionPoint,
    consts: &[Option<Attr>],
) -> Vec<RegionSuccessor> {
    conditional_regions(ir, op, from, constant_condition(ir, consts.first()))
}

/// An op with a `then` and an optional `else` region (`scf.if`, `affine.if`): from the
/// op into `then` when `cond` may be true, into `else` (or straight to the results when
/// it is empty) when it may be false; from either region to the results.
pub fn conditional_regions(
    ir: &Ir,
    op: Op,
    from: RegionPoint,
    cond: Option<bool>,
) -> Vec<RegionSuccessor> {
    let results = ir.results(op).len();
    if from != RegionPoint::Parent {
        return vec![successor(RegionPoint::Parent, 0..results, 0..results)];
    }
    let else_empty = ir.regions(op).get(1).is_none_or(|&r| ir.region_is_empty(r));
    let then = successor(RegionPoint::Region(0), 0..0, 0..0);
    let other = if else_empty {
        successor(RegionPoint::Parent, 0..0, 0..0)
    } else {
        successor(RegionPoint::Region(1), 0..0, 0..0)
    };
    match cond {
        Some(true) => vec![then],
        Some(false) => vec![other],
        None => vec![then, other],
    }
}

/// `scf.for`: from the op or the body's `scf.yield`, into the body (its `iter_args`, after
/// the induction variable) or to the results; the trip count is not looked at, as in
/// mlir-opt 22.
pub fn for_regions(ir: &Ir, op: Op, from: RegionPoint, _: &[Option<Attr>]) -> Vec<RegionSuccessor> {
    let n = ir.results(op).len();
    let operands = match from {
        RegionPoint::Parent => 3..3 + n,
        RegionPoint::Region(_) => 0..n,
    };
    vec![
        successor(RegionPoint::Region(0), operands.clone(), 1..1 + n),
        successor(RegionPoint::Parent, operands, 0..n),
    ]
}

/// `scf.while`: from the op into `before`; from `before`'s `scf.condition` into `after`
/// or to the results (only one for a constant condition); from `after` into `before`.
pub fn while_regions(
    ir: &Ir,
    op: Op,
    from: RegionPoint,
    consts: &[Option<Attr>],
) -> Vec<RegionSuccessor> {
    match from {
        RegionPoint::Parent => {
            let n = ir.operands(op).len();
            vec![successor(RegionPoint::Region(0), 0..n, 0..n)]
        }
        RegionPoint::Region(0) => {
            let n = consts.len().saturating_sub(1);
            let after = successor(RegionPoint::Region(1), 1..1 + n, 0..n);
            let exit = successor(RegionPoint::Parent, 1..1 + n, 0..n);
            match constant_condition(ir, consts.first()) {
                Some(true) => vec![after],
                Some(false) => vec![exit],
                None => vec![after, exit],
            }
        }
        RegionPoint::Region(_) => {
            let n = consts.len();
            vec![successor(RegionPoint::Region(0), 0..n, 0..n)]
        }
    }
}

/// `scf.execute_region`: from the op into its region; from its `scf.yield`s to the
/// results.
pub fn execute_region_regions(
    ir: &Ir,
    op: Op,
    from: RegionPoint,
    _: &[Option<Attr>],
) -> Vec<RegionSuccessor> {
    match from {
        RegionPoint::Parent => vec![successor(RegionPoint::Region(0), 0..0, 0..0)],
        RegionPoint::Region(_) => {
            let n = ir.results(op).len();
            vec![successor(RegionPoint::Parent, 0..n, 0..n)]
        }
    }
}
