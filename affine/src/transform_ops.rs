//! The affine transform ops (MLIR's `AffineTransformOps`), applied by the
//! `transform-interpreter` pass: `transform.affine.simplify_bounded_affine_ops %targets
//! with [%values : types] within [lbs] and [ubs] : type` simplifies each targeted
//! `affine.min` / `affine.max` knowing that each payload op of the `i`-th value handle
//! has a result in `[lbs[i], ubs[i])` (the upper bound is exclusive, as upstream).
//!
//! The rewrite follows upstream's greedy driver restricted to the targets and the ops it
//! creates (`ExistingAndNewOps`): each op on the LIFO worklist is erased when trivially
//! dead, else folded (constants materialized as `arith.constant` right before it), else
//! canonicalized (min/max only), else simplified under the bounds
//! ([`simplify_bounded_min_max`]) into an `affine.apply`, which folds in turn.
//!
//! Invariants: only targets and ops created here are rewritten; the target handle is
//! consumed; payload errors are located at the transform op with a note at the payload op.

use crate::analysis::bounded::{simplify_bounded_min_max, Bounds};
use crate::passes::expand_index_ops_as_affine::insert_constant;
use crate::passes::simplify_structures::ValueMap;
use crate::util::{dense_array, map_attr};
use crate::views::{AffineApply, AffineMax, AffineMin};
use lattice_dialects::formats::parse_int_list;
use lattice_dialects::transform::verify_handle_types;
use lattice_ir::diag::{DiagLoc, Diagnostic};
use lattice_ir::parser::{Delimiter, PResult, Parser};
use lattice_ir::passes::canonicalize::constant_value;
use lattice_ir::passes::is_trivially_dead;
use lattice_ir::printer::Printer;
use lattice_ir::transform::{op_error, TransformState};
use lattice_ir::verifier::Verifier;
use lattice_ir::{Attr, FoldResult, Ir, Op, OperationState, Type, Value};
use rustc_hash::FxHashSet;

lattice_ir::def_op! {
    /// `transform.affine.simplify_bounded_affine_ops %target with [%v, ... : t, ...]
    /// within [lbs] and [ubs] : t`.
    pub static SIMPLIFY_BOUNDED_AFFINE_OPS: SimplifyBoundedAffineOps = "transform.affine.simplify_bounded_affine_ops" {
        attrs: [
            LOWER_BOUNDS("lower_bounds") -> lower_bounds_attr: attr,
            UPPER_BOUNDS("upper_bounds") -> upper_bounds_attr: attr,
        ],
        parse: Some(parse_simplify),
        print: Some(print_simplify),
        verify: Some(verify_simplify),
        transform_apply: Some(apply_simplify),
    }
}

fn parse_simplify(p: &mut Parser<'_>, st: &mut OperationState) -> PResult<()> {
    let target = p.parse_operand()?;
    p.expect("with")?;
    p.expect("[")?;
    let span = p.current_span();
    let values = p.parse_operand_list(Delimiter::None)?;
    let types = if values.is_empty() {
        Vec::new()
    } else {
        p.parse_colon_type_list()?
    };
    p.expect("]")?;
    p.expect("within")?;
    let lower = parse_int_list(p)?;
    p.expect("and")?;
    let upper = parse_int_list(p)?;
    p.parse_optional_attr_dict(st)?;
    let ty = p.parse_colon_type()?;
    let mut operands = vec![p.resolve_operand(&target, ty)?];
    operands.extend(p.resolve_operands(&values, &types, span)?);
    st.operands = operands;
    for (name, bounds) in [("lower_bounds", lower), ("upper_bounds", upper)] {
        let (name, attr) = (p.intern(name), p.ctx().dense_i64_array(&bounds));
        st.add_attr(name, attr);
    }
    Ok(())
}

/// mlir-opt 22 writes no space between `with` and `[`.
fn print_simplify(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir();
    let Some((&target, values)) = ir.operands(op).split_first() else {
        return;
    };
    p.write(" ");
    p.print_operand(target);
    p.write(" with[");
    if !values.is_empty() {
        p.print_operands(values);
        p.write(" : ");
        let types: Vec<Type> = values.iter().map(|&v| ir.value_type(v)).collect();
        p.print_types(&types);
    }
    p.write("]");
    let view = SimplifyBoundedAffineOps(op);
    for (word, attr) in [
        (" within ", view.lower_bounds_attr(ir)),
        (" and ", view.upper_bounds_attr(ir)),
    ] {
        p.write(word);
        let list = dense_array(ir.ctx(), attr).unwrap_or_default();
        let text: Vec<String> = list.iter().map(i64::to_string).collect();
        p.write(&format!("[{}]", text.join(", ")));
    }
    p.print_optional_attr_dict(
        op,
        &[
            SimplifyBoundedAffineOps::LOWER_BOUNDS,
            SimplifyBoundedAffineOps::UPPER_BOUNDS,
        ],
    );
    p.write(" : ");
    p.print_type(ir.value_type(target));
}

