//! `mem2reg`: promotes memory slots to SSA values, as mlir-opt 22's Mem2Reg.
//!
//! Knows no op by name: allocators, loads and stores are the ops whose
//! [`OpDef::promotable`](crate::OpDef::promotable) hook says so ([`crate::memory_slot`]).
//!
//! Rules, as in LLVM 22:
//! - The allocators are collected in the regions of the op the pass runs on, nested ones
//!   too, in program order. Each slot with uses is tried in turn; rounds over the
//!   allocators not yet promoted repeat until one promotes nothing (promoting a slot can
//!   free another, as one whose pointer was stored in it).
//! - A slot is promoted only if every user is a slot-access op that accepts to drop its
//!   uses and sits in the slot's own region (a use in a nested region, as in an `scf.if`
//!   or `affine.for` body, blocks it), outside graph regions.
//! - Block arguments go to the merge points: the iterated dominance frontier of the
//!   blocks that store to the slot, pruned to the blocks where the slot's value is live
//!   on entry. Every predecessor of a merge point must forward successor operands (a
//!   branch), else the slot stays. Each edge into a merge point forwards the value
//!   reaching the end of its predecessor.
//! - Before any store the slot holds the allocator's default value (`ub.poison` for
//!   `memref.alloca`), built when first needed at the start of the slot's block.
//! - Reads are replaced by the value reaching them, in reverse dominance order (so a
//!   value read from the slot and stored back is replaced once); then the slot's users
//!   and the allocator are erased. Unused allocations stay.
//! - `region-simplify` is accepted and, as in mlir-opt 22 (which reads it nowhere), has
//!   no effect: the pass never simplifies the control flow.
//!
//! Invariants: nothing changes unless the analysis of a slot succeeded, and the IR stays
//! valid after every slot.

use crate::diag::Diagnostic;
use crate::memory_slot::{MemorySlot, Promotable, SlotAccess, SlotAllocator};
use crate::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use crate::passes::canonicalize::append_successor_operand;
use crate::registry::Traits;
use crate::store::{Block, Ir, Op, Region, Value, WalkOrder};
use crate::verifier::RegionDominance;
use rustc_hash::{FxHashMap, FxHashSet};

/// The `mem2reg` pass.
pub static MEM2REG: PassDef = PassDef {
    name: "mem2reg",
    display_name: "Mem2Reg",
    summary: "Promotes memory slots into values.",
    anchor: None,
    options: &[PassOption::bool(
        "region-simplify",
        true,
        "Perform control flow optimizations to the region tree (no effect, as in mlir-opt 22)",
    )],
    configure: crate::pass::configure::<Mem2RegOptions>,
    run: run_mem2reg,
};

/// The options of `mem2reg`, typed.
#[derive(Clone, Copy, Debug)]
pub struct Mem2RegOptions {
    /// `region-simplify`: read by nothing, as in mlir-opt 22.
    pub region_simplify: bool,
}

impl PassConfig for Mem2RegOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        Ok(Mem2RegOptions {
            region_simplify: o.bool("region-simplify", true)?,
        })
    }
}

fn run_mem2reg(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    options.typed_at::<Mem2RegOptions>(ir, op)?;
    mem2reg(ir, op);
    Ok(())
}

/// Promotes every slot it can of the allocators nested in `root`'s regions.
pub fn mem2reg(ir: &mut Ir, root: Op) {
    for region in ir.regions(root).to_vec() {
        let mut work: Vec<Op> = Vec::new();
        for b in ir.region_blocks(region).collect::<Vec<_>>() {
            for op in ir.block_ops(b).collect::<Vec<_>>() {
                work.extend(
                    ir.walk_ops(op, WalkOrder::PostOrder)
                        .into_iter()
                        .filter(|&o| allocator(ir, o).is_some()),
                );
            }
        }
        promote_all(ir, work);
    }
}

/// Rounds over `work` until one promotes nothing; a promoted allocator leaves the list.
fn promote_all(ir: &mut Ir, mut work: Vec<Op>) {
    loop {
        let before = work.len();
        work.retain(|&alloc| !promote_one_slot(ir, alloc));
        if work.len() == before {
            return;
        }
    }
}

