//! `inline`: mlir-opt 22's inliner. It walks the call graph bottom-up, one strongly
//! connected component (SCC) at a time; in each it runs the optimization pipeline
//! (`default-pipeline`, or the one `op-pipelines` gives for the callable's op) on the
//! callables, inlines the direct calls it may, and repeats while something was inlined
//! (at most `max-iterations` times). Private callables left without uses are erased.
//!
//! Invariants: calls and callables are known by their definitions' `call` / `callable`
//! hooks, and what may be inlined where by the dialects' [`DialectInliner`]s, never by op
//! names. Nothing changes at a call site unless every legality check passed. A callee
//! that is (part of) a cycle is never inlined into it, and calls that inlining produced
//! remember which callees produced them, so recursion cannot loop.

use crate::attrs::{Attr, AttrData, Location};
use crate::diag::Diagnostic;
use crate::pass::{
    configure, run_pipeline, OpPipeline, OptionError, OptionKind, OptionValues, PassConfig,
    PassDef, PassOption, PassOptions, PassRegistry, RunOptions,
};
use crate::registry::{DialectInliner, Traits};
use crate::store::{Block, Ir, Op, Region, Value, WalkOrder};
use rustc_hash::{FxHashMap, FxHashSet};

pub static INLINE: PassDef = PassDef {
    name: "inline",
    display_name: "Inliner",
    summary: "Inline function calls",
    anchor: None,
    options: &[
        PassOption {
            name: "default-pipeline",
            kind: OptionKind::Custom {
                syntax: "<pipeline>",
                check: check_default_pipeline,
            },
            default: "canonicalize",
            help: "The optimizer pipeline used for callables that do not have a dedicated \
                   optimizer pipeline in op-pipelines (empty: none)",
        },
        PassOption::custom(
            "op-pipelines",
            "<op>(<pipeline>),...",
            check_op_pipelines,
            "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)",
        ),
        PassOption::int(
            "max-iterations",
            0,
            u32::MAX as i64,
            "4",
            "Maximum number of iterations when inlining within an SCC",
        ),
        PassOption::int(
            "inlining-threshold",
            0,
            u32::MAX as i64,
            "4294967295",
            "If the ratio between the number of the operations in the callee and the number \
             of the operations in the caller exceeds this value (in percentage), then the \
             callee is not inlined even if it is legal to inline it",
        ),
    ],
    configure: configure::<InlineOptions>,
    run: run_inline,
};

/// The typed options.
pub struct InlineOptions {
    /// The pipeline run on callables without one of their own (`None`: none).
    default_pipeline: Option<OpPipeline>,
    /// Pipelines for callables of one op kind each (their anchors).
    op_pipelines: Vec<OpPipeline>,
    max_iterations: u32,
    /// In percent; `u32::MAX` inlines whatever the sizes.
    threshold: u32,
}

impl PassConfig for InlineOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let default_text = unquote(o.value("default-pipeline").unwrap_or("canonicalize"));
        // The declarations' checkers have accepted both texts already.
        let default_pipeline = parse_default_pipeline(default_text)?;
        let op_pipelines = parse_op_pipelines(unquote(o.value("op-pipelines").unwrap_or("")))?;
        Ok(InlineOptions {
            default_pipeline,
            op_pipelines,
            max_iterations: o.int("max-iterations", 4)? as u32,
            threshold: o.int("inlining-threshold", u32::MAX as i64)? as u32,
        })
    }
}

/// `text` without one pair of enclosing single quotes (`''` is the empty pipeline).
fn unquote(text: &str) -> &str {
    let t = text.trim();
    match t.len() >= 2 && t.starts_with('\'') && t.ends_with('\'') {
        true => &t[1..t.len() - 1],
        false => t,
    }
}

/// The passes a nested pipeline may name: the generic ones of this crate.
fn generic_passes() -> PassRegistry {
    let mut registry = PassRegistry::new();
    super::register(&mut registry);
    registry
}

