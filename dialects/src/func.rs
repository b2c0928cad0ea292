//! The `func` dialect: `func.func`, `func.return`, `func.call`, `func.call_indirect` and
//! `func.constant`, with mlir-opt's custom forms and verifiers, and symbol lookup in the
//! nearest symbol table (shared with other dialects that reference functions).
//!
//! Invariants: a `func.func` always has exactly one region (empty for declarations);
//! its `function_type` is a `TypeData::Function`; `arg_attrs`/`res_attrs` are present
//! only when some argument/result has a non-empty dictionary, and then hold one
//! dictionary per argument/result (MLIR's `DictArrayAttr`).

use super::arith::{custom_error, type_str};
use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::context::Context;
use lattice_ir::parser::{Argument, Delimiter, PResult, Parser, RegionOptions};
use lattice_ir::printer::{Printer, RegionPrintOptions};
use lattice_ir::registry::{CallHooks, CallableHooks, DialectInliner, Traits};
use lattice_ir::store::{Ir, Op, OperationState, Region};
use lattice_ir::types::{Type, TypeData};
use lattice_ir::verifier::Verifier;

// ---------------------------------------------------------------------------------------
// Symbol lookup.
// ---------------------------------------------------------------------------------------

/// The nearest op enclosing `op` that is a symbol table (or the outermost op when no
/// ancestor is marked as one).
pub fn nearest_symbol_table(ir: &Ir, op: Op) -> Option<Op> {
    let mut cur = ir.parent_op(op)?;
    loop {
        if ir.has_trait(cur, Traits::SYMBOL_TABLE) {
            return Some(cur);
        }
        match ir.parent_op(cur) {
            Some(p) => cur = p,
            None => return Some(cur),
        }
    }
}

/// The op named `name` (by its `sym_name`) directly inside symbol table `table`.
pub fn lookup_symbol_in(ir: &Ir, table: Op, name: &str) -> Option<Op> {
    let ctx = ir.ctx();
    // Compare interned handles, not text: this runs once per call site.
    let key = ctx.intern_str("sym_name");
    let wanted = ctx.string_attr(name);
    for &region in ir.regions(table) {
        for block in ir.region_blocks(region) {
            for op in ir.block_ops(block) {
                if ir
                    .attrs(op)
                    .iter()
                    .any(|a| a.name == key && a.value == wanted)
                {
                    return Some(op);
                }
            }
        }
    }
    None
}

/// Resolves a symbol reference from `from` (nearest symbol table, then nested
/// references through inner symbol tables).
pub fn lookup_symbol(ir: &Ir, from: Op, reference: Attr) -> Option<Op> {
    let ctx = ir.ctx();
    let AttrData::SymbolRef { root, nested } = ctx.attr_data(reference) else {
        return None;
    };
    let mut table = nearest_symbol_table(ir, from)?;
    // Walk outwards until the root name resolves (MLIR looks in the nearest table only,
    // but tables nested in unregistered ops are not always marked).
    let mut found = lookup_symbol_in(ir, table, ctx.str(*root));
    while found.is_none() {
        table = match ir
            .parent_op(table)
            .and_then(|_| nearest_symbol_table(ir, table))
        {
            Some(t) => t,
            None => break,
        };
        found = lookup_symbol_in(ir, table, ctx.str(*root));
    }
    let mut cur = found?;
    for n in nested {
        cur = lookup_symbol_in(ir, cur, ctx.str(*n))?;
    }
    Some(cur)
}

/// Whether argument `index` of `func` (a `func.func`) carries attribute `name` in its
/// `arg_attrs` dictionary (e.g. `llvm.noalias`).
pub fn arg_has_attr(ir: &Ir, func: Op, index: usize, name: &str) -> bool {
    let ctx = ir.ctx();
    ir.attr(func, "arg_attrs")
        .and_then(|a| match ctx.attr_data(a) {
            AttrData::Array(list) => list.get(index).copied(),
            _ => None,
        })
        .is_some_and(|d| match ctx.attr_data(d) {
            AttrData::Dictionary(entries) => entries.iter().any(|e| ctx.str(e.name) == name),
            _ => false,
        })
}