/// Promotes the first promotable slot of `alloc`; whether it did.
fn promote_one_slot(ir: &mut Ir, alloc: Op) -> bool {
    let Some(hooks) = allocator(ir, alloc) else {
        return false;
    };
    for slot in (hooks.slots)(ir, alloc) {
        if ir.is_unused(slot.ptr) {
            continue;
        }
        if let Some(plan) = analyze(ir, &slot) {
            Promoter::new(ir, alloc, hooks, slot, plan).run();
            return true;
        }
    }
    false
}

fn allocator(ir: &Ir, op: Op) -> Option<&'static SlotAllocator> {
    match ir.promotable(op)? {
        Promotable::Allocation(a) => Some(a),
        Promotable::Access(_) => None,
    }
}

fn access(ir: &Ir, op: Op) -> Option<&'static SlotAccess> {
    match ir.promotable(op)? {
        Promotable::Access(a) => Some(a),
        Promotable::Allocation(_) => None,
    }
}

/// What the analysis of one slot found: it can be promoted this way.
struct Plan {
    region: Region,
    /// The users of the slot with the operand indices through which they use it.
    users: Vec<(Op, Vec<usize>)>,
    /// The same users, for lookups.
    user_set: FxHashSet<Op>,
    /// The region's dominance, when it has more than one block.
    dom: Option<RegionDominance>,
    /// Blocks that get a block argument for the slot's value.
    merge_points: FxHashSet<Block>,
    /// The branch edges `(terminator, successor index)` into each block of the region.
    preds: Predecessors,
}

/// The edges `(terminator, successor index)` into each block of a region.
type Predecessors = FxHashMap<Block, Vec<(Op, usize)>>;

/// The edges into each block of `region`, found in one pass over its terminators.
fn predecessor_map(ir: &Ir, region: Region) -> Predecessors {
    let mut preds = Predecessors::default();
    for b in ir.region_blocks(region) {
        let Some(term) = ir.last_op(b) else { continue };
        for (i, &s) in ir.successors(term).iter().enumerate() {
            preds.entry(s).or_default().push((term, i));
        }
    }
    preds
}

/// Whether every edge into `block` comes from a terminator that forwards operands.
fn forwards_operands(ir: &Ir, preds: &Predecessors, block: Block) -> bool {
    preds.get(&block).is_none_or(|edges| {
        edges
            .iter()
            .all(|&(t, _)| ir.op_def(t).is_some_and(|d| d.successor_operands.is_some()))
    })
}

/// Whether `slot` can be promoted, and how; changes nothing.
fn analyze(ir: &Ir, slot: &MemorySlot) -> Option<Plan> {
    let region = ir.block_parent(ir.value_block(slot.ptr)?)?;
    if ir
        .region_parent(region)
        .is_some_and(|p| ir.has_trait(p, Traits::GRAPH_REGIONS))
    {
        return None;
    }
    let users = blocking_uses(ir, slot);
    for (user, uses) in &users {
        let hooks = access(ir, *user)?;
        let in_region = ir.op_parent(*user).and_then(|b| ir.block_parent(b)) == Some(region);
        if !in_region || !(hooks.can_remove_uses)(ir, *user, slot, uses) {
            return None;
        }
    }
    let single_block = ir.region_blocks(region).nth(1).is_none();
    let (preds, dom, merge_points) = if single_block {
        (Predecessors::default(), None, FxHashSet::default())
    } else {
        let preds = predecessor_map(ir, region);
        let dom = RegionDominance::compute(ir, region);
        let merge_points = merge_points(ir, slot, &users, &dom, &preds);
        (preds, Some(dom), merge_points)
    };
    if !merge_points
        .iter()
        .all(|&b| forwards_operands(ir, &preds, b))
    {
        return None;
    }
    Some(Plan {
        preds,
        region,
        user_set: users.iter().map(|&(u, _)| u).collect(),
        users,
        dom,
        merge_points,
    })
}

/// The users of `slot`'s pointer, each once, in use-list order, with the operand
/// indices through which they use it.
fn blocking_uses(ir: &Ir, slot: &MemorySlot) -> Vec<(Op, Vec<usize>)> {
    let mut users: Vec<(Op, Vec<usize>)> = Vec::new();
    for u in ir.uses(slot.ptr) {
        match users.iter_mut().find(|(op, _)| *op == u.op) {
            Some((_, uses)) => uses.push(u.index as usize),
            None => users.push((u.op, vec![u.index as usize])),
        }
    }
    users
}

/// Whether `op` writes `slot`.
fn stores_to(ir: &Ir, op: Op, slot: &MemorySlot) -> bool {
    access(ir, op).is_some_and(|a| (a.stored)(ir, op, slot).is_some())
}

