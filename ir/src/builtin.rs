//! The `builtin` dialect: `builtin.module` ([`Module`]) and
//! `builtin.unrealized_conversion_cast` ([`UnrealizedConversionCast`]); [`BuiltinKind`]
//! names both for a `match`.
//!
//! Invariants: a parsed `builtin.module` always has exactly one block (an empty `{}`
//! gets an empty block, as MLIR's `ensureTerminator` for `NoTerminator` single-block
//! regions does); its custom form is `module @name attributes {...} { ... }`.

use crate::attrs::Attr;
use crate::context::Context;
use crate::parser::{Delimiter, PResult, Parser, RegionOptions};
use crate::printer::{Printer, RegionPrintOptions};
use crate::registry::{FoldResult, Traits};
use crate::store::{Ir, ValueDef};
use crate::store::{Op, OperationState};
use crate::verifier::Verifier;

crate::def_op! {
    /// `builtin.module`
    pub static MODULE: Module = "builtin.module" {
        attrs: [SYM_NAME("sym_name"), SYM_VISIBILITY("sym_visibility")],
        traits: Traits::ISOLATED_FROM_ABOVE
            .with(Traits::NO_TERMINATOR)
            .with(Traits::SINGLE_BLOCK)
            .with(Traits::SYMBOL_TABLE)
            .with(Traits::GRAPH_REGIONS)
            .with(Traits::AFFINE_SCOPE),
        default_dialect: Some("builtin"),
        parse: Some(parse_module),
        print: Some(print_module),
        verify: Some(verify_module),
    }
}

crate::def_op! {
    /// `builtin.unrealized_conversion_cast`
    pub static UNREALIZED_CONVERSION_CAST: UnrealizedConversionCast = "builtin.unrealized_conversion_cast" {
        attrs: [],
        traits: Traits::PURE,
        parse: Some(parse_cast),
        print: Some(print_cast),
        fold: Some(fold_cast),
    }
}

crate::def_op_kinds! {
    /// Which `builtin` op an op is (`BuiltinKind::of(ir, op)`), for a `match` over many `builtin` ops
    /// without spelling their names; `BuiltinKind::ALL` is what [`register`] registers.
    pub enum BuiltinKind {
        Module,
        UnrealizedConversionCast,
    }
}

/// Registers the `builtin` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("builtin");
    ctx.register_ops(BuiltinKind::ALL);
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

/// Attributes of a module must be dialect-prefixed, except its symbol name/visibility.
fn verify_module(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    for a in ir.attrs(op) {
        let name = ir.ctx().str(a.name);
        if !name.contains('.') && name != "sym_name" && name != "sym_visibility" {
            v.error(
                op,
                format!("can only contain attributes with dialect-prefixed names, found: '{name}'"),
            );
            return;
        }
    }
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

/// As MLIR: a cast whose input types equal its output types folds to its inputs, and
/// a cast of all the results of another cast (in order) back to that cast's input types
/// folds to that cast's inputs.
fn fold_cast(ir: &Ir, op: Op, _constants: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let operands = ir.operands(op);
    let results = ir.results(op);
    let types =
        |vs: &[crate::store::Value]| vs.iter().map(|&v| ir.value_type(v)).collect::<Vec<_>>();
    if types(operands) == types(results) {
        return Some(operands.iter().map(|&v| FoldResult::Value(v)).collect());
    }
    let first = *operands.first()?;
    let input = ir.defining_op(first)?;
    if !ir.isa::<UnrealizedConversionCast>(input) {
        return None;
    }
    for (i, &v) in operands.iter().enumerate() {
        match ir.value_def(v) {
            ValueDef::Result { op: o, index } if o == input && index as usize == i => {}
            _ => return None,
        }
    }
    if types(ir.operands(input)) != types(results) {
        return None;
    }
    Some(
        ir.operands(input)
            .iter()
            .map(|&v| FoldResult::Value(v))
            .collect(),
    )
}
