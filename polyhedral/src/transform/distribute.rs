//! Loop distribution (fission), the pass `affine-loop-distribute`: a loop whose body holds
//! several statements is split into several loops, Kennedy and Allen's way (Pluto's
//! `--nofuse`).
//!
//! At a loop at depth `k` the statements below it form a graph whose edges are the
//! dependences not carried by the `k` loops around it (carried by this loop or deeper,
//! or loop-independent). Each strongly connected component keeps one copy of the loop
//! (the schedule tree restricted to its statements), the copies run in a topological
//! order of the components (program order among independent ones), and the same is
//! done again inside each copy one level deeper (`mode=max`, the finest legal
//! distribution). `loop=<n>` distributes only the n-th `affine.for`/`affine.parallel` of
//! the function (pre-order), and `partition=g0,g1,..` (with `loop`) puts the loop's
//! statements (program order, numbered as `lattice deps` numbers them within the nest)
//! into the given groups, in increasing group order, if that is legal.
//!
//! Statements are cut at stores ([`crate::scop::ExtractOptions::split_at_stores`]); so
//! that a value a loop yields (`iter_args`, reductions) is not tied to a store its
//! computation shares ops with, the yield chain (the backward slice of the yielded
//! values in the body: pure ops and affine loads) is first moved just before the
//! terminator, an op the rest of the body also uses being recomputed there, and a load
//! only when nothing later in the iteration may overwrite its memref (else a remark
//! says which store). Loops that are then not distributed get their bodies back as
//! they were.
//!
//! Invariants: the new schedule is checked against every dependence before the IR
//! changes (values crossing statements and `iter_args` go through
//! [`super::with_scalars_demoted`]; every dependence of their cells, anti and output
//! included, joins statements, so a scalar is never split from its users). A loop whose
//! statements all lie on one dependence cycle is left alone with a remark naming the
//! dependences of the cycle.

use super::tile::violation;
use super::{apply_private, for_each_scop_with, mark_parallel, program_tree, remark, Tree};
use crate::deps::{describe, AliasAssumption, Dependences};
use crate::scop::{value_label, Scop};
use lattice_affine::views::{
    is_affine_loop, AffineKind, AffineLoad, AffineParallel, AffineVectorLoad,
};
use lattice_dialects::{func, memref, vector};
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{Ir, Op, Traits, Value, WalkOrder};
use std::collections::VecDeque;

/// Options of [`loop_distribute`].
#[derive(Clone, Debug)]
pub struct DistributeOptions {
    /// Only this loop: the n-th `affine.for`/`affine.parallel` of the function in
    /// pre-order; `None`: every loop, recursively (`mode=max`).
    pub loop_index: Option<usize>,
    /// With `loop_index`: the group of each statement below that loop (program order);
    /// groups run in increasing order. `None`: the finest legal partition.
    pub partition: Option<Vec<usize>>,
    /// The aliasing assumption.
    pub alias: AliasAssumption,
}

impl Default for DistributeOptions {
    fn default() -> Self {
        DistributeOptions {
            loop_index: None,
            partition: None,
            alias: AliasAssumption::DistinctMemrefs,
        }
    }
}

/// What [`loop_distribute`] did.
#[derive(Debug, Default)]
pub struct DistributeReport {
    /// Loops split (each counted once, however many loops it became).
    pub distributed: usize,
    /// Refusals.
    pub remarks: Vec<Diagnostic>,
}

/// `t` restricted to the statements `keep`; `None` when none of them is below it.
fn restrict(t: &Tree, keep: &[usize]) -> Option<Tree> {
    match t {
        Tree::Band {
            members,
            permutable,
            loops,
            options,
            child,
        } => {
            let child = restrict(child, keep)?;
            let mut members = members.clone();
            for m in &mut members {
                m.exprs.retain(|s, _| keep.contains(s));
            }
            Some(Tree::Band {
                members,
                permutable: *permutable,
                loops: loops.clone(),
                options: options.clone(),
                child: Box::new(child),
            })
        }
        Tree::Sequence(items) => {
            let mut kept: Vec<Tree> = items.iter().filter_map(|c| restrict(c, keep)).collect();
            match kept.len() {
                0 => None,
                1 => kept.pop(),
                _ => Some(Tree::Sequence(kept)),
            }
        }
        Tree::Mark(name, child) => Some(Tree::Mark(name.clone(), Box::new(restrict(child, keep)?))),
        Tree::Filtered(f, child) => {
            Some(Tree::Filtered(f.clone(), Box::new(restrict(child, keep)?)))
        }
        Tree::Leaf(s) => {
            let s: Vec<usize> = s.iter().copied().filter(|x| keep.contains(x)).collect();
            (!s.is_empty()).then_some(Tree::Leaf(s))
        }
    }
}

