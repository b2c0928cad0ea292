//! Time tiling in `poly-schedule`: the choice between isl's default (unskewed)
//! schedule of a stencil and a Pluto-style skewed one whose outer members are tiled
//! across time steps, made per SCoP from the data one time step touches and whether the
//! time tiles keep a vectorizable innermost loop.
//!
//! The candidate is isl's schedule without coincidence maximization (proximity first,
//! as Pluto: a skewed permutable band over time and space, `t, 2t + i, 2t + j` on
//! jacobi-2d). It is considered only when it is one outermost permutable band over every
//! statement that skews ([`super::skewed_dimension`]) and the default schedule does not.
//! It is chosen (`time-tile=auto`, the default) only where
//! - its innermost member is a vectorizable loop: the statements sharing a band point are
//!   put in program order ([`order_statements`]), and every dependence the innermost
//!   member carries (the outer members fixed) runs from a statement to a later one in the
//!   body ([`innermost_forward_only`]: jacobi-2d's `B` rows, written by the first
//!   statement one iteration before the second reads them), and most accesses step by at
//!   most one element along their last subscript (unit stride). The innermost member is
//!   then split off the band and not tiled (whole rows), only the outer members are tiled
//!   (sizes by the cost estimate of [`time_tile_sizes`], or `tile-sizes`), and each
//!   statement gets its own innermost loop ([`distribute_innermost`]): LLVM vectorizes
//!   each row loop as it does program order's (one loop with both statements was scalar:
//!   the second reads what the first stored one iteration before);
//! - the cost comparison of [`memory_traffic`] says time tiles bring fewer bytes per
//!   point from memory than the unskewed schedule.
//!
//! The memory model (no calibrated constant; the cache's size, ways and sharers
//! come from the target machine (`--machine`) or the options `l3-cache-size`, `l3-ways`,
//! `l3-sharers`):
//! - the unskewed schedule reuses every line a time step touches one step later, after
//!   the whole step (all arrays live across it) has passed through the last-level cache;
//!   the fraction of the step's lines evicted by then is [`Llc::sweep_miss_fraction`]: the
//!   lines fall into the cache's sets like balls into bins (Poisson), the program keeps
//!   `ways / sharers` ways of each set (every CPU sharing the cache streaming its own
//!   data), and an LRU set that gets more lines of the step than that loses all of them
//!   (a cyclic sweep evicts each line just before its reuse);
//! - a time tile brings its own part of the grid once per band of time steps, and its
//!   halos only where the neighbouring tile that shares them ran long enough ago to have
//!   been evicted (the same fraction, of the data run in between): [`tile_memory_bytes`].
//!
//! On the 2-CPU VM this was written on (32 MB, 16 ways, 2 sharers: 8 ways each, 2 MB per
//! way) jacobi-2d with 20 time steps keeps the unskewed schedule at 512² to 704² (4 to
//! 7.9 MB per step, at most 3.9% of the lines evicted: time tiles reading the grid once
//! per 20 steps cannot save) and time-tiles 768² and larger (9.4 MB: 8.7%, 1.39 against
//! 0.84 B per point). Measured (`scripts/bench_stencil.sh`, 1 thread, medians of 5-7
//! interleaved rounds), time tiles against the unskewed schedule: at load 2-3, 640²
//! 1.01x, 768² 1.08x, 896² 1.21x, 1024² 2.0x; at load 3, 704² 1.03x, 768² 0.99x, 896²
//! 1.08x, 1024² 1.53x; at load 7-8.5, 704² 1.03x, 768² 1.13x, 896² 1.34x. The boundary
//! moves with the load (how much of the cache the other CPU's programs take); the
//! model's assumption, every sharer busy, puts it at 768².
//!
//! Otherwise the default schedule is kept, with a remark saying which test failed.
//! `time-tile=always` takes the candidate whenever it exists (for measurements; the
//! legality check of the final schedule still applies), `never` skips the candidate.
//! The L2 budget because a time tile reuses whole rows, which do not fit L1 at sizes
//! beyond it. A band of two members (jacobi-1d: time and one space member) tiles both,
//! the space member in long rows (see [`time_tile_sizes`]), and [`separate_innermost`]
//! gives each statement its own loop inside the tile (jacobi-1d 8M points 2.75x of
//! program order, 1M 1.38x; with both statements in one scalar loop 0.53x and 0.70x).
//!
//! Invariant: a time-tiled schedule passes the same final check against every dependence
//! as any other schedule of the pass; this module only chooses.

use crate::isl::{IslCtx, IslError};
use crate::scop::Scop;
use crate::tile_model::{band_profile_up_to, BandProfile, ModelAccess};
use crate::transform::{expr::SchedExpr, isl_tree::member_function};
use isl_rs::{Schedule, ScheduleNode, ScheduleNodeType, Set, UnionMap, UnionSet, UnionSetList};

/// Option `time-tile` of `poly-schedule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeTile {
    /// Time-tile where the cost tests of the module docs pass.
    Auto,
    /// Never consider the skewed candidate.
    Never,
    /// Take the skewed candidate whenever there is one (for measurements).
    Always,
}

impl TimeTile {
    /// Parses the option's value.
    pub fn parse(s: &str) -> Option<TimeTile> {
        match s {
            "auto" => Some(TimeTile::Auto),
            "never" => Some(TimeTile::Never),
            "always" => Some(TimeTile::Always),
            _ => None,
        }
    }
}

/// The decision about one SCoP's candidate.
pub(super) enum Decision {
    /// No skewed candidate (nothing to decide, no remark).
    NoCandidate,
    /// Keep the default schedule; why.
    Keep(String),
    /// Use the time-tiled schedule, its band tiled by `sizes` (the model's, against L2).
    TimeTile {
        /// The skewed schedule, untiled.
        schedule: Schedule,
        /// Tile sizes of its band.
        sizes: Vec<i64>,
        /// The remark.
        why: String,
    },
}

