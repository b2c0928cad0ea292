//! MLIR's rules for which SSA values may be used as affine dimensions and symbols
//! (`isValidDim`, `isValidSymbol`, `getAffineScope` in `AffineOps.cpp`).
//!
//! A value is a valid *symbol* (for the affine scope region `region`) when it has index
//! type and: it is defined at the top level of `region` or is one of its arguments; it is
//! produced by a constant-like op; it is an `affine.apply` result whose operands are all
//! valid symbols; it is a `memref.dim`/`tensor.dim` of a memref defined at the top level
//! of an affine scope (or of an `alloc`/`view`/`subview` whose size operand is a valid
//! symbol); it is produced by a pure op whose operands are all valid symbols; or it
//! dominates the scope op and is a valid symbol of the enclosing region (only across
//! scopes that are not isolated from above). A valid *dimension* is a valid symbol, an
//! induction variable of `affine.for`/`affine.parallel` (not an iter_arg), an `affine.apply` of valid
//! dimensions, or a `dim` of a top-level memref.
//!
//! Invariants: pure functions of the IR; recursion follows def-use chains of
//! `affine.apply`, pure ops and the region nesting, memoized per query: each (value,
//! region) pair is decided once, so shared operands cost linear time, and a use-def cycle
//! (`%a = affine.apply ...(%a)`, which the verifier sees before its dominance check) ends
//! the recursion with `false` instead of overflowing the stack.

use crate::util::constant_int;
use crate::views::{
    AffineApply, AffineDelinearizeIndex, AffineFor, AffineKind, AffineLinearizeIndex,
    AffineParallel,
};
use lattice_dialects::memref;
use lattice_ir::{Ir, Op, Region, Traits, TypeData, Value, ValueDef};
use std::collections::HashMap;

/// Decisions of one query, by (value, region); a pair being decided reads `false`.
#[derive(Default)]
struct Memo {
    symbol: HashMap<(Value, Option<Region>), bool>,
    dim: HashMap<(Value, Option<Region>), bool>,
}

/// The region of the closest ancestor of `op` with the `AFFINE_SCOPE` trait that
/// contains `op` (MLIR's `getAffineScope`).
pub fn affine_scope(ir: &Ir, op: Op) -> Option<Region> {
    let mut cur = op;
    while let Some(parent) = ir.parent_op(cur) {
        if ir.has_trait(parent, Traits::AFFINE_SCOPE) {
            return ir.op_parent(cur).and_then(|b| ir.block_parent(b));
        }
        cur = parent;
    }
    None
}

/// The closest region around `op` held by an op other than `affine.for`, `affine.parallel`
/// and `affine.if` (MLIR's `getAffineAnalysisScope`).
pub fn analysis_scope(ir: &Ir, op: Op) -> Option<Region> {
    let mut region = ir.op_parent(op).and_then(|b| ir.block_parent(b))?;
    loop {
        let holder = ir.region_parent(region)?;
        if !matches!(
            AffineKind::of(ir, holder),
            Some(AffineKind::For | AffineKind::Parallel | AffineKind::If)
        ) {
            return Some(region);
        }
        region = ir.op_parent(holder).and_then(|b| ir.block_parent(b))?;
    }
}

/// The region in which `value` is defined (its block's region).
fn value_region(ir: &Ir, value: Value) -> Option<Region> {
    match ir.value_def(value) {
        ValueDef::Argument { .. } => ir.value_block(value).and_then(|b| ir.block_parent(b)),
        _ => ir
            .defining_op(value)
            .and_then(|op| ir.op_parent(op))
            .and_then(|b| ir.block_parent(b)),
    }
}

/// The op owning the region in which `value` is defined.
fn value_scope_owner(ir: &Ir, value: Value) -> Option<Op> {
    value_region(ir, value).and_then(|r| ir.region_parent(r))
}

/// Whether `value` is defined at the top level of an op with the `AFFINE_SCOPE` trait
/// (MLIR's `isTopLevelValue(Value)`).
pub fn is_top_level_value(ir: &Ir, value: Value) -> bool {
    value_scope_owner(ir, value).is_some_and(|op| ir.has_trait(op, Traits::AFFINE_SCOPE))
}

