//! `gpu` dialect in host code → calls into the GPU runtime's C entry points
//! ([`crate::gpu::host`]): `gpu.launch_func` becomes `lattice_gpu_launch(kernel, dims,
//! nargs, args)`, and the coherence calls the module's [`HostPlan`] asks for are placed
//! before the ops it names ([`before_op`]).
//!
//! Invariants: the kernel index is the kernel's position in
//! [`crate::gpu::naga_emit::kernels`] order (the order the runtime holds the emitted
//! kernels in); the argument records and descriptor copies live in entry-block allocas
//! (so launches inside loops do not grow the stack) and are filled right before each call;
//! memref arguments are passed as pointers to their MLIR descriptors, scalars as 64 bits
//! (integers sign-extended, `f32` bits zero-extended, `f64` bits), see
//! [`crate::gpu::runtime::LaunchArg`].
//!
//! [`HostPlan`]: crate::gpu::host::HostPlan

use super::ctx::{LResult, LowerCtx};
use super::parallel::entry_alloca;
use crate::gpu::runtime::{ARG_F32, ARG_F64, ARG_INT, ARG_MEMREF};
use inkwell::module::Linkage;
use inkwell::types::{ArrayType, BasicMetadataTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, FunctionValue, IntValue, PointerValue};
use lattice_dialects::gpu::LaunchFunc;
use lattice_ir::{AttrData, FloatKind, Op, TypeData, Value};

fn runtime_fn<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    name: &str,
    params: &[BasicMetadataTypeEnum<'ctx>],
) -> FunctionValue<'ctx> {
    cx.module.get_function(name).unwrap_or_else(|| {
        let t = cx.llcx.void_type().fn_type(params, false);
        cx.module.add_function(name, t, Some(Linkage::External))
    })
}

/// A pointer to a copy of memref `v`'s descriptor, its rank and element size in bytes.
fn descriptor_ptr<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    v: Value,
) -> LResult<(PointerValue<'ctx>, IntValue<'ctx>, IntValue<'ctx>)> {
    let ty = cx.ir.value_type(v);
    let TypeData::MemRef { shape, element, .. } = cx.ir.ctx().type_data(ty) else {
        return Err(cx.error(op, "internal: expected a ranked memref"));
    };
    let desc = cx.value(v)?;
    let slot = entry_alloca(cx, cx.descriptor_type(shape.len()).into(), "gpu.desc")?;
    cx.builder
        .build_store(slot, desc)
        .map_err(|e| cx.builder_error(e))?;
    let elem = cx.size_of(op, *element)?;
    Ok((slot, cx.const_i64(shape.len() as i64), elem))
}

/// Emits the coherence calls the module's plan places before `op`.
pub(crate) fn before_op(cx: &mut LowerCtx<'_, '_>, op: Op) -> LResult<()> {
    let Some(plan) = cx.gpu_plan.as_ref() else {
        return Ok(());
    };
    let all = plan.access_all_before.contains(&op);
    let access = plan.access_before.get(&op).cloned().unwrap_or_default();
    let release = plan.release_before.get(&op).cloned().unwrap_or_default();
    let (ptr, i64) = (cx.ptr().into(), cx.i64().into());
    let be = |cx: &LowerCtx<'_, '_>, e| cx.builder_error(e);
    if all {
        let f = runtime_fn(cx, "lattice_gpu_host_access_all", &[]);
        cx.builder
            .build_direct_call(f, &[], "")
            .map_err(|e| be(cx, e))?;
    }
    for (v, write) in access {
        let (p, rank, elem) = descriptor_ptr(cx, op, v)?;
        let f = runtime_fn(cx, "lattice_gpu_host_access", &[ptr, i64, i64, i64]);
        let w = cx.const_i64(write as i64);
        cx.builder
            .build_direct_call(f, &[p.into(), rank.into(), elem.into(), w.into()], "")
            .map_err(|e| be(cx, e))?;
    }
    for v in release {
        let (p, rank, elem) = descriptor_ptr(cx, op, v)?;
        let f = runtime_fn(cx, "lattice_gpu_release", &[ptr, i64, i64]);
        cx.builder
            .build_direct_call(f, &[p.into(), rank.into(), elem.into()], "")
            .map_err(|e| be(cx, e))?;
    }
    Ok(())
}

/// The address of field `f` of record `k` in the argument array `arr`.
fn record_field<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    arr_ty: ArrayType<'ctx>,
    arr: PointerValue<'ctx>,
    k: usize,
    f: u64,
) -> LResult<PointerValue<'ctx>> {
    let idx = [
        cx.const_i64(0),
        cx.const_i64(k as i64),
        cx.llcx.i32_type().const_int(f, false),
    ];
    // SAFETY (LLVM semantics): field `f` of record `k` of the array.
    unsafe { cx.builder.build_gep(arr_ty, arr, &idx, "") }.map_err(|e| cx.builder_error(e))
}

