//! The `cf` dialect: `cf.br`, `cf.cond_br`, `cf.switch` and `cf.assert`, with mlir-opt's
//! custom forms, verifiers and `successor_operands` hooks (the core verifier checks
//! branch operands against successor arguments through those hooks), and upstream's
//! canonicalization patterns (`cf.br` and `cf.cond_br` rewrite through the greedy
//! driver's [`Rewriter`], so that it revisits exactly what they touched).
//!
//! Invariants: `cf.cond_br` and `cf.switch` always carry `operandSegmentSizes`
//! (`[1, #true/default operands, #false/case operands]`), `cf.switch` always carries
//! `case_operand_segments` (one entry per case) and `case_values` exactly when it has
//! cases (a `vector<N x flag type>` dense attribute), as mlir-opt stores them.

use super::arith::{self, custom_error, type_str};
use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::context::Context;
use lattice_ir::parser::{PResult, Parser};
use lattice_ir::passes::canonicalize::{constant_of, predecessors};
use lattice_ir::printer::Printer;
use lattice_ir::registry::{Rewriter, Traits};
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
        rewrite: Some(rewrite_br),
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

/// The destination of `cf.cond_br` when its condition is constant.
fn cond_br_taken(ir: &Ir, _op: Op, consts: &[Option<Attr>]) -> Option<usize> {
    let cond = ir.ctx().int_value((*consts.first()?)?)?;
    Some(if cond != 0 { 0 } else { 1 })
}

