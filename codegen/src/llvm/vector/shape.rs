//! Shape and data-movement ops on n-D vectors: `broadcast`, `transpose`, `shape_cast`,
//! `bitcast`, `extract`/`insert` (static or dynamic positions at any depth),
//! `extract_strided_slice`/`insert_strided_slice`, `from_elements`, `create_mask`,
//! `constant_mask`, `fma` and `print`, all over [`super::nd`]'s array-of-leaves form.
//!
//! Invariants: static data movement is done with `extractvalue`/`shufflevector`/
//! `insertelement` on the leaves (no memory); a dynamic position goes through a stack slot
//! holding the whole vector (what upstream cannot lower, Lattice still does); mask lanes
//! are true exactly where every index is below its bound, as upstream defines them.

use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, IntValue};
use lattice_dialects::vector::{CreateMask, VectorKind as K};
use lattice_ir::{AttrData, Op, DYNAMIC};

use super::nd::{
    self, assemble, count, dims_of, flatten, leafwise, nd_type, operand_view, rearrange, unflatten,
    View,
};
use super::{call_runtime, intrinsic, lanes_below, print_scalar, punctuation};
use crate::llvm::ctx::{LResult, LowerCtx};

fn result_dims(cx: &LowerCtx<'_, '_>, op: Op) -> Vec<u32> {
    let ir = cx.ir;
    dims_of(cx, ir.value_type(ir.result(op, 0))).unwrap_or_default()
}

/// The scalar LLVM type of result 0's elements.
fn result_elem<'ctx>(cx: &LowerCtx<'_, 'ctx>, op: Op) -> LResult<BasicTypeEnum<'ctx>> {
    let ir = cx.ir;
    let t = cx.llvm_type_at(op, ir.value_type(ir.result(op, 0)))?;
    Ok(nd::scalar_type(t))
}

fn i64_array(cx: &LowerCtx<'_, '_>, op: Op, name: &str) -> Vec<i64> {
    match cx.ir.attr(op, name).map(|a| cx.ir.ctx().attr_data(a)) {
        Some(AttrData::DenseArray { values, .. }) => values.iter().map(|&v| v as i64).collect(),
        Some(AttrData::Array(v)) => v
            .iter()
            .filter_map(|&a| cx.ir.ctx().int_value(a).map(|x| x as i64))
            .collect(),
        _ => Vec::new(),
    }
}

/// A position: static, or a dynamic index value.
#[derive(Clone, Copy)]
enum Pos<'ctx> {
    Static(u32),
    Dynamic(IntValue<'ctx>),
}

/// `static_position` with DYNAMIC entries taken from operands `first_dynamic..`.
fn positions<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    first_dynamic: usize,
) -> LResult<Vec<Pos<'ctx>>> {
    let mut next = first_dynamic;
    i64_array(cx, op, "static_position")
        .into_iter()
        .map(|p| {
            if p == DYNAMIC {
                let v = cx.int_operand(op, next)?;
                next += 1;
                // A constant dynamic index is a static one.
                Ok(match v.get_zero_extended_constant() {
                    Some(c) => Pos::Static(c as u32),
                    None => Pos::Dynamic(v),
                })
            } else {
                Ok(Pos::Static(p as u32))
            }
        })
        .collect()
}

/// A stack slot holding `v` (for dynamic positions).
fn spill<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    v: BasicValueEnum<'ctx>,
) -> LResult<inkwell::values::PointerValue<'ctx>> {
    let be = |e| cx.builder_error(e);
    let slot = cx.builder.build_alloca(v.get_type(), "nd").map_err(be)?;
    cx.builder.build_store(slot, v).map_err(be)?;
    Ok(slot)
}

fn gep_path<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    ty: BasicTypeEnum<'ctx>,
    slot: inkwell::values::PointerValue<'ctx>,
    path: &[Pos<'ctx>],
) -> LResult<inkwell::values::PointerValue<'ctx>> {
    let mut idx = vec![cx.i64().const_zero()];
    idx.extend(path.iter().map(|p| match *p {
        Pos::Static(s) => cx.i64().const_int(u64::from(s), false),
        Pos::Dynamic(v) => v,
    }));
    // SAFETY (LLVM semantics): a GEP only computes an address inside the slot.
    unsafe { cx.builder.build_gep(ty, slot, &idx, "") }.map_err(|e| cx.builder_error(e))
}