/// The dependences (indices into `deps.deps`) between two statements of `stmts` that the
/// `depth` loops around do not carry.
fn edges(deps: &Dependences, stmts: &[usize], depth: usize) -> Vec<usize> {
    (0..deps.deps.len())
        .filter(|&k| {
            let d = &deps.deps[k];
            d.src != d.dst && stmts.contains(&d.src) && stmts.contains(&d.dst) && d.level > depth
        })
        .collect()
}

/// The strongly connected components of `stmts` under the dependences `es`, in a
/// topological order (program order among independent components); each component in
/// program order.
fn components(deps: &Dependences, stmts: &[usize], es: &[usize]) -> Vec<Vec<usize>> {
    let n = stmts.len();
    let at = |s: usize| {
        stmts
            .iter()
            .position(|&x| x == s)
            .expect("a statement of the loop")
    };
    let mut g = petgraph::graph::DiGraph::<(), ()>::new();
    let nodes: Vec<_> = (0..n).map(|_| g.add_node(())).collect();
    for &k in es {
        let d = &deps.deps[k];
        g.update_edge(nodes[at(d.src)], nodes[at(d.dst)], ());
    }
    let sccs = petgraph::algo::tarjan_scc(&g);
    let mut comp_of = vec![0usize; n];
    let mut comps: Vec<Vec<usize>> = sccs
        .iter()
        .enumerate()
        .map(|(c, scc)| {
            let mut v: Vec<usize> = scc.iter().map(|x| x.index()).collect();
            v.sort_unstable();
            for &x in &v {
                comp_of[x] = c;
            }
            v
        })
        .collect();
    // Kahn's algorithm, always taking the ready component that comes first in program
    // order.
    let mut indegree = vec![0usize; comps.len()];
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); comps.len()];
    for e in g.raw_edges() {
        let (a, b) = (comp_of[e.source().index()], comp_of[e.target().index()]);
        if a != b && !succ[a].contains(&b) {
            succ[a].push(b);
            indegree[b] += 1;
        }
    }
    let mut order = Vec::new();
    let mut ready: Vec<usize> = (0..comps.len()).filter(|&c| indegree[c] == 0).collect();
    while !ready.is_empty() {
        ready.sort_by_key(|&c| std::cmp::Reverse(comps[c][0]));
        let c = ready.pop().expect("non-empty");
        order.push(c);
        for &b in &succ[c] {
            indegree[b] -= 1;
            if indegree[b] == 0 {
                ready.push(b);
            }
        }
    }
    order
        .into_iter()
        .map(|c| {
            std::mem::take(&mut comps[c])
                .into_iter()
                .map(|x| stmts[x])
                .collect()
        })
        .collect()
}

