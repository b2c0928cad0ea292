//! The safety net of generated parallel loops: every loop that code generation would emit
//! as an `affine.parallel` (the first loop below a [`PARALLEL_MARK`]) or as a candidate
//! for a parallel reduction (below a [`REDUCTION_MARK`]) is checked, in terms of the final
//! AST, against the dependences of its SCoP; a loop that carries one is emitted as a
//! sequential `affine.for` instead, with a remark, whatever mark put it there (a scheduler
//! choice or a transformation). Only loops generated from the marked member are
//! candidates ([`crate::ast_build::LoopSchedules::generated_from_mark`]): where a piece
//! of that member's range has a single value and so no loop, the first loop of the piece
//! belongs to a deeper member and stays sequential without being asked about.
//! `affine-parallelize`, which converts loops in place without AST generation, checks
//! each loop it converts the same way ([`input_loop_schedule`]).
//!
//! A loop carries a dependence when some source and sink instance of it run in the same
//! iteration of every enclosing loop of the AST but in different iterations of this loop:
//! the dependence relation is mapped through the loop's schedule
//! ([`crate::ast_build::LoopSchedules`]: instances to the values of the enclosing loops
//! and its own) and its pairs with equal outer values must have equal last values.
//!
//! Invariants: the relations checked ([`ForbiddenDeps`]) hold every dependence that a
//! parallel loop must not carry, aliasing ones included; below a [`REDUCTION_MARK`] only
//! the live ranges of the scalar cells are allowed (the loop stays sequential unless
//! [`crate::reduction::finish`] finds their promoted values to be accumulator chains). A
//! loop whose check fails inside isl counts as carrying (never a parallel loop on doubt).
//! Nearest dependences suffice where the schedule respects them: every other memory-based
//! dependence is a chain of them, whose instances the schedule runs between its ends,
//! hence in the same iterations of the enclosing loops and in the same loop, so a chain
//! that crosses iterations of the loop has a link that does. The scalar cells' live
//! ranges, whose accumulations a schedule may reorder, are checked whole (the exact
//! transitive closure of their flow) where isl computes it.

use crate::codegen::PARALLEL_MARK;
use crate::deps::{describe, Dependences, LoopReport};
use crate::isl::{IslCtx, IslError, IslText};
use crate::reduction::REDUCTION_MARK;
use crate::scop::Scop;
use crate::transform::expr::SchedExpr;
use crate::transform::LoopMark;
use isl_rs::{DimType, Map, UnionMap, UnionSet};
use lattice_ir::Ir;

/// The marks whose loops are checked.
pub const CHECKED_MARKS: &[&str] = &[PARALLEL_MARK, REDUCTION_MARK];

/// The statistic counting the loops the net made sequential.
pub const DROPPED_STATISTIC: &str = "num-parallel-marks-dropped";

/// Adds `count` loops made sequential by the net to [`DROPPED_STATISTIC`] of the running
/// pass.
pub fn record_dropped(count: u64) {
    lattice_ir::pass::record_statistic(
        DROPPED_STATISTIC,
        "Number of loops marked parallel that carry a dependence, generated sequential",
        count,
    );
}

/// One group of dependences with what to call it in a remark.
struct Group {
    /// Its description (a dependence as [`describe`] says it, or a kind of dependence).
    what: String,
    /// Its instance pairs.
    relation: UnionMap,
    /// Whether a loop below a [`REDUCTION_MARK`] may carry it (scalar cells' live ranges).
    reducible: bool,
}

/// The dependences a generated parallel loop must not carry.
pub struct ForbiddenDeps {
    /// Every group, unioned: what no loop below a [`PARALLEL_MARK`] may carry.
    parallel: UnionMap,
    /// The groups that are not `reducible`: what no loop below a [`REDUCTION_MARK`] may
    /// carry.
    reduce: UnionMap,
    groups: Vec<Group>,
    /// The scalar cells' flow dependences (value-based), where cells are private: no
    /// loop below a [`PARALLEL_MARK`] may let one leave an iteration for anything but
    /// the same iteration (see [`escapes`]).
    cells_flow: Option<UnionMap>,
    /// The last writes (in program order, which the schedule keeps: see
    /// [`crate::transform::scalars::private_violation`]) of the private cells read after
    /// the SCoP ([`crate::transform::scalars::live_out`]): their values leave the loop
    /// too.
    live_out_writes: Option<UnionSet>,
}

