//! `affine-pipeline-data-transfer`: overlaps the DMA transfers of a loop with its
//! computation, as mlir-opt 22's pass of that name. In every `affine.for` (innermost
//! first) with a constant trip count, each `affine.dma_start` into a faster memory space
//! (source space < destination space) whose tag an `affine.dma_wait` of the same body
//! waits on, with the same tag indices, is pipelined:
//!
//! 1. its fast buffer and its tag are double buffered: a `memref.alloc` before the loop
//!    with a leading dimension of 2 (dynamic sizes read with `memref.dim`), a
//!    `memref.dealloc` after it, and every access in the body indexed first by
//!    `(iv floordiv step) mod 2` (an `affine.apply` at the start of the body, composed into
//!    the access maps); an old `memref.alloc`/`alloca` left unused, or used only by a
//!    `memref.dealloc`, is erased;
//! 2. the body is skewed (MLIR's `affineForOpBodySkew`): the DMA starts and the
//!    `affine.apply` ops that compute their operands keep shift 0 (apply chains they
//!    share with other ops are first copied for them, MLIR's
//!    `createAffineComputationSlice`), everything else is shifted by one iteration. The
//!    loop becomes a prologue (the first start, promoted to straight-line code with the IV
//!    an `arith.constant` at the start of the function), a steady-state loop from
//!    `lb + step` (start of iteration i+1, rest of iteration i with the IV read as
//!    `iv - step`) and an epilogue (the last iteration's rest, promoted).
//!
//! Invariants: the output is mlir-opt 22's, dead `affine.apply`/`arith.constant` ops
//! included (its CHECK lines expect them), except that a loop is left entirely
//! unchanged when a buffer or tag cannot be double buffered (a use in the body that is
//! not an affine access or a dealloc, a memref used twice by one op, a dynamic buffer
//! allocated in the body, a tag also used after the loop, whose wait would then wait on
//! a tag no DMA signals) or when a DMA start reads a value computed in the body by other
//! ops (the skew would break dominance): mlir-opt then leaves a dead allocation, or
//! doubles the buffers but not the tags. A buffer or tag that several pairs share is
//! doubled once (mlir-opt doubles it once per pair: a tag of two DMAs gets a leading
//! `2x2`). Loops that never run, with a multi-result lower bound, or with `iter_args`
//! are left alone too (mlir-opt's skew assumes none of them). Each refusal is a remark
//! (`remarks=true`); loops without DMA pairs are not reported.

use super::data_copy_generate::memory_space;
use super::loop_normalize::{create_apply, span_trip_count};
use super::loop_unroll::promote_single_iteration;
use super::simplify_structures::ValueMap;
use crate::ops::{dma_start_layout, for_segments};
use crate::util::{ancestor_in_block, int_attr, map_attr};
use crate::views::{
    AffineApply, AffineDmaStart, AffineDmaWait, AffineFor, AffineKind, AffineYield,
};
use lattice_dialects::{arith, func, memref};
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{AffineMap, Block, Ir, Op, OperationState, TypeData, Value, WalkOrder};
use rustc_hash::{FxHashMap, FxHashSet};

/// Options of `affine-pipeline-data-transfer` (mlir-opt's pass has none).
#[derive(Clone, Debug, Default)]
pub struct PipelineDataTransferOptions {
    /// `remarks`: report loops with DMA pairs that were left alone, and why.
    pub remarks: bool,
}

impl PassConfig for PipelineDataTransferOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        Ok(PipelineDataTransferOptions {
            remarks: o.bool("remarks", false)?,
        })
    }
}

