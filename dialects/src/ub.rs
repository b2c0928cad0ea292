//! The `ub` dialect (LLVM 22), reduced to what Lattice's passes use: `ub.poison`, the
//! value of any type that carries no defined contents (mlir-opt's padding of
//! `vector.transfer_read`).
//!
//! Invariants: every `ub.poison` stores its `value` property, `#ub.poison` (filled when
//! parsed in either form or built by a pass), and the verifier accepts no other value.
//! The op is constant-like and pure, as upstream's, so canonicalize hoists and uniques it
//! and CSE merges it. Code generators may give it any value of its type (LLVM `poison`;
//! zero where a target has no poison).

use super::arith::{check_counts, custom_error};
use lattice_ir::attrs::{Attr, AttrData};
use lattice_ir::context::Context;
use lattice_ir::parser::{PResult, Parser};
use lattice_ir::printer::Printer;
use lattice_ir::registry::Traits;
use lattice_ir::store::{Op, OperationState};
use lattice_ir::types::Type;
use lattice_ir::verifier::Verifier;

/// The spelling of the only value a `ub.poison` carries.
const POISON: &str = Poison::NAME;

/// The `#ub.poison` attribute.
pub fn poison_attr(ctx: &Context) -> Attr {
    ctx.attr(AttrData::Dialect(POISON.into()))
}

fn is_poison_attr(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_data(a), AttrData::Dialect(t) if t == POISON)
}

/// `ub.poison attr-dict (`<` #ub.poison `>`)? : type`.
fn parse_poison(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    if p.eat("<") {
        let span = p.current_span();
        let value = p.parse_attribute(None)?;
        if !is_poison_attr(p.ctx(), value) {
            return Err(custom_error(
                p,
                st,
                span,
                "invalid kind of attribute specified",
            ));
        }
        p.expect(">")?;
        let name = p.intern("value");
        st.add_attr(name, value);
    }
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    st.result_types.push(ty);
    Ok(())
}

/// The value is always the default `#ub.poison` (verified), so it is never printed.
fn print_poison(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    p.print_optional_attr_dict(op, &["value"]);
    p.write(" : ");
    let ty = ir.value_type(ir.result(op, 0));
    p.print_type(ty);
}

fn verify_poison(v: &mut Verifier<'_>, op: Op) {
    if !check_counts(v, op, 0, 1) {
        return;
    }
    let ir = v.ir();
    if let Some(a) = ir.attr(op, "value") {
        if !is_poison_attr(ir.ctx(), a) {
            v.error(
                op,
                "attribute 'value' failed to satisfy constraint: Poison attribute",
            );
        }
    }
}

/// Fills the `value` property (`#ub.poison`) when absent.
fn poison_defaults(ctx: &Context, st: &mut OperationState) {
    let name = ctx.intern_str("value");
    if st.attr(name).is_none() {
        st.add_attr(name, poison_attr(ctx));
    }
}

/// `ub.poison` of type `ty` for the constant `#ub.poison` (MLIR's `ub` constant
/// materializer).
fn materialize_poison(ctx: &Context, attr: Attr, ty: Type, loc: Attr) -> Option<OperationState> {
    if !is_poison_attr(ctx, attr) {
        return None;
    }
    let mut state = OperationState::new(ctx.intern_str(Poison::NAME), loc);
    state.add_attr(ctx.intern_str(Poison::VALUE), attr);
    state.result_types.push(ty);
    Some(state)
}

lattice_ir::def_op! {
    pub static POISON_OP: Poison = "ub.poison" {
        attrs: [VALUE("value")],
        traits: Traits::PURE.with(Traits::CONSTANT_LIKE),
        parse: Some(parse_poison),
        print: Some(print_poison),
        verify: Some(verify_poison),
        generic_defaults: Some(poison_defaults),
        materialize_constant: Some(materialize_poison),
    }
}

lattice_ir::def_op_kinds! {
    /// Which `ub` op an op is (`UbKind::of(ir, op)`), for a `match` over many `ub` ops
    /// without spelling their names; `UbKind::ALL` is what [`register`] registers.
    pub enum UbKind {
        Poison,
    }
}

/// Registers the `ub` dialect's ops.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect("ub");
    ctx.register_ops(UbKind::ALL);
    // Every op may be inlined anywhere (MLIR's dialect inliner interface).
    ctx.register_inliner(UbKind::ALL, &lattice_ir::registry::DialectInliner::ALWAYS);
}
