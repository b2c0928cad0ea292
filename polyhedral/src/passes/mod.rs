//! The polyhedral passes, one file each (a free function plus an options struct, and a
//! `PassDef` adapter), under the names and options mlir-opt users type.

pub mod parallelize;
pub mod test_dependence_check;

use lattice_ir::pass::PassRegistry;

/// Registers every polyhedral pass.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&[&test_dependence_check::TEST_MEMREF_DEPENDENCE_CHECK]);
    registry.register(&[&parallelize::AFFINE_PARALLELIZE]);
}
