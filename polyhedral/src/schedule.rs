//! The automatic scheduler, pass `poly-schedule`: isl's scheduler with Pluto-style
//! choices, then tiling, wavefronts and parallel marks, then code through isl's AST.
//!
//! Per SCoP: validity = coincidence = the dependences between nearest accesses (value-
//! based flow, and output/anti dependences from the previous write and the reads since),
//! without the pieces implied transitively by two others (scalar cells private to an
//! iteration get live-range conditional validity instead, see
//! [`compute_schedule_private`]) and, with `assume-no-alias=false`, every ordered pair
//! of instances accessing two arguments that may alias ([`alias_dependences`]: parallel
//! marks come from coincidence, so they respect aliasing too); proximity = the flow
//! dependences, not coalesced (coalescing a stencil's translations gives one polytope
//! with many facets, and isl's Farkas step then runs for minutes on heat_3d);
//! `fuse=smart` keeps isl's clustering, `fuse=max` schedules whole components at once,
//! `fuse=none` serializes strongly connected components; outer parallelism is
//! maximized (`schedule_outer_coincidence`, also with `parallel=false`, where the loop
//! order is the same and only the marks differ, unless `fuse=max`), but not bought by
//! skewing: when that schedule combines two loops of a statement in one dimension
//! ([`skewed_dimension`]) and the schedule without coincidence maximization does not, the
//! latter is used (remark); where the default schedule's outer loop is sequential (time
//! steps), isl's schedule without coincidence maximization is a time-tiling candidate,
//! chosen by cost in [`time_tile`] (remark either way; option `time-tile`); coefficients are bounded (4, constant
//! terms 64) as Pluto bounds them. isl runs under its operation limit and, because not
//! every step of its scheduler counts operations, on its own thread under `time-limit`.
//! Then, top down: every permutable band of at
//! least two members is tiled (`isl_schedule_node_band_tile`, sizes `tile-sizes`, default
//! 32, padded with the last size); with `parallel=true`, the outermost coincident member
//! of each band (not already inside a parallel loop) goes under a `parallel` mark (the
//! band is split there), and a permutable band with no coincident member is skewed
//! into a wavefront (member 0 += member 1) whose second member is then parallel. A
//! parallel loop inside a sequential one (an outer loop or an earlier member of its
//! band, the wavefront's included) starts one parallel region per outer iteration: it
//! is marked, and a wavefront built, only where a region runs on average at least
//! `min-parallel-work` statement instances (default 32768; bounded by each statement's
//! bounding box, so only domains with constant bounds are judged; remark otherwise).
//! A member of an untiled band where one statement runs at a single value (given the
//! outer loops) and others over a range is generated `separate`: isl splits the loop
//! around that value instead of guarding the statement in every iteration. With
//! `intra-tile-order=unit-stride`, inside each point band the member whose iterator is
//! the last subscript of most accesses moves innermost (legal: the band is permutable)
//! so the innermost loop has unit stride; the default keeps isl's order, which LLVM's
//! auto-vectorizer handled better on matmul (0.19 ms vs 0.92 ms) when no explicit
//! `affine-super-vectorize` follows.
//!
//! SCoPs whose statements exchange SSA values (`iter_args`, values crossing statements)
//! are scheduled on their demoted form ([`crate::transform::scalars`]) with ppcg's
//! live-range reordering for the scalar cells (conditional validity), and scheduled
//! again with every dependence of the cells when a read would see another write. Where
//! the cells' flow dependences order every instance (an accumulator threaded through
//! the whole nest, as in a checksum), program order is the only legal one: the SCoP is
//! left alone with a remark, before the scheduler runs.
//!
//! Invariants: the final schedule is checked once more against every dependence before
//! code is generated (against the nearest dependences, which imply every memory-based
//! one; with `assume-no-alias=false` and arguments that may alias, against the full
//! analysis of [`crate::deps`]); the check makes a scheduler bug a refusal naming the
//! dependence, not a miscompile. SCoPs that cannot be regenerated are left alone with a
//! remark. Each phase's time goes to the pass manager's timing (`--mlir-timing`).

mod time_tile;
pub use time_tile::{LlcShape, TimeTile};

use crate::deps::{analyze, AliasAssumption, DepOptions};
use crate::isl::{IslCtx, IslError, IslText};
use crate::parallel_check::ForbiddenDeps;
use crate::reduction::{Accumulations, ReductionCandidates};
use crate::scop::AccessKind;
use crate::scop::{extract_scops, Scop, SourceNames};
use crate::tile_model::ModelAccess;
use crate::transform::LoopMark;
use crate::transform::{
    domain_text, first_violation_reordering, regenerate, with_scalars_demoted, TransformError,
};
use isl_rs::{
    MultiVal, Options, Schedule, ScheduleConstraints, ScheduleNode, ScheduleNodeType, Set,
    UnionAccessInfo, UnionMap, UnionSet, UnionSetList, Val,
};
use lattice_dialects::func;
use lattice_ir::diag::{DiagLoc, Diagnostic};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{Ir, Op};

/// Fusion strategy of the scheduler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fuse {
    /// isl's clustering (fuse where it does not cost parallelism).
    Smart,
    /// Schedule whole components at once (fuse as much as possible).
    Max,
    /// Keep strongly connected components apart.
    None,
}

/// Options of [`poly_schedule`].
#[derive(Clone, Debug)]
pub struct ScheduleOptions {
    /// Fusion strategy.
    pub fuse: Fuse,
    /// Tile permutable bands.
    pub tile: bool,
    /// Tile sizes per band member (padded with the last one); default 32. Empty: the
    /// cache model of [`crate::tile_model`] chooses per band.
    pub tile_sizes: Vec<i64>,
    /// Two-level tiling: outer (L2) tile sizes per member, in points (rounded up to a
    /// multiple of the inner size); empty with `tile_levels == 2`: the model's choice.
    pub l2_tile_sizes: Vec<i64>,
    /// Tiling levels: 1, or 2 (cache tiles of inner tiles, Pluto's `--l2tile`).
    pub tile_levels: u32,
    /// The caches the model tiles for.
    pub cache: crate::tile_model::CacheSizes,
    /// The last-level cache's ways and sharers (time tiling's decision).
    pub llc: LlcShape,
    /// What the model chose, per band (drained into [`ScheduleReport::notes`]).
    pub model_log: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    /// Mark parallel loops (`affine.parallel`) and build wavefronts.
    pub parallel: bool,
    /// The aliasing assumption.
    pub alias: AliasAssumption,
    /// How long isl may run, in all, per SCoP: its dependence analysis, the transitive
    /// reduction and the scheduler runs share it ([`ScopClock`]).
    pub time_limit: std::time::Duration,
    /// isl's operation limit for the scheduler step (`max_operations`; 0 = none).
    pub max_operations: u64,
    /// Move the unit-stride member of each tiled point band innermost
    /// (`intra-tile-order=unit-stride`), or keep isl's order (`isl`, the default:
    /// measured faster on matmul when LLVM auto-vectorizes without explicit
    /// `affine-super-vectorize`).
    pub unit_stride_innermost: bool,
    /// Where a band has no parallel member, make its outermost member whose only
    /// carried dependences are accumulations into scalar cells an `affine.parallel` with
    /// `reduce` ([`crate::reduction`]; reassociates floating-point sums, so off by
    /// default, as `affine-parallelize`'s `parallel-reductions`).
    pub parallel_reductions: bool,
    /// A parallel loop (or wavefront) inside a sequential loop runs one parallel region
    /// per outer iteration; it is marked only where a region runs on average at least
    /// this many statement instances (0: always). Default 32768.
    pub min_parallel_work: u64,
    /// Time tiling of stencils ([`time_tile`]): `auto` decides by cost.
    pub time_tile: TimeTile,
    /// Split the members clamped windows depend on into borders and an interior
    /// ([`crate::index_split`], `split-borders`).
    pub split_borders: bool,
    /// Size the tiles of contraction bands for this register tile, which
    /// `affine-register-tile` builds next ([`crate::contraction_tiles`],
    /// `register-tile`); `None`: every band by the reuse rule of [`crate::tile_model`].
    pub register_tile: Option<crate::contraction_tiles::RegisterTile>,
    /// Compare each SCoP's new code with its program order by the cost model of
    /// [`crate::order_cost`] and keep program order unless the schedule is predicted to
    /// win (`order-cost`, off by default: measured, it keeps program order where the
    /// schedule is several times faster, doitgen and heat-3d at LARGE).
    pub order_cost: bool,
    /// Bytes of one SIMD register and threads of a parallel loop, for the cost model.
    pub vector_bytes: u64,
    /// Threads a parallel loop runs on, for the cost model.
    pub threads: u64,
}

/// Default of [`ScheduleOptions::min_parallel_work`]: a region of fewer instances costs
/// about as much to fork and join as it runs (lu, jacobi-1d, jacobi-2d and heat-3d at the
/// examples' sizes ran 1.25-18x slower than in program order, on 1 and 2 threads).
pub const DEFAULT_MIN_PARALLEL_WORK: u64 = 32768;

impl ScheduleOptions {
    /// The last-level cache as time tiling models it: `cache.l3` shaped `llc`.
    fn llc(&self) -> time_tile::Llc {
        time_tile::Llc {
            bytes: self.cache.l3,
            shape: self.llc,
        }
    }

    /// The machine as the cost model of [`crate::order_cost`] sees it.
    fn cost_machine(&self) -> crate::order_cost::CostMachine {
        crate::order_cost::CostMachine {
            cache: self.cache,
            vector_bytes: self.vector_bytes,
            threads: self.threads,
        }
    }
}

impl Default for ScheduleOptions {
    fn default() -> Self {
        ScheduleOptions {
            fuse: Fuse::Smart,
            tile: true,
            tile_sizes: vec![32],
            l2_tile_sizes: Vec::new(),
            tile_levels: 1,
            cache: crate::tile_model::CacheSizes::default(),
            llc: LlcShape::default(),
            model_log: Default::default(),
            parallel: true,
            alias: AliasAssumption::DistinctMemrefs,
            time_limit: std::time::Duration::from_secs(60),
            max_operations: crate::isl::DEFAULT_MAX_OPERATIONS,
            unit_stride_innermost: false,
            register_tile: None,
            parallel_reductions: false,
            min_parallel_work: DEFAULT_MIN_PARALLEL_WORK,
            time_tile: TimeTile::Auto,
            split_borders: true,
            order_cost: false,
            vector_bytes: lattice_ir::target::Machine::default().vector_bytes,
            threads: lattice_ir::target::Machine::default().cores,
        }
    }
}

/// What [`poly_schedule`] did.
#[derive(Debug, Default)]
pub struct ScheduleReport {
    /// SCoPs rescheduled.
    pub scheduled: usize,
    /// Why SCoPs were left alone.
    pub remarks: Vec<Diagnostic>,
    /// What the tile-size model chose (remarks printed with `remarks=true`).
    pub notes: Vec<Diagnostic>,
    /// Errors that fail the pass: isl's scheduler ran past its wall-clock safety net
    /// ([`IslError::TimedOut`]).
    pub errors: Vec<Diagnostic>,
}

/// The dependences the scheduler is given (see [`compute_schedule_private`]), between
/// nearest accesses: value-based flow (each read from the last (must) write before it,
/// or any may write since) and output and anti dependences (each write after the
/// previous write and the reads since). Not coalesced: one piece per access pair keeps
/// every piece a translation with few facets; coalescing a stencil's pieces gives one
/// polytope with many facets, and isl's Farkas step then runs for minutes (heat_3d).
pub struct NearestDependences {
    /// Flow dependences of the arrays other than the private cells.
    pub flow: UnionMap,
    /// Output and anti dependences of the arrays other than the private cells.
    pub order: UnionMap,
    /// The private scalar cells' flow and order dependences, if any are private.
    pub cells: Option<(UnionMap, UnionMap)>,
    /// The exact transitive closure of the cells' flow dependences (`None` where there
    /// are no private cells or isl can only approximate it).
    pub cells_closure: Option<UnionMap>,
    /// The dependences between distinct arrays that may alias ([`alias_dependences`]):
    /// empty unless function arguments may alias.
    pub alias: UnionMap,
    /// The pairs of accumulation instances of one live range that may run in any order
    /// ([`Accumulations::pairs`]), when the scheduler is relaxed for them (there are
    /// some, and `cells_closure` is exact): reduction-aware scheduling.
    pub commuting: Option<UnionMap>,
}

impl NearestDependences {
    /// The nearest dependences of `scop`, with the arrays `private` kept apart, and the
    /// dependences through aliasing (`alias`, see [`alias_dependences`]); the
    /// accumulations `free` into the cells may be reordered among themselves.
    pub fn new(
        isl: &IslCtx,
        ir: &Ir,
        scop: &Scop,
        private: &[usize],
        free: &Accumulations,
        alias: AliasAssumption,
    ) -> Result<Self, IslError> {
        let (flow, order) = flow_and_order(isl, scop, |a| !private.contains(&a))?;
        let cells = if private.is_empty() {
            None
        } else {
            Some(flow_and_order(isl, scop, |a| private.contains(&a))?)
        };
        let cells_closure = match &cells {
            Some((cells_flow, _)) => isl.exact_transitive_closure(cells_flow)?,
            None => None,
        };
        // Pairs of one live range only: accumulations of different ones are ordered by
        // the inits and reads between them.
        let commuting = match &cells_closure {
            Some(c) if !free.is_empty() => {
                let both = isl.check(c.copy())?;
                let both = isl.check(both.union(isl.check(isl.check(c.copy())?.reverse())?))?;
                Some(isl.check(free.pairs(isl, scop, None)?.intersect(both))?)
            }
            _ => None,
        };
        Ok(NearestDependences {
            flow,
            order,
            cells,
            cells_closure,
            alias: alias_dependences(isl, ir, scop, alias)?,
            commuting,
        })
    }

