//! Folders of `affine.apply`, `affine.min` and `affine.max` (MLIR's `AffineApplyOp::fold`
//! and `foldMinMaxOp`): a map result that is a single dim or symbol folds to that operand;
//! with all operands constant the map is evaluated and the op folds to an `index`
//! constant (min/max over the results).
//!
//! Invariants: folding never divides by a non-positive value or overflows (such maps
//! simply do not fold), and never changes the IR (folders get `&Ir`).

use crate::util::map_attr;
use lattice_ir::{AffineExprData, Attr, FoldResult, Ir, Op};

/// The operands' constant values, split into dims and symbols, if all are constants.
fn constant_operands(
    ir: &Ir,
    operands: &[Option<Attr>],
    num_dims: usize,
) -> Option<(Vec<i64>, Vec<i64>)> {
    let ctx = ir.ctx();
    let values: Vec<i64> = operands
        .iter()
        .map(|a| {
            a.and_then(|a| ctx.int_value(a))
                .and_then(|v| i64::try_from(v).ok())
        })
        .collect::<Option<_>>()?;
    if num_dims > values.len() {
        return None;
    }
    let (d, s) = values.split_at(num_dims);
    Some((d.to_vec(), s.to_vec()))
}

pub(crate) fn fold_apply(ir: &Ir, op: Op, operands: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let map = map_attr(ir, op, "map")?;
    let data = ctx.map_data(map);
    let ops = ir.operands(op);
    if data.results.len() != 1 || ops.len() != ctx.map_num_inputs(map) {
        return None;
    }
    let nd = data.num_dims as usize;
    match ctx.expr_data(data.results[0]) {
        AffineExprData::Dim(d) => return Some(vec![FoldResult::Value(ops[d as usize])]),
        AffineExprData::Symbol(s) => return Some(vec![FoldResult::Value(ops[nd + s as usize])]),
        // A constant result folds whatever the operands (MLIR's partial constant fold).
        AffineExprData::Constant(c) => return Some(vec![FoldResult::Constant(ctx.index_attr(c))]),
        _ => {}
    }
    let (dims, syms) = constant_operands(ir, operands, nd)?;
    let v = ctx.evaluate(data.results[0], &dims, &syms)?;
    Some(vec![FoldResult::Constant(ctx.index_attr(v))])
}

fn fold_min_max(
    ir: &Ir,
    op: Op,
    operands: &[Option<Attr>],
    is_min: bool,
) -> Option<Vec<FoldResult>> {
    let ctx = ir.ctx();
    let map = map_attr(ir, op, "map")?;
    let data = ctx.map_data(map);
    let ops = ir.operands(op);
    if ops.len() != ctx.map_num_inputs(map) || data.results.is_empty() {
        return None;
    }
    let nd = data.num_dims as usize;
    if let Some((dims, syms)) = constant_operands(ir, operands, nd) {
        if let Some(values) = ctx.evaluate_map(map, &dims, &syms) {
            let v = if is_min {
                values.iter().min()
            } else {
                values.iter().max()
            };
            return v.map(|&v| vec![FoldResult::Constant(ctx.index_attr(v))]);
        }
    }
    // `()[s0] -> (s0)` folds to its operand.
    if data.num_dims == 0
        && data.num_symbols == 1
        && data.results.len() == 1
        && ctx.expr_data(data.results[0]) == AffineExprData::Symbol(0)
    {
        return Some(vec![FoldResult::Value(ops[0])]);
    }
    None
}

pub(crate) fn fold_min(ir: &Ir, op: Op, operands: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    fold_min_max(ir, op, operands, true)
}

pub(crate) fn fold_max(ir: &Ir, op: Op, operands: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    fold_min_max(ir, op, operands, false)
}
