//! `scf.parallel` (and so `affine.parallel`, which `lower-affine` turns into it) on the thread
//! pool of [`crate::runtime::parallel`]: the loop body is outlined into a function
//! `void body(ptr ctx, i64 lb, i64 ub, i64 chunk)` that runs the iterations `[lb, ub)` of the
//! outermost dimension (the inner dimensions as a sequential nest), and the loop becomes
//!
//! ```text
//! ctx = { captured values..., ptr partials }        (an alloca in the entry block)
//! k = lattice_parallel_chunks(lb0, ub0, step0)      (k = 0 without reductions)
//! lattice_parallel_for(body, &ctx, lb0, ub0, step0, k, &site)
//! acc = init; for c in 0..k: if partials[c].valid: acc = reduce(acc, partials[c].value)
//! ```
//!
//! `site` is an internal `[LOOP_SITE_WORDS x i64]` global per loop, zero-initialized: the runtime's
//! `LoopSite`, where it keeps what the loop cost on earlier calls (so a loop known to be
//! large goes to the pool before any of it runs). Its first word starts as a static lower
//! bound on an iteration's time (the body's operations, see [`static_ops_per_iteration`]),
//! which the runtime uses until it has timed the loop: a kernel called once can go
//! parallel at its first call.
//!
//! Without reductions the chunk index is unused and `k = 0` lets the runtime split the loop
//! as it likes (with one thread: the whole range in one call). Such a loop whose bounds are
//! not both constants, with a small body, also gets a sequential copy in the caller, run
//! instead of the call when the runtime would run the loop whole on the calling thread (see
//! [`inline_sequential_copy`]):
//!
//! ```text
//! t = lattice_parallel_inline(lb0, ub0, step0, &site)
//! if t != 0 { for iv in lb0..ub0 step step0 { body }; lattice_parallel_inline_done(.., t) }
//! else { ctx = ...; lattice_parallel_for(...) }
//! ```
//!
//! Reductions (`scf.reduce`) are deterministic: chunk `c` folds its own iterations in order,
//! starting from its first value (so no identity element is needed), into
//! `partials[c] = {i1 valid, values...}`, and the caller folds the chunks in chunk order into
//! the loop's initial values. Chunking depends only on the trip count, so the result does not
//! depend on the number of threads; it may differ from the sequential order in the last bits
//! of a floating-point reduction (the reassociation `scf.parallel` allows).
//!
//! Race detector: with [`ParallelOrder::Reverse`] every dimension's induction variable is
//! mirrored over the loop's whole range (`iv' = lb + last - iv`, `last` the final
//! iteration), so the body sees the iterations in descending order in each dimension; with
//! one thread (chunks run in chunk order on the caller) the whole loop runs backwards,
//! deterministically, and a dependence carried by a loop wrongly marked parallel changes the
//! result. The chunking and the partials are unchanged (reductions fold in the mirrored
//! order).
//!
//! Alias information: a captured memref whose buffer the enclosing function knows to be its
//! own (an `llvm.noalias` argument, or a `memref.alloc`/`alloca`), and which no other
//! captured value may point into, reaches the body as a `noalias` pointer parameter: the
//! outlined function loads the captured values and calls an internal function
//! `<body>.noalias(ctx, lb, ub, chunk, captured..., aligned pointers...)` that runs the
//! chunk (see [`noalias_captures`]). LLVM optimizes that function first (its accesses then
//! go through the parameters themselves) and inlines it into its only caller, turning the
//! `noalias` parameters into `!alias.scope`/`!noalias` metadata; it is not `alwaysinline`,
//! because inlining it before that simplification (the accesses still extract the pointer
//! from a descriptor) would lose the information.
//!
//! Invariants: captured values are every value used in the loop (at any depth) and defined
//! outside it, plus the loop's bounds, except scalar `arith.constant`s, which the body
//! emits again (so LLVM sees constant bounds and strides there); when the loop's first
//! dimension has constant bounds, the chunk's bounds are clamped to them (a no-op that
//! gives LLVM the induction variable's range) and, for a small body, the nest is emitted
//! twice: a copy with the constant bounds, taken when the chunk is the whole range (one
//! thread, or a loop run on the caller), and the general one (see [`whole_range_versions`]);
//! the outlined function is internal and sees
//! only them; the translation state of the enclosing function (value map, blocks, builder
//! position) is restored after the body is emitted. The sequential lowering stays available as
//! [`super::scf::lower_parallel_sequential`].

use inkwell::module::Linkage;
use inkwell::types::{BasicTypeEnum, StructType};
use inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, IntValue, PointerValue};
use inkwell::AddressSpace;
use lattice_dialects::arith::{self, ArithKind as AK};
use lattice_dialects::func::Func;
use lattice_dialects::memref::{self, MemrefKind as MK};
use lattice_dialects::scf::{self, ScfKind as SK};
use lattice_ir::{Op, OpDef, Region, TypeData, Value, ValueDef};
use rustc_hash::FxHashSet;

use super::ctx::{LResult, LowerCtx};
use super::lower_body;
use super::scf::{build_loop, dense_i32_segments, IvCompare};
use crate::runtime::parallel::{LOOP_SITE_WORDS, MAX_CHUNKS, STATIC_PICOS_PER_OP};

/// In which order the iterations of a parallel loop run (`lattice run --parallel-order`,
/// `lattice emit --parallel-order`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ParallelOrder {
    /// Ascending in every dimension, chunks spread over the thread pool.
    #[default]
    InOrder,
    /// Descending in every dimension (see the module comment); deterministic with one thread.
    Reverse,
}

impl ParallelOrder {
    /// Parses `in-order` or `reverse` (the `--parallel-order` / `LATTICE_PARALLEL_ORDER`
    /// values).
    pub fn parse(s: &str) -> Option<ParallelOrder> {
        match s.trim() {
            "in-order" | "" => Some(ParallelOrder::InOrder),
            "reverse" => Some(ParallelOrder::Reverse),
            _ => None,
        }
    }
}

/// The parts of an `scf.parallel` op.
struct Parallel {
    lbs: Vec<Value>,
    ubs: Vec<Value>,
    steps: Vec<Value>,
    inits: Vec<Value>,
    region: Region,
    /// The `scf.reduce` terminator, when the loop has results.
    reduce: Option<Op>,
}

fn parts(cx: &LowerCtx<'_, '_>, op: Op) -> LResult<Parallel> {
    let ir = cx.ir;
    let seg = dense_i32_segments(cx, op)
        .ok_or_else(|| cx.error(op, "scf.parallel without operandSegmentSizes"))?;
    let operands = ir.operands(op);
    let n = seg.first().copied().unwrap_or(0);
    if seg.len() != 4 || seg[1] != n || seg[2] != n || operands.len() != 3 * n + seg[3] || n == 0 {
        return Err(cx.error(op, "scf.parallel with malformed operand segments"));
    }
    let region = ir.region(op, 0);
    let reduce = ir
        .entry_block(region)
        .and_then(|b| ir.last_op(b))
        .filter(|&t| ir.isa::<scf::Reduce>(t) && !ir.regions(t).is_empty());
    Ok(Parallel {
        lbs: operands[..n].to_vec(),
        ubs: operands[n..2 * n].to_vec(),
        steps: operands[2 * n..3 * n].to_vec(),
        inits: operands[3 * n..].to_vec(),
        region,
        reduce,
    })
}

