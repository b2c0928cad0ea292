//! `vector` dialect → LLVM vector instructions and intrinsics, for 1-D vectors (what
//! `affine-super-vectorize` with one virtual vector size produces, and what hand-written
//! kernels use): `broadcast`, `create_mask`, `constant_mask`, `step`, `load`, `store`,
//! `transfer_read`/`transfer_write` (any permutation map with one result: a memref dimension
//! or the broadcast constant 0; out-of-bounds lanes and masks through `llvm.masked.*`),
//! `maskedload`/`maskedstore`, `fma`, `reduction` (every combining kind, with or without an
//! accumulator), `extract`/`insert` (static or dynamic position), `from_elements`,
//! `shuffle`, `bitcast`, `shape_cast` between equal 1-D types, and `print`. `arith` on
//! 1-D vectors is `arith.rs`'s.
//!
//! Invariants: a lane that is masked off, or out of bounds for a transfer whose `in_bounds`
//! entry is false, is never read or written (masked intrinsics, not clamped addresses);
//! contiguous transfers (static unit stride along the vector's dimension) become plain or
//! masked vector loads/stores, others gathers/scatters. n-D vectors and scalable vectors
//! are reported as unsupported, never mis-lowered.

use inkwell::types::{BasicType, BasicTypeEnum, VectorType};
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, IntValue, PointerValue, VectorValue,
};
use inkwell::IntPredicate;
use lattice_ir::{AffineExprData, AttrData, Op, Type, TypeData, DYNAMIC};

use super::arith::intrinsic;
use super::ctx::{LResult, LowerCtx};
use super::scf::dense_i32_segments;

/// Shape and element type of a fixed-size 1-D vector type.
fn vector_1d(cx: &LowerCtx<'_, '_>, ty: Type) -> Option<(u32, Type)> {
    match cx.ir.ctx().type_data(ty) {
        TypeData::Vector {
            shape,
            scalable,
            element,
        } if shape.len() == 1 && !scalable[0] => Some((shape[0] as u32, *element)),
        _ => None,
    }
}

fn need_1d(cx: &LowerCtx<'_, '_>, op: Op, ty: Type) -> LResult<(u32, Type)> {
    vector_1d(cx, ty).ok_or_else(|| {
        cx.error(
            op,
            format!(
                "'{}' on type '{}' cannot be lowered yet (only fixed-size 1-D vectors)",
                cx.ir.op_name(op),
                lattice_ir::printer::type_to_string(cx.ir.ctx(), ty)
            ),
        )
    })
}

fn vty<'ctx>(cx: &LowerCtx<'_, 'ctx>, op: Op, ty: Type) -> LResult<VectorType<'ctx>> {
    match cx.llvm_type_at(op, ty)? {
        BasicTypeEnum::VectorType(v) => Ok(v),
        _ => Err(cx.error(op, "expected a 1-D vector type")),
    }
}

/// `<n x T>` with every lane `scalar`.
fn splat<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    scalar: BasicValueEnum<'ctx>,
    n: u32,
) -> LResult<VectorValue<'ctx>> {
    let be = |e| cx.builder_error(e);
    let vt = match scalar.get_type() {
        BasicTypeEnum::IntType(t) => t.vec_type(n),
        BasicTypeEnum::FloatType(t) => t.vec_type(n),
        BasicTypeEnum::PointerType(t) => t.vec_type(n),
        _ => return Err(cx.error(cx.current_op.expect("op"), "cannot splat this type")),
    };
    let zero = cx.llcx.i32_type().const_zero();
    let one = cx
        .builder
        .build_insert_element(vt.get_poison(), scalar, zero, "")
        .map_err(be)?;
    let mask = cx.llcx.i32_type().vec_type(n).const_zero();
    cx.builder
        .build_shuffle_vector(one, vt.get_poison(), mask, "splat")
        .map_err(be)
}

/// `<0, 1, ..., n-1>` as i64 lanes.
fn iota<'ctx>(cx: &LowerCtx<'_, 'ctx>, n: u32) -> VectorValue<'ctx> {
    let lanes: Vec<_> = (0..n)
        .map(|i| cx.i64().const_int(u64::from(i), false))
        .collect();
    VectorType::const_vector(&lanes)
}

/// Lanes `l` with `l < bound` (an i64; negative gives none).
fn lanes_below<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    bound: IntValue<'ctx>,
    n: u32,
) -> LResult<VectorValue<'ctx>> {
    let b = splat(cx, bound.into(), n)?;
    cx.builder
        .build_int_compare(IntPredicate::SLT, iota(cx, n), b, "mask")
        .map_err(|e| cx.builder_error(e))
}

