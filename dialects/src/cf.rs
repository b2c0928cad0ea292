//! The `cf` dialect: `cf.br`, `cf.cond_br`, `cf.switch` and `cf.assert`, with mlir-opt's
//! custom forms, verifiers and `successor_operands` hooks (the core verifier checks
//! branch operands against successor arguments through those hooks), and upstream's
//! canonicalization patterns for `cf.switch` and `cf.assert` (the `cf.br`/`cf.cond_br`
//! patterns are built into the `canonicalize` driver, which applies them to ops
//! without a `canonicalize` hook).
//!
//! Invariants: `cf.cond_br` and `cf.switch` always carry `operandSegmentSizes`
//! (`[1, #true/default operands, #false/case operands]`), `cf.switch` always carries
//! `case_operand_segments` (one entry per case) and `case_values` exactly when it has
//! cases (a `vector<N x flag type>` dense attribute), as mlir-opt stores them.

use super::arith::{custom_error, type_str};
use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::context::Context;
use lattice_ir::parser::{PResult, Parser};
use lattice_ir::printer::Printer;
use lattice_ir::registry::Traits;
use lattice_ir::store::{Block, Ir, Op, OperationState, Value, ValueDef};
use lattice_ir::types::{Signedness, Type, TypeData};
use lattice_ir::verifier::Verifier;
use std::ops::Range;

/// The values of a dense i32/i64 array attribute.
fn dense_array(ctx: &Context, attr: Option<Attr>) -> Option<Vec<i128>> {
    match ctx.attr_data(attr?) {
        AttrData::DenseArray { values, .. } => Some(values.clone()),
        _ => None,
    }
}

/// The operand segment sizes of `op`.
fn segments(ir: &Ir, op: Op) -> Option<Vec<usize>> {
    let v = dense_array(ir.ctx(), ir.attr(op, "operandSegmentSizes"))?;
    v.iter().map(|&x| usize::try_from(x).ok()).collect()
}

/// Prints ` attr-dict` less `elided`.
fn print_attrs(p: &mut Printer<'_>, op: Op, elided: &[&str]) {
    p.print_optional_attr_dict(op, elided);
}

// ----- cf.br -----

fn parse_br(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let (dest, operands) = p.parse_successor_and_use_list()?;
    st.successors.push(dest);
    st.operands = operands;
    p.parse_optional_attr_dict(st)
}

fn print_br(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    if let Some(&dest) = ir.successors(op).first() {
        p.write(" ");
        p.print_successor_and_use_list(dest, ir.operands(op));
    }
    print_attrs(p, op, &[]);
}

fn verify_br(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if ir.successors(op).len() != 1 {
        v.error(
            op,
            format!("requires 1 successor but found {}", ir.successors(op).len()),
        );
    }
}

fn br_successor_operands(ir: &Ir, op: Op, _index: usize) -> Range<usize> {
    0..ir.operands(op).len()
}

lattice_ir::def_op! {
    /// `cf.br`
    pub static BR: Br = "cf.br" {
        attrs: [],
        traits: Traits::PURE.with(Traits::TERMINATOR),
        parse: Some(parse_br),
        print: Some(print_br),
        verify: Some(verify_br),
        successor_operands: Some(br_successor_operands),
    }
}

// ----- cf.cond_br -----

fn parse_i32_list(p: &mut Parser<'_>) -> PResult<Vec<i32>> {
    p.expect("[")?;
    let mut out = Vec::new();
    if !p.eat("]") {
        loop {
            let span = p.current_span();
            let v = p.parse_integer()?;
            out.push(i32::try_from(v).map_err(|_| p.error_at(span, "integer value too large"))?);
            if !p.eat(",") {
                break;
            }
        }
        p.expect("]")?;
    }
    Ok(out)
}

fn parse_cond_br(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let cond = p.parse_operand()?;
    if p.eat("weights") {
        p.expect("(")?;
        let w = parse_i32_list(p)?;
        p.expect(")")?;
        let (name, attr) = (p.intern("branch_weights"), p.ctx().dense_i32_array(&w));
        st.add_attr(name, attr);
    }
    p.expect(",")?;
    let (t, t_ops) = p.parse_successor_and_use_list()?;
    p.expect(",")?;
    let (f, f_ops) = p.parse_successor_and_use_list()?;
    p.parse_optional_attr_dict(st)?;
    let i1 = p.ctx().i1_type();
    let c = p.resolve_operand(&cond, i1)?;
    let sizes = [1, t_ops.len() as i32, f_ops.len() as i32];
    let (name, attr) = (
        p.intern("operandSegmentSizes"),
        p.ctx().dense_i32_array(&sizes),
    );
    st.add_attr(name, attr);
    st.operands = std::iter::once(c).chain(t_ops).chain(f_ops).collect();
    st.successors = vec![t, f];
    Ok(())
}

