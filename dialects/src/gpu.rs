//! The `gpu` dialect: kernel modules and functions, `gpu.launch` / `gpu.launch_func`,
//! thread and block indices, barriers, terminators and async waits, with mlir-opt 22's
//! custom assembly forms (spacing quirks included, e.g. `gpu.thread_id  x`).
//!
//! Invariants: `gpu.func` keeps `sym_name` and `workgroup_attributions` as discardable
//! attributes and `function_type`/`arg_attrs`/`res_attrs` as inherent ones, exactly as
//! mlir-opt's generic form shows; its entry block holds the arguments, then the
//! workgroup attributions, then the private ones. `gpu.launch`'s entry block holds the
//! 12 (18 with clusters) index arguments, then attributions. Enum attributes are dialect
//! attributes (`#gpu<dim x>`, text `gpu<dim x>`); `!gpu.async.token` is a dialect type.
//!
//! Ops: module, func, return, launch, terminator, launch_func, thread_id, block_id,
//! block_dim, grid_dim, global_id, lane_id, subgroup_id, num_subgroups, subgroup_size,
//! barrier, wait, alloc, dealloc, memcpy, memset, shuffle, all_reduce, subgroup_reduce,
//! yield. `gpu.launch_func` checks its kernel reference (container module, gpu.module,
//! kernel function, `gpu.kernel`, operand count and types) in its own verifier, where
//! upstream checks it while verifying the `gpu.container_module` attribute. Patterns:
//! FoldLaunchArguments, the gpu.wait simplifications, redundant barrier erasure.

use super::vector::{arity_ok, parse_colon_typed, parse_typed, Kind};
use crate::formats::{
    check_segments, parse_attr_dict_only, parse_operands_colon_types, print_attr_dict_only,
    print_operands_colon_types, segment_values, segments_ok,
};
use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::builtin;
use lattice_ir::context::Context;
use lattice_ir::parser::{Argument, Delimiter, PResult, Parser, RegionOptions, UnresolvedOperand};
use lattice_ir::printer::{Printer, RegionPrintOptions};
use lattice_ir::registry::Traits;
use lattice_ir::store::{Ir, Op, OperationState, Value};
use lattice_ir::types::{Type, TypeData};
use lattice_ir::verifier::Verifier;

lattice_ir::def_op_kinds! {
    /// Which `gpu` op an op is (`GpuKind::of(ir, op)`), for a `match` over many `gpu` ops
    /// without spelling their names; `GpuKind::ALL` is what [`register`] registers.
    pub enum GpuKind {
        AllReduce,
        Alloc,
        Barrier,
        BlockDim,
        BlockId,
        Dealloc,
        GPUFunc,
        GlobalId,
        GridDim,
        LaneId,
        Launch,
        LaunchFunc,
        Memcpy,
        Memset,
        GPUModule,
        NumSubgroups,
        Return,
        Shuffle,
        SubgroupId,
        SubgroupReduce,
        SubgroupSize,
        Terminator,
        ThreadId,
        Wait,
        Yield,
    }
}

/// Registers the `gpu` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("gpu");
    ctx.register_ops(GpuKind::ALL);
}

// ---------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------

fn async_token_type(ctx: &Context) -> Type {
    ctx.ty(TypeData::Dialect("gpu.async.token".into()))
}

/// A type as MLIR streams it into a diagnostic (quoted).
fn qty(ir: &Ir, ty: Type) -> String {
    format!("'{}'", super::vector::type_text(ir, ty))
}

/// `async` and `[%deps]`, both optional (upstream's `parseAsyncDependencies`). Returns
/// whether `async` was present and the dependencies.
fn parse_async_dependencies(p: &mut Parser<'_>) -> PResult<(bool, Vec<UnresolvedOperand>)> {
    let is_async = p.eat("async");
    let deps = p.parse_operand_list(Delimiter::OptionalSquare)?;
    Ok((is_async, deps))
}

fn print_async_dependencies(p: &mut Printer<'_>, is_async: bool, deps: &[Value]) {
    if is_async {
        p.write("async");
    }
    if deps.is_empty() {
        return;
    }
    if is_async {
        p.write(" ");
    }
    p.write("[");
    p.print_operands(deps);
    p.write("]");
}

/// `keyword(%a : T {attrs}, ...)` if `keyword` is next; arguments are appended to
/// `args`. Returns the per-attribution attribute dictionaries when any had some.
fn parse_attributions(
    p: &mut Parser<'_>,
    keyword: &str,
    args: &mut Vec<Argument>,
) -> PResult<Option<Attr>> {
    if !p.eat(keyword) {
        return Ok(None);
    }
    let parsed = p.parse_argument_list(Delimiter::Paren, true, true)?;
    let had_attrs = parsed
        .iter()
        .any(|a| a.attrs.is_some_and(|d| !is_empty_dict(p.ctx(), d)));
    let result = if had_attrs {
        let empty = p.ctx().dictionary_attr(Vec::new());
        let dicts = parsed.iter().map(|a| a.attrs.unwrap_or(empty)).collect();
        Some(p.ctx().array_attr(dicts))
    } else {
        None
    };
    args.extend(parsed);
    Ok(result)
}

fn is_empty_dict(ctx: &Context, attr: Attr) -> bool {
    matches!(ctx.attr_data(attr), AttrData::Dictionary(e) if e.is_empty())
}

fn array_items(ctx: &Context, attr: Option<Attr>) -> Vec<Attr> {
    match attr.map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items.clone(),
        _ => Vec::new(),
    }
}

fn print_attributions(p: &mut Printer<'_>, keyword: &str, values: &[Value], attrs: Option<Attr>) {
    if values.is_empty() {
        return;
    }
    let items = array_items(p.ctx(), attrs);
    p.write(" ");
    p.write(keyword);
    p.write("(");
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(v);
        p.write(" : ");
        let ty = p.ir().value_type(v);
        p.print_type(ty);
        if let Some(&d) = items.get(i) {
            if let AttrData::Dictionary(entries) = p.ctx().attr_data(d) {
                if !entries.is_empty() {
                    p.write(" ");
                    p.print_attribute(d);
                }
            }
        }
    }
    p.write(")");
}

/// Checks that attributions are memrefs in the expected `#gpu.address_space<space>`.
fn verify_attributions(v: &mut Verifier<'_>, op: Op, values: &[Value], space: &str) -> bool {
    let ir = v.ir();
    let ctx = ir.ctx();
    for &val in values {
        let ty = ir.value_type(val);
        let memory_space = match ctx.type_data(ty) {
            TypeData::MemRef { memory_space, .. } => *memory_space,
            _ => {
                v.error(op, "expected memref type in attribution");
                return false;
            }
        };
        let Some(ms) = memory_space else { continue };
        if let AttrData::Dialect(text) = ctx.attr_data(ms) {
            if let Some(s) = text
                .strip_prefix("gpu.address_space<")
                .and_then(|t| t.strip_suffix('>'))
            {
                if s != space {
                    v.error(op, format!("expected memory space {space} in attribution"));
                    return false;
                }
            }
        }
    }
    true
}

/// The nearest enclosing op named `name`.
fn ancestor_named(ir: &Ir, op: Op, name: &str) -> Option<Op> {
    let mut cur = ir.parent_op(op);
    while let Some(o) = cur {
        if ir.is_op(o, name) {
            return Some(o);
        }
        cur = ir.parent_op(o);
    }
    None
}

