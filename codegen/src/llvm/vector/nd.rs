//! n-D vector values, as upstream's vector-to-llvm holds them: a `vector<d0 x ... x dk x T>`
//! is a nested LLVM array `[d0 x [... <dk x T>]]` of 1-D "leaf" vectors. This file has the
//! views and the one generic data-movement primitive ([`rearrange`]) the shape ops,
//! contractions and transfers are written with, plus the leaf-by-leaf lowering of
//! elementwise `arith`/`math` ops and n-D constants.
//!
//! Invariants: element order is row-major (flat index = multi-index in the vector's shape);
//! leaves are numbered in the same order (leaf `l` holds flat elements
//! `l*inner .. (l+1)*inner`); a 1-D vector is its own single leaf and a scalar a view with
//! an empty shape, so every helper also takes 1-D vectors and scalars.

use inkwell::types::{BasicType, BasicTypeEnum, VectorType};
use inkwell::values::{BasicValueEnum, IntValue, VectorValue};
use lattice_dialects::arith::Constant;
use lattice_ir::{AttrData, Op, Type, TypeData};
use rustc_hash::FxHashMap;

use crate::llvm::ctx::{LResult, LowerCtx};

/// Shape of a fixed-size vector type (`None` for other types and scalable vectors); a
/// 0-D vector has shape `[1]`, the one-lane vector it lowers to.
pub(crate) fn dims_of(cx: &LowerCtx<'_, '_>, ty: Type) -> Option<Vec<u32>> {
    match cx.ir.ctx().type_data(ty) {
        TypeData::Vector {
            shape, scalable, ..
        } if shape.is_empty() => (!scalable.iter().any(|&s| s)).then(|| vec![1]),
        TypeData::Vector {
            shape, scalable, ..
        } if !scalable.iter().any(|&s| s) => Some(shape.iter().map(|&d| d as u32).collect()),
        _ => None,
    }
}

/// Whether `ty` is a 0-D vector.
pub(crate) fn is_0d(cx: &LowerCtx<'_, '_>, ty: Type) -> bool {
    matches!(cx.ir.ctx().type_data(ty), TypeData::Vector { shape, .. } if shape.is_empty())
}

/// Whether `ty` is a vector of rank 2 or more.
pub(crate) fn is_nd(cx: &LowerCtx<'_, '_>, ty: Type) -> bool {
    dims_of(cx, ty).is_some_and(|d| d.len() >= 2)
}

/// Whether any operand or result of `op` is an n-D (rank >= 2) vector.
pub(crate) fn has_nd(cx: &LowerCtx<'_, '_>, op: Op) -> bool {
    let ir = cx.ir;
    ir.operands(op)
        .iter()
        .chain(ir.results(op).iter())
        .any(|&v| is_nd(cx, ir.value_type(v)))
}

/// Row-major strides of `dims` (in elements).
pub(crate) fn strides(dims: &[u32]) -> Vec<usize> {
    let mut s = vec![1usize; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1] as usize;
    }
    s
}

/// The multi-index of flat index `flat` in `dims`.
pub(crate) fn unflatten(dims: &[u32], mut flat: usize) -> Vec<u32> {
    let mut idx = vec![0u32; dims.len()];
    for i in (0..dims.len()).rev() {
        let d = dims[i].max(1) as usize;
        idx[i] = (flat % d) as u32;
        flat /= d;
    }
    idx
}

/// The flat index of multi-index `idx` in `dims`.
pub(crate) fn flatten(dims: &[u32], idx: &[u32]) -> usize {
    idx.iter()
        .zip(strides(dims))
        .map(|(&i, s)| i as usize * s)
        .sum()
}

/// Number of elements of `dims`.
pub(crate) fn count(dims: &[u32]) -> usize {
    dims.iter().map(|&d| d as usize).product()
}

/// A value seen as row-major elements of shape `dims` (empty: a scalar).
#[derive(Clone, Debug)]
pub(crate) struct View<'ctx> {
    pub value: BasicValueEnum<'ctx>,
    pub dims: Vec<u32>,
}

impl<'ctx> View<'ctx> {
    /// Lanes per leaf (1 for a scalar).
    pub fn inner(&self) -> usize {
        self.dims.last().map_or(1, |&d| d as usize)
    }
}

/// The view of operand `i` of `op` (a vector or a scalar).
pub(crate) fn operand_view<'ctx>(cx: &LowerCtx<'_, 'ctx>, op: Op, i: usize) -> LResult<View<'ctx>> {
    let ty = cx.ir.value_type(cx.ir.operand(op, i));
    Ok(View {
        value: cx.operand(op, i)?,
        dims: dims_of(cx, ty).unwrap_or_default(),
    })
}