/// Values used inside `op` (at any depth) but defined outside it, in first-use order.
fn captured(cx: &LowerCtx<'_, '_>, op: Op) -> Vec<Value> {
    let ir = cx.ir;
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    for inner in ir.walk_ops(op, lattice_ir::WalkOrder::PreOrder) {
        if inner == op {
            continue;
        }
        for &v in ir.operands(inner) {
            let inside = ir
                .value_block(v)
                .and_then(|b| ir.block_parent_op(b))
                .is_some_and(|owner| ir.is_ancestor(op, owner));
            if !inside && seen.insert(v) {
                out.push(v);
            }
        }
    }
    out
}

/// The runtime's entry points that the generated code calls.
#[derive(Clone, Copy, Debug)]
enum RuntimeFn {
    /// `i64 lattice_parallel_chunks(i64 lb, i64 ub, i64 step)`.
    Chunks,
    /// `void lattice_parallel_for(ptr body, ptr ctx, i64 lb, i64 ub, i64 step, i64 chunks,
    /// ptr site)`.
    For,
    /// `i64 lattice_parallel_inline(i64 lb, i64 ub, i64 step, ptr site)`.
    Inline,
    /// `void lattice_parallel_inline_done(i64 lb, i64 ub, i64 step, ptr site, i64 t)`.
    InlineDone,
}

fn runtime_fn<'ctx>(cx: &LowerCtx<'_, 'ctx>, f: RuntimeFn) -> FunctionValue<'ctx> {
    let name = match f {
        RuntimeFn::Chunks => "lattice_parallel_chunks",
        RuntimeFn::For => "lattice_parallel_for",
        RuntimeFn::Inline => "lattice_parallel_inline",
        RuntimeFn::InlineDone => "lattice_parallel_inline_done",
    };
    cx.module.get_function(name).unwrap_or_else(|| {
        let i64 = cx.i64().into();
        let ptr = cx.ptr().into();
        let void = cx.llcx.void_type();
        let t = match f {
            RuntimeFn::Chunks => cx.i64().fn_type(&[i64, i64, i64], false),
            RuntimeFn::For => void.fn_type(&[ptr, ptr, i64, i64, i64, i64, ptr], false),
            RuntimeFn::Inline => cx.i64().fn_type(&[i64, i64, i64, ptr], false),
            RuntimeFn::InlineDone => void.fn_type(&[i64, i64, i64, ptr, i64], false),
        };
        cx.module.add_function(name, t, Some(Linkage::External))
    })
}

/// An alloca of `ty` at the start of the current function's entry block (so that a parallel
/// loop inside a sequential loop does not grow the stack).
pub(crate) fn entry_alloca<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    ty: BasicTypeEnum<'ctx>,
    name: &str,
) -> LResult<PointerValue<'ctx>> {
    let f = cx.function.ok_or_else(|| {
        cx.error(
            cx.current_op.expect("lowering an op"),
            "internal: no function",
        )
    })?;
    let entry = f
        .get_first_basic_block()
        .expect("function has an entry block");
    let b = cx.llcx.create_builder();
    match entry.get_first_instruction() {
        Some(i) => b.position_before(&i),
        None => b.position_at_end(entry),
    }
    b.build_alloca(ty, name).map_err(|e| cx.builder_error(e))
}

/// How a captured value reaches `<body>.noalias` (see [`noalias_captures`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Passing {
    /// As loaded from the context struct.
    Value,
    /// A ranked memref: its descriptor, plus its aligned pointer as a parameter of its own
    /// (`noalias` or not), which the body's accesses use. A separate pointer parameter is
    /// an object LLVM can reason about; one extracted from a descriptor is not.
    Pointer { noalias: bool },
}

/// Declares `<f>.noalias(ctx, lb, ub, chunk, captured..., aligned pointers...)` (internal;
/// one pointer per [`Passing::Pointer`] capture, taken from its descriptor, `noalias` where
/// `passing` says so), and ends `f`'s current block with a call to it forwarding `f`'s
/// parameters, `caps` and the pointers, then `ret void`.
fn call_noalias_inner<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    f: FunctionValue<'ctx>,
    caps: &[BasicValueEnum<'ctx>],
    passing: &[Passing],
) -> LResult<FunctionValue<'ctx>> {
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let mut args: Vec<inkwell::values::BasicMetadataValueEnum<'ctx>> =
        f.get_param_iter().map(Into::into).collect();
    args.extend(
        caps.iter()
            .map(|&c| inkwell::values::BasicMetadataValueEnum::from(c)),
    );
    let mut noalias_params = Vec::new();
    for (&c, &how) in caps.iter().zip(passing) {
        if let Passing::Pointer { noalias } = how {
            let ptr = cx
                .builder
                .build_extract_value(c.into_struct_value(), 1, "aligned")
                .map_err(|e| be(cx, e))?;
            if noalias {
                noalias_params.push(args.len() as u32);
            }
            args.push(ptr.into());
        }
    }
    let mut params: Vec<inkwell::types::BasicMetadataTypeEnum<'ctx>> =
        f.get_type().get_param_types();
    params.extend(
        caps.iter()
            .map(|c| inkwell::types::BasicMetadataTypeEnum::from(c.get_type())),
    );
    params.resize(args.len(), cx.ptr().into());
    let ty = cx.llcx.void_type().fn_type(&params, false);
    let name = format!("{}.noalias", f.get_name().to_string_lossy());
    let inner = cx.module.add_function(&name, ty, Some(Linkage::Internal));
    let noalias = cx.llcx.create_enum_attribute(
        inkwell::attributes::Attribute::get_named_enum_kind_id("noalias"),
        0,
    );
    for k in noalias_params {
        inner.add_attribute(inkwell::attributes::AttributeLoc::Param(k), noalias);
    }
    cx.builder
        .build_call(inner, &args, "")
        .map_err(|e| be(cx, e))?;
    cx.builder.build_return(None).map_err(|e| be(cx, e))?;
    Ok(inner)
}

/// Folds `values` into `accs` with the reduce regions of `reduce` (one region per result).
fn fold<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    reduce: Op,
    accs: &[BasicValueEnum<'ctx>],
    values: &[BasicValueEnum<'ctx>],
) -> LResult<Vec<BasicValueEnum<'ctx>>> {
    let ir = cx.ir;
    let mut out = Vec::with_capacity(accs.len());
    for (i, (&a, &v)) in accs.iter().zip(values).enumerate() {
        let r = ir
            .regions(reduce)
            .get(i)
            .copied()
            .ok_or_else(|| cx.error(op, "scf.reduce without a region for a result"))?;
        let y = lower_body(cx, r, &[a, v])?;
        out.push(
            *y.first()
                .ok_or_else(|| cx.error(op, "scf.reduce.return without a value"))?,
        );
    }
    Ok(out)
}