/// The op directly in `table`'s region with `sym_name == name`.
fn lookup_symbol(ir: &Ir, table: Op, name: &str) -> Option<Op> {
    let ctx = ir.ctx();
    for &r in ir.regions(table) {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                if ir.attr(o, "sym_name").and_then(|a| ctx.string_value(a)) == Some(name) {
                    return Some(o);
                }
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// gpu.module
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static MODULE: GPUModule = "gpu.module" {
        attrs: [OFFLOADING_HANDLER("offloadingHandler"), SYM_NAME("sym_name"), TARGETS("targets")],
        traits: Traits::ISOLATED_FROM_ABOVE
            .with(Traits::SYMBOL_TABLE)
            .with(Traits::SYMBOL)
            .with(Traits::NO_TERMINATOR)
            .with(Traits::SINGLE_BLOCK),
        parse: Some(parse_module),
        print: Some(print_module),
        verify: Some(verify_module),
    }
}

fn parse_module(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let name = p.parse_symbol_name()?;
    let name = p.ctx().string_attr(&name);
    st.add_attr(p.intern("sym_name"), name);
    if p.eat("<") {
        let handler = p.parse_attribute(None)?;
        p.expect(">")?;
        st.add_attr(p.intern("offloadingHandler"), handler);
    }
    if p.peek_is("[") {
        let span = p.current_span();
        let targets = p.parse_attribute(None)?;
        if !matches!(p.ctx().attr_data(targets), AttrData::Array(_)) {
            return Err(p.error_at(span, "invalid kind of attribute specified"));
        }
        st.add_attr(p.intern("targets"), targets);
    }
    p.parse_optional_attr_dict_with_keyword(st)?;
    let region = p.parse_region(&[], RegionOptions::default())?;
    if p.ir().region_is_empty(region) {
        let block = p.ir().create_block(&[]);
        p.ir().append_block(region, block);
    }
    st.regions.push(region);
    Ok(())
}

fn print_module(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let name = ir
        .attr(op, "sym_name")
        .and_then(|a| ctx.string_value(a))
        .unwrap_or("");
    p.write(" ");
    p.print_symbol_name(name);
    if let Some(h) = ir.attr(op, "offloadingHandler") {
        p.write("<");
        p.print_attribute(h);
        p.write(">");
    }
    if let Some(t) = ir.attr(op, "targets") {
        p.write(" ");
        p.print_attribute(t);
    }
    p.print_optional_attr_dict_with_keyword(op, &["offloadingHandler", "sym_name", "targets"]);
    if let Some(&r) = ir.regions(op).first() {
        p.write(" ");
        p.print_region(
            r,
            RegionPrintOptions {
                print_entry_block_args: false,
                ..RegionPrintOptions::default()
            },
        );
    }
}

fn verify_module(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    if let Some(t) = ir.attr(op, "targets") {
        let ok = match ctx.attr_data(t) {
            AttrData::Array(items) => items
                .iter()
                .all(|&i| matches!(ctx.attr_data(i), AttrData::Dialect(_))),
            _ => false,
        };
        if !ok {
            v.error(op, "attribute 'targets' failed to satisfy constraint: Array of GPU target attributes with at least 1 elements");
        }
    }
}

// ---------------------------------------------------------------------------------------
// gpu.func
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static FUNC: GPUFunc = "gpu.func" {
        attrs: [ARG_ATTRS("arg_attrs"), FUNCTION_TYPE("function_type"), KNOWN_BLOCK_SIZE("known_block_size"), KNOWN_CLUSTER_SIZE("known_cluster_size"), KNOWN_GRID_SIZE("known_grid_size"), PRIVATE_ATTRIB_ATTRS("private_attrib_attrs"), RES_ATTRS("res_attrs"), WORKGROUP_ATTRIB_ATTRS("workgroup_attrib_attrs")],
        traits: Traits::ISOLATED_FROM_ABOVE
            .with(Traits::SYMBOL)
            .with(Traits::AFFINE_SCOPE),
        parse: Some(parse_func),
        print: Some(print_func),
        verify: Some(verify_func),
    }
}

const FUNC_ELIDED: &[&str] = &[
    "sym_name",
    "workgroup_attributions",
    "gpu.kernel",
    "function_type",
    "arg_attrs",
    "res_attrs",
    "workgroup_attrib_attrs",
    "private_attrib_attrs",
];

