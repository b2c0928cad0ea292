//! Value ranges of index computations, for transformations that must not create an
//! index value beyond 64 bits (tile bounds `d0 + T`, a normalized loop's `ub - lb`, the
//! increment `iv + step` of a generated loop).
//!
//! Ranges come from constants and from the bounds of enclosing `affine.for` /
//! `affine.parallel` ops; anything else (a function argument, a loaded value) is
//! unknown, and a side that depends on an unknown value is unknown, so only what is
//! known can be found to overflow: callers check what they can (as the poly-transform
//! range check leaves parametric bounds alone).
//!
//! Invariants: ranges are sound (each true value lies in its range) and kept in `i128`
//! with checked arithmetic. Sums and products are exact modulo 2^64 however they are
//! lowered (wrapping `arith.addi`/`arith.muli`), so only the values the runtime observes
//! are required to fit in `i64`: a whole expression (a bound, an index, a constraint),
//! the dividend of a `floordiv`/`ceildiv`/`mod`, and a loop's last `iv + step`.

use crate::util::{constant_int, group_ranges, int_array, map_attr, set_attr};
use crate::views::{AffineFor, AffineIf, AffineKind, AffineParallel};
use lattice_ir::{AffineBinOp, AffineExpr, AffineExprData, Context, Ir, Op, Value, WalkOrder};
use rustc_hash::FxHashMap;

/// Ranges of values already computed (a nest's bounds refer to the same outer IVs).
pub type Cache = FxHashMap<Value, Range>;

/// A closed range of integers; a side is `None` when it is not known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// The smallest value, if known.
    pub lo: Option<i128>,
    /// The largest value, if known.
    pub hi: Option<i128>,
}

impl Range {
    /// Nothing known.
    pub const UNKNOWN: Range = Range { lo: None, hi: None };

    /// The single value `v`.
    pub fn exact(v: i128) -> Range {
        Range {
            lo: Some(v),
            hi: Some(v),
        }
    }

    /// A known side outside `i64`, if any.
    pub fn beyond_i64(&self) -> Option<i128> {
        let out = |v: &i128| i64::try_from(*v).is_err();
        self.lo.filter(out).or(self.hi.filter(out))
    }

    /// `self - other`.
    pub fn sub(self, other: Range) -> Option<Range> {
        let d = |a: Option<i128>, b: Option<i128>| -> Option<Option<i128>> {
            match (a, b) {
                (Some(a), Some(b)) => a.checked_sub(b).map(Some),
                _ => Some(None),
            }
        };
        Some(Range {
            lo: d(self.lo, other.hi)?,
            hi: d(self.hi, other.lo)?,
        })
    }
}

/// An index value that may leave `i64`: what computes it and a value it may reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overflow {
    /// A value the computation may reach (`i128::MAX` when beyond `i128` too).
    pub value: i128,
}

impl std::fmt::Display for Overflow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.value == i128::MAX {
            write!(f, "an index value would be beyond the 64-bit range")
        } else {
            write!(
                f,
                "an index value would reach {}, beyond the 64-bit range",
                self.value
            )
        }
    }
}

fn overflow(value: i128) -> Overflow {
    Overflow { value }
}

/// The range of `expr` over `dims` and `syms` (in order), with every value the runtime
/// observes inside it (the dividends of its divisions) checked; the caller checks the
/// result itself with [`Range::beyond_i64`] or [`check_root`].
pub fn expr_range(
    ctx: &Context,
    expr: AffineExpr,
    dims: &[Range],
    syms: &[Range],
) -> Result<Range, Overflow> {
    let big = || overflow(i128::MAX);
    match ctx.expr_data(expr) {
        AffineExprData::Constant(c) => Ok(Range::exact(c.into())),
        AffineExprData::Dim(d) => Ok(dims.get(d as usize).copied().unwrap_or(Range::UNKNOWN)),
        AffineExprData::Symbol(s) => Ok(syms.get(s as usize).copied().unwrap_or(Range::UNKNOWN)),
        AffineExprData::Binary { op, lhs, rhs } => {
            let a = expr_range(ctx, lhs, dims, syms)?;
            let b = expr_range(ctx, rhs, dims, syms)?;
            match op {
                AffineBinOp::Add => {
                    let add = |x: Option<i128>, y: Option<i128>| match (x, y) {
                        (Some(x), Some(y)) => x.checked_add(y).map(Some).ok_or_else(big),
                        _ => Ok(None),
                    };
                    Ok(Range {
                        lo: add(a.lo, b.lo)?,
                        hi: add(a.hi, b.hi)?,
                    })
                }
                AffineBinOp::Mul => mul(a, b),
                AffineBinOp::FloorDiv | AffineBinOp::CeilDiv | AffineBinOp::Mod => {
                    if let Some(v) = a.beyond_i64() {
                        return Err(overflow(v));
                    }
                    let Some(c) = ctx.constant_value(rhs).filter(|&c| c > 0) else {
                        return Ok(Range::UNKNOWN);
                    };
                    let c = i128::from(c);
                    let q = |x: Option<i128>| {
                        x.map(|x| match op {
                            AffineBinOp::FloorDiv => x.div_euclid(c),
                            _ => -((-x).div_euclid(c)),
                        })
                    };
                    Ok(match op {
                        AffineBinOp::Mod => Range {
                            lo: Some(0),
                            hi: Some(c - 1),
                        },
                        _ => Range {
                            lo: q(a.lo),
                            hi: q(a.hi),
                        },
                    })
                }
            }
        }
    }
}

