//! `affine-super-vectorize`: turns affine loop nests whose iterations are independent
//! into loops over `vector` values (mlir-opt 22's options `virtual-vector-size`,
//! `test-fastest-varying`, `vectorize-reductions`).
//!
//! With `virtual-vector-size=v0,..,vn-1` the pass looks for perfect nests of n
//! `affine.for` loops (post-order, so inner candidates win, as upstream; a nest that
//! contains or is contained in a chosen one is skipped). Loop k of a chosen nest gets
//! step `vk`; in its body every `affine.load`/`affine.store` becomes a
//! `vector.transfer_read`/`vector.transfer_write` (index `affine.apply`s per result for
//! non-identity maps; a permutation map naming, per vector dimension, the memref
//! dimension indexed by that loop, or `0` for an invariant access), `arith`/`math` ops
//! act on vectors, constants become splat constants (put first in the innermost
//! vectorized body, the last one created first, as upstream) and loop-invariant scalars are
//! `vector.broadcast`. `affine.apply` and nested `affine.for` stay scalar (the loops'
//! `iter_args` become vectors). Reductions (`vectorize-reductions=true`, 1-D only) keep
//! a vector accumulator started at the neutral element, and a `vector.reduction` after
//! the loop (combined with the original initial value unless it is the neutral one).
//!
//! Partial tiles: when a loop's trip count is not a known multiple of its vector size,
//! a `vector.transfer_write` gets a `vector.create_mask` of the lanes still inside the
//! loop (`upper bound - iv`, clamped by the op) unless the lanes past the loop's end
//! provably write past the memref's end, which the transfer skips
//! ([`super::vector_clip`]); reduction inputs are `arith.select`ed with that mask against
//! the loop's initial (neutral) vector, and reads pad lanes outside the memref with
//! `ub.poison` (as mlir-opt 22; such lanes only reach masked or skipped lanes). Where
//! Lattice differs from mlir-opt 22: mlir-opt never masks a store, so it writes past the
//! loop's range when the memref is larger.
//! When every trip count is provably a multiple of its vector size (constant bounds, or
//! bounds such as `32 * d0` to `32 * d0 + 32` whose difference is constant), transfers
//! carry no mask and `in_bounds = [true, ...]`: each lane is an iteration the scalar loop
//! ran (upstream leaves `in_bounds` unset), so LLVM gets plain vector loads and stores.
//!
//! Declines (a remark per loop, see [`Report`]): a step other than 1; a dependence
//! carried by the loop ([`crate::analysis::dependence`]); `iter_args` that are not a
//! recognized reduction (or reductions when `vectorize-reductions` is off); an access
//! varying along two memref dimensions, with a stride other than 1, through `mod` /
//! `floordiv` / `ceildiv` of the IV, or not along the requested fastest-varying
//! dimension; the IV used as a value; inner loop bounds depending on the IV;
//! `affine.if` and ops other than `affine.load/store/apply/for/yield`, `arith`, `math`;
//! integer division/remainder when lanes past the trip count would run; already-vector
//! values. Invariant: the pass checks everything before changing anything, so a
//! declined loop is untouched.