/// Judges `candidate` (isl's schedule without coincidence maximization) against the
/// default schedule (which does not skew). `validity`: the dependences every schedule
/// respects.
pub(super) fn decide(
    isl: &IslCtx,
    scop: &Scop,
    candidate: Schedule,
    validity: &UnionMap,
    accesses: &[ModelAccess],
    cache: crate::tile_model::CacheSizes,
    llc: Llc,
    mode: TimeTile,
    parallel: bool,
) -> Result<Decision, IslError> {
    let l2_bytes = cache.l2;
    if mode == TimeTile::Never {
        return Ok(Decision::NoCandidate);
    }
    let Some(skew) = super::skewed_dimension(isl, scop, &isl.check(candidate.get_map())?)? else {
        return Ok(Decision::NoCandidate);
    };
    let root = isl.check(candidate.get_root())?;
    if isl.check(root.n_children())? != 1 {
        return Ok(Decision::NoCandidate);
    }
    let band = isl.check(root.child(0))?;
    if isl.check(band.get_type())? != ScheduleNodeType::Band {
        return Ok(Decision::NoCandidate);
    }
    drop(candidate);
    let band = order_statements(isl, scop, band)?;
    let map = isl.check(isl.check(band.get_schedule())?.get_map())?;
    let n = isl.check(band.band_n_member())?;
    // Time and at least one space member: with two or more, the innermost stays whole
    // (a vector row) and the others are tiled; a 1-D band tiles both.
    if n < 2 || !isl.check(band.band_get_permutable())? {
        return Ok(Decision::NoCandidate);
    }
    let free = innermost_forward_only(isl, &map, validity, n as usize)?;
    // Members by their source loops (`%t`, `(%t, %i)` for a skewed one) in the remark;
    // by index where a loop has no name.
    let members = member_labels(isl, &band, scop)?;
    // Profiled as if the innermost member were parallel, so that `vector_innermost`
    // says whether it is unit-stride (its dependences were judged just above). The
    // candidate itself keeps isl's flags: no parallel mark may land on it.
    let probe = isl.check(isl.check(band.copy())?.band_member_set_coincident(n - 1, 1))?;
    // Every bounded trip count (the tile model's cap would leave jacobi-2d 4096² to the
    // L2 model's sizes instead of the cost estimate's).
    let profile = band_profile_up_to(isl, &probe, accesses, None)?;
    let step_bytes = time_step_bytes(&profile);
    let estimate = time_tile_sizes(&profile, l2_bytes, llc);
    // Points of one time step: the instances of a statement per time step (the skewed
    // members' trip counts are longer than the arrays: a bounding box).
    let step_points = time_steps(isl, scop)?.map(|(_, points)| points);
    let traffic = memory_traffic(step_points, step_bytes, estimate.as_ref(), llc);
    let what = format!("the skewed schedule ({skew})");
    let vector = profile.vector_innermost && !profile.loops_below;
    let keep = if profile.loops_below {
        Some(format!(
            "{what} has loops below its permutable band, so its innermost loop is not one of the band's"
        ))
    } else if !free {
        Some(format!(
            "the innermost loop of {what} carries a dependence inside a time tile from a statement to itself or to one before it in the loop body, so it would not be vectorized (time tiles of scalar rows ran 3.4x slower than program order on jacobi-2d)"
        ))
    } else if !vector {
        Some(format!(
            "the innermost loop of {what} does not step by one element along most accesses, so it would not be vectorized"
        ))
    } else if let Traffic::NotFewer(why) = &traffic {
        Some(why.clone())
    } else {
        None
    };
    match (keep, mode) {
        (Some(why), TimeTile::Auto) => Ok(Decision::Keep(format!(
            "kept the unskewed schedule (no time tiling): {why}"
        ))),
        (why, _) => {
            let nn = n as usize;
            let (sizes, sizing) = match estimate {
                Some(c) => {
                    let text = c.describe(l2_bytes, &members);
                    (c.sizes, text)
                }
                None => {
                    // Unknown trip counts: the model's sizes against L2, the time member
                    // halved until a tile with whole rows fits.
                    let level = crate::tile_model::Level::Inner { parallel };
                    let mut c = crate::tile_model::choose(&profile, l2_bytes, level, cache.vector);
                    if let Some(trip) = profile.trips[nn - 1] {
                        c.sizes[nn - 1] = trip as i64;
                        while c.sizes[0] > 2
                            && crate::tile_model::footprint(&profile, &c.sizes) > l2_bytes
                        {
                            c.sizes[0] = (c.sizes[0] + 1) / 2;
                        }
                        c.footprint = crate::tile_model::footprint(&profile, &c.sizes);
                    }
                    let text = format!(
                        "time tiles (L2 model, the innermost member not tiled): {}",
                        c.describe_named(&members)
                    );
                    (c.sizes, text)
                }
            };
            // The innermost member in its own band below: not tiled, one loop over the
            // whole row.
            // (A 1-D band stays whole: both members are tiled.)
            let (outer, unskewed) = if n >= 3 {
                let split = isl.check(band.band_split(n - 1))?;
                let (split, unskewed) = unskew_innermost(isl, scop, split)?;
                (distribute_innermost(isl, split)?, unskewed)
            } else {
                (band, false)
            };
            let schedule = isl.check(outer.get_schedule())?;
            let reason = match why {
                Some(w) => format!("time-tile=always, although {w}"),
                None => format!(
                    "{}; the innermost loop is unit-stride and carries dependences inside a tile only from a statement to a later one (each statement gets its own innermost loop: vectorizable); only the outer members are tiled{}",
                    traffic.into_text(),
                    if unskewed {
                        ", the innermost not skewed (each statement's row over its own loop's range)"
                    } else {
                        ""
                    }
                ),
            };
            Ok(Decision::TimeTile {
                schedule,
                sizes: sizes[..nn.max(3) - 1].to_vec(),
                why: format!("time-tiled: chose {what} over the unskewed one: {reason}; {sizing}"),
            })
        }
    }
}

/// Orders the statements that share the leaf below `band` (instances at one band
/// point) in program order, by a sequence of one filter per statement: isl's AST would
/// otherwise order them as it likes, and the innermost loop is a vector loop only when
/// each statement it carries a dependence into comes after the dependence's source in
/// the body ([`innermost_forward_only`] checks that order). Returns the band.
fn order_statements(
    isl: &IslCtx,
    scop: &Scop,
    band: ScheduleNode,
) -> Result<ScheduleNode, IslError> {
    let below = isl.check(band.child(0))?;
    if isl.check(below.get_type())? != ScheduleNodeType::Leaf {
        return isl.check(below.parent());
    }
    let domain = isl.check(below.get_domain())?;
    let mut filters: Option<UnionSetList> = None;
    let mut count = 0;
    for st in &scop.statements {
        let own = isl.check(UnionSet::from_set(isl.check(st.domain.copy())?))?;
        let filter = isl.check(own.intersect(isl.check(domain.copy())?))?;
        if isl.check(filter.is_empty())? {
            continue;
        }
        count += 1;
        filters = Some(match filters {
            None => isl.check(UnionSetList::from_union_set(filter))?,
            Some(l) => isl.check(l.add(filter))?,
        });
    }
    match filters {
        Some(list) if count >= 2 => {
            let seq = isl.check(below.insert_sequence(list))?;
            isl.check(seq.parent())
        }
        _ => isl.check(below.parent()),
    }
}

/// The members of the band at `node` by their source loops ([`crate::source_loops`]:
/// `%t`, `(%t, %i)` for a skewed member), or by index where a loop has no name.
fn member_labels(isl: &IslCtx, node: &ScheduleNode, scop: &Scop) -> Result<Vec<String>, IslError> {
    Ok(crate::source_loops::member_names(isl, node, &scop.names)?
        .into_iter()
        .enumerate()
        .map(|(k, name)| name.unwrap_or_else(|| k.to_string()))
        .collect())
}

/// Gives each statement below the outer band `outer` (the time-tiled members) its own
/// innermost loop: the innermost band below it is moved below the sequence of
/// statements ([`order_statements`]), one copy per statement. A row of a time tile then
/// runs the first statement's whole row, then the second's (one row behind), each a
/// plain unit-stride loop like program order's. In one loop, the second statement reads
/// the element the first stored one iteration before: LLVM's vectorizer refuses that
/// (a forward dependence that prevents store-to-load forwarding), and the scalar row
/// ran jacobi-2d 512 x 512 at 0.28x of program order in cache. Legal whenever
/// [`innermost_forward_only`] holds: every dependence the outer members leave to the
/// innermost loop runs from a statement to a later one in the sequence. Returns the
/// outer band.
fn distribute_innermost(isl: &IslCtx, outer: ScheduleNode) -> Result<ScheduleNode, IslError> {
    let inner = isl.check(outer.child(0))?;
    if isl.check(inner.get_type())? != ScheduleNodeType::Band
        || isl.check(inner.n_children())? != 1
        || isl.check(isl.check(isl.check(inner.copy())?.child(0))?.get_type())?
            != ScheduleNodeType::Sequence
    {
        return isl.check(inner.parent());
    }
    // The result sits where the band was: now the sequence, below the outer band.
    let sequence = isl.check(inner.band_sink())?;
    isl.check(sequence.parent())
}