fn is_index(ir: &Ir, value: Value) -> bool {
    ir.ctx().is_index(ir.value_type(value))
}

pub(crate) fn is_dim_op(ir: &Ir, op: Op) -> bool {
    ir.isa::<memref::Dim>(op) || ir.is_op(op, "tensor.dim")
}

/// Whether `value` may be used as an affine symbol in `region` (an affine scope region,
/// or `None` when there is none).
pub fn is_valid_symbol(ir: &Ir, value: Value, region: Option<Region>) -> bool {
    symbol(ir, value, region, &mut Memo::default())
}

/// [`is_valid_symbol`], memoized in `memo`.
fn symbol(ir: &Ir, value: Value, region: Option<Region>, memo: &mut Memo) -> bool {
    if let Some(&known) = memo.symbol.get(&(value, region)) {
        return known;
    }
    memo.symbol.insert((value, region), false);
    let valid = symbol_uncached(ir, value, region, memo);
    memo.symbol.insert((value, region), valid);
    valid
}

fn symbol_uncached(ir: &Ir, value: Value, region: Option<Region>, memo: &mut Memo) -> bool {
    if !is_index(ir, value) {
        return false;
    }
    if let Some(r) = region {
        if value_region(ir, value) == Some(r) {
            return true;
        }
    }
    let in_parent_scope = |ir: &Ir, memo: &mut Memo| {
        let scope_op = region.and_then(|r| ir.region_parent(r));
        match scope_op {
            Some(sop) if !ir.has_trait(sop, Traits::ISOLATED_FROM_ABOVE) => {
                match ir.op_parent(sop).and_then(|b| ir.block_parent(b)) {
                    Some(parent_region) => symbol(ir, value, Some(parent_region), memo),
                    None => false,
                }
            }
            _ => false,
        }
    };
    let Some(def) = ir.defining_op(value) else {
        return in_parent_scope(ir, memo);
    };
    if ir.has_trait(def, Traits::CONSTANT_LIKE) {
        return true;
    }
    if ir.isa::<AffineApply>(def) {
        return ir
            .operands(def)
            .iter()
            .all(|&o| symbol(ir, o, region, memo));
    }
    if is_dim_op(ir, def) {
        return is_dim_op_valid_symbol(ir, def, region, memo);
    }
    // A pure (speculatable, effect-free) op whose operands are all valid symbols
    // (mlir-opt 22's `isPure`).
    if ir.has_trait(def, Traits::PURE)
        && is_speculatable(ir, def)
        && ir.regions(def).is_empty()
        && ir
            .operands(def)
            .iter()
            .all(|&o| symbol(ir, o, region, memo))
    {
        return true;
    }
    in_parent_scope(ir, memo)
}

/// Whether `op` may be executed speculatively: ops that may trap (integer division and
/// remainder) only with a constant divisor that is non-zero, and not -1 for signed ones.
fn is_speculatable(ir: &Ir, op: Op) -> bool {
    if !ir.has_trait(op, Traits::MAY_TRAP) {
        return true;
    }
    let divisor = ir
        .operands(op)
        .get(1)
        .and_then(|&d| ir.defining_op(d))
        .filter(|&c| ir.has_trait(c, Traits::CONSTANT_LIKE))
        .and_then(|c| ir.attr(c, "value"))
        .and_then(|a| ir.ctx().int_value(a));
    let signed = !ir.op_name(op).ends_with("ui");
    match divisor {
        Some(0) | None => false,
        Some(-1) => !signed,
        Some(_) => true,
    }
}