/// The function type of a `func.func` (inputs, results).
pub fn function_type(ir: &Ir, func: Op) -> Option<(Vec<Type>, Vec<Type>)> {
    let ctx = ir.ctx();
    let AttrData::Type(ty) = ctx.attr_data(ir.attr(func, "function_type")?) else {
        return None;
    };
    match ctx.type_data(*ty) {
        TypeData::Function { inputs, results } => Some((inputs.clone(), results.clone())),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// func.func
// ---------------------------------------------------------------------------------------

/// Names `func.func` stores as properties and prints in its signature.
const FUNC_ELIDED: &[&str] = &[
    "sym_name",
    "function_type",
    "sym_visibility",
    "arg_attrs",
    "res_attrs",
];

/// A list of dictionaries as an array attribute, or `None` when all are empty.
fn dict_array(ctx: &Context, dicts: &[Option<Attr>]) -> Option<Attr> {
    let non_empty = |a: &Option<Attr>| {
        a.is_some_and(|a| !matches!(ctx.attr_data(a), AttrData::Dictionary(e) if e.is_empty()))
    };
    if !dicts.iter().any(non_empty) {
        return None;
    }
    let empty = ctx.dictionary_attr(Vec::new());
    Some(ctx.array_attr(dicts.iter().map(|d| d.unwrap_or(empty)).collect()))
}

/// `(T {attrs}, ...)` after `->`, or a single type.
fn parse_result_list(p: &mut Parser<'_>) -> PResult<(Vec<Type>, Vec<Option<Attr>>)> {
    let mut types = Vec::new();
    let mut attrs = Vec::new();
    if p.eat("(") {
        if !p.eat(")") {
            loop {
                types.push(p.parse_type()?);
                attrs.push(if p.peek_is("{") {
                    Some(p.parse_dictionary()?)
                } else {
                    None
                });
                if !p.eat(",") {
                    break;
                }
            }
            p.expect(")")?;
        }
    } else {
        types.push(p.parse_type()?);
        attrs.push(None);
    }
    Ok((types, attrs))
}

/// The custom form of a function-like op (`func.func`, `transform.named_sequence`):
/// `[visibility] @name(%arg: type {attrs}, ...) [-> results] [attributes {...}] [{ body }]`.
pub(crate) fn parse_function_like(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if let Some(vis) = p.parse_optional_keyword_of(&["private", "public", "nested"]) {
        let name = p.intern("sym_visibility");
        let attr = p.ctx().string_attr(&vis);
        st.add_attr(name, attr);
    }
    let sym = p.parse_symbol_name()?;
    let (name, attr) = (p.intern("sym_name"), p.ctx().string_attr(&sym));
    st.add_attr(name, attr);

    // Arguments: all named (`%a: T {attrs}`) or all bare types (`T {attrs}`).
    let mut args: Vec<Argument> = Vec::new();
    let mut arg_types = Vec::new();
    let mut arg_attrs = Vec::new();
    let mut named: Option<bool> = None;
    p.expect("(")?;
    if !p.eat(")") {
        loop {
            if p.peek_operand() {
                if named == Some(false) {
                    return Err(custom_error(
                        p,
                        st,
                        p.current_span(),
                        "expected type instead of SSA identifier",
                    ));
                }
                named = Some(true);
                let a = p.parse_argument(true, true)?;
                let Some(ty) = a.ty else {
                    return Err(p.error_at(a.operand.span, "expected ':'"));
                };
                arg_types.push(ty);
                arg_attrs.push(a.attrs);
                args.push(a);
            } else {
                if named == Some(true) {
                    return Err(custom_error(
                        p,
                        st,
                        p.current_span(),
                        "expected SSA identifier",
                    ));
                }
                named = Some(false);
                arg_types.push(p.parse_type()?);
                arg_attrs.push(if p.peek_is("{") {
                    Some(p.parse_dictionary()?)
                } else {
                    None
                });
                let _ = p.parse_optional_location()?;
            }
            if !p.eat(",") {
                break;
            }
        }
        p.expect(")")?;
    }
    let (res_types, res_attrs) = if p.eat("->") {
        parse_result_list(p)?
    } else {
        (Vec::new(), Vec::new())
    };

    let attrs_span = p.current_span();
    let before = st.attrs.len();
    p.parse_optional_attr_dict_with_keyword(st)?;
    for a in &st.attrs[before..] {
        let n = p.ctx().str(a.name).to_string();
        if FUNC_ELIDED.contains(&n.as_str()) {
            return Err(custom_error(p, st,
                attrs_span,
                format!("'{n}' is an inferred attribute and should not be specified in the explicit attribute dictionary"),
            ));
        }
    }

    let ctx = p.ctx();
    let fty = ctx.type_attr(ctx.function_type(arg_types, res_types));
    let extra = [
        ("function_type", Some(fty)),
        ("arg_attrs", dict_array(ctx, &arg_attrs)),
        ("res_attrs", dict_array(ctx, &res_attrs)),
    ];
    for (n, a) in extra {
        if let Some(a) = a {
            let n = p.intern(n);
            st.add_attr(n, a);
        }
    }

    // A body after unnamed arguments gets an entry block without arguments, which the
    // verifier then reports (as mlir-opt does).
    let region = if p.peek_is("{") {
        p.parse_region(
            &args,
            RegionOptions {
                enable_name_shadowing: false,
            },
        )?
    } else {
        p.ir().create_region()
    };
    st.regions.push(region);
    Ok(())
}

/// The dictionary at `index` of array attribute `name` of `op`, if non-empty.
fn dict_at(ir: &Ir, op: Op, name: &str, index: usize) -> Option<Attr> {
    let ctx = ir.ctx();
    let AttrData::Array(items) = ctx.attr_data(ir.attr(op, name)?) else {
        return None;
    };
    let d = *items.get(index)?;
    match ctx.attr_data(d) {
        AttrData::Dictionary(e) if !e.is_empty() => Some(d),
        _ => None,
    }
}

/// Prints [`parse_function_like`]'s form.
pub(crate) fn print_function_like(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    p.write(" ");
    if let Some(vis) = ir
        .attr(op, "sym_visibility")
        .and_then(|a| ctx.string_value(a))
    {
        p.write(vis);
        p.write(" ");
    }
    let name = ir
        .attr(op, "sym_name")
        .and_then(|a| ctx.string_value(a))
        .unwrap_or("");
    p.print_symbol_name(name);
    let (inputs, results) = function_type(ir, op).unwrap_or_default();
    let region = ir.regions(op).first().copied();
    let entry = region.and_then(|r| ir.entry_block(r));
    p.write("(");
    match entry {
        Some(block) => {
            for (i, &arg) in ir.block_args(block).iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_region_argument(arg, dict_at(ir, op, "arg_attrs", i));
            }
        }
        None => {
            for (i, &ty) in inputs.iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_type(ty);
                if let Some(d) = dict_at(ir, op, "arg_attrs", i) {
                    p.write(" ");
                    p.print_attribute(d);
                }
            }
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let any_attrs = (0..results.len()).any(|i| dict_at(ir, op, "res_attrs", i).is_some());
        let parens = results.len() > 1
            || any_attrs
            || matches!(ctx.type_data(results[0]), TypeData::Function { .. });
        if parens {
            p.write("(");
        }
        for (i, &ty) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(ty);
            if let Some(d) = dict_at(ir, op, "res_attrs", i) {
                p.write(" ");
                p.print_attribute(d);
            }
        }
        if parens {
            p.write(")");
        }
    }
    p.print_optional_attr_dict_with_keyword(op, FUNC_ELIDED);
    if let (Some(region), Some(_)) = (region, entry) {
        p.write(" ");
        p.print_region(
            region,
            RegionPrintOptions {
                print_entry_block_args: false,
                print_block_terminators: true,
                print_empty_block: false,
            },
        );
    }
}

