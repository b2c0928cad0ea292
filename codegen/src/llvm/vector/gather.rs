//! Indexed and compressed memory ops: `vector.gather`/`vector.scatter` (1-D and n-D,
//! unrolled leaf by leaf as upstream does) through `llvm.masked.gather`/`scatter`, and
//! `vector.expandload`/`vector.compressstore` through `llvm.masked.expandload`/
//! `compressstore`.
//!
//! Invariants: lane `l` addresses `base[indices...]` plus `index_vec[l]` elements (the
//! memref's innermost dimension has unit stride, as upstream requires); masked-off lanes
//! are never accessed (gather lanes take the pass-through value).

use inkwell::types::BasicTypeEnum;
use inkwell::values::{AsValueRef, BasicValueEnum, IntValue, PointerValue};
use lattice_dialects::vector::VectorKind as K;
use lattice_ir::Op;

use super::nd::{self, leafwise, operand_view, View};
use super::{masked_mem, masked_mem_value, memref_rank};
use crate::llvm::ctx::{LResult, LowerCtx};

/// Address of `base[indices...]` for a memref at operand 0 of `op`.
fn base_ptr<'ctx>(cx: &LowerCtx<'_, 'ctx>, op: Op, rank: usize) -> LResult<PointerValue<'ctx>> {
    let source = cx.ir.operand(op, 0);
    let desc = cx.value(source)?.into_struct_value();
    let idx: Vec<IntValue<'ctx>> = (0..rank)
        .map(|i| cx.int_operand(op, 1 + i))
        .collect::<LResult<_>>()?;
    cx.element_ptr_at(op, cx.ir.value_type(source), desc, &idx)
}

/// Lane addresses `base + index[l]` for one leaf of the index vector.
fn lane_ptrs<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    elem: BasicTypeEnum<'ctx>,
    base: PointerValue<'ctx>,
    index: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let be = |e| cx.builder_error(e);
    let iv = index.into_vector_value();
    let n = iv.get_type().get_size();
    let wide = cx
        .builder
        .build_int_s_extend_or_bit_cast(iv, cx.i64().vec_type(n), "")
        .map_err(be)?;
    // SAFETY: LLVM accepts a vector GEP index (giving a vector of addresses); a GEP only
    // computes addresses.
    let p = unsafe {
        let offs = IntValue::new(wide.as_value_ref());
        cx.builder.build_gep(elem, base, &[offs], "lanes")
    }
    .map_err(be)?;
    Ok(p.into())
}

/// Lowers one op of this file; `Ok(false)` when `op` is not one of them.
pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<bool> {
    let ir = cx.ir;
    let kind = K::of(ir, op);
    if !matches!(
        kind,
        Some(K::Gather | K::Scatter | K::ExpandLoad | K::CompressStore)
    ) {
        return Ok(false);
    }
    let rank = memref_rank(cx, op, 0)?;
    let n_ops = ir.operands(op).len();
    let base = base_ptr(cx, op, rank)?;
    let views: Vec<View<'ctx>> = (1 + rank..n_ops)
        .map(|i| operand_view(cx, op, i))
        .collect::<LResult<_>>()?;
    let data = views.last().expect("data operand").clone();
    let dims = data.dims.clone();
    let elem = nd::scalar_type(data.value.get_type());
    let ptr_vec = |lanes: u32| -> BasicTypeEnum<'ctx> { cx.ptr().vec_type(lanes).into() };
    match kind {
        Some(K::Gather) => {
            let v = leafwise(cx, &views, &dims, elem, |a| {
                let vt = a[2].get_type();
                let lanes = a[2].into_vector_value().get_type().get_size();
                let ptrs = lane_ptrs(cx, elem, base, a[0])?;
                masked_mem_value(
                    cx,
                    "llvm.masked.gather",
                    &[vt, ptr_vec(lanes)],
                    &[ptrs, a[1], a[2]],
                    0,
                    elem,
                )
            })?;
            cx.define_result(op, v);
        }
        Some(K::Scatter) => {
            let inner = dims.last().map_or(1, |&d| d as usize);
            for l in 0..nd::count(&dims) / inner {
                let a: Vec<BasicValueEnum<'ctx>> = views
                    .iter()
                    .map(|v| nd::leaf(cx, v, l).map(Into::into))
                    .collect::<LResult<_>>()?;
                let vt = a[2].get_type();
                let lanes = a[2].into_vector_value().get_type().get_size();
                let ptrs = lane_ptrs(cx, elem, base, a[0])?;
                masked_mem(
                    cx,
                    "llvm.masked.scatter",
                    &[vt, ptr_vec(lanes)],
                    &[a[2], ptrs, a[1]],
                    1,
                    elem,
                )?;
            }
        }
        Some(K::ExpandLoad) => {
            let vt = data.value.get_type();
            let v = masked_mem_value(
                cx,
                "llvm.masked.expandload",
                &[vt],
                &[base.into(), views[0].value, data.value],
                0,
                elem,
            )?;
            cx.define_result(op, v);
        }
        _ => {
            let vt = data.value.get_type();
            masked_mem(
                cx,
                "llvm.masked.compressstore",
                &[vt],
                &[data.value, base.into(), views[0].value],
                1,
                elem,
            )?;
        }
    }
    Ok(true)
}