/// A shortest dependence cycle through the first statement of `stmts` (all on one cycle
/// of `es`), described ([`describe`]): "RAW from .. to .. (S0 -> S1), ..; WAR ..".
fn cycle_text(
    ir: &Ir,
    scop: &Scop,
    deps: &Dependences,
    cells: &[usize],
    stmts: &[usize],
    es: &[usize],
) -> String {
    let start = stmts[0];
    // Breadth-first search from `start`, remembering the dependence used to reach each.
    let mut via: Vec<Option<usize>> = vec![None; scop.statements.len()];
    let mut queue = VecDeque::from([start]);
    let mut closing = None;
    'search: while let Some(s) = queue.pop_front() {
        for &k in es {
            let d = &deps.deps[k];
            if d.src != s {
                continue;
            }
            if d.dst == start {
                closing = Some(k);
                break 'search;
            }
            if via[d.dst].is_none() {
                via[d.dst] = Some(k);
                queue.push_back(d.dst);
            }
        }
    }
    let Some(mut k) = closing else {
        return String::new();
    };
    let mut path = vec![k];
    while deps.deps[k].src != start {
        k = via[deps.deps[k].src].expect("reached by the search");
        path.push(k);
    }
    path.reverse();
    path.iter()
        .map(|&k| {
            let d = &deps.deps[k];
            let text = describe(scop, d);
            if !cells.contains(&d.array) {
                return text;
            }
            // A cell made by the scalar demotion: name the scalar, not the cell.
            let a = &scop.arrays[d.array];
            let origin = ir
                .defining_op(a.value)
                .and_then(|c| lattice_ir::diag::first_file_line_col(ir.ctx(), ir.loc(c)))
                .map(|(_, l, c)| {
                    format!(
                        "the scalar at {l}:{c}, an iter_args value or a value crossing statements"
                    )
                })
                .unwrap_or_else(|| "a scalar".into());
            text.replacen(&value_label(ir, a.value), &origin, 1)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The walk over one SCoP's program tree.
struct Walk<'a> {
    ir: &'a Ir,
    scop: &'a Scop,
    deps: &'a Dependences,
    cells: &'a [usize],
    options: &'a DistributeOptions,
    /// The selected loop, if any.
    target: Option<Op>,
    distributed: usize,
    /// Refusals.
    remarks: Vec<Diagnostic>,
    /// Whether a given partition was used (the new tree must then be checked before
    /// it is applied, to name the dependence it violates).
    checked_partition: bool,
}

impl Walk<'_> {
    /// `t` distributed; `depth`: the number of loops (band members) around it.
    fn tree(&mut self, t: &Tree, depth: usize) -> Tree {
        match t {
            Tree::Band {
                members,
                permutable,
                loops,
                options,
                child,
            } => {
                if let Some(items) = self.split(t, depth) {
                    return Tree::Sequence(items);
                }
                keep_parallel(
                    self.ir,
                    Tree::Band {
                        members: members.clone(),
                        permutable: *permutable,
                        loops: loops.clone(),
                        options: options.clone(),
                        child: Box::new(self.tree(child, depth + members.len())),
                    },
                )
            }
            Tree::Sequence(items) => {
                let mut out = Vec::new();
                for c in items {
                    match self.tree(c, depth) {
                        Tree::Sequence(s) => out.extend(s),
                        x => out.push(x),
                    }
                }
                Tree::Sequence(out)
            }
            Tree::Mark(name, child) => Tree::Mark(name.clone(), Box::new(self.tree(child, depth))),
            Tree::Filtered(f, child) => {
                Tree::Filtered(f.clone(), Box::new(self.tree(child, depth)))
            }
            Tree::Leaf(_) => t.clone(),
        }
    }

    /// The copies of band `t` (each distributed further inside) when it splits.
    fn split(&mut self, t: &Tree, depth: usize) -> Option<Vec<Tree>> {
        let Tree::Band {
            members,
            loops,
            child,
            ..
        } = t
        else {
            return None;
        };
        let at = loops.first().copied().unwrap_or(self.scop.ops[0]);
        let selected = self.target.is_none_or(|l| loops.first() == Some(&l));
        if !selected {
            return None;
        }
        let stmts = t.statements();
        let es = edges(self.deps, &stmts, depth);
        let groups = match &self.options.partition {
            Some(p) => {
                if p.len() != stmts.len() {
                    self.remarks.push(remark(
                        self.ir,
                        at,
                        format!(
                            "not distributed: the loop has {} statements, the partition names {}",
                            stmts.len(),
                            p.len()
                        ),
                    ));
                    return None;
                }
                let mut ids: Vec<usize> = p.clone();
                ids.sort_unstable();
                ids.dedup();
                self.checked_partition = true;
                ids.iter()
                    .map(|g| {
                        stmts
                            .iter()
                            .zip(p)
                            .filter(|(_, x)| *x == g)
                            .map(|(&s, _)| s)
                            .collect()
                    })
                    .collect::<Vec<Vec<usize>>>()
            }
            None => components(self.deps, &stmts, &es),
        };
        if groups.len() < 2 {
            if self.options.partition.is_some() {
                return None;
            }
            let body_items = matches!(child.as_ref(), Tree::Sequence(_));
            if stmts.len() >= 2 && (body_items || self.target.is_some()) {
                let cycle = cycle_text(self.ir, self.scop, self.deps, self.cells, &stmts, &es);
                self.remarks.push(remark(
                    self.ir,
                    at,
                    format!("not distributed: the statements form a dependence cycle at this loop: {cycle}"),
                ));
            }
            return None;
        }
        self.distributed += 1;
        let inner = depth + members.len();
        let mut out = Vec::new();
        for g in &groups {
            let Some(Tree::Band {
                members,
                permutable,
                loops,
                options,
                child,
            }) = restrict(t, g)
            else {
                continue;
            };
            let child = if self.target.is_some() {
                *child
            } else {
                self.tree(&child, inner)
            };
            out.push(keep_parallel(
                self.ir,
                Tree::Band {
                    members,
                    permutable,
                    loops,
                    options,
                    child: Box::new(child),
                },
            ));
        }
        Some(out)
    }
}

