//! Keeping parallel loops parallel: after a transformation (tiling, fusion, `poly-transform`)
//! rewrote a SCoP whose input had `affine.parallel` loops, every band member of the new
//! schedule that iterates only over dimensions of input `affine.parallel` ops (a tile loop
//! or a point loop of a parallel dimension, fused parallel loops) and carries no dependence
//! (given the outer members) goes under a mark, so code generation emits it as an
//! `affine.parallel` again instead of a sequential `affine.for`.
//!
//! Invariants: a member is marked only when no dependence of the transformation's own
//! analysis (its aliasing assumption included) joins two instances that it separates while
//! every outer member keeps them together; for the scalar cells of demoted SSA values
//! (`private`), only value-based flow (live ranges) counts, except for cells of the
//! input's own `affine.parallel ... reduce`, whose accumulations may be carried. Where the
//! SCoP has cells, the mark is [`REDUCTION_MARK`](crate::reduction::REDUCTION_MARK): the loop is generated sequential and
//! [`crate::reduction::finish`] makes it parallel only when the promoted `iter_args` (if
//! any) are accumulator chains; otherwise [`PARALLEL_MARK`](crate::codegen::PARALLEL_MARK). Members already under a mark
//! and members that take a single value (no loop) are left alone.
//!
//! A member of input `affine.parallel` dimensions that carries a dependence (the input
//! declared independent iterations that are not: a race as written) is generated as a
//! sequential loop, and a remark says so, naming the loop and the dependence.

use crate::deps::Dependences;
use crate::isl::{IslCtx, IslError};
use crate::reduction::ReductionCandidates;
use crate::scop::{loop_source_name, Scop};
use crate::transform::LoopMark;
use isl_rs::{Schedule, ScheduleNode, ScheduleNodeType, UnionMap};
use lattice_affine::views::AffineParallel;
use lattice_ir::diag::Diagnostic;
use lattice_ir::{Ir, Op};
use std::cell::RefCell;

/// What [`keep_parallel`] needs to know of a SCoP.
struct Facts {
    /// Per statement: `S[i..] -> S[j..]` with equal `affine.parallel` dimensions (`None`
    /// for a statement outside any `affine.parallel`).
    same_parallel: Vec<Option<UnionMap>>,
    /// The dependences no marked member may carry.
    deps: UnionMap,
    /// The cells' accumulations, which a member may carry (input reductions only).
    reductions: Option<ReductionCandidates>,
    /// The mark to use.
    mark: LoopMark,
    /// Per statement, per dimension: whether it is an input `affine.parallel` dimension.
    parallel_dims: Vec<Vec<bool>>,
    /// The dependences of `deps` by index into [`Dependences::deps`] (cells excluded).
    counted: Vec<usize>,
    /// Input parallel dimensions (loop, IV index) generated sequential, with the
    /// dependence (index into [`Dependences::deps`]) they carry.
    sequential: RefCell<Vec<(Op, usize, usize)>>,
}

