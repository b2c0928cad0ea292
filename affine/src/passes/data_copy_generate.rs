//! `affine-data-copy-generate`: copies the region of each memref accessed by a loop nest
//! (or by a run of straight-line accesses) into a buffer in fast memory
//! (`memref.alloc` in `fast-mem-space`), rewrites the accesses to that buffer with
//! shifted subscripts, copies written regions back after the nest and frees the buffer.
//! Copies are point-wise loop nests (`generate-dma=false`, the default, as mlir-opt 22's
//! command-line option: its pass declaration says `true`, but `--affine-data-copy-generate`
//! without options copies point-wise) or `affine.dma_start` / `affine.dma_wait` pairs with a
//! tag memref in `tag-mem-space` (`generate-dma=true`).
//!
//! Ranges, as upstream: in every block of the function, each `affine.for` is a range
//! unless its footprint exceeds `fast-mem-capacity` (KiB), or it has a non-unit step under
//! `skip-non-unit-stride-loops`, in which case its body is processed instead; runs of
//! other ops between loops are ranges too (trimmed to their first and last access).
//!
//! The region of a memref is the bounding box of its accesses in the range, per
//! dimension a `max` of lower bounds and a `min` of upper bounds over the values defined
//! outside the range (outer IVs, symbols): inner IVs are eliminated innermost first by
//! substituting their loop bounds (each candidate is a valid bound, so the box always
//! contains every accessed element). Subscripts that are not affine in the inner IVs,
//! or that use values computed inside the range, make the whole memref (static shape)
//! the region. A dimension whose box is wider than the memref's static size is the whole
//! dimension `[0, size)`, as upstream's regions are bounded by the memref's shape (loop
//! bounds overestimate the tiles of a loop whose step does not divide its span). The
//! buffer extent is the smallest constant `ub - lb` over the pairs of
//! bounds; the copy loops run over the exact bounds (with `max`/`min`), the buffer is
//! indexed by `subscript - lb`. Copies are hoisted above enclosing loops whose IVs the
//! region does not depend on, as upstream, but only when the memref has no other use in
//! those loops. Copy nests that run once are promoted and their subscripts folded.
//!
//! As mlir-opt 22, the output keeps unused `affine.apply` ops: before each copy-in and
//! copy-out, the buffer's start per dimension whose start is not constant (over the
//! region's symbols in upstream's order, `upstream_region_symbols`), and before each
//! redirected access with a non-identity subscript map, its old subscripts (left by
//! upstream's memref replacement when it remaps indices). Tests and `#map` numbering rely
//! on them.
//!
//! Unlike mlir-opt 22 (which this pass otherwise mirrors), a written region is also
//! copied in unless one store provably writes the whole box (upstream copies back
//! uninitialized buffer elements the range never wrote), DMA transfers are only
//! generated for regions whose extent is exactly constant (upstream transfers the
//! bounding box, past the region's end at partial tiles), and memrefs that the range
//! also uses through other ops are left alone. Memref SSA values are assumed not to
//! alias (as upstream and [`crate::analysis::dependence`] do).
//!
//! Declines, each with a remark (`remarks=true` or `--remarks`): non-identity
//! layouts, memrefs in another memory space than `slow-mem-space`, memrefs defined inside
//! the range, memrefs with non-affine uses in the range, regions of non-constant extent
//! that are not of a static-shape memref, ranges containing ops with unknown memory
//! effects. `min-dma-transfer` is accepted and, as in mlir-opt 22, has no effect.

