//! `func` dialect → LLVM functions, calls and returns, in MLIR's default calling
//! convention, plus the `_mlir_ciface_` wrappers of `llvm.emit_c_interface` functions.
//!
//! Invariants: a memref argument occupies `3 + 2 * rank` parameters (allocated, aligned,
//! offset, sizes, strides), an unranked one 2 (rank, descriptor pointer); no result is
//! `void`, one result is returned as is, several as a literal struct. A C-interface
//! wrapper takes memrefs as pointers to descriptors and returns a struct-typed result
//! (memref or several results) through a leading pointer parameter, as MLIR does.

use super::ctx::{LResult, LowerCtx};
use inkwell::module::Linkage;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, FunctionType};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue};
use lattice_dialects::func::{Call, Func, FuncKind as K};
use lattice_ir::{AttrData, Op, Type, TypeData};

/// Name prefix of C-interface wrappers.
pub const CIFACE_PREFIX: &str = "_mlir_ciface_";

/// `sym_name` of a `func.func`.
pub fn symbol_name(cx: &LowerCtx<'_, '_>, op: Op) -> LResult<String> {
    cx.ir
        .attr(op, Func::SYM_NAME)
        .and_then(|a| cx.ir.ctx().string_value(a).map(str::to_string))
        .ok_or_else(|| cx.error(op, "function without a name"))
}

/// Input and result types of a `func.func`.
pub fn signature(cx: &LowerCtx<'_, '_>, op: Op) -> LResult<(Vec<Type>, Vec<Type>)> {
    lattice_dialects::func::function_type(cx.ir, op)
        .ok_or_else(|| cx.error(op, "function without a function type"))
}

/// Whether `op` carries the `llvm.emit_c_interface` unit attribute.
pub fn emits_c_interface(cx: &LowerCtx<'_, '_>, op: Op) -> bool {
    cx.ir.attr(op, "llvm.emit_c_interface").is_some()
}

/// The LLVM return type for `results` (`None` = void).
fn result_type<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    results: &[Type],
) -> LResult<Option<BasicTypeEnum<'ctx>>> {
    match results {
        [] => Ok(None),
        [one] => Ok(Some(cx.llvm_type_at(op, *one)?)),
        many => {
            let fields: Vec<BasicTypeEnum> = many
                .iter()
                .map(|&t| cx.llvm_type_at(op, t))
                .collect::<LResult<_>>()?;
            Ok(Some(cx.llcx.struct_type(&fields, false).into()))
        }
    }
}

fn fn_type<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    ret: Option<BasicTypeEnum<'ctx>>,
    params: &[BasicMetadataTypeEnum<'ctx>],
) -> FunctionType<'ctx> {
    match ret {
        None => cx.llcx.void_type().fn_type(params, false),
        Some(t) => t.fn_type(params, false),
    }
}

/// The LLVM type of `op` (a `func.func`) in the default calling convention.
pub fn llvm_fn_type<'ctx>(cx: &LowerCtx<'_, 'ctx>, op: Op) -> LResult<FunctionType<'ctx>> {
    let (inputs, results) = signature(cx, op)?;
    let mut params: Vec<BasicMetadataTypeEnum> = Vec::new();
    for &t in &inputs {
        let expanded = cx.expanded_arg_types(t).ok_or_else(|| {
            cx.error(
                op,
                format!(
                    "argument type '{}' cannot be lowered to LLVM IR",
                    lattice_ir::printer::type_to_string(cx.ir.ctx(), t)
                ),
            )
        })?;
        params.extend(expanded.into_iter().map(BasicMetadataTypeEnum::from));
    }
    Ok(fn_type(cx, result_type(cx, op, &results)?, &params))
}

/// Whether the C interface returns the results through a pointer (a memref result or
/// several results).
fn promotes_result(cx: &LowerCtx<'_, '_>, results: &[Type]) -> bool {
    match results {
        [] => false,
        [one] => cx.ir.ctx().is_memref(*one),
        _ => true,
    }
}

/// The LLVM type of the C-interface wrapper of `op`.
fn ciface_type<'ctx>(cx: &LowerCtx<'_, 'ctx>, op: Op) -> LResult<FunctionType<'ctx>> {
    let (inputs, results) = signature(cx, op)?;
    let mut params: Vec<BasicMetadataTypeEnum> = Vec::new();
    let promoted = promotes_result(cx, &results);
    if promoted {
        params.push(cx.ptr().into());
    }
    for &t in &inputs {
        if cx.ir.ctx().is_memref(t) {
            params.push(cx.ptr().into());
        } else {
            params.push(cx.llvm_type_at(op, t)?.into());
        }
    }
    let ret = if promoted {
        None
    } else {
        result_type(cx, op, &results)?
    };
    Ok(fn_type(cx, ret, &params))
}

