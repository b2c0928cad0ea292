//! CPU code generation of the `ub` dialect: `ub.poison` is LLVM's `poison` of the
//! result's LLVM type (an n-D vector: an array of poison 1-D vectors, as MLIR's
//! `ub-to-llvm`).
//!
//! Invariant: any other `ub` op is [`LowerCtx::unsupported`].

use super::ctx::{LResult, LowerCtx};
use inkwell::types::BasicTypeEnum;
use inkwell::values::BasicValueEnum;
use lattice_dialects::ub::Poison;
use lattice_ir::Op;

pub(crate) fn lower(cx: &mut LowerCtx<'_, '_>, op: Op) -> LResult<()> {
    if !cx.ir.isa::<Poison>(op) {
        return Err(cx.unsupported(op));
    }
    let ty = cx.llvm_type_at(op, cx.ir.value_type(cx.ir.result(op, 0)))?;
    let v: BasicValueEnum = match ty {
        BasicTypeEnum::ArrayType(t) => t.get_poison().into(),
        BasicTypeEnum::FloatType(t) => t.get_poison().into(),
        BasicTypeEnum::IntType(t) => t.get_poison().into(),
        BasicTypeEnum::PointerType(t) => t.get_poison().into(),
        BasicTypeEnum::StructType(t) => t.get_poison().into(),
        BasicTypeEnum::VectorType(t) => t.get_poison().into(),
        BasicTypeEnum::ScalableVectorType(t) => t.get_poison().into(),
    };
    cx.define_result(op, v);
    Ok(())
}