    /// Whether the private cells' flow dependences order every pair of distinct
    /// instances of `scop` (a sequential reduction: an accumulator threaded through the
    /// whole nest). Those dependences are validity constraints of every schedule
    /// [`poly_schedule`] may apply (with or without live-range reordering), so program
    /// order is then the only legal order: a new schedule could only rebuild it (isl
    /// tends to return it as one linearized loop with divisions, worse code).
    pub fn program_order_forced(&self, isl: &IslCtx, scop: &Scop) -> Result<bool, IslError> {
        let Some(closure) = &self.cells_closure else {
            return Ok(false);
        };
        let all_ordered = |domain: UnionSet| -> Result<bool, IslError> {
            let pairs = isl.check(UnionMap::from_domain_and_range(
                isl.check(domain.copy())?,
                isl.check(domain.copy())?,
            ))?;
            let unordered = isl.check(pairs.subtract(isl.check(domain.identity())?))?;
            let unordered = isl.check(unordered.subtract(isl.check(closure.copy())?))?;
            let unordered =
                isl.check(unordered.subtract(isl.check(isl.check(closure.copy())?.reverse())?))?;
            isl.check(unordered.is_empty())
        };
        // Each statement's own instances first: cheap, and where the order is not
        // forced (cells private to an outer iteration) one of these already fails.
        for st in &scop.statements {
            if !all_ordered(isl.check(UnionSet::from_set(isl.check(st.domain.copy())?))?)? {
                return Ok(false);
            }
        }
        all_ordered(isl.union_set(&domain_text(isl, scop)?)?)
    }

    /// Flow, output and anti dependences of the arrays other than the private cells,
    /// and those through aliasing.
    pub fn all(&self, isl: &IslCtx) -> Result<UnionMap, IslError> {
        let all = isl.check(
            isl.check(self.flow.copy())?
                .union(isl.check(self.order.copy())?),
        )?;
        isl.check(all.union(isl.check(self.alias.copy())?))
    }

    /// Whether `schedule` (a union map) runs the source of some dependence of
    /// [`Self::all`] at the same time as or after its destination. Every memory-based
    /// dependence of those arrays follows from these by transitivity, so `false` means
    /// the schedule respects all of them.
    pub fn violated_by(&self, isl: &IslCtx, schedule: &UnionMap) -> Result<bool, IslError> {
        let later_or_same = isl.check(
            isl.check(schedule.copy())?
                .lex_ge_union_map(isl.check(schedule.copy())?),
        )?;
        let bad = isl.check(self.all(isl)?.intersect(later_or_same))?;
        Ok(!isl.check(bad.is_empty())?)
    }
}

/// The dependences that aliasing adds under `alias`: for every two statements with
/// accesses to distinct arrays that may alias ([`Scop::may_alias`]: function arguments
/// under [`AliasAssumption::ArgumentsMayAlias`]), one of them a write, every pair of
/// their instances in program order (nothing is known of the arrays' relative offset,
/// as in [`crate::deps::analyze`]). Empty under [`AliasAssumption::DistinctMemrefs`].
/// Validity and coincidence constraints of the scheduler: without them, a loop whose
/// iterations write one argument and read another would be marked parallel.
pub fn alias_dependences(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    alias: AliasAssumption,
) -> Result<UnionMap, IslError> {
    let mut deps = isl.union_map(&format!("{}{{ }}", scop.param_prefix()))?;
    if alias != AliasAssumption::ArgumentsMayAlias {
        return Ok(deps);
    }
    let statements = &scop.statements;
    for a in statements {
        for b in statements {
            let conflict = a.accesses.iter().any(|x| {
                b.accesses.iter().any(|y| {
                    x.array != y.array
                        && (x.kind != AccessKind::Read || y.kind != AccessKind::Read)
                        && scop.may_alias(ir, x.array, y.array)
                })
            });
            if !conflict {
                continue;
            }
            let pairs = isl.check(isl_rs::Map::from_domain_and_range(
                isl.check(a.domain.copy())?,
                isl.check(b.domain.copy())?,
            ))?;
            deps = isl.check(deps.union(isl.check(UnionMap::from_map(pairs))?))?;
        }
    }
    if isl.check(deps.is_empty())? {
        return Ok(deps);
    }
    let order = isl.check(isl.check(scop.schedule.copy())?.get_map())?;
    let before = isl.check(isl.check(order.copy())?.lex_lt_union_map(order))?;
    isl.check(deps.intersect(before))
}

/// Flow, output and anti dependences between nearest accesses (see [`compute_schedule_private`]).
pub fn nearest_dependences(isl: &IslCtx, scop: &Scop) -> Result<UnionMap, IslError> {
    let (flow, order) = flow_and_order(isl, scop, |_| true)?;
    isl.check(flow.union(order))
}

/// The nearest flow dependences and the nearest output and anti dependences (a write
/// after the previous write and the reads since) of the arrays `keep` selects.
pub fn flow_and_order(
    isl: &IslCtx,
    scop: &Scop,
    keep: impl Fn(usize) -> bool,
) -> Result<(UnionMap, UnionMap), IslError> {
    let empty = format!("{}{{ }}", scop.param_prefix());
    let mut reads = isl.union_map(&empty)?;
    // The reads as flow sinks: without what their own instance wrote before them.
    let mut sinks = isl.union_map(&empty)?;
    let mut must = isl.union_map(&empty)?;
    let mut may = isl.union_map(&empty)?;
    for (s, st) in scop.statements.iter().enumerate() {
        for (k, a) in st.accesses.iter().enumerate() {
            if !keep(a.array) {
                continue;
            }
            let on_domain = |m: isl_rs::Map| -> Result<UnionMap, IslError> {
                let m = isl.check(m.intersect_domain(isl.check(st.domain.copy())?))?;
                isl.check(UnionMap::from_map(m))
            };
            let r = on_domain(isl.check(a.relation.copy())?)?;
            match a.kind {
                AccessKind::Read => {
                    reads = isl.check(reads.union(r))?;
                    let e = on_domain(scop.exposed_read(isl, s, k)?)?;
                    sinks = isl.check(sinks.union(e))?;
                }
                AccessKind::Write if a.exact => must = isl.check(must.union(r))?,
                _ => may = isl.check(may.union(r))?,
            }
        }
    }
    let writes = isl.check(isl.check(must.copy())?.union(isl.check(may.copy())?))?;
    let order = || isl.check(scop.schedule.copy());
    // flow: reads from the last (must) write, or any may write since.
    let info = isl.check(UnionAccessInfo::from_sink(sinks))?;
    let info = isl.check(info.set_must_source(isl.check(must.copy())?))?;
    let info = isl.check(info.set_may_source(isl.check(may.copy())?))?;
    let info = isl.check(info.set_schedule(order()?))?;
    let f = isl.check(info.compute_flow())?;
    let flow = isl.check(f.get_may_dependence())?;
    // output and anti: a write depends on the previous write and the reads since.
    let info = isl.check(UnionAccessInfo::from_sink(isl.check(writes.copy())?))?;
    let info = isl.check(info.set_must_source(isl.check(must.copy())?))?;
    let sources = isl.check(isl.check(may.copy())?.union(isl.check(reads.copy())?))?;
    let info = isl.check(info.set_may_source(sources))?;
    let info = isl.check(info.set_schedule(order()?))?;
    let f = isl.check(info.compute_flow())?;
    // Not coalesced: merging a stencil's pieces gives one polytope with many facets,
    // which makes the scheduler's Farkas step explode.
    Ok((flow, isl.check(f.get_may_dependence())?))
}

/// isl operations [`transitive_reduction`]'s subset tests may spend against the
/// composition as isl computed it before it is coalesced. Work, not time (it was 50 ms
/// of the wall clock, which made the result depend on the machine's speed and load):
/// the examples as written spend at most ~200,000 (floyd_warshall; seidel_2d 148,000,
/// 42 ms here), so they never reach it, while one test on twice-tiled seidel_2d does.
pub const COALESCE_AFTER_OPERATIONS: u64 = 250_000;

/// isl operations coalescing the composition in [`transitive_reduction`] may spend
/// before the remaining pieces are kept untested. Coalescing is quadratic in the number
/// of pieces and most of its work is not simplex pivots, so it was the one unbounded
/// step of the reduction (it ran under the SCoP's whole operation limit): generated
/// nests of 2-3 statements whose compositions have 2,000-3,300 pieces spent 7-20 s of
/// CPU on it (fuzz cases of issue 25), while twice-tiled seidel_2d's composition needs
/// ~200,000 operations.
pub const COALESCE_MAX_OPERATIONS: u64 = 1_000_000;

/// The share of the scheduler's operation limit (`max-operations`) that
/// [`transitive_reduction`]'s subset tests may spend in all (it was a quarter of the
/// scheduler's time limit).
pub const REDUCTION_SHARE: u64 = 4;

/// The share of the scheduler's operation limit (`max-operations`) that the dependence
/// analysis of one SCoP ([`NearestDependences::new`]) may spend: 1,000,000 operations by
/// default, 7 times what the most demanding suite kernel needs (adi at LARGE, ~133,000;
/// every other kernel of bench/suite and examples/ under 125,000), while a generated
/// nest of three writes with skewed accesses to one array needed 4,000,000 (5 s of CPU).
/// Past it the SCoP keeps its order, with a remark.
pub const DEPENDENCE_SHARE: u64 = 20;

/// [`NearestDependences::new`] within [`DEPENDENCE_SHARE`] of `options.max_operations`;
/// past it, the SCoP is declined (kept as it is), saying why.
fn nearest_within_budget(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    cells: &[usize],
    free: &Accumulations,
    options: &ScheduleOptions,
) -> Result<NearestDependences, TransformError> {
    let budget = match options.max_operations {
        0 => 0,
        m => (m / DEPENDENCE_SHARE).max(1),
    };
    isl.with_operation_budget(budget, || {
        NearestDependences::new(isl, ir, scop, cells, free, options.alias)
    })
    .map_err(|e| match e {
        IslError::Quota { limit } => TransformError::Unsupported(format!(
            "its dependence analysis needs more than {limit} isl operations (a twentieth of max-operations)"
        )),
        e => TransformError::Isl(e),
    })
}

/// Drops from `deps` every piece (basic map) whose instance pairs are all implied
/// transitively by two dependences of `deps` (`deps ∘ deps`): a schedule that respects
/// the rest respects them too (every such pair is linked through an instance executed
/// strictly between, so induction on that distance covers chains of dropped pieces), and
/// members coincident on the rest are coincident on them. Fewer pieces, smaller ILPs.
///
/// Once the subset tests have spent [`COALESCE_AFTER_OPERATIONS`] isl operations, the
/// composition is coalesced (only the tests read it, so the dependences handed to the
/// scheduler stay uncoalesced): on tiled input its pieces multiply and each test against
/// them costs ~0.2 s (seidel-2d tiled twice: 741 pieces, 18 coalesced; 7.7 s → 1.4 s),
/// while on the examples as written the tests are cheap and coalescing costs more than
/// it saves (seidel-2d: 13 → 130 ms). Coalescing itself may spend at most
/// [`COALESCE_MAX_OPERATIONS`] (and no more than what is left of `budget`). Dropping is
/// optional, so once coalescing or the tests have spent their operations (`budget` for
/// the tests in all; 0: no limit) the remaining pieces are kept as they are.
/// Both limits count work, so the result is the same on every machine. Returns the
/// dependences kept and, where coalescing gave up, a note saying so (a remark).
fn transitive_reduction(
    isl: &IslCtx,
    deps: UnionMap,
    budget: u64,
) -> Result<(UnionMap, Option<String>), IslError> {
    let composed = isl.check(isl.check(deps.copy())?.apply_range(isl.check(deps.copy())?))?;
    // Divisions computed once, not in every subset test below (quadratic there).
    let composed = isl.divs_known(&composed)?;
    if isl.check(composed.is_empty())? {
        return Ok((deps, None));
    }
    let mut pieces = Vec::new();
    let maps = isl.check(deps.get_map_list())?;
    for k in 0..isl.check(maps.size())? {
        let list = isl.check(isl.check(maps.get_at(k))?.get_basic_map_list())?;
        for q in 0..isl.check(list.size())? {
            pieces.push(isl.check(UnionMap::from_basic_map(isl.check(list.get_at(q))?))?);
        }
    }
    let first = match budget {
        0 => COALESCE_AFTER_OPERATIONS,
        b => COALESCE_AFTER_OPERATIONS.min(b),
    };
    let mut implied = vec![false; pieces.len()];
    let mut note = None;
    let next = implied_pieces(isl, &pieces, &composed, 0, first, &mut implied)?;
    if next < pieces.len() && (budget == 0 || budget > first) {
        let rest = budget.saturating_sub(first);
        let cap = match rest {
            0 => COALESCE_MAX_OPERATIONS,
            r => COALESCE_MAX_OPERATIONS.min(r),
        };
        match isl.with_operation_budget(cap, || isl.check(composed.coalesce())) {
            Ok(coalesced) => {
                implied_pieces(isl, &pieces, &coalesced, next, rest, &mut implied)?;
            }
            // Too large to coalesce: the pieces left untested are kept.
            Err(IslError::Quota { .. }) => {
                note = Some(format!(
                    "dependence reduction: the composition of the dependences is too large to coalesce within {cap} isl operations; {} of {} dependence pieces kept without testing whether others imply them",
                    pieces.len() - next,
                    pieces.len()
                ));
            }
            Err(e) => return Err(e),
        }
    }
    let mut kept = isl.check(UnionMap::empty(isl.check(deps.get_space())?))?;
    for (piece, implied) in pieces.into_iter().zip(implied) {
        if !implied {
            kept = isl.check(kept.union(piece))?;
        }
    }
    Ok((kept, note))
}