/// Declares the LLVM function of `op` (a `func.func`).
pub fn declare<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<FunctionValue<'ctx>> {
    let name = symbol_name(cx, op)?;
    let ty = llvm_fn_type(cx, op)?;
    let private = cx
        .ir
        .attr(op, "sym_visibility")
        .and_then(|a| cx.ir.ctx().string_value(a))
        == Some("private");
    let has_body = !cx.ir.regions(op).is_empty() && !cx.ir.region_is_empty(cx.ir.region(op, 0));
    let linkage = (private && has_body).then_some(Linkage::Internal);
    let f = cx.module.add_function(&name, ty, linkage);
    mark_noalias_params(cx, op, f)?;
    Ok(f)
}

/// Gives the aligned pointer of every memref argument marked `llvm.noalias` the LLVM
/// `noalias` parameter attribute: the program promises that the argument's buffer is
/// accessed only through it while the function runs. Only the aligned pointer is marked,
/// because every load and store goes through it; the allocated pointer (used to free the
/// buffer, and the same object) stays unmarked so that the two never conflict. Arguments
/// without the attribute get nothing: distinct arguments may alias.
fn mark_noalias_params<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    f: FunctionValue<'ctx>,
) -> LResult<()> {
    let (inputs, _) = signature(cx, op)?;
    let noalias = cx.llcx.create_enum_attribute(
        inkwell::attributes::Attribute::get_named_enum_kind_id("noalias"),
        0,
    );
    let mut k = 0u32;
    for (i, &t) in inputs.iter().enumerate() {
        match cx.ir.ctx().type_data(t) {
            TypeData::MemRef { shape, .. } => {
                if lattice_dialects::func::arg_has_attr(cx.ir, op, i, "llvm.noalias") {
                    f.add_attribute(inkwell::attributes::AttributeLoc::Param(k + 1), noalias);
                }
                k += 3 + 2 * shape.len() as u32;
            }
            TypeData::UnrankedMemRef { .. } => k += 2,
            _ => k += 1,
        }
    }
    Ok(())
}

/// Splits the descriptor of memref value `v` (IR type `ty`) into its call arguments.
pub fn expand_arg<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    ty: Type,
    v: BasicValueEnum<'ctx>,
    out: &mut Vec<BasicMetadataValueEnum<'ctx>>,
) -> LResult<()> {
    let b = &cx.builder;
    match cx.ir.ctx().type_data(ty) {
        TypeData::MemRef { shape, .. } => {
            let d = cx.unpack_descriptor(v.into_struct_value(), shape.len())?;
            out.push(d.allocated.into());
            out.push(d.aligned.into());
            out.push(d.offset.into());
            out.extend(d.sizes.iter().map(|&s| BasicMetadataValueEnum::from(s)));
            out.extend(d.strides.iter().map(|&s| BasicMetadataValueEnum::from(s)));
        }
        TypeData::UnrankedMemRef { .. } => {
            let s = v.into_struct_value();
            for i in 0..2 {
                let f = b
                    .build_extract_value(s, i, "")
                    .map_err(|e| cx.builder_error(e))?;
                out.push(f.into());
            }
        }
        _ => out.push(v.into()),
    }
    Ok(())
}

/// Rebuilds IR-level values of types `inputs` from expanded parameters `params`.
fn collect_params<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    inputs: &[Type],
    params: &[BasicValueEnum<'ctx>],
) -> LResult<Vec<BasicValueEnum<'ctx>>> {
    let mut args = Vec::new();
    let mut k = 0;
    for &t in inputs {
        match cx.ir.ctx().type_data(t) {
            TypeData::MemRef { shape, .. } => {
                let rank = shape.len();
                let d = super::ctx::MemRefDesc {
                    allocated: params[k].into_pointer_value(),
                    aligned: params[k + 1].into_pointer_value(),
                    offset: params[k + 2].into_int_value(),
                    sizes: (0..rank)
                        .map(|i| params[k + 3 + i].into_int_value())
                        .collect(),
                    strides: (0..rank)
                        .map(|i| params[k + 3 + rank + i].into_int_value())
                        .collect(),
                };
                args.push(cx.pack_descriptor(&d)?.into());
                k += 3 + 2 * rank;
            }
            TypeData::UnrankedMemRef { .. } => {
                let ty = cx.unranked_type();
                let mut agg: inkwell::values::AggregateValueEnum = ty.get_undef().into();
                for i in 0..2 {
                    agg = cx
                        .builder
                        .build_insert_value(agg, params[k + i as usize], i, "")
                        .map_err(|e| cx.builder_error(e))?;
                }
                args.push(agg.into_struct_value().into());
                k += 2;
            }
            _ => {
                args.push(params[k]);
                k += 1;
            }
        }
    }
    Ok(args)
}

