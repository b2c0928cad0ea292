//! `gpu-promote-workgroup-memory`: copies the tiles of global memrefs that the
//! invocations of one workgroup share into workgroup memory (`gpu.launch` workgroup
//! attributions in `#gpu.address_space<workgroup>`), with cooperative copy loops and
//! `gpu.barrier`s, and rewrites the accesses to read the tile.
//!
//! Input: a `gpu.launch` as `gpu-map-parallel-loops` builds it: arithmetic at the top
//! level computing the mapped induction variables, then one `scf.if` guard (partial
//! workgroups) holding the body, then `gpu.terminator`. Every top-level index value is
//! classified as `uniform + Σ c_d · thread_id_d` (uniform: the same in every invocation
//! of a workgroup); accesses are analysed on that form with the affine algebra:
//! - The guarded body is either straight-line code (a stencil), or exactly one
//!   sequential `affine.for` with uniform bounds and step 1 (the reduction loop of a
//!   matmul), which is tiled by `tile`: `for k0 step tile { copy-in; barrier;
//!   guard { for k in [k0, min(k0 + tile, ub)) { body } }; barrier }`. The copies and
//!   the barriers stay outside the guard, in uniform control flow (every invocation of
//!   the workgroup reaches every barrier the same number of times).
//! - With register tiles (`gpu-map-parallel-loops{thread-tile=...}`) the guard sits in a
//!   nest of constant tile loops `r` (up to three). Subscripts may then also use the
//!   tile positions (the footprint spans them), the copies go before the nest, and
//!   afterwards the point loop `k` moves above the tile loops, which are unrolled:
//!   `for k0 { copy-in; barrier; for k { R x C guarded updates }; barrier }`.
//! - With a tiled reduction, a memref that the body loads and stores at one
//!   `k`-invariant subscript (GEMM's `C[i, j]`) becomes an invocation-private
//!   `memref.alloca` of accumulators (`R x C` with register tiles, else one), loaded
//!   before the reduction and stored after it (see `accumulate_in_registers`). Written
//!   memrefs are not staged in workgroup memory: each element belongs to one
//!   invocation (the mapping is dependence-free), so nothing is shared, and the direct
//!   stores are already coalesced (`x` runs along the unit-stride dimension).
//! - Candidates are the `affine.load`s in that body, directly or inside loops with
//!   constant bounds (a convolution's window loops; at most six such induction
//!   variables per launch), whose subscripts are linear in top-level values, the tiled
//!   loop's, the register tiles' and those inner loops' induction variables (each inner
//!   one spans its whole range, so the footprint stays bounded).
//!   Loads with the same memref, operands and subscripts up to constants share one tile:
//!   the bounding box of their subscripts over the workgroup's invocations and the loop
//!   tile (`Context::expr_range`), anchored at the subscripts of invocation 0 at `k0`.
//! - A memref is promoted only when every access to it in the launch is an affine load
//!   (read-only within the kernel: no dependence involves it, so copying it in is
//!   exact and needs no copy-out), it has a static shape and identity layout, its tile
//!   is smaller than the accesses it serves (there is reuse within the workgroup), and
//!   all tiles together fit `max-bytes` (16 KiB: WebGPU's minimum
//!   `maxComputeWorkgroupStorageSize`). Each refusal is a remark.
//!
//! Copies: the tile's elements are numbered row-major and invocation `t` (linearized
//! `x` fastest) copies elements `t, t + n, t + 2n, ...` (`n` invocations), so adjacent
//! invocations read adjacent addresses of the innermost memref dimension; elements past
//! the memref's bounds (tiles at the edge) are skipped, and only the invocations the
//! guard excludes could read them.

use super::build::{Builder, InsertPoint};
use lattice_affine::analysis::dependence;
use lattice_affine::passes::simplify_structures::ValueMap;
use lattice_affine::views::{
    AffineApply, AffineFor, AffineIf, AffineLoad, AffineStore, AffineYield,
};
use lattice_dialects::arith::ArithKind;
use lattice_dialects::{func, gpu, memref, scf};
use lattice_ir::diag::Severity;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{
    AffineExpr, AffineMap, AttrData, DiagLoc, Diagnostic, Ir, Op, TypeData, Value, WalkOrder,
};
use rustc_hash::FxHashMap;

/// Options of `gpu-promote-workgroup-memory`.
#[derive(Clone, Debug)]
pub struct PromoteOptions {
    /// Tile size of the sequential loop.
    pub tile: i64,
    /// Budget for all tiles of one launch, in bytes.
    pub max_bytes: i64,
}

impl Default for PromoteOptions {
    fn default() -> Self {
        PromoteOptions {
            tile: 16,
            max_bytes: 16384,
        }
    }
}

/// What the promotion did.
#[derive(Debug, Default)]
pub struct PromoteReport {
    /// `(launch, memref, tile shape)` per promoted tile.
    pub promoted: Vec<(Op, Value, Vec<i64>)>,
    /// Why launches or loads were left alone.
    pub remarks: Vec<Diagnostic>,
}

/// The `gpu-promote-workgroup-memory` pass.
pub static PROMOTE_WORKGROUP_MEMORY: PassDef = PassDef {
    name: "gpu-promote-workgroup-memory",
    display_name: "GpuPromoteWorkgroupMemory",
    summary: "Copy tiles shared by a workgroup into workgroup memory, with barriers",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::int(
            "tile",
            1,
            i64::MAX,
            "16",
            "Tile size of the sequential loop",
        ),
        PassOption::int(
            "max-bytes",
            1,
            i64::MAX,
            "16384",
            "Workgroup memory budget per launch in bytes",
        ),
        PassOption::bool(
            "remarks",
            false,
            "Print why tiles are not promoted (also --remarks)",
        ),
    ],
    configure: lattice_ir::pass::configure::<PromoteOptions>,
    run: run_pass,
};

impl PassConfig for PromoteOptions {
    fn from_options(options: &OptionValues) -> Result<Self, OptionError> {
        let tile = options.int("tile", 16)?;
        let max_bytes = options.int("max-bytes", 16384)?;
        if tile <= 0 {
            return Err(OptionError::expected(
                "tile",
                "a positive size",
                &tile.to_string(),
            ));
        }
        Ok(PromoteOptions { tile, max_bytes })
    }
}

fn run_pass(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let promote = options.typed_at::<PromoteOptions>(ir, op)?;
    let report = promote_workgroup_memory(ir, op, &promote);
    lattice_ir::pass::report_declined(&report.remarks, options);
    Ok(())
}

/// Promotes the shared tiles of every `gpu.launch` under `root` (see the module docs).
pub fn promote_workgroup_memory(ir: &mut Ir, root: Op, options: &PromoteOptions) -> PromoteReport {
    let mut report = PromoteReport::default();
    let launches: Vec<Op> = ir
        .walk_ops(root, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.isa::<gpu::Launch>(o))
        .collect();
    for launch in launches {
        if let Err(why) = promote_launch(ir, launch, options, &mut report) {
            report.remarks.push(remark(ir, launch, why));
        }
    }
    report
}

/// Why a launch, or a memref in it, is not promoted to workgroup memory (the remark
/// says "not promoted to workgroup memory: " and this).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotPromoted {
    #[error("the launch has several blocks or already has attributions")]
    NotOneBlock,
    #[error("the launch has async dependencies or clusters")]
    AsyncOrClusters,
    #[error("the workgroup size is not constant")]
    DynamicWorkgroup,
    #[error("the launch body is not index arithmetic followed by one guard (the form gpu-map-parallel-loops builds)")]
    Form,
    #[error("the guard has no body")]
    GuardWithoutBody,
    #[error("the guard has an else branch")]
    ElseBranch,
    #[error("empty loop")]
    EmptyLoop,
    #[error("the sequential loop carries iter_args")]
    IterArgs,
    #[error("the sequential loop has a non-unit step")]
    NonUnitStep,
    #[error("the sequential loop's bounds differ between invocations of a workgroup")]
    VaryingBounds,
    #[error("the memref is defined inside the launch")]
    DefinedInside,
    /// `ty`: the memref's type as printed.
    #[error("{ty} does not have a static shape, identity layout and default memory space")]
    NotStatic { ty: String },
    #[error("the kernel writes {ty} (in a parallel mapping each invocation owns the elements it writes, so a written memref has no reuse across the workgroup; only read-only tiles are promoted)")]
    Written { ty: String },
    /// `op`: the name of the op using the memref.
    #[error("'{op}' uses the memref (only affine loads are analysed)")]
    OtherUse { op: String },
}

