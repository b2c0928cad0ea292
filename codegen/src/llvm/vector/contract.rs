//! Contractions and reductions over n-D vectors: `vector.contract` (any projected-
//! permutation indexing maps: matmul-like, batched, reduction- and dot-like),
//! `vector.outerproduct`, `vector.multi_reduction`, and `vector.mask` around these and
//! around transfers and 1-D reductions.
//!
//! A contraction is computed one reduction point at a time: the lhs and rhs elements it
//! needs are rearranged into the result's shape (whole leaves or splat shuffles in the
//! matmul case), multiplied, and combined into the accumulator leaf by leaf. This is the
//! order of upstream's default ("dot") lowering: for every result element
//! `acc + p0 + p1 + ...` with the products rounded separately (an `llvm.fma` only under
//! `--fast-math`, where contraction is allowed), so results match mlir-runner bit for bit.
//! `multi_reduction` likewise combines the accumulator with the source slices in row-major
//! order of the reduced indices (upstream's inner-parallel lowering).
//!
//! Invariants: masked-off iteration points contribute nothing (the accumulator passes
//! through); lhs/rhs elements narrower than the accumulator are sign- or fp-extended first,
//! as `vector.contract` defines mixed precision.

use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, InstructionOpcode as Opc};
use lattice_dialects::vector::{TransferRead, VectorKind as K, Yield};
use lattice_ir::{AffineExprData, AttrData, Op};

use super::nd::{self, count, dims_of, leafwise, operand_view, rearrange, unflatten, View};
use super::{combine, kind};
use crate::llvm::arith::binop;
use crate::llvm::ctx::{LResult, LowerCtx};

fn is_float(t: BasicTypeEnum<'_>) -> bool {
    matches!(nd::scalar_type(t), BasicTypeEnum::FloatType(_))
}

/// `m ? new : old` leaf by leaf (no mask: `new`).
fn masked<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    m: Option<BasicValueEnum<'ctx>>,
    new: BasicValueEnum<'ctx>,
    old: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    match m {
        Some(m) => crate::llvm::arith::select(cx, m, new, old),
        None => Ok(new),
    }
}

/// `acc <kind> (a * b)`, or `fma(a, b, acc)` where contraction is allowed.
fn mul_combine<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    kind: &str,
    acc: BasicValueEnum<'ctx>,
    a: BasicValueEnum<'ctx>,
    b: BasicValueEnum<'ctx>,
    fuse: bool,
) -> LResult<BasicValueEnum<'ctx>> {
    let float = is_float(a.get_type());
    if float && kind == "add" && fuse {
        return super::intrinsic(cx, "llvm.fma", &[a.get_type()], &[a, b, acc]);
    }
    let p = binop(cx, if float { Opc::FMul } else { Opc::Mul }, a, b)?;
    combine(cx, op, kind, acc, p)
}

/// `vector.multi_reduction`, optionally masked (mask of the source's shape).
pub(crate) fn multi_reduction<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    mask: Option<View<'ctx>>,
) -> LResult<BasicValueEnum<'ctx>> {
    let ir = cx.ir;
    let k = kind(cx, op)?;
    let src = operand_view(cx, op, 0)?;
    let acc = operand_view(cx, op, 1)?;
    let red: Vec<usize> = match ir.attr(op, "reduction_dims").map(|a| ir.ctx().attr_data(a)) {
        Some(AttrData::DenseArray { values, .. }) => values.iter().map(|&v| v as usize).collect(),
        _ => return Err(cx.error(op, "multi_reduction without reduction_dims")),
    };
    let sd = src.dims.clone();
    let par: Vec<usize> = (0..sd.len()).filter(|d| !red.contains(d)).collect();
    let rd: Vec<u32> = par.iter().map(|&d| sd[d]).collect();
    let red_sizes: Vec<u32> = red.iter().map(|&d| sd[d]).collect();
    let elem = nd::scalar_type(src.value.get_type());
    let full = |f: usize, q: usize| -> usize {
        let r = unflatten(&rd, f);
        let s = unflatten(&red_sizes, q);
        let mut idx = vec![0u32; sd.len()];
        for (i, &d) in par.iter().enumerate() {
            idx[d] = r[i];
        }
        for (i, &d) in red.iter().enumerate() {
            idx[d] = s[i];
        }
        nd::flatten(&sd, &idx)
    };
    let mut cur = acc.value;
    for q in 0..count(&red_sizes) {
        let slice = rearrange(cx, std::slice::from_ref(&src), &rd, elem, |f| {
            (0, full(f, q))
        })?;
        let m = match &mask {
            Some(mv) => Some(View {
                value: rearrange(cx, std::slice::from_ref(mv), &rd, nd::bool_type(cx), |f| {
                    (0, full(f, q))
                })?,
                dims: rd.clone(),
            }),
            None => None,
        };
        let mut ins = vec![
            View {
                value: cur,
                dims: rd.clone(),
            },
            View {
                value: slice,
                dims: rd.clone(),
            },
        ];
        ins.extend(m);
        cur = leafwise(cx, &ins, &rd, elem, |a| {
            let new = combine(cx, op, &k, a[0], a[1])?;
            masked(cx, a.get(2).copied(), new, a[0])
        })?;
    }
    Ok(cur)
}