/// Band `t` as it was when it came from an `affine.parallel`: one member per band, each
/// under a `parallel` mark (a copy of a parallel loop over some of its statements is still
/// parallel: it carries a subset of the original dependences).
fn keep_parallel(ir: &Ir, t: Tree) -> Tree {
    let from_parallel = matches!(&t, Tree::Band { loops, .. }
        if loops.first().is_some_and(|&l| ir.isa::<AffineParallel>(l)));
    let (
        true,
        Tree::Band {
            members,
            permutable,
            loops,
            options,
            child,
        },
    ) = (from_parallel, &t)
    else {
        return t;
    };
    let mut inner = child.as_ref().clone();
    for (k, m) in members.iter().enumerate().rev() {
        inner = mark_parallel(Tree::Band {
            members: vec![m.clone()],
            permutable: *permutable,
            loops: if k == 0 { loops.clone() } else { Vec::new() },
            options: options.clone(),
            child: Box::new(inner),
        });
    }
    inner
}

/// The loops of `t` in pre-order (the first loop of each band).
fn loops_preorder(t: &Tree, out: &mut Vec<Op>) {
    match t {
        Tree::Band { loops, child, .. } => {
            out.extend(loops.iter().copied());
            loops_preorder(child, out);
        }
        Tree::Sequence(items) => items.iter().for_each(|c| loops_preorder(c, out)),
        Tree::Mark(_, c) | Tree::Filtered(_, c) => loops_preorder(c, out),
        Tree::Leaf(_) => {}
    }
}

/// A loop body rewritten by [`isolate_yield_chains`]: what to undo when the loop was not
/// distributed after all.
struct Isolated {
    /// Ops moved before the terminator, each with the op it stood before.
    moved: Vec<(Op, Op)>,
    /// Clones placed before the terminator, each with its original.
    cloned: Vec<(Op, Op)>,
}

/// Whether `op` (not looking into its regions) may write memory, and which memref:
/// `Some(None)`: any memref; `None`: no write.
fn written_memref(ir: &Ir, op: Op) -> Option<Option<Value>> {
    let affine = AffineKind::of(ir, op);
    if matches!(affine, Some(AffineKind::Store | AffineKind::VectorStore))
        || ir.is_any_def(op, &[memref::Store::DEF, vector::Store::DEF])
    {
        return Some(ir.operands(op).get(1).copied());
    }
    if matches!(affine, Some(AffineKind::Load | AffineKind::VectorLoad))
        || ir.is_any_def(op, &[memref::Load::DEF, vector::Load::DEF])
    {
        return None;
    }
    let Some(def) = ir.op_def(op) else {
        return Some(None);
    };
    let harmless = [
        Traits::PURE,
        Traits::CONSTANT_LIKE,
        Traits::READ_ONLY,
        Traits::ALLOC_ONLY,
        Traits::TERMINATOR,
    ];
    if harmless.iter().any(|&t| def.has(t))
        || (def.has(Traits::RECURSIVE_EFFECTS) && !ir.regions(op).is_empty())
    {
        return None;
    }
    Some(None)
}

/// Whether memrefs `a` and `b` may overlap under `alias` (the rule of
/// [`Scop::may_alias`], for values).
fn memrefs_may_alias(ir: &Ir, a: Value, b: Value, alias: AliasAssumption) -> bool {
    if a == b {
        return true;
    }
    if alias == AliasAssumption::DistinctMemrefs {
        return false;
    }
    let distinct = |v| crate::scop::memref_origin(ir, v).0;
    !distinct(a) && !distinct(b)
}

