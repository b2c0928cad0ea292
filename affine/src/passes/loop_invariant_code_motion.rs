//! `affine-loop-invariant-code-motion`: hoists loop-invariant ops out of `affine.for`
//! loops, innermost loops first, so an op can bubble out of several loops.
//!
//! What moves: effect-free ops whose operands are defined outside the loop (or by ops
//! hoisted before them); `affine.load`/`affine.vector_load`/`memref.load` of a memref that
//! nothing in the loop may write; `affine.if` ops whose condition operands are invariant
//! and whose nested ops all qualify. What never moves: ops with side effects (stores,
//! calls, unknown ops), nested loops, and ops that may trap or read memory (integer
//! divisions by a non-constant, loads) out of a loop not known to run at least once.
//!
//! Refusals that protect correctness (a load kept because the loop may write its memref
//! or may run zero times, a division kept because the loop may run zero times) are
//! printed as `remark:` lines under the option `remarks=true` or `--remarks`.
//!
//! Assumptions (conservative): two memref values may alias unless they are results of two
//! distinct `memref.alloc`/`memref.alloca` ops; any op without known effects may write
//! any memref.

use crate::views::{AffineAccess, AffineFor, AffineKind};
use lattice_dialects::{func, memref, scf};
use lattice_ir::diag::{DiagLoc, Diagnostic};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::passes::loop_invariant_code_motion::{can_be_hoisted, is_defined_inside};
use lattice_ir::store::WalkOrder;
use lattice_ir::{AffineMap, Ir, Op, Traits, Value};
use std::collections::HashSet as FxHashSet;

use crate::ops::for_segments;
use crate::util::{constant_int, map_attr};

/// Options of `affine-loop-invariant-code-motion` (it has none upstream).
#[derive(Clone, Debug, Default)]
pub struct LicmOptions {}

/// Why some ops stayed in their loops.
#[derive(Clone, Debug, Default)]
pub struct LicmReport {
    /// One remark per refusal, at the op that stayed.
    pub remarks: Vec<Diagnostic>,
}

/// The pass as mlir-opt names it.
pub static LOOP_INVARIANT_CODE_MOTION: PassDef = PassDef {
    name: "affine-loop-invariant-code-motion",
    display_name: "AffineLoopInvariantCodeMotion",
    summary: "Hoist loop invariant instructions outside of affine loops",
    anchor: Some(func::Func::NAME),
    options: &[PassOption::bool(
        "remarks",
        false,
        "Print why loads and divisions stay in their loops (also --remarks)",
    )],
    configure: lattice_ir::pass::configure::<LicmOptions>,
    run: run_pass,
};

/// `remarks`, the one option, is read by the pass manager.
impl PassConfig for LicmOptions {
    fn from_options(_: &OptionValues) -> Result<Self, OptionError> {
        Ok(LicmOptions {})
    }
}

fn run_pass(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let typed = options.typed_at::<LicmOptions>(ir, op)?;
    let report = loop_invariant_code_motion_with_report(ir, op, &typed);
    lattice_ir::pass::report_declined(&report.remarks, options);
    Ok(())
}

/// Hoists invariant ops out of every `affine.for` nested in `func`.
pub fn loop_invariant_code_motion(
    ir: &mut Ir,
    func: Op,
    options: &LicmOptions,
) -> Result<(), Vec<Diagnostic>> {
    loop_invariant_code_motion_with_report(ir, func, options);
    Ok(())
}

/// [`loop_invariant_code_motion`], also saying why invariant-looking loads and
/// divisions stayed.
pub fn loop_invariant_code_motion_with_report(
    ir: &mut Ir,
    func: Op,
    _options: &LicmOptions,
) -> LicmReport {
    let mut report = LicmReport::default();
    let loops: Vec<Op> = ir
        .walk_ops(func, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| ir.isa::<AffineFor>(o))
        .collect();
    for l in loops {
        hoist_from(ir, l, &mut report);
    }
    report
}

/// What an op writes, looking at the op alone (not its regions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    /// Nothing.
    None,
    /// The given memref only.
    Memref(Value),
    /// Possibly any memory.
    Unknown,
}

/// Whether `op` is an `affine.load`, `affine.vector_load` or `memref.load`.
fn is_load(ir: &Ir, op: Op) -> bool {
    AffineAccess::of(ir, op).is_some_and(|a| !a.is_write) || ir.isa::<memref::Load>(op)
}

