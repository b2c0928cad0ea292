//! `lattice-affine`: the affine dialect (its 16 ops, their custom forms and verifiers,
//! including the rules on valid dims and symbols) and, later, the affine-level passes.

use lattice_ir::Context;

/// Registers the `affine` dialect.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("affine");
}
