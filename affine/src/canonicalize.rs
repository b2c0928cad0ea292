//! Canonicalization patterns of the affine ops (the `canonicalize` hooks of their
//! `OpDef`s), following mlir-opt 22's patterns, plus the op utilities passes share:
//! - maps and operands of `affine.apply/min/max/load/store/vector_load/vector_store/
//!   prefetch` and `affine.for` bounds: `affine.apply` producers composed in, constant
//!   operands folded into the map, dims that are valid symbols promoted, duplicate and
//!   unused operands dropped (MLIR's `fullyComposeAffineMapAndOperands` +
//!   `canonicalizeMapAndOperands`); `affine.if` conditions likewise;
//! - `affine.min/max`: duplicate results dropped, results ordered by their flattened
//!   form, a single result turned into `affine.apply`;
//! - `affine.for`: a loop that provably never runs, or whose body is empty, is erased
//!   (its results become its inits);
//! - `affine.if`: an empty `else` is dropped; a condition that holds for every integer
//!   point, or for none (decided exactly by [`crate::analysis::presburger`]), is replaced
//!   by the branch that runs. mlir-opt only folds the trivial `0 == 0` / `1 == 0` sets.
//!
//! Invariants: a hook returns `true` exactly when it changed the IR; it changes the op in
//! place, or inserts the ops it creates before the op and then erases the op; every
//! rewrite keeps the values each op computes.

use crate::analysis::presburger::{set_emptiness, set_is_universe, Feasibility};
use crate::loops::constant_trip_count;
use crate::passes::simplify_structures::ValueMap;
use crate::util::{map_attr, set_attr};
use crate::views::{AffineApply, AffineFor, AffineIf, AffineKind};
use lattice_ir::{AffineExpr, AffineMap, Ir, Op, OperationState, Value};

/// The index of the first map operand of an affine memory op.
fn map_operand_start(ir: &Ir, op: Op) -> Option<usize> {
    match AffineKind::of(ir, op)? {
        AffineKind::Load | AffineKind::VectorLoad | AffineKind::Prefetch => Some(1),
        AffineKind::Store | AffineKind::VectorStore => Some(2),
        _ => None,
    }
}

/// Canonicalizes `map(operands)` in the scope of `at`; `None` if nothing changed.
fn canonical_map(
    ir: &Ir,
    at: Op,
    map: AffineMap,
    operands: &[Value],
) -> Option<(AffineMap, Vec<Value>)> {
    let ctx = ir.ctx();
    if ctx.map_num_inputs(map) != operands.len() {
        return None;
    }
    let mut vm = ValueMap::new(ctx, map, operands);
    vm.demote_invalid_symbols(ir, at);
    vm.canonicalize(ir, at, true);
    let (new_map, new_operands) = vm.to_map(ctx);
    (new_map != map || new_operands != operands).then_some((new_map, new_operands))
}

/// `affine.load/store/vector_load/vector_store/prefetch`: canonical subscript map.
pub(crate) fn canonicalize_access(ir: &mut Ir, op: Op) -> bool {
    let Some(start) = map_operand_start(ir, op) else {
        return false;
    };
    let Some(map) = map_attr(ir, op, "map") else {
        return false;
    };
    let operands = ir.operands(op).to_vec();
    if operands.len() < start {
        return false;
    }
    let Some((new_map, new_indices)) = canonical_map(ir, op, map, &operands[start..]) else {
        return false;
    };
    let mut all = operands[..start].to_vec();
    all.extend(new_indices);
    let attr = ir.ctx().affine_map_attr(new_map);
    ir.set_operands(op, all);
    ir.set_attr(op, "map", attr);
    true
}

/// `affine.apply`: canonical map and operands.
pub(crate) fn canonicalize_apply(ir: &mut Ir, op: Op) -> bool {
    let Some(map) = map_attr(ir, op, "map") else {
        return false;
    };
    let operands = ir.operands(op).to_vec();
    let Some((new_map, new_operands)) = canonical_map(ir, op, map, &operands) else {
        return false;
    };
    let attr = ir.ctx().affine_map_attr(new_map);
    ir.set_operands(op, new_operands);
    ir.set_attr(op, "map", attr);
    true
}

/// `affine.min` / `affine.max`.
pub(crate) fn canonicalize_min_max(ir: &mut Ir, op: Op) -> bool {
    let ctx = ir.ctx_arc().clone();
    let Some(map) = map_attr(ir, op, "map") else {
        return false;
    };
    let operands = ir.operands(op).to_vec();
    if ctx.map_num_inputs(map) != operands.len() || ctx.map_num_results(map) == 0 {
        return false;
    }
    let (mut new_map, new_operands) =
        canonical_map(ir, op, map, &operands).unwrap_or((map, operands.clone()));
    // Drop duplicate results, keeping first occurrences.
    let data = ctx.map_data(new_map).clone();
    let mut results: Vec<AffineExpr> = Vec::new();
    for &e in &data.results {
        if !results.contains(&e) {
            results.push(e);
        }
    }
    // Order results by their flattened coefficient rows (MLIR's
    // `canonicalizeMapExprAndTermOrder`), when none needs a local.
    let flat: Option<Vec<Vec<i64>>> = results
        .iter()
        .map(|&e| {
            let (row, locals) = ctx.flatten_expr(e, data.num_dims, data.num_symbols)?;
            locals.is_empty().then_some(row)
        })
        .collect();
    if let Some(flat) = flat {
        let mut order: Vec<usize> = (0..results.len()).collect();
        order.sort_by(|&a, &b| flat[a].cmp(&flat[b]));
        results = order.into_iter().map(|i| results[i]).collect();
    }
    new_map = ctx.affine_map(data.num_dims, data.num_symbols, results);
    if new_map == map && new_operands == operands && ctx.map_num_results(map) != 1 {
        return false;
    }
    if ctx.map_num_results(new_map) == 1 {
        // A single result: the op is an `affine.apply`.
        let mut st = OperationState::new(ctx.intern_str(AffineApply::NAME), ir.loc(op));
        st.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(new_map));
        st.operands = new_operands;
        st.result_types = vec![ctx.index_type()];
        let apply = ir.create_op(st);
        ir.insert_op_before(op, apply);
        let (old, new) = (ir.result(op, 0), ir.result(apply, 0));
        ir.replace_all_uses(old, new);
        ir.erase_op(op);
        return true;
    }
    ir.set_operands(op, new_operands);
    ir.set_attr(op, "map", ctx.affine_map_attr(new_map));
    true
}