fn parse_func(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let name = p.parse_symbol_name()?;
    let name = p.ctx().string_attr(&name);
    st.add_attr(p.intern("sym_name"), name);
    let signature_span = p.current_span();
    p.expect("(")?;
    let mut args: Vec<Argument> = Vec::new();
    if !p.eat(")") {
        if !p.peek_operand() {
            return Err(p.error_at(signature_span, "gpu.func requires named arguments"));
        }
        args = p.parse_argument_list(Delimiter::None, true, true)?;
        p.expect(")")?;
    }
    let mut results = Vec::new();
    let mut result_attrs = Vec::new();
    if p.eat("->") {
        if p.eat("(") {
            if !p.eat(")") {
                loop {
                    results.push(p.parse_type()?);
                    result_attrs.push(if p.peek_is("{") {
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
            results.push(p.parse_type()?);
            result_attrs.push(None);
        }
    }
    let inputs: Vec<Type> = args
        .iter()
        .map(|a| a.ty.unwrap_or_else(|| p.ctx().none_type()))
        .collect();
    let num_inputs = inputs.len();
    let fty = p.ctx().function_type(inputs, results);
    let fty = p.ctx().type_attr(fty);
    st.add_attr(p.intern("function_type"), fty);
    if args
        .iter()
        .any(|a| a.attrs.is_some_and(|d| !is_empty_dict(p.ctx(), d)))
    {
        let empty = p.ctx().dictionary_attr(Vec::new());
        let dicts = args.iter().map(|a| a.attrs.unwrap_or(empty)).collect();
        let arr = p.ctx().array_attr(dicts);
        st.add_attr(p.intern("arg_attrs"), arr);
    }
    if result_attrs
        .iter()
        .any(|a| a.is_some_and(|d| !is_empty_dict(p.ctx(), d)))
    {
        let empty = p.ctx().dictionary_attr(Vec::new());
        let dicts = result_attrs.iter().map(|a| a.unwrap_or(empty)).collect();
        let arr = p.ctx().array_attr(dicts);
        st.add_attr(p.intern("res_attrs"), arr);
    }
    // Region arguments carry no attributes: function argument attributes live in
    // `arg_attrs`.
    for a in &mut args {
        a.attrs = None;
    }
    let workgroup_attrs = parse_attributions(p, "workgroup", &mut args)?;
    let num_workgroup = args.len() - num_inputs;
    let n = p.ctx().i64_attr(num_workgroup as i64);
    st.add_attr(p.intern("workgroup_attributions"), n);
    if let Some(a) = workgroup_attrs {
        st.add_attr(p.intern("workgroup_attrib_attrs"), a);
    }
    let private_attrs = parse_attributions(p, "private", &mut args)?;
    if let Some(a) = private_attrs {
        st.add_attr(p.intern("private_attrib_attrs"), a);
    }
    for a in &mut args {
        a.attrs = None;
    }
    if p.eat("kernel") {
        let unit = p.ctx().unit_attr();
        st.add_attr(p.intern("gpu.kernel"), unit);
    }
    p.parse_optional_attr_dict_with_keyword(st)?;
    let region = p.parse_region(&args, RegionOptions::default())?;
    st.regions.push(region);
    Ok(())
}

/// `(inputs, workgroup count)` of a `gpu.func`.
fn func_shape(ir: &Ir, op: Op) -> (Vec<Type>, Vec<Type>, usize) {
    let ctx = ir.ctx();
    let (inputs, results) = match ir.attr(op, "function_type").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Type(t)) => match ctx.type_data(*t) {
            TypeData::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => (Vec::new(), Vec::new()),
        },
        _ => (Vec::new(), Vec::new()),
    };
    let workgroup = ir
        .attr(op, "workgroup_attributions")
        .and_then(|a| ctx.int_value(a))
        .unwrap_or(0)
        .max(0) as usize;
    (inputs, results, workgroup)
}

fn entry_args(ir: &Ir, op: Op) -> Vec<Value> {
    ir.regions(op)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default()
}

fn print_func(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let name = ir
        .attr(op, "sym_name")
        .and_then(|a| ctx.string_value(a))
        .unwrap_or("");
    let (inputs, results, workgroup) = func_shape(ir, op);
    let args = entry_args(ir, op);
    let arg_attrs = array_items(ctx, ir.attr(op, "arg_attrs"));
    let res_attrs = array_items(ctx, ir.attr(op, "res_attrs"));
    p.write(" ");
    p.print_symbol_name(name);
    p.write("(");
    for (i, &input) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let attrs = arg_attrs
            .get(i)
            .copied()
            .filter(|&d| !is_empty_dict(ctx, d));
        match args.get(i) {
            Some(&a) => p.print_region_argument(a, attrs),
            None => p.print_type(input),
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let any_attrs = res_attrs.first().is_some_and(|&d| !is_empty_dict(ctx, d));
        let parens = results.len() > 1
            || matches!(ctx.type_data(results[0]), TypeData::Function { .. })
            || any_attrs;
        if parens {
            p.write("(");
        }
        for (i, &t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(t);
            if let Some(&d) = res_attrs.get(i) {
                if !is_empty_dict(ctx, d) {
                    p.write(" ");
                    p.print_attribute(d);
                }
            }
        }
        if parens {
            p.write(")");
        }
    }
    let n = inputs.len().min(args.len());
    let w_end = (n + workgroup).min(args.len());
    print_attributions(
        p,
        "workgroup",
        &args[n..w_end],
        ir.attr(op, "workgroup_attrib_attrs"),
    );
    print_attributions(
        p,
        "private",
        &args[w_end..],
        ir.attr(op, "private_attrib_attrs"),
    );
    if ir.attr(op, "gpu.kernel").is_some() {
        p.write(" kernel");
    }
    p.print_optional_attr_dict_with_keyword(op, FUNC_ELIDED);
    if let Some(&r) = ir.regions(op).first() {
        p.write(" ");
        p.print_region(
            r,
            RegionPrintOptions {
                print_entry_block_args: false,
                ..RegionPrintOptions::default()
            },
        );
    }
}

fn verify_func(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    if !ir.parent_op(op).is_some_and(|p| ir.isa::<GPUModule>(p)) {
        v.error(op, "expects parent op 'gpu.module'");
        return;
    }
    let fty = ir.attr(op, "function_type").map(|a| ctx.attr_data(a));
    let is_fn = matches!(fty, Some(AttrData::Type(t)) if matches!(ctx.type_data(*t), TypeData::Function { .. }));
    if !is_fn {
        v.error(op, "attribute 'function_type' failed to satisfy constraint: type attribute of function type");
        return;
    }
    let (inputs, results, workgroup) = func_shape(ir, op);
    if ir.attr(op, "gpu.kernel").is_some() && !results.is_empty() {
        v.error(op, "expected void return type for kernel function");
        return;
    }
    let Some(entry) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else {
        v.error(op, "expected body with at least one block");
        return;
    };
    let args = ir.block_args(entry);
    if args.len() < inputs.len() + workgroup {
        v.error(
            op,
            format!(
                "expected at least {} arguments to body region",
                inputs.len() + workgroup
            ),
        );
        return;
    }
    for (i, &t) in inputs.iter().enumerate() {
        let bt = ir.value_type(args[i]);
        if bt != t {
            v.error(
                op,
                format!(
                    "expected body region argument #{i} to be of type {}, got {}",
                    qty(ir, t),
                    qty(ir, bt)
                ),
            );
            return;
        }
    }
    let n = inputs.len();
    if !verify_attributions(v, op, &args[n..n + workgroup], "workgroup") {
        return;
    }
    verify_attributions(v, op, &args[n + workgroup..], "private");
}

// ---------------------------------------------------------------------------------------
// gpu.return / gpu.terminator / gpu.yield
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static RETURN: Return = "gpu.return" {
        attrs: [],
        traits: Traits::PURE
            .with(Traits::TERMINATOR)
            .with(Traits::RETURN_LIKE),
        parse: Some(parse_operands_colon_types),
        print: Some(print_operands_colon_types),
        verify: Some(verify_return),
    }
}

lattice_ir::def_op! {
    pub static TERMINATOR: Terminator = "gpu.terminator" {
        attrs: [],
        traits: Traits::PURE.with(Traits::TERMINATOR),
        parse: Some(parse_attr_dict_only),
        print: Some(print_attr_dict_only),
        verify: Some(verify_terminator),
    }
}

lattice_ir::def_op! {
    pub static YIELD: Yield = "gpu.yield" {
        attrs: [],
        traits: Traits::PURE
            .with(Traits::TERMINATOR)
            .with(Traits::RETURN_LIKE),
        parse: Some(parse_operands_colon_types),
        print: Some(print_operands_colon_types),
        verify: Some(verify_counts),
    }
}

fn verify_return(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let Some(func) = ir.parent_op(op).filter(|&f| ir.isa::<GPUFunc>(f)) else {
        v.error(op, "expects parent op 'gpu.func'");
        return;
    };
    let (_, results, _) = func_shape(ir, func);
    let ops = ir.operands(op);
    if results.len() != ops.len() {
        v.error_with_note(
            op,
            format!("expected {} result operands", results.len()),
            func,
            "return type declared here",
        );
        return;
    }
    for (i, (&t, &o)) in results.iter().zip(ops).enumerate() {
        let ot = ir.value_type(o);
        if ot != t {
            v.error(
                op,
                format!("unexpected type `{}' for operand #{i}", qty(ir, ot)),
            );
            return;
        }
    }
}

fn verify_terminator(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    if !ir.parent_op(op).is_some_and(|p| ir.isa::<Launch>(p)) {
        v.error(op, "expects parent op 'gpu.launch'");
    }
}

// ---------------------------------------------------------------------------------------
// Index ops: gpu.thread_id x, gpu.lane_id, gpu.subgroup_size : index, ...
// ---------------------------------------------------------------------------------------

macro_rules! dim_op {
    ($static:ident: $view:ident, $name:literal, $names:ident, $prefix:literal) => {
        lattice_ir::def_op! {
            #[doc = concat!("`", $name, "`")]
            pub static $static: $view = $name {
                attrs: [DIMENSION("dimension"), UPPER_BOUND("upper_bound")],
                traits: Traits::PURE,
                parse: Some(parse_dim_op),
                print: Some(print_dim_op),
                result_names: Some($names),
                verify: Some(verify_counts),
            }
        }
        fn $names(ir: &Ir, op: Op, names: &mut Vec<(usize, String)>) {
            let dim = dimension_of(ir, op).unwrap_or("x");
            names.push((0, format!(concat!($prefix, "_{}"), dim)));
        }
    };
}

dim_op!(THREAD_ID: ThreadId, "gpu.thread_id", thread_id_names, "thread_id");
dim_op!(BLOCK_ID: BlockId, "gpu.block_id", block_id_names, "block_id");
dim_op!(BLOCK_DIM: BlockDim, "gpu.block_dim", block_dim_names, "block_dim");
dim_op!(GRID_DIM: GridDim, "gpu.grid_dim", grid_dim_names, "grid_dim");
dim_op!(GLOBAL_ID: GlobalId, "gpu.global_id", global_id_names, "global_id");

fn dimension_of(ir: &Ir, op: Op) -> Option<&str> {
    let a = ir.attr(op, "dimension")?;
    match ir.ctx().attr_data(a) {
        AttrData::Dialect(text) => Some(text.strip_prefix("gpu<dim")?.strip_suffix('>')?.trim()),
        _ => None,
    }
}

/// `(upper_bound N)?`
fn parse_upper_bound(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.eat("upper_bound") {
        let value = p.parse_integer()?;
        let index = p.ctx().index_type();
        let a = p.ctx().int_attr(value, index);
        st.add_attr(p.intern("upper_bound"), a);
    }
    Ok(())
}

fn print_upper_bound(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    if let Some(v) = ir
        .attr(op, "upper_bound")
        .and_then(|a| ir.ctx().int_value(a))
    {
        p.write(" upper_bound ");
        p.write(&v.to_string());
    }
}

fn parse_dim_op(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let span = p.current_span();
    let dim = match p.parse_optional_keyword() {
        Some(d) if matches!(d.as_str(), "x" | "y" | "z") => d,
        _ => {
            return Err(p.error_at(
                span,
                "expected ::mlir::gpu::Dimension to be one of: x, y, z; failed to parse GPU_DimensionAttr parameter 'value' which is to be a `::mlir::gpu::Dimension`",
            ))
        }
    };
    let a = p.ctx().attr(AttrData::Dialect(format!("gpu<dim {dim}>")));
    st.add_attr(p.intern("dimension"), a);
    parse_upper_bound(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let index = p.ctx().index_type();
    st.result_types.push(index);
    Ok(())
}

fn print_dim_op(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write("  ");
    p.write(dimension_of(ir, op).unwrap_or("x"));
    print_upper_bound(p, op);
    p.print_optional_attr_dict(op, &["dimension", "upper_bound"]);
}

lattice_ir::def_op! {
    pub static LANE_ID: LaneId = "gpu.lane_id" {
        attrs: [UPPER_BOUND("upper_bound")],
        traits: Traits::PURE,
        parse: Some(parse_lane_id),
        print: Some(print_lane_id),
        verify: Some(verify_counts),
    }
}

fn parse_lane_id(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_upper_bound(p, st)?;
    p.parse_optional_attr_dict(st)?;
    let index = p.ctx().index_type();
    st.result_types.push(index);
    Ok(())
}

fn print_lane_id(p: &mut Printer<'_>, op: Op) {
    print_upper_bound(p, op);
    p.print_optional_attr_dict(op, &["upper_bound"]);
}

macro_rules! typed_index_op {
    ($static:ident: $view:ident, $name:literal) => {
        lattice_ir::def_op! {
            #[doc = concat!("`", $name, "`")]
            pub static $static: $view = $name {
                attrs: [UPPER_BOUND("upper_bound")],
                traits: Traits::PURE,
                parse: Some(parse_typed_index_op),
                print: Some(print_typed_index_op),
                verify: Some(verify_typed_index_op),
            }
        }
    };
}

typed_index_op!(SUBGROUP_ID: SubgroupId, "gpu.subgroup_id");
typed_index_op!(NUM_SUBGROUPS: NumSubgroups, "gpu.num_subgroups");
typed_index_op!(SUBGROUP_SIZE: SubgroupSize, "gpu.subgroup_size");

/// `(upper_bound N)? attr-dict : type`
fn parse_typed_index_op(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_upper_bound(p, st)?;
    p.parse_optional_attr_dict(st)?;
    p.expect(":")?;
    let span = p.current_span();
    let ty = p.parse_type()?;
    if !p.ctx().is_index(ty) {
        let found = super::vector::type_text(p.ir(), ty);
        return Err(p.error_at(
            span,
            format!("invalid kind of type specified: expected builtin.index, but found '{found}'"),
        ));
    }
    st.result_types.push(ty);
    Ok(())
}

fn print_typed_index_op(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    print_upper_bound(p, op);
    p.print_optional_attr_dict(op, &["upper_bound"]);
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn verify_typed_index_op(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    if let Some(&r) = ir.results(op).first() {
        let ty = ir.value_type(r);
        if !ir.ctx().is_index(ty) {
            v.error(
                op,
                format!("result #0 must be index, but got {}", qty(ir, ty)),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// gpu.barrier / gpu.wait
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static BARRIER: Barrier = "gpu.barrier" {
        attrs: [],
        parse: Some(parse_attr_dict_only),
        print: Some(print_attr_dict_only),
        verify: Some(verify_counts),
        canonicalize: Some(canonicalize_barrier),
    }
}

lattice_ir::def_op! {
    pub static WAIT: Wait = "gpu.wait" {
        attrs: [],
        parse: Some(parse_wait),
        print: Some(print_wait),
        verify: Some(verify_counts),
        canonicalize: Some(canonicalize_wait),
    }
}

fn parse_wait(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (is_async, deps) = parse_async_dependencies(p)?;
    let token = async_token_type(p.ctx());
    st.operands = p.resolve_operands_all(&deps, token)?;
    if is_async {
        st.result_types.push(token);
    }
    p.parse_optional_attr_dict(st)
}

fn print_wait(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    print_async_dependencies(p, !ir.results(op).is_empty(), ir.operands(op));
    p.print_optional_attr_dict(op, &[]);
}

// ---------------------------------------------------------------------------------------
// gpu.launch
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static LAUNCH: Launch = "gpu.launch" {
        attrs: [FUNCTION("function"), MODULE("module"), OPERAND_SEGMENT_SIZES("operandSegmentSizes")],
        traits: Traits::AFFINE_SCOPE.with(Traits::RECURSIVE_EFFECTS),
        parse: Some(parse_launch),
        print: Some(print_launch),
        verify: Some(verify_launch),
        canonicalize: Some(canonicalize_launch),
    }
}

/// `(%a, %b, %c) in (%x = %v, %y = %w, %z = %u)`: fills `ids`, `region_sizes` and
/// `sizes` (three each).
fn parse_size_assignment(
    p: &mut Parser<'_>,
) -> PResult<(
    [UnresolvedOperand; 3],
    [UnresolvedOperand; 3],
    [UnresolvedOperand; 3],
)> {
    let span = p.current_span();
    let ids = p.parse_operand_list(Delimiter::Paren)?;
    let ids: [UnresolvedOperand; 3] = ids
        .try_into()
        .map_err(|_| p.error_at(span, "expected 3 identifiers in size assignment"))?;
    p.expect("in")?;
    p.expect("(")?;
    let mut region_sizes = Vec::new();
    let mut sizes = Vec::new();
    for i in 0..3 {
        if i != 0 {
            p.expect(",")?;
        }
        region_sizes.push(p.parse_operand()?);
        p.expect("=")?;
        sizes.push(p.parse_operand()?);
    }
    p.expect(")")?;
    let region_sizes: [UnresolvedOperand; 3] = region_sizes
        .try_into()
        .unwrap_or_else(|_| unreachable_three());
    let sizes: [UnresolvedOperand; 3] = sizes.try_into().unwrap_or_else(|_| unreachable_three());
    Ok((ids, region_sizes, sizes))
}

/// The loops above always collect exactly three entries.
fn unreachable_three() -> [UnresolvedOperand; 3] {
    let empty = || UnresolvedOperand {
        name: String::new(),
        number: 0,
        span: Default::default(),
    };
    [empty(), empty(), empty()]
}

fn index_argument(operand: UnresolvedOperand, index: Type) -> Argument {
    Argument {
        operand,
        ty: Some(index),
        attrs: None,
        loc: None,
    }
}

fn parse_launch(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (is_async, deps) = parse_async_dependencies(p)?;
    let token = async_token_type(p.ctx());
    st.operands.extend(p.resolve_operands_all(&deps, token)?);
    if is_async {
        st.result_types.push(token);
    }
    let index = p.ctx().index_type();
    let cluster = if p.eat("clusters") {
        Some(parse_size_assignment(p)?)
    } else {
        None
    };
    p.expect("blocks")?;
    let (block_ids, grid_args, grid_sizes) = parse_size_assignment(p)?;
    p.expect("threads")?;
    let (thread_ids, block_args, block_sizes) = parse_size_assignment(p)?;
    let mut sizes: Vec<UnresolvedOperand> =
        grid_sizes.iter().chain(&block_sizes).cloned().collect();
    if let Some((_, _, cs)) = &cluster {
        sizes.extend(cs.iter().cloned());
    }
    st.operands.extend(p.resolve_operands_all(&sizes, index)?);
    let mut has_dynamic_smem = false;
    if p.eat("dynamic_shared_memory_size") {
        has_dynamic_smem = true;
        let x = p.parse_operand()?;
        let i32t = p.ctx().int_type(32);
        st.operands.push(p.resolve_operand(&x, i32t)?);
    }
    for key in ["module", "function"] {
        if p.eat(key) {
            p.expect("(")?;
            let span = p.current_span();
            let sym = p.parse_attribute(None)?;
            if !matches!(p.ctx().attr_data(sym), AttrData::SymbolRef { nested, .. } if nested.is_empty())
            {
                return Err(p.error_at(span, "invalid kind of attribute specified"));
            }
            p.expect(")")?;
            st.add_attr(p.intern(key), sym);
        }
    }
    let mut args: Vec<Argument> = Vec::new();
    for ids in [&block_ids, &thread_ids, &grid_args, &block_args] {
        args.extend(ids.iter().cloned().map(|o| index_argument(o, index)));
    }
    if let Some((ids, region_sizes, _)) = &cluster {
        args.extend(ids.iter().cloned().map(|o| index_argument(o, index)));
        args.extend(
            region_sizes
                .iter()
                .cloned()
                .map(|o| index_argument(o, index)),
        );
    }
    let config_args = args.len();
    parse_attributions(p, "workgroup", &mut args)?;
    let n = p.ctx().i64_attr((args.len() - config_args) as i64);
    st.add_attr(p.intern("workgroup_attributions"), n);
    parse_attributions(p, "private", &mut args)?;
    for a in &mut args {
        a.attrs = None;
    }
    let region = p.parse_region(&args, RegionOptions::default())?;
    st.regions.push(region);
    p.parse_optional_attr_dict(st)?;
    let c = if cluster.is_some() { 1 } else { 0 };
    let seg = p.ctx().dense_i32_array(&[
        deps.len() as i32,
        1,
        1,
        1,
        1,
        1,
        1,
        c,
        c,
        c,
        has_dynamic_smem as i32,
    ]);
    st.add_attr(p.intern("operandSegmentSizes"), seg);
    Ok(())
}

fn print_size_assignment(
    p: &mut Printer<'_>,
    ids: &[Value],
    region_sizes: &[Value],
    sizes: &[Value],
) {
    p.write("(");
    p.print_operands(ids);
    p.write(") in (");
    for i in 0..3 {
        if i > 0 {
            p.write(", ");
        }
        if let (Some(&r), Some(&s)) = (region_sizes.get(i), sizes.get(i)) {
            p.print_operand(r);
            p.write(" = ");
            p.print_operand(s);
        }
    }
    p.write(")");
}

fn print_launch(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let args = entry_args(ir, op);
    if !segments_ok(ir, op, 11) || args.len() < 12 {
        return;
    }
    let seg = |i| segment_values(ir, op, i);
    if !ir.results(op).is_empty() {
        p.write(" async");
        let deps = seg(0);
        if !deps.is_empty() {
            p.write(" [");
            p.print_operands(&deps);
            p.write("]");
        }
    }
    let grid: Vec<Value> = (1..4).flat_map(seg).collect();
    let block: Vec<Value> = (4..7).flat_map(seg).collect();
    let cluster: Vec<Value> = (7..10).flat_map(seg).collect();
    let has_cluster = cluster.len() == 3 && args.len() >= 18;
    if has_cluster {
        p.write(" clusters");
        print_size_assignment(p, &args[12..15], &args[15..18], &cluster);
    }
    p.write(" blocks");
    print_size_assignment(p, &args[0..3], &args[6..9], &grid);
    p.write(" threads");
    print_size_assignment(p, &args[3..6], &args[9..12], &block);
    if let Some(&d) = seg(10).first() {
        p.write(" dynamic_shared_memory_size ");
        p.print_operand(d);
    }
    for key in ["module", "function"] {
        if let Some(sym) = ir.attr(op, key) {
            p.write(" ");
            p.write(key);
            p.write("(");
            p.print_attribute(sym);
            p.write(")");
        }
    }
    let config = if has_cluster { 18 } else { 12 };
    let workgroup = ir
        .attr(op, "workgroup_attributions")
        .and_then(|a| ir.ctx().int_value(a))
        .unwrap_or(0)
        .max(0) as usize;
    let w_end = (config + workgroup).min(args.len());
    print_attributions(p, "workgroup", &args[config..w_end], None);
    print_attributions(p, "private", &args[w_end..], None);
    p.write(" ");
    if let Some(&r) = ir.regions(op).first() {
        p.print_region(
            r,
            RegionPrintOptions {
                print_entry_block_args: false,
                ..RegionPrintOptions::default()
            },
        );
    }
    p.print_optional_attr_dict(
        op,
        &[
            "operandSegmentSizes",
            "workgroup_attributions",
            "module",
            "function",
        ],
    );
}

fn verify_launch(v: &mut Verifier<'_>, op: Op) {
    if !async_types_ok(v, op) {
        return;
    }
    if !arity_ok(v, op) {
        return;
    }
    if !check_segments(v, op, 11) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let cluster: usize = (7..10).map(|i| segment_values(ir, op, i).len()).sum();
    if cluster != 0 && cluster != 3 {
        v.error(op, "cluster size must be all present");
        return;
    }
    let config = if cluster == 3 { 18 } else { 12 };
    let workgroup = ir
        .attr(op, "workgroup_attributions")
        .and_then(|a| ctx.int_value(a))
        .unwrap_or(0)
        .max(0) as usize;
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    if let Some(entry) = ir.entry_block(region) {
        let args = ir.block_args(entry).to_vec();
        if args.len() < config + workgroup {
            v.error(op, "unexpected number of region arguments");
            return;
        }
        if !verify_attributions(v, op, &args[config..config + workgroup], "workgroup") {
            return;
        }
        if !verify_attributions(v, op, &args[config + workgroup..], "private") {
            return;
        }
    }
    for block in ir.region_blocks(region) {
        let Some(last) = ir.last_op(block) else {
            continue;
        };
        if !ir.successors(last).is_empty() {
            continue;
        }
        if !ir.isa::<Terminator>(last) {
            let d = lattice_ir::diag::Diagnostic::error(
                lattice_ir::diag::DiagLoc::Loc(ir.loc(last)),
                "expected 'gpu.terminator' or a terminator with successors",
            )
            .with_note(
                lattice_ir::diag::DiagLoc::Loc(ir.loc(op)),
                "in 'gpu.launch' body region",
            );
            v.report(d);
            return;
        }
    }
}

// ---------------------------------------------------------------------------------------
// gpu.launch_func
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static LAUNCH_FUNC: LaunchFunc = "gpu.launch_func" {
        attrs: [KERNEL("kernel"), OPERAND_SEGMENT_SIZES("operandSegmentSizes")],
        parse: Some(parse_launch_func),
        print: Some(print_launch_func),
        verify: Some(verify_launch_func),
    }
}

/// `(%a, %b, %c)`
fn parse_three(p: &mut Parser<'_>) -> PResult<Vec<UnresolvedOperand>> {
    p.expect("(")?;
    let mut out = Vec::new();
    for i in 0..3 {
        if i > 0 {
            p.expect(",")?;
        }
        out.push(p.parse_operand()?);
    }
    p.expect(")")?;
    Ok(out)
}

fn parse_launch_func(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (is_async, deps) = parse_async_dependencies(p)?;
    let token = async_token_type(p.ctx());
    let mut async_object = None;
    if p.eat("<") {
        let x = p.parse_operand()?;
        let ty = p.parse_colon_type()?;
        p.expect(">")?;
        async_object = Some((x, ty));
    }
    let span = p.current_span();
    let kernel = p.parse_attribute(None)?;
    if !matches!(p.ctx().attr_data(kernel), AttrData::SymbolRef { .. }) {
        return Err(p.error_at(span, "invalid kind of attribute specified"));
    }
    st.add_attr(p.intern("kernel"), kernel);
    let clusters = if p.eat("clusters") {
        p.expect("in")?;
        Some(parse_three(p)?)
    } else {
        None
    };
    p.expect("blocks")?;
    p.expect("in")?;
    let grid = parse_three(p)?;
    p.expect("threads")?;
    p.expect("in")?;
    let block = parse_three(p)?;
    let dim_ty = if p.eat(":") {
        p.parse_type()?
    } else {
        p.ctx().index_type()
    };
    let smem = if p.eat("dynamic_shared_memory_size") {
        Some(p.parse_operand()?)
    } else {
        None
    };
    let mut arg_ops = Vec::new();
    let mut arg_types = Vec::new();
    if p.eat("args") {
        p.expect("(")?;
        loop {
            arg_ops.push(p.parse_operand()?);
            arg_types.push(p.parse_colon_type()?);
            if !p.eat(",") {
                break;
            }
        }
        if !p.eat(")") {
            return Err(p.error_here("expected ')' in argument list"));
        }
    }
    p.parse_optional_attr_dict(st)?;
    st.operands.extend(p.resolve_operands_all(&deps, token)?);
    st.operands.extend(p.resolve_operands_all(&grid, dim_ty)?);
    st.operands.extend(p.resolve_operands_all(&block, dim_ty)?);
    if let Some(c) = &clusters {
        st.operands.extend(p.resolve_operands_all(c, dim_ty)?);
    }
    if let Some(s) = &smem {
        let i32t = p.ctx().int_type(32);
        st.operands.push(p.resolve_operand(s, i32t)?);
    }
    for (o, &t) in arg_ops.iter().zip(&arg_types) {
        st.operands.push(p.resolve_operand(o, t)?);
    }
    if let Some((x, ty)) = &async_object {
        st.operands.push(p.resolve_operand(x, *ty)?);
    }
    let c = clusters.is_some() as i32;
    let seg = p.ctx().dense_i32_array(&[
        deps.len() as i32,
        1,
        1,
        1,
        1,
        1,
        1,
        c,
        c,
        c,
        smem.is_some() as i32,
        arg_ops.len() as i32,
        async_object.is_some() as i32,
    ]);
    st.add_attr(p.intern("operandSegmentSizes"), seg);
    if is_async {
        st.result_types.push(token);
    }
    Ok(())
}

fn print_launch_func(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    if !segments_ok(ir, op, 13) {
        return;
    }
    let seg = |i| segment_values(ir, op, i);
    p.write(" ");
    print_async_dependencies(p, !ir.results(op).is_empty(), &seg(0));
    if let Some(&obj) = seg(12).first() {
        p.write("<");
        p.print_operand(obj);
        p.write(" : ");
        p.print_type(ir.value_type(obj));
        p.write(">");
    }
    p.write(" ");
    if let Some(k) = ir.attr(op, "kernel") {
        p.print_attribute(k);
    }
    let cluster: Vec<Value> = (7..10).flat_map(seg).collect();
    if cluster.len() == 3 {
        p.write(" clusters in (");
        p.print_operands(&cluster);
        p.write(")");
    }
    let grid: Vec<Value> = (1..4).flat_map(seg).collect();
    let block: Vec<Value> = (4..7).flat_map(seg).collect();
    p.write(" blocks in (");
    p.print_operands(&grid);
    p.write(") threads in (");
    p.print_operands(&block);
    p.write(") ");
    if let Some(&g) = grid.first() {
        let t = ir.value_type(g);
        if !ir.ctx().is_index(t) {
            p.write(": ");
            p.print_type(t);
        }
    }
    if let Some(&s) = seg(10).first() {
        p.write(" dynamic_shared_memory_size ");
        p.print_operand(s);
    }
    p.write(" ");
    let args = seg(11);
    if !args.is_empty() {
        p.write("args(");
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(a);
            p.write(" : ");
            p.print_type(ir.value_type(a));
        }
        p.write(")");
    }
    p.print_optional_attr_dict(op, &["kernel", "operandSegmentSizes"]);
}

fn verify_launch_func(v: &mut Verifier<'_>, op: Op) {
    if !async_types_ok(v, op) {
        return;
    }
    if !arity_ok(v, op) {
        return;
    }
    if !check_segments(v, op, 13) {
        return;
    }
    {
        let ir = v.ir();
        let ctx = ir.ctx();
        let start = segment_values(ir, op, 0).len();
        let dims: Vec<Value> = (1..10).flat_map(|i| segment_values(ir, op, i)).collect();
        for (k, &d) in dims.iter().enumerate() {
            let ty = ir.value_type(d);
            if !(ctx.is_index(ty) || ty == ctx.int_type(32) || ty == ctx.int_type(64)) {
                v.error(
                    op,
                    format!(
                        "operand #{} must be index or 32-bit signless integer or 64-bit signless integer, but got {}",
                        start + k,
                        qty(ir, ty)
                    ),
                );
                return;
            }
        }
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(kernel) = ir.attr(op, "kernel") else {
        v.error(op, "requires attribute 'kernel'");
        return;
    };
    let Some(module) = ancestor_named(ir, op, builtin::Module::NAME) else {
        v.error(op, "expected to belong to a module");
        return;
    };
    if !ir
        .attr(module, "gpu.container_module")
        .is_some_and(|a| matches!(ctx.attr_data(a), AttrData::Unit))
    {
        v.error(
            op,
            "expected the closest surrounding module to have the 'gpu.container_module' attribute",
        );
        return;
    }
    let cluster: Vec<Value> = (7..10).flat_map(|i| segment_values(ir, op, i)).collect();
    if cluster.len() == 3 {
        let t = ir.value_type(cluster[0]);
        if cluster.iter().any(|&c| ir.value_type(c) != t) {
            v.error(
                op,
                "expects types of the cluster dimensions must be the same",
            );
            return;
        }
    }
    // Upstream checks the kernel reference when verifying the container module's
    // `gpu.container_module` attribute, for launches directly inside its functions.
    if ir.parent_op(op).and_then(|f| ir.parent_op(f)) != Some(module) {
        return;
    }
    let AttrData::SymbolRef { root, nested } = ctx.attr_data(kernel) else {
        return;
    };
    let container_name = ctx.str(*root);
    let Some(container) = lookup_symbol(ir, module, container_name) else {
        v.error(
            op,
            format!("kernel container '{container_name}' is undefined"),
        );
        return;
    };
    if ir.is_op(container, "gpu.binary") {
        return;
    }
    if !ir.isa::<GPUModule>(container) {
        v.error(op, format!("kernel module '{container_name}' is undefined"));
        return;
    }
    let kernel_text = super::vector::attr_text(ir, kernel);
    let mut func = Some(container);
    for &n in nested {
        func = func.and_then(|f| lookup_symbol(ir, f, ctx.str(n)));
    }
    let Some(func) = func.filter(|_| !nested.is_empty()) else {
        v.error(op, format!("kernel function '{kernel_text}' is undefined"));
        return;
    };
    if !ir.isa::<GPUFunc>(func)
        && !ir.isa::<crate::func::Func>(func)
        && !ir.is_op(func, "llvm.func")
    {
        v.error_with_note(
            op,
            format!("referenced kernel '{kernel_text}' is not a function"),
            func,
            "see the kernel definition here",
        );
        return;
    }
    if !ir
        .attr(func, "gpu.kernel")
        .is_some_and(|a| matches!(ctx.attr_data(a), AttrData::Unit))
    {
        v.error(op, "kernel function is missing the 'gpu.kernel' attribute");
        return;
    }
    if !ir.isa::<GPUFunc>(func) {
        return;
    }
    let (inputs, _, _) = func_shape(ir, func);
    let args = segment_values(ir, op, 11);
    if args.len() != inputs.len() {
        v.error(
            op,
            format!(
                "got {} kernel operands but expected {}",
                args.len(),
                inputs.len()
            ),
        );
        return;
    }
    for (i, (&a, &t)) in args.iter().zip(&inputs).enumerate() {
        if ir.value_type(a) != t {
            v.error(op, format!("type of function argument {i} does not match"));
            return;
        }
    }
}

/// A verifier that checks only operand and result counts.
fn verify_counts(v: &mut Verifier<'_>, op: Op) {
    if arity_ok(v, op) {
        async_types_ok(v, op);
    }
}

/// Checks that the async token result and dependencies of `op` (where it has them)
/// are `!gpu.async.token`; false after an error.
fn async_types_ok(v: &mut Verifier<'_>, op: Op) -> bool {
    let ir = v.ir();
    let token = async_token_type(ir.ctx());
    let (result, deps) = match GpuKind::of(ir, op) {
        Some(GpuKind::Wait) => (0, ir.operands(op).to_vec()),
        Some(GpuKind::Dealloc | GpuKind::Memcpy | GpuKind::Memset) => {
            let n = ir.operands(op).len();
            let keep = if ir.isa::<Dealloc>(op) { 1 } else { 2 };
            (0, ir.operands(op)[..n.saturating_sub(keep)].to_vec())
        }
        Some(GpuKind::Alloc) => (1, segment_values(ir, op, 0)),
        Some(GpuKind::Launch | GpuKind::LaunchFunc) => (0, segment_values(ir, op, 0)),
        _ => return true,
    };
    if let Some(&r) = ir.results(op).get(result) {
        let ty = ir.value_type(r);
        if ty != token {
            v.error(
                op,
                format!(
                    "result #{result} must be async token type, but got {}",
                    qty(ir, ty)
                ),
            );
            return false;
        }
    }
    for (i, &d) in deps.iter().enumerate() {
        let ty = ir.value_type(d);
        if ty != token {
            v.error(
                op,
                format!(
                    "operand #{i} must be variadic of async token type, but got {}",
                    qty(ir, ty)
                ),
            );
            return false;
        }
    }
    true
}

// ---------------------------------------------------------------------------------------
// gpu.alloc / gpu.dealloc / gpu.memcpy / gpu.memset
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static ALLOC: Alloc = "gpu.alloc" {
        attrs: [HOST_SHARED("hostShared"), OPERAND_SEGMENT_SIZES("operandSegmentSizes")],
        traits: Traits::ALLOC_ONLY,
        parse: Some(parse_alloc),
        print: Some(print_alloc),
        verify: Some(verify_alloc),
        result_names: Some(alloc_names),
    }
}

fn parse_alloc(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (is_async, deps) = parse_async_dependencies(p)?;
    if p.eat("host_shared") {
        let unit = p.ctx().unit_attr();
        st.add_attr(p.intern("hostShared"), unit);
    }
    let sizes = p.parse_operand_list(Delimiter::Paren)?;
    let symbols = p.parse_operand_list(Delimiter::OptionalSquare)?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_colon_typed(p, Kind::MemRef)?;
    let token = async_token_type(p.ctx());
    let index = p.ctx().index_type();
    st.operands.extend(p.resolve_operands_all(&deps, token)?);
    st.operands.extend(p.resolve_operands_all(&sizes, index)?);
    st.operands.extend(p.resolve_operands_all(&symbols, index)?);
    let seg =
        p.ctx()
            .dense_i32_array(&[deps.len() as i32, sizes.len() as i32, symbols.len() as i32]);
    st.add_attr(p.intern("operandSegmentSizes"), seg);
    st.result_types.push(ty);
    if is_async {
        st.result_types.push(token);
    }
    Ok(())
}

fn print_alloc(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    if !segments_ok(ir, op, 3) {
        return;
    }
    p.write(" ");
    print_async_dependencies(p, ir.results(op).len() > 1, &segment_values(ir, op, 0));
    if ir.attr(op, "hostShared").is_some() {
        p.write(" host_shared");
    }
    p.write(" (");
    p.print_operands(&segment_values(ir, op, 1));
    p.write(")");
    let symbols = segment_values(ir, op, 2);
    if !symbols.is_empty() {
        p.write("[");
        p.print_operands(&symbols);
        p.write("]");
    }
    p.print_optional_attr_dict(op, &["hostShared", "operandSegmentSizes"]);
    p.write(" : ");
    if let Some(&r) = ir.results(op).first() {
        p.print_type(ir.value_type(r));
    }
}

fn verify_alloc(v: &mut Verifier<'_>, op: Op) {
    if !async_types_ok(v, op) {
        return;
    }
    if !arity_ok(v, op) || !check_segments(v, op, 3) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(&r) = ir.results(op).first() else {
        return;
    };
    let ty = ir.value_type(r);
    let Some(shape) = (match ctx.type_data(ty) {
        TypeData::MemRef { shape, .. } => Some(shape.clone()),
        _ => None,
    }) else {
        v.error(
            op,
            format!(
                "result #0 must be memref of any type values, but got {}",
                qty(ir, ty)
            ),
        );
        return;
    };
    let dynamic = shape
        .iter()
        .filter(|&&d| d == lattice_ir::types::DYNAMIC)
        .count();
    if segment_values(ir, op, 1).len() != dynamic {
        v.error(
            op,
            "dimension operand count does not equal memref dynamic dimension count",
        );
    }
}

fn alloc_names(ir: &Ir, op: Op, names: &mut Vec<(usize, String)>) {
    names.push((0, "memref".into()));
    if ir.results(op).len() > 1 {
        names.push((1, "asyncToken".into()));
    }
}

lattice_ir::def_op! {
    pub static DEALLOC: Dealloc = "gpu.dealloc" {
        attrs: [],
        parse: Some(parse_dealloc),
        print: Some(print_dealloc),
        verify: Some(verify_counts),
    }
}

fn parse_dealloc(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (is_async, deps) = parse_async_dependencies(p)?;
    let memref = p.parse_operand()?;
    p.parse_optional_attr_dict(st)?;
    let ty = parse_colon_typed(p, Kind::MemRef)?;
    let token = async_token_type(p.ctx());
    st.operands.extend(p.resolve_operands_all(&deps, token)?);
    st.operands.push(p.resolve_operand(&memref, ty)?);
    if is_async {
        st.result_types.push(token);
    }
    Ok(())
}

fn print_dealloc(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some((&memref, deps)) = ops.split_last() else {
        return;
    };
    p.write(" ");
    print_async_dependencies(p, !ir.results(op).is_empty(), deps);
    p.write(" ");
    p.print_operand(memref);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ir.value_type(memref));
}

lattice_ir::def_op! {
    pub static MEMCPY: Memcpy = "gpu.memcpy" {
        attrs: [],
        parse: Some(parse_memcpy),
        print: Some(print_memcpy),
        verify: Some(verify_memcpy),
    }
}

lattice_ir::def_op! {
    pub static MEMSET: Memset = "gpu.memset" {
        attrs: [],
        parse: Some(parse_memcpy),
        print: Some(print_memcpy),
        verify: Some(verify_memset),
    }
}

/// `async? [deps]? %a, %b : T, U attr-dict` (memcpy and memset).
fn parse_memcpy(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (is_async, deps) = parse_async_dependencies(p)?;
    let a = p.parse_operand()?;
    p.expect(",")?;
    let b = p.parse_operand()?;
    let ta = parse_colon_typed(p, Kind::MemRef)?;
    p.expect(",")?;
    let tb = if GpuKind::of_name(p.ctx(), p.ctx().str(st.name)) == Some(GpuKind::Memcpy) {
        parse_typed(p, Kind::MemRef)?
    } else {
        p.parse_type()?
    };
    p.parse_optional_attr_dict(st)?;
    let token = async_token_type(p.ctx());
    st.operands.extend(p.resolve_operands_all(&deps, token)?);
    st.operands.push(p.resolve_operand(&a, ta)?);
    st.operands.push(p.resolve_operand(&b, tb)?);
    if is_async {
        st.result_types.push(token);
    }
    Ok(())
}

fn print_memcpy(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    let (deps, pair) = ops.split_at(ops.len() - 2);
    p.write(" ");
    print_async_dependencies(p, !ir.results(op).is_empty(), deps);
    p.write(" ");
    p.print_operands(pair);
    p.write(" : ");
    p.print_type(ir.value_type(pair[0]));
    p.write(", ");
    p.print_type(ir.value_type(pair[1]));
    p.print_optional_attr_dict(op, &[]);
}

fn verify_memcpy(v: &mut Verifier<'_>, op: Op) {
    if !async_types_ok(v, op) {
        return;
    }
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    let (dst, src) = (
        ir.value_type(ops[ops.len() - 2]),
        ir.value_type(ops[ops.len() - 1]),
    );
    if ctx.element_type(dst) != ctx.element_type(src) {
        v.error(op, "arguments have incompatible element type");
        return;
    }
    let (ds, ss) = (ctx.shape(dst), ctx.shape(src));
    if let (Some(ds), Some(ss)) = (ds, ss) {
        let compatible = ds.len() == ss.len()
            && ds.iter().zip(ss).all(|(&a, &b)| {
                a == b || a == lattice_ir::types::DYNAMIC || b == lattice_ir::types::DYNAMIC
            });
        if !compatible {
            v.error(op, "arguments have incompatible shape");
        }
    }
}

fn verify_memset(v: &mut Verifier<'_>, op: Op) {
    if !async_types_ok(v, op) {
        return;
    }
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 2 {
        return;
    }
    let (dst, value) = (
        ir.value_type(ops[ops.len() - 2]),
        ir.value_type(ops[ops.len() - 1]),
    );
    if ctx.element_type(dst) != value {
        v.error(
            op,
            "failed to verify that all of {dst, value} have same element type",
        );
    }
}

// ---------------------------------------------------------------------------------------
// gpu.shuffle / gpu.all_reduce / gpu.subgroup_reduce
// ---------------------------------------------------------------------------------------

const SHUFFLE_MODES: &[&str] = &["xor", "up", "down", "idx"];
const REDUCE_OPS: &[&str] = &[
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
    "minimumf", "maximumf",
];

lattice_ir::def_op! {
    pub static SHUFFLE: Shuffle = "gpu.shuffle" {
        attrs: [MODE("mode")],
        traits: Traits::PURE,
        parse: Some(parse_shuffle),
        print: Some(print_shuffle),
        verify: Some(verify_shuffle),
        result_names: Some(shuffle_names),
    }
}

fn dialect_param<'c>(ctx: &'c Context, attr: Option<Attr>, prefix: &str) -> Option<&'c str> {
    match ctx.attr_data(attr?) {
        AttrData::Dialect(text) => Some(
            text.strip_prefix(prefix.trim_end())?
                .strip_suffix('>')?
                .trim(),
        ),
        _ => None,
    }
}