use super::loop_normalize::create_apply;
use super::loop_unroll::promote_single_iteration;
use super::simplify_structures::{constant_index, ValueMap};
use crate::analysis::dependence;
use crate::loops::constant_trip_count;
use crate::util::{int_attr, map_attr};
use crate::views::{
    AffineApply, AffineDmaStart, AffineDmaWait, AffineFor, AffineKind, AffineLoad, AffineStore,
    AffineYield,
};
use lattice_dialects::{arith, func, memref};
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{
    AffineExpr, AffineMap, Block, Ir, Op, OperationState, Traits, Type, TypeData, Value, WalkOrder,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// Options of `affine-data-copy-generate` (mlir-opt's names and defaults).
#[derive(Clone, Debug)]
pub struct DataCopyGenerateOptions {
    /// Fast memory capacity in KiB (`None`: unlimited).
    pub fast_mem_capacity_kib: Option<u64>,
    /// Memory space of the buffers.
    pub fast_mem_space: i64,
    /// Copy with `affine.dma_start`/`affine.dma_wait` instead of point-wise loops.
    pub generate_dma: bool,
    /// Minimum DMA transfer size in bytes (accepted, unused, as upstream).
    pub min_dma_transfer: i64,
    /// Memory space of the memrefs to copy.
    pub slow_mem_space: i64,
    /// Place copies inside loops with a non-unit step instead of capacity checks.
    pub skip_non_unit_stride_loops: bool,
    /// Memory space of DMA tags.
    pub tag_mem_space: i64,
}

impl Default for DataCopyGenerateOptions {
    fn default() -> Self {
        DataCopyGenerateOptions {
            fast_mem_capacity_kib: None,
            fast_mem_space: 1,
            generate_dma: false,
            min_dma_transfer: 1024,
            slow_mem_space: 0,
            skip_non_unit_stride_loops: false,
            tag_mem_space: 0,
        }
    }
}

/// What the pass did, and what it declined and why.
#[derive(Debug, Default)]
pub struct Report {
    /// Fast buffers created.
    pub buffers: usize,
    /// Copy nests (or DMA transfers) generated.
    pub copies: usize,
    /// One remark per refusal.
    pub remarks: Vec<Diagnostic>,
}

/// Runs the pass on `func` and returns what it did and declined.
pub fn data_copy_generate_with_report(
    ir: &mut Ir,
    func: Op,
    options: &DataCopyGenerateOptions,
) -> Result<Report, Vec<Diagnostic>> {
    let mut st = State {
        options: options.clone(),
        report: Report::default(),
        copy_nests: Vec::new(),
    };
    let blocks: Vec<Block> = ir
        .regions(func)
        .iter()
        .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
        .collect();
    for b in blocks {
        run_on_block(ir, b, &mut st);
    }
    // Promote copy loops that run once, then fold their subscripts.
    for nest in std::mem::take(&mut st.copy_nests) {
        if !ir.contains_op(nest) {
            continue;
        }
        let walked = ir.walk_ops(nest, WalkOrder::PostOrder);
        let accesses: Vec<Op> = walked
            .iter()
            .copied()
            .filter(|&o| is_access(ir, o))
            .collect();
        let mut applies = Vec::new();
        for l in walked {
            if ir.contains_op(l) && ir.isa::<AffineFor>(l) && runs_once(ir, l) {
                let prev = ir.prev_op(l);
                let block = ir.op_parent(l);
                promote_single_iteration(ir, l);
                // The IV's replacement, if promotion made one, comes first.
                let made = match prev {
                    Some(p) => ir.next_op(p),
                    None => block.and_then(|b| ir.first_op(b)),
                };
                if let Some(m) = made.filter(|&m| ir.isa::<AffineApply>(m)) {
                    applies.push(m);
                }
            }
        }
        for a in accesses {
            if ir.contains_op(a) {
                fold_access(ir, a);
            }
        }
        for m in applies {
            if ir.contains_op(m) && ir.results(m).iter().all(|&r| ir.is_unused(r)) {
                ir.erase_op(m);
            }
        }
    }
    Ok(st.report)
}

/// Runs the pass on `func` (refusals are dropped).
pub fn data_copy_generate(
    ir: &mut Ir,
    func: Op,
    options: &DataCopyGenerateOptions,
) -> Result<(), Vec<Diagnostic>> {
    data_copy_generate_with_report(ir, func, options).map(|_| ())
}

struct State {
    options: DataCopyGenerateOptions,
    report: Report,
    copy_nests: Vec<Op>,
}

impl State {
    fn remark(&mut self, ir: &Ir, at: Op, message: String) {
        self.report.remarks.push(Diagnostic::new(
            Severity::Remark,
            DiagLoc::Loc(ir.loc(at)),
            message,
        ));
    }
}

fn is_access(ir: &Ir, o: Op) -> bool {
    dependence::access(ir, o).is_some()
}

fn run_on_block(ir: &mut Ir, block: Block, st: &mut State) {
    let ops: Vec<Op> = ir
        .block_ops(block)
        .filter(|&o| !ir.has_trait(o, Traits::TERMINATOR))
        .collect();
    let mut run: Vec<Op> = Vec::new();
    for o in ops {
        if !ir.isa::<AffineFor>(o) {
            run.push(o);
            continue;
        }
        generate_for_run(ir, &std::mem::take(&mut run), st);
        let recurse = if st.options.skip_non_unit_stride_loops {
            int_attr(ir, o, AffineFor::STEP).unwrap_or(1) != 1
        } else {
            exceeds_capacity(ir, o, st)
        };
        if recurse {
            if let Some(b) = ir.regions(o).first().and_then(|&r| ir.entry_block(r)) {
                run_on_block(ir, b, st);
            }
        } else {
            generate(ir, &[o], st);
        }
    }
    generate_for_run(ir, &run, st);
}

/// A run of non-loop ops, trimmed to its first and last op containing an access.
fn generate_for_run(ir: &mut Ir, run: &[Op], st: &mut State) {
    let has = |o: Op| {
        ir.walk_ops(o, WalkOrder::PreOrder)
            .into_iter()
            .any(|x| is_access(ir, x))
    };
    let Some(first) = run.iter().position(|&o| has(o)) else {
        return;
    };
    let last = run.iter().rposition(|&o| has(o)).unwrap_or(first);
    generate(ir, &run[first..=last], st);
}

fn exceeds_capacity(ir: &Ir, l: Op, st: &State) -> bool {
    let Some(kib) = st.options.fast_mem_capacity_kib else {
        return false;
    };
    let capacity = kib.saturating_mul(1024);
    let mut total: u64 = 0;
    let an = Analysis::new(ir, &[l]);
    for (memref, accesses) in an.by_memref(ir) {
        let Some(elt) = elt_bytes(ir.ctx(), ir.value_type(memref)) else {
            return false;
        };
        let mut space = an.space.clone();
        let Some(bx) = an.region(ir, memref, &accesses, &mut space) else {
            return false;
        };
        let Some(sizes) = bx.sizes(ir, &space) else {
            return false;
        };
        let n: i64 = sizes.iter().map(|&(s, _)| s.max(0)).product();
        total = total.saturating_add((n as u64).saturating_mul(elt));
    }
    total > capacity
}

/// The size in bytes of a memref's element (MLIR's `getMemRefIntOrFloatEltSizeInBytes`,
/// plus `index` as 8 bytes): an integer or float, or a vector of them.
fn elt_bytes(ctx: &lattice_ir::Context, memref_ty: Type) -> Option<u64> {
    let TypeData::MemRef { element, .. } = ctx.type_data(memref_ty) else {
        return None;
    };
    let scalar_bits = |t: Type| -> Option<u64> {
        if ctx.is_index(t) {
            return Some(64);
        }
        Some(u64::from(match ctx.type_data(t) {
            TypeData::Float(k) => k.width(),
            _ => ctx.int_width(t)?,
        }))
    };
    let bits = match ctx.type_data(*element) {
        TypeData::Vector { shape, element, .. } => {
            let n: u64 = shape
                .iter()
                .map(|&d| u64::try_from(d).ok())
                .product::<Option<u64>>()?;
            scalar_bits(*element)?.checked_mul(n)?
        }
        _ => scalar_bits(*element)?,
    };
    Some(bits.div_ceil(8))
}

/// A per-dimension box: `max(lbs[d]) <= x < min(ubs[d])`, expressions over the dims of a
/// shared value space.
#[derive(Clone, Debug, PartialEq)]
struct Region {
    lbs: Vec<Vec<AffineExpr>>,
    ubs: Vec<Vec<AffineExpr>>,
}

impl Region {
    /// Per dim, the smallest constant `ub - lb` and the index of that `lb`.
    fn sizes(&self, ir: &Ir, space: &[Value]) -> Option<Vec<(i64, usize)>> {
        (0..self.lbs.len())
            .map(|d| self.dim_size(ir, d, space))
            .collect()
    }

    /// Dimension `d`'s smallest constant `ub - lb` and the index of that `lb`.
    fn dim_size(&self, ir: &Ir, d: usize, space: &[Value]) -> Option<(i64, usize)> {
        let ctx = ir.ctx();
        let n = space.len() as u32;
        let mut best: Option<(i64, usize)> = None;
        for (li, &l) in self.lbs[d].iter().enumerate() {
            for &u in &self.ubs[d] {
                let diff = ctx.simplify_affine_expr(ctx.sub_expr(u, l), n, 0);
                if let Some(c) = ctx.constant_value(diff) {
                    if best.is_none_or(|(b, _)| c < b) {
                        best = Some((c, li));
                    }
                }
            }
        }
        best
    }
}

/// `r` with each dimension whose constant extent exceeds the memref's static size `S`
/// replaced by `[0, S)` (in-bounds accesses lie there): the loop bounds overestimate a
/// tile of a loop with a step that does not divide its span (`%ii < %i + 4` with
/// `%i < 1024` step 4 gives extent 1027 where upstream's region, bounded by the memref's
/// shape, has 1024), and the copy must not read past the memref.
fn clamp_to_shape(ir: &Ir, mut r: Region, shape: &[i64], space: &[Value]) -> Region {
    let ctx = ir.ctx();
    for d in 0..r.lbs.len() {
        let dim = shape.get(d).copied().unwrap_or(crate::ops::DYNAMIC);
        let extent = r.dim_size(ir, d, space).map(|(e, _)| e);
        if dim != crate::ops::DYNAMIC && extent.is_some_and(|e| e > dim) {
            r.lbs[d] = vec![ctx.constant_expr(0)];
            r.ubs[d] = vec![ctx.constant_expr(dim)];
        }
    }
    r
}

/// The accesses and loops of one range.
struct Analysis {
    /// The ops of the range (consecutive ops of one block), as a set: whether an op lies
    /// in the range is a walk up its ancestors, not a scan of the range.
    range: FxHashSet<Op>,
    /// IVs of the `affine.for` loops inside the range, with their loop and depth.
    ivs: FxHashMap<Value, (Op, usize)>,
    space: Vec<Value>,
    accesses: Vec<dependence::Access>,
    /// Ops in the range with memory effects the pass does not know.
    unknown: Option<Op>,
}

impl Analysis {
    fn new(ir: &Ir, range: &[Op]) -> Analysis {
        let mut ivs = FxHashMap::default();
        let mut accesses = Vec::new();
        let mut unknown = None;
        for &r in range {
            for o in ir.walk_ops(r, WalkOrder::PreOrder) {
                if let Some(a) = dependence::access(ir, o) {
                    accesses.push(a);
                    continue;
                }
                if ir.isa::<AffineFor>(o) {
                    if let Some(b) = ir.regions(o).first().and_then(|&r| ir.entry_block(r)) {
                        if let Some(&iv) = ir.block_args(b).first() {
                            let depth = dependence::enclosing_loops(ir, o).len();
                            ivs.insert(iv, (o, depth));
                        }
                    }
                    continue;
                }
                let known = lattice_ir::passes::is_memory_effect_free(ir, o)
                    || ir.has_trait(o, Traits::RECURSIVE_EFFECTS)
                    || ir.is_any_def(
                        o,
                        &[
                            memref::Alloc::DEF,
                            memref::Alloca::DEF,
                            memref::Dealloc::DEF,
                            memref::Load::DEF,
                            memref::Store::DEF,
                            memref::CopyOp::DEF,
                        ],
                    )
                    || matches!(
                        AffineKind::of(ir, o),
                        Some(
                            AffineKind::Prefetch
                                | AffineKind::DmaStart
                                | AffineKind::DmaWait
                                | AffineKind::Yield
                                | AffineKind::If
                                | AffineKind::Parallel
                        )
                    );
                if !known && unknown.is_none() {
                    unknown = Some(o);
                }
            }
        }
        Analysis {
            range: range.iter().copied().collect(),
            ivs,
            space: Vec::new(),
            accesses,
            unknown,
        }
    }

    /// Memrefs in order of first access, each with its accesses.
    fn by_memref(&self, _ir: &Ir) -> Vec<(Value, Vec<dependence::Access>)> {
        let mut out: Vec<(Value, Vec<dependence::Access>)> = Vec::new();
        for a in &self.accesses {
            match out.iter_mut().find(|(m, _)| *m == a.memref) {
                Some((_, v)) => v.push(a.clone()),
                None => out.push((a.memref, vec![a.clone()])),
            }
        }
        out
    }

    fn in_range(&self, ir: &Ir, o: Op) -> bool {
        let mut cur = o;
        loop {
            if self.range.contains(&cur) {
                return true;
            }
            match ir.op_parent(cur).and_then(|b| ir.block_parent_op(b)) {
                Some(p) => cur = p,
                None => return false,
            }
        }
    }

    fn defined_in_range(&self, ir: &Ir, v: Value) -> bool {
        match ir.defining_op(v) {
            Some(d) => self.in_range(ir, d),
            None => ir
                .value_block(v)
                .and_then(|b| ir.block_parent_op(b))
                .is_some_and(|p| self.in_range(ir, p)),
        }
    }

    /// The bounding box of `accesses` (all to `memref`), or `None` when some subscript
    /// cannot be bounded over the values defined outside the range.
    fn region(
        &self,
        ir: &Ir,
        memref: Value,
        accesses: &[dependence::Access],
        space: &mut Vec<Value>,
    ) -> Option<Region> {
        let rank = ir.ctx().shape(ir.value_type(memref))?.len();
        let mut acc: Option<Region> = None;
        for a in accesses {
            let exprs = into_space(ir, a.map, &a.indices, a.op, space);
            if exprs.len() != rank {
                return None;
            }
            let mut r = Region {
                lbs: Vec::new(),
                ubs: Vec::new(),
            };
            for &e in &exprs {
                let lo = prune(ir, self.bound(ir, e, true, space)?, true, space.len());
                let hi = self.bound(ir, e, false, space)?;
                let ctx = ir.ctx();
                let hi: Vec<AffineExpr> = hi
                    .into_iter()
                    .map(|h| {
                        ctx.simplify_affine_expr(
                            ctx.add_expr(h, ctx.constant_expr(1)),
                            space.len() as u32,
                            0,
                        )
                    })
                    .collect();
                let hi = prune(ir, hi, false, space.len());
                r.lbs.push(lo);
                r.ubs.push(hi);
            }
            acc = Some(match acc {
                None => r,
                Some(prev) => union(ir, &prev, &r, space.len())?,
            });
        }
        let shape = ir.ctx().shape(ir.value_type(memref))?;
        acc.map(|r| clamp_to_shape(ir, r, shape, space))
    }

    /// Valid lower (`want_min`) or inclusive upper bounds of `e` over the range's IVs:
    /// their `max` (resp. `min`) bounds `e`.
    fn bound(
        &self,
        ir: &Ir,
        e: AffineExpr,
        want_min: bool,
        space: &mut Vec<Value>,
    ) -> Option<Vec<AffineExpr>> {
        let ctx = ir.ctx();
        let n = space.len() as u32;
        let e = ctx.simplify_affine_expr(e, n, 0);
        let mut pick: Option<(u32, Op, usize)> = None;
        for pos in 0..n {
            if !ctx.expr_uses_dim(e, pos) {
                continue;
            }
            let v = space[pos as usize];
            match self.ivs.get(&v) {
                Some(&(l, depth)) if pick.is_none_or(|(_, _, d)| depth > d) => {
                    pick = Some((pos, l, depth));
                }
                Some(_) => {}
                None if self.defined_in_range(ir, v) => return None,
                None => {}
            }
        }
        let Some((pos, l, _)) = pick else {
            return Some(vec![e]);
        };
        let (row, locals) = ctx.flatten_expr(e, n, 0)?;
        if locals.iter().any(|&x| ctx.expr_uses_dim(x, pos)) {
            return None;
        }
        let c = row[pos as usize];
        let mut repl: Vec<AffineExpr> = (0..n).map(|i| ctx.dim_expr(i)).collect();
        repl[pos as usize] = ctx.constant_expr(0);
        let rest = ctx.simplify_affine_expr(ctx.replace_dims_and_symbols(e, &repl, &[]), n, 0);
        let use_lower = (c > 0) == want_min;
        let cands = loop_bounds(ir, l, use_lower, space)?;
        let mut out = Vec::new();
        for cand in cands {
            let cand = if use_lower {
                cand
            } else {
                ctx.add_expr(cand, ctx.constant_expr(-1))
            };
            let ne = ctx.add_expr(rest, ctx.mul_expr(cand, ctx.constant_expr(c)));
            out.extend(self.bound(ir, ne, want_min, space)?);
            if out.len() > 32 {
                return None;
            }
        }
        Some(out)
    }
}

/// The results of `map(operands)` (affine.apply producers composed) over `space`.
fn into_space(
    ir: &Ir,
    map: AffineMap,
    operands: &[Value],
    at: Op,
    space: &mut Vec<Value>,
) -> Vec<AffineExpr> {
    let mut vm = ValueMap::new(ir.ctx(), map, operands);
    vm.canonicalize(ir, at, true);
    let ctx = ir.ctx();
    let pos = |v: Value, space: &mut Vec<Value>| -> AffineExpr {
        let i = match space.iter().position(|&x| x == v) {
            Some(i) => i,
            None => {
                space.push(v);
                space.len() - 1
            }
        };
        ctx.dim_expr(i as u32)
    };
    let dims: Vec<AffineExpr> = vm.dims.iter().map(|&v| pos(v, space)).collect();
    let syms: Vec<AffineExpr> = vm.syms.iter().map(|&v| pos(v, space)).collect();
    vm.results
        .iter()
        .map(|&e| ctx.replace_dims_and_symbols(e, &dims, &syms))
        .collect()
}

/// The lower (or exclusive upper) bound expressions of loop `l` over `space`.
fn loop_bounds(ir: &Ir, l: Op, lower: bool, space: &mut Vec<Value>) -> Option<Vec<AffineExpr>> {
    let segs = crate::ops::for_segments(ir, l)?;
    let (name, seg) = if lower {
        (AffineFor::LOWER_BOUND_MAP, segs[0].clone())
    } else {
        (AffineFor::UPPER_BOUND_MAP, segs[1].clone())
    };
    let map = map_attr(ir, l, name)?;
    let operands = ir.operands(l)[seg].to_vec();
    Some(into_space(ir, map, &operands, l, space))
}

/// Drops bounds implied by another one (`max` lists for lower bounds, `min` for upper).
fn prune(ir: &Ir, mut list: Vec<AffineExpr>, lower: bool, n: usize) -> Vec<AffineExpr> {
    let ctx = ir.ctx();
    list.dedup();
    let mut keep: Vec<AffineExpr> = Vec::new();
    for (i, &a) in list.iter().enumerate() {
        let redundant = list.iter().enumerate().any(|(j, &b)| {
            if i == j {
                return false;
            }
            let d = ctx.simplify_affine_expr(ctx.sub_expr(b, a), n as u32, 0);
            match ctx.constant_value(d) {
                // lower: b >= a makes a redundant; upper: b <= a does.
                Some(c) if lower => c > 0 || (c == 0 && j < i),
                Some(c) => c < 0 || (c == 0 && j < i),
                None => false,
            }
        });
        if !redundant {
            keep.push(a);
        }
    }
    keep
}

/// Whether `max(a) <= max(b)` is provable: every `x` of `a` is below some `y` of `b` by a
/// constant.
fn le_max(ir: &Ir, a: &[AffineExpr], b: &[AffineExpr], n: usize) -> bool {
    a.iter().all(|&x| b.iter().any(|&y| const_ge(ir, y, x, n)))
}

/// Whether `min(a) <= min(b)` is provable: every `y` of `b` is above some `x` of `a` by a
/// constant.
fn le_min(ir: &Ir, a: &[AffineExpr], b: &[AffineExpr], n: usize) -> bool {
    b.iter().all(|&y| a.iter().any(|&x| const_ge(ir, y, x, n)))
}

/// Whether `y - x` is a constant `>= 0`.
fn const_ge(ir: &Ir, y: AffineExpr, x: AffineExpr, n: usize) -> bool {
    let ctx = ir.ctx();
    let d = ctx.simplify_affine_expr(ctx.sub_expr(y, x), n as u32, 0);
    ctx.constant_value(d).is_some_and(|c| c >= 0)
}

/// The bounding box of two boxes, when comparable per dimension.
fn union(ir: &Ir, a: &Region, b: &Region, n: usize) -> Option<Region> {
    let mut out = Region {
        lbs: Vec::new(),
        ubs: Vec::new(),
    };
    for d in 0..a.lbs.len() {
        // The smaller lower bound.
        let lb = if le_max(ir, &a.lbs[d], &b.lbs[d], n) {
            a.lbs[d].clone()
        } else if le_max(ir, &b.lbs[d], &a.lbs[d], n) {
            b.lbs[d].clone()
        } else {
            return None;
        };
        // The larger upper bound.
        let ub = if le_min(ir, &a.ubs[d], &b.ubs[d], n) {
            b.ubs[d].clone()
        } else if le_min(ir, &b.ubs[d], &a.ubs[d], n) {
            a.ubs[d].clone()
        } else {
            return None;
        };
        out.lbs.push(lb);
        out.ubs.push(ub);
    }
    Some(out)
}

/// The integer memory space of a memref type's `memory_space` attribute (absent: 0).
pub(crate) fn memory_space(
    ctx: &lattice_ir::Context,
    attr: Option<lattice_ir::Attr>,
) -> Option<i64> {
    match attr {
        None => Some(0),
        Some(a) => ctx.int_value(a).and_then(|v| i64::try_from(v).ok()),
    }
}

/// Generates the copies of every memref accessed in `range` (consecutive ops of one
/// block).
fn generate(ir: &mut Ir, range: &[Op], st: &mut State) {
    let Some(&first) = range.first() else {
        return;
    };
    let an = Analysis::new(ir, range);
    if an.accesses.is_empty() {
        return;
    }
    if let Some(u) = an.unknown {
        let msg = format!(
            "no data copies for this range: '{}' has unknown memory effects",
            ir.op_name(u)
        );
        st.remark(ir, first, msg);
        return;
    }
    let last = *range.last().expect("non-empty");
    for (memref, accesses) in an.by_memref(ir) {
        if let Err(why) = copy_memref(ir, &an, memref, &accesses, first, last, st) {
            if !why.is_empty() {
                let at = accesses[0].op;
                st.remark(ir, at, format!("no data copy for {why}"));
            }
        }
    }
}

fn describe(ir: &Ir, memref: Value) -> String {
    let ty = crate::util::type_str(ir, ir.value_type(memref));
    match ir.defining_op(memref) {
        Some(d) => format!("{ty} (result of '{}')", ir.op_name(d)),
        None => {
            let idx = ir
                .value_block(memref)
                .and_then(|b| ir.block_args(b).iter().position(|&x| x == memref))
                .unwrap_or(0);
            format!("{ty} (argument #{idx})")
        }
    }
}

fn copy_memref(
    ir: &mut Ir,
    an: &Analysis,
    memref: Value,
    accesses: &[dependence::Access],
    first: Op,
    last: Op,
    st: &mut State,
) -> Result<(), String> {
    let ctx = ir.ctx_arc().clone();
    let name = describe(ir, memref);
    let ty = ir.value_type(memref);
    let TypeData::MemRef {
        shape,
        element,
        layout,
        memory_space: ms,
    } = ctx.type_data(ty).clone()
    else {
        return Err(String::new());
    };
    if memory_space(&ctx, ms) != Some(st.options.slow_mem_space) {
        return Err(format!(
            "{name}: not in the slow memory space {}",
            st.options.slow_mem_space
        ));
    }
    if layout.is_some() {
        return Err(format!("{name}: non-identity layouts are not supported"));
    }
    if an.defined_in_range(ir, memref) {
        return Err(format!(
            "{name}: the memref is defined inside the loop nest"
        ));
    }
    let access_ops: FxHashSet<Op> = accesses.iter().map(|a| a.op).collect();
    for u in ir.uses(memref) {
        if an.in_range(ir, u.op) && !access_ops.contains(&u.op) {
            return Err(format!(
                "{name}: it is also used by '{}' in the loop nest",
                ir.op_name(u.op)
            ));
        }
    }
    if accesses
        .iter()
        .any(|a| !ir.isa::<AffineLoad>(a.op) && !ir.isa::<AffineStore>(a.op))
    {
        return Err(format!("{name}: vector accesses are not supported"));
    }
    if shape.is_empty() {
        // A copy nest has one loop per dimension: a 0-d memref has none to build.
        return Err(format!("{name}: 0-d memrefs are not copied"));
    }
    let mut space = Vec::new();
    let bounded = an.region(ir, memref, accesses, &mut space);
    let whole = bounded.is_none();
    let region = match bounded {
        Some(r) => r,
        None => {
            if shape.iter().any(|&s| s < 0) {
                return Err(format!(
                    "{name}: the accessed region cannot be bounded and the shape is dynamic"
                ));
            }
            Region {
                lbs: shape.iter().map(|_| vec![ctx.constant_expr(0)]).collect(),
                ubs: shape.iter().map(|&s| vec![ctx.constant_expr(s)]).collect(),
            }
        }
    };
    let Some(sizes) = region.sizes(ir, &space) else {
        return Err(format!("{name}: the region has no constant extent"));
    };
    if sizes.iter().any(|&(s, _)| s <= 0) {
        // The accesses never run.
        return Err(String::new());
    }
    let is_write = accesses.iter().any(|a| a.is_write);
    let is_read = accesses.iter().any(|a| !a.is_write);
    let copy_in = is_read || (is_write && !covers_box(ir, an, accesses, &region, &space));
    let offsets: Vec<AffineExpr> = region
        .lbs
        .iter()
        .zip(&sizes)
        .map(|(l, &(_, i))| l[i])
        .collect();
    if st.options.generate_dma {
        if let Some(why) = dma_refusal(&name, &region, &shape, &sizes) {
            return Err(why);
        }
    }
    // Hoist above enclosing loops the region does not depend on.
    let (start, end) = hoisted_range(ir, an, memref, &region, &space, (first, last));
    // The fast buffer.
    let fast_ty = ctx.ty(TypeData::MemRef {
        shape: sizes.iter().map(|s| s.0).collect(),
        element,
        layout: None,
        memory_space: (st.options.fast_mem_space != 0)
            .then(|| ctx.i64_attr(st.options.fast_mem_space)),
    });
    let loc = ir.loc(start);
    let rsyms = if whole {
        // Upstream's whole-memref region is symbolic in the enclosing IVs.
        dependence::enclosing_loops(ir, first)
            .into_iter()
            .filter_map(|l| ir.entry_block(ir.regions(l)[0]))
            .filter_map(|b| ir.block_args(b).first().copied())
            .collect()
    } else {
        upstream_region_symbols(ir, an, accesses)
    };
    if is_read {
        for a in start_index_applies(ir, &rsyms, &offsets, &space, loc) {
            ir.insert_op_before(start, a);
        }
    }
    let mut alloc = OperationState::new(ctx.intern_str(memref::Alloc::NAME), loc);
    alloc.result_types = vec![fast_ty];
    alloc.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[0, 0]),
    );
    let alloc = ir.create_op(alloc);
    ir.insert_op_before(start, alloc);
    let fast = ir.result(alloc, 0);
    st.report.buffers += 1;
    let mut dealloc = OperationState::new(ctx.intern_str(memref::Dealloc::NAME), loc);
    dealloc.operands = vec![fast];
    let dealloc = ir.create_op(dealloc);
    ir.insert_op_after(end, dealloc);
    let rank = shape.len();
    // The copy-out goes after the written region's start indices.
    let mut out_at = end;
    if is_write {
        for a in start_index_applies(ir, &rsyms, &offsets, &space, loc) {
            ir.insert_op_after(out_at, a);
            out_at = a;
        }
    }
    if st.options.generate_dma {
        let sizes: Vec<i64> = sizes.iter().map(|s| s.0).collect();
        let strides = dma_strides(&shape, &sizes);
        let num: i64 = sizes.iter().product();
        let lbs: Vec<AffineExpr> = region.lbs.iter().map(|l| l[0]).collect();
        if copy_in {
            emit_dma(
                ir, st, memref, fast, &lbs, &space, num, &strides, start, false,
            );
        }
        if is_write {
            emit_dma(
                ir, st, memref, fast, &lbs, &space, num, &strides, out_at, true,
            );
        }
    } else {
        if copy_in {
            let nest = emit_copy_nest(ir, memref, fast, &region, &offsets, &space, alloc, false);
            ir.insert_op_after(alloc, nest);
            st.copy_nests.push(nest);
            st.report.copies += 1;
        }
        if is_write {
            let nest = emit_copy_nest(ir, memref, fast, &region, &offsets, &space, out_at, true);
            ir.insert_op_after(out_at, nest);
            st.copy_nests.push(nest);
            st.report.copies += 1;
        }
    }
    // Rewrite the accesses.
    let remapped = !rsyms.is_empty() || offsets.iter().any(|&o| ctx.constant_value(o) != Some(0));
    if remapped {
        for a in accesses {
            old_index_applies(ir, a);
        }
    }
    redirect_accesses(ir, accesses, &offsets, &space, fast, rank);
    Ok(())
}