/// Lowers a `gpu` op of host code (only `gpu.launch_func`).
pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    if !cx.ir.isa::<LaunchFunc>(op) {
        return Err(cx.unsupported(op));
    }
    let ir = cx.ir;
    let ctx = ir.ctx();
    let name = match ir.attr(op, LaunchFunc::KERNEL).map(|a| ctx.attr_data(a)) {
        Some(AttrData::SymbolRef { root, nested }) if nested.len() == 1 => {
            format!("{}::{}", ctx.str(*root), ctx.str(nested[0]))
        }
        _ => return Err(cx.error(op, "gpu.launch_func without a kernel reference")),
    };
    let index = cx
        .gpu_plan
        .as_ref()
        .and_then(|p| p.kernels.get(&name).copied())
        .ok_or_else(|| cx.error(op, format!("kernel '{name}' is not in this module")))?;
    let seg: Vec<usize> = match ir
        .attr(op, LaunchFunc::OPERAND_SEGMENT_SIZES)
        .map(|a| ctx.attr_data(a))
    {
        Some(AttrData::DenseArray { values, .. }) => values.iter().map(|&v| v as usize).collect(),
        _ => return Err(cx.error(op, "gpu.launch_func without operandSegmentSizes")),
    };
    // async deps, grid xyz, block xyz, cluster xyz, dynamic shared memory, kernel
    // operands, async object.
    if seg.len() != 13 || seg[0] != 0 || seg[7..11].iter().any(|&s| s != 0) || seg[12] != 0 {
        return Err(cx.error(
            op,
            "gpu.launch_func with async dependencies, clusters, dynamic shared memory or an async object is not supported on the host",
        ));
    }
    let operands = ir.operands(op).to_vec();
    let be = |cx: &LowerCtx<'_, '_>, e| cx.builder_error(e);
    let i64t = cx.i64();
    let dims_ty = i64t.array_type(6);
    let dims = entry_alloca(cx, dims_ty.into(), "gpu.dims")?;
    for (k, &v) in operands[..6].iter().enumerate() {
        let x = cx.value(v)?.into_int_value();
        // SAFETY (LLVM semantics): index within the 6-element array.
        let p = unsafe {
            cx.builder.build_gep(
                dims_ty,
                dims,
                &[cx.const_i64(0), cx.const_i64(k as i64)],
                "",
            )
        }
        .map_err(|e| be(cx, e))?;
        cx.builder.build_store(p, x).map_err(|e| be(cx, e))?;
    }
    let kargs: Vec<Value> = operands[6..6 + seg[11]].to_vec();
    let rec_ty = cx.llcx.struct_type(
        &[i64t.into(), i64t.into(), cx.ptr().into(), i64t.into()],
        false,
    );
    let arr_ty = rec_ty.array_type(kargs.len().max(1) as u32);
    let arr = entry_alloca(cx, arr_ty.into(), "gpu.args")?;
    for (k, &v) in kargs.iter().enumerate() {
        let ty = ir.value_type(v);
        let (kind, bits, desc, rank): (i64, IntValue, PointerValue, IntValue) =
            match ctx.type_data(ty) {
                TypeData::MemRef { .. } => {
                    let (p, rank, _) = descriptor_ptr(cx, op, v)?;
                    (ARG_MEMREF, cx.const_i64(0), p, rank)
                }
                TypeData::Float(FloatKind::F32) => {
                    let x = cx.value(v)?.into_float_value();
                    let b = cx
                        .builder
                        .build_bit_cast(x, cx.llcx.i32_type(), "")
                        .map_err(|e| be(cx, e))?
                        .into_int_value();
                    let b = cx
                        .builder
                        .build_int_z_extend(b, i64t, "")
                        .map_err(|e| be(cx, e))?;
                    (ARG_F32, b, cx.ptr().const_null(), cx.const_i64(0))
                }
                TypeData::Float(FloatKind::F64) => {
                    let x = cx.value(v)?.into_float_value();
                    let b = cx
                        .builder
                        .build_bit_cast(x, i64t, "")
                        .map_err(|e| be(cx, e))?
                        .into_int_value();
                    (ARG_F64, b, cx.ptr().const_null(), cx.const_i64(0))
                }
                TypeData::Index | TypeData::Integer { .. } => {
                    let x = cx.value(v)?.into_int_value();
                    let b = if x.get_type().get_bit_width() < 64 {
                        cx.builder
                            .build_int_s_extend(x, i64t, "")
                            .map_err(|e| be(cx, e))?
                    } else {
                        x
                    };
                    (ARG_INT, b, cx.ptr().const_null(), cx.const_i64(0))
                }
                _ => {
                    return Err(cx.error(
                        op,
                        format!(
                            "kernel argument #{k} of type '{}' cannot be passed to a GPU kernel",
                            lattice_ir::printer::type_to_string(ctx, ty)
                        ),
                    ))
                }
            };
        let field = |cx: &LowerCtx<'_, 'ctx>, f| record_field(cx, arr_ty, arr, k, f);
        let p = field(cx, 0)?;
        cx.builder
            .build_store(p, cx.const_i64(kind))
            .map_err(|e| be(cx, e))?;
        let p = field(cx, 1)?;
        cx.builder.build_store(p, bits).map_err(|e| be(cx, e))?;
        let p = field(cx, 2)?;
        cx.builder.build_store(p, desc).map_err(|e| be(cx, e))?;
        let p = field(cx, 3)?;
        cx.builder.build_store(p, rank).map_err(|e| be(cx, e))?;
    }
    let f = runtime_fn(
        cx,
        "lattice_gpu_launch",
        &[i64t.into(), cx.ptr().into(), i64t.into(), cx.ptr().into()],
    );
    let args: [BasicMetadataValueEnum; 4] = [
        cx.const_i64(index as i64).into(),
        dims.into(),
        cx.const_i64(kargs.len() as i64).into(),
        arr.into(),
    ];
    cx.builder
        .build_direct_call(f, &args, "")
        .map_err(|e| be(cx, e))?;
    Ok(())
}