impl SimplifyBoundedAffineOps {
    /// The lower and upper bounds, when both are dense `i64` arrays.
    fn bounds(self, ir: &Ir) -> Option<(Vec<i64>, Vec<i64>)> {
        let ctx = ir.ctx();
        Some((
            dense_array(ctx, self.lower_bounds_attr(ir))?,
            dense_array(ctx, self.upper_bounds_attr(ir))?,
        ))
    }
}

fn verify_simplify(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir();
    let Some((lower, upper)) = SimplifyBoundedAffineOps(op).bounds(ir) else {
        v.error(
            op,
            "requires attributes 'lower_bounds' and 'upper_bounds' (i64 dense arrays)",
        );
        return;
    };
    let Some(n) = ir.operands(op).len().checked_sub(1) else {
        v.error(op, "expects a target handle");
        return;
    };
    for (what, list) in [("lower", &lower), ("upper", &upper)] {
        if list.len() != n {
            v.error(
                op,
                format!(
                    "incorrect number of {what} bounds, expected {n} but found {}",
                    list.len()
                ),
            );
            return;
        }
    }
    verify_handle_types(v, op);
}

/// An error at the transform op `op` with a note at the payload op `at`.
fn payload_error(ir: &Ir, op: Op, message: &str, at: Op, note: &str) -> Vec<Diagnostic> {
    vec![Diagnostic::error(DiagLoc::Loc(ir.loc(op)), message)
        .with_note(DiagLoc::Loc(ir.loc(at)), note)]
}

/// The bounds of the payload values, inclusive (intersected when a value repeats).
fn collect_bounds(ir: &Ir, state: &TransformState, op: Op) -> Result<Bounds, Vec<Diagnostic>> {
    let (lower, upper) = SimplifyBoundedAffineOps(op).bounds(ir).unwrap_or_default();
    let mut bounds = Bounds::default();
    for (i, (&lo, &ub)) in lower.iter().zip(&upper).enumerate() {
        for payload in state.operand_payload(ir, op, i + 1).map_err(|d| vec![d])? {
            let results = ir.results(payload);
            let index = ir.ctx().index_type();
            if results.len() != 1 || ir.value_type(results[0]) != index {
                return Err(payload_error(
                    ir,
                    op,
                    "expected bounded value handle to point to one or multiple single-result index-typed ops",
                    payload,
                    "multiple/non-index result",
                ));
            }
            let hi = ub.saturating_sub(1);
            let entry = bounds.entry(results[0]).or_insert((lo, hi));
            *entry = (entry.0.max(lo), entry.1.min(hi));
        }
    }
    Ok(bounds)
}

fn apply_simplify(ir: &mut Ir, state: &mut TransformState, op: Op) -> Result<(), Vec<Diagnostic>> {
    let bounds = collect_bounds(ir, state, op)?;
    let targets = state.operand_payload(ir, op, 0).map_err(|d| vec![d])?;
    for &t in &targets {
        if !ir.isa::<AffineMin>(t) && !ir.isa::<AffineMax>(t) {
            return Err(payload_error(
                ir,
                op,
                "target must be affine.min or affine.max",
                t,
                "target op",
            ));
        }
        if ir
            .results(t)
            .first()
            .is_some_and(|r| bounds.contains_key(r))
        {
            return Err(payload_error(
                ir,
                op,
                "target op result must not be constrainted",
                t,
                "target/constrained op",
            ));
        }
    }
    state.consume(ir, op, 0);
    let mut driver = Driver {
        ir,
        bounds: &bounds,
        allowed: targets.iter().copied().collect(),
        worklist: targets,
    };
    if driver.run() {
        Ok(())
    } else {
        Err(vec![op_error(
            driver.ir,
            op,
            "affine.min/max simplification did not converge",
        )
        .with_note(DiagLoc::None, "Lattice stops after 10000 rewrites")])
    }
}

/// The greedy rewrite over the targets and the ops it creates.
struct Driver<'a> {
    ir: &'a mut Ir,
    bounds: &'a Bounds,
    /// The ops the driver may rewrite: the targets and what it created.
    allowed: FxHashSet<Op>,
    /// LIFO.
    worklist: Vec<Op>,
}

/// Rewrites before the driver gives up.
const MAX_REWRITES: usize = 10_000;

