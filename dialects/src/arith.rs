//! The `arith` dialect (LLVM 22): every op with its custom assembly form, inherent
//! attributes, verifier, folder and upstream's canonicalization patterns, plus helpers
//! shared with `math`, `func` and `cf` (fast-math flags, type-class checks, element-wise
//! constant folding, custom-op parse errors).
//!
//! Invariants: custom parsers always store every `DefaultValuedAttr` property
//! (`overflowFlags = #arith.overflow<none>`, `fastmath = #arith.fastmath<none>`) so the
//! generic form matches mlir-opt's; custom printers elide those defaults. Flag attributes
//! are stored as dialect attributes whose text is canonical (flags in bit order, `fast`
//! for all of them). Folders follow upstream's check by check (same order, same choice
//! between an existing value and a new constant, which decides where the canonicalizer
//! puts constants); they never fold undefined behaviour (division by zero, overflowing
//! signed division) and fold only the float formats they round exactly (f16, bf16, f32,
//! f64). Canonicalization hooks create their ops right before the op they rewrite and
//! erase nothing but that op.

use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::context::Context;
use lattice_ir::parser::{PResult, Parser};
use lattice_ir::printer::Printer;
use lattice_ir::registry::{FoldResult, Traits};
use lattice_ir::store::{Ir, Op, OperationState};
use lattice_ir::types::{FloatKind, Signedness, Type, TypeData};
use lattice_ir::verifier::Verifier;

// ---------------------------------------------------------------------------------------
// Shared helpers (also used by `math`, `func`, `cf`).
// ---------------------------------------------------------------------------------------

/// The text of a type as mlir-opt prints it (for diagnostics).
pub(crate) fn type_str(ir: &Ir, ty: Type) -> String {
    lattice_ir::printer::type_to_string(ir.ctx(), ty)
}

/// `i1` with the shape of `ty` (`vector<4xi1>` for `vector<4xf32>`), MLIR's
/// `getI1SameShape`.
pub(crate) fn i1_same_shape(ctx: &Context, ty: Type) -> Type {
    let i1 = ctx.i1_type();
    match ctx.type_data(ty).clone() {
        TypeData::Vector {
            shape, scalable, ..
        } => ctx.ty(TypeData::Vector {
            shape,
            scalable,
            element: i1,
        }),
        TypeData::RankedTensor {
            shape, encoding, ..
        } => ctx.ty(TypeData::RankedTensor {
            shape,
            element: i1,
            encoding,
        }),
        TypeData::UnrankedTensor { .. } => ctx.ty(TypeData::UnrankedTensor { element: i1 }),
        _ => i1,
    }
}

/// Whether `ty` is a vector or tensor (the containers "-like" type constraints allow).
pub(crate) fn is_vector_or_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_data(ty),
        TypeData::Vector { .. } | TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. }
    )
}

/// The element type of a vector or tensor, or `ty` itself for scalars; `None` for other
/// shaped types (memrefs), which "-like" constraints reject.
fn like_element(ctx: &Context, ty: Type) -> Option<Type> {
    if is_vector_or_tensor(ctx, ty) {
        Some(ctx.element_type(ty))
    } else if ctx.is_memref(ty) {
        None
    } else {
        Some(ty)
    }
}

/// Type classes of ODS type constraints, with their descriptions as mlir-opt prints them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TypeClass {
    /// `SignlessIntegerOrIndexLike`
    SignlessIntOrIndexLike,
    /// `SignlessFixedWidthIntegerLike` (no index)
    SignlessFixedIntLike,
    /// `FloatLike`
    FloatLike,
    /// `BoolLike`
    BoolLike,
    /// `IndexCastTypeConstraint`
    IndexCastable,
    /// `BitcastTypeConstraint`
    Bitcastable,
    /// Signless integer like, as `math` spells it.
    MathSignlessIntLike,
}

impl TypeClass {
    /// The description MLIR uses in "must be <description>".
    pub(crate) fn description(self) -> &'static str {
        match self {
            TypeClass::SignlessIntOrIndexLike => "signless-integer-like",
            TypeClass::SignlessFixedIntLike => "signless-fixed-width-integer-like",
            TypeClass::FloatLike => "floating-point-like",
            TypeClass::BoolLike => "bool-like",
            TypeClass::IndexCastable => "signless-integer-like or memref of signless-integer",
            TypeClass::Bitcastable => {
                "signless-integer-or-float-like or memref of signless-integer or float"
            }
            TypeClass::MathSignlessIntLike => "signless-integer-like",
        }
    }

    /// Whether `ty` satisfies the constraint.
    pub(crate) fn accepts(self, ctx: &Context, ty: Type) -> bool {
        let like = like_element(ctx, ty);
        let signless_or_index = |t: Type| ctx.is_signless_integer(t) || ctx.is_index(t);
        match self {
            TypeClass::SignlessIntOrIndexLike | TypeClass::MathSignlessIntLike => {
                like.is_some_and(signless_or_index)
            }
            TypeClass::SignlessFixedIntLike => like.is_some_and(|t| ctx.is_signless_integer(t)),
            TypeClass::FloatLike => like.is_some_and(|t| ctx.is_float(t)),
            TypeClass::BoolLike => {
                like.is_some_and(|t| ctx.int_width(t) == Some(1) && ctx.is_signless_integer(t))
            }
            TypeClass::IndexCastable => {
                like.is_some_and(signless_or_index)
                    || (ctx.is_memref(ty) && signless_or_index(ctx.element_type(ty)))
            }
            TypeClass::Bitcastable => {
                like.is_some_and(|t| ctx.is_signless_integer(t) || ctx.is_float(t))
                    || (ctx.is_memref(ty) && {
                        let e = ctx.element_type(ty);
                        ctx.is_signless_integer(e) || ctx.is_float(e)
                    })
            }
        }
    }
}

/// Checks the operand and result counts the way MLIR's `NOperands`/`OneResult` traits
/// report them; returns whether they are right.
pub(crate) fn check_counts(v: &mut Verifier<'_>, op: Op, operands: usize, results: usize) -> bool {
    let ir = v.ir();
    let n_res = ir.results(op).len();
    if n_res != results {
        match results {
            0 => v.error(op, "requires zero results"),
            1 => v.error(op, "requires one result"),
            n => v.error(op, format!("expected {n} results")),
        }
        return false;
    }
    let n_ops = ir.operands(op).len();
    if n_ops != operands {
        match operands {
            0 => v.error(op, "requires zero operands"),
            1 => v.error(op, "requires a single operand"),
            n => v.error(op, format!("expected {n} operands, but found {n_ops}")),
        }
        return false;
    }
    true
}

/// Checks that operand `index` satisfies `class` ("operand #0 must be ..., but got ...").
pub(crate) fn check_operand(v: &mut Verifier<'_>, op: Op, index: usize, class: TypeClass) -> bool {
    let ir = v.ir();
    let ty = ir.value_type(ir.operand(op, index));
    if class.accepts(ir.ctx(), ty) {
        return true;
    }
    let msg = format!(
        "operand #{index} must be {}, but got '{}'",
        class.description(),
        type_str(ir, ty)
    );
    v.error(op, msg);
    false
}

/// Checks that result `index` satisfies `class`.
pub(crate) fn check_result(v: &mut Verifier<'_>, op: Op, index: usize, class: TypeClass) -> bool {
    let ir = v.ir();
    let ty = ir.value_type(ir.result(op, index));
    if class.accepts(ir.ctx(), ty) {
        return true;
    }
    let msg = format!(
        "result #{index} must be {}, but got '{}'",
        class.description(),
        type_str(ir, ty)
    );
    v.error(op, msg);
    false
}

/// `SameOperandsAndResultType`.
pub(crate) fn check_same_type(v: &mut Verifier<'_>, op: Op) -> bool {
    let ir = v.ir();
    let mut tys = ir
        .operands(op)
        .iter()
        .chain(ir.results(op))
        .map(|&x| ir.value_type(x));
    let Some(first) = tys.next() else { return true };
    if tys.all(|t| t == first) {
        return true;
    }
    v.error(op, "requires the same type for all operands and results");
    false
}

/// The shape of `ty` for shape compatibility: `None` for non-shaped types,
/// `Some(None)` for unranked ones.
fn shape_of(ctx: &Context, ty: Type) -> Option<Option<Vec<i64>>> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, .. }
        | TypeData::RankedTensor { shape, .. }
        | TypeData::MemRef { shape, .. } => Some(Some(shape.clone())),
        TypeData::UnrankedTensor { .. } | TypeData::UnrankedMemRef { .. } => Some(None),
        _ => None,
    }
}

/// Whether `types` have compatible shapes (MLIR's `verifyCompatibleShapes`): all
/// non-shaped, or all shaped with equal ranks and equal or dynamic dims.
pub(crate) fn compatible_shapes(ctx: &Context, types: &[Type]) -> bool {
    let shapes: Vec<_> = types.iter().map(|&t| shape_of(ctx, t)).collect();
    let shaped = shapes.iter().filter(|s| s.is_some()).count();
    if shaped == 0 {
        return true;
    }
    if shaped != shapes.len() {
        return false;
    }
    let ranked: Vec<&Vec<i64>> = shapes.iter().flatten().filter_map(|s| s.as_ref()).collect();
    let Some(first) = ranked.first() else {
        return true;
    };
    for s in &ranked {
        if s.len() != first.len() {
            return false;
        }
    }
    for i in 0..first.len() {
        let mut dim = None;
        for s in &ranked {
            let d = s[i];
            if d == lattice_ir::types::DYNAMIC {
                continue;
            }
            match dim {
                None => dim = Some(d),
                Some(x) if x != d => return false,
                _ => {}
            }
        }
    }
    true
}

/// `SameOperandsAndResultShape`.
pub(crate) fn check_same_shape(v: &mut Verifier<'_>, op: Op) -> bool {
    let ir = v.ir();
    let tys: Vec<Type> = ir
        .operands(op)
        .iter()
        .chain(ir.results(op))
        .map(|&x| ir.value_type(x))
        .collect();
    if compatible_shapes(ir.ctx(), &tys) {
        return true;
    }
    v.error(op, "requires the same shape for all operands and results");
    false
}

/// A parse error from a custom op parser, prefixed like mlir-opt's
/// (`custom op 'arith.cmpi' expected ...`).
pub(crate) fn custom_error(
    p: &Parser<'_>,
    st: &OperationState,
    span: lattice_ir::diag::Span,
    message: impl std::fmt::Display,
) -> lattice_ir::diag::Diagnostic {
    p.error_at(
        span,
        format!("custom op '{}' {message}", p.ctx().str(st.name)),
    )
}

// ----- fast-math and overflow flags -----

/// Fast-math flag names in bit order (`reassoc` = 1, ..., `afn` = 64).
const FASTMATH_FLAGS: [&str; 7] = ["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"];
/// All fast-math flags (`fast`).
const FASTMATH_FAST: u32 = 127;

/// The canonical `#arith.fastmath<...>` attribute for `flags`.
pub(crate) fn fastmath_attr(ctx: &Context, flags: u32) -> Attr {
    ctx.attr(AttrData::Dialect(format!(
        "arith.fastmath<{}>",
        fastmath_text(flags)
    )))
}

/// The text inside `fastmath<...>` for `flags`.
fn fastmath_text(flags: u32) -> String {
    if flags == 0 {
        return "none".into();
    }
    if flags & FASTMATH_FAST == FASTMATH_FAST {
        return "fast".into();
    }
    let names: Vec<&str> = FASTMATH_FLAGS
        .iter()
        .enumerate()
        .filter(|(i, _)| flags & (1 << i) != 0)
        .map(|(_, n)| *n)
        .collect();
    names.join(",")
}

/// The flags of a `#arith.fastmath<...>` attribute.
pub(crate) fn fastmath_flags(ctx: &Context, attr: Attr) -> Option<u32> {
    let AttrData::Dialect(text) = ctx.attr_data(attr) else {
        return None;
    };
    let inner = text.strip_prefix("arith.fastmath<")?.strip_suffix('>')?;
    let mut flags = 0;
    for name in inner.split(',').map(str::trim) {
        flags |= match name {
            "none" => 0,
            "fast" => FASTMATH_FAST,
            _ => 1 << FASTMATH_FLAGS.iter().position(|f| *f == name)?,
        };
    }
    Some(flags)
}

/// Parses `<flag, ...>` after `fastmath`.
fn parse_fastmath_flags(p: &mut Parser<'_>, st: &OperationState) -> PResult<u32> {
    p.expect("<")?;
    let mut flags = 0;
    loop {
        let span = p.current_span();
        let name = p.parse_keyword().map_err(|_| {
            custom_error(p, st, span, "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast")
        })?;
        flags |= match name.as_str() {
            "none" => 0,
            "fast" => FASTMATH_FAST,
            _ => match FASTMATH_FLAGS.iter().position(|f| *f == name) {
                Some(i) => 1 << i,
                None => {
                    return Err(custom_error(p, st, span, "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"))
                }
            },
        };
        if !p.eat(",") {
            break;
        }
    }
    p.expect(">")?;
    Ok(flags)
}

/// Parses an optional `fastmath<...>` into the `fastmath` attribute of `st`.
pub(crate) fn parse_optional_fastmath(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.eat("fastmath") {
        let flags = parse_fastmath_flags(p, st)?;
        let name = p.intern("fastmath");
        let attr = fastmath_attr(p.ctx(), flags);
        st.add_attr(name, attr);
    }
    Ok(())
}

/// Stores `fastmath = #arith.fastmath<none>` unless the op already has one.
pub(crate) fn default_fastmath(p: &mut Parser<'_>, st: &mut OperationState) {
    let name = p.intern("fastmath");
    if st.attr(name).is_none() {
        let attr = fastmath_attr(p.ctx(), 0);
        st.add_attr(name, attr);
    }
}

/// Prints ` fastmath<...>` unless the op's flags are `none` or absent.
pub(crate) fn print_optional_fastmath(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    if let Some(attr) = ir.attr(op, "fastmath") {
        match fastmath_flags(ir.ctx(), attr) {
            Some(0) => {}
            Some(flags) => p.write(&format!(" fastmath<{}>", fastmath_text(flags))),
            None => {}
        }
    }
}

/// Attributes to elide from the attr-dict when the custom form printed `fastmath`
/// (or it is the default): `fastmath` unless it is not a fast-math attribute.
pub(crate) fn fastmath_printed(ir: &Ir, op: Op) -> bool {
    match ir.attr(op, "fastmath") {
        Some(a) => fastmath_flags(ir.ctx(), a).is_some(),
        None => true,
    }
}

/// The canonical `#arith.overflow<...>` attribute for `flags` (nsw = 1, nuw = 2).
pub(crate) fn overflow_attr(ctx: &Context, flags: u32) -> Attr {
    ctx.attr(AttrData::Dialect(format!(
        "arith.overflow<{}>",
        overflow_text(flags)
    )))
}

fn overflow_text(flags: u32) -> String {
    match flags & 3 {
        0 => "none".into(),
        1 => "nsw".into(),
        2 => "nuw".into(),
        _ => "nsw, nuw".into(),
    }
}

/// The flags of an `#arith.overflow<...>` attribute.
pub(crate) fn overflow_flags(ctx: &Context, attr: Attr) -> Option<u32> {
    let AttrData::Dialect(text) = ctx.attr_data(attr) else {
        return None;
    };
    let inner = text.strip_prefix("arith.overflow<")?.strip_suffix('>')?;
    let mut flags = 0;
    for name in inner.split(',').map(str::trim) {
        flags |= match name {
            "none" => 0,
            "nsw" => 1,
            "nuw" => 2,
            _ => return None,
        };
    }
    Some(flags)
}

fn parse_overflow(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let name = p.intern("overflowFlags");
    if p.eat("overflow") {
        p.expect("<")?;
        let mut flags = 0;
        loop {
            let span = p.current_span();
            let kw = p.parse_keyword()?;
            flags |=
                match kw.as_str() {
                    "none" => 0,
                    "nsw" => 1,
                    "nuw" => 2,
                    _ => return Err(custom_error(
                        p,
                        st,
                        span,
                        "expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw",
                    )),
                };
            if !p.eat(",") {
                break;
            }
        }
        p.expect(">")?;
        let attr = overflow_attr(p.ctx(), flags);
        st.add_attr(name, attr);
    }
    Ok(())
}

fn default_overflow(p: &mut Parser<'_>, st: &mut OperationState) {
    let name = p.intern("overflowFlags");
    if st.attr(name).is_none() {
        let attr = overflow_attr(p.ctx(), 0);
        st.add_attr(name, attr);
    }
}

fn print_overflow(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    if let Some(flags) = ir
        .attr(op, "overflowFlags")
        .and_then(|a| overflow_flags(ir.ctx(), a))
    {
        if flags != 0 {
            p.write(&format!(" overflow<{}>", overflow_text(flags)));
        }
    }
}

fn overflow_printed(ir: &Ir, op: Op) -> bool {
    match ir.attr(op, "overflowFlags") {
        Some(a) => overflow_flags(ir.ctx(), a).is_some(),
        None => true,
    }
}

// ----- common custom forms -----