/// `valid ? fold(accs, values) : values` (with branches: a reduce region need not be
/// speculatable), leaving the builder after the merge.
fn fold_if<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    reduce: Op,
    valid: IntValue<'ctx>,
    accs: &[BasicValueEnum<'ctx>],
    values: &[BasicValueEnum<'ctx>],
    keep_accs: bool,
) -> LResult<Vec<BasicValueEnum<'ctx>>> {
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let f = cx.function.expect("inside a function");
    let from = cx.builder.get_insert_block().expect("positioned");
    let then_bb = cx.llcx.append_basic_block(f, "reduce.fold");
    let merge = cx.llcx.append_basic_block(f, "reduce.merge");
    cx.builder
        .build_conditional_branch(valid, then_bb, merge)
        .map_err(|e| be(cx, e))?;
    cx.builder.position_at_end(then_bb);
    let folded = fold(cx, op, reduce, accs, values)?;
    let then_end = cx.builder.get_insert_block().expect("positioned");
    cx.builder
        .build_unconditional_branch(merge)
        .map_err(|e| be(cx, e))?;
    cx.builder.position_at_end(merge);
    let otherwise = if keep_accs { accs } else { values };
    let mut out = Vec::with_capacity(accs.len());
    for (o, n) in otherwise.iter().zip(&folded) {
        let phi = cx
            .builder
            .build_phi(o.get_type(), "acc")
            .map_err(|e| be(cx, e))?;
        phi.add_incoming(&[(o, from), (n, then_end)]);
        out.push(phi.as_basic_value());
    }
    Ok(out)
}

/// `lb + last` of the loop `lb to ub step step` (`last` its final iteration, so that
/// `lb + last - iv` mirrors `iv`); meaningless (and unused) for an empty loop.
fn mirror_sum<'ctx>(
    cx: &LowerCtx<'_, 'ctx>,
    lb: IntValue<'ctx>,
    ub: IntValue<'ctx>,
    step: IntValue<'ctx>,
) -> LResult<IntValue<'ctx>> {
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let b = &cx.builder;
    let one = cx.const_i64(1);
    let span = b.build_int_sub(ub, lb, "span").map_err(|e| be(cx, e))?;
    let span = b.build_int_sub(span, one, "span").map_err(|e| be(cx, e))?;
    // scf.parallel steps are positive: the loop is empty or `span >= 0`.
    let k = b
        .build_int_signed_div(span, step, "k")
        .map_err(|e| be(cx, e))?;
    let off = b.build_int_mul(k, step, "off").map_err(|e| be(cx, e))?;
    let lb2 = b.build_int_add(lb, lb, "lb2").map_err(|e| be(cx, e))?;
    b.build_int_add(lb2, off, "mirror").map_err(|e| be(cx, e))
}

