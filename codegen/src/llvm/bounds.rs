//! Static upper bounds of `index` values, for proving vector transfers in bounds at
//! lowering time (a transfer without `in_bounds` would otherwise need a lane mask and
//! `llvm.masked.*` intrinsics, which LLVM neither promotes to registers nor fuses).
//!
//! Invariant: [`upper_bound`] never returns a value smaller than one the program can
//! produce at run time; it answers `None` when unsure. It understands constants, the
//! induction variable of an `scf.for` whose bounds have upper bounds and whose step is a
//! positive constant, and `arith.addi`/`subi`/`muli`/`minsi`/`maxsi`/`select` of such values
//! (what `lower-affine` emits for affine subscripts and `min` bound maps). Overflowing
//! arithmetic answers `None`.

use lattice_dialects::arith::ArithKind as K;
use lattice_dialects::scf::For;
use lattice_ir::{Ir, Value, ValueDef};

/// Recursion budget: subscript expressions are shallow; deep chains answer `None`.
const MAX_DEPTH: u32 = 16;

/// The largest value `v` (an integer or `index` value) can take, if known statically.
pub(crate) fn upper_bound(ir: &Ir, v: Value) -> Option<i64> {
    bound(ir, v, MAX_DEPTH)
}

/// The smallest value `v` can take, if known statically (same cases as [`upper_bound`]).
fn lower_bound(ir: &Ir, v: Value, depth: u32) -> Option<i64> {
    if let Some(c) = lattice_affine::util::constant_int(ir, v) {
        return Some(c);
    }
    let depth = depth.checked_sub(1)?;
    match ir.value_def(v) {
        ValueDef::Argument { block, index: 0 } => {
            let op = ir.block_parent_op(block)?;
            ir.isa::<For>(op)
                .then(|| lower_bound(ir, ir.operand(op, 0), depth))?
        }
        ValueDef::Result { op, index: 0 } => {
            let a = |i| lower_bound(ir, ir.operand(op, i), depth);
            match K::of(ir, op) {
                Some(K::AddI) => a(0)?.checked_add(a(1)?),
                Some(K::MinSI) => Some(a(0)?.min(a(1)?)),
                Some(K::MaxSI) => Some(a(0)?.max(a(1)?)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn bound(ir: &Ir, v: Value, depth: u32) -> Option<i64> {
    if let Some(c) = lattice_affine::util::constant_int(ir, v) {
        return Some(c);
    }
    let depth = depth.checked_sub(1)?;
    match ir.value_def(v) {
        ValueDef::Argument { block, index: 0 } => {
            // The IV of `scf.for %iv = %lb to %ub step %s`: the last value below ub.
            let op = ir.block_parent_op(block)?;
            if !ir.isa::<For>(op) {
                return None;
            }
            let step = lattice_affine::util::constant_int(ir, ir.operand(op, 2))?;
            if step < 1 {
                return None;
            }
            let ub = bound(ir, ir.operand(op, 1), depth)?;
            match lattice_affine::util::constant_int(ir, ir.operand(op, 0)) {
                // lb + floor((ub - 1 - lb) / step) * step, the exact last iteration.
                Some(lb) if ub > lb => lb.checked_add((ub - 1 - lb) / step * step),
                Some(lb) => Some(lb),
                None => ub.checked_sub(1),
            }
        }
        ValueDef::Result { op, index: 0 } => {
            let b = |i| bound(ir, ir.operand(op, i), depth);
            match K::of(ir, op) {
                Some(K::AddI) => b(0)?.checked_add(b(1)?),
                Some(K::SubI) => b(0)?.checked_sub(lower_bound(ir, ir.operand(op, 1), depth)?),
                Some(K::MulI) => {
                    // Only a non-negative constant times a value known non-negative.
                    let (x, c) = match (
                        lattice_affine::util::constant_int(ir, ir.operand(op, 0)),
                        lattice_affine::util::constant_int(ir, ir.operand(op, 1)),
                    ) {
                        (_, Some(c)) => (0, c),
                        (Some(c), _) => (1, c),
                        _ => return None,
                    };
                    if c < 0 || lower_bound(ir, ir.operand(op, x), depth)? < 0 {
                        return None;
                    }
                    b(x)?.checked_mul(c)
                }
                Some(K::MinSI) => match (b(0), b(1)) {
                    (Some(x), Some(y)) => Some(x.min(y)),
                    (x, y) => x.or(y),
                },
                Some(K::MaxSI) => Some(b(0)?.max(b(1)?)),
                Some(K::Select) => Some(b(1)?.max(b(2)?)),
                _ => None,
            }
        }
        _ => None,
    }
}