/// The sub-value of aggregate `v` at array positions `path`.
fn get_path<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    v: BasicValueEnum<'ctx>,
    path: &[Pos<'ctx>],
    sub_ty: BasicTypeEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let be = |e| cx.builder_error(e);
    if path.iter().all(|p| matches!(p, Pos::Static(_))) {
        let mut x = v;
        for p in path {
            let Pos::Static(s) = *p else { unreachable!() };
            x = cx
                .builder
                .build_extract_value(x.into_array_value(), s, "")
                .map_err(be)?;
        }
        return Ok(x);
    }
    let slot = spill(cx, v)?;
    let p = gep_path(cx, v.get_type(), slot, path)?;
    cx.builder.build_load(sub_ty, p, "").map_err(be)
}

/// `v` with the sub-value at array positions `path` replaced by `x`.
fn set_path<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    v: BasicValueEnum<'ctx>,
    path: &[Pos<'ctx>],
    x: BasicValueEnum<'ctx>,
) -> LResult<BasicValueEnum<'ctx>> {
    let be = |e| cx.builder_error(e);
    let Some((first, rest)) = path.split_first() else {
        return Ok(x);
    };
    if path.iter().all(|p| matches!(p, Pos::Static(_))) {
        let Pos::Static(s) = *first else {
            unreachable!()
        };
        let agg = v.into_array_value();
        let sub = cx.builder.build_extract_value(agg, s, "").map_err(be)?;
        let sub = set_path(cx, sub, rest, x)?;
        return Ok(cx
            .builder
            .build_insert_value(agg, sub, s, "")
            .map_err(be)?
            .into_array_value()
            .into());
    }
    let slot = spill(cx, v)?;
    let p = gep_path(cx, v.get_type(), slot, path)?;
    cx.builder.build_store(p, x).map_err(be)?;
    cx.builder.build_load(v.get_type(), slot, "").map_err(be)
}

fn lane_index<'ctx>(cx: &LowerCtx<'_, 'ctx>, p: Pos<'ctx>) -> IntValue<'ctx> {
    match p {
        Pos::Static(s) => cx.i64().const_int(u64::from(s), false),
        Pos::Dynamic(v) => v,
    }
}