/// `%a, %b, ... attr-dict : type` with all operands and the result of one type; `extra`
/// parses flags between the operands and the attr-dict.
pub(crate) fn parse_same_type_op(
    p: &mut Parser<'_>,
    st: &mut OperationState,
    num_operands: usize,
    extra: fn(&mut Parser<'_>, &mut OperationState) -> PResult<()>,
) -> PResult<()> {
    let mut operands = Vec::with_capacity(num_operands);
    for i in 0..num_operands {
        if i > 0 {
            p.expect(",")?;
        }
        operands.push(p.parse_operand()?);
    }
    extra(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    st.operands = p.resolve_operands_all(&operands, ty)?;
    st.result_types.push(ty);
    Ok(())
}

fn no_extra(_: &mut Parser<'_>, _: &mut OperationState) -> PResult<()> {
    Ok(())
}

/// Prints ` %a, %b` then `flags` then the attr-dict (minus `elided`) and ` : type`.
pub(crate) fn print_same_type_op(
    p: &mut Printer<'_>,
    op: Op,
    flags: fn(&mut Printer<'_>, Op),
    elided: &[&str],
) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    flags(p, op);
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    let ty = ir
        .results(op)
        .first()
        .or(ir.operands(op).first())
        .map(|&v| ir.value_type(v));
    if let Some(ty) = ty {
        p.print_type(ty);
    }
}

fn no_flags(_: &mut Printer<'_>, _: Op) {}

// ----- integer binary ops -----

fn parse_int_overflow(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_same_type_op(p, st, 2, parse_overflow)?;
    default_overflow(p, st);
    Ok(())
}

fn print_int_overflow(p: &mut Printer<'_>, op: Op) {
    let elided: &[&str] = if overflow_printed(p.ir(), op) {
        &["overflowFlags"]
    } else {
        &[]
    };
    print_same_type_op(p, op, print_overflow, elided);
}

fn parse_exact(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.eat("exact") {
        let name = p.intern("isExact");
        let unit = p.ctx().unit_attr();
        st.add_attr(name, unit);
    }
    Ok(())
}

fn parse_int_exact(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_same_type_op(p, st, 2, parse_exact)
}

fn print_exact(p: &mut Printer<'_>, op: Op) {
    if p.ir().attr(op, "isExact").is_some() {
        p.write(" exact");
    }
}

fn print_int_exact(p: &mut Printer<'_>, op: Op) {
    print_same_type_op(p, op, print_exact, &["isExact"]);
}

fn parse_binary(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_same_type_op(p, st, 2, no_extra)
}

fn print_plain(p: &mut Printer<'_>, op: Op) {
    print_same_type_op(p, op, no_flags, &[]);
}

fn verify_int_binary(v: &mut Verifier<'_>, op: Op) {
    let _ = check_counts(v, op, 2, 1)
        && check_same_type(v, op)
        && check_operand(v, op, 0, TypeClass::SignlessIntOrIndexLike)
        && check_operand(v, op, 1, TypeClass::SignlessIntOrIndexLike)
        && check_result(v, op, 0, TypeClass::SignlessIntOrIndexLike);
}

// ----- float unary/binary ops -----

/// `%a, %b (fastmath<...>)? attr-dict : type` (or one operand), storing the default
/// fast-math flags.
pub(crate) fn parse_float_n(p: &mut Parser<'_>, st: &mut OperationState, n: usize) -> PResult<()> {
    parse_same_type_op(p, st, n, parse_optional_fastmath)?;
    default_fastmath(p, st);
    Ok(())
}

fn parse_float_binary(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_float_n(p, st, 2)
}

fn parse_float_unary(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_float_n(p, st, 1)
}

/// Prints the float op forms (`fastmath` in the custom syntax, elided when `none`).
pub(crate) fn print_float_op(p: &mut Printer<'_>, op: Op) {
    let elided: &[&str] = if fastmath_printed(p.ir(), op) {
        &["fastmath"]
    } else {
        &[]
    };
    print_same_type_op(p, op, print_optional_fastmath, elided);
}

fn verify_float_binary(v: &mut Verifier<'_>, op: Op) {
    let _ = check_counts(v, op, 2, 1)
        && check_same_type(v, op)
        && check_operand(v, op, 0, TypeClass::FloatLike)
        && check_operand(v, op, 1, TypeClass::FloatLike)
        && check_result(v, op, 0, TypeClass::FloatLike);
}

fn verify_float_unary(v: &mut Verifier<'_>, op: Op) {
    let _ = check_counts(v, op, 1, 1)
        && check_same_type(v, op)
        && check_operand(v, op, 0, TypeClass::FloatLike)
        && check_result(v, op, 0, TypeClass::FloatLike);
}

// ----- constant -----

fn parse_constant(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(st)?;
    let span = p.current_span();
    let value = p.parse_attribute(None)?;
    let Some(ty) = p.ctx().attr_type(value) else {
        return Err(custom_error(p, st, span, "expected attribute with a type"));
    };
    let name = p.intern("value");
    st.add_attr(name, value);
    st.result_types.push(ty);
    Ok(())
}

fn print_constant(p: &mut Printer<'_>, op: Op) {
    p.print_optional_attr_dict(op, &["value"]);
    if let Some(value) = p.ir().attr(op, "value") {
        p.write(" ");
        p.print_attribute(value);
    }
}

fn verify_constant(v: &mut Verifier<'_>, op: Op) {
    if !check_counts(v, op, 0, 1) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(value) = ir.attr(op, "value") else {
        v.error(op, "requires attribute 'value'");
        return;
    };
    let ty = ir.value_type(ir.result(op, 0));
    if ctx.attr_type(value) != Some(ty) {
        v.error(
            op,
            "failed to verify that all of {value, result} have same type",
        );
        return;
    }
    if let TypeData::Integer { signedness, .. } = ctx.type_data(ty) {
        if *signedness != Signedness::Signless {
            v.error(op, "integer return type must be signless");
            return;
        }
    }
    // A scalable vector takes only a splat (a `dense_resource` or `sparse` is never one).
    let splat = match ctx.attr_data(value) {
        AttrData::Integer { .. } | AttrData::Float { .. } => return,
        AttrData::DenseElements { values, .. } => values.len() <= 1,
        AttrData::DenseResource { .. } | AttrData::Sparse { .. } => false,
        _ => {
            v.error(op, "value must be an integer, float, or elements attribute");
            return;
        }
    };
    if let TypeData::Vector { scalable, .. } = ctx.type_data(ty) {
        if scalable.iter().any(|&s| s) && !splat {
            v.error(
                op,
                "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
            );
        }
    }
}

fn constant_names(ir: &Ir, op: Op, names: &mut Vec<(usize, String)>) {
    let ctx = ir.ctx();
    let Some(value) = ir.attr(op, "value") else {
        return;
    };
    let name = match ctx.attr_data(value) {
        AttrData::Integer { value, ty } => match ctx.type_data(*ty) {
            TypeData::Integer { width: 1, .. } => {
                (if *value != 0 { "true" } else { "false" }).to_string()
            }
            TypeData::Integer { .. } => format!("c{value}_{}", type_str(ir, *ty)),
            _ => format!("c{value}"),
        },
        _ => "cst".to_string(),
    };
    names.push((0, name));
}

fn fold_constant(ir: &Ir, op: Op, _: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    ir.attr(op, "value").map(|a| vec![FoldResult::Constant(a)])
}

/// `arith.muli %c4, %vscale` is named `%c4_vscale`.
fn muli_names(ir: &Ir, op: Op, names: &mut Vec<(usize, String)>) {
    let ops = ir.operands(op);
    if ops.len() != 2 {
        return;
    }
    let def = |i: usize| ir.defining_op(ops[i]);
    for (c, s) in [(0, 1), (1, 0)] {
        if let (Some(cop), Some(sop)) = (def(c), def(s)) {
            if ir.isa::<Constant>(cop) && ir.isa::<crate::vector::VScale>(sop) {
                if let Some(n) = ir.attr(cop, "value").and_then(|a| ir.ctx().int_value(a)) {
                    names.push((0, format!("c{n}_vscale")));
                    return;
                }
            }
        }
    }
}

// ----- extended arithmetic -----

fn parse_addui_extended(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    p.expect(",")?;
    let b = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    p.expect(",")?;
    let oty = p.parse_type()?;
    st.operands = p.resolve_operands_all(&[a, b], ty)?;
    st.result_types = vec![ty, oty];
    Ok(())
}

fn print_addui_extended(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_types(
        &ir.results(op)
            .iter()
            .map(|&r| ir.value_type(r))
            .collect::<Vec<_>>(),
    );
}

fn verify_addui_extended(v: &mut Verifier<'_>, op: Op) {
    if !check_counts(v, op, 2, 2) {
        return;
    }
    let ir = v.ir();
    let t = |x| ir.value_type(x);
    let (a, b, s, o) = (
        t(ir.operand(op, 0)),
        t(ir.operand(op, 1)),
        t(ir.result(op, 0)),
        t(ir.result(op, 1)),
    );
    let _ = check_operand(v, op, 0, TypeClass::SignlessIntOrIndexLike)
        && check_operand(v, op, 1, TypeClass::SignlessIntOrIndexLike)
        && check_result(v, op, 0, TypeClass::SignlessIntOrIndexLike)
        && check_result(v, op, 1, TypeClass::BoolLike)
        && {
            if a != b || a != s {
                v.error(
                    op,
                    "failed to verify that all of {lhs, rhs, sum} have same type",
                );
                false
            } else if !compatible_shapes(ir.ctx(), &[s, o]) {
                v.error(op, "expected overflow to have the same shape as the sum");
                false
            } else {
                true
            }
        };
}

fn parse_mul_extended(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_same_type_op(p, st, 2, no_extra)?;
    let ty = st.result_types[0];
    st.result_types.push(ty);
    Ok(())
}

fn print_mul_extended(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if let Some(&a) = ir.operands(op).first() {
        p.print_type(ir.value_type(a));
    }
}

fn verify_mul_extended(v: &mut Verifier<'_>, op: Op) {
    if !check_counts(v, op, 2, 2) {
        return;
    }
    let ir = v.ir();
    let tys: Vec<Type> = ir
        .operands(op)
        .iter()
        .chain(ir.results(op))
        .map(|&x| ir.value_type(x))
        .collect();
    let _ = check_operand(v, op, 0, TypeClass::SignlessIntOrIndexLike)
        && check_operand(v, op, 1, TypeClass::SignlessIntOrIndexLike)
        && check_result(v, op, 0, TypeClass::SignlessIntOrIndexLike)
        && check_result(v, op, 1, TypeClass::SignlessIntOrIndexLike)
        && {
            if tys.iter().any(|&t| t != tys[0]) {
                v.error(
                    op,
                    "failed to verify that all of {lhs, rhs, low, high} have same type",
                );
                false
            } else {
                true
            }
        };
}

fn addui_names(_: &Ir, _: Op, names: &mut Vec<(usize, String)>) {
    names.push((0, "sum".into()));
    names.push((1, "overflow".into()));
}

fn mul_extended_names(_: &Ir, _: Op, names: &mut Vec<(usize, String)>) {
    names.push((0, "low".into()));
    names.push((1, "high".into()));
}

// ----- comparisons and select -----

const CMPI_PREDICATES: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
const CMPF_PREDICATES: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

fn parse_predicate(p: &mut Parser<'_>, st: &mut OperationState, names: &[&str]) -> PResult<()> {
    let span = p.current_span();
    let word = match p.parse_optional_keyword() {
        Some(w) => Some(w),
        None => p.parse_optional_string()?,
    };
    let index = word
        .as_deref()
        .and_then(|w| names.iter().position(|n| *n == w));
    let Some(index) = index else {
        return Err(custom_error(p, st,
            span,
            format!(
                "expected string or keyword containing one of the following enum values for attribute 'predicate' [{}]",
                names.join(", ")
            ),
        ));
    };
    let name = p.intern("predicate");
    let attr = p.ctx().i64_attr(index as i64);
    st.add_attr(name, attr);
    p.expect(",")?;
    Ok(())
}

fn parse_cmp(p: &mut Parser<'_>, st: &mut OperationState, float: bool) -> PResult<()> {
    let start = p.current_span();
    parse_predicate(
        p,
        st,
        if float {
            &CMPF_PREDICATES
        } else {
            &CMPI_PREDICATES
        },
    )?;
    let a = p.parse_operand()?;
    p.expect(",")?;
    let b = p.parse_operand()?;
    if float {
        parse_optional_fastmath(p, st)?;
    }
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    // The result type is inferred from the operand type, so upstream's generated parser
    // checks the operand constraint here, before the verifier runs.
    let class = if float {
        TypeClass::FloatLike
    } else {
        TypeClass::SignlessIntOrIndexLike
    };
    if !class.accepts(p.ctx(), ty) {
        let t = lattice_ir::printer::type_to_string(p.ctx(), ty);
        return Err(custom_error(
            p,
            st,
            start,
            format!("'lhs' must be {}, but got '{t}'", class.description()),
        ));
    }
    if float {
        default_fastmath(p, st);
    }
    st.operands = p.resolve_operands_all(&[a, b], ty)?;
    let rt = i1_same_shape(p.ctx(), ty);
    st.result_types.push(rt);
    Ok(())
}

fn parse_cmpi(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_cmp(p, st, false)
}

fn parse_cmpf(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_cmp(p, st, true)
}

fn print_cmp(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let float = ir.isa::<CmpF>(op);
    let names: &[&str] = if float {
        &CMPF_PREDICATES
    } else {
        &CMPI_PREDICATES
    };
    let pred = ir.attr(op, "predicate").and_then(|a| ir.ctx().int_value(a));
    let mut elided = vec!["predicate"];
    p.write(" ");
    match pred.and_then(|i| names.get(i as usize)) {
        Some(n) => p.write(n),
        None => {
            elided.clear();
            p.write("\"\"");
        }
    }
    p.write(", ");
    p.print_operands(ir.operands(op));
    if float {
        print_optional_fastmath(p, op);
        if fastmath_printed(ir, op) {
            elided.push("fastmath");
        }
    }
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    if let Some(&a) = ir.operands(op).first() {
        p.print_type(ir.value_type(a));
    }
}

fn verify_cmp(v: &mut Verifier<'_>, op: Op) {
    if !check_counts(v, op, 2, 1) {
        return;
    }
    let ir = v.ir();
    let float = ir.isa::<CmpF>(op);
    let class = if float {
        TypeClass::FloatLike
    } else {
        TypeClass::SignlessIntOrIndexLike
    };
    let n = if float { 16 } else { 10 };
    match ir.attr(op, "predicate").map(|a| ir.ctx().int_value(a)) {
        None => {
            v.error(op, "requires attribute 'predicate'");
            return;
        }
        Some(Some(x)) if (0..n).contains(&x) => {}
        Some(_) => {
            v.error(op, "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases");
            return;
        }
    }
    let (a, b) = (
        ir.value_type(ir.operand(op, 0)),
        ir.value_type(ir.operand(op, 1)),
    );
    if a != b {
        v.error(op, "requires all operands to have the same type");
        return;
    }
    let _ = check_operand(v, op, 0, class)
        && check_operand(v, op, 1, class)
        && check_result(v, op, 0, TypeClass::BoolLike)
        && {
            let r = ir.value_type(ir.result(op, 0));
            if r != i1_same_shape(ir.ctx(), a) {
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

fn parse_select(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let c = p.parse_operand()?;
    p.expect(",")?;
    let a = p.parse_operand()?;
    p.expect(",")?;
    let b = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let first = p.parse_colon_type()?;
    let (cty, ty) = if p.eat(",") {
        (first, p.parse_type()?)
    } else {
        (p.ctx().i1_type(), first)
    };
    let mut ops = vec![p.resolve_operand(&c, cty)?];
    ops.extend(p.resolve_operands_all(&[a, b], ty)?);
    st.operands = ops;
    st.result_types.push(ty);
    Ok(())
}

fn print_select(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if let Some(&c) = ir.operands(op).first() {
        let cty = ir.value_type(c);
        if ir.ctx().is_shaped(cty) {
            p.print_type(cty);
            p.write(", ");
        }
    }
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn verify_select(v: &mut Verifier<'_>, op: Op) {
    if !check_counts(v, op, 3, 1) {
        return;
    }
    let ir = v.ir();
    let t = |i: usize| ir.value_type(ir.operand(op, i));
    let r = ir.value_type(ir.result(op, 0));
    if !check_operand(v, op, 0, TypeClass::BoolLike) {
        return;
    }
    let cty = t(0);
    if cty != ir.ctx().i1_type() && cty != i1_same_shape(ir.ctx(), r) {
        v.error(
            op,
            "failed to verify that condition is signless i1 or has matching shape",
        );
        return;
    }
    if t(1) != t(2) || t(1) != r {
        v.error(
            op,
            "failed to verify that all of {true_value, false_value, result} have same type",
        );
        return;
    }
}

// ----- casts -----

/// `%in (extra)? attr-dict : T1 to T2`.
fn parse_cast_with(
    p: &mut Parser<'_>,
    st: &mut OperationState,
    extra: fn(&mut Parser<'_>, &mut OperationState) -> PResult<()>,
) -> PResult<()> {
    let a = p.parse_operand()?;
    extra(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let from = p.parse_colon_type()?;
    p.expect("to")?;
    let to = p.parse_type()?;
    st.operands = vec![p.resolve_operand(&a, from)?];
    st.result_types.push(to);
    Ok(())
}

fn parse_cast(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_cast_with(p, st, no_extra)
}

fn parse_cast_fastmath(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_cast_with(p, st, parse_optional_fastmath)
}

fn parse_trunci(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_cast_with(p, st, parse_overflow)?;
    default_overflow(p, st);
    Ok(())
}

const ROUNDING_MODES: [&str; 5] = [
    "to_nearest_even",
    "downward",
    "upward",
    "toward_zero",
    "to_nearest_away",
];

fn parse_rounding_and_fastmath(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if let Some(kw) = p.parse_optional_keyword_of(&ROUNDING_MODES) {
        let mode = ROUNDING_MODES.iter().position(|m| *m == kw).unwrap_or(0);
        let name = p.intern("roundingmode");
        let attr = {
            let ctx = p.ctx();
            ctx.int_attr(mode as i128, ctx.int_type(32))
        };
        st.add_attr(name, attr);
    }
    parse_optional_fastmath(p, st)
}

fn parse_truncf(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_cast_with(p, st, parse_rounding_and_fastmath)
}

fn print_cast_with(p: &mut Printer<'_>, op: Op, flags: fn(&mut Printer<'_>, Op), elided: &[&str]) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    flags(p, op);
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    if let Some(&a) = ir.operands(op).first() {
        p.print_type(ir.value_type(a));
    }
    p.write(" to ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn print_cast(p: &mut Printer<'_>, op: Op) {
    print_cast_with(p, op, no_flags, &[]);
}

fn print_cast_fastmath(p: &mut Printer<'_>, op: Op) {
    let elided: &[&str] = if fastmath_printed(p.ir(), op) {
        &["fastmath"]
    } else {
        &[]
    };
    print_cast_with(p, op, print_optional_fastmath, elided);
}

fn print_trunci(p: &mut Printer<'_>, op: Op) {
    let elided: &[&str] = if overflow_printed(p.ir(), op) {
        &["overflowFlags"]
    } else {
        &[]
    };
    print_cast_with(p, op, print_overflow, elided);
}

fn rounding_mode(ir: &Ir, op: Op) -> Option<usize> {
    let v = ir.ctx().int_value(ir.attr(op, "roundingmode")?)?;
    (0..ROUNDING_MODES.len() as i128)
        .contains(&v)
        .then_some(v as usize)
}

fn print_rounding_and_fastmath(p: &mut Printer<'_>, op: Op) {
    if let Some(mode) = rounding_mode(p.ir(), op) {
        p.write(" ");
        p.write(ROUNDING_MODES[mode]);
    }
    print_optional_fastmath(p, op);
}

fn print_truncf(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let mut elided = Vec::new();
    if fastmath_printed(ir, op) {
        elided.push("fastmath");
    }
    if ir.attr(op, "roundingmode").is_none() || rounding_mode(ir, op).is_some() {
        elided.push("roundingmode");
    }
    print_cast_with(p, op, print_rounding_and_fastmath, &elided);
}

/// The bit width of a scalar int/float element (`index` counts as 64).
fn elem_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Float(k) => Some(k.width()),
        TypeData::Index => Some(64),
        _ => None,
    }
}

/// Whether `from`/`to` are the same container kind (both scalars, both vectors, ...).
fn same_container(ctx: &Context, from: Type, to: Type) -> bool {
    let kind = |t: Type| match ctx.type_data(t) {
        TypeData::Vector { .. } => 1,
        TypeData::RankedTensor { .. } | TypeData::UnrankedTensor { .. } => 2,
        TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. } => 3,
        _ => 0,
    };
    kind(from) == kind(to)
}

fn cast_compatible(ctx: &Context, kind: Option<ArithKind>, from: Type, to: Type) -> bool {
    if !same_container(ctx, from, to) {
        return false;
    }
    let (f, t) = (ctx.element_type(from), ctx.element_type(to));
    let (fw, tw) = (elem_width(ctx, f), elem_width(ctx, t));
    let int = |x: Type| ctx.is_signless_integer(x);
    let float = |x: Type| ctx.is_float(x);
    match kind {
        Some(ArithKind::ExtSI | ArithKind::ExtUI) => int(f) && int(t) && tw > fw,
        Some(ArithKind::TruncI) => int(f) && int(t) && tw < fw,
        Some(ArithKind::ExtF) => float(f) && float(t) && tw > fw,
        Some(ArithKind::TruncF) => float(f) && float(t) && tw < fw,
        Some(ArithKind::SIToFP | ArithKind::UIToFP) => int(f) && float(t),
        Some(ArithKind::FPToSI | ArithKind::FPToUI) => float(f) && int(t),
        Some(ArithKind::IndexCast | ArithKind::IndexCastUI) => {
            (ctx.is_index(f) && int(t)) || (int(f) && ctx.is_index(t))
        }
        Some(ArithKind::Bitcast) => (int(f) || float(f)) && (int(t) || float(t)) && fw == tw,
        _ => true,
    }
}

fn verify_cast(v: &mut Verifier<'_>, op: Op) {
    if !check_counts(v, op, 1, 1) {
        return;
    }
    let ir = v.ir();
    let kind = ArithKind::of(ir, op);
    let (from_class, to_class) = match kind {
        Some(ArithKind::ExtSI | ArithKind::ExtUI | ArithKind::TruncI) => (
            TypeClass::SignlessFixedIntLike,
            TypeClass::SignlessFixedIntLike,
        ),
        Some(ArithKind::ExtF | ArithKind::TruncF) => (TypeClass::FloatLike, TypeClass::FloatLike),
        Some(ArithKind::SIToFP | ArithKind::UIToFP) => {
            (TypeClass::SignlessFixedIntLike, TypeClass::FloatLike)
        }
        Some(ArithKind::FPToSI | ArithKind::FPToUI) => {
            (TypeClass::FloatLike, TypeClass::SignlessFixedIntLike)
        }
        Some(ArithKind::IndexCast | ArithKind::IndexCastUI) => {
            (TypeClass::IndexCastable, TypeClass::IndexCastable)
        }
        _ => (TypeClass::Bitcastable, TypeClass::Bitcastable),
    };
    if !check_same_shape(v, op)
        || !check_operand(v, op, 0, from_class)
        || !check_result(v, op, 0, to_class)
    {
        return;
    }
    let from = ir.value_type(ir.operand(op, 0));
    let to = ir.value_type(ir.result(op, 0));
    if !cast_compatible(ir.ctx(), kind, from, to) {
        v.error(
            op,
            format!(
                "operand type '{}' and result type '{}' are cast incompatible",
                type_str(ir, from),
                type_str(ir, to)
            ),
        );
    }
}

fn parse_scaling(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let a = p.parse_operand()?;
    p.expect(",")?;
    let s = p.parse_operand()?;
    if ArithKind::of_name(p.ctx(), &ir_name(p, st)) == Some(ArithKind::ScalingTruncF) {
        parse_rounding_and_fastmath(p, st)?;
    } else {
        parse_optional_fastmath(p, st)?;
    }
    p.parse_optional_attr_dict(st)?;
    let aty = p.parse_colon_type()?;
    p.expect(",")?;
    let sty = p.parse_type()?;
    p.expect("to")?;
    let to = p.parse_type()?;
    st.operands = vec![p.resolve_operand(&a, aty)?, p.resolve_operand(&s, sty)?];
    st.result_types.push(to);
    Ok(())
}

fn ir_name(p: &Parser<'_>, st: &OperationState) -> String {
    p.ctx().str(st.name).to_string()
}

fn print_scaling(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let trunc = ir.isa::<ScalingTruncF>(op);
    p.write(" ");
    p.print_operands(ir.operands(op));
    let mut elided = Vec::new();
    if trunc {
        print_rounding_and_fastmath(p, op);
        if ir.attr(op, "roundingmode").is_none() || rounding_mode(ir, op).is_some() {
            elided.push("roundingmode");
        }
    } else {
        print_optional_fastmath(p, op);
    }
    if fastmath_printed(ir, op) {
        elided.push("fastmath");
    }
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    let tys: Vec<Type> = ir.operands(op).iter().map(|&x| ir.value_type(x)).collect();
    p.print_types(&tys);
    p.write(" to ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn verify_scaling(v: &mut Verifier<'_>, op: Op) {
    if !check_counts(v, op, 2, 1) {
        return;
    }
    let _ = check_operand(v, op, 0, TypeClass::FloatLike)
        && check_operand(v, op, 1, TypeClass::FloatLike)
        && check_result(v, op, 0, TypeClass::FloatLike)
        && {
            let ir = v.ir();
            let ctx = ir.ctx();
            let (i, s, r) = (
                ir.value_type(ir.operand(op, 0)),
                ir.value_type(ir.operand(op, 1)),
                ir.value_type(ir.result(op, 0)),
            );
            let trunc = ir.isa::<ScalingTruncF>(op);
            if !compatible_shapes(ctx, &[i, s]) {
                v.error(op, "requires the same shape for all operands and results");
                false
            } else if (trunc
                && elem_width(ctx, ctx.element_type(r)) >= elem_width(ctx, ctx.element_type(i)))
                || (!trunc
                    && elem_width(ctx, ctx.element_type(r)) <= elem_width(ctx, ctx.element_type(i)))
            {
                v.error(
                    op,
                    format!(
                        "operand types '{}', '{}' and result type '{}' are cast incompatible",
                        type_str(ir, i),
                        type_str(ir, s),
                        type_str(ir, r)
                    ),
                );
                false
            } else {
                true
            }
        };
}

// ---------------------------------------------------------------------------------------
// Constant folding.
// ---------------------------------------------------------------------------------------

/// A constant as a list of element attributes (one for scalars and splats).
fn elements(ctx: &Context, attr: Attr) -> Option<Vec<Attr>> {
    match ctx.attr_data(attr) {
        AttrData::Integer { .. } | AttrData::Float { .. } => Some(vec![attr]),
        AttrData::DenseElements { values, .. } if !values.is_empty() => Some(values.clone()),
        _ => None,
    }
}

/// The number of elements of a statically shaped type, 1 for scalars.
fn num_elements(ctx: &Context, ty: Type) -> Option<usize> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, .. } | TypeData::RankedTensor { shape, .. } => {
            if shape.iter().any(|&d| d < 0) {
                None
            } else {
                Some(shape.iter().product::<i64>() as usize)
            }
        }
        TypeData::UnrankedTensor { .. }
        | TypeData::MemRef { .. }
        | TypeData::UnrankedMemRef { .. } => None,
        _ => Some(1),
    }
}

/// Builds a constant of type `ty` from element attributes (splat when all are equal).
pub(crate) fn make_constant(ctx: &Context, ty: Type, mut values: Vec<Attr>) -> Option<Attr> {
    if values.is_empty() {
        return None;
    }
    if !is_vector_or_tensor(ctx, ty) {
        return (values.len() == 1).then(|| values[0]);
    }
    let n = num_elements(ctx, ty)?;
    if values.iter().all(|&v| v == values[0]) {
        values.truncate(1);
    } else if values.len() != n {
        return None;
    }
    Some(ctx.attr(AttrData::DenseElements { ty, values }))
}

/// Applies `f` element-wise to the constant operands (broadcasting splats).
pub(crate) fn fold_elementwise(
    ir: &Ir,
    op: Op,
    consts: &[Option<Attr>],
    result: usize,
    f: &dyn Fn(&[Attr]) -> Option<Attr>,
) -> Option<Attr> {
    let ctx = ir.ctx();
    let mut lists = Vec::with_capacity(consts.len());
    for c in consts {
        lists.push(elements(ctx, (*c)?)?);
    }
    let n = lists.iter().map(Vec::len).max().unwrap_or(1);
    if lists.iter().any(|l| l.len() != 1 && l.len() != n) {
        return None;
    }
    let mut out = Vec::with_capacity(n);
    let mut args = Vec::with_capacity(lists.len());
    for i in 0..n {
        args.clear();
        args.extend(lists.iter().map(|l| if l.len() == 1 { l[0] } else { l[i] }));
        out.push(f(&args)?);
    }
    let ty = ir.value_type(ir.result(op, result));
    make_constant(ctx, ty, out)
}

/// An integer element: (value normalized to its type, width, type).
fn int_elem(ctx: &Context, a: Attr) -> Option<(i128, u32, Type)> {
    match ctx.attr_data(a) {
        AttrData::Integer { value, ty } => Some((*value, elem_width(ctx, *ty)?, *ty)),
        _ => None,
    }
}

/// `v` as an unsigned number of `width` bits.
fn to_unsigned(v: i128, width: u32) -> u128 {
    if width >= 128 {
        v as u128
    } else {
        (v as u128) & ((1u128 << width) - 1)
    }
}

/// `v` sign-extended from `width` bits.
fn to_signed(v: i128, width: u32) -> i128 {
    if width >= 128 || width == 0 {
        return v;
    }
    let u = to_unsigned(v, width);
    let sign = 1u128 << (width - 1);
    if u & sign != 0 {
        (u | !((1u128 << width) - 1)) as i128
    } else {
        u as i128
    }
}

/// The float format of a type, if Lattice can fold it exactly.
fn float_format(ctx: &Context, ty: Type) -> Option<FloatKind> {
    match ctx.type_data(ty) {
        TypeData::Float(
            k @ (FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64),
        ) => Some(*k),
        _ => None,
    }
}

/// (exponent bits, mantissa bits) of the foldable formats.
fn float_layout(kind: FloatKind) -> (u32, u32) {
    match kind {
        FloatKind::F16 => (5, 10),
        FloatKind::BF16 => (8, 7),
        FloatKind::F32 => (8, 23),
        _ => (11, 52),
    }
}

/// Decodes the bits of a float of `kind` to f64 (exact for every foldable format).
pub(crate) fn decode_float(kind: FloatKind, bits: u128) -> f64 {
    match kind {
        FloatKind::F64 => f64::from_bits(bits as u64),
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        FloatKind::BF16 => f32::from_bits((bits as u32) << 16) as f64,
        _ => {
            let (eb, mb) = float_layout(kind);
            let bits = bits as u64;
            let sign = if bits >> (eb + mb) & 1 == 1 {
                -1.0
            } else {
                1.0
            };
            let e = ((bits >> mb) & ((1 << eb) - 1)) as i32;
            let m = bits & ((1 << mb) - 1);
            let bias = (1 << (eb - 1)) - 1;
            if e == (1 << eb) - 1 {
                return if m == 0 {
                    sign * f64::INFINITY
                } else {
                    f64::NAN
                };
            }
            let (mant, exp) = if e == 0 {
                (m, 1 - bias - mb as i32)
            } else {
                (m | (1 << mb), e - bias - mb as i32)
            };
            sign * (mant as f64) * 2f64.powi(exp)
        }
    }
}

/// Rounds `m >> s` to nearest, ties to even.
fn shift_round_even(m: u64, s: u32) -> u64 {
    if s == 0 {
        return m;
    }
    if s >= 64 {
        return 0;
    }
    let q = m >> s;
    let rem = m & ((1u64 << s) - 1);
    let half = 1u64 << (s - 1);
    if rem > half || (rem == half && q & 1 == 1) {
        q + 1
    } else {
        q
    }
}

/// Encodes `x` in format `kind`, rounding to nearest even (a NaN becomes the quiet NaN
/// of its sign with no payload).
pub(crate) fn encode_float(kind: FloatKind, x: f64) -> u128 {
    let (eb, mb) = float_layout(kind);
    let sign_bit = (x.is_sign_negative() as u64) << (eb + mb);
    let exp_max = (1u64 << eb) - 1;
    if x.is_nan() {
        return (sign_bit | (exp_max << mb) | (1u64 << (mb - 1))) as u128;
    }
    if kind == FloatKind::F64 {
        return x.to_bits() as u128;
    }
    let a = x.abs();
    if a.is_infinite() {
        return (sign_bit | (exp_max << mb)) as u128;
    }
    if a == 0.0 {
        return sign_bit as u128;
    }
    let bias = (1i64 << (eb - 1)) - 1;
    let bits = a.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64;
    let m = if e == 0 {
        bits & ((1 << 52) - 1)
    } else {
        (bits & ((1 << 52) - 1)) | (1 << 52)
    };
    let base = if e == 0 { 1 - 1075 } else { e - 1075 }; // value = m * 2^base
    let lead = 63 - m.leading_zeros() as i64 + base; // exponent of the leading bit
    let mut te = lead + bias;
    let scale = if te >= 1 {
        lead - mb as i64
    } else {
        1 - bias - mb as i64
    };
    let shift = base - scale;
    let mut q = if shift >= 0 {
        m << shift
    } else {
        shift_round_even(m, (-shift) as u32)
    };
    if te >= 1 {
        if q >> (mb + 1) != 0 {
            q >>= 1;
            te += 1;
        }
        if te as u64 >= exp_max {
            return (sign_bit | (exp_max << mb)) as u128;
        }
        (sign_bit | ((te as u64) << mb) | (q & ((1 << mb) - 1))) as u128
    } else {
        (sign_bit | q) as u128
    }
}

/// A float element: (value, format, type).
fn float_elem(ctx: &Context, a: Attr) -> Option<(f64, FloatKind, Type)> {
    match ctx.attr_data(a) {
        AttrData::Float { bits, ty } => {
            let k = float_format(ctx, *ty)?;
            Some((decode_float(k, *bits), k, *ty))
        }
        _ => None,
    }
}

/// A float attribute of type `ty` holding `x` rounded to the type's format.
pub(crate) fn float_attr(ctx: &Context, ty: Type, x: f64) -> Option<Attr> {
    let k = float_format(ctx, ty)?;
    Some(ctx.attr(AttrData::Float {
        bits: encode_float(k, x),
        ty,
    }))
}

fn int_binary(kind: ArithKind, a: i128, b: i128, w: u32) -> Option<i128> {
    let (ua, ub) = (to_unsigned(a, w), to_unsigned(b, w));
    let (sa, sb) = (to_signed(a, w), to_signed(b, w));
    let min = if w >= 128 {
        i128::MIN
    } else {
        -(1i128 << (w - 1))
    };
    Some(match kind {
        ArithKind::AddI => a.wrapping_add(b),
        ArithKind::SubI => a.wrapping_sub(b),
        ArithKind::MulI => a.wrapping_mul(b),
        ArithKind::AndI => a & b,
        ArithKind::OrI => a | b,
        ArithKind::XOrI => a ^ b,
        ArithKind::DivUI => (ua.checked_div(ub)?) as i128,
        ArithKind::RemUI => (ua.checked_rem(ub)?) as i128,
        ArithKind::CeilDivUI => {
            if ub == 0 {
                return None;
            }
            (ua / ub + u128::from(ua % ub != 0)) as i128
        }
        ArithKind::RemSI => {
            if sb == 0 {
                return None;
            }
            // MIN % -1 is 0 (APInt's srem does not overflow).
            if sb == -1 {
                0
            } else {
                sa % sb
            }
        }
        ArithKind::DivSI | ArithKind::FloorDivSI => {
            if sb == 0 || (sa == min && sb == -1) {
                return None;
            }
            let (q, r) = (sa / sb, sa % sb);
            if kind == ArithKind::FloorDivSI && r != 0 && ((r < 0) != (sb < 0)) {
                q - 1
            } else {
                q
            }
        }
        ArithKind::CeilDivSI => ceildivsi(sa, sb, w)?,
        ArithKind::ShLI | ArithKind::ShRUI | ArithKind::ShRSI => {
            if ub >= w as u128 {
                return None;
            }
            let s = ub as u32;
            match kind {
                ArithKind::ShLI => {
                    ((ua << s)
                        & if w >= 128 {
                            u128::MAX
                        } else {
                            (1u128 << w) - 1
                        }) as i128
                }
                ArithKind::ShRUI => (ua >> s) as i128,
                _ => sa >> s,
            }
        }
        ArithKind::MaxSI => sa.max(sb),
        ArithKind::MinSI => sa.min(sb),
        ArithKind::MaxUI => ua.max(ub) as i128,
        ArithKind::MinUI => ua.min(ub) as i128,
        _ => return None,
    })
}

/// Upstream's `ceildivsi` folder, which gives up when any intermediate step (negating
/// an operand, the division, negating the quotient) overflows `w` bits.
fn ceildivsi(a: i128, b: i128, w: u32) -> Option<i128> {
    if b == 0 {
        return None;
    }
    if a == 0 {
        return Some(0);
    }
    let min = if w >= 128 {
        i128::MIN
    } else {
        -(1i128 << (w - 1))
    };
    let max = if w >= 128 {
        i128::MAX
    } else {
        (1i128 << (w - 1)) - 1
    };
    let fits = |x: i128| (min..=max).contains(&x);
    let neg = |x: i128| {
        let r = x.checked_neg()?;
        fits(r).then_some(r)
    };
    // ceil(a / b) for a > 0, b > 0: (a - 1) / b + 1.
    let ceil_pos = |a: i128, b: i128| {
        let q = (a - 1) / b + 1;
        fits(q).then_some(q)
    };
    match (a > 0, b > 0) {
        (true, true) => ceil_pos(a, b),
        (false, false) => ceil_pos(neg(a)?, neg(b)?),
        (false, true) => {
            let q = neg(a)? / b;
            neg(q)
        }
        (true, false) => {
            let q = a / neg(b)?;
            neg(q)
        }
    }
}

/// Rounds the integer `-mag` or `mag` to float format `kind` (nearest, ties to even),
/// as `APFloat::convertFromAPInt` does; `None` for formats Lattice does not fold.
fn int_to_float_bits(kind: FloatKind, negative: bool, mag: u128) -> Option<u128> {
    if !matches!(
        kind,
        FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64
    ) {
        return None;
    }
    let (eb, mb) = float_layout(kind);
    let sign = (negative as u128) << (eb + mb);
    if mag == 0 {
        return Some(0);
    }
    let bias = (1i64 << (eb - 1)) - 1;
    let exp_max = (1u128 << eb) - 1;
    let p = 127 - mag.leading_zeros() as i64; // exponent of the leading bit
    let mut e = p;
    let mut q = if p > mb as i64 {
        let s = (p - mb as i64) as u32;
        let (hi, rem) = (mag >> s, mag & ((1u128 << s) - 1));
        let half = 1u128 << (s - 1);
        if rem > half || (rem == half && hi & 1 == 1) {
            hi + 1
        } else {
            hi
        }
    } else {
        mag << (mb as i64 - p)
    };
    if q >> (mb + 1) != 0 {
        q >>= 1;
        e += 1;
    }
    let te = (e + bias) as u128;
    if te >= exp_max {
        return Some(sign | (exp_max << mb));
    }
    Some(sign | (te << mb) | (q & ((1u128 << mb) - 1)))
}

fn cmpi(pred: i128, a: i128, b: i128, w: u32) -> Option<bool> {
    let (ua, ub) = (to_unsigned(a, w), to_unsigned(b, w));
    let (sa, sb) = (to_signed(a, w), to_signed(b, w));
    Some(match pred {
        0 => ua == ub,
        1 => ua != ub,
        2 => sa < sb,
        3 => sa <= sb,
        4 => sa > sb,
        5 => sa >= sb,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        9 => ua >= ub,
        _ => return None,
    })
}

fn cmpf(pred: i128, a: f64, b: f64) -> Option<bool> {
    let unordered = a.is_nan() || b.is_nan();
    let ord = |r: bool| !unordered && r;
    let uno = |r: bool| unordered || r;
    Some(match pred {
        0 => false,
        1 => ord(a == b),
        2 => ord(a > b),
        3 => ord(a >= b),
        4 => ord(a < b),
        5 => ord(a <= b),
        6 => ord(a != b),
        7 => !unordered,
        8 => uno(a == b),
        9 => uno(a > b),
        10 => uno(a >= b),
        11 => uno(a < b),
        12 => uno(a <= b),
        13 => uno(a != b),
        14 => unordered,
        15 => true,
        _ => return None,
    })
}

/// IEEE 754-2019 maximum/minimum (NaN-propagating, -0 < +0).
fn maximum(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b {
        // Distinguish zeros by sign.
        return if max == a.is_sign_negative() { b } else { a };
    }
    if (a > b) == max {
        a
    } else {
        b
    }
}

/// maxnum/minnum (NaN-ignoring).
fn maxnum(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    // LLVM's maxnum/minnum order -0 below +0.
    if a == b {
        return if max == a.is_sign_negative() { b } else { a };
    }
    if (a > b) == max {
        a
    } else {
        b
    }
}

fn float_binary(kind: ArithKind, a: f64, b: f64) -> Option<f64> {
    // APFloat propagates the first NaN operand (quieted); an invalid operation gives the
    // positive default NaN. Rust's NaN results carry the host's sign, so pick explicitly.
    let r = float_binary_raw(kind, a, b)?;
    Some(if !r.is_nan() {
        r
    } else if a.is_nan() {
        a
    } else if b.is_nan() {
        b
    } else {
        f64::NAN.abs()
    })
}

fn float_binary_raw(kind: ArithKind, a: f64, b: f64) -> Option<f64> {
    Some(match kind {
        ArithKind::AddF => a + b,
        ArithKind::SubF => a - b,
        ArithKind::MulF => a * b,
        ArithKind::DivF => a / b,
        ArithKind::RemF => a % b,
        ArithKind::MaximumF => maximum(a, b, true),
        ArithKind::MinimumF => maximum(a, b, false),
        ArithKind::MaxNumF => maxnum(a, b, true),
        ArithKind::MinNumF => maxnum(a, b, false),
        _ => return None,
    })
}

/// Whether all elements of constant `c` are the integer `v` (or the float `f`).
fn is_const_int(ctx: &Context, c: Option<Attr>, v: i128) -> bool {
    let Some(els) = c.and_then(|c| elements(ctx, c)) else {
        return false;
    };
    els.iter()
        .all(|&e| matches!(int_elem(ctx, e), Some((x, w, _)) if to_signed(x, w) == to_signed(v, w)))
}

/// Whether all elements of `c` are the float `f` (bitwise, so `-0.0` differs from `0.0`).
fn is_const_float(ctx: &Context, c: Option<Attr>, f: f64) -> bool {
    let Some(els) = c.and_then(|c| elements(ctx, c)) else {
        return false;
    };
    els.iter()
        .all(|&e| matches!(float_elem(ctx, e), Some((x, _, _)) if x.to_bits() == f.to_bits()))
}

/// A constant of the result type whose elements are the integer `v`.
fn int_splat(ir: &Ir, op: Op, result: usize, v: i128) -> Option<Attr> {
    let ctx = ir.ctx();
    let ty = ir.value_type(ir.result(op, result));
    let el = ctx.element_type(ty);
    if !ctx.is_int_or_index(el) {
        return None;
    }
    make_constant(ctx, ty, vec![ctx.int_attr(v, el)])
}

fn fold_arith(ir: &Ir, op: Op, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let kind = ArithKind::of(ir, op)?;
    let operands = ir.operands(op);
    let (arity, results) = match kind {
        ArithKind::NegF
        | ArithKind::ExtSI
        | ArithKind::ExtUI
        | ArithKind::TruncI
        | ArithKind::ExtF
        | ArithKind::TruncF
        | ArithKind::SIToFP
        | ArithKind::UIToFP
        | ArithKind::FPToSI
        | ArithKind::FPToUI
        | ArithKind::IndexCast
        | ArithKind::IndexCastUI
        | ArithKind::Bitcast => (1, 1),
        ArithKind::Select => (3, 1),
        ArithKind::AddUIExtended | ArithKind::MulSIExtended | ArithKind::MulUIExtended => (2, 2),
        _ => (2, 1),
    };
    if consts.len() != operands.len() || operands.len() != arity || ir.results(op).len() != results
    {
        return None;
    }
    // The checks below follow upstream's folders one by one, in their order, returning an
    // existing value or a new constant exactly where upstream does (which decides where
    // the canonicalizer's constants end up).
    let l = operands[0];
    let f = ArithFold {
        ir,
        op,
        consts,
        kind,
        l,
        r: operands.get(1).copied().unwrap_or(l),
        rhs_c: consts.get(1).copied().flatten(),
    };
    match kind {
        ArithKind::AddI | ArithKind::SubI | ArithKind::MulI => f.int_arith(),
        ArithKind::DivUI
        | ArithKind::DivSI
        | ArithKind::CeilDivUI
        | ArithKind::CeilDivSI
        | ArithKind::FloorDivSI
        | ArithKind::RemUI
        | ArithKind::RemSI => f.int_div(),
        ArithKind::AndI => f.andi(),
        ArithKind::OrI => f.ori(),
        ArithKind::XOrI => f.xori(),
        ArithKind::ShLI | ArithKind::ShRUI | ArithKind::ShRSI => f.shift(),
        ArithKind::MaxSI | ArithKind::MaxUI | ArithKind::MinSI | ArithKind::MinUI => {
            f.int_min_max()
        }
        ArithKind::AddF
        | ArithKind::SubF
        | ArithKind::MulF
        | ArithKind::DivF
        | ArithKind::RemF
        | ArithKind::MaximumF
        | ArithKind::MinimumF
        | ArithKind::MaxNumF
        | ArithKind::MinNumF => f.float_arith(),
        ArithKind::NegF => f.negf(),
        ArithKind::CmpI => f.cmpi(),
        ArithKind::CmpF => f.cmpf(),
        ArithKind::Select => f.select(),
        ArithKind::ExtSI
        | ArithKind::ExtUI
        | ArithKind::TruncI
        | ArithKind::IndexCast
        | ArithKind::IndexCastUI => f.int_cast(),
        ArithKind::SIToFP | ArithKind::UIToFP => f.int_to_float(),
        ArithKind::FPToSI | ArithKind::FPToUI => f.float_to_int(),
        ArithKind::ExtF | ArithKind::TruncF => f.float_cast(),
        ArithKind::Bitcast => f.bitcast(),
        ArithKind::AddUIExtended => f.addui_extended(),
        ArithKind::MulSIExtended | ArithKind::MulUIExtended => f.mul_extended(),
        _ => None,
    }
}

/// What [`fold_arith`]'s folders return: the op's results, or `None` when it does not fold.
type Folded = Option<Vec<FoldResult>>;

/// The fold of a single existing value.
fn fold_to_value(v: lattice_ir::store::Value) -> Folded {
    Some(vec![FoldResult::Value(v)])
}

/// The fold of a single new constant.
fn fold_to_const(a: Attr) -> Folded {
    Some(vec![FoldResult::Constant(a)])
}

/// One `arith` op being folded: its operands (`r` is `l` for one-operand ops) and the
/// constant values known for them.
#[derive(Clone, Copy)]
struct ArithFold<'a> {
    ir: &'a Ir,
    op: Op,
    consts: &'a [Option<Attr>],
    kind: ArithKind,
    l: lattice_ir::store::Value,
    r: lattice_ir::store::Value,
    rhs_c: Option<Attr>,
}

impl ArithFold<'_> {
    /// The right operand is the integer constant (or splat) `v`.
    fn rhs_is(&self, v: i128) -> bool {
        is_const_int(self.ir.ctx(), self.rhs_c, v)
    }

    /// The op named `n` (with operands) defining `v`, if any.
    fn def(&self, v: lattice_ir::store::Value, n: &str) -> Option<Op> {
        let ir = self.ir;
        ir.defining_op(v)
            .filter(|&d| ir.is_op(d, n) && !ir.operands(d).is_empty())
    }

    /// The integer binary op applied to constant operands, element-wise.
    fn int_fold(&self) -> Option<Attr> {
        let (ctx, kind) = (self.ir.ctx(), self.kind);
        fold_elementwise(self.ir, self.op, self.consts, 0, &|args| {
            let (a, w, ty) = int_elem(ctx, args[0])?;
            let (b, _, _) = int_elem(ctx, args[1])?;
            Some(ctx.int_attr(int_binary(kind, a, b, w)?, ty))
        })
    }

    /// The float binary op applied to constant operands, element-wise.
    fn float_fold(&self) -> Option<Attr> {
        let (ctx, kind) = (self.ir.ctx(), self.kind);
        fold_elementwise(self.ir, self.op, self.consts, 0, &|args| {
            let (a, _, ty) = float_elem(ctx, args[0])?;
            let (b, _, _) = float_elem(ctx, args[1])?;
            float_attr(ctx, ty, float_binary(kind, a, b)?)
        })
    }

    /// The signed minimum and maximum of the left operand's element width, for max/min
    /// folds.
    fn signed_extremes(&self) -> (i128, i128) {
        let ctx = self.ir.ctx();
        let width = elem_width(ctx, ctx.element_type(self.ir.value_type(self.l))).unwrap_or(64);
        let smax = if width >= 128 {
            i128::MAX
        } else {
            (1i128 << (width - 1)) - 1
        };
        let smin = if width >= 128 {
            i128::MIN
        } else {
            -(1i128 << (width - 1))
        };
        (smin, smax)
    }

    /// `arith.addi` / `subi` / `muli`: identities, cancellations, constants.
    fn int_arith(&self) -> Folded {
        let Self { ir, op, l, r, .. } = *self;
        match self.kind {
            ArithKind::AddI => {
                if self.rhs_is(0) {
                    return fold_to_value(l);
                }
                if let Some(d) = self.def(l, SubI::NAME).filter(|&d| ir.operand(d, 1) == r) {
                    return fold_to_value(ir.operand(d, 0));
                }
                if let Some(d) = self.def(r, SubI::NAME).filter(|&d| ir.operand(d, 1) == l) {
                    return fold_to_value(ir.operand(d, 0));
                }
                fold_to_const(self.int_fold()?)
            }
            ArithKind::SubI => {
                if l == r {
                    if let Some(z) = int_splat(ir, op, 0, 0) {
                        return fold_to_const(z);
                    }
                }
                if self.rhs_is(0) {
                    return fold_to_value(l);
                }
                if let Some(d) = self.def(l, AddI::NAME) {
                    if ir.operand(d, 1) == r {
                        return fold_to_value(ir.operand(d, 0));
                    }
                    if ir.operand(d, 0) == r {
                        return fold_to_value(ir.operand(d, 1));
                    }
                }
                fold_to_const(self.int_fold()?)
            }
            ArithKind::MulI => {
                if self.rhs_is(0) {
                    return fold_to_value(r);
                }
                if self.rhs_is(1) {
                    return fold_to_value(l);
                }
                fold_to_const(self.int_fold()?)
            }
            _ => unreachable!(),
        }
    }

    /// The integer divisions and remainders.
    fn int_div(&self) -> Folded {
        let Self {
            ir, op, kind, l, r, ..
        } = *self;
        match self.kind {
            ArithKind::DivUI | ArithKind::DivSI => {
                if self.rhs_is(1) {
                    return fold_to_value(l);
                }
                // (a * b) / b -> a when the product cannot wrap (nuw / nsw).
                let needed = if kind == ArithKind::DivUI { 2 } else { 1 };
                if let Some(m) = self
                    .def(l, MulI::NAME)
                    .filter(|&m| ovf(ir, m) & needed == needed)
                {
                    if ir.operand(m, 0) == r {
                        return fold_to_value(ir.operand(m, 1));
                    }
                    if ir.operand(m, 1) == r {
                        return fold_to_value(ir.operand(m, 0));
                    }
                }
                fold_to_const(self.int_fold()?)
            }
            ArithKind::CeilDivUI | ArithKind::CeilDivSI | ArithKind::FloorDivSI => {
                if self.rhs_is(1) {
                    return fold_to_value(l);
                }
                fold_to_const(self.int_fold()?)
            }
            ArithKind::RemUI | ArithKind::RemSI => {
                if self.rhs_is(1) {
                    if let Some(z) = int_splat(ir, op, 0, 0) {
                        return fold_to_const(z);
                    }
                }
                fold_to_const(self.int_fold()?)
            }
            _ => unreachable!(),
        }
    }

    /// `arith.andi`.
    fn andi(&self) -> Folded {
        let Self { ir, op, l, r, .. } = *self;
        let ctx = ir.ctx();
        if self.rhs_is(0) {
            return fold_to_value(r);
        }
        if self.rhs_is(-1) {
            return fold_to_value(l);
        }
        // and(x, not(x)) -> 0, and(not(x), x) -> 0
        for (x, n) in [(l, r), (r, l)] {
            if let Some(d) = self.def(n, XOrI::NAME) {
                if ir.operand(d, 0) == x && is_const_int(ctx, const_attr(ir, ir.operand(d, 1)), -1)
                {
                    if let Some(z) = int_splat(ir, op, 0, 0) {
                        return fold_to_const(z);
                    }
                }
            }
        }
        // and(a, and(a, b)) -> and(a, b), and the commuted forms.
        for (x, y) in [(l, r), (r, l)] {
            if let Some(d) = self.def(y, AndI::NAME) {
                if ir.operand(d, 0) == x || ir.operand(d, 1) == x {
                    return fold_to_value(y);
                }
            }
        }
        if let Some(c) = self.int_fold() {
            return fold_to_const(c);
        }
        (l == r).then(|| vec![FoldResult::Value(l)])
    }

    /// `arith.ori`.
    fn ori(&self) -> Folded {
        let Self {
            ir, l, r, rhs_c, ..
        } = *self;
        let ctx = ir.ctx();
        if self.rhs_is(0) {
            return fold_to_value(l);
        }
        if self.rhs_is(-1) {
            return fold_to_const(rhs_c?);
        }
        // or(x, xor(x, -1)) -> -1, or(xor(x, -1), x) -> -1
        for (x, n) in [(l, r), (r, l)] {
            if let Some(d) = self.def(n, XOrI::NAME) {
                if ir.operand(d, 0) == x && is_const_int(ctx, const_attr(ir, ir.operand(d, 1)), -1)
                {
                    return fold_to_value(ir.operand(d, 1));
                }
            }
        }
        if let Some(c) = self.int_fold() {
            return fold_to_const(c);
        }
        (l == r).then(|| vec![FoldResult::Value(l)])
    }

    /// `arith.xori`.
    fn xori(&self) -> Folded {
        let Self { ir, op, l, r, .. } = *self;
        if self.rhs_is(0) {
            return fold_to_value(l);
        }
        if l == r {
            if let Some(z) = int_splat(ir, op, 0, 0) {
                return fold_to_const(z);
            }
        }
        if let Some(d) = self.def(l, XOrI::NAME) {
            if ir.operand(d, 1) == r {
                return fold_to_value(ir.operand(d, 0));
            }
            if ir.operand(d, 0) == r {
                return fold_to_value(ir.operand(d, 1));
            }
        }
        if let Some(d) = self.def(r, XOrI::NAME) {
            if ir.operand(d, 1) == l {
                return fold_to_value(ir.operand(d, 0));
            }
            if ir.operand(d, 0) == l {
                return fold_to_value(ir.operand(d, 1));
            }
        }
        fold_to_const(self.int_fold()?)
    }

    /// The shifts: by zero, or of constants.
    fn shift(&self) -> Folded {
        let Self { l, .. } = *self;
        if self.rhs_is(0) {
            return fold_to_value(l);
        }
        fold_to_const(self.int_fold()?)
    }

    /// Signed / unsigned integer min and max.
    fn int_min_max(&self) -> Folded {
        let Self { kind, l, r, .. } = *self;
        let (smin, smax) = self.signed_extremes();
        if l == r {
            return fold_to_value(r);
        }
        // The absorbing and the identity extremes.
        let (absorbing, identity) = match kind {
            ArithKind::MaxSI => (smax, smin),
            ArithKind::MaxUI => (-1, 0),
            ArithKind::MinSI => (smin, smax),
            _ => (0, -1),
        };
        if self.rhs_is(absorbing) {
            return fold_to_value(r);
        }
        if self.rhs_is(identity) {
            return fold_to_value(l);
        }
        fold_to_const(self.int_fold()?)
    }

    /// The float arithmetic ops, min and max included.
    fn float_arith(&self) -> Folded {
        let Self {
            ir,
            kind,
            l,
            r,
            rhs_c,
            ..
        } = *self;
        let ctx = ir.ctx();
        match self.kind {
            ArithKind::AddF => {
                if is_const_float(ctx, rhs_c, -0.0) {
                    return fold_to_value(l);
                }
                fold_to_const(self.float_fold()?)
            }
            ArithKind::SubF => {
                if is_const_float(ctx, rhs_c, 0.0) {
                    return fold_to_value(l);
                }
                fold_to_const(self.float_fold()?)
            }
            ArithKind::MulF | ArithKind::DivF => {
                if is_const_float(ctx, rhs_c, 1.0) {
                    return fold_to_value(l);
                }
                fold_to_const(self.float_fold()?)
            }
            ArithKind::RemF => fold_to_const(self.float_fold()?),
            ArithKind::MaximumF | ArithKind::MinimumF | ArithKind::MaxNumF | ArithKind::MinNumF => {
                if l == r {
                    return fold_to_value(r);
                }
                let identity = match kind {
                    ArithKind::MaximumF => is_const_float(ctx, rhs_c, f64::NEG_INFINITY),
                    ArithKind::MinimumF => is_const_float(ctx, rhs_c, f64::INFINITY),
                    // maxnumf/minnumf(x, NaN) -> x
                    _ => rhs_c.and_then(|c| elements(ctx, c)).is_some_and(|els| {
                        els.iter()
                            .all(|&e| float_elem(ctx, e).is_some_and(|(x, _, _)| x.is_nan()))
                    }),
                };
                if identity {
                    return fold_to_value(l);
                }
                fold_to_const(self.float_fold()?)
            }
            _ => unreachable!(),
        }
    }

    /// `arith.negf`.
    fn negf(&self) -> Folded {
        let Self {
            ir, op, consts, l, ..
        } = *self;
        let ctx = ir.ctx();
        // negf(negf(x)) -> x
        if let Some(d) = self.def(l, NegF::NAME) {
            return fold_to_value(ir.operand(d, 0));
        }
        let c = fold_elementwise(ir, op, consts, 0, &|args| {
            let AttrData::Float { bits, ty } = ctx.attr_data(args[0]) else {
                return None;
            };
            let k = float_format(ctx, *ty)?;
            let (eb, mb) = float_layout(k);
            // Negation flips the sign bit, NaNs included.
            Some(ctx.attr(AttrData::Float {
                bits: bits ^ (1u128 << (eb + mb)),
                ty: *ty,
            }))
        })?;
        fold_to_const(c)
    }

    /// `arith.cmpi`.
    fn cmpi(&self) -> Folded {
        let Self {
            ir,
            op,
            consts,
            l,
            r,
            ..
        } = *self;
        let ctx = ir.ctx();
        let pred = ctx.int_value(ir.attr(op, "predicate")?)?;
        if l == r {
            let res = matches!(pred, 0 | 3 | 5 | 7 | 9);
            return fold_to_const(int_splat(ir, op, 0, res as i128)?);
        }
        let lhs_i1 = ctx.int_width(ctx.element_type(ir.value_type(l))) == Some(1);
        if self.rhs_is(0) {
            // cmpi ne, ext(%x : i1), 0 -> %x
            for ext in [ExtSI::NAME, ExtUI::NAME] {
                if let Some(d) = self.def(l, ext) {
                    let src = ir.operand(d, 0);
                    if ctx.int_width(ctx.element_type(ir.value_type(src))) == Some(1) && pred == 1 {
                        return fold_to_value(src);
                    }
                }
            }
            // cmpi ne, %x, false : i1 -> %x
            if lhs_i1 && pred == 1 {
                return fold_to_value(l);
            }
        }
        // cmpi eq, %x, true : i1 -> %x
        if lhs_i1 && pred == 0 && self.rhs_is(1) {
            return fold_to_value(l);
        }
        let c = fold_elementwise(ir, op, consts, 0, &|args| {
            let (a, w, _) = int_elem(ctx, args[0])?;
            let (b, _, _) = int_elem(ctx, args[1])?;
            Some(ctx.bool_attr(cmpi(pred, a, b, w)?))
        })?;
        fold_to_const(c)
    }

    /// `arith.cmpf`.
    fn cmpf(&self) -> Folded {
        let Self { ir, op, consts, .. } = *self;
        let ctx = ir.ctx();
        // Scalars only; a NaN operand decides alone.
        let pred = ctx.int_value(ir.attr(op, "predicate")?)?;
        let scalar = |c: Option<Attr>| {
            c.and_then(|c| match ctx.attr_data(c) {
                AttrData::Float { .. } => float_elem(ctx, c).map(|(x, _, _)| x),
                _ => None,
            })
        };
        let (mut a, mut b) = (scalar(consts[0]), scalar(consts[1]));
        if a.is_some_and(f64::is_nan) {
            b = a;
        }
        if b.is_some_and(f64::is_nan) {
            a = b;
        }
        fold_to_const(ctx.bool_attr(cmpf(pred, a?, b?)?))
    }

    /// `arith.select`.
    fn select(&self) -> Folded {
        let Self { ir, op, consts, .. } = *self;
        let ctx = ir.ctx();
        let operands = ir.operands(op);
        let (c, t, f) = (operands[0], operands[1], operands[2]);
        if t == f {
            return fold_to_value(t);
        }
        if is_const_int(ctx, consts[0], 1) {
            return fold_to_value(t);
        }
        if is_const_int(ctx, consts[0], 0) {
            return fold_to_value(f);
        }
        let rty = ir.value_type(ir.result(op, 0));
        if rty == ctx.i1_type()
            && is_const_int(ctx, consts[1], 1)
            && is_const_int(ctx, consts[2], 0)
        {
            return fold_to_value(c);
        }
        if let Some(cmp) = self.def(c, CmpI::NAME) {
            let pred = ir.attr(cmp, "predicate").and_then(|a| ctx.int_value(a));
            if matches!(pred, Some(0 | 1)) {
                let (cl, cr) = (ir.operand(cmp, 0), ir.operand(cmp, 1));
                if (cl == t && cr == f) || (cr == t && cl == f) {
                    return fold_to_value(if pred == Some(1) { t } else { f });
                }
            }
        }
        // Element-wise select of dense constants by a dense condition.
        let is_dense = |c: Option<Attr>| {
            c.is_some_and(|c| matches!(ctx.attr_data(c), AttrData::DenseElements { .. }))
        };
        if is_dense(consts[0]) && is_dense(consts[1]) && is_dense(consts[2]) {
            let c = fold_elementwise(ir, op, consts, 0, &|args| {
                let (cv, _, _) = int_elem(ctx, args[0])?;
                Some(if cv != 0 { args[1] } else { args[2] })
            })?;
            return fold_to_const(c);
        }
        None
    }

    /// The integer extensions, truncation and index casts.
    fn int_cast(&self) -> Folded {
        let Self {
            ir,
            op,
            consts,
            kind,
            l,
            ..
        } = *self;
        let ctx = ir.ctx();
        let rty = ir.value_type(ir.result(op, 0));
        // trunci(extsi(x)) / trunci(extui(x)) -> x when the types round-trip.
        if kind == ArithKind::TruncI {
            if let Some(d) = self
                .def(l, ExtSI::NAME)
                .or_else(|| self.def(l, ExtUI::NAME))
            {
                if ir.value_type(ir.operand(d, 0)) == rty {
                    return fold_to_value(ir.operand(d, 0));
                }
            }
        }
        if ctx.is_memref(rty) {
            return None;
        }
        let rel = ctx.element_type(rty);
        let c = fold_elementwise(ir, op, consts, 0, &|args| {
            let (a, w, _) = int_elem(ctx, args[0])?;
            let signed = matches!(kind, ArithKind::ExtSI | ArithKind::IndexCast);
            let v = if signed {
                to_signed(a, w)
            } else {
                to_unsigned(a, w) as i128
            };
            Some(ctx.int_attr(v, rel))
        })?;
        fold_to_const(c)
    }

    /// `arith.sitofp` / `uitofp`.
    fn int_to_float(&self) -> Folded {
        let Self {
            ir,
            op,
            consts,
            kind: arith_kind,
            ..
        } = *self;
        let ctx = ir.ctx();
        let rel = ctx.element_type(ir.value_type(ir.result(op, 0)));
        let TypeData::Float(kind) = ctx.type_data(rel) else {
            return None;
        };
        let kind = *kind;
        let c = fold_elementwise(ir, op, consts, 0, &|args| {
            let (a, w, _) = int_elem(ctx, args[0])?;
            let (negative, mag) = if arith_kind == ArithKind::SIToFP {
                let v = to_signed(a, w);
                (v < 0, v.unsigned_abs())
            } else {
                (false, to_unsigned(a, w))
            };
            let bits = int_to_float_bits(kind, negative, mag)?;
            Some(ctx.attr(AttrData::Float { bits, ty: rel }))
        })?;
        fold_to_const(c)
    }

    /// `arith.fptosi` / `fptoui`.
    fn float_to_int(&self) -> Folded {
        let Self {
            ir,
            op,
            consts,
            kind,
            ..
        } = *self;
        let ctx = ir.ctx();
        let rel = ctx.element_type(ir.value_type(ir.result(op, 0)));
        let rw = elem_width(ctx, rel)?;
        let c = fold_elementwise(ir, op, consts, 0, &|args| {
            let (a, _, _) = float_elem(ctx, args[0])?;
            if !a.is_finite() {
                return None;
            }
            let t = a.trunc();
            let (lo, hi) = if kind == ArithKind::FPToSI {
                if rw >= 128 {
                    return None;
                }
                (-(2f64.powi(rw as i32 - 1)), 2f64.powi(rw as i32 - 1))
            } else {
                (0.0, 2f64.powi(rw as i32))
            };
            if t < lo || t >= hi {
                return None;
            }
            Some(ctx.int_attr(t as i128, rel))
        })?;
        fold_to_const(c)
    }

    /// `arith.extf` / `truncf`, when exact.
    fn float_cast(&self) -> Folded {
        let Self { ir, op, consts, .. } = *self;
        let ctx = ir.ctx();
        let rel = ctx.element_type(ir.value_type(ir.result(op, 0)));
        let c = fold_elementwise(ir, op, consts, 0, &|args| {
            let (a, _, _) = float_elem(ctx, args[0])?;
            let out = float_attr(ctx, rel, a)?;
            // Upstream folds a conversion only when it loses no information.
            let (back, _, _) = float_elem(ctx, out)?;
            (back.to_bits() == a.to_bits() || (a.is_nan() && back.is_nan())).then_some(out)
        })?;
        fold_to_const(c)
    }

    /// `arith.bitcast`.
    fn bitcast(&self) -> Folded {
        let Self {
            ir, op, consts, l, ..
        } = *self;
        let ctx = ir.ctx();
        let rty = ir.value_type(ir.result(op, 0));
        if let Some(inner) = self.def(l, Bitcast::NAME) {
            if ir.value_type(ir.operand(inner, 0)) == rty {
                return fold_to_value(ir.operand(inner, 0));
            }
        }
        if ctx.is_memref(rty) {
            return None;
        }
        let rel = ctx.element_type(rty);
        let c = fold_elementwise(ir, op, consts, 0, &|args| {
            let bits = match ctx.attr_data(args[0]) {
                AttrData::Integer { value, ty } => to_unsigned(*value, elem_width(ctx, *ty)?),
                AttrData::Float { bits, .. } => *bits,
                _ => return None,
            };
            match ctx.type_data(rel) {
                TypeData::Float(_) => Some(ctx.attr(AttrData::Float { bits, ty: rel })),
                _ => Some(ctx.int_attr(bits as i128, rel)),
            }
        })?;
        fold_to_const(c)
    }

    /// `arith.addui_extended`: the sum and its carry.
    fn addui_extended(&self) -> Folded {
        let Self {
            ir, op, consts, l, ..
        } = *self;
        let ctx = ir.ctx();
        // addui_extended(x, 0) -> x, false
        if self.rhs_is(0) {
            return Some(vec![
                FoldResult::Value(l),
                FoldResult::Constant(int_splat(ir, op, 1, 0)?),
            ]);
        }
        let sum = fold_elementwise(ir, op, consts, 0, &|args| {
            let (a, _, ty) = int_elem(ctx, args[0])?;
            let (b, _, _) = int_elem(ctx, args[1])?;
            Some(ctx.int_attr(a.wrapping_add(b), ty))
        })?;
        let ovf = fold_elementwise(ir, op, consts, 1, &|args| {
            let (a, w, _) = int_elem(ctx, args[0])?;
            let (b, _, _) = int_elem(ctx, args[1])?;
            let (ua, ub) = (to_unsigned(a, w), to_unsigned(b, w));
            let (s, carry) = ua.overflowing_add(ub);
            Some(ctx.bool_attr(carry || (w < 128 && s >> w != 0)))
        })?;
        Some(vec![FoldResult::Constant(sum), FoldResult::Constant(ovf)])
    }

    /// `arith.mulsi_extended` / `mului_extended`: the low and high halves.
    fn mul_extended(&self) -> Folded {
        let Self {
            ir,
            op,
            consts,
            kind,
            l,
            rhs_c,
            ..
        } = *self;
        let ctx = ir.ctx();
        // mul*_extended(x, 0) -> 0, 0
        if self.rhs_is(0) {
            let z = rhs_c?;
            return Some(vec![FoldResult::Constant(z), FoldResult::Constant(z)]);
        }
        // mului_extended(x, 1) -> x, 0
        if kind == ArithKind::MulUIExtended && self.rhs_is(1) {
            return Some(vec![
                FoldResult::Value(l),
                FoldResult::Constant(int_splat(ir, op, 1, 0)?),
            ]);
        }
        let signed = kind == ArithKind::MulSIExtended;
        let part = |high: bool| {
            fold_elementwise(ir, op, consts, high as usize, &|args| {
                let (a, w, ty) = int_elem(ctx, args[0])?;
                let (b, _, _) = int_elem(ctx, args[1])?;
                if w > 64 {
                    return None;
                }
                let p = if signed {
                    to_signed(a, w).checked_mul(to_signed(b, w))?
                } else {
                    (to_unsigned(a, w).checked_mul(to_unsigned(b, w))?) as i128
                };
                Some(ctx.int_attr(if high { p >> w } else { p }, ty))
            })
        };
        Some(vec![
            FoldResult::Constant(part(false)?),
            FoldResult::Constant(part(true)?),
        ])
    }
}

/// The constant attribute of `v` if a constant-like op defines it.
fn const_attr(ir: &Ir, v: lattice_ir::store::Value) -> Option<Attr> {
    let d = ir.defining_op(v)?;
    if ir.has_trait(d, Traits::CONSTANT_LIKE) {
        ir.attr(d, "value")
    } else {
        None
    }
}

/// Ops whose `fastmath` property is a `DefaultValuedAttr` (stored even when `none`).
const FASTMATH_DEFAULT_OPS: &[&str] = &[
    AddF::NAME,
    SubF::NAME,
    MulF::NAME,
    DivF::NAME,
    RemF::NAME,
    MaximumF::NAME,
    MinimumF::NAME,
    MaxNumF::NAME,
    MinNumF::NAME,
    NegF::NAME,
    CmpF::NAME,
];

/// Ops whose `overflowFlags` property is a `DefaultValuedAttr`.
const OVERFLOW_DEFAULT_OPS: &[&str] =
    &[AddI::NAME, SubI::NAME, MulI::NAME, ShLI::NAME, TruncI::NAME];

/// Fills in the default-valued properties mlir-opt stores for an `arith` or `math` op
/// (`overflowFlags = #arith.overflow<none>`, `fastmath = #arith.fastmath<none>`) and
/// rewrites flag attributes to their canonical text (`#arith.fastmath<ninf,nnan>` becomes
/// `#arith.fastmath<nnan,ninf>`). `Ir::create_op` calls it for every op it creates, so
/// ops parsed in generic form and ops built by passes carry the same properties.
pub fn populate_defaults(ctx: &Context, st: &mut OperationState) {
    let name = ctx.str(st.name);
    let fm_default = FASTMATH_DEFAULT_OPS.contains(&name)
        || (name.starts_with("math.")
            && ctx.op_def(name).is_some_and(|d| d.is_inherent("fastmath")));
    let ovf_default = OVERFLOW_DEFAULT_OPS.contains(&name);
    if !name.starts_with("arith.") && !name.starts_with("math.") {
        return;
    }
    let fm = ctx.intern_str("fastmath");
    match st.attr(fm) {
        Some(a) => {
            if let Some(flags) = fastmath_flags(ctx, a) {
                st.add_attr(fm, fastmath_attr(ctx, flags));
            }
        }
        None if fm_default => st.add_attr(fm, fastmath_attr(ctx, 0)),
        None => {}
    }
    let of = ctx.intern_str("overflowFlags");
    match st.attr(of) {
        Some(a) => {
            if let Some(flags) = overflow_flags(ctx, a) {
                st.add_attr(of, overflow_attr(ctx, flags));
            }
        }
        None if ovf_default => st.add_attr(of, overflow_attr(ctx, 0)),
        None => {}
    }
}

// ---------------------------------------------------------------------------------------
// Canonicalization patterns (upstream's ArithCanonicalization.td, the subset that matters
// for index arithmetic and casts).
// ---------------------------------------------------------------------------------------

/// The value of `v` if it is defined by a constant-like op with a scalar integer value.
fn const_int(ir: &Ir, v: lattice_ir::store::Value) -> Option<i128> {
    let d = ir.defining_op(v)?;
    if !ir.has_trait(d, Traits::CONSTANT_LIKE) {
        return None;
    }
    match ir.ctx().attr_data(ir.attr(d, "value")?) {
        AttrData::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// Whether `v` is a constant whose every element is the integer `x`.
fn const_all(ir: &Ir, v: lattice_ir::store::Value, x: i128) -> bool {
    let Some(d) = ir.defining_op(v) else {
        return false;
    };
    ir.has_trait(d, Traits::CONSTANT_LIKE) && is_const_int(ir.ctx(), ir.attr(d, "value"), x)
}

/// The op defining `v` if it is named `name`.
fn def_named(ir: &Ir, v: lattice_ir::store::Value, name: &str) -> Option<Op> {
    ir.defining_op(v).filter(|&d| ir.is_op(d, name))
}

/// The overflow flags of `op` (0 when absent).
fn ovf(ir: &Ir, op: Op) -> u32 {
    ir.attr(op, "overflowFlags")
        .and_then(|a| overflow_flags(ir.ctx(), a))
        .unwrap_or(0)
}

/// Creates op `name` before `anchor` (at its location) and returns it.
fn create_before(
    ir: &mut Ir,
    anchor: Op,
    name: &str,
    operands: Vec<lattice_ir::store::Value>,
    result_types: Vec<Type>,
    attrs: Vec<(&str, Attr)>,
) -> Op {
    let loc = ir.loc(anchor);
    let mut st = OperationState::new(ir.ctx().intern_str(name), loc);
    st.operands = operands;
    st.result_types = result_types;
    for (n, a) in attrs {
        let n = ir.ctx().intern_str(n);
        st.add_attr(n, a);
    }
    let op = ir.create_op(st);
    ir.insert_op_before(anchor, op);
    op
}

/// An `arith.constant` of integer `value` with type `ty`, before `anchor`.
fn int_constant_before(ir: &mut Ir, anchor: Op, value: i128, ty: Type) -> lattice_ir::store::Value {
    let attr = ir.ctx().int_attr(value, ty);
    let c = create_before(
        ir,
        anchor,
        Constant::NAME,
        vec![],
        vec![ty],
        vec![("value", attr)],
    );
    ir.result(c, 0)
}

/// An integer binary op with overflow flags, before `anchor`; returns its result.
fn binop_before(
    ir: &mut Ir,
    anchor: Op,
    name: &str,
    a: lattice_ir::store::Value,
    b: lattice_ir::store::Value,
    flags: u32,
) -> lattice_ir::store::Value {
    let ty = ir.value_type(a);
    let f = overflow_attr(ir.ctx(), flags);
    let op = create_before(
        ir,
        anchor,
        name,
        vec![a, b],
        vec![ty],
        vec![("overflowFlags", f)],
    );
    ir.result(op, 0)
}

/// Replaces every result of `op` with `values` and erases it.
fn replace_op(ir: &mut Ir, op: Op, values: &[lattice_ir::store::Value]) {
    for (i, &v) in values.iter().enumerate() {
        let r = ir.result(op, i);
        ir.replace_all_uses(r, v);
    }
    ir.erase_op(op);
}

fn canonicalize_addi(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 2 {
        return false;
    }
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    let ty = ir.value_type(ir.result(op, 0));
    if let Some(c1) = const_int(ir, rhs) {
        // addi(addi(x, c0), c1) -> addi(x, c0 + c1)
        if let Some(inner) = def_named(ir, lhs, AddI::NAME) {
            if let Some(c0) = const_int(ir, ir.operand(inner, 1)) {
                let (x, f) = (ir.operand(inner, 0), ovf(ir, inner) & ovf(ir, op));
                let c = int_constant_before(ir, op, c0.wrapping_add(c1), ty);
                let r = binop_before(ir, op, AddI::NAME, x, c, f);
                replace_op(ir, op, &[r]);
                return true;
            }
        }
        if let Some(inner) = def_named(ir, lhs, SubI::NAME) {
            let f = ovf(ir, inner) & ovf(ir, op);
            // addi(subi(x, c0), c1) -> addi(x, c1 - c0)
            if let Some(c0) = const_int(ir, ir.operand(inner, 1)) {
                let x = ir.operand(inner, 0);
                let c = int_constant_before(ir, op, c1.wrapping_sub(c0), ty);
                let r = binop_before(ir, op, AddI::NAME, x, c, f);
                replace_op(ir, op, &[r]);
                return true;
            }
            // addi(subi(c0, x), c1) -> subi(c0 + c1, x)
            if let Some(c0) = const_int(ir, ir.operand(inner, 0)) {
                let x = ir.operand(inner, 1);
                let c = int_constant_before(ir, op, c0.wrapping_add(c1), ty);
                let r = binop_before(ir, op, SubI::NAME, c, x, f);
                replace_op(ir, op, &[r]);
                return true;
            }
        }
    }
    // addi(x, muli(y, -1)) -> subi(x, y); addi(muli(x, -1), y) -> subi(y, x)
    for (mul_side, other) in [(rhs, lhs), (lhs, rhs)] {
        if let Some(m) = def_named(ir, mul_side, MulI::NAME) {
            if const_all(ir, ir.operand(m, 1), -1) {
                let y = ir.operand(m, 0);
                let r = binop_before(ir, op, SubI::NAME, other, y, 0);
                replace_op(ir, op, &[r]);
                return true;
            }
        }
    }
    false
}

fn canonicalize_subi(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 2 {
        return false;
    }
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    let ty = ir.value_type(ir.result(op, 0));
    if let Some(c1) = const_int(ir, rhs) {
        // subi(addi(x, c0), c1) -> addi(x, c0 - c1)
        if let Some(inner) = def_named(ir, lhs, AddI::NAME) {
            if let Some(c0) = const_int(ir, ir.operand(inner, 1)) {
                let x = ir.operand(inner, 0);
                let c = int_constant_before(ir, op, c0.wrapping_sub(c1), ty);
                let r = binop_before(ir, op, AddI::NAME, x, c, 0);
                replace_op(ir, op, &[r]);
                return true;
            }
        }
        if let Some(inner) = def_named(ir, lhs, SubI::NAME) {
            let f = ovf(ir, inner) & ovf(ir, op);
            // subi(subi(x, c0), c1) -> subi(x, c0 + c1)
            if let Some(c0) = const_int(ir, ir.operand(inner, 1)) {
                let x = ir.operand(inner, 0);
                let c = int_constant_before(ir, op, c0.wrapping_add(c1), ty);
                let r = binop_before(ir, op, SubI::NAME, x, c, f);
                replace_op(ir, op, &[r]);
                return true;
            }
            // subi(subi(c0, x), c1) -> subi(c0 - c1, x)
            if let Some(c0) = const_int(ir, ir.operand(inner, 0)) {
                let x = ir.operand(inner, 1);
                let c = int_constant_before(ir, op, c0.wrapping_sub(c1), ty);
                let r = binop_before(ir, op, SubI::NAME, c, x, f);
                replace_op(ir, op, &[r]);
                return true;
            }
        }
    }
    if let Some(c1) = const_int(ir, lhs) {
        // subi(c1, addi(x, c0)) -> subi(c1 - c0, x)
        if let Some(inner) = def_named(ir, rhs, AddI::NAME) {
            if let Some(c0) = const_int(ir, ir.operand(inner, 1)) {
                let (x, f) = (ir.operand(inner, 0), ovf(ir, inner) & ovf(ir, op));
                let c = int_constant_before(ir, op, c1.wrapping_sub(c0), ty);
                let r = binop_before(ir, op, SubI::NAME, c, x, f);
                replace_op(ir, op, &[r]);
                return true;
            }
        }
        if let Some(inner) = def_named(ir, rhs, SubI::NAME) {
            let f = ovf(ir, inner) & ovf(ir, op);
            // subi(c1, subi(x, c0)) -> subi(c0 + c1, x)
            if let Some(c0) = const_int(ir, ir.operand(inner, 1)) {
                let x = ir.operand(inner, 0);
                let c = int_constant_before(ir, op, c0.wrapping_add(c1), ty);
                let r = binop_before(ir, op, SubI::NAME, c, x, f);
                replace_op(ir, op, &[r]);
                return true;
            }
            // subi(c1, subi(c0, x)) -> addi(x, c1 - c0)
            if let Some(c0) = const_int(ir, ir.operand(inner, 0)) {
                let x = ir.operand(inner, 1);
                let c = int_constant_before(ir, op, c1.wrapping_sub(c0), ty);
                let r = binop_before(ir, op, AddI::NAME, x, c, f);
                replace_op(ir, op, &[r]);
                return true;
            }
        }
    }
    // subi(subi(a, b), a) -> subi(0, b)
    if let Some(inner) = def_named(ir, lhs, SubI::NAME) {
        if ir.operand(inner, 0) == rhs && !is_vector_or_tensor(ir.ctx(), ty) {
            let (b, f) = (ir.operand(inner, 1), ovf(ir, inner) & ovf(ir, op));
            let zero = int_constant_before(ir, op, 0, ty);
            let r = binop_before(ir, op, SubI::NAME, zero, b, f);
            replace_op(ir, op, &[r]);
            return true;
        }
    }
    false
}

fn canonicalize_muli(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 2 {
        return false;
    }
    let ty = ir.value_type(ir.result(op, 0));
    // muli(muli(x, c0), c1) -> muli(x, c0 * c1)
    let Some(c1) = const_int(ir, ir.operand(op, 1)) else {
        return false;
    };
    let Some(inner) = def_named(ir, ir.operand(op, 0), MulI::NAME) else {
        return false;
    };
    let Some(c0) = const_int(ir, ir.operand(inner, 1)) else {
        return false;
    };
    let (x, f) = (ir.operand(inner, 0), ovf(ir, inner) & ovf(ir, op));
    let c = int_constant_before(ir, op, c0.wrapping_mul(c1), ty);
    let r = binop_before(ir, op, MulI::NAME, x, c, f);
    replace_op(ir, op, &[r]);
    true
}

fn canonicalize_xori(ir: &mut Ir, op: Op) -> bool {
    xori_not_cmpi(ir, op) || binop_of_exts(ir, op)
}

/// xori(cmpi(pred, a, b), true) -> cmpi(~pred, a, b)
fn xori_not_cmpi(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 2 {
        return false;
    }
    let rhs = ir.operand(op, 1);
    let is_true = ir.value_type(rhs) == ir.ctx().i1_type() && const_int(ir, rhs) == Some(1);
    let Some(cmp) = def_named(ir, ir.operand(op, 0), CmpI::NAME).filter(|_| is_true) else {
        return false;
    };
    let Some(pred) = ir
        .attr(cmp, "predicate")
        .and_then(|a| ir.ctx().int_value(a))
    else {
        return false;
    };
    let inverted: i64 = match pred {
        0 => 1,
        1 => 0,
        2 => 5,
        3 => 4,
        4 => 3,
        5 => 2,
        6 => 9,
        7 => 8,
        8 => 7,
        9 => 6,
        _ => return false,
    };
    let (a, b) = (ir.operand(cmp, 0), ir.operand(cmp, 1));
    let rty = ir.value_type(ir.result(op, 0));
    let p = ir.ctx().i64_attr(inverted);
    let new = create_before(
        ir,
        op,
        CmpI::NAME,
        vec![a, b],
        vec![rty],
        vec![("predicate", p)],
    );
    let r = ir.result(new, 0);
    replace_op(ir, op, &[r]);
    true
}

/// andi/ori/xori(extui(x), extui(y)) -> extui(andi/ori/xori(x, y)), likewise for extsi,
/// when `x` and `y` have the same type.
fn binop_of_exts(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 2 {
        return false;
    }
    let name = ir.op_name(op).to_string();
    for ext in [ExtUI::NAME, ExtSI::NAME] {
        let (Some(a), Some(b)) = (
            def_named(ir, ir.operand(op, 0), ext),
            def_named(ir, ir.operand(op, 1), ext),
        ) else {
            continue;
        };
        let (x, y) = (ir.operand(a, 0), ir.operand(b, 0));
        let xty = ir.value_type(x);
        if xty != ir.value_type(y) {
            continue;
        }
        let inner = create_before(ir, op, &name, vec![x, y], vec![xty], vec![]);
        let rty = ir.value_type(ir.result(op, 0));
        let iv = ir.result(inner, 0);
        let outer = create_before(ir, op, ext, vec![iv], vec![rty], vec![]);
        let r = ir.result(outer, 0);
        replace_op(ir, op, &[r]);
        return true;
    }
    false
}

fn canonicalize_andi_ori(ir: &mut Ir, op: Op) -> bool {
    binop_of_exts(ir, op)
}

/// Integer width of the element type of `v`'s type.
fn value_width(ir: &Ir, v: lattice_ir::store::Value) -> Option<u32> {
    ir.ctx().int_width(ir.ctx().element_type(ir.value_type(v)))
}

fn canonicalize_trunci(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 1 {
        return false;
    }
    let input = ir.operand(op, 0);
    let Some(dst_w) = value_width(ir, ir.result(op, 0)) else {
        return false;
    };
    // In place (upstream's folder): trunci(ext(x)) -> trunci(x) when x is wider than the
    // result; trunci(trunci(x)) -> trunci(x).
    if let Some(d) = def_named(ir, input, ExtSI::NAME).or_else(|| def_named(ir, input, ExtUI::NAME))
    {
        let x = ir.operand(d, 0);
        if value_width(ir, x).is_some_and(|w| w > dst_w) {
            ir.set_operand(op, 0, x);
            return true;
        }
    }
    if let Some(d) = def_named(ir, input, TruncI::NAME) {
        let x = ir.operand(d, 0);
        ir.set_operand(op, 0, x);
        return true;
    }
    // trunci(extsi(x)) -> extsi(x), trunci(extui(x)) -> extui(x) when only extension bits
    // are dropped.
    for ext in [ExtSI::NAME, ExtUI::NAME] {
        if let Some(d) = def_named(ir, input, ext) {
            let x = ir.operand(d, 0);
            let (Some(ext_w), Some(x_w)) = (value_width(ir, input), value_width(ir, x)) else {
                continue;
            };
            if ext_w > dst_w && dst_w > x_w {
                let rty = ir.value_type(ir.result(op, 0));
                let new = create_before(ir, op, ext, vec![x], vec![rty], vec![]);
                let r = ir.result(new, 0);
                replace_op(ir, op, &[r]);
                return true;
            }
        }
    }
    false
}

/// Upstream's `cmpi` ext patterns: cmpi eq/ne of two same-kind extensions of values of
/// one type compares the values.
fn cmpi_of_exts(ir: &mut Ir, op: Op) -> bool {
    let Some(pred) = ir.attr(op, "predicate").and_then(|a| ir.ctx().int_value(a)) else {
        return false;
    };
    if pred > 1 {
        return false;
    }
    for ext in [ExtSI::NAME, ExtUI::NAME] {
        let (Some(a), Some(b)) = (
            def_named(ir, ir.operand(op, 0), ext),
            def_named(ir, ir.operand(op, 1), ext),
        ) else {
            continue;
        };
        let (x, y) = (ir.operand(a, 0), ir.operand(b, 0));
        if ir.value_type(x) != ir.value_type(y) {
            continue;
        }
        let rty = ir.value_type(ir.result(op, 0));
        let p = ir.ctx().i64_attr(pred as i64);
        let new = create_before(
            ir,
            op,
            CmpI::NAME,
            vec![x, y],
            vec![rty],
            vec![("predicate", p)],
        );
        let r = ir.result(new, 0);
        replace_op(ir, op, &[r]);
        return true;
    }
    false
}

fn canonicalize_select(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 3 {
        return false;
    }
    let (c, a, b) = (ir.operand(op, 0), ir.operand(op, 1), ir.operand(op, 2));
    let ty = ir.value_type(ir.result(op, 0));
    let rebuild = |ir: &mut Ir, c, a, b| {
        let new = create_before(ir, op, Select::NAME, vec![c, a, b], vec![ty], vec![]);
        let r = ir.result(new, 0);
        replace_op(ir, op, &[r]);
        true
    };
    // select(pred, a, select(pred, b, c)) -> select(pred, a, c)
    if let Some(inner) = def_named(ir, b, Select::NAME).filter(|&s| ir.operand(s, 0) == c) {
        let y = ir.operand(inner, 2);
        return rebuild(ir, c, a, y);
    }
    // select(pred, select(pred, a, b), c) -> select(pred, a, c)
    if let Some(inner) = def_named(ir, a, Select::NAME).filter(|&s| ir.operand(s, 0) == c) {
        let x = ir.operand(inner, 1);
        return rebuild(ir, c, x, b);
    }
    // select(not(pred), a, b) -> select(pred, b, a)
    if let Some(x) = def_named(ir, c, XOrI::NAME) {
        if const_all(ir, ir.operand(x, 1), -1) {
            let p = ir.operand(x, 0);
            return rebuild(ir, p, b, a);
        }
    }
    let i1 = ir.ctx().i1_type();
    let scalar_bool = |ir: &Ir, v| ir.value_type(v) == i1 && const_int(ir, v).is_some();
    // select(pred, false, true) -> xori(pred, true)
    if ty == i1
        && scalar_bool(ir, a)
        && scalar_bool(ir, b)
        && const_int(ir, a) == Some(0)
        && const_int(ir, b) == Some(1)
    {
        let t = int_constant_before(ir, op, 1, i1);
        let x = create_before(ir, op, XOrI::NAME, vec![c, t], vec![i1], vec![]);
        let r = ir.result(x, 0);
        replace_op(ir, op, &[r]);
        return true;
    }
    // select(pred, 1, 0) -> extui(pred); select(pred, 0, 1) -> extui(xori(pred, true))
    if ir.ctx().is_integer(ty) && ty != i1 {
        let (one_zero, zero_one) = (
            const_all(ir, a, 1) && const_all(ir, b, 0),
            const_all(ir, a, 0) && const_all(ir, b, 1),
        );
        if one_zero || zero_one {
            let cond = if zero_one {
                let cty = ir.value_type(c);
                let t = int_constant_before(ir, op, 1, cty);
                let x = create_before(ir, op, XOrI::NAME, vec![c, t], vec![cty], vec![]);
                ir.result(x, 0)
            } else {
                c
            };
            let e = create_before(ir, op, ExtUI::NAME, vec![cond], vec![ty], vec![]);
            let r = ir.result(e, 0);
            replace_op(ir, op, &[r]);
            return true;
        }
    }
    false
}

/// `cmpi` with a constant on the left only: swap the operands and mirror the predicate
/// (upstream does this in its folder).
fn canonicalize_cmpi(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 2 {
        return false;
    }
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    let is_const = |v| {
        ir.defining_op(v)
            .is_some_and(|d| ir.has_trait(d, Traits::CONSTANT_LIKE))
    };
    if !is_const(lhs) || is_const(rhs) {
        return cmpi_of_exts(ir, op);
    }
    let Some(pred) = ir.attr(op, "predicate").and_then(|a| ir.ctx().int_value(a)) else {
        return false;
    };
    let swapped: i64 = match pred {
        0 | 1 => pred as i64,
        2 => 4,
        3 => 5,
        4 => 2,
        5 => 3,
        6 => 8,
        7 => 9,
        8 => 6,
        9 => 7,
        _ => return false,
    };
    let p = ir.ctx().i64_attr(swapped);
    ir.set_attr(op, "predicate", p);
    ir.set_operands(op, vec![rhs, lhs]);
    true
}

/// Casts whose double application folds or simplifies.
fn canonicalize_cast(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 1 {
        return false;
    }
    let Some(kind) = ArithKind::of(ir, op) else {
        return false;
    };
    let input = ir.operand(op, 0);
    let rty = ir.value_type(ir.result(op, 0));
    // In place (upstream's folders): extsi(extsi(x)) -> extsi(x), extui(extui(x)) -> extui(x).
    if matches!(kind, ArithKind::ExtSI | ArithKind::ExtUI) {
        if let Some(d) = def_named(ir, input, kind.name()) {
            let x = ir.operand(d, 0);
            ir.set_operand(op, 0, x);
            return true;
        }
    }
    let (same, ext) = match kind {
        ArithKind::IndexCast => (IndexCast::NAME, Some(ExtSI::NAME)),
        ArithKind::IndexCastUI => (IndexCastUI::NAME, Some(ExtUI::NAME)),
        ArithKind::Bitcast => (Bitcast::NAME, None),
        ArithKind::ExtSI => ("", Some(ExtUI::NAME)),
        ArithKind::ExtUI => return false,
        _ => return false,
    };
    if let Some(inner) = def_named(ir, input, same) {
        let x = ir.operand(inner, 0);
        if ir.value_type(x) == rty {
            // index_cast(index_cast(x)) -> x
            replace_op(ir, op, &[x]);
            return true;
        }
        if kind == ArithKind::Bitcast {
            // bitcast(bitcast(x)) -> bitcast(x)
            let new = create_before(ir, op, Bitcast::NAME, vec![x], vec![rty], vec![]);
            let r = ir.result(new, 0);
            replace_op(ir, op, &[r]);
            return true;
        }
    }
    if let Some(ext) = ext {
        if let Some(inner) = def_named(ir, input, ext) {
            // index_cast(extsi(x)) -> index_cast(x); extsi(extui(x)) -> extui(x)
            let x = ir.operand(inner, 0);
            let new_name = if kind == ArithKind::ExtSI {
                ExtUI::NAME
            } else {
                kind.name()
            };
            let new = create_before(ir, op, new_name, vec![x], vec![rty], vec![]);
            let r = ir.result(new, 0);
            replace_op(ir, op, &[r]);
            return true;
        }
    }
    false
}

/// `addui_extended`/`mul*_extended` whose second result is unused become `addi`/`muli`.
fn canonicalize_extended(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() != 2 || ir.results(op).len() != 2 || !ir.is_unused(ir.result(op, 1)) {
        return false;
    }
    let name = if ir.isa::<AddUIExtended>(op) {
        AddI::NAME
    } else {
        MulI::NAME
    };
    let (a, b) = (ir.operand(op, 0), ir.operand(op, 1));
    let r = binop_before(ir, op, name, a, b, 0);
    replace_op(ir, op, &[r, a]);
    true
}

// ---------------------------------------------------------------------------------------
// Op definitions.
// ---------------------------------------------------------------------------------------

macro_rules! arith_ops {
    ($( $id:ident: $view:ident = $name:literal, $traits:expr, $attrs:tt, $parse:ident, $print:ident, $verify:ident, $fold:expr $(, names = $names:ident)? $(, canon = $canon:ident)? $(, spec = $spec:ident)?; )*) => {
        $(
            lattice_ir::def_op! {
                #[doc = concat!("`", $name, "`")]
                pub static $id: $view = $name {
                    attrs: $attrs,
                    traits: $traits,
                    parse: Some($parse),
                    print: Some($print),
                    verify: Some($verify),
                    fold: $fold,
                    $(result_names: Some($names),)?
                    $(canonicalize: Some($canon),)?
                    $(speculatability: Some($spec),)?
                    generic_defaults: Some(populate_defaults),
                }
            }
        )*
    };
}

const P: Traits = Traits::PURE;
const PC: Traits = Traits::PURE.with(Traits::COMMUTATIVE);
/// Division and remainder: pure (removable) but not speculatable on every divisor.
const PT: Traits = Traits::PURE.with(Traits::MAY_TRAP);

/// `divui`/`ceildivui` are speculatable when the divisor is a constant other than zero
/// (MLIR's `getDivUISpeculatability`; `remui` has no such rule upstream and stays `Pure`).
fn unsigned_division_speculatability(ir: &Ir, op: Op) -> lattice_ir::Speculatability {
    divisor_speculatability(ir, op, &[0])
}

/// `divsi`/`ceildivsi` also need the divisor to differ from -1 (`MIN / -1` overflows;
/// MLIR's `getDivSISpeculatability`).
fn signed_division_speculatability(ir: &Ir, op: Op) -> lattice_ir::Speculatability {
    divisor_speculatability(ir, op, &[0, -1])
}

/// Speculatable when operand #1 is a constant not in `unsafe_values`.
fn divisor_speculatability(ir: &Ir, op: Op, unsafe_values: &[i128]) -> lattice_ir::Speculatability {
    match ir.operands(op).get(1).and_then(|&d| const_int(ir, d)) {
        Some(c) if !unsafe_values.contains(&c) => lattice_ir::Speculatability::Speculatable,
        _ => lattice_ir::Speculatability::NotSpeculatable,
    }
}
const F: Option<lattice_ir::registry::FoldFn> = Some(fold_arith);

arith_ops! {
    ADDI: AddI = "arith.addi", PC, [OVERFLOW_FLAGS("overflowFlags")], parse_int_overflow, print_int_overflow, verify_int_binary, F, canon = canonicalize_addi;
    SUBI: SubI = "arith.subi", P, [OVERFLOW_FLAGS("overflowFlags")], parse_int_overflow, print_int_overflow, verify_int_binary, F, canon = canonicalize_subi;
    MULI: MulI = "arith.muli", PC, [OVERFLOW_FLAGS("overflowFlags")], parse_int_overflow, print_int_overflow, verify_int_binary, F, names = muli_names, canon = canonicalize_muli;
    DIVUI: DivUI = "arith.divui", PT, [IS_EXACT("isExact")], parse_int_exact, print_int_exact, verify_int_binary, F, spec = unsigned_division_speculatability;
    DIVSI: DivSI = "arith.divsi", PT, [IS_EXACT("isExact")], parse_int_exact, print_int_exact, verify_int_binary, F, spec = signed_division_speculatability;
    CEILDIVUI: CeilDivUI = "arith.ceildivui", PT, [], parse_binary, print_plain, verify_int_binary, F, spec = unsigned_division_speculatability;
    CEILDIVSI: CeilDivSI = "arith.ceildivsi", PT, [], parse_binary, print_plain, verify_int_binary, F, spec = signed_division_speculatability;
    FLOORDIVSI: FloorDivSI = "arith.floordivsi", PT, [], parse_binary, print_plain, verify_int_binary, F;
    REMUI: RemUI = "arith.remui", PT, [], parse_binary, print_plain, verify_int_binary, F;
    REMSI: RemSI = "arith.remsi", PT, [], parse_binary, print_plain, verify_int_binary, F;
    ANDI: AndI = "arith.andi", PC, [], parse_binary, print_plain, verify_int_binary, F, canon = canonicalize_andi_ori;
    ORI: OrI = "arith.ori", PC, [], parse_binary, print_plain, verify_int_binary, F, canon = canonicalize_andi_ori;
    XORI: XOrI = "arith.xori", PC, [], parse_binary, print_plain, verify_int_binary, F, canon = canonicalize_xori;
    SHLI: ShLI = "arith.shli", P, [OVERFLOW_FLAGS("overflowFlags")], parse_int_overflow, print_int_overflow, verify_int_binary, F;
    SHRUI: ShRUI = "arith.shrui", P, [IS_EXACT("isExact")], parse_int_exact, print_int_exact, verify_int_binary, F;
    SHRSI: ShRSI = "arith.shrsi", P, [IS_EXACT("isExact")], parse_int_exact, print_int_exact, verify_int_binary, F;
    MAXSI: MaxSI = "arith.maxsi", PC, [], parse_binary, print_plain, verify_int_binary, F;
    MAXUI: MaxUI = "arith.maxui", PC, [], parse_binary, print_plain, verify_int_binary, F;
    MINSI: MinSI = "arith.minsi", PC, [], parse_binary, print_plain, verify_int_binary, F;
    MINUI: MinUI = "arith.minui", PC, [], parse_binary, print_plain, verify_int_binary, F;
    ADDUI_EXTENDED: AddUIExtended = "arith.addui_extended", PC, [], parse_addui_extended, print_addui_extended, verify_addui_extended, F, names = addui_names, canon = canonicalize_extended;
    MULSI_EXTENDED: MulSIExtended = "arith.mulsi_extended", PC, [], parse_mul_extended, print_mul_extended, verify_mul_extended, F, names = mul_extended_names, canon = canonicalize_extended;
    MULUI_EXTENDED: MulUIExtended = "arith.mului_extended", PC, [], parse_mul_extended, print_mul_extended, verify_mul_extended, F, names = mul_extended_names, canon = canonicalize_extended;
    ADDF: AddF = "arith.addf", PC, [FASTMATH("fastmath")], parse_float_binary, print_float_op, verify_float_binary, F;
    SUBF: SubF = "arith.subf", P, [FASTMATH("fastmath")], parse_float_binary, print_float_op, verify_float_binary, F;
    MULF: MulF = "arith.mulf", PC, [FASTMATH("fastmath")], parse_float_binary, print_float_op, verify_float_binary, F;
    DIVF: DivF = "arith.divf", P, [FASTMATH("fastmath")], parse_float_binary, print_float_op, verify_float_binary, F;
    REMF: RemF = "arith.remf", P, [FASTMATH("fastmath")], parse_float_binary, print_float_op, verify_float_binary, F;
    MAXIMUMF: MaximumF = "arith.maximumf", PC, [FASTMATH("fastmath")], parse_float_binary, print_float_op, verify_float_binary, F;
    MINIMUMF: MinimumF = "arith.minimumf", PC, [FASTMATH("fastmath")], parse_float_binary, print_float_op, verify_float_binary, F;
    MAXNUMF: MaxNumF = "arith.maxnumf", PC, [FASTMATH("fastmath")], parse_float_binary, print_float_op, verify_float_binary, F;
    MINNUMF: MinNumF = "arith.minnumf", PC, [FASTMATH("fastmath")], parse_float_binary, print_float_op, verify_float_binary, F;
    NEGF: NegF = "arith.negf", P, [FASTMATH("fastmath")], parse_float_unary, print_float_op, verify_float_unary, F;
    CMPI: CmpI = "arith.cmpi", P, [PREDICATE("predicate")], parse_cmpi, print_cmp, verify_cmp, F, canon = canonicalize_cmpi;
    CMPF: CmpF = "arith.cmpf", P, [FASTMATH("fastmath"), PREDICATE("predicate")], parse_cmpf, print_cmp, verify_cmp, F;
    SELECT: Select = "arith.select", P, [], parse_select, print_select, verify_select, F, canon = canonicalize_select;
    EXTUI: ExtUI = "arith.extui", P, [], parse_cast, print_cast, verify_cast, F, canon = canonicalize_cast;
    EXTSI: ExtSI = "arith.extsi", P, [], parse_cast, print_cast, verify_cast, F, canon = canonicalize_cast;
    TRUNCI: TruncI = "arith.trunci", P, [OVERFLOW_FLAGS("overflowFlags")], parse_trunci, print_trunci, verify_cast, F, canon = canonicalize_trunci;
    EXTF: ExtF = "arith.extf", P, [FASTMATH("fastmath")], parse_cast_fastmath, print_cast_fastmath, verify_cast, F;
    TRUNCF: TruncF = "arith.truncf", P, [FASTMATH("fastmath"), ROUNDINGMODE("roundingmode")], parse_truncf, print_truncf, verify_cast, F;
    SCALING_EXTF: ScalingExtF = "arith.scaling_extf", P, [FASTMATH("fastmath")], parse_scaling, print_scaling, verify_scaling, None;
    SCALING_TRUNCF: ScalingTruncF = "arith.scaling_truncf", P, [FASTMATH("fastmath"), ROUNDINGMODE("roundingmode")], parse_scaling, print_scaling, verify_scaling, None;
    UITOFP: UIToFP = "arith.uitofp", P, [], parse_cast, print_cast, verify_cast, F;
    SITOFP: SIToFP = "arith.sitofp", P, [], parse_cast, print_cast, verify_cast, F;
    FPTOUI: FPToUI = "arith.fptoui", P, [], parse_cast, print_cast, verify_cast, F;
    FPTOSI: FPToSI = "arith.fptosi", P, [], parse_cast, print_cast, verify_cast, F;
    INDEX_CAST: IndexCast = "arith.index_cast", P, [], parse_cast, print_cast, verify_cast, F, canon = canonicalize_cast;
    INDEX_CASTUI: IndexCastUI = "arith.index_castui", P, [], parse_cast, print_cast, verify_cast, F, canon = canonicalize_cast;
    BITCAST: Bitcast = "arith.bitcast", P, [], parse_cast, print_cast, verify_cast, F, canon = canonicalize_cast;
}

/// `arith.constant` holding `attr` of type `ty` (MLIR's `arith::ConstantOp::materialize`):
/// an integer, float or dense elements attribute of exactly that type.
fn materialize_constant(ctx: &Context, attr: Attr, ty: Type, loc: Attr) -> Option<OperationState> {
    let typed = match ctx.attr_data(attr) {
        AttrData::Integer { ty: t, .. }
        | AttrData::Float { ty: t, .. }
        | AttrData::DenseElements { ty: t, .. } => *t == ty,
        _ => false,
    };
    if !typed {
        return None;
    }
    let mut state = OperationState::new(ctx.intern_str(Constant::NAME), loc);
    state.add_attr(ctx.intern_str(Constant::VALUE), attr);
    state.result_types.push(ty);
    Some(state)
}

lattice_ir::def_op! {
    /// `arith.constant`
    pub static CONSTANT: Constant = "arith.constant" {
        attrs: [VALUE("value")],
        traits: Traits::PURE.with(Traits::CONSTANT_LIKE),
        parse: Some(parse_constant),
        print: Some(print_constant),
        verify: Some(verify_constant),
        fold: Some(fold_constant),
        result_names: Some(constant_names),
        materialize_constant: Some(materialize_constant),
    }
}

lattice_ir::def_op_kinds! {
    /// Which `arith` op an op is (`ArithKind::of(ir, op)`), for a `match` over many `arith` ops
    /// without spelling their names; `ArithKind::ALL` is what [`register`] registers.
    pub enum ArithKind {
        AddF,
        AddI,
        AddUIExtended,
        AndI,
        Bitcast,
        CeilDivSI,
        CeilDivUI,
        CmpF,
        CmpI,
        Constant,
        DivF,
        DivSI,
        DivUI,
        ExtF,
        ExtSI,
        ExtUI,
        FloorDivSI,
        FPToSI,
        FPToUI,
        IndexCast,
        IndexCastUI,
        MaximumF,
        MaxNumF,
        MaxSI,
        MaxUI,
        MinimumF,
        MinNumF,
        MinSI,
        MinUI,
        MulF,
        MulI,
        MulSIExtended,
        MulUIExtended,
        NegF,
        OrI,
        RemF,
        RemSI,
        RemUI,
        ScalingExtF,
        ScalingTruncF,
        Select,
        ShLI,
        ShRSI,
        ShRUI,
        SIToFP,
        SubF,
        SubI,
        TruncF,
        TruncI,
        UIToFP,
        XOrI,
    }
}

/// Registers the `arith` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("arith");
    ctx.register_ops(ArithKind::ALL);
    ctx.set_constant_op(&CONSTANT);
    // Every op may be inlined anywhere (MLIR's dialect inliner interface).
    ctx.register_inliner(
        ArithKind::ALL,
        &lattice_ir::registry::DialectInliner::ALWAYS,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `text`, then folds every op in order (constants propagate through a
    /// value -> attribute map) and describes each fold: `%name: <result>`.
    pub(crate) fn fold_report(text: &str) -> String {
        use lattice_ir::store::{ValueDef, WalkOrder};
        use std::fmt::Write;
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let mut ir = Ir::new(std::sync::Arc::new(ctx));
        let module = lattice_ir::parser::parse_source(
            &mut ir,
            lattice_ir::diag::SourceId(0),
            "t.mlir",
            text,
        )
        .unwrap_or_else(|d| panic!("parse error: {}", d.message));
        let mut consts: rustc_hash::FxHashMap<lattice_ir::store::Value, Attr> = Default::default();
        let mut out = String::new();
        for op in ir.walk_ops(module, WalkOrder::PreOrder) {
            let Some(def) = ir.op_def(op) else { continue };
            if def.has(Traits::CONSTANT_LIKE) {
                if let Some(v) = ir.attr(op, "value") {
                    consts.insert(ir.result(op, 0), v);
                }
                continue;
            }
            let Some(fold) = def.fold else { continue };
            let operands: Vec<Option<Attr>> = ir
                .operands(op)
                .iter()
                .map(|v| consts.get(v).copied())
                .collect();
            let Some(results) = fold(&ir, op, &operands) else {
                continue;
            };
            for (i, r) in results.into_iter().enumerate() {
                let _ = write!(out, "{}#{i}: ", ir.op_name(op));
                match r {
                    FoldResult::Constant(a) => {
                        consts.insert(ir.result(op, i), a);
                        let _ =
                            writeln!(out, "{}", lattice_ir::printer::attr_to_string(ir.ctx(), a));
                    }
                    FoldResult::Value(v) => match ir.value_def(v) {
                        ValueDef::Argument { index, .. } => {
                            let _ = writeln!(out, "%arg{index}");
                        }
                        ValueDef::Result { op: d, index } => {
                            let _ = writeln!(out, "result {index} of {}", ir.op_name(d));
                        }
                        ValueDef::Placeholder => {}
                    },
                }
            }
        }
        out
    }

    /// Applies the canonicalization hooks until nothing changes, erasing unused pure
    /// ops, and prints the result.
    fn canonicalize_report(text: &str) -> String {
        use lattice_ir::store::WalkOrder;
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let mut ir = Ir::new(std::sync::Arc::new(ctx));
        let module = lattice_ir::parser::parse_source(
            &mut ir,
            lattice_ir::diag::SourceId(0),
            "t.mlir",
            text,
        )
        .unwrap_or_else(|d| panic!("parse error: {}", d.message));
        for _ in 0..10 {
            let mut changed = false;
            for op in ir.walk_ops(module, WalkOrder::PreOrder) {
                if !ir.contains_op(op) {
                    continue;
                }
                if let Some(f) = ir.op_def(op).and_then(|d| d.canonicalize) {
                    changed |= f(&mut ir, op);
                }
            }
            for op in ir.walk_ops(module, WalkOrder::PostOrder) {
                if ir.contains_op(op)
                    && ir.has_trait(op, Traits::PURE)
                    && !ir.results(op).is_empty()
                    && ir.results(op).iter().all(|&r| ir.is_unused(r))
                {
                    ir.erase_op(op);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        assert!(
            lattice_ir::verifier::verify(&ir, module).is_empty(),
            "canonicalized IR does not verify"
        );
        lattice_ir::printer::print_op(&ir, module, Default::default())
    }

    #[test]
    fn canonicalizes_constant_chains() {
        let out = canonicalize_report(
            r#"func.func @f(%x: index, %y: index, %c: i1, %a: i32, %b: i32, %i: i32) -> (index, index, index, index, index, index, index, i1, i32, index, i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1 : index
  %0 = arith.addi %x, %c1 overflow<nsw> : index
  %1 = arith.addi %0, %c2 overflow<nsw, nuw> : index
  %2 = arith.subi %x, %c3 : index
  %3 = arith.addi %2, %c1 : index
  %4 = arith.subi %c3, %x : index
  %5 = arith.subi %4, %c1 : index
  %6 = arith.muli %x, %c2 : index
  %7 = arith.muli %6, %c3 : index
  %8 = arith.muli %y, %m1 : index
  %9 = arith.addi %x, %8 : index
  %10 = arith.subi %c3, %0 : index
  %11 = arith.subi %2, %x : index
  %cmp = arith.cmpi slt, %x, %y : index
  %true = arith.constant true
  %12 = arith.xori %cmp, %true : i1
  %13 = arith.select %c, %a, %b : i32
  %14 = arith.select %c, %13, %b : i32
  %15 = arith.index_cast %x : index to i32
  %16 = arith.index_cast %15 : i32 to index
  %17 = arith.extsi %i : i32 to i64
  %18 = arith.index_cast %17 : i64 to index
  %19:2 = arith.addui_extended %a, %b : i32, i1
  return %1, %3, %5, %7, %9, %10, %11, %12, %14, %16, %19#0 : index, index, index, index, index, index, index, i1, i32, index, i32
}"#,
        );
        expect_test::expect![[r#"
            module {
              func.func @f(%arg0: index, %arg1: index, %arg2: i1, %arg3: i32, %arg4: i32, %arg5: i32) -> (index, index, index, index, index, index, index, i1, i32, index, i32) {
                %c3 = arith.constant 3 : index
                %c3_0 = arith.constant 3 : index
                %0 = arith.addi %arg0, %c3_0 overflow<nsw> : index
                %c-2 = arith.constant -2 : index
                %1 = arith.addi %arg0, %c-2 : index
                %c2 = arith.constant 2 : index
                %2 = arith.subi %c2, %arg0 : index
                %c6 = arith.constant 6 : index
                %3 = arith.muli %arg0, %c6 : index
                %4 = arith.subi %arg0, %arg1 : index
                %c2_1 = arith.constant 2 : index
                %5 = arith.subi %c2_1, %arg0 : index
                %c0 = arith.constant 0 : index
                %6 = arith.subi %c0, %c3 : index
                %7 = arith.cmpi sge, %arg0, %arg1 : index
                %8 = arith.select %arg2, %arg3, %arg4 : i32
                %9 = arith.addi %arg3, %arg4 : i32
                return %0, %1, %2, %3, %4, %5, %6, %7, %8, %arg0, %9 : index, index, index, index, index, index, index, i1, i32, index, i32
              }
            }
        "#]].assert_eq(&out);
    }

    #[test]
    fn populates_generic_defaults() {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let show = |name: &str, attrs: &[(&str, &str)]| {
            let mut st = OperationState::new(ctx.intern_str(name), ctx.unknown_loc());
            for (n, t) in attrs {
                st.add_attr(
                    ctx.intern_str(n),
                    ctx.attr(AttrData::Dialect(t.to_string())),
                );
            }
            populate_defaults(&ctx, &mut st);
            let mut v: Vec<String> = st
                .attrs
                .iter()
                .map(|a| {
                    format!(
                        "{}={}",
                        ctx.str(a.name),
                        lattice_ir::printer::attr_to_string(&ctx, a.value)
                    )
                })
                .collect();
            v.sort();
            v.join(" ")
        };
        assert_eq!(
            show("arith.addi", &[]),
            "overflowFlags=#arith.overflow<none>"
        );
        assert_eq!(
            show("arith.addf", &[("fastmath", "arith.fastmath<ninf,nnan>")]),
            "fastmath=#arith.fastmath<nnan,ninf>"
        );
        assert_eq!(show("math.isnan", &[]), "fastmath=#arith.fastmath<none>");
        assert_eq!(show("math.ctlz", &[]), "");
        assert_eq!(show("arith.extf", &[]), "");
        assert_eq!(show("arith.cmpf", &[]), "fastmath=#arith.fastmath<none>");
    }

    #[test]
    fn folds_cancelling_chains() {
        let report = fold_report(
            r#"func.func @f(%a: i32, %b: i32, %s: i16) {
  %0 = arith.subi %a, %b : i32
  %1 = arith.addi %0, %b : i32
  %2 = arith.addi %b, %0 : i32
  %3 = arith.addi %a, %b : i32
  %4 = arith.subi %3, %b : i32
  %5 = arith.subi %3, %a : i32
  %6 = arith.xori %a, %b : i32
  %7 = arith.xori %6, %b : i32
  %8 = arith.xori %a, %6 : i32
  %9 = arith.extsi %s : i16 to i32
  %10 = arith.trunci %9 : i32 to i16
  return
}"#,
        );
        expect_test::expect![[r#"
            arith.addi#0: %arg0
            arith.addi#0: %arg0
            arith.subi#0: %arg0
            arith.subi#0: %arg1
            arith.xori#0: %arg0
            arith.xori#0: %arg1
            arith.trunci#0: %arg2
        "#]]
        .assert_eq(&report);
        let out = canonicalize_report(
            r#"func.func @g(%x: index) -> (i1, i1) {
  %c4 = arith.constant 4 : index
  %0 = arith.cmpi slt, %c4, %x : index
  %1 = arith.cmpi eq, %c4, %x : index
  return %0, %1 : i1, i1
}"#,
        );
        expect_test::expect![[r#"
            module {
              func.func @g(%arg0: index) -> (i1, i1) {
                %c4 = arith.constant 4 : index
                %0 = arith.cmpi sgt, %arg0, %c4 : index
                %1 = arith.cmpi eq, %arg0, %c4 : index
                return %0, %1 : i1, i1
              }
            }
        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn folds_integer_constants() {
        let report = fold_report(
            r#"func.func @f(%x: i32) {
  %c7 = arith.constant 7 : i32
  %c-2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %c7, %c-2 : i32
  %1 = arith.subi %c7, %c-2 : i32
  %2 = arith.muli %c7, %c-2 : i32
  %3 = arith.divsi %c7, %c-2 : i32
  %4 = arith.divui %c7, %c-2 : i32
  %5 = arith.ceildivsi %c7, %c-2 : i32
  %6 = arith.floordivsi %c7, %c-2 : i32
  %7 = arith.remsi %c7, %c-2 : i32
  %8 = arith.remui %c-2, %c7 : i32
  %9 = arith.shli %c7, %c1 : i32
  %10 = arith.shrsi %c-2, %c1 : i32
  %11 = arith.shrui %c-2, %c1 : i32
  %12 = arith.maxsi %c7, %c-2 : i32
  %13 = arith.maxui %c7, %c-2 : i32
  %14 = arith.cmpi slt, %c-2, %c7 : i32
  %15 = arith.cmpi ult, %c-2, %c7 : i32
  %16 = arith.divsi %c7, %c0 : i32
  %17 = arith.addi %x, %c0 : i32
  %18 = arith.muli %c1, %x : i32
  %19 = arith.muli %x, %c0 : i32
  %20 = arith.subi %x, %x : i32
  %21 = arith.xori %x, %x : i32
  %22 = arith.andi %x, %x : i32
  %23 = arith.cmpi sge, %x, %x : i32
  %24 = arith.extsi %c-2 : i32 to i64
  %25 = arith.extui %c-2 : i32 to i64
  %26 = arith.trunci %c-2 : i32 to i8
  %27 = arith.index_cast %c-2 : i32 to index
  %28 = arith.index_castui %c-2 : i32 to index
  %29:2 = arith.addui_extended %c-2, %c7 : i32, i1
  %30:2 = arith.mulsi_extended %c-2, %c7 : i32
  %31:2 = arith.mului_extended %c-2, %c7 : i32
  %32 = arith.sitofp %c-2 : i32 to f32
  %33 = arith.uitofp %c7 : i32 to f16
  %34 = arith.bitcast %c1 : i32 to f32
  %35 = arith.select %x, %c1, %c0 : i32
  return
}"#
            .replace("%35 = arith.select %x, %c1, %c0 : i32", "")
            .as_str(),
        );
        expect_test::expect![[r#"
            arith.addi#0: 5 : i32
            arith.subi#0: 9 : i32
            arith.muli#0: -14 : i32
            arith.divsi#0: -3 : i32
            arith.divui#0: 0 : i32
            arith.ceildivsi#0: -3 : i32
            arith.floordivsi#0: -4 : i32
            arith.remsi#0: 1 : i32
            arith.remui#0: 2 : i32
            arith.shli#0: 14 : i32
            arith.shrsi#0: -1 : i32
            arith.shrui#0: 2147483647 : i32
            arith.maxsi#0: 7 : i32
            arith.maxui#0: -2 : i32
            arith.cmpi#0: true
            arith.cmpi#0: false
            arith.addi#0: %arg0
            arith.muli#0: result 0 of arith.constant
            arith.subi#0: 0 : i32
            arith.xori#0: 0 : i32
            arith.andi#0: %arg0
            arith.cmpi#0: true
            arith.extsi#0: -2 : i64
            arith.extui#0: 4294967294 : i64
            arith.trunci#0: -2 : i8
            arith.index_cast#0: -2 : index
            arith.index_castui#0: 4294967294 : index
            arith.addui_extended#0: 5 : i32
            arith.addui_extended#1: true
            arith.mulsi_extended#0: -14 : i32
            arith.mulsi_extended#1: -1 : i32
            arith.mului_extended#0: -14 : i32
            arith.mului_extended#1: 6 : i32
            arith.sitofp#0: -2.000000e+00 : f32
            arith.uitofp#0: 7.000000e+00 : f16
            arith.bitcast#0: 1.401300e-45 : f32
        "#]]
        .assert_eq(&report);
    }

    #[test]
    fn folds_float_and_vector_constants() {
        let report = fold_report(
            r#"func.func @f(%x: f32, %c: i1, %a: i32, %b: i32) {
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %nz = arith.constant -0.0 : f32
  %big = arith.constant 3.0e38 : f32
  %0 = arith.addf %one, %half : f32
  %1 = arith.subf %half, %one : f32
  %2 = arith.mulf %big, %big : f32
  %3 = arith.divf %one, %nz : f32
  %4 = arith.remf %one, %half : f32
  %5 = arith.maximumf %nz, %half : f32
  %6 = arith.minnumf %nz, %half : f32
  %7 = arith.negf %half : f32
  %8 = arith.cmpf olt, %half, %one : f32
  %9 = arith.cmpf uno, %half, %one : f32
  %10 = arith.addf %x, %nz : f32
  %11 = arith.mulf %x, %one : f32
  %12 = arith.fptosi %big : f32 to i32
  %13 = arith.fptosi %half : f32 to i32
  %14 = arith.truncf %half : f32 to bf16
  %15 = arith.extf %half : f32 to f64
  %t = arith.constant true
  %16 = arith.select %t, %a, %b : i32
  %17 = arith.select %c, %a, %a : i32
  %v = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %s = arith.constant dense<2> : vector<4xi32>
  %18 = arith.muli %v, %s : vector<4xi32>
  %19 = arith.cmpi sgt, %v, %s : vector<4xi32>
  %20 = arith.addi %s, %s : vector<4xi32>
  %h = arith.constant 1.5 : f16
  %21 = arith.addf %h, %h : f16
  return
}"#,
        );
        expect_test::expect![[r#"
            arith.addf#0: 1.500000e+00 : f32
            arith.subf#0: -5.000000e-01 : f32
            arith.mulf#0: 0x7F800000 : f32
            arith.divf#0: 0xFF800000 : f32
            arith.remf#0: 0.000000e+00 : f32
            arith.maximumf#0: 5.000000e-01 : f32
            arith.minnumf#0: -0.000000e+00 : f32
            arith.negf#0: -5.000000e-01 : f32
            arith.cmpf#0: true
            arith.cmpf#0: false
            arith.addf#0: %arg0
            arith.mulf#0: %arg0
            arith.fptosi#0: 0 : i32
            arith.truncf#0: 5.000000e-01 : bf16
            arith.extf#0: 5.000000e-01 : f64
            arith.select#0: %arg2
            arith.select#0: %arg2
            arith.muli#0: dense<[2, 4, 6, 8]> : vector<4xi32>
            arith.cmpi#0: dense<[false, false, true, true]> : vector<4xi1>
            arith.addi#0: dense<4> : vector<4xi32>
            arith.addf#0: 3.000000e+00 : f16
        "#]]
        .assert_eq(&report);
    }

    #[test]
    fn float_encoding_round_trips() {
        for &x in &[
            0.0, -0.0, 1.0, -2.5, 1.0e-5, 65504.0, 1.0e10, 3.140625, 5.96e-8,
        ] {
            for k in [
                FloatKind::F16,
                FloatKind::BF16,
                FloatKind::F32,
                FloatKind::F64,
            ] {
                let bits = encode_float(k, x);
                let back = decode_float(k, bits);
                assert_eq!(encode_float(k, back), bits, "{k:?} {x}");
            }
        }
        assert_eq!(encode_float(FloatKind::F16, 1.0), 0x3C00);
        assert_eq!(encode_float(FloatKind::F16, 65520.0), 0x7C00);
        assert_eq!(encode_float(FloatKind::F16, 5.960464477539063e-8), 0x0001);
        assert_eq!(encode_float(FloatKind::BF16, 1.0), 0x3F80);
        assert_eq!(encode_float(FloatKind::F32, 0.1), 0.1f32.to_bits() as u128);
        assert_eq!(encode_float(FloatKind::F32, f64::NAN), 0x7FC0_0000);
    }

    #[test]
    fn integer_folding_rules() {
        assert_eq!(int_binary(ArithKind::DivSI, -7, 2, 32), Some(-3));
        assert_eq!(int_binary(ArithKind::CeilDivSI, 7, -2, 32), Some(-3));
        assert_eq!(int_binary(ArithKind::CeilDivSI, 7, 2, 32), Some(4));
        assert_eq!(int_binary(ArithKind::FloorDivSI, 5, -2, 32), Some(-3));
        assert_eq!(int_binary(ArithKind::DivUI, -2, 2, 8), Some(127));
        assert_eq!(int_binary(ArithKind::DivSI, -128, -1, 8), None);
        assert_eq!(int_binary(ArithKind::DivSI, 1, 0, 8), None);
        assert_eq!(int_binary(ArithKind::ShLI, 1, 8, 8), None);
        assert_eq!(int_binary(ArithKind::ShRSI, -128, 3, 8), Some(-16));
        assert_eq!(cmpi(6, -1, 1, 32), Some(false));
        assert_eq!(cmpi(2, -1, 1, 32), Some(true));
    }
}
