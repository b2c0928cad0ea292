//! `affine-expand-index-ops`: lowers `affine.delinearize_index` and
//! `affine.linearize_index` to `arith` ops, as upstream does: strides are suffix products
//! of the basis (the outer bound, when given, is not needed); delinearization takes a
//! `floordivsi` by the outermost stride and, for inner results, a non-negative remainder
//! (`remsi` corrected by `select` for negative values) divided by the next stride;
//! linearization sums `index * stride` with `nsw` arithmetic.
//!
//! An op whose results feed another affine op (as a map operand, where a valid dimension
//! or symbol is required) is expanded into `affine.apply` ops instead, as
//! `affine-expand-index-ops-as-affine` does: `arith` results are not valid dimensions, so
//! upstream's lowering would leave such users invalid.
//!
//! Declines (keeps the op) only on malformed ops (a basis that does not match the
//! operand or result counts), which the verifier reports.

use super::expand_index_ops_as_affine::{self as as_affine, mixed, Term};
use crate::views::{AffineDelinearizeIndex, AffineKind, AffineLinearizeIndex};
use lattice_dialects::arith;
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{PassDef, PassOptions};
use lattice_ir::store::WalkOrder;
use lattice_ir::{Attr, AttrData, Ir, Op, OperationState, Value};

/// Options of `affine-expand-index-ops` (it has none).
#[derive(Clone, Debug, Default)]
pub struct ExpandIndexOpsOptions {}

/// The `affine-expand-index-ops` pass.
pub static EXPAND_INDEX_OPS: PassDef = PassDef {
    name: "affine-expand-index-ops",
    display_name: "AffineExpandIndexOps",
    summary: "Lower affine operations operating on indices into more fundamental operations",
    anchor: None,
    options: &[],
    configure: lattice_ir::pass::configure::<lattice_ir::pass::NoOptions>,
    run: run_expand,
};

fn run_expand(ir: &mut Ir, op: Op, _options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    expand_index_ops(ir, op, &ExpandIndexOpsOptions::default())
}

/// Builds arith ops before an anchor op.
struct Builder {
    anchor: Op,
    loc: Attr,
}

impl Builder {
    fn op(
        &self,
        ir: &mut Ir,
        kind: arith::ArithKind,
        operands: Vec<Value>,
        attrs: &[(&str, Attr)],
    ) -> Value {
        let ctx = ir.ctx();
        let mut st = OperationState::new(ctx.intern_str(kind.name()), self.loc);
        st.operands = operands.clone();
        st.result_types = vec![if kind == arith::ArithKind::CmpI {
            ctx.int_type(1)
        } else {
            ir.value_type(operands[operands.len() - 1])
        }];
        for (k, v) in attrs {
            st.add_attr(ctx.intern_str(k), *v);
        }
        let op = ir.create_op(st);
        ir.insert_op_before(self.anchor, op);
        ir.result(op, 0)
    }

    fn constant(&self, ir: &mut Ir, v: i64) -> Value {
        let ctx = ir.ctx();
        let mut st = OperationState::new(ctx.intern_str(arith::Constant::NAME), self.loc);
        st.add_attr(ctx.intern_str("value"), ctx.index_attr(v));
        st.result_types = vec![ctx.index_type()];
        let op = ir.create_op(st);
        ir.insert_op_before(self.anchor, op);
        ir.result(op, 0)
    }

    fn nsw(ir: &Ir) -> Attr {
        ir.ctx()
            .attr(AttrData::Dialect("arith.overflow<nsw>".to_string()))
    }

    fn mul(&self, ir: &mut Ir, a: Value, b: Value) -> Value {
        let f = Builder::nsw(ir);
        self.op(
            ir,
            arith::ArithKind::MulI,
            vec![a, b],
            &[("overflowFlags", f)],
        )
    }

    /// A product of basis entries (positive, so neither wraps): `nsw, nuw`.
    fn mul_basis(&self, ir: &mut Ir, a: Value, b: Value) -> Value {
        let f = ir
            .ctx()
            .attr(AttrData::Dialect("arith.overflow<nsw, nuw>".to_string()));
        self.op(
            ir,
            arith::ArithKind::MulI,
            vec![a, b],
            &[("overflowFlags", f)],
        )
    }

    fn add(&self, ir: &mut Ir, a: Value, b: Value) -> Value {
        let f = Builder::nsw(ir);
        self.op(
            ir,
            arith::ArithKind::AddI,
            vec![a, b],
            &[("overflowFlags", f)],
        )
    }

    /// `x mod s` in `[0, s)` for positive `s`.
    fn pos_rem(&self, ir: &mut Ir, x: Value, s: Value, zero: Value) -> Value {
        let r = self.op(ir, arith::ArithKind::RemSI, vec![x, s], &[]);
        let slt = ir.ctx().i64_attr(2);
        let neg = self.op(
            ir,
            arith::ArithKind::CmpI,
            vec![r, zero],
            &[("predicate", slt)],
        );
        let fixed = self.add(ir, r, s);
        self.op(ir, arith::ArithKind::Select, vec![neg, fixed, r], &[])
    }
}

/// The basis of an op: `static_basis` with `DYNAMIC` entries taken from `dynamic`.
fn basis(ir: &Ir, op: Op, dynamic: &[Value]) -> Option<Vec<Term>> {
    mixed(ir, op, "static_basis", dynamic)
}

