//! Loop transformations as edits of a schedule tree: a [`Tree`] mirrors a SCoP's loop
//! structure (one band member per loop, sequences in program order), transformations
//! rewrite band members (tiling, permutation, skewing, reversal, strip-mining, fusion,
//! parallel marks), and [`apply`] checks the new schedule against every dependence,
//! then generates the new loops through isl's AST generator and [`crate::codegen`].
//!
//! Invariants: nothing in the IR changes unless the new schedule respects every
//! dependence (`S(src) ≺ S(dst)` for each pair of each dependence relation) and code
//! generation succeeded; a refusal names the first violated dependence. Band member
//! expressions are [`SchedExpr`]s over the statement's iterators `i0, i1, ..` (its
//! [`crate::scop::Statement::dims`]); a tree becomes an isl schedule through isl's
//! schedule-node API ([`isl_tree`]), never through text.

pub mod distribute;
pub mod expr;
pub mod fusion;
mod fusion_private;
pub mod isl_tree;
pub mod keep_parallel;
pub mod loops;
pub mod scalars;
pub mod tile;

use crate::ast_build::{ast_from_schedule_recorded, AstOptions, LoopSchedules};
use crate::codegen::{generate_checked, CodegenError, CodegenInput, Landing, StatementBody};
use crate::deps::{describe, Dependences};
use crate::isl::{IslCtx, IslError, IslText};
use crate::parallel_check::{ForbiddenDeps, CHECKED_MARKS};
use crate::scop::{ArrayKind, Scop};
use expr::SchedExpr;
use isl_rs::{ScheduleNode, ScheduleNodeType, UnionMap};
pub use isl_tree::{isl_schedule, BandAstOption, Filter, LoopMark};
use lattice_affine::views::{is_affine_loop, AffineFor, AffineIf, AffineKind};
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::{Ir, Op, WalkOrder};
use std::collections::BTreeMap;

/// One band member: its expression per statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// `S -> expression over S's iterators`.
    pub exprs: BTreeMap<usize, SchedExpr>,
    /// Whether no dependence is carried by this member (given the outer ones).
    pub coincident: bool,
}

/// A schedule tree over a SCoP's statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tree {
    /// A band of members executed as nested loops, outermost first.
    Band {
        /// The members.
        members: Vec<Member>,
        /// Whether the members may be permuted (and tiled).
        permutable: bool,
        /// The original loops the members came from (empty after a rewrite makes that
        /// meaningless); used to find bands by loop.
        loops: Vec<Op>,
        /// isl AST build option of the band, if any.
        options: Option<BandAstOption>,
        /// What runs inside.
        child: Box<Tree>,
    },
    /// Children in order.
    Sequence(Vec<Tree>),
    /// A mark (`parallel`) above a subtree.
    Mark(LoopMark, Box<Tree>),
    /// A subtree restricted to the instances of an isl union set; only as a child of a
    /// [`Tree::Sequence`], whose filter it replaces.
    Filtered(Filter, Box<Tree>),
    /// Statement instances (the statements that reach this leaf).
    Leaf(Vec<usize>),
}

