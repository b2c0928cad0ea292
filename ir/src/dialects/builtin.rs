//! The `builtin` dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.

use crate::context::Context;

/// Registers the `builtin` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("builtin");
}
