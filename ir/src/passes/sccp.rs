//! `sccp`: sparse conditional constant propagation, as mlir-opt 22's SCCP pass (its
//! dead-code analysis and sparse constant propagation over the op definitions' hooks,
//! then the rewrite).
//!
//! Analysis: an optimistic fixed point over the ops nested in the root, reached by
//! sweeping the live blocks (in reverse post-order) until nothing changes. A value is
//! uninitialized (not yet reached), a constant, or unknown; a block is live once control
//! can reach it. The entry blocks of the root's regions are live and their arguments
//! unknown. In a live block an op is simulated through its `fold` hook with its operands'
//! constants (an op waits while an operand is uninitialized; an in-place fold, a failed
//! fold or an op with regions makes its results unknown); a branch marks live the
//! successor its `taken_successor` hook picks for constant operands (all successors
//! otherwise) and joins its forwarded operands into the successors' arguments (an op
//! without `successor_operands` makes them unknown); region control flow follows the
//! `region_branch` hook from the op and from the terminators of its live blocks (other
//! region ops have live entry blocks with unknown arguments); a call (`call`) to
//! a callable in the root with a body (`callable`) adds itself to the callable's
//! callers and takes its results from the callable's live return-like terminators, any
//! other call's results are unknown. A callable's body is live when it has live callers
//! or unknown ones, and its arguments join its callers' arguments: public callables,
//! `nested` ones in a table whose uses are not all visible, and callables referenced
//! other than by calls have unknown callers (mlir-opt's `walkSymbolTables` rules).
//!
//! Rewrite: blocks are visited from a stack seeded with the root's regions; in each
//! block, every result known constant is replaced by a constant materialized through the
//! first registered `materialize_constant` hook that accepts it, uniqued per insertion
//! region and put at the start of that region's entry block (so constants end up in
//! reverse order of creation, with an unknown location); an op whose results were all
//! replaced and that would be trivially dead is erased, otherwise its regions are pushed;
//! then the block's arguments are replaced. Unreachable blocks stay, as in mlir-opt.

use super::canonicalize::{constant_value, insertion_region, post_order};
use super::symbol_dce::{
    collect_symbol_refs, is_potentially_unknown_symbol_table, is_symbol, visibility,
};
use crate::attrs::{Attr, Location};
use crate::context::Str;
use crate::diag::Diagnostic;
use crate::pass::{PassDef, PassOptions};
use crate::registry::{
    FoldResult, MaterializeConstantFn, RegionBranchFn, RegionPoint, RegionSuccessor, Traits,
};
use crate::store::{Block, Ir, Op, Region, Value};
use crate::types::Type;
use rustc_hash::{FxHashMap, FxHashSet};

/// The `sccp` pass.
pub static SCCP: PassDef = PassDef {
    name: "sccp",
    display_name: "SCCP",
    summary: "Sparse Conditional Constant Propagation",
    anchor: None,
    options: &[],
    configure: crate::pass::configure::<crate::pass::NoOptions>,
    run: run_sccp,
};

fn run_sccp(ir: &mut Ir, op: Op, _: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    sccp(ir, op);
    Ok(())
}

/// Propagates constants through everything nested in the regions of `root` and rewrites
/// it (see the module docs).
pub fn sccp(ir: &mut Ir, root: Op) {
    let values = Solver::run(ir, root);
    rewrite(ir, root, &values);
}

/// What the analysis knows of one value (absent: uninitialized).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lattice {
    Constant(Attr),
    Unknown,
}

/// The known call sites of a callable.
#[derive(Default)]
struct Callers {
    /// Some callers are not known (public, or referenced other than by a call).
    unknown: bool,
    calls: Vec<Op>,
}

struct Solver<'a> {
    ir: &'a Ir,
    root: Op,
    values: FxHashMap<Value, Lattice>,
    live: FxHashSet<Block>,
    callers: FxHashMap<Op, Callers>,
    /// The blocks of each multi-block region in reverse post-order (a sweep then
    /// follows forward edges in one go).
    orders: FxHashMap<Region, Vec<Block>>,
    changed: bool,
}

