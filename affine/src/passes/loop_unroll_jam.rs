//! `affine-loop-unroll-jam`: unroll-and-jam of the first loop nest of a function (when
//! the function body starts with an `affine.for`, as upstream) by `unroll-jam-factor`
//! (default 4): the loop's step is multiplied by the factor and every maximal run of
//! non-loop ops in its body, at every loop depth below it, is replicated in place for
//! the iterations `iv + k * step`, k = 1 .. factor-1. Iterations left over go to a
//! cleanup loop (constant trip counts, or single-result bound maps).
//!
//! Unlike mlir-opt 22, legality is checked with [`crate::analysis::dependence`]: after
//! jamming, an instance of a source access in iteration i and a sink access in iteration
//! i + δ of the jammed loop run in the order of their positions in the body (runs and
//! sub-loops), and within a common sub-loop in the order of that loop's IV; a dependence
//! whose sink would then run first (for instance distance (1, -1)) makes the pass
//! decline. The pass also declines for loops with `iter_args` (at any depth), inner loop
//! bounds that depend on values defined in the jammed loop, ops with unknown memory
//! effects in the body, and trip counts below the factor. Every refusal is explained in
//! a [`Report`]; the pass adapter emits them as remarks when the
//! option `remarks=true` or the command line's `--remarks`.

use super::loop_unroll::{iv_plus, promote_single_iteration, split_for_factor};
use crate::analysis::dependence::{self, Component, Dependence};
use crate::loops::{constant_trip_count, wide_constant_trip_count};
use crate::util::int_attr;
use crate::views::{
    AffineApply, AffineFor, AffineIf, AffineLoad, AffineMax, AffineMin, AffineStore,
    AffineVectorLoad, AffineVectorStore, AffineYield,
};
use lattice_dialects::func;
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{Block, Ir, Op, Traits, Value, WalkOrder};
use rustc_hash::FxHashMap;

/// Options of `affine-loop-unroll-jam`.
#[derive(Clone, Debug)]
pub struct LoopUnrollJamOptions {
    /// The unroll-jam factor.
    pub factor: i64,
}

impl Default for LoopUnrollJamOptions {
    fn default() -> Self {
        LoopUnrollJamOptions { factor: 4 }
    }
}

/// What the pass did not do, and why.
#[derive(Debug, Default)]
pub struct Report {
    /// One remark per refusal, at the loop.
    pub remarks: Vec<Diagnostic>,
}

/// Runs the pass on `func`, returning its refusals.
pub fn loop_unroll_jam_with_report(
    ir: &mut Ir,
    func: Op,
    options: &LoopUnrollJamOptions,
) -> Result<Report, Vec<Diagnostic>> {
    let mut report = Report::default();
    let Some(&region) = ir.regions(func).first() else {
        return Ok(report);
    };
    let Some(entry) = ir.entry_block(region) else {
        return Ok(report);
    };
    let Some(first) = ir.first_op(entry) else {
        return Ok(report);
    };
    if ir.isa::<AffineFor>(first) {
        if let Err(why) = unroll_jam(ir, first, options.factor) {
            if !why.is_empty() {
                report.remarks.push(Diagnostic::new(
                    Severity::Remark,
                    DiagLoc::Loc(ir.loc(first)),
                    why,
                ));
            }
        }
    }
    Ok(report)
}

/// Runs the pass on `func` (refusals are dropped).
pub fn loop_unroll_jam(
    ir: &mut Ir,
    func: Op,
    options: &LoopUnrollJamOptions,
) -> Result<(), Vec<Diagnostic>> {
    loop_unroll_jam_with_report(ir, func, options).map(|_| ())
}

fn body(ir: &Ir, l: Op) -> Option<(Value, Block)> {
    let r = *ir.regions(l).first()?;
    let b = ir.entry_block(r)?;
    Some((*ir.block_args(b).first()?, b))
}

/// Unroll-jams `l` by `f`; `Err(reason)` when declined (empty reason: nothing to say).
pub fn unroll_jam(ir: &mut Ir, l: Op, f: i64) -> Result<(), String> {
    unroll_jam_impl(ir, l, f, false)
}

/// [`unroll_jam`] that also takes loops whose upper bound is a `min` of several results
/// (tile point loops at the space's edge; see [`super::loop_unroll::split_min_for_factor`]).
pub fn unroll_jam_min_bounds(ir: &mut Ir, l: Op, f: i64) -> Result<(), String> {
    unroll_jam_impl(ir, l, f, true)
}

