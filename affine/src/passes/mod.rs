//! The affine-level passes, one file each (a free function plus an options struct, and a
//! `PassDef` adapter), under the names and options mlir-opt users type.

use lattice_ir::pass::PassRegistry;

pub mod loop_invariant_code_motion;
pub mod scalrep;

/// Registers every affine pass.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&[&loop_invariant_code_motion::LOOP_INVARIANT_CODE_MOTION]);
    registry.register(&[&scalrep::SCALREP]);
}