/// Takes the time skew out of the innermost member, the one-member band below the outer
/// (time-tiled) band `outer`: each statement's innermost loop then runs over its own
/// loop's range (`1 to 1023` on jacobi-2d 1024², not `2t + 1 to 2t + 1023` with
/// subscripts `j - 2t`). Legal because the member is not tiled and each statement gets its
/// own loop below the sequence ([`distribute_innermost`]): its order matters only between
/// instances of one statement at equal outer members, where the outermost member (time,
/// a multiple of the statement's outermost loop: checked) is equal, so the dropped term
/// `a x t + c` is too and every distance along the member is unchanged. The skews of
/// the tiled members are isl's and minimal: with the second statement shifted by one
/// (it reads the first's neighbours), a member `a t + x` is legal only for `a >= 2`
/// (jacobi-1d, jacobi-2d, heat-3d: `2t + x`). Measured against the skewed rows (same
/// tiles, 9 interleaved rounds at load 5, paired medians): jacobi-2d 1024² 1.01x, 2048²
/// 1.00x, heat-3d 96³ 1.06x, 128³ 1.03x faster (medians of the times 3-7%); as
/// `affine-loop-normalize` on the skewed code, 1.05-1.07x (7 rounds, load 3-5). Where
/// a coefficient is not
/// one number for every instance, the member is left as it is. Returns the outer band
/// and whether the member was changed.
fn unskew_innermost(
    isl: &IslCtx,
    scop: &Scop,
    outer: ScheduleNode,
) -> Result<(ScheduleNode, bool), IslError> {
    let inner = isl.check(outer.child(0))?;
    if isl.check(inner.get_type())? != ScheduleNodeType::Band
        || isl.check(inner.band_n_member())? != 1
    {
        return Ok((isl.check(inner.parent())?, false));
    }
    let inner_map = isl.check(inner.band_get_partial_schedule_union_map())?;
    let outer_map = isl.check(
        isl.check(isl.check(inner.copy())?.parent())?
            .band_get_partial_schedule_union_map(),
    )?;
    let domain = isl.check(inner.get_domain())?;
    let mut pieces = Vec::new();
    for (s, st) in scop.statements.iter().enumerate() {
        let own = isl.check(UnionSet::from_set(isl.check(st.domain.copy())?))?;
        if isl.check(
            isl.check(own.intersect(isl.check(domain.copy())?))?
                .is_empty(),
        )? {
            continue;
        }
        let k = isl.check(st.domain.dim(isl_rs::DimType::Set))?.max(0) as usize;
        let (Some(time), Some(inner_c)) = (
            member_coefficients(isl, scop, st, &outer_map, 0)?,
            member_coefficients(isl, scop, st, &inner_map, 0)?,
        ) else {
            return Ok((isl.check(inner.parent())?, false));
        };
        // The outermost member: a multiple of the statement's outermost loop only.
        if k < 2 || time[0] == 0 || time[1..].iter().any(|&c| c != 0) {
            return Ok((isl.check(inner.parent())?, false));
        }
        let expr = (1..k)
            .filter(|&d| inner_c[d] != 0)
            .map(|d| SchedExpr::Iter(d).scaled(inner_c[d]))
            .reduce(SchedExpr::plus)
            .unwrap_or(SchedExpr::Const(0));
        pieces.push((s, expr));
    }
    if pieces.is_empty() {
        return Ok((isl.check(inner.parent())?, false));
    }
    let rows: Vec<(usize, &SchedExpr)> = pieces.iter().map(|(s, e)| (*s, e)).collect();
    let member = member_function(isl, &scop.statements, &rows)?;
    let mupa = isl.check(isl_rs::MultiUnionPwAff::from_union_pw_aff(member))?;
    let below = isl.check(inner.delete())?;
    let band = isl.check(below.insert_partial_schedule(mupa))?;
    Ok((isl.check(band.parent())?, true))
}