fn remark(ir: &Ir, op: Op, why: impl std::fmt::Display) -> Diagnostic {
    Diagnostic {
        severity: Severity::Remark,
        message: format!("not promoted to workgroup memory: {why}"),
        loc: DiagLoc::Loc(ir.loc(op)),
        notes: Vec::new(),
    }
}

/// Thread coefficients of a top-level index value: `v = uniform + Σ c[d] · tid_d`.
type Coeffs = [i64; 3];

/// Classifies launch values as uniform-plus-linear-in-thread-ids.
struct Classifier {
    launch: Op,
    entry: lattice_ir::Block,
    block_size: [i64; 3],
    cache: FxHashMap<Value, Option<Coeffs>>,
}

impl Classifier {
    fn constant(&self, ir: &Ir, v: Value) -> Option<i64> {
        if let Some(c) = super::outline::constant_int(ir, v) {
            return Some(c);
        }
        let args = ir.block_args(self.entry);
        (9..12)
            .find(|&i| args[i] == v)
            .map(|i| self.block_size[i - 9])
    }

    fn coeffs(&mut self, ir: &Ir, v: Value) -> Option<Coeffs> {
        if let Some(&c) = self.cache.get(&v) {
            return c;
        }
        let c = self.compute(ir, v);
        self.cache.insert(v, c);
        c
    }

    fn compute(&mut self, ir: &Ir, v: Value) -> Option<Coeffs> {
        let args = ir.block_args(self.entry);
        if let Some(i) = args.iter().position(|&a| a == v) {
            let mut c = [0; 3];
            if (3..6).contains(&i) {
                c[i - 3] = 1;
            }
            return Some(c);
        }
        let Some(def) = ir.defining_op(v) else {
            // A block argument of some other block: outside the launch is uniform.
            let owner = ir.value_block(v).and_then(|b| ir.block_parent_op(b));
            return match owner {
                Some(o) if ir.is_ancestor(self.launch, o) => None,
                _ => Some([0; 3]),
            };
        };
        if !ir.is_ancestor(self.launch, def) {
            return Some([0; 3]);
        }
        if ir.op_parent(def) != Some(self.entry) {
            return None;
        }
        let ops = ir.operands(def).to_vec();
        match ArithKind::of(ir, def) {
            Some(ArithKind::Constant) => Some([0; 3]),
            Some(kind @ (ArithKind::AddI | ArithKind::SubI)) => {
                let (a, b) = (self.coeffs(ir, ops[0])?, self.coeffs(ir, ops[1])?);
                let s = if kind == ArithKind::SubI { -1 } else { 1 };
                Some([a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]])
            }
            Some(ArithKind::MulI) => {
                let (a, b) = (self.coeffs(ir, ops[0])?, self.coeffs(ir, ops[1])?);
                if a == [0; 3] && b == [0; 3] {
                    return Some([0; 3]);
                }
                let (k, c) = match (self.constant(ir, ops[0]), self.constant(ir, ops[1])) {
                    (_, Some(k)) => (k, a),
                    (Some(k), _) => (k, b),
                    _ => return None,
                };
                Some([c[0] * k, c[1] * k, c[2] * k])
            }
            kind => {
                // Anything else is uniform when its operands are (pure index arithmetic).
                let pure = kind.is_some() || ir.isa::<AffineApply>(def);
                if !pure {
                    return None;
                }
                for o in ops {
                    if self.coeffs(ir, o)? != [0; 3] {
                        return None;
                    }
                }
                Some([0; 3])
            }
        }
    }
}

/// One subscript operand, as the analysis sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Operand {
    /// A top-level value `uniform + Σ c · tid`.
    Lin(Coeffs),
    /// The induction variable of the tiled loop.
    Loop,
    /// The induction variable of register-tile loop `d` (outermost first), `0..R_d`.
    Tile(usize),
    /// The induction variable of a constant-bound loop inside the body (`inner[d]`).
    Inner(usize),
}

/// Dimensions of the footprint analysis: `tx, ty, tz, kk, r0, r1, r2`, then up to
/// [`MAX_INNER`] inner loops.
const FIXED_DIMS: u32 = 7;
/// Inner loops whose induction variables subscripts may use.
const MAX_INNER: usize = 6;
const ALL_DIMS: usize = FIXED_DIMS as usize + MAX_INNER;

/// The constant-bound `affine.for`s between `op` and `block` (outermost first), with
/// their ranges; `None` when something else lies between.
fn inner_loops(ir: &Ir, op: Op, block: lattice_ir::Block) -> Option<Vec<(Value, i64, i64)>> {
    let mut out = Vec::new();
    let mut at = op;
    while ir.op_parent(at)? != block {
        let p = ir.parent_op(at)?;
        if !ir.isa::<AffineFor>(p) || !super::map::for_segments(ir, p).2.is_empty() {
            return None;
        }
        let lb = super::map::map_attr(ir, p, AffineFor::LOWER_BOUND_MAP)?;
        let ctx = ir.ctx();
        let lo = match ctx.map_results(lb) {
            [e] if ctx.map_num_inputs(lb) == 0 => ctx.constant_value(*e)?,
            _ => return None,
        };
        let trips = lattice_affine::loops::constant_trip_count(ir, p)?;
        if trips <= 0 {
            return None;
        }
        let step = super::map::for_step(ir, p);
        let iv = ir.block_args(ir.entry_block(ir.region(p, 0))?)[0];
        out.push((iv, lo, lo + (trips - 1) * step));
        at = p;
    }
    out.reverse();
    Some(out)
}

/// Loads sharing one tile.
struct Family {
    memref: Value,
    operands: Vec<Value>,
    kinds: Vec<Operand>,
    /// Subscripts of the first load (the anchor).
    exprs: Vec<AffineExpr>,
    /// Members with their constant offsets from the anchor per dimension.
    members: Vec<(Op, Vec<i64>)>,
    /// Per dimension `(lo, hi)` of `subscript - anchor(invocation 0, k0)`.
    range: Vec<(i64, i64)>,
}

