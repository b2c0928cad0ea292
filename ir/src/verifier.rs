//! The verifier: structural rules (terminators, successors, SSA dominance per region kind,
//! isolated-from-above, symbol tables) and each registered op's own rules.
//!
//! Invariants: it collects every error it finds, in IR order, instead of stopping at the
//! first; it never panics on any IR the parser can build; it walks iteratively, so deep
//! nests cannot overflow the stack. Like mlir-opt, ops are checked children first; an op
//! whose structure is broken does not also get its op-specific verifier run, an op with a
//! failing descendant is not checked itself, and dominance is checked only when every op
//! verified, so one mistake does not produce a cascade of follow-on errors. Diagnostics
//! are returned in IR order.
//!
//! Checks made, in order, for every op (children before parents):
//! 1. operands are live values with no leftover forward-reference placeholders;
//! 2. successors exist, are in the op's own region, and only a terminator has them;
//! 3. a registered terminator is the last op of its block;
//! 4. `SINGLE_BLOCK` ops have at most one block per region; `SYMBOL` ops carry a string
//!    `sym_name` and sit directly in a `SYMBOL_TABLE` op (or at the top); `SYMBOL_TABLE`
//!    regions define each symbol once;
//! 5. in SSACFG regions of registered ops without `NO_TERMINATOR`, every block ends in a
//!    terminator (an unregistered last op is accepted: it may be one) and no block is
//!    empty; the entry block has no predecessors;
//! 6. the op's own `verify` hook (registered ops whose structure passed 1–5), then, if
//!    it passed, branch operand counts and types against the successors' arguments (ops
//!    with a `successor_operands` hook);
//! 7. after all ops passed: operands of ops inside `ISOLATED_FROM_ABOVE` regions are
//!    defined inside, and every operand's definition dominates its use (SSACFG regions
//!    only; graph regions and unregistered ops' regions are exempt; uses in unreachable
//!    blocks are exempt, as in MLIR).
//!
//! PUBLIC API CONTRACT (dialects code against these signatures; keep them stable).

use crate::attrs::AttrData;
use crate::diag::{DiagLoc, Diagnostic, Severity};
use crate::registry::Traits;
use crate::store::{Block, Ir, Op, Region, Value, ValueDef, WalkOrder};
use rustc_hash::{FxHashMap, FxHashSet};

/// Collects diagnostics while verifying.
pub struct Verifier<'a> {
    pub(crate) ir: &'a Ir,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl<'a> Verifier<'a> {
    /// A verifier over `ir` with no diagnostics yet.
    pub fn new(ir: &'a Ir) -> Verifier<'a> {
        Verifier {
            ir,
            diagnostics: Vec::new(),
        }
    }

    /// The IR being verified.
    pub fn ir(&self) -> &'a Ir {
        self.ir
    }

    /// Reports an error at `op`'s location. MLIR prefixes op-verifier messages with
    /// `'<op name>' op `; this does too, so pass only the rest ("requires ..."). Like
    /// every error on an op here, it carries the `see current operation` note when the
    /// context asks for it ([`Diagnostic::with_current_op`]).
    pub fn error(&mut self, op: Op, message: impl Into<String>) {
        let msg = format!("'{}' op {}", self.ir.op_name(op), message.into());
        self.error_raw(op, msg);
    }

    /// Reports an error without the `'<op name>' op ` prefix.
    pub fn error_raw(&mut self, op: Op, message: impl Into<String>) {
        let d = Diagnostic::error(DiagLoc::Loc(self.ir.loc(op)), message);
        self.diagnostics.push(d.with_current_op(self.ir, op));
    }

    /// Reports a full diagnostic (with notes).
    pub fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// Reports an error with a note pointing at `note_op`.
    pub fn error_with_note(
        &mut self,
        op: Op,
        message: impl Into<String>,
        note_op: Op,
        note: impl Into<String>,
    ) {
        let msg = format!("'{}' op {}", self.ir.op_name(op), message.into());
        let d = Diagnostic::error(DiagLoc::Loc(self.ir.loc(op)), msg)
            .with_current_op(self.ir, op)
            .with_note(DiagLoc::Loc(self.ir.loc(note_op)), note);
        self.diagnostics.push(d);
    }

    /// Number of errors reported so far.
    pub fn error_count(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    /// The diagnostics collected so far.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }
}