/// `canonicalize`, `cse,canonicalize{max-iterations=2}`, or nothing.
fn parse_default_pipeline(text: &str) -> Result<Option<OpPipeline>, OptionError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    OpPipeline::parse(&format!("any({text})"), &generic_passes())
        .map(Some)
        .map_err(|e| {
            OptionError::value(format!(
                "{e} (a pipeline of the generic passes: canonicalize, cse, symbol-dce, inline)"
            ))
        })
}

/// `func.func(cse),other.op(canonicalize)`: one pipeline per callable op.
fn parse_op_pipelines(text: &str) -> Result<Vec<OpPipeline>, OptionError> {
    let registry = generic_passes();
    let mut out = Vec::new();
    for item in split_top_level(text) {
        if !item.contains('(') {
            return Err(OptionError::value(format!(
                "'{item}': expected a pipeline wrapped with its callable operation, e.g. 'func.func(canonicalize)'"
            )));
        }
        let pipeline =
            OpPipeline::parse(item, &registry).map_err(|e| OptionError::value(e.to_string()))?;
        if !pipeline.is_empty() {
            out.push(pipeline);
        }
    }
    Ok(out)
}

/// The comma-separated items of `text` outside parentheses and braces.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(text[start..].trim());
    items.retain(|s| !s.is_empty());
    items
}

fn check_default_pipeline(text: &str) -> Result<(), OptionError> {
    parse_default_pipeline(unquote(text)).map(|_| ())
}

fn check_op_pipelines(text: &str) -> Result<(), OptionError> {
    parse_op_pipelines(unquote(text)).map(|_| ())
}