fn and_masks<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    a: Option<VectorValue<'ctx>>,
    b: Option<VectorValue<'ctx>>,
) -> LResult<Option<VectorValue<'ctx>>> {
    Ok(match (a, b) {
        (Some(a), Some(b)) => Some(
            cx.builder
                .build_and(a, b, "")
                .map_err(|e| cx.builder_error(e))?,
        ),
        (a, b) => a.or(b),
    })
}

/// Calls an intrinsic that returns nothing.
fn intrinsic_void<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    name: &str,
    types: &[BasicTypeEnum<'ctx>],
    args: &[BasicValueEnum<'ctx>],
) -> LResult<()> {
    let i = inkwell::intrinsics::Intrinsic::find(name)
        .ok_or_else(|| cx.error(op, format!("LLVM has no intrinsic '{name}'")))?;
    let f = i
        .get_declaration(cx.module, types)
        .ok_or_else(|| cx.error(op, format!("cannot declare LLVM intrinsic '{name}'")))?;
    let args: Vec<_> = args.iter().map(|&a| a.into()).collect();
    cx.builder
        .build_direct_call(f, &args, "")
        .map_err(|e| cx.builder_error(e))?;
    Ok(())
}

/// How a 1-D transfer addresses memory.
struct Access<'ctx> {
    /// Address of the first lane's element (or of the broadcast element).
    base: PointerValue<'ctx>,
    /// Lane stride in elements: `Some(1)` contiguous, `None` dynamic (gather/scatter), and
    /// `Some(0)` for a broadcast (every lane reads `base`).
    stride: Option<i64>,
    /// Dynamic stride value when `stride` is `None` or a constant other than 0/1.
    stride_value: Option<IntValue<'ctx>>,
    /// Lanes in bounds and enabled, `None` when all are.
    mask: Option<VectorValue<'ctx>>,
}

/// The addressing of a transfer op on memref operand `source` at `indices`, with
/// `permutation_map`, `in_bounds` and optional `mask`.
fn access<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    source_index: usize,
    n_indices: usize,
    mask_index: Option<usize>,
    lanes: u32,
) -> LResult<Access<'ctx>> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let source = ir.operand(op, source_index);
    let mty = ir.value_type(source);
    let TypeData::MemRef { shape, .. } = ctx.type_data(mty) else {
        return Err(cx.error(
            op,
            "transfers on tensors cannot be lowered; bufferize first",
        ));
    };
    let rank = shape.len();
    if n_indices != rank {
        return Err(cx.error(op, "transfer with a wrong number of indices"));
    }
    let desc = cx.value(source)?.into_struct_value();
    let idx: Vec<IntValue<'ctx>> = (0..rank)
        .map(|i| cx.int_operand(op, source_index + 1 + i))
        .collect::<LResult<_>>()?;
    let base = cx.element_ptr_at(op, mty, desc, &idx)?;
    // Which memref dimension the vector runs along (None: broadcast).
    let dim = match ir.attr(op, "permutation_map").map(|a| ctx.attr_data(a)) {
        None => Some(
            rank.checked_sub(1)
                .ok_or_else(|| cx.error(op, "transfer on a 0-D memref"))?,
        ),
        Some(AttrData::AffineMap(m)) => {
            let results = ctx.map_results(*m);
            if results.len() != 1 {
                return Err(cx.error(
                    op,
                    "transfer with a permutation map of several results cannot be lowered yet",
                ));
            }
            match ctx.expr_data(results[0]) {
                AffineExprData::Dim(d) => Some(d as usize),
                AffineExprData::Constant(0) => None,
                _ => return Err(cx.error(op, "unsupported permutation map")),
            }
        }
        Some(_) => return Err(cx.error(op, "permutation_map is not an affine map")),
    };
    let in_bounds = match ir.attr(op, "in_bounds").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(v)) => v
            .first()
            .map(|&a| matches!(ctx.attr_data(a), AttrData::Integer { value: 1, .. }))
            .unwrap_or(false),
        _ => false,
    };
    let user_mask = match mask_index {
        Some(i) => Some(cx.operand(op, i)?.into_vector_value()),
        None => None,
    };
    let Some(d) = dim else {
        return Ok(Access {
            base,
            stride: Some(0),
            stride_value: None,
            mask: user_mask,
        });
    };
    // Also in bounds when the subscript's static upper bound leaves room for every lane.
    let provably_in_bounds = || {
        shape[d] != DYNAMIC
            && super::bounds::upper_bound(ir, ir.operand(op, source_index + 1 + d)).is_some_and(
                |m| {
                    m.checked_add(i64::from(lanes))
                        .is_some_and(|e| e <= shape[d])
                },
            )
    };
    let bounds_mask = if in_bounds || provably_in_bounds() {
        None
    } else {
        let size = if shape[d] != DYNAMIC {
            cx.const_i64(shape[d])
        } else {
            let sizes = cx
                .builder
                .build_extract_value(desc, 3, "sizes")
                .map_err(|e| cx.builder_error(e))?
                .into_array_value();
            cx.builder
                .build_extract_value(sizes, d as u32, "size")
                .map_err(|e| cx.builder_error(e))?
                .into_int_value()
        };
        let rem = cx
            .builder
            .build_int_sub(size, idx[d], "rem")
            .map_err(|e| cx.builder_error(e))?;
        Some(lanes_below(cx, rem, lanes)?)
    };
    let (strides, _) = cx.static_layout(op, mty)?;
    let (stride, stride_value) = match strides[d] {
        Some(1) => (Some(1), None),
        Some(s) => (Some(s), Some(cx.const_i64(s))),
        None => {
            let st = cx
                .builder
                .build_extract_value(desc, 4, "strides")
                .map_err(|e| cx.builder_error(e))?
                .into_array_value();
            let v = cx
                .builder
                .build_extract_value(st, d as u32, "stride")
                .map_err(|e| cx.builder_error(e))?
                .into_int_value();
            (None, Some(v))
        }
    };
    let stride = if stride == Some(0) { None } else { stride };
    Ok(Access {
        base,
        stride,
        stride_value,
        mask: and_masks(cx, bounds_mask, user_mask)?,
    })
}