/// The blocks where the slot's value is live on entry: those that read it before any
/// write, and their predecessors back to the blocks that write it.
fn live_in_blocks(
    ir: &Ir,
    slot: &MemorySlot,
    users: &[(Op, Vec<usize>)],
    defining: &FxHashSet<Block>,
    preds: &Predecessors,
) -> FxHashSet<Block> {
    let mut work: Vec<Block> = Vec::new();
    let mut seen: FxHashSet<Block> = FxHashSet::default();
    for &(user, _) in users {
        let Some(block) = ir.op_parent(user) else {
            continue;
        };
        if !seen.insert(block) {
            continue;
        }
        for op in ir.block_ops(block) {
            let Some(a) = access(ir, op) else { continue };
            if (a.loads_from)(ir, op, slot) {
                work.push(block);
                break;
            }
            if (a.stored)(ir, op, slot).is_some() {
                break;
            }
        }
    }
    let mut live: FxHashSet<Block> = FxHashSet::default();
    while let Some(block) = work.pop() {
        if !live.insert(block) {
            continue;
        }
        for &(term, _) in preds.get(&block).map_or(&[][..], |e| e.as_slice()) {
            if let Some(pred) = ir.op_parent(term) {
                if !defining.contains(&pred) {
                    work.push(pred);
                }
            }
        }
    }
    live
}

/// The iterated dominance frontier of the blocks that write the slot, pruned to the
/// blocks where its value is live on entry.
fn merge_points(
    ir: &Ir,
    slot: &MemorySlot,
    users: &[(Op, Vec<usize>)],
    dom: &RegionDominance,
    preds: &Predecessors,
) -> FxHashSet<Block> {
    let defining: FxHashSet<Block> = users
        .iter()
        .filter(|&&(op, _)| stores_to(ir, op, slot))
        .filter_map(|&(op, _)| ir.op_parent(op))
        .collect();
    let live = live_in_blocks(ir, slot, users, &defining, preds);
    let frontiers = dom.frontiers(ir);
    let mut work: Vec<usize> = defining.iter().filter_map(|&b| dom.index(b)).collect();
    let mut merge: FxHashSet<Block> = FxHashSet::default();
    while let Some(b) = work.pop() {
        for &f in &frontiers[b] {
            let block = dom.rpo[f];
            if live.contains(&block) && merge.insert(block) && !defining.contains(&block) {
                work.push(f);
            }
        }
    }
    merge
}

/// Promotes one slot whose [`Plan`] the analysis made.
struct Promoter<'a> {
    ir: &'a mut Ir,
    alloc: Op,
    hooks: &'static SlotAllocator,
    slot: MemorySlot,
    plan: Plan,
    /// The slot's value before any write, once built.
    default: Option<Value>,
    /// The slot's value just before each user that reads or writes it (`None`: the
    /// default value).
    reaching: FxHashMap<Op, Option<Value>>,
    /// Branch edges `(terminator, successor index)` already forwarding the slot's value.
    linked: FxHashSet<(Op, usize)>,
}