fn promote_launch(
    ir: &mut Ir,
    launch: Op,
    options: &PromoteOptions,
    report: &mut PromoteReport,
) -> Result<(), NotPromoted> {
    let ctx = ir.ctx_arc().clone();
    let LaunchForm {
        entry,
        block_size,
        guard,
        nest,
        then_block,
    } = launch_form(ir, launch)?;
    let body_ops: Vec<Op> = ir.block_ops(then_block).collect();
    let body_ops = &body_ops[..body_ops.len().saturating_sub(1)];
    // The tiled loop, if the body is one sequential loop.
    let mut class = Classifier {
        launch,
        entry,
        block_size,
        cache: FxHashMap::default(),
    };
    let loops: Vec<usize> = (0..body_ops.len())
        .filter(|&i| ir.isa::<AffineFor>(body_ops[i]))
        .collect();
    // Ops before the loop must not define values the loop or later ops use: they then
    // run in a guard of their own, before the tiled loop.
    let split_ok = |pos: usize| {
        body_ops[..pos].iter().all(|&o| {
            ir.results(o).iter().all(|&r| {
                ir.uses(r).iter().all(|u| {
                    body_ops[..pos]
                        .iter()
                        .any(|&p| p == u.op || ir.is_ancestor(p, u.op))
                })
            })
        })
    };
    let tiled = match loops.as_slice() {
        &[pos] if split_ok(pos) => Some(sequential_loop(ir, body_ops[pos], &mut class)?),
        _ => None,
    };
    let body_block = match tiled {
        Some(l) => ir
            .entry_block(ir.region(l, 0))
            .ok_or(NotPromoted::EmptyLoop)?,
        None => then_block,
    };
    let iv = tiled.map(|l| ir.block_args(ir.entry_block(ir.region(l, 0)).unwrap())[0]);
    let tile = if tiled.is_some() { options.tile } else { 1 };
    // Candidate loads, grouped into families.
    let mut families: Vec<Family> = Vec::new();
    let mut refused: FxHashMap<Value, NotPromoted> = FxHashMap::default();
    let all_ops = ir.walk_ops(launch, WalkOrder::PreOrder);
    let tile_ivs: Vec<Value> = nest
        .iter()
        .map(|&l| ir.block_args(ir.entry_block(ir.region(l, 0)).unwrap())[0])
        .collect();
    // Loads directly in the body or in constant-bound loops inside it (a convolution's
    // window loops): their induction variables span their whole range in the footprint.
    let mut inner: Vec<(Value, i64, i64)> = Vec::new();
    let nested_loads: Vec<Op> = ir
        .block_ops(body_block)
        .collect::<Vec<_>>()
        .into_iter()
        .flat_map(|o| ir.walk_ops(o, WalkOrder::PreOrder))
        .filter(|&o| ir.isa::<AffineLoad>(o))
        .collect();
    for op in nested_loads {
        let Some(loops) = inner_loops(ir, op, body_block) else {
            continue;
        };
        if !nest.is_empty() && ir.isa::<AffineLoad>(op) {
            // Inside register tiles the subscripts go through `affine.apply`s of the
            // tile loops' induction variables: compose them into the load's map.
            compose_load(ir, op);
        }
        let Some(acc) = dependence::access(ir, op) else {
            continue;
        };
        if acc.is_write || !ir.isa::<AffineLoad>(op) || refused.contains_key(&acc.memref) {
            continue;
        }
        if let Err(why) = check_memref(ir, launch, &all_ops, acc.memref) {
            refused.insert(acc.memref, why);
            continue;
        }
        let mut kinds = Vec::new();
        for &v in &acc.indices {
            if Some(v) == iv {
                kinds.push(Operand::Loop);
            } else if let Some(t) = tile_ivs.iter().position(|&r| r == v) {
                kinds.push(Operand::Tile(t));
            } else if let Some(&(_, lo, hi)) = loops.iter().find(|l| l.0 == v) {
                let pos = match inner.iter().position(|l| l.0 == v) {
                    Some(p) => p,
                    None if inner.len() < MAX_INNER => {
                        inner.push((v, lo, hi));
                        inner.len() - 1
                    }
                    None => break,
                };
                kinds.push(Operand::Inner(pos));
            } else if let Some(c) = class.coeffs(ir, v) {
                kinds.push(Operand::Lin(c));
            } else {
                break;
            }
        }
        if kinds.len() != acc.indices.len() {
            continue;
        }
        let nin = ctx.map_num_inputs(acc.map) as u32;
        let exprs = normalize_symbols(&ctx, acc.map);
        if exprs.iter().any(|&e| {
            !ctx.flatten_expr(e, nin, 0)
                .is_some_and(|(_, l)| l.is_empty())
        }) {
            continue;
        }
        let family = families.iter_mut().find(|f| {
            f.memref == acc.memref
                && f.operands == acc.indices
                && f.exprs.iter().zip(&exprs).all(|(&a, &b)| {
                    ctx.constant_value(ctx.simplify_affine_expr(ctx.sub_expr(b, a), nin, 0))
                        .is_some()
                })
        });
        match family {
            Some(f) => {
                let offs = f
                    .exprs
                    .iter()
                    .zip(&exprs)
                    .map(|(&a, &b)| {
                        ctx.constant_value(ctx.simplify_affine_expr(ctx.sub_expr(b, a), nin, 0))
                            .unwrap()
                    })
                    .collect();
                f.members.push((op, offs));
            }
            None => families.push(Family {
                memref: acc.memref,
                operands: acc.indices.clone(),
                kinds,
                members: vec![(op, vec![0; exprs.len()])],
                exprs,
                range: Vec::new(),
            }),
        }
    }
    for (m, why) in refused {
        let at = ir
            .block_ops(body_block)
            .find(|&o| dependence::access(ir, o).is_some_and(|a| a.memref == m))
            .unwrap_or(launch);
        report.remarks.push(remark(ir, at, why));
    }
    // Footprints and the reuse test.
    let chosen = choose_families(
        ir,
        families,
        &ReuseScope {
            block_size,
            tile,
            nest: &nest,
            inner: &inner,
            body_block,
        },
        options.max_bytes,
        report,
    );
    if chosen.is_empty() {
        return Ok(());
    }
    let at = nest.first().copied().unwrap_or(guard);
    if let (Some(l), false) = (tiled, nest.is_empty()) {
        split_nest_body(ir, &nest, guard, l);
    }
    let inner_ivs: Vec<Value> = inner.iter().map(|l| l.0).collect();
    let kloop = rewrite(
        ir, launch, at, tiled, tile, block_size, &tile_ivs, &inner_ivs, chosen, report,
    );
    registers_below_reduction(ir, launch, guard, &nest, kloop);
    Ok(())
}

/// The sequential loop `l` of a launch body, if it can be tiled: no iter_args, unit step,
/// bounds the same for every invocation of a workgroup.
fn sequential_loop(ir: &Ir, l: Op, class: &mut Classifier) -> Result<Op, NotPromoted> {
    let (lbo, ubo, inits) = super::map::for_segments(ir, l);
    if !inits.is_empty() {
        return Err(NotPromoted::IterArgs);
    }
    if super::map::for_step(ir, l) != 1 {
        return Err(NotPromoted::NonUnitStep);
    }
    for v in lbo.iter().chain(&ubo) {
        if class.coeffs(ir, *v) != Some([0; 3]) {
            return Err(NotPromoted::VaryingBounds);
        }
    }
    Ok(l)
}

/// The parts of a launch in the form gpu-map-parallel-loops builds.
struct LaunchForm {
    entry: lattice_ir::Block,
    /// The constant workgroup size.
    block_size: [i64; 3],
    /// The `scf.if` that keeps invocations within the iteration space.
    guard: Op,
    /// The register-tile loops around the guard (`thread-tile`), outermost first.
    nest: Vec<Op>,
    /// The guard's body.
    then_block: lattice_ir::Block,
}

/// The form of `launch`: one block, constant workgroup sizes, top-level index arithmetic,
/// then one scf.if guard or a nest of register-tile loops (`thread-tile`) around it, then
/// gpu.terminator; why not otherwise.
fn launch_form(ir: &Ir, launch: Op) -> Result<LaunchForm, NotPromoted> {
    let region = ir.region(launch, 0);
    let blocks: Vec<_> = ir.region_blocks(region).collect();
    if blocks.len() != 1 || ir.block_args(blocks[0]).len() != 12 {
        return Err(NotPromoted::NotOneBlock);
    }
    let entry = blocks[0];
    let sizes = ir.operands(launch).to_vec();
    if sizes.len() != 6 {
        return Err(NotPromoted::AsyncOrClusters);
    }
    let mut block_size = [0; 3];
    for d in 0..3 {
        block_size[d] =
            super::outline::constant_int(ir, sizes[3 + d]).ok_or(NotPromoted::DynamicWorkgroup)?;
    }
    // Shape: top-level index arithmetic, then one scf.if guard or a nest of register-tile
    // loops (`thread-tile`) around it, then gpu.terminator.
    let ops: Vec<Op> = ir.block_ops(entry).collect();
    let n = ops.len();
    if n < 2
        || !ir.isa::<gpu::Terminator>(ops[n - 1])
        || ops[..n - 2]
            .iter()
            .any(|&o| ArithKind::of(ir, o).is_none() && !ir.isa::<AffineApply>(o))
    {
        return Err(NotPromoted::Form);
    }
    let (guard, nest) = if ir.isa::<AffineFor>(ops[n - 2]) {
        let (guard, loops) = tile_nest(ir, ops[n - 2]).ok_or(NotPromoted::Form)?;
        (guard, loops)
    } else {
        (ops[n - 2], Vec::new())
    };
    if !ir.isa::<scf::If>(guard) || !ir.results(guard).is_empty() {
        return Err(NotPromoted::Form);
    }
    let then_block = ir
        .entry_block(ir.region(guard, 0))
        .ok_or(NotPromoted::GuardWithoutBody)?;
    if ir
        .entry_block(ir.region(guard, 1))
        .is_some_and(|b| ir.block_ops(b).count() > 1)
    {
        return Err(NotPromoted::ElseBranch);
    }
    Ok(LaunchForm {
        entry,
        block_size,
        guard,
        nest,
        then_block,
    })
}