/// Why a transformation did not happen.
#[derive(Debug, Clone, thiserror::Error)]
pub enum TransformError {
    /// The new schedule would violate a dependence.
    #[error("not transformed: the new schedule violates the dependence {0}")]
    Illegal(String),
    /// The SCoP has a feature the transformations do not handle.
    #[error("not transformed: {0}")]
    Unsupported(String),
    /// isl failed (including its operation limit).
    #[error("not transformed: {0}")]
    Isl(#[from] IslError),
    /// Code generation failed.
    #[error("not transformed: {0}")]
    Codegen(#[from] crate::codegen::CodegenError),
    /// AST generation failed.
    #[error("not transformed: {0}")]
    Ast(#[from] crate::ast_build::AstBuildError),
    /// The schedule's code was generated, and the judge of [`regenerate`] preferred
    /// program order (the cost model of [`crate::order_cost`]).
    #[error("not transformed: {0}")]
    KeptProgramOrder(String),
}

/// Decides between a SCoP's program order (`old`, its ops) and the code generated for
/// a new schedule (`new`, top-level ops of a scratch block): `Some(why)` keeps program
/// order.
pub type Judge<'a> = dyn Fn(&Ir, &[Op], &[Op]) -> Option<String> + 'a;

impl Tree {
    /// The statements under this node.
    pub fn statements(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.collect(&mut out);
        out.sort_unstable();
        out.dedup();
        out
    }

    fn collect(&self, out: &mut Vec<usize>) {
        match self {
            Tree::Band { child, .. } | Tree::Mark(_, child) | Tree::Filtered(_, child) => {
                child.collect(out)
            }
            Tree::Sequence(c) => c.iter().for_each(|t| t.collect(out)),
            Tree::Leaf(s) => out.extend(s),
        }
    }
}

/// The program-order tree of `scop`: one single-member band per loop (one member per IV
/// of an `affine.parallel`), sequences where a block holds several loops or statements.
pub fn program_tree(ir: &Ir, scop: &Scop) -> Tree {
    build_ops(ir, scop, &scop.ops)
}

fn build_ops(ir: &Ir, scop: &Scop, ops: &[Op]) -> Tree {
    let mut items: Vec<Tree> = Vec::new();
    for &op in ops {
        match AffineKind::of(ir, op) {
            Some(AffineKind::For | AffineKind::Parallel) => {
                let body: Vec<Op> = ir
                    .regions(op)
                    .first()
                    .and_then(|&r| ir.entry_block(r))
                    .map(|b| ir.block_ops(b).collect())
                    .unwrap_or_default();
                let child = build_ops(ir, scop, &body);
                let stmts = child.statements();
                if stmts.is_empty() {
                    continue;
                }
                let n_ivs = if ir.isa::<AffineFor>(op) {
                    1
                } else {
                    ir.regions(op)
                        .first()
                        .and_then(|&r| ir.entry_block(r))
                        .map(|b| ir.block_args(b).len())
                        .unwrap_or(0)
                };
                let mut members = Vec::new();
                for index in 0..n_ivs {
                    let mut exprs = BTreeMap::new();
                    for &s in &stmts {
                        let dims = &scop.statements[s].dims;
                        if let Some(k) = dims
                            .iter()
                            .position(|d| d.loop_op == op && d.index == index)
                        {
                            exprs.insert(s, SchedExpr::Iter(k));
                        }
                    }
                    members.push(Member {
                        exprs,
                        coincident: false,
                    });
                }
                items.push(Tree::Band {
                    members,
                    permutable: false,
                    loops: vec![op],
                    options: None,
                    child: Box::new(child),
                });
            }
            Some(AffineKind::If) => {
                for &r in ir.regions(op) {
                    if let Some(b) = ir.entry_block(r) {
                        let body: Vec<Op> = ir.block_ops(b).collect();
                        match build_ops(ir, scop, &body) {
                            Tree::Sequence(c) => items.extend(c),
                            Tree::Leaf(s) if s.is_empty() => {}
                            t => items.push(t),
                        }
                    }
                }
            }
            _ => {
                if let Some(s) = scop.statement_of(op) {
                    if let Some(Tree::Leaf(last)) = items.last_mut() {
                        if last.contains(&s) {
                            continue;
                        }
                    }
                    items.push(Tree::Leaf(vec![s]));
                }
            }
        }
    }
    match items.len() {
        0 => Tree::Leaf(Vec::new()),
        1 => items.pop().expect("one item"),
        _ => Tree::Sequence(items),
    }
}

/// Dependence distances under a prefix schedule (the members of a band down to one
/// level): each statement's time is its member expressions' values, and a dependence's
/// deltas (sink time minus source time) are kept among its pairs at equal times on every
/// level but the last, `x`, where a constraint may restrict them.
pub(crate) struct PrefixDeltas {
    /// Statement instances to their times.
    prefix: UnionMap,
    /// `[z0, .., x]` with every `z` zero and the constraint on `x`.
    filter: isl_rs::UnionSet,
}

impl PrefixDeltas {
    /// The prefix schedule of `rows` (per statement, its `levels` member expressions,
    /// outermost first) whose last level `x` is restricted to `x != 0` when
    /// `last_nonzero`.
    pub(crate) fn new(
        isl: &IslCtx,
        scop: &Scop,
        rows: &[(usize, Vec<&SchedExpr>)],
        levels: usize,
        last_nonzero: bool,
    ) -> Result<PrefixDeltas, IslError> {
        let outer = levels.saturating_sub(1);
        let prefix = prefix_map(isl, scop, rows)?;
        let space = isl.check(isl_rs::Space::set_alloc(isl.raw(), 0, levels as u32))?;
        let mut filter = isl.check(isl_rs::Set::universe(space))?;
        for k in 0..outer {
            filter = isl.check(filter.fix_si(isl_rs::DimType::Set, k as u32, 0))?;
        }
        if last_nonzero {
            let zero = isl.check(isl.check(filter.copy())?.fix_si(
                isl_rs::DimType::Set,
                outer as u32,
                0,
            ))?;
            filter = isl.check(filter.subtract(zero))?;
        }
        let filter = isl.check(isl_rs::UnionSet::from_set(filter))?;
        Ok(PrefixDeltas { prefix, filter })
    }

    /// The deltas of dependence `d` (see the type's doc).
    pub(crate) fn of(
        &self,
        isl: &IslCtx,
        d: &crate::deps::Dependence,
    ) -> Result<isl_rs::UnionSet, IslError> {
        let rel = isl.check(UnionMap::from_map(isl.check(d.relation.copy())?))?;
        let times = isl.check(
            isl.check(rel.apply_domain(isl.check(self.prefix.copy())?))?
                .apply_range(isl.check(self.prefix.copy())?),
        )?;
        isl.check(
            isl.check(times.deltas())?
                .intersect(isl.check(self.filter.copy())?),
        )
    }
}

/// The map from each statement of `rows` to the values of its expressions, in order.
pub(crate) fn prefix_map(
    isl: &IslCtx,
    scop: &Scop,
    rows: &[(usize, Vec<&SchedExpr>)],
) -> Result<UnionMap, IslError> {
    let mut u = isl.check(UnionMap::empty(
        isl.check(isl_rs::Space::params_alloc(isl.raw(), 0))?,
    ))?;
    for (s, es) in rows {
        let map = isl_tree::statement_map(isl, &scop.statements[*s], es)?;
        u = isl.check(u.union(isl.check(UnionMap::from_map(map))?))?;
    }
    Ok(u)
}

/// The statements' domains as one isl union set text: only for a problem handed to the
/// scheduler's own isl context ([`crate::schedule`]), which text is the only way into.
pub fn domain_text(isl: &IslCtx, scop: &Scop) -> Result<String, IslError> {
    if scop.statements.is_empty() {
        return Ok("{ }".into());
    }
    Ok(isl_tree::domain(isl, scop)?.text())
}

/// The first dependence `schedule` (a union map) violates, described.
pub fn first_violation(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    deps: &Dependences,
    schedule: &UnionMap,
) -> Result<Option<String>, IslError> {
    first_violation_private(isl, ir, scop, deps, schedule, &[])
}

/// [`first_violation`] for a SCoP whose arrays `private` are scalar cells: their
/// dependences are replaced by [`scalars::private_violation`]'s check.
pub fn first_violation_private(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    deps: &Dependences,
    schedule: &UnionMap,
    private: &[usize],
) -> Result<Option<String>, IslError> {
    // The input's own parallel reductions: their accumulations may be reordered among
    // themselves (see `Accumulations`).
    let free = crate::reduction::Accumulations::new(ir, scop, private, false);
    first_violation_reordering(isl, ir, scop, deps, schedule, private, &free)
}

/// [`first_violation_private`] where the accumulations `free` into the cells may run in
/// any order among themselves.
pub fn first_violation_reordering(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    deps: &Dependences,
    schedule: &UnionMap,
    private: &[usize],
    free: &crate::reduction::Accumulations,
) -> Result<Option<String>, IslError> {
    let later_or_same = isl.check(
        isl.check(schedule.copy())?
            .lex_ge_union_map(isl.check(schedule.copy())?),
    )?;
    for d in deps.deps.iter().filter(|d| !private.contains(&d.array)) {
        let rel = isl.check(UnionMap::from_map(isl.check(d.relation.copy())?))?;
        let bad = isl.check(rel.intersect(isl.check(later_or_same.copy())?))?;
        if !isl.check(bad.is_empty())? {
            return Ok(Some(describe(scop, d)));
        }
    }
    if private.is_empty() {
        return Ok(None);
    }
    scalars::private_violation(isl, ir, scop, private, free, schedule)
}

/// Whether `scop` can be regenerated at all, or why not.
pub fn check_supported(ir: &Ir, scop: &Scop) -> Result<(), TransformError> {
    for a in &scop.arrays {
        match a.kind {
            ArrayKind::Memref => {}
            ArrayKind::Value if scalars::recomputable(ir, scop, a.value, 0) => {}
            ArrayKind::Value => {
                return Err(TransformError::Unsupported(
                    "an SSA value crosses statements (a scalar defined in one statement and used in another)".into(),
                ))
            }
            _ => {
                return Err(TransformError::Unsupported(
                    "a loop carries iter_args (a reduction through SSA values)".into(),
                ))
            }
        }
    }
    let mut inside = rustc_hash::FxHashSet::default();
    for &op in &scop.ops {
        for o in ir.walk_ops(op, WalkOrder::PreOrder) {
            inside.insert(o);
            if (is_affine_loop(ir, o) || ir.isa::<AffineIf>(o)) && !ir.results(o).is_empty() {
                return Err(TransformError::Unsupported(
                    "a loop or conditional yields values".into(),
                ));
            }
        }
    }
    for &o in &inside {
        for &r in ir.results(o) {
            for u in ir.uses(r) {
                if !inside.contains(&u.op) {
                    return Err(TransformError::Unsupported(
                        "a value computed in the loop nest is used after it".into(),
                    ));
                }
            }
        }
    }
    if scop.statements.iter().any(|s| s.opaque) {
        return Err(TransformError::Unsupported(
            "a statement has accesses that are not exactly modelled".into(),
        ));
    }
    Ok(())
}

/// Runs `f` on `scop` when it can be regenerated as it is; otherwise, when only its SSA
/// scalars are in the way, demotes them to memory cells ([`scalars::demote`]), runs `f`
/// on each SCoP of the demoted code, and promotes the cells back to SSA values
/// ([`scalars::promote`]; a cell that cannot be promoted stays in memory, which is
/// correct). `f` gets the arrays of its SCoP that are such cells (empty when nothing
/// was demoted): it may ignore their anti and output dependences if it checks its
/// schedule with [`scalars::private_violation`]. Returns how many SCoPs `f`
/// transformed, or the first refusal when none.
pub fn with_scalars_demoted(
    ir: &mut Ir,
    isl: &IslCtx,
    scop: &Scop,
    mut f: impl FnMut(&mut Ir, &Scop, &[usize]) -> Result<(), TransformError>,
) -> Result<usize, TransformError> {
    let why = match check_supported(ir, scop) {
        Ok(()) => return f(ir, scop, &[]).map(|()| 1),
        Err(e) => e,
    };
    if !scalars::needs_demotion(ir, scop) {
        return Err(why);
    }
    let demotion = scalars::demote(ir, scop)?;
    let top = demotion.cells.first().and_then(|&c| ir.op_parent(c));
    let mut done = 0;
    let mut first_err = None;
    let mut timed_out = None;
    match scalars::scops_of(ir, isl, &demotion.range, &scop.extraction) {
        Ok(scops) => {
            for s in &scops {
                isl.reset_operations();
                let cells = scalars::cell_arrays(ir, s, &demotion.cells);
                match check_supported(ir, s).and_then(|()| f(ir, s, &cells)) {
                    Ok(()) => done += 1,
                    // The scheduler's wall-clock safety net fails the pass, even when
                    // other SCoPs were transformed.
                    Err(e @ TransformError::Isl(IslError::TimedOut { .. })) => {
                        timed_out.get_or_insert(e);
                    }
                    Err(e) => {
                        first_err.get_or_insert(e);
                    }
                }
            }
        }
        Err(e) => first_err = Some(e),
    }
    for &cell in demotion.cells.iter().rev() {
        scalars::promote(ir, cell);
        if ir.contains_op(cell) {
            ir.remove_attr(cell, crate::reduction::REDUCTION_ATTR);
        }
    }
    // Loops that were `affine.parallel` reductions and were not rescheduled, or that
    // the schedule made parallel up to reductions.
    if let Some(top) = top {
        crate::reduction::finish_block(ir, top);
    }
    if let Some(e) = timed_out {
        return Err(e);
    }
    match (done, first_err) {
        (0, Some(e)) => Err(e),
        (0, None) => Err(why),
        (n, _) => Ok(n),
    }
}

/// Replaces `scop`'s ops with the code of schedule tree `t`, after checking it against
/// every dependence of `deps` (remarks of [`regenerate`] go to `remarks`).
pub fn apply(
    ir: &mut Ir,
    isl: &IslCtx,
    scop: &Scop,
    deps: &Dependences,
    t: &Tree,
    remarks: &mut Vec<Diagnostic>,
) -> Result<(), TransformError> {
    apply_private(ir, isl, scop, deps, t, &[], remarks)
}

/// [`apply`] for a SCoP whose arrays `private` are scalar cells (see
/// [`first_violation_private`]).
pub fn apply_private(
    ir: &mut Ir,
    isl: &IslCtx,
    scop: &Scop,
    deps: &Dependences,
    t: &Tree,
    private: &[usize],
    remarks: &mut Vec<Diagnostic>,
) -> Result<(), TransformError> {
    check_supported(ir, scop)?;
    let schedule = isl_schedule(isl, scop, t)?;
    let map = isl.check(schedule.get_map())?;
    if let Some(why) = first_violation_private(isl, ir, scop, deps, &map, private)? {
        return Err(TransformError::Illegal(why));
    }
    let schedule = keep_parallel::keep_parallel(isl, ir, scop, deps, private, schedule, remarks)?;
    let forbidden = |ir: &Ir| ForbiddenDeps::from_analysis(isl, ir, scop, deps, private);
    regenerate(ir, isl, scop, schedule, &forbidden, None, remarks)
}

/// Generates the code of an (already checked) isl schedule in place of `scop`'s ops.
///
/// The member a `parallel` (or reduction) mark marks is generated as one loop over its
/// whole range ([`crate::schedule::one_loop`]), so the mark reaches it; where that
/// loop's bounds have no affine form (the hull of a member's range whose lower bound is
/// a `min`), the schedule is generated as isl splits it by default instead. A mark
/// makes parallel only loops generated from the member it marks, one per piece of its
/// range ([`LoopSchedules::generated_from_mark`]): a piece where the member has a single
/// value has no such loop, and its first loop (a deeper member's) stays sequential.
/// Every loop then generated parallel is checked against the dependences `forbidden`
/// gives (asked only when the schedule has such marks): one that carries a dependence is
/// generated sequential, with a remark in `remarks` naming the source loops it was
/// generated from ([`crate::source_loops`]) and the statistic
/// [`crate::parallel_check::DROPPED_STATISTIC`] (see [`crate::parallel_check`]). A marked
/// member that gets no loop in any piece (a single value wherever it runs) gets the
/// remark "parallel mark without a loop", naming its source loops.
///
/// `judge`, when given, sees program order and the generated code before anything
/// changes; when it prefers program order, the generated code is dropped, the IR is left
/// as it was and the error is [`TransformError::KeptProgramOrder`].
pub fn regenerate(
    ir: &mut Ir,
    isl: &IslCtx,
    scop: &Scop,
    schedule: isl_rs::Schedule,
    forbidden: &dyn Fn(&Ir) -> Result<ForbiddenDeps, IslError>,
    judge: Option<&Judge<'_>>,
    remarks: &mut Vec<Diagnostic>,
) -> Result<(), TransformError> {
    check_supported(ir, scop)?;
    let plain = isl.check(schedule.copy())?;
    let mut marked = Vec::new();
    let root = isl.check(schedule.get_root())?;
    let atomic = marked_members_atomic(isl, root, &scop.names, &mut marked)?;
    let atomic = isl.check(atomic.get_schedule())?;
    let mut net = None;
    let (scratch, notes) = match generate_schedule(ir, isl, scop, atomic, forbidden, &mut net) {
        Err(TransformError::Codegen(CodegenError::NotAffine(_))) if !marked.is_empty() => {
            generate_schedule(ir, isl, scop, plain, forbidden, &mut net)?
        }
        r => r?,
    };
    let first = scop.ops[0];
    if let Some(judge) = judge {
        let new_ops: Vec<Op> = ir.block_ops(scratch).collect();
        if let Some(why) = judge(ir, &scop.ops, &new_ops) {
            for o in new_ops.into_iter().rev() {
                ir.erase_op(o);
            }
            return Err(TransformError::KeptProgramOrder(why));
        }
    }
    let mut dropped = 0;
    for note in &notes {
        if let Some(why) = &note.dropped {
            dropped += 1;
            let subject = note.source.as_ref().and_then(|s| s.text()).map_or_else(
                || "the loop".to_string(),
                |t| format!("the loop generated from {t}"),
            );
            remarks.push(Diagnostic::new(
                Severity::Remark,
                DiagLoc::Loc(ir.loc(source_op(note.source.as_ref()).unwrap_or(first))),
                format!("parallel mark dropped: {subject} carries {why}; it is generated as a sequential affine.for"),
            ));
        }
    }
    crate::parallel_check::record_dropped(dropped);
    // A marked member with no loop anywhere in the generated code (it takes a single
    // value wherever it runs): nothing runs in parallel for it.
    for source in &marked {
        let Some(text) = source.text() else {
            continue;
        };
        let landed = notes.iter().any(|n| {
            n.source.as_ref().is_some_and(|l| {
                l.loops
                    .iter()
                    .any(|(op, k, _)| source.loops.iter().any(|(o, j, _)| o == op && j == k))
            })
        });
        if !landed {
            remarks.push(Diagnostic::new(
                Severity::Remark,
                DiagLoc::Loc(ir.loc(source_op(Some(source)).unwrap_or(first))),
                format!("parallel mark without a loop: the marked member, from {text}, takes a single value wherever it runs, so no loop is generated for it and nothing runs in parallel"),
            ));
        }
    }
    let new_ops: Vec<Op> = ir.block_ops(scratch).collect();
    for o in new_ops {
        ir.detach_op(o);
        ir.insert_op_before(first, o);
    }
    for &o in scop.ops.iter().rev() {
        ir.erase_op(o);
    }
    Ok(())
}

/// A loop [`regenerate`] generated from a marked member: its source loops (`None` when
/// they could not be found) and, when the safety net kept it sequential, why.
struct MarkedLoop {
    source: Option<crate::source_loops::SourceLoops>,
    dropped: Option<String>,
}

/// The first source loop op of `source`, where a remark about it goes (if still there).
fn source_op(source: Option<&crate::source_loops::SourceLoops>) -> Option<Op> {
    source.and_then(|s| s.first_op())
}

/// [`regenerate`]'s AST generation and code generation of `schedule` into a scratch block
/// (nothing else in the IR changes; on failure nothing does): the block and what to say
/// about the marks. `net` caches the dependences `forbidden` gives.
fn generate_schedule(
    ir: &mut Ir,
    isl: &IslCtx,
    scop: &Scop,
    schedule: isl_rs::Schedule,
    forbidden: &dyn Fn(&Ir) -> Result<ForbiddenDeps, IslError>,
    net: &mut Option<ForbiddenDeps>,
) -> Result<(lattice_ir::Block, Vec<MarkedLoop>), TransformError> {
    let context = isl.check(scop.context.copy())?;
    let mut loops = LoopSchedules::new(CHECKED_MARKS);
    let ast = ast_from_schedule_recorded(
        isl.raw(),
        schedule,
        Some(context),
        &AstOptions::default(),
        &mut loops,
    )?;
    if loops.saw_mark() && net.is_none() {
        *net = Some(forbidden(ir)?);
    }
    let net = &*net;
    let mut notes: Vec<MarkedLoop> = Vec::new();
    let mut check = |node: &isl_rs::ASTNode,
                     mark_node: &isl_rs::ASTNode,
                     mark: LoopMark|
     -> Result<Landing, CodegenError> {
        if loops.generated_from_mark(node, mark_node) == Some(false) {
            return Ok(Landing::NotTheMember);
        }
        let schedule = loops.of(node).flatten();
        let source =
            schedule.and_then(|s| crate::source_loops::source_loops(isl, &scop.names, s).ok());
        let why = match (net, schedule) {
            (None, _) => None,
            (Some(forbidden), Some(schedule)) => match forbidden.carried(isl, schedule, mark) {
                Ok(why) => why,
                Err(e) => Some(format!("its dependences could not be checked ({e})")),
            },
            (Some(_), None) => Some("its dependences could not be checked (no schedule)".into()),
        };
        notes.push(MarkedLoop {
            source,
            dropped: why.clone(),
        });
        Ok(why.map_or(Landing::Parallel, Landing::Objection))
    };
    let mut input = CodegenInput::default();
    let scope = lattice_affine::valid::affine_scope(ir, scop.ops[0]);
    for (k, &v) in scop.params.iter().enumerate() {
        input.params.push((Scop::param_name(k), v));
        if !lattice_affine::valid::is_valid_symbol(ir, v, scope) {
            input.dim_params.insert(v);
        }
    }
    for st in &scop.statements {
        input.statements.insert(
            st.name.clone(),
            StatementBody {
                ops: st.ops.clone(),
                ivs: st.dims.iter().map(|d| d.iv).collect(),
            },
        );
    }
    let loc = ir.loc(scop.ops[0]);
    let region = ir.create_region();
    let scratch = ir.create_block(&[]);
    ir.append_block(region, scratch);
    match generate_checked(ir, &ast, &input, scratch, None, loc, Some(&mut check)) {
        Ok(_) => Ok((scratch, notes)),
        Err(e) => {
            let ops: Vec<Op> = ir.block_ops(scratch).collect();
            for o in ops.into_iter().rev() {
                ir.erase_op(o);
            }
            Err(e.into())
        }
    }
}

/// The schedule tree at `node` with member 0 of every band directly below a `parallel`
/// or reduction mark generated as one loop (see [`regenerate`]), the source loops of each
/// such member ([`crate::source_loops::member_source_loops`]) added to `marked`; returns
/// the node at the same position.
fn marked_members_atomic(
    isl: &IslCtx,
    node: ScheduleNode,
    names: &crate::scop::SourceNames,
    marked: &mut Vec<crate::source_loops::SourceLoops>,
) -> Result<ScheduleNode, IslError> {
    let mut node = node;
    if isl.check(node.get_type())? == ScheduleNodeType::Mark {
        let id = isl.check(node.mark_get_id())?;
        let child = isl.check(isl.check(node.copy())?.child(0))?;
        if LoopMark::of_name(isl.check(id.get_name())?).is_some()
            && isl.check(child.get_type())? == ScheduleNodeType::Band
        {
            let band = crate::schedule::one_loop(isl, child)?;
            // For the remark on a member without a loop only: none where isl fails.
            let member = band
                .band_get_partial_schedule()
                .and_then(|p| p.get_at(0))
                .and_then(UnionMap::from_union_pw_aff);
            let source = isl
                .check(member)
                .and_then(|m| crate::source_loops::member_source_loops(isl, names, m, &band));
            if let Ok(source) = source {
                marked.push(source);
            }
            node = isl.check(band.parent())?;
        }
    }
    for i in 0..isl.check(node.n_children())? {
        let child = marked_members_atomic(isl, isl.check(node.child(i))?, names, marked)?;
        node = isl.check(child.parent())?;
    }
    Ok(node)
}

/// Runs `transform` on every SCoP of `func` with its dependences (scalars demoted where
/// needed, see [`with_scalars_demoted`]), each SCoP with a fresh isl operation budget.
/// A SCoP whose dependences cannot be computed gets the remark "`verb`: why"; one that
/// cannot be handled at all, a remark saying why.
pub(crate) fn for_each_scop(
    ir: &mut Ir,
    func: Op,
    alias: crate::deps::AliasAssumption,
    verb: &str,
    remarks: &mut Vec<Diagnostic>,
    transform: impl FnMut(
        &mut Ir,
        &IslCtx,
        &Scop,
        &Dependences,
        &[usize],
        &mut Vec<Diagnostic>,
    ) -> Result<(), TransformError>,
) {
    let options = crate::scop::ExtractOptions::default();
    for_each_scop_with(ir, func, alias, &options, verb, remarks, transform)
}

/// [`for_each_scop`] with statements formed as `options` says.
pub(crate) fn for_each_scop_with(
    ir: &mut Ir,
    func: Op,
    alias: crate::deps::AliasAssumption,
    options: &crate::scop::ExtractOptions,
    verb: &str,
    remarks: &mut Vec<Diagnostic>,
    mut transform: impl FnMut(
        &mut Ir,
        &IslCtx,
        &Scop,
        &Dependences,
        &[usize],
        &mut Vec<Diagnostic>,
    ) -> Result<(), TransformError>,
) {
    let isl = IslCtx::default();
    let extraction = crate::scop::extract_scops_with(ir, &isl, func, options);
    for scop in &extraction.scops {
        isl.reset_operations();
        let loc = ir.loc(scop.ops[0]);
        let outcome = with_scalars_demoted(ir, &isl, scop, |ir, scop, cells| {
            let Some(deps) = scop_dependences(&isl, ir, scop, alias, verb, remarks) else {
                return Ok(());
            };
            transform(ir, &isl, scop, &deps, cells, remarks)
        });
        remark_unhandled(outcome, loc, remarks);
    }
}

/// The dependences of `scop` for a transformation, within
/// [`crate::deps::TRANSFORM_MAX_OPERATIONS`], or `None` after recording "`verb`: why"
/// (e.g. "not tiled: ...") as a remark at the SCoP's first op.
pub(crate) fn scop_dependences(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    alias: crate::deps::AliasAssumption,
    verb: &str,
    remarks: &mut Vec<Diagnostic>,
) -> Option<Dependences> {
    let options = crate::deps::DepOptions { alias };
    match isl.with_operation_budget(crate::deps::TRANSFORM_MAX_OPERATIONS, || {
        crate::deps::analyze(isl, ir, scop, &options)
    }) {
        Ok(d) => Some(d),
        Err(e) => {
            remarks.push(remark(ir, scop.ops[0], format!("{verb}: {e}")));
            None
        }
    }
}

/// Records why a SCoP could not be handled at all (the error of
/// [`with_scalars_demoted`]) as a remark at `loc`, the SCoP's location.
pub(crate) fn remark_unhandled(
    outcome: Result<usize, TransformError>,
    loc: lattice_ir::Attr,
    remarks: &mut Vec<Diagnostic>,
) {
    if let Err(e) = outcome {
        remarks.push(Diagnostic::new(
            Severity::Remark,
            DiagLoc::Loc(loc),
            e.to_string(),
        ));
    }
}

/// A remark at `op` (how passes report refusals).
pub fn remark(ir: &Ir, op: Op, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Severity::Remark, DiagLoc::Loc(ir.loc(op)), message.into())
}

/// Wraps the band at the root of `t` (after any marks) in a `parallel` mark.
pub fn mark_parallel(t: Tree) -> Tree {
    Tree::Mark(LoopMark::Parallel, Box::new(t))
}

/// Ends a polyhedral pass's `run` with its refusals: with `emit-remarks` they become the
/// pass's diagnostics (stopping the pipeline); otherwise they count towards
/// `num-declined` and are printed with `remarks`.
pub(crate) fn finish_with_remarks(
    o: &lattice_ir::pass::PassOptions,
    remarks: Vec<Diagnostic>,
) -> Result<(), Vec<Diagnostic>> {
    if o.emit_remarks() && !remarks.is_empty() {
        return Err(remarks);
    }
    lattice_ir::pass::report_declined(&remarks, o);
    Ok(())
}
