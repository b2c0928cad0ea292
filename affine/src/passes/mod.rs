//! The affine-level passes, one file each (a free function plus an options struct, and a
//! `PassDef` adapter), under the names and options mlir-opt users type.

use lattice_ir::pass::PassRegistry;

pub mod loop_unroll;
pub mod loop_unroll_jam;

/// Registers every affine pass.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&[&loop_unroll::LOOP_UNROLL]);
    registry.register(&[&loop_unroll_jam::LOOP_UNROLL_JAM]);
}