/// Where the loads of a launch run: what their footprints range over.
struct ReuseScope<'a> {
    block_size: [i64; 3],
    /// Iterations of the tiled sequential loop per tile (1: none).
    tile: i64,
    /// The register-tile loops.
    nest: &'a [Op],
    /// Constant-bound loops inside the body: induction variable, lower and upper bound.
    inner: &'a [(Value, i64, i64)],
    body_block: lattice_ir::Block,
}

/// The families worth promoting, with their footprints: those whose tile serves more
/// accesses than it has elements and that fit in what is left of `max_bytes`; a remark
/// for each other.
fn choose_families(
    ir: &Ir,
    families: Vec<Family>,
    sc: &ReuseScope<'_>,
    max_bytes: i64,
    report: &mut PromoteReport,
) -> Vec<Family> {
    let ctx = ir.ctx_arc().clone();
    let thread_range: Vec<(i64, i64)> = sc
        .block_size
        .iter()
        .map(|&s| (0, s - 1))
        .chain(std::iter::once((0, sc.tile - 1)))
        .chain(sc.nest.iter().map(|&l| (0, tile_count(ir, l) - 1)))
        .chain(std::iter::repeat_n((0, 0), 3 - sc.nest.len()))
        .chain(sc.inner.iter().map(|&(_, lo, hi)| (lo, hi)))
        .collect();
    let nthreads: i64 = sc.block_size.iter().product::<i64>()
        * sc.nest.iter().map(|&l| tile_count(ir, l)).product::<i64>();
    let mut budget = max_bytes;
    let mut chosen = Vec::new();
    for mut f in families {
        let rel = relative_exprs(&ctx, &f.exprs, &f.kinds);
        let mut range = Vec::new();
        for (d, &e) in rel.iter().enumerate() {
            let Some((lo, hi)) = ctx.expr_range(e, &thread_range, &[]) else {
                range.clear();
                break;
            };
            let offs = f.members.iter().map(|(_, o)| o[d]);
            let (omin, omax) = (offs.clone().min().unwrap(), offs.max().unwrap());
            range.push((lo + omin, hi + omax));
        }
        if range.is_empty() {
            continue;
        }
        let elements: i64 = range.iter().map(|&(lo, hi)| hi - lo + 1).product();
        let uses_loop = f.kinds.contains(&Operand::Loop);
        let accesses: i64 = f
            .members
            .iter()
            .map(|&(m, _)| {
                let loops = inner_loops(ir, m, sc.body_block).unwrap_or_default();
                loops
                    .iter()
                    .map(|&(_, lo, hi)| hi - lo + 1)
                    .product::<i64>()
            })
            .sum::<i64>()
            * nthreads
            * if uses_loop { sc.tile } else { 1 };
        let at = f.members[0].0;
        if elements >= accesses {
            report.remarks.push(remark(
                ir,
                at,
                format!(
                    "its tile of {elements} elements serves {accesses} accesses (no reuse within a workgroup)"
                ),
            ));
            continue;
        }
        let elt = ctx.element_type(ir.value_type(f.memref));
        let bytes = elements * elt_bytes(ir, elt);
        if bytes > budget {
            report.remarks.push(remark(
                ir,
                at,
                format!("its tile of {bytes} bytes does not fit the workgroup memory left ({budget} bytes)"),
            ));
            continue;
        }
        budget -= bytes;
        f.range = range;
        chosen.push(f);
    }
    chosen
}

/// The register-tile nest starting at `l`: loops `0..R` (constant, step 1, no
/// iter_args) each holding index arithmetic and either the next loop or the guard.
/// Returns the guard and the loops, outermost first.
fn tile_nest(ir: &Ir, mut l: Op) -> Option<(Op, Vec<Op>)> {
    let mut loops = Vec::new();
    loop {
        if !ir.isa::<AffineFor>(l)
            || loops.len() == 3
            || super::map::for_step(ir, l) != 1
            || !super::map::for_segments(ir, l).2.is_empty()
        {
            return None;
        }
        let lb = super::map::map_attr(ir, l, AffineFor::LOWER_BOUND_MAP)?;
        let ctx = ir.ctx();
        if ctx.map_results(lb).len() != 1 || ctx.constant_value(ctx.map_results(lb)[0]) != Some(0) {
            return None;
        }
        lattice_affine::loops::constant_trip_count(ir, l)?;
        loops.push(l);
        let body = ir.entry_block(ir.region(l, 0))?;
        let ops: Vec<Op> = ir.block_ops(body).collect();
        let n = ops.len();
        if n < 2
            || ops[..n - 2]
                .iter()
                .any(|&o| ArithKind::of(ir, o).is_none() && !ir.isa::<AffineApply>(o))
        {
            return None;
        }
        if ir.isa::<scf::If>(ops[n - 2]) {
            return Some((ops[n - 2], loops));
        }
        l = ops[n - 2];
    }
}

/// With register tiles, ops of the guarded body before or after the reduction loop `l`
/// (2mm's `tmp[i, j] = 0`) move into copies of the tile nest before and after it, so
/// that the guard holds only `l`. Legal as the interchange in
/// `registers_below_reduction`: the tile loops enumerate parallel iterations.
fn split_nest_body(ir: &mut Ir, nest: &[Op], guard: Op, l: Op) {
    let then_block = ir.entry_block(ir.region(guard, 0)).unwrap();
    let inside: Vec<Op> = ir.block_ops(then_block).collect();
    let n = inside.len();
    let pos = inside.iter().position(|&o| o == l).unwrap();
    // Positions (in the guard's block) kept by the copy before and the copy after.
    let parts = [(0..pos, true), (pos + 1..n - 1, false)];
    for (keep, before) in parts {
        if keep.is_empty() {
            continue;
        }
        let mut mapping = FxHashMap::default();
        let copy = ir.clone_op(nest[0], &mut mapping);
        if before {
            ir.insert_op_before(nest[0], copy);
        } else {
            ir.insert_op_after(nest[0], copy);
        }
        let cguard = ir
            .walk_ops(copy, WalkOrder::PreOrder)
            .into_iter()
            .find(|&o| ir.isa::<scf::If>(o))
            .unwrap();
        let cblock = ir.entry_block(ir.region(cguard, 0)).unwrap();
        let cops: Vec<Op> = ir.block_ops(cblock).collect();
        for i in (0..n - 1).rev() {
            if !keep.contains(&i) {
                ir.erase_op(cops[i]);
            }
        }
        for &o in inside[keep].iter().rev() {
            ir.erase_op(o);
        }
    }
}

fn tile_count(ir: &Ir, l: Op) -> i64 {
    lattice_affine::loops::constant_trip_count(ir, l).unwrap_or(1)
}

