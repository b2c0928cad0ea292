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
    let name = ir.op_name(op);
    let args: Vec<BasicValueEnum> = ir
        .operands(op)
        .iter()
        .map(|&v| cx.value(v))
        .collect::<LResult<_>>()?;
    let t = args
        .first()
        .map(|a| a.get_type())
        .ok_or_else(|| cx.error(op, "math op without operands"))?;
    let unary_intrinsic = match name {
        "math.sqrt" => Some("llvm.sqrt"),
        "math.absf" => Some("llvm.fabs"),
        "math.exp" => Some("llvm.exp"),
        "math.exp2" => Some("llvm.exp2"),
        "math.log" => Some("llvm.log"),
        "math.log2" => Some("llvm.log2"),
        "math.log10" => Some("llvm.log10"),
        "math.sin" => Some("llvm.sin"),
        "math.cos" => Some("llvm.cos"),
        "math.tan" => Some("llvm.tan"),
        "math.asin" => Some("llvm.asin"),
        "math.acos" => Some("llvm.acos"),
        "math.atan" => Some("llvm.atan"),
        "math.sinh" => Some("llvm.sinh"),
        "math.cosh" => Some("llvm.cosh"),
        "math.tanh" => Some("llvm.tanh"),
        "math.floor" => Some("llvm.floor"),
        "math.ceil" => Some("llvm.ceil"),
        "math.round" => Some("llvm.round"),
        "math.roundeven" => Some("llvm.roundeven"),
        "math.trunc" => Some("llvm.trunc"),
        "math.ctpop" => Some("llvm.ctpop"),
        "math.powf" => Some("llvm.pow"),
        "math.copysign" => Some("llvm.copysign"),
        "math.fma" => Some("llvm.fma"),
        "math.atan2" => Some("llvm.atan2"),
        _ => None,
    };
    let v = if let Some(intr) = unary_intrinsic {
        intrinsic(cx, intr, &[t], &args)?
    } else {
        match name {
            "math.absi" => {
                let f = cx.llcx.bool_type().const_zero().into();
                intrinsic(cx, "llvm.abs", &[t], &[args[0], f])?
            }
            "math.ctlz" | "math.cttz" => {
                let f = cx.llcx.bool_type().const_zero().into();
                let intr = if name == "math.ctlz" {
                    "llvm.ctlz"
                } else {
                    "llvm.cttz"
                };
                intrinsic(cx, intr, &[t], &[args[0], f])?
            }
            "math.fpowi" => {
                let it = args[1].get_type();
                intrinsic(cx, "llvm.powi", &[t, it], &args)?
            }
            "math.rsqrt" => {
                let s = intrinsic(cx, "llvm.sqrt", &[t], &args)?;
                apply_fastmath(cx, op, s);
                binop(cx, Opc::FDiv, splat_float(t, 1.0), s)?
            }
            "math.cbrt" => libm(cx, op, "cbrt", t, &args)?,
            "math.erf" => libm(cx, op, "erf", t, &args)?,
            "math.erfc" => libm(cx, op, "erfc", t, &args)?,
            "math.expm1" => libm(cx, op, "expm1", t, &args)?,
            "math.log1p" => libm(cx, op, "log1p", t, &args)?,
            "math.asinh" => libm(cx, op, "asinh", t, &args)?,
            "math.acosh" => libm(cx, op, "acosh", t, &args)?,
            "math.atanh" => libm(cx, op, "atanh", t, &args)?,
            "math.isnan" => fcmp(cx, FloatPredicate::UNO, args[0], args[0])?,
            "math.isinf" | "math.isfinite" => {
                let a = intrinsic(cx, "llvm.fabs", &[t], &args)?;
                let inf = splat_float(t, f64::INFINITY);
                let pred = if name == "math.isinf" {
                    FloatPredicate::OEQ
                } else {
                    FloatPredicate::ONE
                };
                fcmp(cx, pred, a, inf)?
            }
            "math.clampf" => {
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