fn parse_shuffle(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let span = p.current_span();
    let mode = match p.parse_optional_keyword() {
        Some(m) if SHUFFLE_MODES.contains(&m.as_str()) => m,
        _ => {
            return Err(p.error_at(
                span,
                "expected ::mlir::gpu::ShuffleMode to be one of: xor, up, down, idx",
            ))
        }
    };
    let a = p
        .ctx()
        .attr(AttrData::Dialect(format!("gpu<shuffle_mode {mode}>")));
    st.add_attr(p.intern("mode"), a);
    let ops = p.parse_operand_list(Delimiter::None)?;
    p.parse_optional_attr_dict(st)?;
    let span = p.current_span();
    let ty = p.parse_colon_type()?;
    let i32t = p.ctx().int_type(32);
    st.operands = p.resolve_operands(&ops, &[ty, i32t, i32t], span)?;
    let i1 = p.ctx().i1_type();
    st.result_types.extend([ty, i1]);
    Ok(())
}

fn print_shuffle(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let mode = dialect_param(ir.ctx(), ir.attr(op, "mode"), "gpu<shuffle_mode ").unwrap_or("xor");
    p.write("  ");
    p.write(mode);
    p.write(" ");
    p.print_operands(ir.operands(op));
    p.print_optional_attr_dict(op, &["mode"]);
    p.write(" : ");
    if let Some(&x) = ir.operands(op).first() {
        p.print_type(ir.value_type(x));
    }
}