/// Tests `pieces[from..]` in order for being a subset of `composed` (recorded in
/// `implied`), within `budget` isl operations (0: no limit); returns the index of the
/// first piece left untested (the length when all were tested).
fn implied_pieces(
    isl: &IslCtx,
    pieces: &[UnionMap],
    composed: &UnionMap,
    from: usize,
    budget: u64,
    implied: &mut [bool],
) -> Result<usize, IslError> {
    isl.with_operation_budget(budget, || {
        for (k, piece) in pieces.iter().enumerate().skip(from) {
            match isl.check(piece.is_subset(composed)) {
                Ok(b) => implied[k] = b,
                Err(IslError::Quota { .. }) => return Ok(k),
                Err(e) => return Err(e),
            }
        }
        Ok(pieces.len())
    })
}

/// Computes the schedule of one SCoP, where the scalar cells kept apart in `nearest` (see
/// [`crate::transform::scalars`]) have live-range reordering constraints instead of
/// plain ones (ppcg's choice): their flow dependences are validity constraints and the
/// *condition* of isl's conditional validity, their output and anti dependences the
/// conditional validity constraints, respected only where a live range is not local to
/// a band (so different live ranges may run in any order, in parallel too, as long as
/// each one stays within one iteration of the band).
pub fn compute_schedule_private(
    isl: &IslCtx,
    scop: &Scop,
    nearest: &NearestDependences,
    options: &ScheduleOptions,
    reductions: Option<&ReductionCandidates>,
    clock: &ScopClock,
    timer: &mut PhaseTimer,
) -> Result<Schedule, IslError> {
    let ctx = isl.raw();
    let set = |r: Result<isl_rs::Stat, isl_rs::LibISLError>| isl.check(r).map(|_| ());
    set(Options::set_tile_scale_tile_loops(ctx, 0))?;
    set(Options::set_tile_shift_point_loops(ctx, 0))?;
    // Validity and coincidence: the nearest dependences (ppcg's choice), without the
    // pieces implied by two others; every memory-based dependence is implied by these
    // transitively. Proximity: the flow dependences (Pluto's choice: reuse of produced
    // values), not coalesced.
    let mut all = nearest.all(isl)?;
    let mut proximity = isl.check(nearest.flow.copy())?;
    let (mut condition, mut conditional) = (None, None);
    if let Some((cells_flow, cells_order)) = &nearest.cells {
        let mut cells_flow = isl.check(cells_flow.copy())?;
        let mut cells_order = isl.check(cells_order.copy())?;
        let mut closure = match &nearest.cells_closure {
            Some(c) => Some(isl.check(c.copy())?),
            None => None,
        };
        if let (Some(commuting), Some(c)) = (&nearest.commuting, closure.take()) {
            // Reduction-aware: no constraint between two accumulations of one kind into
            // one cell. Each live range's other instances still order all of its
            // accumulations (its init before every one, every one before its reads):
            // the closure of the live ranges without the commuting pairs stands for the
            // live ranges, as validity and as the condition of the live-range
            // reordering (a live range spread over several iterations of a band is not
            // local to it, even where its first and last pairs are).
            let drop = |m: UnionMap| isl.check(m.subtract(isl.check(commuting.copy())?));
            cells_flow = drop(c)?;
            cells_order = drop(cells_order)?;
            closure = Some(isl.check(cells_flow.copy())?);
        }
        all = isl.check(all.union(isl.check(cells_flow.copy())?))?;
        proximity = isl.check(proximity.union(isl.check(cells_flow.copy())?))?;
        // Live-range reordering only pays where it frees something: when every output
        // and anti dependence of the cells already follows from a chain of their flow
        // dependences (an accumulator threaded through the whole nest), the flow
        // validity implies them, and isl's conditional-validity rounds only cost time.
        let implied = match &closure {
            Some(closure) => isl.check(cells_order.is_subset(closure))?,
            None => false,
        };
        if !implied {
            condition = Some(cells_flow.text());
            conditional = Some(cells_order.text());
        }
    }
    // A share of the scheduler's own operation limit: the reduction only saves it work
    // (and drops only implied constraints: the schedules allowed are the same either way).
    let budget = match options.max_operations {
        0 => 0,
        m => (m / REDUCTION_SHARE).max(1),
    };
    let (validity, note) = transitive_reduction(isl, all, budget)?;
    if let (Some(note), Ok(mut l)) = (note, options.model_log.lock()) {
        l.push(note);
    }
    timer.lap("transitive reduction");
    let problem = Problem {
        domain: domain_text(isl, scop)?,
        context: scop.context.text(),
        validity: validity.text(),
        proximity: proximity.text(),
        fuse: options.fuse,
        coincidence: options.parallel || options.fuse != Fuse::Max,
        max_operations: options.max_operations,
        condition,
        conditional,
    };
    let text = run_scheduler(problem.clone(), clock)?;
    timer.lap("isl scheduler");
    let mut schedule = isl.schedule(&text)?;
    // The schedule without coincidence maximization, once computed: the unskewed
    // alternative below and the time-tiling candidate are the same problem (on adi it
    // took 40% of the pass's time to solve it twice).
    let mut uncoincident: Option<String> = None;
    // Parallelism bought by skewing (a time dimension `i + j` over two loops of one
    // statement) costs more than it gives on a CPU: the skewed loop nest runs one short
    // parallel region per wavefront (floyd-warshall: 32K regions of at most 128
    // iterations, 18x slower than program order) and its inner loop is no longer a
    // unit-stride row. When the schedule without coincidence maximization needs no skew,
    // prefer it; its coincident members are still marked parallel.
    if problem.coincidence {
        let map = isl.check(schedule.get_map())?;
        if let Some(skew) = skewed_dimension(isl, scop, &map)? {
            let plain = Problem {
                coincidence: false,
                ..problem.clone()
            };
            let text = run_scheduler(plain, clock)?;
            timer.lap("isl scheduler (no coincidence)");
            let alternative = isl.schedule(&text)?;
            uncoincident = Some(text);
            let alt_map = isl.check(alternative.get_map())?;
            if skewed_dimension(isl, scop, &alt_map)?.is_none() {
                if let Ok(mut l) = options.model_log.lock() {
                    l.push(format!(
                        "kept an unskewed schedule: maximizing outer parallelism skews {skew}; a parallel loop obtained by skewing runs one short parallel region per wavefront and loses unit-stride inner loops, so the schedule computed without coincidence maximization is used (its parallel loops are still marked)"
                    ));
                }
                schedule = alternative;
            }
        }
    }
    let accesses = stride_accesses(isl, scop)?;
    // Time tiling: a skewed candidate against the (unskewed) default, by cost.
    let mut time_tiled = None;
    if problem.coincidence
        && options.time_tile != TimeTile::Never
        && outer_member_sequential(isl, &schedule)?
        && skewed_dimension(isl, scop, &isl.check(schedule.get_map())?)?.is_none()
        && (options.time_tile == TimeTile::Always
            || time_tile::large_enough(isl, scop, &accesses, options.llc(), &options.model_log)?)
    {
        let plain = Problem {
            coincidence: false,
            ..problem.clone()
        };
        // A candidate the scheduler cannot find (within its operation limit) leaves the
        // default alone; the wall-clock safety net is an error, never a silent choice.
        let candidate = match uncoincident.take() {
            Some(text) => Some(text),
            None => match run_scheduler(plain, clock) {
                Err(e @ IslError::TimedOut { .. }) => return Err(e),
                r => r.ok(),
            },
        };
        if let Some(text) = candidate {
            timer.lap("isl scheduler (time-tiling candidate)");
            let candidate = isl.schedule(&text)?;
            let decision = time_tile::decide(
                isl,
                scop,
                candidate,
                &validity,
                &accesses,
                options.cache,
                options.llc(),
                options.time_tile,
                options.parallel,
            )?;
            let note = match decision {
                time_tile::Decision::NoCandidate => None,
                time_tile::Decision::Keep(why) => Some(why),
                time_tile::Decision::TimeTile {
                    schedule: chosen,
                    sizes,
                    why,
                } => {
                    schedule = chosen;
                    let mut o = options.clone();
                    o.tile_levels = 1;
                    if o.tile_sizes.is_empty() {
                        o.tile_sizes = sizes;
                    }
                    time_tiled = Some(o);
                    Some(why)
                }
            };
            if let (Some(note), Ok(mut l)) = (note, options.model_log.lock()) {
                l.push(note);
            }
        }
    }
    let options = time_tiled.as_ref().unwrap_or(options);
    let root = isl.check(schedule.get_root())?;
    let mut root = post_process(
        isl,
        root,
        options,
        &accesses,
        &validity,
        &scop.names,
        reductions,
        false,
        0,
    )?;
    if time_tiled.is_some() {
        root = time_tile::separate_innermost(isl, root)?;
    }
    let schedule = isl.check(root.get_schedule());
    timer.lap("tiling + marks");
    schedule
}

/// Whether the outermost member of `schedule` is a sequential loop (not coincident):
/// time steps, the loop time tiling would tile.
fn outer_member_sequential(isl: &IslCtx, schedule: &Schedule) -> Result<bool, IslError> {
    let root = isl.check(schedule.get_root())?;
    if isl.check(root.n_children())? != 1 {
        return Ok(false);
    }
    let band = isl.check(root.child(0))?;
    if isl.check(band.get_type())? != ScheduleNodeType::Band {
        return Ok(false);
    }
    Ok(!isl.check(band.band_member_get_coincident(0))?)
}

/// The first dimension of `schedule` (statement instances -> time) that combines two
/// loops of one statement (a skew such as `i + j`), described as `the statement of <op> (S0): time
/// dimension d follows <loop> and <loop> (i0 and i1)` in source names; `None` when every time dimension follows at most one loop
/// of each statement (a permutation, shifted or scaled). Found by moving one loop of a
/// statement at a time, the others fixed, and seeing which time dimensions move.
fn skewed_dimension(
    isl: &IslCtx,
    scop: &Scop,
    schedule: &UnionMap,
) -> Result<Option<String>, IslError> {
    for (s, st) in scop.statements.iter().enumerate() {
        let n = isl.check(st.domain.dim(isl_rs::DimType::Set))?.max(0) as usize;
        if n < 2 {
            continue;
        }
        let name = &st.name;
        // Per time dimension: the loops that move it.
        let mut movers: Vec<Vec<usize>> = Vec::new();
        for a in 0..n {
            let Some(deltas) =
                time_tile::step_deltas(isl, scop, st, schedule, a, time_tile::Step::Any)?
            else {
                continue;
            };
            let m = isl.check(deltas.dim(isl_rs::DimType::Set))?.max(0) as usize;
            movers.resize(movers.len().max(m), Vec::new());
            for (d, loops) in movers.iter_mut().enumerate().take(m) {
                if crate::isl::dim_range(isl, &deltas, d)? != (Some(0), Some(0)) {
                    loops.push(a);
                }
            }
        }
        if let Some((d, loops)) = movers.iter().enumerate().find(|(_, l)| l.len() >= 2) {
            let names: Vec<&str> = loops
                .iter()
                .map(|&a| scop.names.dims[s][a].as_str())
                .collect();
            let ids: Vec<String> = loops.iter().map(|a| format!("i{a}")).collect();
            return Ok(Some(format!(
                "{}: time dimension {d} follows {} ({})",
                scop.names.statements_text(&[name]),
                names.join(" and "),
                ids.join(" and ")
            )));
        }
    }
    Ok(None)
}

/// Wall time per phase of [`poly_schedule`], handed to the pass manager's timing
/// (`lattice opt --mlir-timing` shows each phase under `PolySchedule`).
#[derive(Debug)]
pub struct PhaseTimer {
    last: std::time::Instant,
}

impl PhaseTimer {
    /// A timer whose first lap starts now.
    pub fn start() -> PhaseTimer {
        PhaseTimer {
            last: std::time::Instant::now(),
        }
    }

    /// Records the time since the previous lap under `phase`.
    pub fn lap(&mut self, phase: &str) {
        let now = std::time::Instant::now();
        lattice_ir::pass::record_phase_time(phase, now - self.last);
        self.last = now;
    }
}

/// One scheduling problem as isl texts (so it can run on its own isl context).
#[derive(Clone)]
struct Problem {
    domain: String,
    context: String,
    validity: String,
    proximity: String,
    fuse: Fuse,
    /// Maximize outer coincidence (parallelism), see [`solve`].
    coincidence: bool,
    max_operations: u64,
    /// Live ranges of scalar cells and their order dependences (conditional validity).
    condition: Option<String>,
    conditional: Option<String>,
}

/// The raw `isl_ctx` pointer of a running [`solve`], published so that [`run_scheduler`]
/// can abort it from another thread; `None` before the context exists and once it is
/// about to be freed (the mutex orders the abort before the free).
type AbortHandle = std::sync::Arc<std::sync::Mutex<Option<usize>>>;

/// Unpublishes the context of [`solve`] when dropped (declared after the context, so
/// dropped before it is freed).
struct Unpublish<'a>(&'a AbortHandle);

impl Drop for Unpublish<'_> {
    fn drop(&mut self) {
        if let Ok(mut h) = self.0.lock() {
            *h = None;
        }
    }
}

