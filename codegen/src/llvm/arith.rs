//! `arith` dialect → LLVM instructions, scalars and (1-D) vectors alike.
//!
//! Invariants: integer ops keep their `overflowFlags` as `nsw`/`nuw`, float ops their
//! `fastmath` flags (all of them under `--fast-math`); `index` is i64, so
//! `index_cast`/`index_castui` are sign/zero extensions or truncations; the division
//! forms LLVM lacks (`ceildivsi`, `ceildivui`, `floordivsi`) expand to truncating
//! division plus a remainder correction, exact for every operand pair where MLIR's
//! op is defined.

use super::ctx::{LResult, LowerCtx};
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode as Opc};
use inkwell::{FloatPredicate, IntPredicate};
use lattice_dialects::arith::{ArithKind as K, CmpF, CmpI, Constant};
use lattice_ir::{AttrData, Op};

/// LLVM fast-math flag bits in `#arith.fastmath` order (reassoc, nnan, ninf, nsz, arcp,
/// contract, afn), as `inkwell::values::FastMathFlags` bits.
fn fastmath_bits(text: &str) -> u32 {
    use inkwell::values::FastMathFlags as F;
    let mut flags = F::empty();
    for name in text.split(',').map(str::trim) {
        flags |= match name {
            "fast" => F::all(),
            "reassoc" => F::AllowReassoc,
            "nnan" => F::NoNaNs,
            "ninf" => F::NoInfs,
            "nsz" => F::NoSignedZeros,
            "arcp" => F::AllowReciprocal,
            "contract" => F::AllowContract,
            "afn" => F::ApproxFunc,
            _ => F::empty(),
        };
    }
    flags.bits()
}

/// Applies `op`'s fast-math flags (or all of them under `--fast-math`) to `v`'s instruction.
pub fn apply_fastmath(cx: &LowerCtx<'_, '_>, op: Op, v: BasicValueEnum<'_>) {
    use inkwell::values::FastMathFlags as F;
    let Some(inst) = v.as_instruction_value() else {
        return;
    };
    if !inst.can_use_fast_math_flags() {
        return;
    }
    let mut bits = 0;
    if let Some(a) = cx.ir.attr(op, "fastmath") {
        if let AttrData::Dialect(text) = cx.ir.ctx().attr_data(a) {
            if let Some(inner) = text
                .strip_prefix("arith.fastmath<")
                .and_then(|t| t.strip_suffix('>'))
            {
                bits = fastmath_bits(inner);
            }
        }
    }
    if cx.options.fast_math {
        bits = F::all().bits();
    }
    if bits != 0 {
        let _ = inst.set_fast_math_flags(F::from_bits_truncate(bits));
    }
}

/// Applies `op`'s `overflowFlags` (`nsw`, `nuw`) to `v`'s instruction.
fn apply_overflow(cx: &LowerCtx<'_, '_>, op: Op, v: BasicValueEnum<'_>) {
    let Some(a) = cx.ir.attr(op, "overflowFlags") else {
        return;
    };
    let AttrData::Dialect(text) = cx.ir.ctx().attr_data(a) else {
        return;
    };
    let Some(inst) = v.as_instruction_value() else {
        return;
    };
    if text.contains("nsw") {
        let _ = inst.set_no_signed_wrap_flag(true);
    }
    if text.contains("nuw") {
        let _ = inst.set_no_unsigned_wrap_flag(true);
    }
}

/// `lhs <opc> rhs` on scalars or vectors.
pub fn binop<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    opc: Opc,
    lhs: BasicValueEnum<'ctx>,
    rhs: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    cx.builder
        .build_binop(opc, lhs, rhs, "")
        .map_err(|e| cx.builder_error(e))
}