fn verify_shuffle(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    if ir.operands(op).len() != 3 {
        v.error(
            op,
            format!("expected 3 operands, but found {}", ir.operands(op).len()),
        );
        return;
    }
    if ir.results(op).len() != 2 {
        v.error(op, "requires 2 results");
        return;
    }
    let value = ir.value_type(ir.operand(op, 0));
    if value != ir.value_type(ir.result(op, 0)) {
        v.error(
            op,
            "failed to verify that all of {value, shuffleResult} have same type",
        );
        return;
    }
    let scalar_ok = |t: Type| ctx.is_integer(t) || ctx.is_float(t);
    let ok = match ctx.type_data(value) {
        TypeData::Vector {
            shape,
            scalable,
            element,
        } => shape.len() == 1 && !scalable[0] && scalar_ok(*element),
        _ => scalar_ok(value),
    };
    if !ok {
        v.error(
            op,
            format!(
                "operand #0 must be Integer or Float or fixed-length vector of Integer or Float values of ranks 1, but got {}",
                qty(ir, value)
            ),
        );
    }
}

fn shuffle_names(_ir: &Ir, _op: Op, names: &mut Vec<(usize, String)>) {
    names.push((0, "shuffleResult".into()));
    names.push((1, "valid".into()));
}

lattice_ir::def_op! {
    pub static ALL_REDUCE: AllReduce = "gpu.all_reduce" {
        attrs: [OP("op"), UNIFORM("uniform")],
        traits: Traits::ISOLATED_FROM_ABOVE,
        parse: Some(parse_all_reduce),
        print: Some(print_all_reduce),
        verify: Some(verify_all_reduce),
    }
}