/// The sequential nest of dimensions `d..` inside a chunk, folding the body's reduce operands
/// into `(valid, accs)`. `mirrors[d]`, when present, is [`mirror_sum`] of dimension `d`'s
/// whole range: the body then sees `mirror - iv` (the reverse order).
#[allow(clippy::too_many_arguments)]
fn chunk_nest<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    p: &Parallel,
    bounds: &[(IntValue<'ctx>, IntValue<'ctx>, IntValue<'ctx>)],
    mirrors: &[Option<IntValue<'ctx>>],
    ivs: &mut Vec<BasicValueEnum<'ctx>>,
    carried: &[BasicValueEnum<'ctx>],
) -> LResult<Vec<BasicValueEnum<'ctx>>> {
    let d = ivs.len();
    if d == bounds.len() {
        let values = lower_body(cx, p.region, ivs)?;
        let Some(reduce) = p.reduce else {
            return Ok(carried.to_vec());
        };
        let valid = carried[0].into_int_value();
        let accs = &carried[1..];
        let mut next = vec![cx.llcx.bool_type().const_int(1, false).into()];
        next.extend(fold_if(cx, op, reduce, valid, accs, &values, false)?);
        return Ok(next);
    }
    let (lb, ub, step) = bounds[d];
    build_loop(
        cx,
        lb,
        ub,
        step,
        carried,
        IvCompare::Signed,
        &mut |cx, iv, carried| {
            let iv = match mirrors.get(d).copied().flatten() {
                Some(m) => cx
                    .builder
                    .build_int_sub(m, iv, "iv.rev")
                    .map_err(|e| cx.builder_error(e))?,
                None => iv,
            };
            ivs.push(iv.into());
            let r = chunk_nest(cx, op, p, bounds, mirrors, ivs, carried);
            ivs.pop();
            r
        },
    )
}

/// Lowers `scf.parallel` `op` onto the runtime's thread pool (see the module comment).
pub fn lower_parallel<'ctx>(cx: &mut LowerCtx<'_, 'ctx>, op: Op) -> LResult<()> {
    let ir = cx.ir;
    let p = parts(cx, op)?;
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let parent_fn = cx
        .function
        .ok_or_else(|| cx.error(op, "internal: no current function"))?;

    // The context struct: captured values, then the partials pointer.
    let mut caps = captured(cx, op);
    for &v in p.lbs.iter().chain(&p.ubs).chain(&p.steps) {
        if !caps.contains(&v) {
            caps.push(v);
        }
    }
    // Scalar constants are emitted again in the body rather than passed: LLVM then sees
    // constant bounds, steps and strides there, as in the enclosing function.
    let consts: Vec<Op> = caps
        .iter()
        .filter_map(|&v| scalar_constant(cx, v))
        .collect();
    caps.retain(|&v| scalar_constant(cx, v).is_none());
    let cap_vals: Vec<BasicValueEnum<'ctx>> =
        caps.iter().map(|&v| cx.value(v)).collect::<LResult<_>>()?;
    let mut fields: Vec<BasicTypeEnum<'ctx>> = cap_vals.iter().map(|v| v.get_type()).collect();
    fields.push(cx.ptr().into());
    let ctx_ty: StructType<'ctx> = cx.llcx.struct_type(&fields, false);
    let red_tys: Vec<BasicTypeEnum<'ctx>> = p
        .inits
        .iter()
        .map(|&v| cx.value(v).map(|x| x.get_type()))
        .collect::<LResult<_>>()?;
    let mut partial_fields: Vec<BasicTypeEnum<'ctx>> = vec![cx.llcx.bool_type().into()];
    partial_fields.extend(red_tys.iter().copied());
    let partial_ty = cx.llcx.struct_type(&partial_fields, false);

    // The outlined body.
    let fn_name = format!(
        "{}.parallel.{}",
        parent_fn.get_name().to_string_lossy(),
        cx.module.get_functions().count()
    );
    let i64t = cx.i64();
    let fn_ty = cx.llcx.void_type().fn_type(
        &[cx.ptr().into(), i64t.into(), i64t.into(), i64t.into()],
        false,
    );
    let body_fn = cx
        .module
        .add_function(&fn_name, fn_ty, Some(Linkage::Internal));
    let captures = Captures {
        values: &caps,
        constants: &consts,
    };
    emit_outlined(
        cx, op, &p, body_fn, parent_fn, ctx_ty, partial_ty, &captures,
    )?;

    // The call site.
    let lb0 = cx.value(p.lbs[0])?;
    let ub0 = cx.value(p.ubs[0])?;
    let step0 = cx.value(p.steps[0])?;
    // The loop's site: what the runtime learnt about this loop on earlier calls.
    let site_ty = cx.i64().array_type(LOOP_SITE_WORDS);
    let site = cx
        .module
        .add_global(site_ty, None, &format!("{fn_name}.site"));
    site.set_linkage(Linkage::Internal);
    // Word 0 starts as the static estimate of an iteration's time (picoseconds), so a loop
    // large enough for the pool can go there at its first call; the rest is zero.
    let picos = static_ops_per_iteration(ir, &p).saturating_mul(STATIC_PICOS_PER_OP);
    let mut words = vec![cx.i64().const_int(picos, false)];
    words.resize(LOOP_SITE_WORDS as usize, cx.i64().const_zero());
    site.set_initializer(&cx.i64().const_array(&words));
    let site = site.as_pointer_value();
    let constant_bounds = lb0.into_int_value().is_const() && ub0.into_int_value().is_const();
    let inline_done =
        if p.reduce.is_none() && !constant_bounds && whole_range_copy_fits(ir, p.region) {
            let bounds = (
                lb0.into_int_value(),
                ub0.into_int_value(),
                step0.into_int_value(),
            );
            Some(inline_sequential_copy(cx, op, &p, bounds, site)?)
        } else {
            None
        };
    let ctx_ptr = entry_alloca(cx, ctx_ty.into(), "par.ctx")?;
    let partials = if p.reduce.is_some() {
        let arr = partial_ty.array_type(MAX_CHUNKS as u32);
        Some(entry_alloca(cx, arr.into(), "par.partials")?)
    } else {
        None
    };
    for (i, v) in cap_vals.iter().enumerate() {
        let slot = cx
            .builder
            .build_struct_gep(ctx_ty, ctx_ptr, i as u32, "")
            .map_err(|e| be(cx, e))?;
        cx.builder.build_store(slot, *v).map_err(|e| be(cx, e))?;
    }
    let pslot = cx
        .builder
        .build_struct_gep(ctx_ty, ctx_ptr, cap_vals.len() as u32, "")
        .map_err(|e| be(cx, e))?;
    let null = cx.ptr().const_null();
    cx.builder
        .build_store(pslot, partials.unwrap_or(null))
        .map_err(|e| be(cx, e))?;
    // A loop without a reduction lets the runtime split it freely (`chunks = 0`); one with a
    // reduction fixes its chunks, whose partials the caller folds below.
    let k = if p.reduce.is_some() {
        let chunks_fn = runtime_fn(cx, RuntimeFn::Chunks);
        cx.builder
            .build_call(chunks_fn, &[lb0.into(), ub0.into(), step0.into()], "chunks")
            .map_err(|e| be(cx, e))?
            .try_as_basic_value()
            .basic()
            .ok_or_else(|| cx.error(op, "internal: lattice_parallel_chunks returns nothing"))?
            .into_int_value()
    } else {
        cx.const_i64(0)
    };
    let for_fn = runtime_fn(cx, RuntimeFn::For);
    let body_ptr = body_fn.as_global_value().as_pointer_value();
    cx.builder
        .build_call(
            for_fn,
            &[
                body_ptr.into(),
                ctx_ptr.into(),
                lb0.into(),
                ub0.into(),
                step0.into(),
                k.into(),
                site.into(),
            ],
            "",
        )
        .map_err(|e| be(cx, e))?;
    if let Some(done) = inline_done {
        cx.builder
            .build_unconditional_branch(done)
            .map_err(|e| be(cx, e))?;
        cx.builder.position_at_end(done);
    }

    // Combine the partials in chunk order.
    let results = combine_partials(cx, op, &p, partials, partial_ty, k)?;
    for (&r, v) in ir.results(op).iter().zip(results) {
        cx.define(r, v);
    }
    Ok(())
}

/// Emits the outlined body `body_fn` of `op`, then returns the builder to the enclosing
/// function `parent_fn` with its state as it was.
#[allow(clippy::too_many_arguments)]
fn emit_outlined<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    p: &Parallel,
    body_fn: FunctionValue<'ctx>,
    parent_fn: FunctionValue<'ctx>,
    ctx_ty: StructType<'ctx>,
    partial_ty: StructType<'ctx>,
    captures: &Captures<'_>,
) -> LResult<()> {
    // Save the enclosing function's state.
    let saved_block = cx.builder.get_insert_block();
    let saved_values = std::mem::take(&mut cx.values);
    let saved_blocks = std::mem::take(&mut cx.blocks);
    let saved_exits = std::mem::take(&mut cx.region_exits);
    cx.function = Some(body_fn);
    let result = emit_body(cx, op, p, body_fn, ctx_ty, partial_ty, captures);
    cx.values = saved_values;
    cx.blocks = saved_blocks;
    cx.region_exits = saved_exits;
    cx.function = Some(parent_fn);
    cx.current_op = Some(op);
    if let Some(b) = saved_block {
        cx.builder.position_at_end(b);
    }
    result
}

/// The results of `op`: its inits folded with the valid partials of the `k` chunks, in
/// chunk order (the inits alone without a reduction).
fn combine_partials<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    p: &Parallel,
    partials: Option<PointerValue<'ctx>>,
    partial_ty: StructType<'ctx>,
    k: IntValue<'ctx>,
) -> LResult<Vec<BasicValueEnum<'ctx>>> {
    let inits: Vec<BasicValueEnum<'ctx>> = p
        .inits
        .iter()
        .map(|&v| cx.value(v))
        .collect::<LResult<_>>()?;
    Ok(match (p.reduce, partials) {
        (Some(reduce), Some(partials)) => {
            let zero = cx.const_i64(0);
            let one = cx.const_i64(1);
            let arr_ty = partial_ty.array_type(MAX_CHUNKS as u32);
            build_loop(
                cx,
                zero,
                k,
                one,
                &inits,
                IvCompare::Signed,
                &mut |cx, c, accs| {
                    // SAFETY (LLVM semantics): c < k <= MAX_CHUNKS.
                    let slot = unsafe {
                        cx.builder
                            .build_gep(arr_ty, partials, &[zero, c], "partial")
                    }
                    .map_err(|e| cx.builder_error(e))?;
                    let loaded = cx
                        .builder
                        .build_load(partial_ty, slot, "")
                        .map_err(|e| cx.builder_error(e))?
                        .into_struct_value();
                    let valid = cx
                        .builder
                        .build_extract_value(loaded, 0, "valid")
                        .map_err(|e| cx.builder_error(e))?
                        .into_int_value();
                    let mut values = Vec::new();
                    for i in 0..accs.len() {
                        values.push(
                            cx.builder
                                .build_extract_value(loaded, i as u32 + 1, "")
                                .map_err(|e| cx.builder_error(e))?,
                        );
                    }
                    fold_if(cx, op, reduce, valid, accs, &values, true)
                },
            )?
        }
        _ => inits,
    })
}