/// Integer comparison on scalars or vectors.
pub fn icmp<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    pred: IntPredicate,
    lhs: BasicValueEnum<'ctx>,
    rhs: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let b = &cx.builder;
    match (lhs, rhs) {
        (BasicValueEnum::IntValue(l), BasicValueEnum::IntValue(r)) => {
            b.build_int_compare(pred, l, r, "").map(Into::into)
        }
        (BasicValueEnum::VectorValue(l), BasicValueEnum::VectorValue(r)) => {
            b.build_int_compare(pred, l, r, "").map(Into::into)
        }
        (BasicValueEnum::PointerValue(l), BasicValueEnum::PointerValue(r)) => {
            b.build_int_compare(pred, l, r, "").map(Into::into)
        }
        _ => return Err(cx.error(cx.current_op.expect("set"), "cmpi on mismatched operands")),
    }
    .map_err(|e| cx.builder_error(e))
}

/// Float comparison on scalars or vectors.
pub fn fcmp<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    pred: FloatPredicate,
    lhs: BasicValueEnum<'ctx>,
    rhs: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let b = &cx.builder;
    match (lhs, rhs) {
        (BasicValueEnum::FloatValue(l), BasicValueEnum::FloatValue(r)) => {
            b.build_float_compare(pred, l, r, "").map(Into::into)
        }
        (BasicValueEnum::VectorValue(l), BasicValueEnum::VectorValue(r)) => {
            b.build_float_compare(pred, l, r, "").map(Into::into)
        }
        _ => return Err(cx.error(cx.current_op.expect("set"), "cmpf on mismatched operands")),
    }
    .map_err(|e| cx.builder_error(e))
}

/// `cond ? a : b` with a scalar or vector condition.
pub fn select<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    cond: BasicValueEnum<'ctx>,
    a: BasicValueEnum<'ctx>,
    b: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    match cond {
        BasicValueEnum::IntValue(c) => cx.builder.build_select(c, a, b, ""),
        BasicValueEnum::VectorValue(c) => cx.builder.build_select(c, a, b, ""),
        _ => return Err(cx.error(cx.current_op.expect("set"), "select on a non-i1 condition")),
    }
    .map_err(|e| cx.builder_error(e))
}

/// A constant of the same (scalar or vector) integer type as `like`.
pub fn splat_int<'ctx>(like: BasicTypeEnum<'ctx>, v: i64) -> BasicValueEnum<'ctx> {
    match like {
        BasicTypeEnum::VectorType(vt) => {
            let e = vt
                .get_element_type()
                .into_int_type()
                .const_int(v as u64, true);
            let elems = vec![e; vt.get_size() as usize];
            inkwell::types::VectorType::const_vector(&elems).into()
        }
        t => t.into_int_type().const_int(v as u64, true).into(),
    }
}

/// Calls the overloaded LLVM intrinsic `name` specialized on `types`.
pub fn intrinsic<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    name: &str,
    types: &[BasicTypeEnum<'ctx>],
    args: &[BasicValueEnum<'ctx>],
) -> LResult<BasicValueEnum<'ctx>> {
    let op = cx.current_op.expect("set");
    intrinsic_call(cx, name, types, args)?
        .try_as_basic_value()
        .basic()
        .ok_or_else(|| cx.error(op, format!("intrinsic '{name}' returns nothing")))
}

/// The call of intrinsic `name` (specialized on `types`), whatever it returns.
pub fn intrinsic_call<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    name: &str,
    types: &[BasicTypeEnum<'ctx>],
    args: &[BasicValueEnum<'ctx>],
) -> LResult<inkwell::values::CallSiteValue<'ctx>> {
    let op = cx.current_op.expect("set");
    let i = inkwell::intrinsics::Intrinsic::find(name)
        .ok_or_else(|| cx.error(op, format!("LLVM has no intrinsic '{name}'")))?;
    let f = i
        .get_declaration(cx.module, types)
        .ok_or_else(|| cx.error(op, format!("cannot declare LLVM intrinsic '{name}'")))?;
    let args: Vec<_> = args.iter().map(|&a| a.into()).collect();
    cx.builder
        .build_direct_call(f, &args, "")
        .map_err(|e| cx.builder_error(e))
}