fn solve(p: &Problem, handle: &AbortHandle) -> Result<String, IslError> {
    let isl = IslCtx::new(crate::isl::IslOptions {
        max_operations: p.max_operations,
    });
    if let Ok(mut h) = handle.lock() {
        *h = Some(isl.raw().ptr);
    }
    let _unpublish = Unpublish(handle);
    let ctx = isl.raw();
    let set = |r: Result<isl_rs::Stat, isl_rs::LibISLError>| isl.check(r).map(|_| ());
    set(Options::set_schedule_serialize_sccs(
        ctx,
        (p.fuse == Fuse::None) as i32,
    ))?;
    set(Options::set_schedule_whole_component(
        ctx,
        (p.fuse == Fuse::Max) as i32,
    ))?;
    // Outer coincidence whether or not parallel marks follow (as in Pluto, `parallel`
    // only decides the marks): without it isl breaks ties between equally close loop
    // orders arbitrarily, and on lu it put the row loop innermost (stride 128, 6x slower
    // than lu's own order); the coincident members it prefers keep unit-stride rows
    // innermost and carry the dependences outside (jacobi-2d, seidel-2d, heat-3d 2-3x
    // faster sequentially, measured with `lattice run --threads 1`). Except with
    // `fuse=max parallel=false`: coincidence would split the fusions asked for (a
    // consumer fused one iteration late makes the loop carry a dependence).
    let coincidence = p.coincidence as i32;
    set(Options::set_schedule_outer_coincidence(ctx, coincidence))?;
    set(Options::set_schedule_maximize_coincidence(ctx, coincidence))?;
    set(Options::set_schedule_maximize_band_depth(ctx, 1))?;
    // Bounded coefficients keep the ILPs small (Pluto bounds them too).
    set(Options::set_schedule_max_coefficient(ctx, 4))?;
    set(Options::set_schedule_max_constant_term(ctx, 64))?;
    let validity = isl.union_map(&p.validity)?;
    let sc = isl.check(ScheduleConstraints::on_domain(isl.union_set(&p.domain)?))?;
    let sc = isl.check(sc.set_context(isl.set(&p.context)?))?;
    let sc = isl.check(sc.set_validity(isl.check(validity.copy())?))?;
    let sc = isl.check(sc.set_proximity(isl.union_map(&p.proximity)?))?;
    let sc = isl.check(sc.set_coincidence(validity))?;
    let sc = match (&p.condition, &p.conditional) {
        (Some(c), Some(v)) => {
            isl.check(sc.set_conditional_validity(isl.union_map(c)?, isl.union_map(v)?))?
        }
        _ => sc,
    };
    // The operation count starts here: the limit bounds the scheduler itself.
    isl.reset_operations();
    let schedule = isl.check(sc.compute_schedule())?;
    if schedule.ptr == 0 {
        return Err(isl.error("the scheduler found no schedule"));
    }
    Ok(schedule.text())
}

/// The wall-clock safety net of one SCoP (`time-limit`): its isl work on the pass's own
/// context runs under [`IslCtx::with_time_limit`] from the same start, and isl's
/// scheduler runs, each on its own thread and context, get what is left, so the runs
/// (default, without coincidence, time-tiling candidate) and the dependence analysis
/// before them cannot take several times the limit. isl's operation limits count the
/// work, but an operation's cost grows with its numbers (poly_random's program 281:
/// Gomory cuts with huge coefficients, 18 s of CPU under 2,000,000 operations; a
/// generated 3-access nest: 5 s of dependence analysis under 4,000,000), so only the
/// clock bounds the time.
#[derive(Debug)]
pub struct ScopClock {
    start: std::time::Instant,
    limit: std::time::Duration,
}

impl ScopClock {
    /// A clock of `limit` from now.
    pub fn start(limit: std::time::Duration) -> ScopClock {
        ScopClock {
            start: std::time::Instant::now(),
            limit,
        }
    }

    /// The time left (zero once the limit is spent).
    fn left(&self) -> std::time::Duration {
        self.limit.saturating_sub(self.start.elapsed())
    }

    fn timed_out(&self) -> IslError {
        IslError::TimedOut {
            seconds: self.limit.as_secs(),
        }
    }
}