/// The LLVM type of an n-D vector of `dims` with leaf element `elem`.
pub(crate) fn nd_type<'ctx>(elem: BasicTypeEnum<'ctx>, dims: &[u32]) -> BasicTypeEnum<'ctx> {
    let Some((&inner, outer)) = dims.split_last() else {
        return elem;
    };
    let mut t: BasicTypeEnum = match elem {
        BasicTypeEnum::IntType(t) => t.vec_type(inner).into(),
        BasicTypeEnum::FloatType(t) => t.vec_type(inner).into(),
        BasicTypeEnum::PointerType(t) => t.vec_type(inner).into(),
        other => other,
    };
    for &d in outer.iter().rev() {
        t = t.array_type(d).into();
    }
    t
}

/// The scalar element type of an LLVM (nested) vector type or the type itself.
pub(crate) fn scalar_type(t: BasicTypeEnum<'_>) -> BasicTypeEnum<'_> {
    match t {
        BasicTypeEnum::ArrayType(a) => scalar_type(a.get_element_type()),
        BasicTypeEnum::VectorType(v) => v.get_element_type(),
        t => t,
    }
}

/// The outer (array) positions of leaf `leaf` of `dims`.
fn leaf_path(dims: &[u32], leaf: usize) -> Vec<u32> {
    match dims.split_last() {
        Some((_, outer)) => unflatten(outer, leaf),
        None => Vec::new(),
    }
}

/// Leaf `leaf` of an n-D (or 1-D) vector value.
pub(crate) fn leaf<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    v: &View<'ctx>,
    leaf: usize,
) -> LResult<VectorValue<'ctx>> {
    let mut x = v.value;
    for p in leaf_path(&v.dims, leaf) {
        x = cx
            .builder
            .build_extract_value(x.into_array_value(), p, "")
            .map_err(|e| cx.builder_error(e))?;
    }
    Ok(x.into_vector_value())
}

/// Element `flat` of a view.
pub(crate) fn element<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    v: &View<'ctx>,
    flat: usize,
) -> LResult<BasicValueEnum<'ctx>> {
    if v.dims.is_empty() {
        return Ok(v.value);
    }
    let l = leaf(cx, v, flat / v.inner())?;
    cx.builder
        .build_extract_element(l, cx.i64().const_int((flat % v.inner()) as u64, false), "")
        .map_err(|e| cx.builder_error(e))
}

/// Builds a value of (nested) LLVM type `ty` from its leaves in order (a scalar type
/// takes one "leaf" that is the scalar itself).
pub(crate) fn assemble<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    ty: BasicTypeEnum<'ctx>,
    leaves: &[BasicValueEnum<'ctx>],
) -> LResult<BasicValueEnum<'ctx>> {
    let BasicTypeEnum::ArrayType(at) = ty else {
        return Ok(leaves[0]);
    };
    let n = at.len() as usize;
    let chunk = leaves.len() / n.max(1);
    let mut agg = at.get_poison();
    for i in 0..n {
        let sub = assemble(
            cx,
            at.get_element_type(),
            &leaves[i * chunk..(i + 1) * chunk],
        )?;
        agg = cx
            .builder
            .build_insert_value(agg, sub, i as u32, "")
            .map_err(|e| cx.builder_error(e))?
            .into_array_value();
    }
    Ok(agg.into())
}

/// A 1-D vector of type `vt` from scalar lanes.
pub(crate) fn from_lanes<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    vt: VectorType<'ctx>,
    lanes: &[BasicValueEnum<'ctx>],
) -> LResult<VectorValue<'ctx>> {
    let mut v = vt.get_poison();
    for (i, &x) in lanes.iter().enumerate() {
        v = cx
            .builder
            .build_insert_element(v, x, cx.i64().const_int(i as u64, false), "")
            .map_err(|e| cx.builder_error(e))?;
    }
    Ok(v)
}