use super::loop_unroll::trip_count_multiple_of;
use crate::analysis::dependence::{self, Dependence};
use crate::ops::for_segments;
use crate::util::{int_attr, map_attr};
use crate::views::{AffineApply, AffineFor, AffineKind, AffineLoad, AffineMin, AffineStore};
use lattice_dialects::{arith, func, math, ub, vector};
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{
    AffineExpr, AffineMap, Attr, AttrData, Block, FloatKind, Ir, Op, OperationState, Type,
    TypeData, Value, WalkOrder,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// Options of `affine-super-vectorize`.
#[derive(Clone, Debug, Default)]
pub struct SuperVectorizeOptions {
    /// The vector size per vectorized loop, outermost first (`virtual-vector-size`).
    pub vector_sizes: Vec<i64>,
    /// Per vectorized loop, the memref dimension (counted from the innermost) its
    /// accesses must vary along (`test-fastest-varying`); empty: any.
    pub fastest_varying: Vec<i64>,
    /// Whether loops with reduction `iter_args` are vectorized (`vectorize-reductions`).
    pub vectorize_reductions: bool,
    /// Keep values that are the same in every lane scalar (loads invariant along every
    /// vectorized loop, constants, and element-wise ops of such values), broadcast where
    /// a vector op uses them: `alpha * A[i][k]` in a row of a register tile is one scalar
    /// multiply, not a multiply of two broadcasts per vector register. Off for the
    /// `affine-super-vectorize` pass (mlir-opt's output); `affine-register-tile` sets it.
    pub uniform_scalars: bool,
    /// Leave a store unmasked where the lanes past the loop's end write past the memref's
    /// end, which the transfer skips ([`super::vector_clip`]), as mlir-opt's output has
    /// it. On for the `affine-super-vectorize` pass; `affine-register-tile` keeps masks.
    pub clip_stores: bool,
}

/// What the pass did not do, and why.
#[derive(Debug, Default)]
pub struct Report {
    /// One remark per loop left alone (not nested in or around a vectorized nest).
    pub remarks: Vec<Diagnostic>,
    /// The number of loop nests vectorized.
    pub vectorized: usize,
}

/// Runs the pass on `func` (refusals are dropped).
pub fn super_vectorize(
    ir: &mut Ir,
    func: Op,
    options: &SuperVectorizeOptions,
) -> Result<(), Vec<Diagnostic>> {
    super_vectorize_with_report(ir, func, options).map(|_| ())
}

/// Runs the pass on `func`, returning its refusals.
pub fn super_vectorize_with_report(
    ir: &mut Ir,
    func: Op,
    options: &SuperVectorizeOptions,
) -> Result<Report, Vec<Diagnostic>> {
    let mut report = Report::default();
    let err = |ir: &Ir, m: &str| vec![Diagnostic::error(DiagLoc::Loc(ir.loc(func)), m)];
    if options.vector_sizes.is_empty() {
        return Ok(report);
    }
    if options.vector_sizes.len() > 3 {
        return Err(err(
            ir,
            "virtual-vector-size: at most 3 vector dimensions are supported",
        ));
    }
    if options.vector_sizes.iter().any(|&v| v <= 0) {
        return Err(err(ir, "Vectorization factor must be greater than zero."));
    }
    if !options.fastest_varying.is_empty()
        && options.fastest_varying.len() != options.vector_sizes.len()
    {
        return Err(err(
            ir,
            "Fastest varying pattern specified with different size than the vector size.",
        ));
    }
    let loops: Vec<Op> = ir
        .walk_ops(func, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| ir.isa::<AffineFor>(o))
        .collect();
    let mut chosen: Vec<Vec<Op>> = Vec::new();
    let mut refused: Vec<(Op, String)> = Vec::new();
    for &l in &loops {
        if chosen
            .iter()
            .any(|n| ir.is_ancestor(l, n[0]) || ir.is_ancestor(n[0], l))
        {
            continue;
        }
        match candidate(ir, l, options) {
            Ok(nest) => chosen.push(nest),
            Err(why) => refused.push((l, why)),
        }
    }
    for (l, why) in refused {
        if chosen
            .iter()
            .any(|n| ir.is_ancestor(l, n[0]) || ir.is_ancestor(n[0], l))
            || why.is_empty()
        {
            continue;
        }
        report.remarks.push(Diagnostic::new(
            Severity::Remark,
            DiagLoc::Loc(ir.loc(l)),
            format!("loop not vectorized: {why}"),
        ));
    }
    for nest in chosen {
        // Re-checked: vectorizing an earlier nest only adds ops outside this one, but a
        // refusal here must never leave a half-transformed nest.
        match plan(ir, &nest, options) {
            Ok(plan) => {
                vectorize(ir, &nest, &plan, options);
                report.vectorized += 1;
            }
            Err(why) => report.remarks.push(Diagnostic::new(
                Severity::Remark,
                DiagLoc::Loc(ir.loc(nest[0])),
                format!("loop not vectorized: {why}"),
            )),
        }
    }
    Ok(report)
}

/// Whether the single loop `l` can be vectorized by `size` lanes (`Err`: why not).
pub fn vectorizable_loop(ir: &Ir, l: Op, size: i64) -> Result<(), String> {
    let options = SuperVectorizeOptions {
        vector_sizes: vec![size],
        ..SuperVectorizeOptions::default()
    };
    candidate(ir, l, &options).map(|_| ())
}

/// Vectorizes the single loop `l` by `size` lanes (inner loops stay scalar, their
/// `iter_args` become vectors); `Err` with the reason, and nothing changed, when it
/// cannot be.
pub fn vectorize_loop(ir: &mut Ir, l: Op, size: i64) -> Result<(), String> {
    let options = SuperVectorizeOptions {
        vector_sizes: vec![size],
        uniform_scalars: true,
        ..SuperVectorizeOptions::default()
    };
    let nest = candidate(ir, l, &options)?;
    let plan = plan(ir, &nest, &options)?;
    vectorize(ir, &nest, &plan, &options);
    Ok(())
}

// ---------------------------------------------------------------------------------
// Analysis
// ---------------------------------------------------------------------------------

fn body(ir: &Ir, l: Op) -> Option<(Value, Block)> {
    let r = *ir.regions(l).first()?;
    let b = ir.entry_block(r)?;
    Some((*ir.block_args(b).first()?, b))
}

/// The perfect nest of `n` loops rooted at `l` (each loop's body is the next loop and
/// its yield).
fn perfect_nest(ir: &Ir, l: Op, n: usize) -> Result<Vec<Op>, String> {
    let mut nest = vec![l];
    while nest.len() < n {
        let cur = *nest.last().expect("non-empty");
        let (_, b) = body(ir, cur).ok_or_else(String::new)?;
        let ops: Vec<Op> = ir.block_ops(b).collect();
        if ops.len() != 2 || !ir.isa::<AffineFor>(ops[0]) {
            // Not the root of an n-deep perfect nest: nothing to say, inner loops are
            // candidates of their own.
            return Err(String::new());
        }
        if !ir.results(cur).is_empty() {
            return Err("loops with iter_args are only vectorized innermost".into());
        }
        nest.push(ops[0]);
    }
    Ok(nest)
}

/// How one access is vectorized.
#[derive(Clone, Debug)]
struct AccessPlan {
    /// Per vectorized loop, the memref dimension its IV indexes (`None`: invariant).
    dims: Vec<Option<usize>>,
}

/// A reduction on an `iter_args` of the (1-D) vectorized loop.
#[derive(Clone, Debug)]
struct Reduction {
    /// The position among the iter_args.
    index: usize,
    /// The combining op in the body.
    combiner: Op,
    /// `vector.kind` name.
    kind: &'static str,
}

#[derive(Debug, Default)]
struct Plan {
    accesses: FxHashMap<Op, AccessPlan>,
    /// Per vectorized loop, whether its trip count may not be a multiple of the size.
    needs_mask: Vec<bool>,
    reductions: Vec<Reduction>,
}

fn candidate(ir: &Ir, l: Op, options: &SuperVectorizeOptions) -> Result<Vec<Op>, String> {
    let nest = perfect_nest(ir, l, options.vector_sizes.len())?;
    plan(ir, &nest, options)?;
    Ok(nest)
}

fn is_scalar(ir: &Ir, ty: Type) -> bool {
    let ctx = ir.ctx();
    ctx.is_int_or_index(ty) || ctx.is_float(ty)
}

/// Whether `o` is an elementwise `arith`/`math` op the pass widens.
fn is_elementwise(ir: &Ir, o: Op) -> bool {
    (arith::ArithKind::of(ir, o).is_some() || math::MathKind::of(ir, o).is_some())
        && !ir.isa::<arith::Constant>(o)
        && ir.regions(o).is_empty()
        && !ir.results(o).is_empty()
        && lattice_ir::passes::is_memory_effect_free(ir, o)
        && ir
            .operands(o)
            .iter()
            .all(|&v| is_scalar(ir, ir.value_type(v)))
        && ir
            .results(o)
            .iter()
            .all(|&v| is_scalar(ir, ir.value_type(v)))
}

/// Checks the nest and describes how to vectorize it; `Err(reason)` declines.
fn plan(ir: &Ir, nest: &[Op], options: &SuperVectorizeOptions) -> Result<Plan, String> {
    let root = nest[0];
    let inner = *nest.last().expect("non-empty");
    let mut ivs = Vec::new();
    for &l in nest {
        if int_attr(ir, l, AffineFor::STEP).unwrap_or(1) != 1 {
            return Err("non-unit step".into());
        }
        ivs.push(body(ir, l).ok_or_else(String::new)?.0);
    }
    let mut plan = Plan {
        needs_mask: nest
            .iter()
            .zip(&options.vector_sizes)
            .map(|(&l, &v)| !trip_count_multiple_of(ir, l, v))
            .collect(),
        ..Plan::default()
    };
    let masked = plan.needs_mask.iter().any(|&m| m);
    // Values that depend on a vectorized IV through affine.apply.
    let mut iv_dep: FxHashSet<Value> = ivs.iter().copied().collect();
    let nested = ir.walk_ops(inner, WalkOrder::PreOrder);
    for &o in &nested[1..] {
        if ir.isa::<AffineApply>(o) && ir.operands(o).iter().any(|v| iv_dep.contains(v)) {
            iv_dep.extend(ir.results(o).iter().copied());
        }
    }
    // Loops of the nest (below the root) whose bounds depend on an enclosing vectorized
    // IV would run a different number of iterations per lane.
    for &l in &nest[1..] {
        let segs = for_segments(ir, l).ok_or("malformed affine.for")?;
        let ops = ir.operands(l);
        if ops[segs[0].start..segs[1].end]
            .iter()
            .any(|&v| depends_on(ir, v, &ivs, root))
        {
            return Err("an inner loop's bounds depend on the vectorized loop".into());
        }
    }
    // Reductions of the vectorized loop.
    if !ir.results(inner).is_empty() {
        if !options.vectorize_reductions {
            return Err("loop-carried values (iter_args) and vectorize-reductions=false".into());
        }
        if nest.len() != 1 {
            return Err("reductions are only vectorized with a 1-D virtual vector".into());
        }
        plan.reductions = reductions(ir, inner)?;
    }
    // Per vectorized loop, the memref dimension (from the innermost) accesses vary along.
    let mut varying: Vec<Option<usize>> = vec![None; nest.len()];
    for &o in &nested[1..] {
        let name = ir.op_name(o);
        match AffineKind::of(ir, o) {
            Some(AffineKind::Load | AffineKind::Store) => {
                let a = dependence::access(ir, o).ok_or("malformed access")?;
                let elem = ir.ctx().element_type(ir.value_type(a.memref));
                if !is_scalar(ir, elem) {
                    return Err("access to a memref of vectors or of a non-scalar type".into());
                }
                if a.is_write && iv_dep.contains(&ir.operand(o, 0)) {
                    return Err("the induction variable is used as a value".into());
                }
                if iv_dep.contains(&a.memref) {
                    return Err("the induction variable is used as a value".into());
                }
                let dims = access_dims(ir, &a, &ivs, root, options)?;
                if a.is_write && dims.iter().any(|d| d.is_none()) {
                    return Err("a store does not vary along every vectorized loop".into());
                }
                let rank = ir.ctx().map_num_results(a.map);
                for (k, d) in dims.iter().enumerate() {
                    let Some(d) = d else { continue };
                    let from_inner = rank - 1 - d;
                    match varying[k] {
                        Some(x) if x != from_inner => {
                            return Err(
                                "accesses vary along different memref dimensions (would need transposes)"
                                    .into(),
                            )
                        }
                        _ => varying[k] = Some(from_inner),
                    }
                }
                plan.accesses.insert(o, AccessPlan { dims });
            }
            Some(AffineKind::Apply | AffineKind::Yield) => {}
            Some(AffineKind::For) => {
                let segs = for_segments(ir, o).ok_or("malformed affine.for")?;
                let ops = ir.operands(o);
                if ops[segs[0].start..segs[1].end]
                    .iter()
                    .any(|v| iv_dep.contains(v))
                {
                    return Err("an inner loop's bounds depend on the vectorized loop".into());
                }
                if ops[segs[2].clone()].iter().any(|v| iv_dep.contains(v)) {
                    return Err("the induction variable is used as a value".into());
                }
                if ir
                    .results(o)
                    .iter()
                    .any(|&r| !is_scalar(ir, ir.value_type(r)))
                {
                    return Err("an inner loop carries non-scalar values".into());
                }
            }
            Some(AffineKind::If) => return Err("affine.if (conditionals) in the loop".into()),
            _ if ir.isa::<arith::Constant>(o) => {
                if !ir
                    .results(o)
                    .iter()
                    .all(|&r| is_scalar(ir, ir.value_type(r)))
                {
                    return Err("a non-scalar constant in the loop".into());
                }
            }
            _ if is_elementwise(ir, o) => {
                if masked && ir.has_trait(o, lattice_ir::Traits::MAY_TRAP) {
                    return Err(format!(
                        "'{name}' may trap on the lanes past the trip count (not a known multiple of the vector size)"
                    ));
                }
            }
            _ => return Err(format!("unsupported op '{name}'")),
        }
        if !ir.isa::<AffineApply>(o)
            && !ir.isa::<AffineFor>(o)
            && !ir.isa::<AffineLoad>(o)
            && !ir.isa::<AffineStore>(o)
            && ir.operands(o).iter().any(|v| iv_dep.contains(v))
        {
            return Err("the induction variable is used as a value".into());
        }
    }
    // Uses of IV-dependent apply results outside index positions.
    for &v in &iv_dep {
        for u in ir.uses(v) {
            let user = u.op;
            let ok = (ir.isa::<AffineLoad>(user)
                || ir.isa::<AffineApply>(user)
                || ir.isa::<AffineFor>(user))
                || (ir.isa::<AffineStore>(user) && u.index != 0);
            if !ok && ir.is_ancestor(inner, user) {
                return Err("the induction variable is used as a value".into());
            }
        }
    }
    // Dependences carried by any vectorized loop.
    let accesses: Vec<Op> = nested
        .iter()
        .copied()
        .filter(|&o| dependence::access(ir, o).is_some())
        .collect();
    dependence::within_test_budget(ir, &accesses, nest.len()).map_err(|e| e.to_string())?;
    for &l in nest {
        let depth = dependence::enclosing_loops(ir, l).len() + 1;
        for &src in &accesses {
            for &dst in &accesses {
                if let Dependence::May(comps) = dependence::check_dependence(ir, src, dst, depth) {
                    let d = comps
                        .iter()
                        .map(|c| match (c.distance(), c.min, c.max) {
                            (Some(d), _, _) => d.to_string(),
                            (None, lo, hi) => format!(
                                "[{}, {}]",
                                lo.map_or("-inf".into(), |x| x.to_string()),
                                hi.map_or("+inf".into(), |x| x.to_string())
                            ),
                        })
                        .collect::<Vec<_>>()
                        .join(", ");
                    return Err(format!(
                        "loop-carried dependence from '{}' to '{}' (distance vector ({d}))",
                        ir.op_name(src),
                        ir.op_name(dst)
                    ));
                }
            }
        }
    }
    Ok(plan)
}

/// Per vectorized IV, the memref dimension an access varies along with stride 1.
fn access_dims(
    ir: &Ir,
    a: &dependence::Access,
    ivs: &[Value],
    root: Op,
    options: &SuperVectorizeOptions,
) -> Result<Vec<Option<usize>>, String> {
    let ctx = ir.ctx();
    let rank = ctx.map_num_results(a.map);
    let mut dims = vec![None; ivs.len()];
    for r in 0..rank {
        let e = ctx.map_results(a.map)[r];
        let coeffs = iv_coefficients(ir, e, a.map, &a.indices, ivs, root)?;
        for (k, &c) in coeffs.iter().enumerate() {
            if c == 0 {
                continue;
            }
            if c != 1 {
                return Err(format!(
                    "access '{}' has stride {c} along the loop (only unit strides are vectorized)",
                    ir.op_name(a.op)
                ));
            }
            if dims[k].is_some() {
                return Err(format!(
                    "access '{}' varies along two memref dimensions with the loop",
                    ir.op_name(a.op)
                ));
            }
            if dims.contains(&Some(r)) {
                return Err(format!(
                    "access '{}' varies along one memref dimension with two vectorized loops",
                    ir.op_name(a.op)
                ));
            }
            dims[k] = Some(r);
        }
    }
    if let Some(fv) = (!options.fastest_varying.is_empty()).then_some(&options.fastest_varying) {
        for (k, d) in dims.iter().enumerate() {
            if let Some(d) = d {
                let from_inner = (rank - 1 - d) as i64;
                if from_inner != fv[k] {
                    return Err(format!(
                        "access '{}' varies along memref dimension {from_inner} (from the innermost), not the requested fastest-varying dimension {}",
                        ir.op_name(a.op),
                        fv[k]
                    ));
                }
            }
        }
    }
    Ok(dims)
}

/// The coefficient of each IV of `ivs` in `expr` (of `map`, over `operands`), composing
/// `affine.apply` producers; `Err` when an IV occurs non-linearly.
fn iv_coefficients(
    ir: &Ir,
    expr: AffineExpr,
    map: AffineMap,
    operands: &[Value],
    ivs: &[Value],
    root: Op,
) -> Result<Vec<i64>, String> {
    let ctx = ir.ctx();
    let nd = ctx.map_num_dims(map);
    let ns = ctx.map_num_symbols(map);
    let (row, locals) = ctx
        .flatten_expr(expr, nd, ns)
        .ok_or_else(|| "non-affine access (division by a non-positive value)".to_string())?;
    let n_in = (nd + ns) as usize;
    // Per operand, its coefficients in the IVs.
    let mut per_operand = Vec::with_capacity(n_in);
    for &v in operands.iter().take(n_in) {
        per_operand.push(value_coefficients(ir, v, ivs, root, 0)?);
    }
    for (li, &le) in locals.iter().enumerate() {
        if row.get(n_in + li).copied().unwrap_or(0) == 0 {
            continue;
        }
        for (p, c) in per_operand.iter().enumerate() {
            let used = if (p as u32) < nd {
                ctx.expr_uses_dim(le, p as u32)
            } else {
                ctx.expr_uses_symbol(le, p as u32 - nd)
            };
            if used && c.iter().any(|&x| x != 0) {
                return Err(
                    "non-affine access (the induction variable under mod/floordiv/ceildiv)".into(),
                );
            }
        }
    }
    let mut out = vec![0i64; ivs.len()];
    for (p, c) in per_operand.iter().enumerate() {
        let k = row[p];
        for (o, &x) in out.iter_mut().zip(c) {
            *o += k * x;
        }
    }
    Ok(out)
}

fn value_coefficients(
    ir: &Ir,
    v: Value,
    ivs: &[Value],
    root: Op,
    depth: usize,
) -> Result<Vec<i64>, String> {
    let mut out = vec![0i64; ivs.len()];
    if let Some(k) = ivs.iter().position(|&x| x == v) {
        out[k] = 1;
        return Ok(out);
    }
    let Some(def) = ir.defining_op(v) else {
        return Ok(out); // block arguments other than the IVs are invariant
    };
    if !ir.is_ancestor(root, def) {
        return Ok(out);
    }
    if ir.isa::<AffineApply>(def) && depth < 64 {
        let map = map_attr(ir, def, "map").ok_or("malformed affine.apply")?;
        let e = ir.ctx().map_results(map)[0];
        return iv_coefficients(ir, e, map, ir.operands(def), ivs, root);
    }
    if ir.has_trait(def, lattice_ir::Traits::CONSTANT_LIKE) {
        return Ok(out);
    }
    Err(format!(
        "non-affine access (an index computed by '{}' in the loop)",
        ir.op_name(def)
    ))
}

/// Whether `v` is one of `ivs` or computed from them by ops inside `root`.
fn depends_on(ir: &Ir, v: Value, ivs: &[Value], root: Op) -> bool {
    let mut stack = vec![v];
    let mut seen = FxHashSet::default();
    while let Some(x) = stack.pop() {
        if ivs.contains(&x) {
            return true;
        }
        if !seen.insert(x) {
            continue;
        }
        if let Some(d) = ir.defining_op(x) {
            if ir.is_ancestor(root, d) {
                stack.extend(ir.operands(d).iter().copied());
            }
        }
    }
    false
}

/// The combining kind of a reduction op.
fn reduction_kind(ir: &Ir, op: Op) -> Option<&'static str> {
    Some(match arith::ArithKind::of(ir, op)? {
        arith::ArithKind::AddF | arith::ArithKind::AddI => "add",
        arith::ArithKind::MulF | arith::ArithKind::MulI => "mul",
        arith::ArithKind::AndI => "and",
        arith::ArithKind::OrI => "or",
        arith::ArithKind::XOrI => "xor",
        arith::ArithKind::MinSI => "minsi",
        arith::ArithKind::MaxSI => "maxsi",
        arith::ArithKind::MinUI => "minui",
        arith::ArithKind::MaxUI => "maxui",
        arith::ArithKind::MinimumF => "minimumf",
        arith::ArithKind::MaximumF => "maximumf",
        arith::ArithKind::MinNumF => "minnumf",
        arith::ArithKind::MaxNumF => "maxnumf",
        _ => return None,
    })
}

