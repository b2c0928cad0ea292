//! `memref` dialect → memref descriptors, address arithmetic, `malloc`/`free`, stack
//! slots and LLVM globals.
//!
//! Invariants: every memref value is an MLIR descriptor (see `ctx.rs`); identity layouts
//! are row-major with the offset 0; loads and stores use the static strides and offset
//! of the memref's type where known; `memref.alloc` over-allocates and aligns the data to
//! 64 bytes (or the op's larger `alignment`), keeping the `malloc` result as the
//! descriptor's allocated pointer so `memref.dealloc` (and C callers) free it; globals
//! are flat LLVM arrays and `memref.get_global` views them with allocated == aligned.

use super::ctx::{LResult, LowerCtx, MemRefDesc};
use super::scf::{build_loop, dense_i32_segments, dense_i64s, IvCompare};
use inkwell::module::Linkage;
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{BasicValue, BasicValueEnum, IntValue};
use lattice_dialects::arith::Constant;
use lattice_dialects::memref::{Alloca, AtomicRMW, CollapseShape, MemrefKind as K};
use lattice_ir::{AttrData, Op, Type, TypeData, DYNAMIC};

/// The shape of a ranked memref type.
fn shape_of(cx: &LowerCtx<'_, '_>, op: Op, ty: Type) -> LResult<Vec<i64>> {
    match cx.ir.ctx().type_data(ty) {
        TypeData::MemRef { shape, .. } => Ok(shape.clone()),
        _ => Err(cx.error(op, "expected a ranked memref type")),
    }
}

/// The flat element count of a static shape.
fn static_count(shape: &[i64]) -> Option<u64> {
    shape
        .iter()
        .try_fold(1u64, |acc, &d| (d != DYNAMIC).then(|| acc * d as u64))
}

/// Row-major strides for `sizes` (innermost 1) as LLVM values, and the element count.
fn row_major<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    sizes: &[IntValue<'ctx>],
) -> LResult<(Vec<IntValue<'ctx>>, IntValue<'ctx>)> {
    let mut strides = vec![cx.const_i64(1); sizes.len()];
    let mut acc = cx.const_i64(1);
    for i in (0..sizes.len()).rev() {
        strides[i] = acc;
        acc = cx
            .builder
            .build_int_mul(acc, sizes[i], "")
            .map_err(|e| cx.builder_error(e))?;
    }
    Ok((strides, acc))
}

/// Descriptor sizes for result type `ty` of `op`, taking dynamic sizes from `dynamic`.
fn sizes_from<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    shape: &[i64],
    dynamic: &[IntValue<'ctx>],
) -> Vec<IntValue<'ctx>> {
    let mut dyn_iter = dynamic.iter();
    shape
        .iter()
        .map(|&d| {
            if d == DYNAMIC {
                dyn_iter.next().copied().unwrap_or_else(|| cx.const_i64(0))
            } else {
                cx.const_i64(d)
            }
        })
        .collect()
}

/// Declares the LLVM global of a `memref.global`.
pub(crate) fn declare_global<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let name = ir
        .attr(op, "sym_name")
        .and_then(|a| ctx.string_value(a))
        .ok_or_else(|| cx.error(op, "global without a name"))?
        .to_string();
    let ty = match ir.attr(op, "type").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Type(t)) => *t,
        _ => return Err(cx.error(op, "global without a memref type")),
    };
    let shape = shape_of(cx, op, ty)?;
    let count = static_count(&shape)
        .ok_or_else(|| cx.error(op, "global memref must have a static shape"))?;
    let elem = cx.llvm_type_at(op, ctx.element_type(ty))?;
    let arr = elem.array_type(count as u32);
    let g = cx.module.add_global(arr, None, &name);
    let align = ir
        .attr(op, "alignment")
        .and_then(|a| ctx.int_value(a))
        .unwrap_or(16);
    g.set_alignment(align as u32);
    g.set_constant(ir.attr(op, "constant").is_some());
    match ir.attr(op, "initial_value").map(|a| (a, ctx.attr_data(a))) {
        None => g.set_linkage(Linkage::External),
        Some((_, AttrData::Unit)) => g.set_initializer(&arr.const_zero()),
        Some((_, AttrData::DenseElements { values, .. })) => {
            let elems: Vec<BasicValueEnum> = if values.len() == 1 {
                vec![super::arith::constant(cx, op, values[0], elem)?; count as usize]
            } else {
                values
                    .iter()
                    .map(|&v| super::arith::constant(cx, op, v, elem))
                    .collect::<LResult<_>>()?
            };
            if elems.len() as u64 != count {
                return Err(cx.error(op, "global initializer has the wrong number of elements"));
            }
            let init = match elem {
                BasicTypeEnum::IntType(t) => {
                    let v: Vec<_> = elems.iter().map(|e| e.into_int_value()).collect();
                    t.const_array(&v)
                }
                BasicTypeEnum::FloatType(t) => {
                    let v: Vec<_> = elems.iter().map(|e| e.into_float_value()).collect();
                    t.const_array(&v)
                }
                _ => return Err(cx.error(op, "global element type not supported")),
            };
            g.set_initializer(&init);
        }
        Some(_) => return Err(cx.error(op, "global initializer kind not supported")),
    }
    let private = ir
        .attr(op, "sym_visibility")
        .and_then(|a| ctx.string_value(a))
        == Some("private");
    if private && ir.attr(op, "initial_value").is_some() {
        g.set_linkage(Linkage::Internal);
    }
    Ok(())
}

