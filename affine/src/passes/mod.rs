//! The affine-level passes, one file each (a free function plus an options struct, and a
//! `PassDef` adapter), under the names and options mlir-opt users type.

pub mod lower_affine;

use lattice_ir::pass::PassRegistry;

/// Registers every affine pass.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&[&lower_affine::LOWER_AFFINE]);
}