/// `vector.outerproduct`, optionally masked (mask of the result's shape).
pub(crate) fn outerproduct<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    mask: Option<View<'ctx>>,
) -> LResult<BasicValueEnum<'ctx>> {
    let ir = cx.ir;
    let k = if ir.attr(op, "kind").is_some() {
        kind(cx, op)?
    } else {
        "add".to_string()
    };
    let lhs = operand_view(cx, op, 0)?;
    let rhs = operand_view(cx, op, 1)?;
    let rd = dims_of(cx, ir.value_type(ir.result(op, 0)))
        .ok_or_else(|| cx.error(op, "outerproduct result is not a vector"))?;
    let elem = nd::scalar_type(lhs.value.get_type());
    let n = rhs.dims.first().copied().unwrap_or(1) as usize;
    let axpy = rhs.dims.is_empty();
    let a = rearrange(cx, std::slice::from_ref(&lhs), &rd, elem, |f| {
        (0, if axpy { f } else { f / n })
    })?;
    let b = rearrange(cx, std::slice::from_ref(&rhs), &rd, elem, |f| {
        (0, if axpy { 0 } else { f % n })
    })?;
    let acc = if ir.operands(op).len() > 2 {
        Some(operand_view(cx, op, 2)?)
    } else {
        None
    };
    let view = |v| View {
        value: v,
        dims: rd.clone(),
    };
    let mut ins = vec![view(a), view(b)];
    let has_acc = acc.is_some();
    ins.extend(acc);
    let has_mask = mask.is_some();
    if let Some(m) = mask {
        if !has_acc {
            return Err(cx.error(
                op,
                "a masked vector.outerproduct without an accumulator cannot be lowered",
            ));
        }
        ins.push(m);
    }
    // Upstream fuses `acc + lhs * rhs` into one fma for floats.
    leafwise(cx, &ins, &rd, elem, |x| {
        if !has_acc {
            let float = is_float(x[0].get_type());
            return binop(cx, if float { Opc::FMul } else { Opc::Mul }, x[0], x[1]);
        }
        let new = mul_combine(cx, op, &k, x[2], x[0], x[1], true)?;
        masked(cx, if has_mask { Some(x[3]) } else { None }, new, x[2])
    })
}

/// The dims (of the iteration space) each result of an indexing map reads.
fn map_dims(cx: &LowerCtx<'_, '_>, op: Op, map: lattice_ir::AffineMap) -> LResult<Vec<usize>> {
    let ctx = cx.ir.ctx();
    ctx.map_results(map)
        .iter()
        .map(|&e| match ctx.expr_data(e) {
            AffineExprData::Dim(d) => Ok(d as usize),
            _ => Err(cx.error(
                op,
                "vector.contract indexing maps must be projected permutations",
            )),
        })
        .collect()
}