/// Lowers one shape op; `Ok(false)` when `op` is not one of this file's.
pub(crate) fn lower<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<bool> {
    let ir = cx.ir;
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let v: BasicValueEnum = match K::of(ir, op) {
        Some(K::Broadcast) => lower_broadcast(cx, op)?,
        Some(K::Transpose) => lower_transpose(cx, op)?,
        Some(K::ShapeCast) => {
            let src = operand_view(cx, op, 0)?;
            let rd = result_dims(cx, op);
            let elem = result_elem(cx, op)?;
            rearrange(cx, &[src], &rd, elem, |f| (0, f))?
        }
        Some(K::BitCast) => lower_bitcast(cx, op)?,
        Some(K::Extract) => {
            let src = operand_view(cx, op, 0)?;
            let pos = positions(cx, op, 1)?;
            let rt = cx.llvm_type_at(op, ir.value_type(ir.result(op, 0)))?;
            let n = src.dims.len();
            if pos.iter().all(|p| matches!(p, Pos::Static(_))) {
                let sp: Vec<u32> = pos
                    .iter()
                    .map(|p| match p {
                        Pos::Static(s) => *s,
                        Pos::Dynamic(_) => 0,
                    })
                    .collect();
                let mut full = sp.clone();
                full.resize(n, 0);
                let base = flatten(&src.dims, &full);
                let rd = result_dims(cx, op);
                let elem = nd::scalar_type(rt);
                rearrange(cx, &[src], &rd, elem, |f| (0, base + f))?
            } else if pos.len() == n {
                let leaf_ty =
                    nd::nd_leaf_type(cx.llvm_type_at(op, ir.value_type(ir.operand(op, 0)))?)
                        .ok_or_else(|| cx.error(op, "bad vector type"))?;
                let l = get_path(cx, src.value, &pos[..n - 1], leaf_ty.into())?;
                cx.builder
                    .build_extract_element(l.into_vector_value(), lane_index(cx, pos[n - 1]), "")
                    .map_err(|e| be(cx, e))?
            } else {
                get_path(cx, src.value, &pos, rt)?
            }
        }
        Some(K::Insert) => {
            let value = cx.operand(op, 0)?;
            let dest = operand_view(cx, op, 1)?;
            let pos = positions(cx, op, 2)?;
            let n = dest.dims.len();
            if nd::is_0d(cx, ir.value_type(ir.operand(op, 1))) {
                cx.builder
                    .build_insert_element(
                        dest.value.into_vector_value(),
                        value,
                        cx.i64().const_zero(),
                        "",
                    )
                    .map_err(|e| be(cx, e))?
                    .into()
            } else if pos.len() == n {
                let leaf_ty =
                    nd::nd_leaf_type(cx.llvm_type_at(op, ir.value_type(ir.operand(op, 1)))?)
                        .ok_or_else(|| cx.error(op, "bad vector type"))?;
                let l = get_path(cx, dest.value, &pos[..n - 1], leaf_ty.into())?;
                let l2 = cx
                    .builder
                    .build_insert_element(
                        l.into_vector_value(),
                        value,
                        lane_index(cx, pos[n - 1]),
                        "",
                    )
                    .map_err(|e| be(cx, e))?;
                set_path(cx, dest.value, &pos[..n - 1], l2.into())?
            } else {
                set_path(cx, dest.value, &pos, value)?
            }
        }
        Some(K::ExtractStridedSlice) => lower_extract_strided_slice(cx, op)?,
        Some(K::InsertStridedSlice) => lower_insert_strided_slice(cx, op)?,
        Some(K::Shuffle) => lower_shuffle(cx, op)?,
        Some(K::Interleave) => {
            let a = operand_view(cx, op, 0)?;
            let b = operand_view(cx, op, 1)?;
            let rd = result_dims(cx, op);
            let n = *a.dims.last().expect("vector") as usize;
            let elem = result_elem(cx, op)?;
            rearrange(cx, &[a, b], &rd, elem, |f| {
                let (row, lane) = (f / (2 * n), f % (2 * n));
                (lane % 2, row * n + lane / 2)
            })?
        }
        Some(K::Deinterleave) => {
            let src = operand_view(cx, op, 0)?;
            let rd = result_dims(cx, op);
            let n = *rd.last().expect("vector") as usize;
            let elem = result_elem(cx, op)?;
            for k in 0..2 {
                let v = rearrange(cx, std::slice::from_ref(&src), &rd, elem, |f| {
                    (0, (f / n) * 2 * n + 2 * (f % n) + k)
                })?;
                cx.define(ir.result(op, k), v);
            }
            return Ok(true);
        }
        Some(K::ToElements) => {
            let src = operand_view(cx, op, 0)?;
            for (i, &r) in ir.results(op).iter().enumerate() {
                let e = nd::element(cx, &src, i)?;
                cx.define(r, e);
            }
            return Ok(true);
        }
        Some(K::FromElements) => {
            let rd = result_dims(cx, op);
            let sources: Vec<View> = (0..ir.operands(op).len())
                .map(|i| operand_view(cx, op, i))
                .collect::<LResult<_>>()?;
            let elem = result_elem(cx, op)?;
            rearrange(cx, &sources, &rd, elem, |f| (f, 0))?
        }
        Some(K::CreateMask | K::ConstantMask) => lower_create_mask(cx, op)?,
        Some(K::Fma) => {
            let rd = result_dims(cx, op);
            let ins: Vec<View> = (0..3)
                .map(|i| operand_view(cx, op, i))
                .collect::<LResult<_>>()?;
            let elem = result_elem(cx, op)?;
            leafwise(cx, &ins, &rd, elem, |a| {
                intrinsic(cx, "llvm.fma", &[a[0].get_type()], &[a[0], a[1], a[2]])
            })?
        }
        Some(K::Print) => {
            if ir.operands(op).is_empty() || dims_of(cx, ir.value_type(ir.operand(op, 0))).is_none()
            {
                return Ok(false);
            }
            let v = operand_view(cx, op, 0)?;
            let elem = ir.ctx().element_type(ir.value_type(ir.operand(op, 0)));
            print_nd(cx, op, &v, 0, 0, elem)?;
            if punctuation(cx, op) == "newline" {
                call_runtime(cx, "printNewline", None)?;
            }
            return Ok(true);
        }
        _ => return Ok(false),
    };
    cx.define_result(op, v);
    Ok(true)
}