/// The checks every function-like op shares: signature attributes and entry block.
pub(crate) fn verify_function_like(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    if ir.attr(op, "function_type").is_none() {
        v.error(op, "requires attribute 'function_type'");
        return;
    }
    if ir
        .attr(op, "sym_name")
        .and_then(|a| ctx.string_value(a))
        .is_none()
    {
        v.error(op, "requires attribute 'sym_name'");
        return;
    }
    let Some((inputs, results)) = function_type(ir, op) else {
        v.error(op, "attribute 'function_type' failed to satisfy constraint: type attribute of function type");
        return;
    };
    if ir.regions(op).len() != 1 {
        v.error(op, "requires one region");
        return;
    }
    for (name, count, what) in [
        ("arg_attrs", inputs.len(), "argument"),
        ("res_attrs", results.len(), "result"),
    ] {
        let Some(a) = ir.attr(op, name) else { continue };
        let AttrData::Array(items) = ctx.attr_data(a) else {
            v.error(op, format!("attribute '{name}' failed to satisfy constraint: Array of dictionary attributes"));
            return;
        };
        if items.len() != count {
            v.error(
                op,
                format!(
                    "expects {what} attribute array to have the same number of elements as the number of function {what}s, got {}, but expected {count}",
                    items.len()
                ),
            );
            return;
        }
        for &d in items {
            if let AttrData::Dictionary(entries) = ctx.attr_data(d) {
                if entries.iter().any(|e| !ctx.str(e.name).contains('.')) {
                    v.error(op, format!("{what}s may only have dialect attributes"));
                    return;
                }
            }
        }
    }
    let region = ir.region(op, 0);
    match ir.entry_block(region) {
        None => {
            let vis = ir
                .attr(op, "sym_visibility")
                .and_then(|a| ctx.string_value(a));
            if vis.is_none() || vis == Some("public") {
                v.error(op, "symbol declaration cannot have public visibility");
            }
        }
        Some(entry) => {
            let args = ir.block_args(entry);
            if args.len() != inputs.len() {
                v.error(
                    op,
                    format!(
                        "entry block must have {} arguments to match function signature",
                        inputs.len()
                    ),
                );
                return;
            }
            for (i, (&a, &t)) in args.iter().zip(&inputs).enumerate() {
                let at = ir.value_type(a);
                if at != t {
                    v.error(
                        op,
                        format!(
                            "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                            type_str(ir, at),
                            type_str(ir, t)
                        ),
                    );
                    return;
                }
            }
        }
    }
}