/// Runs isl's scheduler on its own thread and isl context, giving up when `clock` runs
/// out (isl's operation limit does not cover every step of the scheduler: its
/// Farkas elimination can run for minutes on 4-deep stencils). On time-out the worker's
/// context is stopped ([`abort_context`]: its next isl allocation or simplex pivot
/// fails, so the scheduler returns an error soon) and the worker is waited for up to
/// [`ABORT_GRACE`]; no thread keeps burning CPU after we gave up.
fn run_scheduler(p: Problem, clock: &ScopClock) -> Result<String, IslError> {
    let limit = clock.left();
    if limit.is_zero() {
        return Err(clock.timed_out());
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let handle: AbortHandle = Default::default();
    let worker_handle = handle.clone();
    std::thread::Builder::new()
        .name("isl-scheduler".into())
        .spawn(move || {
            let _ = tx.send(solve(&p, &worker_handle));
        })
        .map_err(|e| IslError::Isl {
            message: format!("cannot start the scheduler thread: {e}"),
        })?;
    match rx.recv_timeout(limit) {
        Ok(r) => r,
        Err(_) => {
            abort_context(&handle);
            // The worker now fails at its next isl operation; wait for it briefly so a
            // caller that gives up many times does not accumulate running threads.
            let _ = rx.recv_timeout(ABORT_GRACE);
            Err(clock.timed_out())
        }
    }
}

/// How long [`run_scheduler`] waits for an aborted scheduler thread to stop.
const ABORT_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// Stops the isl context published in `handle`, if it still exists, by lowering its
/// operation limit to 1: isl counts an operation at every allocation and simplex pivot,
/// so its next one fails with "maximal number of operations exceeded" and the scheduler
/// unwinds with an error. (Not `isl_ctx_abort`: its error carries no message, and
/// isl-rs 0.3.1 then reads a null message pointer and crashes.) The lock is held across
/// the call, and the worker unpublishes the context under the same lock before freeing
/// it, so the pointer is live here. The limit is one machine word that isl reads
/// without synchronization, the same as its own `isl_ctx_abort` flag.
fn abort_context(handle: &AbortHandle) {
    if let Ok(h) = handle.lock() {
        if let Some(ptr) = *h {
            let ctx = isl_rs::Context {
                ptr,
                should_free_on_drop: false,
            };
            ctx.set_max_operations(1);
        }
    }
}

/// Tiles, marks and wavefronts the subtree at `node`; returns the node at the same
/// position. `names` names statements in remarks; `validity` holds the dependences every
/// schedule keeps (for moving point statements out of a loop, [`sink_point_statements`]).
#[allow(clippy::too_many_arguments)]
fn post_process(
    isl: &IslCtx,
    node: ScheduleNode,
    options: &ScheduleOptions,
    accesses: &[ModelAccess],
    validity: &UnionMap,
    names: &SourceNames,
    reductions: Option<&ReductionCandidates>,
    in_parallel: bool,
    point_levels: u32,
) -> Result<ScheduleNode, IslError> {
    let mut node = node;
    let point_band = point_levels > 0;
    let mut below = point_levels;
    let mut in_parallel = in_parallel;
    let mut depth_added = 0;
    let mut marked_here = false;
    if isl.check(node.get_type())? == ScheduleNodeType::Band {
        // Bands below this one that are point (or intermediate tile) bands.
        below = point_levels.saturating_sub(1);
        let n = isl.check(node.band_n_member())?;
        let permutable = isl.check(node.band_get_permutable())?;
        if !point_band && permutable && n >= 2 {
            node = vector_member_innermost(isl, node, accesses, names, options)?;
        }
        if options.tile && !point_band && permutable && n >= 2 {
            let (tiled, levels) = tile_band_levels(isl, node, options, accesses, names)?;
            node = tiled;
            below = levels;
        }
        let tiled_here = below > point_levels.saturating_sub(1);
        if options.unit_stride_innermost && point_levels == 1 && permutable && n >= 2 {
            node = unit_stride_innermost(isl, node, accesses)?;
        }
        if options.parallel && !in_parallel {
            let n = isl.check(node.band_n_member())?;
            let mut first = None;
            for k in 0..n {
                // A member with one value per outer value (a tile as large as the
                // trip count, or one fixed by outer loops) makes no loop: a mark
                // above it would make no loop parallel.
                // A coincident member that separates accumulations (left free to reorder
                // by the scheduler's constraints) reduces: not a plain parallel loop.
                if isl.check(node.band_member_get_coincident(k))?
                    && !single_valued(isl, &node, k)?
                    && !reductions.map_or(Ok(false), |r| r.carries_cells(isl, &node, k))?
                {
                    first = Some(k);
                    break;
                }
            }
            let mut mark = LoopMark::Parallel;
            if let (None, Some(r)) = (first, reductions) {
                // No parallel member: one parallel up to reductions comes before a
                // wavefront.
                first = r.member(isl, &node)?;
                if first.is_some() {
                    mark = LoopMark::ParallelReduction;
                }
            }
            // A wavefront starts one parallel region per wavefront (and per iteration of
            // any loop outside the band), and its skew takes the unit-stride row out of
            // the inner loop: it pays only where each region has enough work
            // (floyd-warshall's (i, j) band inside k: 128 x 131 regions of at most 32
            // iterations, slower than the band in order). Decided by the instances per
            // region ([`short_regions`]), for outermost bands too.
            let could_wavefront = first.is_none()
                && n >= 2
                && isl.check(node.band_get_permutable())?
                && !single_valued(isl, &node, 0)?
                && !single_valued(isl, &node, 1)?;
            if could_wavefront {
                let skewed = wavefront(isl, isl.check(node.copy())?)?;
                // The skewed band's member 1 must still make its own loop under the
                // new member 0 for the mark to reach it.
                if !single_valued(isl, &skewed, 1)? {
                    match short_regions(isl, &skewed, 1, options.min_parallel_work)? {
                        Some(r) => {
                            if let Ok(mut l) = options.model_log.lock() {
                                l.push(format!(
                                    "no wavefront for the permutable band of {}: {}; the band stays in order",
                                    r.statements_text(names), r.describe(options.min_parallel_work)
                                ));
                            }
                        }
                        None => {
                            node = skewed;
                            first = Some(1);
                        }
                    }
                }
            } else if let Some(k) = first {
                // A parallel loop inside a sequential one starts a parallel region per
                // outer iteration: with little work per region (lu's column scaling:
                // 128 regions of at most 127 divisions; jacobi-1d: 128 regions of 254
                // instances) the fork and join cost more than they save.
                if let Some(r) = short_regions(isl, &node, k, options.min_parallel_work)? {
                    let member = member_label(isl, &node, k, names);
                    if let Ok(mut l) = options.model_log.lock() {
                        l.push(format!(
                            "not parallel (short regions): coincident member {k}{member} of the band of {} lies inside a sequential loop: {}",
                            r.statements_text(names), r.describe(options.min_parallel_work)
                        ));
                    }
                    first = None;
                }
            }
            if let Some(k) = first {
                if k > 0 {
                    node = isl.check(node.band_split(k))?;
                    node = isl.check(node.child(0))?;
                    depth_added += 1;
                }
                node = isl.check(node.insert_mark(mark.id(isl)?))?;
                node = isl.check(node.child(0))?;
                depth_added += 1;
                // `regenerate` makes the marked member one loop (`one_loop`).
                in_parallel = true;
                marked_here = true;
            }
        }
        if !point_band && !tiled_here {
            node = separate_point_statements(isl, node, marked_here, validity, options, names)?;
        }
    }
    let nc = isl.check(node.n_children())?;
    for i in 0..nc {
        let child = isl.check(node.child(i))?;
        let child = post_process(
            isl,
            child,
            options,
            accesses,
            validity,
            names,
            reductions,
            in_parallel,
            below,
        )?;
        node = isl.check(child.parent())?;
    }
    for _ in 0..depth_added {
        node = isl.check(node.parent())?;
    }
    Ok(node)
}

/// Makes isl's AST generate member 0 of the band at `node` (the member a mark above
/// it marks) as one loop over its whole range (`atomic`): by default isl may split the
/// range where the statements it covers change, and a piece where the member takes a
/// single value has no loop, so that piece would have no parallel loop (once the mark
/// landed on the next member's loop there: p398 of poly_random, the parallel `i3`
/// started at 1 because only the second statement has `i3 = 0`, and that piece's first
/// loop was `i2`, which carries an output dependence; codegen now makes parallel only
/// the marked member's loops). Atomic emits each instance once, in that one loop; the member
/// still takes several values per outer value ([`single_valued`] was checked), so the
/// loop exists.
pub(crate) fn one_loop(isl: &IslCtx, node: ScheduleNode) -> Result<ScheduleNode, IslError> {
    isl.check(node.band_member_set_ast_loop_type(0, isl_rs::ASTLoopType::Atomic))
}

/// Whether member `k` of the band at `node` takes a single value for each value of the
/// schedule above it (the prefix schedule and members `0..k`) on the node's domain: isl's
/// AST then has no loop for it (a degenerate loop becomes an assignment), so a `parallel`
/// mark above it would make no loop parallel (it once landed on the next loop, which
/// need not be coincident). A member
/// constant on the whole domain (a tile as large as the trip count) is one case; one
/// fixed by outer loops is another (p178 of poly_random: the outer band `i0 + i1` over
/// the triangle `0 <= i1 <= i0 <= 1` fixes `i0`, the mark meant for the coincident `i0`
/// landed on `i2`, which carries an anti dependence). Sound to answer `true` too often
/// (the caller then marks nothing or a later member, whose own loop the mark reaches);
/// `false` is answered only when some outer value has two member values, and then isl
/// must emit a loop.
pub(crate) fn single_valued(isl: &IslCtx, node: &ScheduleNode, k: i32) -> Result<bool, IslError> {
    let domain = isl.check(node.get_domain())?;
    let mupa = isl.check(node.band_get_partial_schedule())?;
    let outer = outer_schedule(isl, node, k)?;
    let member = isl.check(UnionMap::from_union_pw_aff(isl.check(mupa.get_at(k))?))?;
    let member = isl.check(member.intersect_domain(domain))?;
    // outer values -> values of member k: single-valued when k adds no loop.
    let by_outer = isl.check(isl.check(outer.reverse())?.apply_range(member))?;
    isl.check(by_outer.is_single_valued())
}

/// The schedule outside member `k` of the band at `node` (the prefix schedule and
/// members `0..k`, flattened), on the node's domain: statement instance -> outer values.
fn outer_schedule(isl: &IslCtx, node: &ScheduleNode, k: i32) -> Result<UnionMap, IslError> {
    let domain = isl.check(node.get_domain())?;
    let mupa = isl.check(node.band_get_partial_schedule())?;
    let mut outer = isl.check(node.get_prefix_schedule_union_map())?;
    for j in 0..k {
        let member = isl.check(UnionMap::from_union_pw_aff(isl.check(mupa.get_at(j))?))?;
        outer = isl.check(outer.flat_range_product(member))?;
    }
    isl.check(outer.intersect_domain(domain))
}

/// Where one of the statements of the band at `node` runs at a single value of a member
/// (given the outer loops) and others run over a range, keeps that member one loop over
/// the range: the point statements move out of the loop, to a sequence after it (or
/// before it), where the dependences allow ([`sink_point_statements`]); otherwise the
/// member is generated as `separate` loops, and isl splits the loop around that value
/// instead of testing it in every iteration. (trisolv's initialization: the diagonal
/// statements fused into the row loop at `j = i` ran under an `affine.if` in the inner
/// loop, 3x slower than program order; split around `j = i` into two loops of variable
/// trip counts, 1.1-1.2x slower; after the row loop, as in program order, as fast.)
/// A member marked parallel (`marked`: member 0) stays one loop ([`one_loop`]).
fn separate_point_statements(
    isl: &IslCtx,
    node: ScheduleNode,
    marked: bool,
    validity: &UnionMap,
    options: &ScheduleOptions,
    names: &SourceNames,
) -> Result<ScheduleNode, IslError> {
    let mut node = node;
    let n = isl.check(node.band_n_member())?;
    let sets = isl.check(isl.check(node.get_domain())?.get_set_list())?;
    let count = isl.check(sets.size())?;
    if count < 2 {
        return Ok(node);
    }
    let mupa = isl.check(node.band_get_partial_schedule())?;
    for k in (marked as i32)..n {
        if single_valued(isl, &node, k)? {
            continue;
        }
        let outer = outer_schedule(isl, &node, k)?;
        let member = isl.check(UnionMap::from_union_pw_aff(isl.check(mupa.get_at(k))?))?;
        let mut points: Vec<Set> = Vec::new();
        let mut ranges: Vec<Set> = Vec::new();
        for i in 0..count {
            let set = isl.check(sets.get_at(i))?;
            let st = isl.check(UnionSet::from_set(isl.check(set.copy())?))?;
            let o = isl.check(
                isl.check(outer.copy())?
                    .intersect_domain(isl.check(st.copy())?),
            )?;
            let m = isl.check(isl.check(member.copy())?.intersect_domain(st))?;
            let by_outer = isl.check(isl.check(o.reverse())?.apply_range(m))?;
            if isl.check(by_outer.is_single_valued())? {
                points.push(set);
            } else {
                ranges.push(set);
            }
        }
        if points.is_empty() {
            continue;
        }
        if !ranges.is_empty() {
            let union = |sets: &[Set]| -> Result<UnionSet, IslError> {
                let mut u = isl.check(UnionSet::from_set(isl.check(sets[0].copy())?))?;
                for s in &sets[1..] {
                    u = isl.check(u.add_set(isl.check(s.copy())?))?;
                }
                Ok(u)
            };
            let (p, r) = (union(&points)?, union(&ranges)?);
            if let Some(after) = point_statements_order(isl, &outer, validity, &p, &r)? {
                let ids = |sets: &[Set]| -> Result<Vec<String>, IslError> {
                    let mut v = Vec::new();
                    for s in sets {
                        v.push(isl.check(s.get_tuple_name())?.to_string());
                    }
                    v.sort_by_key(|id| (id.len(), id.clone()));
                    Ok(v)
                };
                let (pi, ri) = (ids(&points)?, ids(&ranges)?);
                let pr: Vec<&str> = pi.iter().map(|s| s.as_str()).collect();
                let rr: Vec<&str> = ri.iter().map(|s| s.as_str()).collect();
                let member = member_label(isl, &node, k, names);
                if let Ok(mut l) = options.model_log.lock() {
                    l.push(format!(
                        "point statements moved {} the loop: member {k}{member} takes a single value for {}, a range for {}; no dependence runs {} at equal outer values, so the loop is not split around that value",
                        if after { "after" } else { "before" },
                        names.statements_text(&pr),
                        names.statements_text(&rr),
                        if after { "from the former to the latter" } else { "from the latter to the former" },
                    ));
                }
                // The range statements' loop is still `separate`: their own domains
                // may leave the point out (lu's initialization: the diagonal in the `if`,
                // the rest in the `else`), and isl then splits the loop there instead of
                // guarding the statements in it.
                node = isl
                    .check(node.band_member_set_ast_loop_type(k, isl_rs::ASTLoopType::Separate))?;
                return sink_point_statements(isl, node, k, p, r, after);
            }
        }
        node = isl.check(node.band_member_set_ast_loop_type(k, isl_rs::ASTLoopType::Separate))?;
    }
    Ok(node)
}

/// ` (%j)`: the source loops of member `k` of the band at `node`, for a remark; empty
/// where they cannot be found (names are for the remark only).
fn member_label(isl: &IslCtx, node: &ScheduleNode, k: i32, names: &SourceNames) -> String {
    crate::source_loops::member_names(isl, node, names)
        .unwrap_or_default()
        .into_iter()
        .nth(k as usize)
        .flatten()
        .map(|l| format!(" ({l})"))
        .unwrap_or_default()
}

/// Where the point statements `points` of member `k` can go relative to the loop of the
/// range statements `ranges` (`outer`: the schedule outside the member): `Some(true)`
/// after it when no dependence of `validity` runs from a point statement to a range
/// statement at the same outer values, `Some(false)` before it when none runs the other
/// way, `None` when dependences run both ways (the member's order between them is needed).
fn point_statements_order(
    isl: &IslCtx,
    outer: &UnionMap,
    validity: &UnionMap,
    points: &UnionSet,
    ranges: &UnionSet,
) -> Result<Option<bool>, IslError> {
    // Instance pairs with the same outer values.
    let back = isl.check(isl.check(outer.copy())?.reverse())?;
    let same = isl.check(isl.check(outer.copy())?.apply_range(back))?;
    let between = |from: &UnionSet, to: &UnionSet| -> Result<bool, IslError> {
        let d = isl.check(validity.copy())?;
        let d = isl.check(d.intersect_domain(isl.check(from.copy())?))?;
        let d = isl.check(d.intersect_range(isl.check(to.copy())?))?;
        let d = isl.check(d.intersect(isl.check(same.copy())?))?;
        Ok(!isl.check(d.is_empty())?)
    };
    if !between(points, ranges)? {
        Ok(Some(true))
    } else if !between(ranges, points)? {
        Ok(Some(false))
    } else {
        Ok(None)
    }
}

/// Splits the band at `node` before member `k` (when `k > 0`) and puts a sequence above
/// members `k..`: the range statements' copy of them, then the point statements' (the
/// other way round when `after` is false). Legal where [`point_statements_order`] said
/// so: the outer members are unchanged, instances at the same outer values are ordered by
/// the sequence between the two groups and by the same members as before within each.
/// Returns the node at the band's position.
fn sink_point_statements(
    isl: &IslCtx,
    node: ScheduleNode,
    k: i32,
    points: UnionSet,
    ranges: UnionSet,
    after: bool,
) -> Result<ScheduleNode, IslError> {
    let split = k > 0;
    let mut node = node;
    if split {
        node = isl.check(node.band_split(k))?;
        node = isl.check(node.child(0))?;
    }
    let (first, second) = if after {
        (ranges, points)
    } else {
        (points, ranges)
    };
    let list = isl.check(UnionSetList::from_union_set(first))?;
    let list = isl.check(list.add(second))?;
    let node = isl.check(node.insert_sequence(list))?;
    if split {
        isl.check(node.parent())
    } else {
        Ok(node)
    }
}

/// The isl names of the statements under `node` (`S0`, `S1`), in statement order.
fn domain_statements(isl: &IslCtx, node: &ScheduleNode) -> Result<Vec<String>, IslError> {
    let sets = isl.check(isl.check(node.get_domain())?.get_set_list())?;
    let mut names = Vec::new();
    for i in 0..isl.check(sets.size())? {
        names.push(
            isl.check(isl.check(sets.get_at(i))?.get_tuple_name())?
                .to_string(),
        );
    }
    // In statement order (`S2` before `S10`): isl names are `S` and the index.
    names.sort_by_key(|n| (n.trim_start_matches('S').parse::<usize>().ok(), n.clone()));
    Ok(names)
}

/// Parallel regions of a marked member that are too short to pay for their fork and
/// join ([`short_regions`]).
#[derive(Debug)]
struct ShortRegions {
    /// The statements under the band, isl names (`S0`, `S1`), in statement order.
    statements: Vec<String>,
    /// How many regions run: the values of the schedule outside the member.
    regions: i64,
    /// At most this many statement instances per region on average.
    per_region: i64,
}

impl ShortRegions {
    fn statements_text(&self, names: &SourceNames) -> String {
        let ids: Vec<&str> = self.statements.iter().map(|s| s.as_str()).collect();
        names.statements_text(&ids)
    }

    fn describe(&self, min: u64) -> String {
        format!(
            "{} parallel regions of at most {} instances each on average (min-parallel-work={min})",
            self.regions, self.per_region
        )
    }
}

/// Whether a parallel loop at member `k` of the band at `node` would run as many short
/// parallel regions: one region per value of the schedule outside it (the prefix schedule
/// and members `0..k`), each running on average fewer than `min` statement instances.
/// `None` (keep the mark) where there is no schedule outside the member (one region),
/// where a bound is not a constant (parameters), or where counting the regions would be
/// slow. The instances are bounded by each statement's bounding box (an upper bound:
/// `Some` only when even that is short); the regions are counted exactly.
fn short_regions(
    isl: &IslCtx,
    node: &ScheduleNode,
    k: i32,
    min: u64,
) -> Result<Option<ShortRegions>, IslError> {
    if min == 0 || isl.check(node.get_schedule_depth())? + k == 0 {
        return Ok(None);
    }
    let domain = isl.check(node.get_domain())?;
    let sets = isl.check(domain.get_set_list())?;
    let mut instances: i64 = 0;
    for i in 0..isl.check(sets.size())? {
        let set = isl.check(sets.get_at(i))?;
        let set = without_determined_dims(isl, set)?;
        let mut points: i64 = 1;
        for d in 0..isl.check(set.dim(isl_rs::DimType::Set))?.max(0) as usize {
            match crate::isl::dim_range(isl, &set, d)? {
                (Some(lo), Some(hi)) if hi >= lo => points = points.saturating_mul(hi - lo + 1),
                (Some(_), Some(_)) => points = 0,
                _ => return Ok(None),
            }
        }
        instances = instances.saturating_add(points);
    }
    let names = domain_statements(isl, node)?;
    let outer = outer_schedule(isl, node, k)?;
    let Ok(values) = Set::from_union_set(isl.check(outer.range())?) else {
        return Ok(None);
    };
    // isl scans every point but the last dimension's: bound that work.
    let dims = isl.check(values.dim(isl_rs::DimType::Set))?.max(0) as usize;
    let mut scanned: i64 = 1;
    for d in 0..dims.saturating_sub(1) {
        match crate::isl::dim_range(isl, &values, d)? {
            (Some(lo), Some(hi)) => scanned = scanned.saturating_mul((hi - lo + 1).max(1)),
            _ => return Ok(None),
        }
    }
    if scanned > 1 << 16 {
        return Ok(None);
    }
    let Some(regions) = crate::isl::val_to_i64(&isl.check(values.count_val())?) else {
        return Ok(None);
    };
    if regions <= 1 {
        return Ok(None);
    }
    let per_region = instances / regions;
    Ok((per_region < min as i64).then(|| ShortRegions {
        statements: names,
        regions,
        per_region,
    }))
}

/// `set` without the dimensions its other dimensions determine (an old tile loop
/// `32 * floor(k / 32)` of already-tiled code beside its point loop `k`), outermost
/// first: the same number of points, whose bounding box no longer multiplies by the
/// tile loop's range (lu after `affine-loop-tile`: 97 times too many instances per
/// region, so a short region looked long and was made parallel).
fn without_determined_dims(isl: &IslCtx, set: Set) -> Result<Set, IslError> {
    let mut set = set;
    let mut d = 0;
    while d < isl.check(set.dim(isl_rs::DimType::Set))?.max(0) as u32 {
        // The other dimensions -> dimension d.
        let by_rest = isl.check(isl_rs::Map::from_domain(isl.check(set.copy())?))?;
        let by_rest =
            isl.check(by_rest.move_dims(isl_rs::DimType::Out, 0, isl_rs::DimType::In, d, 1))?;
        if isl.check(by_rest.is_single_valued())? {
            set = isl.check(set.project_out(isl_rs::DimType::Set, d, 1))?;
        } else {
            d += 1;
        }
    }
    Ok(set)
}

/// Tiles the permutable band at `node` (one or two levels, sizes given or from the
/// model); returns the outermost tile band and how many point/intermediate bands follow.
fn tile_band_levels(
    isl: &IslCtx,
    node: ScheduleNode,
    options: &ScheduleOptions,
    accesses: &[ModelAccess],
    names: &SourceNames,
) -> Result<(ScheduleNode, u32), IslError> {
    let n = isl.check(node.band_n_member())?.max(0) as usize;
    let pad = |sizes: &[i64]| -> Vec<i64> {
        (0..n)
            .map(|k| sizes.get(k).or(sizes.last()).copied().unwrap_or(32).max(1))
            .collect()
    };
    // Members by their source loops (`%i`) in the model's remarks.
    // Names are for the remark only: where they cannot be found, members go by index.
    let members: Vec<String> = crate::source_loops::member_names(isl, &node, names)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(k, name)| name.unwrap_or_else(|| k.to_string()))
        .collect();
    let log = |c: &crate::tile_model::TileChoice, level: &str| {
        if let Ok(mut l) = options.model_log.lock() {
            l.push(format!("{level}{}", c.describe_named(&members)));
        }
    };
    let inner = if options.tile_sizes.is_empty() {
        let profile = crate::tile_model::band_profile(isl, &node, accesses)?;
        let tileable = match (&options.register_tile, one_deepest_statement(isl, &node)?) {
            (Some(_), Some(set)) => register_tileable(isl, &node, &profile, set)?,
            _ => false,
        };
        let contraction = options
            .register_tile
            .as_ref()
            .filter(|_| tileable)
            .and_then(|rt| {
                crate::contraction_tiles::choose_contraction(
                    &profile,
                    &options.cache,
                    rt,
                    options.parallel,
                )
            });
        if let Some(c) = contraction {
            log(&c, "");
            if c.untiled() {
                return Ok((node, 0));
            }
            return Ok((band_tile_by(isl, node, &c.sizes)?, 1));
        }
        let c = crate::tile_model::choose_in_caches(&profile, &options.cache, options.parallel);
        if let Some(why) =
            time_tile::streaming_stencil(isl, &node, &profile, &c, options.cache.l2, &members)?
        {
            if let Ok(mut l) = options.model_log.lock() {
                l.push(why);
            }
            return Ok((node, 0));
        }
        log(&c, "");
        if c.untiled() {
            return Ok((node, 0));
        }
        c.sizes
    } else {
        pad(&options.tile_sizes)
    };
    let original = isl.check(node.copy())?;
    let mut node = band_tile_by(isl, node, &inner)?;
    if options.tile_levels < 2 {
        return Ok((node, 1));
    }
    // Outer level: tile the (permutable) tile band again, by the ratio of the sizes.
    let outer = if options.l2_tile_sizes.is_empty() {
        let c = crate::tile_model::choose_tile_sizes(
            isl,
            &original,
            accesses,
            options.cache.l2,
            crate::tile_model::Level::Outer(&inner),
            options.cache.vector,
        )?;
        log(&c, "L2 ");
        c.sizes
    } else {
        pad(&options.l2_tile_sizes)
    };
    let ratio: Vec<i64> = outer
        .iter()
        .zip(&inner)
        .map(|(o, i)| (o + i - 1) / i)
        .collect();
    if ratio.iter().all(|&r| r <= 1) {
        return Ok((node, 1));
    }
    node = band_tile_by(isl, node, &ratio)?;
    Ok((node, 2))
}