/// Per dimension of statement `st`'s domain, the coefficient of that loop in member
/// `member` of `map` (a partial schedule over the statements): the change of the member
/// when the loop steps by one, the others fixed, over the domain; 0 for a loop with one
/// value. `None` when it is not one number (a piecewise schedule).
fn member_coefficients(
    isl: &IslCtx,
    scop: &Scop,
    st: &crate::scop::Statement,
    map: &UnionMap,
    member: usize,
) -> Result<Option<Vec<i64>>, IslError> {
    let k = isl.check(st.domain.dim(isl_rs::DimType::Set))?.max(0) as usize;
    let mut out = Vec::with_capacity(k);
    for a in 0..k {
        let Some(deltas) = step_deltas(isl, scop, st, map, a, Step::Unit)? else {
            out.push(0);
            continue;
        };
        match crate::isl::dim_range(isl, &deltas, member)? {
            (Some(lo), Some(hi)) if lo == hi => out.push(lo),
            _ => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// How far loop `a` steps in [`step_deltas`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// By one iteration.
    Unit,
    /// By any number of iterations.
    Any,
}

/// The changes of `schedule` (over the statements) when loop `a` of statement `st`
/// steps (`step`), its other loops fixed, over its domain: a set in the schedule's
/// space; `None` when no two instances are that far apart along `a`.
pub(super) fn step_deltas(
    isl: &IslCtx,
    scop: &Scop,
    st: &crate::scop::Statement,
    schedule: &UnionMap,
    a: usize,
    step: Step,
) -> Result<Option<Set>, IslError> {
    let k = isl.check(st.domain.dim(isl_rs::DimType::Set))?.max(0) as usize;
    let domain = isl.check(UnionSet::from_set(isl.check(st.domain.copy())?))?;
    let name = &st.name;
    let src: Vec<String> = (0..k).map(|d| format!("x{d}")).collect();
    let dst: Vec<String> = (0..k).map(|d| format!("y{d}")).collect();
    let rel: Vec<String> = (0..k)
        .filter(|&b| b != a || step == Step::Unit)
        .map(|b| {
            if b == a {
                format!("y{b} = x{b} + 1")
            } else {
                format!("y{b} = x{b}")
            }
        })
        .collect();
    let step = isl.union_map(&format!(
        "{}{{ {name}[{}] -> {name}[{}] : {} }}",
        scop.param_prefix(),
        src.join(", "),
        dst.join(", "),
        if rel.is_empty() {
            "true".to_string()
        } else {
            rel.join(" and ")
        }
    ))?;
    let step = isl.check(step.intersect_domain(isl.check(domain.copy())?))?;
    let step = isl.check(step.intersect_range(domain))?;
    let pairs = isl.check(isl.check(schedule.copy())?.reverse())?;
    let pairs = isl.check(pairs.apply_range(step))?;
    let pairs = isl.check(pairs.apply_range(isl.check(schedule.copy())?))?;
    if isl.check(pairs.is_empty())? {
        return Ok(None);
    }
    Ok(Some(
        isl.check(Set::from_union_set(isl.check(pairs.deltas())?))?,
    ))
}

/// Whether the innermost member of the leading band of `map` (dimension `n - 1`) can
/// be vectorized as far as the dependences of `validity` go: every dependence it carries
/// (zero distance on members `0..n-1`, non-zero on `n - 1`) runs from a statement to a
/// later one in the loop body (a positive distance in the sequence dimension after the
/// band), which a vector loop keeps (the whole source vector is stored before the sink's
/// vector is loaded); a dependence of a statement on itself, or on a later statement,
/// carried by the loop is a recurrence.
fn innermost_forward_only(
    isl: &IslCtx,
    map: &UnionMap,
    validity: &UnionMap,
    n: usize,
) -> Result<bool, IslError> {
    let deps = isl.check(
        isl.check(validity.copy())?
            .apply_domain(isl.check(map.copy())?),
    )?;
    let deps = isl.check(deps.apply_range(isl.check(map.copy())?))?;
    if isl.check(deps.is_empty())? {
        return Ok(true);
    }
    let deltas = isl.check(Set::from_union_set(isl.check(deps.deltas())?))?;
    let dims = isl.check(deltas.dim(isl_rs::DimType::Set))?.max(0) as usize;
    let vars: Vec<String> = (0..dims).map(|d| format!("d{d}")).collect();
    let mut cons: Vec<String> = (0..n - 1).map(|d| format!("d{d} = 0")).collect();
    cons.push(format!("d{} != 0", n - 1));
    if dims > n {
        // Not forward in the body.
        cons.push(format!("d{n} <= 0"));
    }
    let bad = isl.set(&format!(
        "{{ [{}] : {} }}",
        vars.join(", "),
        cons.join(" and ")
    ))?;
    let bad = isl.check(deltas.intersect(bad))?;
    isl.check(bad.is_empty())
}

/// Whether the unskewed schedule loses enough of a time step from the last-level cache
/// (`llc`) for time tiles to have something to save, the first test of
/// [`memory_traffic`], made before isl computes the candidate (on heat-3d that run costs
/// more than the rest of the pass); logs the remark when it does not. A band of time
/// tiles brings its grid from memory once (the estimate's conservative count), at best
/// once for all the time steps: time tiles cannot bring fewer bytes than the unskewed
/// schedule unless it loses more than `1 / steps` of every step (`steps`: the trip count
/// of the time loop, at most [`MAX_TIME_SIZE`]; 2 when unknown).
pub(super) fn large_enough(
    isl: &IslCtx,
    scop: &Scop,
    accesses: &[ModelAccess],
    llc: Llc,
    log: &std::sync::Mutex<Vec<String>>,
) -> Result<bool, IslError> {
    let bytes = accessed_bytes(isl, accesses)?;
    let steps = time_steps(isl, scop)?.map_or(2, |(t, _)| t.clamp(2, MAX_TIME_SIZE as u64));
    let Some(b) = bytes else {
        return Ok(true);
    };
    let m = llc.sweep_miss_fraction(b);
    if m * steps as f64 > 1.0 {
        return Ok(true);
    }
    if let Ok(mut l) = log.lock() {
        l.push(format!(
            "kept the unskewed schedule (no time tiling): one time step touches {b} B, reused one step later: {:.1}% of its lines are evicted from the last-level cache ({}) by then, no more than one in {steps} (the time steps): time tiles, which bring the grid from memory at least once, would save no memory traffic; no skewed candidate computed",
            100.0 * m,
            llc.describe()
        ));
    }
    Ok(false)
}

/// The time steps of the SCoP's first statement (the range of its outermost loop, the
/// time loop a stencil's candidate tiles) and its instances per time step (the product
/// of its other loops' ranges); `None` when a range is unknown.
fn time_steps(isl: &IslCtx, scop: &Scop) -> Result<Option<(u64, u64)>, IslError> {
    let Some(st) = scop.statements.first() else {
        return Ok(None);
    };
    let rank = isl.check(st.domain.dim(isl_rs::DimType::Set))?.max(0) as usize;
    let mut ranges = Vec::with_capacity(rank);
    for d in 0..rank {
        match crate::isl::dim_range(isl, &st.domain, d)? {
            (Some(lo), Some(hi)) => ranges.push((hi - lo + 1).max(0) as u64),
            _ => return Ok(None),
        }
    }
    let Some((&steps, space)) = ranges.split_first() else {
        return Ok(None);
    };
    Ok(Some((
        steps,
        space.iter().fold(1u64, |a, &r| a.saturating_mul(r)),
    )))
}

/// Bytes of the arrays `accesses` touch (per array, the box around every access's
/// accessed range), summed; `None` when a range is unbounded. Cheap (no schedule).
fn accessed_bytes(isl: &IslCtx, accesses: &[ModelAccess]) -> Result<Option<u64>, IslError> {
    // Per array: element bytes and the box (lowest, highest index per dimension).
    let mut boxes: Vec<(String, u64, Vec<(i64, i64)>)> = Vec::new();
    for a in accesses {
        let Some(bytes) = a.element_bytes else {
            continue;
        };
        let range = isl.check(isl.check(a.relation.copy())?.range())?;
        let image = isl.check(Set::from_union_set(range))?;
        let name = match image.get_tuple_name() {
            Ok(n) => n.to_string(),
            Err(_) => continue,
        };
        let rank = isl.check(image.dim(isl_rs::DimType::Set))?.max(0) as usize;
        let mut b = Vec::with_capacity(rank);
        for d in 0..rank {
            match crate::isl::dim_range(isl, &image, d)? {
                (Some(lo), Some(hi)) if hi >= lo => b.push((lo, hi)),
                _ => return Ok(None),
            }
        }
        match boxes.iter_mut().find(|(n, _, _)| *n == name) {
            Some((_, _, old)) => {
                for (o, n) in old.iter_mut().zip(&b) {
                    *o = (o.0.min(n.0), o.1.max(n.1));
                }
            }
            None => boxes.push((name, bytes, b)),
        }
    }
    Ok(Some(
        boxes
            .iter()
            .map(|(_, bytes, b)| {
                b.iter().fold(*bytes, |acc, (lo, hi)| {
                    acc.saturating_mul((hi - lo + 1) as u64)
                })
            })
            .sum(),
    ))
}

/// The shape of the last-level cache that the time-tiling decision needs besides its
/// size (`l3-cache-size`): its associativity and how many CPUs share it. From the target
/// machine ([`lattice_ir::target::Machine`]: `l3_ways`, `l3_sharers`); options `l3-ways=`
/// and `l3-sharers=` override it. (The line size cancels out of the model.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LlcShape {
    /// Ways of each set.
    pub ways: u64,
    /// CPUs sharing the cache (each may run a program streaming its own data).
    pub sharers: u64,
}

impl Default for LlcShape {
    /// The reference machine's ([`lattice_ir::target::Machine::default`]).
    fn default() -> Self {
        LlcShape::from_machine(&lattice_ir::target::Machine::default())
    }
}

impl LlcShape {
    /// The last-level cache shape of `machine`.
    pub fn from_machine(machine: &lattice_ir::target::Machine) -> LlcShape {
        LlcShape {
            ways: machine.l3_ways,
            sharers: machine.l3_sharers,
        }
    }

    /// The ways of each set a program keeps while every sharer streams its own data:
    /// an equal part of each set (at least one).
    fn own_ways(&self) -> u64 {
        (self.ways / self.sharers.max(1)).max(1)
    }
}

/// The last-level cache of `bytes` bytes shaped `shape`, as the time-tiling decision
/// models it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Llc {
    /// Bytes.
    pub bytes: u64,
    /// Ways and sharers.
    pub shape: LlcShape,
}