/// The operand ranges `[condition, true operands, false operands]` of a `cf.cond_br`
/// (from its segment sizes, or everything to the true side when they are missing).
fn cond_br_ranges(ir: &Ir, op: Op) -> [Range<usize>; 3] {
    let n = ir.operands(op).len();
    match segments(ir, op) {
        Some(s) if s.len() == 3 && s.iter().sum::<usize>() == n => {
            [0..s[0], s[0]..s[0] + s[1], s[0] + s[1]..n]
        }
        _ => [0..n.min(1), n.min(1)..n, n..n],
    }
}

fn print_cond_br(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ctx = ir.ctx();
    let [c, t, f] = cond_br_ranges(ir, op);
    let ops = ir.operands(op);
    p.write(" ");
    p.print_operands(&ops[c]);
    let mut elided = vec!["operandSegmentSizes"];
    if let Some(w) = dense_array(ctx, ir.attr(op, "branch_weights")) {
        elided.push("branch_weights");
        let text: Vec<String> = w.iter().map(|x| x.to_string()).collect();
        p.write(&format!(" weights([{}])", text.join(", ")));
    }
    let succ = ir.successors(op);
    for (i, range) in [t, f].into_iter().enumerate() {
        p.write(", ");
        if let Some(&b) = succ.get(i) {
            p.print_successor_and_use_list(b, &ops[range]);
        }
    }
    print_attrs(p, op, &elided);
}

/// Checks `branch_weights` against the number of successors.
fn verify_weights(v: &mut Verifier<'_>, op: Op) -> bool {
    let ir = v.ir();
    if let Some(w) = dense_array(ir.ctx(), ir.attr(op, "branch_weights")) {
        let n = ir.successors(op).len();
        if w.len() != n {
            v.error_raw(
                op,
                format!(
                    "expects number of branch weights to match number of successors: {} vs {n}",
                    w.len()
                ),
            );
            return false;
        }
    }
    true
}

fn verify_cond_br(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    if ir.successors(op).len() != 2 {
        v.error(
            op,
            format!(
                "requires 2 successors but found {}",
                ir.successors(op).len()
            ),
        );
        return;
    }
    // A missing attribute reads as all-zero sizes, as upstream's properties do.
    let s = segments(ir, op).unwrap_or_else(|| vec![0, 0, 0]);
    if s.len() != 3 {
        v.error(
            op,
            format!(
                "'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got {}",
                s.len()
            ),
        );
        return;
    }
    let total: usize = s.iter().sum();
    if total != ir.operands(op).len() {
        v.error(
            op,
            format!(
                "operand count ({}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'",
                ir.operands(op).len()
            ),
        );
        return;
    }
    if s[0] != 1 {
        v.error(
            op,
            format!(
                "operand group starting at #0 requires 1 element, but found {}",
                s[0]
            ),
        );
        return;
    }
    let cty = ir.value_type(ir.operand(op, 0));
    if !matches!(
        ctx.type_data(cty),
        TypeData::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    ) {
        v.error(
            op,
            format!(
                "operand #0 must be 1-bit signless integer, but got '{}'",
                type_str(ir, cty)
            ),
        );
        return;
    }
    verify_weights(v, op);
}

fn cond_br_successor_operands(ir: &Ir, op: Op, index: usize) -> Range<usize> {
    let [_, t, f] = cond_br_ranges(ir, op);
    if index == 0 {
        t
    } else {
        f
    }
}

lattice_ir::def_op! {
    /// `cf.cond_br`
    pub static COND_BR: CondBr = "cf.cond_br" {
        attrs: [BRANCH_WEIGHTS("branch_weights"), OPERAND_SEGMENT_SIZES("operandSegmentSizes")],
        traits: Traits::PURE.with(Traits::TERMINATOR),
        parse: Some(parse_cond_br),
        print: Some(print_cond_br),
        verify: Some(verify_cond_br),
        successor_operands: Some(cond_br_successor_operands),
    }
}