fn reductions(ir: &Ir, l: Op) -> Result<Vec<Reduction>, String> {
    let (_, b) = body(ir, l).ok_or_else(String::new)?;
    let y = ir.last_op(b).ok_or_else(String::new)?;
    let args: Vec<Value> = ir.block_args(b)[1..].to_vec();
    let mut out = Vec::new();
    for (i, &arg) in args.iter().enumerate() {
        let not = || format!("iter_args #{i} is not a recognized reduction");
        let uses = ir.uses(arg);
        if uses.len() != 1 {
            return Err(not());
        }
        let c = uses[0].op;
        let kind = reduction_kind(ir, c).ok_or_else(not)?;
        if ir.op_parent(c) != Some(b) || ir.operands(c).len() != 2 {
            return Err(not());
        }
        let r = ir.result(c, 0);
        if ir.operand(y, i) != r || ir.uses(r).len() != 1 {
            return Err(not());
        }
        if neutral_attr(ir, ir.value_type(arg), kind).is_none() {
            return Err(not());
        }
        out.push(Reduction {
            index: i,
            combiner: c,
            kind,
        });
    }
    Ok(out)
}

/// The neutral element of `kind` on `ty`, as an attribute.
fn neutral_attr(ir: &Ir, ty: Type, kind: &str) -> Option<Attr> {
    let ctx = ir.ctx();
    if let TypeData::Float(fk) = ctx.type_data(ty) {
        // 0, 1, +inf, -inf, quiet NaN, negative quiet NaN (as upstream spells them).
        let [zero, one, inf, ninf, nan, nnan]: [u128; 6] = match fk {
            FloatKind::F32 => [
                0,
                0x3f80_0000,
                0x7f80_0000,
                0xff80_0000,
                0x7fc0_0000,
                0xffc0_0000,
            ],
            FloatKind::F64 => [
                0,
                0x3ff0_0000_0000_0000,
                0x7ff0_0000_0000_0000,
                0xfff0_0000_0000_0000,
                0x7ff8_0000_0000_0000,
                0xfff8_0000_0000_0000,
            ],
            FloatKind::F16 => [0, 0x3c00, 0x7c00, 0xfc00, 0x7e00, 0xfe00],
            _ => return None,
        };
        // minnum/maxnum return the other operand when one is NaN: NaN is their identity.
        let bits = match kind {
            "add" => zero,
            "mul" => one,
            "minimumf" => inf,
            "maximumf" => ninf,
            "minnumf" => nan,
            "maxnumf" => nnan,
            _ => return None,
        };
        return Some(ctx.attr(AttrData::Float { bits, ty }));
    }
    let w = ctx
        .int_width(ty)
        .or_else(|| ctx.is_index(ty).then_some(64))?;
    let value: i128 = match kind {
        "add" | "or" | "xor" | "maxui" => 0,
        "mul" => 1,
        "and" | "minui" => -1,
        "minsi" => (1i128 << (w - 1)) - 1,
        "maxsi" => -(1i128 << (w - 1)),
        _ => return None,
    };
    Some(ctx.int_attr(ctx.normalize_int(value, ty), ty))
}