/// Why DMA transfers cannot copy `region` of a memref of `shape` (described by `name`),
/// if they cannot: they need exactly constant extents and at most one level of strides.
fn dma_refusal(
    name: &str,
    region: &Region,
    shape: &[i64],
    sizes: &[(i64, usize)],
) -> Option<String> {
    let exact = region
        .lbs
        .iter()
        .zip(&region.ubs)
        .all(|(l, u)| l.len() == 1 && u.len() == 1);
    if !exact {
        return Some(format!(
            "{name}: DMA transfers need a region of exactly constant extent (its bounds have max/min)"
        ));
    }
    if shape.iter().any(|&s| s < 0) && shape.len() > 1 {
        return Some(format!("{name}: strided DMA transfers need a static shape"));
    }
    let strides = dma_strides(shape, &sizes.iter().map(|s| s.0).collect::<Vec<_>>());
    if strides.len() > 1 {
        return Some(format!(
            "{name}: only one level of DMA strides is supported"
        ));
    }
    None
}

/// The copy range `range` widened to the enclosing `affine.for` loops that neither
/// `region` (over `space`) depends on nor use `memref` outside the range.
fn hoisted_range(
    ir: &Ir,
    an: &Analysis,
    memref: Value,
    region: &Region,
    space: &[Value],
    range: (Op, Op),
) -> (Op, Op) {
    let (mut start, mut end) = range;
    let used: Vec<Value> = region_symbols(ir, region, space)
        .into_iter()
        .map(|p| space[p])
        .collect();
    while let Some(p) = ir.parent_op(start) {
        if !ir.isa::<AffineFor>(p) {
            break;
        }
        let inside = |v: Value| match ir.defining_op(v) {
            Some(d) => ir.is_ancestor(p, d),
            None => ir
                .value_block(v)
                .and_then(|b| ir.block_parent_op(b))
                .is_some_and(|o| ir.is_ancestor(p, o)),
        };
        if used.iter().any(|&v| inside(v)) {
            break;
        }
        let other_use = ir
            .uses(memref)
            .iter()
            .any(|u| ir.is_ancestor(p, u.op) && !an.in_range(ir, u.op));
        if other_use {
            break;
        }
        start = p;
        end = p;
    }
    (start, end)
}