/// Composes the `affine.apply`s producing an affine load's or store's subscripts into
/// its map.
fn compose_load(ir: &mut Ir, load: Op) {
    let ctx = ir.ctx_arc().clone();
    let Some(map) = super::map::map_attr(ir, load, "map") else {
        return;
    };
    let first = if ir.isa::<AffineStore>(load) { 2 } else { 1 };
    let ops = ir.operands(load).to_vec();
    let mut vm = ValueMap::new(&ctx, map, &ops[first..]);
    vm.canonicalize(ir, load, true);
    let (m, mops) = vm.to_map(&ctx);
    let mut new_ops = ops[..first].to_vec();
    new_ops.extend(mops);
    ir.set_operands(load, new_ops);
    ir.set_attr(load, "map", ctx.affine_map_attr(m));
}

/// Register accumulators: a memref the guarded body (inside the tile nest, inside the
/// point loop `kl` of the reduction-tile loop `outer`) both loads and stores at one
/// subscript that does not change along the reduction (`C[i, j]` of a GEMM), and that
/// nothing else in the launch touches, lives in an invocation-private `R0 x R1 x ...`
/// array indexed by the tile induction variables for the whole reduction: loaded once
/// before `outer` and stored once after it, in copies of the tile nest and its guard.
/// Parallel mapped iterations never write a common element (the mapping checked
/// that), so distinct tile positions hold distinct elements. Like the promotion of read
/// tiles, this assumes the memref arguments of the launch do not alias. Returns the
/// copies made (tile nests to unroll).
fn accumulate_in_registers(
    ir: &mut Ir,
    launch: Op,
    outer: Op,
    guard: Op,
    holder: Op,
    nest: &[Op],
) -> Vec<Op> {
    let ctx = ir.ctx_arc().clone();
    let loc = ir.loc(launch);
    let then_block = ir.entry_block(ir.region(holder, 0)).unwrap();
    let tile_ivs: Vec<Value> = nest
        .iter()
        .map(|&l| ir.block_args(ir.entry_block(ir.region(l, 0)).unwrap())[0])
        .collect();
    let body: Vec<Op> = ir.block_ops(then_block).collect();
    for &o in &body {
        if ir.isa::<AffineStore>(o) || ir.isa::<AffineLoad>(o) {
            compose_load(ir, o);
        }
    }
    let all_ops = ir.walk_ops(launch, WalkOrder::PreOrder);
    let mut candidates: Vec<Value> = Vec::new();
    for &o in &body {
        if let Some(a) = dependence::access(ir, o) {
            if a.is_write && !candidates.contains(&a.memref) {
                candidates.push(a.memref);
            }
        }
    }
    let mut copies = Vec::new();
    'memrefs: for m in candidates {
        if ir.defining_op(m).is_some_and(|d| ir.is_ancestor(launch, d)) {
            continue;
        }
        // Accesses before or after `outer` (an initialization of C in a guard of its
        // own) come before the accumulators are loaded or after they are stored.
        let users: Vec<Op> = all_ops
            .iter()
            .copied()
            .filter(|&o| ir.operands(o).contains(&m) && ir.is_ancestor(outer, o))
            .collect();
        let mut key: Option<(AffineMap, Vec<Value>)> = None;
        for &u in &users {
            if ir.parent_op(u) != Some(holder) {
                continue 'memrefs;
            }
            let Some(a) = dependence::access(ir, u) else {
                continue 'memrefs;
            };
            if !ir.isa::<AffineLoad>(u) && !ir.isa::<AffineStore>(u) {
                continue 'memrefs;
            }
            if a.is_write && ir.operands(u)[0] == m {
                continue 'memrefs;
            }
            // Subscripts from tile induction variables and values set before `outer`.
            if a.indices.iter().any(|&v| {
                !tile_ivs.contains(&v)
                    && match ir.defining_op(v) {
                        Some(d) => ir.is_ancestor(outer, d),
                        None => ir
                            .value_block(v)
                            .and_then(|b| ir.block_parent_op(b))
                            .is_some_and(|p| ir.is_ancestor(outer, p)),
                    }
            }) {
                continue 'memrefs;
            }
            match &key {
                None => key = Some((a.map, a.indices.clone())),
                Some((km, ki)) if *km == a.map && *ki == a.indices => {}
                Some(_) => continue 'memrefs,
            }
        }
        let Some((map, indices)) = key else { continue };
        let elt = ctx.element_type(ir.value_type(m));
        let mut shape: Vec<i64> = nest.iter().map(|&l| tile_count(ir, l)).collect();
        if shape.is_empty() {
            shape.push(1);
        }
        let acc_ty = ctx.ty(TypeData::MemRef {
            shape: shape.clone(),
            element: elt,
            layout: None,
            memory_space: None,
        });
        let entry = ir.entry_block(ir.region(launch, 0)).unwrap();
        let first = ir.block_ops(entry).next().unwrap();
        let mut b = Builder::new(ir, InsertPoint::Before(first), loc);
        let acc = b.value(
            memref::Alloca::NAME,
            vec![],
            acc_ty,
            vec![("operandSegmentSizes", ctx.dense_i32_array(&[0, 0]))],
        );
        let id = if nest.is_empty() {
            ctx.constant_map(0)
        } else {
            ctx.identity_map(nest.len() as u32)
        };
        // The accesses in the body go to the accumulator.
        for &u in &users {
            let mut ops = ir.operands(u).to_vec();
            let pos = ops.iter().position(|&v| v == m).unwrap();
            ops.truncate(pos);
            ops.push(acc);
            ops.extend(&tile_ivs);
            ir.set_operands(u, ops);
            ir.set_attr(u, "map", ctx.affine_map_attr(id));
        }
        // Copies of the nest before and after `outer`, guarded like the body.
        for before in [true, false] {
            let mut mapping = FxHashMap::default();
            let copy = ir.clone_op(nest.first().copied().unwrap_or(guard), &mut mapping);
            if before {
                ir.insert_op_before(outer, copy);
            } else {
                ir.insert_op_after(outer, copy);
            }
            let cguard = if ir.isa::<scf::If>(copy) {
                copy
            } else {
                ir.walk_ops(copy, WalkOrder::PreOrder)
                    .into_iter()
                    .find(|&o| ir.isa::<scf::If>(o))
                    .unwrap()
            };
            let cblock = ir.entry_block(ir.region(cguard, 0)).unwrap();
            let old: Vec<Op> = ir.block_ops(cblock).collect();
            let cyield = *old.last().unwrap();
            for &o in old[..old.len() - 1].iter().rev() {
                ir.erase_op(o);
            }
            let civs: Vec<Value> = tile_ivs.iter().map(|v| mapping[v]).collect();
            let gops: Vec<Value> = lattice_ir::store::mapped_values(&mapping, &indices);
            let (from, from_map, from_ops, to, to_map, to_ops) = if before {
                (m, map, gops, acc, id, civs)
            } else {
                (acc, id, civs, m, map, gops)
            };
            let mut b = Builder::new(ir, InsertPoint::Before(cyield), loc);
            let mut lops = vec![from];
            lops.extend(from_ops);
            let v = b.value(
                AffineLoad::NAME,
                lops,
                elt,
                vec![("map", ctx.affine_map_attr(from_map))],
            );
            let mut sops = vec![v, to];
            sops.extend(to_ops);
            b.op(
                AffineStore::NAME,
                sops,
                vec![],
                vec![("map", ctx.affine_map_attr(to_map))],
                vec![],
            );
            copies.push(copy);
        }
    }
    copies
}