fn mul(a: Range, b: Range) -> Result<Range, Overflow> {
    let (Some(a0), Some(a1), Some(b0), Some(b1)) = (a.lo, a.hi, b.lo, b.hi) else {
        // One side a known constant still bounds what is known of the other.
        let scale = |r: Range, c: i128| -> Result<Range, Overflow> {
            let m = |x: Option<i128>| {
                x.map(|x| x.checked_mul(c).ok_or(overflow(i128::MAX)))
                    .transpose()
            };
            let (lo, hi) = (m(r.lo)?, m(r.hi)?);
            Ok(if c >= 0 {
                Range { lo, hi }
            } else {
                Range { lo: hi, hi: lo }
            })
        };
        return match (a.lo == a.hi, b.lo == b.hi) {
            (true, _) if a.lo.is_some() => scale(b, a.lo.unwrap_or(0)),
            (_, true) if b.lo.is_some() => scale(a, b.lo.unwrap_or(0)),
            _ => Ok(Range::UNKNOWN),
        };
    };
    let mut corners = Vec::with_capacity(4);
    for x in [a0, a1] {
        for y in [b0, b1] {
            corners.push(x.checked_mul(y).ok_or(overflow(i128::MAX))?);
        }
    }
    Ok(Range {
        lo: corners.iter().min().copied(),
        hi: corners.iter().max().copied(),
    })
}

/// [`expr_range`], the whole expression's value checked too.
pub fn check_root(
    ctx: &Context,
    expr: AffineExpr,
    dims: &[Range],
    syms: &[Range],
) -> Result<Range, Overflow> {
    let r = expr_range(ctx, expr, dims, syms)?;
    match r.beyond_i64() {
        Some(v) => Err(overflow(v)),
        None => Ok(r),
    }
}

/// The range of index value `v`: a constant, or the induction variable of an
/// `affine.for` / `affine.parallel` (from its bounds); unknown otherwise.
pub fn value_range(ir: &Ir, v: Value, cache: &mut Cache) -> Range {
    if let Some(&r) = cache.get(&v) {
        return r;
    }
    let r = compute_value_range(ir, v, cache);
    cache.insert(v, r);
    r
}

fn compute_value_range(ir: &Ir, v: Value, cache: &mut Cache) -> Range {
    if let Some(c) = constant_int(ir, v) {
        return Range::exact(c.into());
    }
    let Some(block) = ir.value_block(v).filter(|_| ir.defining_op(v).is_none()) else {
        return Range::UNKNOWN;
    };
    let Some(owner) = ir.block_parent_op(block) else {
        return Range::UNKNOWN;
    };
    let Some(k) = ir.block_args(block).iter().position(|&a| a == v) else {
        return Range::UNKNOWN;
    };
    match loop_bounds(ir, owner).and_then(|b| b.into_iter().nth(k)) {
        Some(b) => b.iv_range(ir, cache),
        None => Range::UNKNOWN,
    }
}

/// One dimension of a loop: its lower bounds (the loop starts at their max), upper
/// bounds (it stops before their min), over `operands`, and step.
pub struct Dim {
    /// Lower bounds (the loop starts at their max).
    pub lbs: Vec<AffineExpr>,
    /// Upper bounds (the loop stops before their min).
    pub ubs: Vec<AffineExpr>,
    /// Operands of the lower bounds (dims first).
    pub lb_operands: Vec<Value>,
    /// Operands of the upper bounds (dims first).
    pub ub_operands: Vec<Value>,
    /// Dims among `lb_operands` (the rest are symbols).
    pub lb_dims: usize,
    /// Dims among `ub_operands`.
    pub ub_dims: usize,
    /// The step.
    pub step: i64,
}

impl Dim {
    fn ranges(
        ir: &Ir,
        exprs: &[AffineExpr],
        ops: &[Value],
        nd: usize,
        c: &mut Cache,
    ) -> Vec<Range> {
        let vals: Vec<Range> = ops.iter().map(|&o| value_range(ir, o, c)).collect();
        let (dims, syms) = vals.split_at(nd.min(vals.len()));
        exprs
            .iter()
            .map(|&e| expr_range(ir.ctx(), e, dims, syms).unwrap_or(Range::UNKNOWN))
            .collect()
    }

