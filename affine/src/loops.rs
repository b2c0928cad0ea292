//! Loop utilities of `affine.for`: its constant trip count, with one meaning for every
//! pass (issue 23: three copies had drifted apart).
//!
//! Invariants: the trip count of `affine.for %i = max(lbs) to min(ubs) step s` is
//! `ceil((min(ubs) - max(lbs)) / s)`, or 0 when the loop does not run. It is constant when
//! every bound result is a constant; `None` otherwise, for a non-positive or missing step,
//! or when the count does not fit the return type. The arithmetic never overflows
//! (`ub - lb` is taken in `i128`). Callers that need another rule (single-result bounds
//! only, bounds whose difference is constant) say so where they call.

use crate::util::{int_attr, map_attr};
use crate::views::AffineFor;
use lattice_ir::{Ir, Op};

/// The constant trip count of `affine.for` `l`, as defined in the module docs; `None`
/// also when it exceeds `i64::MAX`.
pub fn constant_trip_count(ir: &Ir, l: Op) -> Option<i64> {
    i64::try_from(wide_constant_trip_count(ir, l)?).ok()
}

/// The constant trip count of `affine.for` `l` in `i128`, where every count of a loop
/// with 64-bit bounds fits (`i64::MIN` to `i64::MAX` runs `2^64 - 1` times): for callers
/// that report a count too large for [`constant_trip_count`].
pub fn wide_constant_trip_count(ir: &Ir, l: Op) -> Option<i128> {
    let ctx = ir.ctx();
    let lb = ctx.map_constant_results(map_attr(ir, l, AffineFor::LOWER_BOUND_MAP)?)?;
    let ub = ctx.map_constant_results(map_attr(ir, l, AffineFor::UPPER_BOUND_MAP)?)?;
    let lb = i128::from(*lb.iter().max()?);
    let ub = i128::from(*ub.iter().min()?);
    let step = int_attr(ir, l, AffineFor::STEP).unwrap_or(1);
    if step <= 0 {
        return None;
    }
    Some(if ub <= lb {
        0
    } else {
        (ub - lb + step - 1) / step
    })
}

/// Whether both bound maps of `affine.for` `l` have exactly one result (no `max`/`min`).
pub fn has_single_result_bounds(ir: &Ir, l: Op) -> bool {
    let ctx = ir.ctx();
    [AffineFor::LOWER_BOUND_MAP, AffineFor::UPPER_BOUND_MAP]
        .iter()
        .all(|name| map_attr(ir, l, name).is_some_and(|m| ctx.map_num_results(m) == 1))
}
