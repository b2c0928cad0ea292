//! `lattice-dialects`: the standard dialects Lattice models on top of the `lattice-ir` core
//! (arith, cf, func, gpu, linalg, math, memref, scf, transform, ub, vector, and the custom-form helpers they
//! share in `formats`). `builtin` stays in `lattice-ir`, as in MLIR; `affine` lives in
//! `lattice-affine`. Each module defines each of its ops once with
//! [`def_op!`](lattice_ir::def_op) (the registered `static OpDef` plus a typed view), a
//! kind enum with [`def_op_kinds!`](lattice_ir::def_op_kinds), and a `register` function
//! that registers exactly the kind enum's ops.
//!
//! # Views and kinds: finding an op by its name
//!
//! Code outside the parser, printer and definitions identifies ops by definition, never
//! by comparing names:
//!
//! ```ignore
//! use lattice_dialects::{arith, memref};
//! if ir.isa::<arith::Constant>(op) { .. }                 // one op
//! if let Some(load) = ir.view::<memref::Load>(op) { .. }  // one op, typed
//! match arith::ArithKind::of(ir, op) {                    // many ops of one dialect
//!     Some(arith::ArithKind::AddF) => ..,
//!     _ => ..,
//! }
//! OperationState::new(ctx.intern_str(arith::Constant::NAME), loc) // creating by name
//! ```
//!
//! Names, predictably:
//! - The view of `dialect.op` is `dialect::X` where `X` is MLIR's C++ class name without
//!   the `Op` suffix: `arith::AddF`, `arith::CmpI`, `arith::SIToFP`, `arith::XOrI`,
//!   `arith::IndexCastUI`, `memref::Load`, `memref::SubView`, `memref::AtomicRMW`,
//!   `scf::For`, `scf::InParallel` (`scf.forall.in_parallel`), `func::Func`,
//!   `gpu::GPUModule`, `gpu::GPUFunc`, `gpu::ThreadId`, `vector::TransferRead`,
//!   `vector::BitCast` (but `arith::Bitcast`, as in MLIR), `ub::Poison`,
//!   `lattice_ir::builtin::Module`. Exceptions, where MLIR's name cannot be derived from
//!   the op's: `cf::Br`, `cf::CondBr`, `math::Ctlz`, `math::Cttz`, `vector::Contract`,
//!   `vector::MultiReduction`, `vector::Fma`, `vector::VScale`, and `memref::CopyOp`
//!   (`Copy` is Rust's).
//! - The kind enum of dialect `d` is `d::DKind` (`arith::ArithKind`, `cf::CfKind`,
//!   `func::FuncKind`, `gpu::GpuKind`, `math::MathKind`, `memref::MemrefKind`,
//!   `scf::ScfKind`, `ub::UbKind`, `vector::VectorKind`, `lattice_ir::builtin::BuiltinKind`);
//!   its variants are named exactly like the views (`ArithKind::AddF`).
//! - The registered definition keeps its `static` name (`arith::ADDF`, `memref::LOAD`);
//!   `View::DEF` is the same definition and `View::NAME` its name.
//! - Inherent attribute names are constants on the view, the attribute's name in
//!   SCREAMING_SNAKE_CASE: `arith::AddI::OVERFLOW_FLAGS` (`"overflowFlags"`),
//!   `arith::Constant::VALUE`, `memref::SubView::STATIC_OFFSETS`,
//!   `func::Func::SYM_NAME` (exception: `memref::GetGlobal::GLOBAL_NAME` for `"name"`).
//!
//! To find the view of an op, grep its name: each definition reads
//! `pub static LOAD: Load = "memref.load" { .. }`.
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
pub mod scf_branch;
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

#[cfg(test)]
mod tests {
    use super::*;
    use lattice_ir::view::OpView;
    use lattice_ir::{Ir, WalkOrder};

    const TEXT: &str = r#"func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %c = arith.constant 1.0 : f32
  %x = memref.load %m[%i] : memref<4xf32>
  %y = arith.addf %x, %c : f32
  "test.addf"() : () -> ()
  return %y : f32
}"#;

    /// Views and kinds identify ops by registered definition: a registered op gets its
    /// kind in its own dialect's enum only, an unregistered op gets none, and each kind's
    /// definition and name are its view's.
    #[test]
    fn kinds_and_views_by_definition() {
        let mut ctx = Context::new();
        register_all(&mut ctx);
        ctx.allow_unregistered_dialects = true;
        let mut ir = Ir::new(std::sync::Arc::new(ctx));
        let module = lattice_ir::parser::parse_source(
            &mut ir,
            lattice_ir::diag::SourceId(0),
            "t.mlir",
            TEXT,
        )
        .expect("parses");
        let ops = ir.walk_ops(module, WalkOrder::PreOrder);
        let kinds: Vec<String> = ops
            .iter()
            .map(|&op| {
                let k = [
                    arith::ArithKind::of(&ir, op).map(|k| format!("{k:?}")),
                    memref::MemrefKind::of(&ir, op).map(|k| format!("{k:?}")),
                    func::FuncKind::of(&ir, op).map(|k| format!("{k:?}")),
                    lattice_ir::builtin::BuiltinKind::of(&ir, op).map(|k| format!("{k:?}")),
                ];
                let k: Vec<String> = k.into_iter().flatten().collect();
                format!("{} {}", ir.op_name(op), k.join(","))
            })
            .collect();
        assert_eq!(
            kinds.join("\n"),
            "builtin.module Module\nfunc.func Func\narith.constant Constant\n\
             memref.load Load\narith.addf AddF\ntest.addf \nfunc.return Return"
        );
        let load = ops.iter().find_map(|&o| ir.view::<memref::Load>(o));
        assert!(load.is_some_and(|l| ir.op_name(l.op()) == memref::Load::NAME));
        assert_eq!(arith::ArithKind::AddF.def().name, arith::AddF::NAME);
        assert!(std::ptr::eq(arith::ArithKind::AddF.def(), &arith::ADDF));
        assert_eq!(
            vector::VectorKind::TransferRead.name(),
            "vector.transfer_read"
        );
        assert_eq!(arith::AddI::OVERFLOW_FLAGS, "overflowFlags");
    }

    /// An op being parsed has no `Op` yet: its kind comes from its definition or its
    /// registered name; the canonicalizer's constants and `cf` patterns come from the
    /// dialects' definitions, not from names spelled in the driver.
    #[test]
    fn kinds_of_definitions_and_names() {
        let mut ctx = Context::new();
        register_all(&mut ctx);
        assert_eq!(
            arith::ArithKind::of_def(&arith::ADDF),
            Some(arith::ArithKind::AddF)
        );
        assert_eq!(math::MathKind::of_def(&arith::ADDF), None);
        assert_eq!(
            gpu::GpuKind::of_name(&ctx, gpu::Memcpy::NAME),
            Some(gpu::GpuKind::Memcpy)
        );
        assert_eq!(gpu::GpuKind::of_name(&ctx, "gpu.nothing"), None);
        assert!(ctx
            .constant_op()
            .is_some_and(|d| std::ptr::eq(d, arith::Constant::DEF)));
        assert!(cf::CfKind::Br.def().rewrite.is_some());
        assert!(cf::CfKind::CondBr.def().rewrite.is_some());
        assert!(Context::new().constant_op().is_none());
    }
}