fn unroll_jam_impl(ir: &mut Ir, l: Op, f: i64, min_bounds: bool) -> Result<(), String> {
    let tc = constant_trip_count(ir, l);
    if f <= 1 {
        if f == 1 && tc == Some(1) {
            promote_single_iteration(ir, l);
        }
        return Ok(());
    }
    let (iv, blk) = body(ir, l).ok_or_else(String::new)?;
    if ir.block_ops(blk).count() <= 1 {
        return Ok(());
    }
    if let Some(t) = wide_constant_trip_count(ir, l).filter(|&t| tc.is_none() && t > 0) {
        return Err(format!(
            "not unroll-jammed: its trip count {t} does not fit in 64 bits"
        ));
    }
    if let Some(t) = tc {
        if t < f {
            return Err(format!(
                "not unroll-jammed: trip count {t} is below the unroll-jam factor {f}"
            ));
        }
    }
    let nested = ir.walk_ops(l, WalkOrder::PreOrder);
    for &o in &nested {
        if ir.isa::<AffineFor>(o) && !ir.results(o).is_empty() {
            return Err("not unroll-jammed: loops with iter_args are not supported".into());
        }
        if o != l && ir.isa::<AffineFor>(o) {
            if let Some(segs) = crate::ops::for_segments(ir, o) {
                let bounds = &ir.operands(o)[segs[0].start..segs[1].end];
                if bounds.iter().any(|&v| defined_inside(ir, v, l)) {
                    return Err(
                        "not unroll-jammed: an inner loop's bounds depend on the unroll-jammed loop"
                            .into(),
                    );
                }
            }
        }
        if !known_effects(ir, o) {
            return Err(format!(
                "not unroll-jammed: '{}' has unknown memory effects",
                ir.op_name(o)
            ));
        }
    }
    check_legality(ir, l, f)?;
    let step = int_attr(ir, l, AffineFor::STEP).unwrap_or(1) as i64;
    let new_step = step.checked_mul(f).ok_or_else(|| {
        format!("not unroll-jammed: the new step {step} * {f} does not fit in 64 bits")
    })?;
    let split = match split_for_factor(ir, l, f) {
        Some((main, _)) => Some(main),
        None if min_bounds => super::loop_unroll::split_min_for_factor(ir, l, f),
        None => None,
    };
    let main = split
        .ok_or_else(|| "not unroll-jammed: unsupported loop bounds (max/min maps)".to_string())?;
    let ctx = ir.ctx_arc().clone();
    ir.set_attr(main, AffineFor::STEP, ctx.index_attr(new_step));
    // Runs of non-loop ops, at every depth, in program order.
    let mut runs: Vec<Vec<Op>> = Vec::new();
    gather_runs(ir, blk, &mut runs);
    let mut tails: Vec<Op> = runs
        .iter()
        .map(|r| *r.last().expect("non-empty run"))
        .collect();
    let iv_used = !ir.is_unused(iv);
    let mut mappings: Vec<FxHashMap<Value, Value>> = vec![FxHashMap::default(); f as usize];
    for (run, tail) in runs.iter().zip(tails.iter_mut()) {
        for k in 1..f {
            let mapping = &mut mappings[k as usize];
            if iv_used {
                // As upstream: one `iv + k * step` per run and copy, before the copy.
                let niv = iv_plus(ir, iv, k * step, *tail);
                let apply = ir.defining_op(niv).expect("just created");
                ir.detach_op(apply);
                ir.insert_op_after(*tail, apply);
                *tail = apply;
                mapping.insert(iv, niv);
            }
            for &o in run {
                let c = ir.clone_op(o, mapping);
                ir.insert_op_after(*tail, c);
                *tail = c;
            }
        }
    }
    if constant_trip_count(ir, main) == Some(1) {
        promote_single_iteration(ir, main);
    }
    Ok(())
}

fn gather_runs(ir: &Ir, blk: Block, runs: &mut Vec<Vec<Op>>) {
    let mut cur = Vec::new();
    for o in ir.block_ops(blk) {
        if ir.has_trait(o, Traits::TERMINATOR) {
            continue;
        }
        if ir.isa::<AffineFor>(o) {
            if !cur.is_empty() {
                runs.push(std::mem::take(&mut cur));
            }
            if let Some((_, b)) = body(ir, o) {
                gather_runs(ir, b, runs);
            }
        } else {
            cur.push(o);
        }
    }
    if !cur.is_empty() {
        runs.push(cur);
    }
}

/// Whether `v` is defined inside `l` (by an op in it, or as a block argument of it).
pub(crate) fn defined_inside(ir: &Ir, v: Value, l: Op) -> bool {
    match ir.defining_op(v) {
        Some(d) => ir.is_ancestor(l, d),
        None => ir
            .value_block(v)
            .and_then(|b| ir.block_parent_op(b))
            .is_some_and(|p| ir.is_ancestor(l, p)),
    }
}

fn known_effects(ir: &Ir, o: Op) -> bool {
    ir.is_any_def(
        o,
        &[
            AffineFor::DEF,
            AffineIf::DEF,
            AffineYield::DEF,
            AffineLoad::DEF,
            AffineStore::DEF,
            AffineVectorLoad::DEF,
            AffineVectorStore::DEF,
            AffineApply::DEF,
            AffineMin::DEF,
            AffineMax::DEF,
        ],
    ) || lattice_ir::passes::is_memory_effect_free(ir, o)
}

