//! `vector` dialect → LLVM vector instructions and intrinsics. Vectors of any rank are
//! lowered as upstream's vector-to-llvm holds them: 1-D vectors are LLVM vectors, n-D
//! vectors nested arrays of 1-D "leaf" vectors ([`nd`]). One job per file: [`nd`] (the
//! representation, data movement, elementwise `arith`/`math` on n-D), [`shape`]
//! (broadcast, transpose, shape_cast, extract/insert, strided slices, masks, fma, print),
//! [`contract`] (contract, outerproduct, multi_reduction, `vector.mask`), [`transfer`]
//! (n-D transfer_read/transfer_write), [`gather`] (gather, scatter, expandload,
//! compressstore); this file keeps the 1-D memory accesses (`load`, `store`, masked
//! forms, gathers/scatters for strided transfers), `reduction`, `step` and scalar `print`.
//!
//! Invariants: a lane that is masked off, or out of bounds for a transfer whose `in_bounds`
//! entry is false, is never read or written (masked intrinsics, not clamped addresses);
//! contiguous transfers (static unit stride along the vector's dimension) become plain or
//! masked vector loads/stores, others gathers/scatters. 0-D vectors are one-lane vectors
//! (shape `[1]` to the helpers). Scalable vectors, `vector.scan`, `vector.type_cast` and
//! `vector.mask` with a pass-through value are reported as unsupported, never mis-lowered.

mod contract;
mod gather;
pub(crate) mod nd;
mod shape;
mod transfer;

pub(crate) use nd::{elementwise, has_nd};

use inkwell::types::{BasicTypeEnum, VectorType};
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, IntValue, PointerValue, VectorValue,
};
use inkwell::IntPredicate;
use lattice_dialects::vector::{MaskedLoad, MaskedStore, VectorKind as K};
use lattice_ir::{AttrData, Op, Type, TypeData};

use super::arith::intrinsic;
use super::ctx::{LResult, LowerCtx};

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

/// Alignment in bytes of one element of type `elem` (what upstream's vector-to-llvm puts on
/// every vector memory access of a memref: the element type's ABI alignment).
fn elem_align(elem: BasicTypeEnum<'_>) -> u32 {
    let bits = match elem {
        BasicTypeEnum::FloatType(f) => match f.print_to_string().to_str().unwrap_or("") {
            "half" | "bfloat" => 16,
            "float" => 32,
            "double" => 64,
            _ => 128,
        },
        BasicTypeEnum::IntType(i) => i.get_bit_width(),
        BasicTypeEnum::PointerType(_) => 64,
        _ => 8,
    };
    bits.div_ceil(8).next_power_of_two().min(16)
}

/// Calls a masked memory intrinsic (`llvm.masked.load`, `store`, `gather`, `scatter`,
/// `expandload`, `compressstore`) with `align` on its pointer (or pointer-vector) argument
/// `ptr_arg`: LLVM 22 takes the alignment from that attribute and assumes 1 without it.
fn masked_mem<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    name: &str,
    types: &[BasicTypeEnum<'ctx>],
    args: &[BasicValueEnum<'ctx>],
    ptr_arg: u32,
    elem: BasicTypeEnum<'ctx>,
) -> LResult<inkwell::values::CallSiteValue<'ctx>> {
    let call = super::arith::intrinsic_call(cx, name, types, args)?;
    let align = cx.llcx.create_enum_attribute(
        inkwell::attributes::Attribute::get_named_enum_kind_id("align"),
        u64::from(elem_align(elem)),
    );
    call.add_attribute(inkwell::attributes::AttributeLoc::Param(ptr_arg), align);
    Ok(call)
}

