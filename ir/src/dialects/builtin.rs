//! The `builtin` dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.
//!
//! Invariants: a parsed `builtin.module` always has exactly one block (an empty `{}`
//! gets an empty block, as MLIR's `ensureTerminator` for `NoTerminator` single-block
//! regions does); its custom form is `module @name attributes {...} { ... }`.

use crate::context::Context;
use crate::parser::{Delimiter, PResult, Parser, RegionOptions};
use crate::printer::{Printer, RegionPrintOptions};
use crate::registry::{OpDef, Traits};
use crate::store::{Op, OperationState};

/// `builtin.module`
pub static MODULE: OpDef = OpDef {
    name: "builtin.module",
    traits: Traits::ISOLATED_FROM_ABOVE
        .with(Traits::NO_TERMINATOR)
        .with(Traits::SINGLE_BLOCK)
        .with(Traits::SYMBOL_TABLE)
        .with(Traits::GRAPH_REGIONS)
        .with(Traits::AFFINE_SCOPE),
    inherent_attrs: &["sym_name", "sym_visibility"],
    default_dialect: Some("builtin"),
    parse: Some(parse_module),
    print: Some(print_module),
    ..OpDef::EMPTY
};

/// `builtin.unrealized_conversion_cast`
pub static UNREALIZED_CONVERSION_CAST: OpDef = OpDef {
    name: "builtin.unrealized_conversion_cast",
    traits: Traits::PURE,
    parse: Some(parse_cast),
    print: Some(print_cast),
    ..OpDef::EMPTY
};

/// Registers the `builtin` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("builtin");
    ctx.register_ops(&[&MODULE, &UNREALIZED_CONVERSION_CAST]);
}

/// `module (@name)? (attributes {...})? { ... }`
fn parse_module(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if let Some(name) = p.parse_optional_symbol_name()? {
        let a = p.ctx().string_attr(&name);
        let key = p.intern("sym_name");
        st.add_attr(key, a);
    }
    p.parse_optional_attr_dict_with_keyword(st)?;
    let region = p.parse_region(&[], RegionOptions::default())?;
    if p.ir().region_is_empty(region) {
        let b = p.ir().create_block(&[]);
        p.ir().append_block(region, b);
    }
    st.regions.push(region);
    Ok(())
}

fn print_module(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    if let Some(name) = ir
        .attr(op, "sym_name")
        .and_then(|a| p.ctx().string_value(a))
    {
        p.write(" ");
        p.print_symbol_name(name);
    }
    p.print_optional_attr_dict_with_keyword(op, &["sym_name"]);
    p.write(" ");
    let region = ir.region(op, 0);
    p.print_region(
        region,
        RegionPrintOptions {
            print_entry_block_args: false,
            ..RegionPrintOptions::default()
        },
    );
}

/// `(%a, %b : i32, i64)? to index, f32 attr-dict`
fn parse_cast(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let span = p.current_span();
    let operands = p.parse_operand_list(Delimiter::None)?;
    if !operands.is_empty() {
        let types = p.parse_colon_type_list()?;
        st.operands = p.resolve_operands(&operands, &types, span)?;
    }
    p.expect("to")?;
    st.result_types = p.parse_type_list()?;
    p.parse_optional_attr_dict(st)?;
    Ok(())
}

fn print_cast(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let operands = ir.operands(op);
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(operands);
        p.write(" : ");
        let types: Vec<_> = operands.iter().map(|&v| ir.value_type(v)).collect();
        p.print_types(&types);
    }
    p.write(" to ");
    let types: Vec<_> = ir.results(op).iter().map(|&v| ir.value_type(v)).collect();
    p.print_types(&types);
    p.print_optional_attr_dict(op, &[]);
}