/// Separates the computation of the values each loop of `func` yields (`iter_args`,
/// reductions) from the rest of its body, so that statement formation
/// ([`crate::scop::ExtractOptions::split_at_stores`]) makes the yield chain a statement
/// of its own and distribution can split it from an unrelated store: the backward slice
/// of the yielded values within the body (pure ops and affine loads only) moves just
/// before the terminator; an op of it that the rest of the body also uses is cloned
/// there instead (recomputed: a load is only moved or cloned when no op after it in the
/// body may write its memref). Returns what was rewritten, for [`undo_isolation`].
fn isolate_yield_chains(
    ir: &mut Ir,
    func: Op,
    alias: AliasAssumption,
    only: Option<Op>,
    remarks: &mut Vec<Diagnostic>,
) -> Vec<Isolated> {
    let loops: Vec<Op> = ir
        .walk_ops(func, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| is_affine_loop(ir, o))
        .collect();
    let mut out = Vec::new();
    for l in loops {
        match isolate_in(ir, l, alias) {
            Ok(Some(done)) => out.push(done),
            Ok(None) => {}
            Err(why) => {
                if only.is_none_or(|o| o == l) {
                    remarks.push(remark(ir, l, why.describe(ir)));
                }
            }
        }
    }
    out
}

/// [`isolate_yield_chains`] for loop `l`; `Ok(None)` when nothing changed, `Err` with
/// the reason when the yield chain shares a statement with a store and must stay there.
/// Why a loop's yielded value cannot be isolated from its stores: its `load` of `memref`
/// may be overwritten later in the iteration by `writer`.
#[derive(Debug, Clone, Copy)]
struct LoadOverwritten {
    memref: lattice_ir::Value,
    writer: Op,
}

impl LoadOverwritten {
    /// The remark's words.
    fn describe(&self, ir: &Ir) -> String {
        format!(
            "not distributed: the yielded value stays in one statement with the stores: its load of {} may be overwritten later in the iteration by {}",
            value_label(ir, self.memref),
            crate::scop::op_label(ir, self.writer)
        )
    }
}

fn isolate_in(
    ir: &mut Ir,
    l: Op,
    alias: AliasAssumption,
) -> Result<Option<Isolated>, LoadOverwritten> {
    let Some(block) = ir.regions(l).first().and_then(|&r| ir.entry_block(r)) else {
        return Ok(None);
    };
    let Some(term) = ir.last_op(block) else {
        return Ok(None);
    };
    if ir.operands(term).is_empty() {
        return Ok(None);
    }
    let ops: Vec<Op> = ir.block_ops(block).filter(|&o| o != term).collect();
    let at = |o: Op| ops.iter().position(|&x| x == o);
    // The backward slice of the yielded values within the body.
    let mut in_slice = vec![false; ops.len()];
    let mut work: Vec<Value> = ir.operands(term).to_vec();
    while let Some(v) = work.pop() {
        let Some(k) = ir.defining_op(v).and_then(at) else {
            continue;
        };
        if in_slice[k] {
            continue;
        }
        let o = ops[k];
        let allowed = ir.regions(o).is_empty()
            && ((ir.isa::<AffineLoad>(o) || ir.isa::<AffineVectorLoad>(o))
                || ir
                    .op_def(o)
                    .is_some_and(|d| d.has(Traits::PURE) || d.has(Traits::CONSTANT_LIKE)));
        if !allowed {
            return Ok(None);
        }
        in_slice[k] = true;
        work.extend_from_slice(ir.operands(o));
    }
    // An op of the slice stays where it is (and is cloned) when the rest of the body
    // uses it, or an op of the slice that stays does (users come after definitions).
    let mut shared = vec![false; ops.len()];
    for k in (0..ops.len()).rev().filter(|&k| in_slice[k]) {
        shared[k] = ir.results(ops[k]).iter().any(|&r| {
            ir.uses(r).iter().any(|u| {
                u.op != term
                    && match at(u.op) {
                        Some(j) => !in_slice[j] || shared[j],
                        None => true,
                    }
            })
        });
    }
    let Some(first_slice) = in_slice.iter().position(|&x| x) else {
        return Ok(None);
    };
    let rest_after = (first_slice..ops.len()).any(|k| !in_slice[k]);
    if (!rest_after && !shared.contains(&true)) || !in_slice.contains(&false) {
        return Ok(None);
    }
    // A load moves (or is recomputed) after the rest of the body: nothing after it may
    // write its memref.
    for k in (0..ops.len()).filter(|&k| in_slice[k]) {
        let o = ops[k];
        if !(ir.isa::<AffineLoad>(o) || ir.isa::<AffineVectorLoad>(o)) {
            continue;
        }
        let memref = ir.operand(o, 0);
        for &r in &ops[k + 1..] {
            for w in ir.walk_ops(r, WalkOrder::PreOrder) {
                match written_memref(ir, w) {
                    None => {}
                    Some(Some(m)) if !memrefs_may_alias(ir, m, memref, alias) => {}
                    Some(_) => return Err(LoadOverwritten { memref, writer: w }),
                }
            }
        }
    }
    let mut done = Isolated {
        moved: Vec::new(),
        cloned: Vec::new(),
    };
    let mut mapping = rustc_hash::FxHashMap::default();
    for k in (0..ops.len()).filter(|&k| in_slice[k]) {
        let o = ops[k];
        if shared[k] {
            let c = ir.clone_op(o, &mut mapping);
            ir.insert_op_before(term, c);
            done.cloned.push((c, o));
        } else {
            let next = ir.next_op(o).expect("the terminator follows");
            ir.remap_operands(o, &mapping);
            ir.detach_op(o);
            ir.insert_op_before(term, o);
            done.moved.push((o, next));
        }
    }
    ir.remap_operands(term, &mapping);
    Ok(Some(done))
}

