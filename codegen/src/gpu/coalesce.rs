//! Which mapped loop goes to `x`: the one whose induction variable indexes the
//! unit-stride (last) dimension of the most accesses in the band, so adjacent
//! invocations touch adjacent addresses of row-major memrefs (coalescing); ties keep the
//! innermost loop. The other loops follow from the inside out (`y`, then `z`).
//!
//! Invariant: the result is a permutation of the band positions.

use lattice_affine::analysis::dependence;
use lattice_ir::{Ir, Op, Value, WalkOrder};

/// `order[d]` = the position in `ivs` (the mapped loops' induction variables,
/// outermost first) mapped to dimension `d` (`x` first); `root` holds the accesses.
pub fn dimension_order(ir: &Ir, root: Op, ivs: &[Value]) -> Vec<usize> {
    let n = ivs.len();
    let ctx = ir.ctx();
    let mut score = vec![0usize; n];
    for op in ir.walk_ops(root, WalkOrder::PreOrder) {
        let Some(acc) = dependence::access(ir, op) else {
            continue;
        };
        let results = ctx.map_results(acc.map);
        let Some(&last) = results.last() else {
            continue;
        };
        let nin = acc.indices.len() as u32;
        let Some((row, locals)) = ctx.flatten_expr(
            last,
            ctx.map_num_dims(acc.map),
            ctx.map_num_symbols(acc.map),
        ) else {
            continue;
        };
        if !locals.is_empty() || row.len() < nin as usize {
            continue;
        }
        for (p, &iv) in ivs.iter().enumerate() {
            // Unit coefficient in the last subscript, absent from the others.
            let coeff: i64 = acc
                .indices
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v == iv)
                .map(|(i, _)| row[i])
                .sum();
            let elsewhere = results[..results.len() - 1].iter().any(|&e| {
                acc.indices.iter().enumerate().any(|(i, &v)| {
                    v == iv && expr_uses_input(ctx, e, i as u32, ctx.map_num_dims(acc.map))
                })
            });
            if coeff.abs() == 1 && !elsewhere {
                score[p] += 1;
            }
        }
    }
    let x = (0..n).rev().max_by_key(|&p| (score[p], p)).unwrap_or(n - 1);
    let mut order = vec![x];
    order.extend((0..n).rev().filter(|&p| p != x));
    order
}

fn expr_uses_input(ctx: &lattice_ir::Context, e: lattice_ir::AffineExpr, i: u32, nd: u32) -> bool {
    if i < nd {
        ctx.expr_uses_dim(e, i)
    } else {
        ctx.expr_uses_symbol(e, i - nd)
    }
}
