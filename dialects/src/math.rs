//! The `math` dialect (LLVM 22): unary, binary and ternary float ops with fast-math flags,
//! integer bit-counting ops, classification ops (`isnan`, ...), `sincos`, `clampf`, with
//! mlir-opt's custom forms, verifiers, and exact constant folders.
//!
//! Invariants: every op with a `fastmath` property stores it (default
//! `#arith.fastmath<none>`) when parsed from the custom form. Folders do what upstream's
//! do: APFloat-exact ops (absf, ceil, floor, roundeven, copysign) in every foldable
//! format, C-library ops (sqrt, exp, log, sin, ..., powf, atan2, round, trunc) on f32 and
//! f64 only with upstream's domain checks (Rust's float methods call the same libm), and
//! integer bit counting and `ipowi`. Not folded (upstream folds them): erf, erfc, asinh,
//! acosh, atanh, for want of the same libm entry points without FFI.

use super::arith::{
    check_counts, check_operand, check_result, check_same_shape, check_same_type, decode_float,
    default_fastmath, fastmath_printed, float_attr, fold_elementwise, i1_same_shape, parse_float_n,
    parse_optional_fastmath, parse_same_type_op, print_float_op, print_optional_fastmath,
    print_same_type_op, TypeClass,
};
use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::context::Context;
use lattice_ir::parser::{PResult, Parser};
use lattice_ir::printer::Printer;
use lattice_ir::registry::{FoldResult, Traits};
use lattice_ir::store::{Ir, Op, OperationState};
use lattice_ir::types::{Type, TypeData};
use lattice_ir::verifier::Verifier;

// ----- parsers and printers -----

fn parse_unary_f(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_float_n(p, st, 1)
}

fn parse_binary_f(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_float_n(p, st, 2)
}

fn parse_ternary_f(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_float_n(p, st, 3)
}

fn no_extra(_: &mut Parser<'_>, _: &mut OperationState) -> PResult<()> {
    Ok(())
}