/// Verifies `op` and everything nested in it; returns all errors found.
pub fn verify(ir: &Ir, op: Op) -> Vec<Diagnostic> {
    let mut v = Verifier::new(ir);
    let ops = ir.walk_ops(op, WalkOrder::PreOrder);
    // Children before parents (reverse pre-order), as mlir-opt checks an op's regions
    // before the op's region-dependent rules; an op with a failing descendant is skipped.
    let mut failed: FxHashSet<Op> = FxHashSet::default();
    let mut reported: Vec<(usize, Vec<Diagnostic>)> = Vec::new();
    for (index, &o) in ops.iter().enumerate().rev() {
        if failed.contains(&o) {
            continue;
        }
        let before = v.diagnostics.len();
        verify_structure(&mut v, o);
        if v.diagnostics.len() == before {
            if let Some(hook) = ir.op_def(o).and_then(|d| d.verify) {
                hook(&mut v, o);
            }
            if v.diagnostics.len() == before {
                verify_successor_operands(&mut v, o);
            }
        }
        if v.diagnostics.len() > before {
            reported.push((index, v.diagnostics.split_off(before)));
            // Mark every ancestor (up to the root) as having a failing descendant.
            let mut cur = o;
            while cur != op {
                match ir.parent_op(cur) {
                    Some(p) if failed.insert(p) => cur = p,
                    _ => break,
                }
            }
        }
    }
    // Report in IR order.
    reported.sort_by_key(|(index, _)| *index);
    v.diagnostics = reported.into_iter().flat_map(|(_, d)| d).collect();
    if v.error_count() == 0 {
        verify_dominance(&mut v, &ops);
    }
    v.into_diagnostics()
}

/// Whether the regions of `op` follow SSA dominance (registered, non-graph ops only).
fn has_ssa_dominance(ir: &Ir, op: Op) -> bool {
    match ir.op_def(op) {
        Some(def) => !def.has(Traits::GRAPH_REGIONS),
        None => false,
    }
}

/// Branch operands against successor arguments (MLIR's `BranchOpInterface` check, run
/// after the op's own verifier; its messages carry no op-name prefix, as in mlir-opt).
fn verify_successor_operands(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir;
    let Some(range_of) = ir.op_def(op).and_then(|d| d.successor_operands) else {
        return;
    };
    for (i, &succ) in ir.successors(op).iter().enumerate() {
        if !ir.contains_block(succ) {
            continue;
        }
        let range = range_of(ir, op, i);
        let operands = ir.operands(op);
        if range.end > operands.len() || range.start > range.end {
            continue; // The op's own verifier reports malformed segment sizes.
        }
        let args = ir.block_args(succ);
        let forwarded = &operands[range];
        if forwarded.len() != args.len() {
            v.error_raw(
                op,
                format!(
                    "branch has {} operands for successor #{i}, but target block has {}",
                    forwarded.len(),
                    args.len()
                ),
            );
            continue;
        }
        for (j, (&a, &f)) in args.iter().zip(forwarded).enumerate() {
            if ir.value_type(a) != ir.value_type(f) {
                v.error_raw(
                    op,
                    format!("type mismatch for bb argument #{j} of successor #{i}"),
                );
            }
        }
    }
}

