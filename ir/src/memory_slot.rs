//! Memory slots: how an op takes part in `mem2reg` (MLIR's
//! `PromotableAllocationOpInterface` and `PromotableMemOpInterface`), declared in its
//! [`OpDef::promotable`](crate::OpDef::promotable) hook.
//!
//! Invariants: a [`MemorySlot`] is a value that points to memory holding exactly one value
//! of type `elem`, which nothing but the slot's users can read or write. An allocator
//! lists the slots it can give up; a memory op tells whether it reads or writes a slot
//! and how it stops using it. The pass (`ir/src/passes/mem2reg.rs`) knows no op by name:
//! everything it needs comes from these hooks.

use crate::store::{Ir, Op, Value};
use crate::types::Type;

/// A pointer to memory holding one value of type `elem`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MemorySlot {
    pub ptr: Value,
    pub elem: Type,
}

/// The part an op plays in promoting memory slots to values.
#[derive(Clone, Copy, Debug)]
pub enum Promotable {
    /// It allocates slots (`memref.alloca`).
    Allocation(&'static SlotAllocator),
    /// It reads or writes slots (`memref.load`, `memref.store`).
    Access(&'static SlotAccess),
}

/// An op that allocates memory slots (MLIR's `PromotableAllocationOpInterface`).
#[derive(Debug)]
pub struct SlotAllocator {
    /// The slots of `op` that promotion may replace by values (none: it keeps them).
    pub slots: fn(&Ir, Op) -> Vec<MemorySlot>,
    /// Builds, detached, the op whose result 0 is what `slot` holds before any write;
    /// the pass inserts it at the start of the slot's block.
    pub default_value: fn(&mut Ir, Op, &MemorySlot) -> Op,
}

/// An op that reads or writes memory slots (MLIR's `PromotableMemOpInterface`).
#[derive(Debug)]
pub struct SlotAccess {
    /// Whether `op` reads the slot.
    pub loads_from: fn(&Ir, Op, &MemorySlot) -> bool,
    /// The value `op` writes into the slot, `None` when it does not write it.
    pub stored: fn(&Ir, Op, &MemorySlot) -> Option<Value>,
    /// Whether `op` can stop using the slot through its operands `uses` (indices), as
    /// promotion requires. Checked before anything changes.
    pub can_remove_uses: fn(&Ir, Op, &MemorySlot, &[usize]) -> bool,
    /// Stops `op`'s uses of the slot, where `reaching` is the slot's value just before
    /// `op` (replacing what it reads); returns whether `op` must then be erased (the
    /// pass erases it).
    pub remove_uses: fn(&mut Ir, Op, &MemorySlot, Value) -> bool,
}

impl Ir {
    /// How `op` takes part in promotion (`None`: it does not, or is unregistered).
    pub fn promotable(&self, op: Op) -> Option<Promotable> {
        self.op_def(op).and_then(|d| d.promotable)
    }
}