/// The positions in `space` of the values `region`'s bounds use, in `space` order.
fn region_symbols(ir: &Ir, region: &Region, space: &[Value]) -> Vec<usize> {
    let ctx = ir.ctx();
    (0..space.len())
        .filter(|&p| {
            region
                .lbs
                .iter()
                .chain(&region.ubs)
                .flatten()
                .any(|&e| ctx.expr_uses_dim(e, p as u32))
        })
        .collect()
}

/// The symbols of upstream's memref region for `accesses` (mlir-opt 22's
/// `MemRefRegion::compute` and bounding-box union): per access in order, its operands
/// (`affine.apply` producers composed; dims, then symbols) followed by the bound operands
/// of the loops whose IVs they are (new dims after the dims, new symbols after the
/// symbols), appended to the list when new; values defined inside the range (IVs) and
/// constants are not symbols.
fn upstream_region_symbols(ir: &Ir, an: &Analysis, accesses: &[dependence::Access]) -> Vec<Value> {
    let ctx = ir.ctx();
    let mut out: Vec<Value> = Vec::new();
    for a in accesses {
        let mut vm = ValueMap::new(ctx, a.map, &a.indices);
        vm.canonicalize(ir, a.op, true);
        let (mut dims, mut syms) = (vm.dims.clone(), vm.syms.clone());
        let operands: Vec<Value> = dims.iter().chain(&syms).copied().collect();
        for v in operands {
            let Some(l) = iv_loop(ir, v) else {
                continue;
            };
            let Some(segs) = crate::ops::for_segments(ir, l) else {
                continue;
            };
            for (name, seg) in [
                (AffineFor::LOWER_BOUND_MAP, &segs[0]),
                (AffineFor::UPPER_BOUND_MAP, &segs[1]),
            ] {
                let Some(map) = map_attr(ir, l, name) else {
                    continue;
                };
                let nd = ctx.map_num_dims(map) as usize;
                for (k, &o) in ir.operands(l)[seg.clone()].iter().enumerate() {
                    if dims.contains(&o) || syms.contains(&o) {
                        continue;
                    }
                    if k < nd {
                        dims.push(o);
                    } else {
                        syms.push(o);
                    }
                }
            }
        }
        for v in dims.into_iter().chain(syms) {
            if !an.defined_in_range(ir, v) && constant_index(ir, v).is_none() && !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The `affine.for` whose IV `v` is.
fn iv_loop(ir: &Ir, v: Value) -> Option<Op> {
    let b = ir.value_block(v)?;
    let l = ir.block_parent_op(b)?;
    (ir.isa::<AffineFor>(l) && ir.block_args(b).first() == Some(&v)).then_some(l)
}

/// mlir-opt 22's copy start indices (not inserted): per dimension whose buffer offset is
/// not constant, an `affine.apply` of that offset over the region's symbols `syms` (as
/// dims, unused ones kept). Upstream builds them for every copy-in and copy-out and
/// leaves them unused (the copies compose the maps themselves); they are made here too so
/// that the output, and with it the numbering of `#map` aliases, matches.
fn start_index_applies(
    ir: &mut Ir,
    syms: &[Value],
    offsets: &[AffineExpr],
    space: &[Value],
    loc: lattice_ir::Attr,
) -> Vec<Op> {
    let ctx = ir.ctx_arc().clone();
    let mut operands = syms.to_vec();
    let mut repl: Vec<AffineExpr> = vec![ctx.constant_expr(0); space.len()];
    for (p, &v) in space.iter().enumerate() {
        let used = offsets.iter().any(|&o| ctx.expr_uses_dim(o, p as u32));
        let i = match operands.iter().position(|&x| x == v) {
            Some(i) => i,
            None if used => {
                operands.push(v);
                operands.len() - 1
            }
            None => continue,
        };
        repl[p] = ctx.dim_expr(i as u32);
    }
    offsets
        .iter()
        .filter(|&&o| ctx.constant_value(o).is_none())
        .map(|&o| {
            let e = ctx.replace_dims_and_symbols(o, &repl, &[]);
            let map = ctx.affine_map(operands.len() as u32, 0, vec![e]);
            create_apply(ir, map, operands.clone(), loc)
        })
        .collect()
}

/// mlir-opt 22's old indices of a redirected access: when its subscript map is not an
/// identity (without symbols), one `affine.apply` per subscript over the access's
/// operands, before it. Upstream's memref replacement builds them and, when it also
/// remaps the indices (the region has symbols or a non-zero offset), leaves them unused.
fn old_index_applies(ir: &mut Ir, a: &dependence::Access) {
    let ctx = ir.ctx_arc().clone();
    if ctx.map_is_identity(a.map) && ctx.map_num_symbols(a.map) == 0 {
        return;
    }
    let (nd, ns) = (ctx.map_num_dims(a.map), ctx.map_num_symbols(a.map));
    let loc = ir.loc(a.op);
    for &e in ctx.map_results(a.map).to_vec().iter() {
        let map = ctx.affine_map(nd, ns, vec![e]);
        let apply = create_apply(ir, map, a.indices.clone(), loc);
        ir.insert_op_before(a.op, apply);
    }
}

/// Points `accesses` at the fast buffer `fast`: subscripts minus the region's `offsets`.
fn redirect_accesses(
    ir: &mut Ir,
    accesses: &[dependence::Access],
    offsets: &[AffineExpr],
    space: &[Value],
    fast: Value,
    rank: usize,
) {
    let ctx = ir.ctx_arc().clone();
    for a in accesses {
        let mut vm = ValueMap {
            results: offsets.to_vec(),
            dims: space.to_vec(),
            syms: Vec::new(),
        };
        let orig = ValueMap::new(&ctx, a.map, &a.indices);
        let subs = vm.absorb(&ctx, &orig);
        vm.results = subs
            .iter()
            .zip(offsets)
            .map(|(&r, &o)| ctx.sub_expr(r, o))
            .collect();
        debug_assert_eq!(vm.results.len(), rank);
        vm.canonicalize(ir, a.op, true);
        let (map, operands) = vm.to_map(&ctx);
        let mut all = ir.operands(a.op).to_vec();
        let mi = if a.is_write { 1 } else { 0 };
        all.truncate(mi);
        all.push(fast);
        all.extend(operands);
        ir.set_operands(a.op, all);
        ir.set_attr(a.op, "map", ctx.affine_map_attr(map));
    }
}

/// Whether one store in the range writes every element of `region` (so no copy-in is
/// needed): unconditional, unit-step loops whose IVs are the subscripts one to one, and
/// whose bounds are the region's bounds.
fn covers_box(
    ir: &Ir,
    an: &Analysis,
    accesses: &[dependence::Access],
    region: &Region,
    space: &[Value],
) -> bool {
    let ctx = ir.ctx();
    'store: for a in accesses.iter().filter(|a| a.is_write) {
        // Not under an affine.if (or other region op) inside the range.
        let mut p = ir.parent_op(a.op);
        while let Some(o) = p {
            if !an.in_range(ir, o) {
                break;
            }
            if !ir.isa::<AffineFor>(o) {
                continue 'store;
            }
            p = ir.parent_op(o);
        }
        let mut sp = space.to_vec();
        let exprs = into_space(ir, a.map, &a.indices, a.op, &mut sp);
        let mut seen = FxHashSet::default();
        for (d, &e) in exprs.iter().enumerate() {
            let AttrOrDim::Dim(pos) = as_dim(ctx, e) else {
                continue 'store;
            };
            let v = sp[pos as usize];
            let Some(&(l, _)) = an.ivs.get(&v) else {
                continue 'store;
            };
            if !seen.insert(l) || int_attr(ir, l, AffineFor::STEP).unwrap_or(1) != 1 {
                continue 'store;
            }
            let Some(lo) = loop_bounds(ir, l, true, &mut sp) else {
                continue 'store;
            };
            let Some(hi) = loop_bounds(ir, l, false, &mut sp) else {
                continue 'store;
            };
            let n = sp.len() as u32;
            let same = |x: &[AffineExpr], y: &[AffineExpr]| {
                x.len() == y.len()
                    && x.iter().zip(y).all(|(&p, &q)| {
                        ctx.simplify_affine_expr(p, n, 0) == ctx.simplify_affine_expr(q, n, 0)
                    })
            };
            if !same(&lo, &region.lbs[d]) || !same(&hi, &region.ubs[d]) {
                continue 'store;
            }
            // The loop's bounds must not depend on other IVs of the range.
            if lo.iter().chain(&hi).any(|&b| {
                (0..n).any(|q| ctx.expr_uses_dim(b, q) && an.ivs.contains_key(&sp[q as usize]))
            }) {
                continue 'store;
            }
        }
        // Every loop around the store inside the range must be one of the subscript loops
        // (else the store runs several times, harmless, but the check stays simple).
        return true;
    }
    false
}

enum AttrOrDim {
    Dim(u32),
    Other,
}

fn as_dim(ctx: &lattice_ir::Context, e: AffineExpr) -> AttrOrDim {
    match ctx.expr_data(e) {
        lattice_ir::AffineExprData::Dim(p) => AttrOrDim::Dim(p),
        _ => AttrOrDim::Other,
    }
}

/// `(stride, elements per stride)` levels of a DMA transfer of a `sizes` box of a memref
/// of `shape` (row-major), as upstream's `getMultiLevelStrides`.
fn dma_strides(shape: &[i64], sizes: &[i64]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    let mut per = 1;
    let mut stride = 1;
    for d in (1..sizes.len()).rev() {
        stride *= shape[d];
        per *= sizes[d];
        if sizes[d] < shape[d] && sizes[d - 1] > 1 {
            out.push((stride, per));
        }
    }
    out
}

/// Builds `affine.for` over `lbs`/`ubs` (expressions over `space`) placed before
/// `before`; returns the loop and its IV.
pub(crate) fn build_for(
    ir: &mut Ir,
    lbs: &[AffineExpr],
    ubs: &[AffineExpr],
    space: &[Value],
    at: Op,
    loc: lattice_ir::Attr,
) -> (Op, Value, Block) {
    let ctx = ir.ctx_arc().clone();
    let mk = |ir: &Ir, exprs: &[AffineExpr]| {
        let mut vm = ValueMap {
            results: exprs.to_vec(),
            dims: space.to_vec(),
            syms: Vec::new(),
        };
        vm.canonicalize(ir, at, true);
        vm.to_map(&ctx)
    };
    let (lbm, lbo) = mk(ir, lbs);
    let (ubm, ubo) = mk(ir, ubs);
    let mut st = OperationState::new(ctx.intern_str(AffineFor::NAME), loc);
    st.operands = lbo.iter().chain(&ubo).copied().collect();
    st.add_attr(
        ctx.intern_str(AffineFor::LOWER_BOUND_MAP),
        ctx.affine_map_attr(lbm),
    );
    st.add_attr(
        ctx.intern_str(AffineFor::UPPER_BOUND_MAP),
        ctx.affine_map_attr(ubm),
    );
    st.add_attr(ctx.intern_str(AffineFor::STEP), ctx.index_attr(1));
    st.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[lbo.len() as i32, ubo.len() as i32, 0]),
    );
    let region = ir.create_region();
    let block = ir.create_block(&[ctx.index_type()]);
    ir.append_block(region, block);
    st.regions.push(region);
    let l = ir.create_op(st);
    let y = ir.create_op(OperationState::new(ctx.intern_str(AffineYield::NAME), loc));
    ir.append_op(block, y);
    let iv = ir.block_args(block)[0];
    (l, iv, block)
}