fn verify_structure(v: &mut Verifier<'_>, op: Op) {
    let ir = v.ir;
    // 1. Operands.
    for (i, &operand) in ir.operands(op).iter().enumerate() {
        if !ir.contains_value(operand) {
            v.error(op, format!("operand #{i} is an erased value"));
        } else if matches!(ir.value_def(operand), ValueDef::Placeholder) {
            v.error(op, format!("operand #{i} refers to an undefined value"));
        }
    }
    // 2. Successors.
    let successors = ir.successors(op);
    if !successors.is_empty() {
        let is_last = ir.op_parent(op).is_some() && ir.next_op(op).is_none();
        if ir.op_def(op).is_some() && !ir.has_trait(op, Traits::TERMINATOR) || !is_last {
            v.error(
                op,
                "operation with block successors must terminate its parent block",
            );
        }
        let own_region = ir.op_parent(op).and_then(|b| ir.block_parent(b));
        for (i, &succ) in successors.iter().enumerate() {
            if !ir.contains_block(succ) || ir.block_parent(succ) != own_region {
                v.error(
                    op,
                    format!("reference to block defined in another region (successor #{i})"),
                );
                continue;
            }
        }
    }
    // 3. Terminators last.
    if ir.has_trait(op, Traits::TERMINATOR)
        && ir.op_parent(op).is_some()
        && ir.next_op(op).is_some()
    {
        v.error(op, "must be the last operation in the parent block");
    }
    let Some(def) = ir.op_def(op) else { return };
    // 4. Single blocks, symbols.
    if def.has(Traits::SINGLE_BLOCK) {
        for (i, &r) in ir.regions(op).iter().enumerate() {
            if ir.region_blocks(r).count() > 1 {
                v.error(op, format!("expects region #{i} to have 0 or 1 blocks"));
            }
        }
    }
    if def.has(Traits::SYMBOL) {
        let ok = ir
            .attr(op, "sym_name")
            .is_some_and(|a| matches!(ir.ctx().attr_data(a), AttrData::String(_)));
        if !ok {
            v.error(op, "requires string attribute 'sym_name'");
        }
        let parent = ir.op_parent(op).and_then(|b| ir.block_parent_op(b));
        if parent.is_some_and(|p| !ir.has_trait(p, Traits::SYMBOL_TABLE)) {
            v.error(op, "symbol's parent must have the SymbolTable trait");
        }
    }
    if def.has(Traits::SYMBOL_TABLE) {
        for &r in ir.regions(op) {
            let mut seen: FxHashMap<String, Op> = FxHashMap::default();
            for b in ir.region_blocks(r) {
                for child in ir.block_ops(b) {
                    let Some(name) = ir
                        .attr(child, "sym_name")
                        .and_then(|a| ir.ctx().string_value(a))
                    else {
                        continue;
                    };
                    if let Some(&first) = seen.get(name) {
                        v.report(
                            Diagnostic::error(
                                DiagLoc::Loc(ir.loc(child)),
                                format!("redefinition of symbol named '{name}'"),
                            )
                            .with_current_op(ir, child)
                            .with_note(
                                DiagLoc::Loc(ir.loc(first)),
                                "see existing symbol definition here",
                            ),
                        );
                    } else {
                        seen.insert(name.to_string(), child);
                    }
                }
            }
        }
    }
    // 5. Terminators present; entry blocks without predecessors.
    let needs_terminator = !def.has(Traits::NO_TERMINATOR) && !def.has(Traits::GRAPH_REGIONS);
    for &r in ir.regions(op) {
        let mut first = true;
        for b in ir.region_blocks(r) {
            if needs_terminator {
                match ir.last_op(b) {
                    None => {
                        v.error(op, "empty block: expect at least a terminator");
                    }
                    Some(last) => {
                        if ir.op_def(last).is_some() && !ir.has_trait(last, Traits::TERMINATOR) {
                            let d = Diagnostic::error(
                                DiagLoc::Loc(ir.loc(last)),
                                "block with no terminator, has ".to_string()
                                    + &generic_summary(ir, last),
                            );
                            v.report(d.with_current_op(ir, last));
                        }
                    }
                }
            }
            if first && has_predecessor(ir, b) {
                v.error(op, "entry block of region may not have predecessors");
            }
            first = false;
        }
    }
}

/// An op as MLIR writes it into an error message (`<< op`).
fn generic_summary(ir: &Ir, op: Op) -> String {
    crate::diag::op_in_diagnostic(ir, op, true)
}

fn has_predecessor(ir: &Ir, block: Block) -> bool {
    let Some(region) = ir.block_parent(block) else {
        return false;
    };
    ir.region_blocks(region).any(|b| {
        ir.last_op(b)
            .is_some_and(|t| ir.successors(t).contains(&block))
    })
}