lattice_ir::def_op! {
    pub static SUBGROUP_REDUCE: SubgroupReduce = "gpu.subgroup_reduce" {
        attrs: [CLUSTER_SIZE("cluster_size"), CLUSTER_STRIDE("cluster_stride"), OP("op"), UNIFORM("uniform")],
        parse: Some(parse_subgroup_reduce),
        print: Some(print_subgroup_reduce),
        verify: Some(verify_subgroup_reduce),
    }
}

/// An optional reduction kind keyword (`add`, `maxnumf`, ...).
fn parse_reduce_op(p: &mut Parser<'_>, st: &mut OperationState, required: bool) -> PResult<()> {
    let span = p.current_span();
    match p.parse_optional_keyword() {
        Some(k) if REDUCE_OPS.contains(&k.as_str()) => {
            let a = p
                .ctx()
                .attr(AttrData::Dialect(format!("gpu<all_reduce_op {k}>")));
            st.add_attr(p.intern("op"), a);
            Ok(())
        }
        Some(_) => Err(p.error_at(span, "invalid op kind")),
        None if required => Err(p.error_at(span, "invalid op kind")),
        None => Ok(()),
    }
}

fn reduce_op_of(ir: &Ir, op: Op) -> Option<&str> {
    dialect_param(ir.ctx(), ir.attr(op, "op"), "gpu<all_reduce_op ")
}