impl Driver<'_> {
    /// Processes the worklist; `false` when it did not empty within [`MAX_REWRITES`].
    fn run(&mut self) -> bool {
        for _ in 0..MAX_REWRITES {
            let Some(op) = self.worklist.pop() else {
                return true;
            };
            if self.ir.contains_op(op) {
                self.process(op);
            }
        }
        self.worklist.is_empty()
    }

    fn process(&mut self, op: Op) {
        if is_trivially_dead(self.ir, op) {
            self.erase(op);
            return;
        }
        if self.fold(op) {
            return;
        }
        let is_min = self.ir.isa::<AffineMin>(op);
        if !is_min && !self.ir.isa::<AffineMax>(op) {
            return;
        }
        let (before, after) = (self.ir.prev_op(op), self.ir.next_op(op));
        let canonicalize = self.ir.op_def(op).and_then(|d| d.canonicalize);
        if canonicalize.is_some_and(|c| c(self.ir, op)) {
            self.push_between(before, after, op);
            return;
        }
        if let Some(apply) = self.simplify(op, is_min) {
            self.push_new(apply);
            self.replace(op, self.ir.result(apply, 0));
        }
    }

    /// Erases `op`, revisiting the allowed producers of its operands.
    fn erase(&mut self, op: Op) {
        let producers: Vec<Op> = self
            .ir
            .operands(op)
            .iter()
            .filter_map(|&v| self.ir.defining_op(v))
            .collect();
        self.ir.erase_op(op);
        for p in producers {
            if self.allowed.contains(&p) {
                self.worklist.push(p);
            }
        }
    }

    /// Replaces `op`'s single result by `new` and erases it, revisiting allowed users.
    fn replace(&mut self, op: Op, new: Value) {
        let old = self.ir.result(op, 0);
        let users: Vec<Op> = self.ir.uses(old).iter().map(|u| u.op).collect();
        self.ir.replace_all_uses(old, new);
        self.erase(op);
        for u in users {
            if self.allowed.contains(&u) {
                self.worklist.push(u);
            }
        }
    }

    /// Marks `op` as created here and queues it.
    fn push_new(&mut self, op: Op) {
        self.allowed.insert(op);
        self.worklist.push(op);
    }

    /// After a rewrite of `op` in place or into new ops between `before` and `after`:
    /// queues them all (new ops become rewritable).
    fn push_between(&mut self, before: Option<Op>, after: Option<Op>, op: Op) {
        let mut cur = match before {
            Some(b) => self.ir.next_op(b),
            None => self
                .ir
                .op_parent(op)
                .or_else(|| after.and_then(|a| self.ir.op_parent(a)))
                .and_then(|b| self.ir.block_ops(b).next()),
        };
        while let Some(o) = cur.filter(|&o| Some(o) != after) {
            self.push_new(o);
            cur = self.ir.next_op(o);
        }
    }

    /// Folds the single-result `op` (an `index` constant or an existing value); whether
    /// it was replaced.
    fn fold(&mut self, op: Op) -> bool {
        // Folding a constant would only make another one.
        let def = self
            .ir
            .op_def(op)
            .filter(|d| !d.has(lattice_ir::Traits::CONSTANT_LIKE));
        let Some(fold) = def.and_then(|d| d.fold) else {
            return false;
        };
        let consts: Vec<Option<Attr>> = self
            .ir
            .operands(op)
            .iter()
            .map(|&v| {
                self.ir
                    .defining_op(v)
                    .and_then(|d| constant_value(self.ir, d))
            })
            .collect();
        let result = self.ir.result(op, 0);
        let new = match fold(self.ir, op, &consts).as_deref() {
            Some([FoldResult::Value(v)]) if *v != result => *v,
            Some([FoldResult::Constant(a)]) => {
                let Some(c) = self
                    .ir
                    .ctx()
                    .int_value(*a)
                    .and_then(|c| i64::try_from(c).ok())
                else {
                    return false;
                };
                let loc = self.ir.loc(op);
                let value = insert_constant(self.ir, op, c, loc, None);
                if let Some(def) = self.ir.defining_op(value) {
                    self.push_new(def);
                }
                value
            }
            _ => return false,
        };
        self.replace(op, new);
        true
    }

    /// The `affine.apply` that computes `op` under the bounds, inserted before it.
    fn simplify(&mut self, op: Op, is_min: bool) -> Option<Op> {
        let ctx = self.ir.ctx_arc().clone();
        let map = map_attr(self.ir, op, AffineMin::MAP)?;
        let operands = self.ir.operands(op).to_vec();
        let expr = simplify_bounded_min_max(&ctx, map, &operands, self.bounds, is_min)?;
        let single = ctx.affine_map(ctx.map_num_dims(map), ctx.map_num_symbols(map), vec![expr]);
        let mut vm = ValueMap::new(&ctx, single, &operands);
        vm.canonicalize(self.ir, op, false);
        let (map, operands) = vm.to_map(&ctx);
        let mut st = OperationState::new(ctx.intern_str(AffineApply::NAME), self.ir.loc(op));
        st.add_attr(ctx.intern_str(AffineApply::MAP), ctx.affine_map_attr(map));
        st.operands = operands;
        st.result_types = vec![ctx.index_type()];
        let apply = self.ir.create_op(st);
        self.ir.insert_op_before(op, apply);
        Some(apply)
    }
}