/// The caller's sequential copy of a parallel loop without a reduction whose bounds are not
/// both constants (see [`crate::runtime::parallel::lattice_parallel_inline`]):
///
/// ```text
/// t = lattice_parallel_inline(lb0, ub0, step0, site)
/// if t != 0 { sequential nest over the whole range; lattice_parallel_inline_done(.., t) }
/// else { (the builder is left here: the call of lattice_parallel_for) }
/// ```
///
/// With [`ParallelOrder::Reverse`] the copy runs every dimension backwards, as the outlined
/// body does. Returns the block both ways join in; the builder is left in the other way's
/// block, which must branch there.
fn inline_sequential_copy<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    p: &Parallel,
    (lb0, ub0, step0): (IntValue<'ctx>, IntValue<'ctx>, IntValue<'ctx>),
    site: PointerValue<'ctx>,
) -> LResult<inkwell::basic_block::BasicBlock<'ctx>> {
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let f = cx
        .function
        .ok_or_else(|| cx.error(op, "internal: no current function"))?;
    let inline_fn = runtime_fn(cx, RuntimeFn::Inline);
    let t = cx
        .builder
        .build_call(
            inline_fn,
            &[lb0.into(), ub0.into(), step0.into(), site.into()],
            "inline",
        )
        .map_err(|e| be(cx, e))?
        .try_as_basic_value()
        .basic()
        .ok_or_else(|| cx.error(op, "internal: lattice_parallel_inline returns nothing"))?
        .into_int_value();
    let zero = cx.const_i64(0);
    let take = cx
        .builder
        .build_int_compare(inkwell::IntPredicate::NE, t, zero, "take.inline")
        .map_err(|e| be(cx, e))?;
    let seq_bb = cx.llcx.append_basic_block(f, "inline.seq");
    let par_bb = cx.llcx.append_basic_block(f, "inline.pool");
    let done_bb = cx.llcx.append_basic_block(f, "inline.done");
    cx.builder
        .build_conditional_branch(take, seq_bb, par_bb)
        .map_err(|e| be(cx, e))?;
    cx.builder.position_at_end(seq_bb);
    let mut bounds = vec![(lb0, ub0, step0)];
    for d in 1..p.lbs.len() {
        bounds.push((
            cx.value(p.lbs[d])?.into_int_value(),
            cx.value(p.ubs[d])?.into_int_value(),
            cx.value(p.steps[d])?.into_int_value(),
        ));
    }
    let mut mirrors = Vec::new();
    if cx.options.parallel_order == ParallelOrder::Reverse {
        for &(lb, ub, step) in &bounds {
            mirrors.push(Some(mirror_sum(cx, lb, ub, step)?));
        }
    }
    chunk_nest(cx, op, p, &bounds, &mirrors, &mut Vec::new(), &[])?;
    let done_fn = runtime_fn(cx, RuntimeFn::InlineDone);
    cx.builder
        .build_call(
            done_fn,
            &[lb0.into(), ub0.into(), step0.into(), site.into(), t.into()],
            "",
        )
        .map_err(|e| be(cx, e))?;
    cx.builder
        .build_unconditional_branch(done_bb)
        .map_err(|e| be(cx, e))?;
    cx.builder.position_at_end(par_bb);
    Ok(done_bb)
}

/// `[lo, hi)` when `v` is the induction variable of an `scf.for` with constant bounds
/// `lo < hi` and a positive constant step: every value it takes lies in that range, which
/// the outlined body states as `!range` metadata on the captured value's load.
fn iv_range(cx: &LowerCtx<'_, '_>, v: Value) -> Option<(i64, i64)> {
    let ir = cx.ir;
    let ValueDef::Argument { block, index: 0 } = ir.value_def(v) else {
        return None;
    };
    let lp = ir.block_parent_op(block)?;
    if !ir.isa::<scf::For>(lp) || ir.operands(lp).len() < 3 {
        return None;
    }
    let constant = |i: usize| {
        ir.defining_op(ir.operand(lp, i))
            .filter(|&d| ir.isa::<arith::Constant>(d))
            .and_then(|d| ir.attr(d, arith::Constant::VALUE))
            .and_then(|a| ir.ctx().int_value(a))
            .and_then(|x| i64::try_from(x).ok())
    };
    let (lo, hi, step) = (constant(0)?, constant(1)?, constant(2)?);
    (step > 0 && lo < hi).then_some((lo, hi))
}

/// The values a parallel loop uses from outside: those passed in the context struct, and
/// the `arith.constant` ops emitted again in the body.
struct Captures<'a> {
    values: &'a [Value],
    constants: &'a [Op],
}

/// The `arith.constant` defining `v`, when `v` is an integer, index or float constant.
fn scalar_constant(cx: &LowerCtx<'_, '_>, v: Value) -> Option<Op> {
    let ir = cx.ir;
    let scalar = matches!(
        ir.ctx().type_data(ir.value_type(v)),
        TypeData::Integer { .. } | TypeData::Index | TypeData::Float(_)
    );
    ir.defining_op(v)
        .filter(|&d| scalar && ir.isa::<arith::Constant>(d))
}

/// Where the buffer of a captured memref comes from, following view-like ops to their
/// source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// Entry-block argument `index` of the enclosing `func.func`.
    Argument(u32),
    /// The result of a `memref.alloc` or `memref.alloca`: a buffer of its own.
    Allocation(Op),
    /// `memref.get_global`: never an argument's or an allocation's buffer.
    Global,
    /// Anything else (a call's result, a block argument of an inner block, ...): may point
    /// into any buffer.
    Unknown,
}

/// Ops whose memref result views the buffer of their first operand.
const VIEW_OPS: &[&OpDef] = &[
    memref::SubView::DEF,
    memref::Cast::DEF,
    memref::ReinterpretCast::DEF,
    memref::CollapseShape::DEF,
    memref::ExpandShape::DEF,
    memref::Transpose::DEF,
    memref::View::DEF,
    memref::Reshape::DEF,
    memref::MemorySpaceCast::DEF,
    memref::AssumeAlignment::DEF,
];