/// `: (T) -> U`
fn parse_functional_unary(
    p: &mut Parser<'_>,
    st: &mut OperationState,
    value: &UnresolvedOperand,
) -> PResult<()> {
    let span = p.current_span();
    p.expect(":")?;
    let (inputs, results) = p.parse_function_type()?;
    st.operands = p.resolve_operands(std::slice::from_ref(value), &inputs, span)?;
    st.result_types = results;
    Ok(())
}

fn print_functional_unary(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let inputs: Vec<Type> = ir.operands(op).iter().map(|&v| ir.value_type(v)).collect();
    let results: Vec<Type> = ir.results(op).iter().map(|&v| ir.value_type(v)).collect();
    p.write(" : ");
    p.print_function_type(&inputs, &results);
}

fn parse_all_reduce(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_reduce_op(p, st, false)?;
    let value = p.parse_operand()?;
    if p.eat("uniform") {
        let unit = p.ctx().unit_attr();
        st.add_attr(p.intern("uniform"), unit);
    }
    let region = p.parse_region(&[], RegionOptions::default())?;
    st.regions.push(region);
    p.parse_optional_attr_dict(st)?;
    parse_functional_unary(p, st, &value)
}

fn print_all_reduce(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    if let Some(k) = reduce_op_of(ir, op) {
        p.write(" ");
        p.write(k);
    }
    p.write(" ");
    if let Some(&x) = ir.operands(op).first() {
        p.print_operand(x);
    }
    if ir.attr(op, "uniform").is_some() {
        p.write(" uniform");
    }
    if let Some(&r) = ir.regions(op).first() {
        p.write(" ");
        p.print_region(r, RegionPrintOptions::default());
    }
    p.print_optional_attr_dict(op, &["op", "uniform"]);
    print_functional_unary(p, op);
}

