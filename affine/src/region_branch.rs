//! Region control flow of `affine.for` and `affine.if` (MLIR's `RegionBranchOpInterface`),
//! as `OpDef::region_branch` hooks.
//!
//! Invariants: `affine.for` with a trivial constant trip count (single-result constant
//! bounds, positive step) enters its body only when the count is positive, and leaves it
//! only for the results when the count is 1, as mlir-opt 22's `getSuccessorRegions`;
//! `affine.if` may take either branch whatever its operands. Malformed ops give empty
//! ranges, never a panic.

use crate::loops::{constant_trip_count, has_single_result_bounds};
use crate::ops::for_segments;
use lattice_dialects::scf_branch::{conditional_regions, successor};
use lattice_ir::attrs::Attr;
use lattice_ir::registry::{RegionPoint, RegionSuccessor};
use lattice_ir::store::{Ir, Op};

/// `affine.for`: from the op (its `iter_args` inits) or the body's `affine.yield`, into
/// the body (after the induction variable) or to the results.
pub fn for_regions(ir: &Ir, op: Op, from: RegionPoint, _: &[Option<Attr>]) -> Vec<RegionSuccessor> {
    let n = ir.results(op).len();
    let operands = match from {
        RegionPoint::Parent => for_segments(ir, op).map_or(0..0, |s| s[2].clone()),
        RegionPoint::Region(_) => 0..n,
    };
    let trip = has_single_result_bounds(ir, op)
        .then(|| constant_trip_count(ir, op))
        .flatten();
    let body = successor(RegionPoint::Region(0), operands.clone(), 1..1 + n);
    let exit = successor(RegionPoint::Parent, operands, 0..n);
    match (from, trip) {
        (RegionPoint::Parent, Some(0)) => vec![exit],
        (RegionPoint::Parent, Some(_)) => vec![body],
        (RegionPoint::Region(_), Some(1)) => vec![exit],
        _ => vec![body, exit],
    }
}

/// `affine.if`: from the op into `then` and `else` (or straight to the results when
/// `else` is empty), whatever its operands; from either region to the results.
pub fn if_regions(ir: &Ir, op: Op, from: RegionPoint, _: &[Option<Attr>]) -> Vec<RegionSuccessor> {
    conditional_regions(ir, op, from, None)
}