/// Whether the result of a `dim` op is a valid symbol in `region`.
fn is_dim_op_valid_symbol(ir: &Ir, dim_op: Op, region: Option<Region>, memo: &mut Memo) -> bool {
    let ops = ir.operands(dim_op);
    let (Some(&shaped), Some(&index)) = (ops.first(), ops.get(1)) else {
        return false;
    };
    if is_top_level_value(ir, shaped) {
        return true;
    }
    let Some(def) = ir.defining_op(shaped) else {
        return false;
    };
    let Some(i) = constant_int(ir, index).and_then(|i| usize::try_from(i).ok()) else {
        return false;
    };
    let ctx = ir.ctx();
    let TypeData::MemRef { shape, .. } = ctx.type_data(ir.value_type(shaped)) else {
        return false;
    };
    let Some(&size) = shape.get(i) else {
        return false;
    };
    if size != lattice_ir::DYNAMIC {
        return true;
    }
    let dyn_pos = shape[..i]
        .iter()
        .filter(|&&s| s == lattice_ir::DYNAMIC)
        .count();
    let operands = ir.operands(def);
    let segments = crate::util::dense_array(ctx, ir.attr(def, "operandSegmentSizes"));
    let sizes: &[Value] = if ir.isa::<memref::Alloc>(def) {
        operands
    } else if ir.isa::<memref::View>(def) {
        operands.get(2..).unwrap_or(&[])
    } else if ir.isa::<memref::SubView>(def) {
        // Operands: source, offsets, sizes, strides.
        match segments.as_deref() {
            Some([_, offsets, sizes, _]) => {
                let start = 1 + *offsets as usize;
                operands.get(start..start + *sizes as usize).unwrap_or(&[])
            }
            _ => return false,
        }
    } else {
        return false;
    };
    sizes
        .get(dyn_pos)
        .is_some_and(|&s| symbol(ir, s, region, memo))
}

/// Whether `value` is a valid symbol wherever it is used (MLIR's one-argument
/// `isValidSymbol`): an index defined at the top of an affine scope, or valid as a
/// symbol in the affine scope of its defining op.
pub fn is_valid_symbol_anywhere(ir: &Ir, value: Value) -> bool {
    if !is_index(ir, value) {
        return false;
    }
    if is_top_level_value(ir, value) {
        return true;
    }
    ir.defining_op(value)
        .is_some_and(|d| is_valid_symbol(ir, value, affine_scope(ir, d)))
}

/// Whether `value` may be used as an affine dimension in `region`.
pub fn is_valid_dim(ir: &Ir, value: Value, region: Option<Region>) -> bool {
    dim(ir, value, region, &mut Memo::default())
}

/// [`is_valid_dim`], memoized in `memo`.
fn dim(ir: &Ir, value: Value, region: Option<Region>, memo: &mut Memo) -> bool {
    if let Some(&known) = memo.dim.get(&(value, region)) {
        return known;
    }
    memo.dim.insert((value, region), false);
    let valid = dim_uncached(ir, value, region, memo);
    memo.dim.insert((value, region), valid);
    valid
}

fn dim_uncached(ir: &Ir, value: Value, region: Option<Region>, memo: &mut Memo) -> bool {
    if !is_index(ir, value) {
        return false;
    }
    if symbol(ir, value, region, memo) {
        return true;
    }
    let Some(def) = ir.defining_op(value) else {
        // A block argument: valid if it is an induction variable of an affine.for (its
        // first argument, not an iter_arg) or of an affine.parallel.
        let first_arg = matches!(
            ir.value_def(value),
            lattice_ir::ValueDef::Argument { index: 0, .. }
        );
        return value_scope_owner(ir, value).is_some_and(|op| {
            (ir.isa::<AffineFor>(op) && first_arg) || ir.isa::<AffineParallel>(op)
        });
    };
    // delinearize_index and linearize_index are forms of apply (as in MLIR 22).
    if ir.isa::<AffineApply>(def)
        || ir.isa::<AffineDelinearizeIndex>(def)
        || ir.isa::<AffineLinearizeIndex>(def)
    {
        return ir.operands(def).iter().all(|&o| dim(ir, o, region, memo));
    }
    if is_dim_op(ir, def) {
        return ir
            .operands(def)
            .first()
            .is_some_and(|&s| is_top_level_value(ir, s));
    }
    false
}