/// Vector of lane addresses `base + l * stride` (elements of `elem`).
fn lane_ptrs<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    elem: BasicTypeEnum<'ctx>,
    a: &Access<'ctx>,
    lanes: u32,
) -> LResult<PointerValue<'ctx>> {
    let stride = a.stride_value.unwrap_or_else(|| cx.const_i64(1));
    let offs = cx
        .builder
        .build_int_mul(iota(cx, lanes), splat(cx, stride.into(), lanes)?, "")
        .map_err(|e| cx.builder_error(e))?;
    // SAFETY: inkwell types GEP indices as scalars, but LLVM accepts a vector index (giving a
    // vector of addresses); the handle is only passed back to LLVM. A GEP only computes
    // addresses.
    unsafe {
        let offs = IntValue::new(offs.as_value_ref());
        cx.builder.build_gep(elem, a.base, &[offs], "lanes")
    }
    .map_err(|e| cx.builder_error(e))
}

fn all_true<'ctx>(cx: &LowerCtx<'_, 'ctx>, lanes: u32) -> VectorValue<'ctx> {
    let t: Vec<_> = (0..lanes)
        .map(|_| cx.llcx.bool_type().const_int(1, false))
        .collect();
    VectorType::const_vector(&t)
}

fn read<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    vt: VectorType<'ctx>,
    a: &Access<'ctx>,
    pad: Option<BasicValueEnum<'ctx>>,
) -> LResult<BasicValueEnum<'ctx>> {
    let lanes = vt.get_size();
    let elem = vt.get_element_type();
    let be = |e| cx.builder_error(e);
    let passthru: BasicValueEnum = match pad {
        Some(p) => splat(cx, p, lanes)?.into(),
        None => vt.get_poison().into(),
    };
    match a.stride {
        Some(0) => {
            let s = cx.builder.build_load(elem, a.base, "").map_err(be)?;
            let v = splat(cx, s, lanes)?;
            match a.mask {
                Some(m) => Ok(cx
                    .builder
                    .build_select(m, v, passthru.into_vector_value(), "")
                    .map_err(be)?),
                None => Ok(v.into()),
            }
        }
        Some(1) => match a.mask {
            None => {
                let l = cx.builder.build_load(vt, a.base, "vload").map_err(be)?;
                if let Some(i) = l.as_instruction_value() {
                    let _ = i.set_alignment(
                        elem.size_of()
                            .and_then(|s| s.get_zero_extended_constant())
                            .unwrap_or(1) as u32,
                    );
                }
                Ok(l)
            }
            Some(m) => intrinsic(
                cx,
                "llvm.masked.load",
                &[vt.into(), cx.ptr().into()],
                &[a.base.into(), m.into(), passthru],
            ),
        },
        _ => {
            let ptrs = lane_ptrs(cx, elem, a, lanes)?;
            let m = a.mask.unwrap_or_else(|| all_true(cx, lanes));
            intrinsic(
                cx,
                "llvm.masked.gather",
                &[vt.into(), cx.ptr().vec_type(lanes).into()],
                &[ptrs.into(), m.into(), passthru],
            )
        }
    }
}