// ----- cf.switch -----

fn parse_switch(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let flag = p.parse_operand()?;
    p.expect(":")?;
    let ty_span = p.current_span();
    let fty = p.parse_type()?;
    let width = match p.ctx().type_data(fty) {
        TypeData::Integer { width, .. } => *width,
        _ => {
            let t = {
                let ir: &Ir = p.ir();
                type_str(ir, fty)
            };
            return Err(custom_error(
                p,
                st,
                ty_span,
                format!(
                    "invalid kind of type specified: expected builtin.integer, but found '{t}'"
                ),
            ));
        }
    };
    let _ = width;
    p.expect(",")?;
    p.expect("[")?;
    p.expect("default")?;
    p.expect(":")?;
    let (default, default_ops) = p.parse_successor_and_use_list()?;
    let mut values = Vec::new();
    let mut dests = Vec::new();
    let mut case_ops: Vec<Value> = Vec::new();
    let mut case_segments = Vec::new();
    while p.eat(",") {
        let v = p.parse_integer()?;
        p.expect(":")?;
        let (b, ops) = p.parse_successor_and_use_list()?;
        values.push(p.ctx().int_attr(v, fty));
        dests.push(b);
        case_segments.push(ops.len() as i32);
        case_ops.extend(ops);
    }
    p.expect("]")?;
    p.parse_optional_attr_dict(st)?;
    let f = p.resolve_operand(&flag, fty)?;
    let ctx = p.ctx();
    let sizes = [1, default_ops.len() as i32, case_ops.len() as i32];
    let mut attrs = vec![
        ("operandSegmentSizes", ctx.dense_i32_array(&sizes)),
        ("case_operand_segments", ctx.dense_i32_array(&case_segments)),
    ];
    if !values.is_empty() {
        let vty = ctx.ty(TypeData::Vector {
            shape: vec![values.len() as i64],
            scalable: vec![false],
            element: fty,
        });
        attrs.push((
            "case_values",
            ctx.attr(AttrData::DenseElements {
                ty: vty,
                values: compress(values),
            }),
        ));
    }
    for (n, a) in attrs {
        let n = p.intern(n);
        st.add_attr(n, a);
    }
    st.operands = std::iter::once(f)
        .chain(default_ops)
        .chain(case_ops)
        .collect();
    st.successors = std::iter::once(default).chain(dests).collect();
    Ok(())
}

/// Splat-compresses dense element values (one value when all are equal).
fn compress(mut values: Vec<Attr>) -> Vec<Attr> {
    if values.iter().all(|&v| v == values[0]) {
        values.truncate(1);
    }
    values
}

/// The case values of a `cf.switch` as integers (expanding splats), with their type.
fn case_values(ir: &Ir, op: Op) -> Option<(Vec<i128>, Type)> {
    let ctx = ir.ctx();
    let AttrData::DenseElements { ty, values } = ctx.attr_data(ir.attr(op, "case_values")?) else {
        return None;
    };
    let n = ctx
        .shape(*ty)
        .map(|s| s.iter().product::<i64>())
        .unwrap_or(values.len() as i64)
        .max(0) as usize;
    let ints: Option<Vec<i128>> = values.iter().map(|&v| ctx.int_value(v)).collect();
    let mut ints = ints?;
    if ints.len() == 1 && n > 1 {
        ints = vec![ints[0]; n];
    }
    Some((ints, ctx.element_type(*ty)))
}

/// Operand ranges: flag, default operands, then one range per case.
fn switch_ranges(ir: &Ir, op: Op) -> (Range<usize>, Vec<Range<usize>>) {
    let n = ir.operands(op).len();
    let segs = segments(ir, op).filter(|s| s.len() == 3 && s.iter().sum::<usize>() == n);
    let Some(s) = segs else {
        return (n.min(1)..n, Vec::new());
    };
    let default = s[0]..s[0] + s[1];
    let mut start = s[0] + s[1];
    let mut cases = Vec::new();
    for seg in dense_array(ir.ctx(), ir.attr(op, "case_operand_segments")).unwrap_or_default() {
        let len = usize::try_from(seg).unwrap_or(0);
        let end = (start + len).min(n);
        cases.push(start..end);
        start = end;
    }
    (default, cases)
}