// ---------------------------------------------------------------------------------
// Rewriting
// ---------------------------------------------------------------------------------

struct Rewriter<'a> {
    nest: &'a [Op],
    sizes: &'a [i64],
    plan: &'a Plan,
    /// Scalar value → its vector.
    vmap: FxHashMap<Value, Value>,
    /// The innermost vectorized loop's body, and the last op put at its top.
    top_block: Block,
    top: Option<Op>,
    /// `create_mask` results by memref-dimension order of the vector dims.
    masks: FxHashMap<Vec<usize>, Value>,
    rems: Option<Vec<Value>>,
    /// Scalar ops replaced by vector ops (erased at the end when unused).
    replaced: Vec<Op>,
    /// Values kept scalar (same in every lane; `uniform_scalars`).
    uniform: Option<rustc_hash::FxHashSet<Value>>,
    /// Per reduction (its `iter_args` position), the loop's initial vector: the neutral
    /// splat that masked-off lanes select, as upstream.
    inits: FxHashMap<usize, Value>,
    /// [`SuperVectorizeOptions::clip_stores`].
    clip_stores: bool,
}

fn make_op(
    ir: &mut Ir,
    name: &str,
    operands: Vec<Value>,
    results: Vec<Type>,
    attrs: Vec<(&str, Attr)>,
    loc: Attr,
) -> Op {
    let ctx = ir.ctx_arc().clone();
    let mut st = OperationState::new(ctx.intern_str(name), loc);
    st.operands = operands;
    st.result_types = results;
    for (n, a) in attrs {
        st.add_attr(ctx.intern_str(n), a);
    }
    ir.create_op(st)
}