impl<'a> Solver<'a> {
    /// The fixed point for `root`: the lattice of every value reached.
    fn run(ir: &'a Ir, root: Op) -> FxHashMap<Value, Lattice> {
        let mut s = Solver {
            ir,
            root,
            values: FxHashMap::default(),
            live: FxHashSet::default(),
            callers: FxHashMap::default(),
            orders: FxHashMap::default(),
            changed: false,
        };
        for &r in ir.regions(root) {
            if let Some(entry) = ir.entry_block(r) {
                s.live.insert(entry);
                s.all_unknown(ir.block_args(entry));
            }
        }
        let all_uses_visible = ir.op_parent(root).is_none();
        s.walk_symbol_tables(root, all_uses_visible);
        loop {
            s.changed = false;
            for &r in ir.regions(root) {
                s.visit_region(r);
            }
            if !s.changed {
                return s.values;
            }
        }
    }

    // ----- lattice updates -----

    fn join(&mut self, v: Value, l: Lattice) {
        let new = match self.values.get(&v) {
            None => l,
            Some(&old) if old == l => return,
            Some(Lattice::Unknown) => return,
            Some(_) => Lattice::Unknown,
        };
        self.values.insert(v, new);
        self.changed = true;
    }

    fn join_value(&mut self, dst: Value, src: Value) {
        if let Some(&l) = self.values.get(&src) {
            self.join(dst, l);
        }
    }

    fn all_unknown(&mut self, values: &[Value]) {
        for &v in values {
            self.join(v, Lattice::Unknown);
        }
    }

    fn mark_live(&mut self, block: Block) {
        if self.live.insert(block) {
            self.changed = true;
        }
    }

    fn unknown_callers(&mut self, callable: Op) {
        let c = self.callers.entry(callable).or_default();
        if !c.unknown {
            c.unknown = true;
            self.changed = true;
        }
    }

    /// The constants of `op`'s operands (`None` inside for unknown ones), or `None` while
    /// one is uninitialized.
    fn operand_constants(&self, op: Op) -> Option<Vec<Option<Attr>>> {
        self.ir
            .operands(op)
            .iter()
            .map(|v| match self.values.get(v)? {
                Lattice::Constant(a) => Some(Some(*a)),
                Lattice::Unknown => Some(None),
            })
            .collect()
    }

    // ----- callables and their visibility -----

    /// MLIR's `walkSymbolTables`: nested tables first, each with whether all uses of its
    /// symbols are visible.
    fn walk_symbol_tables(&mut self, op: Op, mut visible: bool) {
        let ir = self.ir;
        let is_table = ir.has_trait(op, Traits::SYMBOL_TABLE);
        if is_table {
            visible |= !is_symbol(ir, op) || visibility(ir, op) == Some("private");
        } else {
            visible = true;
        }
        for n in super::nested_ops(ir, op) {
            self.walk_symbol_tables(n, visible);
        }
        if is_table {
            self.init_table_callables(op, visible);
        }
    }

    /// Marks the callables of symbol table `table` that may have unknown callers.
    fn init_table_callables(&mut self, table: Op, visible: bool) {
        let ir = self.ir;
        let Some(block) = ir.regions(table).first().and_then(|&r| ir.entry_block(r)) else {
            return;
        };
        let mut found = false;
        for op in ir.block_ops(block) {
            if super::inline::callable_body(ir, op).is_none() || !is_symbol(ir, op) {
                continue;
            }
            let vis = visibility(ir, op);
            if vis.is_none_or(|v| v == "public") || (!visible && vis == Some("nested")) {
                self.unknown_callers(op);
            }
            found = true;
        }
        if found {
            self.init_non_call_uses(table, block);
        }
    }

    /// Callables of `table` referenced other than by a call have unknown callers; all of
    /// them when an op might be an unknown symbol table.
    fn init_non_call_uses(&mut self, table: Op, block: Block) {
        let ir = self.ir;
        let mut refs = Vec::new();
        let mut stack: Vec<Op> = ir.block_ops(block).collect();
        while let Some(o) = stack.pop() {
            if is_potentially_unknown_symbol_table(ir, o) {
                for c in ir.walk_ops(self.root, crate::store::WalkOrder::PreOrder) {
                    if super::inline::callable_body(ir, c).is_some() {
                        self.unknown_callers(c);
                    }
                }
                return;
            }
            if ir.op_def(o).and_then(|d| d.call).is_none() {
                for a in ir.attrs(o) {
                    collect_symbol_refs(ir, a.value, &mut refs);
                }
                if let Some(p) = ir.op(o).properties {
                    collect_symbol_refs(ir, p, &mut refs);
                }
            }
            if !ir.has_trait(o, Traits::SYMBOL_TABLE) {
                stack.extend(super::nested_ops(ir, o));
            }
        }
        for (root, nested) in refs {
            if let Some(symbol) = resolve(ir, table, root, &nested) {
                self.unknown_callers(symbol);
            }
        }
    }