fn print_switch(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let ops = ir.operands(op);
    let succ = ir.successors(op);
    let Some(&flag) = ops.first() else { return };
    let fty = ir.value_type(flag);
    let width = ir.ctx().int_width(fty).unwrap_or(64);
    p.write(" ");
    p.print_operand(flag);
    p.write(" : ");
    p.print_type(fty);
    p.write(", [");
    p.print_newline();
    p.write("  default: ");
    let (default, cases) = switch_ranges(ir, op);
    if let Some(&d) = succ.first() {
        p.print_successor_and_use_list(d, &ops[default]);
    }
    let values = case_values(ir, op).map(|(v, _)| v).unwrap_or_default();
    if !values.is_empty() {
        for (i, v) in values.iter().enumerate() {
            p.write(",");
            p.print_newline();
            let unsigned = if width >= 128 {
                *v as u128
            } else {
                (*v as u128) & ((1u128 << width) - 1)
            };
            p.write(&format!("  {unsigned}: "));
            let range = cases.get(i).cloned().unwrap_or(0..0);
            if let Some(&b) = succ.get(i + 1) {
                p.print_successor_and_use_list(b, &ops[range]);
            }
        }
        p.print_newline();
    }
    p.write("]");
    print_attrs(
        p,
        op,
        &[
            "case_operand_segments",
            "case_values",
            "operandSegmentSizes",
        ],
    );
}

fn verify_switch(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let ctx = ir.ctx();
    if ir.operands(op).is_empty() {
        v.error(
            op,
            "operand group starting at #0 requires 1 element, but found 0",
        );
        return;
    }
    let fty = ir.value_type(ir.operand(op, 0));
    if !ctx.is_integer(fty) {
        v.error(
            op,
            format!(
                "operand #0 must be integer, but got '{}'",
                type_str(ir, fty)
            ),
        );
        return;
    }
    let n_dests = ir.successors(op).len().saturating_sub(1);
    let (values, vty) = match ir.attr(op, "case_values") {
        None => (Vec::new(), fty),
        Some(_) => match case_values(ir, op) {
            Some(x) => x,
            None => {
                v.error(op, "attribute 'case_values' failed to satisfy constraint: integer elements attribute");
                return;
            }
        },
    };
    if values.len() != n_dests {
        v.error(
            op,
            format!(
                "number of case values ({}) should match number of case destinations ({n_dests})",
                values.len()
            ),
        );
        return;
    }
    if vty != fty {
        v.error(
            op,
            format!(
                "'flag' type ('{}') should match case value type ('{}')",
                type_str(ir, fty),
                type_str(ir, vty)
            ),
        );
        return;
    }
    verify_weights(v, op);
}

fn switch_successor_operands(ir: &Ir, op: Op, index: usize) -> Range<usize> {
    let (default, cases) = switch_ranges(ir, op);
    if index == 0 {
        default
    } else {
        cases.get(index - 1).cloned().unwrap_or(0..0)
    }
}

lattice_ir::def_op! {
    /// `cf.switch`
    pub static SWITCH: Switch = "cf.switch" {
        attrs: [BRANCH_WEIGHTS("branch_weights"), CASE_OPERAND_SEGMENTS("case_operand_segments"), CASE_VALUES("case_values"), OPERAND_SEGMENT_SIZES("operandSegmentSizes")],
        traits: Traits::PURE.with(Traits::TERMINATOR),
        parse: Some(parse_switch),
        print: Some(print_switch),
        verify: Some(verify_switch),
        successor_operands: Some(switch_successor_operands),
        canonicalize: Some(canonicalize_switch),
    }
}

// ----- cf.assert -----

fn parse_assert(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let cond = p.parse_operand()?;
    p.expect(",")?;
    let msg = p.parse_string()?;
    p.parse_optional_attr_dict(st)?;
    let i1 = p.ctx().i1_type();
    st.operands = vec![p.resolve_operand(&cond, i1)?];
    let (name, attr) = (p.intern("msg"), p.ctx().string_attr(&msg));
    st.add_attr(name, attr);
    Ok(())
}

