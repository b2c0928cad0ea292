//! The `scf` dialect (structured control flow): `scf.for`, `scf.if`, `scf.parallel` with
//! `scf.reduce`/`scf.reduce.return`, `scf.while` with `scf.condition`, `scf.execute_region`,
//! `scf.index_switch`, `scf.forall` with `scf.forall.in_parallel`, and `scf.yield`, with
//! mlir-opt 22's custom forms (including its double and trailing spaces), implicit
//! terminators and verifier messages, plus a subset of mlir-opt's canonicalization
//! patterns (tried in MLIR's registration order): for `scf.if` condition propagation,
//! if-to-select, empty-else removal, static conditions and unused results; for `scf.for`
//! the iter-args folder and trivial loops; `scf.execute_region` inlining and result
//! forwarding; `scf.index_switch` constant cases; `scf.parallel` single/zero-iteration
//! dimensions and nested-loop merging. `scf.while` has no patterns yet.
//!
//! Invariants: custom parsers insert the implicit terminator exactly where mlir-opt's do
//! (`scf.yield` in `scf.for`/`scf.if`/the default region of `scf.index_switch`,
//! `scf.reduce` in `scf.parallel`, `scf.forall.in_parallel` with an empty block in
//! `scf.forall`); custom printers ask the core to elide it exactly where mlir-opt does.
//! Canonicalization hooks follow the driver's contract: new and moved ops go right before
//! the rewritten op, and only that op (or ops it owns) is erased.
//! Verifiers check operand, result, region and block counts before indexing, so they
//! accept any IR the generic parser can build.

use crate::formats::{
    parse_operand_colon_type, parse_operands_colon_types, print_operand_colon_type,
    print_operands_colon_types,
};
use crate::memref::{
    count_dynamic, dense_values, parse_dynamic_index_list_in, print_dynamic_index_list_in,
    segment_sizes, segments, type_str,
};
use lattice_ir::attrs::AttrData;
use lattice_ir::context::Context;
use lattice_ir::diag::{DiagLoc, Diagnostic};
use lattice_ir::parser::{Argument, Delimiter, PResult, Parser, RegionOptions, UnresolvedOperand};
use lattice_ir::printer::{Printer, RegionPrintOptions};
use lattice_ir::registry::Traits;
use lattice_ir::store::{Ir, Op, OperationState, Region, Value};
use lattice_ir::types::Type;
use lattice_ir::verifier::Verifier;

lattice_ir::def_op_kinds! {
    /// Which `scf` op an op is (`ScfKind::of(ir, op)`), for a `match` over many `scf` ops
    /// without spelling their names; `ScfKind::ALL` is what [`register`] registers.
    pub enum ScfKind {
        Condition,
        ExecuteRegion,
        For,
        Forall,
        InParallel,
        If,
        IndexSwitch,
        Parallel,
        Reduce,
        ReduceReturn,
        While,
        Yield,
    }
}

/// Registers the `scf` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("scf");
    ctx.register_ops(ScfKind::ALL);
    // Every op may be inlined anywhere (MLIR's dialect inliner interface).
    ctx.register_inliner(ScfKind::ALL, &lattice_ir::registry::DialectInliner::ALWAYS);
}

// ---------------------------------------------------------------------------------------
// Shared helpers.
// ---------------------------------------------------------------------------------------

/// An error at the op's location (the op name), like MLIR's `parser.getNameLoc()`.
fn name_error(st: &OperationState, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(DiagLoc::Loc(st.loc), message)
}

/// `(%a = %x, %b = %y)`: the region arguments and the operands assigned to them.
fn parse_assignment_list(p: &mut Parser<'_>) -> PResult<(Vec<Argument>, Vec<UnresolvedOperand>)> {
    p.expect("(")?;
    let (mut args, mut ops) = (Vec::new(), Vec::new());
    if p.eat(")") {
        return Ok((args, ops));
    }
    loop {
        args.push(p.parse_argument(false, false)?);
        p.expect("=")?;
        ops.push(p.parse_operand()?);
        if !p.eat(",") {
            break;
        }
    }
    p.expect(")")?;
    Ok((args, ops))
}

/// Prints `<prefix>(%a = %x, %b = %y)`; nothing when there are no initializers.
fn print_initialization_list(p: &mut Printer<'_>, args: &[Value], inits: &[Value], prefix: &str) {
    if inits.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (&a, &x)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(a);
        p.write(" = ");
        p.print_operand(x);
    }
    p.write(")");
}

fn types_of(ir: &Ir, values: &[Value]) -> Vec<Type> {
    values.iter().map(|&v| ir.value_type(v)).collect()
}

fn result_types(ir: &Ir, op: Op) -> Vec<Type> {
    types_of(ir, ir.results(op))
}

/// The terminator of the single block of `region`, if it has one.
fn terminator(ir: &Ir, region: Region) -> Option<Op> {
    ir.entry_block(region).and_then(|b| ir.last_op(b))
}

/// The entry block arguments of `region` (empty when it has no block).
fn entry_args(ir: &Ir, region: Region) -> Vec<Value> {
    ir.entry_block(region)
        .map(|b| ir.block_args(b).to_vec())
        .unwrap_or_default()
}

fn region_opts(entry_args: bool, terminators: bool) -> RegionPrintOptions {
    RegionPrintOptions {
        print_entry_block_args: entry_args,
        print_block_terminators: terminators,
        print_empty_block: false,
    }
}

/// MLIR's `RegionBranchOpInterface` edge check: `sources` flow from `from` (`parent` or
/// `Operation scf.yield`) into `targets` of `to` (`parent` or `Region #N`). Errors carry a
/// "region branch point" note at `point` (the terminator, or the op for `parent`).
pub(crate) fn check_edge(
    v: &mut Verifier<'_>,
    op: Op,
    point: Op,
    from: &str,
    to: &str,
    sources: &[Type],
    targets: &[Type],
) -> bool {
    let ir = v.ir();
    let message = if sources.len() != targets.len() {
        format!(
            "along control flow edge from {from} to {to}: region branch point has {} operands, but region successor needs {} inputs",
            sources.len(),
            targets.len()
        )
    } else if let Some((i, (&s, &t))) = sources
        .iter()
        .zip(targets)
        .enumerate()
        .find(|(_, (s, t))| s != t)
    {
        format!(
            "along control flow edge from {from} to {to}: successor operand type #{i} '{}' should match successor input type #{i} '{}'",
            type_str(ir, s),
            type_str(ir, t)
        )
    } else {
        return true;
    };
    v.error_with_note(op, message, point, "region branch point");
    false
}

/// Checks that `region`'s terminator is `name`, else reports `message` with a
/// "terminator here" note; returns the terminator.
fn expect_terminator(
    v: &mut Verifier<'_>,
    op: Op,
    region: Region,
    name: &str,
    message: &str,
) -> Option<Op> {
    let ir = v.ir();
    let block = ir.entry_block(region)?;
    match ir.last_op(block) {
        Some(t) if ir.is_op(t, name) => Some(t),
        Some(t) => {
            v.error_with_note(op, message, t, "terminator here");
            None
        }
        None => {
            v.error(op, message);
            None
        }
    }
}

/// The constant integer value of `value` if an `arith.constant` defines it.
fn constant_int(ir: &Ir, value: Value) -> Option<i128> {
    let def = ir.defining_op(value)?;
    if !ir.isa::<crate::arith::Constant>(def) {
        return None;
    }
    ir.ctx().int_value(ir.attr(def, "value")?)
}

/// A diagnostic in generic form: "'scf.x' op region #i should have no arguments".
fn check_no_region_args(v: &mut Verifier<'_>, op: Op) -> bool {
    let ir = v.ir();
    for (i, &r) in ir.regions(op).iter().enumerate() {
        if !entry_args(ir, r).is_empty() {
            v.error(op, format!("region #{i} should have no arguments"));
            return false;
        }
    }
    true
}

/// `region with 1 blocks` constraint (`SizedRegion<1>`).
fn check_sized_region(v: &mut Verifier<'_>, op: Op, index: usize, name: &str) -> bool {
    let ir = v.ir();
    let Some(&r) = ir.regions(op).get(index) else {
        return false;
    };
    if ir.region_blocks(r).count() != 1 {
        v.error(
            op,
            format!("region #{index} ('{name}') failed to verify constraint: region with 1 blocks"),
        );
        return false;
    }
    true
}

// ---------------------------------------------------------------------------------------
// scf.for
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static FOR: For = "scf.for" {
        attrs: [UNSIGNED_CMP("unsignedCmp")],
        traits: Traits::RECURSIVE_EFFECTS.with(Traits::SINGLE_BLOCK),
        implicit_terminator: Some(Yield::NAME),
        parse: Some(parse_for),
        print: Some(print_for),
        verify: Some(verify_for),
        canonicalize: Some(canonicalize_for),
        region_branch: Some(crate::scf_branch::for_regions),
        speculatability: Some(for_speculatability),
        loop_regions: Some(lattice_ir::registry::every_region),
    }
}

/// `scf.for` with step 1 always terminates, so it is as speculatable as its body (MLIR's
/// `ForOp::getSpeculatability`); other steps may not terminate.
fn for_speculatability(ir: &Ir, op: Op) -> lattice_ir::Speculatability {
    match ir.operands(op).get(2).and_then(|&s| constant_int(ir, s)) {
        Some(1) => lattice_ir::Speculatability::RecursivelySpeculatable,
        _ => lattice_ir::Speculatability::NotSpeculatable,
    }
}