    // ----- the sweep -----

    fn visit_region(&mut self, region: Region) {
        let ir = self.ir;
        let blocks = self.orders.entry(region).or_insert_with(|| {
            let mut order = post_order(ir, region);
            order.reverse();
            order
        });
        for block in blocks.clone() {
            if !self.live.contains(&block) {
                continue;
            }
            for op in ir.block_ops(block) {
                self.visit_op(op);
            }
        }
    }

    fn visit_op(&mut self, op: Op) {
        let ir = self.ir;
        let def = ir.op_def(op);
        let call = def.and_then(|d| d.call);
        if call.is_some() {
            self.visit_call(op, super::inline::resolve_call(ir, op));
        }
        if !ir.regions(op).is_empty() {
            self.visit_region_op(op);
        } else if call.is_none() {
            self.visit_fold(op);
        }
        if !ir.successors(op).is_empty() {
            self.visit_branch(op);
        } else if let Some((parent, hook, index)) = self.region_exit(op) {
            if let Some(consts) = self.operand_constants(op) {
                for s in hook(ir, parent, RegionPoint::Region(index), &consts) {
                    self.follow(parent, &s, ir.operands(op));
                }
            }
        }
    }

    /// The results of an op without regions, from its folder.
    fn visit_fold(&mut self, op: Op) {
        let ir = self.ir;
        let results = ir.results(op);
        if results.is_empty() {
            return;
        }
        let Some(consts) = self.operand_constants(op) else {
            return;
        };
        if let Some(c) = constant_value(ir, op) {
            return self.join(results[0], Lattice::Constant(c));
        }
        let folded = ir
            .op_def(op)
            .and_then(|d| d.fold)
            .and_then(|f| f(ir, op, &consts));
        match folded {
            Some(f) if !f.is_empty() && f.len() == results.len() => {
                for (&r, f) in results.iter().zip(f) {
                    match f {
                        FoldResult::Constant(a) => self.join(r, Lattice::Constant(a)),
                        FoldResult::Value(v) if results.contains(&v) => {
                            self.join(r, Lattice::Unknown)
                        }
                        FoldResult::Value(v) => self.join_value(r, v),
                    }
                }
            }
            _ => self.all_unknown(results),
        }
    }

    /// An op with regions: region control flow, a callable's body, or (any other op)
    /// live entry blocks with unknown arguments and unknown results; then its regions.
    fn visit_region_op(&mut self, op: Op) {
        let ir = self.ir;
        let def = ir.op_def(op);
        if let Some(hook) = def.and_then(|d| d.region_branch) {
            if let Some(consts) = self.operand_constants(op) {
                for s in hook(ir, op, RegionPoint::Parent, &consts) {
                    self.follow(op, &s, ir.operands(op));
                }
            }
        } else if let Some(body) = super::inline::callable_body(ir, op) {
            self.visit_callable(op, body);
        } else {
            for &r in ir.regions(op) {
                if let Some(entry) = ir.entry_block(r) {
                    self.mark_live(entry);
                    self.all_unknown(ir.block_args(entry));
                }
            }
            self.all_unknown(ir.results(op));
        }
        for &r in ir.regions(op) {
            self.visit_region(r);
        }
    }

    /// Region control flow along `s` from a source whose operands are `operands`.
    fn follow(&mut self, op: Op, s: &RegionSuccessor, operands: &[Value]) {
        let ir = self.ir;
        let forwarded = operands.get(s.operands.clone()).unwrap_or(&[]);
        let targets = match s.to {
            RegionPoint::Parent => ir.results(op),
            RegionPoint::Region(r) => {
                let Some(entry) = ir.regions(op).get(r).and_then(|&r| ir.entry_block(r)) else {
                    return;
                };
                self.mark_live(entry);
                ir.block_args(entry)
            }
        };
        for (i, &t) in targets.iter().enumerate() {
            match i.checked_sub(s.inputs.start).and_then(|k| forwarded.get(k)) {
                Some(&v) if s.inputs.contains(&i) => self.join_value(t, v),
                _ => self.join(t, Lattice::Unknown),
            }
        }
    }