/// The body of a `func.func`; `None` for a declaration (no blocks).
fn func_body(ir: &Ir, op: Op) -> Option<Region> {
    let region = *ir.regions(op).first()?;
    (!ir.region_is_empty(region)).then_some(region)
}

lattice_ir::def_op! {
    /// `func.func`
    pub static FUNC: Func = "func.func" {
        attrs: [ARG_ATTRS("arg_attrs"), FUNCTION_TYPE("function_type"), NO_INLINE("no_inline"), RES_ATTRS("res_attrs"), SYM_NAME("sym_name"), SYM_VISIBILITY("sym_visibility")],
        traits: Traits::SYMBOL
            .with(Traits::ISOLATED_FROM_ABOVE)
            .with(Traits::AFFINE_SCOPE),
        default_dialect: Some("func"),
        parse: Some(parse_function_like),
        print: Some(print_function_like),
        verify: Some(verify_function_like),
        callable: Some(CallableHooks {
            body: func_body,
            result_types: |ir, op| function_type(ir, op).map(|(_, r)| r).unwrap_or_default(),
        }),
    }
}

// ---------------------------------------------------------------------------------------
// func.return
// ---------------------------------------------------------------------------------------

fn parse_return(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(st)?;
    let span = p.current_span();
    let operands = p.parse_operand_list(Delimiter::None)?;
    if !operands.is_empty() {
        let types = p.parse_colon_type_list()?;
        st.operands = p.resolve_operands(&operands, &types, span)?;
    }
    Ok(())
}

fn print_return(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.print_optional_attr_dict(op, &[]);
    let ops = ir.operands(op);
    if !ops.is_empty() {
        p.write(" ");
        p.print_operands(ops);
        p.write(" : ");
        let tys: Vec<Type> = ops.iter().map(|&x| ir.value_type(x)).collect();
        p.print_types(&tys);
    }
}

fn verify_return(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let parent = ir.parent_op(op);
    let Some(func) = parent.filter(|&f| ir.isa::<Func>(f)) else {
        v.error(op, "expects parent op 'func.func'");
        return;
    };
    let Some((_, results)) = function_type(ir, func) else {
        return;
    };
    let name = ir
        .attr(func, "sym_name")
        .and_then(|a| ir.ctx().string_value(a))
        .unwrap_or("")
        .to_string();
    let ops = ir.operands(op);
    if ops.len() != results.len() {
        v.error(
            op,
            format!(
                "has {} operands, but enclosing function (@{name}) returns {}",
                ops.len(),
                results.len()
            ),
        );
        return;
    }
    for (i, (&o, &r)) in ops.iter().zip(&results).enumerate() {
        let t = ir.value_type(o);
        if t != r {
            v.error_raw(
                op,
                format!(
                    "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                    type_str(ir, t),
                    type_str(ir, r)
                ),
            );
            return;
        }
    }
}

