//! Assembly formats shared by many ops (MLIR's declarative-format building blocks), so
//! each is written once: terminators like `scf.yield`/`gpu.yield`/`vector.yield`,
//! single-operand ops like `memref.dealloc`, attribute-only ops like `gpu.barrier`.
//!
//! Invariants: each parse function reads exactly what its print function writes, and
//! both follow mlir-opt 22's spacing (custom printers write their own leading space).

use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::context::Context;
use lattice_ir::parser::{Delimiter, PResult, Parser};
use lattice_ir::printer::Printer;
use lattice_ir::store::{Ir, Op, OperationState, Value};
use lattice_ir::types::Type;
use lattice_ir::verifier::Verifier;

/// `attr-dict ($operands^ : type($operands))?`
pub fn parse_operands_colon_types(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(st)?;
    if p.peek_operand() {
        let span = p.current_span();
        let operands = p.parse_operand_list(Delimiter::None)?;
        let types = p.parse_colon_type_list()?;
        st.operands = p.resolve_operands(&operands, &types, span)?;
    }
    Ok(())
}

/// Prints [`parse_operands_colon_types`]'s format.
pub fn print_operands_colon_types(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.print_optional_attr_dict(op, &[]);
    let operands = ir.operands(op);
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(operands);
        p.write(" : ");
        let types: Vec<Type> = operands.iter().map(|&x| ir.value_type(x)).collect();
        p.print_types(&types);
    }
}

/// `$x attr-dict : type($x)`
pub fn parse_operand_colon_type(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let x = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    st.operands = vec![p.resolve_operand(&x, ty)?];
    Ok(())
}

/// Prints [`parse_operand_colon_type`]'s format.
pub fn print_operand_colon_type(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(&x) = ir.operands(op).first() else {
        return;
    };
    p.write(" ");
    p.print_operand(x);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(x));
}

/// `attr-dict`
pub fn parse_attr_dict_only(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(st)
}

/// Prints [`parse_attr_dict_only`]'s format.
pub fn print_attr_dict_only(p: &mut Printer<'_>, op: Op) {
    p.print_optional_attr_dict(op, &[]);
}

/// `[1, 2, -1]` of integers (a dense `i64` array in a custom form).
pub fn parse_int_list(p: &mut Parser<'_>) -> PResult<Vec<i64>> {
    p.expect("[")?;
    let mut out = Vec::new();
    if !p.eat("]") {
        loop {
            out.push(p.parse_integer()? as i64);
            if !p.eat(",") {
                break;
            }
        }
        p.expect("]")?;
    }
    Ok(out)
}

// ----- operand segments (`AttrSizedOperandSegments`) -----

/// The values of a dense array attribute as `i64` (empty when missing or of another kind).
pub fn dense_values(ctx: &Context, attr: Option<Attr>) -> Vec<i64> {
    match attr.map(|a| ctx.attr_data(a)) {
        Some(AttrData::DenseArray { values, .. }) => values.iter().map(|&v| v as i64).collect(),
        _ => Vec::new(),
    }
}

/// The operands of segment `seg` (empty if the attribute is missing or inconsistent).
pub fn segment_values(ir: &Ir, op: Op, seg: usize) -> Vec<Value> {
    let sizes = dense_values(ir.ctx(), ir.attr(op, "operandSegmentSizes"));
    if seg >= sizes.len() || sizes.iter().any(|&s| s < 0) {
        return Vec::new();
    }
    let start = sizes[..seg].iter().sum::<i64>() as usize;
    let len = sizes[seg] as usize;
    ir.operands(op)
        .get(start..start + len)
        .map(<[Value]>::to_vec)
        .unwrap_or_default()
}

/// Whether `operandSegmentSizes` has `count` non-negative entries summing to the operand count.
pub fn segments_ok(ir: &Ir, op: Op, count: usize) -> bool {
    let sizes = dense_values(ir.ctx(), ir.attr(op, "operandSegmentSizes"));
    sizes.len() == count
        && sizes.iter().all(|&s| s >= 0)
        && sizes.iter().sum::<i64>() as usize == ir.operands(op).len()
}

/// Reports mlir-opt's `operandSegmentSizes` errors (wrong length, wrong total); true when fine.
pub fn check_segments(v: &mut Verifier<'_>, op: Op, count: usize) -> bool {
    let ir = v.ir();
    let sizes = dense_values(ir.ctx(), ir.attr(op, "operandSegmentSizes"));
    if sizes.len() != count {
        v.error(
            op,
            format!(
                "'operandSegmentSizes' attribute for specifying operand segments must have {count} elements, but got {}",
                sizes.len()
            ),
        );
        return false;
    }
    if !segments_ok(ir, op, count) {
        let total: i64 = sizes.iter().sum();
        v.error(
            op,
            format!(
                "operand count ({}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'",
                ir.operands(op).len()
            ),
        );
        return false;
    }
    true
}