fn int_pred(p: i128) -> Option<IntPredicate> {
    Some(match p {
        0 => IntPredicate::EQ,
        1 => IntPredicate::NE,
        2 => IntPredicate::SLT,
        3 => IntPredicate::SLE,
        4 => IntPredicate::SGT,
        5 => IntPredicate::SGE,
        6 => IntPredicate::ULT,
        7 => IntPredicate::ULE,
        8 => IntPredicate::UGT,
        9 => IntPredicate::UGE,
        _ => return None,
    })
}

fn float_pred(p: i128) -> Option<FloatPredicate> {
    Some(match p {
        0 => FloatPredicate::PredicateFalse,
        1 => FloatPredicate::OEQ,
        2 => FloatPredicate::OGT,
        3 => FloatPredicate::OGE,
        4 => FloatPredicate::OLT,
        5 => FloatPredicate::OLE,
        6 => FloatPredicate::ONE,
        7 => FloatPredicate::ORD,
        8 => FloatPredicate::UEQ,
        9 => FloatPredicate::UGT,
        10 => FloatPredicate::UGE,
        11 => FloatPredicate::ULT,
        12 => FloatPredicate::ULE,
        13 => FloatPredicate::UNE,
        14 => FloatPredicate::UNO,
        15 => FloatPredicate::PredicateTrue,
        _ => return None,
    })
}

/// The LLVM constant for attribute `attr` of LLVM type `ty`.
pub fn constant<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    attr: lattice_ir::Attr,
    ty: BasicTypeEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let ctx = cx.ir.ctx();
    let scalar = |a: lattice_ir::Attr, t: BasicTypeEnum<'ctx>| -> LResult<BasicValueEnum<'ctx>> {
        match (ctx.attr_data(a), t) {
            (AttrData::Integer { value, .. }, BasicTypeEnum::IntType(it)) => {
                let v = *value as u128;
                Ok(it
                    .const_int_arbitrary_precision(&[v as u64, (v >> 64) as u64])
                    .into())
            }
            (AttrData::Float { bits, .. }, BasicTypeEnum::FloatType(ft)) => {
                // Exact conversions to f64 for the common widths (no builder needed, so
                // global initializers work too); the wide types go through a bitcast.
                let kind = match ctx.attr_type(a).map(|t| ctx.type_data(t)) {
                    Some(lattice_ir::TypeData::Float(k)) => Some(*k),
                    _ => None,
                };
                if let Some(v) = kind.and_then(|k| float_bits_to_f64(k, *bits)) {
                    return Ok(ft.const_float(v).into());
                }
                let width = match kind {
                    Some(k) => k.width(),
                    None => return Err(cx.error(op, "float constant without a float type")),
                };
                let it = cx
                    .int_type(width)
                    .ok_or_else(|| cx.error(op, "float width not supported"))?;
                let iv = it.const_int_arbitrary_precision(&[*bits as u64, (*bits >> 64) as u64]);
                cx.builder
                    .build_cast(Opc::BitCast, iv, ft, "")
                    .map_err(|e| cx.builder_error(e))
            }
            _ => Err(cx.error(op, "constant value does not match its type")),
        }
    };
    match (ctx.attr_data(attr), ty) {
        (AttrData::DenseElements { values, .. }, BasicTypeEnum::VectorType(vt)) => {
            let et = vt.get_element_type();
            let n = vt.get_size() as usize;
            let elems: Vec<BasicValueEnum> = if values.len() == 1 {
                vec![scalar(values[0], et)?; n]
            } else {
                values
                    .iter()
                    .map(|&v| scalar(v, et))
                    .collect::<LResult<_>>()?
            };
            if elems.len() != n {
                return Err(cx.error(op, "dense constant has the wrong number of elements"));
            }
            Ok(match et {
                BasicTypeEnum::IntType(_) => {
                    let v: Vec<_> = elems.iter().map(|e| e.into_int_value()).collect();
                    inkwell::types::VectorType::const_vector(&v).into()
                }
                _ => {
                    let v: Vec<_> = elems.iter().map(|e| e.into_float_value()).collect();
                    inkwell::types::VectorType::const_vector(&v).into()
                }
            })
        }
        (AttrData::DenseElements { .. }, _) => Err(cx.error(
            op,
            "dense constants of this shape cannot be lowered yet (only 1-D vectors)",
        )),
        _ => scalar(attr, ty),
    }
}

pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let Some(kind) = K::of(ir, op) else {
        return Err(cx.unsupported(op));
    };
    let res_ty = match ir.results(op).first() {
        Some(&r) => Some(cx.llvm_type_at(op, ir.value_type(r))?),
        None => None,
    };
    let int_bin = |opc: Opc| -> Option<Opc> { Some(opc) };
    let simple = match kind {
        K::AddI => int_bin(Opc::Add),
        K::SubI => int_bin(Opc::Sub),
        K::MulI => int_bin(Opc::Mul),
        K::DivSI => int_bin(Opc::SDiv),
        K::DivUI => int_bin(Opc::UDiv),
        K::RemSI => int_bin(Opc::SRem),
        K::RemUI => int_bin(Opc::URem),
        K::AndI => int_bin(Opc::And),
        K::OrI => int_bin(Opc::Or),
        K::XOrI => int_bin(Opc::Xor),
        K::ShLI => int_bin(Opc::Shl),
        K::ShRSI => int_bin(Opc::AShr),
        K::ShRUI => int_bin(Opc::LShr),
        K::AddF => int_bin(Opc::FAdd),
        K::SubF => int_bin(Opc::FSub),
        K::MulF => int_bin(Opc::FMul),
        K::DivF => int_bin(Opc::FDiv),
        K::RemF => int_bin(Opc::FRem),
        _ => None,
    };
    if let Some(opc) = simple {
        let v = binop(cx, opc, cx.operand(op, 0)?, cx.operand(op, 1)?)?;
        apply_overflow(cx, op, v);
        apply_fastmath(cx, op, v);
        cx.define_result(op, v);
        return Ok(());
    }
    let cast = match kind {
        K::ExtSI => Some(Opc::SExt),
        K::ExtUI => Some(Opc::ZExt),
        K::TruncI => Some(Opc::Trunc),
        K::ExtF => Some(Opc::FPExt),
        K::TruncF => Some(Opc::FPTrunc),
        K::SIToFP => Some(Opc::SIToFP),
        K::UIToFP => Some(Opc::UIToFP),
        K::FPToSI => Some(Opc::FPToSI),
        K::FPToUI => Some(Opc::FPToUI),
        K::Bitcast => Some(Opc::BitCast),
        _ => None,
    };
    if let Some(opc) = cast {
        let to = res_ty.expect("casts have a result");
        let v = cx
            .builder
            .build_cast(opc, cx.operand(op, 0)?, to, "")
            .map_err(|e| cx.builder_error(e))?;
        apply_fastmath(cx, op, v);
        cx.define_result(op, v);
        return Ok(());
    }
    let v: BasicValueEnum = match kind {
        K::Constant => {
            let attr = ir
                .attr(op, Constant::VALUE)
                .ok_or_else(|| cx.error(op, "constant without a value"))?;
            constant(cx, op, attr, res_ty.expect("constant has a result"))?
        }
        K::IndexCast | K::IndexCastUI => {
            index_cast(cx, op, kind == K::IndexCast, res_ty.expect("result"))?
        }
        K::NegF => {
            let x = cx.operand(op, 0)?;
            let v = match x {
                BasicValueEnum::FloatValue(f) => cx.builder.build_float_neg(f, "").map(Into::into),
                BasicValueEnum::VectorValue(f) => cx.builder.build_float_neg(f, "").map(Into::into),
                _ => return Err(cx.error(op, "negf on a non-float")),
            }
            .map_err(|e| cx.builder_error(e))?;
            apply_fastmath(cx, op, v);
            v
        }
        K::CmpI => {
            let p = ir
                .attr(op, CmpI::PREDICATE)
                .and_then(|a| ir.ctx().int_value(a))
                .and_then(int_pred)
                .ok_or_else(|| cx.error(op, "cmpi with an invalid predicate"))?;
            icmp(cx, p, cx.operand(op, 0)?, cx.operand(op, 1)?)?
        }
        K::CmpF => {
            let p = ir
                .attr(op, CmpF::PREDICATE)
                .and_then(|a| ir.ctx().int_value(a))
                .and_then(float_pred)
                .ok_or_else(|| cx.error(op, "cmpf with an invalid predicate"))?;
            let v = fcmp(cx, p, cx.operand(op, 0)?, cx.operand(op, 1)?)?;
            apply_fastmath(cx, op, v);
            v
        }
        K::Select => select(
            cx,
            cx.operand(op, 0)?,
            cx.operand(op, 1)?,
            cx.operand(op, 2)?,
        )?,
        K::MaxSI
        | K::MaxUI
        | K::MinSI
        | K::MinUI
        | K::MaximumF
        | K::MinimumF
        | K::MaxNumF
        | K::MinNumF => {
            let intr = match kind {
                K::MaxSI => "llvm.smax",
                K::MaxUI => "llvm.umax",
                K::MinSI => "llvm.smin",
                K::MinUI => "llvm.umin",
                K::MaximumF => "llvm.maximum",
                K::MinimumF => "llvm.minimum",
                K::MaxNumF => "llvm.maxnum",
                _ => "llvm.minnum",
            };
            let t = res_ty.expect("result");
            let v = intrinsic(cx, intr, &[t], &[cx.operand(op, 0)?, cx.operand(op, 1)?])?;
            apply_fastmath(cx, op, v);
            v
        }
        K::CeilDivUI => {
            let (a, b) = (cx.operand(op, 0)?, cx.operand(op, 1)?);
            let t = res_ty.expect("result");
            let q = binop(cx, Opc::UDiv, a, b)?;
            let r = binop(cx, Opc::URem, a, b)?;
            let nz = icmp(cx, IntPredicate::NE, r, splat_int(t, 0))?;
            let q1 = binop(cx, Opc::Add, q, splat_int(t, 1))?;
            select(cx, nz, q1, q)?
        }
        K::CeilDivSI | K::FloorDivSI => {
            signed_div_round(cx, op, kind == K::CeilDivSI, res_ty.expect("result"))?
        }
        K::AddUIExtended => {
            let (a, b) = (cx.operand(op, 0)?, cx.operand(op, 1)?);
            let sum = binop(cx, Opc::Add, a, b)?;
            let carry = icmp(cx, IntPredicate::ULT, sum, a)?;
            cx.define(ir.result(op, 0), sum);
            cx.define(ir.result(op, 1), carry);
            return Ok(());
        }
        K::MulSIExtended | K::MulUIExtended => {
            let signed = kind == K::MulSIExtended;
            return mul_extended(cx, op, signed, res_ty.expect("result"));
        }
        _ => return Err(cx.unsupported(op)),
    };
    cx.define_result(op, v);
    Ok(())
}

