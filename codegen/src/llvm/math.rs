//! `math` dialect → LLVM intrinsics where LLVM has one (`llvm.sqrt`, `llvm.exp`, ...),
//! libm calls otherwise (`cbrt`/`cbrtf`, `erf`/`erff`, ...; scalars only).
//!
//! Invariants: results keep the op's `fastmath` flags (all of them under `--fast-math`);
//! libm functions are chosen by element type (`f32` → the `f`-suffixed name, `f64` →
//! the plain name); other float types and vectors of libm-only ops are rejected with a
//! diagnostic rather than computed at the wrong precision.

use super::arith::{apply_fastmath, binop, fcmp, intrinsic, select};
use super::ctx::{LResult, LowerCtx};
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{BasicValueEnum, InstructionOpcode as Opc};
use inkwell::FloatPredicate;
use lattice_dialects::math::MathKind as K;
use lattice_ir::Op;

/// A float constant like `t` (scalar or vector).
fn splat_float<'ctx>(t: BasicTypeEnum<'ctx>, v: f64) -> BasicValueEnum<'ctx> {
    match t {
        BasicTypeEnum::VectorType(vt) => {
            let e = vt.get_element_type().into_float_type().const_float(v);
            let elems = vec![e; vt.get_size() as usize];
            inkwell::types::VectorType::const_vector(&elems).into()
        }
        t => t.into_float_type().const_float(v).into(),
    }
}

fn libm<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    base: &str,
    t: BasicTypeEnum<'ctx>,
    args: &[BasicValueEnum<'ctx>],
) -> LResult<BasicValueEnum<'ctx>> {
    let name = match t {
        BasicTypeEnum::FloatType(f) if f == cx.llcx.f32_type() => format!("{base}f"),
        BasicTypeEnum::FloatType(f) if f == cx.llcx.f64_type() => base.to_string(),
        _ => {
            return Err(cx.error(
                op,
                format!(
                    "'{}' is lowered to libm and supports only scalar f32 and f64",
                    cx.ir.op_name(op)
                ),
            ))
        }
    };
    let f = cx.module.get_function(&name).unwrap_or_else(|| {
        let params: Vec<_> = args.iter().map(|a| a.get_type().into()).collect();
        cx.module
            .add_function(&name, t.fn_type(&params, false), None)
    });
    let args: Vec<_> = args.iter().map(|&a| a.into()).collect();
    let call = cx
        .builder
        .build_direct_call(f, &args, "")
        .map_err(|e| cx.builder_error(e))?;
    call.try_as_basic_value()
        .basic()
        .ok_or_else(|| cx.error(op, "libm call returned nothing"))
}

pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let kind = K::of(ir, op);
    let args: Vec<BasicValueEnum> = ir
        .operands(op)
        .iter()
        .map(|&v| cx.value(v))
        .collect::<LResult<_>>()?;
    let t = args
        .first()
        .map(|a| a.get_type())
        .ok_or_else(|| cx.error(op, "math op without operands"))?;
    let unary_intrinsic = match kind {
        Some(K::Sqrt) => Some("llvm.sqrt"),
        Some(K::AbsF) => Some("llvm.fabs"),
        Some(K::Exp) => Some("llvm.exp"),
        Some(K::Exp2) => Some("llvm.exp2"),
        Some(K::Log) => Some("llvm.log"),
        Some(K::Log2) => Some("llvm.log2"),
        Some(K::Log10) => Some("llvm.log10"),
        Some(K::Sin) => Some("llvm.sin"),
        Some(K::Cos) => Some("llvm.cos"),
        Some(K::Tan) => Some("llvm.tan"),
        Some(K::Asin) => Some("llvm.asin"),
        Some(K::Acos) => Some("llvm.acos"),
        Some(K::Atan) => Some("llvm.atan"),
        Some(K::Sinh) => Some("llvm.sinh"),
        Some(K::Cosh) => Some("llvm.cosh"),
        Some(K::Tanh) => Some("llvm.tanh"),
        Some(K::Floor) => Some("llvm.floor"),
        Some(K::Ceil) => Some("llvm.ceil"),
        Some(K::Round) => Some("llvm.round"),
        Some(K::RoundEven) => Some("llvm.roundeven"),
        Some(K::Trunc) => Some("llvm.trunc"),
        Some(K::CtPop) => Some("llvm.ctpop"),
        Some(K::PowF) => Some("llvm.pow"),
        Some(K::CopySign) => Some("llvm.copysign"),
        Some(K::Fma) => Some("llvm.fma"),
        Some(K::Atan2) => Some("llvm.atan2"),
        _ => None,
    };
    let v = if let Some(intr) = unary_intrinsic {
        intrinsic(cx, intr, &[t], &args)?
    } else {
        match kind {
            Some(K::AbsI) => {
                let f = cx.llcx.bool_type().const_zero().into();
                intrinsic(cx, "llvm.abs", &[t], &[args[0], f])?
            }
            Some(K::Ctlz | K::Cttz) => {
                let f = cx.llcx.bool_type().const_zero().into();
                let intr = if kind == Some(K::Ctlz) {
                    "llvm.ctlz"
                } else {
                    "llvm.cttz"
                };
                intrinsic(cx, intr, &[t], &[args[0], f])?
            }
            Some(K::FPowI) => {
                let it = args[1].get_type();
                intrinsic(cx, "llvm.powi", &[t, it], &args)?
            }
            Some(K::Rsqrt) => {
                let s = intrinsic(cx, "llvm.sqrt", &[t], &args)?;
                apply_fastmath(cx, op, s);
                binop(cx, Opc::FDiv, splat_float(t, 1.0), s)?
            }
            Some(K::Cbrt) => libm(cx, op, "cbrt", t, &args)?,
            Some(K::Erf) => libm(cx, op, "erf", t, &args)?,
            Some(K::Erfc) => libm(cx, op, "erfc", t, &args)?,
            Some(K::ExpM1) => libm(cx, op, "expm1", t, &args)?,
            Some(K::Log1p) => libm(cx, op, "log1p", t, &args)?,
            Some(K::Asinh) => libm(cx, op, "asinh", t, &args)?,
            Some(K::Acosh) => libm(cx, op, "acosh", t, &args)?,
            Some(K::Atanh) => libm(cx, op, "atanh", t, &args)?,
            Some(K::IsNaN) => fcmp(cx, FloatPredicate::UNO, args[0], args[0])?,
            Some(K::IsInf | K::IsFinite) => {
                let a = intrinsic(cx, "llvm.fabs", &[t], &args)?;
                let inf = splat_float(t, f64::INFINITY);
                let pred = if kind == Some(K::IsInf) {
                    FloatPredicate::OEQ
                } else {
                    FloatPredicate::ONE
                };
                fcmp(cx, pred, a, inf)?
            }
            Some(K::ClampF) => {
                let lo = intrinsic(cx, "llvm.maxnum", &[t], &[args[0], args[1]])?;
                let hi = intrinsic(cx, "llvm.minnum", &[t], &[lo, args[2]])?;
                let _ = select;
                hi
            }
            _ => return Err(cx.unsupported(op)),
        }
    };
    apply_fastmath(cx, op, v);
    cx.define_result(op, v);
    Ok(())
}