/// A new value of shape `dims` (leaf element type `elem`) whose element `f` is element
/// `map(f).1` of `sources[map(f).0]`. Whole leaves are reused, lanes from one or two
/// source leaves become one `shufflevector`, anything else is built lane by lane.
pub(crate) fn rearrange<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    sources: &[View<'ctx>],
    dims: &[u32],
    elem: BasicTypeEnum<'ctx>,
    map: impl Fn(usize) -> (usize, usize),
) -> LResult<BasicValueEnum<'ctx>> {
    let be = |e| cx.builder_error(e);
    let ty = nd_type(elem, dims);
    if dims.is_empty() {
        let (s, f) = map(0);
        return element(cx, &sources[s], f);
    }
    let inner = *dims.last().expect("non-empty") as usize;
    let vt = match nd_leaf_type(ty) {
        Some(v) => v,
        None => return Err(cx.error(cx.current_op.expect("op"), "bad vector type")),
    };
    let mut cache: FxHashMap<(usize, usize), VectorValue<'ctx>> = FxHashMap::default();
    let mut get_leaf = |s: usize, l: usize| -> LResult<VectorValue<'ctx>> {
        if let Some(&v) = cache.get(&(s, l)) {
            return Ok(v);
        }
        let v = leaf(cx, &sources[s], l)?;
        cache.insert((s, l), v);
        Ok(v)
    };
    let mut leaves = Vec::with_capacity(count(dims) / inner.max(1));
    for l in 0..count(dims) / inner.max(1) {
        let lanes: Vec<(usize, usize)> = (0..inner).map(|i| map(l * inner + i)).collect();
        let (s0, f0) = lanes[0];
        let src_inner = sources[s0].inner();
        let whole = !sources[s0].dims.is_empty()
            && src_inner == inner
            && f0 % inner == 0
            && lanes
                .iter()
                .enumerate()
                .all(|(i, &(s, f))| s == s0 && f == f0 + i);
        if whole {
            leaves.push(get_leaf(s0, f0 / inner)?.into());
            continue;
        }
        // Source leaves the lanes come from (vector sources only).
        let mut picked: Vec<(usize, usize)> = Vec::new();
        let mut shuffle = true;
        for &(s, f) in &lanes {
            if sources[s].dims.is_empty() {
                shuffle = false;
                break;
            }
            let key = (s, f / sources[s].inner());
            if !picked.contains(&key) {
                picked.push(key);
            }
        }
        shuffle &= picked.len() <= 2
            && picked
                .iter()
                .all(|&(s, _)| sources[s].inner() == sources[picked[0].0].inner());
        if shuffle {
            let a = get_leaf(picked[0].0, picked[0].1)?;
            let b = match picked.get(1) {
                Some(&(s, l)) => get_leaf(s, l)?,
                None => a.get_type().get_poison(),
            };
            let n = a.get_type().get_size() as usize;
            let mask: Vec<_> = lanes
                .iter()
                .map(|&(s, f)| {
                    let which = picked
                        .iter()
                        .position(|&k| k == (s, f / sources[s].inner()))
                        .expect("picked");
                    cx.llcx
                        .i32_type()
                        .const_int((which * n + f % sources[s].inner()) as u64, false)
                })
                .collect();
            let v = cx
                .builder
                .build_shuffle_vector(a, b, VectorType::const_vector(&mask), "")
                .map_err(be)?;
            leaves.push(v.into());
            continue;
        }
        let scalars: Vec<_> = lanes
            .iter()
            .map(|&(s, f)| {
                if sources[s].dims.is_empty() {
                    Ok(sources[s].value)
                } else {
                    let lv = get_leaf(s, f / sources[s].inner())?;
                    cx.builder
                        .build_extract_element(
                            lv,
                            cx.i64().const_int((f % sources[s].inner()) as u64, false),
                            "",
                        )
                        .map_err(be)
                }
            })
            .collect::<LResult<_>>()?;
        leaves.push(from_lanes(cx, vt, &scalars)?.into());
    }
    assemble(cx, ty, &leaves)
}