/// The point-wise copy nest between `memref` and `fast` (not inserted); `at` is an op at
/// the nest's future position (for symbol rules).
#[allow(clippy::too_many_arguments)]
fn emit_copy_nest(
    ir: &mut Ir,
    memref: Value,
    fast: Value,
    region: &Region,
    offsets: &[AffineExpr],
    space: &[Value],
    at: Op,
    copy_out: bool,
) -> Op {
    let ctx = ir.ctx_arc().clone();
    let loc = ir.loc(at);
    let space = space.to_vec();
    let mut outer: Option<Op> = None;
    let mut parent: Option<Block> = None;
    let mut ivs = Vec::new();
    for d in 0..region.lbs.len() {
        let (l, iv, b) = build_for(ir, &region.lbs[d], &region.ubs[d], &space, at, loc);
        match parent {
            None => outer = Some(l),
            Some(pb) => {
                let y = ir.last_op(pb).expect("yield");
                ir.insert_op_before(y, l);
            }
        }
        parent = Some(b);
        ivs.push(iv);
    }
    let body = parent.expect("rank >= 1 checked by caller");
    let yield_op = ir.last_op(body).expect("yield");
    // Subscripts: ivs into memref, ivs - offsets into fast.
    // The IVs come first (d0..), then the region's values, as upstream prints them.
    let k = ivs.len() as u32;
    let n = space.len() as u32;
    let shift: Vec<AffineExpr> = (0..n).map(|i| ctx.dim_expr(k + i)).collect();
    let mut all = ivs.clone();
    all.extend_from_slice(&space);
    let space = all;
    let iv_exprs: Vec<AffineExpr> = (0..k).map(|i| ctx.dim_expr(i)).collect();
    let shifted: Vec<AffineExpr> = iv_exprs
        .iter()
        .zip(offsets)
        .map(|(&i, &o)| ctx.sub_expr(i, ctx.replace_dims_and_symbols(o, &shift, &[])))
        .collect();
    let build_map = |ir: &Ir, exprs: Vec<AffineExpr>, space: &[Value]| {
        let mut vm = ValueMap {
            results: exprs,
            dims: space.to_vec(),
            syms: Vec::new(),
        };
        vm.canonicalize(ir, yield_op, true);
        vm.to_map(&ctx)
    };
    let (slow_map, slow_ops) = build_map(ir, iv_exprs, &space);
    let (fast_map, fast_ops) = build_map(ir, shifted, &space);
    let (src, src_map, src_ops, dst, dst_map, dst_ops) = if copy_out {
        (fast, fast_map, fast_ops, memref, slow_map, slow_ops)
    } else {
        (memref, slow_map, slow_ops, fast, fast_map, fast_ops)
    };
    let elt = ctx.element_type(ir.value_type(memref));
    let mut ld = OperationState::new(ctx.intern_str(AffineLoad::NAME), loc);
    ld.operands = std::iter::once(src).chain(src_ops).collect();
    ld.result_types = vec![elt];
    ld.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(src_map));
    let ld = ir.create_op(ld);
    ir.insert_op_before(yield_op, ld);
    let v = ir.result(ld, 0);
    let mut sto = OperationState::new(ctx.intern_str(AffineStore::NAME), loc);
    sto.operands = [v, dst].into_iter().chain(dst_ops).collect();
    sto.add_attr(ctx.intern_str("map"), ctx.affine_map_attr(dst_map));
    let sto = ir.create_op(sto);
    ir.insert_op_before(yield_op, sto);
    outer.expect("rank >= 1")
}