/// Dominator information for the blocks of one region (shared with the CSE pass).
pub(crate) struct RegionDominance {
    /// Reachable blocks in reverse post-order (the entry first).
    pub(crate) rpo: Vec<Block>,
    /// Reverse-post-order index of each reachable block.
    rpo_index: FxHashMap<Block, usize>,
    /// Immediate dominator (by RPO index) of each reachable block; the entry maps to itself.
    idom: Vec<usize>,
}

impl RegionDominance {
    pub(crate) fn compute(ir: &Ir, region: Region) -> RegionDominance {
        let Some(entry) = ir.entry_block(region) else {
            return RegionDominance {
                rpo: Vec::new(),
                rpo_index: FxHashMap::default(),
                idom: Vec::new(),
            };
        };
        let succs = |b: Block| -> Vec<Block> {
            ir.last_op(b)
                .map(|t| ir.successors(t).to_vec())
                .unwrap_or_default()
        };
        // Iterative post-order DFS.
        let mut post = Vec::new();
        let mut visited = FxHashSet::default();
        let mut stack = vec![(entry, 0usize)];
        visited.insert(entry);
        while let Some((b, i)) = stack.pop() {
            let s = succs(b);
            if i < s.len() {
                stack.push((b, i + 1));
                let n = s[i];
                if ir.contains_block(n) && ir.block_parent(n) == Some(region) && visited.insert(n) {
                    stack.push((n, 0));
                }
            } else {
                post.push(b);
            }
        }
        post.reverse();
        let rpo = post;
        let rpo_index: FxHashMap<Block, usize> =
            rpo.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); rpo.len()];
        for (i, &b) in rpo.iter().enumerate() {
            for s in succs(b) {
                if let Some(&j) = rpo_index.get(&s) {
                    preds[j].push(i);
                }
            }
        }
        // Cooper–Harvey–Kennedy.
        const UNDEF: usize = usize::MAX;
        let mut idom = vec![UNDEF; rpo.len()];
        idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..rpo.len() {
                let mut new = UNDEF;
                for &p in &preds[b] {
                    if idom[p] == UNDEF {
                        continue;
                    }
                    new = if new == UNDEF {
                        p
                    } else {
                        intersect(&idom, p, new)
                    };
                }
                if new != UNDEF && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        RegionDominance {
            rpo,
            rpo_index,
            idom,
        }
    }

    /// The children of each reachable block in the dominator tree, indexed like `rpo`
    /// (children in reverse post-order).
    pub(crate) fn tree_children(&self) -> Vec<Vec<usize>> {
        let mut children = vec![Vec::new(); self.rpo.len()];
        for (b, &d) in self.idom.iter().enumerate().skip(1) {
            if d != usize::MAX {
                children[d].push(b);
            }
        }
        children
    }

    /// Whether block `a` dominates block `b` (both in this region). Unreachable blocks
    /// are dominated by everything.
    pub(crate) fn dominates(&self, a: Block, b: Block) -> bool {
        let (Some(&ia), Some(&ib)) = (self.rpo_index.get(&a), self.rpo_index.get(&b)) else {
            return !self.rpo_index.contains_key(&b);
        };
        let mut x = ib;
        loop {
            if x == ia {
                return true;
            }
            if x == 0 || self.idom[x] == usize::MAX {
                return false;
            }
            x = self.idom[x];
        }
    }

    pub(crate) fn reachable(&self, b: Block) -> bool {
        self.rpo_index.contains_key(&b)
    }

    /// The reverse-post-order index of `b` (`None`: unreachable).
    pub(crate) fn index(&self, b: Block) -> Option<usize> {
        self.rpo_index.get(&b).copied()
    }

    /// The dominance frontier of each reachable block, indexed like `rpo`: the blocks
    /// where its dominance ends (Cooper, Harvey and Kennedy's walk up from each
    /// predecessor of a join). Each frontier lists blocks once.
    pub(crate) fn frontiers(&self, ir: &Ir) -> Vec<Vec<usize>> {
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); self.rpo.len()];
        for (p, &block) in self.rpo.iter().enumerate() {
            let succs = ir.last_op(block).map(|t| ir.successors(t)).unwrap_or(&[]);
            for &s in succs {
                if let Some(b) = self.index(s) {
                    preds[b].push(p);
                }
            }
        }
        let mut frontier: Vec<Vec<usize>> = vec![Vec::new(); self.rpo.len()];
        for (b, preds) in preds.into_iter().enumerate() {
            if preds.len() < 2 {
                continue;
            }
            for p in preds {
                let mut runner = p;
                while runner != self.idom[b] && !frontier[runner].contains(&b) {
                    frontier[runner].push(b);
                    if runner == 0 {
                        break;
                    }
                    runner = self.idom[runner];
                }
            }
        }
        frontier
    }
}