/// The static-or-dynamic values of `static_<kind>` with dynamic entries from `dynamic`.
fn mixed<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    kind: &str,
    dynamic: &[IntValue<'ctx>],
) -> LResult<Vec<IntValue<'ctx>>> {
    let stat = dense_i64s(cx, op, kind).ok_or_else(|| cx.error(op, format!("missing {kind}")))?;
    let mut it = dynamic.iter();
    stat.iter()
        .map(|&s| {
            if s == DYNAMIC {
                it.next()
                    .copied()
                    .ok_or_else(|| cx.error(op, format!("too few dynamic values for {kind}")))
            } else {
                Ok(cx.const_i64(s))
            }
        })
        .collect()
}

/// Groups operands by `operandSegmentSizes` as LLVM integers (non-integer operands, such
/// as a source memref, are left out of their group).
fn segments<'ctx>(cx: &LowerCtx<'_, 'ctx>, op: Op) -> LResult<Vec<Vec<IntValue<'ctx>>>> {
    let seg =
        dense_i32_segments(cx, op).ok_or_else(|| cx.error(op, "missing operandSegmentSizes"))?;
    let operands = cx.ir.operands(op);
    let mut k = 0;
    let mut out = Vec::new();
    for &n in &seg {
        // Index operands become integers; the source memref group stays empty.
        let mut vals = Vec::new();
        for &v in &operands[k..k + n] {
            if let BasicValueEnum::IntValue(x) = cx.value(v)? {
                vals.push(x);
            }
        }
        out.push(vals);
        k += n;
    }
    Ok(out)
}

pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    match K::of(ir, op) {
        Some(K::Alloc | K::Alloca) => lower_alloc(cx, op),
        Some(K::Dealloc) => lower_dealloc(cx, op),
        Some(K::Load) => {
            let operands = ir.operands(op);
            let p = cx.element_ptr(op, operands[0], &operands[1..])?;
            let t = cx.llvm_type_at(op, ir.value_type(ir.result(op, 0)))?;
            let v = cx.builder.build_load(t, p, "").map_err(|e| be(cx, e))?;
            cx.define_result(op, v);
            Ok(())
        }
        Some(K::Store) => {
            let operands = ir.operands(op);
            let p = cx.element_ptr(op, operands[1], &operands[2..])?;
            let v = cx.value(operands[0])?;
            cx.builder.build_store(p, v).map_err(|e| be(cx, e))?;
            Ok(())
        }
        Some(K::Dim) => lower_dim(cx, op),
        Some(K::Rank) => {
            let ty = ir.value_type(ir.operand(op, 0));
            let v: BasicValueEnum = match ctx.type_data(ty) {
                TypeData::MemRef { shape, .. } => cx.const_i64(shape.len() as i64).into(),
                _ => cx
                    .builder
                    .build_extract_value(cx.operand(op, 0)?.into_struct_value(), 0, "")
                    .map_err(|e| be(cx, e))?,
            };
            cx.define_result(op, v);
            Ok(())
        }
        Some(K::Cast) => lower_cast(cx, op),
        Some(K::SubView) => lower_subview(cx, op),
        Some(K::ReinterpretCast) => lower_reinterpret_cast(cx, op),
        Some(K::GetGlobal) => lower_get_global(cx, op),
        Some(K::CopyOp) => lower_copy(cx, op),
        Some(K::AssumeAlignment | K::MemorySpaceCast) => {
            if let Some(&r) = ir.results(op).first() {
                let v = cx.operand(op, 0)?;
                cx.define(r, v);
            }
            Ok(())
        }
        Some(K::Prefetch) => Ok(()),
        Some(K::AllocaScope) => {
            let yielded = super::lower_body(cx, ir.region(op, 0), &[])?;
            for (&r, v) in ir.results(op).iter().zip(yielded) {
                cx.define(r, v);
            }
            Ok(())
        }
        Some(K::ExtractStridedMetadata) => lower_extract_strided_metadata(cx, op),
        Some(K::AtomicRMW) => lower_atomic_rmw(cx, op),
        Some(K::GenericAtomicRMW) => {
            let operands = ir.operands(op);
            let p = cx.element_ptr(op, operands[0], &operands[1..])?;
            let region = ir.region(op, 0);
            let old = cas_loop(cx, op, p, &mut |cx, old| {
                let out = super::lower_body(cx, region, &[old])?;
                out.first()
                    .copied()
                    .ok_or_else(|| cx.error(op, "atomic_yield without a value"))
            })?;
            cx.define_result(op, old);
            Ok(())
        }
        Some(K::Transpose) => lower_transpose(cx, op),
        Some(K::CollapseShape | K::ExpandShape) => reshape(cx, op),
        _ => Err(cx.unsupported(op)),
    }
}

