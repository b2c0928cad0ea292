//! The standard dialects Lattice models besides `affine` (which lives in the
//! `lattice-affine` crate): each module defines its ops (one `static OpDef` per op) and a
//! `register` function.

pub mod arith;
pub mod builtin;
pub mod cf;
pub mod formats;
pub mod func;
pub mod gpu;
pub mod math;
pub mod memref;
pub mod scf;
pub mod ub;
pub mod vector;

use crate::context::Context;

/// Registers every dialect of this crate (builtin is always registered by
/// [`Context::new`]).
pub fn register_all(ctx: &mut Context) {
    arith::register(ctx);
    cf::register(ctx);
    func::register(ctx);
    gpu::register(ctx);
    math::register(ctx);
    memref::register(ctx);
    scf::register(ctx);
    ub::register(ctx);
    vector::register(ctx);
}