/// Undoes [`isolate_yield_chains`] in the loops whose bodies are still there (not
/// regenerated: not distributed).
fn undo_isolation(ir: &mut Ir, done: Vec<Isolated>) {
    for d in done.into_iter().rev() {
        let alive = d.moved.iter().all(|&(o, _)| ir.contains_op(o))
            && d.cloned
                .iter()
                .all(|&(c, o)| ir.contains_op(c) && ir.contains_op(o));
        if !alive {
            continue;
        }
        for &(c, o) in d.cloned.iter().rev() {
            let pairs: Vec<(Value, Value)> = ir
                .results(c)
                .iter()
                .copied()
                .zip(ir.results(o).iter().copied())
                .collect();
            for (new, old) in pairs {
                ir.replace_all_uses(new, old);
            }
            ir.erase_op(c);
        }
        for &(o, next) in d.moved.iter().rev() {
            let Some(block) = ir.op_parent(o) else {
                continue;
            };
            let anchor = if ir.contains_op(next) && ir.op_parent(next) == Some(block) {
                next
            } else {
                match ir.last_op(block) {
                    Some(t) => t,
                    None => continue,
                }
            };
            if anchor != o {
                ir.detach_op(o);
                ir.insert_op_before(anchor, o);
            }
        }
    }
}