fn write<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    value: VectorValue<'ctx>,
    a: &Access<'ctx>,
) -> LResult<()> {
    let vt = value.get_type();
    let lanes = vt.get_size();
    let elem = vt.get_element_type();
    let be = |e| cx.builder_error(e);
    match a.stride {
        Some(0) => Err(cx.error(
            op,
            "transfer_write with a broadcast permutation map is invalid",
        )),
        Some(1) => match a.mask {
            None => {
                let s = cx.builder.build_store(a.base, value).map_err(be)?;
                let _ = s.set_alignment(
                    elem.size_of()
                        .and_then(|s| s.get_zero_extended_constant())
                        .unwrap_or(1) as u32,
                );
                Ok(())
            }
            Some(m) => intrinsic_void(
                cx,
                op,
                "llvm.masked.store",
                &[vt.into(), cx.ptr().into()],
                &[value.into(), a.base.into(), m.into()],
            ),
        },
        _ => {
            let ptrs = lane_ptrs(cx, elem, a, lanes)?;
            let m = a.mask.unwrap_or_else(|| all_true(cx, lanes));
            intrinsic_void(
                cx,
                op,
                "llvm.masked.scatter",
                &[vt.into(), cx.ptr().vec_type(lanes).into()],
                &[value.into(), ptrs.into(), m.into()],
            )
        }
    }
}

/// The combining kind of `vector.reduction` (`#vector.kind<add>` → `add`).
fn kind(cx: &LowerCtx<'_, '_>, op: Op) -> LResult<String> {
    match cx.ir.attr(op, "kind").map(|a| cx.ir.ctx().attr_data(a)) {
        Some(AttrData::Dialect(t)) => Ok(t
            .trim_start_matches("vector.kind<")
            .trim_end_matches('>')
            .to_string()),
        _ => Err(cx.error(op, "vector.reduction without a kind")),
    }
}