lattice_ir::def_op! {
    /// `func.return`
    pub static RETURN: Return = "func.return" {
        attrs: [],
        traits: Traits::PURE
            .with(Traits::TERMINATOR)
            .with(Traits::RETURN_LIKE),
        parse: Some(parse_return),
        print: Some(print_return),
        verify: Some(verify_return),
    }
}

// ---------------------------------------------------------------------------------------
// func.call
// ---------------------------------------------------------------------------------------

fn parse_call(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let callee = p.parse_symbol_name()?;
    let (name, attr) = (p.intern("callee"), p.ctx().symbol_ref_attr(&callee));
    st.add_attr(name, attr);
    let operands = p.parse_operand_list(Delimiter::Paren)?;
    p.parse_optional_attr_dict(st)?;
    p.expect(":")?;
    let span = p.current_span();
    let (inputs, results) = p.parse_function_type()?;
    st.operands = p.resolve_operands(&operands, &inputs, span)?;
    st.result_types = results;
    Ok(())
}

fn print_call(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    p.write(" ");
    match ir.attr(op, "callee").map(|a| ctx.attr_data(a)) {
        Some(AttrData::SymbolRef { root, nested }) if nested.is_empty() => {
            p.print_symbol_name(ctx.str(*root))
        }
        Some(_) => {
            let a = ir.attr(op, "callee").unwrap_or_else(|| ctx.unit_attr());
            p.print_attribute(a)
        }
        None => {}
    }
    p.write("(");
    p.print_operands(ir.operands(op));
    p.write(")");
    p.print_optional_attr_dict(op, &["callee"]);
    p.write(" : ");
    let ins: Vec<Type> = ir.operands(op).iter().map(|&x| ir.value_type(x)).collect();
    let outs: Vec<Type> = ir.results(op).iter().map(|&x| ir.value_type(x)).collect();
    p.print_function_type(&ins, &outs);
}

fn verify_call(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(callee) = ir.attr(op, "callee") else {
        v.error(op, "requires attribute 'callee'");
        return;
    };
    let AttrData::SymbolRef { root, nested } = ctx.attr_data(callee) else {
        v.error(
            op,
            "attribute 'callee' failed to satisfy constraint: flat symbol reference attribute",
        );
        return;
    };
    if !nested.is_empty() {
        v.error(
            op,
            "attribute 'callee' failed to satisfy constraint: flat symbol reference attribute",
        );
        return;
    }
    let func = lookup_symbol(ir, op, callee).filter(|&f| ir.isa::<Func>(f));
    let Some(func) = func else {
        v.error(
            op,
            format!("'{}' does not reference a valid function", ctx.str(*root)),
        );
        return;
    };
    let Some((inputs, results)) = function_type(ir, func) else {
        return;
    };
    let ops = ir.operands(op);
    if ops.len() != inputs.len() {
        v.error(op, "incorrect number of operands for callee");
        return;
    }
    for (i, (&o, &t)) in ops.iter().zip(&inputs).enumerate() {
        let ot = ir.value_type(o);
        if ot != t {
            v.error(
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    type_str(ir, t),
                    type_str(ir, ot)
                ),
            );
            return;
        }
    }
    let res = ir.results(op);
    if res.len() != results.len() {
        v.error(op, "incorrect number of results for callee");
        return;
    }
    for (i, (&r, &t)) in res.iter().zip(&results).enumerate() {
        if ir.value_type(r) != t {
            let got: Vec<Type> = res.iter().map(|&x| ir.value_type(x)).collect();
            let d = lattice_ir::diag::Diagnostic::error(
                lattice_ir::diag::DiagLoc::Loc(ir.loc(op)),
                format!("'func.call' op result type mismatch at index {i}"),
            )
            .with_current_op(ir, op)
            .with_note(
                lattice_ir::diag::DiagLoc::Loc(ir.loc(op)),
                format!("      op result types: {}", quoted_types(ir, &got)),
            )
            .with_note(
                lattice_ir::diag::DiagLoc::Loc(ir.loc(op)),
                format!("function result types: {}", quoted_types(ir, &results)),
            );
            v.report(d);
            return;
        }
    }
}

