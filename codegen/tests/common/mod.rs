//! Shared by codegen's integration tests: what a test needs from the machine (an upstream
//! tool, a wgpu adapter), skipped with a note outside CI and a failure in CI. The logic is
//! the CLI tests' (`cli/tests/common/require.rs`), included, not copied.

#![allow(dead_code)]

#[path = "../../../cli/tests/common/require.rs"]
mod require_impl;
#[allow(unused_imports)]
pub use require_impl::{in_ci, require, require_tool, require_tools};

/// Whether a wgpu adapter is there (lavapipe from mesa-vulkan-drivers will do); without
/// one, [`require`] decides: a note and a skip of `what_is_skipped`, or a failure in CI.
pub fn gpu_adapter(what_is_skipped: &str) -> bool {
    require(
        !lattice_codegen::gpu::runtime::adapter_names().is_empty(),
        "no wgpu adapter (install mesa-vulkan-drivers for lavapipe)",
        what_is_skipped,
    )
}