/// Suffix products of `extents` (`strides[i] = extents[i] * ... * extents[n-1]`),
/// materialized, with constants multiplied at compile time.
fn strides(ir: &mut Ir, b: &Builder, extents: &[Term]) -> Option<Vec<Value>> {
    let mut out = Vec::with_capacity(extents.len());
    let mut constant: i64 = 1;
    let mut dynamic: Option<Value> = None;
    for e in extents.iter().rev() {
        match *e {
            Term::Const(c) => constant = constant.checked_mul(c)?,
            Term::Val(v) => {
                dynamic = Some(match dynamic {
                    None => v,
                    Some(d) => b.mul_basis(ir, d, v),
                })
            }
        }
        let s = match dynamic {
            None => b.constant(ir, constant),
            Some(d) if constant == 1 => d,
            Some(d) => {
                let c = b.constant(ir, constant);
                b.mul_basis(ir, d, c)
            }
        };
        out.push(s);
    }
    out.reverse();
    Some(out)
}

fn expand_delinearize(ir: &mut Ir, op: Op) -> bool {
    let operands = ir.operands(op).to_vec();
    let Some((&x, dynamic)) = operands.split_first() else {
        return false;
    };
    let Some(basis) = basis(ir, op, dynamic) else {
        return false;
    };
    let n = ir.results(op).len();
    let inner: &[Term] = if n == basis.len() && n > 0 {
        &basis[1..]
    } else if n == basis.len() + 1 {
        &basis
    } else {
        return false;
    };
    let b = Builder {
        anchor: op,
        loc: ir.loc(op),
    };
    let mut values = Vec::with_capacity(n);
    if n == 1 {
        values.push(x);
    } else {
        let Some(strides) = strides(ir, &b, inner) else {
            return false;
        };
        let zero = b.constant(ir, 0);
        values.push(b.op(ir, arith::ArithKind::FloorDivSI, vec![x, strides[0]], &[]));
        for i in 1..n {
            let r = b.pos_rem(ir, x, strides[i - 1], zero);
            values.push(if i + 1 < n {
                b.op(ir, arith::ArithKind::DivSI, vec![r, strides[i]], &[])
            } else {
                r
            });
        }
    }
    let results = ir.results(op).to_vec();
    for (r, v) in results.into_iter().zip(values) {
        ir.replace_all_uses(r, v);
    }
    ir.erase_op(op);
    true
}

fn expand_linearize(ir: &mut Ir, op: Op) -> bool {
    let operands = ir.operands(op).to_vec();
    let Some(AttrData::DenseArray { values: seg, .. }) = ir
        .attr(op, "operandSegmentSizes")
        .map(|a| ir.ctx().attr_data(a))
    else {
        return false;
    };
    let k = seg.first().copied().unwrap_or(0) as usize;
    if k > operands.len() || k == 0 {
        return false;
    }
    let (indices, dynamic) = operands.split_at(k);
    let Some(basis) = basis(ir, op, dynamic) else {
        return false;
    };
    let inner: &[Term] = if basis.len() == k {
        &basis[1..]
    } else if basis.len() + 1 == k {
        &basis
    } else {
        return false;
    };
    let b = Builder {
        anchor: op,
        loc: ir.loc(op),
    };
    let Some(strides) = strides(ir, &b, inner) else {
        return false;
    };
    let mut sum: Option<Value> = None;
    for (i, &idx) in indices.iter().enumerate() {
        let term = match inner
            .get(i..)
            .map(|rest| rest.iter().all(|e| matches!(e, Term::Const(1))))
        {
            Some(false) => b.mul(ir, idx, strides[i]),
            _ => idx,
        };
        sum = Some(match sum {
            None => term,
            Some(s) => b.add(ir, s, term),
        });
    }
    let Some(sum) = sum else {
        return false;
    };
    let r = ir.result(op, 0);
    ir.replace_all_uses(r, sum);
    ir.erase_op(op);
    true
}

/// Runs the pass on everything nested in `root`, then drops constants left unused.
pub fn expand_index_ops(
    ir: &mut Ir,
    root: Op,
    _options: &ExpandIndexOpsOptions,
) -> Result<(), Vec<Diagnostic>> {
    let mut applies = false;
    for op in ir.walk_ops(root, WalkOrder::PostOrder) {
        if !ir.contains_op(op) {
            continue;
        }
        let delinearize = ir.isa::<AffineDelinearizeIndex>(op);
        if !delinearize && !ir.isa::<AffineLinearizeIndex>(op) {
            continue;
        }
        match (delinearize, feeds_affine_op(ir, op)) {
            (true, false) => _ = expand_delinearize(ir, op),
            (false, false) => _ = expand_linearize(ir, op),
            (true, true) => applies |= as_affine::expand_delinearize(ir, op).is_some(),
            (false, true) => applies |= as_affine::expand_linearize(ir, op).is_some(),
        }
    }
    if applies {
        // A later expansion composes the earlier applies it uses, leaving them dead.
        as_affine::erase_trivially_dead(ir, root);
    }
    Ok(())
}

/// Whether a result of `op` is an operand of another affine op other than
/// `affine.yield`, directly or through index ops: such a use may need a valid dimension
/// or symbol, which only an `affine.apply` expansion keeps (the index ops themselves take
/// any index, but are expanded into `affine.apply` when they feed such a use).
fn feeds_affine_op(ir: &Ir, op: Op) -> bool {
    ir.results(op).iter().any(|&r| {
        ir.uses(r).iter().any(|u| match AffineKind::of(ir, u.op) {
            None | Some(AffineKind::Yield) => false,
            Some(AffineKind::DelinearizeIndex | AffineKind::LinearizeIndex) => {
                feeds_affine_op(ir, u.op)
            }
            Some(_) => true,
        })
    })
}