/// `affine.dma_start` + `affine.dma_wait` with a fresh tag, before `at` (copy-in) or after
/// it (copy-out).
#[allow(clippy::too_many_arguments)]
fn emit_dma(
    ir: &mut Ir,
    st: &mut State,
    memref: Value,
    fast: Value,
    lbs: &[AffineExpr],
    space: &[Value],
    num: i64,
    strides: &[(i64, i64)],
    at: Op,
    copy_out: bool,
) {
    let ctx = ir.ctx_arc().clone();
    let loc = ir.loc(at);
    let index = ctx.index_type();
    let constant = |ir: &mut Ir, v: i64| {
        let mut c = OperationState::new(ctx.intern_str(arith::Constant::NAME), loc);
        c.result_types = vec![index];
        c.add_attr(ctx.intern_str("value"), ctx.index_attr(v));
        ir.create_op(c)
    };
    let mut ops: Vec<Op> = Vec::new();
    let tag_ty = ctx.ty(TypeData::MemRef {
        shape: vec![1],
        element: ctx.int_type(32),
        layout: None,
        memory_space: (st.options.tag_mem_space != 0)
            .then(|| ctx.i64_attr(st.options.tag_mem_space)),
    });
    let mut tag = OperationState::new(ctx.intern_str(memref::Alloc::NAME), loc);
    tag.result_types = vec![tag_ty];
    tag.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[0, 0]),
    );
    let tag = ir.create_op(tag);
    let tagv = ir.result(tag, 0);
    ops.push(tag);
    let zero = constant(ir, 0);
    let zv = ir.result(zero, 0);
    ops.push(zero);
    let numc = constant(ir, num);
    let numv = ir.result(numc, 0);
    ops.push(numc);
    let mut extra = Vec::new();
    for &(s, p) in strides {
        let sc = constant(ir, s);
        let pc = constant(ir, p);
        extra.push(ir.result(sc, 0));
        extra.push(ir.result(pc, 0));
        ops.push(sc);
        ops.push(pc);
    }
    let mut vm = ValueMap {
        results: lbs.to_vec(),
        dims: space.to_vec(),
        syms: Vec::new(),
    };
    vm.canonicalize(ir, at, true);
    let (slow_map, slow_ops) = vm.to_map(&ctx);
    let rank = lbs.len();
    let fast_map = ctx.affine_map(0, 0, vec![ctx.constant_expr(0); rank]);
    let tag_map = ctx.affine_map(1, 0, vec![ctx.dim_expr(0)]);
    let (src, src_map, src_ops, dst, dst_map, dst_ops) = if copy_out {
        (fast, fast_map, Vec::new(), memref, slow_map, slow_ops)
    } else {
        (memref, slow_map, slow_ops, fast, fast_map, Vec::new())
    };
    let mut start = OperationState::new(ctx.intern_str(AffineDmaStart::NAME), loc);
    start.operands = std::iter::once(src)
        .chain(src_ops)
        .chain(std::iter::once(dst))
        .chain(dst_ops)
        .chain([tagv, zv, numv])
        .chain(extra)
        .collect();
    start.add_attr(ctx.intern_str("src_map"), ctx.affine_map_attr(src_map));
    start.add_attr(ctx.intern_str("dst_map"), ctx.affine_map_attr(dst_map));
    start.add_attr(ctx.intern_str("tag_map"), ctx.affine_map_attr(tag_map));
    let start = ir.create_op(start);
    ops.push(start);
    let mut wait = OperationState::new(ctx.intern_str(AffineDmaWait::NAME), loc);
    wait.operands = vec![tagv, zv, numv];
    wait.add_attr(ctx.intern_str("tag_map"), ctx.affine_map_attr(tag_map));
    let wait = ir.create_op(wait);
    ops.push(wait);
    let mut dealloc = OperationState::new(ctx.intern_str(memref::Dealloc::NAME), loc);
    dealloc.operands = vec![tagv];
    let dealloc = ir.create_op(dealloc);
    ops.push(dealloc);
    if copy_out {
        let mut cur = at;
        for o in ops {
            ir.insert_op_after(cur, o);
            cur = o;
        }
    } else {
        for o in ops {
            ir.insert_op_before(at, o);
        }
    }
    st.report.copies += 1;
}