/// Lowers `memref.alloc`, `memref.alloca`.
fn lower_alloc<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let ty = ir.value_type(ir.result(op, 0));
    let shape = shape_of(cx, op, ty)?;
    let dynamic: Vec<IntValue> = segments(cx, op)?.into_iter().next().unwrap_or_default();
    let sizes = sizes_from(cx, &shape, &dynamic);
    let (strides, count) = row_major(cx, &sizes)?;
    let elem_ty = cx.llvm_type_at(op, ctx.element_type(ty))?;
    let align = ir
        .attr(op, "alignment")
        .and_then(|a| ctx.int_value(a))
        .unwrap_or(0) as u64;
    let (allocated, aligned) = if ir.isa::<Alloca>(op) {
        let p = cx
            .builder
            .build_array_alloca(elem_ty, count, "alloca")
            .map_err(|e| be(cx, e))?;
        if align > 0 {
            if let Some(i) = p.as_instruction_value() {
                let _ = i.set_alignment(align as u32);
            }
        }
        (p, p)
    } else {
        let align = align.max(64);
        let elt_size = elem_ty
            .size_of()
            .ok_or_else(|| cx.error(op, "element type has no size"))?;
        let b = &cx.builder;
        let bytes = b
            .build_int_mul(count, elt_size, "")
            .map_err(|e| be(cx, e))?;
        let padded = b
            .build_int_add(bytes, cx.const_i64(align as i64 - 1), "")
            .map_err(|e| be(cx, e))?;
        let malloc = cx.module.get_function("malloc").unwrap_or_else(|| {
            let t = cx.ptr().fn_type(&[cx.i64().into()], false);
            cx.module.add_function("malloc", t, None)
        });
        let p = b
            .build_direct_call(malloc, &[padded.into()], "allocated")
            .map_err(|e| be(cx, e))?
            .try_as_basic_value()
            .basic()
            .ok_or_else(|| cx.error(op, "malloc returned nothing"))?
            .into_pointer_value();
        let pi = b.build_ptr_to_int(p, cx.i64(), "").map_err(|e| be(cx, e))?;
        let up = b
            .build_int_add(pi, cx.const_i64(align as i64 - 1), "")
            .map_err(|e| be(cx, e))?;
        let masked = b
            .build_and(up, cx.const_i64(-(align as i64)), "")
            .map_err(|e| be(cx, e))?;
        let delta = b.build_int_sub(masked, pi, "").map_err(|e| be(cx, e))?;
        // SAFETY (LLVM semantics): address arithmetic within the allocation.
        let aligned = unsafe { b.build_gep(cx.llcx.i8_type(), p, &[delta], "aligned") }
            .map_err(|e| be(cx, e))?;
        (p, aligned)
    };
    let d = MemRefDesc {
        allocated,
        aligned,
        offset: cx.const_i64(0),
        sizes,
        strides,
    };
    let v = cx.pack_descriptor(&d)?;
    cx.define_result(op, v);
    Ok(())
}