/// The `affine-pipeline-data-transfer` pass.
pub static PIPELINE_DATA_TRANSFER: PassDef = PassDef {
    name: "affine-pipeline-data-transfer",
    display_name: "AffinePipelineDataTransfer",
    summary: "Pipeline non-blocking data transfers between explicitly managed levels of the \
              memory hierarchy",
    anchor: Some(func::Func::NAME),
    options: &[PassOption::bool(
        "remarks",
        false,
        "Print why a loop with DMA transfers was not pipelined (stderr)",
    )],
    configure: lattice_ir::pass::configure::<PipelineDataTransferOptions>,
    run,
};

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    o.typed_at::<PipelineDataTransferOptions>(ir, func)?;
    let report = pipeline_data_transfer_with_report(ir, func);
    let remarks = crate::util::located_remarks(ir, report, "loop not pipelined");
    lattice_ir::pass::report_declined(&remarks, o);
    Ok(())
}

/// Runs the pass on `func`; returns the loops with DMA pairs left alone, and why.
pub fn pipeline_data_transfer_with_report(ir: &mut Ir, func: Op) -> Vec<(Op, String)> {
    // Post order: inner loops first, since pipelining a loop replaces its body's ops.
    let loops: Vec<Op> = ir
        .walk_ops(func, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| ir.isa::<AffineFor>(o))
        .collect();
    let mut report = Vec::new();
    for l in loops {
        if !ir.contains_op(l) {
            continue;
        }
        if let Err(why) = pipeline_loop(ir, l) {
            report.push((l, why.to_string()));
        }
    }
    report
}

/// The body block and IV of `affine.for` `l`.
fn body_and_iv(ir: &Ir, l: Op) -> Option<(Block, Value)> {
    let b = ir.entry_block(*ir.regions(l).first()?)?;
    Some((b, *ir.block_args(b).first()?))
}

/// The memory space of memref value `v` (`None`: not a memref with an integer space).
fn space_of(ir: &Ir, v: Value) -> Option<i64> {
    match ir.ctx().type_data(ir.value_type(v)) {
        TypeData::MemRef {
            memory_space: s, ..
        } => memory_space(ir.ctx(), *s),
        _ => None,
    }
}

/// Source and destination memrefs of `affine.dma_start` `op`.
fn dma_memrefs(ir: &Ir, op: Op) -> Option<(Value, Value)> {
    let l = dma_start_layout(ir, op)?;
    let ops = ir.operands(op);
    Some((ops[l[0].start], ops[l[2].start]))
}

/// Tag memref and tag indices of a `dma_start` (`is_start`) or `dma_wait`.
fn dma_tag(ir: &Ir, op: Op, is_start: bool) -> Option<(Value, Vec<Value>)> {
    let ops = ir.operands(op);
    if is_start {
        let l = dma_start_layout(ir, op)?;
        return Some((ops[l[4].start], ops[l[5].clone()].to_vec()));
    }
    let n = ir.ctx().map_num_inputs(map_attr(ir, op, "tag_map")?);
    Some((*ops.first()?, ops.get(1..1 + n)?.to_vec()))
}

/// The (start, wait) pairs of `l`'s body (MLIR's `findMatchingStartFinishInsts`): starts
/// into faster memory, independent of the body's outgoing DMAs, whose buffer is not used
/// outside the loop but by deallocs, each with the first wait on the same tag indices.
fn matching_pairs(ir: &Ir, body: Block) -> Vec<(Op, Op)> {
    let ops: Vec<Op> = ir.block_ops(body).collect();
    let faster = |o: Op| -> Option<bool> {
        let (src, dst) = dma_memrefs(ir, o)?;
        Some(space_of(ir, src)? < space_of(ir, dst)?)
    };
    let slower = |o: Op| -> Option<bool> {
        let (src, dst) = dma_memrefs(ir, o)?;
        Some(space_of(ir, src)? > space_of(ir, dst)?)
    };
    let outgoing_dsts: Vec<Value> = ops
        .iter()
        .filter(|&&o| ir.isa::<AffineDmaStart>(o) && slower(o) == Some(true))
        .filter_map(|&o| dma_memrefs(ir, o).map(|m| m.1))
        .collect();
    let waits: Vec<Op> = ops
        .iter()
        .copied()
        .filter(|&o| ir.isa::<AffineDmaWait>(o))
        .collect();
    let mut pairs = Vec::new();
    for &o in &ops {
        if !ir.isa::<AffineDmaStart>(o) || faster(o) != Some(true) {
            continue;
        }
        let Some((src, dst)) = dma_memrefs(ir, o) else {
            continue;
        };
        if outgoing_dsts.contains(&src) {
            continue;
        }
        let escapes = ir.uses(dst).iter().any(|u| {
            !ir.isa::<memref::Dealloc>(u.op) && ancestor_in_block(ir, body, u.op).is_none()
        });
        if escapes {
            continue;
        }
        let tag = dma_tag(ir, o, true);
        if let Some(&w) = waits
            .iter()
            .find(|&&w| tag.is_some() && dma_tag(ir, w, false) == tag)
        {
            pairs.push((o, w));
        }
    }
    pairs
}