/// Whether loop `l` runs exactly once (constant bounds, or bounds over the same values
/// differing by a constant no larger than the step).
fn runs_once(ir: &Ir, l: Op) -> bool {
    if let Some(t) = constant_trip_count(ir, l) {
        return t == 1;
    }
    let mut space = Vec::new();
    let (Some(lo), Some(hi)) = (
        loop_bounds(ir, l, true, &mut space),
        loop_bounds(ir, l, false, &mut space),
    ) else {
        return false;
    };
    if lo.len() != 1 || hi.len() != 1 {
        return false;
    }
    let ctx = ir.ctx();
    let d = ctx.simplify_affine_expr(ctx.sub_expr(hi[0], lo[0]), space.len() as u32, 0);
    let step = int_attr(ir, l, AffineFor::STEP).unwrap_or(1) as i64;
    ctx.constant_value(d).is_some_and(|c| c > 0 && c <= step)
}

/// Composes producers and folds constants into the map of an `affine.load`/`store`.
fn fold_access(ir: &mut Ir, op: Op) {
    let Some(a) = dependence::access(ir, op) else {
        return;
    };
    let ctx = ir.ctx_arc().clone();
    let mut vm = ValueMap::new(&ctx, a.map, &a.indices);
    vm.canonicalize(ir, op, true);
    let (map, operands) = vm.to_map(&ctx);
    if ctx.map_num_results(map) != ctx.map_num_results(a.map) {
        return;
    }
    let mut all = ir.operands(op).to_vec();
    all.truncate(if a.is_write { 2 } else { 1 });
    all.extend(operands);
    ir.set_operands(op, all);
    ir.set_attr(op, "map", ctx.affine_map_attr(map));
}