/// `a <kind> b` on scalars.
fn combine<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    kind: &str,
    a: BasicValueEnum<'ctx>,
    b: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let be = |e| cx.builder_error(e);
    let bd = &cx.builder;
    Ok(match (kind, a, b) {
        ("add", BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => {
            bd.build_int_add(x, y, "").map_err(be)?.into()
        }
        ("add", BasicValueEnum::FloatValue(x), BasicValueEnum::FloatValue(y)) => {
            bd.build_float_add(x, y, "").map_err(be)?.into()
        }
        ("mul", BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => {
            bd.build_int_mul(x, y, "").map_err(be)?.into()
        }
        ("mul", BasicValueEnum::FloatValue(x), BasicValueEnum::FloatValue(y)) => {
            bd.build_float_mul(x, y, "").map_err(be)?.into()
        }
        ("and", BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => {
            bd.build_and(x, y, "").map_err(be)?.into()
        }
        ("or", BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => {
            bd.build_or(x, y, "").map_err(be)?.into()
        }
        ("xor", BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => {
            bd.build_xor(x, y, "").map_err(be)?.into()
        }
        (
            "minsi" | "maxsi" | "minui" | "maxui",
            BasicValueEnum::IntValue(x),
            BasicValueEnum::IntValue(y),
        ) => {
            let p = match kind {
                "minsi" => IntPredicate::SLT,
                "maxsi" => IntPredicate::SGT,
                "minui" => IntPredicate::ULT,
                _ => IntPredicate::UGT,
            };
            let c = bd.build_int_compare(p, x, y, "").map_err(be)?;
            bd.build_select(c, x, y, "").map_err(be)?
        }
        ("minnumf" | "maxnumf" | "minimumf" | "maximumf", BasicValueEnum::FloatValue(_), _) => {
            let name = match kind {
                "minnumf" => "llvm.minnum",
                "maxnumf" => "llvm.maxnum",
                "minimumf" => "llvm.minimum",
                _ => "llvm.maximum",
            };
            intrinsic(cx, name, &[a.get_type()], &[a, b])?
        }
        _ => {
            return Err(cx.error(
                op,
                format!("reduction kind '{kind}' does not apply to this element type"),
            ))
        }
    })
}

fn reduction<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<BasicValueEnum<'ctx>> {
    let ir = cx.ir;
    let k = kind(cx, op)?;
    let v = cx.operand(op, 0)?;
    let (lanes, _) = need_1d(cx, op, ir.value_type(ir.operand(op, 0)))?;
    let acc = if ir.operands(op).len() > 1 {
        Some(cx.operand(op, 1)?)
    } else {
        None
    };
    let vt = v.get_type();
    let is_float = matches!(
        v.into_vector_value().get_type().get_element_type(),
        BasicTypeEnum::FloatType(_)
    );
    let fast = cx.options.fast_math || ir.attr(op, "fastmath").is_some_and(|a| {
        matches!(ir.ctx().attr_data(a), AttrData::Dialect(t) if t.contains("reassoc") || t.contains("fast"))
    });
    if is_float && (k == "add" || k == "mul") && !fast {
        // In lane order, from the accumulator (or the first lane), as MLIR's lowering does
        // without reassociation.
        let vv = v.into_vector_value();
        let mut r = match acc {
            Some(a) => a,
            None => cx
                .builder
                .build_extract_element(vv, cx.i64().const_zero(), "")
                .map_err(|e| cx.builder_error(e))?,
        };
        let first = if acc.is_some() { 0 } else { 1 };
        for l in first..lanes {
            let e = cx
                .builder
                .build_extract_element(vv, cx.i64().const_int(u64::from(l), false), "")
                .map_err(|e| cx.builder_error(e))?;
            r = combine(cx, op, &k, r, e)?;
        }
        return Ok(r);
    }
    let name = match (k.as_str(), is_float) {
        ("add", false) => "llvm.vector.reduce.add",
        ("mul", false) => "llvm.vector.reduce.mul",
        ("and", _) => "llvm.vector.reduce.and",
        ("or", _) => "llvm.vector.reduce.or",
        ("xor", _) => "llvm.vector.reduce.xor",
        ("minsi", _) => "llvm.vector.reduce.smin",
        ("maxsi", _) => "llvm.vector.reduce.smax",
        ("minui", _) => "llvm.vector.reduce.umin",
        ("maxui", _) => "llvm.vector.reduce.umax",
        ("minnumf", _) => "llvm.vector.reduce.fmin",
        ("maxnumf", _) => "llvm.vector.reduce.fmax",
        ("minimumf", _) => "llvm.vector.reduce.fminimum",
        ("maximumf", _) => "llvm.vector.reduce.fmaximum",
        ("add", true) | ("mul", true) => {
            // Reassociation allowed: a tree reduction from the neutral start value.
            let elem = v
                .into_vector_value()
                .get_type()
                .get_element_type()
                .into_float_type();
            let start = if k == "add" {
                elem.const_float(-0.0)
            } else {
                elem.const_float(1.0)
            };
            let name = if k == "add" {
                "llvm.vector.reduce.fadd"
            } else {
                "llvm.vector.reduce.fmul"
            };
            let call = intrinsic(cx, name, &[vt], &[start.into(), v])?;
            if let Some(i) = call.as_instruction_value() {
                let _ = i.set_fast_math_flags(inkwell::values::FastMathFlags::AllowReassoc);
            }
            return match acc {
                Some(a) => combine(cx, op, &k, a, call),
                None => Ok(call),
            };
        }
        _ => return Err(cx.error(op, format!("unknown reduction kind '{k}'"))),
    };
    let r = intrinsic(cx, name, &[vt], &[v])?;
    match acc {
        Some(a) => combine(cx, op, &k, a, r),
        None => Ok(r),
    }
}

/// Static positions of `vector.extract`/`vector.insert` with dynamic ones (DYNAMIC) taken
/// from the trailing operands starting at `first_dynamic`.
fn position<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    first_dynamic: usize,
) -> LResult<Option<IntValue<'ctx>>> {
    let ir = cx.ir;
    let statics = match ir
        .attr(op, "static_position")
        .map(|a| ir.ctx().attr_data(a))
    {
        Some(AttrData::DenseArray { values, .. }) => {
            values.iter().map(|&v| v as i64).collect::<Vec<_>>()
        }
        _ => Vec::new(),
    };
    match statics.as_slice() {
        [] => Ok(None),
        [p] if *p == DYNAMIC => Ok(Some(cx.int_operand(op, first_dynamic)?)),
        [p] => Ok(Some(cx.const_i64(*p))),
        _ => Err(cx.error(op, "positions into n-D vectors cannot be lowered yet")),
    }
}

fn print_scalar<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    v: BasicValueEnum<'ctx>,
    elem: Type,
) -> LResult<()> {
    let ctx = cx.ir.ctx();
    let be = |e| cx.builder_error(e);
    let (name, arg): (&str, BasicValueEnum<'ctx>) = match (ctx.type_data(elem), v) {
        (TypeData::Float(_), BasicValueEnum::FloatValue(f)) => {
            let w = f
                .get_type()
                .size_of()
                .get_zero_extended_constant()
                .unwrap_or(0);
            if w == 8 {
                ("printF64", v)
            } else if w == 4 {
                ("printF32", v)
            } else {
                (
                    "printF32",
                    cx.builder
                        .build_float_ext(f, cx.llcx.f32_type(), "")
                        .map_err(be)?
                        .into(),
                )
            }
        }
        (TypeData::Index, BasicValueEnum::IntValue(_)) => ("printI64", v),
        (
            TypeData::Integer {
                width, signedness, ..
            },
            BasicValueEnum::IntValue(i),
        ) => {
            let unsigned = *width == 1 || format!("{signedness:?}").contains("Unsigned");
            let x = if *width == 64 {
                i
            } else if unsigned {
                cx.builder.build_int_z_extend(i, cx.i64(), "").map_err(be)?
            } else {
                cx.builder.build_int_s_extend(i, cx.i64(), "").map_err(be)?
            };
            (if unsigned { "printU64" } else { "printI64" }, x.into())
        }
        _ => {
            return Err(cx.error(
                op,
                "vector.print of this element type cannot be lowered yet",
            ))
        }
    };
    call_runtime(cx, name, Some(arg))
}