/// After promotion with register tiles: the point loop `kloop` (in the innermost guard)
/// moves above the tile loops (`k` outer, the tile `r, c` inner; legal since the tile
/// loops enumerate mapped parallel dimensions, which carry no dependence), and the tile
/// loops are unrolled fully so that each invocation's `R x C` updates of one `k` are
/// straight-line code over the tiles' values.
fn registers_below_reduction(ir: &mut Ir, launch: Op, guard: Op, nest: &[Op], kloop: Option<Op>) {
    match kloop {
        Some(kl) if !nest.is_empty() => {
            let then_block = ir.entry_block(ir.region(guard, 0)).unwrap();
            let inside: Vec<Op> = ir.block_ops(then_block).collect();
            if inside.len() == 2 && inside[0] == kl {
                let gyield = inside[1];
                let kbody = ir.entry_block(ir.region(kl, 0)).unwrap();
                let body: Vec<Op> = ir.block_ops(kbody).collect();
                ir.detach_op(kl);
                ir.insert_op_before(nest[0], kl);
                ir.detach_op(nest[0]);
                let kyield = *body.last().unwrap();
                ir.insert_op_before(kyield, nest[0]);
                for &o in &body[..body.len() - 1] {
                    ir.detach_op(o);
                    ir.insert_op_before(gyield, o);
                }
            }
        }
        _ => {}
    }
    let mut nests = vec![nest.to_vec()];
    // The reduction-tile loop `k0`: the nearest loop around the point loop.
    let outer_of = |ir: &Ir, kl: Op| {
        let mut p = ir.parent_op(kl)?;
        while !ir.isa::<AffineFor>(p) {
            p = ir.parent_op(p)?;
        }
        Some(p)
    };
    if let Some((kl, outer)) = kloop.and_then(|kl| Some((kl, outer_of(ir, kl)?))) {
        // The op whose body holds the reduction's statements.
        let holder = if nest.is_empty() { kl } else { guard };
        for copy in accumulate_in_registers(ir, launch, outer, guard, holder, nest) {
            let loops = tile_nest(ir, copy).map(|(_, l)| l).unwrap_or_default();
            nests.push(loops);
        }
    }
    for nest in nests {
        for &l in nest.iter().rev() {
            let tc = tile_count(ir, l);
            lattice_affine::passes::loop_unroll::unroll_full(ir, l, tc);
        }
    }
    if nest.is_empty() {
        return;
    }
    // Fold the unrolled (now constant) tile positions into the accesses' maps.
    for o in ir.walk_ops(launch, WalkOrder::PreOrder) {
        if ir.isa::<AffineLoad>(o) || ir.isa::<AffineStore>(o) {
            compose_load(ir, o);
        }
    }
}

fn elt_bytes(ir: &Ir, ty: lattice_ir::Type) -> i64 {
    match super::map::type_name(ir, ty).as_str() {
        "f64" | "i64" => 8,
        "f16" => 2,
        _ => 4,
    }
}

/// The map's results over its inputs as dims (symbols renumbered after the dims).
fn normalize_symbols(ctx: &lattice_ir::Context, map: AffineMap) -> Vec<AffineExpr> {
    let nd = ctx.map_num_dims(map);
    let ns = ctx.map_num_symbols(map);
    let dims: Vec<AffineExpr> = (0..nd).map(|i| ctx.dim_expr(i)).collect();
    let syms: Vec<AffineExpr> = (0..ns).map(|i| ctx.dim_expr(nd + i)).collect();
    ctx.map_results(map)
        .iter()
        .map(|&e| ctx.replace_dims_and_symbols(e, &dims, &syms))
        .collect()
}

/// Subscripts relative to the anchor, over `(tx, ty, tz, kk, r0, r1, r2)` as `d0..d6`
/// (`r`: register-tile induction variables).
fn relative_exprs(
    ctx: &lattice_ir::Context,
    exprs: &[AffineExpr],
    kinds: &[Operand],
) -> Vec<AffineExpr> {
    let subst: Vec<AffineExpr> = kinds
        .iter()
        .map(|k| match *k {
            Operand::Loop => ctx.dim_expr(3),
            Operand::Tile(t) => ctx.dim_expr(4 + t as u32),
            Operand::Inner(t) => ctx.dim_expr(FIXED_DIMS + t as u32),
            Operand::Lin(c) => {
                let mut e = ctx.constant_expr(0);
                for (d, &cd) in c.iter().enumerate() {
                    if cd != 0 {
                        let t = ctx.mul_expr(ctx.dim_expr(d as u32), ctx.constant_expr(cd));
                        e = ctx.add_expr(e, t);
                    }
                }
                e
            }
        })
        .collect();
    exprs
        .iter()
        .map(|&e| {
            let r = ctx.replace_dims_and_symbols(e, &subst, &[]);
            // Drop the constant part: the anchor carries it.
            let c = ctx.constant_value(ctx.simplify_affine_expr(
                ctx.replace_dims_and_symbols(r, &[ctx.constant_expr(0); ALL_DIMS], &[]),
                ALL_DIMS as u32,
                0,
            ));
            ctx.simplify_affine_expr(
                ctx.sub_expr(r, ctx.constant_expr(c.unwrap_or(0))),
                ALL_DIMS as u32,
                0,
            )
        })
        .collect()
}

/// Whether `memref` can be promoted: a static, identity-layout memref from outside the
/// launch that the launch only reads through affine loads.
fn check_memref(ir: &Ir, launch: Op, all_ops: &[Op], memref: Value) -> Result<(), NotPromoted> {
    let ctx = ir.ctx();
    if ir
        .defining_op(memref)
        .is_some_and(|d| ir.is_ancestor(launch, d))
    {
        return Err(NotPromoted::DefinedInside);
    }
    match ctx.type_data(ir.value_type(memref)) {
        TypeData::MemRef {
            shape,
            layout: None,
            memory_space: None,
            ..
        } if shape.iter().all(|&d| d > 0) => {}
        _ => {
            return Err(NotPromoted::NotStatic {
                ty: super::map::type_name(ir, ir.value_type(memref)),
            })
        }
    }
    for &o in all_ops {
        if !ir.operands(o).contains(&memref) {
            continue;
        }
        match dependence::access(ir, o) {
            Some(a) if !a.is_write && ir.isa::<AffineLoad>(o) => {}
            Some(_) => {
                return Err(NotPromoted::Written {
                    ty: super::map::type_name(ir, ir.value_type(memref)),
                })
            }
            None => {
                return Err(NotPromoted::OtherUse {
                    op: ir.op_name(o).to_string(),
                })
            }
        }
    }
    Ok(())
}

/// Builds `affine.for` from `lb(lbo)` to `ub(ubo)` (step `step`) before `at`; returns the
/// loop, its induction variable and body block (holding its `affine.yield`).
pub(crate) fn build_for(
    ir: &mut Ir,
    at: InsertPoint,
    loc: lattice_ir::Attr,
    lb: (AffineMap, Vec<Value>),
    ub: (AffineMap, Vec<Value>),
    step: i64,
) -> (Op, Value, lattice_ir::Block) {
    let ctx = ir.ctx_arc().clone();
    let region = ir.create_region();
    let block = ir.create_block(&[ctx.index_type()]);
    ir.append_block(region, block);
    let mut b = Builder::new(ir, at, loc);
    let seg = ctx.dense_i32_array(&[lb.1.len() as i32, ub.1.len() as i32, 0]);
    let operands = lb.1.iter().chain(&ub.1).copied().collect();
    let l = b.op(
        AffineFor::NAME,
        operands,
        vec![],
        vec![
            (AffineFor::LOWER_BOUND_MAP, ctx.affine_map_attr(lb.0)),
            (AffineFor::UPPER_BOUND_MAP, ctx.affine_map_attr(ub.0)),
            (AffineFor::STEP, ctx.index_attr(step)),
            ("operandSegmentSizes", seg),
        ],
        vec![region],
    );
    let mut y = Builder::new(ir, InsertPoint::End(block), loc);
    y.op(AffineYield::NAME, vec![], vec![], vec![], vec![]);
    let iv = ir.block_args(block)[0];
    (l, iv, block)
}