/// The domain of the one statement of the band at `node` that has more loops than every
/// other one: the register tile needs a perfect nest of point loops, which it makes where
/// the others run outside the reduction loop (PolyBench's `C *= beta` before its `k`
/// loop, fused into the band at one value of `k`: `affine-register-tile` splits it off);
/// two statements as deep (two updates in one body) leave it imperfect.
fn one_deepest_statement(isl: &IslCtx, node: &ScheduleNode) -> Result<Option<Set>, IslError> {
    let sets = isl.check(isl.check(node.get_domain())?.get_set_list())?;
    let mut by_dims = Vec::new();
    for i in 0..isl.check(sets.size())? {
        let set = isl.check(sets.get_at(i))?;
        by_dims.push((isl.check(set.dim(isl_rs::DimType::Set))?, set));
    }
    by_dims.sort_by_key(|(d, _)| *d);
    let deepest = match by_dims.as_slice() {
        [.., (a, _), (b, _)] if a < b => by_dims.pop(),
        [_] => by_dims.pop(),
        _ => None,
    };
    Ok(deepest.map(|(_, set)| set))
}

/// Whether `affine-register-tile` can take the point loops of the contraction band at
/// `node` whose deepest statement has the domain `set`: a box, or a domain whose image
/// under the band's schedule has a reduction member `r` independent of all others and
/// a unit-stride member `u` bounded at most by the row member `o` outside it (a triangle,
/// syrk's or covariance's `j <= i` / `j >= i`: the register tile splits it into a box and
/// remainders per block of rows), or the same with `u` and `r` swapped (trmm's `k > i`).
/// Other shapes give point loops bounded by each other,
/// which it declines (kc-long reduction loops then ran syrk 2x slower).
fn register_tileable(
    isl: &IslCtx,
    node: &ScheduleNode,
    profile: &crate::tile_model::BandProfile,
    set: Set,
) -> Result<bool, IslError> {
    let Some(([o, u, r], _)) = crate::contraction_tiles::contraction_members(profile) else {
        return Ok(false);
    };
    if is_box(isl, isl.check(set.copy())?)? {
        return Ok(true);
    }
    let (band, p) = crate::tile_model::band_schedule(isl, node)?;
    let image = isl.check(isl.check(UnionSet::from_set(set))?.apply(band))?;
    let sets = isl.check(image.get_set_list())?;
    let (1, Ok(image)) = (isl.check(sets.size())?, sets.get_at(0)) else {
        return Ok(false);
    };
    if o < u && independent(isl, &image, (p + r) as u32)? {
        return Ok(true);
    }
    // A triangle on the reduction member (trmm's k > i): `u` independent of all others,
    // `r` bounded at most by `o` outside it; the register tile splits `r` per block of
    // rows into a box and remainders.
    if o > r || !independent(isl, &image, (p + u) as u32)? {
        return Ok(false);
    }
    let without_o = isl.check(isl.check(image.copy())?.project_out(
        isl_rs::DimType::Set,
        (p + o) as u32,
        1,
    ))?;
    independent(isl, &without_o, (p + r - 1) as u32)
}