fn origin(cx: &LowerCtx<'_, '_>, func: Op, mut v: Value) -> Origin {
    let ir = cx.ir;
    loop {
        match ir.value_def(v) {
            ValueDef::Argument { block, index } => {
                let entry = ir.regions(func).first().and_then(|&r| ir.entry_block(r));
                return if entry == Some(block) {
                    Origin::Argument(index)
                } else {
                    Origin::Unknown
                };
            }
            ValueDef::Result { op, .. } => match memref::MemrefKind::of(ir, op) {
                Some(MK::Alloc | MK::Alloca) => return Origin::Allocation(op),
                Some(MK::GetGlobal) => return Origin::Global,
                _ if ir.is_any_def(op, VIEW_OPS) && !ir.operands(op).is_empty() => {
                    v = ir.operand(op, 0);
                }
                _ => return Origin::Unknown,
            },
            ValueDef::Placeholder => return Origin::Unknown,
        }
    }
}

/// How each captured value (`caps` of the parallel loop `op`) reaches the body, or `None`
/// when no captured memref can be `noalias` there (the body then uses the loaded values).
/// A ranked memref is `noalias` when its origin is an `llvm.noalias` argument of the
/// enclosing function or an allocation and no other captured value has the same origin or
/// an unknown one (a value of a type that can hold a pointer and is not a memref of known
/// origin counts as unknown): while the function runs, such a buffer is accessed only
/// through pointers derived from that argument or allocation, so inside the body only
/// through the captured value, which is what `noalias` on the parameter states. Nothing is
/// `noalias` when the loop contains `llvm` dialect ops (integers turned into pointers
/// escape this reasoning), nor outside a `func.func`.
fn noalias_captures(cx: &LowerCtx<'_, '_>, op: Op, caps: &[Value]) -> Option<Vec<Passing>> {
    let ir = cx.ir;
    let mut func = ir.parent_op(op);
    while let Some(f) = func.filter(|&f| !ir.isa::<Func>(f)) {
        func = ir.parent_op(f);
    }
    let func = func?;
    let raw_pointers = ir
        .walk_ops(op, lattice_ir::WalkOrder::PreOrder)
        .into_iter()
        .any(|o| ir.op_name(o).starts_with("llvm."));
    if raw_pointers {
        return None;
    }
    let ctx = ir.ctx();
    let origins: Vec<Option<Origin>> = caps
        .iter()
        .map(|&v| match ctx.type_data(ir.value_type(v)) {
            TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. } => Some(origin(cx, func, v)),
            TypeData::Integer { .. }
            | TypeData::Index
            | TypeData::Float(_)
            | TypeData::Complex(_)
            | TypeData::Vector { .. } => None,
            _ => Some(Origin::Unknown),
        })
        .collect();
    if origins.contains(&Some(Origin::Unknown)) {
        return None;
    }
    let passing: Vec<Passing> = caps
        .iter()
        .zip(&origins)
        .map(|(&v, o)| {
            if !matches!(ctx.type_data(ir.value_type(v)), TypeData::MemRef { .. }) {
                return Passing::Value;
            }
            let own = match *o {
                Some(Origin::Argument(i)) => {
                    lattice_dialects::func::arg_has_attr(ir, func, i as usize, "llvm.noalias")
                }
                Some(Origin::Allocation(_)) => true,
                _ => false,
            };
            let noalias = own && origins.iter().filter(|x| *x == o).count() == 1;
            Passing::Pointer { noalias }
        })
        .collect();
    passing
        .contains(&Passing::Pointer { noalias: true })
        .then_some(passing)
}