fn intersect(idom: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a];
        }
        while b > a {
            b = idom[b];
        }
    }
    a
}

fn verify_dominance(v: &mut Verifier<'_>, ops: &[Op]) {
    let ir = v.ir;
    // Position of each op in its block.
    let mut position: FxHashMap<Op, usize> = FxHashMap::default();
    let mut doms: FxHashMap<Region, RegionDominance> = FxHashMap::default();
    for &o in ops {
        for &r in ir.regions(o) {
            for b in ir.region_blocks(r) {
                for (i, child) in ir.block_ops(b).enumerate() {
                    position.insert(child, i);
                }
            }
        }
    }
    for &user in ops {
        for (index, &operand) in ir.operands(user).iter().enumerate() {
            if !ir.contains_value(operand) {
                continue;
            }
            if let Some(problem) = check_use(ir, user, operand, &position, &mut doms) {
                let mut d = Diagnostic::error(
                    DiagLoc::Loc(ir.loc(user)),
                    match problem {
                        UseProblem::Isolation => format!(
                            "'{}' op using value defined outside the region",
                            ir.op_name(user)
                        ),
                        UseProblem::Dominance => {
                            format!("operand #{index} does not dominate this use")
                        }
                    },
                )
                .with_current_op(ir, user);
                d = match (problem, ir.defining_op(operand)) {
                    (UseProblem::Isolation, _) => {
                        let iso = isolating_ancestor(ir, user, operand);
                        match iso {
                            Some(i) => d.with_note(
                                DiagLoc::Loc(ir.loc(i)),
                                "required by region isolation constraints",
                            ),
                            None => d,
                        }
                    }
                    (UseProblem::Dominance, _) => {
                        let (loc, note) = definition_note(ir, user, operand);
                        d.with_note(loc, note)
                    }
                };
                v.report(d);
            }
        }
    }
}

/// Where a definition's region lies relative to its use's region.
#[derive(Clone, Copy)]
enum Place {
    Same,
    Parent,
    Child,
    Neither,
}

/// MLIR's note on where a non-dominating operand is defined: `operand defined here (op
/// in the same block)` at its op, or `operand defined as a block argument (block #1 in
/// the same region)` at the op owning its block, placed relative to `user`.
fn definition_note(ir: &Ir, user: Op, operand: Value) -> (DiagLoc, String) {
    let use_region = ir.op_parent(user).and_then(|b| ir.block_parent(b));
    let place = |def_region: Option<Region>| match (use_region, def_region) {
        (Some(u), Some(d)) if u == d => Place::Same,
        (Some(u), Some(d)) if region_encloses(ir, d, u) => Place::Parent,
        (Some(u), Some(d)) if region_encloses(ir, u, d) => Place::Child,
        _ => Place::Neither,
    };
    if let Some(def) = ir.defining_op(operand) {
        let def_block = ir.op_parent(def);
        let text = match place(def_block.and_then(|b| ir.block_parent(b))) {
            _ if def_block == ir.op_parent(user) => "op in the same block",
            Place::Same => "op in the same region",
            Place::Parent => "op in a parent region",
            Place::Child => "op in a child region",
            Place::Neither => "op is neither in a parent nor in a child region",
        };
        return (
            DiagLoc::Loc(ir.loc(def)),
            format!("operand defined here ({text})"),
        );
    }
    let block = ir.value_block(operand);
    let region = block.and_then(|b| ir.block_parent(b));
    let owner = region.and_then(|r| ir.region_parent(r));
    let loc = DiagLoc::Loc(owner.map_or_else(|| ir.ctx().unknown_loc(), |o| ir.loc(o)));
    let (Some(block), Some(r)) = (block, region) else {
        return (loc, " (block without parent)".to_string());
    };
    let index = ir.region_blocks(r).position(|b| b == block).unwrap_or(0);
    let text = match place(Some(r)) {
        Place::Same => "in the same region",
        Place::Parent => "in a parent region",
        Place::Child => "in a child region",
        Place::Neither => "neither in a parent nor in a child region",
    };
    let note = format!("operand defined as a block argument (block #{index} {text})");
    (loc, note)
}