/// Lowers `memref.dealloc`.
fn lower_dealloc<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let desc = cx.operand(op, 0)?.into_struct_value();
    let p = cx
        .builder
        .build_extract_value(desc, 0, "")
        .map_err(|e| be(cx, e))?
        .into_pointer_value();
    let free = cx.module.get_function("free").unwrap_or_else(|| {
        let t = cx.llcx.void_type().fn_type(&[cx.ptr().into()], false);
        cx.module.add_function("free", t, None)
    });
    cx.builder
        .build_direct_call(free, &[p.into()], "")
        .map_err(|e| be(cx, e))?;
    Ok(())
}

/// Lowers `memref.dim`.
fn lower_dim<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let src = ir.operand(op, 0);
    let ty = ir.value_type(src);
    let index = ir
        .defining_op(ir.operand(op, 1))
        .filter(|&d| ir.isa::<Constant>(d))
        .and_then(|d| ir.attr(d, Constant::VALUE))
        .and_then(|a| ctx.int_value(a));
    let desc = cx.operand(op, 0)?.into_struct_value();
    let v: BasicValueEnum = match (ctx.type_data(ty), index) {
        (TypeData::MemRef { shape, .. }, Some(i)) if (i as usize) < shape.len() => {
            let i = i as usize;
            if shape[i] != DYNAMIC {
                cx.const_i64(shape[i]).into()
            } else {
                let sizes = cx
                    .builder
                    .build_extract_value(desc, 3, "")
                    .map_err(|e| be(cx, e))?
                    .into_array_value();
                cx.builder
                    .build_extract_value(sizes, i as u32, "")
                    .map_err(|e| be(cx, e))?
            }
        }
        (TypeData::MemRef { shape, .. }, _) if !shape.is_empty() => {
            let arr_ty = cx.i64().array_type(shape.len() as u32);
            let sizes = cx
                .builder
                .build_extract_value(desc, 3, "")
                .map_err(|e| be(cx, e))?;
            let slot = cx
                .builder
                .build_alloca(arr_ty, "sizes")
                .map_err(|e| be(cx, e))?;
            cx.builder.build_store(slot, sizes).map_err(|e| be(cx, e))?;
            let idx = cx.int_operand(op, 1)?;
            // SAFETY (LLVM semantics): index into the stack copy of the sizes.
            let p = unsafe { cx.builder.build_gep(cx.i64(), slot, &[idx], "") }
                .map_err(|e| be(cx, e))?;
            cx.builder
                .build_load(cx.i64(), p, "")
                .map_err(|e| be(cx, e))?
        }
        _ => return Err(cx.error(op, "memref.dim on this memref is not supported")),
    };
    cx.define_result(op, v);
    Ok(())
}

/// Lowers `memref.cast`.
fn lower_cast<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let from = ir.value_type(ir.operand(op, 0));
    let to = ir.value_type(ir.result(op, 0));
    let v = cx.operand(op, 0)?;
    let out: BasicValueEnum = match (ctx.type_data(from), ctx.type_data(to)) {
        (TypeData::MemRef { shape, .. }, TypeData::UnrankedMemRef { .. }) => {
            let slot = cx
                .builder
                .build_alloca(v.get_type(), "ranked")
                .map_err(|e| be(cx, e))?;
            cx.builder.build_store(slot, v).map_err(|e| be(cx, e))?;
            let mut agg: inkwell::values::AggregateValueEnum =
                cx.unranked_type().get_undef().into();
            agg = cx
                .builder
                .build_insert_value(agg, cx.const_i64(shape.len() as i64), 0, "")
                .map_err(|e| be(cx, e))?;
            agg = cx
                .builder
                .build_insert_value(agg, slot, 1, "")
                .map_err(|e| be(cx, e))?;
            agg.into_struct_value().into()
        }
        (TypeData::UnrankedMemRef { .. }, TypeData::MemRef { .. }) => {
            let p = cx
                .builder
                .build_extract_value(v.into_struct_value(), 1, "")
                .map_err(|e| be(cx, e))?
                .into_pointer_value();
            let t = cx.llvm_type_at(op, to)?;
            cx.builder.build_load(t, p, "").map_err(|e| be(cx, e))?
        }
        _ => v,
    };
    cx.define_result(op, out);
    Ok(())
}

