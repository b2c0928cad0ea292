//! The `cf` dialect (ops registered here; see the module docs of each op definition).

use crate::context::Context;

/// Registers the `cf` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("cf");
}
