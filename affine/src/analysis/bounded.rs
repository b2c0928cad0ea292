//! `affine.min` / `affine.max` under known bounds of some operands (MLIR's
//! `simplifyConstrainedMinMaxOp`, behind `transform.affine.simplify_bounded_affine_ops`):
//! the op's value is shown to be one of its results everywhere (each other result is
//! never smaller for a min, never larger for a max), or one constant.
//!
//! Every claim is proven exactly: its negation, added to the operands' bounds, must have
//! no integer point ([`set_emptiness`], the Omega test). Operands without bounds range
//! over all integers; one value used by several operands makes them equal.
//!
//! Invariants: the answer is sound for every operand value inside the bounds (and says
//! nothing outside them); bounds are inclusive; an empty box (some `lo > hi`) simplifies
//! nothing, as upstream refuses an inconsistent system.

use super::presburger::{set_emptiness, Feasibility};
use lattice_ir::{AffineExpr, AffineMap, Context, Value};
use rustc_hash::FxHashMap;

/// Inclusive bounds of values.
pub type Bounds = FxHashMap<Value, (i64, i64)>;

/// The variables of a map with `num_dims` dims: `d0..`, then `s0..`.
fn var(ctx: &Context, num_dims: usize, pos: usize) -> AffineExpr {
    if pos < num_dims {
        ctx.dim_expr(pos as u32)
    } else {
        ctx.symbol_expr((pos - num_dims) as u32)
    }
}

/// The constraints the bounds put on `map`'s inputs (`>= 0` rows and equalities).
struct InputBox {
    rows: Vec<AffineExpr>,
    eqs: Vec<bool>,
    /// Inclusive range of each input, when bounded.
    ranges: Vec<Option<(i64, i64)>>,
}

fn input_box(
    ctx: &Context,
    map: AffineMap,
    operands: &[Value],
    bounds: &Bounds,
) -> Option<InputBox> {
    let nd = ctx.map_num_dims(map) as usize;
    let mut b = InputBox {
        rows: Vec::new(),
        eqs: Vec::new(),
        ranges: Vec::new(),
    };
    for (pos, v) in operands.iter().enumerate() {
        let x = var(ctx, nd, pos);
        let range = bounds.get(v).copied();
        if let Some((lo, hi)) = range {
            if lo > hi {
                return None;
            }
            b.rows.push(ctx.sub_expr(x, ctx.constant_expr(lo)));
            b.rows.push(ctx.sub_expr(ctx.constant_expr(hi), x));
            b.eqs.extend([false, false]);
        }
        if let Some(first) = operands[..pos].iter().position(|w| w == v) {
            b.rows.push(ctx.sub_expr(x, var(ctx, nd, first)));
            b.eqs.push(true);
        }
        b.ranges.push(range);
    }
    Some(b)
}

impl InputBox {
    /// Whether no point of the box satisfies every `extra >= 0`.
    fn excludes(&self, ctx: &Context, map: AffineMap, extra: &[AffineExpr]) -> bool {
        let mut rows = self.rows.clone();
        let mut eqs = self.eqs.clone();
        rows.extend_from_slice(extra);
        eqs.resize(rows.len(), false);
        has_no_point(
            ctx,
            ctx.map_num_dims(map),
            ctx.map_num_symbols(map),
            rows,
            eqs,
        )
    }
}

/// Whether no integer point over `num_dims` dims and `num_symbols` symbols satisfies every
/// row (`>= 0`, or `== 0` where `eqs` says), proven exactly.
pub fn has_no_point(
    ctx: &Context,
    num_dims: u32,
    num_symbols: u32,
    rows: Vec<AffineExpr>,
    eqs: Vec<bool>,
) -> bool {
    let set = ctx.integer_set(num_dims, num_symbols, rows, eqs);
    set_emptiness(ctx, set) == Feasibility::Infeasible
}

/// `a - b - 1` (`a > b` as a `>= 0` row).
fn greater(ctx: &Context, a: AffineExpr, b: AffineExpr) -> AffineExpr {
    ctx.sub_expr(ctx.sub_expr(a, b), ctx.constant_expr(1))
}

/// The value of `min(map(operands))` (`max` when `!is_min`) as one expression over the
/// same inputs, when the bounds prove it; inputs whose bounds pin them to one value are
/// replaced by it.
pub fn simplify_bounded_min_max(
    ctx: &Context,
    map: AffineMap,
    operands: &[Value],
    bounds: &Bounds,
    is_min: bool,
) -> Option<AffineExpr> {
    if ctx.map_num_inputs(map) != operands.len() || ctx.map_num_results(map) == 0 {
        return None;
    }
    let b = input_box(ctx, map, operands, bounds)?;
    let results = ctx.map_results(map).to_vec();
    // `a` beats `b` somewhere: smaller for a min, larger for a max.
    let beats = |a: AffineExpr, e: AffineExpr| {
        if is_min {
            greater(ctx, e, a)
        } else {
            greater(ctx, a, e)
        }
    };
    let dominant = results.iter().copied().find(|&k| {
        results
            .iter()
            .all(|&e| e == k || b.excludes(ctx, map, &[beats(e, k)]))
    });
    let value = dominant.or_else(|| constant_value(ctx, map, &b, &results, is_min))?;
    Some(pin_constants(ctx, map, &b, value))
}

/// The constant the op always takes, if any: the extreme of the results' ranges over the
/// box (exact for linear results), checked exactly.
fn constant_value(
    ctx: &Context,
    map: AffineMap,
    b: &InputBox,
    results: &[AffineExpr],
    is_min: bool,
) -> Option<AffineExpr> {
    let nd = ctx.map_num_dims(map) as usize;
    let ranges: Vec<(i64, i64)> = b.ranges.iter().copied().collect::<Option<_>>()?;
    let (dims, syms) = ranges.split_at(nd);
    let extremes: Vec<i64> = results
        .iter()
        .map(|&e| {
            let (lo, hi) = ctx.expr_range(e, dims, syms)?;
            Some(if is_min { lo } else { hi })
        })
        .collect::<Option<_>>()?;
    let c = if is_min {
        extremes.iter().min()
    } else {
        extremes.iter().max()
    };
    let c = ctx.constant_expr(*c?);
    // No result ever passes `c` ...
    let beyond = |e: AffineExpr| {
        if is_min {
            greater(ctx, c, e)
        } else {
            greater(ctx, e, c)
        }
    };
    if !results.iter().all(|&e| b.excludes(ctx, map, &[beyond(e)])) {
        return None;
    }
    // ... and at every point some result reaches it.
    let short: Vec<AffineExpr> = results
        .iter()
        .map(|&e| {
            if is_min {
                greater(ctx, e, c)
            } else {
                greater(ctx, c, e)
            }
        })
        .collect();
    b.excludes(ctx, map, &short).then_some(c)
}

/// `expr` with every input whose bounds allow one value replaced by that value.
fn pin_constants(ctx: &Context, map: AffineMap, b: &InputBox, expr: AffineExpr) -> AffineExpr {
    let nd = ctx.map_num_dims(map) as usize;
    let pinned = |pos: usize| match b.ranges[pos] {
        Some((lo, hi)) if lo == hi => ctx.constant_expr(lo),
        _ => var(ctx, nd, pos),
    };
    let dims: Vec<AffineExpr> = (0..nd).map(pinned).collect();
    let syms: Vec<AffineExpr> = (nd..b.ranges.len()).map(pinned).collect();
    ctx.replace_dims_and_symbols(expr, &dims, &syms)
}