fn vector_type(ir: &Ir, shape: &[i64], element: Type) -> Type {
    ir.ctx().ty(TypeData::Vector {
        shape: shape.to_vec(),
        scalable: vec![false; shape.len()],
        element,
    })
}

impl Rewriter<'_> {
    fn vty(&self, ir: &Ir, element: Type) -> Type {
        vector_type(ir, self.sizes, element)
    }

    /// Inserts `op` at the top of the innermost vectorized body, after the mask ops put
    /// there before (the first one goes first in the block).
    fn put_top(&mut self, ir: &mut Ir, op: Op) {
        match self.top {
            Some(t) => ir.insert_op_after(t, op),
            None => ir.prepend_op(self.top_block, op),
        }
        self.top = Some(op);
    }

    fn splat(&self, ir: &mut Ir, scalar: Attr, ty: Type, loc: Attr) -> Op {
        let vt = self.vty(ir, ty);
        let dense = ir.ctx().attr(AttrData::DenseElements {
            ty: vt,
            values: vec![scalar],
        });
        make_op(
            ir,
            arith::Constant::NAME,
            vec![],
            vec![vt],
            vec![("value", dense)],
            loc,
        )
    }

    /// The vector of scalar `v` (vectorized, a splat of a constant, or a broadcast).
    fn vector_of(&mut self, ir: &mut Ir, v: Value) -> Value {
        if let Some(&x) = self.vmap.get(&v) {
            return x;
        }
        let ty = ir.value_type(v);
        let root = self.nest[0];
        let def = ir.defining_op(v);
        let out = if let Some(d) =
            def.filter(|&d| ir.isa::<arith::Constant>(d) && !ir.is_ancestor(root, d))
        {
            let attr = ir.attr(d, "value").expect("arith.constant has a value");
            let loc = ir.loc(d);
            let c = self.splat(ir, attr, ty, loc);
            ir.prepend_op(self.top_block, c);
            ir.result(c, 0)
        } else {
            let vt = self.vty(ir, ty);
            let loc = match def {
                Some(d) => ir.loc(d),
                None => ir.loc(root),
            };
            let b = make_op(ir, vector::Broadcast::NAME, vec![v], vec![vt], vec![], loc);
            match def {
                Some(d) => ir.insert_op_after(d, b),
                None => {
                    let blk = ir.value_block(v).expect("a block argument");
                    ir.prepend_op(blk, b);
                }
            }
            ir.result(b, 0)
        };
        self.vmap.insert(v, out);
        out
    }

    /// The remaining-lanes count of every vectorized loop (created on first use).
    fn rems(&mut self, ir: &mut Ir) -> Vec<Value> {
        if let Some(r) = &self.rems {
            return r.clone();
        }
        let ctx = ir.ctx_arc().clone();
        let mut rems = Vec::new();
        for (k, &l) in self.nest.iter().enumerate() {
            let loc = ir.loc(l);
            let op = if self.plan.needs_mask[k] {
                self.lanes_left(ir, l)
            } else {
                make_op(
                    ir,
                    arith::Constant::NAME,
                    vec![],
                    vec![ctx.index_type()],
                    vec![("value", ctx.index_attr(self.sizes[k]))],
                    loc,
                )
            };
            self.put_top(ir, op);
            rems.push(ir.result(op, 0));
        }
        self.rems = Some(rems.clone());
        rems
    }

    /// `upper bound - iv` of loop `l` as upstream's `createMask` computes it: one
    /// `affine.apply` of the upper bound map shifted by the IV, or, for a `min` bound, an
    /// `affine.min` of the bound and an `affine.apply` subtracting the IV from it. Ops
    /// before the returned one are put at the top already.
    fn lanes_left(&mut self, ir: &mut Ir, l: Op) -> Op {
        let ctx = ir.ctx_arc().clone();
        let loc = ir.loc(l);
        let ub = map_attr(ir, l, AffineFor::UPPER_BOUND_MAP).expect("affine.for has bounds");
        let segs = for_segments(ir, l).expect("affine.for operands");
        let ub_ops = ir.operands(l)[segs[1].clone()].to_vec();
        let iv = body(ir, l).expect("loop body").0;
        let apply = |map: AffineMap, operands: Vec<Value>, ir: &mut Ir| {
            let attrs = vec![("map", ctx.affine_map_attr(map))];
            make_op(
                ir,
                AffineApply::NAME,
                operands,
                vec![ctx.index_type()],
                attrs,
                loc,
            )
        };
        if ctx.map_num_results(ub) > 1 {
            let attrs = vec![("map", ctx.affine_map_attr(ub))];
            let min = make_op(
                ir,
                AffineMin::NAME,
                ub_ops,
                vec![ctx.index_type()],
                attrs,
                loc,
            );
            self.put_top(ir, min);
            let m = ir.result(min, 0);
            let scope = crate::valid::affine_scope(ir, l);
            let d0 = ctx.dim_expr(0);
            return if crate::valid::is_valid_symbol(ir, m, scope) {
                let e = ctx.sub_expr(ctx.symbol_expr(0), d0);
                apply(ctx.affine_map(1, 1, vec![e]), vec![iv, m], ir)
            } else {
                let e = ctx.sub_expr(d0, ctx.dim_expr(1));
                apply(ctx.affine_map(2, 0, vec![e]), vec![m, iv], ir)
            };
        }
        let nd = ctx.map_num_dims(ub);
        let shift: Vec<AffineExpr> = (0..nd).map(|d| ctx.dim_expr(d + 1)).collect();
        let e = ctx.replace_dims_and_symbols(ctx.map_results(ub)[0], &shift, &[]);
        let map = ctx.affine_map(
            nd + 1,
            ctx.map_num_symbols(ub),
            vec![ctx.sub_expr(e, ctx.dim_expr(0))],
        );
        let mut operands = vec![iv];
        operands.extend(ub_ops);
        apply(map, operands, ir)
    }

    /// The `in_bounds` attribute of a transfer: all true when no loop needs a mask (every
    /// lane is an iteration the scalar loop ran, and `affine.if` is declined, so each lane
    /// touches an element the scalar program accessed), all false otherwise.
    fn in_bounds(&self, ir: &Ir) -> Attr {
        let ctx = ir.ctx();
        ctx.array_attr(vec![ctx.bool_attr(!self.masked()); self.sizes.len()])
    }

    /// A mask of the lanes inside the loops, its dims ordered as `order` (vector dims).
    fn mask(&mut self, ir: &mut Ir, order: Vec<usize>) -> Value {
        if let Some(&m) = self.masks.get(&order) {
            return m;
        }
        let rems = self.rems(ir);
        let ctx = ir.ctx_arc().clone();
        let shape: Vec<i64> = order.iter().map(|&k| self.sizes[k]).collect();
        let ty = vector_type(ir, &shape, ctx.i1_type());
        let loc = ir.loc(*self.nest.last().expect("non-empty"));
        let m = make_op(
            ir,
            vector::CreateMask::NAME,
            order.iter().map(|&k| rems[k]).collect(),
            vec![ty],
            vec![],
            loc,
        );
        self.put_top(ir, m);
        let v = ir.result(m, 0);
        self.masks.insert(order, v);
        v
    }

    fn masked(&self) -> bool {
        self.plan.needs_mask.iter().any(|&m| m)
    }

    /// Whether store `o` needs no mask: along every loop that needs one, the lanes past
    /// the loop's end write past the memref's end, which the transfer skips
    /// ([`super::vector_clip`]).
    fn clipped(&self, ir: &Ir, o: Op, a: &dependence::Access) -> bool {
        if !self.clip_stores {
            return false;
        }
        let dims = &self.plan.accesses[&o].dims;
        self.nest.iter().enumerate().all(|(k, &l)| {
            !self.plan.needs_mask[k]
                || dims[k].is_some_and(|d| {
                    let iv = body(ir, l).expect("loop body").0;
                    super::vector_clip::past_bound_is_out_of_memref(ir, l, iv, a, d)
                })
        })
    }

    /// Indices and permutation map of a transfer replacing access `o`.
    fn transfer_parts(&self, ir: &mut Ir, o: Op) -> (Vec<Value>, AffineMap, Vec<usize>) {
        let a = dependence::access(ir, o).expect("planned access");
        let ctx = ir.ctx_arc().clone();
        let rank = ctx.map_num_results(a.map);
        let identity = ctx.map_is_identity(a.map) && a.indices.len() == rank;
        let indices = if identity {
            a.indices.clone()
        } else {
            let nd = ctx.map_num_dims(a.map);
            let ns = ctx.map_num_symbols(a.map);
            let mut out = Vec::new();
            for &e in ctx.map_results(a.map) {
                let m = ctx.affine_map(nd, ns, vec![e]);
                let ap = make_op(
                    ir,
                    AffineApply::NAME,
                    a.indices.clone(),
                    vec![ctx.index_type()],
                    vec![("map", ctx.affine_map_attr(m))],
                    ir.loc(o),
                );
                ir.insert_op_before(o, ap);
                out.push(ir.result(ap, 0));
            }
            out
        };
        let dims = &self.plan.accesses[&o].dims;
        let results: Vec<AffineExpr> = dims
            .iter()
            .map(|d| match d {
                Some(r) => ctx.dim_expr(*r as u32),
                None => ctx.constant_expr(0),
            })
            .collect();
        let perm = ctx.affine_map(rank as u32, 0, results);
        let mut order: Vec<usize> = (0..dims.len()).collect();
        order.sort_by_key(|&k| dims[k]);
        (indices, perm, order)
    }

    fn rewrite_block(&mut self, ir: &mut Ir, b: Block) {
        let ops: Vec<Op> = ir.block_ops(b).collect();
        for o in ops {
            self.rewrite_op(ir, o);
        }
    }

    /// Whether `v` is the same in every lane: kept scalar, or defined outside the nest.
    fn is_uniform(&self, ir: &Ir, v: Value) -> bool {
        self.uniform.as_ref().is_some_and(|u| {
            u.contains(&v) || !super::loop_unroll_jam::defined_inside(ir, v, self.nest[0])
        })
    }

    /// With `uniform_scalars`: keeps `o` scalar when every lane would compute the same
    /// value (see [`SuperVectorizeOptions::uniform_scalars`]); returns whether it did.
    fn keep_uniform(&mut self, ir: &Ir, o: Op) -> bool {
        if self.uniform.is_none() || ir.results(o).is_empty() || !ir.regions(o).is_empty() {
            return false;
        }
        let keep = match AffineKind::of(ir, o) {
            _ if ir.isa::<arith::Constant>(o) => true,
            Some(AffineKind::Load) => self.plan.accesses[&o].dims.iter().all(Option::is_none),
            _ if arith::ArithKind::of(ir, o).is_some() || math::MathKind::of(ir, o).is_some() => {
                !self.plan.reductions.iter().any(|r| r.combiner == o)
                    && ir.operands(o).iter().all(|&v| self.is_uniform(ir, v))
            }
            _ => false,
        };
        if keep {
            let results = ir.results(o).to_vec();
            self.uniform.as_mut().expect("checked").extend(results);
        }
        keep
    }

    fn rewrite_op(&mut self, ir: &mut Ir, o: Op) {
        let ctx = ir.ctx_arc().clone();
        let loc = ir.loc(o);
        if self.keep_uniform(ir, o) {
            return;
        }
        match AffineKind::of(ir, o) {
            Some(AffineKind::Apply) => {}
            Some(AffineKind::Yield) => {
                for i in 0..ir.operands(o).len() {
                    let v = ir.operand(o, i);
                    let nv = self.vector_of(ir, v);
                    ir.set_operand(o, i, nv);
                }
            }
            Some(AffineKind::For) => {
                let segs = for_segments(ir, o).expect("affine.for operands");
                for i in segs[2].clone() {
                    let v = ir.operand(o, i);
                    let nv = self.vector_of(ir, v);
                    ir.set_operand(o, i, nv);
                }
                let (_, b) = body(ir, o).expect("loop body");
                let args: Vec<Value> = ir.block_args(b)[1..].to_vec();
                let results: Vec<Value> = ir.results(o).to_vec();
                for (&a, &r) in args.iter().zip(&results) {
                    let vt = self.vty(ir, ir.value_type(a));
                    ir.set_value_type(a, vt);
                    ir.set_value_type(r, vt);
                    self.vmap.insert(a, a);
                    self.vmap.insert(r, r);
                }
                self.rewrite_block(ir, b);
            }
            Some(AffineKind::Load) => {
                let (indices, perm, _) = self.transfer_parts(ir, o);
                let a = dependence::access(ir, o).expect("planned access");
                let elem = ir.value_type(ir.result(o, 0));
                let poison = lattice_dialects::ub::poison_attr(&ctx);
                let pad = make_op(
                    ir,
                    ub::Poison::NAME,
                    vec![],
                    vec![elem],
                    vec![("value", poison)],
                    loc,
                );
                ir.insert_op_before(o, pad);
                let n = indices.len() as i32;
                let mut operands = vec![a.memref];
                operands.extend(indices);
                operands.push(ir.result(pad, 0));
                let vt = self.vty(ir, elem);
                let in_bounds = self.in_bounds(ir);
                let t = make_op(
                    ir,
                    vector::TransferRead::NAME,
                    operands,
                    vec![vt],
                    vec![
                        ("permutation_map", ctx.affine_map_attr(perm)),
                        ("in_bounds", in_bounds),
                        ("operandSegmentSizes", ctx.dense_i32_array(&[1, n, 1, 0])),
                    ],
                    loc,
                );
                ir.insert_op_before(o, t);
                self.vmap.insert(ir.result(o, 0), ir.result(t, 0));
                self.replaced.push(o);
            }
            Some(AffineKind::Store) => {
                let (indices, perm, order) = self.transfer_parts(ir, o);
                let a = dependence::access(ir, o).expect("planned access");
                let value = ir.operand(o, 0);
                let vv = self.vector_of(ir, value);
                let n = indices.len() as i32;
                let mut operands = vec![vv, a.memref];
                operands.extend(indices);
                let has_mask = self.masked() && !self.clipped(ir, o, &a);
                if has_mask {
                    let m = self.mask(ir, order);
                    operands.push(m);
                }
                let in_bounds = self.in_bounds(ir);
                let t = make_op(
                    ir,
                    vector::TransferWrite::NAME,
                    operands,
                    vec![],
                    vec![
                        ("permutation_map", ctx.affine_map_attr(perm)),
                        ("in_bounds", in_bounds),
                        (
                            "operandSegmentSizes",
                            ctx.dense_i32_array(&[1, 1, n, has_mask as i32]),
                        ),
                    ],
                    loc,
                );
                ir.insert_op_before(o, t);
                self.replaced.push(o);
            }
            _ if ir.isa::<arith::Constant>(o) => {
                let r = ir.result(o, 0);
                let attr = ir.attr(o, "value").expect("arith.constant has a value");
                let c = self.splat(ir, attr, ir.value_type(r), loc);
                ir.prepend_op(self.top_block, c);
                self.vmap.insert(r, ir.result(c, 0));
                self.replaced.push(o);
            }
            _ => {
                let reduction = self
                    .plan
                    .reductions
                    .iter()
                    .find(|r| r.combiner == o)
                    .cloned();
                let mut operands = Vec::new();
                for i in 0..ir.operands(o).len() {
                    let v = ir.operand(o, i);
                    let mut nv = self.vector_of(ir, v);
                    if let Some(red) = &reduction {
                        let acc = ir.block_args(self.top_block)[1 + red.index];
                        if v != acc && self.masked() {
                            nv = self.select_neutral(ir, nv, red, ir.value_type(v), o);
                        }
                    }
                    operands.push(nv);
                }
                let results: Vec<Type> = ir
                    .results(o)
                    .iter()
                    .map(|&r| self.vty(ir, ir.value_type(r)))
                    .collect();
                let attrs: Vec<(String, Attr)> = ir
                    .attrs(o)
                    .iter()
                    .map(|na| (ctx.str(na.name).to_string(), na.value))
                    .collect();
                let name = ir.op_name(o).to_string();
                let w = make_op(
                    ir,
                    &name,
                    operands,
                    results,
                    attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect(),
                    loc,
                );
                ir.insert_op_before(o, w);
                for i in 0..ir.results(o).len() {
                    self.vmap.insert(ir.result(o, i), ir.result(w, i));
                }
                self.replaced.push(o);
            }
        }
    }

    fn select_neutral(
        &mut self,
        ir: &mut Ir,
        v: Value,
        red: &Reduction,
        ty: Type,
        before: Op,
    ) -> Value {
        let loc = ir.loc(before);
        let order: Vec<usize> = (0..self.sizes.len()).collect();
        let m = self.mask(ir, order);
        let init = self.inits[&red.index];
        let vt = self.vty(ir, ty);
        let s = make_op(
            ir,
            arith::Select::NAME,
            vec![m, v, init],
            vec![vt],
            vec![],
            loc,
        );
        ir.insert_op_before(before, s);
        ir.result(s, 0)
    }
}