/// Lowers `vector.broadcast`.
fn lower_broadcast<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<BasicValueEnum<'ctx>> {
    let src = operand_view(cx, op, 0)?;
    let rd = result_dims(cx, op);
    let sd = src.dims.clone();
    let lead = rd.len() - sd.len();
    let elem = result_elem(cx, op)?;
    rearrange(cx, &[src], &rd, elem, |f| {
        let r = unflatten(&rd, f);
        let s: Vec<u32> = (0..sd.len())
            .map(|k| if sd[k] == 1 { 0 } else { r[lead + k] })
            .collect();
        (0, flatten(&sd, &s))
    })
}

/// Lowers `vector.transpose`.
fn lower_transpose<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<BasicValueEnum<'ctx>> {
    let src = operand_view(cx, op, 0)?;
    let rd = result_dims(cx, op);
    let perm = i64_array(cx, op, "permutation");
    let sd = src.dims.clone();
    let elem = result_elem(cx, op)?;
    rearrange(cx, &[src], &rd, elem, |f| {
        let r = unflatten(&rd, f);
        let mut s = vec![0u32; sd.len()];
        for (i, &p) in perm.iter().enumerate() {
            s[p as usize] = r[i];
        }
        (0, flatten(&sd, &s))
    })
}

/// Lowers `vector.bitcast`.
fn lower_bitcast<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<BasicValueEnum<'ctx>> {
    let ir = cx.ir;
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let src = operand_view(cx, op, 0)?;
    let rt = cx.llvm_type_at(op, ir.value_type(ir.result(op, 0)))?;
    let leaf_ty = nd::nd_leaf_type(rt).ok_or_else(|| cx.error(op, "bad bitcast"))?;
    let outer: Vec<u32> = src.dims[..src.dims.len() - 1].to_vec();
    let mut leaves = Vec::new();
    for l in 0..count(&outer) {
        let x = nd::leaf(cx, &src, l)?;
        leaves.push(
            cx.builder
                .build_bit_cast(x, leaf_ty, "")
                .map_err(|e| be(cx, e))?,
        );
    }
    assemble(cx, rt, &leaves)
}

/// Lowers `vector.extract_strided_slice`.
fn lower_extract_strided_slice<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
) -> LResult<BasicValueEnum<'ctx>> {
    let src = operand_view(cx, op, 0)?;
    let rd = result_dims(cx, op);
    let offsets = i64_array(cx, op, "offsets");
    let st = i64_array(cx, op, "strides");
    let sd = src.dims.clone();
    let elem = result_elem(cx, op)?;
    rearrange(cx, &[src], &rd, elem, |f| {
        let r = unflatten(&rd, f);
        let s: Vec<u32> = (0..sd.len())
            .map(|i| match (offsets.get(i), st.get(i)) {
                (Some(&o), Some(&k)) => (o + i64::from(r[i]) * k) as u32,
                (Some(&o), None) => o as u32 + r[i],
                _ => r[i],
            })
            .collect();
        (0, flatten(&sd, &s))
    })
}