/// Emits the outlined function's body: reload the captured values, run the chunk's nest,
/// store its partial. With [`noalias_captures`], the chunk runs in an inner function
/// called with the reloaded values (see the module comment).
#[allow(clippy::too_many_arguments)]
fn emit_body<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    p: &Parallel,
    f: FunctionValue<'ctx>,
    ctx_ty: StructType<'ctx>,
    partial_ty: StructType<'ctx>,
    captures: &Captures<'_>,
) -> LResult<()> {
    let caps = captures.values;
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let entry = cx.llcx.append_basic_block(f, "entry");
    cx.builder.position_at_end(entry);
    let mut ctx_ptr = f.get_nth_param(0).expect("ctx").into_pointer_value();
    let mut lb = f.get_nth_param(1).expect("lb").into_int_value();
    let mut ub = f.get_nth_param(2).expect("ub").into_int_value();
    let mut chunk = f.get_nth_param(3).expect("chunk").into_int_value();
    let fields = ctx_ty.get_field_types();
    let mut loaded_caps = Vec::with_capacity(caps.len());
    for (i, &v) in caps.iter().enumerate() {
        let slot = cx
            .builder
            .build_struct_gep(ctx_ty, ctx_ptr, i as u32, "")
            .map_err(|e| be(cx, e))?;
        let loaded = cx
            .builder
            .build_load(fields[i], slot, "cap")
            .map_err(|e| be(cx, e))?;
        if let (Some((lo, hi)), BasicTypeEnum::IntType(t)) = (iv_range(cx, v), fields[i]) {
            // The range tells LLVM what the enclosing function knew from its loop: e.g.
            // that `iv * 32 + 32` cannot overflow, so a tile loop's trip count is constant.
            let node = cx.llcx.metadata_node(&[
                t.const_int(lo as u64, true).into(),
                t.const_int(hi as u64, true).into(),
            ]);
            if let Some(inst) = loaded.as_instruction_value() {
                inst.set_metadata(node, cx.llcx.get_kind_id("range"))
                    .map_err(|e| cx.error(op, format!("internal: range metadata: {e}")))?;
            }
        }
        loaded_caps.push(loaded);
    }
    if let Some(passing) = noalias_captures(cx, op, caps) {
        let inner = call_noalias_inner(cx, f, &loaded_caps, &passing)?;
        ctx_ptr = inner.get_nth_param(0).expect("ctx").into_pointer_value();
        lb = inner.get_nth_param(1).expect("lb").into_int_value();
        ub = inner.get_nth_param(2).expect("ub").into_int_value();
        chunk = inner.get_nth_param(3).expect("chunk").into_int_value();
        let entry = cx.llcx.append_basic_block(inner, "entry");
        cx.builder.position_at_end(entry);
        cx.function = Some(inner);
        let mut aligned = inner.get_param_iter().skip(4 + caps.len());
        for (i, (&v, &how)) in caps.iter().zip(&passing).enumerate() {
            let mut value = inner.get_nth_param(4 + i as u32).expect("captured value");
            if how != Passing::Value {
                let ptr = aligned.next().expect("one pointer per memref capture");
                value = cx
                    .builder
                    .build_insert_value(value.into_struct_value(), ptr, 1, "desc")
                    .map_err(|e| be(cx, e))?
                    .into_struct_value()
                    .into();
            }
            cx.define(v, value);
        }
    } else {
        for (&v, &loaded) in caps.iter().zip(&loaded_caps) {
            cx.define(v, loaded);
        }
    }
    for &c in captures.constants {
        super::arith::lower(cx, c)?;
    }
    cx.current_op = Some(op);
    // The chunk lies within the loop's range: with constant bounds, saying so (a no-op
    // clamp) tells LLVM the induction variable's range, as the enclosing function knew it.
    let (lb0, ub0) = (cx.value(p.lbs[0])?, cx.value(p.ubs[0])?);
    let mut whole_range = None;
    if let (BasicValueEnum::IntValue(lb0), BasicValueEnum::IntValue(ub0)) = (lb0, ub0) {
        if lb0.is_const() && ub0.is_const() {
            whole_range = Some((lb0, ub0));
            let b = &cx.builder;
            let pred = inkwell::IntPredicate::SGT;
            let gt = b
                .build_int_compare(pred, lb, lb0, "")
                .map_err(|e| be(cx, e))?;
            lb = b
                .build_select(gt, lb, lb0, "chunk.lb")
                .map_err(|e| be(cx, e))?
                .into_int_value();
            let gt = b
                .build_int_compare(pred, ub, ub0, "")
                .map_err(|e| be(cx, e))?;
            ub = b
                .build_select(gt, ub0, ub, "chunk.ub")
                .map_err(|e| be(cx, e))?
                .into_int_value();
        }
    }
    let mut bounds = vec![(lb, ub, cx.value(p.steps[0])?.into_int_value())];
    for d in 1..p.lbs.len() {
        bounds.push((
            cx.value(p.lbs[d])?.into_int_value(),
            cx.value(p.ubs[d])?.into_int_value(),
            cx.value(p.steps[d])?.into_int_value(),
        ));
    }
    let mut carried: Vec<BasicValueEnum<'ctx>> = Vec::new();
    if p.reduce.is_some() {
        carried.push(cx.llcx.bool_type().const_zero().into());
        for t in partial_ty.get_field_types().iter().skip(1) {
            carried.push(t.const_zero());
        }
    }
    let mut mirrors = Vec::new();
    if cx.options.parallel_order == ParallelOrder::Reverse {
        for ((&lb, &ub), &(_, _, step)) in p.lbs.iter().zip(&p.ubs).zip(&bounds) {
            let lb = cx.value(lb)?.into_int_value();
            let ub = cx.value(ub)?.into_int_value();
            mirrors.push(Some(mirror_sum(cx, lb, ub, step)?));
        }
    }
    let out = match whole_range.filter(|_| whole_range_copy_fits(cx.ir, p.region)) {
        Some(whole) => whole_range_versions(cx, op, p, &bounds, &mirrors, &carried, whole)?,
        None => chunk_nest(cx, op, p, &bounds, &mirrors, &mut Vec::new(), &carried)?,
    };
    if p.reduce.is_some() {
        let pslot = cx
            .builder
            .build_struct_gep(ctx_ty, ctx_ptr, caps.len() as u32, "")
            .map_err(|e| be(cx, e))?;
        let partials = cx
            .builder
            .build_load(cx.llcx.ptr_type(AddressSpace::default()), pslot, "partials")
            .map_err(|e| be(cx, e))?
            .into_pointer_value();
        let arr_ty = partial_ty.array_type(MAX_CHUNKS as u32);
        let zero = cx.const_i64(0);
        // SAFETY (LLVM semantics): chunk < MAX_CHUNKS by the runtime's contract.
        let slot = unsafe {
            cx.builder
                .build_gep(arr_ty, partials, &[zero, chunk], "partial")
        }
        .map_err(|e| be(cx, e))?;
        let mut agg: inkwell::values::AggregateValueEnum = partial_ty.get_undef().into();
        for (i, v) in out.iter().enumerate() {
            agg = cx
                .builder
                .build_insert_value(agg, *v, i as u32, "")
                .map_err(|e| be(cx, e))?;
        }
        cx.builder
            .build_store(slot, agg.into_struct_value())
            .map_err(|e| be(cx, e))?;
    }
    cx.builder.build_return(None).map_err(|e| be(cx, e))?;
    Ok(())
}

/// Bodies of at most this many ops (at any depth) get a second copy for the whole range
/// (see [`whole_range_versions`]).
const WHOLE_RANGE_COPY_MAX_OPS: usize = 256;

/// Whether the body `region` is small enough to be emitted twice, and made only of ops whose
/// lowering may run twice (no nested `scf.parallel`, which would outline a second body and
/// site, and no `scf.execute_region`, whose continuation is keyed by the op).
fn whole_range_copy_fits(ir: &lattice_ir::Ir, region: Region) -> bool {
    let mut count = 0usize;
    let mut stack = vec![region];
    while let Some(r) = stack.pop() {
        for block in ir.region_blocks(r) {
            for op in ir.block_ops(block) {
                if ir.isa::<scf::Parallel>(op) || ir.isa::<scf::ExecuteRegion>(op) {
                    return false;
                }
                count += 1;
                if count > WHOLE_RANGE_COPY_MAX_OPS {
                    return false;
                }
                stack.extend(ir.regions(op).iter().copied());
            }
        }
    }
    true
}