/// `'i32', 'f32'` as MLIR prints type lists in notes.
fn quoted_types(ir: &Ir, types: &[Type]) -> String {
    types
        .iter()
        .map(|&t| format!("'{}'", type_str(ir, t)))
        .collect::<Vec<_>>()
        .join(", ")
}

lattice_ir::def_op! {
    /// `func.call`
    pub static CALL: Call = "func.call" {
        attrs: [ARG_ATTRS("arg_attrs"), CALLEE("callee"), NO_INLINE("no_inline"), RES_ATTRS("res_attrs")],
        traits: Traits::NONE,
        parse: Some(parse_call),
        print: Some(print_call),
        verify: Some(verify_call),
        call: Some(CallHooks {
            callee: |ir, op| ir.attr(op, Call::CALLEE),
            args: |ir, op| 0..ir.operands(op).len(),
        }),
    }
}

// ---------------------------------------------------------------------------------------
// func.call_indirect
// ---------------------------------------------------------------------------------------

fn parse_call_indirect(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let callee = p.parse_operand()?;
    let operands = p.parse_operand_list(Delimiter::Paren)?;
    p.parse_optional_attr_dict(st)?;
    p.expect(":")?;
    let span = p.current_span();
    let (inputs, results) = p.parse_function_type()?;
    let fty = p.ctx().function_type(inputs.clone(), results.clone());
    let mut ops = vec![p.resolve_operand(&callee, fty)?];
    ops.extend(p.resolve_operands(&operands, &inputs, span)?);
    st.operands = ops;
    st.result_types = results;
    Ok(())
}

fn print_call_indirect(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some((&callee, args)) = ops.split_first() else {
        return;
    };
    p.write(" ");
    p.print_operand(callee);
    p.write("(");
    p.print_operands(args);
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(callee));
}

fn verify_call_indirect(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    let Some((&callee, args)) = ops.split_first() else {
        v.error(op, "expected 1 or more operands, but found 0");
        return;
    };
    let cty = ir.value_type(callee);
    let TypeData::Function { inputs, results } = ctx.type_data(cty) else {
        v.error(
            op,
            format!(
                "operand #0 must be function type, but got '{}'",
                type_str(ir, cty)
            ),
        );
        return;
    };
    let arg_tys: Vec<Type> = args.iter().map(|&x| ir.value_type(x)).collect();
    if &arg_tys != inputs {
        v.error(
            op,
            "failed to verify that callee input types match argument types",
        );
        return;
    }
    let res_tys: Vec<Type> = ir.results(op).iter().map(|&x| ir.value_type(x)).collect();
    if &res_tys != results {
        v.error(
            op,
            "failed to verify that callee result types match result types",
        );
    }
}

/// `call_indirect` of a `func.constant` becomes a direct `func.call` (upstream's
/// canonicalization; discardable attributes are not carried over).
fn canonicalize_call_indirect(ir: &mut Ir, op: Op) -> bool {
    let Some(&callee) = ir.operands(op).first() else {
        return false;
    };
    let Some(c) = ir.defining_op(callee).filter(|&d| ir.isa::<Constant>(d)) else {
        return false;
    };
    let Some(sym) = ir.attr(c, "value") else {
        return false;
    };
    let args = ir.operands(op)[1..].to_vec();
    let result_types: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    let loc = ir.loc(op);
    let mut st = OperationState::new(ir.ctx().intern_str(Call::NAME), loc);
    st.operands = args;
    st.result_types = result_types;
    st.add_attr(ir.ctx().intern_str("callee"), sym);
    for name in ["arg_attrs", "res_attrs"] {
        if let Some(a) = ir.attr(op, name) {
            st.add_attr(ir.ctx().intern_str(name), a);
        }
    }
    let call = ir.create_op(st);
    ir.insert_op_before(op, call);
    for i in 0..ir.results(op).len() {
        let (old, new) = (ir.result(op, i), ir.result(call, i));
        ir.replace_all_uses(old, new);
    }
    ir.erase_op(op);
    true
}

lattice_ir::def_op! {
    /// `func.call_indirect`
    pub static CALL_INDIRECT: CallIndirect = "func.call_indirect" {
        attrs: [ARG_ATTRS("arg_attrs"), RES_ATTRS("res_attrs")],
        traits: Traits::NONE,
        parse: Some(parse_call_indirect),
        print: Some(print_call_indirect),
        verify: Some(verify_call_indirect),
        canonicalize: Some(canonicalize_call_indirect),
    }
}

