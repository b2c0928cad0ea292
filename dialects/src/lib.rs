//! `lattice-dialects`: the standard dialects Lattice models on top of the `lattice-ir` core
//! (arith, cf, func, gpu, linalg, math, memref, scf, transform, ub, vector, and the custom-form helpers they
//! share in `formats`). `builtin` stays in `lattice-ir`, as in MLIR; `affine` lives in
//! `lattice-affine`. Each module defines its ops (one `static OpDef` per op) and a
//! `register` function.
//!
//! Invariant: the core knows no dialect of this crate by type; it reaches their ops only
//! through the registry (`OpDef` hooks) and by name.

pub mod arith;
pub mod cf;
pub mod formats;
pub mod func;
pub mod gpu;
pub mod linalg;
pub mod math;
pub mod memref;
pub mod scf;
pub mod transform;
pub mod ub;
pub mod vector;

use lattice_ir::Context;

/// Registers every dialect of this crate (builtin is always registered by
/// [`Context::new`]).
pub fn register_all(ctx: &mut Context) {
    arith::register(ctx);
    cf::register(ctx);
    func::register(ctx);
    gpu::register(ctx);
    linalg::register(ctx);
    math::register(ctx);
    memref::register(ctx);
    scf::register(ctx);
    transform::register(ctx);
    ub::register(ctx);
    vector::register(ctx);
}