    /// Whether `op` leaves a region of a region-branch op: its parent, hook and region.
    fn region_exit(&self, op: Op) -> Option<(Op, RegionBranchFn, usize)> {
        let ir = self.ir;
        let block = ir.op_parent(op)?;
        if ir.last_op(block) != Some(op)
            || ir.op_def(op).is_some_and(|d| !d.has(Traits::TERMINATOR))
        {
            return None;
        }
        let region = ir.block_parent(block)?;
        let parent = ir.region_parent(region)?;
        let hook = ir.op_def(parent)?.region_branch?;
        let index = ir.regions(parent).iter().position(|&r| r == region)?;
        Some((parent, hook, index))
    }

    /// A branch: the successors it may take, and their arguments.
    fn visit_branch(&mut self, op: Op) {
        let ir = self.ir;
        let def = ir.op_def(op);
        let succs = ir.successors(op);
        let Some(range_of) = def.and_then(|d| d.successor_operands) else {
            for &b in succs {
                self.mark_live(b);
                self.all_unknown(ir.block_args(b));
            }
            return;
        };
        let Some(consts) = self.operand_constants(op) else {
            return;
        };
        let taken = def
            .and_then(|d| d.taken_successor)
            .and_then(|f| f(ir, op, &consts))
            .filter(|&i| i < succs.len());
        let indices = taken.map_or(0..succs.len(), |i| i..i + 1);
        for i in indices {
            let dest = succs[i];
            self.mark_live(dest);
            let args = ir.block_args(dest);
            let forwarded = ir.operands(op).get(range_of(ir, op, i)).unwrap_or(&[]);
            let produced = args.len().saturating_sub(forwarded.len());
            self.all_unknown(&args[..produced]);
            for (&a, &v) in args[produced..].iter().zip(forwarded) {
                self.join_value(a, v);
            }
        }
    }

    /// A call: registers it with its callee in the root, whose returns give its results;
    /// any other call's results are unknown.
    fn visit_call(&mut self, call: Op, callee: Option<Op>) {
        let ir = self.ir;
        let body = callee
            .filter(|&c| ir.is_ancestor(self.root, c) && is_symbol(ir, c))
            .and_then(|c| Some((c, super::inline::callable_body(ir, c)?)));
        let Some((callee, body)) = body else {
            return self.all_unknown(ir.results(call));
        };
        let callers = self.callers.entry(callee).or_default();
        if !callers.calls.contains(&call) {
            callers.calls.push(call);
            self.changed = true;
        }
        let results = ir.results(call);
        for block in ir.region_blocks(body) {
            let Some(term) = ir.last_op(block).filter(|_| self.live.contains(&block)) else {
                continue;
            };
            if !ir.successors(term).is_empty() || ir.operands(term).is_empty() {
                continue;
            }
            if !ir.has_trait(term, Traits::RETURN_LIKE) {
                return self.all_unknown(results);
            }
            for (&r, &v) in results.iter().zip(ir.operands(term)) {
                self.join_value(r, v);
            }
        }
    }

    /// A callable: its body is live when it has callers, whose arguments its entry
    /// arguments join (all unknown when some callers are unknown).
    fn visit_callable(&mut self, callable: Op, body: Region) {
        let ir = self.ir;
        let Some(entry) = ir.entry_block(body) else {
            return;
        };
        let Some(callers) = self.callers.get(&callable) else {
            return;
        };
        let (unknown, calls) = (callers.unknown, callers.calls.clone());
        if !unknown && calls.is_empty() {
            return;
        }
        self.mark_live(entry);
        let args = ir.block_args(entry);
        if unknown {
            return self.all_unknown(args);
        }
        for call in calls {
            let range = ir
                .op_def(call)
                .and_then(|d| d.call)
                .map(|hooks| (hooks.args)(ir, call));
            match range.and_then(|r| ir.operands(call).get(r)) {
                Some(operands) if operands.len() == args.len() => {
                    for (&a, &v) in args.iter().zip(operands) {
                        self.join_value(a, v);
                    }
                }
                _ => self.all_unknown(args),
            }
        }
    }
}