lattice_ir::def_op! {
    /// `cf.cond_br`
    pub static COND_BR: CondBr = "cf.cond_br" {
        attrs: [BRANCH_WEIGHTS("branch_weights"), OPERAND_SEGMENT_SIZES("operandSegmentSizes")],
        traits: Traits::PURE.with(Traits::TERMINATOR),
        parse: Some(parse_cond_br),
        print: Some(print_cond_br),
        verify: Some(verify_cond_br),
        rewrite: Some(rewrite_cond_br),
        successor_operands: Some(cond_br_successor_operands),
        taken_successor: Some(cond_br_taken),
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

/// The destination of `cf.switch` when its flag is constant: the matching case, else the
/// default.
fn switch_taken(ir: &Ir, op: Op, consts: &[Option<Attr>]) -> Option<usize> {
    let flag = ir.ctx().int_value((*consts.first()?)?)?;
    let values = case_values(ir, op).map(|(v, _)| v).unwrap_or_default();
    Some(values.iter().position(|&v| v == flag).map_or(0, |i| i + 1))
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
        taken_successor: Some(switch_taken),
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

/// `cf.br`'s patterns: merge the destination into the branch's block when the branch is
/// its only predecessor, else skip a pass-through destination.
fn rewrite_br(rw: &mut dyn Rewriter, op: Op) -> bool {
    merge_branch_destination(rw, op) || pass_through_br(rw, op)
}

/// `cf.cond_br`'s patterns, in upstream's order: a constant condition, pass-through
/// destinations, identical successors (with `arith.select`), a condition decided by the
/// predecessor's branch; else propagate the condition's truth into the destinations.
fn rewrite_cond_br(rw: &mut dyn Rewriter, op: Op) -> bool {
    if const_cond_br(rw, op)
        || pass_through_cond_br(rw, op)
        || cond_br_identical_successors(rw, op)
        || cond_br_on_same_condition(rw, op)
    {
        return true;
    }
    rw.ir().contains_op(op) && cond_br_truth_propagation(rw, op)
}

/// Replaces terminator `op` with `cf.br dest(operands)`, notifying the driver.
fn rewrite_to_br(rw: &mut dyn Rewriter, op: Op, dest: Block, operands: Vec<Value>) {
    let br = create_branch(rw.ir_mut(), op, Br::NAME, operands, vec![dest], vec![]);
    rw.notify(br);
    rw.erase_op(op);
}

/// Replaces terminator `op` with a `cf.cond_br` on `cond`, notifying the driver.
fn rewrite_to_cond_br(
    rw: &mut dyn Rewriter,
    op: Op,
    cond: Value,
    (t, t_ops): (Block, Vec<Value>),
    (f, f_ops): (Block, Vec<Value>),
) {
    let ctx = rw.ir().ctx();
    let segments = ctx.dense_i32_array(&[1, t_ops.len() as i32, f_ops.len() as i32]);
    let operands = std::iter::once(cond).chain(t_ops).chain(f_ops).collect();
    let attrs = vec![("operandSegmentSizes", segments)];
    let br = create_branch(rw.ir_mut(), op, CondBr::NAME, operands, vec![t, f], attrs);
    rw.notify(br);
    rw.erase_op(op);
}

/// The operands `op` forwards to successor `index`.
fn forwarded(ir: &Ir, op: Op, index: usize) -> Vec<Value> {
    let Some(hook) = ir.op_def(op).and_then(|d| d.successor_operands) else {
        return Vec::new();
    };
    let range = hook(ir, op, index);
    ir.operands(op)
        .get(range)
        .map(<[Value]>::to_vec)
        .unwrap_or_default()
}

/// `cf.br ^bb1` where `^bb1` only branches on: branch there directly.
fn pass_through_br(rw: &mut dyn Rewriter, op: Op) -> bool {
    let &[dest] = rw.ir().successors(op) else {
        return false;
    };
    if Some(dest) == rw.ir().op_parent(op) {
        return false;
    }
    let operands = rw.ir().operands(op).to_vec();
    let Some((next, next_operands)) = collapse_branch(rw.ir(), dest, &operands) else {
        return false;
    };
    rewrite_to_br(rw, op, next, next_operands);
    true
}

/// `cf.cond_br` on a constant: an unconditional branch.
fn const_cond_br(rw: &mut dyn Rewriter, op: Op) -> bool {
    let Some(&cond) = rw.ir().operands(op).first() else {
        return false;
    };
    let Some(value) = constant_of(rw.ir(), cond).and_then(|a| rw.ir().ctx().int_value(a)) else {
        return false;
    };
    let index = if value != 0 { 0 } else { 1 };
    let Some(&dest) = rw.ir().successors(op).get(index) else {
        return false;
    };
    let operands = forwarded(rw.ir(), op, index);
    rewrite_to_br(rw, op, dest, operands);
    true
}

/// `cf.cond_br` to blocks that only branch on: branch to their destinations.
fn pass_through_cond_br(rw: &mut dyn Rewriter, op: Op) -> bool {
    let &[t, f] = rw.ir().successors(op) else {
        return false;
    };
    let (t_ops, f_ops) = (forwarded(rw.ir(), op, 0), forwarded(rw.ir(), op, 1));
    let ct = collapse_branch(rw.ir(), t, &t_ops);
    let cf = collapse_branch(rw.ir(), f, &f_ops);
    if ct.is_none() && cf.is_none() {
        return false;
    }
    let cond = rw.ir().operand(op, 0);
    let tt = ct.unwrap_or((t, t_ops));
    let ff = cf.unwrap_or((f, f_ops));
    rewrite_to_cond_br(rw, op, cond, tt, ff);
    true
}

/// `cf.cond_br %c, ^bb(A), ^bb(B)`: `cf.br ^bb(select)` (selects only when this
/// block is the destination's only predecessor block).
fn cond_br_identical_successors(rw: &mut dyn Rewriter, op: Op) -> bool {
    let &[t, f] = rw.ir().successors(op) else {
        return false;
    };
    if t != f {
        return false;
    }
    let (t_ops, f_ops) = (forwarded(rw.ir(), op, 0), forwarded(rw.ir(), op, 1));
    if t_ops == f_ops {
        rewrite_to_br(rw, op, t, t_ops);
        return true;
    }
    let here = rw.ir().op_parent(op);
    if predecessors(rw.ir(), t)
        .iter()
        .any(|&(p, _)| rw.ir().op_parent(p) != here)
    {
        return false;
    }
    if rw.ir().ctx().op_def(arith::Select::NAME).is_none() {
        return false;
    }
    let cond = rw.ir().operand(op, 0);
    let mut merged = Vec::new();
    for (&a, &b) in t_ops.iter().zip(&f_ops) {
        if a == b {
            merged.push(a);
            continue;
        }
        let ctx = rw.ir().ctx();
        let mut state = OperationState::new(ctx.intern_str(arith::Select::NAME), rw.ir().loc(op));
        state.operands = vec![cond, a, b];
        state.result_types = vec![rw.ir().value_type(a)];
        let select = rw.ir_mut().create_op(state);
        rw.ir_mut().insert_op_before(op, select);
        rw.notify(select);
        merged.push(rw.ir().result(select, 0));
    }
    rewrite_to_br(rw, op, t, merged);
    true
}

/// A `cf.cond_br` whose block's only predecessor branched on the same condition.
fn cond_br_on_same_condition(rw: &mut dyn Rewriter, op: Op) -> bool {
    let Some(block) = rw.ir().op_parent(op) else {
        return false;
    };
    let preds = predecessors(rw.ir(), block);
    let [(pred, _)] = preds.as_slice() else {
        return false;
    };
    if !rw.ir().isa::<CondBr>(*pred)
        || rw.ir().operands(*pred).first() != rw.ir().operands(op).first()
    {
        return false;
    }
    let index = if rw.ir().successors(*pred).first() == Some(&block) {
        0
    } else {
        1
    };
    let Some(&dest) = rw.ir().successors(op).get(index) else {
        return false;
    };
    let operands = forwarded(rw.ir(), op, index);
    rewrite_to_br(rw, op, dest, operands);
    true
}

/// Uses of the condition directly in a destination whose only predecessor is this
/// branch become `true` / `false` constants.
fn cond_br_truth_propagation(rw: &mut dyn Rewriter, op: Op) -> bool {
    let &[t, f] = rw.ir().successors(op) else {
        return false;
    };
    let cond = rw.ir().operand(op, 0);
    let mut replaced = false;
    for (dest, value) in [(t, true), (f, false)] {
        if predecessors(rw.ir(), dest).len() != 1 {
            continue;
        }
        let uses: Vec<_> = rw
            .ir()
            .uses(cond)
            .iter()
            .rev()
            .copied()
            .filter(|u| rw.ir().op_parent(u.op) == Some(dest))
            .collect();
        if uses.is_empty() {
            continue;
        }
        let ctx = rw.ir().ctx();
        let mut state = OperationState::new(ctx.intern_str(arith::Constant::NAME), rw.ir().loc(op));
        state.add_attr(ctx.intern_str("value"), ctx.bool_attr(value));
        state.result_types = vec![ctx.i1_type()];
        let c = rw.ir_mut().create_op(state);
        rw.ir_mut().insert_op_before(op, c);
        rw.notify(c);
        let cv = rw.ir().result(c, 0);
        for u in uses {
            rw.ir_mut().set_operand(u.op, u.index as usize, cv);
            rw.notify(u.op);
        }
        replaced = true;
    }
    replaced
}

/// `cf.br ^succ(args)` where the branch is the only predecessor of `^succ` (and
/// `^succ` is not the branch's own block): erase the branch and append `^succ`'s
/// ops to the branch's block, its arguments replaced by `args`.
fn merge_branch_destination(rw: &mut dyn Rewriter, br: Op) -> bool {
    let [succ] = rw.ir().successors(br) else {
        return false;
    };
    let succ = *succ;
    let Some(parent) = rw.ir().op_parent(br) else {
        return false;
    };
    if succ == parent || predecessor_count(rw.ir(), succ) != 1 {
        return false;
    }
    let args = rw.ir().operands(br).to_vec();
    if args.len() != rw.ir().block_args(succ).len() {
        return false;
    }
    rw.erase_op(br);
    let block_args = rw.ir().block_args(succ).to_vec();
    for (&a, &v) in block_args.iter().zip(&args) {
        let mut users: Vec<Op> = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        for u in rw.ir().uses(a).iter().rev() {
            if seen.insert(u.op) {
                users.push(u.op);
            }
        }
        rw.ir_mut().replace_all_uses(a, v);
        for u in users {
            rw.notify(u);
        }
    }
    while let Some(o) = rw.ir().first_op(succ) {
        rw.ir_mut().detach_op(o);
        rw.ir_mut().append_op(parent, o);
        rw.notify(o);
    }
    rw.ir_mut().erase_block(succ);
    true
}

/// How many successor slots of terminators in `block`'s region name `block`.
fn predecessor_count(ir: &Ir, block: Block) -> usize {
    let Some(region) = ir.block_parent(block) else {
        return 0;
    };
    ir.region_blocks(region)
        .filter_map(|b| ir.last_op(b))
        .map(|t| ir.successors(t).iter().filter(|&&s| s == block).count())
        .sum()
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