fn run_inline(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let opts = options.typed_at::<InlineOptions>(ir, op)?;
    super::require_symbol_table(ir, op, "the inliner")?;
    let graph = CallGraph::build(ir, op);
    let mut inliner = Inliner {
        uses: UseList::new(ir, op, &graph),
        graph,
        opts: &opts,
        dead: Vec::new(),
    };
    for scc in inliner.graph.sccs() {
        inliner.inline_scc(ir, scc)?;
    }
    for node in std::mem::take(&mut inliner.dead) {
        if ir.contains_op(node) {
            ir.erase_op(node);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The call graph.
// ---------------------------------------------------------------------------------------

/// The callables with a body (nodes, by their op) and, for each, what it calls and
/// which callables are nested in it (edges, as MLIR's `CallGraph` builds them once).
struct CallGraph {
    /// Nodes in walk order.
    nodes: Vec<Op>,
    /// Each node's body.
    body: FxHashMap<Op, Region>,
    /// Each node's callees (resolved to nodes) and nested nodes, in walk order, no
    /// duplicates.
    edges: FxHashMap<Op, Vec<Op>>,
    /// Whether a node has nested nodes.
    has_children: FxHashSet<Op>,
    /// Nodes not nested in another node (the external caller's edges).
    roots: Vec<Op>,
}

/// The body of `op` if it is a callable with one.
pub(crate) fn callable_body(ir: &Ir, op: Op) -> Option<Region> {
    ir.op_def(op)?.callable.and_then(|c| (c.body)(ir, op))
}

/// The callable `call` calls directly (a flat symbol reference to a callable with a
/// body), if any.
pub(crate) fn resolve_call(ir: &Ir, call: Op) -> Option<Op> {
    let hooks = ir.op_def(call)?.call?;
    let callee = (hooks.callee)(ir, call)?;
    let AttrData::SymbolRef { root, nested } = ir.ctx().attr_data(callee) else {
        return None;
    };
    if !nested.is_empty() {
        return None;
    }
    let target = lookup_symbol(ir, call, ir.ctx().str(*root))?;
    callable_body(ir, target).map(|_| target)
}

/// Whether `op` is a call (of any kind, direct or not).
fn is_call(ir: &Ir, op: Op) -> bool {
    ir.op_def(op).is_some_and(|d| d.call.is_some())
}

/// The symbol named `name` in the nearest symbol table around `from`.
fn lookup_symbol(ir: &Ir, from: Op, name: &str) -> Option<Op> {
    let mut table = ir.parent_op(from)?;
    while !ir.has_trait(table, Traits::SYMBOL_TABLE) {
        table = ir.parent_op(table)?;
    }
    let key = ir.ctx().string_attr(name);
    ir.regions(table)
        .iter()
        .flat_map(|&r| ir.region_blocks(r))
        .flat_map(|b| ir.block_ops(b))
        .find(|&op| ir.attr(op, "sym_name") == Some(key))
}

impl CallGraph {
    fn build(ir: &Ir, root: Op) -> CallGraph {
        let mut g = CallGraph {
            nodes: Vec::new(),
            body: FxHashMap::default(),
            edges: FxHashMap::default(),
            has_children: FxHashSet::default(),
            roots: Vec::new(),
        };
        // (op, the node it is in), pre-order.
        let mut stack: Vec<(Op, Option<Op>)> = vec![(root, None)];
        while let Some((op, parent)) = stack.pop() {
            let mut inner = parent;
            if is_call(ir, op) {
                if let (Some(p), Some(t)) = (parent, resolve_call(ir, op)) {
                    g.add_edge(p, t);
                }
            } else if let Some(body) = callable_body(ir, op) {
                g.nodes.push(op);
                g.body.insert(op, body);
                g.edges.entry(op).or_default();
                match parent {
                    Some(p) => {
                        g.add_edge(p, op);
                        g.has_children.insert(p);
                    }
                    None => g.roots.push(op),
                }
                inner = Some(op);
            }
            let nested = super::nested_ops(ir, op);
            stack.extend(nested.into_iter().rev().map(|n| (n, inner)));
        }
        g
    }

    fn add_edge(&mut self, from: Op, to: Op) {
        let edges = self.edges.entry(from).or_default();
        if !edges.contains(&to) {
            edges.push(to);
        }
    }

    /// The SCCs, callees before callers (Tarjan's order from the external caller, as
    /// `llvm::scc_iterator`).
    fn sccs(&self) -> Vec<Vec<Op>> {
        let mut t = Tarjan::default();
        for &root in &self.roots {
            if !t.index.contains_key(&root) {
                t.visit(self, root);
            }
        }
        t.out
    }
}

/// Tarjan's algorithm, iterative.
#[derive(Default)]
struct Tarjan {
    index: FxHashMap<Op, usize>,
    low: FxHashMap<Op, usize>,
    stack: Vec<Op>,
    on_stack: FxHashSet<Op>,
    out: Vec<Vec<Op>>,
}

impl Tarjan {
    fn visit(&mut self, g: &CallGraph, start: Op) {
        // (node, next edge to look at)
        let mut work = vec![(start, 0usize)];
        self.enter(start);
        while let Some(top) = work.last_mut() {
            let node = top.0;
            if let Some(&succ) = g.edges[&node].get(top.1) {
                top.1 += 1;
                if !self.index.contains_key(&succ) {
                    self.enter(succ);
                    work.push((succ, 0));
                } else if self.on_stack.contains(&succ) {
                    let low = self.low[&node].min(self.index[&succ]);
                    self.low.insert(node, low);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                let low = self.low[&parent].min(self.low[&node]);
                self.low.insert(parent, low);
            }
            if self.low[&node] == self.index[&node] {
                let mut scc = Vec::new();
                while let Some(n) = self.stack.pop() {
                    self.on_stack.remove(&n);
                    scc.push(n);
                    if n == node {
                        break;
                    }
                }
                self.out.push(scc);
            }
        }
    }

    fn enter(&mut self, node: Op) {
        let i = self.index.len();
        self.index.insert(node, i);
        self.low.insert(node, i);
        self.stack.push(node);
        self.on_stack.insert(node);
    }
}

// ---------------------------------------------------------------------------------------
// Symbol uses of the callables that may be erased.
// ---------------------------------------------------------------------------------------

/// How many references each discardable callable (a private one with a body, directly in
/// a symbol table, referenced only from callables) has, kept up to date as calls are
/// inlined (MLIR's `CGUseList`).
struct UseList {
    discardable: FxHashSet<Op>,
    count: FxHashMap<Op, i64>,
    /// The discardable callables each node references, once per reference.
    refs: FxHashMap<Op, Vec<Op>>,
}

/// The callables `op` and the ops nested in it reference (not looking into nested
/// symbol tables), once per reference.
fn referenced_callables(ir: &Ir, op: Op) -> Vec<Op> {
    let mut out = Vec::new();
    let Some(uses) = super::symbol_dce::symbol_uses(ir, op) else {
        return out;
    };
    // Resolve from `op` itself, a callable directly in its symbol table.
    for (root, nested) in uses {
        if !nested.is_empty() {
            continue;
        }
        if let Some(t) = lookup_symbol(ir, op, ir.ctx().str(root)) {
            out.push(t);
        }
    }
    out
}

impl UseList {
    fn new(ir: &Ir, root: Op, g: &CallGraph) -> UseList {
        let mut u = UseList {
            discardable: FxHashSet::default(),
            count: FxHashMap::default(),
            refs: FxHashMap::default(),
        };
        let mut always_live = FxHashSet::default();
        for op in ir.walk_ops(root, WalkOrder::PreOrder) {
            if !ir.has_trait(op, Traits::SYMBOL_TABLE) {
                continue;
            }
            for child in super::nested_ops(ir, op) {
                if g.body.contains_key(&child) {
                    if is_private(ir, child) {
                        u.discardable.insert(child);
                    }
                } else {
                    always_live.extend(referenced_callables(ir, child));
                }
            }
        }
        u.discardable.retain(|n| !always_live.contains(n));
        for &node in &g.nodes {
            u.recompute(ir, node);
        }
        u
    }

    /// Counts `node`'s references afresh (after its body changed).
    fn recompute(&mut self, ir: &Ir, node: Op) {
        for old in self.refs.remove(&node).unwrap_or_default() {
            *self.count.entry(old).or_default() -= 1;
        }
        let mut refs = referenced_callables(ir, node);
        refs.retain(|r| self.discardable.contains(r));
        for &r in &refs {
            *self.count.entry(r).or_default() += 1;
        }
        self.refs.insert(node, refs);
    }

    fn uses(&self, node: Op) -> Option<i64> {
        self.discardable
            .contains(&node)
            .then(|| self.count.get(&node).copied().unwrap_or(0))
    }

    /// Whether `node` is discardable and unreferenced.
    fn is_dead(&self, node: Op) -> bool {
        self.uses(node) == Some(0)
    }

    /// Whether `node` is discardable and referenced once.
    fn has_one_use_and_discardable(&self, node: Op) -> bool {
        self.uses(node) == Some(1)
    }

    /// After `call` in `source` was replaced by a copy of `target`'s body: `source` lost
    /// the call's reference and gained `target`'s.
    fn inlined(&mut self, source: Op, target: Op) {
        let refs = self.refs.entry(source).or_default();
        if let Some(i) = refs.iter().position(|&r| r == target) {
            refs.remove(i);
            *self.count.entry(target).or_default() -= 1;
        }
        let gained = self.refs.get(&target).cloned().unwrap_or_default();
        for r in gained {
            *self.count.entry(r).or_default() += 1;
            self.refs.entry(source).or_default().push(r);
        }
    }

    /// `node` is gone: its references no longer count.
    fn erase(&mut self, node: Op) {
        for old in self.refs.remove(&node).unwrap_or_default() {
            *self.count.entry(old).or_default() -= 1;
        }
        self.discardable.remove(&node);
    }
}

/// Whether symbol `op` has `sym_visibility = "private"`.
fn is_private(ir: &Ir, op: Op) -> bool {
    ir.attr(op, "sym_visibility")
        .and_then(|a| ir.ctx().string_value(a))
        == Some("private")
}

// ---------------------------------------------------------------------------------------
// The inliner.
// ---------------------------------------------------------------------------------------

/// A call to consider: the call, the node it is in, the node it calls, and the inline
/// history of the call (an index in `Inliner::history`, `None` for an original call).
#[derive(Clone, Copy)]
struct ResolvedCall {
    call: Op,
    source: Op,
    target: Op,
    history: Option<usize>,
}

struct Inliner<'a> {
    graph: CallGraph,
    uses: UseList,
    opts: &'a InlineOptions,
    /// Callables to erase at the end.
    dead: Vec<Op>,
}

impl Inliner<'_> {
    /// Optimizes and inlines within `scc` until nothing is inlined or the iterations run
    /// out (at least one).
    fn inline_scc(&mut self, ir: &mut Ir, mut scc: Vec<Op>) -> Result<(), Vec<Diagnostic>> {
        let mut iteration = 0;
        loop {
            self.optimize_scc(ir, &scc)?;
            if !self.inline_calls_in_scc(ir, &mut scc) {
                break;
            }
            iteration += 1;
            if iteration >= self.opts.max_iterations {
                break;
            }
        }
        Ok(())
    }

    /// Runs the optimization pipeline on the SCC's callables that have no nested
    /// callables and are isolated from above.
    fn optimize_scc(&mut self, ir: &mut Ir, scc: &[Op]) -> Result<(), Vec<Diagnostic>> {
        let run = RunOptions {
            parallel: false,
            ..RunOptions::default()
        };
        for &node in scc {
            if self.graph.has_children.contains(&node)
                || !ir.has_trait(node, Traits::ISOLATED_FROM_ABOVE)
            {
                continue;
            }
            let name = ir.op_name(node);
            let pipeline = match self.opts.op_pipelines.iter().find(|p| p.anchor == name) {
                Some(p) => p,
                None => match &self.opts.default_pipeline {
                    Some(p) => p,
                    None => continue,
                },
            };
            run_pipeline(ir, node, pipeline, &run)?;
            self.uses.recompute(ir, node);
        }
        Ok(())
    }

    /// Inlines what it may of the SCC's calls; whether anything was inlined.
    fn inline_calls_in_scc(&mut self, ir: &mut Ir, scc: &mut Vec<Op>) -> bool {
        let mut dead: Vec<Op> = Vec::new();
        let mut calls = Vec::new();
        for &node in scc.iter() {
            if self.uses.is_dead(node) {
                dead.push(node);
            } else {
                let blocks = block_op_lists(ir, self.graph.body[&node]);
                collect_calls(ir, &self.graph, blocks, node, false, None, &mut calls);
            }
        }
        // (callee, the history entry of the call it came from).
        let mut history: Vec<(Op, Option<usize>)> = Vec::new();
        let mut inlined_any = false;
        let mut i = 0;
        while i < calls.len() {
            let it = calls[i];
            i += 1;
            if dead.contains(&it.source)
                || history_includes(&history, it.history, it.target)
                || !self.should_inline(ir, &it)
            {
                continue;
            }
            let in_place = self.uses.has_one_use_and_discardable(it.target);
            let entry = history.len();
            let Some(new_calls) = inline_call(ir, &self.graph, &it, Some(entry)) else {
                continue;
            };
            inlined_any = true;
            history.push((it.target, it.history));
            calls.extend(new_calls);
            self.uses.inlined(it.source, it.target);
            ir.erase_op(it.call);
            if in_place {
                self.uses.erase(it.target);
                dead.push(it.target);
            }
        }
        for node in dead {
            scc.retain(|&n| n != node);
            if !self.dead.contains(&node) {
                self.dead.push(node);
            }
        }
        inlined_any
    }

    /// MLIR's `shouldInline`: not a terminator, no cycle through the callee, not into
    /// itself, a multi-block callee only where blocks may be added, and profitable.
    fn should_inline(&self, ir: &Ir, it: &ResolvedCall) -> bool {
        if ir.has_trait(it.call, Traits::TERMINATOR) {
            return false;
        }
        let edges = &self.graph.edges[&it.target];
        if edges.contains(&it.target) || edges.contains(&it.source) {
            return false;
        }
        let body = self.graph.body[&it.target];
        if ir.region_contains(body, it.call) {
            return false;
        }
        if ir.region_blocks(body).nth(1).is_some() && !may_add_blocks(ir, it) {
            return false;
        }
        self.is_profitable(ir, it)
    }

    /// Whether the callee/caller size ratio (in percent) is within the threshold.
    fn is_profitable(&self, ir: &Ir, it: &ResolvedCall) -> bool {
        match self.opts.threshold {
            0 => return false,
            u32::MAX => return true,
            _ => {}
        }
        let count = |node: Op| ir.walk_ops(node, WalkOrder::PreOrder).len() as u64 - 1;
        let caller = count(it.source);
        if caller == 0 {
            return true;
        }
        count(it.target) * 100 / caller <= u64::from(self.opts.threshold)
    }
}

/// Whether the op holding `it.call` may get more blocks: it is of the callee's kind, or
/// registered without the `SINGLE_BLOCK` trait.
fn may_add_blocks(ir: &Ir, it: &ResolvedCall) -> bool {
    let Some(parent) = ir.parent_op(it.call) else {
        return false;
    };
    let same_kind = match (ir.op_def(parent), ir.op_def(it.target)) {
        (Some(a), Some(b)) => std::ptr::eq(a, b),
        _ => false,
    };
    same_kind
        || ir
            .op_def(parent)
            .is_some_and(|d| !d.has(Traits::SINGLE_BLOCK))
}

/// Whether the history chain from `entry` already inlined `target`.
fn history_includes(history: &[(Op, Option<usize>)], mut entry: Option<usize>, target: Op) -> bool {
    while let Some(e) = entry {
        if history[e].0 == target {
            return true;
        }
        entry = history[e].1;
    }
    false
}

/// The ops of each block of `region`.
fn block_op_lists(ir: &Ir, region: Region) -> Vec<Vec<Op>> {
    ir.region_blocks(region)
        .map(|b| ir.block_ops(b).collect())
        .collect()
}

/// Collects the direct calls to nodes among `blocks` (the ops of each block, in place
/// in the IR so that callees resolve) and the ops nested in them (MLIR's
/// `collectCallOps`: a worklist of blocks taken from its end; nested nodes' bodies only
/// when `nested`).
fn collect_calls(
    ir: &Ir,
    g: &CallGraph,
    blocks: Vec<Vec<Op>>,
    source: Op,
    nested: bool,
    history: Option<usize>,
    out: &mut Vec<ResolvedCall>,
) {
    let mut work: Vec<(Vec<Op>, Op)> = blocks.into_iter().map(|b| (b, source)).collect();
    while let Some((ops, source)) = work.pop() {
        for op in ops {
            if !ir.contains_op(op) {
                continue;
            }
            if is_call(ir, op) {
                if let Some(target) = resolve_call(ir, op).filter(|t| g.body.contains_key(t)) {
                    out.push(ResolvedCall {
                        call: op,
                        source,
                        target,
                        history,
                    });
                }
                continue;
            }
            for &r in ir.regions(op) {
                let node = g.body.get(&op).filter(|&&b| b == r).map(|_| op);
                if nested || node.is_none() {
                    let src = node.unwrap_or(source);
                    work.extend(block_op_lists(ir, r).into_iter().map(|b| (b, src)));
                }
            }
        }
    }
}

/// The dialect inliner of `op`'s definition.
fn inliner_of(ir: &Ir, op: Op) -> Option<&'static DialectInliner> {
    ir.ctx().inliner(ir.op_def(op)?)
}

/// Whether every op of `src` (at any depth) may be inlined into `dest`.
fn ops_legal(ir: &Ir, src: Region, dest: Region) -> bool {
    ir.region_blocks(src)
        .flat_map(|b| ir.block_ops(b))
        .flat_map(|op| ir.walk_ops(op, WalkOrder::PreOrder))
        .all(|op| match inliner_of(ir, op) {
            Some(i) => i.op_legal.is_none_or(|f| f(ir, op, dest)),
            None => false,
        })
}

/// Checks whether `it` may be inlined (MLIR's `inlineCall` checks, in its order) and
/// returns the callee's argument mapping; `None` leaves everything as it was.
fn check_inline(ir: &Ir, body: Region, it: &ResolvedCall) -> Option<FxHashMap<Value, Value>> {
    let entry = ir.entry_block(body)?;
    let call_hooks = ir.op_def(it.call)?.call?;
    let args = &ir.operands(it.call)[(call_hooks.args)(ir, it.call)];
    let callable = ir.op_def(it.target)?.callable?;
    let result_types = (callable.result_types)(ir, it.target);
    let params = ir.block_args(entry);
    let results = ir.results(it.call);
    if args.len() != params.len() || results.len() != result_types.len() {
        return None;
    }
    let same_types = args
        .iter()
        .zip(params)
        .all(|(&a, &p)| ir.value_type(a) == ir.value_type(p))
        && results
            .iter()
            .zip(&result_types)
            .all(|(&r, &t)| ir.value_type(r) == t);
    if !same_types {
        return None;
    }
    let call_inliner = inliner_of(ir, it.call)?;
    if !call_inliner
        .call_legal
        .is_none_or(|f| f(ir, it.call, it.target))
    {
        return None;
    }
    let mapping: FxHashMap<Value, Value> =
        params.iter().copied().zip(args.iter().copied()).collect();
    let dest = ir.op_parent(it.call).and_then(|b| ir.block_parent(b))?;
    let dest_inliner = ir.region_parent(dest).and_then(|p| inliner_of(ir, p))?;
    if !dest_inliner
        .region_legal
        .is_none_or(|f| f(ir, dest, body, &mapping))
    {
        return None;
    }
    if !ops_legal(ir, body, dest) {
        return None;
    }
    // Several blocks: every return must become a branch to the block after the call
    // (other terminators, branches within the body, stay).
    let multi = ir.region_blocks(body).nth(1).is_some();
    let branches = ir.region_blocks(body).all(|b| {
        ir.last_op(b).is_some_and(|t| {
            !ir.has_trait(t, Traits::RETURN_LIKE)
                || inliner_of(ir, t).is_some_and(|i| i.branch_to.is_some())
        })
    });
    if multi && !branches {
        return None;
    }
    Some(mapping)
}

/// Inlines `it` (a copy of the callee's body in place of the call, which is left for
/// the caller to erase once its results are replaced). Returns the calls in the inlined
/// code, or `None` when it may not be inlined (nothing changed).
fn inline_call(
    ir: &mut Ir,
    g: &CallGraph,
    it: &ResolvedCall,
    history: Option<usize>,
) -> Option<Vec<ResolvedCall>> {
    let body = g.body[&it.target];
    let mapping = check_inline(ir, body, it)?;
    let mut clone_map = FxHashMap::default();
    let copy = ir.clone_region(body, &mut clone_map);
    let entry = ir.entry_block(copy)?;
    let body_entry = ir.entry_block(body)?;
    for param in ir.block_args(body_entry).to_vec() {
        ir.replace_all_uses(clone_map[&param], mapping[&param]);
    }
    while !ir.block_args(entry).is_empty() {
        ir.erase_block_arg(entry, 0);
    }
    remap_locations(ir, copy, ir.loc(it.call));
    let inlined = block_op_lists(ir, copy);
    let blocks: Vec<Block> = ir.region_blocks(copy).collect();
    match blocks.as_slice() {
        [single] => splice_single_block(ir, it.call, *single),
        _ => splice_blocks(ir, it.call, &blocks),
    }
    // The calls in the inlined code, now that they are in place (MLIR collects them
    // before handling the terminators, which are not calls).
    let mut new_calls = Vec::new();
    collect_calls(ir, g, inlined, it.source, true, history, &mut new_calls);
    Some(new_calls)
}

/// One inlined block: its ops go after the call, whose results become the operands of
/// its terminator.
fn splice_single_block(ir: &mut Ir, call: Op, block: Block) {
    let Some(term) = ir.last_op(block) else {
        return;
    };
    let returned = ir.operands(term).to_vec();
    for (r, v) in ir.results(call).to_vec().into_iter().zip(returned) {
        ir.replace_all_uses(r, v);
    }
    ir.erase_op(term);
    let mut anchor = call;
    while let Some(op) = ir.first_op(block) {
        ir.detach_op(op);
        ir.insert_op_after(anchor, op);
        anchor = op;
    }
    ir.erase_block(block);
}

/// Several inlined blocks: the call's block is split after the call; the entry block's
/// ops follow the call, the other blocks come before the split-off block, which takes
/// the results as arguments, and every terminator becomes a branch to it.
fn splice_blocks(ir: &mut Ir, call: Op, blocks: &[Block]) {
    let call_block = ir.op_parent(call).expect("call is in a block");
    let post = ir.create_block(&[]);
    let loc = Some(ir.loc(call));
    let types: Vec<_> = ir.results(call).iter().map(|&r| ir.value_type(r)).collect();
    for (r, ty) in ir.results(call).to_vec().into_iter().zip(types) {
        let arg = ir.add_block_arg(post, ty, loc);
        ir.replace_all_uses(r, arg);
    }
    ir.insert_block_after(call_block, post);
    while let Some(op) = ir.next_op(call) {
        ir.detach_op(op);
        ir.append_op(post, op);
    }
    let mut anchor = call_block;
    for &b in &blocks[1..] {
        ir.detach_block(b);
        ir.insert_block_after(anchor, b);
        anchor = b;
    }
    for &b in blocks {
        let term = ir.last_op(b).expect("inlined block has a terminator");
        let branch = inliner_of(ir, term).and_then(|i| i.branch_to);
        if let Some(branch_to) = branch.filter(|_| ir.has_trait(term, Traits::RETURN_LIKE)) {
            branch_to(ir, term, post);
        }
    }
    ir.splice_block_ops(blocks[0], call_block);
    ir.erase_block(blocks[0]);
}

/// Gives the inlined ops (and block arguments) call-site locations: each location `l`
/// becomes `callsite(l at <call's location>)`, appended to an existing call-site chain
/// (MLIR's `remapInlinedLocations`). Nothing changes when the call's location is unknown.
fn remap_locations(ir: &mut Ir, region: Region, caller: Attr) {
    if matches!(
        ir.ctx().attr_data(caller),
        AttrData::Location(Location::Unknown)
    ) {
        return;
    }
    let mut memo: FxHashMap<Attr, Attr> = FxHashMap::default();
    let mut remap = |ir: &Ir, loc: Attr| {
        *memo
            .entry(loc)
            .or_insert_with(|| stack_locations(ir, loc, caller))
    };
    let blocks: Vec<Block> = ir.region_blocks(region).collect();
    let mut ops = Vec::new();
    for &b in &blocks {
        for op in ir.block_ops(b) {
            ops.extend(ir.walk_ops(op, WalkOrder::PreOrder));
        }
    }
    let mut block_list = blocks;
    for &op in &ops {
        for &r in ir.regions(op) {
            block_list.extend(ir.region_blocks(r));
        }
    }
    for b in block_list {
        for a in ir.block_args(b).to_vec() {
            if let Some(loc) = ir.value(a).loc {
                let new = remap(ir, loc);
                ir.set_value_loc(a, Some(new));
            }
        }
    }
    for op in ops {
        let new = remap(ir, ir.loc(op));
        ir.set_loc(op, new);
    }
}

/// `callsite(callee at caller)`, with `caller` appended at the end of `callee`'s chain.
fn stack_locations(ir: &Ir, callee: Attr, caller: Attr) -> Attr {
    let ctx = ir.ctx();
    let mut stack = Vec::new();
    let mut last = callee;
    while let AttrData::Location(Location::CallSite { callee, caller }) = ctx.attr_data(last) {
        stack.push(*callee);
        last = *caller;
    }
    let callsite = |callee, caller| ctx.loc(Location::CallSite { callee, caller });
    let mut result = callsite(last, caller);
    for &c in stack.iter().rev() {
        result = callsite(c, result);
    }
    result
}