/// The innermost 1-D vector type of a (nested) vector type.
pub(crate) fn nd_leaf_type(t: BasicTypeEnum<'_>) -> Option<VectorType<'_>> {
    match t {
        BasicTypeEnum::ArrayType(a) => nd_leaf_type(a.get_element_type()),
        BasicTypeEnum::VectorType(v) => Some(v),
        _ => None,
    }
}

/// Applies `f` to corresponding leaves of `inputs` (all of shape `dims`; scalar inputs are
/// passed through unchanged) and assembles the results, of leaf type `out`.
pub(crate) fn leafwise<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    inputs: &[View<'ctx>],
    dims: &[u32],
    out: BasicTypeEnum<'ctx>,
    mut f: impl FnMut(&[BasicValueEnum<'ctx>]) -> LResult<BasicValueEnum<'ctx>>,
) -> LResult<BasicValueEnum<'ctx>> {
    let inner = dims.last().map_or(1, |&d| d as usize);
    let n = count(dims) / inner.max(1);
    let mut leaves = Vec::with_capacity(n);
    for l in 0..n {
        let args: Vec<_> = inputs
            .iter()
            .map(|v| {
                if v.dims.is_empty() {
                    Ok(v.value)
                } else {
                    leaf(cx, v, l).map(Into::into)
                }
            })
            .collect::<LResult<_>>()?;
        leaves.push(f(&args)?);
    }
    assemble(cx, nd_type(out, dims), &leaves)
}

/// Lowers an elementwise `arith`/`math` op on n-D vectors: the op's own lowering runs once
/// per leaf, with its n-D operands rebound to their leaves and n-D types read as the leaf
/// type ([`LowerCtx::nd_leaf`]); the per-leaf results are assembled again.
pub(crate) fn elementwise<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    lower: fn(&mut LowerCtx<'_, 'ctx>, Op) -> LResult<()>,
) -> LResult<()> {
    let ir = cx.ir;
    if ir.isa::<Constant>(op) {
        return constant(cx, op);
    }
    let result_dims: Vec<Vec<u32>> = ir
        .results(op)
        .iter()
        .map(|&r| dims_of(cx, ir.value_type(r)).unwrap_or_default())
        .collect();
    let Some(dims) = result_dims
        .iter()
        .chain(
            ir.operands(op)
                .iter()
                .map(|&v| dims_of(cx, ir.value_type(v)).unwrap_or_default())
                .collect::<Vec<_>>()
                .iter(),
        )
        .find(|d| d.len() >= 2)
        .cloned()
    else {
        return lower(cx, op);
    };
    let operands: Vec<View<'ctx>> = (0..ir.operands(op).len())
        .map(|i| operand_view(cx, op, i))
        .collect::<LResult<_>>()?;
    let inner = *dims.last().expect("n-D") as usize;
    let n = count(&dims) / inner;
    let mut per_result: Vec<Vec<BasicValueEnum<'ctx>>> = vec![Vec::new(); ir.results(op).len()];
    let saved = cx.nd_leaf;
    cx.nd_leaf = true;
    let mut run = |cx: &mut LowerCtx<'_, 'ctx>| -> LResult<()> {
        for l in 0..n {
            for (i, v) in operands.iter().enumerate() {
                if v.dims.len() >= 2 {
                    let x = leaf(cx, v, l)?;
                    cx.define(ir.operand(op, i), x.into());
                }
            }
            lower(cx, op)?;
            for (k, &r) in ir.results(op).iter().enumerate() {
                per_result[k].push(cx.value(r)?);
            }
        }
        Ok(())
    };
    let outcome = run(cx);
    cx.nd_leaf = saved;
    for (i, v) in operands.iter().enumerate() {
        cx.define(ir.operand(op, i), v.value);
    }
    outcome?;
    for (k, &r) in ir.results(op).iter().enumerate() {
        let ty = cx.llvm_type_at(op, ir.value_type(r))?;
        let v = assemble(cx, ty, &per_result[k])?;
        cx.define(r, v);
    }
    Ok(())
}

/// `arith.constant dense<...> : vector<...>` of any rank.
fn constant<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let ctx = ir.ctx();
    let rt = ir.value_type(ir.result(op, 0));
    let dims = dims_of(cx, rt).ok_or_else(|| cx.error(op, "expected a vector constant"))?;
    let ty = cx.llvm_type_at(op, rt)?;
    let vt = nd_leaf_type(ty).ok_or_else(|| cx.error(op, "expected a vector type"))?;
    let attr = ir
        .attr(op, "value")
        .ok_or_else(|| cx.error(op, "constant without a value"))?;
    let AttrData::DenseElements { values, .. } = ctx.attr_data(attr) else {
        return Err(cx.error(op, "vector constant without dense elements"));
    };
    let total = count(&dims);
    if values.len() != 1 && values.len() != total {
        return Err(cx.error(op, "dense constant has the wrong number of elements"));
    }
    let inner = *dims.last().expect("rank >= 1") as usize;
    let mut leaves = Vec::new();
    for l in 0..total / inner {
        let lane_values: Vec<_> = (0..inner)
            .map(|i| values[if values.len() == 1 { 0 } else { l * inner + i }])
            .collect();
        // One leaf is a 1-D dense constant: reuse arith's constant builder per leaf.
        let lanes: Vec<BasicValueEnum> = lane_values
            .iter()
            .map(|&a| super::super::arith::constant(cx, op, a, vt.get_element_type()))
            .collect::<LResult<_>>()?;
        leaves.push(from_lanes(cx, vt, &lanes)?.into());
    }
    let v = assemble(cx, ty, &leaves)?;
    cx.define_result(op, v);
    Ok(())
}

/// An i1 that is true iff `a < b` (signed), for i64s.
pub(crate) fn slt<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    a: IntValue<'ctx>,
    b: IntValue<'ctx>,
) -> LResult<IntValue<'ctx>> {
    cx.builder
        .build_int_compare(inkwell::IntPredicate::SLT, a, b, "")
        .map_err(|e| cx.builder_error(e))
}

/// The LLVM leaf type of element type `elem` of IR type `ty` (used for i1 masks).
pub(crate) fn bool_type<'ctx>(cx: &LowerCtx<'_, 'ctx>) -> BasicTypeEnum<'ctx> {
    cx.llcx.bool_type().as_basic_type_enum()
}