/// `arith.index_cast(ui)`: a sign- (`signed`) or zero-extension, a truncation, or nothing.
fn index_cast<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    signed: bool,
    to: BasicTypeEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let x = cx.operand(op, 0)?;
    let from_w = scalar_width(x.get_type());
    let to_w = scalar_width(to);
    let opc = if from_w == to_w {
        Opc::BitCast
    } else if from_w > to_w {
        Opc::Trunc
    } else if signed {
        Opc::SExt
    } else {
        Opc::ZExt
    };
    if opc == Opc::BitCast {
        Ok(x)
    } else {
        cx.builder
            .build_cast(opc, x, to, "")
            .map_err(|e| cx.builder_error(e))
    }
}

/// `arith.ceildivsi` (`ceil`) or `arith.floordivsi`: the truncating quotient, moved one
/// step up or down when the remainder is non-zero and its sign asks for it.
fn signed_div_round<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    ceil: bool,
    t: BasicTypeEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let (a, b) = (cx.operand(op, 0)?, cx.operand(op, 1)?);
    let q = binop(cx, Opc::SDiv, a, b)?;
    let r = binop(cx, Opc::SRem, a, b)?;
    let nz = icmp(cx, IntPredicate::NE, r, splat_int(t, 0))?;
    // Signs of r and b agree iff (r ^ b) >= 0.
    let x = binop(cx, Opc::Xor, r, b)?;
    let (pred, delta) = if ceil {
        (IntPredicate::SGE, 1)
    } else {
        (IntPredicate::SLT, -1)
    };
    let sign_ok = icmp(cx, pred, x, splat_int(t, 0))?;
    let adjust = binop(cx, Opc::And, nz, sign_ok)?;
    let q1 = binop(cx, Opc::Add, q, splat_int(t, delta))?;
    select(cx, adjust, q1, q)
}

