//! `lattice-cli` as a library: how the driver assembles a context (every dialect) and a
//! pass registry (every pass), shared by the `lattice` binary, the fuzz targets and tests.

pub mod fsio;
pub mod fuzz;
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

/// The message of a panic payload (a `String` or `&str`; otherwise "unknown panic").
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("unknown panic")
}
