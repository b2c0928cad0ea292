//! Small helpers shared by the affine ops: attribute accessors, diagnostics at the op
//! name, and the operand layout of ops whose operands are split by affine maps.
//!
//! Invariants: accessors never panic on malformed IR (a missing or ill-typed attribute
//! reads as `None`), so verifiers and printers can run on anything the generic parser
//! builds.

use lattice_ir::diag::{DiagLoc, Diagnostic};
use lattice_ir::parser::Parser;
pub use lattice_ir::view::{int_attr, map_attr, set_attr};
use lattice_ir::{Attr, AttrData, Context, Ir, Op, OperationState, Type, TypeData, Value};

/// An error at the op's location (its name), as MLIR's custom parsers emit with
/// `parser.emitError(parser.getNameLoc(), ...)`: prefixed `custom op '<name>' `.
pub(crate) fn name_error(
    p: &Parser<'_>,
    st: &OperationState,
    message: impl AsRef<str>,
) -> Diagnostic {
    let name = p.ctx().str(st.name);
    Diagnostic::error(
        DiagLoc::Loc(st.loc),
        format!("custom op '{name}' {}", message.as_ref()),
    )
}

/// An error at `span` from a custom parser (MLIR's `OpAsmParser::emitError`), prefixed
/// `custom op '<name>' `.
pub(crate) fn custom_error(
    p: &Parser<'_>,
    st: &OperationState,
    span: lattice_ir::Span,
    message: impl AsRef<str>,
) -> Diagnostic {
    let name = p.ctx().str(st.name);
    p.error_at(span, format!("custom op '{name}' {}", message.as_ref()))
}

/// The ranges of map results that `affine.parallel`'s `lowerBoundsGroups` /
/// `upperBoundsGroups` give each dimension (consecutive slices of the bounds map, one per
/// group count); `None` when a count is negative or the counts overrun `num_results`.
pub fn group_ranges(groups: &[i64], num_results: usize) -> Option<Vec<std::ops::Range<usize>>> {
    let mut pos = 0usize;
    let mut out = Vec::with_capacity(groups.len());
    for &g in groups {
        let end = pos.checked_add(usize::try_from(g).ok()?)?;
        if end > num_results {
            return None;
        }
        out.push(pos..end);
        pos = end;
    }
    Some(out)
}

/// Whether a boolean/unit attribute `name` is present and true.
pub(crate) fn flag_attr(ir: &Ir, op: Op, name: &str) -> bool {
    match ir.attr(op, name).map(|a| ir.ctx().attr_data(a)) {
        Some(AttrData::Unit) => true,
        Some(AttrData::Integer { value, .. }) => *value != 0,
        _ => false,
    }
}

/// The values of a `array<i32: ...>`/`array<i64: ...>` attribute.
pub fn dense_array(ctx: &Context, attr: Option<Attr>) -> Option<Vec<i64>> {
    match ctx.attr_data(attr?) {
        AttrData::DenseArray { values, .. } => {
            values.iter().map(|&v| i64::try_from(v).ok()).collect()
        }
        _ => None,
    }
}

/// The integer elements of a `dense<...> : tensor<Nxi32>` attribute (splats expanded).
pub fn dense_elements(ctx: &Context, attr: Option<Attr>) -> Option<Vec<i64>> {
    let AttrData::DenseElements { ty, values } = ctx.attr_data(attr?) else {
        return None;
    };
    let count: i64 = ctx.shape(*ty)?.iter().product();
    let ints: Vec<i64> = values
        .iter()
        .map(|&v| ctx.int_value(v).and_then(|x| i64::try_from(x).ok()))
        .collect::<Option<_>>()?;
    if ints.len() == 1 && count != 1 {
        return Some(vec![ints[0]; usize::try_from(count).ok()?]);
    }
    Some(ints)
}

/// `dense<[..]> : tensor<Nxi32>` (a splat when all values are equal).
pub fn i32_tensor_attr(ctx: &Context, values: &[i64]) -> Attr {
    let i32t = ctx.int_type(32);
    let ty = ctx.ty(TypeData::RankedTensor {
        shape: vec![values.len() as i64],
        element: i32t,
        encoding: None,
    });
    let splat = !values.is_empty() && values.iter().all(|&v| v == values[0]);
    let elems = if splat { &values[..1] } else { values };
    let values = elems
        .iter()
        .map(|&v| ctx.int_attr(v as i128, i32t))
        .collect();
    ctx.attr(AttrData::DenseElements { ty, values })
}

/// `[a, b]` of i64 integer attributes.
pub(crate) fn i64_array_attr(ctx: &Context, values: &[i64]) -> Attr {
    let elems = values.iter().map(|&v| ctx.i64_attr(v)).collect();
    ctx.array_attr(elems)
}

/// The integer values of an array attribute of integers.
pub fn int_array(ctx: &Context, attr: Option<Attr>) -> Option<Vec<i64>> {
    match ctx.attr_data(attr?) {
        AttrData::Array(elems) => elems
            .iter()
            .map(|&e| ctx.int_value(e).and_then(|v| i64::try_from(v).ok()))
            .collect(),
        _ => None,
    }
}

/// The types of `values`.
pub(crate) fn types_of(ir: &Ir, values: &[Value]) -> Vec<Type> {
    values.iter().map(|&v| ir.value_type(v)).collect()
}

/// The element type and rank of a ranked memref type.
pub fn memref_info(ctx: &Context, ty: Type) -> Option<(Type, usize)> {
    match ctx.type_data(ty) {
        TypeData::MemRef { shape, element, .. } => Some((*element, shape.len())),
        _ => None,
    }
}

/// The constant integer an op with the `CONSTANT_LIKE` trait gives `value`, if any.
pub fn constant_int(ir: &Ir, value: Value) -> Option<i64> {
    let def = ir.defining_op(value)?;
    if !ir.has_trait(def, lattice_ir::Traits::CONSTANT_LIKE) {
        return None;
    }
    let v = ir.ctx().int_value(ir.attr(def, "value")?)?;
    i64::try_from(v).ok()
}

/// The ancestor of `op` (or `op` itself) that lies directly in `block` (MLIR's
/// `Block::findAncestorOpInBlock`).
pub fn ancestor_in_block(ir: &Ir, block: lattice_ir::Block, mut op: Op) -> Option<Op> {
    loop {
        let parent = ir.op_parent(op)?;
        if parent == block {
            return Some(op);
        }
        op = ir.block_parent_op(parent)?;
    }
}

/// The text of `type` as mlir-opt prints it.
pub(crate) fn type_str(ir: &Ir, ty: Type) -> String {
    lattice_ir::printer::type_to_string(ir.ctx(), ty)
}

/// Remarks at each op of `report` (an op a pass left alone, and why): `<what>: <why>`.
pub(crate) fn located_remarks(
    ir: &lattice_ir::Ir,
    report: Vec<(lattice_ir::Op, String)>,
    what: &str,
) -> Vec<lattice_ir::diag::Diagnostic> {
    report
        .into_iter()
        .filter(|(op, _)| ir.contains_op(*op))
        .map(|(op, why)| {
            lattice_ir::diag::Diagnostic::new(
                lattice_ir::diag::Severity::Remark,
                lattice_ir::DiagLoc::Loc(ir.loc(op)),
                format!("{what}: {why}"),
            )
        })
        .collect()
}