/// Lowers `memref.subview`.
fn lower_subview<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let src_ty = ir.value_type(ir.operand(op, 0));
    let res_ty = ir.value_type(ir.result(op, 0));
    let src_shape = shape_of(cx, op, src_ty)?;
    let res_shape = shape_of(cx, op, res_ty)?;
    let src = cx.unpack_descriptor(cx.operand(op, 0)?.into_struct_value(), src_shape.len())?;
    // Prefer the source type's static strides (constants for LLVM).
    let (static_strides, static_offset) = cx.static_layout(op, src_ty)?;
    let src_strides: Vec<IntValue> = static_strides
        .iter()
        .zip(&src.strides)
        .map(|(s, d)| s.map_or(*d, |s| cx.const_i64(s)))
        .collect();
    let src_offset = static_offset.map_or(src.offset, |o| cx.const_i64(o));
    let seg = segments(cx, op)?;
    let offsets = mixed(cx, op, "static_offsets", &seg[1])?;
    let sizes = mixed(cx, op, "static_sizes", &seg[2])?;
    let strides = mixed(cx, op, "static_strides", &seg[3])?;
    let b = &cx.builder;
    let mut offset = src_offset;
    for (o, s) in offsets.iter().zip(&src_strides) {
        let t = b.build_int_mul(*o, *s, "").map_err(|e| be(cx, e))?;
        offset = b.build_int_add(offset, t, "").map_err(|e| be(cx, e))?;
    }
    let static_sizes = dense_i64s(cx, op, "static_sizes").unwrap_or_default();
    let mut to_drop = src_shape.len().saturating_sub(res_shape.len());
    let mut new_sizes = Vec::new();
    let mut new_strides = Vec::new();
    for i in 0..src_shape.len() {
        let remaining_src = src_shape.len() - i;
        let remaining_res = res_shape.len() - new_sizes.len();
        if to_drop > 0 && static_sizes.get(i) == Some(&1) && remaining_src > remaining_res {
            to_drop -= 1;
            continue;
        }
        new_sizes.push(sizes[i]);
        new_strides.push(
            b.build_int_mul(src_strides[i], strides[i], "")
                .map_err(|e| be(cx, e))?,
        );
    }
    let d = MemRefDesc {
        allocated: src.allocated,
        aligned: src.aligned,
        offset,
        sizes: new_sizes,
        strides: new_strides,
    };
    let v = cx.pack_descriptor(&d)?;
    cx.define_result(op, v);
    Ok(())
}

/// Lowers `memref.reinterpret_cast`.
fn lower_reinterpret_cast<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let src_ty = ir.value_type(ir.operand(op, 0));
    let src_val = cx.operand(op, 0)?.into_struct_value();
    let (allocated, aligned) = match ctx.type_data(src_ty) {
        TypeData::MemRef { .. } => {
            let a = cx
                .builder
                .build_extract_value(src_val, 0, "")
                .map_err(|e| be(cx, e))?;
            let b2 = cx
                .builder
                .build_extract_value(src_val, 1, "")
                .map_err(|e| be(cx, e))?;
            (a.into_pointer_value(), b2.into_pointer_value())
        }
        _ => {
            let p = cx
                .builder
                .build_extract_value(src_val, 1, "")
                .map_err(|e| be(cx, e))?
                .into_pointer_value();
            let d0 = cx.unpack_ranked_prefix(p)?;
            (d0.0, d0.1)
        }
    };
    let seg = segments(cx, op)?;
    let offsets = mixed(cx, op, "static_offsets", &seg[1])?;
    let sizes = mixed(cx, op, "static_sizes", &seg[2])?;
    let strides = mixed(cx, op, "static_strides", &seg[3])?;
    let d = MemRefDesc {
        allocated,
        aligned,
        offset: offsets.first().copied().unwrap_or_else(|| cx.const_i64(0)),
        sizes,
        strides,
    };
    let v = cx.pack_descriptor(&d)?;
    cx.define_result(op, v);
    Ok(())
}

/// Lowers `memref.get_global`.
fn lower_get_global<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let ty = ir.value_type(ir.result(op, 0));
    let gname = match ir.attr(op, "name").map(|a| ctx.attr_data(a)) {
        Some(AttrData::SymbolRef { root, .. }) => ctx.str(*root).to_string(),
        _ => return Err(cx.error(op, "get_global without a symbol")),
    };
    let g = cx
        .module
        .get_global(&gname)
        .ok_or_else(|| cx.error(op, format!("unknown global '@{gname}'")))?;
    let shape = shape_of(cx, op, ty)?;
    let sizes = sizes_from(cx, &shape, &[]);
    let (strides, _) = row_major(cx, &sizes)?;
    let p = g.as_pointer_value();
    let d = MemRefDesc {
        allocated: p,
        aligned: p,
        offset: cx.const_i64(0),
        sizes,
        strides,
    };
    let v = cx.pack_descriptor(&d)?;
    cx.define_result(op, v);
    Ok(())
}

