//! The state of the transform interpreter (MLIR's `transform::TransformState`): which
//! payload ops each transform handle (an SSA value of a `transform.*` op) points to, and
//! the hook type through which a transform op applies itself
//! ([`OpDef::transform_apply`](crate::OpDef::transform_apply)).
//!
//! Invariants: a handle is bound once, by the op that defines it (or by the interpreter
//! for a sequence's block arguments); a handle consumed by a transform op stays consumed,
//! and any later use of it is an error naming the consumer, as in MLIR; payload lists
//! hold live ops only (ops erased since a handle was bound are dropped when read, since
//! arena handles detect erasure). The interpreter itself lives with the `transform`
//! dialect; this module knows no dialect.

use crate::diag::{DiagLoc, Diagnostic};
use crate::store::{Ir, Op, Value};
use rustc_hash::FxHashMap;

/// How a transform op applies itself to the payload: reads its operands' payload ops
/// from the state, changes the payload IR, and binds its results. A failure is a
/// diagnostic located at the transform op (or its payload), which ends interpretation.
pub type TransformApplyFn = fn(&mut Ir, &mut TransformState, Op) -> Result<(), Vec<Diagnostic>>;

/// What one handle points to.
#[derive(Clone, Debug)]
enum Mapping {
    /// The payload ops, in the order the defining op produced them.
    Ops(Vec<Op>),
    /// Invalidated by this transform op, which consumed it.
    Consumed(Op),
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
            Some(Mapping::Ops(ops)) => Ok(ops.iter().copied().filter(|&o| ir.contains_op(o)).collect()),
            Some(&Mapping::Consumed(by)) => Err(op_error(
                ir,
                op,
                "uses a handle invalidated by a previously executed transform op",
            )
            .with_note(
                DiagLoc::Loc(ir.loc(by)),
                "invalidated by this transform op that consumes its operand",
            )),
            None => Err(op_error(
                ir,
                op,
                format!("uses a handle (operand #{index}) that no transform op has bound"),
            )),
        }
    }

    /// Marks operand `index` of `op` consumed by `op` (its payload may have been
    /// rewritten or erased).
    pub fn consume(&mut self, ir: &Ir, op: Op, index: usize) {
        if let Some(&handle) = ir.operands(op).get(index) {
            self.handles.insert(handle, Mapping::Consumed(op));
        }
    }
}

/// An error located at `op`, worded as MLIR's `emitOpError` (`'name' op message`).
pub fn op_error(ir: &Ir, op: Op, message: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(
        DiagLoc::Loc(ir.loc(op)),
        format!("'{}' op {message}", ir.op_name(op)),
    )
}