    /// The range of the induction variable: from the largest known lower end of a lower
    /// bound to one below the smallest known upper end of an upper bound.
    fn iv_range(&self, ir: &Ir, c: &mut Cache) -> Range {
        let lbs = Dim::ranges(ir, &self.lbs, &self.lb_operands, self.lb_dims, c);
        let ubs = Dim::ranges(ir, &self.ubs, &self.ub_operands, self.ub_dims, c);
        Range {
            lo: lbs.iter().filter_map(|r| r.lo).max(),
            hi: ubs.iter().filter_map(|r| r.hi).min().map(|h| h - 1),
        }
    }

    /// Every bound fits, and so does the value the induction variable is stepped to
    /// after its last iteration.
    fn check(&self, ir: &Ir, c: &mut Cache) -> Result<(), Overflow> {
        for (exprs, ops, nd) in [
            (&self.lbs, &self.lb_operands, self.lb_dims),
            (&self.ubs, &self.ub_operands, self.ub_dims),
        ] {
            let vals: Vec<Range> = ops.iter().map(|&o| value_range(ir, o, c)).collect();
            let (dims, syms) = vals.split_at(nd.min(vals.len()));
            for &e in exprs {
                check_root(ir.ctx(), e, dims, syms)?;
            }
        }
        let iv = self.iv_range(ir, c);
        let (Some(hi), step) = (iv.hi, i128::from(self.step)) else {
            return Ok(());
        };
        // With a known start, the last value is the last multiple of the step.
        let last = match iv.lo {
            Some(lo) if lo <= hi && self.lbs.len() == 1 && self.start_is_exact(ir, c) => {
                lo + (hi - lo) / step * step
            }
            _ => hi,
        };
        match last.checked_add(step) {
            Some(next) if i64::try_from(next).is_ok() => Ok(()),
            Some(next) => Err(overflow(next)),
            None => Err(overflow(i128::MAX)),
        }
    }

    fn start_is_exact(&self, ir: &Ir, c: &mut Cache) -> bool {
        let r = Dim::ranges(ir, &self.lbs, &self.lb_operands, self.lb_dims, c);
        r.len() == 1 && r[0].lo.is_some() && r[0].lo == r[0].hi
    }
}

/// The dimensions of an `affine.for` (one) or `affine.parallel` (one per IV).
pub fn loop_bounds(ir: &Ir, op: Op) -> Option<Vec<Dim>> {
    let ctx = ir.ctx();
    let operands = ir.operands(op);
    if ir.isa::<AffineFor>(op) {
        let segs = crate::ops::for_segments(ir, op)?;
        let (lbm, ubm) = (
            map_attr(ir, op, AffineFor::LOWER_BOUND_MAP)?,
            map_attr(ir, op, AffineFor::UPPER_BOUND_MAP)?,
        );
        let step = i64::try_from(ctx.int_value(ir.attr(op, AffineFor::STEP)?)?).ok()?;
        return Some(vec![Dim {
            lbs: ctx.map_results(lbm).to_vec(),
            ubs: ctx.map_results(ubm).to_vec(),
            lb_operands: operands.get(segs[0].clone())?.to_vec(),
            ub_operands: operands.get(segs[1].clone())?.to_vec(),
            lb_dims: ctx.map_num_dims(lbm) as usize,
            ub_dims: ctx.map_num_dims(ubm) as usize,
            step,
        }]);
    }
    if !ir.isa::<AffineParallel>(op) {
        return None;
    }
    let (lbm, ubm) = (
        map_attr(ir, op, AffineParallel::LOWER_BOUNDS_MAP)?,
        map_attr(ir, op, AffineParallel::UPPER_BOUNDS_MAP)?,
    );
    let groups = |name: &str, m| {
        let g = crate::util::dense_elements(ctx, ir.attr(op, name))?;
        group_ranges(&g, ctx.map_num_results(m))
    };
    let (lg, ug) = (
        groups("lowerBoundsGroups", lbm)?,
        groups("upperBoundsGroups", ubm)?,
    );
    let steps = int_array(ctx, ir.attr(op, AffineParallel::STEPS))?;
    let nl = ctx.map_num_inputs(lbm);
    let (lops, uops) = (operands.get(..nl)?, operands.get(nl..)?);
    let dims = lg
        .into_iter()
        .zip(ug)
        .zip(steps)
        .map(|((l, u), step)| Dim {
            lbs: ctx.map_results(lbm)[l].to_vec(),
            ubs: ctx.map_results(ubm)[u].to_vec(),
            lb_operands: lops.to_vec(),
            ub_operands: uops.to_vec(),
            lb_dims: ctx.map_num_dims(lbm) as usize,
            ub_dims: ctx.map_num_dims(ubm) as usize,
            step,
        })
        .collect();
    Some(dims)
}