/// Lowers `memref.copy`.
fn lower_copy<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let src = ir.operand(op, 0);
    let dst = ir.operand(op, 1);
    let src_ty = ir.value_type(src);
    let dst_ty = ir.value_type(dst);
    let rank = shape_of(cx, op, src_ty)?.len();
    let sd = cx.value(src)?.into_struct_value();
    let dd = cx.value(dst)?.into_struct_value();
    let sizes = cx.unpack_descriptor(sd, rank)?.sizes;
    let elem_ty = cx.llvm_type_at(op, ctx.element_type(src_ty))?;
    copy_nest(
        cx,
        op,
        (src_ty, sd),
        (dst_ty, dd),
        &sizes,
        elem_ty,
        &mut Vec::new(),
    )?;
    Ok(())
}

/// Lowers `memref.extract_strided_metadata`.
fn lower_extract_strided_metadata<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ty = ir.value_type(ir.operand(op, 0));
    let rank = shape_of(cx, op, ty)?.len();
    let d = cx.unpack_descriptor(cx.operand(op, 0)?.into_struct_value(), rank)?;
    let base = MemRefDesc {
        allocated: d.allocated,
        aligned: d.aligned,
        offset: cx.const_i64(0),
        sizes: Vec::new(),
        strides: Vec::new(),
    };
    let results = ir.results(op);
    let base_v = cx.pack_descriptor(&base)?;
    cx.define(results[0], base_v.into());
    cx.define(results[1], d.offset.into());
    for i in 0..rank {
        cx.define(results[2 + i], d.sizes[i].into());
        cx.define(results[2 + rank + i], d.strides[i].into());
    }
    Ok(())
}

/// Lowers `memref.atomic_rmw`.
fn lower_atomic_rmw<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    const KINDS: [&str; 16] = [
        "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf",
        "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori",
    ];
    let kind = ir
        .attr(op, "kind")
        .and_then(|a| ctx.int_value(a))
        .and_then(|k| KINDS.get(k as usize).copied())
        .ok_or_else(|| cx.error(op, "atomic_rmw with an unknown kind"))?;
    let operands = ir.operands(op);
    let p = cx.element_ptr(op, operands[1], &operands[2..])?;
    let v = cx.value(operands[0])?;
    let old = cas_loop(cx, op, p, &mut |cx, old| {
        use inkwell::values::InstructionOpcode as O;
        let bin = |cx: &LowerCtx<'_, 'ctx>, o| super::arith::binop(cx, o, old, v);
        let intr = |cx: &LowerCtx<'_, 'ctx>, n| {
            super::arith::intrinsic(cx, n, &[old.get_type()], &[old, v])
        };
        match kind {
            "addf" => bin(cx, O::FAdd),
            "addi" => bin(cx, O::Add),
            "andi" => bin(cx, O::And),
            "ori" => bin(cx, O::Or),
            "xori" => bin(cx, O::Xor),
            "mulf" => bin(cx, O::FMul),
            "muli" => bin(cx, O::Mul),
            "assign" => Ok(v),
            "maximumf" => intr(cx, "llvm.maximum"),
            "maxnumf" => intr(cx, "llvm.maxnum"),
            "minimumf" => intr(cx, "llvm.minimum"),
            "minnumf" => intr(cx, "llvm.minnum"),
            "maxs" => intr(cx, "llvm.smax"),
            "maxu" => intr(cx, "llvm.umax"),
            "mins" => intr(cx, "llvm.smin"),
            _ => intr(cx, "llvm.umin"),
        }
    })?;
    cx.define_result(op, old);
    Ok(())
}

/// Lowers `memref.transpose`.
fn lower_transpose<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let ty = ir.value_type(ir.operand(op, 0));
    let rank = shape_of(cx, op, ty)?.len();
    let d = cx.unpack_descriptor(cx.operand(op, 0)?.into_struct_value(), rank)?;
    let perm: Vec<usize> = match ir.attr(op, "permutation").map(|a| ctx.attr_data(a)) {
        Some(AttrData::AffineMap(m)) => ctx
            .map_results(*m)
            .iter()
            .map(|&e| match ctx.expr_data(e) {
                lattice_ir::AffineExprData::Dim(i) => Ok(i as usize),
                _ => Err(cx.error(op, "transpose permutation must be a permutation of dims")),
            })
            .collect::<LResult<_>>()?,
        _ => return Err(cx.error(op, "transpose without a permutation")),
    };
    let t = MemRefDesc {
        sizes: perm.iter().map(|&i| d.sizes[i]).collect(),
        strides: perm.iter().map(|&i| d.strides[i]).collect(),
        ..d
    };
    let v = cx.pack_descriptor(&t)?;
    cx.define_result(op, v);
    Ok(())
}