fn call_runtime<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    name: &str,
    arg: Option<BasicValueEnum<'ctx>>,
) -> LResult<()> {
    let f = cx.module.get_function(name).unwrap_or_else(|| {
        let params: Vec<_> = arg.iter().map(|a| a.get_type().into()).collect();
        cx.module
            .add_function(name, cx.llcx.void_type().fn_type(&params, false), None)
    });
    let args: Vec<_> = arg.iter().map(|&a| a.into()).collect();
    cx.builder
        .build_direct_call(f, &args, "")
        .map_err(|e| cx.builder_error(e))?;
    Ok(())
}

fn punctuation(cx: &LowerCtx<'_, '_>, op: Op) -> String {
    match cx
        .ir
        .attr(op, "punctuation")
        .map(|a| cx.ir.ctx().attr_data(a))
    {
        Some(AttrData::Dialect(t)) => t
            .trim_start_matches("vector.punctuation<")
            .trim_end_matches('>')
            .to_string(),
        _ => "newline".to_string(),
    }
}

fn memref_rank(cx: &LowerCtx<'_, '_>, op: Op, i: usize) -> LResult<usize> {
    match cx
        .ir
        .ctx()
        .type_data(cx.ir.value_type(cx.ir.operand(op, i)))
    {
        TypeData::MemRef { shape, .. } => Ok(shape.len()),
        _ => Err(cx.error(op, format!("operand #{i} is not a ranked memref"))),
    }
}