/// `vector.contract`, optionally masked (mask over the iteration space).
pub(crate) fn contract<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    mask: Option<View<'ctx>>,
) -> LResult<BasicValueEnum<'ctx>> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let k = kind(cx, op)?;
    let maps: Vec<lattice_ir::AffineMap> =
        match ir.attr(op, "indexing_maps").map(|a| ctx.attr_data(a)) {
            Some(AttrData::Array(items)) => items
                .iter()
                .filter_map(|&a| match ctx.attr_data(a) {
                    AttrData::AffineMap(m) => Some(*m),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
    if maps.len() != 3 {
        return Err(cx.error(op, "vector.contract without three indexing maps"));
    }
    let n = ctx.map_num_dims(maps[0]) as usize;
    let (lm, rm, cm) = (
        map_dims(cx, op, maps[0])?,
        map_dims(cx, op, maps[1])?,
        map_dims(cx, op, maps[2])?,
    );
    let lhs = operand_view(cx, op, 0)?;
    let rhs = operand_view(cx, op, 1)?;
    let acc = operand_view(cx, op, 2)?;
    let mut size = vec![1u32; n];
    for (m, v) in [(&lm, &lhs), (&rm, &rhs), (&cm, &acc)] {
        for (i, &d) in m.iter().enumerate() {
            size[d] = v.dims[i];
        }
    }
    let red: Vec<usize> = (0..n).filter(|d| !cm.contains(d)).collect();
    let red_sizes: Vec<u32> = red.iter().map(|&d| size[d]).collect();
    let rd = acc.dims.clone();
    let acc_elem = nd::scalar_type(acc.value.get_type());
    let point = |f: usize, q: usize| -> Vec<u32> {
        let r = unflatten(&rd, f);
        let s = unflatten(&red_sizes, q);
        let mut it = vec![0u32; n];
        for (i, &d) in cm.iter().enumerate() {
            it[d] = r[i];
        }
        for (i, &d) in red.iter().enumerate() {
            it[d] = s[i];
        }
        it
    };
    let operand_at = |m: &[usize], dims: &[u32], it: &[u32]| -> usize {
        let idx: Vec<u32> = m.iter().map(|&d| it[d]).collect();
        nd::flatten(dims, &idx)
    };
    let fuse = cx.options.fast_math;
    let mut cur = acc.value;
    for q in 0..count(&red_sizes) {
        let mut ins = vec![View {
            value: cur,
            dims: rd.clone(),
        }];
        for (m, v) in [(&lm, &lhs), (&rm, &rhs)] {
            let elem = nd::scalar_type(v.value.get_type());
            let mut x = rearrange(cx, std::slice::from_ref(v), &rd, elem, |f| {
                (0, operand_at(m, &v.dims, &point(f, q)))
            })?;
            if elem != acc_elem {
                let opc = if is_float(elem) {
                    Opc::FPExt
                } else {
                    Opc::SExt
                };
                let xv = View {
                    value: x,
                    dims: rd.clone(),
                };
                x = leafwise(cx, &[xv], &rd, acc_elem, |a| {
                    let to = match a[0].get_type() {
                        BasicTypeEnum::VectorType(vt) => nd::nd_type(acc_elem, &[vt.get_size()]),
                        _ => acc_elem,
                    };
                    cx.builder
                        .build_cast(opc, a[0], to, "")
                        .map_err(|e| cx.builder_error(e))
                })?;
            }
            ins.push(View {
                value: x,
                dims: rd.clone(),
            });
        }
        if let Some(mv) = &mask {
            let all: Vec<usize> = (0..n).collect();
            let mval = rearrange(cx, std::slice::from_ref(mv), &rd, nd::bool_type(cx), |f| {
                (0, operand_at(&all, &mv.dims, &point(f, q)))
            })?;
            ins.push(View {
                value: mval,
                dims: rd.clone(),
            });
        }
        cur = leafwise(cx, &ins, &rd, acc_elem, |a| {
            let new = mul_combine(cx, op, &k, a[0], a[1], a[2], fuse)?;
            masked(cx, a.get(3).copied(), new, a[0])
        })?;
    }
    Ok(cur)
}

/// `vector.mask %m[, %passthru] { op }`: lowers the masked op with the mask applied (a
/// pass-through value only around `transfer_read`).
pub(crate) fn mask<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let m = operand_view(cx, op, 0)?;
    let passthru = if ir.operands(op).len() > 1 {
        Some(operand_view(cx, op, 1)?)
    } else {
        None
    };
    let inner = ir
        .regions(op)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .and_then(|b| ir.block_ops(b).find(|&o| !ir.isa::<Yield>(o)));
    let Some(inner) = inner else {
        // An empty mask region yields its operands (or nothing).
        return Ok(());
    };
    cx.current_op = Some(inner);
    if passthru.is_some() && !ir.isa::<TransferRead>(inner) {
        return Err(cx.error(
            op,
            "vector.mask with a passthru value cannot be lowered yet (only around transfer_read)",
        ));
    }
    let value = match K::of(ir, inner) {
        Some(K::TransferRead | K::TransferWrite) => {
            super::transfer::lower(cx, inner, Some(m), passthru)?;
            ir.results(inner)
                .first()
                .map(|&r| cx.value(r))
                .transpose()?
        }
        Some(K::Contract) => Some(contract(cx, inner, Some(m))?),
        Some(K::OuterProduct) => Some(outerproduct(cx, inner, Some(m))?),
        Some(K::MultiReduction) => Some(multi_reduction(cx, inner, Some(m))?),
        Some(K::Reduction) => Some(super::masked_reduction(cx, inner, &m)?),
        _ => {
            let other = ir.op_name(inner);
            return Err(cx.error(
                inner,
                format!("'{other}' under vector.mask cannot be lowered yet"),
            ));
        }
    };
    cx.current_op = Some(op);
    if let Some(v) = value {
        if let Some(&r) = ir.results(inner).first() {
            cx.define(r, v);
        }
        if !ir.results(op).is_empty() {
            cx.define_result(op, v);
        }
    }
    Ok(())
}