/// `memref.collapse_shape` / `memref.expand_shape` on views whose grouped dimensions are
/// contiguous (the case MLIR's verifier guarantees for these ops): a collapsed group
/// takes the product of its sizes and the stride of its innermost dimension; an expanded
/// group gets row-major strides scaled by the source dimension's stride.
fn reshape<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let groups: Vec<Vec<usize>> = match ir.attr(op, "reassociation").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(gs)) => gs
            .iter()
            .map(|g| match ctx.attr_data(*g) {
                AttrData::Array(ds) => Ok(ds
                    .iter()
                    .filter_map(|&d| ctx.int_value(d).map(|v| v as usize))
                    .collect()),
                _ => Err(cx.error(op, "malformed reassociation")),
            })
            .collect::<LResult<_>>()?,
        _ => return Err(cx.error(op, "missing reassociation")),
    };
    let src_ty = ir.value_type(ir.operand(op, 0));
    let res_ty = ir.value_type(ir.result(op, 0));
    let src_rank = shape_of(cx, op, src_ty)?.len();
    let res_shape = shape_of(cx, op, res_ty)?;
    let d = cx.unpack_descriptor(cx.operand(op, 0)?.into_struct_value(), src_rank)?;
    let b = &cx.builder;
    let be = |e| cx.builder_error(e);
    let (sizes, strides) = if ir.isa::<CollapseShape>(op) {
        let mut sizes = Vec::new();
        let mut strides = Vec::new();
        for g in &groups {
            let mut size = cx.const_i64(1);
            for &i in g {
                size = b.build_int_mul(size, d.sizes[i], "").map_err(be)?;
            }
            sizes.push(size);
            let inner = g.last().copied().unwrap_or(0);
            strides.push(
                d.strides
                    .get(inner)
                    .copied()
                    .unwrap_or_else(|| cx.const_i64(1)),
            );
        }
        (sizes, strides)
    } else {
        let dynamic: Vec<IntValue> = ir.operands(op)[1..]
            .iter()
            .map(|&v| cx.value(v).map(|x| x.into_int_value()))
            .collect::<LResult<_>>()?;
        let out_shape = dense_i64s(cx, op, "static_output_shape").unwrap_or(res_shape);
        let sizes = sizes_from(cx, &out_shape, &dynamic);
        let mut strides = vec![cx.const_i64(1); sizes.len()];
        for (gi, g) in groups.iter().enumerate() {
            let mut acc = d
                .strides
                .get(gi)
                .copied()
                .unwrap_or_else(|| cx.const_i64(1));
            for &i in g.iter().rev() {
                strides[i] = acc;
                acc = b.build_int_mul(acc, sizes[i], "").map_err(be)?;
            }
        }
        (sizes, strides)
    };
    let v = cx.pack_descriptor(&MemRefDesc {
        sizes,
        strides,
        ..d
    })?;
    cx.define_result(op, v);
    Ok(())
}