/// Whether `op` is an `affine.store`, `affine.vector_store` or `memref.store`.
fn is_store(ir: &Ir, op: Op) -> bool {
    AffineAccess::of(ir, op).is_some_and(|a| a.is_write) || ir.isa::<memref::Store>(op)
}

/// The memory `op` itself may write (nested ops are not included).
pub(crate) fn writes(ir: &Ir, op: Op) -> Access {
    if is_store(ir, op) {
        return match ir.operands(op).get(1) {
            Some(&m) => Access::Memref(m),
            None => Access::Unknown,
        };
    }
    match ir.op_def(op) {
        Some(def)
            if def.has(Traits::PURE)
                || def.has(Traits::READ_ONLY)
                || def.has(Traits::ALLOC_ONLY)
                || def.has(Traits::RECURSIVE_EFFECTS) =>
        {
            Access::None
        }
        _ => Access::Unknown,
    }
}

/// The memory `op` itself may read (nested ops are not included).
pub(crate) fn reads(ir: &Ir, op: Op) -> Access {
    if is_load(ir, op) {
        return match ir.operands(op).first() {
            Some(&m) => Access::Memref(m),
            None => Access::Unknown,
        };
    }
    if is_store(ir, op) {
        return Access::None;
    }
    match ir.op_def(op) {
        Some(def)
            if def.has(Traits::PURE)
                || def.has(Traits::ALLOC_ONLY)
                || def.has(Traits::RECURSIVE_EFFECTS) =>
        {
            Access::None
        }
        _ => Access::Unknown,
    }
}

/// Whether `op` is a fresh allocation (`memref.alloc`/`memref.alloca`).
fn is_alloc(ir: &Ir, op: Op) -> bool {
    ir.isa::<memref::Alloc>(op) || ir.isa::<memref::Alloca>(op)
}

/// Whether memrefs `a` and `b` may refer to overlapping memory: always, unless they are
/// the results of two distinct allocations.
pub(crate) fn may_alias(ir: &Ir, a: Value, b: Value) -> bool {
    if a == b {
        return true;
    }
    match (ir.defining_op(a), ir.defining_op(b)) {
        (Some(x), Some(y)) => !(x != y && is_alloc(ir, x) && is_alloc(ir, y)),
        _ => true,
    }
}

/// Whether `access` may touch `memref`.
pub(crate) fn touches(ir: &Ir, access: Access, memref: Value) -> bool {
    match access {
        Access::None => false,
        Access::Memref(m) => may_alias(ir, m, memref),
        Access::Unknown => true,
    }
}

/// The single constant of a bound map without inputs, combining multiple results with
/// `max` (lower bounds) or `min` (upper bounds).
fn constant_bound(ir: &Ir, map: AffineMap, lower: bool) -> Option<i64> {
    let ctx = ir.ctx();
    if ctx.map_num_inputs(map) != 0 {
        return None;
    }
    let values = ctx.map_constant_results(map)?;
    if lower {
        values.into_iter().max()
    } else {
        values.into_iter().min()
    }
}

/// Whether `affine.for` op `l` runs its body at least once whenever it is reached:
/// constant bounds with `lb < ub`, or single-result bounds over the same operands whose
/// difference is a positive constant.
pub(crate) fn known_nonempty(ir: &Ir, l: Op) -> bool {
    let (Some(lbm), Some(ubm), Some(seg)) = (
        map_attr(ir, l, AffineFor::LOWER_BOUND_MAP),
        map_attr(ir, l, AffineFor::UPPER_BOUND_MAP),
        for_segments(ir, l),
    ) else {
        return false;
    };
    if let (Some(lb), Some(ub)) = (
        constant_bound(ir, lbm, true),
        constant_bound(ir, ubm, false),
    ) {
        return lb < ub;
    }
    let ctx = ir.ctx();
    let operands = ir.operands(l);
    let (ld, ud) = (ctx.map_data(lbm).clone(), ctx.map_data(ubm).clone());
    if ld.results.len() != 1
        || ud.results.len() != 1
        || ld.num_dims != ud.num_dims
        || ld.num_symbols != ud.num_symbols
        || operands[seg[0].clone()] != operands[seg[1].clone()]
    {
        return false;
    }
    let diff = ctx.sub_expr(ud.results[0], ld.results[0]);
    let diff = ctx.simplify_affine_expr(diff, ld.num_dims, ld.num_symbols);
    ctx.constant_value(diff).is_some_and(|c| c > 0)
}

