//! The state of the transform interpreter (MLIR's `transform::TransformState`): which
//! payload ops each transform handle (an SSA value of a `transform.*` op) points to, and
//! the hook type through which a transform op applies itself
//! ([`OpDef::transform_apply`](crate::OpDef::transform_apply)).
//!
//! Invariants: a handle is bound once, by the op that defines it (or by the interpreter
//! for a sequence's block arguments); a handle consumed by a transform op stays consumed,
//! as does every handle to the same payload ops or to ops nested in them, and any later
//! use of it is an error naming the consumer, as in MLIR; payload lists
//! hold live ops only (ops erased since a handle was bound are dropped when read, since
//! arena handles detect erasure). The interpreter itself lives with the `transform`
//! dialect; this module knows no dialect.

use crate::diag::{DiagLoc, Diagnostic};
use crate::store::{Ir, Op, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// How a transform op applies itself to the payload: reads its operands' payload ops
/// from the state, changes the payload IR, and binds its results. A failure is a
/// diagnostic located at the transform op (or its payload), which ends interpretation.
pub type TransformApplyFn = fn(&mut Ir, &mut TransformState, Op) -> Result<(), Vec<Diagnostic>>;

/// What one handle points to.
#[derive(Clone, Debug)]
enum Mapping {
    /// The payload ops, in the order the defining op produced them.
    Ops(Vec<Op>),
    /// Invalidated by a transform op.
    Consumed(Invalidation),
}

/// Why a handle is invalid: transform op `by` consumed its operand `operand` (this handle
/// or another), whose payload op `.0` is, or contains, this handle's op `.1` (none when
/// the consumed handle had no payload).
#[derive(Clone, Copy, Debug)]
struct Invalidation {
    by: Op,
    operand: usize,
    payload: Option<(Op, Op)>,
}

/// The handles of one interpretation and their payload ops.
#[derive(Clone, Debug, Default)]
pub struct TransformState {
    handles: FxHashMap<Value, Mapping>,
}

impl TransformState {
    /// A state with no handle bound.
    pub fn new() -> TransformState {
        TransformState::default()
    }

    /// Binds `handle` to `ops`.
    pub fn bind(&mut self, handle: Value, ops: Vec<Op>) {
        self.handles.insert(handle, Mapping::Ops(ops));
    }

    /// The live payload ops of operand `index` of the transform op `op`; an error at
    /// `op` when the handle was never bound or was consumed by an earlier op.
    pub fn operand_payload(&self, ir: &Ir, op: Op, index: usize) -> Result<Vec<Op>, Diagnostic> {
        let Some(&handle) = ir.operands(op).get(index) else {
            return Err(op_error(ir, op, format!("has no operand #{index}")));
        };
        match self.handles.get(&handle) {
            Some(Mapping::Ops(ops)) => {
                Ok(ops.iter().copied().filter(|&o| ir.contains_op(o)).collect())
            }
            Some(&Mapping::Consumed(why)) => {
                let mut d = Diagnostic::error(
                    DiagLoc::Loc(ir.loc(op)),
                    "op uses a handle invalidated by a previously executed transform op",
                );
                if let Some(def) = ir.defining_op(handle) {
                    d = d.with_note(DiagLoc::Loc(ir.loc(def)), "handle to invalidated ops");
                }
                d = d.with_note(
                    DiagLoc::Loc(ir.loc(why.by)),
                    format!("invalidated by this transform op that consumes its operand #{} and invalidates all handles to payload IR entities associated with this operand and entities nested in them", why.operand),
                );
                let at = |o: Op| {
                    if ir.contains_op(o) {
                        DiagLoc::Loc(ir.loc(o))
                    } else {
                        DiagLoc::None
                    }
                };
                if let Some((ancestor, nested)) = why.payload {
                    d = d
                        .with_note(at(ancestor), "ancestor payload op")
                        .with_note(at(nested), "nested payload op");
                }
                Err(d)
            }
            None => Err(op_error(
                ir,
                op,
                format!("uses a handle (operand #{index}) that no transform op has bound"),
            )),
        }
    }

    /// Marks operand `index` of `op` consumed by `op` (its payload may have been
    /// rewritten or erased), with every handle to the same payload ops or to ops nested
    /// in them.
    pub fn consume(&mut self, ir: &Ir, op: Op, index: usize) {
        let Some(&handle) = ir.operands(op).get(index) else {
            return;
        };
        let consumed: FxHashSet<Op> = match self.handles.get(&handle) {
            Some(Mapping::Ops(ops)) => ops.iter().copied().collect(),
            _ => FxHashSet::default(),
        };
        // The consumed op that is `o` or contains it.
        let ancestor = |mut o: Op| loop {
            if consumed.contains(&o) {
                return Some(o);
            }
            o = ir.parent_op(o)?;
        };
        for mapping in self.handles.values_mut() {
            let Mapping::Ops(ops) = mapping else { continue };
            let hit = ops
                .iter()
                .filter(|&&o| ir.contains_op(o))
                .find_map(|&o| Some((ancestor(o)?, o)));
            if let Some((ancestor, nested)) = hit {
                *mapping = Mapping::Consumed(Invalidation {
                    by: op,
                    operand: index,
                    payload: Some((ancestor, nested)),
                });
            }
        }
        if !matches!(self.handles.get(&handle), Some(Mapping::Consumed(_))) {
            let why = Invalidation {
                by: op,
                operand: index,
                payload: None,
            };
            self.handles.insert(handle, Mapping::Consumed(why));
        }
    }
}

/// An error located at `op`, worded as MLIR's `emitOpError` (`'name' op message`).
pub fn op_error(ir: &Ir, op: Op, message: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(
        DiagLoc::Loc(ir.loc(op)),
        format!("'{}' op {message}", ir.op_name(op)),
    )
    .with_current_op(ir, op)
}
