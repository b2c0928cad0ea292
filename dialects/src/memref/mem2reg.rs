//! How `memref.alloca`, `memref.load` and `memref.store` take part in `mem2reg`
//! (mlir-opt 22's `MemRefMem2Reg.cpp`): the hooks their definitions name in `promotable`.
//!
//! Invariants, as in LLVM 22: an alloca has one slot when its memref has a static shape
//! of ones only (`memref<i32>`, `memref<1x1xf32>`, any layout and memory space, any
//! element type), and the slot's value before any store is a `ub.poison` of the element
//! type. A load or store can give up its use of a slot only when the use is its memref
//! operand (a store of the slot's pointer itself keeps the slot) and its value has the
//! slot's element type; the indices stay as they are (all zero, or the access were
//! undefined).

use super::memref_parts;
use crate::ub::Poison;
use lattice_ir::memory_slot::{MemorySlot, SlotAccess, SlotAllocator};
use lattice_ir::store::{Ir, Op, OperationState, Value};

/// A store's operands: the value, then the memref.
const STORED_VALUE: usize = 0;
const STORE_MEMREF: usize = 1;
/// A load's memref operand.
const LOAD_MEMREF: usize = 0;

/// `memref.alloca` as an allocator of slots.
pub(super) static ALLOCA_SLOTS: SlotAllocator = SlotAllocator {
    slots: alloca_slots,
    default_value: alloca_default,
};

/// `memref.load` as a reader of slots.
pub(super) static LOAD_ACCESS: SlotAccess = SlotAccess {
    loads_from: |ir, op, slot| ir.operands(op).get(LOAD_MEMREF) == Some(&slot.ptr),
    stored: |_, _, _| None,
    can_remove_uses: load_can_remove_uses,
    remove_uses: load_remove_uses,
};

/// `memref.store` as a writer of slots.
pub(super) static STORE_ACCESS: SlotAccess = SlotAccess {
    loads_from: |_, _, _| false,
    stored: store_stored,
    can_remove_uses: store_can_remove_uses,
    remove_uses: |_, _, _, _| true,
};

/// The one slot of an alloca of a single element.
fn alloca_slots(ir: &Ir, op: Op) -> Vec<MemorySlot> {
    let Some(&ptr) = ir.results(op).first() else {
        return Vec::new();
    };
    match memref_parts(ir.ctx(), ir.value_type(ptr)) {
        Some(m) if m.shape.iter().all(|&d| d == 1) => vec![MemorySlot {
            ptr,
            elem: m.element,
        }],
        _ => Vec::new(),
    }
}

/// `ub.poison : <element type>`, at the alloca's location.
fn alloca_default(ir: &mut Ir, alloca: Op, slot: &MemorySlot) -> Op {
    let mut st = OperationState::new(ir.ctx().intern_str(Poison::NAME), ir.loc(alloca));
    st.result_types = vec![slot.elem];
    ir.create_op(st)
}

fn load_can_remove_uses(ir: &Ir, op: Op, slot: &MemorySlot, uses: &[usize]) -> bool {
    uses == [LOAD_MEMREF]
        && ir
            .results(op)
            .first()
            .is_some_and(|&r| ir.value_type(r) == slot.elem)
}

/// Replaces the loaded value by `reaching`; the load goes.
fn load_remove_uses(ir: &mut Ir, op: Op, _: &MemorySlot, reaching: Value) -> bool {
    let loaded = ir.result(op, 0);
    ir.replace_all_uses(loaded, reaching);
    true
}

fn store_stored(ir: &Ir, op: Op, slot: &MemorySlot) -> Option<Value> {
    if ir.operands(op).get(STORE_MEMREF) != Some(&slot.ptr) {
        return None;
    }
    ir.operands(op).get(STORED_VALUE).copied()
}

fn store_can_remove_uses(ir: &Ir, op: Op, slot: &MemorySlot, uses: &[usize]) -> bool {
    let value = ir.operands(op).get(STORED_VALUE).copied();
    uses == [STORE_MEMREF]
        && value != Some(slot.ptr)
        && value.is_some_and(|v| ir.value_type(v) == slot.elem)
}
