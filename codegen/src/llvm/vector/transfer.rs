//! `vector.transfer_read` / `vector.transfer_write` of any rank, as upstream's
//! vector-to-scf + vector-to-llvm lower them: the n-D transfer is unrolled into 1-D
//! transfers along the vector's innermost dimension (one per leaf), each lowered by
//! [`super::access_at`] to a plain, masked, or gather/scatter access.
//!
//! Invariants: the permutation map sends every vector dimension to a memref dimension or to
//! the broadcast constant 0; an outer vector dimension whose `in_bounds` entry is false
//! guards its whole row (the row reads the padding / is not written when the index is past
//! the memref's size); the user mask is indexed in upstream's mask shape (the vector's
//! non-broadcast dimensions, ordered as the memref dimensions they map to); a lane that
//! is masked off or out of bounds is never accessed.

use inkwell::values::{BasicValueEnum, IntValue, VectorValue};
use lattice_dialects::vector::TransferRead;
use lattice_ir::{AffineExprData, AttrData, Op, TypeData, DYNAMIC};

use super::nd::{self, assemble, count, dims_of, leaf, operand_view, rearrange, unflatten, View};
use super::{access_at, read, splat, write};
use crate::llvm::ctx::{LResult, LowerCtx};
use crate::llvm::scf::dense_i32_segments;

/// The memref dimension each vector dimension reads (`None`: broadcast).
fn permutation(
    cx: &LowerCtx<'_, '_>,
    op: Op,
    rank: usize,
    vrank: usize,
) -> LResult<Vec<Option<usize>>> {
    let ctx = cx.ir.ctx();
    match cx.ir.attr(op, "permutation_map").map(|a| ctx.attr_data(a)) {
        None => {
            if vrank > rank {
                return Err(cx.error(op, "transfer of higher rank than its memref"));
            }
            Ok((rank - vrank..rank).map(Some).collect())
        }
        Some(AttrData::AffineMap(m)) => ctx
            .map_results(*m)
            .iter()
            .map(|&e| match ctx.expr_data(e) {
                AffineExprData::Dim(d) => Ok(Some(d as usize)),
                AffineExprData::Constant(0) => Ok(None),
                _ => Err(cx.error(op, "unsupported permutation map")),
            })
            .collect(),
        Some(_) => Err(cx.error(op, "permutation_map is not an affine map")),
    }
}

fn in_bounds(cx: &LowerCtx<'_, '_>, op: Op, vrank: usize) -> Vec<bool> {
    let ctx = cx.ir.ctx();
    match cx.ir.attr(op, "in_bounds").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(v)) => (0..vrank)
            .map(|i| {
                v.get(i).is_some_and(|&a| {
                    matches!(ctx.attr_data(a), AttrData::Integer { value: 1, .. })
                })
            })
            .collect(),
        _ => vec![false; vrank],
    }
}

/// Size of memref dimension `d` (static, or read from the descriptor).
pub(crate) fn dim_size<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    shape: &[i64],
    desc: inkwell::values::StructValue<'ctx>,
    d: usize,
) -> LResult<IntValue<'ctx>> {
    if shape[d] != DYNAMIC {
        return Ok(cx.const_i64(shape[d]));
    }
    let be = |e| cx.builder_error(e);
    let sizes = cx
        .builder
        .build_extract_value(desc, 3, "sizes")
        .map_err(be)?
        .into_array_value();
    Ok(cx
        .builder
        .build_extract_value(sizes, d as u32, "size")
        .map_err(be)?
        .into_int_value())
}