/// `schedule` with parallel marks above the members that come from input `affine.parallel`
/// dimensions and carry no dependence of `deps` (see the module doc); `schedule` itself
/// when the input has no `affine.parallel`. An input parallel dimension generated
/// sequential because it carries a dependence gets a remark in `remarks`.
pub fn keep_parallel(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    deps: &Dependences,
    private: &[usize],
    schedule: Schedule,
    remarks: &mut Vec<Diagnostic>,
) -> Result<Schedule, IslError> {
    // An input `affine.parallel ... reduce` is a sequential loop marked
    // `REDUCTION_ATTR` in the demoted form (see `scalars::demote`).
    let is_parallel = |d: &crate::scop::Dim| {
        ir.isa::<AffineParallel>(d.loop_op)
            || ir
                .attr(d.loop_op, crate::reduction::REDUCTION_ATTR)
                .is_some()
    };
    if !scop
        .statements
        .iter()
        .any(|s| s.dims.iter().any(is_parallel))
    {
        return Ok(schedule);
    }
    let prefix = scop.param_prefix();
    let mut same_parallel = Vec::new();
    for st in &scop.statements {
        let eqs: Vec<String> = st
            .dims
            .iter()
            .enumerate()
            .filter(|(_, d)| is_parallel(d))
            .map(|(k, _)| format!("j{k} = i{k}"))
            .collect();
        if eqs.is_empty() {
            same_parallel.push(None);
            continue;
        }
        let vars = |c: char| {
            (0..st.dims.len())
                .map(|k| format!("{c}{k}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let text = format!(
            "{prefix}{{ {name}[{i}] -> {name}[{j}] : {eqs} }}",
            name = st.name,
            i = vars('i'),
            j = vars('j'),
            eqs = eqs.join(" and ")
        );
        same_parallel.push(Some(isl.union_map(&text)?));
    }
    let empty = format!("{prefix}{{ }}");
    let mut all = isl.union_map(&empty)?;
    let mut counted = Vec::new();
    for (k, d) in deps.deps.iter().enumerate() {
        if private.contains(&d.array) {
            continue;
        }
        counted.push(k);
        let m = isl.check(UnionMap::from_map(isl.check(d.relation.copy())?))?;
        all = isl.check(all.union(m))?;
    }
    let mut reductions = None;
    if !private.is_empty() {
        // Live ranges of the cells; those of the input's reductions are judged by
        // `ReductionCandidates` (accumulations may be carried).
        reductions = ReductionCandidates::new(isl, ir, scop, private, false, &all)?;
        let approved = |a: usize| {
            reductions.is_some()
                && ir
                    .defining_op(scop.arrays[a].value)
                    .is_some_and(|c| ir.attr(c, crate::reduction::REDUCTION_ATTR).is_some())
        };
        let (flow, _) =
            crate::schedule::flow_and_order(isl, scop, |a| private.contains(&a) && !approved(a))?;
        all = isl.check(all.union(flow))?;
    }
    let facts = Facts {
        same_parallel,
        deps: all,
        reductions,
        mark: if private.is_empty() {
            LoopMark::Parallel
        } else {
            LoopMark::ParallelReduction
        },
        parallel_dims: scop
            .statements
            .iter()
            .map(|st| st.dims.iter().map(is_parallel).collect())
            .collect(),
        counted,
        sequential: RefCell::new(Vec::new()),
    };
    let root = isl.check(schedule.get_root())?;
    let root = visit(isl, scop, deps, &facts, root, false)?;
    for (loop_op, index, k) in facts.sequential.into_inner() {
        let mut remark = crate::transform::remark(
            ir,
            loop_op,
            format!(
                "not kept parallel: {} declares its iterations independent, but they carry {} (a race as written); it is generated as a sequential affine.for",
                loop_source_name(ir, loop_op, index),
                crate::deps::describe(scop, &deps.deps[k])
            ),
        );
        remark.notes = crate::deps::dependence_notes(ir, scop, &deps.deps[k]);
        remarks.push(remark);
    }
    isl.check(root.get_schedule())
}

/// Records that a member of input parallel dimensions carries `carried` (pairs of
/// instances): the first counted dependence among them, and the parallel dimension of
/// its source statement that it is carried along (or the first one).
fn record_sequential(
    isl: &IslCtx,
    scop: &Scop,
    deps: &Dependences,
    facts: &Facts,
    carried: &UnionMap,
) -> Result<(), IslError> {
    for &k in &facts.counted {
        let d = &deps.deps[k];
        let m = isl.check(UnionMap::from_map(isl.check(d.relation.copy())?))?;
        if isl.check(
            isl.check(m.intersect(isl.check(carried.copy())?))?
                .is_empty(),
        )? {
            continue;
        }
        let st = &scop.statements[d.src];
        let parallel = &facts.parallel_dims[d.src];
        let moves = |j: &usize| d.distance.get(*j).is_some_and(|&r| r != (Some(0), Some(0)));
        let dims: Vec<usize> = (0..st.dims.len()).filter(|&j| parallel[j]).collect();
        let Some(j) = dims
            .iter()
            .copied()
            .find(|j| moves(j))
            .or(dims.first().copied())
        else {
            continue;
        };
        let dim = st.dims[j];
        let mut seq = facts.sequential.borrow_mut();
        if !seq
            .iter()
            .any(|&(o, i, _)| (o, i) == (dim.loop_op, dim.index))
        {
            seq.push((dim.loop_op, dim.index, k));
        }
        return Ok(());
    }
    Ok(())
}

/// Marks the members of the subtree at `node` (see [`keep_parallel`]); returns the node
/// at the same position. `marked`: a mark is directly above `node`.
fn visit(
    isl: &IslCtx,
    scop: &Scop,
    deps: &Dependences,
    facts: &Facts,
    node: ScheduleNode,
    marked: bool,
) -> Result<ScheduleNode, IslError> {
    let mut node = node;
    let mut depth_added = 0;
    let kind = isl.check(node.get_type())?;
    if kind == ScheduleNodeType::Band && !marked {
        let n = isl.check(node.band_n_member())?;
        let mut found = None;
        for k in 0..n {
            if parallel_member(isl, scop, deps, facts, &node, k)? {
                found = Some(k);
                break;
            }
        }
        if let Some(k) = found {
            if k > 0 {
                node = isl.check(node.band_split(k))?;
                node = isl.check(node.child(0))?;
                depth_added += 1;
            }
            if isl.check(node.band_n_member())? > 1 {
                node = isl.check(node.band_split(1))?;
            }
            node = isl.check(node.insert_mark(facts.mark.id(isl)?))?;
            node = isl.check(node.child(0))?;
            depth_added += 1;
        }
    }
    let nc = isl.check(node.n_children())?;
    for i in 0..nc {
        let child = isl.check(node.child(i))?;
        let child = visit(
            isl,
            scop,
            deps,
            facts,
            child,
            kind == ScheduleNodeType::Mark,
        )?;
        node = isl.check(child.parent())?;
    }
    for _ in 0..depth_added {
        node = isl.check(node.parent())?;
    }
    Ok(node)
}

/// Whether member `k` of the band at `node` iterates over `affine.parallel` dimensions
/// only (for every statement below it), makes a loop, and carries no dependence of
/// `facts` given the outer members (or only accumulations of input reductions); one that
/// carries a dependence is recorded in [`Facts::sequential`].
fn parallel_member(
    isl: &IslCtx,
    scop: &Scop,
    deps: &Dependences,
    facts: &Facts,
    node: &ScheduleNode,
    k: i32,
) -> Result<bool, IslError> {
    let domain = isl.check(node.get_domain())?;
    let mupa = isl.check(node.band_get_partial_schedule())?;
    let member = isl.check(UnionMap::from_union_pw_aff(isl.check(mupa.get_at(k))?))?;
    let member = isl.check(member.intersect_domain(isl.check(domain.copy())?))?;
    let same_member = same(isl, member)?;
    for (s, st) in scop.statements.iter().enumerate() {
        let here = isl.check(domain.copy())?;
        let set = isl.union_set(&format!("{}{{ {}[{}] }}", scop.param_prefix(), st.name, {
            (0..st.dims.len())
                .map(|k| format!("i{k}"))
                .collect::<Vec<_>>()
                .join(", ")
        }))?;
        if isl.check(isl.check(here.intersect(set))?.is_empty())? {
            continue;
        }
        // Two instances that agree on the parallel dimensions agree on the member.
        let Some(eq) = &facts.same_parallel[s] else {
            return Ok(false);
        };
        let eq = isl.check(eq.copy())?;
        let eq = isl.check(eq.intersect_domain(isl.check(domain.copy())?))?;
        let eq = isl.check(eq.intersect_range(isl.check(domain.copy())?))?;
        if !isl.check(eq.is_subset(&same_member))? {
            return Ok(false);
        }
    }
    if crate::schedule::single_valued(isl, node, k)? {
        return Ok(false);
    }
    let mut together = same(isl, isl.check(node.get_prefix_schedule_union_map())?)?;
    for outer in 0..k {
        let m = isl.check(UnionMap::from_union_pw_aff(isl.check(mupa.get_at(outer))?))?;
        together = isl.check(together.intersect(same(isl, m)?))?;
    }
    let d = isl.check(facts.deps.copy())?;
    let d = isl.check(d.intersect_domain(isl.check(domain.copy())?))?;
    let d = isl.check(d.intersect_range(isl.check(domain.copy())?))?;
    let d = isl.check(d.intersect(together))?;
    let d = isl.check(d.subtract(same_member))?;
    if !isl.check(d.is_empty())? {
        record_sequential(isl, scop, deps, facts, &d)?;
        return Ok(false);
    }
    match &facts.reductions {
        None => Ok(true),
        Some(r) => r.allows(isl, node, k),
    }
}

/// `m ∘ m⁻¹`: the pairs of instances `m` maps to the same value.
fn same(isl: &IslCtx, m: UnionMap) -> Result<UnionMap, IslError> {
    let rev = isl.check(isl.check(m.copy())?.reverse())?;
    isl.check(m.apply_range(rev))
}