impl Llc {
    /// The fraction of the lines of a cyclic sweep over `data` bytes (every line touched
    /// once per sweep, in the same order each time: a time step of the unskewed schedule)
    /// that are no longer in this cache when the next sweep reaches them.
    ///
    /// The model: the sweep's lines land in the cache's `bytes / (line x ways)` sets
    /// like balls in bins (physical pages are scattered), so the lines per set are
    /// Poisson with mean `lambda = data / (line x sets)`. The program keeps `w` ways of
    /// each set ([`LlcShape::own_ways`]: with every sharer busy, an equal part). A set
    /// holding at most `w` lines of the sweep keeps them all until the next sweep; one
    /// holding more loses every one of them (a cyclic order evicts each line, least
    /// recently used, just before its reuse). The lines of such sets, as a fraction of
    /// all, are `P(X >= w)` for `X ~ Poisson(lambda)` (the sum over `k > w` of
    /// `k P(k) / lambda`).
    ///
    /// Checked with `scripts/bench_stencil.sh --sweep` (a two-array cyclic sweep, the
    /// fraction evicted read off its time per point between the in-cache and the
    /// out-of-cache rates) on the 2-CPU VM this was written on (32 MB, 16 ways, 2
    /// sharers: `w = 8`, `lambda` = data / 2 MB): with the other CPU busy (load 3-4) 8,
    /// 12, 16 and 20 MB sweeps lost about 10, 25, 38 and 85% (the model: 5, 26, 55 and
    /// 78%); on a quieter machine (load 1.3-1.9) 3, 10, 17 and 36%, between this model
    /// and the one-sharer model (0, 0, 1 and 5%). The model assumes every sharer busy,
    /// the cheaper side to err on: time tiles that were not needed ran at 0.98-1.02x of
    /// the unskewed schedule on jacobi-2d in cache (heat-3d 48³ 0.89x), an evicted step
    /// cost up to 2x untiled (jacobi-2d 1024²).
    pub fn sweep_miss_fraction(&self, data: u64) -> f64 {
        // data / (line x sets), sets = bytes / (line x ways): the line size cancels.
        let lambda = data as f64 * self.shape.ways.max(1) as f64 / self.bytes.max(1) as f64;
        poisson_tail(lambda, self.shape.own_ways())
    }

    /// The text of the model for remarks: `32 MB, 16 ways shared by 2 CPUs (8 each)`.
    fn describe(&self) -> String {
        format!(
            "{} B, {} ways shared by {} CPU{}: {} ways of each set its own",
            self.bytes,
            self.shape.ways,
            self.shape.sharers,
            if self.shape.sharers == 1 { "" } else { "s" },
            self.shape.own_ways()
        )
    }
}

/// `P(X >= k)` for `X ~ Poisson(lambda)`.
fn poisson_tail(lambda: f64, k: u64) -> f64 {
    if lambda <= 0.0 {
        return if k == 0 { 1.0 } else { 0.0 };
    }
    // 1 - P(X < k), the terms summed in order (k is a number of ways: small).
    let mut term = (-lambda).exp();
    let mut below = 0.0;
    for j in 0..k {
        below += term;
        term *= lambda / (j + 1) as f64;
    }
    (1.0 - below).clamp(0.0, 1.0)
}

/// The cost comparison between the unskewed schedule and time tiles: the bytes each
/// brings from memory per point of a time step (one instance of each statement).
///
/// The unskewed schedule runs every time step over the whole grid: a line of any array
/// the step touches is reused one step later, after every other line the step touches
/// has passed through the cache (its reuse distance is the step's `step_bytes`, all the
/// arrays live across the step: jacobi-2d's `A` and `B`). The fraction of those lines
/// the last-level cache has evicted by then is [`Llc::sweep_miss_fraction`]; they come
/// from memory, `m x step_bytes / step_points` bytes per point. Time tiles bring the
/// estimate of [`TimeTileSizes::memory`] (each tile its own data and the halo it shares
/// with the tiles run before it, where that is no longer in the cache; each time band
/// its grid once). Time tiles are chosen when that is fewer bytes ([`Traffic::Fewer`]:
/// the saving, for the remark; [`Traffic::NotFewer`]: why not). With unknown trip counts
/// there is no per-point estimate: time tiles are taken when more than half of a step's
/// lines miss.
fn memory_traffic(
    step_points: Option<u64>,
    step_bytes: Option<u64>,
    estimate: Option<&TimeTileSizes>,
    llc: Llc,
) -> Traffic {
    let Some(step) = step_bytes else {
        return Traffic::NotFewer(
            "the data one time step touches is unknown, so no saving of memory traffic can be estimated"
                .to_string(),
        );
    };
    let m = llc.sweep_miss_fraction(step);
    let cache = llc.describe();
    let lost = format!(
        "one time step touches {step} B, reused one step later: {:.1}% of its lines are evicted from the last-level cache ({cache}) by then",
        100.0 * m
    );
    let unskewed = step_points.map(|p| m * step as f64 / p.max(1) as f64);
    match (unskewed, estimate) {
        (Some(u), Some(e)) if e.memory >= u => Traffic::NotFewer(format!(
            "{lost}, so the unskewed schedule brings {u:.2} B per point from memory, time tiles no fewer ({:.2} B)",
            e.memory
        )),
        (Some(u), Some(e)) => Traffic::Fewer(format!(
            "{lost}, so the unskewed schedule brings {u:.2} B per point from memory, time tiles {:.2} B (their halos shared with the tiles run before where those stay in the cache; estimate below)",
            e.memory
        )),
        _ if m > 0.5 => Traffic::Fewer(format!(
            "{lost}, so the unskewed schedule brings most of every time step from memory (trip counts unknown: no per-point estimate)"
        )),
        _ => Traffic::NotFewer(format!(
            "{lost}: most of every time step streams from that cache (trip counts unknown: no per-point estimate of time tiles)"
        )),
    }
}

/// What [`memory_traffic`] estimates, with the words of the remark.
#[derive(Debug)]
enum Traffic {
    /// Time tiles bring fewer bytes from memory than the unskewed schedule.
    Fewer(String),
    /// They do not, or no saving can be estimated.
    NotFewer(String),
}

impl Traffic {
    /// The words of the remark.
    fn into_text(self) -> String {
        match self {
            Traffic::Fewer(t) | Traffic::NotFewer(t) => t,
        }
    }
}

/// Bytes of the arrays the band touches (per array, the box of its accessed range, the
/// largest over its groups), summed; `None` when an extent is unknown. For a band whose
/// outer member is time, what one time step touches.
fn time_step_bytes(profile: &BandProfile) -> Option<u64> {
    let mut per_array: Vec<(&str, u64)> = Vec::new();
    for g in &profile.groups {
        let elements = g
            .full
            .iter()
            .try_fold(1u64, |acc, e| e.map(|e| acc.saturating_mul(e)))?;
        let bytes = elements.saturating_mul(g.bytes);
        match per_array.iter_mut().find(|(a, _)| *a == g.array) {
            Some((_, b)) => *b = (*b).max(bytes),
            None => per_array.push((&g.array, bytes)),
        }
    }
    Some(per_array.iter().map(|(_, b)| b).sum())
}

/// Gives each statement of the innermost loop of the (time-tiled) schedule at `root`
/// its own loop where the statements still share it (a 1-D band: its point band is
/// tiled, so [`distribute_innermost`] could not split it before tiling), as
/// [`distribute_innermost`] does; where there is no sequence below, generates the
/// innermost loop `separate`: the statements of a time tile run over shifted ranges of
/// it, and isl would otherwise guard each statement inside the loop (an `affine.if` per
/// iteration, which keeps LLVM from vectorizing it); separate splits the loop where the
/// statements change, so the full middle piece runs them unguarded. Returns the root.
pub(super) fn separate_innermost(
    isl: &IslCtx,
    root: ScheduleNode,
) -> Result<ScheduleNode, IslError> {
    // The deepest band on the path of first children holds the innermost member.
    let mut node = root;
    let mut depth = 0;
    let mut deepest = None;
    loop {
        if isl.check(node.get_type())? == ScheduleNodeType::Band {
            deepest = Some(depth);
        }
        if isl.check(node.n_children())? == 0 {
            break;
        }
        node = isl.check(node.child(0))?;
        depth += 1;
    }
    let Some(target) = deepest else {
        while depth > 0 {
            node = isl.check(node.parent())?;
            depth -= 1;
        }
        return Ok(node);
    };
    while depth > target {
        node = isl.check(node.parent())?;
        depth -= 1;
    }
    let n = isl.check(node.band_n_member())?;
    let below = isl.check(isl.check(node.copy())?.child(0))?;
    if isl.check(below.get_type())? == ScheduleNodeType::Sequence {
        // A 1-D band's point band over both statements: its last member becomes each
        // statement's own loop, as `distribute_innermost` does for wider bands.
        if n >= 2 {
            node = isl.check(isl.check(node.band_split(n - 1))?.child(0))?;
            depth += 1;
        }
        node = isl.check(node.band_sink())?;
    } else {
        node =
            isl.check(node.band_member_set_ast_loop_type(n - 1, isl_rs::ASTLoopType::Separate))?;
    }
    while depth > 0 {
        node = isl.check(node.parent())?;
        depth -= 1;
    }
    Ok(node)
}