/// The chunk's nest in two versions: `if lb == lb0 && ub == ub0` (the call runs the loop's
/// whole constant range, as the runtime does with one thread or a loop too small for the
/// pool) a copy whose outermost bounds are the constants `whole`, so LLVM sees a constant
/// trip count there (full unrolling, vectorization without remainder checks), else the
/// general nest over `bounds`. Returns the carried values, merged by phis.
#[allow(clippy::too_many_arguments)]
fn whole_range_versions<'ctx>(
    cx: &mut LowerCtx<'_, 'ctx>,
    op: Op,
    p: &Parallel,
    bounds: &[(IntValue<'ctx>, IntValue<'ctx>, IntValue<'ctx>)],
    mirrors: &[Option<IntValue<'ctx>>],
    carried: &[BasicValueEnum<'ctx>],
    whole: (IntValue<'ctx>, IntValue<'ctx>),
) -> LResult<Vec<BasicValueEnum<'ctx>>> {
    let be = |cx: &LowerCtx<'_, 'ctx>, e| cx.builder_error(e);
    let f = cx
        .function
        .ok_or_else(|| cx.error(op, "internal: no current function"))?;
    let (lb, ub, step) = bounds[0];
    let eq = inkwell::IntPredicate::EQ;
    let b = &cx.builder;
    let lb_eq = b
        .build_int_compare(eq, lb, whole.0, "")
        .map_err(|e| be(cx, e))?;
    let ub_eq = b
        .build_int_compare(eq, ub, whole.1, "")
        .map_err(|e| be(cx, e))?;
    let is_whole = b
        .build_and(lb_eq, ub_eq, "is.whole")
        .map_err(|e| be(cx, e))?;
    let whole_bb = cx.llcx.append_basic_block(f, "whole.range");
    let part_bb = cx.llcx.append_basic_block(f, "part.range");
    let join_bb = cx.llcx.append_basic_block(f, "chunk.done");
    cx.builder
        .build_conditional_branch(is_whole, whole_bb, part_bb)
        .map_err(|e| be(cx, e))?;
    let mut incoming = Vec::new();
    for (bb, first) in [
        (whole_bb, (whole.0, whole.1, step)),
        (part_bb, (lb, ub, step)),
    ] {
        cx.builder.position_at_end(bb);
        let mut version = bounds.to_vec();
        version[0] = first;
        let out = chunk_nest(cx, op, p, &version, mirrors, &mut Vec::new(), carried)?;
        let end = cx
            .builder
            .get_insert_block()
            .ok_or_else(|| cx.error(op, "internal: builder has no block"))?;
        cx.builder
            .build_unconditional_branch(join_bb)
            .map_err(|e| be(cx, e))?;
        incoming.push((out, end));
    }
    cx.builder.position_at_end(join_bb);
    let mut merged = Vec::with_capacity(carried.len());
    for i in 0..carried.len() {
        let (a, a_bb) = (&incoming[0].0[i], incoming[0].1);
        let (b, b_bb) = (&incoming[1].0[i], incoming[1].1);
        let phi = cx
            .builder
            .build_phi(a.get_type(), "chunk.out")
            .map_err(|e| be(cx, e))?;
        phi.add_incoming(&[(a, a_bb), (b, b_bb)]);
        merged.push(phi.as_basic_value());
    }
    Ok(merged)
}

/// A static lower bound on the work of one iteration of the outermost dimension of the
/// `scf.parallel` `p`, in operations: the ops of its body (constants and terminators
/// excluded), each counted once per iteration of the loops around it inside the body (the
/// parallel op's inner dimensions and `scf.for`s; a loop whose trip count is not a constant
/// difference of its bounds counts once; an `scf.if` counts its larger branch). The runtime
/// turns it into time at [`crate::runtime::parallel::STATIC_PICOS_PER_OP`], a rate only
/// vectorized, unrolled code reaches, so that the estimate stays below the real time.
fn static_ops_per_iteration(ir: &lattice_ir::Ir, p: &Parallel) -> u64 {
    let inner = p.lbs[1..]
        .iter()
        .zip(&p.ubs[1..])
        .zip(&p.steps[1..])
        .map(|((&lb, &ub), &step)| static_trip(ir, lb, ub, step))
        .fold(1u64, u64::saturating_mul);
    inner.saturating_mul(region_ops(ir, p.region))
}

/// Operations in `region` (see [`static_ops_per_iteration`]).
fn region_ops(ir: &lattice_ir::Ir, region: Region) -> u64 {
    let mut total = 0u64;
    for block in ir.region_blocks(region) {
        for op in ir.block_ops(block) {
            let own = match scf::ScfKind::of(ir, op) {
                Some(SK::Yield | SK::Reduce | SK::ReduceReturn) => 0,
                None if ir.isa::<arith::Constant>(op) => 0,
                Some(SK::For) => {
                    let o = ir.operands(op);
                    let trip = if o.len() >= 3 {
                        static_trip(ir, o[0], o[1], o[2])
                    } else {
                        1
                    };
                    let body = ir.regions(op).iter().map(|&r| region_ops(ir, r)).sum();
                    trip.saturating_mul(body)
                }
                Some(SK::If) => {
                    1 + ir
                        .regions(op)
                        .iter()
                        .map(|&r| region_ops(ir, r))
                        .max()
                        .unwrap_or(0)
                }
                _ => {
                    let nested: u64 = ir.regions(op).iter().map(|&r| region_ops(ir, r)).sum();
                    1 + nested
                }
            };
            total = total.saturating_add(own);
        }
    }
    total
}

/// Trip count of `lb to ub step step` when `ub - lb` and `step` are constants (through
/// `arith.addi`/`subi`/`muli` by constants, and the tighter operand of an upper bound's
/// `arith.minsi`/`minui`); 1 otherwise.
fn static_trip(ir: &lattice_ir::Ir, lb: Value, ub: Value, step: Value) -> u64 {
    let Some(step) = crate::gpu::outline::constant_int(ir, step).filter(|&s| s > 0) else {
        return 1;
    };
    let Some(lb) = linear(ir, lb, 0) else {
        return 1;
    };
    span(ir, &lb, ub, 0).map_or(1, |d| (d.max(0) as u64).div_ceil(step as u64))
}

/// `ub - lb` when it is a constant (the least such over a `min`'s operands).
fn span(ir: &lattice_ir::Ir, lb: &Linear, ub: Value, depth: u32) -> Option<i64> {
    if depth > 8 {
        return None;
    }
    if let Some(d) = ir
        .defining_op(ub)
        .filter(|&d| ir.isa::<arith::MinSI>(d) || ir.isa::<arith::MinUI>(d))
    {
        return ir
            .operands(d)
            .iter()
            .filter_map(|&o| span(ir, lb, o, depth + 1))
            .min();
    }
    let mut d = linear(ir, ub, 0)?;
    d.add(lb, -1);
    d.terms.is_empty().then_some(d.constant)
}

/// An index value as a constant plus multiples of opaque values.
#[derive(Clone, Default)]
struct Linear {
    terms: Vec<(Value, i64)>,
    constant: i64,
}

impl Linear {
    /// `self += k * other`.
    fn add(&mut self, other: &Linear, k: i64) {
        self.constant = self
            .constant
            .saturating_add(other.constant.saturating_mul(k));
        for &(v, c) in &other.terms {
            match self.terms.iter_mut().find(|(w, _)| *w == v) {
                Some(t) => t.1 = t.1.saturating_add(c.saturating_mul(k)),
                None => self.terms.push((v, c.saturating_mul(k))),
            }
        }
        self.terms.retain(|&(_, c)| c != 0);
    }
}

/// `v` as a [`Linear`] (None past a small depth).
fn linear(ir: &lattice_ir::Ir, v: Value, depth: u32) -> Option<Linear> {
    if depth > 16 {
        return None;
    }
    if let Some(c) = crate::gpu::outline::constant_int(ir, v) {
        return Some(Linear {
            terms: Vec::new(),
            constant: c,
        });
    }
    let opaque = || Linear {
        terms: vec![(v, 1)],
        constant: 0,
    };
    let Some(d) = ir.defining_op(v) else {
        return Some(opaque());
    };
    let o = ir.operands(d);
    let kind = arith::ArithKind::of(ir, d);
    if o.len() != 2 || !matches!(kind, Some(AK::AddI | AK::SubI | AK::MulI)) {
        return Some(opaque());
    }
    let a = linear(ir, o[0], depth + 1)?;
    let b = linear(ir, o[1], depth + 1)?;
    let mut out = a.clone();
    match kind {
        Some(AK::AddI) => out.add(&b, 1),
        Some(AK::SubI) => out.add(&b, -1),
        _ => {
            let (k, x) = match (a.terms.is_empty(), b.terms.is_empty()) {
                (_, true) => (b.constant, a),
                (true, false) => (a.constant, b),
                _ => return Some(opaque()),
            };
            out = Linear::default();
            out.add(&x, k);
        }
    }
    Some(out)
}