// ---------------------------------------------------------------------------------------
// func.constant
// ---------------------------------------------------------------------------------------

fn parse_constant(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.parse_optional_attr_dict(st)?;
    let sym = p.parse_symbol_name()?;
    let (name, attr) = (p.intern("value"), p.ctx().symbol_ref_attr(&sym));
    st.add_attr(name, attr);
    let ty = p.parse_colon_type()?;
    st.result_types.push(ty);
    Ok(())
}

fn print_constant(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    p.print_optional_attr_dict(op, &["value"]);
    p.write(" ");
    if let Some(a) = ir.attr(op, "value") {
        match ctx.attr_data(a) {
            AttrData::SymbolRef { root, nested } if nested.is_empty() => {
                p.print_symbol_name(ctx.str(*root))
            }
            _ => p.print_attribute(a),
        }
    }
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn verify_constant(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    if ir.results(op).len() != 1 {
        v.error(op, "requires one result");
        return;
    }
    let Some(value) = ir.attr(op, "value") else {
        v.error(op, "requires attribute 'value'");
        return;
    };
    let AttrData::SymbolRef { root, .. } = ctx.attr_data(value) else {
        v.error(
            op,
            "attribute 'value' failed to satisfy constraint: flat symbol reference attribute",
        );
        return;
    };
    let Some(func) = lookup_symbol(ir, op, value).filter(|&f| ir.isa::<Func>(f)) else {
        v.error(
            op,
            format!("reference to undefined function '{}'", ctx.str(*root)),
        );
        return;
    };
    let Some((inputs, results)) = function_type(ir, func) else {
        return;
    };
    let rty = ir.value_type(ir.result(op, 0));
    if ctx.function_type(inputs, results) != rty {
        v.error(op, "reference to function with mismatched type");
    }
}

fn constant_names(_: &Ir, _: Op, names: &mut Vec<(usize, String)>) {
    names.push((0, "f".into()));
}

/// `func.constant` of function type `ty` for a flat symbol reference (MLIR's
/// `FuncDialect::materializeConstant`).
fn materialize_function(ctx: &Context, attr: Attr, ty: Type, loc: Attr) -> Option<OperationState> {
    let flat =
        matches!(ctx.attr_data(attr), AttrData::SymbolRef { nested, .. } if nested.is_empty());
    if !flat || !matches!(ctx.type_data(ty), TypeData::Function { .. }) {
        return None;
    }
    let mut state = OperationState::new(ctx.intern_str(Constant::NAME), loc);
    state.add_attr(ctx.intern_str(Constant::VALUE), attr);
    state.result_types.push(ty);
    Some(state)
}

lattice_ir::def_op! {
    /// `func.constant`
    pub static CONSTANT: Constant = "func.constant" {
        attrs: [VALUE("value")],
        traits: Traits::PURE.with(Traits::CONSTANT_LIKE),
        parse: Some(parse_constant),
        print: Some(print_constant),
        verify: Some(verify_constant),
        result_names: Some(constant_names),
        materialize_constant: Some(materialize_function),
    }
}

lattice_ir::def_op_kinds! {
    /// Which `func` op an op is (`FuncKind::of(ir, op)`), for a `match` over many `func` ops
    /// without spelling their names; `FuncKind::ALL` is what [`register`] registers.
    pub enum FuncKind {
        Call,
        CallIndirect,
        Constant,
        Func,
        Return,
    }
}

/// What the inliner may do with `func` ops (MLIR's `FuncInlinerInterface`): everything,
/// except inline a call or a function marked `no_inline`; an inlined `func.return` of a
/// callee of several blocks becomes a `cf.br` to the block after the call.
static FUNC_INLINER: DialectInliner = DialectInliner {
    call_legal: Some(|ir, call, callable| {
        ir.attr(call, Call::NO_INLINE).is_none() && ir.attr(callable, Func::NO_INLINE).is_none()
    }),
    branch_to: Some(|ir, op, dest| {
        let operands = ir.operands(op).to_vec();
        crate::cf::replace_with_br(ir, op, dest, operands);
    }),
    ..DialectInliner::ALWAYS
};

/// Registers the `func` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("func");
    ctx.register_ops(FuncKind::ALL);
    ctx.register_inliner(FuncKind::ALL, &FUNC_INLINER);
}