/// A compare-and-swap loop on the element at `p`: `update` computes the new value from
/// the old one; returns the old value (what `atomic_rmw` yields).
fn cas_loop<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    p: inkwell::values::PointerValue<'ctx>,
    update: &mut dyn FnMut(
        &mut LowerCtx<'_, 'ctx>,
        BasicValueEnum<'ctx>,
    ) -> LResult<BasicValueEnum<'ctx>>,
) -> LResult<BasicValueEnum<'ctx>> {
    use inkwell::values::InstructionOpcode as O;
    use inkwell::AtomicOrdering as A;
    let elem_ty = cx.llvm_type_at(op, ctx_elem(cx, op)?)?;
    let width = match elem_ty {
        BasicTypeEnum::IntType(t) => t.get_bit_width(),
        BasicTypeEnum::FloatType(t) if t == cx.llcx.f64_type() => 64,
        BasicTypeEnum::FloatType(t) if t == cx.llcx.f32_type() => 32,
        BasicTypeEnum::FloatType(t) if t == cx.llcx.f16_type() || t == cx.llcx.bf16_type() => 16,
        _ => 0,
    };
    let it = cx
        .int_type(width)
        .ok_or_else(|| cx.error(op, "atomic on an element without a fixed size"))?;
    let f = cx.function.expect("inside a function");
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let init = cx.builder.build_load(it, p, "").map_err(|e| be(cx, e))?;
    let pre = cx.builder.get_insert_block().expect("positioned");
    let lp = cx.llcx.append_basic_block(f, "atomic.loop");
    let exit = cx.llcx.append_basic_block(f, "atomic.done");
    cx.builder
        .build_unconditional_branch(lp)
        .map_err(|e| be(cx, e))?;
    cx.builder.position_at_end(lp);
    let phi = cx.builder.build_phi(it, "old").map_err(|e| be(cx, e))?;
    phi.add_incoming(&[(&init, pre)]);
    let old_bits = phi.as_basic_value();
    let old = cx
        .builder
        .build_cast(O::BitCast, old_bits, elem_ty, "")
        .map_err(|e| be(cx, e))?;
    let new = update(cx, old)?;
    let new_bits = cx
        .builder
        .build_cast(O::BitCast, new, it, "")
        .map_err(|e| be(cx, e))?;
    let pair = cx
        .builder
        .build_cmpxchg(
            p,
            old_bits,
            new_bits,
            A::SequentiallyConsistent,
            A::SequentiallyConsistent,
        )
        .map_err(|e| be(cx, e))?;
    let seen = cx
        .builder
        .build_extract_value(pair, 0, "")
        .map_err(|e| be(cx, e))?;
    let ok = cx
        .builder
        .build_extract_value(pair, 1, "")
        .map_err(|e| be(cx, e))?
        .into_int_value();
    let here = cx.builder.get_insert_block().expect("positioned");
    phi.add_incoming(&[(&seen, here)]);
    cx.builder
        .build_conditional_branch(ok, exit, lp)
        .map_err(|e| be(cx, e))?;
    cx.builder.position_at_end(exit);
    Ok(old)
}

/// The element type of the memref an atomic op updates.
fn ctx_elem(cx: &LowerCtx<'_, '_>, op: Op) -> LResult<Type> {
    let ir = cx.ir;
    let m = if ir.isa::<AtomicRMW>(op) {
        ir.operand(op, 1)
    } else {
        ir.operand(op, 0)
    };
    Ok(ir.ctx().element_type(ir.value_type(m)))
}

/// Element-by-element copy loop nest for `memref.copy` (LLVM turns contiguous cases
/// into `memcpy`).
fn copy_nest<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    src: (Type, inkwell::values::StructValue<'ctx>),
    dst: (Type, inkwell::values::StructValue<'ctx>),
    sizes: &[IntValue<'ctx>],
    elem_ty: BasicTypeEnum<'ctx>,
    ivs: &mut Vec<IntValue<'ctx>>,
) -> LResult<()> {
    if ivs.len() == sizes.len() {
        let sp = cx.element_ptr_at(op, src.0, src.1, ivs)?;
        let dp = cx.element_ptr_at(op, dst.0, dst.1, ivs)?;
        let v = cx
            .builder
            .build_load(elem_ty, sp, "")
            .map_err(|e| cx.builder_error(e))?;
        cx.builder
            .build_store(dp, v)
            .map_err(|e| cx.builder_error(e))?;
        return Ok(());
    }
    let d = ivs.len();
    let (zero, one) = (cx.const_i64(0), cx.const_i64(1));
    build_loop(
        cx,
        zero,
        sizes[d],
        one,
        &[],
        IvCompare::Signed,
        &mut |cx, iv, _| {
            ivs.push(iv);
            let r = copy_nest(cx, op, src, dst, sizes, elem_ty, ivs);
            ivs.pop();
            r.map(|_| Vec::new())
        },
    )?;
    Ok(())
}

impl<'ctx> LowerCtx<'_, 'ctx> {
    /// The allocated and aligned pointers of the ranked descriptor behind an unranked
    /// memref's descriptor pointer (every rank starts with those two fields).
    fn unpack_ranked_prefix(
        &self,
        p: inkwell::values::PointerValue<'ctx>,
    ) -> LResult<(
        inkwell::values::PointerValue<'ctx>,
        inkwell::values::PointerValue<'ctx>,
    )> {
        let t = self.descriptor_type(0);
        let d = self
            .builder
            .build_load(t, p, "")
            .map_err(|e| self.builder_error(e))?
            .into_struct_value();
        let a = self
            .builder
            .build_extract_value(d, 0, "")
            .map_err(|e| self.builder_error(e))?;
        let b = self
            .builder
            .build_extract_value(d, 1, "")
            .map_err(|e| self.builder_error(e))?;
        Ok((a.into_pointer_value(), b.into_pointer_value()))
    }
}