/// Lowers `vector.insert_strided_slice`.
fn lower_insert_strided_slice<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
) -> LResult<BasicValueEnum<'ctx>> {
    let src = operand_view(cx, op, 0)?;
    let dest = operand_view(cx, op, 1)?;
    let offsets = i64_array(cx, op, "offsets");
    let st = i64_array(cx, op, "strides");
    let (sd, dd) = (src.dims.clone(), dest.dims.clone());
    let dest_dims = dd.clone();
    let lead = dd.len() - sd.len();
    let elem = result_elem(cx, op)?;
    rearrange(cx, &[src, dest], &dest_dims, elem, |f| {
        let t = unflatten(&dd, f);
        let mut s = vec![0u32; sd.len()];
        for (i, &ti) in t.iter().enumerate() {
            let o = offsets.get(i).copied().unwrap_or(0);
            let d = i64::from(ti) - o;
            if i < lead {
                if d != 0 {
                    return (1, f);
                }
                continue;
            }
            let j = i - lead;
            let k = st.get(j).copied().unwrap_or(1).max(1);
            if d < 0 || d % k != 0 || d / k >= i64::from(sd[j]) {
                return (1, f);
            }
            s[j] = (d / k) as u32;
        }
        (0, flatten(&sd, &s))
    })
}

/// Lowers `vector.shuffle`.
fn lower_shuffle<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<BasicValueEnum<'ctx>> {
    // The mask picks leading-dimension slices of the concatenation of both operands.
    let a = operand_view(cx, op, 0)?;
    let b = operand_view(cx, op, 1)?;
    let mask = i64_array(cx, op, "mask");
    let rd = result_dims(cx, op);
    let sub = count(&rd[1..]);
    let a0 = i64::from(a.dims[0]);
    let elem = result_elem(cx, op)?;
    rearrange(cx, &[a, b], &rd, elem, |f| {
        let m = mask[f / sub];
        let within = f % sub;
        if m < a0 {
            (0, m as usize * sub + within)
        } else {
            (1, (m - a0) as usize * sub + within)
        }
    })
}

/// Lowers `vector.create_mask`, `vector.constant_mask`.
fn lower_create_mask<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<BasicValueEnum<'ctx>> {
    let ir = cx.ir;
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let rd = result_dims(cx, op);
    let bounds: Vec<IntValue> = if ir.isa::<CreateMask>(op) {
        (0..rd.len())
            .map(|i| cx.int_operand(op, i))
            .collect::<LResult<_>>()?
    } else {
        i64_array(cx, op, "mask_dim_sizes")
            .into_iter()
            .map(|k| cx.const_i64(k))
            .collect()
    };
    if bounds.len() != rd.len() {
        return Err(cx.error(op, "mask with a wrong number of sizes"));
    }
    let (outer, inner) = rd.split_at(rd.len() - 1);
    let n = inner[0];
    let lanes = lanes_below(cx, bounds[rd.len() - 1], n)?;
    let zero = cx.llcx.bool_type().vec_type(n).const_zero();
    let mut leaves = Vec::new();
    for l in 0..count(outer) {
        let p = unflatten(outer, l);
        let mut ok: Option<IntValue> = None;
        for (k, &pk) in p.iter().enumerate() {
            let c = nd::slt(cx, cx.const_i64(i64::from(pk)), bounds[k])?;
            ok = Some(match ok {
                None => c,
                Some(o) => cx.builder.build_and(o, c, "").map_err(|e| be(cx, e))?,
            });
        }
        let leaf = match ok {
            None => lanes,
            Some(c) => cx
                .builder
                .build_select(c, lanes, zero, "")
                .map_err(|e| be(cx, e))?
                .into_vector_value(),
        };
        leaves.push(leaf.into());
    }
    assemble(cx, nd_type(nd::bool_type(cx), &rd), &leaves)
}

/// Prints the sub-vector of `v` at depth `depth` starting at flat element `base`, as
/// upstream's vector.print does: `( a, b )` nested per dimension.
fn print_nd<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    op: Op,
    v: &View<'ctx>,
    depth: usize,
    base: usize,
    elem: lattice_ir::Type,
) -> LResult<()> {
    let n = v.dims[depth] as usize;
    let stride = nd::strides(&v.dims)[depth];
    call_runtime(cx, "printOpen", None)?;
    for i in 0..n {
        if depth + 1 == v.dims.len() {
            let e = nd::element(cx, v, base + i)?;
            print_scalar(cx, op, e, elem)?;
        } else {
            print_nd(cx, op, v, depth + 1, base + i * stride, elem)?;
        }
        if i + 1 < n {
            call_runtime(cx, "printComma", None)?;
        }
    }
    call_runtime(cx, "printClose", None)
}