fn print_assert(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.write(" ");
    p.print_operands(ir.operands(op));
    p.write(", ");
    if let Some(m) = ir.attr(op, "msg") {
        match ir.ctx().attr_data(m) {
            AttrData::String(_) => p.print_attribute(m),
            _ => p.write("\"\""),
        }
    }
    print_attrs(p, op, &["msg"]);
}

fn verify_assert(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    if ir.operands(op).len() != 1 {
        v.error(
            op,
            format!("expected 1 operands, but found {}", ir.operands(op).len()),
        );
        return;
    }
    let cty = ir.value_type(ir.operand(op, 0));
    if !matches!(
        ir.ctx().type_data(cty),
        TypeData::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    ) {
        v.error(
            op,
            format!(
                "operand #0 must be 1-bit signless integer, but got '{}'",
                type_str(ir, cty)
            ),
        );
        return;
    }
    if ir.attr(op, "msg").is_none() {
        v.error(op, "requires attribute 'msg'");
    }
}

lattice_ir::def_op! {
    /// `cf.assert`
    pub static ASSERT: Assert = "cf.assert" {
        attrs: [MSG("msg")],
        traits: Traits::NONE,
        parse: Some(parse_assert),
        print: Some(print_assert),
        verify: Some(verify_assert),
        canonicalize: Some(canonicalize_assert),
    }
}

// ---------------------------------------------------------------------------------------
// Canonicalization patterns (upstream's, in upstream's order).
// ---------------------------------------------------------------------------------------