/// The value a masked memory intrinsic returns.
fn masked_mem_value<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    name: &str,
    types: &[BasicTypeEnum<'ctx>],
    args: &[BasicValueEnum<'ctx>],
    ptr_arg: u32,
    elem: BasicTypeEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let op = cx.current_op.expect("set");
    masked_mem(cx, name, types, args, ptr_arg, elem)?
        .try_as_basic_value()
        .basic()
        .ok_or_else(|| cx.error(op, format!("intrinsic '{name}' returns nothing")))
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

/// Contiguous access at memref operand `source_index` and the `rank` index operands after
/// it (`vector.load`/`store` and their masked forms: no bounds masking).
fn contiguous<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    source_index: usize,
    rank: usize,
    mask: Option<VectorValue<'ctx>>,
) -> LResult<Access<'ctx>> {
    let source = cx.ir.operand(op, source_index);
    let desc = cx.value(source)?.into_struct_value();
    let idx: Vec<IntValue<'ctx>> = (0..rank)
        .map(|i| cx.int_operand(op, source_index + 1 + i))
        .collect::<LResult<_>>()?;
    let base = cx.element_ptr_at(op, cx.ir.value_type(source), desc, &idx)?;
    Ok(Access {
        base,
        stride: Some(1),
        stride_value: None,
        mask,
    })
}