/// Lowers a transfer op; `outer_mask` is the mask of an enclosing `vector.mask` and
/// `passthru` its pass-through value (a read's masked-off lanes take it instead of the
/// padding).
pub(crate) fn lower<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    outer_mask: Option<View<'ctx>>,
    passthru: Option<View<'ctx>>,
) -> LResult<()> {
    let ir = cx.ir;
    let is_read = ir.isa::<TransferRead>(op);
    if !is_read && !ir.results(op).is_empty() {
        return Err(cx.error(
            op,
            "transfer_write on tensors cannot be lowered; bufferize first",
        ));
    }
    let seg = dense_i32_segments(cx, op)
        .ok_or_else(|| cx.error(op, "transfer without operandSegmentSizes"))?;
    let source_index = if is_read { 0 } else { 1 };
    let k = seg.get(if is_read { 1 } else { 2 }).copied().unwrap_or(0);
    let mask_index = (seg.get(3).copied().unwrap_or(0) == 1).then_some(2 + k);
    let vty = if is_read {
        ir.value_type(ir.result(op, 0))
    } else {
        ir.value_type(ir.operand(op, 0))
    };
    let vdims = dims_of(cx, vty).ok_or_else(|| {
        cx.error(
            op,
            "transfers of 0-D or scalable vectors cannot be lowered yet",
        )
    })?;
    let vllvm = cx.llvm_type_at(op, vty)?;
    let leaf_ty = nd::nd_leaf_type(vllvm).ok_or_else(|| cx.error(op, "bad vector type"))?;
    let mty = ir.value_type(ir.operand(op, source_index));
    let TypeData::MemRef { shape, .. } = ir.ctx().type_data(mty) else {
        return Err(cx.error(
            op,
            "transfers on tensors cannot be lowered; bufferize first",
        ));
    };
    let shape = shape.clone();
    if k != shape.len() {
        return Err(cx.error(op, "transfer with a wrong number of indices"));
    }
    let m = vdims.len();
    // A 0-D transfer moves the one element at the indices (a one-lane access along the
    // innermost dimension, in bounds by definition).
    let zero_d = nd::is_0d(cx, vty);
    if zero_d && shape.is_empty() {
        return Err(cx.error(op, "0-D transfers on 0-D memrefs cannot be lowered yet"));
    }
    let perm = if zero_d {
        vec![Some(shape.len() - 1)]
    } else {
        permutation(cx, op, shape.len(), m)?
    };
    if perm.len() != m {
        return Err(cx.error(op, "permutation map and vector rank differ"));
    }
    // Also in bounds where the subscript's static upper bound (an `scf.for` IV with known
    // bounds, see `bounds.rs`) leaves room for every lane: no mask, so LLVM can promote.
    let inb: Vec<bool> = if zero_d {
        vec![true]
    } else {
        in_bounds(cx, op, m)
            .into_iter()
            .enumerate()
            .map(|(i, b)| {
                b || perm[i].is_some_and(|d| {
                    shape[d] != DYNAMIC
                        && crate::llvm::bounds::upper_bound(
                            cx.ir,
                            cx.ir.operand(op, source_index + 1 + d),
                        )
                        .and_then(|u| u.checked_add(i64::from(vdims[i])))
                        .is_some_and(|end| end <= shape[d])
                })
            })
            .collect()
    };
    let desc = cx.operand(op, source_index)?.into_struct_value();
    let idx: Vec<IntValue<'ctx>> = (0..k)
        .map(|i| cx.int_operand(op, source_index + 1 + i))
        .collect::<LResult<_>>()?;
    let mask: Option<View<'ctx>> = match (mask_index, outer_mask) {
        (Some(i), _) => Some(operand_view(cx, op, i)?),
        (None, m) => m,
    };
    // Upstream's mask shape: the non-broadcast vector dims, in memref-dimension order.
    let mut mask_order: Vec<usize> = (0..m).filter(|&i| perm[i].is_some()).collect();
    mask_order.sort_by_key(|&i| perm[i]);
    let (outer, inner) = vdims.split_at(m - 1);
    let lanes = inner[0];
    let pad = if is_read {
        Some(cx.operand(op, 1 + k)?)
    } else {
        None
    };
    let value = if is_read {
        None
    } else {
        Some(operand_view(cx, op, 0)?)
    };
    let be = |e| cx.builder_error(e);
    let mut leaves: Vec<BasicValueEnum<'ctx>> = Vec::new();
    for l in 0..count(outer) {
        let p = unflatten(outer, l);
        let mut at = idx.clone();
        let mut row_ok: Option<IntValue<'ctx>> = None;
        for (i, &pi) in p.iter().enumerate() {
            let Some(d) = perm[i] else { continue };
            if pi != 0 {
                at[d] = cx
                    .builder
                    .build_int_add(at[d], cx.const_i64(i64::from(pi)), "")
                    .map_err(be)?;
            }
            if !inb[i] {
                let size = dim_size(cx, &shape, desc, d)?;
                let c = nd::slt(cx, at[d], size)?;
                row_ok = Some(match row_ok {
                    None => c,
                    Some(o) => cx.builder.build_and(o, c, "").map_err(be)?,
                });
            }
        }
        let user_row: Option<VectorValue<'ctx>> = match &mask {
            Some(mv) => {
                let md: Vec<u32> = mask_order.iter().map(|&i| vdims[i]).collect();
                let v = rearrange(
                    cx,
                    std::slice::from_ref(mv),
                    &[lanes],
                    nd::bool_type(cx),
                    |f| {
                        let mut full = p.clone();
                        full.push(f as u32);
                        let mi: Vec<u32> = mask_order.iter().map(|&i| full[i]).collect();
                        (0, nd::flatten(&md, &mi))
                    },
                )?;
                Some(v.into_vector_value())
            }
            None => None,
        };
        let mut row_mask = user_row;
        if let Some(c) = row_ok {
            let s = splat(cx, c.into(), lanes)?;
            row_mask = Some(match row_mask {
                Some(r) => cx.builder.build_and(r, s, "").map_err(be)?,
                None => s,
            });
        }
        let a = access_at(
            cx,
            op,
            mty,
            desc,
            &at,
            perm[m - 1],
            inb[m - 1],
            row_mask,
            lanes,
        )?;
        match (&pad, &value) {
            (Some(pad), _) => {
                let v = read(cx, leaf_ty, &a, Some(*pad))?;
                leaves.push(match (&passthru, user_row) {
                    (Some(pt), Some(m)) => {
                        let p = leaf(cx, pt, l)?;
                        cx.builder
                            .build_select(m, v.into_vector_value(), p, "")
                            .map_err(be)?
                    }
                    _ => v,
                });
            }
            (None, Some(v)) => {
                let x = leaf(cx, v, l)?;
                write(cx, op, x, &a)?;
            }
            (None, None) => unreachable!("a transfer reads or writes"),
        }
    }
    if is_read {
        let v = assemble(cx, vllvm, &leaves)?;
        cx.define_result(op, v);
    }
    Ok(())
}