/// `arith.mulsi_extended` (`signed`) or `arith.mului_extended`: the product in twice the
/// width, split into its low and high halves.
fn mul_extended<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    signed: bool,
    t: BasicTypeEnum<'ctx>,
) -> LResult<()> {
    let ir = cx.ir;
    let (a, b) = (cx.operand(op, 0)?, cx.operand(op, 1)?);
    let w = scalar_width(t);
    let wide = widen(cx, t, 2 * w);
    let ext = if signed { Opc::SExt } else { Opc::ZExt };
    let be = |e| cx.builder_error(e);
    let aw = cx.builder.build_cast(ext, a, wide, "").map_err(be)?;
    let bw = cx.builder.build_cast(ext, b, wide, "").map_err(be)?;
    let p = binop(cx, Opc::Mul, aw, bw)?;
    let lo = cx.builder.build_cast(Opc::Trunc, p, t, "").map_err(be)?;
    let sh = binop(cx, Opc::LShr, p, splat_int(wide, w as i64))?;
    let hi = cx.builder.build_cast(Opc::Trunc, sh, t, "").map_err(be)?;
    cx.define(ir.result(op, 0), lo);
    cx.define(ir.result(op, 1), hi);
    Ok(())
}

/// Bit width of a scalar type or of a vector's elements.
pub fn scalar_width(t: BasicTypeEnum<'_>) -> u32 {
    match t {
        BasicTypeEnum::IntType(i) => i.get_bit_width(),
        BasicTypeEnum::VectorType(v) => match v.get_element_type() {
            BasicTypeEnum::IntType(i) => i.get_bit_width(),
            _ => 0,
        },
        _ => 0,
    }
}

/// The integer (or integer vector) type like `t` with `width`-bit elements.
fn widen<'ctx>(cx: &LowerCtx<'_, 'ctx>, t: BasicTypeEnum<'ctx>, width: u32) -> BasicTypeEnum<'ctx> {
    let it = cx.int_type(width).unwrap_or(cx.i64());
    match t {
        BasicTypeEnum::VectorType(v) => it.vec_type(v.get_size()).into(),
        _ => it.into(),
    }
}

/// The value of an IEEE-style float of `kind` with bit pattern `bits`, exactly, for the
/// kinds whose values all fit an f64 (f16, bf16, f32, f64).
fn float_bits_to_f64(kind: lattice_ir::FloatKind, bits: u128) -> Option<f64> {
    use lattice_ir::FloatKind as K;
    let (exp_bits, man_bits) = match kind {
        K::F64 => return Some(f64::from_bits(bits as u64)),
        K::F32 => return Some(f32::from_bits(bits as u32) as f64),
        K::F16 => (5, 10),
        K::BF16 => (8, 7),
        _ => return None,
    };
    let sign = if (bits >> (exp_bits + man_bits)) & 1 == 1 {
        -1.0
    } else {
        1.0
    };
    let exp = ((bits >> man_bits) & ((1 << exp_bits) - 1)) as i32;
    let man = (bits & ((1 << man_bits) - 1)) as f64;
    let bias = (1 << (exp_bits - 1)) - 1;
    let max_exp = (1 << exp_bits) - 1;
    Some(if exp == max_exp {
        if man == 0.0 {
            sign * f64::INFINITY
        } else {
            f64::NAN.copysign(sign)
        }
    } else if exp == 0 {
        sign * man * 2f64.powi(1 - bias - man_bits)
    } else {
        sign * (1.0 + man / (1u64 << man_bits) as f64) * 2f64.powi(exp - bias)
    })
}