impl ForbiddenDeps {
    fn new(
        isl: &IslCtx,
        scop: &Scop,
        groups: Vec<Group>,
        cells: Option<(&Ir, &[usize], UnionMap)>,
    ) -> Result<ForbiddenDeps, IslError> {
        let empty = format!("{}{{ }}", scop.param_prefix());
        let mut parallel = isl.union_map(&empty)?;
        let mut reduce = isl.union_map(&empty)?;
        for g in &groups {
            parallel = isl.check(parallel.union(isl.check(g.relation.copy())?))?;
            if !g.reducible {
                reduce = isl.check(reduce.union(isl.check(g.relation.copy())?))?;
            }
        }
        let mut cells_flow = None;
        let mut live_out_writes = None;
        if let Some((ir, private, flow)) = cells {
            cells_flow = Some(flow);
            for &a in private {
                if !crate::transform::scalars::live_out(ir, scop, a) {
                    continue;
                }
                let last = crate::transform::scalars::last_writes_in_program_order(isl, scop, a)?;
                live_out_writes = Some(match live_out_writes {
                    None => last,
                    Some(w) => isl.check(last.union(w))?,
                });
            }
        }
        Ok(ForbiddenDeps {
            parallel,
            reduce,
            groups,
            cells_flow,
            live_out_writes,
        })
    }

    /// From a transformation's dependence analysis: every memory-based dependence of
    /// `deps` (aliasing included, as analysed) except those of the scalar cells
    /// `private`, whose live ranges (value-based flow) count instead.
    pub fn from_analysis(
        isl: &IslCtx,
        ir: &Ir,
        scop: &Scop,
        deps: &Dependences,
        private: &[usize],
    ) -> Result<ForbiddenDeps, IslError> {
        let mut groups = Vec::new();
        for d in deps.deps.iter().filter(|d| !private.contains(&d.array)) {
            groups.push(Group {
                what: describe(scop, d),
                relation: isl.check(UnionMap::from_map(isl.check(d.relation.copy())?))?,
                reducible: false,
            });
        }
        let mut cells = None;
        if !private.is_empty() {
            let (flow, _) = crate::schedule::flow_and_order(isl, scop, |a| private.contains(&a))?;
            cells = Some((ir, private, isl.check(flow.copy())?));
            groups.push(Group {
                what: live_range_text(ir, scop, private),
                relation: flow,
                reducible: true,
            });
        }
        ForbiddenDeps::new(isl, scop, groups, cells)
    }

    /// From the nearest dependences `poly-schedule` scheduled with (see the module doc
    /// for why they suffice): flow, output and anti dependences of the arrays, those
    /// through aliasing arguments, and the live ranges of the scalar cells `private`.
    pub fn from_nearest(
        isl: &IslCtx,
        ir: &Ir,
        scop: &Scop,
        nearest: &crate::schedule::NearestDependences,
        private: &[usize],
    ) -> Result<ForbiddenDeps, IslError> {
        let mut groups = Vec::new();
        for (what, relation) in [
            ("a flow dependence", &nearest.flow),
            ("an anti or output dependence", &nearest.order),
            (
                "a dependence between arguments that may alias",
                &nearest.alias,
            ),
        ] {
            groups.extend(by_statements(isl, scop, what, relation)?);
        }
        let mut cells = None;
        if let Some((flow, _)) = &nearest.cells {
            // Whole live ranges where known: the schedule may reorder the accumulations
            // of one (reduction-aware scheduling), which breaks the chain argument.
            let ranges = nearest.cells_closure.as_ref().unwrap_or(flow);
            groups.push(Group {
                what: live_range_text(ir, scop, private),
                relation: isl.check(ranges.copy())?,
                reducible: true,
            });
            cells = Some((ir, private, isl.check(flow.copy())?));
        }
        ForbiddenDeps::new(isl, scop, groups, cells)
    }