fn vectorize(ir: &mut Ir, nest: &[Op], plan: &Plan, options: &SuperVectorizeOptions) {
    let ctx = ir.ctx_arc().clone();
    let inner = *nest.last().expect("non-empty");
    let (_, inner_body) = body(ir, inner).expect("loop body");
    let mut rw = Rewriter {
        nest,
        sizes: &options.vector_sizes,
        plan,
        vmap: FxHashMap::default(),
        top_block: inner_body,
        top: None,
        masks: FxHashMap::default(),
        rems: None,
        replaced: Vec::new(),
        uniform: options.uniform_scalars.then(Default::default),
        inits: FxHashMap::default(),
        clip_stores: options.clip_stores,
    };
    for (&l, &v) in nest.iter().zip(&options.vector_sizes) {
        ir.set_attr(l, AffineFor::STEP, ctx.index_attr(v));
    }
    // Reduction accumulators: neutral splats as initial values, vector iter_args.
    let root = nest[0];
    let loc = ir.loc(root);
    let mut old_inits = Vec::new();
    let mut result_uses = Vec::new();
    if !plan.reductions.is_empty() {
        let segs = for_segments(ir, inner).expect("affine.for operands");
        for red in &plan.reductions {
            let arg = ir.block_args(inner_body)[1 + red.index];
            let ty = ir.value_type(arg);
            let neutral = neutral_attr(ir, ty, red.kind).expect("checked reduction");
            let c = rw.splat(ir, neutral, ty, loc);
            ir.insert_op_before(inner, c);
            rw.inits.insert(red.index, ir.result(c, 0));
            let pos = segs[2].start + red.index;
            old_inits.push(ir.operand(inner, pos));
            ir.set_operand(inner, pos, ir.result(c, 0));
            let r = ir.result(inner, red.index);
            result_uses.push(
                ir.uses(r)
                    .iter()
                    .map(|u| (u.op, u.index))
                    .collect::<Vec<_>>(),
            );
            let vt = rw.vty(ir, ty);
            ir.set_value_type(arg, vt);
            ir.set_value_type(r, vt);
            rw.vmap.insert(arg, arg);
        }
    }
    rw.rewrite_block(ir, inner_body);
    // Final reductions after the loop.
    let mut after = inner;
    for ((red, init), uses) in plan.reductions.iter().zip(old_inits).zip(result_uses) {
        let r = ir.result(inner, red.index);
        let arg_ty = ir.ctx().element_type(ir.value_type(r));
        let fm = ctx.attr(AttrData::Dialect("arith.fastmath<none>".into()));
        let kind = ctx.attr(AttrData::Dialect(format!("vector.kind<{}>", red.kind)));
        let rop = make_op(
            ir,
            vector::Reduction::NAME,
            vec![r],
            vec![arg_ty],
            vec![("kind", kind), ("fastmath", fm)],
            loc,
        );
        ir.insert_op_after(after, rop);
        after = rop;
        let mut fin = ir.result(rop, 0);
        let neutral = neutral_attr(ir, arg_ty, red.kind);
        let init_is_neutral = ir
            .defining_op(init)
            .filter(|&d| ir.isa::<arith::Constant>(d))
            .and_then(|d| ir.attr(d, "value"))
            == neutral;
        if !init_is_neutral {
            let name = ir.op_name(red.combiner).to_string();
            let attrs: Vec<(String, Attr)> = ir
                .attrs(red.combiner)
                .iter()
                .map(|na| (ctx.str(na.name).to_string(), na.value))
                .collect();
            let c = make_op(
                ir,
                &name,
                vec![fin, init],
                vec![arg_ty],
                attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect(),
                loc,
            );
            ir.insert_op_after(after, c);
            after = c;
            fin = ir.result(c, 0);
        }
        for (owner, index) in uses {
            ir.set_operand(owner, index as usize, fin);
        }
    }
    // Erase the scalar ops that were replaced, users first.
    for &o in rw.replaced.iter().rev() {
        if ir.isa::<AffineStore>(o) || ir.results(o).iter().all(|&r| ir.is_unused(r)) {
            ir.erase_op(o);
        }
    }
    // Index computations left without users.
    let applies: Vec<Op> = ir
        .walk_ops(inner, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| ir.isa::<AffineApply>(o))
        .collect();
    for o in applies.into_iter().rev() {
        if ir.results(o).iter().all(|&r| ir.is_unused(r)) {
            ir.erase_op(o);
        }
    }
}

