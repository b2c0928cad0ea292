//! The `transform` dialect (LLVM 22), reduced to what a transform script needs to drive
//! Lattice's transform ops: `transform.named_sequence`, `transform.yield`,
//! `transform.structured.match`, the type `!transform.any_op`, the module attribute
//! `transform.with_named_sequence`; and the `transform-interpreter` pass, which finds the
//! entry sequence, binds its argument to the op the pass runs on, and applies the
//! sequence's ops in order.
//!
//! Invariants: a transform op is any op whose definition has a `transform_apply` hook
//! (transform ops of other dialects, as `transform.affine.*`, register themselves that
//! way); the interpreter applies nothing else and reports any other op in a sequence as a
//! located error, never a panic. Custom forms print byte for byte as mlir-opt 22 (note
//! `transform.yield ` with a trailing space when it has no operands).

use super::arith::type_str;
use super::func::{parse_function_like, print_function_like, verify_function_like};
use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::context::Context;
use lattice_ir::diag::{DiagLoc, Diagnostic};
use lattice_ir::parser::{PResult, Parser};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::printer::Printer;
use lattice_ir::registry::Traits;
use lattice_ir::store::{Ir, Op, OperationState, WalkOrder};
use lattice_ir::transform::{op_error, TransformState};
use lattice_ir::types::{Type, TypeData};
use lattice_ir::verifier::Verifier;
use lattice_ir::view::{is_def, OpView};

/// The type of a handle to any payload ops.
pub const ANY_OP: &str = "transform.any_op";

/// The module attribute that allows named sequences inside.
pub const WITH_NAMED_SEQUENCE: &str = "transform.with_named_sequence";

/// `!transform.any_op`.
pub fn any_op_type(ctx: &Context) -> Type {
    ctx.ty(TypeData::Dialect(ANY_OP.into()))
}

/// Whether `ty` is `!transform.any_op`.
fn is_any_op(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Dialect(t) if t == ANY_OP)
}

/// Whether every operand and result of `op` is an op handle; a located error otherwise
/// (Lattice knows no other transform type).
pub fn verify_handle_types(v: &mut Verifier<'_>, op: Op) -> bool {
    let ir = v.ir();
    let values = ir.operands(op).iter().chain(ir.results(op));
    if let Some(&bad) = values
        .into_iter()
        .find(|&&x| !is_any_op(ir.ctx(), ir.value_type(x)))
    {
        let ty = type_str(ir, ir.value_type(bad));
        v.error(
            op,
            format!("expects op handles of type '!{ANY_OP}', found '{ty}'"),
        );
        return false;
    }
    true
}

// ---------------------------------------------------------------------------------------
// transform.named_sequence
// ---------------------------------------------------------------------------------------

fn verify_named_sequence(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if let Some(table) = ir.parent_op(op) {
        if ir.attr(table, WITH_NAMED_SEQUENCE).is_none() {
            v.report(
                Diagnostic::error(
                    DiagLoc::Loc(ir.loc(op)),
                    format!("expects the parent symbol table to have the '{WITH_NAMED_SEQUENCE}' attribute"),
                )
                .with_note(DiagLoc::Loc(ir.loc(table)), "symbol table operation"),
            );
            return;
        }
    }
    verify_function_like(v, op);
    let Some(body) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else {
        return;
    };
    let results = super::func::function_type(ir, op).map_or(0, |(_, r)| r.len());
    match ir.block_ops(body).last() {
        Some(term) if is_def(ir, term, &YIELD) => {
            if ir.operands(term).len() != results {
                v.error_raw(
                    term,
                    "expected terminator to have as many operands as the parent op has results",
                );
            }
        }
        _ => v.error(op, "expects the body to be terminated by 'transform.yield'"),
    }
}

lattice_ir::def_op! {
    /// `transform.named_sequence [visibility] @name(%arg: type {attrs}, ...) [-> types]
    /// [attributes {...}] { body }`, the custom form `func.func` shares.
    pub static NAMED_SEQUENCE: NamedSequence = "transform.named_sequence" {
        attrs: [
            ARG_ATTRS("arg_attrs"),
            FUNCTION_TYPE("function_type"),
            RES_ATTRS("res_attrs"),
            SYM_NAME("sym_name"),
            SYM_VISIBILITY("sym_visibility"),
        ],
        traits: Traits::SYMBOL.with(Traits::ISOLATED_FROM_ABOVE),
        parse: Some(parse_function_like),
        print: Some(print_function_like),
        verify: Some(verify_named_sequence),
    }
}

// ---------------------------------------------------------------------------------------
// transform.yield
// ---------------------------------------------------------------------------------------