/// Why the band at `node` (measured as `profile`) is a streaming stencil that the tile
/// model's `choice` should not tile spatially, or `None`. A streaming stencil: every
/// member parallel (one Jacobi-style time step), no loops below the band, every trip
/// count known, the innermost member a unit-stride vector loop, every access group
/// moving along every member by a step along exactly one array dimension (a row or
/// plane loop, not a diagonal of a skewed or wavefront band; and no array invariant
/// along a member, so the only reuse is the overlap of neighbouring rows or planes,
/// `A[i - 1]`, `A[i]`, `A[i + 1]`), and for every outer member that carries reuse, two of
/// its iterations with the members inside it whole fit `l2` bytes. That reuse window (a
/// few rows) then stays in L2 untiled while the hardware prefetcher streams the rows in;
/// spatial tiles only cut the unit-stride rows short and re-read the halo of every tile
/// (jacobi-2d 1024 x 1024 tiled [256, 680]: 0.62-0.86x of program order). A band with an
/// invariant group (matmul's `B[k][j]` along `i`, a vector along a matrix-vector row
/// loop) reuses whole arrays and is left to the model, and so is an in-place
/// Gauss-Seidel sweep (seidel-2d: a skewed band whose members carry dependences).
pub(super) fn streaming_stencil(
    isl: &IslCtx,
    node: &ScheduleNode,
    profile: &BandProfile,
    choice: &crate::tile_model::TileChoice,
    l2: u64,
    members: &[String],
) -> Result<Option<String>, IslError> {
    let n = profile.trips.len();
    if n < 2 || choice.untiled() || profile.loops_below || !profile.vector_innermost {
        return Ok(None);
    }
    // Every member parallel: one (Jacobi-style) time step. A band that carries a
    // dependence (an in-place Gauss-Seidel sweep, a skewed band over time) reuses data
    // across the dependence and is left to the model.
    for k in 0..n {
        if !isl.check(node.band_member_get_coincident(k as i32))? {
            return Ok(None);
        }
    }
    Ok(stencil_window(profile, choice, l2, members))
}

/// [`streaming_stencil`] past its schedule tests: the access groups and the window.
fn stencil_window(
    profile: &BandProfile,
    choice: &crate::tile_model::TileChoice,
    l2: u64,
    members: &[String],
) -> Option<String> {
    let name = |k: usize| members.get(k).cloned().unwrap_or_else(|| k.to_string());
    let n = profile.trips.len();
    let trips: Vec<i64> = profile
        .trips
        .iter()
        .map(|t| t.map(|t| t as i64))
        .collect::<Option<_>>()?;
    let mut windows = Vec::new();
    for k in 0..n {
        for g in &profile.groups {
            if g.lone.get(k).copied().unwrap_or(false) {
                continue;
            }
            let step = g.steps.get(k)?;
            // Along one array dimension only: a row or plane loop, not a diagonal (a
            // skewed or wavefront band).
            if step.iter().any(|s| s.is_none())
                || step.iter().filter(|s| **s != Some(0)).count() != 1
            {
                return None;
            }
        }
        if k + 1 == n {
            break;
        }
        let probe = |iters: i64| -> Vec<i64> {
            (0..n)
                .map(|j| match j.cmp(&k) {
                    std::cmp::Ordering::Less => 1,
                    std::cmp::Ordering::Equal => iters.min(trips[k]),
                    std::cmp::Ordering::Greater => trips[j],
                })
                .collect()
        };
        let one = crate::tile_model::footprint(profile, &probe(1));
        let two = crate::tile_model::footprint(profile, &probe(2));
        if two >= 2 * one {
            continue;
        }
        if two > l2 {
            return None;
        }
        windows.push(format!("{}: {two} B", name(k)));
    }
    if windows.is_empty() {
        return None;
    }
    Some(format!(
        "not tiled (streaming stencil): every array moves along every outer member, so the only reuse is between neighbouring rows or planes, and that window fits the {l2} B L2 untiled (two iterations of member {}): the rows stream through the cache whole, where the L1 model's tiles [{}] would cut them short and re-read each tile's halo (jacobi-2d 1024 x 1024 tiled [256, 680]: 0.62-0.86x of program order), trip counts [{}]",
        windows.join(", member "),
        choice.sizes.iter().enumerate().map(|(k, s)| format!("{}: {s}", name(k))).collect::<Vec<_>>().join(", "),
        profile.trips.iter().map(|t| t.map_or("?".to_string(), |t| t.to_string())).collect::<Vec<_>>().join(", ")
    ))
}

/// Time-tile sizes chosen by [`time_tile_sizes`], with the estimate behind them.
struct TimeTileSizes {
    /// Per band member: time, the tiled space members, the innermost member whole.
    sizes: Vec<i64>,
    /// Bytes two time steps of one tile touch (at most L2).
    window: u64,
    /// Bytes one tile touches.
    footprint: u64,
    /// Band points one tile runs.
    points: u64,
    /// The estimate (bytes brought into L2 per band point).
    cost: f64,
    /// The estimate at a time size of 2, for the remark.
    at_two: f64,
    /// Bytes brought from memory per band point ([`tile_memory_bytes`]).
    memory: f64,
}

impl TimeTileSizes {
    /// The remark's text; `members`: the band members' names.
    fn describe(&self, l2: u64, members: &[String]) -> String {
        let list: Vec<String> = self.sizes.iter().map(|s| s.to_string()).collect();
        let innermost = members.last().cloned().unwrap_or_default();
        format!(
            "time tiles [{}] for [{}] (cost): {}, and the time size with the fewest bytes brought into L2 per band point ({:.2} B: tiles of {} B and {} points; {:.2} B at 2 time steps); {}",
            list.join(", "),
            members.join(", "),
            if self.window <= l2 {
                format!("the largest space size whose two time steps fit L2 ({} B <= {l2} B: each time step of a tile reuses the previous one's rows from L2)", self.window)
            } else {
                format!("the smallest space size (two time steps of it exceed L2: {} B > {l2} B)", self.window)
            },
            self.cost,
            self.footprint,
            self.points,
            self.at_two,
            if self.sizes.len() == 2 {
                format!("a 1-D band: its space member {innermost} is tiled in long vector rows")
            } else {
                format!("the innermost member {innermost} is not tiled")
            },
        )
    }
}

/// The smallest space size of a 1-D time tile (a row of a vector loop).
const ROW_SIZE: i64 = 256;
/// The largest time size tried for a time tile.
const MAX_TIME_SIZE: i64 = 1024;
/// The largest space size tried for a time tile.
const MAX_SPACE_SIZE: i64 = 256;