/// Packs `values` for returning: none, one, or a struct.
fn pack_results<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    ret_ty: Option<BasicTypeEnum<'ctx>>,
    values: &[BasicValueEnum<'ctx>],
) -> LResult<Option<BasicValueEnum<'ctx>>> {
    match (values, ret_ty) {
        ([], _) | (_, None) => Ok(None),
        ([one], _) => Ok(Some(*one)),
        (many, Some(t)) => {
            let mut agg: inkwell::values::AggregateValueEnum =
                t.into_struct_type().get_undef().into();
            for (i, v) in many.iter().enumerate() {
                agg = cx
                    .builder
                    .build_insert_value(agg, *v, i as u32, "")
                    .map_err(|e| cx.builder_error(e))?;
            }
            Ok(Some(agg.into_struct_value().into()))
        }
    }
}

/// Fills in the body of `op`'s LLVM function (and its C-interface wrapper).
pub fn define<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let name = symbol_name(cx, op)?;
    let Some(f) = cx.module.get_function(&name) else {
        return Err(cx.error(op, "internal: function was not declared"));
    };
    let (inputs, _) = signature(cx, op)?;
    let has_body = !cx.ir.regions(op).is_empty() && !cx.ir.region_is_empty(cx.ir.region(op, 0));
    cx.function = Some(f);
    cx.current_op = Some(op);
    if has_body {
        cx.blocks.clear();
        // The entry block is the first one lower_cfg_region appends; descriptors are
        // packed there, so the builder must be positioned in it first.
        let region = cx.ir.region(op, 0);
        let pre = cx.llcx.append_basic_block(f, "args");
        cx.builder.position_at_end(pre);
        let params: Vec<BasicValueEnum> = f.get_param_iter().collect();
        let args = collect_params(cx, &inputs, &params)?;
        let entry = super::lower_cfg_region(cx, region, &args)?;
        if let Some(entry) = entry {
            cx.builder.position_at_end(pre);
            cx.builder
                .build_unconditional_branch(entry)
                .map_err(|e| cx.builder_error(e))?;
        }
        if emits_c_interface(cx, op) {
            ciface_wrapper(cx, op, f)?;
        }
    } else if emits_c_interface(cx, op) {
        call_through_to_ciface(cx, op, f)?;
    }
    Ok(())
}

/// `_mlir_ciface_<name>`: takes descriptor pointers, calls `f` with expanded arguments.
fn ciface_wrapper<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    f: FunctionValue<'ctx>,
) -> LResult<()> {
    let name = symbol_name(cx, op)?;
    let (inputs, results) = signature(cx, op)?;
    let ty = ciface_type(cx, op)?;
    let w = cx
        .module
        .add_function(&format!("{CIFACE_PREFIX}{name}"), ty, None);
    let bb = cx.llcx.append_basic_block(w, "entry");
    cx.builder.position_at_end(bb);
    let promoted = promotes_result(cx, &results);
    let params: Vec<BasicValueEnum> = w.get_param_iter().collect();
    let mut call_args = Vec::new();
    for (&t, &p) in inputs.iter().zip(&params[usize::from(promoted)..]) {
        let v = if cx.ir.ctx().is_memref(t) {
            let dty = cx.llvm_type_at(op, t)?;
            cx.builder
                .build_load(dty, p.into_pointer_value(), "desc")
                .map_err(|e| cx.builder_error(e))?
        } else {
            p
        };
        expand_arg(cx, t, v, &mut call_args)?;
    }
    let call = cx
        .builder
        .build_direct_call(f, &call_args, "")
        .map_err(|e| cx.builder_error(e))?;
    let result = call.try_as_basic_value().basic();
    if promoted {
        if let Some(r) = result {
            cx.builder
                .build_store(params[0].into_pointer_value(), r)
                .map_err(|e| cx.builder_error(e))?;
        }
        cx.builder.build_return(None)
    } else {
        match result {
            Some(r) => cx.builder.build_return(Some(&r)),
            None => cx.builder.build_return(None),
        }
    }
    .map_err(|e| cx.builder_error(e))?;
    Ok(())
}

