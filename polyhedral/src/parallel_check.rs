//! The safety net of generated parallel loops: every loop that code generation would emit
//! as an `affine.parallel` (the first loop below a [`PARALLEL_MARK`]) or as a candidate
//! for a parallel reduction (below a [`REDUCTION_MARK`]) is checked, in terms of the final
//! AST, against the dependences of its SCoP; a loop that carries one is emitted as a
//! sequential `affine.for` instead, with a remark, whatever mark put it there (a scheduler
//! choice, a transformation, or a mark isl's AST generator made land on another loop).
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
use isl_rs::{DimType, Map, UnionMap};
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
}

impl ForbiddenDeps {
    fn new(isl: &IslCtx, scop: &Scop, groups: Vec<Group>) -> Result<ForbiddenDeps, IslError> {
        let empty = format!("{}{{ }}", scop.param_prefix());
        let mut parallel = isl.union_map(&empty)?;
        let mut reduce = isl.union_map(&empty)?;
        for g in &groups {
            parallel = isl.check(parallel.union(isl.check(g.relation.copy())?))?;
            if !g.reducible {
                reduce = isl.check(reduce.union(isl.check(g.relation.copy())?))?;
            }
        }
        Ok(ForbiddenDeps {
            parallel,
            reduce,
            groups,
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
                what: describe(ir, scop, d),
                relation: isl.check(UnionMap::from_map(isl.check(d.relation.copy())?))?,
                reducible: false,
            });
        }
        if !private.is_empty() {
            let (flow, _) = crate::schedule::flow_and_order(isl, scop, |a| private.contains(&a))?;
            groups.push(Group {
                what: "the live range of a scalar value".into(),
                relation: flow,
                reducible: true,
            });
        }
        ForbiddenDeps::new(isl, scop, groups)
    }

    /// From the nearest dependences `poly-schedule` scheduled with (see the module doc
    /// for why they suffice): flow, output and anti dependences of the arrays, those
    /// through aliasing arguments, and the live ranges of the scalar cells.
    pub fn from_nearest(
        isl: &IslCtx,
        scop: &Scop,
        nearest: &crate::schedule::NearestDependences,
    ) -> Result<ForbiddenDeps, IslError> {
        let mut groups = vec![
            Group {
                what: "a flow dependence".into(),
                relation: isl.check(nearest.flow.copy())?,
                reducible: false,
            },
            Group {
                what: "an anti or output dependence".into(),
                relation: isl.check(nearest.order.copy())?,
                reducible: false,
            },
            Group {
                what: "a dependence between arguments that may alias".into(),
                relation: isl.check(nearest.alias.copy())?,
                reducible: false,
            },
        ];
        if let Some((flow, _)) = &nearest.cells {
            // Whole live ranges where known: the schedule may reorder the accumulations
            // of one (reduction-aware scheduling), which breaks the chain argument.
            let ranges = nearest.cells_closure.as_ref().unwrap_or(flow);
            groups.push(Group {
                what: "the live range of a scalar value".into(),
                relation: isl.check(ranges.copy())?,
                reducible: true,
            });
        }
        ForbiddenDeps::new(isl, scop, groups)
    }

    /// Why the loop with statement-instance schedule `schedule` (see
    /// [`crate::ast_build::LoopSchedules`]) may not run in parallel below the mark
    /// `mark` ([`PARALLEL_MARK`] or [`REDUCTION_MARK`]): the first dependence it carries,
    /// described; `None` when it carries none.
    pub fn carried(
        &self,
        isl: &IslCtx,
        schedule: &UnionMap,
        mark: &str,
    ) -> Result<Option<String>, IslError> {
        let reducible_ok = mark == REDUCTION_MARK;
        let all = if reducible_ok {
            &self.reduce
        } else {
            &self.parallel
        };
        if !carries(isl, all, schedule)? {
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

/// The schedule of loop `l` of the input as [`ForbiddenDeps::carried`] takes it: each
/// instance of the statements inside `l` to the values of the loops enclosing `l` and of
/// `l` itself (for a loop that is not regenerated, such as one `affine-parallelize`
/// converts in place).
pub fn input_loop_schedule(
    isl: &IslCtx,
    scop: &Scop,
    l: &LoopReport,
) -> Result<UnionMap, IslError> {
    let exprs: Vec<String> = (0..=l.depth).map(|k| format!("i{k}")).collect();
    let rows: Vec<(usize, Vec<&String>)> = l
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

    /// SHIFT regenerated from the schedule tree `tree` (YAML, below the domain) with
    /// or without the net: the printed function and the remarks.
    fn shift_with(tree: &str, net: bool) -> (String, Vec<String>) {
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
        let forbidden = |ir: &Ir| match net {
            true => ForbiddenDeps::from_analysis(&isl, ir, scop, &deps, &[]),
            false => ForbiddenDeps::new(&isl, scop, Vec::new()),
        };
        regenerate(&mut ir, &isl, scop, schedule, &forbidden, &mut remarks).unwrap();
        let remarks = remarks.into_iter().map(|d| d.message).collect();
        (print_op(&ir, func, PrintOptions::default()), remarks)
    }

    /// The mark sits above a member fixed by the outer loop (`i` again, poly_random
    /// program 178's shape): isl emits no loop for it, so the mark lands on `j`'s loop,
    /// which carries the dependence. Without the net that loop is an `affine.parallel`
    /// (a race); with it, a sequential loop and a remark.
    #[test]
    fn a_mark_landing_on_a_carrying_loop_is_dropped() {
        let tree = r#"{ schedule: "[{ S0[i0, i1] -> [(i0)] }]", child: { mark: "parallel", child: { schedule: "[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]" } } }"#;
        let (unchecked, none) = shift_with(tree, false);
        assert!(none.is_empty());
        assert!(
            unchecked.contains("affine.parallel (%arg2) = (0) to (16)"),
            "{unchecked}"
        );
        let (checked, remarks) = shift_with(tree, true);
        assert!(!checked.contains("affine.parallel"), "{checked}");
        assert_eq!(
            remarks,
            ["parallel mark dropped: the loop carries RAW from the store to %arg0 at 5:7 to the load of %arg0 at 4:12 (S0 -> S0), distance (0, 1); it is generated as a sequential affine.for"]
        );
    }

    /// A mark on the loop that carries nothing stays: the net drops only what it must.
    #[test]
    fn a_mark_on_a_free_loop_stays() {
        let tree = r#"{ mark: "parallel", child: { schedule: "[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]" } }"#;
        let (checked, remarks) = shift_with(tree, true);
        assert!(
            checked.contains("affine.parallel (%arg1) = (0) to (16)"),
            "{checked}"
        );
        assert!(remarks.is_empty(), "{remarks:?}");
    }
}