/// Declines when some dependence carried by `l` would be reversed by jamming.
fn check_legality(ir: &Ir, l: Op, f: i64) -> Result<(), String> {
    let accesses: Vec<Op> = ir
        .walk_ops(l, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| dependence::access(ir, o).is_some())
        .collect();
    dependence::within_test_budget(ir, &accesses, 1)
        .map_err(|why| format!("not unroll-jammed by {f}: {why}"))?;
    let depth = dependence::enclosing_loops(ir, l).len() + 1;
    for &src in &accesses {
        for &dst in &accesses {
            let Dependence::May(comps) = dependence::check_dependence(ir, src, dst, depth) else {
                continue;
            };
            if !jam_keeps_order(ir, l, src, dst, &comps[depth..]) {
                return Err(format!(
                    "not unroll-jammed by {f}: it would violate the dependence on {} from '{}' at {} to '{}' at {} with distance vector ({})",
                    memref_name(ir, src),
                    ir.op_name(src),
                    loc_str(ir, src),
                    ir.op_name(dst),
                    loc_str(ir, dst),
                    comps.iter().map(comp_str).collect::<Vec<_>>().join(", ")
                ));
            }
        }
    }
    Ok(())
}

/// Whether `src` (iteration i of `l`) still runs before `dst` (iteration i + δ, δ > 0)
/// after jamming; `inner` holds the components of the common loops below `l`.
fn jam_keeps_order(ir: &Ir, l: Op, src: Op, dst: Op, inner: &[Component]) -> bool {
    let mut blk = match body(ir, l) {
        Some((_, b)) => b,
        None => return false,
    };
    let mut k = 0;
    loop {
        let (Some(a), Some(b)) = (
            crate::util::ancestor_in_block(ir, blk, src),
            crate::util::ancestor_in_block(ir, blk, dst),
        ) else {
            return false;
        };
        let (ia, ib) = (item_index(ir, blk, a), item_index(ir, blk, b));
        if ia != ib {
            return ia < ib;
        }
        if !ir.isa::<AffineFor>(a) {
            // Same run of non-loop ops: the copy for i precedes the copy for i + δ.
            return true;
        }
        let Some(c) = inner.get(k) else { return false };
        match c.min {
            Some(m) if m > 0 => return true,
            Some(0) => {}
            _ => return false,
        }
        blk = match body(ir, a) {
            Some((_, b)) => b,
            None => return false,
        };
        k += 1;
    }
}

/// The index of `op`'s item in `blk`, items being loops and maximal runs of other ops.
fn item_index(ir: &Ir, blk: Block, op: Op) -> usize {
    let mut idx = 0;
    let mut in_run = false;
    for o in ir.block_ops(blk) {
        let is_loop = ir.isa::<AffineFor>(o);
        if is_loop {
            if in_run {
                idx += 1;
            }
            in_run = false;
        } else if !in_run {
            in_run = true;
        }
        if o == op {
            return idx;
        }
        if is_loop {
            idx += 1;
        }
    }
    idx
}

fn comp_str(c: &Component) -> String {
    match (c.distance(), c.min, c.max) {
        (Some(d), _, _) => d.to_string(),
        (None, lo, hi) => format!(
            "[{}, {}]",
            lo.map_or("-inf".to_string(), |x| x.to_string()),
            hi.map_or("+inf".to_string(), |x| x.to_string())
        ),
    }
}

fn loc_str(ir: &Ir, op: Op) -> String {
    match lattice_ir::diag::first_file_line_col(ir.ctx(), ir.loc(op)) {
        Some((file, line, col)) => format!("{file}:{line}:{col}"),
        None => "unknown location".into(),
    }
}

fn memref_name(ir: &Ir, op: Op) -> String {
    let Some(a) = dependence::access(ir, op) else {
        return "?".into();
    };
    let ty = crate::util::type_str(ir, ir.value_type(a.memref));
    match ir.defining_op(a.memref) {
        Some(d) => format!("{ty} (result of '{}')", ir.op_name(d)),
        None => {
            let idx = ir
                .value_block(a.memref)
                .and_then(|b| ir.block_args(b).iter().position(|&x| x == a.memref))
                .unwrap_or(0);
            format!("{ty} (argument #{idx})")
        }
    }
}

impl PassConfig for LoopUnrollJamOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let options = LoopUnrollJamOptions {
            factor: o.int("unroll-jam-factor", 4)?,
        };
        Ok(options)
    }
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o.typed_at::<LoopUnrollJamOptions>(ir, func)?;
    let report = loop_unroll_jam_with_report(ir, func, &options)?;
    lattice_ir::pass::report_declined(&report.remarks, o);
    Ok(())
}

/// The `affine-loop-unroll-jam` pass.
pub static LOOP_UNROLL_JAM: PassDef = PassDef {
    name: "affine-loop-unroll-jam",
    display_name: "AffineLoopUnrollAndJam",
    summary: "Unroll and jam affine loops",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::int(
            "unroll-jam-factor",
            1,
            i64::MAX,
            "4",
            "Use this unroll jam factor for all loops",
        ),
        PassOption::bool(
            "remarks",
            false,
            "Print why a loop was not unroll-jammed (stderr)",
        ),
    ],
    configure: lattice_ir::pass::configure::<LoopUnrollJamOptions>,
    run,
};