    /// Why the loop with statement-instance schedule `schedule` (see
    /// [`crate::ast_build::LoopSchedules`]) may not run in parallel below the mark
    /// `mark` ([`PARALLEL_MARK`] or [`REDUCTION_MARK`]): the first dependence it carries,
    /// described; `None` when it carries none.
    pub fn carried(
        &self,
        isl: &IslCtx,
        schedule: &UnionMap,
        mark: LoopMark,
    ) -> Result<Option<String>, IslError> {
        let reducible_ok = mark == LoopMark::ParallelReduction;
        let all = if reducible_ok {
            &self.reduce
        } else {
            &self.parallel
        };
        if !carries(isl, all, schedule)? {
            if !reducible_ok && self.cells_escape(isl, schedule)? {
                return Ok(Some(ESCAPE.into()));
            }
            return Ok(None);
        }
        for g in self
            .groups
            .iter()
            .filter(|g| !(reducible_ok && g.reducible))
        {
            if carries(isl, &g.relation, schedule)? {
                return Ok(Some(g.what.clone()));
            }
        }
        Ok(Some(format!("a dependence ({})", all.text())))
    }
}

/// `the live range of a scalar value`, naming the scalar cells `private` where the
/// source names them (`(%acc)`; `(one of %acc, %x)` for several).
fn live_range_text(ir: &Ir, scop: &Scop, private: &[usize]) -> String {
    let names: Vec<&str> = private
        .iter()
        .filter_map(|&a| scop.arrays.get(a))
        .filter_map(|a| ir.source_name(a.value))
        .collect();
    match names.as_slice() {
        [] => "the live range of a scalar value".into(),
        [one] => format!("the live range of a scalar value ({one})"),
        _ => format!(
            "the live range of a scalar value (one of {})",
            names.join(", ")
        ),
    }
}

/// `relation` as one group per pair of statements, each described as `what` from its
/// source statement to its destination statement in source names
/// ([`crate::scop::SourceNames::statements_text`]).
fn by_statements(
    isl: &IslCtx,
    scop: &Scop,
    what: &str,
    relation: &UnionMap,
) -> Result<Vec<Group>, IslError> {
    let maps = isl.check(isl.check(relation.copy())?.get_map_list())?;
    let mut groups = Vec::new();
    for k in 0..isl.check(maps.size())? {
        let m = isl.check(maps.get_at(k))?;
        let src = isl.check(m.get_tuple_name(DimType::In))?.to_string();
        let dst = isl.check(m.get_tuple_name(DimType::Out))?.to_string();
        let what = if src == dst {
            format!("{what} within {}", scop.names.statements_text(&[&src]))
        } else {
            format!(
                "{what} from {} to {}",
                scop.names.statements_text(&[&src]),
                scop.names.statements_text(&[&dst])
            )
        };
        groups.push(Group {
            what,
            relation: isl.check(UnionMap::from_map(m))?,
            reducible: false,
        });
    }
    Ok(groups)
}

impl ForbiddenDeps {
    /// Whether a private cell's value leaves an iteration of the loop of `schedule`:
    /// read in another instance ([`escapes`]) or after the SCoP (a last write in it).
    fn cells_escape(&self, isl: &IslCtx, schedule: &UnionMap) -> Result<bool, IslError> {
        if let Some(flow) = &self.cells_flow {
            if escapes(isl, flow, schedule)? {
                return Ok(true);
            }
        }
        let Some(last) = &self.live_out_writes else {
            return Ok(false);
        };
        let inside = isl.check(isl.check(schedule.copy())?.domain())?;
        let left = isl.check(inside.intersect(isl.check(last.copy())?))?;
        Ok(!isl.check(left.is_empty())?)
    }
}

