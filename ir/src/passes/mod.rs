//! Generic passes: `canonicalize`, `cse`, `symbol-dce` (one file each).

use crate::pass::PassRegistry;

/// Registers the generic passes.
pub fn register(registry: &mut PassRegistry) {
    let _ = registry;
}