/// The symbol `@root::@nested...` in symbol table `table`.
fn resolve(ir: &Ir, table: Op, root: Str, nested: &[Str]) -> Option<Op> {
    let mut found = lookup(ir, table, root)?;
    for &name in nested {
        found = lookup(ir, found, name)?;
    }
    Some(found)
}

/// The op named `name` directly in the first block of `table`.
fn lookup(ir: &Ir, table: Op, name: Str) -> Option<Op> {
    let block = ir.entry_block(*ir.regions(table).first()?)?;
    let wanted = ir.ctx().string_attr(ir.ctx().str(name));
    ir.block_ops(block)
        .find(|&o| ir.attr(o, "sym_name") == Some(wanted))
}

// ----- the rewrite -----

/// Materializes and uniques the constants of the rewrite (MLIR's `OperationFolder`).
struct Folder {
    root: Op,
    makers: Vec<MaterializeConstantFn>,
    constants: FxHashMap<(Region, Attr, Type), Value>,
    unknown_loc: Attr,
}

impl Folder {
    /// Replaces the uses of `value` by a constant when it is known to be one; returns
    /// whether it did.
    fn replace(&mut self, ir: &mut Ir, values: &FxHashMap<Value, Lattice>, value: Value) -> bool {
        let Some(&Lattice::Constant(attr)) = values.get(&value) else {
            return false;
        };
        let Some(block) = ir.value_block(value) else {
            return false;
        };
        match self.get_or_create(ir, block, attr, ir.value_type(value)) {
            Some(c) => {
                ir.replace_all_uses(value, c);
                true
            }
            None => false,
        }
    }

    /// The constant `attr : ty` for uses in `block`, created at the start of the entry
    /// block of its insertion region when it does not exist yet.
    fn get_or_create(&mut self, ir: &mut Ir, block: Block, attr: Attr, ty: Type) -> Option<Value> {
        let root = self.root;
        let region = insertion_region(ir, block, |r| ir.region_parent(r) == Some(root))?;
        if let Some(&c) = self.constants.get(&(region, attr, ty)) {
            return Some(c);
        }
        let entry = ir.entry_block(region)?;
        let state = self
            .makers
            .iter()
            .find_map(|make| make(ir.ctx(), attr, ty, self.unknown_loc))?;
        let op = ir.create_op(state);
        ir.prepend_op(entry, op);
        let c = ir.result(op, 0);
        self.constants.insert((region, attr, ty), c);
        Some(c)
    }
}

/// Replaces what the analysis found constant and erases the ops left dead.
fn rewrite(ir: &mut Ir, root: Op, values: &FxHashMap<Value, Lattice>) {
    let makers = ir
        .ctx()
        .registered_ops()
        .iter()
        .filter_map(|d| d.materialize_constant)
        .collect();
    let unknown_loc = ir.ctx().loc(Location::Unknown);
    let mut folder = Folder {
        root,
        makers,
        constants: FxHashMap::default(),
        unknown_loc,
    };
    let mut worklist = Vec::new();
    push_blocks(ir, root, &mut worklist);
    while let Some(block) = worklist.pop() {
        let ops: Vec<Op> = ir.block_ops(block).collect();
        for op in ops {
            let results = ir.results(op).to_vec();
            let mut replaced_all = !results.is_empty();
            for r in results {
                replaced_all &= folder.replace(ir, values, r);
            }
            if replaced_all && super::would_be_trivially_dead(ir, op) {
                ir.erase_op(op);
                continue;
            }
            push_blocks(ir, op, &mut worklist);
        }
        for arg in ir.block_args(block).to_vec() {
            folder.replace(ir, values, arg);
        }
    }
}

/// Pushes the blocks of `op`'s regions so that they pop in order.
fn push_blocks(ir: &Ir, op: Op, worklist: &mut Vec<Block>) {
    for &r in ir.regions(op) {
        let blocks: Vec<Block> = ir.region_blocks(r).collect();
        worklist.extend(blocks.into_iter().rev());
    }
}