impl PassConfig for DataCopyGenerateOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        parse_options(o)
    }
}

fn parse_options(o: &OptionValues) -> Result<DataCopyGenerateOptions, OptionError> {
    let d = DataCopyGenerateOptions::default();
    let cap = match o.value("fast-mem-capacity") {
        None => None,
        Some(_) => {
            let v = o.int("fast-mem-capacity", 0)?;
            if v < 0 {
                return Err(OptionError::expected(
                    "fast-mem-capacity",
                    "a non-negative size in KiB",
                    &v.to_string(),
                ));
            }
            Some(v as u64)
        }
    };
    Ok(DataCopyGenerateOptions {
        fast_mem_capacity_kib: cap,
        fast_mem_space: o.int("fast-mem-space", d.fast_mem_space)?,
        generate_dma: o.bool("generate-dma", d.generate_dma)?,
        min_dma_transfer: o.int("min-dma-transfer", d.min_dma_transfer)?,
        slow_mem_space: o.int("slow-mem-space", d.slow_mem_space)?,
        skip_non_unit_stride_loops: o
            .bool("skip-non-unit-stride-loops", d.skip_non_unit_stride_loops)?,
        tag_mem_space: o.int("tag-mem-space", d.tag_mem_space)?,
    })
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o.typed_at::<DataCopyGenerateOptions>(ir, func)?;
    let report = data_copy_generate_with_report(ir, func, &options)?;
    lattice_ir::pass::report_declined(&report.remarks, o);
    Ok(())
}

/// The `affine-data-copy-generate` pass.
pub static DATA_COPY_GENERATE: PassDef = PassDef {
    name: "affine-data-copy-generate",
    display_name: "AffineDataCopyGeneration",
    summary: "Generate explicit copying for affine memory operations",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::int(
            "fast-mem-capacity",
            0,
            i64::MAX,
            "unlimited",
            "Set fast memory space capacity in KiB",
        ),
        PassOption::int(
            "fast-mem-space",
            0,
            u32::MAX as i64,
            "1",
            "Fast memory space identifier for copy generation",
        ),
        PassOption::bool(
            "generate-dma",
            false,
            "Generate DMA instead of point-wise copy",
        ),
        PassOption::int(
            "min-dma-transfer",
            i32::MIN as i64,
            i32::MAX as i64,
            "1024",
            "Minimum DMA transfer size supported by the target in bytes",
        ),
        PassOption::int(
            "slow-mem-space",
            0,
            u32::MAX as i64,
            "0",
            "Slow memory space identifier for copy generation",
        ),
        PassOption::bool(
            "skip-non-unit-stride-loops",
            false,
            "Testing purposes: avoid non-unit stride loop choice depths for copy placement",
        ),
        PassOption::int(
            "tag-mem-space",
            0,
            u32::MAX as i64,
            "0",
            "Tag memory space identifier for copy generation",
        ),
        PassOption::bool(
            "remarks",
            false,
            "Print why a memref was not copied (stderr)",
        ),
    ],
    configure: lattice_ir::pass::configure::<DataCopyGenerateOptions>,
    run,
};
