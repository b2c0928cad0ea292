//! What a test needs from the machine (an upstream tool, a GPU adapter): present, or a
//! note and a skip outside CI, or a failure in CI (where `CI` is set: CI installs every
//! such tool through `scripts/setup.sh`, and lavapipe for the GPU, so a missing one there
//! is a broken set-up, not a reason for a test to pass without running).
//!
//! Invariant: a test that returns early because something is missing does so only through
//! [`require_tool`] or [`require`], so it never passes silently in CI.

use std::path::{Path, PathBuf};

/// Whether this is a CI run (`CI` is set, as CI sets it to `true`).
pub fn in_ci() -> bool {
    std::env::var_os("CI").is_some()
}

/// `Some(path)` when the tool at `path` is installed; otherwise panics in CI, else prints
/// a note that `what_runs_without_it` (e.g. "the comparison") is skipped and gives `None`.
pub fn require_tool(path: impl AsRef<Path>, what_is_skipped: &str) -> Option<PathBuf> {
    let path = path.as_ref();
    require(
        path.is_file(),
        &format!("{} is not installed", path.display()),
        what_is_skipped,
    )
    .then(|| path.to_path_buf())
}

/// Every tool of `paths` installed ([`require_tool`] for each; all are checked, so the
/// note names every missing one).
pub fn require_tools(paths: &[&Path], what_is_skipped: &str) -> bool {
    paths
        .iter()
        .map(|p| require_tool(p, what_is_skipped).is_some())
        .fold(true, |a, b| a && b)
}

/// `present`, or else (`missing` says what is missing, e.g. "no wgpu adapter") a panic in
/// CI and a note outside it that `what_is_skipped` is skipped.
pub fn require(present: bool, missing: &str, what_is_skipped: &str) -> bool {
    if present {
        return true;
    }
    if in_ci() {
        panic!(
            "{missing}, but CI is set: CI installs it (scripts/setup.sh), so {what_is_skipped} must run here"
        );
    }
    eprintln!("note: {missing}; {what_is_skipped} skipped (CI fails here)");
    false
}