/// Time-tile sizes for the skewed band `profile` (time first, the innermost member kept
/// whole) by a cost estimate of the data a tile brings into L2; `None` when a trip count
/// is unknown. Inside a time tile, time step `t + 1` reads the rows step `t` wrote: that
/// reuse stays in L2 when two time steps of the tile fit `l2`, so the space members get
/// the largest size (the same for each, in steps of [`crate::tile_model::SIZE_STEP`],
/// at least that step) whose two-step footprint fits. Each tile then brings its
/// footprint into L2 once: the time size is the one with the fewest such bytes per band
/// point, `ceil(trips / T) x footprint(T) / (trips x space points)` (a partial last
/// tile along time costs a whole one), which weighs the reuse of longer tiles
/// against the skewed halo each time step adds (on a 2-D grid the halo grows by rows,
/// so longer is better up to the trip count; on a 3-D grid it grows by planes and the
/// estimate has an interior minimum). Among sizes within 2% of the minimum the
/// smallest wins (fewer skewed partial tiles). A 1-D band (jacobi-1d) tiles its only
/// space member too, in rows of a power of two elements from [`ROW_SIZE`] (long vector
/// loops), the longest whose two time steps fit.
fn time_tile_sizes(profile: &BandProfile, l2: u64, llc: Llc) -> Option<TimeTileSizes> {
    let n = profile.trips.len();
    if n < 2 {
        return None;
    }
    // A 1-D stencil (time and one space member) tiles its innermost member too, in
    // long vector rows (powers of two from ROW_SIZE); otherwise the innermost is whole.
    let one_d = n == 2;
    // The time member and a whole innermost member need their trip counts; a tiled
    // space member may be longer than the model counts (its footprint is capped by the
    // arrays' extents).
    let trips: Vec<i64> = profile
        .trips
        .iter()
        .enumerate()
        .map(|(k, t)| match t {
            Some(t) => Some((*t as i64).max(1)),
            None if k > 0 && (one_d || k + 1 < n) => Some(1 << 40),
            None => None,
        })
        .collect::<Option<_>>()?;
    let sized = |t: i64, s: i64| -> Vec<i64> {
        (0..n)
            .map(|k| {
                if k == 0 {
                    t.min(trips[0])
                } else if k + 1 == n && !one_d {
                    trips[k]
                } else {
                    s.min(trips[k])
                }
            })
            .collect()
    };
    let fp = |v: &[i64]| crate::tile_model::footprint(profile, v);
    let space_max = trips[1..n.max(3) - 1].iter().copied().max().unwrap_or(1);
    let (first, max, next): (i64, i64, fn(i64) -> i64) = if one_d {
        (ROW_SIZE, i64::MAX, |s| s * 2)
    } else {
        (crate::tile_model::SIZE_STEP, MAX_SPACE_SIZE, |s| {
            s + crate::tile_model::SIZE_STEP
        })
    };
    let mut space = first.min(space_max);
    let mut s = next(space);
    while s <= max && space < space_max && fp(&sized(2, s)) <= l2 {
        space = s.min(space_max);
        s = next(s);
    }
    let points = |v: &[i64]| -> u64 { v.iter().map(|&x| x.max(1) as u64).product() };
    // Per band point over the whole time range: ceil(trips / T) tiles along time (a
    // partial last tile counted whole), each bringing its footprint.
    let per_point = |t: i64| -> f64 {
        let v = sized(t, space);
        let tiles = (trips[0] + v[0] - 1) / v[0];
        (tiles as f64 * fp(&v) as f64) / (points(&v) as f64 / v[0] as f64 * trips[0] as f64)
    };
    let costs: Vec<(i64, f64)> = (2..=trips[0].clamp(2, MAX_TIME_SIZE))
        .map(|t| (t, per_point(t)))
        .collect();
    let best = costs.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
    let (time, _) = *costs.iter().find(|c| c.1 <= best * 1.02)?;
    let sizes = sized(time, space);
    let tiled: Vec<usize> = (1..if one_d { n } else { n - 1 }).collect();
    let memory = tile_memory_bytes(profile, &sizes, &trips, &tiled, llc);
    Some(TimeTileSizes {
        window: fp(&sized(2, space)),
        footprint: fp(&sizes),
        points: points(&sizes),
        cost: per_point(time),
        at_two: per_point(2),
        memory,
        sizes,
    })
}