/// Pipelines the DMA pairs of `l` (see the module docs); `Err` says why it declined.
/// Why a loop with DMA pairs is left alone (a remark).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum NotPipelined {
    #[error("the loop has iter_args")]
    IterArgs,
    #[error("the trip count is not constant")]
    TripCountNotConstant,
    #[error("the loop never runs")]
    NeverRuns,
    #[error("the skewed bounds overflow i64")]
    BoundsOverflow,
    #[error("malformed affine.dma_start")]
    MalformedDmaStart,
    #[error("malformed affine.dma_wait")]
    MalformedDmaWait,
    #[error("a DMA start reads a value computed in the loop body")]
    StartReadsBodyValue,
    #[error("the skew would break dominance")]
    SkewBreaksDominance,
    #[error("a DMA buffer or tag is not a ranked memref")]
    NotRankedMemRef,
    #[error("a dynamically shaped DMA buffer is allocated in the loop")]
    DynamicBufferInLoop,
    #[error("a DMA tag is used outside the loop")]
    TagUsedOutside,
    #[error("a DMA buffer or tag has a use that is not an affine access ('{0}')")]
    NonAffineUse(String),
}

fn pipeline_loop(ir: &mut Ir, l: Op) -> Result<(), NotPipelined> {
    let Some((body, iv)) = body_and_iv(ir, l) else {
        return Ok(());
    };
    let pairs = matching_pairs(ir, body);
    if pairs.is_empty() {
        return Ok(());
    }
    if !ir.results(l).is_empty() {
        return Err(NotPipelined::IterArgs);
    }
    let trip_count = span_trip_count(ir, l).ok_or(NotPipelined::TripCountNotConstant)?;
    if trip_count == 0 {
        return Err(NotPipelined::NeverRuns);
    }
    check_bounds_fit(ir, l, trip_count)?;
    let mut doubled: Vec<Value> = Vec::new();
    for &(start, _) in &pairs {
        doubled.push(
            dma_memrefs(ir, start)
                .map(|m| m.1)
                .ok_or(NotPipelined::MalformedDmaStart)?,
        );
    }
    for &(_, wait) in &pairs {
        doubled.push(
            dma_tag(ir, wait, false)
                .map(|t| t.0)
                .ok_or(NotPipelined::MalformedDmaWait)?,
        );
    }
    let mut seen = FxHashSet::default();
    doubled.retain(|&m| seen.insert(m));
    for &m in &doubled {
        check_double_buffer(ir, l, m)?;
    }
    for &(start, _) in &pairs {
        if operand_leaves(ir, ir.operands(start)).iter().any(|&v| {
            !doubled.contains(&v) && ir.defining_op(v).is_some_and(|d| ir.is_ancestor(l, d))
        }) {
            return Err(NotPipelined::StartReadsBodyValue);
        }
    }
    for &m in &doubled {
        double_buffer(ir, l, body, iv, m);
    }
    let shifts = body_shifts(ir, body, &pairs);
    if !shifts_valid(ir, body, &shifts) {
        return Err(NotPipelined::SkewBreaksDominance);
    }
    body_skew(ir, l, body, iv, &shifts, trip_count);
    Ok(())
}