impl<'a> Promoter<'a> {
    fn new(
        ir: &'a mut Ir,
        alloc: Op,
        hooks: &'static SlotAllocator,
        slot: MemorySlot,
        plan: Plan,
    ) -> Promoter<'a> {
        Promoter {
            ir,
            alloc,
            hooks,
            slot,
            plan,
            default: None,
            reaching: FxHashMap::default(),
            linked: FxHashSet::default(),
        }
    }

    fn run(mut self) {
        self.compute_reaching();
        self.link_dead_edges();
        self.remove_uses();
        // A store with no value before it asked for the default value: unused, it goes.
        if let Some(d) = self.default.filter(|&d| self.ir.is_unused(d)) {
            let op = self
                .ir
                .defining_op(d)
                .expect("the default value is a result");
            self.ir.erase_op(op);
        }
        if self
            .ir
            .results(self.alloc)
            .iter()
            .all(|&r| self.ir.is_unused(r))
        {
            self.ir.erase_op(self.alloc);
        }
    }

    /// The default value, built at the start of the slot's block when first needed.
    fn default_value(&mut self) -> Value {
        if let Some(v) = self.default {
            return v;
        }
        let op = (self.hooks.default_value)(self.ir, self.alloc, &self.slot);
        let block = self
            .ir
            .value_block(self.slot.ptr)
            .expect("the slot has a block");
        self.ir.prepend_op(block, op);
        let v = self.ir.result(op, 0);
        self.default = Some(v);
        v
    }

    /// Walks the dominator tree, recording the value reaching each user, adding the
    /// merge points' arguments and forwarding the value on the edges into them.
    fn compute_reaching(&mut self) {
        let Some(dom) = self.plan.dom.take() else {
            if let Some(entry) = self.ir.entry_block(self.plan.region) {
                self.reach_through_block(entry, None);
            }
            return;
        };
        let children = dom.tree_children();
        let mut stack: Vec<(usize, Option<Value>)> = vec![(0, None)];
        while let Some((node, mut reaching)) = stack.pop() {
            let block = dom.rpo[node];
            if self.plan.merge_points.contains(&block) {
                let loc = Some(self.ir.loc(self.alloc));
                reaching = Some(self.ir.add_block_arg(block, self.slot.elem, loc));
            }
            reaching = self.reach_through_block(block, reaching);
            self.link_successors(block, reaching);
            stack.extend(children[node].iter().map(|&c| (c, reaching)));
        }
        self.plan.dom = Some(dom);
    }

    /// Records the value reaching each user in `block`; the value at its end.
    fn reach_through_block(&mut self, block: Block, mut reaching: Option<Value>) -> Option<Value> {
        for op in self.ir.block_ops(block).collect::<Vec<_>>() {
            let Some(a) = access(self.ir, op) else {
                continue;
            };
            if self.plan.user_set.contains(&op) {
                self.reaching.insert(op, reaching);
            }
            if let Some(v) = (a.stored)(self.ir, op, &self.slot) {
                reaching = Some(v);
            }
        }
        reaching
    }

    /// Forwards `reaching` on the edges from `block` into merge points.
    fn link_successors(&mut self, block: Block, reaching: Option<Value>) {
        let Some(term) = self.ir.last_op(block) else {
            return;
        };
        let succs = self.ir.successors(term).to_vec();
        for (i, s) in succs.into_iter().enumerate() {
            if self.plan.merge_points.contains(&s) {
                let v = reaching.unwrap_or_else(|| self.default_value());
                append_successor_operand(self.ir, term, i, v);
                self.linked.insert((term, i));
            }
        }
    }

    /// Edges into merge points from blocks the walk did not reach forward the default.
    fn link_dead_edges(&mut self) {
        let merge: Vec<Block> = self.plan.merge_points.iter().copied().collect();
        for block in merge {
            let edges = self.plan.preds.get(&block).cloned().unwrap_or_default();
            for (term, i) in edges {
                if !self.linked.contains(&(term, i)) {
                    let v = self.default_value();
                    append_successor_operand(self.ir, term, i, v);
                }
            }
        }
    }

    /// The users in dominance order: blocks in reverse post-order (unreachable ones
    /// last), then program order.
    fn users_in_dominance_order(&self) -> Vec<Op> {
        let ir = &*self.ir;
        let block_rank = |b: Block| {
            self.plan
                .dom
                .as_ref()
                .map_or(Some(0), |d| d.index(b))
                .unwrap_or(usize::MAX)
        };
        let blocks: FxHashSet<Block> = self
            .plan
            .users
            .iter()
            .filter_map(|&(u, _)| ir.op_parent(u))
            .collect();
        let mut keyed: Vec<((usize, usize), Op)> = Vec::new();
        for block in blocks {
            let rank = block_rank(block);
            for (pos, op) in ir.block_ops(block).enumerate() {
                if self.plan.user_set.contains(&op) {
                    keyed.push(((rank, pos), op));
                }
            }
        }
        keyed.sort_by_key(|&(k, _)| k);
        keyed.into_iter().map(|(_, op)| op).collect()
    }

    /// Replaces the users' reads by the values reaching them, last user first, and
    /// erases the users that ask for it.
    fn remove_uses(&mut self) {
        let mut erase = Vec::new();
        for user in self.users_in_dominance_order().into_iter().rev() {
            let reaching = match self.reaching.get(&user).copied().flatten() {
                Some(v) => v,
                None => self.default_value(),
            };
            let a = access(self.ir, user).expect("the analysis checked every user");
            if (a.remove_uses)(self.ir, user, &self.slot, reaching) {
                erase.push(user);
            }
        }
        for op in erase {
            self.ir.erase_op(op);
        }
    }
}