/// The body of an external `llvm.emit_c_interface` declaration: stores memref arguments
/// into descriptors on the stack and calls the external `_mlir_ciface_<name>`.
fn call_through_to_ciface<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    f: FunctionValue<'ctx>,
) -> LResult<()> {
    let name = symbol_name(cx, op)?;
    let (inputs, results) = signature(cx, op)?;
    let ty = ciface_type(cx, op)?;
    let target = cx
        .module
        .add_function(&format!("{CIFACE_PREFIX}{name}"), ty, None);
    f.set_linkage(Linkage::Internal);
    let bb = cx.llcx.append_basic_block(f, "entry");
    cx.builder.position_at_end(bb);
    let params: Vec<BasicValueEnum> = f.get_param_iter().collect();
    let args = collect_params(cx, &inputs, &params)?;
    let promoted = promotes_result(cx, &results);
    let ret_ty = result_type(cx, op, &results)?;
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let mut call_args: Vec<BasicMetadataValueEnum> = Vec::new();
    let ret_slot = match (promoted, ret_ty) {
        (true, Some(t)) => {
            let slot = cx.builder.build_alloca(t, "ret").map_err(|e| be(cx, e))?;
            call_args.push(slot.into());
            Some((slot, t))
        }
        _ => None,
    };
    for (&t, &v) in inputs.iter().zip(&args) {
        if cx.ir.ctx().is_memref(t) {
            let slot = cx
                .builder
                .build_alloca(v.get_type(), "desc")
                .map_err(|e| be(cx, e))?;
            cx.builder.build_store(slot, v).map_err(|e| be(cx, e))?;
            call_args.push(slot.into());
        } else {
            call_args.push(v.into());
        }
    }
    let call = cx
        .builder
        .build_direct_call(target, &call_args, "")
        .map_err(|e| be(cx, e))?;
    let r = match ret_slot {
        Some((slot, t)) => Some(cx.builder.build_load(t, slot, "").map_err(|e| be(cx, e))?),
        None => call.try_as_basic_value().basic(),
    };
    match r {
        Some(r) => cx.builder.build_return(Some(&r)),
        None => cx.builder.build_return(None),
    }
    .map_err(|e| be(cx, e))?;
    Ok(())
}

/// Lowers `func.call` and `func.return`.
pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    match K::of(ir, op) {
        Some(K::Call) => {
            let callee = ir
                .attr(op, Call::CALLEE)
                .and_then(|a| match ir.ctx().attr_data(a) {
                    AttrData::SymbolRef { root, nested } if nested.is_empty() => {
                        Some(ir.ctx().str(*root).to_string())
                    }
                    _ => None,
                })
                .ok_or_else(|| cx.error(op, "call without a flat callee symbol"))?;
            let f = cx
                .module
                .get_function(&callee)
                .ok_or_else(|| cx.error(op, format!("call to unknown function '@{callee}'")))?;
            let mut args = Vec::new();
            for &v in ir.operands(op) {
                expand_arg(cx, ir.value_type(v), cx.value(v)?, &mut args)?;
            }
            let call = cx
                .builder
                .build_direct_call(f, &args, "")
                .map_err(|e| cx.builder_error(e))?;
            let results = ir.results(op);
            if let Some(r) = call.try_as_basic_value().basic() {
                if results.len() == 1 {
                    cx.define(results[0], r);
                } else {
                    for (i, &res) in results.iter().enumerate() {
                        let v = cx
                            .builder
                            .build_extract_value(r.into_struct_value(), i as u32, "")
                            .map_err(|e| cx.builder_error(e))?;
                        cx.define(res, v);
                    }
                }
            }
            Ok(())
        }
        Some(K::Return) => {
            let f = cx
                .function
                .ok_or_else(|| cx.error(op, "return outside a function"))?;
            let vals: Vec<BasicValueEnum> = ir
                .operands(op)
                .iter()
                .map(|&v| cx.value(v))
                .collect::<LResult<_>>()?;
            let ret_ty = f.get_type().get_return_type();
            match pack_results(cx, ret_ty, &vals)? {
                Some(v) => cx.builder.build_return(Some(&v as &dyn BasicValue)),
                None => cx.builder.build_return(None),
            }
            .map_err(|e| cx.builder_error(e))?;
            Ok(())
        }
        _ => Err(cx.unsupported(op)),
    }
}