/// Moves `ops` into a new `scf.if %cond { ops }` at `at`.
fn guarded(ir: &mut Ir, cond: Value, ops: &[Op], at: InsertPoint, loc: lattice_ir::Attr) {
    let then_r = ir.create_region();
    let then_b = ir.create_block(&[]);
    ir.append_block(then_r, then_b);
    let else_r = ir.create_region();
    let mut b = Builder::new(ir, at, loc);
    b.op(
        scf::If::NAME,
        vec![cond],
        vec![],
        vec![],
        vec![then_r, else_r],
    );
    for &o in ops {
        ir.detach_op(o);
        ir.append_op(then_b, o);
    }
    let mut y = Builder::new(ir, InsertPoint::End(then_b), loc);
    y.op(scf::Yield::NAME, vec![], vec![], vec![], vec![]);
}

/// A map over `operands` (all as dims), canonicalized at `at`.
fn value_map(
    ir: &Ir,
    at: Op,
    results: Vec<AffineExpr>,
    operands: Vec<Value>,
) -> (AffineMap, Vec<Value>) {
    let mut vm = ValueMap {
        results,
        dims: operands,
        syms: Vec::new(),
    };
    vm.canonicalize(ir, at, false);
    vm.to_map(ir.ctx())
}

#[allow(clippy::too_many_arguments)]
fn rewrite(
    ir: &mut Ir,
    launch: Op,
    guard: Op,
    tiled: Option<Op>,
    tile: i64,
    block_size: [i64; 3],
    tile_ivs: &[Value],
    inner_ivs: &[Value],
    families: Vec<Family>,
    report: &mut PromoteReport,
) -> Option<Op> {
    // `guard` is the op the copies go before: the guard, or the register-tile nest
    // around it (whose guard then holds the tiled loop).
    let nested = !ir.isa::<scf::If>(guard);
    let ctx = ir.ctx_arc().clone();
    let loc = ir.loc(launch);
    let entry = ir.entry_block(ir.region(launch, 0)).unwrap();
    let tids: Vec<Value> = ir.block_args(entry)[3..6].to_vec();
    let buffers = add_buffers(ir, launch, &families, report);
    // Where copies go, and the tile origin `k0` of the loop.
    let (guard, k0) = match tiled {
        Some(l) => (guard, Some(tile_loop(ir, l, guard, nested, tile, loc))),
        None => {
            let mut b = Builder::new(ir, InsertPoint::Before(guard), loc);
            b.op(gpu::Barrier::NAME, vec![], vec![], vec![], vec![]);
            (guard, None)
        }
    };
    let point_loop = k0.map(|(_, _, kl)| kl);
    let k0 = k0.map(|(k0, k, _)| (k0, k));
    // The copies go before the barrier just before the guard.
    let barrier = ir.prev_op(guard).unwrap();
    for (f, &buf) in families.iter().zip(&buffers) {
        let shape: Vec<i64> = f.range.iter().map(|&(lo, hi)| hi - lo + 1).collect();
        let rank = shape.len();
        // Tile dimensions from the innermost outwards go to x, y, z (sizes > 1), so
        // adjacent invocations copy adjacent elements; the others are copied whole by
        // every invocation. Each dimension is a loop `a` of ceildiv(extent, threads)
        // steps covering `t + threads * a` (no loop for one step).
        let mut thread_of: Vec<Option<usize>> = vec![None; rank];
        let mut t = 0;
        for dim in (0..rank).rev() {
            while t < 3 && block_size[t] == 1 {
                t += 1;
            }
            if t < 3 {
                thread_of[dim] = Some(t);
                t += 1;
            }
        }
        let k0v = k0.map_or(tids[0], |(k0, _)| k0);
        // Inputs: tx, ty, tz, k0, the anchor's operands, then the copy loops' IVs.
        let mut inputs = vec![tids[0], tids[1], tids[2], k0v];
        // The tiled loop's old induction variable is gone: it stands for k0 there.
        inputs.extend(f.operands.iter().zip(&f.kinds).map(|(&v, k)| match k {
            Operand::Loop => k0v,
            // The anchor is at r = 0 (the subscript ignores this operand there).
            Operand::Tile(_) | Operand::Inner(_) => tids[0],
            Operand::Lin(_) => v,
        }));
        let nops = f.operands.len() as u32;
        let d = |i: u32| ctx.dim_expr(i);
        let mut at = InsertPoint::Before(barrier);
        let mut idx = Vec::new();
        let mut cons = Vec::new();
        for dim in 0..rank {
            let threads = thread_of[dim].map_or(1, |t| block_size[t]);
            let trips = (shape[dim] + threads - 1) / threads;
            let a = if trips > 1 {
                let (_, iv, body) = build_for(
                    ir,
                    at,
                    loc,
                    (ctx.constant_map(0), vec![]),
                    (ctx.constant_map(trips), vec![]),
                    1,
                );
                at = InsertPoint::Before(ir.last_op(body).unwrap());
                inputs.push(iv);
                ctx.mul_expr(d(4 + nops + dim as u32), ctx.constant_expr(threads))
            } else {
                inputs.push(tids[0]);
                ctx.constant_expr(0)
            };
            let i = match thread_of[dim] {
                Some(t) => ctx.add_expr(d(t as u32), a),
                None => a,
            };
            if trips * threads != shape[dim] {
                cons.push(ctx.sub_expr(ctx.constant_expr(shape[dim] - 1), i));
            }
            idx.push(i);
        }
        // Anchor: subscripts with thread operands at invocation 0 and the loop at k0.
        let subst: Vec<AffineExpr> = f
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| match *k {
                Operand::Loop => d(3),
                Operand::Tile(_) | Operand::Inner(_) => ctx.constant_expr(0),
                Operand::Lin(c) => {
                    let mut x = d(4 + i as u32);
                    for (t, &ct) in c.iter().enumerate() {
                        if ct != 0 {
                            x = ctx.sub_expr(x, ctx.mul_expr(d(t as u32), ctx.constant_expr(ct)));
                        }
                    }
                    x
                }
            })
            .collect();
        let global: Vec<AffineExpr> = f
            .exprs
            .iter()
            .zip(&idx)
            .zip(&f.range)
            .map(|((&x, &i), &(lo, _))| {
                let anchor = ctx.replace_dims_and_symbols(x, &subst, &[]);
                ctx.add_expr(ctx.add_expr(anchor, ctx.constant_expr(lo)), i)
            })
            .collect();
        // Guard: inside the tile and 0 <= global < dim.
        let mshape = ctx.shape(ir.value_type(f.memref)).unwrap().to_vec();
        for (g, &m) in global.iter().zip(&mshape) {
            cons.push(*g);
            cons.push(ctx.sub_expr(ctx.constant_expr(m - 1), *g));
        }
        let cbody_end = at;
        let ninputs = inputs.len() as u32;
        let set = ctx.integer_set(ninputs, 0, cons, vec![]);
        let then_r = ir.create_region();
        let then_b = ir.create_block(&[]);
        ir.append_block(then_r, then_b);
        let else_r = ir.create_region();
        let mut b = Builder::new(ir, cbody_end, loc);
        b.op(
            AffineIf::NAME,
            inputs.clone(),
            vec![],
            vec![("condition", ctx.integer_set_attr(set))],
            vec![then_r, else_r],
        );
        let mut y = Builder::new(ir, InsertPoint::End(then_b), loc);
        let tyield = y.op(AffineYield::NAME, vec![], vec![], vec![], vec![]);
        let (gmap, gops) = value_map(ir, tyield, global, inputs.clone());
        let (bmap, bops) = value_map(ir, tyield, idx, inputs.clone());
        let elt = ctx.element_type(ir.value_type(f.memref));
        let mut b = Builder::new(ir, InsertPoint::Before(tyield), loc);
        let mut lops = vec![f.memref];
        lops.extend(gops);
        let v = b.value(
            AffineLoad::NAME,
            lops,
            elt,
            vec![("map", ctx.affine_map_attr(gmap))],
        );
        let mut sops = vec![v, buf];
        sops.extend(bops);
        b.op(
            AffineStore::NAME,
            sops,
            vec![],
            vec![("map", ctx.affine_map_attr(bmap))],
            vec![],
        );
        // Rewrite the members: buffer[subscript - anchor - lo].
        let ivs = Ivs {
            tids: &tids,
            tile_ivs,
            inner_ivs,
            k0,
        };
        redirect_members(ir, f, buf, &ivs);
    }
    point_loop
}