/// Distributes the loops of `func`'s SCoPs (see the module docs).
pub fn loop_distribute(ir: &mut Ir, func: Op, options: &DistributeOptions) -> DistributeReport {
    let mut report = DistributeReport::default();
    // The selected loop, and its location to find it again when the scalar demotion
    // rebuilt it (a loop losing its iter_args).
    let target_spec = options.loop_index.map(|n| {
        let op = ir
            .walk_ops(func, WalkOrder::PreOrder)
            .into_iter()
            .filter(|&o| is_affine_loop(ir, o))
            .nth(n);
        let loc = op
            .map(|o| ir.loc(o))
            .filter(|&l| lattice_ir::diag::first_file_line_col(ir.ctx(), l).is_some());
        (op, loc)
    });
    let extract = crate::scop::ExtractOptions {
        split_at_stores: true,
    };
    let only = target_spec.and_then(|(op, _)| op);
    let isolated = isolate_yield_chains(ir, func, options.alias, only, &mut report.remarks);
    for_each_scop_with(
        ir,
        func,
        options.alias,
        &extract,
        "not distributed",
        &mut report.remarks,
        |ir, isl, scop, deps, cells, remarks| {
            let tree = program_tree(ir, scop);
            let mut loops = Vec::new();
            loops_preorder(&tree, &mut loops);
            let target = match target_spec {
                None => None,
                Some((op, loc)) => {
                    let found = loops
                        .iter()
                        .copied()
                        .find(|&l| Some(l) == op || Some(ir.loc(l)) == loc);
                    if found.is_none() {
                        return Ok(());
                    }
                    found
                }
            };
            let mut walk = Walk {
                ir,
                scop,
                deps,
                cells,
                options,
                target,
                distributed: 0,
                remarks: Vec::new(),
                checked_partition: false,
            };
            let new = match walk.tree(&tree, 0) {
                Tree::Sequence(mut s) if s.len() == 1 => s.pop().expect("one"),
                t => t,
            };
            let (distributed, partition) = (walk.distributed, walk.checked_partition);
            remarks.append(&mut walk.remarks);
            if distributed == 0 {
                return Ok(());
            }
            let at = target.unwrap_or(scop.ops[0]);
            if partition {
                match violation(ir, isl, scop, deps, &new, cells) {
                    Ok(None) => {}
                    Ok(Some(why)) => {
                        remarks.push(remark(
                            ir,
                            at,
                            format!(
                                "not distributed: the partition would violate the dependence {why}"
                            ),
                        ));
                        return Ok(());
                    }
                    Err(e) => return Err(e),
                }
            }
            match apply_private(ir, isl, scop, deps, &new, cells, remarks) {
                Ok(()) => report.distributed += distributed,
                Err(e) => remarks.push(remark(ir, at, e.to_string())),
            }
            Ok(())
        },
    );
    undo_isolation(ir, isolated);
    report
}

impl PassConfig for DistributeOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        match o.string("mode", "max").as_str() {
            "max" => {}
            m => return Err(OptionError::expected("mode", "max", m)),
        }
        let loop_index = match o.value("loop") {
            Some(_) => Some(usize::try_from(o.int("loop", 0)?).map_err(|_| {
                OptionError::expected("loop", "a loop index (0 or more)", &o.string("loop", ""))
            })?),
            None => None,
        };
        let partition = match o.value("partition") {
            Some(_) => {
                if loop_index.is_none() {
                    return Err(OptionError::invalid("partition", "needs 'loop'"));
                }
                let p = o.int_list("partition")?;
                Some(
                    p.into_iter()
                        .map(|g| {
                            usize::try_from(g).map_err(|_| {
                                OptionError::invalid("partition", format!("group {g} is negative"))
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                )
            }
            None => None,
        };
        Ok(DistributeOptions {
            loop_index,
            partition,
            alias: AliasAssumption::from_pass_option(o, true)?,
        })
    }
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o.typed_at::<DistributeOptions>(ir, func)?;
    let report = loop_distribute(ir, func, &options);
    lattice_ir::pass::record_statistic(
        "num-distributed",
        "Number of loops distributed",
        report.distributed as u64,
    );
    super::finish_with_remarks(o, report.remarks)?;
    Ok(())
}

/// The `affine-loop-distribute` pass.
pub static AFFINE_LOOP_DISTRIBUTE: PassDef = PassDef {
    name: "affine-loop-distribute",
    display_name: "AffineLoopDistribute",
    summary: "Distribute (fission) loops over the strongly connected components of their dependence graph",
    anchor: Some(func::Func::NAME),
    options: &[        PassOption::choice(
            "mode",
            &["max"],
            "max",
            "max: the finest legal distribution at every loop (the only mode)",
        ),
        PassOption::int(
            "loop",
            0,
            i64::MAX,
            "",
            "Only this loop (the n-th affine.for/affine.parallel of the function, pre-order)",
        ),
        PassOption::ints(
            "partition",
            0,
            i64::MAX,
            "",
            "With loop: the group of each statement below the loop (program order); groups run in increasing order",
        ),
        PassOption::bool(
            "assume-no-alias",
            true,
            "Assume distinct memrefs never alias",
        ),
        PassOption::bool("remarks", false, "Print refusals (stderr)"),
        PassOption::bool(
            "emit-remarks",
            false,
            "Return refusals as the pass's diagnostics (stops the pipeline)",
        ),
    ],
    configure: lattice_ir::pass::configure::<DistributeOptions>,
    run,
};