/// `affine.for`: canonical bound maps; erasure of loops that never run or do nothing.
pub(crate) fn canonicalize_for(ir: &mut Ir, op: Op) -> bool {
    let Some([lbr, ubr, initr]) = crate::ops::for_segments(ir, op) else {
        return false;
    };
    let operands = ir.operands(op).to_vec();
    let inits = operands[initr].to_vec();
    let body = ir.regions(op).first().and_then(|&r| ir.entry_block(r));
    let Some(body) = body else {
        return false;
    };
    let args = ir.block_args(body).to_vec();
    let terminator = ir.last_op(body);
    let only_terminator = ir.first_op(body) == terminator;
    let yields_iter_args = terminator
        .map(|t| ir.operands(t) == &args[1..])
        .unwrap_or(false);
    if constant_trip_count(ir, op) == Some(0) || (only_terminator && yields_iter_args) {
        let results = ir.results(op).to_vec();
        for (r, &init) in results.iter().zip(&inits) {
            ir.replace_all_uses(*r, init);
        }
        ir.erase_op(op);
        return true;
    }
    let mut changed = false;
    let mut new_operands = Vec::new();
    let mut segment = [0i32; 3];
    for (i, (name, range)) in [
        (AffineFor::LOWER_BOUND_MAP, lbr),
        (AffineFor::UPPER_BOUND_MAP, ubr),
    ]
    .into_iter()
    .enumerate()
    {
        let Some(map) = map_attr(ir, op, name) else {
            return false;
        };
        let bound = match canonical_map(ir, op, map, &operands[range.clone()]) {
            Some((new_map, bound)) => {
                let attr = ir.ctx().affine_map_attr(new_map);
                ir.set_attr(op, name, attr);
                changed = true;
                bound
            }
            None => operands[range].to_vec(),
        };
        segment[i] = bound.len() as i32;
        new_operands.extend(bound);
    }
    if !changed {
        return false;
    }
    segment[2] = inits.len() as i32;
    new_operands.extend_from_slice(&inits);
    let seg = ir.ctx().dense_i32_array(&segment);
    ir.set_operands(op, new_operands);
    ir.set_attr(op, "operandSegmentSizes", seg);
    true
}

/// `affine.if`: canonical condition operands; dead `else` removal; folding of conditions
/// that always or never hold.
pub(crate) fn canonicalize_if(ir: &mut Ir, op: Op) -> bool {
    let ctx = ir.ctx_arc().clone();
    let Some(set) = set_attr(ir, op, AffineIf::CONDITION) else {
        return false;
    };
    let regions = ir.regions(op).to_vec();
    // Decide the condition exactly.
    let always = if set_is_universe(&ctx, set) == Some(true) {
        Some(0)
    } else if set_emptiness(&ctx, set) == Feasibility::Infeasible {
        Some(1)
    } else {
        None
    };
    if let Some(taken) = always {
        let block = regions.get(taken).and_then(|&r| ir.entry_block(r));
        let Some(block) = block else {
            // No else branch and the condition never holds: nothing runs.
            if ir.results(op).is_empty() {
                ir.erase_op(op);
                return true;
            }
            return false;
        };
        let Some(term) = ir.last_op(block) else {
            return false;
        };
        let yielded = ir.operands(term).to_vec();
        let results = ir.results(op).to_vec();
        if yielded.len() != results.len() {
            return false;
        }
        ir.erase_op(term);
        let ops: Vec<Op> = ir.block_ops(block).collect();
        for o in ops {
            ir.detach_op(o);
            ir.insert_op_before(op, o);
        }
        for (r, y) in results.into_iter().zip(yielded) {
            ir.replace_all_uses(r, y);
        }
        ir.erase_op(op);
        return true;
    }
    let mut changed = false;
    // An else block holding only its terminator, with no results, is dead.
    if ir.results(op).is_empty() {
        if let Some(&else_region) = regions.get(1) {
            if let Some(block) = ir.entry_block(else_region) {
                if ir.first_op(block) == ir.last_op(block) {
                    ir.erase_block(block);
                    changed = true;
                }
            }
        }
    }
    // Canonical condition operands, treating constraints like map results.
    let data = ctx.set_data(set).clone();
    let map = ctx.affine_map(data.num_dims, data.num_symbols, data.constraints.clone());
    let operands = ir.operands(op).to_vec();
    if let Some((new_map, new_operands)) = canonical_map(ir, op, map, &operands) {
        let nd = ctx.map_num_dims(new_map);
        let ns = ctx.map_num_symbols(new_map);
        let constraints = ctx.map_results(new_map).to_vec();
        let new_set = ctx.integer_set(nd, ns, constraints, data.eq_flags.clone());
        if new_set != set || new_operands != operands {
            ir.set_attr(op, AffineIf::CONDITION, ctx.integer_set_attr(new_set));
            ir.set_operands(op, new_operands);
            changed = true;
        }
    }
    changed
}