/// Whether the bounds of the skewed loops (up to `lb + (trip_count + 1) * step`) fit in
/// `i64` where the lower bound is constant (symbolic bounds are the program's).
fn check_bounds_fit(ir: &Ir, l: Op, trip_count: i64) -> Result<(), NotPipelined> {
    let step = int_attr(ir, l, AffineFor::STEP)
        .and_then(|s| i64::try_from(s).ok())
        .unwrap_or(1);
    let span = trip_count.checked_add(1).and_then(|t| t.checked_mul(step));
    let lb = map_attr(ir, l, AffineFor::LOWER_BOUND_MAP)
        .and_then(|m| ir.ctx().map_single_constant_result(m));
    match (span, lb) {
        (None, _) => Err(NotPipelined::BoundsOverflow),
        (Some(s), Some(c)) if c.checked_add(s).is_none() => Err(NotPipelined::BoundsOverflow),
        _ => Ok(()),
    }
}

/// The memref operand slots of an affine access `op`: (memref operand position, map
/// attribute, index operand range).
fn access_slots(ir: &Ir, op: Op) -> Vec<(usize, &'static str, std::ops::Range<usize>)> {
    let n = ir.operands(op).len();
    match AffineKind::of(ir, op) {
        Some(AffineKind::Load | AffineKind::VectorLoad | AffineKind::Prefetch) => {
            vec![(0, "map", 1..n)]
        }
        Some(AffineKind::Store | AffineKind::VectorStore) => vec![(1, "map", 2..n)],
        Some(AffineKind::DmaWait) => {
            let k = map_attr(ir, op, "tag_map").map_or(0, |m| ir.ctx().map_num_inputs(m));
            vec![(0, "tag_map", 1..(1 + k).min(n))]
        }
        Some(AffineKind::DmaStart) => match dma_start_layout(ir, op) {
            Some(l) => vec![
                (l[0].start, "src_map", l[1].clone()),
                (l[2].start, "dst_map", l[3].clone()),
                (l[4].start, "tag_map", l[5].clone()),
            ],
            None => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Whether memref `m` can be double buffered on `l`: every use in the loop is a
/// dealloc or one memref slot of an affine access; a buffer allocated in the loop has a
/// static shape (its sizes are needed before the loop).
fn check_double_buffer(ir: &Ir, l: Op, m: Value) -> Result<(), NotPipelined> {
    let TypeData::MemRef { shape, .. } = ir.ctx().type_data(ir.value_type(m)) else {
        return Err(NotPipelined::NotRankedMemRef);
    };
    if shape.contains(&crate::ops::DYNAMIC)
        && ir.defining_op(m).is_some_and(|d| ir.is_ancestor(l, d))
    {
        return Err(NotPipelined::DynamicBufferInLoop);
    }
    for u in ir.uses(m) {
        if ir.isa::<memref::Dealloc>(u.op) {
            continue;
        }
        if !ir.is_ancestor(l, u.op) {
            return Err(NotPipelined::TagUsedOutside);
        }
        let slots = access_slots(ir, u.op);
        let uses = ir.operands(u.op).iter().filter(|&&v| v == m).count();
        if uses != 1 || !slots.iter().any(|s| s.0 == u.index as usize) {
            return Err(NotPipelined::NonAffineUse(ir.op_name(u.op).to_string()));
        }
    }
    Ok(())
}

/// Creates `name` with `operands`, one result of type `ty` and `attrs`, before `at`.
fn create_before(
    ir: &mut Ir,
    at: Op,
    name: &str,
    operands: Vec<Value>,
    result: Option<lattice_ir::Type>,
    attrs: Vec<(&str, lattice_ir::Attr)>,
) -> Op {
    let ctx = ir.ctx_arc().clone();
    let mut st = OperationState::new(ctx.intern_str(name), ir.loc(at));
    st.operands = operands;
    st.result_types = result.into_iter().collect();
    for (k, v) in attrs {
        st.add_attr(ctx.intern_str(k), v);
    }
    let op = ir.create_op(st);
    ir.insert_op_before(at, op);
    op
}

/// The dynamic sizes of memref `m`, read before `l` as mlir-opt's `createOrFold` of
/// `memref.dim` does (an `arith.constant` index, then the dim, folded to the size
/// operand of a `memref.alloc`/`alloca`).
fn dynamic_sizes(ir: &mut Ir, l: Op, m: Value, shape: &[i64]) -> Vec<Value> {
    let ctx = ir.ctx_arc().clone();
    let index = ctx.index_type();
    let alloc_sizes: Option<Vec<Value>> = ir
        .defining_op(m)
        .filter(|&d| ir.isa::<memref::Alloc>(d) || ir.isa::<memref::Alloca>(d))
        .map(|d| {
            let n = shape.iter().filter(|&&s| s == crate::ops::DYNAMIC).count();
            ir.operands(d).iter().take(n).copied().collect()
        });
    let mut out = Vec::new();
    for (i, &s) in shape.iter().enumerate() {
        if s != crate::ops::DYNAMIC {
            continue;
        }
        let c = create_before(
            ir,
            l,
            arith::Constant::NAME,
            vec![],
            Some(index),
            vec![("value", ctx.index_attr(i as i64))],
        );
        let k = out.len();
        let size = match alloc_sizes.as_ref().and_then(|s| s.get(k)) {
            Some(&v) => v,
            None => {
                let c = ir.result(c, 0);
                let d = create_before(ir, l, memref::Dim::NAME, vec![m, c], Some(index), vec![]);
                ir.result(d, 0)
            }
        };
        out.push(size);
    }
    out
}

/// Double buffers `m` on `l` (checked by [`check_double_buffer`]): see the module docs.
fn double_buffer(ir: &mut Ir, l: Op, body: Block, iv: Value, m: Value) {
    let ctx = ir.ctx_arc().clone();
    let TypeData::MemRef {
        shape,
        element,
        memory_space,
        ..
    } = ctx.type_data(ir.value_type(m)).clone()
    else {
        return;
    };
    let mut new_shape = vec![2];
    new_shape.extend_from_slice(&shape);
    let new_ty = ctx.ty(TypeData::MemRef {
        shape: new_shape,
        element,
        layout: None,
        memory_space,
    });
    let sizes = dynamic_sizes(ir, l, m, &shape);
    let seg = ctx.dense_i32_array(&[sizes.len() as i32, 0]);
    let alloc = create_before(
        ir,
        l,
        memref::Alloc::NAME,
        sizes,
        Some(new_ty),
        vec![("operandSegmentSizes", seg)],
    );
    let new = ir.result(alloc, 0);
    let step = int_attr(ir, l, AffineFor::STEP).unwrap_or(1) as i64;
    let d0 = ctx.dim_expr(0);
    let half = ctx.floordiv_expr(d0, ctx.constant_expr(step));
    let map = ctx.affine_map(1, 0, vec![ctx.mod_expr(half, ctx.constant_expr(2))]);
    let apply = create_apply(ir, map, vec![iv], ir.loc(l));
    ir.prepend_op(body, apply);
    let slot = ir.result(apply, 0);
    let users: Vec<Op> = ir
        .uses(m)
        .iter()
        .map(|u| u.op)
        .filter(|&u| ir.is_ancestor(l, u) && !ir.isa::<memref::Dealloc>(u))
        .collect();
    for u in users {
        redirect_access(ir, u, m, new, slot);
    }
    let dealloc = create_before(ir, l, memref::Dealloc::NAME, vec![new], None, vec![]);
    ir.detach_op(dealloc);
    ir.insert_op_after(l, dealloc);
    erase_dead_alloc(ir, m);
}

/// Points the slot of `op` that accesses `old` at `new`, indexed by `slot` first (the
/// map composed with the producers of its operands and canonicalized, as MLIR's
/// `replaceAllMemRefUsesWith`).
fn redirect_access(ir: &mut Ir, op: Op, old: Value, new: Value, slot: Value) {
    let ctx = ir.ctx_arc().clone();
    let Some((pos, name, range)) = access_slots(ir, op)
        .into_iter()
        .find(|s| ir.operand(op, s.0) == old)
    else {
        return;
    };
    let Some(map) = map_attr(ir, op, name) else {
        return;
    };
    let operands = ir.operands(op).to_vec();
    let mut vm = ValueMap {
        results: vec![ctx.dim_expr(0)],
        dims: vec![slot],
        syms: Vec::new(),
    };
    let old_results = vm.absorb(&ctx, &ValueMap::new(&ctx, map, &operands[range.clone()]));
    vm.results.extend(old_results);
    vm.canonicalize(ir, op, true);
    let (new_map, indices) = vm.to_map(&ctx);
    let mut all = operands[..pos].to_vec();
    all.push(new);
    all.extend(indices);
    all.extend_from_slice(&operands[range.end..]);
    ir.set_operands(op, all);
    ir.set_attr(op, name, ctx.affine_map_attr(new_map));
}

/// Erases the `memref.alloc`/`alloca` of `m` when nothing uses it but a dealloc.
fn erase_dead_alloc(ir: &mut Ir, m: Value) {
    let Some(def) = ir.defining_op(m) else {
        return;
    };
    if !(ir.isa::<memref::Alloc>(def) || ir.isa::<memref::Alloca>(def)) {
        return;
    }
    let users: Vec<Op> = ir.uses(m).iter().map(|u| u.op).collect();
    match users.as_slice() {
        [] => ir.erase_op(def),
        [d] if ir.isa::<memref::Dealloc>(*d) => {
            ir.erase_op(*d);
            ir.erase_op(def);
        }
        _ => {}
    }
}

/// The `affine.apply` ops reachable from `operands` through apply operands, in MLIR's
/// depth-first pre-order (`getReachableAffineApplyOps`, duplicates kept).
fn reachable_applies(ir: &Ir, operands: &[Value]) -> Vec<Op> {
    let mut out = Vec::new();
    let mut stack: Vec<Value> = operands.iter().rev().copied().collect();
    while let Some(v) = stack.pop() {
        let Some(def) = ir.defining_op(v).filter(|&d| ir.isa::<AffineApply>(d)) else {
            continue;
        };
        out.push(def);
        stack.extend(ir.operands(def).iter().rev());
    }
    out
}

/// The values `operands` are computed from through `affine.apply` chains (the operands
/// that are not apply results, and the non-apply operands of the applies).
fn operand_leaves(ir: &Ir, operands: &[Value]) -> Vec<Value> {
    let mut out: Vec<Value> = operands
        .iter()
        .copied()
        .filter(|&v| !ir.defining_op(v).is_some_and(|d| ir.isa::<AffineApply>(d)))
        .collect();
    for a in reachable_applies(ir, operands) {
        out.extend(
            ir.operands(a)
                .iter()
                .filter(|&&v| !ir.defining_op(v).is_some_and(|d| ir.isa::<AffineApply>(d))),
        );
    }
    out
}

/// MLIR's `createAffineComputationSlice`: when the `affine.apply` chains feeding `op`
/// also feed other ops, gives `op` its own composed applies (one per apply operand,
/// before `op`) and returns them; otherwise returns nothing.
fn computation_slice(ir: &mut Ir, op: Op) -> Vec<Op> {
    let ctx = ir.ctx_arc().clone();
    let sub: Vec<Value> = ir
        .operands(op)
        .iter()
        .copied()
        .filter(|&v| ir.defining_op(v).is_some_and(|d| ir.isa::<AffineApply>(d)))
        .collect();
    let applies = reachable_applies(ir, &sub);
    let localized = applies.iter().all(|&a| {
        ir.results(a)
            .iter()
            .all(|&r| ir.uses(r).iter().all(|u| u.op == op))
    });
    if applies.is_empty() || localized {
        return Vec::new();
    }
    let mut vm = ValueMap {
        results: (0..sub.len() as u32).map(|i| ctx.dim_expr(i)).collect(),
        dims: sub.clone(),
        syms: Vec::new(),
    };
    vm.canonicalize(ir, op, true);
    let (map, operands) = vm.to_map(&ctx);
    let slices: Vec<Op> = ctx
        .map_results(map)
        .to_vec()
        .into_iter()
        .map(|r| {
            let m = ctx.affine_map(ctx.map_num_dims(map), ctx.map_num_symbols(map), vec![r]);
            let a = create_apply(ir, m, operands.clone(), ir.loc(op));
            ir.insert_op_before(op, a);
            a
        })
        .collect();
    let new_operands: Vec<Value> = ir
        .operands(op)
        .iter()
        .map(|&v| match sub.iter().position(|&s| s == v) {
            Some(j) => ir.result(slices[j], 0),
            None => v,
        })
        .collect();
    ir.set_operands(op, new_operands);
    slices
}

/// The shift of every op of `body` but the terminator: 0 for the DMA starts of `pairs`
/// and the applies computing their operands, 1 for the rest.
fn body_shifts(ir: &mut Ir, body: Block, pairs: &[(Op, Op)]) -> FxHashMap<Op, u64> {
    let mut shifts = FxHashMap::default();
    for &(start, _) in pairs {
        shifts.insert(start, 0);
        let slices = computation_slice(ir, start);
        let zero = if slices.is_empty() {
            reachable_applies(ir, ir.operands(start))
        } else {
            slices
        };
        for a in zero {
            shifts.insert(a, 0);
        }
    }
    let term = ir.last_op(body);
    for o in ir.block_ops(body).collect::<Vec<_>>() {
        if Some(o) != term {
            shifts.entry(o).or_insert(1);
        }
    }
    shifts
}

/// MLIR's `isOpwiseShiftValid`: every use in `body` of an op's results is in an op of
/// the same shift.
fn shifts_valid(ir: &Ir, body: Block, shifts: &FxHashMap<Op, u64>) -> bool {
    let shift = |o: Op| shifts.get(&o).copied().unwrap_or(0);
    ir.block_ops(body).all(|o| {
        ir.results(o).iter().all(|&r| {
            ir.uses(r)
                .iter()
                .all(|u| ancestor_in_block(ir, body, u.op).is_none_or(|a| shift(a) == shift(o)))
        })
    })
}

/// `map` with `c` added to every result (MLIR's `getShiftedAffineMap`).
fn shifted_map(ir: &Ir, map: AffineMap, c: i64) -> AffineMap {
    let ctx = ir.ctx();
    let results = ctx
        .map_results(map)
        .iter()
        .map(|&r| ctx.add_expr(r, ctx.constant_expr(c)))
        .collect();
    ctx.affine_map(ctx.map_num_dims(map), ctx.map_num_symbols(map), results)
}

/// The loop being skewed: its IV, lower bound, step, and the ops of each shift.
struct Skew {
    iv: Value,
    lb_map: AffineMap,
    lb_operands: Vec<Value>,
    step: i64,
    at: Op,
}

impl Skew {
    /// MLIR's `generateShiftedLoop`: a loop from `lb + lo` to `lb + hi` (before the
    /// original loop) running `groups` in order, each with the IV read as
    /// `iv - shift * step`; a loop that runs once is promoted (`None`).
    fn shifted_loop(&self, ir: &mut Ir, lo: i64, hi: i64, groups: &[(u64, Vec<Op>)]) -> Option<Op> {
        let ctx = ir.ctx_arc().clone();
        let n = self.lb_operands.len() as i32;
        let mut operands = self.lb_operands.clone();
        operands.extend_from_slice(&self.lb_operands);
        let lbm = shifted_map(ir, self.lb_map, lo);
        let ubm = shifted_map(ir, self.lb_map, hi);
        let l = create_before(
            ir,
            self.at,
            AffineFor::NAME,
            operands,
            None,
            vec![
                (AffineFor::LOWER_BOUND_MAP, ctx.affine_map_attr(lbm)),
                (AffineFor::UPPER_BOUND_MAP, ctx.affine_map_attr(ubm)),
                (AffineFor::STEP, ctx.index_attr(self.step)),
                ("operandSegmentSizes", ctx.dense_i32_array(&[n, n, 0])),
            ],
        );
        let region = ir.create_region();
        let block = ir.create_block(&[ctx.index_type()]);
        ir.append_block(region, block);
        ir.attach_region(l, region);
        let new_iv = ir.block_args(block)[0];
        let y = ir.create_op(OperationState::new(
            ctx.intern_str(AffineYield::NAME),
            ir.loc(l),
        ));
        ir.append_op(block, y);
        let mut mapping = FxHashMap::default();
        for (shift, ops) in groups {
            let iv = if *shift != 0 && !ir.is_unused(self.iv) {
                let back = ctx.add_expr(
                    ctx.dim_expr(0),
                    ctx.constant_expr(-self.step * *shift as i64),
                );
                let a = create_before(
                    ir,
                    y,
                    AffineApply::NAME,
                    vec![new_iv],
                    Some(ctx.index_type()),
                    vec![("map", ctx.affine_map_attr(ctx.affine_map(1, 0, vec![back])))],
                );
                ir.result(a, 0)
            } else {
                new_iv
            };
            mapping.insert(self.iv, iv);
            for &o in ops {
                let c = ir.clone_op(o, &mut mapping);
                ir.insert_op_before(y, c);
            }
        }
        if hi - lo > 0 && hi - lo <= self.step {
            promote_single_iteration(ir, l);
            return None;
        }
        Some(l)
    }
}

/// MLIR's `affineForOpBodySkew` of `l` (trip count `trip_count` > 0) by `shifts`: the
/// loop is replaced by the loops of a sweep over the shift groups.
fn body_skew(
    ir: &mut Ir,
    l: Op,
    body: Block,
    iv: Value,
    shifts: &FxHashMap<Op, u64>,
    trip_count: i64,
) {
    let (Some(lb_map), Some(segs)) = (
        map_attr(ir, l, AffineFor::LOWER_BOUND_MAP),
        for_segments(ir, l),
    ) else {
        return;
    };
    let skew = Skew {
        iv,
        lb_map,
        lb_operands: ir.operands(l)[segs[0].clone()].to_vec(),
        step: int_attr(ir, l, AffineFor::STEP).unwrap_or(1) as i64,
        at: l,
    };
    let term = ir.last_op(body);
    let ops: Vec<Op> = ir.block_ops(body).filter(|&o| Some(o) != term).collect();
    let max_shift = ops.iter().map(|o| shifts[o]).max().unwrap_or(0);
    let mut groups: Vec<Vec<Op>> = vec![Vec::new(); max_shift as usize + 1];
    for &o in &ops {
        groups[shifts[&o] as usize].push(o);
    }
    let (tc, step) = (trip_count, skew.step);
    let mut queue: Vec<(u64, Vec<Op>)> = Vec::new();
    let mut lb_shift = 0i64;
    for (d, group) in groups.into_iter().enumerate() {
        if group.is_empty() {
            continue;
        }
        let d = d as i64;
        if !queue.is_empty() {
            let loop_op = if lb_shift + tc * step < d * step {
                let r = skew.shifted_loop(ir, lb_shift, lb_shift + tc * step, &queue);
                queue.clear();
                lb_shift += tc * step;
                r
            } else {
                let r = skew.shifted_loop(ir, lb_shift, d * step, &queue);
                lb_shift = d * step;
                r
            };
            if let Some(lo) = loop_op {
                for _ in 0..4 {
                    if !ir.contains_op(lo) || !crate::canonicalize::canonicalize_for(ir, lo) {
                        break;
                    }
                }
            }
        } else {
            lb_shift = d * step;
        }
        queue.push((d as u64, group));
    }
    for i in 0..queue.len() {
        let ub_shift = (queue[i].0 as i64 + tc) * step;
        skew.shifted_loop(ir, lb_shift, ub_shift, &queue[i..]);
        lb_shift = ub_shift;
    }
    ir.erase_op(l);
}