/// Whether reduction `kind` applies to `ty` (upstream's `verifyReduceOpAndType`).
fn reduce_kind_fits(ctx: &Context, kind: &str, ty: Type) -> bool {
    let element = ctx.element_type(ty);
    match kind {
        "and" | "or" | "xor" | "minsi" | "minui" | "maxsi" | "maxui" => ctx.is_integer(element),
        "minnumf" | "maxnumf" | "minimumf" | "maximumf" => ctx.is_float(element),
        _ => true,
    }
}

fn verify_all_reduce(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    let ctx = ir.ctx();
    if ir.operands(op).len() != 1 || ir.results(op).len() != 1 {
        v.error(op, "requires a single operand");
        return;
    }
    let ty = ir.value_type(ir.result(op, 0));
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    let empty = ir.region_is_empty(region);
    let kind = reduce_op_of(ir, op);
    if empty != kind.is_some() {
        v.error_raw(op, "expected either an op attribute or a non-empty body");
        return;
    }
    if let Some(kind) = kind {
        if !reduce_kind_fits(ctx, kind, ty) {
            v.error_raw(
                op,
                format!(
                    "`{kind}` reduction operation is not compatible with type {}",
                    qty(ir, ty)
                ),
            );
        }
        return;
    }
    let Some(entry) = ir.entry_block(region) else {
        return;
    };
    let args = ir.block_args(entry);
    if args.len() != 2 {
        v.error_raw(op, "expected two region arguments");
        return;
    }
    if args.iter().any(|&a| ir.value_type(a) != ty) {
        v.error_raw(op, "incorrect region argument type");
        return;
    }
    let mut yields = 0;
    for b in ir.region_blocks(region) {
        let Some(last) = ir.last_op(b) else { continue };
        if ir.isa::<Yield>(last) {
            if ir.operands(last).len() != 1 {
                v.error_raw(op, "expected one gpu.yield operand");
                return;
            }
            if ir.value_type(ir.operand(last, 0)) != ty {
                v.error_raw(op, "incorrect gpu.yield type");
                return;
            }
            yields += 1;
        }
    }
    if yields == 0 {
        v.error_raw(op, "expected gpu.yield op in region");
    }
}

fn parse_subgroup_reduce(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    parse_reduce_op(p, st, true)?;
    let value = p.parse_operand()?;
    if p.eat("uniform") {
        let unit = p.ctx().unit_attr();
        st.add_attr(p.intern("uniform"), unit);
    }
    let i32t = p.ctx().int_type(32);
    let mut stride = 1;
    if p.eat("cluster") {
        p.expect("(")?;
        p.expect("size")?;
        p.expect("=")?;
        let size = p.parse_integer()?;
        let a = p.ctx().int_attr(size, i32t);
        st.add_attr(p.intern("cluster_size"), a);
        if p.eat(",") {
            p.expect("stride")?;
            p.expect("=")?;
            stride = p.parse_integer()?;
        }
        p.expect(")")?;
    }
    let a = p.ctx().int_attr(stride, i32t);
    st.add_attr(p.intern("cluster_stride"), a);
    p.parse_optional_attr_dict(st)?;
    parse_functional_unary(p, st, &value)
}

fn print_subgroup_reduce(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    p.write("  ");
    p.write(reduce_op_of(ir, op).unwrap_or("add"));
    p.write(" ");
    if let Some(&x) = ir.operands(op).first() {
        p.print_operand(x);
    }
    if ir.attr(op, "uniform").is_some() {
        p.write(" uniform");
    }
    if let Some(size) = ir.attr(op, "cluster_size").and_then(|a| ctx.int_value(a)) {
        p.write(&format!(" cluster(size = {size}"));
        let stride = ir
            .attr(op, "cluster_stride")
            .and_then(|a| ctx.int_value(a))
            .unwrap_or(1);
        if stride != 1 {
            p.write(&format!(", stride = {stride}"));
        }
        p.write(")");
    }
    p.print_optional_attr_dict(op, &["cluster_size", "cluster_stride", "op", "uniform"]);
    print_functional_unary(p, op);
}

fn verify_subgroup_reduce(v: &mut Verifier<'_>, op: Op) {
    if !arity_ok(v, op) {
        return;
    }
    let ir = v.ir();
    if ir.operands(op).len() != 1 || ir.results(op).len() != 1 {
        v.error(op, "requires a single operand");
        return;
    }
    let ty = ir.value_type(ir.result(op, 0));
    if let Some(kind) = reduce_op_of(ir, op) {
        if !reduce_kind_fits(ir.ctx(), kind, ty) {
            v.error_raw(
                op,
                format!(
                    "`{kind}` reduction operation is not compatible with type {}",
                    qty(ir, ty)
                ),
            );
        }
    }
}

/// Upstream's `FoldLaunchArguments`: a block or thread id whose grid or block size is
/// the constant 1 is replaced by a zero created at the start of the body.
fn canonicalize_launch(ir: &mut Ir, op: Op) -> bool {
    if !segments_ok(ir, op, 11) {
        return false;
    }
    let Some(entry) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else {
        return false;
    };
    let args = ir.block_args(entry).to_vec();
    if args.len() < 12 {
        return false;
    }
    let is_one = |ir: &Ir, v: Value| {
        ir.defining_op(v).is_some_and(|d| {
            ir.isa::<crate::arith::Constant>(d)
                && ir.attr(d, "value").and_then(|a| ir.ctx().int_value(a)) == Some(1)
        })
    };
    // (id argument, size operand): block ids with grid sizes, thread ids with block sizes.
    let mut pairs = Vec::new();
    for (k, &id) in args.iter().take(6).enumerate() {
        // Ids 0..3 pair with grid sizes (segments 1..4), ids 3..6 with block sizes.
        if let Some(&size) = segment_values(ir, op, 1 + k).first() {
            pairs.push((id, size));
        }
    }
    let mut zero: Option<Value> = None;
    for (id, size) in pairs {
        if !is_one(ir, size) || ir.is_unused(id) {
            continue;
        }
        let z = match zero {
            Some(z) => z,
            None => {
                let ctx = ir.ctx();
                let name = ctx.intern_str(crate::arith::Constant::NAME);
                let mut state = OperationState::new(name, ir.loc(op));
                let index = ctx.index_type();
                let value = ctx.int_attr(0, index);
                state.add_attr(ctx.intern_str("value"), value);
                state.result_types.push(index);
                let c = ir.create_op(state);
                ir.prepend_op(entry, c);
                let z = ir.result(c, 0);
                zero = Some(z);
                z
            }
        };
        ir.replace_all_uses(id, z);
    }
    zero.is_some()
}

/// Upstream's `eraseRedundantGpuBarrierOps`: a barrier right before another one goes.
fn canonicalize_barrier(ir: &mut Ir, op: Op) -> bool {
    if ir.next_op(op).is_some_and(|n| ir.isa::<Barrier>(n)) {
        ir.erase_op(op);
        return true;
    }
    false
}

/// Upstream's `EraseRedundantGpuWaitOpPairs` (drop dependencies on `gpu.wait`s that have
/// none) and `SimplifyGpuWaitOp` (erase waits with neither dependencies nor result,
/// forward a single dependency, erase unused async waits).
fn canonicalize_wait(ir: &mut Ir, op: Op) -> bool {
    let deps = ir.operands(op).to_vec();
    let trivial = |ir: &Ir, v: Value| {
        ir.defining_op(v)
            .is_some_and(|d| ir.isa::<Wait>(d) && ir.operands(d).is_empty())
    };
    if deps.iter().any(|&d| trivial(ir, d)) {
        let kept: Vec<Value> = deps.into_iter().filter(|&d| !trivial(ir, d)).collect();
        ir.set_operands(op, kept);
        return true;
    }
    let token = ir.results(op).first().copied();
    match (deps.as_slice(), token) {
        ([], None) => {
            ir.erase_op(op);
            true
        }
        ([dep], Some(t)) => {
            ir.replace_all_uses(t, *dep);
            ir.erase_op(op);
            true
        }
        (_, Some(t)) if ir.is_unused(t) => {
            ir.erase_op(op);
            true
        }
        _ => false,
    }
}