/// Whether division `op` cannot trap: its divisor is a constant other than 0 (and other
/// than -1 for signed ops, which overflow on the minimum value).
fn division_is_safe(ir: &Ir, op: Op) -> bool {
    let Some(&divisor) = ir.operands(op).get(1) else {
        return false;
    };
    let signed = ir.op_name(op).ends_with("si");
    match constant_int(ir, divisor) {
        Some(0) | None => false,
        Some(-1) => !signed,
        Some(_) => true,
    }
}

/// Facts about one loop used while deciding what to hoist out of it.
struct LoopInfo {
    op: Op,
    nonempty: bool,
    /// What the ops nested in the loop may write.
    writes: Vec<Access>,
}

/// Whether a single op (ignoring its regions' contents, which are checked separately)
/// may move out of the loop.
fn op_movable(ir: &Ir, info: &LoopInfo, op: Op) -> Result<(), Option<String>> {
    let name = ir.op_name(op);
    let kind = AffineKind::of(ir, op);
    if matches!(kind, Some(AffineKind::For | AffineKind::Parallel)) {
        return Err(None);
    }
    if matches!(kind, Some(AffineKind::If | AffineKind::Yield))
        || ir.isa::<scf::If>(op)
        || ir.isa::<scf::Yield>(op)
    {
        return Ok(());
    }
    if is_load(ir, op) {
        let Some(&memref) = ir.operands(op).first() else {
            return Err(None);
        };
        if info.writes.iter().any(|&w| touches(ir, w, memref)) {
            return Err(Some(format!(
                "invariant '{name}' not hoisted: the loop may write its memref"
            )));
        }
        if !info.nonempty {
            return Err(Some(format!(
                "invariant '{name}' not hoisted: the loop may run zero times"
            )));
        }
        return Ok(());
    }
    if ir.has_trait(op, Traits::MAY_TRAP) && !info.nonempty && !division_is_safe(ir, op) {
        return Err(Some(format!(
            "invariant '{name}' not hoisted: it may trap and the loop may run zero times"
        )));
    }
    match ir.op_def(op) {
        Some(def) if def.has(Traits::PURE) && ir.regions(op).is_empty() => Ok(()),
        _ => Err(None),
    }
}

/// Whether `op` (a direct child of the loop body) and everything nested in it may move
/// out of the loop, given the ops already chosen.
/// On refusal, says why when the reason is worth a remark (the op is invariant but
/// moving it could change what the program does).
fn can_hoist(
    ir: &Ir,
    info: &LoopInfo,
    op: Op,
    hoisted: &FxHashSet<Op>,
) -> Result<(), Option<(Op, String)>> {
    let outside = |v: Value| {
        !is_defined_inside(ir, v, info.op)
            || ir.defining_op(v).is_some_and(|d| hoisted.contains(&d))
    };
    if !can_be_hoisted(ir, op, outside) {
        return Err(None);
    }
    let mut reason = None;
    for o in ir.walk_ops(op, WalkOrder::PreOrder) {
        if reason.is_none() {
            match op_movable(ir, info, o) {
                Ok(()) => {}
                Err(None) => return Err(None),
                Err(Some(r)) => reason = Some((o, r)),
            }
        }
    }
    match reason {
        None => Ok(()),
        Some(r) => Err(Some(r)),
    }
}

/// Moves the invariant ops of loop `l`'s body just before `l`, keeping their order.
fn hoist_from(ir: &mut Ir, l: Op, report: &mut LicmReport) {
    let Some(body) = ir.regions(l).first().and_then(|&r| ir.entry_block(r)) else {
        return;
    };
    let info = LoopInfo {
        op: l,
        nonempty: known_nonempty(ir, l),
        writes: ir
            .walk_ops(l, WalkOrder::PreOrder)
            .into_iter()
            .skip(1)
            .map(|o| writes(ir, o))
            .filter(|&w| w != Access::None)
            .collect(),
    };
    let mut hoisted = FxHashSet::new();
    let mut order = Vec::new();
    for op in ir.block_ops(body).collect::<Vec<_>>() {
        match can_hoist(ir, &info, op, &hoisted) {
            Ok(()) => {
                hoisted.insert(op);
                order.push(op);
            }
            Err(Some((at, message))) => report.remarks.push(Diagnostic::new(
                lattice_ir::Severity::Remark,
                DiagLoc::Loc(ir.loc(at)),
                message,
            )),
            Err(None) => {}
        }
    }
    for op in order {
        ir.detach_op(op);
        ir.insert_op_before(l, op);
    }
}