/// The addressing of a 1-D transfer of `lanes` lanes on memref `desc` (of type `mty`) at
/// indices `idx`, running along memref dimension `dim` (`None`: broadcast), with lanes past
/// the dimension's size masked off unless `in_bounds`, and `user_mask` applied.
#[allow(clippy::too_many_arguments)]
fn access_at<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    mty: Type,
    desc: inkwell::values::StructValue<'ctx>,
    idx: &[IntValue<'ctx>],
    dim: Option<usize>,
    in_bounds: bool,
    user_mask: Option<VectorValue<'ctx>>,
    lanes: u32,
) -> LResult<Access<'ctx>> {
    let ctx = cx.ir.ctx();
    let TypeData::MemRef { shape, .. } = ctx.type_data(mty) else {
        return Err(cx.error(
            op,
            "transfers on tensors cannot be lowered; bufferize first",
        ));
    };
    let base = cx.element_ptr_at(op, mty, desc, idx)?;
    let Some(d) = dim else {
        return Ok(Access {
            base,
            stride: Some(0),
            stride_value: None,
            mask: user_mask,
        });
    };
    let bounds_mask = if in_bounds {
        None
    } else {
        let size = transfer::dim_size(cx, shape, desc, d)?;
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
        Some(0) => match a.mask {
            None => {
                let s = cx.builder.build_load(elem, a.base, "").map_err(be)?;
                Ok(splat(cx, s, lanes)?.into())
            }
            // Masked: one masked scalar load, enabled when any lane is (a guarded n-D row
            // may point past the memref), splat and merged with the pass-through.
            Some(m) => {
                let any = intrinsic(
                    cx,
                    "llvm.vector.reduce.or",
                    &[m.get_type().into()],
                    &[m.into()],
                )?
                .into_int_value();
                let one = nd::nd_type(elem, &[1]);
                let first = |v: BasicValueEnum<'ctx>| -> LResult<BasicValueEnum<'ctx>> {
                    cx.builder
                        .build_extract_element(v.into_vector_value(), cx.i64().const_zero(), "")
                        .map_err(be)
                };
                let pass1 = splat(cx, first(passthru)?, 1)?;
                let mask1 = splat(cx, any.into(), 1)?;
                let l = masked_mem_value(
                    cx,
                    "llvm.masked.load",
                    &[one, cx.ptr().into()],
                    &[a.base.into(), mask1.into(), pass1.into()],
                    0,
                    elem,
                )?;
                let v = splat(cx, first(l)?, lanes)?;
                Ok(cx
                    .builder
                    .build_select(m, v, passthru.into_vector_value(), "")
                    .map_err(be)?)
            }
        },
        Some(1) => match a.mask {
            None => {
                let l = cx.builder.build_load(vt, a.base, "vload").map_err(be)?;
                if let Some(i) = l.as_instruction_value() {
                    let _ = i.set_alignment(elem_align(elem));
                }
                Ok(l)
            }
            Some(m) => masked_mem_value(
                cx,
                "llvm.masked.load",
                &[vt.into(), cx.ptr().into()],
                &[a.base.into(), m.into(), passthru],
                0,
                elem,
            ),
        },
        _ => {
            let ptrs = lane_ptrs(cx, elem, a, lanes)?;
            let m = a.mask.unwrap_or_else(|| all_true(cx, lanes));
            masked_mem_value(
                cx,
                "llvm.masked.gather",
                &[vt.into(), cx.ptr().vec_type(lanes).into()],
                &[ptrs.into(), m.into(), passthru],
                0,
                elem,
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
                let _ = s.set_alignment(elem_align(elem));
                Ok(())
            }
            Some(m) => masked_mem(
                cx,
                "llvm.masked.store",
                &[vt.into(), cx.ptr().into()],
                &[value.into(), a.base.into(), m.into()],
                1,
                elem,
            )
            .map(|_| ()),
        },
        _ => {
            let ptrs = lane_ptrs(cx, elem, a, lanes)?;
            let m = a.mask.unwrap_or_else(|| all_true(cx, lanes));
            masked_mem(
                cx,
                "llvm.masked.scatter",
                &[vt.into(), cx.ptr().vec_type(lanes).into()],
                &[value.into(), ptrs.into(), m.into()],
                1,
                elem,
            )
            .map(|_| ())
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

/// `a <kind> b` on scalars or 1-D vectors (lane by lane).
fn combine<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    kind: &str,
    a: BasicValueEnum<'ctx>,
    b: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    use inkwell::values::InstructionOpcode as Opc;
    let is_float = matches!(nd::scalar_type(a.get_type()), BasicTypeEnum::FloatType(_));
    let opc = match (kind, is_float) {
        ("add", false) => Some(Opc::Add),
        ("add", true) => Some(Opc::FAdd),
        ("mul", false) => Some(Opc::Mul),
        ("mul", true) => Some(Opc::FMul),
        ("and", false) => Some(Opc::And),
        ("or", false) => Some(Opc::Or),
        ("xor", false) => Some(Opc::Xor),
        _ => None,
    };
    if let Some(opc) = opc {
        return super::arith::binop(cx, opc, a, b);
    }
    let name = match (kind, is_float) {
        ("minsi", false) => "llvm.smin",
        ("maxsi", false) => "llvm.smax",
        ("minui", false) => "llvm.umin",
        ("maxui", false) => "llvm.umax",
        ("minnumf", true) => "llvm.minnum",
        ("maxnumf", true) => "llvm.maxnum",
        ("minimumf", true) => "llvm.minimum",
        ("maximumf", true) => "llvm.maximum",
        _ => {
            return Err(cx.error(
                op,
                format!("combining kind '{kind}' does not apply to this element type"),
            ))
        }
    };
    intrinsic(cx, name, &[a.get_type()], &[a, b])
}

/// `vector.reduction` of `v` (operand 0, or its masked form).
fn reduction<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    v: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let ir = cx.ir;
    let k = kind(cx, op)?;
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

/// `vector.reduction` under `vector.mask`: masked-off lanes are replaced by the kind's
/// neutral element (exact for every kind: `-0.0` for float add, NaN for `minnumf`/`maxnumf`,
/// the opposite infinity for `minimumf`/`maximumf`, the extreme integer for min/max).
fn masked_reduction<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    mask: &nd::View<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let k = kind(cx, op)?;
    let v = cx.operand(op, 0)?.into_vector_value();
    let vt = v.get_type();
    let lanes = vt.get_size();
    let neutral: BasicValueEnum = match vt.get_element_type() {
        BasicTypeEnum::FloatType(f) => f
            .const_float(match k.as_str() {
                "add" => -0.0,
                "mul" => 1.0,
                "minnumf" | "maxnumf" => f64::NAN,
                "minimumf" => f64::INFINITY,
                "maximumf" => f64::NEG_INFINITY,
                _ => return Err(cx.error(op, format!("unknown reduction kind '{k}'"))),
            })
            .into(),
        BasicTypeEnum::IntType(i) => {
            let w = i.get_bit_width();
            let ones = i.const_all_ones();
            match k.as_str() {
                "add" | "or" | "xor" | "maxui" => i.const_zero(),
                "mul" => i.const_int(1, false),
                "and" | "minui" => ones,
                "minsi" => i.const_int_arbitrary_precision(&max_bits(w, true)),
                "maxsi" => i.const_int_arbitrary_precision(&max_bits(w, false)),
                _ => return Err(cx.error(op, format!("unknown reduction kind '{k}'"))),
            }
            .into()
        }
        _ => return Err(cx.error(op, "masked reduction of this element type")),
    };
    let m = mask.value.into_vector_value();
    let n = splat(cx, neutral, lanes)?;
    let sel = cx
        .builder
        .build_select(m, v, n, "")
        .map_err(|e| cx.builder_error(e))?;
    reduction(cx, op, sel)
}