/// `operands attr-dict (: type(operands))?`
fn parse_yield(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let span = p.current_span();
    let operands = p.parse_operand_list(lattice_ir::parser::Delimiter::None)?;
    p.parse_optional_attr_dict(st)?;
    let types = if p.eat(":") {
        p.parse_type_list()?
    } else {
        Vec::new()
    };
    st.operands = p.resolve_operands(&operands, &types, span)?;
    Ok(())
}

/// mlir-opt writes the space before the (possibly empty) operand list.
fn print_yield(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let operands = ir.operands(op);
    p.write(" ");
    p.print_operands(operands);
    p.print_optional_attr_dict(op, &[]);
    if !operands.is_empty() {
        p.write(" : ");
        let types: Vec<Type> = operands.iter().map(|&x| ir.value_type(x)).collect();
        p.print_types(&types);
    }
}

lattice_ir::def_op! {
    /// `transform.yield`: the terminator of a sequence, returning its results.
    pub static YIELD: Yield = "transform.yield" {
        attrs: [],
        traits: Traits::TERMINATOR,
        parse: Some(parse_yield),
        print: Some(print_yield),
    }
}

// ---------------------------------------------------------------------------------------
// transform.structured.match
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    /// `transform.structured.match [ops{["a.b", ...]}] [attributes {...}] in %h :
    /// (type) -> type`: the ops nested in (and including) the one payload op of `%h`,
    /// post-order, whose name is listed and that carry every listed attribute.
    pub static MATCH_OP: Match = "transform.structured.match" {
        attrs: [OPS("ops") -> ops: attr, OP_ATTRS("op_attrs") -> op_attrs: attr],
        parse: Some(parse_match),
        print: Some(print_match),
        verify: Some(verify_match),
        transform_apply: Some(apply_match),
    }
}

fn parse_match(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.eat("ops") {
        p.expect("{")?;
        let ops = p.parse_attribute(None)?;
        p.expect("}")?;
        let name = p.intern(Match::OPS);
        st.add_attr(name, ops);
    }
    if p.eat("attributes") {
        let attrs = p.parse_dictionary()?;
        let name = p.intern(Match::OP_ATTRS);
        st.add_attr(name, attrs);
    }
    p.expect("in")?;
    let target = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    p.expect(":")?;
    let span = p.current_span();
    let (inputs, results) = p.parse_function_type()?;
    let [input] = inputs.as_slice() else {
        return Err(p.error_at(
            span,
            format!("expected 1 operand type but had {}", inputs.len()),
        ));
    };
    st.operands = vec![p.resolve_operand(&target, *input)?];
    st.result_types = results;
    Ok(())
}

fn print_match(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let view = Match::wrap(op);
    if let Some(ops) = view.ops(ir) {
        p.write(" ops{");
        p.print_attribute(ops);
        p.write("}");
    }
    if let Some(attrs) = view.op_attrs(ir) {
        p.write(" attributes ");
        p.print_attribute(attrs);
    }
    p.write(" in ");
    let Some(&target) = ir.operands(op).first() else {
        return;
    };
    p.print_operand(target);
    p.print_optional_attr_dict(op, &[Match::OPS, Match::OP_ATTRS]);
    p.write(" : ");
    let results: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    p.print_function_type(&[ir.value_type(target)], &results);
}

/// The op names of `ops`, when it is an array of strings.
fn op_names(ctx: &Context, ops: Attr) -> Option<Vec<String>> {
    let AttrData::Array(items) = ctx.attr_data(ops) else {
        return None;
    };
    items
        .iter()
        .map(|&a| ctx.string_value(a).map(str::to_string))
        .collect()
}

fn verify_match(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if ir.operands(op).len() != 1 || ir.results(op).len() != 1 {
        v.error(op, "expects one target handle and one result handle");
        return;
    }
    let ctx = ir.ctx();
    let view = Match::wrap(op);
    if view.ops(ir).is_some_and(|a| op_names(ctx, a).is_none()) {
        v.error(
            op,
            "attribute 'ops' failed to satisfy constraint: string array attribute",
        );
        return;
    }
    if view
        .op_attrs(ir)
        .is_some_and(|a| !matches!(ctx.attr_data(a), AttrData::Dictionary(_)))
    {
        v.error(op, "attribute 'op_attrs' failed to satisfy constraint: dictionary of named attribute values");
        return;
    }
    verify_handle_types(v, op);
}

/// Whether `op` carries every attribute of the dictionary `wanted` with the same value.
fn has_attrs(ir: &Ir, op: Op, wanted: Attr) -> bool {
    let ctx = ir.ctx();
    let AttrData::Dictionary(entries) = ctx.attr_data(wanted) else {
        return false;
    };
    entries
        .iter()
        .all(|e| ir.attr(op, ctx.str(e.name)) == Some(e.value))
}