fn no_flags(_: &mut Printer<'_>, _: Op) {}

fn parse_unary_i(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_same_type_op(p, st, 1, no_extra)
}

fn parse_binary_i(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_same_type_op(p, st, 2, no_extra)
}

fn print_int(p: &mut Printer<'_>, op: Op) {
    print_same_type_op(p, op, no_flags, &[]);
}

/// `%x attr-dict : T` with an `i1`-shaped result and a `fastmath` property that only
/// the attr-dict can set (elided when `none`).
fn parse_classify(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    default_fastmath(p, st);
    st.operands = vec![p.resolve_operand(&a, ty)?];
    let rt = i1_same_shape(p.ctx(), ty);
    st.result_types.push(rt);
    Ok(())
}

fn print_classify(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let default = ir
        .attr(op, "fastmath")
        .is_some_and(|a| super::arith::fastmath_flags(ir.ctx(), a) == Some(0));
    let elided: &[&str] = if default { &["fastmath"] } else { &[] };
    p.write(" ");
    p.print_operands(ir.operands(op));
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    if let Some(&a) = ir.operands(op).first() {
        p.print_type(ir.value_type(a));
    }
}

/// `%x, %n (fastmath)? attr-dict : T, U`
fn parse_fpowi(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    p.expect(",")?;
    let b = p.parse_operand()?;
    parse_optional_fastmath(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let aty = p.parse_colon_type()?;
    p.expect(",")?;
    let bty = p.parse_type()?;
    default_fastmath(p, st);
    st.operands = vec![p.resolve_operand(&a, aty)?, p.resolve_operand(&b, bty)?];
    st.result_types.push(aty);
    Ok(())
}

fn print_fpowi(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    print_optional_fastmath(p, op);
    let elided: &[&str] = if fastmath_printed(ir, op) {
        &["fastmath"]
    } else {
        &[]
    };
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    let tys: Vec<Type> = ir.operands(op).iter().map(|&x| ir.value_type(x)).collect();
    p.print_types(&tys);
}

/// `%x (fastmath)? attr-dict : T` with two results of type `T`.
fn parse_sincos(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_float_n(p, st, 1)?;
    let ty = st.result_types[0];
    st.result_types.push(ty);
    Ok(())
}

fn print_sincos(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    print_optional_fastmath(p, op);
    let elided: &[&str] = if fastmath_printed(ir, op) {
        &["fastmath"]
    } else {
        &[]
    };
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    if let Some(&a) = ir.operands(op).first() {
        p.print_type(ir.value_type(a));
    }
}

fn sincos_names(_: &Ir, _: Op, names: &mut Vec<(usize, String)>) {
    names.push((0, "sin".into()));
    names.push((1, "cos".into()));
}

/// `%x to [%lo, %hi] (fastmath)? attr-dict : T`
fn parse_clampf(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    p.expect("to")?;
    p.expect("[")?;
    let lo = p.parse_operand()?;
    p.expect(",")?;
    let hi = p.parse_operand()?;
    p.expect("]")?;
    parse_optional_fastmath(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    default_fastmath(p, st);
    st.operands = p.resolve_operands_all(&[x, lo, hi], ty)?;
    st.result_types.push(ty);
    Ok(())
}

fn print_clampf(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() == 3 {
        p.write(" ");
        p.print_operand(ops[0]);
        p.write(" to [");
        p.print_operands(&ops[1..]);
        p.write("]");
    }
    print_optional_fastmath(p, op);
    let elided: &[&str] = if fastmath_printed(ir, op) {
        &["fastmath"]
    } else {
        &[]
    };
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

// ----- verifiers -----

fn verify_float_n(v: &mut Verifier<'_>, op: Op, n: usize) {
    if !check_counts(v, op, n, 1) || !check_same_type(v, op) {
        return;
    }
    for i in 0..n {
        if !check_operand(v, op, i, TypeClass::FloatLike) {
            return;
        }
    }
    check_result(v, op, 0, TypeClass::FloatLike);
}

fn verify_unary_f(v: &mut Verifier<'_>, op: Op) {
    verify_float_n(v, op, 1);
}

fn verify_binary_f(v: &mut Verifier<'_>, op: Op) {
    verify_float_n(v, op, 2);
}

fn verify_ternary_f(v: &mut Verifier<'_>, op: Op) {
    verify_float_n(v, op, 3);
}

fn verify_int_n(v: &mut Verifier<'_>, op: Op, n: usize) {
    if !check_counts(v, op, n, 1) || !check_same_type(v, op) {
        return;
    }
    for i in 0..n {
        if !check_operand(v, op, i, TypeClass::MathSignlessIntLike) {
            return;
        }
    }
    check_result(v, op, 0, TypeClass::MathSignlessIntLike);
}

fn verify_unary_i(v: &mut Verifier<'_>, op: Op) {
    verify_int_n(v, op, 1);
}

fn verify_binary_i(v: &mut Verifier<'_>, op: Op) {
    verify_int_n(v, op, 2);
}

fn verify_classify(v: &mut Verifier<'_>, op: Op) {
    let _ = check_counts(v, op, 1, 1)
        && check_operand(v, op, 0, TypeClass::FloatLike)
        && check_result(v, op, 0, TypeClass::BoolLike)
        && {
            let ir = v.ir();
            let (t, r) = (
                ir.value_type(ir.operand(op, 0)),
                ir.value_type(ir.result(op, 0)),
            );
            if r != i1_same_shape(ir.ctx(), t) {
                v.error(
                    op,
                    "failed to verify that result type has i1 element type and same shape as operands",
                );
                false
            } else {
                true
            }
        };
}

fn verify_fpowi(v: &mut Verifier<'_>, op: Op) {
    let _ = check_counts(v, op, 2, 1)
        && check_same_shape(v, op)
        && check_operand(v, op, 0, TypeClass::FloatLike)
        && check_operand(v, op, 1, TypeClass::MathSignlessIntLike)
        && check_result(v, op, 0, TypeClass::FloatLike)
        && {
            let ir = v.ir();
            if ir.value_type(ir.operand(op, 0)) != ir.value_type(ir.result(op, 0)) {
                v.error(
                    op,
                    "failed to verify that all of {lhs, result} have same type",
                );
                false
            } else {
                true
            }
        };
}

fn verify_sincos(v: &mut Verifier<'_>, op: Op) {
    if !check_counts(v, op, 1, 2) || !check_operand(v, op, 0, TypeClass::FloatLike) {
        return;
    }
    let ir = v.ir();
    let t = ir.value_type(ir.operand(op, 0));
    if ir.results(op).iter().any(|&r| ir.value_type(r) != t) {
        v.error(
            op,
            "failed to verify that all of {operand, sin, cos} have same type",
        );
    }
}

// ----- folders -----

fn float_of(ctx: &Context, a: Attr) -> Option<(f64, Type)> {
    match ctx.attr_data(a) {
        AttrData::Float { bits, ty } => match ctx.type_data(*ty) {
            TypeData::Float(k) => Some((decode_float(*k, *bits), *ty)),
            _ => None,
        },
        _ => None,
    }
}

/// Rounds half to even (`math.roundeven`).
fn round_even(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 {
        2.0 * (x / 2.0).round()
    } else {
        r
    }
}

/// `base ** power` on two's complement integers (upstream's `IPowIOp` folder: wrapping
/// products; a negative power gives 0 unless `|base| == 1`; `0 ** negative` does not
/// fold).
fn ipowi(base: i128, power: i128) -> Option<i128> {
    if power == 0 {
        return Some(1);
    }
    if power < 0 {
        return match base {
            0 => None,
            1 => Some(1),
            -1 => Some(if power & 1 == 1 { -1 } else { 1 }),
            _ => Some(0),
        };
    }
    let (mut result, mut b, mut p) = (1i128, base, power as u128);
    loop {
        if p & 1 == 1 {
            result = result.wrapping_mul(b);
        }
        p >>= 1;
        if p == 0 {
            return Some(result);
        }
        b = b.wrapping_mul(b);
    }
}

/// Folds a libm-backed op on f32/f64 constants, with upstream's domain checks.
fn libm_fold(ctx: &Context, kind: MathKind, args: &[Attr]) -> Option<Attr> {
    let AttrData::Float { bits, ty } = ctx.attr_data(args[0]) else {
        return None;
    };
    let ty = *ty;
    let second = match args.get(1).map(|&a| ctx.attr_data(a)) {
        Some(AttrData::Float { bits, ty: t2 }) if *t2 == ty => Some(*bits),
        Some(_) => return None,
        None => None,
    };
    let negative = match ctx.type_data(ty) {
        TypeData::Float(lattice_ir::types::FloatKind::F32) => (*bits as u32) >> 31 == 1,
        TypeData::Float(lattice_ir::types::FloatKind::F64) => (*bits as u64) >> 63 == 1,
        _ => return None,
    };
    if negative
        && matches!(
            kind,
            MathKind::Sqrt | MathKind::Log | MathKind::Log2 | MathKind::Log10
        )
    {
        return None;
    }
    let out_bits: u128 = match ctx.type_data(ty) {
        TypeData::Float(lattice_ir::types::FloatKind::F32) => {
            let x = f32::from_bits(*bits as u32);
            let y = second.map(|b| f32::from_bits(b as u32));
            if kind == MathKind::Log1p && x + 1.0 < 0.0 {
                return None;
            }
            let r = match (kind, y) {
                (MathKind::Sqrt, _) => x.sqrt(),
                (MathKind::Round, _) => x.round(),
                (MathKind::Trunc, _) => x.trunc(),
                (MathKind::Exp, _) => x.exp(),
                (MathKind::Exp2, _) => x.exp2(),
                (MathKind::ExpM1, _) => x.exp_m1(),
                (MathKind::Log, _) => x.ln(),
                (MathKind::Log2, _) => x.log2(),
                (MathKind::Log10, _) => x.log10(),
                (MathKind::Log1p, _) => x.ln_1p(),
                (MathKind::Sin, _) => x.sin(),
                (MathKind::Cos, _) => x.cos(),
                (MathKind::Tan, _) => x.tan(),
                (MathKind::Sinh, _) => x.sinh(),
                (MathKind::Cosh, _) => x.cosh(),
                (MathKind::Tanh, _) => x.tanh(),
                (MathKind::Asin, _) => x.asin(),
                (MathKind::Acos, _) => x.acos(),
                (MathKind::Atan, _) => x.atan(),
                (MathKind::Atan2, Some(y)) if x == 0.0 && y == 0.0 => f32::from_bits(0x7FC0_0000),
                (MathKind::Atan2, Some(y)) => x.atan2(y),
                (MathKind::PowF, Some(y)) => x.powf(y),
                _ => return None,
            };
            r.to_bits() as u128
        }
        _ => {
            let x = f64::from_bits(*bits as u64);
            let y = second.map(|b| f64::from_bits(b as u64));
            if kind == MathKind::Log1p && x + 1.0 < 0.0 {
                return None;
            }
            let r = match (kind, y) {
                (MathKind::Sqrt, _) => x.sqrt(),
                (MathKind::Round, _) => x.round(),
                (MathKind::Trunc, _) => x.trunc(),
                (MathKind::Exp, _) => x.exp(),
                (MathKind::Exp2, _) => x.exp2(),
                (MathKind::ExpM1, _) => x.exp_m1(),
                (MathKind::Log, _) => x.ln(),
                (MathKind::Log2, _) => x.log2(),
                (MathKind::Log10, _) => x.log10(),
                (MathKind::Log1p, _) => x.ln_1p(),
                (MathKind::Sin, _) => x.sin(),
                (MathKind::Cos, _) => x.cos(),
                (MathKind::Tan, _) => x.tan(),
                (MathKind::Sinh, _) => x.sinh(),
                (MathKind::Cosh, _) => x.cosh(),
                (MathKind::Tanh, _) => x.tanh(),
                (MathKind::Asin, _) => x.asin(),
                (MathKind::Acos, _) => x.acos(),
                (MathKind::Atan, _) => x.atan(),
                (MathKind::Atan2, Some(y)) if x == 0.0 && y == 0.0 => {
                    f64::from_bits(0x7FF8_0000_0000_0000)
                }
                (MathKind::Atan2, Some(y)) => x.atan2(y),
                (MathKind::PowF, Some(y)) => x.powf(y),
                _ => return None,
            };
            r.to_bits() as u128
        }
    };
    Some(ctx.attr(AttrData::Float { bits: out_bits, ty }))
}

fn fold_math(ir: &Ir, op: Op, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let kind = MathKind::of(ir, op)?;
    let arity = match kind {
        MathKind::CopySign | MathKind::Atan2 | MathKind::PowF | MathKind::IPowI => 2,
        _ => 1,
    };
    if consts.len() != ir.operands(op).len() || consts.len() != arity || ir.results(op).len() != 1 {
        return None;
    }
    let c = match kind {
        // Exact in every format (upstream folds these with APFloat).
        MathKind::AbsF | MathKind::Ceil | MathKind::Floor | MathKind::RoundEven => {
            fold_elementwise(ir, op, consts, 0, &|args| {
                let (x, ty) = float_of(ctx, args[0])?;
                let r = match kind {
                    MathKind::AbsF => x.abs(),
                    MathKind::Ceil => x.ceil(),
                    MathKind::Floor => x.floor(),
                    _ => round_even(x),
                };
                float_attr(ctx, ty, r)
            })
        }
        MathKind::CopySign => fold_elementwise(ir, op, consts, 0, &|args| {
            let (x, ty) = float_of(ctx, args[0])?;
            let (y, _) = float_of(ctx, args[1])?;
            float_attr(ctx, ty, x.copysign(y))
        }),
        // Upstream calls the C library for f32 and f64 only; so does this (Rust's
        // float methods call the same libm functions).
        MathKind::Sqrt
        | MathKind::Round
        | MathKind::Trunc
        | MathKind::Exp
        | MathKind::Exp2
        | MathKind::ExpM1
        | MathKind::Log
        | MathKind::Log2
        | MathKind::Log10
        | MathKind::Log1p
        | MathKind::Sin
        | MathKind::Cos
        | MathKind::Tan
        | MathKind::Sinh
        | MathKind::Cosh
        | MathKind::Tanh
        | MathKind::Asin
        | MathKind::Acos
        | MathKind::Atan
        | MathKind::Atan2
        | MathKind::PowF => fold_elementwise(ir, op, consts, 0, &|args| libm_fold(ctx, kind, args)),
        MathKind::IPowI => fold_elementwise(ir, op, consts, 0, &|args| {
            let (AttrData::Integer { value: b, ty }, AttrData::Integer { value: e, .. }) =
                (ctx.attr_data(args[0]), ctx.attr_data(args[1]))
            else {
                return None;
            };
            Some(ctx.int_attr(ipowi(*b, *e)?, *ty))
        }),
        MathKind::AbsI | MathKind::Ctlz | MathKind::Cttz | MathKind::CtPop => {
            fold_elementwise(ir, op, consts, 0, &|args| {
                let AttrData::Integer { value, ty } = ctx.attr_data(args[0]) else {
                    return None;
                };
                let w = match ctx.type_data(*ty) {
                    TypeData::Integer { width, .. } => *width,
                    _ => 64,
                };
                if w == 0 || w > 128 {
                    return None;
                }
                let mask = if w == 128 {
                    u128::MAX
                } else {
                    (1u128 << w) - 1
                };
                let u = (*value as u128) & mask;
                let r: i128 = match kind {
                    MathKind::AbsI => value.wrapping_abs(),
                    MathKind::Ctlz => (u.leading_zeros() - (128 - w)) as i128,
                    MathKind::Cttz => u.trailing_zeros().min(w) as i128,
                    _ => u.count_ones() as i128,
                };
                Some(ctx.int_attr(r, *ty))
            })
        }
        _ => None,
    }?;
    Some(vec![FoldResult::Constant(c)])
}

// ----- definitions -----

macro_rules! math_ops {
    ($( $id:ident: $view:ident = $name:literal, $attrs:tt, $parse:ident, $print:ident, $verify:ident, $fold:expr $(, $names:ident)?; )*) => {
        $(
            lattice_ir::def_op! {
                #[doc = concat!("`", $name, "`")]
                pub static $id: $view = $name {
                    attrs: $attrs,
                    traits: Traits::PURE,
                    parse: Some($parse),
                    print: Some($print),
                    verify: Some($verify),
                    fold: $fold,
                    $(result_names: Some($names),)?
                    generic_defaults: Some(crate::arith::populate_defaults),
                }
            }
        )*
    };
}

const F: Option<lattice_ir::registry::FoldFn> = Some(fold_math);

math_ops! {
    ABSF: AbsF = "math.absf", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    ABSI: AbsI = "math.absi", [], parse_unary_i, print_int, verify_unary_i, F;
    ACOS: Acos = "math.acos", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    ACOSH: Acosh = "math.acosh", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, None;
    ASIN: Asin = "math.asin", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    ASINH: Asinh = "math.asinh", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, None;
    ATAN: Atan = "math.atan", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    ATAN2: Atan2 = "math.atan2", [FASTMATH("fastmath")], parse_binary_f, print_float_op, verify_binary_f, F;
    ATANH: Atanh = "math.atanh", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, None;
    CBRT: Cbrt = "math.cbrt", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, None;
    CEIL: Ceil = "math.ceil", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    CLAMPF: ClampF = "math.clampf", [FASTMATH("fastmath")], parse_clampf, print_clampf, verify_ternary_f, None;
    COPYSIGN: CopySign = "math.copysign", [FASTMATH("fastmath")], parse_binary_f, print_float_op, verify_binary_f, F;
    COS: Cos = "math.cos", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    COSH: Cosh = "math.cosh", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    CTLZ: Ctlz = "math.ctlz", [], parse_unary_i, print_int, verify_unary_i, F;
    CTPOP: CtPop = "math.ctpop", [], parse_unary_i, print_int, verify_unary_i, F;
    CTTZ: Cttz = "math.cttz", [], parse_unary_i, print_int, verify_unary_i, F;
    ERF: Erf = "math.erf", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, None;
    ERFC: Erfc = "math.erfc", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, None;
    EXP: Exp = "math.exp", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    EXP2: Exp2 = "math.exp2", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    EXPM1: ExpM1 = "math.expm1", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    FLOOR: Floor = "math.floor", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    FMA: Fma = "math.fma", [FASTMATH("fastmath")], parse_ternary_f, print_float_op, verify_ternary_f, None;
    FPOWI: FPowI = "math.fpowi", [FASTMATH("fastmath")], parse_fpowi, print_fpowi, verify_fpowi, None;
    IPOWI: IPowI = "math.ipowi", [], parse_binary_i, print_int, verify_binary_i, F;
    ISFINITE: IsFinite = "math.isfinite", [FASTMATH("fastmath")], parse_classify, print_classify, verify_classify, None;
    ISINF: IsInf = "math.isinf", [FASTMATH("fastmath")], parse_classify, print_classify, verify_classify, None;
    ISNAN: IsNaN = "math.isnan", [FASTMATH("fastmath")], parse_classify, print_classify, verify_classify, None;
    ISNORMAL: IsNormal = "math.isnormal", [FASTMATH("fastmath")], parse_classify, print_classify, verify_classify, None;
    LOG: Log = "math.log", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    LOG10: Log10 = "math.log10", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    LOG1P: Log1p = "math.log1p", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    LOG2: Log2 = "math.log2", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    POWF: PowF = "math.powf", [FASTMATH("fastmath")], parse_binary_f, print_float_op, verify_binary_f, F;
    ROUND: Round = "math.round", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    ROUNDEVEN: RoundEven = "math.roundeven", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    RSQRT: Rsqrt = "math.rsqrt", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, None;
    SIN: Sin = "math.sin", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    SINCOS: Sincos = "math.sincos", [FASTMATH("fastmath")], parse_sincos, print_sincos, verify_sincos, None, sincos_names;
    SINH: Sinh = "math.sinh", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    SQRT: Sqrt = "math.sqrt", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    TAN: Tan = "math.tan", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    TANH: Tanh = "math.tanh", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
    TRUNC: Trunc = "math.trunc", [FASTMATH("fastmath")], parse_unary_f, print_float_op, verify_unary_f, F;
}

lattice_ir::def_op_kinds! {
    /// Which `math` op an op is (`MathKind::of(ir, op)`), for a `match` over many `math` ops
    /// without spelling their names; `MathKind::ALL` is what [`register`] registers.
    pub enum MathKind {
        AbsF,
        AbsI,
        Acos,
        Acosh,
        Asin,
        Asinh,
        Atan,
        Atan2,
        Atanh,
        Cbrt,
        Ceil,
        ClampF,
        CopySign,
        Cos,
        Cosh,
        Ctlz,
        CtPop,
        Cttz,
        Erf,
        Erfc,
        Exp,
        Exp2,
        ExpM1,
        Floor,
        Fma,
        FPowI,
        IPowI,
        IsFinite,
        IsInf,
        IsNaN,
        IsNormal,
        Log,
        Log10,
        Log1p,
        Log2,
        PowF,
        Round,
        RoundEven,
        Rsqrt,
        Sin,
        Sincos,
        Sinh,
        Sqrt,
        Tan,
        Tanh,
        Trunc,
    }
}

/// Registers the `math` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("math");
    ctx.register_ops(MathKind::ALL);
    // Every op may be inlined anywhere (MLIR's dialect inliner interface).
    ctx.register_inliner(MathKind::ALL, &lattice_ir::registry::DialectInliner::ALWAYS);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_helpers() {
        assert_eq!(round_even(2.5), 2.0);
        assert_eq!(round_even(3.5), 4.0);
        assert_eq!(round_even(-2.5), -2.0);
        assert_eq!(ipowi(3, 4), Some(81));
        assert_eq!(ipowi(-1, -3), Some(-1));
        assert_eq!(ipowi(0, -1), None);
        assert_eq!(ipowi(5, -2), Some(0));
    }
}
