//! Generic passes: `canonicalize`, `cse`, `inline`, `loop-invariant-code-motion`,
//! `mem2reg`, `sccp`, `symbol-dce` (one file each), plus the memory-effect and speculation
//! queries they share.
//!
//! Lattice models MLIR's memory-effect interfaces with op traits: `PURE` (no effects),
//! `READ_ONLY` (reads only), `ALLOC_ONLY` (allocates its results only) and
//! `RECURSIVE_EFFECTS` (the effects are those of the nested ops), from its definition
//! plus, for ops whose effects depend on their operands, its `dynamic_effects` hook. An op
//! with none of these, or an unregistered op, is assumed to have arbitrary effects.

pub mod canonicalize;
pub mod cse;
pub mod inline;
pub mod loop_invariant_code_motion;
pub mod mem2reg;
pub mod sccp;
pub mod symbol_dce;

use crate::pass::PassRegistry;
use crate::registry::{OpDef, Speculatability, Traits};
use crate::store::{Ir, Op};

/// Registers `canonicalize`, `cse`, `inline`, `mem2reg`, `sccp`, `symbol-dce` and
/// `loop-invariant-code-motion`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&[
        &canonicalize::CANONICALIZE,
        &cse::CSE,
        &inline::INLINE,
        &mem2reg::MEM2REG,
        &sccp::SCCP,
        &symbol_dce::SYMBOL_DCE,
        &loop_invariant_code_motion::LOOP_INVARIANT_CODE_MOTION,
    ]);
}

/// Fails with mlir-opt's error when `op`, which a pass (`pass`, as mlir-opt names it in
/// the message) must run on, is not a symbol table.
fn require_symbol_table(ir: &Ir, op: Op, pass: &str) -> Result<(), Vec<crate::diag::Diagnostic>> {
    if ir.has_trait(op, Traits::SYMBOL_TABLE) {
        return Ok(());
    }
    Err(vec![crate::diag::Diagnostic::error(
        crate::diag::DiagLoc::Loc(ir.loc(op)),
        format!(
            "'{}' op  was scheduled to run under {pass}, but does not define a symbol table",
            ir.op_name(op)
        ),
    )])
}

/// The ops directly inside the regions of `op`.
fn nested_ops(ir: &Ir, op: Op) -> Vec<Op> {
    let mut out = Vec::new();
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            out.extend(ir.block_ops(b));
        }
    }
    out
}

/// What an effect query makes of one op's definition.
enum Verdict {
    /// Its effects are allowed.
    Allowed,
    /// Its effects are those of the ops nested in it (`RECURSIVE_EFFECTS`).
    Nested,
    /// Its effects are not allowed: the query fails.
    Denied,
}

/// The effect traits of `op`: its definition's, plus those its `dynamic_effects` hook
/// gives for its operands. `None` for an unregistered op.
fn effect_traits(ir: &Ir, op: Op) -> Option<Traits> {
    let def: &OpDef = ir.op_def(op)?;
    Some(
        def.dynamic_effects
            .map_or(def.traits, |f| def.traits.with(f(ir, op))),
    )
}

/// Whether `op` and, where `verdict` says so, the ops nested in it are all allowed. Nested
/// ops are judged as they are met, so the walk stops at the first op denied (a loop body
/// of stores answers at its first store, not after listing the whole body, which made
/// canonicalization quadratic on a body of 130,000 unrolled ops).
fn effects_allowed(ir: &Ir, op: Op, verdict: impl Fn(Traits) -> Verdict) -> bool {
    let judge = |o: Op| effect_traits(ir, o).map_or(Verdict::Denied, &verdict);
    let mut stack = match judge(op) {
        Verdict::Allowed => return true,
        Verdict::Denied => return false,
        Verdict::Nested => vec![op],
    };
    while let Some(o) = stack.pop() {
        for &r in ir.regions(o) {
            for b in ir.region_blocks(r) {
                for n in ir.block_ops(b) {
                    match judge(n) {
                        Verdict::Allowed => {}
                        Verdict::Nested => stack.push(n),
                        Verdict::Denied => return false,
                    }
                }
            }
        }
    }
    true
}

/// Whether `op` has no memory effects at all (MLIR's `isMemoryEffectFree`): `PURE`, or
/// `RECURSIVE_EFFECTS` with every nested op effect-free.
pub fn is_memory_effect_free(ir: &Ir, op: Op) -> bool {
    effects_allowed(ir, op, |t| {
        if t.contains(Traits::READ_ONLY) || t.contains(Traits::ALLOC_ONLY) {
            Verdict::Denied
        } else if t.contains(Traits::RECURSIVE_EFFECTS) {
            Verdict::Nested
        } else if t.contains(Traits::PURE) {
            Verdict::Allowed
        } else {
            Verdict::Denied
        }
    })
}

/// The speculatability of `op` alone: its definition's `speculatability` hook, else
/// `Speculatable` for a `PURE` op without `RECURSIVE_EFFECTS` (MLIR's `Pure`), else not
/// (unregistered ops included).
fn speculatability(ir: &Ir, op: Op) -> Speculatability {
    match ir.op_def(op) {
        Some(OpDef {
            speculatability: Some(f),
            ..
        }) => f(ir, op),
        Some(def) if def.has(Traits::PURE) && !def.has(Traits::RECURSIVE_EFFECTS) => {
            Speculatability::Speculatable
        }
        _ => Speculatability::NotSpeculatable,
    }
}

/// Whether `op` may run where it would not have run (MLIR's `isSpeculatable`): it is
/// speculatable, or recursively speculatable with every op in its regions speculatable.
pub fn is_speculatable(ir: &Ir, op: Op) -> bool {
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        match speculatability(ir, o) {
            Speculatability::NotSpeculatable => return false,
            Speculatability::Speculatable => {}
            Speculatability::RecursivelySpeculatable => stack.extend(nested_ops(ir, o)),
        }
    }
    true
}

/// Whether `op` would be dead if its results were unused (MLIR's
/// `wouldOpBeTriviallyDead`): not a terminator, not a symbol, and it (and, for
/// `RECURSIVE_EFFECTS` ops, everything nested in it) at most reads memory or allocates
/// its own results.
pub fn would_be_trivially_dead(ir: &Ir, op: Op) -> bool {
    if ir.has_trait(op, Traits::TERMINATOR) || ir.has_trait(op, Traits::SYMBOL) {
        return false;
    }
    effects_allowed(ir, op, |t| {
        if t.contains(Traits::RECURSIVE_EFFECTS) {
            Verdict::Nested
        } else if t.contains(Traits::PURE)
            || t.contains(Traits::READ_ONLY)
            || t.contains(Traits::ALLOC_ONLY)
        {
            Verdict::Allowed
        } else {
            Verdict::Denied
        }
    })
}

/// Whether `op` is unused and would be trivially dead (MLIR's `isOpTriviallyDead`).
pub fn is_trivially_dead(ir: &Ir, op: Op) -> bool {
    ir.results(op).iter().all(|&r| ir.is_unused(r)) && would_be_trivially_dead(ir, op)
}

/// Whether `op` may write memory or have effects other than reads and allocations
/// (used by CSE between two reads). Unregistered ops and ops whose effects are only
/// those of their nested ops count as writers, as in MLIR's CSE.
pub(crate) fn may_write(ir: &Ir, op: Op) -> bool {
    match effect_traits(ir, op) {
        None => true,
        Some(t) => {
            !(t.contains(Traits::PURE)
                || t.contains(Traits::READ_ONLY)
                || t.contains(Traits::ALLOC_ONLY))
        }
    }
}