/// `unsigned? %iv = %lb to %ub step %s (iter_args(%a = %x) -> (T))? (: T)? {body} {attrs}`
fn parse_for(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.eat("unsigned") {
        let u = p.ctx().unit_attr();
        st.add_attr(p.intern("unsignedCmp"), u);
    }
    let mut iv = p.parse_argument(false, false)?;
    p.expect("=")?;
    let lb = p.parse_operand()?;
    p.expect("to")?;
    let ub = p.parse_operand()?;
    p.expect("step")?;
    let step = p.parse_operand()?;
    let (mut iter_args, mut inits) = (Vec::new(), Vec::new());
    if p.eat("iter_args") {
        (iter_args, inits) = parse_assignment_list(p)?;
        st.result_types = p.parse_arrow_type_list()?;
    }
    if iter_args.len() != st.result_types.len() {
        return Err(name_error(
            st,
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    let ty = if p.eat(":") {
        p.parse_type()?
    } else {
        p.ctx().index_type()
    };
    iv.ty = Some(ty);
    let mut operands = vec![
        p.resolve_operand(&lb, ty)?,
        p.resolve_operand(&ub, ty)?,
        p.resolve_operand(&step, ty)?,
    ];
    for ((arg, init), &t) in iter_args.iter_mut().zip(&inits).zip(&st.result_types) {
        arg.ty = Some(t);
        operands.push(p.resolve_operand(init, t)?);
    }
    st.operands = operands;
    let mut args = vec![iv];
    args.extend(iter_args);
    let region = p.parse_region(&args, RegionOptions::default())?;
    p.ensure_terminator(region, Yield::NAME, st.loc);
    st.regions.push(region);
    p.parse_optional_attr_dict(st)?;
    Ok(())
}

fn print_for(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    let args = entry_args(ir, region);
    if ops.len() < 3 || args.is_empty() {
        return;
    }
    if ir.attr(op, "unsignedCmp").is_some() {
        p.write(" unsigned");
    }
    p.write(" ");
    p.print_operand(args[0]);
    p.write(" = ");
    p.print_operand(ops[0]);
    p.write(" to ");
    p.print_operand(ops[1]);
    p.write(" step ");
    p.print_operand(ops[2]);
    let inits = &ops[3..];
    print_initialization_list(p, &args[1..], inits, " iter_args");
    if !inits.is_empty() {
        p.write(" -> (");
        p.print_types(&types_of(ir, inits));
        p.write(")");
    }
    p.write(" ");
    let ivty = ir.value_type(args[0]);
    if !ir.ctx().is_index(ivty) {
        p.write(" : ");
        p.print_type(ivty);
        p.write(" ");
    }
    p.print_region(region, region_opts(false, !inits.is_empty()));
    p.print_optional_attr_dict(op, &["unsignedCmp"]);
}

fn verify_for(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let ops = ir.operands(op);
    if ops.len() < 3 {
        v.error(
            op,
            format!("expected 3 or more operands, but found {}", ops.len()),
        );
        return;
    }
    for (i, &x) in ops[..3].iter().enumerate() {
        let t = ir.value_type(x);
        if !(ctx.is_signless_integer(t) || ctx.is_index(t)) {
            v.error(
                op,
                format!(
                    "operand #{i} must be signless integer or index, but got '{}'",
                    type_str(ir, t)
                ),
            );
            return;
        }
    }
    let bound_ty = ir.value_type(ops[0]);
    if ops[..3].iter().any(|&x| ir.value_type(x) != bound_ty) {
        v.error(
            op,
            "failed to verify that all of {lowerBound, upperBound, step} have same type",
        );
        return;
    }
    if ir.regions(op).len() != 1 {
        v.error(op, "requires one region");
        return;
    }
    let inits = &ops[3..];
    let results = ir.results(op);
    if inits.len() != results.len() {
        v.error(
            op,
            "mismatch in number of loop-carried values and defined values",
        );
        return;
    }
    // Region checks (LoopLikeOpInterface, then the op's own).
    let region = ir.region(op, 0);
    let Some(block) = ir.entry_block(region) else {
        return;
    };
    let args = ir.block_args(block);
    if args.is_empty() {
        v.error(
            op,
            "expected body to have a single block argument for the induction variable",
        );
        return;
    }
    let iter_args = &args[1..];
    if inits.len() != iter_args.len() {
        v.error(
            op,
            format!(
                "different number of inits and region iter_args: {} != {}",
                inits.len(),
                iter_args.len()
            ),
        );
        return;
    }
    let yielded: Vec<Value> = match ir.last_op(block) {
        Some(t) if ir.isa::<Yield>(t) => ir.operands(t).to_vec(),
        _ => Vec::new(),
    };
    let has_yield = ir.last_op(block).is_some_and(|t| ir.isa::<Yield>(t));
    if has_yield && iter_args.len() != yielded.len() {
        v.error(
            op,
            format!(
                "different number of region iter_args and yielded values: {} != {}",
                iter_args.len(),
                yielded.len()
            ),
        );
        return;
    }
    for i in 0..inits.len() {
        let (it, at) = (ir.value_type(inits[i]), ir.value_type(iter_args[i]));
        if it != at {
            v.error(
                op,
                format!(
                    "{i}-th init and {i}-th region iter_arg have different type: '{}' != '{}'",
                    type_str(ir, it),
                    type_str(ir, at)
                ),
            );
            return;
        }
        if has_yield {
            let yt = ir.value_type(yielded[i]);
            if at != yt {
                v.error(
                    op,
                    format!("{i}-th region iter_arg and {i}-th yielded value have different type: '{}' != '{}'", type_str(ir, at), type_str(ir, yt)),
                );
                return;
            }
        }
    }
    for i in 0..results.len() {
        let (at, rt) = (ir.value_type(iter_args[i]), ir.value_type(results[i]));
        if at != rt {
            v.error(op, format!("{i}-th region iter_arg and {i}-th loop result have different type: '{}' != '{}'", type_str(ir, at), type_str(ir, rt)));
            return;
        }
    }
    if ir.value_type(args[0]) != bound_ty {
        v.error(op, "expected induction variable to be same type as bounds");
    }
}

// ---------------------------------------------------------------------------------------
// scf.if
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static IF: If = "scf.if" {
        attrs: [],
        speculatability: Some(lattice_ir::registry::recursively_speculatable),
        traits: Traits::RECURSIVE_EFFECTS.with(Traits::SINGLE_BLOCK),
        implicit_terminator: Some(Yield::NAME),
        parse: Some(parse_if),
        print: Some(print_if),
        verify: Some(verify_if),
        canonicalize: Some(canonicalize_if),
        region_branch: Some(crate::scf_branch::if_regions),
    }
}

/// `%cond (-> (T, U))? {then} (else {else})? {attrs}`
fn parse_if(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let cond = p.parse_operand()?;
    let i1 = p.ctx().i1_type();
    st.operands = vec![p.resolve_operand(&cond, i1)?];
    st.result_types = p.parse_optional_arrow_type_list()?;
    let then = p.parse_region(&[], RegionOptions::default())?;
    p.ensure_terminator(then, Yield::NAME, st.loc);
    st.regions.push(then);
    if p.eat("else") {
        let els = p.parse_region(&[], RegionOptions::default())?;
        p.ensure_terminator(els, Yield::NAME, st.loc);
        st.regions.push(els);
    } else {
        let empty = p.ir().create_region();
        st.regions.push(empty);
    }
    p.parse_optional_attr_dict(st)?;
    Ok(())
}

fn print_if(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (Some(&cond), [then, els]) = (ir.operands(op).first(), ir.regions(op)) else {
        return;
    };
    let (then, els) = (*then, *els);
    p.write(" ");
    p.print_operand(cond);
    let results = result_types(ir, op);
    if !results.is_empty() {
        p.write(" -> (");
        p.print_types(&results);
        p.write(")");
    }
    p.write(" ");
    p.print_region(then, region_opts(false, !results.is_empty()));
    if !ir.region_is_empty(els) {
        p.write(" else ");
        p.print_region(els, region_opts(false, !results.is_empty()));
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_if(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    let Some(&cond) = ir.operands(op).first() else {
        v.error(op, "expected 1 operands");
        return;
    };
    let ct = ir.value_type(cond);
    if ct != ctx.i1_type() {
        v.error(
            op,
            format!(
                "operand #0 must be 1-bit signless integer, but got '{}'",
                type_str(ir, ct)
            ),
        );
        return;
    }
    if ir.regions(op).len() != 2 {
        v.error(op, "expected 2 regions");
        return;
    }
    if !check_no_region_args(v, op) {
        return;
    }
    let results = result_types(ir, op);
    let els = ir.region(op, 1);
    if !results.is_empty() && ir.region_is_empty(els) {
        v.error(op, "must have an else block if defining values");
        return;
    }
    for &r in ir.regions(op) {
        if let Some(t) = terminator(ir, r).filter(|&t| ir.isa::<Yield>(t)) {
            let yielded = types_of(ir, ir.operands(t));
            if !check_edge(
                v,
                op,
                t,
                "Operation scf.yield",
                "parent",
                &yielded,
                &results,
            ) {
                return;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// scf.parallel / scf.reduce / scf.reduce.return
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static PARALLEL: Parallel = "scf.parallel" {
        attrs: [OPERAND_SEGMENT_SIZES("operandSegmentSizes")],
        loop_regions: Some(lattice_ir::registry::every_region),
        traits: Traits::RECURSIVE_EFFECTS
            .with(Traits::SINGLE_BLOCK)
            .with(Traits::AFFINE_SCOPE),
        implicit_terminator: Some(Reduce::NAME),
        parse: Some(parse_parallel),
        print: Some(print_parallel),
        verify: Some(verify_parallel),
        canonicalize: Some(canonicalize_parallel),
    }
}

/// `(%i, %j) = (%lb..) to (%ub..) step (%s..) (init (%x..))? (-> T)? {body} {attrs}`
fn parse_parallel(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let mut ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    let n = ivs.len();
    p.expect("=")?;
    let index = p.ctx().index_type();
    let mut lists = Vec::new();
    for (i, kw) in ["", "to", "step"].iter().enumerate() {
        if i > 0 {
            p.expect(kw)?;
        }
        let span = p.current_span();
        let list = p.parse_operand_list(Delimiter::Paren)?;
        if list.len() != n {
            return Err(p.error_at(span, format!("expected {n} operands")));
        }
        lists.push(list);
    }
    let mut inits = Vec::new();
    if p.eat("init") {
        inits = p.parse_operand_list(Delimiter::Paren)?;
    }
    st.result_types = p.parse_optional_arrow_type_list()?;
    if inits.len() != st.result_types.len() {
        return Err(name_error(
            st,
            format!(
                "number of operands and types do not match: got {} operands and {} types",
                inits.len(),
                st.result_types.len()
            ),
        ));
    }
    let mut operands = Vec::new();
    for list in &lists {
        operands.extend(p.resolve_operands_all(list, index)?);
    }
    for (init, &t) in inits.iter().zip(&st.result_types) {
        operands.push(p.resolve_operand(init, t)?);
    }
    st.operands = operands;
    for iv in &mut ivs {
        iv.ty = Some(index);
    }
    let region = p.parse_region(&ivs, RegionOptions::default())?;
    p.ensure_terminator(region, Reduce::NAME, st.loc);
    st.regions.push(region);
    p.parse_optional_attr_dict(st)?;
    let seg = segment_sizes(p.ctx(), &[n, n, n, inits.len()]);
    st.add_attr(p.intern("operandSegmentSizes"), seg);
    Ok(())
}

fn print_parallel(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (Some(seg), Some(&region)) = (segments(ir, op, 4), ir.regions(op).first()) else {
        return;
    };
    let ops = ir.operands(op);
    let args = entry_args(ir, region);
    p.write(" (");
    p.print_operands(&args);
    p.write(") = (");
    p.print_operands(&ops[seg[0].clone()]);
    p.write(") to (");
    p.print_operands(&ops[seg[1].clone()]);
    p.write(") step (");
    p.print_operands(&ops[seg[2].clone()]);
    p.write(")");
    let inits = &ops[seg[3].clone()];
    if !inits.is_empty() {
        p.write(" init (");
        p.print_operands(inits);
        p.write(")");
    }
    p.print_arrow_type_list(&result_types(ir, op));
    p.write(" ");
    p.print_region(region, region_opts(false, true));
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
}

fn verify_parallel(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(seg) = segments(ir, op, 4) else {
        v.error(op, "operand count does not match operandSegmentSizes");
        return;
    };
    let ops = ir.operands(op);
    for (i, &x) in ops[..seg[2].end].iter().enumerate() {
        let t = ir.value_type(x);
        if !ir.ctx().is_index(t) {
            v.error(
                op,
                format!(
                    "operand #{i} must be variadic of index, but got '{}'",
                    type_str(ir, t)
                ),
            );
            return;
        }
    }
    let steps = &ops[seg[2].clone()];
    if steps.is_empty() {
        v.error(
            op,
            "needs at least one tuple element for lowerBound, upperBound and step",
        );
        return;
    }
    if seg[0].len() != steps.len() || seg[1].len() != steps.len() {
        v.error(
            op,
            "expects the same number of lower bounds, upper bounds and steps",
        );
        return;
    }
    for &s in steps {
        if constant_int(ir, s).is_some_and(|c| c <= 0) {
            v.error(op, "constant step operand must be positive");
            return;
        }
    }
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    let Some(block) = ir.entry_block(region) else {
        return;
    };
    let args = ir.block_args(block);
    if args.len() != steps.len() {
        v.error(
            op,
            format!(
                "expects the same number of induction variables: {} as bound and step values: {}",
                args.len(),
                steps.len()
            ),
        );
        return;
    }
    if args.iter().any(|&a| !ir.ctx().is_index(ir.value_type(a))) {
        v.error(
            op,
            "expects arguments for the induction variable to be of index type",
        );
        return;
    }
    let Some(reduce) = expect_terminator(
        v,
        op,
        region,
        Reduce::NAME,
        "expects body to terminate with 'scf.reduce'",
    ) else {
        return;
    };
    let nres = ir.results(op).len();
    let nred = ir.operands(reduce).len();
    let ninit = seg[3].len();
    if nres != nred {
        v.error(
            op,
            format!(
                "expects number of results: {nres} to be the same as number of reductions: {nred}"
            ),
        );
        return;
    }
    if nres != ninit {
        v.error(op, format!("expects number of results: {nres} to be the same as number of initial values: {ninit}"));
        return;
    }
    for i in 0..nred {
        let (rt, ot) = (
            ir.value_type(ir.result(op, i)),
            ir.value_type(ir.operand(reduce, i)),
        );
        if rt != ot {
            v.error(
                reduce,
                format!(
                    "expects type of {i}-th reduction operand: '{}' to be the same as the {i}-th result type: '{}'",
                    type_str(ir, ot),
                    type_str(ir, rt)
                ),
            );
            return;
        }
    }
}

lattice_ir::def_op! {
    pub static REDUCE: Reduce = "scf.reduce" {
        attrs: [],
        traits: Traits::TERMINATOR.with(Traits::RECURSIVE_EFFECTS),
        parse: Some(parse_reduce),
        print: Some(print_reduce),
        verify: Some(verify_reduce),
    }
}

/// `((%x, %y : T, U))? {r0}, {r1} {attrs}`
fn parse_reduce(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.eat("(") {
        let span = p.current_span();
        let operands = p.parse_operand_list(Delimiter::None)?;
        let types = p.parse_colon_type_list()?;
        p.expect(")")?;
        st.operands = p.resolve_operands(&operands, &types, span)?;
    }
    if let Some(r) = p.parse_optional_region(&[], RegionOptions::default())? {
        st.regions.push(r);
        while p.eat(",") {
            let r = p.parse_region(&[], RegionOptions::default())?;
            st.regions.push(r);
        }
    }
    p.parse_optional_attr_dict(st)?;
    Ok(())
}

fn print_reduce(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    if !ops.is_empty() {
        p.write("(");
        p.print_operands(ops);
        p.write(" : ");
        p.print_types(&types_of(ir, ops));
        p.write(")");
    }
    p.write(" ");
    for (i, &r) in ir.regions(op).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_region(r, region_opts(true, true));
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_reduce(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if !ir.parent_op(op).is_some_and(|p| ir.isa::<Parallel>(p)) {
        v.error(op, "expects parent op 'scf.parallel'");
        return;
    }
    let ops = ir.operands(op);
    if ops.len() != ir.regions(op).len() {
        v.error(
            op,
            format!(
                "expects {} reduction regions but found {}",
                ops.len(),
                ir.regions(op).len()
            ),
        );
        return;
    }
    for (i, (&x, &r)) in ops.iter().zip(ir.regions(op)).enumerate() {
        let Some(block) = ir.entry_block(r) else {
            v.error(op, format!("{i}-th reduction has an empty body"));
            return;
        };
        let ty = ir.value_type(x);
        let args = ir.block_args(block);
        if args.len() != 2 || args.iter().any(|&a| ir.value_type(a) != ty) {
            v.error(
                op,
                format!(
                    "expected two block arguments with type '{}' in the {i}-th reduction region",
                    type_str(ir, ty)
                ),
            );
            return;
        }
        match ir.last_op(block) {
            None => {
                v.error(op, "empty block: expect at least a terminator");
                return;
            }
            Some(t) if !ir.isa::<ReduceReturn>(t) => {
                v.error(
                    op,
                    "reduction bodies must be terminated with an 'scf.reduce.return' op",
                );
                return;
            }
            _ => {}
        }
    }
}

lattice_ir::def_op! {
    pub static REDUCE_RETURN: ReduceReturn = "scf.reduce.return" {
        attrs: [],
        traits: Traits::TERMINATOR.with(Traits::PURE),
        parse: Some(parse_operand_colon_type),
        print: Some(print_operand_colon_type),
        verify: Some(verify_reduce_return),
    }
}

fn verify_reduce_return(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if !ir.parent_op(op).is_some_and(|p| ir.isa::<Reduce>(p)) {
        v.error(op, "expects parent op 'scf.reduce'");
        return;
    }
    let Some(&x) = ir.operands(op).first() else {
        return;
    };
    let Some(block) = ir.op_parent(op) else {
        return;
    };
    let Some(&a) = ir.block_args(block).first() else {
        return;
    };
    let want = ir.value_type(a);
    if ir.value_type(x) != want {
        v.error(
            op,
            format!(
                "must have type '{}' (the type of the reduction inputs)",
                type_str(ir, want)
            ),
        );
    }
}

// ---------------------------------------------------------------------------------------
// scf.while / scf.condition
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static WHILE: While = "scf.while" {
        attrs: [],
        loop_regions: Some(lattice_ir::registry::every_region),
        traits: Traits::RECURSIVE_EFFECTS.with(Traits::SINGLE_BLOCK),
        parse: Some(parse_while),
        print: Some(print_while),
        verify: Some(verify_while),
        region_branch: Some(crate::scf_branch::while_regions),
    }
}

/// `(%a = %x, ...)? : (T) -> U {before} do {after} (attributes {..})?`
fn parse_while(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (mut args, inits) = if p.peek_is("(") {
        parse_assignment_list(p)?
    } else {
        (Vec::new(), Vec::new())
    };
    p.expect(":")?;
    let (inputs, results) = p.parse_function_type()?;
    if inputs.len() != inits.len() {
        return Err(name_error(
            st,
            format!(
                "expected as many input types as operands (expected {} got {})",
                inits.len(),
                inputs.len()
            ),
        ));
    }
    let mut operands = Vec::new();
    for ((arg, init), &t) in args.iter_mut().zip(&inits).zip(&inputs) {
        arg.ty = Some(t);
        operands.push(p.resolve_operand(init, t)?);
    }
    st.operands = operands;
    st.result_types = results;
    let before = p.parse_region(&args, RegionOptions::default())?;
    st.regions.push(before);
    p.expect("do")?;
    let after = p.parse_region(&[], RegionOptions::default())?;
    st.regions.push(after);
    p.parse_optional_attr_dict_with_keyword(st)?;
    Ok(())
}

fn print_while(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let [before, after] = ir.regions(op) else {
        return;
    };
    let (before, after) = (*before, *after);
    let inits = ir.operands(op);
    print_initialization_list(p, &entry_args(ir, before), inits, " ");
    p.write(" : ");
    p.print_function_type(&types_of(ir, inits), &result_types(ir, op));
    p.write(" ");
    p.print_region(before, region_opts(false, true));
    p.write(" do ");
    p.print_region(after, region_opts(true, true));
    p.print_optional_attr_dict_with_keyword(op, &[]);
}

fn verify_while(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if ir.regions(op).len() != 2 {
        v.error(op, "requires 2 regions");
        return;
    }
    if !check_sized_region(v, op, 0, "before") || !check_sized_region(v, op, 1, "after") {
        return;
    }
    let (before, after) = (ir.region(op, 0), ir.region(op, 1));
    for r in [before, after] {
        if terminator(ir, r).is_none() {
            v.error(op, "expects a non-empty block");
            return;
        }
    }
    let Some(cond) = expect_terminator(
        v,
        op,
        before,
        Condition::NAME,
        "expects the 'before' region to terminate with 'scf.condition'",
    ) else {
        return;
    };
    let Some(yield_) = expect_terminator(
        v,
        op,
        after,
        Yield::NAME,
        "expects the 'after' region to terminate with 'scf.yield'",
    ) else {
        return;
    };
    let inits = types_of(ir, ir.operands(op));
    let before_args = types_of(ir, &entry_args(ir, before));
    let after_args = types_of(ir, &entry_args(ir, after));
    let results = result_types(ir, op);
    let forwarded = types_of(ir, ir.operands(cond).get(1..).unwrap_or(&[]));
    let yielded = types_of(ir, ir.operands(yield_));
    let _ = check_edge(v, op, op, "parent", "Region #0", &inits, &before_args)
        && check_edge(
            v,
            op,
            cond,
            "Operation scf.condition",
            "Region #1",
            &forwarded,
            &after_args,
        )
        && check_edge(
            v,
            op,
            cond,
            "Operation scf.condition",
            "parent",
            &forwarded,
            &results,
        )
        && check_edge(
            v,
            op,
            yield_,
            "Operation scf.yield",
            "Region #0",
            &yielded,
            &before_args,
        );
}

lattice_ir::def_op! {
    pub static CONDITION: Condition = "scf.condition" {
        attrs: [],
        traits: Traits::TERMINATOR.with(Traits::PURE),
        parse: Some(parse_condition),
        print: Some(print_condition),
        verify: Some(verify_condition),
    }
}

/// `(%c) {attrs} (%a, %b : T, U)?`
fn parse_condition(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    p.expect("(")?;
    let c = p.parse_operand()?;
    p.expect(")")?;
    let i1 = p.ctx().i1_type();
    let cond = p.resolve_operand(&c, i1)?;
    parse_operands_colon_types(p, st)?;
    st.operands.insert(0, cond);
    Ok(())
}

fn print_condition(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let Some(&c) = ops.first() else { return };
    p.write("(");
    p.print_operand(c);
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    if ops.len() > 1 {
        p.write(" ");
        p.print_operands(&ops[1..]);
        p.write(" : ");
        p.print_types(&types_of(ir, &ops[1..]));
    }
}

fn verify_condition(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if !ir.parent_op(op).is_some_and(|p| ir.isa::<While>(p)) {
        v.error(op, "expects parent op 'scf.while'");
        return;
    }
    let Some(&c) = ir.operands(op).first() else {
        v.error(op, "expected 1 or more operands, but found 0");
        return;
    };
    let ct = ir.value_type(c);
    if ct != ir.ctx().i1_type() {
        v.error(
            op,
            format!(
                "operand #0 must be 1-bit signless integer, but got '{}'",
                type_str(ir, ct)
            ),
        );
    }
}

// ---------------------------------------------------------------------------------------
// scf.yield / scf.execute_region / scf.index_switch
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static YIELD: Yield = "scf.yield" {
        attrs: [],
        traits: Traits::TERMINATOR
            .with(Traits::PURE)
            .with(Traits::RETURN_LIKE),
        parse: Some(parse_operands_colon_types),
        print: Some(print_operands_colon_types),
        verify: Some(verify_yield),
    }
}

fn verify_yield(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    const PARENTS: [&str; 5] = [
        ExecuteRegion::NAME,
        For::NAME,
        If::NAME,
        IndexSwitch::NAME,
        While::NAME,
    ];
    if !ir
        .parent_op(op)
        .is_some_and(|p| PARENTS.contains(&ir.op_name(p)))
    {
        v.error(op, "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'");
    }
}

lattice_ir::def_op! {
    pub static EXECUTE_REGION: ExecuteRegion = "scf.execute_region" {
        attrs: [NO_INLINE("no_inline")],
        traits: Traits::RECURSIVE_EFFECTS,
        parse: Some(parse_execute_region),
        print: Some(print_execute_region),
        verify: Some(verify_execute_region),
        canonicalize: Some(canonicalize_execute_region),
        region_branch: Some(crate::scf_branch::execute_region_regions),
    }
}

/// `(-> T)? no_inline? {region} {attrs}`
fn parse_execute_region(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    st.result_types = p.parse_optional_arrow_type_list()?;
    if p.eat("no_inline") {
        let u = p.ctx().unit_attr();
        st.add_attr(p.intern("no_inline"), u);
    }
    let region = p.parse_region(&[], RegionOptions::default())?;
    st.regions.push(region);
    p.parse_optional_attr_dict(st)?;
    Ok(())
}

fn print_execute_region(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    p.print_arrow_type_list(&result_types(ir, op));
    p.write(" ");
    if ir.attr(op, "no_inline").is_some() {
        p.write("no_inline ");
    }
    p.print_region(region, region_opts(false, true));
    p.print_optional_attr_dict(op, &["no_inline"]);
}

fn verify_execute_region(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    if ir.region_is_empty(region) {
        v.error(op, "region needs to have at least one block");
        return;
    }
    if !entry_args(ir, region).is_empty() {
        v.error(op, "region cannot have any arguments");
        return;
    }
    let results = result_types(ir, op);
    for b in ir.region_blocks(region) {
        if let Some(t) = ir.last_op(b).filter(|&t| ir.isa::<Yield>(t)) {
            if !check_edge(
                v,
                op,
                t,
                "Operation scf.yield",
                "parent",
                &types_of(ir, ir.operands(t)),
                &results,
            ) {
                return;
            }
        }
    }
}

lattice_ir::def_op! {
    pub static INDEX_SWITCH: IndexSwitch = "scf.index_switch" {
        attrs: [CASES("cases")],
        traits: Traits::RECURSIVE_EFFECTS.with(Traits::SINGLE_BLOCK),
        implicit_terminator: Some(Yield::NAME),
        parse: Some(parse_index_switch),
        print: Some(print_index_switch),
        verify: Some(verify_index_switch),
        canonicalize: Some(canonicalize_index_switch),
    }
}

/// `%arg {attrs} (-> T, U)? (case N {region})* default {region}`
fn parse_index_switch(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let arg = p.parse_operand()?;
    let index = p.ctx().index_type();
    st.operands = vec![p.resolve_operand(&arg, index)?];
    p.parse_optional_attr_dict(st)?;
    if p.eat("->") {
        st.result_types = p.parse_type_list()?;
    }
    let mut cases = Vec::new();
    let mut case_regions = Vec::new();
    while p.eat("case") {
        let span = p.current_span();
        let v = p.parse_integer()?;
        cases.push(i64::try_from(v).map_err(|_| p.error_at(span, "integer value too large"))?);
        case_regions.push(p.parse_region(&[], RegionOptions::default())?);
    }
    p.expect("default")?;
    let default = p.parse_region(&[], RegionOptions::default())?;
    p.ensure_terminator(default, Yield::NAME, st.loc);
    st.regions.push(default);
    st.regions.extend(case_regions);
    let a = p.ctx().dense_i64_array(&cases);
    st.add_attr(p.intern("cases"), a);
    Ok(())
}

fn print_index_switch(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (Some(&arg), Some((&default, case_regions))) =
        (ir.operands(op).first(), ir.regions(op).split_first())
    else {
        return;
    };
    let cases = dense_values(ir.ctx(), ir.attr(op, "cases")).unwrap_or_default();
    p.write(" ");
    p.print_operand(arg);
    p.print_optional_attr_dict(op, &["cases"]);
    let results = result_types(ir, op);
    if !results.is_empty() {
        p.write(" -> ");
        p.print_types(&results);
    }
    p.write(" ");
    for (value, &region) in cases.iter().zip(case_regions) {
        p.print_newline();
        p.write(&format!("case {value} "));
        p.print_region(region, region_opts(false, true));
    }
    p.print_newline();
    p.write("default ");
    // The declarative printer elides the default region's terminator when it is a bare
    // `scf.yield` (no operands, results or attributes).
    let bare = terminator(ir, default).is_some_and(|t| {
        ir.operands(t).is_empty() && ir.results(t).is_empty() && ir.attrs(t).is_empty()
    });
    p.print_region(default, region_opts(true, !bare));
}

fn verify_index_switch(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(&arg) = ir.operands(op).first() else {
        v.error(op, "expected 1 operands");
        return;
    };
    let at = ir.value_type(arg);
    if !ir.ctx().is_index(at) {
        v.error(
            op,
            format!("operand #0 must be index, but got '{}'", type_str(ir, at)),
        );
        return;
    }
    let Some(cases) = ir
        .attr(op, "cases")
        .filter(|&a| matches!(ir.ctx().attr_data(a), AttrData::DenseArray { .. }))
    else {
        v.error(op, "requires attribute 'cases'");
        return;
    };
    let cases = dense_values(ir.ctx(), Some(cases)).unwrap_or_default();
    let nregions = ir.regions(op).len();
    if nregions == 0 {
        v.error(op, "requires at least 1 region");
        return;
    }
    for i in 0..nregions {
        let name = if i == 0 {
            "defaultRegion"
        } else {
            "caseRegions"
        };
        if !check_sized_region(v, op, i, name) {
            return;
        }
    }
    if cases.len() != nregions - 1 {
        v.error(
            op,
            format!(
                "has {} case regions but {} case values",
                nregions - 1,
                cases.len()
            ),
        );
        return;
    }
    let mut seen = std::collections::HashSet::new();
    for &c in &cases {
        if !seen.insert(c) {
            v.error(op, format!("has duplicate case value: {c}"));
            return;
        }
    }
    let results = result_types(ir, op);
    for (i, &r) in ir.regions(op).iter().enumerate() {
        let name = if i == 0 {
            "default region".to_string()
        } else {
            format!("case region #{}", i - 1)
        };
        let Some(t) = terminator(ir, r) else { continue };
        if !ir.isa::<Yield>(t) {
            v.error(
                op,
                format!(
                    "expected region to end with scf.yield, but got {}",
                    ir.op_name(t)
                ),
            );
            return;
        }
        let yielded = types_of(ir, ir.operands(t));
        if yielded.len() != results.len() {
            v.error_with_note(
                op,
                format!(
                    "expected each region to return {} values, but {name} returns {}",
                    results.len(),
                    yielded.len()
                ),
                t,
                "see yield operation here",
            );
            return;
        }
        for (idx, (&want, &got)) in results.iter().zip(&yielded).enumerate() {
            if want != got {
                v.error_with_note(
                    op,
                    format!(
                        "expected result #{idx} of each region to be '{}'",
                        type_str(ir, want)
                    ),
                    t,
                    format!("{name} returns '{}' here", type_str(ir, got)),
                );
                return;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// scf.forall / scf.forall.in_parallel
// ---------------------------------------------------------------------------------------

lattice_ir::def_op! {
    pub static FORALL: Forall = "scf.forall" {
        attrs: [MAPPING("mapping"), OPERAND_SEGMENT_SIZES("operandSegmentSizes"), STATIC_LOWER_BOUND("staticLowerBound"), STATIC_STEP("staticStep"), STATIC_UPPER_BOUND("staticUpperBound")],
        loop_regions: Some(lattice_ir::registry::every_region),
        traits: Traits::RECURSIVE_EFFECTS.with(Traits::SINGLE_BLOCK),
        implicit_terminator: Some(InParallel::NAME),
        parse: Some(parse_forall),
        print: Some(print_forall),
        verify: Some(verify_forall),
    }
}

const PARENS: (&str, &str) = ("(", ")");

/// `(%i, %j) in (%n, 4)` or `(%i) = (0) to (%n) step (2)`, then
/// `(shared_outs(%o = %t) -> (T))? {body} {attrs}`.
fn parse_forall(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let mut ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    let n = ivs.len();
    let index = p.ctx().index_type();
    let (mut lbs, mut ubs, mut steps) = (Vec::new(), Vec::new(), Vec::new());
    let (static_lbs, static_ubs, static_steps);
    if p.eat("in") {
        static_ubs = parse_dynamic_index_list_in(p, &mut ubs, PARENS)?;
        static_lbs = vec![0; n];
        static_steps = vec![1; n];
    } else {
        p.expect("=")?;
        static_lbs = parse_dynamic_index_list_in(p, &mut lbs, PARENS)?;
        p.expect("to")?;
        static_ubs = parse_dynamic_index_list_in(p, &mut ubs, PARENS)?;
        p.expect("step")?;
        static_steps = parse_dynamic_index_list_in(p, &mut steps, PARENS)?;
    }
    let mut operands = Vec::new();
    for list in [&lbs, &ubs, &steps] {
        operands.extend(p.resolve_operands_all(list, index)?);
    }
    let (mut out_args, mut outs) = (Vec::new(), Vec::new());
    if p.eat("shared_outs") {
        let span = p.current_span();
        (out_args, outs) = parse_assignment_list(p)?;
        st.result_types = p.parse_optional_arrow_type_list()?;
        operands.extend(p.resolve_operands(&outs, &st.result_types, span)?);
    }
    st.operands = operands;
    for iv in &mut ivs {
        iv.ty = Some(index);
    }
    for (arg, &t) in out_args.iter_mut().zip(&st.result_types) {
        arg.ty = Some(t);
    }
    ivs.extend(out_args);
    let region = p.parse_region(&ivs, RegionOptions::default())?;
    p.ensure_terminator(region, InParallel::NAME, st.loc);
    give_in_parallel_a_block(p.ir(), region);
    st.regions.push(region);
    p.parse_optional_attr_dict(st)?;
    let ctx = p.ctx();
    let (a, b, c) = (
        ctx.dense_i64_array(&static_lbs),
        ctx.dense_i64_array(&static_ubs),
        ctx.dense_i64_array(&static_steps),
    );
    let seg = segment_sizes(ctx, &[lbs.len(), ubs.len(), steps.len(), outs.len()]);
    st.add_attr(p.intern("staticLowerBound"), a);
    st.add_attr(p.intern("staticUpperBound"), b);
    st.add_attr(p.intern("staticStep"), c);
    st.add_attr(p.intern("operandSegmentSizes"), seg);
    Ok(())
}

/// An implicit `scf.forall.in_parallel` gets its region with an empty block, as MLIR's
/// builder creates it.
fn give_in_parallel_a_block(ir: &mut Ir, region: Region) {
    let Some(term) = terminator(ir, region) else {
        return;
    };
    if ir.isa::<InParallel>(term) && ir.regions(term).is_empty() {
        let body = ir.create_region();
        let block = ir.create_block(&[]);
        ir.append_block(body, block);
        ir.attach_region(term, body);
    }
}

/// The bounds of a `scf.forall`: (static values, dynamic operands) for lower bounds,
/// upper bounds and steps, and the shared outputs.
struct ForallParts<'a> {
    lbs: (Vec<i64>, &'a [Value]),
    ubs: (Vec<i64>, &'a [Value]),
    steps: (Vec<i64>, &'a [Value]),
    outs: &'a [Value],
}

fn forall_parts(ir: &Ir, op: Op) -> Option<ForallParts<'_>> {
    let seg = segments(ir, op, 4)?;
    let ops = ir.operands(op);
    let get = |name: &str| dense_values(ir.ctx(), ir.attr(op, name));
    Some(ForallParts {
        lbs: (get("staticLowerBound")?, &ops[seg[0].clone()]),
        ubs: (get("staticUpperBound")?, &ops[seg[1].clone()]),
        steps: (get("staticStep")?, &ops[seg[2].clone()]),
        outs: &ops[seg[3].clone()],
    })
}

fn print_forall(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let (Some(parts), Some(&region)) = (forall_parts(ir, op), ir.regions(op).first()) else {
        return;
    };
    let args = entry_args(ir, region);
    let rank = parts.ubs.0.len();
    p.write(" (");
    p.print_operands(&args[..rank.min(args.len())]);
    let normalized = parts.lbs.1.is_empty()
        && parts.steps.1.is_empty()
        && parts.lbs.0.iter().all(|&x| x == 0)
        && parts.steps.0.iter().all(|&x| x == 1);
    if normalized {
        p.write(") in ");
        print_dynamic_index_list_in(p, &parts.ubs.0, parts.ubs.1, PARENS);
    } else {
        p.write(") = ");
        print_dynamic_index_list_in(p, &parts.lbs.0, parts.lbs.1, PARENS);
        p.write(" to ");
        print_dynamic_index_list_in(p, &parts.ubs.0, parts.ubs.1, PARENS);
        p.write(" step ");
        print_dynamic_index_list_in(p, &parts.steps.0, parts.steps.1, PARENS);
    }
    let out_args = args.get(rank..).unwrap_or(&[]);
    print_initialization_list(p, out_args, parts.outs, " shared_outs");
    p.write(" ");
    if !out_args.is_empty() {
        p.write("-> (");
        p.print_types(&result_types(ir, op));
        p.write(") ");
    }
    p.print_region(region, region_opts(false, !ir.results(op).is_empty()));
    p.print_optional_attr_dict(
        op,
        &[
            "operandSegmentSizes",
            "staticLowerBound",
            "staticUpperBound",
            "staticStep",
        ],
    );
}

fn verify_forall(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some(parts) = forall_parts(ir, op) else {
        v.error(
            op,
            "requires staticLowerBound, staticUpperBound, staticStep and operandSegmentSizes",
        );
        return;
    };
    let rank = parts.ubs.0.len();
    if ir.results(op).len() != parts.outs.len() {
        v.error(
            op,
            format!(
                "produces {} results, but has only {} outputs",
                ir.results(op).len(),
                parts.outs.len()
            ),
        );
        return;
    }
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    let Some(block) = ir.entry_block(region) else {
        return;
    };
    let args = ir.block_args(block);
    if args.len() != rank + parts.outs.len() {
        v.error(op, format!("region expects {rank} arguments"));
        return;
    }
    for (i, &a) in args[..rank].iter().enumerate() {
        if !ir.ctx().is_index(ir.value_type(a)) {
            v.error(op, format!("expects {i}-th block argument to be an index"));
            return;
        }
    }
    for (i, (&a, &o)) in args[rank..].iter().zip(parts.outs).enumerate() {
        if ir.value_type(a) != ir.value_type(o) {
            v.error(
                op,
                format!("type mismatch between {i}-th output and corresponding block argument"),
            );
            return;
        }
    }
    if let Some(AttrData::Array(mapping)) = ir.attr(op, "mapping").map(|a| ir.ctx().attr_data(a)) {
        if !mapping.is_empty() && mapping.len() != rank {
            v.error(op, "mapping attribute size must match op rank");
            return;
        }
    }
    for (name, (statics, dynamic)) in [
        ("lower bound", &parts.lbs),
        ("upper bound", &parts.ubs),
        ("step", &parts.steps),
    ] {
        if statics.len() != rank {
            v.error_raw(
                op,
                format!("expected {rank} {name} values, got {}", statics.len()),
            );
            return;
        }
        let expected = count_dynamic(statics);
        if dynamic.len() != expected {
            v.error_raw(op, format!("expected {expected} dynamic {name} values"));
            return;
        }
    }
    if let Some(t) = ir.last_op(block) {
        if !ir.isa::<InParallel>(t) {
            let d = Diagnostic::error(
                DiagLoc::Loc(ir.loc(op)),
                format!(
                    "'scf.forall' op expects regions to end with 'scf.forall.in_parallel', found '{}'",
                    ir.op_name(t)
                ),
            )
            .with_current_op(ir, op)
            .with_note(
                DiagLoc::Loc(ir.loc(op)),
                "in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'",
            );
            v.report(d);
        }
    }
}

lattice_ir::def_op! {
    pub static FORALL_IN_PARALLEL: InParallel = "scf.forall.in_parallel" {
        attrs: [],
        traits: Traits::TERMINATOR
            .with(Traits::NO_TERMINATOR)
            .with(Traits::SINGLE_BLOCK)
            .with(Traits::RECURSIVE_EFFECTS),
        parse: Some(parse_in_parallel),
        print: Some(print_in_parallel),
        verify: Some(verify_in_parallel),
    }
}

/// `{ parallel-combining ops } {attrs}`
fn parse_in_parallel(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let region = p.parse_region(&[], RegionOptions::default())?;
    if p.ir().region_is_empty(region) {
        let block = p.ir().create_block(&[]);
        p.ir().append_block(region, block);
    }
    st.regions.push(region);
    p.parse_optional_attr_dict(st)?;
    Ok(())
}

fn print_in_parallel(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some(&region) = ir.regions(op).first() else {
        return;
    };
    p.write(" ");
    p.print_region(region, region_opts(false, false));
    p.print_optional_attr_dict(op, &[]);
}

fn verify_in_parallel(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if !ir.parent_op(op).is_some_and(|p| ir.isa::<Forall>(p)) {
        v.error(op, "expects parent op 'scf.forall'");
        return;
    }
    let Some(block) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else {
        return;
    };
    // Lattice models no `ParallelCombiningOpInterface` op (they live in `tensor`), so a
    // registered op here is always wrong; unregistered ones are given the benefit of
    // the doubt.
    if ir.block_ops(block).any(|o| ir.op_def(o).is_some()) {
        v.error(op, "expected only ParallelCombiningOpInterface ops");
    }
}

// ---------------------------------------------------------------------------------------
// Canonicalization patterns (a subset of MLIR's, tried in MLIR's registration order).
// ---------------------------------------------------------------------------------------

/// Moves the ops of `region`'s single block, except its terminator, right before `op`,
/// with the block arguments replaced by `args`; returns the terminator's operands
/// (MLIR's `replaceOpWithRegion` before the final replacement).
fn inline_region_before(ir: &mut Ir, region: Region, op: Op, args: &[Value]) -> Option<Vec<Value>> {
    let block = ir.entry_block(region)?;
    let term = ir.last_op(block)?;
    for (&arg, &v) in ir.block_args(block).to_vec().iter().zip(args) {
        ir.replace_all_uses(arg, v);
    }
    let ops: Vec<Op> = ir.block_ops(block).filter(|&o| o != term).collect();
    for o in ops {
        ir.detach_op(o);
        ir.insert_op_before(op, o);
    }
    Some(ir.operands(term).to_vec())
}

/// Replaces every result of `op` with `values` and erases it.
fn replace_op(ir: &mut Ir, op: Op, values: &[Value]) {
    let results = ir.results(op).to_vec();
    for (r, &v) in results.into_iter().zip(values) {
        ir.replace_all_uses(r, v);
    }
    ir.erase_op(op);
}

/// Replaces `op` by the body of its single-block `region` (`args` for the block
/// arguments), when the block ends in a terminator.
fn replace_op_with_region(ir: &mut Ir, op: Op, region: Region, args: &[Value]) -> bool {
    let Some(block) = ir.entry_block(region) else {
        return false;
    };
    if ir.next_block(block).is_some() || ir.block_args(block).len() != args.len() {
        return false;
    }
    // Check the terminator before moving anything, so a mismatch changes nothing.
    let term_ok = ir.last_op(block).is_some_and(|t| {
        ir.has_trait(t, Traits::TERMINATOR) && ir.operands(t).len() == ir.results(op).len()
    });
    if !term_ok {
        return false;
    }
    let Some(yielded) = inline_region_before(ir, region, op, args) else {
        return false;
    };
    replace_op(ir, op, &yielded);
    true
}

/// Moves all blocks of `from` into a fresh detached region.
fn take_region(ir: &mut Ir, from: Region) -> Region {
    let to = ir.create_region();
    let blocks: Vec<_> = ir.region_blocks(from).collect();
    for b in blocks {
        ir.detach_block(b);
        ir.append_block(to, b);
    }
    to
}

/// A new op like `op` (same name, attributes, location) with other operands, result
/// types and the given regions, inserted right before `op`.
fn create_like(
    ir: &mut Ir,
    op: Op,
    operands: Vec<Value>,
    result_types: Vec<Type>,
    regions: Vec<Region>,
) -> Op {
    let data = ir.op(op);
    let mut st = OperationState::new(data.name, data.loc);
    st.attrs = ir.attrs(op).to_vec();
    st.operands = operands;
    st.result_types = result_types;
    st.regions = regions;
    let new = ir.create_op(st);
    ir.insert_op_before(op, new);
    new
}

/// The value of an `arith.constant` boolean or integer operand.
fn const_value(ir: &Ir, v: Value) -> Option<i128> {
    constant_int(ir, v)
}

fn canonicalize_if(ir: &mut Ir, op: Op) -> bool {
    if ir.regions(op).len() != 2 || ir.operands(op).len() != 1 {
        return false;
    }
    if_condition_propagation(ir, op)
        || if_to_select(ir, op)
        || if_remove_empty_else(ir, op)
        || if_static_condition(ir, op)
        || if_unused_results(ir, op)
}

/// `ConditionPropagation`: inside the then (else) region the condition is known to be
/// true (false); its uses there become constants created right before the `scf.if`.
fn if_condition_propagation(ir: &mut Ir, op: Op) -> bool {
    let cond = ir.operand(op, 0);
    if ir
        .defining_op(cond)
        .is_some_and(|d| ir.has_trait(d, Traits::CONSTANT_LIKE))
    {
        return false;
    }
    let (then_r, else_r) = (ir.region(op, 0), ir.region(op, 1));
    let mut constants: [Option<Value>; 2] = [None, None];
    let mut changed = false;
    // MLIR walks a use list newest-first.
    for u in ir.uses(cond).iter().rev().copied().collect::<Vec<_>>() {
        let which = if ir.region_contains(then_r, u.op) {
            0
        } else if ir.region_contains(else_r, u.op) {
            1
        } else {
            continue;
        };
        let c = match constants[which] {
            Some(c) => c,
            None => {
                let ctx = ir.ctx();
                let mut st =
                    OperationState::new(ctx.intern_str(crate::arith::Constant::NAME), ir.loc(op));
                let (value, i1) = (ctx.bool_attr(which == 0), ctx.i1_type());
                st.add_attr(ctx.intern_str("value"), value);
                st.result_types = vec![i1];
                let k = ir.create_op(st);
                ir.insert_op_before(op, k);
                let c = ir.result(k, 0);
                constants[which] = Some(c);
                c
            }
        };
        ir.set_operand(u.op, u.index as usize, c);
        changed = true;
    }
    changed
}

/// `ConvertTrivialIfToSelect`: results yielded from outside both branches become
/// `arith.select`s (or the value itself when both branches yield it).
fn if_to_select(ir: &mut Ir, op: Op) -> bool {
    let n = ir.results(op).len();
    let (then_r, else_r) = (ir.region(op, 0), ir.region(op, 1));
    let (Some(tt), Some(et)) = (terminator(ir, then_r), terminator(ir, else_r)) else {
        return false;
    };
    if n == 0 || !ir.isa::<Yield>(tt) || !ir.isa::<Yield>(et) {
        return false;
    }
    let (ty, ey) = (ir.operands(tt).to_vec(), ir.operands(et).to_vec());
    if ty.len() != n || ey.len() != n {
        return false;
    }
    let inside = |ir: &Ir, v: Value, r: Region| {
        ir.value_block(v).and_then(|b| ir.block_parent(b)) == Some(r)
    };
    let kept: Vec<usize> = (0..n)
        .filter(|&i| inside(ir, ty[i], then_r) || inside(ir, ey[i], else_r))
        .collect();
    if kept.len() == n {
        return false;
    }
    let cond = ir.operand(op, 0);
    let kept_types: Vec<Type> = kept
        .iter()
        .map(|&i| ir.value_type(ir.result(op, i)))
        .collect();
    let (new_then, new_else) = (take_region(ir, then_r), take_region(ir, else_r));
    let replacement = create_like(ir, op, vec![cond], kept_types, vec![new_then, new_else]);
    let loc = ir.loc(op);
    let select = ir.ctx().intern_str(crate::arith::Select::NAME);
    let mut results = Vec::with_capacity(n);
    let mut next = 0;
    for i in 0..n {
        if kept.contains(&i) {
            results.push(ir.result(replacement, next));
            next += 1;
        } else if ty[i] == ey[i] {
            results.push(ty[i]);
        } else {
            let mut st = OperationState::new(select, loc);
            st.operands = vec![cond, ty[i], ey[i]];
            st.result_types = vec![ir.value_type(ty[i])];
            let sel = ir.create_op(st);
            ir.insert_op_before(replacement, sel);
            results.push(ir.result(sel, 0));
        }
    }
    ir.set_operands(tt, kept.iter().map(|&i| ty[i]).collect());
    ir.set_operands(et, kept.iter().map(|&i| ey[i]).collect());
    replace_op(ir, op, &results);
    true
}

/// `RemoveEmptyElseBranch`: a result-less `scf.if` whose else block holds only its
/// terminator loses the else region.
fn if_remove_empty_else(ir: &mut Ir, op: Op) -> bool {
    if !ir.results(op).is_empty() {
        return false;
    }
    let else_r = ir.region(op, 1);
    let Some(block) = ir.entry_block(else_r) else {
        return false;
    };
    if ir.next_block(block).is_some()
        || ir.first_op(block) != ir.last_op(block)
        || ir.first_op(block).is_none()
    {
        return false;
    }
    ir.erase_block(block);
    true
}

/// `RemoveStaticCondition`: a constant condition selects a branch.
fn if_static_condition(ir: &mut Ir, op: Op) -> bool {
    let Some(c) = const_value(ir, ir.operand(op, 0)) else {
        return false;
    };
    let region = if c != 0 {
        ir.region(op, 0)
    } else {
        ir.region(op, 1)
    };
    if ir.region_is_empty(region) {
        if !ir.results(op).is_empty() {
            return false;
        }
        ir.erase_op(op);
        return true;
    }
    replace_op_with_region(ir, op, region, &[])
}

/// `RemoveUnusedResults`: drops results without uses.
fn if_unused_results(ir: &mut Ir, op: Op) -> bool {
    let n = ir.results(op).len();
    let used: Vec<usize> = (0..n)
        .filter(|&i| !ir.is_unused(ir.result(op, i)))
        .collect();
    if used.len() == n {
        return false;
    }
    let mut yields = Vec::new();
    for i in 0..2 {
        let Some(t) = terminator(ir, ir.region(op, i)).filter(|&t| ir.isa::<Yield>(t)) else {
            return false;
        };
        if ir.operands(t).len() != n {
            return false;
        }
        yields.push(t);
    }
    for &t in &yields {
        let kept = used.iter().map(|&i| ir.operand(t, i)).collect();
        ir.set_operands(t, kept);
    }
    let types: Vec<Type> = used
        .iter()
        .map(|&i| ir.value_type(ir.result(op, i)))
        .collect();
    let (then_r, else_r) = (ir.region(op, 0), ir.region(op, 1));
    let (new_then, new_else) = (take_region(ir, then_r), take_region(ir, else_r));
    let cond = ir.operand(op, 0);
    let new = create_like(ir, op, vec![cond], types, vec![new_then, new_else]);
    let old: Vec<Value> = ir.results(op).to_vec();
    for (k, &i) in used.iter().enumerate() {
        let r = ir.result(new, k);
        ir.replace_all_uses(old[i], r);
    }
    ir.erase_op(op);
    true
}

fn canonicalize_for(ir: &mut Ir, op: Op) -> bool {
    if ir.operands(op).len() < 3 || ir.regions(op).len() != 1 {
        return false;
    }
    for_iter_args_folder(ir, op) || for_simplify_trivial(ir, op)
}

/// `ForOpIterArgsFolder`: drops loop-carried values that are forwarded unchanged
/// (yielded as themselves or as their init), unused, or duplicates of an earlier
/// (init, yielded) pair.
fn for_iter_args_folder(ir: &mut Ir, op: Op) -> bool {
    let region = ir.region(op, 0);
    let Some(block) = ir.entry_block(region) else {
        return false;
    };
    let Some(term) = ir.last_op(block).filter(|&t| ir.isa::<Yield>(t)) else {
        return false;
    };
    let inits: Vec<Value> = ir.operands(op)[3..].to_vec();
    let args: Vec<Value> = ir.block_args(block).get(1..).unwrap_or(&[]).to_vec();
    let results: Vec<Value> = ir.results(op).to_vec();
    let yielded: Vec<Value> = ir.operands(term).to_vec();
    let n = inits.len();
    if args.len() != n || results.len() != n || yielded.len() != n {
        return false;
    }
    // Per iter_arg: None = kept, Some((arg replacement, result replacement index or init)).
    enum Fate {
        Keep,
        Forward,
        SameAs(usize),
    }
    let mut fates = Vec::with_capacity(n);
    let mut seen: Vec<(Value, Value, usize)> = Vec::new();
    for i in 0..n {
        let forwarded = args[i] == yielded[i]
            || inits[i] == yielded[i]
            || (ir.is_unused(args[i]) && ir.is_unused(results[i]));
        if forwarded {
            fates.push(Fate::Forward);
        } else if let Some(&(_, _, j)) = seen
            .iter()
            .find(|(a, b, _)| *a == inits[i] && *b == yielded[i])
        {
            fates.push(Fate::SameAs(j));
        } else {
            seen.push((inits[i], yielded[i], i));
            fates.push(Fate::Keep);
        }
    }
    if fates.iter().all(|f| matches!(f, Fate::Keep)) {
        return false;
    }
    let kept: Vec<usize> = (0..n).filter(|&i| matches!(fates[i], Fate::Keep)).collect();
    for i in 0..n {
        match fates[i] {
            Fate::Keep => {}
            Fate::Forward => ir.replace_all_uses(args[i], inits[i]),
            Fate::SameAs(j) => ir.replace_all_uses(args[i], args[j]),
        }
    }
    // The yield's operands may have been rewritten by the replacements above.
    let yielded: Vec<Value> = ir.operands(term).to_vec();
    ir.set_operands(term, kept.iter().map(|&i| yielded[i]).collect());
    for i in (0..n).rev() {
        if !matches!(fates[i], Fate::Keep) {
            ir.erase_block_arg(block, i + 1);
        }
    }
    let mut operands: Vec<Value> = ir.operands(op)[..3].to_vec();
    operands.extend(kept.iter().map(|&i| inits[i]));
    let types: Vec<Type> = kept.iter().map(|&i| ir.value_type(results[i])).collect();
    let body = take_region(ir, region);
    let new = create_like(ir, op, operands, types, vec![body]);
    let new_result = |i: usize| kept.iter().position(|&k| k == i);
    for i in 0..n {
        let replacement = match fates[i] {
            Fate::Keep => ir.result(new, new_result(i).unwrap_or(0)),
            Fate::Forward => inits[i],
            Fate::SameAs(j) => ir.result(new, new_result(j).unwrap_or(0)),
        };
        ir.replace_all_uses(results[i], replacement);
    }
    ir.erase_op(op);
    true
}

/// MLIR's `constantTripCount`: a zero step, or a negative one in signed mode, means no
/// iterations; so do constant bounds with `ub <= lb`; otherwise the count needs all
/// three constant. `unsigned` compares (and divides) as unsigned `width`-bit values.
fn trip_count(
    ir: &Ir,
    (lb, ub, step): (Value, Value, Value),
    unsigned: bool,
    width: u32,
) -> Option<i128> {
    let norm = |v: i128| {
        if !unsigned {
            v
        } else if width >= 64 {
            v as u64 as i128
        } else {
            v & ((1i128 << width) - 1)
        }
    };
    let step = const_value(ir, step).map(norm);
    if let Some(s) = step {
        if s == 0 || (!unsigned && s < 0) {
            return Some(0);
        }
    }
    let (lb, ub) = (
        const_value(ir, lb).map(norm)?,
        const_value(ir, ub).map(norm)?,
    );
    if ub <= lb {
        return Some(0);
    }
    let step = step?;
    Some((ub - lb + step - 1) / step)
}

/// The constant trip count of an `scf.for`.
fn static_trip_count(ir: &Ir, op: Op) -> Option<i128> {
    let ops = ir.operands(op);
    let unsigned = ir.attr(op, "unsignedCmp").is_some();
    let width = ir
        .ctx()
        .int_width(ir.value_type(ops[0]))
        .unwrap_or(64)
        .min(64);
    trip_count(ir, (ops[0], ops[1], ops[2]), unsigned, width)
}

/// `SimplifyTrivialLoops`: loops that run zero times, once, or have an empty body
/// yielding values from outside.
fn for_simplify_trivial(ir: &mut Ir, op: Op) -> bool {
    let ops: Vec<Value> = ir.operands(op).to_vec();
    let inits = ops[3..].to_vec();
    if ops[0] == ops[1] {
        replace_op(ir, op, &inits);
        return true;
    }
    let Some(trips) = static_trip_count(ir, op) else {
        return false;
    };
    if trips == 0 {
        replace_op(ir, op, &inits);
        return true;
    }
    let region = ir.region(op, 0);
    if trips == 1 {
        let mut args = vec![ops[0]];
        args.extend(inits);
        return replace_op_with_region(ir, op, region, &args);
    }
    let Some(block) = ir.entry_block(region) else {
        return false;
    };
    let Some(term) = ir.first_op(block) else {
        return false;
    };
    if ir.last_op(block) != Some(term) {
        return false;
    }
    let yielded = ir.operands(term).to_vec();
    if yielded.iter().any(|&v| {
        ir.value_block(v)
            .is_some_and(|b| ir.block_parent(b) == Some(region))
    }) {
        return false;
    }
    replace_op(ir, op, &yielded);
    true
}

/// `FoldConstantCase`: a constant switch value selects its case (or the default).
fn canonicalize_index_switch(ir: &mut Ir, op: Op) -> bool {
    let Some(&arg) = ir.operands(op).first() else {
        return false;
    };
    let Some(value) = const_value(ir, arg) else {
        return false;
    };
    let cases = dense_values(ir.ctx(), ir.attr(op, "cases")).unwrap_or_default();
    let regions = ir.regions(op).to_vec();
    if regions.len() != cases.len() + 1 {
        return false;
    }
    let region = match cases.iter().position(|&c| c as i128 == value) {
        Some(i) => regions[i + 1],
        None => regions[0],
    };
    replace_op_with_region(ir, op, region, &[])
}

/// Drops the attributes that are not inherent (MLIR's patterns rebuild `scf.parallel`
/// with a builder, which keeps only the properties).
fn drop_discardable_attrs(ir: &mut Ir, op: Op) {
    let Some(def) = ir.op_def(op) else { return };
    let kept = ir
        .attrs(op)
        .iter()
        .copied()
        .filter(|a| def.is_inherent(ir.ctx().str(a.name)))
        .collect();
    ir.set_attrs(op, kept);
}

fn canonicalize_parallel(ir: &mut Ir, op: Op) -> bool {
    parallel_single_or_zero_iteration(ir, op) || parallel_merge_nested(ir, op)
}

/// The constant trip count of one `scf.parallel` dimension.
fn parallel_trip_count(ir: &Ir, lb: Value, ub: Value, step: Value) -> Option<i128> {
    trip_count(ir, (lb, ub, step), false, 64)
}

/// `ParallelOpSingleOrZeroIterationDimsFolder`.
fn parallel_single_or_zero_iteration(ir: &mut Ir, op: Op) -> bool {
    let Some(seg) = segments(ir, op, 4) else {
        return false;
    };
    let ops = ir.operands(op).to_vec();
    let (lbs, ubs, steps, inits) = (
        &ops[seg[0].clone()],
        &ops[seg[1].clone()],
        &ops[seg[2].clone()],
        &ops[seg[3].clone()],
    );
    let Some(&region) = ir.regions(op).first() else {
        return false;
    };
    let Some(block) = ir.entry_block(region) else {
        return false;
    };
    let ivs = ir.block_args(block).to_vec();
    if ivs.len() != lbs.len() || lbs.len() != ubs.len() || ubs.len() != steps.len() {
        return false;
    }
    let mut single = Vec::new();
    for d in 0..lbs.len() {
        match parallel_trip_count(ir, lbs[d], ubs[d], steps[d]) {
            Some(0) => {
                replace_op(ir, op, inits);
                return true;
            }
            Some(1) => single.push(d),
            _ => {}
        }
    }
    if single.is_empty() {
        return false;
    }
    let Some(reduce) = ir.last_op(block).filter(|&t| ir.isa::<Reduce>(t)) else {
        return false;
    };
    if single.len() == lbs.len() {
        // Every dimension runs once: inline the body, then each reduction with the init
        // as its left operand.
        if ir.regions(reduce).len() != inits.len() || ir.operands(reduce).len() != inits.len() {
            return false;
        }
        for (d, &iv) in ivs.iter().enumerate() {
            ir.replace_all_uses(iv, lbs[d]);
        }
        let body: Vec<Op> = ir.block_ops(block).filter(|&o| o != reduce).collect();
        for o in body {
            ir.detach_op(o);
            ir.insert_op_before(op, o);
        }
        let mut results = Vec::new();
        for (i, &r) in ir.regions(reduce).to_vec().iter().enumerate() {
            let operand = ir.operand(reduce, i);
            let Some(rb) = ir.entry_block(r) else {
                return false;
            };
            let args = ir.block_args(rb).to_vec();
            if args.len() != 2 {
                return false;
            }
            ir.replace_all_uses(args[0], inits[i]);
            ir.replace_all_uses(args[1], operand);
            let Some(ret) = ir.last_op(rb) else {
                return false;
            };
            let rops: Vec<Op> = ir.block_ops(rb).filter(|&o| o != ret).collect();
            for o in rops {
                ir.detach_op(o);
                ir.insert_op_before(op, o);
            }
            let Some(&v) = ir.operands(ret).first() else {
                return false;
            };
            results.push(v);
        }
        replace_op(ir, op, &results);
        return true;
    }
    for &d in single.iter().rev() {
        ir.replace_all_uses(ivs[d], lbs[d]);
        ir.erase_block_arg(block, d);
    }
    let keep = |list: &[Value]| -> Vec<Value> {
        list.iter()
            .enumerate()
            .filter(|(d, _)| !single.contains(d))
            .map(|(_, &v)| v)
            .collect()
    };
    let (nl, nu, ns) = (keep(lbs), keep(ubs), keep(steps));
    let n = nl.len();
    let mut operands = nl;
    operands.extend(nu);
    operands.extend(ns);
    operands.extend(inits.iter().copied());
    ir.set_operands(op, operands);
    let seg = segment_sizes(ir.ctx(), &[n, n, n, inits.len()]);
    ir.set_attr(op, "operandSegmentSizes", seg);
    drop_discardable_attrs(ir, op);
    true
}

/// `MergeNestedParallelLoops`: a reduction-free `scf.parallel` whose body is only
/// another one with bounds independent of the outer induction variables.
fn parallel_merge_nested(ir: &mut Ir, op: Op) -> bool {
    let Some(seg) = segments(ir, op, 4) else {
        return false;
    };
    let Some(block) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else {
        return false;
    };
    let Some(inner) = ir.first_op(block).filter(|&o| ir.isa::<Parallel>(o)) else {
        return false;
    };
    let Some(term) = ir.next_op(inner) else {
        return false;
    };
    if ir.next_op(term).is_some() || !seg[3].is_empty() {
        return false;
    }
    let Some(iseg) = segments(ir, inner, 4) else {
        return false;
    };
    if !iseg[3].is_empty() {
        return false;
    }
    let outer_ivs = ir.block_args(block).to_vec();
    let inner_ops = ir.operands(inner).to_vec();
    if inner_ops.iter().any(|v| outer_ivs.contains(v)) {
        return false;
    }
    let Some(iblock) = ir.regions(inner).first().and_then(|&r| ir.entry_block(r)) else {
        return false;
    };
    let Some(iterm) = ir.last_op(iblock) else {
        return false;
    };
    let index = ir.ctx().index_type();
    for iv in ir.block_args(iblock).to_vec() {
        let new = ir.add_block_arg(block, index, ir.value(iv).loc);
        ir.replace_all_uses(iv, new);
    }
    let body: Vec<Op> = ir.block_ops(iblock).filter(|&o| o != iterm).collect();
    for o in body {
        ir.detach_op(o);
        ir.insert_op_before(inner, o);
    }
    ir.erase_op(inner);
    let ops = ir.operands(op).to_vec();
    let mut operands = Vec::new();
    for k in 0..3 {
        operands.extend_from_slice(&ops[seg[k].clone()]);
        operands.extend_from_slice(&inner_ops[iseg[k].clone()]);
    }
    let n = seg[0].len() + iseg[0].len();
    ir.set_operands(op, operands);
    let seg = segment_sizes(ir.ctx(), &[n, n, n, 0]);
    ir.set_attr(op, "operandSegmentSizes", seg);
    drop_discardable_attrs(ir, op);
    true
}

/// A result that every `scf.yield` of the region yields as the same value defined
/// outside the op is replaced by that value (MLIR 22 forwards such region-branch
/// successor inputs, even through `no_inline`).
fn forward_execute_region_results(ir: &mut Ir, op: Op, region: Region) -> bool {
    let yields: Vec<Op> = ir
        .region_blocks(region)
        .filter_map(|b| ir.last_op(b))
        .filter(|&t| ir.isa::<Yield>(t))
        .collect();
    let n = ir.results(op).len();
    if yields.is_empty() || yields.iter().any(|&t| ir.operands(t).len() != n) {
        return false;
    }
    let mut changed = false;
    for i in 0..n {
        let v = ir.operand(yields[0], i);
        let outside = match ir.value_block(v) {
            Some(b) => ir.block_parent_op(b).is_none_or(|p| !ir.is_ancestor(op, p)),
            None => false,
        };
        let result = ir.result(op, i);
        if outside && !ir.is_unused(result) && yields.iter().all(|&t| ir.operand(t, i) == v) {
            ir.replace_all_uses(result, v);
            changed = true;
        }
    }
    changed
}

/// `SingleBlockExecuteInliner`: a one-block `scf.execute_region` without `no_inline`
/// is replaced by its body.
fn canonicalize_execute_region(ir: &mut Ir, op: Op) -> bool {
    let Some(&region) = ir.regions(op).first() else {
        return false;
    };
    let Some(block) = ir.entry_block(region) else {
        return false;
    };
    if forward_execute_region_results(ir, op, region) {
        return true;
    }
    if ir.next_block(block).is_some() || ir.attr(op, "no_inline").is_some() {
        return false;
    }
    if !ir.last_op(block).is_some_and(|t| ir.isa::<Yield>(t)) {
        return false;
    }
    replace_op_with_region(ir, op, region, &[])
}

#[cfg(test)]
mod tests {
    use lattice_ir::diag::SourceId;
    use lattice_ir::parser::parse_source;
    use lattice_ir::printer::{print_op, PrintOptions};
    use lattice_ir::verifier::verify;
    use lattice_ir::{Context, Ir};
    use std::sync::Arc;

    fn context() -> Arc<Context> {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        ctx.allow_unregistered_dialects = true;
        Arc::new(ctx)
    }

    /// Parses, verifies and prints (custom and generic) `text`, returning the custom
    /// output, or the parse error.
    fn run(ctx: &Arc<Context>, text: &str) -> Result<String, String> {
        let mut ir = Ir::new(ctx.clone());
        let module =
            parse_source(&mut ir, SourceId(0), "test.mlir", text).map_err(|d| d.message)?;
        let _ = verify(&ir, module);
        let _ = print_op(
            &ir,
            module,
            PrintOptions {
                generic: true,
                ..Default::default()
            },
        );
        Ok(print_op(&ir, module, PrintOptions::default()))
    }

    /// Every op of both dialects in malformed generic forms: wrong operand, result,
    /// region and block counts, missing and ill-typed properties. Verifying and printing
    /// must report errors, never panic.
    #[test]
    fn malformed_generic_ops_do_not_panic() {
        let ctx = context();
        let names: Vec<&str> = ctx
            .registered_ops()
            .into_iter()
            .map(|d| d.name)
            .filter(|n| n.starts_with("memref.") || n.starts_with("scf."))
            .collect();
        assert!(names.len() >= 30, "{names:?}");
        let bodies = [
            r#""OP"() : () -> ()"#,
            r#""OP"(%i) : (index) -> ()"#,
            r#"%r = "OP"(%m) : (memref<4xf32>) -> f32"#,
            r#"%r:2 = "OP"(%m, %i, %i, %i) : (memref<4xf32>, index, index, index) -> (index, f32)"#,
            r#""OP"(%f, %m, %i) <{operandSegmentSizes = array<i32: 1>, static_offsets = array<i64: 1, 2>, static_sizes = array<i64>, static_strides = array<i64: 3>, kind = 99 : i64, cases = array<i64: 1, 1>, reassociation = [[0, 5]], static_output_shape = array<i64: -9223372036854775808>, name = @nope, type = i32, initial_value = 3 : i32, localityHint = 9 : i32, permutation = affine_map<(d0) -> (d0, d0)>}> : (f32, memref<4xf32>, index) -> ()"#,
            r#""OP"(%i, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({}) : (index, index, index) -> ()"#,
            r#""OP"(%c) ({
              ^bb0(%x: f32, %y: i32):
                "test.op"() : () -> ()
              }, {
              ^bb1:
                "test.op"() : () -> ()
              ^bb2:
                "test.op"() : () -> ()
              }, {}) : (i1) -> (f32)"#,
            r#"%r = "OP"(%u) ({}) : (memref<*xf32>) -> memref<*xf32>"#,
        ];
        let mut parsed = 0;
        for name in &names {
            for body in &bodies {
                let text = format!(
                    "\"test.func\"() ({{\n^bb0(%i: index, %f: f32, %c: i1, %m: memref<4xf32>, %u: memref<*xf32>):\n{}\n\"test.return\"() : () -> ()\n}}) : () -> ()\n",
                    body.replace("OP", name)
                );
                parsed += run(&ctx, &text).is_ok() as usize;
            }
        }
        // Most malformed ops parse (the generic form takes anything); the rest fail in
        // the parser with a diagnostic.
        assert!(parsed * 2 > names.len() * bodies.len(), "{parsed}");
    }

    #[test]
    fn custom_forms_round_trip() {
        let ctx = context();
        let text = r#"func.func @f(%lb: index, %ub: index, %f: f32, %m: memref<?xf32>) -> f32 {
  %0 = scf.for %i = %lb to %ub step %lb iter_args(%a = %f) -> (f32) {
    %x = memref.load %m[%i] : memref<?xf32>
    scf.yield %x : f32
  }
  %1 = scf.parallel (%i) = (%lb) to (%ub) step (%lb) init (%0) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  %s = memref.subview %m[%lb] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
  return %1 : f32
}
"#;
        let out = run(&ctx, text).unwrap();
        expect_test::expect![[r#"
            module {
              func.func @f(%arg0: index, %arg1: index, %arg2: f32, %arg3: memref<?xf32>) -> f32 {
                %0 = scf.for %arg4 = %arg0 to %arg1 step %arg0 iter_args(%arg5 = %arg2) -> (f32) {
                  %2 = memref.load %arg3[%arg4] : memref<?xf32>
                  scf.yield %2 : f32
                }
                %1 = scf.parallel (%arg4) = (%arg0) to (%arg1) step (%arg0) init (%0) -> f32 {
                  scf.reduce(%arg2 : f32) {
                  ^bb0(%arg5: f32, %arg6: f32):
                    scf.reduce.return %arg5 : f32
                  }
                }
                %subview = memref.subview %arg3[%arg0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
                return %1 : f32
              }
            }
        "#]]
        .assert_eq(&out);
        assert_eq!(run(&ctx, &out).unwrap(), out);
    }

    /// `scf.forall`'s generic form matches mlir-opt's (the implicit
    /// `scf.forall.in_parallel` has a region with one empty block), and its custom form
    /// round-trips.
    #[test]
    fn forall_forms() {
        let ctx = context();
        let text = r#"func.func @f(%n: index, %m: index, %t: tensor<100xf32>) -> tensor<100xf32> {
  %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> (tensor<100xf32>) {
    scf.forall.in_parallel {
    } {foo}
  }
  scf.forall (%i, %j) = (0, %n) to (4, %m) step (1, %n) {
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return %r : tensor<100xf32>
}
"#;
        let mut ir = Ir::new(ctx.clone());
        let module = parse_source(&mut ir, SourceId(0), "f.mlir", text).unwrap();
        assert!(verify(&ir, module).is_empty());
        let generic = print_op(
            &ir,
            module,
            PrintOptions {
                generic: true,
                ..Default::default()
            },
        );
        expect_test::expect![[r#"
            "builtin.module"() ({
              "func.func"() <{function_type = (index, index, tensor<100xf32>) -> tensor<100xf32>, sym_name = "f"}> ({
              ^bb0(%arg0: index, %arg1: index, %arg2: tensor<100xf32>):
                %0 = "scf.forall"(%arg2) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}> ({
                ^bb0(%arg5: index, %arg6: tensor<100xf32>):
                  "scf.forall.in_parallel"() ({
                  ^bb0:
                  }) {foo} : () -> ()
                }) : (tensor<100xf32>) -> tensor<100xf32>
                "scf.forall"(%arg0, %arg1, %arg0) <{mapping = [#gpu.thread<x>, #gpu.thread<y>], operandSegmentSizes = array<i32: 1, 1, 1, 0>, staticLowerBound = array<i64: 0, -9223372036854775808>, staticStep = array<i64: 1, -9223372036854775808>, staticUpperBound = array<i64: 4, -9223372036854775808>}> ({
                ^bb0(%arg3: index, %arg4: index):
                  "scf.forall.in_parallel"() ({
                  ^bb0:
                  }) : () -> ()
                }) : (index, index, index) -> ()
                "func.return"(%0) : (tensor<100xf32>) -> ()
              }) : () -> ()
            }) : () -> ()
        "#]]
        .assert_eq(&generic);
        let custom = run(&ctx, text).unwrap();
        assert!(custom.contains(
            "%0 = scf.forall (%arg3) in (8) shared_outs(%arg4 = %arg2) -> (tensor<100xf32>) {"
        ));
        assert!(custom
            .contains("scf.forall (%arg3, %arg4) = (0, %arg0) to (4, %arg1) step (1, %arg0) {"));
        assert_eq!(run(&ctx, &custom).unwrap(), custom);
        assert_eq!(run(&ctx, &generic).unwrap(), custom);
    }
}
