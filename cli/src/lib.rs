//! `lattice-cli` as a library: how the driver assembles a context (every dialect) and a
//! pass registry (every pass), shared by the `lattice` binary, the fuzz targets and tests.

pub mod fsio;
pub mod machine;
pub mod tune;

use lattice_ir::pass::PassRegistry;
use lattice_ir::Context;

/// A context with every dialect Lattice knows registered.
pub fn make_context(allow_unregistered: bool) -> Context {
    let mut ctx = Context::new();
    lattice_ir::dialects::register_all(&mut ctx);
    lattice_affine::register(&mut ctx);
    ctx.allow_unregistered_dialects = allow_unregistered;
    ctx
}

/// Every pass Lattice knows.
pub fn make_registry() -> PassRegistry {
    let mut registry = PassRegistry::new();
    lattice_ir::passes::register(&mut registry);
    lattice_affine::passes::register(&mut registry);
    lattice_codegen::gpu::register(&mut registry);
    lattice_polyhedral::passes::register(&mut registry);
    registry
}
