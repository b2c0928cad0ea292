//! The polyhedral passes, one file each (a free function plus an options struct, and a
//! `PassDef` adapter), under the names and options mlir-opt users type.

pub mod fast;
pub mod parallelize;
pub mod test_dependence_check;

use lattice_ir::pass::PassRegistry;

/// Registers every polyhedral pass.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&[&test_dependence_check::TEST_MEMREF_DEPENDENCE_CHECK]);
    registry.register(&[&parallelize::AFFINE_PARALLELIZE]);
    registry.register(&[&crate::transform::tile::AFFINE_LOOP_TILE]);
    registry.register(&[&crate::transform::fusion::AFFINE_LOOP_FUSION]);
    registry.register(&[&crate::transform::loops::POLY_TRANSFORM]);
    registry.register(&[&crate::schedule::POLY_SCHEDULE]);
    registry.register(&[&crate::transform::distribute::AFFINE_LOOP_DISTRIBUTE]);
    registry.register(&[&fast::LATTICE_FAST]);
}