fn apply_match(ir: &mut Ir, state: &mut TransformState, op: Op) -> Result<(), Vec<Diagnostic>> {
    let targets = state.operand_payload(ir, op, 0).map_err(|d| vec![d])?;
    let [target] = targets.as_slice() else {
        return Err(vec![Diagnostic::error(
            DiagLoc::Loc(ir.loc(op)),
            "requires exactly one target handle",
        )]);
    };
    let view = Match::wrap(op);
    let names = view.ops(ir).and_then(|a| op_names(ir.ctx(), a));
    let attrs = view.op_attrs(ir);
    let found: Vec<Op> = ir
        .walk_ops(*target, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| {
            names
                .as_ref()
                .is_none_or(|n| n.iter().any(|n| ir.op_name(o) == n))
        })
        .filter(|&o| attrs.is_none_or(|a| has_attrs(ir, o, a)))
        .collect();
    if let Some(&result) = ir.results(op).first() {
        state.bind(result, found);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The interpreter pass.
// ---------------------------------------------------------------------------------------

/// Options of `transform-interpreter` (names and defaults as mlir-opt's).
#[derive(Clone, Debug)]
pub struct InterpreterOptions {
    /// The name of the named sequence to apply (`entry-point`).
    pub entry_point: String,
}

impl PassConfig for InterpreterOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        Ok(InterpreterOptions {
            entry_point: o.string("entry-point", DEFAULT_ENTRY_POINT),
        })
    }
}

const DEFAULT_ENTRY_POINT: &str = "__transform_main";

/// The `transform-interpreter` pass.
pub static TRANSFORM_INTERPRETER: PassDef = PassDef {
    name: "transform-interpreter",
    display_name: "InterpreterPass",
    summary: "Transform dialect interpreter",
    anchor: None,
    options: &[PassOption::text(
        "entry-point",
        DEFAULT_ENTRY_POINT,
        "Entry point of the pass pipeline.",
    )],
    configure: lattice_ir::pass::configure::<InterpreterOptions>,
    run: run_interpreter,
};

fn run_interpreter(ir: &mut Ir, root: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = options.typed_at::<InterpreterOptions>(ir, root)?;
    interpret(ir, root, &options.entry_point)
}

/// Applies the named sequence `entry_point` (the first found in `root`, pre-order) with
/// its argument bound to `root`.
pub fn interpret(ir: &mut Ir, root: Op, entry_point: &str) -> Result<(), Vec<Diagnostic>> {
    let ctx = ir.ctx_arc().clone();
    let entry = ir
        .walk_ops(root, WalkOrder::PreOrder)
        .into_iter()
        .find(|&o| {
            is_def(ir, o, &NAMED_SEQUENCE)
                && ir.attr(o, "sym_name").and_then(|a| ctx.string_value(a)) == Some(entry_point)
        });
    let Some(entry) = entry else {
        return Err(vec![Diagnostic::error(
            DiagLoc::Loc(ir.loc(root)),
            format!("could not find a nested named sequence with name: {entry_point}"),
        )]);
    };
    apply_sequence(ir, entry, root)
}

/// Applies the ops of the sequence `seq` in order, its single argument bound to `root`.
fn apply_sequence(ir: &mut Ir, seq: Op, root: Op) -> Result<(), Vec<Diagnostic>> {
    let Some(body) = ir.regions(seq).first().and_then(|&r| ir.entry_block(r)) else {
        return Err(vec![op_error(
            ir,
            seq,
            "is a declaration; it has no body to apply",
        )]);
    };
    let args = ir.block_args(body).to_vec();
    match args.len() {
        0 => {
            return Err(vec![op_error(
                ir,
                seq,
                "expects the entry block to have at least one argument",
            )])
        }
        1 => {}
        n => {
            return Err(vec![Diagnostic::error(
                DiagLoc::Loc(ir.loc(seq)),
                format!(
                "operation expects {} extra value bindings, but 0 were provided to the interpreter",
                n - 1
            ),
            )])
        }
    }
    let mut state = TransformState::new();
    state.bind(args[0], vec![root]);
    let ops: Vec<Op> = ir.block_ops(body).collect();
    for op in ops {
        if !ir.contains_op(op) || is_def(ir, op, &YIELD) {
            break;
        }
        let Some(apply) = ir.op_def(op).and_then(|d| d.transform_apply) else {
            return Err(vec![op_error(
                ir,
                op,
                "is not a transform op Lattice can apply (no `transform_apply` hook)",
            )]);
        };
        apply(ir, &mut state, op)?;
    }
    Ok(())
}

/// Registers the `transform` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("transform");
    ctx.register_ops(&[&NAMED_SEQUENCE, &YIELD, &MATCH_OP]);
}