/// The integer value of `v` if a constant-like op defines it as a scalar integer.
fn const_int(ir: &Ir, v: Value) -> Option<i128> {
    let d = ir.defining_op(v)?;
    if !ir.has_trait(d, Traits::CONSTANT_LIKE) {
        return None;
    }
    match ir.ctx().attr_data(ir.attr(d, "value")?) {
        AttrData::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// Creates a terminator `name` before `anchor` (at its location).
fn create_branch(
    ir: &mut Ir,
    anchor: Op,
    name: &str,
    operands: Vec<Value>,
    successors: Vec<Block>,
    attrs: Vec<(&str, Attr)>,
) -> Op {
    let loc = ir.loc(anchor);
    let mut st = OperationState::new(ir.ctx().intern_str(name), loc);
    st.operands = operands;
    st.successors = successors;
    for (n, a) in attrs {
        let n = ir.ctx().intern_str(n);
        st.add_attr(n, a);
    }
    let op = ir.create_op(st);
    ir.insert_op_before(anchor, op);
    op
}

/// Replaces terminator `op` with `cf.br dest(operands)`.
pub(crate) fn replace_with_br(ir: &mut Ir, op: Op, dest: Block, operands: Vec<Value>) {
    create_branch(ir, op, Br::NAME, operands, vec![dest], vec![]);
    ir.erase_op(op);
}

/// Replaces terminator `op` with a `cf.switch` on `flag`.
fn replace_with_switch(
    ir: &mut Ir,
    op: Op,
    flag: Value,
    (default, default_ops): (Block, Vec<Value>),
    cases: Vec<(Attr, Block, Vec<Value>)>,
) {
    let ctx = ir.ctx();
    let fty = ir.value_type(flag);
    let sizes = [
        1,
        default_ops.len() as i32,
        cases.iter().map(|c| c.2.len() as i32).sum::<i32>(),
    ];
    let segs: Vec<i32> = cases.iter().map(|c| c.2.len() as i32).collect();
    let mut attrs = vec![
        ("operandSegmentSizes", ctx.dense_i32_array(&sizes)),
        ("case_operand_segments", ctx.dense_i32_array(&segs)),
    ];
    if !cases.is_empty() {
        let vty = ctx.ty(TypeData::Vector {
            shape: vec![cases.len() as i64],
            scalable: vec![false],
            element: fty,
        });
        let values = compress(cases.iter().map(|c| c.0).collect());
        attrs.push((
            "case_values",
            ctx.attr(AttrData::DenseElements { ty: vty, values }),
        ));
    }
    let mut operands = vec![flag];
    operands.extend(default_ops);
    let mut succ = vec![default];
    for (_, b, ops) in cases {
        succ.push(b);
        operands.extend(ops);
    }
    create_branch(ir, op, Switch::NAME, operands, succ, attrs);
    ir.erase_op(op);
}

/// Upstream's `collapseBranch`: if `succ` holds nothing but a `cf.br` (to another block)
/// whose only uses of `succ`'s arguments are its operands, the edge can go straight to
/// that branch's destination; returns the new destination and operands.
fn collapse_branch(ir: &Ir, succ: Block, operands: &[Value]) -> Option<(Block, Vec<Value>)> {
    let br = ir.first_op(succ)?;
    if ir.next_op(br).is_some() || !ir.isa::<Br>(br) {
        return None;
    }
    for &arg in ir.block_args(succ) {
        if ir.uses(arg).iter().any(|u| u.op != br) {
            return None;
        }
    }
    let dest = *ir.successors(br).first()?;
    if dest == succ {
        return None;
    }
    let new_ops = ir
        .operands(br)
        .iter()
        .map(|&v| match ir.value_def(v) {
            ValueDef::Argument { block, index } if block == succ => {
                operands.get(index as usize).copied().unwrap_or(v)
            }
            _ => v,
        })
        .collect();
    Some((dest, new_ops))
}

fn canonicalize_switch(ir: &mut Ir, op: Op) -> bool {
    let succ = ir.successors(op).to_vec();
    let Some(&flag) = ir.operands(op).first() else {
        return false;
    };
    let Some(&default) = succ.first() else {
        return false;
    };
    let (dr, case_ranges) = switch_ranges(ir, op);
    let default_ops = ir.operands(op)[dr].to_vec();
    let Some((values, _)) = case_values(ir, op).or(Some((Vec::new(), ir.value_type(flag)))) else {
        return false;
    };
    if values.len() != succ.len() - 1 || case_ranges.len() != values.len() {
        return false;
    }
    let ctx = ir.ctx();
    let fty = ir.value_type(flag);
    let mut cases: Vec<(Attr, Block, Vec<Value>)> = values
        .iter()
        .zip(&succ[1..])
        .zip(&case_ranges)
        .map(|((&v, &b), r)| (ctx.int_attr(v, fty), b, ir.operands(op)[r.clone()].to_vec()))
        .collect();
    // SimplifySwitchWithOnlyDefault
    if cases.is_empty() {
        replace_with_br(ir, op, default, default_ops);
        return true;
    }
    // DropSwitchCasesThatMatchDefault
    let before = cases.len();
    cases.retain(|(_, b, ops)| !(*b == default && *ops == default_ops));
    if cases.len() != before {
        replace_with_switch(ir, op, flag, (default, default_ops), cases);
        return true;
    }
    // SimplifyConstSwitchValue
    if let Some(c) = const_int(ir, flag) {
        let c = ir.ctx().normalize_int(c, fty);
        let hit = cases
            .iter()
            .find(|(v, _, _)| ir.ctx().int_value(*v) == Some(c));
        let (dest, ops) = match hit {
            Some((_, b, ops)) => (*b, ops.clone()),
            None => (default, default_ops),
        };
        replace_with_br(ir, op, dest, ops);
        return true;
    }
    // SimplifyPassThroughSwitch
    let mut changed = false;
    let new_default = match collapse_branch(ir, default, &default_ops) {
        Some(x) => {
            changed = true;
            x
        }
        None => (default, default_ops),
    };
    for case in cases.iter_mut() {
        if let Some((b, ops)) = collapse_branch(ir, case.1, &case.2) {
            case.1 = b;
            case.2 = ops;
            changed = true;
        }
    }
    if changed {
        replace_with_switch(ir, op, flag, new_default, cases);
        return true;
    }
    false
}

fn canonicalize_assert(ir: &mut Ir, op: Op) -> bool {
    // assert(true) is a no-op.
    match ir.operands(op).first() {
        Some(&c) if const_int(ir, c).is_some_and(|v| v != 0) => {
            ir.erase_op(op);
            true
        }
        _ => false,
    }
}

lattice_ir::def_op_kinds! {
    /// Which `cf` op an op is (`CfKind::of(ir, op)`), for a `match` over many `cf` ops
    /// without spelling their names; `CfKind::ALL` is what [`register`] registers.
    pub enum CfKind {
        Assert,
        Br,
        CondBr,
        Switch,
    }
}

/// Registers the `cf` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("cf");
    ctx.register_ops(CfKind::ALL);
    // Every op may be inlined anywhere (MLIR's dialect inliner interface).
    ctx.register_inliner(CfKind::ALL, &lattice_ir::registry::DialectInliner::ALWAYS);
}