/// The first index value of op `op` that may leave `i64`: a loop's bounds and last
/// increment, or the results of the map (the constraints of the set) of any other
/// affine op, over the ranges its operands are known to have.
pub fn op_overflow(ir: &Ir, op: Op, cache: &mut Cache) -> Result<(), Overflow> {
    if let Some(dims) = loop_bounds(ir, op) {
        return dims.iter().try_for_each(|d| d.check(ir, cache));
    }
    let ctx = ir.ctx();
    let (exprs, nd, ni) = if let Some(m) = map_attr(ir, op, "map") {
        let d = ctx.map_data(m);
        (
            d.results.clone(),
            d.num_dims as usize,
            ctx.map_num_inputs(m),
        )
    } else if let Some(s) = set_attr(ir, op, AffineIf::CONDITION) {
        let d = ctx.set_data(s);
        let n = (d.num_dims + d.num_symbols) as usize;
        (d.constraints.clone(), d.num_dims as usize, n)
    } else {
        return Ok(());
    };
    if AffineKind::of(ir, op).is_none() {
        return Ok(());
    }
    let operands = ir.operands(op);
    let Some(inputs) = operands.len().checked_sub(ni).map(|s| &operands[s..]) else {
        return Ok(());
    };
    let vals: Vec<Range> = inputs.iter().map(|&v| value_range(ir, v, cache)).collect();
    let (dims, syms) = vals.split_at(nd.min(vals.len()));
    for e in exprs {
        check_root(ctx, e, dims, syms)?;
    }
    Ok(())
}

/// Whether `ub - lb` (a loop's span, e.g. the dividend of a normalized upper bound
/// `(ub - lb) ceildiv step`) fits in `i64` for every `ub` in `ubs`, expressions over
/// `dims` and `syms` whose ranges are taken from the IR; `Err` with a value it may reach.
pub fn span_fits(
    ir: &Ir,
    ubs: &[AffineExpr],
    lb: AffineExpr,
    dims: &[Value],
    syms: &[Value],
) -> Result<(), Overflow> {
    let mut cache = Cache::default();
    let mut of = |vals: &[Value]| -> Vec<Range> {
        vals.iter()
            .map(|&v| value_range(ir, v, &mut cache))
            .collect()
    };
    let (d, s) = (of(dims), of(syms));
    let l = expr_range(ir.ctx(), lb, &d, &s)?;
    for &u in ubs {
        let span = expr_range(ir.ctx(), u, &d, &s)?
            .sub(l)
            .ok_or(overflow(i128::MAX))?;
        if let Some(v) = span.beyond_i64() {
            return Err(overflow(v));
        }
    }
    Ok(())
}

/// [`op_overflow`] of every op in `root`, `root` included, with the op that overflows.
pub fn nest_overflow(ir: &Ir, root: Op) -> Option<(Op, Overflow)> {
    let mut cache = Cache::default();
    ir.walk_ops(root, WalkOrder::PreOrder)
        .into_iter()
        .find_map(|o| op_overflow(ir, o, &mut cache).err().map(|e| (o, e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(lo: i128, hi: i128) -> Range {
        Range {
            lo: Some(lo),
            hi: Some(hi),
        }
    }

    #[test]
    fn sums_may_wrap_but_dividends_and_results_must_fit() {
        let ctx = Context::new();
        let d0 = ctx.dim_expr(0);
        let big = ctx.constant_expr(1 << 62);
        // d0 * 2^62 - (2^63 - 1) over d0 in [0, 2]: the product passes 2^63, the result
        // (-2^63 + 1 .. 1) fits: modular arithmetic gets it right.
        let e = ctx.add_expr(ctx.mul_expr(d0, big), ctx.constant_expr(-i64::MAX));
        assert_eq!(
            check_root(&ctx, e, &[known(0, 2)], &[]),
            Ok(known(-(i64::MAX as i128), 1))
        );
        // ... but not as a dividend.
        let q = ctx.floordiv_expr(ctx.mul_expr(d0, big), ctx.constant_expr(3));
        assert_eq!(
            check_root(&ctx, q, &[known(0, 2)], &[]).map_err(|e| e.value),
            Err(1i128 << 63)
        );
        // d0 + 2^62 over d0 in [2^62, 2^62 + 4]: the result does not fit.
        let t = ctx.add_expr(d0, big);
        let r = check_root(&ctx, t, &[known(1 << 62, (1 << 62) + 4)], &[]);
        assert_eq!(r.map_err(|e| e.value), Err(1i128 << 63));
        // Unknown operands: nothing to check.
        assert_eq!(
            check_root(&ctx, t, &[Range::UNKNOWN], &[]),
            Ok(Range::UNKNOWN)
        );
    }
}
