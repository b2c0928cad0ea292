//! `lattice-driver`: what every front end of Lattice shares (the `lattice` binary, the
//! tuner, the fuzz targets, the tests): a context with every dialect, a pass registry with
//! every pass, the diagnostic format the command line chose, the target machine, the
//! argument parser and atomic file output.
//!
//! Invariant: this crate sits above every library crate and below the tuner and the CLI;
//! it depends on no front end.

pub mod args;
pub mod fsio;
pub mod machine;

use lattice_ir::diag::{DiagFormat, SourceMap};
use lattice_ir::pass::PassRegistry;
use lattice_ir::Context;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether diagnostics render in the rich (codespan) form (`--diagnostic-format=rich`)
/// instead of mlir-opt's.
static RICH_DIAGNOSTICS: AtomicBool = AtomicBool::new(false);

/// Sets how every subcommand renders diagnostics (the driver's `--diagnostic-format`).
pub fn set_diagnostic_format(format: DiagFormat) {
    RICH_DIAGNOSTICS.store(format == DiagFormat::Rich, Ordering::Relaxed);
}

/// An empty source map rendering diagnostics in the format the command line chose.
pub fn source_map() -> SourceMap {
    SourceMap::with_format(match RICH_DIAGNOSTICS.load(Ordering::Relaxed) {
        true => DiagFormat::Rich,
        false => DiagFormat::Mlir,
    })
}

/// A context with every dialect Lattice knows registered.
pub fn make_context(allow_unregistered: bool) -> Context {
    let mut ctx = Context::new();
    lattice_dialects::register_all(&mut ctx);
    lattice_affine::register(&mut ctx);
    ctx.allow_unregistered_dialects = allow_unregistered;
    ctx
}

/// Every pass Lattice knows.
pub fn make_registry() -> PassRegistry {
    let mut registry = PassRegistry::new();
    lattice_ir::passes::register(&mut registry);
    registry.register(&[&lattice_dialects::transform::TRANSFORM_INTERPRETER]);
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