impl PassConfig for SuperVectorizeOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let options = SuperVectorizeOptions {
            vector_sizes: o.int_list("virtual-vector-size")?,
            fastest_varying: o.int_list("test-fastest-varying")?,
            vectorize_reductions: o.bool("vectorize-reductions", false)?,
            uniform_scalars: false,
            clip_stores: true,
        };
        Ok(options)
    }
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o.typed_at::<SuperVectorizeOptions>(ir, func)?;
    let report = super_vectorize_with_report(ir, func, &options)?;
    lattice_ir::pass::report_declined(&report.remarks, o);
    Ok(())
}

/// The `affine-super-vectorize` pass.
pub static SUPER_VECTORIZE: PassDef = PassDef {
    name: "affine-super-vectorize",
    display_name: "AffineVectorize",
    summary: "Vectorize to a target independent n-D vector abstraction",
    anchor: Some(func::Func::NAME),
    options: &[        // Sizes below 1 are refused by the pass (a diagnostic on the function, as
        // mlir-opt 22), not by the option parser.
        PassOption::ints(
            "virtual-vector-size",
            i64::MIN,
            i64::MAX,
            "",
            "Specify an n-D virtual vector size for vectorization",
        ),
        PassOption::ints(
            "test-fastest-varying",
            0,
            i64::MAX,
            "",
            "Specify a 1-D, 2-D or 3-D pattern of fastest varying memory dimensions to match (test only)",
        ),
        PassOption::bool(
            "vectorize-reductions",
            false,
            "Vectorize known reductions expressed via iter_args",
        ),
        PassOption::bool("remarks", false, "Print why a loop was not vectorized (stderr)"),
    ],
    configure: lattice_ir::pass::configure::<SuperVectorizeOptions>,
    run,
};