/// Whether `outer` strictly encloses `inner` (MLIR's `Region::isProperAncestor`).
fn region_encloses(ir: &Ir, outer: Region, inner: Region) -> bool {
    let mut cur = inner;
    while let Some(parent) = ir.region_parent(cur).and_then(|op| ir.op_parent(op)) {
        let Some(r) = ir.block_parent(parent) else {
            return false;
        };
        if r == outer {
            return true;
        }
        cur = r;
    }
    false
}

#[derive(Clone, Copy)]
enum UseProblem {
    Isolation,
    Dominance,
}

/// The innermost isolated-from-above op between `user` and the region defining `value`.
fn isolating_ancestor(ir: &Ir, user: Op, value: Value) -> Option<Op> {
    let def_region = ir.value_block(value).and_then(|b| ir.block_parent(b));
    let mut cur = user;
    while let Some(p) = ir.parent_op(cur) {
        if def_region.is_some_and(|r| ir.regions(p).contains(&r)) {
            return None;
        }
        if ir.has_trait(p, Traits::ISOLATED_FROM_ABOVE) {
            return Some(p);
        }
        cur = p;
    }
    None
}

fn check_use(
    ir: &Ir,
    user: Op,
    value: Value,
    position: &FxHashMap<Op, usize>,
    doms: &mut FxHashMap<Region, RegionDominance>,
) -> Option<UseProblem> {
    let def_block = ir.value_block(value)?;
    let def_region = ir.block_parent(def_block)?;
    // Walk up from the user to the op whose block is in the defining region.
    let mut anchor = user;
    loop {
        let block = ir.op_parent(anchor)?;
        let region = ir.block_parent(block)?;
        if region == def_region {
            break;
        }
        let parent = ir.region_parent(region)?;
        if ir.has_trait(parent, Traits::ISOLATED_FROM_ABOVE) {
            return Some(UseProblem::Isolation);
        }
        anchor = parent;
    }
    let owner = ir.region_parent(def_region);
    if !owner.is_some_and(|o| has_ssa_dominance(ir, o)) {
        // Graph region: any definition in the region is visible.
        return match ir.value_def(value) {
            ValueDef::Result { op, .. } if op == anchor && anchor != user => {
                Some(UseProblem::Dominance)
            }
            _ => None,
        };
    }
    let anchor_block = ir.op_parent(anchor)?;
    let dom = doms
        .entry(def_region)
        .or_insert_with(|| RegionDominance::compute(ir, def_region));
    if !dom.reachable(anchor_block) {
        return None;
    }
    match ir.value_def(value) {
        ValueDef::Argument { .. } => {
            if def_block == anchor_block || dom.dominates(def_block, anchor_block) {
                None
            } else {
                Some(UseProblem::Dominance)
            }
        }
        ValueDef::Result { op: def_op, .. } => {
            if def_block == anchor_block {
                let (pd, pa) = (position.get(&def_op)?, position.get(&anchor)?);
                if pd < pa {
                    None
                } else {
                    Some(UseProblem::Dominance)
                }
            } else if dom.dominates(def_block, anchor_block) {
                None
            } else {
                Some(UseProblem::Dominance)
            }
        }
        ValueDef::Placeholder => None,
    }
}