/// Adds a workgroup attribution to `launch` for the tile of each family, in order.
fn add_buffers(
    ir: &mut Ir,
    launch: Op,
    families: &[Family],
    report: &mut PromoteReport,
) -> Vec<Value> {
    let ctx = ir.ctx_arc().clone();
    let loc = ir.loc(launch);
    let entry = ir.entry_block(ir.region(launch, 0)).unwrap();
    let space = ctx.attr(AttrData::Dialect("gpu.address_space<workgroup>".into()));
    let mut buffers = Vec::new();
    for f in families {
        let shape: Vec<i64> = f.range.iter().map(|&(lo, hi)| hi - lo + 1).collect();
        let ty = ctx.ty(TypeData::MemRef {
            shape: shape.clone(),
            element: ctx.element_type(ir.value_type(f.memref)),
            layout: None,
            memory_space: Some(space),
        });
        buffers.push(ir.add_block_arg(entry, ty, Some(loc)));
        report.promoted.push((launch, f.memref, shape));
    }
    ir.set_attr(
        launch,
        "workgroup_attributions",
        ctx.i64_attr(buffers.len() as i64),
    );
    buffers
}

/// Tiles the sequential loop `l` by `tile`: an outer loop over tile origins `k0` (returned
/// with the point loop's induction variable `k` and the point loop), around `guard` (moved
/// into it between barriers) and the point loop `k in [k0, min(k0 + tile, ub))` that takes
/// `l`'s body. Ops around `l` keep their order in guards of their own.
fn tile_loop(
    ir: &mut Ir,
    l: Op,
    guard: Op,
    nested: bool,
    tile: i64,
    loc: lattice_ir::Attr,
) -> (Value, Value, Op) {
    let ctx = ir.ctx_arc().clone();
    let (lbo, ubo, _) = super::map::for_segments(ir, l);
    let lbm = super::map::map_attr(ir, l, AffineFor::LOWER_BOUND_MAP).unwrap();
    let ubm = super::map::map_attr(ir, l, AffineFor::UPPER_BOUND_MAP).unwrap();
    let (outer, k0, obody) = build_for(
        ir,
        InsertPoint::Before(guard),
        loc,
        (lbm, lbo),
        (ubm, ubo.clone()),
        tile,
    );
    // Ops around the loop keep their order in guards of their own.
    let then_block = ir
        .entry_block(ir.region(ir.parent_op(l).unwrap(), 0))
        .unwrap();
    let inside: Vec<Op> = ir.block_ops(then_block).collect();
    let pos = inside.iter().position(|&o| o == l).unwrap();
    let cond = ir.operands(ir.parent_op(l).unwrap())[0];
    if nested {
        debug_assert!(pos == 0 && inside.len() == 2);
    }
    if pos > 0 {
        guarded(ir, cond, &inside[..pos], InsertPoint::Before(outer), loc);
    }
    if pos + 2 < inside.len() {
        let after = ir.next_op(outer).unwrap();
        guarded(
            ir,
            cond,
            &inside[pos + 1..inside.len() - 1],
            InsertPoint::Before(after),
            loc,
        );
    }
    let oyield = ir.last_op(obody).unwrap();
    ir.detach_op(guard);
    ir.insert_op_before(oyield, guard);
    let mut b = Builder::new(ir, InsertPoint::Before(guard), loc);
    b.op(gpu::Barrier::NAME, vec![], vec![], vec![], vec![]);
    let mut b = Builder::new(ir, InsertPoint::Before(oyield), loc);
    b.op(gpu::Barrier::NAME, vec![], vec![], vec![], vec![]);
    // The point loop: k in [k0, min(k0 + tile, ub)).
    let nd = ctx.map_num_dims(ubm);
    let ns = ctx.map_num_symbols(ubm);
    let dims: Vec<AffineExpr> = (0..nd).map(|i| ctx.dim_expr(i + 1)).collect();
    let syms: Vec<AffineExpr> = (0..ns).map(|i| ctx.symbol_expr(i)).collect();
    let mut results = vec![ctx.add_expr(ctx.dim_expr(0), ctx.constant_expr(tile))];
    results.extend(
        ctx.map_results(ubm)
            .iter()
            .map(|&e| ctx.replace_dims_and_symbols(e, &dims, &syms)),
    );
    let inner_ub = ctx.affine_map(nd + 1, ns, results);
    let mut ub_ops = vec![k0];
    ub_ops.extend(ubo);
    let id = ctx.affine_map(1, 0, vec![ctx.dim_expr(0)]);
    let (kl, k, kbody) = build_for(
        ir,
        InsertPoint::Before(l),
        loc,
        (id, vec![k0]),
        (inner_ub, ub_ops),
        1,
    );
    let lbody = ir.entry_block(ir.region(l, 0)).unwrap();
    let old_iv = ir.block_args(lbody)[0];
    let moved: Vec<Op> = ir.block_ops(lbody).collect();
    let kyield = ir.last_op(kbody).unwrap();
    for &o in &moved[..moved.len() - 1] {
        ir.detach_op(o);
        ir.insert_op_before(kyield, o);
    }
    ir.replace_all_uses(old_iv, k);
    ir.erase_op(l);
    (k0, k, kl)
}

/// The induction variables the subscripts of a promoted load may use.
struct Ivs<'a> {
    /// The invocation ids x, y, z.
    tids: &'a [Value],
    /// The register-tile loops' induction variables.
    tile_ivs: &'a [Value],
    /// The constant-bound loops' inside the body.
    inner_ivs: &'a [Value],
    /// The tile origin and point loop's induction variable, when the loop is tiled.
    k0: Option<(Value, Value)>,
}

/// Makes the members of family `f` load from its workgroup buffer `buf`:
/// `buf[subscript - anchor - lo]`.
fn redirect_members(ir: &mut Ir, f: &Family, buf: Value, ivs: &Ivs<'_>) {
    let ctx = ir.ctx_arc().clone();
    let (tids, k0) = (ivs.tids, ivs.k0);
    let d = |i: u32| ctx.dim_expr(i);
    let r = |t: usize| ivs.tile_ivs.get(t).copied().unwrap_or(tids[0]);
    let rel = relative_exprs(&ctx, &f.exprs, &f.kinds);
    for (op, offs) in &f.members {
        // Inputs of the new subscripts: tx, ty, tz, k, k0, r0, r1, r2.
        let (kv, k0v) = match k0 {
            Some((k0, k)) => (k, k0),
            None => (tids[0], tids[0]),
        };
        let kk = ctx.sub_expr(d(3), d(4));
        let subs: Vec<AffineExpr> = rel
            .iter()
            .zip(offs)
            .zip(&f.range)
            .map(|((&r, &o), &(lo, _))| {
                let mut dims = vec![d(0), d(1), d(2), kk, d(5), d(6), d(7)];
                dims.extend((0..MAX_INNER as u32).map(|i| d(8 + i)));
                let r = ctx.replace_dims_and_symbols(r, &dims, &[]);
                ctx.add_expr(r, ctx.constant_expr(o - lo))
            })
            .collect();
        let mut inputs = vec![tids[0], tids[1], tids[2], kv, k0v, r(0), r(1), r(2)];
        inputs.extend((0..MAX_INNER).map(|i| ivs.inner_ivs.get(i).copied().unwrap_or(tids[0])));
        let (m, mops) = value_map(ir, *op, subs, inputs);
        let mut new_ops = vec![buf];
        new_ops.extend(mops);
        ir.set_operands(*op, new_ops);
        ir.set_attr(*op, "map", ctx.affine_map_attr(m));
    }
}