/// What [`ForbiddenDeps::carried`] says of a loop a scalar cell's value leaves.
const ESCAPE: &str =
    "a scalar value out of its iterations (a value stored in an iteration is read after the loop)";

/// Whether some pair of `flow` (the scalar cells' live ranges) has its source in the
/// loop of `schedule` and its sink not in the same instance of that loop (the same
/// iteration of every enclosing loop): after the loop, or in another iteration of an
/// enclosing one. A cell stored in the iterations of a parallel loop has one copy per
/// iteration once promoted to SSA values ([`crate::transform::scalars::promote`]), so
/// such a read has no single value to see; promotion would make the loop sequential
/// anyway, which the net's remark now says. (Sinks in another iteration of the loop
/// itself are what [`carries`] finds.)
pub fn escapes(isl: &IslCtx, flow: &UnionMap, schedule: &UnionMap) -> Result<bool, IslError> {
    let inside = isl.check(isl.check(schedule.copy())?.domain())?;
    let from_loop = isl.check(
        isl.check(flow.copy())?
            .intersect_domain(isl.check(inside.copy())?),
    )?;
    if isl.check(from_loop.is_empty())? {
        return Ok(false);
    }
    // Read by an instance outside the loop.
    let outside = isl.check(
        isl.check(from_loop.copy())?
            .subtract_range(isl.check(inside.copy())?),
    )?;
    if !isl.check(outside.is_empty())? {
        return Ok(true);
    }
    // Read inside the loop, in another iteration of an enclosing loop: in the loops'
    // space, pairs whose outer values (all dimensions but the last) differ.
    let pairs = isl.check(from_loop.apply_domain(isl.check(schedule.copy())?))?;
    let pairs = isl.check(pairs.apply_range(isl.check(schedule.copy())?))?;
    if isl.check(pairs.is_empty())? {
        return Ok(false);
    }
    let pairs = isl.check(Map::from_union_map(pairs))?;
    let n = isl.check(pairs.dim(DimType::Out))?;
    let mut same_outer = isl.check(pairs.copy())?;
    for k in 0..n.saturating_sub(1) {
        same_outer = isl.check(same_outer.equate(DimType::In, k, DimType::Out, k))?;
    }
    let leaving = isl.check(pairs.subtract(same_outer))?;
    Ok(!isl.check(leaving.is_empty())?)
}

/// The schedule of loop `l` of the input as [`ForbiddenDeps::carried`] takes it: each
/// instance of the statements inside `l` to the values of the loops enclosing `l` and of
/// `l` itself (for a loop that is not regenerated, such as one `affine-parallelize`
/// converts in place).
pub fn input_loop_schedule(
    isl: &IslCtx,
    scop: &Scop,
    l: &LoopReport,
) -> Result<UnionMap, IslError> {
    let exprs: Vec<SchedExpr> = (0..=l.depth).map(SchedExpr::Iter).collect();
    let rows: Vec<(usize, Vec<&SchedExpr>)> = l
        .statements
        .iter()
        .map(|&s| (s, exprs.iter().collect()))
        .collect();
    crate::transform::prefix_map(isl, scop, &rows)
}