/// Words of the largest (`max`) or smallest signed `w`-bit integer.
fn max_bits(w: u32, max: bool) -> Vec<u64> {
    let words = w.div_ceil(64) as usize;
    let mut v = vec![0u64; words];
    let top = w - 1;
    if max {
        for b in 0..top {
            v[(b / 64) as usize] |= 1 << (b % 64);
        }
    } else {
        v[(top / 64) as usize] |= 1 << (top % 64);
    }
    v
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
    let result_ty = ir.results(op).first().map(|&r| ir.value_type(r));
    if shape::lower(cx, op)? || gather::lower(cx, op)? {
        return Ok(());
    }
    match K::of(ir, op) {
        Some(K::TransferRead | K::TransferWrite) => transfer::lower(cx, op, None, None),
        Some(K::Contract) => {
            let v = contract::contract(cx, op, None)?;
            cx.define_result(op, v);
            Ok(())
        }
        Some(K::OuterProduct) => {
            let v = contract::outerproduct(cx, op, None)?;
            cx.define_result(op, v);
            Ok(())
        }
        Some(K::MultiReduction) => {
            let v = contract::multi_reduction(cx, op, None)?;
            cx.define_result(op, v);
            Ok(())
        }
        Some(K::Mask) => contract::mask(cx, op),
        Some(K::Step) => {
            let rt = result_ty.expect("one result");
            let (n, _) = need_1d(cx, op, rt)?;
            let v = iota(cx, n);
            cx.define_result(op, v);
            Ok(())
        }
        Some(K::Load | K::MaskedLoad) => {
            // vector.load %base[%i...]; vector.maskedload %base[%i...], %mask, %pass_thru
            let rt = result_ty.expect("one result");
            need_1d(cx, op, rt)?;
            let vt = vty(cx, op, rt)?;
            let rank = memref_rank(cx, op, 0)?;
            let a = contiguous(cx, op, 0, rank, None)?;
            let v = if ir.isa::<MaskedLoad>(op) {
                let m = cx.operand(op, 1 + rank)?;
                let pass = cx.operand(op, 2 + rank)?;
                masked_mem_value(
                    cx,
                    "llvm.masked.load",
                    &[vt.into(), cx.ptr().into()],
                    &[a.base.into(), m, pass],
                    0,
                    vt.get_element_type(),
                )?
            } else {
                read(cx, vt, &a, None)?
            };
            cx.define_result(op, v);
            Ok(())
        }
        Some(K::Store | K::MaskedStore) => {
            // vector.store %v, %base[%i...]; vector.maskedstore %base[%i...], %mask, %v
            let masked = ir.isa::<MaskedStore>(op);
            let base_index = if masked { 0 } else { 1 };
            let rank = memref_rank(cx, op, base_index)?;
            let value_index = if masked { 2 + rank } else { 0 };
            need_1d(cx, op, ir.value_type(ir.operand(op, value_index)))?;
            let value = cx.operand(op, value_index)?.into_vector_value();
            let mask = if masked {
                Some(cx.operand(op, 1 + rank)?.into_vector_value())
            } else {
                None
            };
            let a = contiguous(cx, op, base_index, rank, mask)?;
            write(cx, op, value, &a)
        }
        Some(K::Reduction) => {
            let v = cx.operand(op, 0)?;
            let r = reduction(cx, op, v)?;
            cx.define_result(op, r);
            Ok(())
        }
        Some(K::Print) => {
            // Vector operands are printed by `shape.rs`; here: punctuation and scalars.
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
            print_scalar(cx, op, v, ty)?;
            if punct == "newline" {
                call_runtime(cx, "printNewline", None)?;
            }
            Ok(())
        }
        _ => Err(cx.unsupported(op)),
    }
}
