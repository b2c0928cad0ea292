//! `lattice-affine`: the affine dialect — its 16 ops with mlir-opt 22's custom forms,
//! inherent attributes, implicit terminators, verifiers (including MLIR's rules on valid
//! dimensions and symbols) and folders; and its transform op for the
//! `transform-interpreter` pass ([`transform_ops`]).
//!
//! Invariants: ops are defined once, with `lattice_ir::def_op!` in [`ops`]: the `static`
//! [`OpDef`](lattice_ir::OpDef), its name and attribute names as constants, and its typed view
//! ([`views::AffineFor`], ...); other code identifies affine ops through the views or
//! [`views::AffineKind`], never by spelling their names (`cli/tests/house_rules.rs`
//! checks it for this crate, `lattice-polyhedral` and `lattice-codegen`); every map or set
//! an affine op carries is checked by its verifier for division by a zero or negative
//! constant, which mlir-opt accepts silently but Lattice reports.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod canonicalize;
mod fold;
pub mod inliner;
pub mod loops;
pub mod ops;
pub mod passes;
pub mod region_branch;
pub mod transform_ops;
pub mod util;
pub mod valid;
mod verify;
pub mod views;

use lattice_ir::Context;

/// Registers the `affine` dialect.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("affine");
    ctx.register_ops(views::AffineKind::ALL);
    ctx.register_inliner(views::AffineKind::ALL, &inliner::AFFINE_INLINER);
    ctx.register_ops(&[&transform_ops::SIMPLIFY_BOUNDED_AFFINE_OPS]);
}

#[cfg(test)]
mod tests;