/// Whether some pair of `deps` runs in the same iteration of the loops enclosing the loop
/// of `schedule` (all of its dimensions but the last) and in different iterations of that
/// loop (the last).
pub fn carries(isl: &IslCtx, deps: &UnionMap, schedule: &UnionMap) -> Result<bool, IslError> {
    let pairs = isl.check(deps.copy())?;
    let pairs = isl.check(pairs.apply_domain(isl.check(schedule.copy())?))?;
    let pairs = isl.check(pairs.apply_range(isl.check(schedule.copy())?))?;
    if isl.check(pairs.is_empty())? {
        return Ok(false);
    }
    // One schedule space: the loops of the AST.
    let mut same_outer = isl.check(Map::from_union_map(pairs))?;
    let n = isl.check(same_outer.dim(DimType::Out))?;
    if n == 0 {
        return Ok(false);
    }
    for k in 0..n - 1 {
        same_outer = isl.check(same_outer.equate(DimType::In, k, DimType::Out, k))?;
    }
    // Differences of the loop's own value (emptiness tests, one piece at a time).
    let deltas = isl.check(same_outer.deltas())?;
    let last = (n - 1) as u32;
    let later = isl.check(
        isl.check(deltas.copy())?
            .lower_bound_si(DimType::Set, last, 1),
    )?;
    if !isl.check(later.is_empty())? {
        return Ok(true);
    }
    let earlier = isl.check(deltas.upper_bound_si(DimType::Set, last, -1))?;
    Ok(!isl.check(earlier.is_empty())?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis_tests::funcs;
    use crate::deps::{analyze, DepOptions};
    use crate::scop::extract_scops;
    use crate::tests::parse;
    use crate::transform::{domain_text, regenerate};
    use lattice_ir::printer::{print_op, PrintOptions};

    /// Rows shifted right in place: `j` carries `A[i, j] -> A[i, j + 1]`, `i` nothing.
    const SHIFT: &str = r#"func.func @f(%A: memref<16x17xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<16x17xf32>
      affine.store %v, %A[%i, %j + 1] : memref<16x17xf32>
    }
  }
  return
}"#;

    /// Which dependences the net checks (`Off`: none).
    #[derive(Clone, Copy)]
    enum Net {
        Off,
        /// The dependence analysis (transformations).
        Analysis,
        /// The nearest dependences (`poly-schedule`).
        Nearest,
    }

    /// SHIFT regenerated from the schedule tree `tree` (YAML, below the domain) with
    /// or without the net: the printed function and the remarks.
    fn shift_with(tree: &str, net: Net) -> (String, Vec<String>) {
        let (mut ir, top) = parse(SHIFT);
        let isl = IslCtx::default();
        let func = funcs(&ir, top)[0];
        let extraction = extract_scops(&ir, &isl, func);
        let scop = &extraction.scops[0];
        let deps = analyze(&isl, &ir, scop, &DepOptions::default()).unwrap();
        let text = format!(
            "{{ domain: \"{}\", child: {tree} }}",
            domain_text(&isl, scop).unwrap()
        );
        let schedule = isl.schedule(&text).unwrap();
        let mut remarks = Vec::new();
        let free = crate::reduction::Accumulations::default();
        let nearest = crate::schedule::NearestDependences::new(
            &isl,
            &ir,
            scop,
            &[],
            &free,
            crate::deps::AliasAssumption::ArgumentsMayAlias,
        )
        .unwrap();
        let forbidden = |ir: &Ir| match net {
            Net::Analysis => ForbiddenDeps::from_analysis(&isl, ir, scop, &deps, &[]),
            Net::Nearest => ForbiddenDeps::from_nearest(&isl, ir, scop, &nearest, &[]),
            Net::Off => ForbiddenDeps::new(&isl, scop, Vec::new(), None),
        };
        regenerate(
            &mut ir,
            &isl,
            scop,
            schedule,
            &forbidden,
            None,
            &mut remarks,
        )
        .unwrap();
        let remarks = remarks.into_iter().map(|d| d.message).collect();
        (print_op(&ir, func, PrintOptions::default()), remarks)
    }

    /// The mark sits above a member fixed by the outer loop (`i` again, poly_random
    /// program 178's shape): isl emits no loop for it, and the first loop below the mark
    /// is `j`'s, which carries the dependence. It is not the marked member's loop, so it
    /// is generated as it is scheduled, sequential, with or without the net (once it was
    /// an `affine.parallel`, a race without the net and a dropped mark with it), and a
    /// remark says that the marked member got no loop.
    #[test]
    fn a_mark_above_a_member_without_a_loop_lands_on_no_loop() {
        let tree = r#"{ schedule: "[{ S0[i0, i1] -> [(i0)] }]", child: { mark: "parallel", child: { schedule: "[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]" } } }"#;
        for net in [Net::Off, Net::Analysis] {
            let (out, remarks) = shift_with(tree, net);
            assert!(!out.contains("affine.parallel"), "{out}");
            assert!(out.contains("affine.for %arg2 = 0 to 16"), "{out}");
            assert_eq!(
                remarks,
                ["parallel mark without a loop: the marked member, from the loop %i at 2:3, takes a single value wherever it runs, so no loop is generated for it and nothing runs in parallel"]
            );
        }
    }

    /// A mark on the member that carries the dependence (`j`, below `i`): without the net
    /// its loop is an `affine.parallel` (a race); with it, a sequential loop and a
    /// remark.
    #[test]
    fn a_mark_on_a_carrying_loop_is_dropped() {
        let tree = r#"{ schedule: "[{ S0[i0, i1] -> [(i0)] }]", child: { mark: "parallel", child: { schedule: "[{ S0[i0, i1] -> [(i1)] }]" } } }"#;
        let (unchecked, none) = shift_with(tree, Net::Off);
        assert!(none.is_empty());
        assert!(
            unchecked.contains("affine.parallel (%arg2) = (0) to (16)"),
            "{unchecked}"
        );
        let (checked, remarks) = shift_with(tree, Net::Analysis);
        assert!(!checked.contains("affine.parallel"), "{checked}");
        assert_eq!(
            remarks,
            ["parallel mark dropped: the loop generated from the loop %j at 3:5 carries RAW from the store to %A at 5:7 to the load of %A at 4:12 (S0 -> S0), distance (0, 1); it is generated as a sequential affine.for"]
        );
    }

    /// A cell's value leaves an iteration of the `j` loop (inside `i`) when it is read
    /// after the loop or in another iteration of `i`; within the same iteration, or in
    /// another one of `j` itself (what [`carries`] finds), it does not.
    #[test]
    fn a_cell_value_escapes_only_out_of_the_loop_instance() {
        let isl = IslCtx::default();
        let schedule = isl
            .union_map("{ S[i, j] -> [i, j] : 0 <= i < 8 and 0 <= j < 8 }")
            .unwrap();
        let escapes_with = |flow: &str| escapes(&isl, &isl.union_map(flow).unwrap(), &schedule);
        assert!(escapes_with("{ S[i, 7] -> T[i] : 0 <= i < 8 }").unwrap());
        assert!(escapes_with("{ S[i, 7] -> S[i + 1, 0] : 0 <= i < 7 }").unwrap());
        assert!(!escapes_with("{ S[i, j] -> S[i, j + 1] : 0 <= i < 8 and 0 <= j < 7 }").unwrap());
        assert!(!escapes_with("{ T[i] -> S[i, 0] : 0 <= i < 8 }").unwrap());
    }

    /// The net of `poly-schedule` (nearest dependences) names the statements of the
    /// dependence it finds carried by their source ops.
    #[test]
    fn the_nearest_net_names_the_statements() {
        let tree = r#"{ schedule: "[{ S0[i0, i1] -> [(i0)] }]", child: { mark: "parallel", child: { schedule: "[{ S0[i0, i1] -> [(i1)] }]" } } }"#;
        let (checked, remarks) = shift_with(tree, Net::Nearest);
        assert!(!checked.contains("affine.parallel"), "{checked}");
        assert_eq!(
            remarks,
            ["parallel mark dropped: the loop generated from the loop %j at 3:5 carries a flow dependence within the statement of the store to %A at 5:7 (S0); it is generated as a sequential affine.for"]
        );
    }

    /// A mark on the loop that carries nothing stays: the net drops only what it must.
    #[test]
    fn a_mark_on_a_free_loop_stays() {
        let tree = r#"{ mark: "parallel", child: { schedule: "[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]" } }"#;
        let (checked, remarks) = shift_with(tree, Net::Analysis);
        assert!(
            checked.contains("affine.parallel (%arg1) = (0) to (16)"),
            "{checked}"
        );
        assert!(remarks.is_empty(), "{remarks:?}");
    }
}