/// Bytes a time tile of `sizes` (band members' trip counts `trips`; the space members
/// `tiled` tiled, outermost first) brings from memory per band point, its halos shared
/// with the neighbouring tiles run before it where those are still in the last-level
/// cache `llc`.
///
/// A tile shares with its neighbour along a tiled space member `d` (the tile before it
/// along `d`) the data both touch: its halo along `d`. That neighbour ran as recently as
/// a row of tiles along the members inside `d` (for the innermost tiled member, just one
/// tile): the halo is still cached unless the row's data evicted it, which happens to a
/// fraction [`Llc::sweep_miss_fraction`] of the row's footprint (`r_d = 1 - m(row)` is
/// kept). The tile's data new against a set `U` of neighbours is the mixed difference of
/// the footprint over `U` (inclusion-exclusion over the tile with the members of `U`
/// doubled: `fp(2S) - fp(S)` for one member, the data of the tile not in the
/// neighbour's), so the expected new data is the sum over subsets `U` of the tiled
/// members of `P(exactly U kept) x D_U`. Along time, each band of time tiles is counted
/// as bringing its own data from memory (the previous band ran over the whole grid, a
/// reuse distance the unskewed schedule loses as well): conservative by one grid read
/// per time band, which stands for the costs the estimate does not count (skewed partial
/// tiles, shorter loops). The last time band counts whole when the time size does not
/// divide the time steps. Jacobi-2d 1024²: a tile [20, 56, whole] reads its 56 new rows
/// of `A` and `B` once per 20 steps, 0.83 B per point; heat-3d 128³ [10, 16, 16, whole]
/// 2.54 B (all 10 steps in one band: the grid once, 1.66 B, and the halo along `i` that
/// a row of tiles, 10 MB, partly evicts); each tile's halo counted whole gave 1.40 B and
/// 6.41 B. Checked against time per point (`bench_stencil.sh`, load 6): the unskewed
/// jacobi-2d 2048² pays 0.093 ns per byte of its estimate over its in-cache time (2.16
/// against 0.66 ns per point, 16 B); at that rate heat-3d 128³ time tiles predict 1.54
/// ns per point (1.31 in cache + 2.54 B), measured 1.39-1.47 (the whole-halo count
/// predicted 1.90), heat-3d 96³ 1.49, measured 1.39-1.52, jacobi-2d 768²-1024² 0.72,
/// measured 0.71-0.75. Jacobi-2d 2048² time tiles ran 0.86 ns: their tiles (2 MB)
/// overflow L2, L3 traffic this estimate does not count (the L2 estimate, 2.15 B, does).
fn tile_memory_bytes(
    profile: &BandProfile,
    sizes: &[i64],
    trips: &[i64],
    tiled: &[usize],
    llc: Llc,
) -> f64 {
    let fp = |v: &[i64]| crate::tile_model::footprint(profile, v) as f64;
    // Kept fraction of the halo along each tiled member: the footprint between the
    // neighbour and this tile is a row of tiles along the members inside it.
    let kept: Vec<f64> = tiled
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            if sizes[d] >= trips[d] {
                // One tile along `d`: no neighbour.
                return 0.0;
            }
            let mut row = sizes.to_vec();
            for &e in &tiled[i + 1..] {
                row[e] = trips[e];
            }
            1.0 - llc.sweep_miss_fraction(fp(&row) as u64)
        })
        .collect();
    let k = tiled.len();
    let mut expected = 0.0;
    for u in 0..1u32 << k {
        let p: f64 = (0..k)
            .map(|i| {
                if u >> i & 1 == 1 {
                    kept[i]
                } else {
                    1.0 - kept[i]
                }
            })
            .product();
        if p == 0.0 {
            continue;
        }
        // D_U = sum over V subset of U of (-1)^(|U| - |V|) fp(sizes, members of V doubled).
        let mut d_u = 0.0;
        let mut v = u;
        loop {
            let mut doubled = sizes.to_vec();
            for (i, &d) in tiled.iter().enumerate() {
                if v >> i & 1 == 1 {
                    doubled[d] = sizes[d] * 2;
                }
            }
            let sign = if (u.count_ones() - v.count_ones()) % 2 == 0 {
                1.0
            } else {
                -1.0
            };
            d_u += sign * fp(&doubled);
            if v == 0 {
                break;
            }
            v = (v - 1) & u;
        }
        expected += p * d_u.max(0.0);
    }
    let points: f64 = sizes.iter().map(|&x| x.max(1) as f64).product();
    let bands = (trips[0] + sizes[0] - 1) / sizes[0].max(1);
    expected / points * (bands * sizes[0]) as f64 / trips[0].max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile_model::Group;
    use expect_test::expect;

    /// This VM's last-level cache: 32 MB, 16 ways, shared by 2 CPUs.
    const VM: Llc = Llc {
        bytes: 32 << 20,
        shape: LlcShape {
            ways: 16,
            sharers: 2,
        },
    };

    #[test]
    fn poisson_tails() {
        // P(X >= 0) = 1; P(X >= 1) = 1 - e^-lambda; mean 8, 8 ways: about half.
        assert_eq!(poisson_tail(3.0, 0), 1.0);
        assert!((poisson_tail(2.0, 1) - (1.0 - (-2.0f64).exp())).abs() < 1e-12);
        assert!((poisson_tail(8.0, 8) - 0.5470).abs() < 1e-4);
        assert_eq!(poisson_tail(0.0, 4), 0.0);
    }

    #[test]
    fn a_time_step_is_evicted_as_it_outgrows_its_ways_of_the_cache() {
        // jacobi-2d time steps (2 arrays of n² f64) and a 1-D sweep of 64 MB: the
        // fraction of a step's lines evicted before the next step, on this VM's L3 (8 of
        // the 16 ways each) and on the same cache with one CPU (all 16 ways).
        let alone = Llc {
            shape: LlcShape {
                sharers: 1,
                ..VM.shape
            },
            ..VM
        };
        let rows: Vec<String> = [512u64, 640, 704, 768, 896, 1024, 2048]
            .iter()
            .map(|n| (format!("{n}²"), 16 * n * n))
            .chain([("64 MB".to_string(), 64 << 20)])
            .map(|(name, bytes)| {
                format!(
                    "{name}: {bytes} B: {:.3} shared, {:.3} alone",
                    VM.sweep_miss_fraction(bytes),
                    alone.sweep_miss_fraction(bytes)
                )
            })
            .collect();
        expect![[r#"
            512²: 4194304 B: 0.001 shared, 0.000 alone
            640²: 6553600 B: 0.015 shared, 0.000 alone
            704²: 7929856 B: 0.039 shared, 0.000 alone
            768²: 9437184 B: 0.087 shared, 0.000 alone
            896²: 12845056 B: 0.273 shared, 0.001 alone
            1024²: 16777216 B: 0.547 shared, 0.008 alone
            2048²: 67108864 B: 1.000 shared, 0.999 alone
            64 MB: 67108864 B: 1.000 shared, 0.999 alone"#]]
        .assert_eq(&rows.join("\n"));
    }

    /// A jacobi-2d pair of f64 arrays `n x n` under the skewed band (t, 2t + i, 2t + j):
    /// one step of t moves an element by (-2, -2), of the others by one row or column;
    /// each access group reads a 3 x 3 cross (spread 2 in each dimension).
    fn jacobi_2d(n: u64, steps: u64) -> BandProfile {
        let group = |array: &str| Group {
            array: array.into(),
            bytes: 8,
            steps: vec![
                vec![Some(-2), Some(-2)],
                vec![Some(1), Some(0)],
                vec![Some(0), Some(1)],
            ],
            spread: vec![Some(2), Some(2)],
            full: vec![Some(n), Some(n)],
            lone: vec![false; 3],
            written: false,
        };
        let skewed = n - 2 + 2 * (steps - 1);
        BandProfile {
            trips: vec![Some(steps), Some(skewed), Some(skewed)],
            loops_below: false,
            first_parallel: None,
            vector_innermost: true,
            innermost_lower: None,
            min_bytes: 8,
            groups: vec![group("A"), group("B")],
        }
    }

    #[test]
    fn time_tiles_share_their_halos_with_the_tile_before() {
        // jacobi-2d 1024², 20 steps, tiles [20, 56, whole]: a tile touches 56 + 2 x 19
        // + 2 rows of each array, but its neighbour along the tiled member ran just
        // before (its footprint, 2 MB, stays in the L3), so only 56 new rows come from
        // memory per 20 steps: 2 arrays x 8 B / 20 = 0.8 B per point. Counted whole, the
        // halo made it 1.4 B. With the halo lost (an L3 too small to keep one tile),
        // every tile brings its whole footprint.
        let p = jacobi_2d(1024, 20);
        let trips: Vec<i64> = p.trips.iter().map(|t| t.unwrap() as i64).collect();
        let sizes = [20, 56, trips[2]];
        let shared = tile_memory_bytes(&p, &sizes, &trips, &[1], VM);
        let tiny = Llc {
            bytes: 1 << 20,
            ..VM
        };
        let lost = tile_memory_bytes(&p, &sizes, &trips, &[1], tiny);
        let whole =
            crate::tile_model::footprint(&p, &sizes) as f64 / sizes.iter().product::<i64>() as f64;
        expect!["shared 0.83 B, lost 1.40 B, whole footprint 1.40 B"].assert_eq(&format!(
            "shared {shared:.2} B, lost {lost:.2} B, whole footprint {whole:.2} B"
        ));
        // A time size that does not divide the steps: the last band counts whole.
        let partial = tile_memory_bytes(&p, &[15, 56, trips[2]], &trips, &[1], VM);
        assert!(partial > shared, "{partial} {shared}");
    }

    #[test]
    fn the_unskewed_schedule_keeps_steps_that_fit_its_ways() {
        // jacobi-2d, 20 steps, on this VM: the unskewed schedule's bytes per point from
        // memory against time tiles [20, 56, whole] (0.8 B): kept to 704², time-tiled
        // from 768².
        let tiles = TimeTileSizes {
            sizes: vec![20, 56, 1000],
            window: 0,
            footprint: 0,
            points: 0,
            cost: 0.0,
            at_two: 0.0,
            memory: 0.83,
        };
        let rows: Vec<String> = [512u64, 640, 704, 768, 1024]
            .iter()
            .map(|&n| {
                let pts = (n - 2) * (n - 2);
                let verdict = match memory_traffic(Some(pts), Some(16 * n * n), Some(&tiles), VM) {
                    Traffic::Fewer(_) => "time-tiled",
                    Traffic::NotFewer(_) => "kept",
                };
                format!("{n}²: {verdict}")
            })
            .collect();
        expect![[r#"
            512²: kept
            640²: kept
            704²: kept
            768²: time-tiled
            1024²: time-tiled"#]]
        .assert_eq(&rows.join("\n"));
        // Unknown data: no estimate, kept.
        assert!(matches!(
            memory_traffic(Some(1), None, Some(&tiles), VM),
            Traffic::NotFewer(_)
        ));
    }
}