/// Lowers one `vector` op.
pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let result_ty = ir.results(op).first().map(|&r| ir.value_type(r));
    match ir.op_name(op) {
        "vector.broadcast" => {
            let rt = result_ty.expect("one result");
            let (n, _) = need_1d(cx, op, rt)?;
            let src = cx.operand(op, 0)?;
            let v: BasicValueEnum = if vector_1d(cx, ir.value_type(ir.operand(op, 0))).is_some() {
                let (m, _) = need_1d(cx, op, ir.value_type(ir.operand(op, 0)))?;
                if m == n {
                    src
                } else {
                    let e = cx
                        .builder
                        .build_extract_element(src.into_vector_value(), cx.i64().const_zero(), "")
                        .map_err(|e| be(cx, e))?;
                    splat(cx, e, n)?.into()
                }
            } else {
                splat(cx, src, n)?.into()
            };
            cx.define_result(op, v);
            Ok(())
        }
        "vector.create_mask" => {
            let (n, _) = need_1d(cx, op, result_ty.expect("one result"))?;
            let bound = cx.int_operand(op, 0)?;
            let m = lanes_below(cx, bound, n)?;
            cx.define_result(op, m);
            Ok(())
        }
        "vector.constant_mask" => {
            let (n, _) = need_1d(cx, op, result_ty.expect("one result"))?;
            let k = match ir.attr(op, "mask_dim_sizes").map(|a| ir.ctx().attr_data(a)) {
                Some(AttrData::DenseArray { values, .. }) if values.len() == 1 => values[0] as i64,
                _ => return Err(cx.error(op, "vector.constant_mask without one mask size")),
            };
            let t: Vec<_> = (0..n)
                .map(|l| {
                    cx.llcx
                        .bool_type()
                        .const_int(u64::from(i64::from(l) < k), false)
                })
                .collect();
            cx.define_result(op, VectorType::const_vector(&t));
            Ok(())
        }
        "vector.step" => {
            let rt = result_ty.expect("one result");
            let (n, _) = need_1d(cx, op, rt)?;
            let v = iota(cx, n);
            cx.define_result(op, v);
            Ok(())
        }
        "vector.load" | "vector.maskedload" => {
            // vector.load %base[%i...]; vector.maskedload %base[%i...], %mask, %pass_thru
            let rt = result_ty.expect("one result");
            let (n, _) = need_1d(cx, op, rt)?;
            let vt = vty(cx, op, rt)?;
            let rank = memref_rank(cx, op, 0)?;
            let mut a = access(cx, op, 0, rank, None, n)?;
            a.stride = Some(1); // consecutive elements, no bounds masking
            a.mask = None;
            let v = if ir.op_name(op) == "vector.maskedload" {
                let m = cx.operand(op, 1 + rank)?;
                let pass = cx.operand(op, 2 + rank)?;
                intrinsic(
                    cx,
                    "llvm.masked.load",
                    &[vt.into(), cx.ptr().into()],
                    &[a.base.into(), m, pass],
                )?
            } else {
                read(cx, vt, &a, None)?
            };
            cx.define_result(op, v);
            Ok(())
        }
        "vector.store" | "vector.maskedstore" => {
            // vector.store %v, %base[%i...]; vector.maskedstore %base[%i...], %mask, %v
            let masked = ir.op_name(op) == "vector.maskedstore";
            let base_index = if masked { 0 } else { 1 };
            let rank = memref_rank(cx, op, base_index)?;
            let value_index = if masked { 2 + rank } else { 0 };
            let (n, _) = need_1d(cx, op, ir.value_type(ir.operand(op, value_index)))?;
            let value = cx.operand(op, value_index)?.into_vector_value();
            let mut a = access(cx, op, base_index, rank, None, n)?;
            a.stride = Some(1);
            a.mask = if masked {
                Some(cx.operand(op, 1 + rank)?.into_vector_value())
            } else {
                None
            };
            write(cx, op, value, &a)
        }
        "vector.transfer_read" => {
            let rt = result_ty.expect("one result");
            let (n, _) = need_1d(cx, op, rt)?;
            let vt = vty(cx, op, rt)?;
            let seg = dense_i32_segments(cx, op)
                .ok_or_else(|| cx.error(op, "transfer_read without operandSegmentSizes"))?;
            let k = seg.get(1).copied().unwrap_or(0);
            let mask_index = (seg.get(3).copied().unwrap_or(0) == 1).then_some(2 + k);
            let a = access(cx, op, 0, k, mask_index, n)?;
            let pad = cx.operand(op, 1 + k)?;
            let v = read(cx, vt, &a, Some(pad))?;
            cx.define_result(op, v);
            Ok(())
        }
        "vector.transfer_write" => {
            if !ir.results(op).is_empty() {
                return Err(cx.error(
                    op,
                    "transfer_write on tensors cannot be lowered; bufferize first",
                ));
            }
            let value = cx.operand(op, 0)?.into_vector_value();
            let (n, _) = need_1d(cx, op, ir.value_type(ir.operand(op, 0)))?;
            let seg = dense_i32_segments(cx, op)
                .ok_or_else(|| cx.error(op, "transfer_write without operandSegmentSizes"))?;
            let k = seg.get(2).copied().unwrap_or(0);
            let mask_index = (seg.get(3).copied().unwrap_or(0) == 1).then_some(2 + k);
            let a = access(cx, op, 1, k, mask_index, n)?;
            write(cx, op, value, &a)
        }
        "vector.fma" => {
            let rt = result_ty.expect("one result");
            need_1d(cx, op, rt)?;
            let (a, b, c) = (cx.operand(op, 0)?, cx.operand(op, 1)?, cx.operand(op, 2)?);
            let r = intrinsic(cx, "llvm.fma", &[a.get_type()], &[a, b, c])?;
            cx.define_result(op, r);
            Ok(())
        }
        "vector.reduction" => {
            let r = reduction(cx, op)?;
            cx.define_result(op, r);
            Ok(())
        }
        "vector.extract" => {
            let src_ty = ir.value_type(ir.operand(op, 0));
            need_1d(cx, op, src_ty)?;
            let v = cx.operand(op, 0)?.into_vector_value();
            let r: BasicValueEnum = match position(cx, op, 1)? {
                Some(p) => cx
                    .builder
                    .build_extract_element(v, p, "")
                    .map_err(|e| be(cx, e))?,
                None => v.into(),
            };
            cx.define_result(op, r);
            Ok(())
        }
        "vector.insert" => {
            let dst_ty = ir.value_type(ir.operand(op, 1));
            need_1d(cx, op, dst_ty)?;
            let s = cx.operand(op, 0)?;
            let v = cx.operand(op, 1)?.into_vector_value();
            let r: BasicValueEnum = match position(cx, op, 2)? {
                Some(p) => cx
                    .builder
                    .build_insert_element(v, s, p, "")
                    .map_err(|e| be(cx, e))?
                    .into(),
                None => s,
            };
            cx.define_result(op, r);
            Ok(())
        }
        "vector.from_elements" => {
            let rt = result_ty.expect("one result");
            need_1d(cx, op, rt)?;
            let vt = vty(cx, op, rt)?;
            let mut v = vt.get_poison();
            for (i, &e) in ir.operands(op).iter().enumerate() {
                let x = cx.value(e)?;
                v = cx
                    .builder
                    .build_insert_element(v, x, cx.i64().const_int(i as u64, false), "")
                    .map_err(|e| be(cx, e))?;
            }
            cx.define_result(op, v);
            Ok(())
        }
        "vector.shuffle" => {
            let rt = result_ty.expect("one result");
            need_1d(cx, op, rt)?;
            need_1d(cx, op, ir.value_type(ir.operand(op, 0)))?;
            let mask = match ir.attr(op, "mask").map(|a| ir.ctx().attr_data(a)) {
                Some(AttrData::DenseArray { values, .. }) => values.clone(),
                _ => return Err(cx.error(op, "vector.shuffle without a mask")),
            };
            let lanes: Vec<_> = mask
                .iter()
                .map(|&m| cx.llcx.i32_type().const_int(m as u64, false))
                .collect();
            let (a, b) = (
                cx.operand(op, 0)?.into_vector_value(),
                cx.operand(op, 1)?.into_vector_value(),
            );
            let r = cx
                .builder
                .build_shuffle_vector(a, b, VectorType::const_vector(&lanes), "")
                .map_err(|e| be(cx, e))?;
            cx.define_result(op, r);
            Ok(())
        }
        "vector.bitcast" | "vector.shape_cast" => {
            let rt = result_ty.expect("one result");
            need_1d(cx, op, rt)?;
            need_1d(cx, op, ir.value_type(ir.operand(op, 0)))?;
            let vt = vty(cx, op, rt)?;
            let v = cx.operand(op, 0)?;
            let r = cx
                .builder
                .build_bit_cast(v, vt, "")
                .map_err(|e| be(cx, e))?;
            cx.define_result(op, r);
            Ok(())
        }
        "vector.print" => {
            let punct = punctuation(cx, op);
            if ir.operands(op).is_empty() {
                let name = match punct.as_str() {
                    "comma" => "printComma",
                    "open" => "printOpen",
                    "close" => "printClose",
                    "no_punctuation" => return Ok(()),
                    _ => "printNewline",
                };
                return call_runtime(cx, name, None);
            }
            let ty = ir.value_type(ir.operand(op, 0));
            let v = cx.operand(op, 0)?;
            match vector_1d(cx, ty) {
                Some((n, elem)) => {
                    call_runtime(cx, "printOpen", None)?;
                    for l in 0..n {
                        let e = cx
                            .builder
                            .build_extract_element(
                                v.into_vector_value(),
                                cx.i64().const_int(u64::from(l), false),
                                "",
                            )
                            .map_err(|e| be(cx, e))?;
                        print_scalar(cx, op, e, elem)?;
                        if l + 1 < n {
                            call_runtime(cx, "printComma", None)?;
                        }
                    }
                    call_runtime(cx, "printClose", None)?;
                }
                None if !matches!(ir.ctx().type_data(ty), TypeData::Vector { .. }) => {
                    print_scalar(cx, op, v, ty)?
                }
                None => {
                    return Err(cx.error(op, "vector.print of n-D vectors cannot be lowered yet"))
                }
            }
            if punct == "newline" {
                call_runtime(cx, "printNewline", None)?;
            }
            Ok(())
        }
        _ => Err(cx.unsupported(op)),
    }
}