/// Whether the (convex, bounded) `set` is a box: every dimension is [`independent`].
fn is_box(isl: &IslCtx, set: Set) -> Result<bool, IslError> {
    let n = isl.check(set.dim(isl_rs::DimType::Set))?.max(0) as u32;
    for d in 0..n {
        if !independent(isl, &set, d)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether dimension `d` of the (convex, bounded) `set` is independent of the others: its
/// slices at both ends of its range project onto the same set as the whole (by
/// convexity, every slice between them does too).
fn independent(isl: &IslCtx, set: &Set, d: u32) -> Result<bool, IslError> {
    let (Some(lo), Some(hi)) = crate::isl::dim_range(isl, set, d as usize)? else {
        return Ok(false);
    };
    let all = isl.check(
        isl.check(set.copy())?
            .project_out(isl_rs::DimType::Set, d, 1),
    )?;
    for v in [lo, hi] {
        let Ok(v) = i32::try_from(v) else {
            return Ok(false);
        };
        let slice = isl.check(isl.check(set.copy())?.fix_si(isl_rs::DimType::Set, d, v))?;
        let slice = isl.check(slice.project_out(isl_rs::DimType::Set, d, 1))?;
        if !isl.check(slice.is_equal(&all))? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `isl_schedule_node_band_tile` with one size per member.
fn band_tile_by(isl: &IslCtx, node: ScheduleNode, sizes: &[i64]) -> Result<ScheduleNode, IslError> {
    let space = isl.check(node.band_get_space())?;
    let mut mv = isl.check(MultiVal::zero(space))?;
    for (k, &s) in sizes.iter().enumerate() {
        let v = isl.check(Val::int_from_si(isl.raw(), s.max(1)))?;
        mv = isl.check(mv.set_val(k as i32, v))?;
    }
    isl.check(node.band_tile(mv))
}

/// Per access of `scop`: its relation `S[i..] -> A[o..]` (on the statement's domain),
/// the pairs of elements of `A` at most one apart in the last subscript and equal in
/// every other (`A[o..] -> A[o'..]`): the steps an innermost loop may take cheaply, and
/// the element size of a memref.
fn stride_accesses(isl: &IslCtx, scop: &Scop) -> Result<Vec<ModelAccess>, IslError> {
    let mut out = Vec::new();
    for st in &scop.statements {
        for a in &st.accesses {
            let array = &scop.arrays[a.array];
            let element_bytes =
                (array.kind == crate::scop::ArrayKind::Memref).then_some(array.element_bytes);
            let rel = isl.check(
                isl.check(a.relation.copy())?
                    .intersect_domain(isl.check(st.domain.copy())?),
            )?;
            let rank = isl.check(rel.dim(isl_rs::DimType::Out))?.max(0) as usize;
            let name = match rel.get_tuple_name(isl_rs::DimType::Out) {
                Ok(n) => n.to_string(),
                Err(_) => continue,
            };
            if rank == 0 {
                continue;
            }
            let src: Vec<String> = (0..rank).map(|d| format!("o{d}")).collect();
            let dst: Vec<String> = (0..rank).map(|d| format!("q{d}")).collect();
            let mut cons: Vec<String> = (0..rank - 1).map(|d| format!("q{d} = o{d}")).collect();
            let l = rank - 1;
            cons.push(format!("-1 <= q{l} - o{l} <= 1"));
            let near = isl.union_map(&format!(
                "{}{{ {name}[{}] -> {name}[{}] : {} }}",
                scop.param_prefix(),
                src.join(", "),
                dst.join(", "),
                cons.join(" and ")
            ))?;
            out.push(ModelAccess {
                relation: isl.check(UnionMap::from_map(rel))?,
                near,
                element_bytes,
                is_write: a.kind != crate::scop::AccessKind::Read,
            });
        }
    }
    Ok(out)
}

/// Moves innermost the member of the (permutable, point) band at `node` along which
/// most accesses step by at most one element in their last subscript and not at all in
/// the others (stride 1 or 0); ties keep isl's order. Legal because the band is
/// permutable (and the final schedule is checked against every dependence anyway).
fn unit_stride_innermost(
    isl: &IslCtx,
    node: ScheduleNode,
    accesses: &[ModelAccess],
) -> Result<ScheduleNode, IslError> {
    let n = isl.check(node.band_n_member())? as usize;
    let scores: Vec<usize> = crate::tile_model::member_strides(isl, &node, accesses)?
        .into_iter()
        .map(|(_, unit)| unit)
        .collect();
    let best = (0..n).rev().max_by_key(|&k| scores[k]).unwrap_or(n - 1);
    // Ties keep the original order: prefer the current innermost on equal scores.
    let best = if scores[n - 1] >= scores[best] {
        n - 1
    } else {
        best
    };
    move_innermost(isl, node, best)
}

/// Moves member `best` of the permutable band at `node` innermost, the others keeping
/// their order and every member its coincidence.
fn move_innermost(isl: &IslCtx, node: ScheduleNode, best: usize) -> Result<ScheduleNode, IslError> {
    let n = isl.check(node.band_n_member())? as usize;
    if best + 1 >= n {
        return Ok(node);
    }
    let mupa = isl.check(node.band_get_partial_schedule())?;
    let order: Vec<usize> = (0..n).filter(|&m| m != best).chain([best]).collect();
    let mut coincident = Vec::with_capacity(n);
    for &m in &order {
        coincident.push(isl.check(node.band_member_get_coincident(m as i32))?);
    }
    let mut permuted = isl.check(mupa.copy())?;
    for (pos, &m) in order.iter().enumerate() {
        let upa = isl.check(mupa.get_at(m as i32))?;
        permuted = isl.check(permuted.set_at(pos as i32, upa))?;
    }
    let node = isl.check(node.delete())?;
    let node = isl.check(node.insert_partial_schedule(permuted))?;
    let mut node = isl.check(node.band_set_permutable(1))?;
    for (pos, c) in coincident.into_iter().enumerate() {
        node = isl.check(node.band_member_set_coincident(pos as i32, c as i32))?;
    }
    Ok(node)
}

/// Innermost stride of a permutable band, before tiling: where isl's innermost member
/// carries a dependence and moves every access it moves by more than one element (a
/// loop that is neither vectorized nor unit-stride: each iteration touches a new cache
/// line per access; isl put it there by moving a parallel member outward), and another
/// member is parallel and moves every access by at most one element, that member goes
/// innermost (remark). summed-area's column scan `T[i][j] += T[i-1][j]`: isl's `(j, i)`
/// ran 17x slower than the program's `(i, j)`, which this restores. A carried innermost
/// member with some unit-stride access (matmul's `k` over `A[i][k]`) stays: the tile
/// model unrolls it and LLVM vectorizes the member above.
fn vector_member_innermost(
    isl: &IslCtx,
    node: ScheduleNode,
    accesses: &[ModelAccess],
    names: &SourceNames,
    options: &ScheduleOptions,
) -> Result<ScheduleNode, IslError> {
    let n = isl.check(node.band_n_member())?.max(0) as usize;
    if n < 2 || isl.check(node.band_member_get_coincident(n as i32 - 1))? {
        return Ok(node);
    }
    let strides = crate::tile_model::member_strides(isl, &node, accesses)?;
    let (moved, unit) = strides[n - 1];
    if moved == 0 || unit > 0 {
        return Ok(node);
    }
    let mut best = None;
    for k in (0..n - 1).rev() {
        let (m, u) = strides[k];
        if m > 0 && u == m && isl.check(node.band_member_get_coincident(k as i32))? {
            best = Some(k);
            break;
        }
    }
    let Some(k) = best else {
        return Ok(node);
    };
    let inner = member_label(isl, &node, n as i32 - 1, names);
    let chosen = member_label(isl, &node, k as i32, names);
    let ids = domain_statements(isl, &node)?;
    let stmts = names.statements_text(&ids.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    if let Ok(mut l) = options.model_log.lock() {
        l.push(format!(
            "moved member {k}{chosen} of the band of {stmts} innermost: the innermost member {}{inner} carries a dependence and strides by more than one element in all {moved} accesses it moves (no vector loop, a cache line per access and iteration); member {k} is parallel with unit or zero stride in all {} of its accesses",
            n - 1,
            strides[k].0
        ));
    }
    move_innermost(isl, node, k)
}

/// Skews a permutable band: member 0 += member 1; member 1 becomes coincident.
fn wavefront(isl: &IslCtx, node: ScheduleNode) -> Result<ScheduleNode, IslError> {
    let n = isl.check(node.band_n_member())?;
    let mupa = isl.check(node.band_get_partial_schedule())?;
    let a = isl.check(mupa.get_at(0))?;
    let b = isl.check(mupa.get_at(1))?;
    let sum = isl.check(a.add(b))?;
    let mupa = isl.check(mupa.set_at(0, sum))?;
    let node = isl.check(node.delete())?;
    let node = isl.check(node.insert_partial_schedule(mupa))?;
    let node = isl.check(node.band_set_permutable(1))?;
    let mut node = node;
    for k in 1..n {
        node = isl.check(node.band_member_set_coincident(k, (k == 1) as i32))?;
    }
    Ok(node)
}

/// The first dependence the schedule `map` violates (described), or `None`: the nearest
/// dependences decide (they imply every memory-based one) and the private cells are
/// checked by their live ranges; the full analysis of [`crate::deps`] runs only where
/// function arguments may alias (dependences the nearest ones do not model) and to name
/// a violated dependence.
fn violation(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    options: &ScheduleOptions,
    nearest: &NearestDependences,
    map: &UnionMap,
    private: &[usize],
    free: &Accumulations,
) -> Result<Option<String>, TransformError> {
    let n = scop.arrays.len();
    let aliasing = options.alias == AliasAssumption::ArgumentsMayAlias
        && (0..n).any(|a| (a + 1..n).any(|b| scop.may_alias(ir, a, b)));
    if !aliasing && !nearest.violated_by(isl, map)? {
        if private.is_empty() {
            return Ok(None);
        }
        return Ok(crate::transform::scalars::private_violation(
            isl, ir, scop, private, free, map,
        )?);
    }
    let deps = analyze(
        isl,
        ir,
        scop,
        &DepOptions {
            alias: options.alias,
        },
    )?;
    Ok(
        match first_violation_reordering(isl, ir, scop, &deps, map, private, free)? {
            None if !aliasing => {
                Some("between nearest accesses (not named by the full analysis)".into())
            }
            r => r,
        },
    )
}

/// The cells (described) of `cells` some of whose commuting accumulation pairs
/// (`free`) the schedule `map` runs in another order than the input.
fn reordered_cells(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    cells: &[usize],
    free: &Accumulations,
    map: &UnionMap,
) -> Result<Vec<String>, IslError> {
    let order = isl.check(isl.check(scop.schedule.copy())?.get_map())?;
    let before = isl.check(isl.check(order.copy())?.lex_lt_union_map(order))?;
    let after = isl.check(
        isl.check(map.copy())?
            .lex_gt_union_map(isl.check(map.copy())?),
    )?;
    let swapped = isl.check(before.intersect(after))?;
    let mut out = Vec::new();
    for &a in cells.iter().filter(|&&a| free.covers(a)) {
        let pairs = free.pairs(isl, scop, Some(a))?;
        let here = isl.check(pairs.intersect(isl.check(swapped.copy())?))?;
        if !isl.check(here.is_empty())? {
            let v = scop.arrays[a].value;
            let name = ir
                .defining_op(v)
                .and_then(|c| lattice_ir::diag::first_file_line_col(ir.ctx(), ir.loc(c)))
                .map(|(_, l, c)| format!("the scalar at {l}:{c}"))
                .unwrap_or_else(|| crate::scop::value_label(ir, v));
            if !out.contains(&name) {
                out.push(name);
            }
        }
    }
    Ok(out)
}

/// Reschedules every SCoP of `func`.
pub fn poly_schedule(ir: &mut Ir, func: Op, options: &ScheduleOptions) -> ScheduleReport {
    let mut report = ScheduleReport::default();
    let isl = IslCtx::default();
    let mut timer = PhaseTimer::start();
    let extraction = extract_scops(ir, &isl, func);
    timer.lap("extraction");
    for scop in &extraction.scops {
        isl.reset_operations();
        let first = scop.ops[0];
        let loc = ir.loc(first);
        let mut reordered = Vec::new();
        let mut dropped = Vec::new();
        let clock = ScopClock::start(options.time_limit);
        let result = isl.with_time_limit(options.time_limit, || {
            with_scalars_demoted(ir, &isl, scop, |ir, scop, cells| {
            // Scalar cells are private to the iterations that define them; when the
            // schedule found that way would make a read see another write, schedule
            // again with every dependence of the cells.
            // Accumulations that may be reordered among themselves: those of the input's
            // own parallel reductions, and any with `parallel-reductions=true`.
            let free = Accumulations::new(ir, scop, cells, options.parallel_reductions);
            let nearest = nearest_within_budget(&isl, ir, scop, cells, &free, options)?;
            timer.lap("nearest dependences");
            let reductions = if options.parallel {
                ReductionCandidates::new(
                    &isl,
                    ir,
                    scop,
                    cells,
                    options.parallel_reductions,
                    &nearest.alias,
                )?
            } else {
                None
            };
            // Without reductions to parallelize, an order that the carried values
            // force on every instance leaves nothing to reschedule.
            if reductions.is_none() && nearest.program_order_forced(&isl, scop)? {
                return Err(TransformError::Unsupported(
                    "kept in program order, the only legal one: the values the loops carry order every iteration (a sequential reduction)".into(),
                ));
            }
            timer.lap("program-order check");
            let mut schedule = compute_schedule_private(
                &isl,
                scop,
                &nearest,
                options,
                reductions.as_ref(),
                &clock,
                &mut timer,
            )?;
            let mut map = isl.check(schedule.get_map())?;
            let mut verdict = violation(&isl, ir, scop, options, &nearest, &map, cells, &free)?;
            if !cells.is_empty() && verdict.is_some() {
                let none = Accumulations::default();
                let nearest = nearest_within_budget(&isl, ir, scop, &[], &none, options)?;
                schedule = compute_schedule_private(
                    &isl,
                    scop,
                    &nearest,
                    options,
                    reductions.as_ref(),
                    &clock,
                    &mut timer,
                )?;
                map = isl.check(schedule.get_map())?;
                verdict = violation(&isl, ir, scop, options, &nearest, &map, &[], &none)?;
            } else if nearest.commuting.is_some() {
                reordered = reordered_cells(&isl, ir, scop, cells, &free, &map)?;
            }
            if let Some(why) = verdict {
                return Err(TransformError::Illegal(why));
            }
            timer.lap("legality check");
            let schedule = if options.split_borders {
                crate::index_split::split_borders(&isl, ir, scop, schedule, &options.model_log)?
            } else {
                schedule
            };
            let forbidden = |ir: &Ir| ForbiddenDeps::from_nearest(&isl, ir, scop, &nearest, cells);
            let judge = |ir: &Ir, old: &[Op], new: &[Op]| match crate::order_cost::compare(
                ir,
                old,
                new,
                &options.cost_machine(),
            ) {
                crate::order_cost::Choice::Schedule(note) => {
                    if let Ok(mut l) = options.model_log.lock() {
                        l.push(note);
                    }
                    None
                }
                crate::order_cost::Choice::ProgramOrder(why) => Some(why),
            };
            let judge: Option<&crate::transform::Judge<'_>> = options
                .order_cost
                .then_some(&judge as &crate::transform::Judge<'_>);
            let r = regenerate(ir, &isl, scop, schedule, &forbidden, judge, &mut dropped);
            timer.lap("AST + codegen");
            r
            })
        });
        if let Ok(mut log) = options.model_log.lock() {
            // The model's notes describe the schedule's code: gone with it.
            if matches!(result, Err(TransformError::KeptProgramOrder(_))) {
                log.clear();
            }
            for note in log.drain(..) {
                report.notes.push(Diagnostic::new(
                    lattice_ir::diag::Severity::Remark,
                    DiagLoc::Loc(loc),
                    note,
                ));
            }
        }
        if result.is_ok() && !reordered.is_empty() {
            report.notes.push(Diagnostic::new(
                lattice_ir::diag::Severity::Remark,
                DiagLoc::Loc(loc),
                format!(
                    "reduction-aware schedule: the accumulations into {} run in another order than in the input (reassociated: {})",
                    reordered.join(", "),
                    if options.parallel_reductions {
                        "parallel-reductions=true"
                    } else {
                        "the input's affine.parallel reduction"
                    }
                ),
            ));
        }
        report.remarks.append(&mut dropped);
        match result {
            Ok(n) => report.scheduled += n,
            Err(e @ TransformError::Isl(IslError::TimedOut { .. })) => report
                .errors
                .push(Diagnostic::error(DiagLoc::Loc(loc), e.to_string())),
            Err(e) => report.remarks.push(Diagnostic::new(
                lattice_ir::diag::Severity::Remark,
                DiagLoc::Loc(loc),
                e.to_string(),
            )),
        }
    }
    crate::reduction::finish(ir, func);
    report
}

/// poly-schedule's options as parsed when the pipeline is built: all of
/// [`ScheduleOptions`] but what depends on the machine (the cache sizes and the LLC
/// shape, of which only the options' overrides are kept) and the per-run model log.
pub struct PolyScheduleConfig {
    base: ScheduleOptions,
    /// `cache-size`, `l2-cache-size`, `l3-cache-size` when given.
    cache: [Option<u64>; 3],
    /// `l3-ways`, `l3-sharers` when given.
    llc: [Option<u64>; 2],
    /// `register-tile`: the register tile is the machine's.
    register_tile: bool,
}

impl PolyScheduleConfig {
    /// The options for a run on `machine`.
    pub fn options(&self, machine: &lattice_ir::target::Machine) -> ScheduleOptions {
        let mut cache = crate::tile_model::CacheSizes::from_machine(machine);
        for (slot, v) in [&mut cache.l1, &mut cache.l2, &mut cache.l3]
            .into_iter()
            .zip(self.cache)
        {
            *slot = v.unwrap_or(*slot);
        }
        let mut llc = LlcShape::from_machine(machine);
        for (slot, v) in [&mut llc.ways, &mut llc.sharers].into_iter().zip(self.llc) {
            *slot = v.unwrap_or(*slot);
        }
        ScheduleOptions {
            cache,
            llc,
            model_log: Default::default(),
            register_tile: self
                .register_tile
                .then(|| crate::contraction_tiles::RegisterTile::for_machine(machine)),
            vector_bytes: machine.vector_bytes,
            threads: machine.cores,
            ..self.base.clone()
        }
    }
}

impl PassConfig for PolyScheduleConfig {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let fuse = match o.string("fuse", "smart").as_str() {
            "smart" => Fuse::Smart,
            "max" => Fuse::Max,
            "none" => Fuse::None,
            f => return Err(OptionError::expected("fuse", "smart, max or none", f)),
        };
        let tile_sizes = o.int_list("tile-sizes")?;
        if tile_sizes.iter().any(|&s| s < 1) {
            return Err(OptionError::invalid("tile-sizes", "sizes must be positive"));
        }
        let positive = |name: &str, v: Vec<i64>| -> Result<Vec<i64>, OptionError> {
            if v.iter().any(|&s| s < 1) {
                return Err(OptionError::invalid(name, "sizes must be positive"));
            }
            Ok(v)
        };
        let l2_tile_sizes = positive("l2-tile-sizes", o.int_list("l2-tile-sizes")?)?;
        let tile_levels = match o.int("tile-levels", if l2_tile_sizes.is_empty() { 1 } else { 2 }) {
            Ok(l @ 1..=2) => l as u32,
            Ok(l) => {
                return Err(OptionError::expected(
                    "tile-levels",
                    "1 or 2",
                    &l.to_string(),
                ))
            }
            Err(e) => return Err(e),
        };
        let positive_size = |name: &str, what: &str| -> Result<Option<u64>, OptionError> {
            if o.value(name).is_none() {
                return Ok(None);
            }
            match o.int(name, 0)? {
                v if v < 1 => Err(OptionError::expected(
                    name,
                    format!("a positive {what}"),
                    &v.to_string(),
                )),
                v => Ok(Some(v as u64)),
            }
        };
        let cache = [
            positive_size("cache-size", "number of bytes")?,
            positive_size("l2-cache-size", "number of bytes")?,
            positive_size("l3-cache-size", "number of bytes")?,
        ];
        let llc = [
            positive_size("l3-ways", "number")?,
            positive_size("l3-sharers", "number")?,
        ];
        let base = ScheduleOptions {
            llc: LlcShape::default(),
            l2_tile_sizes,
            tile_levels,
            cache: crate::tile_model::CacheSizes::from_machine(&Default::default()),
            model_log: Default::default(),
            fuse,
            tile: o.bool("tile", true)?,
            tile_sizes,
            parallel: o.bool("parallel", true)?,
            alias: AliasAssumption::from_pass_option(o, true)?,
            time_limit: {
                let t = o.int("time-limit", 60)?;
                if t < 1 {
                    return Err(OptionError::expected(
                        "time-limit",
                        "a positive number of seconds",
                        &t.to_string(),
                    ));
                }
                std::time::Duration::from_secs(t as u64)
            },
            max_operations: {
                let m = o.int("max-operations", crate::isl::DEFAULT_MAX_OPERATIONS as i64)?;
                if m < 0 {
                    return Err(OptionError::expected(
                        "max-operations",
                        "a non-negative count",
                        &m.to_string(),
                    ));
                }
                m as u64
            },
            unit_stride_innermost: match o.string("intra-tile-order", "isl").as_str() {
                "isl" => false,
                "unit-stride" => true,
                other => {
                    return Err(OptionError::expected(
                        "intra-tile-order",
                        "isl or unit-stride",
                        other,
                    ))
                }
            },
            parallel_reductions: o.bool("parallel-reductions", false)?,
            min_parallel_work: {
                let m = o.int("min-parallel-work", DEFAULT_MIN_PARALLEL_WORK as i64)?;
                if m < 0 {
                    return Err(OptionError::expected(
                        "min-parallel-work",
                        "a non-negative count",
                        &m.to_string(),
                    ));
                }
                m as u64
            },
            time_tile: {
                let t = o.string("time-tile", "auto");
                TimeTile::parse(&t).ok_or_else(|| {
                    OptionError::expected("time-tile", "auto, never or always", &t)
                })?
            },
            split_borders: o.bool("split-borders", true)?,
            register_tile: None,
            order_cost: o.bool("order-cost", false)?,
            vector_bytes: lattice_ir::target::Machine::default().vector_bytes,
            threads: lattice_ir::target::Machine::default().cores,
        };
        Ok(PolyScheduleConfig {
            base,
            cache,
            llc,
            register_tile: o.bool("register-tile", false)?,
        })
    }
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o
        .typed_at::<PolyScheduleConfig>(ir, func)?
        .options(&o.machine);
    let report = poly_schedule(ir, func, &options);
    if !report.errors.is_empty() {
        return Err(report.errors);
    }
    crate::transform::finish_with_remarks(o, report.remarks)?;
    if lattice_ir::pass::remarks_enabled(o) {
        lattice_ir::pass::emit_remarks(&report.notes);
    }
    Ok(())
}

/// The `poly-schedule` pass.
pub static POLY_SCHEDULE: PassDef = PassDef {
    name: "poly-schedule",
    display_name: "PolySchedule",
    summary: "Reschedule affine loop nests with isl's scheduler, tile, parallelize",
    anchor: Some(func::Func::NAME),
    options: &[        PassOption::choice("fuse", &["smart", "max", "none"], "smart", "Fusion strategy"),
        PassOption::bool("tile", true, "Tile permutable bands"),
        PassOption::ints(
            "tile-sizes",
            1,
            i64::MAX,
            "per band from the cache model",
            "Tile sizes per band member, padded with the last",
        ),
        PassOption::int(
            "tile-levels",
            1,
            2,
            "1; 2 when l2-tile-sizes is given",
            "1, or 2: cache (L2) tiles of inner tiles",
        ),
        PassOption::ints(
            "l2-tile-sizes",
            1,
            i64::MAX,
            "the model's, with tile-levels=2",
            "Outer tile sizes in points, per band member",
        ),
        PassOption::int(
            "cache-size",
            1,
            i64::MAX,
            "the machine's L1 (--machine)",
            "L1 data cache bytes for the tile-size model",
        ),
        PassOption::int(
            "l2-cache-size",
            1,
            i64::MAX,
            "the machine's L2 (--machine)",
            "L2 cache bytes for the outer tiling level",
        ),
        PassOption::int(
            "l3-cache-size",
            1,
            i64::MAX,
            "the machine's L3 (--machine)",
            "Last-level cache bytes: time tiling compares the part of a time step the unskewed schedule loses from it with the grid reads of time tiles",
        ),
        PassOption::int(
            "l3-ways",
            1,
            i64::MAX,
            "the machine's (--machine)",
            "Ways of each last-level cache set, for time tiling's eviction model",
        ),
        PassOption::int(
            "l3-sharers",
            1,
            i64::MAX,
            "the machine's (--machine)",
            "CPUs sharing the last-level cache, each assumed to stream its own data",
        ),
        PassOption::bool(
            "parallel",
            true,
            "Emit affine.parallel for parallel loops, wavefronts",
        ),
        PassOption::bool(
            "assume-no-alias",
            true,
            "Assume distinct memrefs never alias",
        ),
        PassOption::int(
            "time-limit",
            1,
            i64::MAX,
            "60",
            "A safety net: seconds isl may run per SCoP (dependence analysis and scheduler) before the pass fails with an error (\"gave up\"), never a different schedule; what it may do is bounded by max-operations, a count of work",
        ),
        PassOption::int(
            "max-operations",
            0,
            i64::MAX,
            "20000000",
            "isl's operation limit for the scheduler step per SCoP; the dependence analysis may spend a twentieth of it, the transitive reduction of the dependences a quarter (0: none)",
        ),
        PassOption::choice(
            "intra-tile-order",
            &["isl", "unit-stride"],
            "isl",
            "isl keeps isl's point-loop order; unit-stride moves the unit-stride loop innermost (for affine-super-vectorize)",
        ),
        PassOption::bool(
            "parallel-reductions",
            false,
            "Where a band has no parallel loop, make one whose only carried dependences are reductions (iter_args accumulated with addf, addi, mulf, maxnumf, ...) an affine.parallel with reduce; reassociates floating-point operations",
        ),
        PassOption::int(
            "min-parallel-work",
            0,
            i64::MAX,
            "32768",
            "Statement instances a parallel region inside a sequential loop must run on average for the loop (or a wavefront) to be made parallel (0: always)",
        ),
        PassOption::choice(
            "time-tile",
            &["auto", "never", "always"],
            "auto",
            "Time tiling of stencils (a skewed schedule tiled across time steps); auto: where one time step's data exceeds the last-level cache and the innermost loop stays vectorizable",
        ),
        PassOption::bool(
            "register-tile",
            false,
            "Size the cache tiles of contraction bands for the register tile affine-register-tile builds next (BLIS's rules from the machine: kc for L1, mc x nc for half of L2, multiples of the register tile); lattice-fast sets it",
        ),
        PassOption::bool(
            "split-borders",
            true,
            "Split the loops clamped windows (max/min bounds) depend on into borders and an interior with constant window bounds",
        ),
        PassOption::bool(
            "order-cost",
            false,
            "Keep a SCoP in program order unless the cost model predicts the schedule's code faster (by 10%); experimental: the model misjudges some schedules (see docs/scheduler.md)",
        ),
        PassOption::bool("remarks", false, "Print why SCoPs were left alone (stderr)"),
        PassOption::bool(
            "emit-remarks",
            false,
            "Return refusals as the pass's diagnostics (stops the pipeline)",
        ),
    ],
    configure: lattice_ir::pass::configure::<PolyScheduleConfig>,
    run,
};

#[cfg(test)]
mod abort_tests {
    use super::*;

    #[test]
    fn aborting_a_published_context_makes_isl_fail() {
        let isl = IslCtx::default();
        let handle: AbortHandle = Default::default();
        // Nothing published: nothing to abort.
        abort_context(&handle);
        assert!(isl.union_map("{ A[i] -> B[i] }").is_ok());
        *handle.lock().unwrap() = Some(isl.raw().ptr);
        abort_context(&handle);
        assert!(isl.union_map("{ A[i] -> B[i] : 0 <= i < 10 }").is_err());
    }

    #[test]
    fn solve_unpublishes_its_context() {
        let p = Problem {
            domain: "{ S[i] : 0 <= i < 10 }".into(),
            context: "{ : }".into(),
            validity: "{ S[i] -> S[i + 1] : 0 <= i < 9 }".into(),
            proximity: "{ }".into(),
            fuse: Fuse::Smart,
            coincidence: true,
            max_operations: 0,
            condition: None,
            conditional: None,
        };
        let handle: AbortHandle = Default::default();
        let text = solve(&p, &handle).unwrap();
        assert!(text.contains("S[i]"), "{text}");
        assert!(handle.lock().unwrap().is_none());
        // A time limit that is not reached returns the schedule.
        let clock = ScopClock::start(std::time::Duration::from_secs(10));
        assert!(run_scheduler(p.clone(), &clock).is_ok());
        // The runs of one computation share the limit: once an earlier run spent it, the
        // next one gives up without running.
        let spent = ScopClock {
            start: std::time::Instant::now() - std::time::Duration::from_secs(11),
            limit: std::time::Duration::from_secs(10),
        };
        assert_eq!(
            run_scheduler(p.clone(), &spent),
            Err(IslError::TimedOut { seconds: 10 })
        );
        // The scheduler's operation limit (max-operations) is a quota error, reported
        // with the limit.
        let tight = Problem {
            max_operations: 10,
            ..p
        };
        assert_eq!(
            run_scheduler(tight, &clock),
            Err(IslError::Quota { limit: 10 })
        );
    }
}

/// The schedule never depends on the clock: the transitive reduction counts isl
/// operations, and isl's scheduler running past its wall-clock safety net is an error of
/// the pass, never a quietly different (program-order) result.
#[cfg(test)]
mod determinism_tests {
    use super::*;

    /// A chain `S[i] -> S[i + 1]` and the pieces it implies transitively.
    const CHAIN: &str = "{ S[i] -> S[i + 1] : 0 <= i < 99; S[i] -> S[i + 2] : 0 <= i < 98; S[i] -> S[i + 3] : 0 <= i < 97 }";

    fn reduce(budget: u64) -> String {
        let isl = IslCtx::default();
        let deps = isl.union_map(CHAIN).unwrap();
        transitive_reduction(&isl, deps, budget).unwrap().0.text()
    }

    #[test]
    fn transitive_reduction_is_decided_by_operation_counts() {
        let full = reduce(0);
        assert_eq!(full, "{ S[i] -> S[1 + i] : 0 <= i <= 98 }");
        // A budget spent at once keeps every piece; a generous one drops the implied
        // ones; each budget gives one result, run after run.
        assert_eq!(reduce(1), isl_text(CHAIN));
        assert_eq!(reduce(DEFAULT_MAX_OPERATIONS_SHARE), full);
        let mut smallest = None;
        for budget in (1..=4000).step_by(50) {
            let r = reduce(budget);
            assert_eq!(r, reduce(budget), "budget {budget}: not reproducible");
            if r == full && smallest.is_none() {
                smallest = Some(budget);
            }
        }
        assert!(smallest.is_some_and(|b| b > 1), "{smallest:?}");
    }

    const DEFAULT_MAX_OPERATIONS_SHARE: u64 = crate::isl::DEFAULT_MAX_OPERATIONS / REDUCTION_SHARE;

    fn isl_text(text: &str) -> String {
        IslCtx::default().union_map(text).unwrap().text()
    }

    #[test]
    fn coalescing_early_changes_no_result() {
        // The switch to the coalesced composition (once the first phase's operations
        // are spent) only changes what the tests cost: with the first phase over at its
        // first test, the pieces dropped are the same.
        let isl = IslCtx::default();
        let deps = isl.union_map(CHAIN).unwrap();
        let composed = isl
            .check(
                isl.check(deps.copy())
                    .unwrap()
                    .apply_range(deps.copy().unwrap()),
            )
            .unwrap();
        let mut pieces = Vec::new();
        let maps = deps.get_map_list().unwrap();
        for k in 0..maps.size().unwrap() {
            let list = maps.get_at(k).unwrap().get_basic_map_list().unwrap();
            for q in 0..list.size().unwrap() {
                pieces.push(UnionMap::from_basic_map(list.get_at(q).unwrap()).unwrap());
            }
        }
        let mut early = vec![false; pieces.len()];
        let next = implied_pieces(&isl, &pieces, &composed, 0, 1, &mut early).unwrap();
        assert_eq!(next, 0);
        let coalesced = composed.copy().unwrap().coalesce().unwrap();
        implied_pieces(&isl, &pieces, &coalesced, next, 0, &mut early).unwrap();
        let mut late = vec![false; pieces.len()];
        let all = implied_pieces(&isl, &pieces, &composed, 0, 0, &mut late).unwrap();
        assert_eq!(all, pieces.len());
        assert_eq!(early, late);
        assert_eq!(late.iter().filter(|&&b| b).count(), 2);
    }

    /// heat-3d: isl's scheduler takes tens of milliseconds on it, far past 1 ns.
    const KERNEL: &str = include_str!("../../examples/heat_3d.mlir");

    /// `@kernel_heat_3d`, after the two print declarations.
    fn kernel_function(ir: &Ir, top: Op) -> Op {
        crate::analysis_tests::funcs(ir, top)[2]
    }

    #[test]
    fn scheduler_past_its_time_limit_is_an_error_not_program_order() {
        let (mut ir, top) = crate::analysis_tests::parse(KERNEL);
        let f = kernel_function(&ir, top);
        let options = ScheduleOptions {
            time_limit: std::time::Duration::from_nanos(1),
            ..ScheduleOptions::default()
        };
        let report = poly_schedule(&mut ir, f, &options);
        assert_eq!(
            report.scheduled, 0,
            "{:?} {:?}",
            report.remarks, report.notes
        );
        assert_eq!(report.errors.len(), 1, "{:?}", report.remarks);
        let message = &report.errors[0].message;
        assert!(
            message.contains("gave up") && message.contains("time-limit"),
            "{message}"
        );
        assert!(report
            .remarks
            .iter()
            .all(|r| !r.message.contains("time-limit")));
        // Within the limit, the same SCoP is scheduled (whatever the cost model would
        // choose between the schedule's code and program order).
        let (mut ir, top) = crate::analysis_tests::parse(KERNEL);
        let f = kernel_function(&ir, top);
        let options = ScheduleOptions {
            order_cost: false,
            ..ScheduleOptions::default()
        };
        let report = poly_schedule(&mut ir, f, &options);
        assert!(report.errors.is_empty());
        assert_eq!(report.scheduled, 1, "{:?}", report.remarks);
    }
}
