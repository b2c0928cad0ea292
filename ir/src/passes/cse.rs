//! `cse`: common sub-expression elimination, like mlir-opt's CSE pass.
//!
//! Walks each region in dominator-tree order with a scoped table of the ops seen so
//! far; an op equivalent to one in scope (same name, attributes, properties, result
//! types, operands — in any order for `COMMUTATIVE` ops — and structurally equivalent
//! single-block regions) has its uses replaced by the earlier op's results and is
//! erased. Only effect-free ops are merged (`PURE`, or `RECURSIVE_EFFECTS` with
//! effect-free contents); a `READ_ONLY` op is merged with an earlier identical read only
//! in the same block with no possibly-writing op in between. Terminators and ops with
//! multi-block regions are never merged. Trivially dead ops met on the way are erased
//! too, like MLIR (all erasures happen at the end, so ops that only become dead during
//! the pass stay).
//!
//! Invariants: values never flow across an `ISOLATED_FROM_ABOVE` boundary (such ops,
//! and unregistered ops, start a fresh table); multi-block regions are only processed
//! when they follow SSA dominance (not `GRAPH_REGIONS`); in a single-block graph region
//! only uses not yet visited are replaced.

use crate::attrs::{Attr, AttrData, Location, NamedAttr};
use crate::context::Str;
use crate::diag::Diagnostic;
use crate::pass::{PassDef, PassOptions};
use crate::registry::Traits;
use crate::store::{Block, Ir, Op, Region, Value};
use crate::types::Type;
use crate::verifier::RegionDominance;
use rustc_hash::FxHashMap;

/// Options of `cse` (it has none).
#[derive(Clone, Debug, Default)]
pub struct CseOptions {}

/// The `cse` pass.
pub static CSE: PassDef = PassDef {
    name: "cse",
    display_name: "CSE",
    summary: "Eliminate common sub-expressions",
    anchor: None,
    options: &[],
    configure: crate::pass::configure::<crate::pass::NoOptions>,
    run: run_cse,
};

fn run_cse(ir: &mut Ir, op: Op, _: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    cse(ir, op, &CseOptions::default())
}

/// Eliminates common sub-expressions in the regions of `root`.
pub fn cse(ir: &mut Ir, root: Op, _options: &CseOptions) -> Result<(), Vec<Diagnostic>> {
    let mut driver = Cse {
        ir,
        table: Table::default(),
        to_erase: Vec::new(),
    };
    let regions = driver.ir.regions(root).to_vec();
    for r in regions {
        driver.simplify_region(r);
    }
    let to_erase = std::mem::take(&mut driver.to_erase);
    for op in to_erase {
        if driver.ir.contains_op(op) {
            driver.ir.erase_op(op);
        }
    }
    Ok(())
}

/// What must match (besides regions) for two ops to be equivalent.
#[derive(Clone, PartialEq, Eq, Hash)]
struct OpKey {
    name: Str,
    attrs: Vec<NamedAttr>,
    properties: Option<Attr>,
    result_types: Vec<Type>,
    operands: Vec<Value>,
    successors: Vec<Block>,
    num_regions: usize,
}

fn op_key(ir: &Ir, op: Op) -> OpKey {
    let mut operands = ir.operands(op).to_vec();
    if ir.has_trait(op, Traits::COMMUTATIVE) {
        operands.sort();
    }
    OpKey {
        name: ir.op(op).name,
        attrs: ir.attrs(op).to_vec(),
        properties: ir.op(op).properties,
        result_types: ir.results(op).iter().map(|&r| ir.value_type(r)).collect(),
        operands,
        successors: ir.successors(op).to_vec(),
        num_regions: ir.regions(op).len(),
    }
}

/// A scoped table of known ops: each key holds a stack of ops (the newest shadows).
#[derive(Default)]
struct Table {
    map: FxHashMap<OpKey, Vec<Op>>,
    /// Keys inserted, in order; `scopes` holds the log length at each scope start.
    log: Vec<OpKey>,
    scopes: Vec<usize>,
}

impl Table {
    fn push_scope(&mut self) {
        self.scopes.push(self.log.len());
    }

    fn pop_scope(&mut self) {
        let mark = self.scopes.pop().unwrap_or(0);
        while self.log.len() > mark {
            let key = self.log.pop().expect("log entry");
            if let Some(stack) = self.map.get_mut(&key) {
                stack.pop();
                if stack.is_empty() {
                    self.map.remove(&key);
                }
            }
        }
    }

    fn insert(&mut self, key: OpKey, op: Op) {
        self.map.entry(key.clone()).or_default().push(op);
        self.log.push(key);
    }

    /// The newest op in scope equivalent to `op`.
    fn lookup(&self, ir: &Ir, key: &OpKey, op: Op) -> Option<Op> {
        let candidates = self.map.get(key)?;
        candidates
            .iter()
            .rev()
            .copied()
            .find(|&c| key.num_regions == 0 || regions_equivalent(ir, c, op))
    }
}

struct Cse<'a> {
    ir: &'a mut Ir,
    table: Table,
    to_erase: Vec<Op>,
}

fn has_ssa_dominance(ir: &Ir, region: Region) -> bool {
    match ir.region_parent(region) {
        Some(p) => !ir.has_trait(p, Traits::GRAPH_REGIONS),
        None => true,
    }
}

impl Cse<'_> {
    fn simplify_region(&mut self, region: Region) {
        let Some(entry) = self.ir.entry_block(region) else {
            return;
        };
        let ssa = has_ssa_dominance(self.ir, region);
        if self.ir.next_block(entry).is_none() {
            self.table.push_scope();
            self.simplify_block(entry, ssa);
            self.table.pop_scope();
            return;
        }
        if !ssa {
            return;
        }
        let dom = RegionDominance::compute(self.ir, region);
        let children = dom.tree_children();
        // (node, next child position)
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        self.table.push_scope();
        self.simplify_block(dom.rpo[0], ssa);
        while let Some(top) = stack.last_mut() {
            let (node, pos) = *top;
            if pos < children[node].len() {
                top.1 += 1;
                let child = children[node][pos];
                stack.push((child, 0));
                self.table.push_scope();
                self.simplify_block(dom.rpo[child], ssa);
            } else {
                stack.pop();
                self.table.pop_scope();
            }
        }
    }

    fn simplify_block(&mut self, block: Block, ssa: bool) {
        let ops: Vec<Op> = self.ir.block_ops(block).collect();
        for op in ops {
            let regions = self.ir.regions(op).to_vec();
            if !regions.is_empty() {
                let isolated = self.ir.op_def(op).is_none()
                    || self.ir.has_trait(op, Traits::ISOLATED_FROM_ABOVE);
                stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
                    if isolated {
                        let outer = std::mem::take(&mut self.table);
                        for &r in &regions {
                            self.simplify_region(r);
                        }
                        self.table = outer;
                    } else {
                        for &r in &regions {
                            self.simplify_region(r);
                        }
                    }
                });
            }
            self.simplify_operation(op, ssa);
        }
    }

    /// Tries to eliminate `op`; returns whether it was marked for erasure.
    fn simplify_operation(&mut self, op: Op, ssa: bool) -> bool {
        let ir = &*self.ir;
        if ir.has_trait(op, Traits::TERMINATOR) {
            return false;
        }
        if super::is_trivially_dead(ir, op) {
            self.to_erase.push(op);
            return true;
        }
        if ir.regions(op).iter().any(|&r| {
            ir.entry_block(r)
                .is_some_and(|b| ir.next_block(b).is_some())
        }) {
            return false;
        }
        let key = op_key(ir, op);
        if !super::is_memory_effect_free(ir, op) {
            if !ir.has_trait(op, Traits::READ_ONLY) {
                return false;
            }
            if let Some(existing) = self.table.lookup(ir, &key, op) {
                if ir.op_parent(existing) == ir.op_parent(op) && !writes_between(ir, existing, op) {
                    self.replace_and_erase(op, existing, ssa);
                    return true;
                }
            }
            self.table.insert(key, op);
            return false;
        }
        if let Some(existing) = self.table.lookup(ir, &key, op) {
            self.replace_and_erase(op, existing, ssa);
            return true;
        }
        self.table.insert(key, op);
        false
    }

    fn replace_and_erase(&mut self, op: Op, existing: Op, ssa: bool) {
        let results: Vec<Value> = self.ir.results(op).to_vec();
        let replacements: Vec<Value> = self.ir.results(existing).to_vec();
        if ssa {
            for (&r, &n) in results.iter().zip(&replacements) {
                self.ir.replace_all_uses(r, n);
            }
            self.to_erase.push(op);
        } else {
            // Only uses not visited yet (their owner has no equivalent in the table).
            for (&r, &n) in results.iter().zip(&replacements) {
                let table = &self.table;
                self.ir.replace_uses_where(r, n, |ir, u| {
                    let key = op_key(ir, u.op);
                    table.lookup(ir, &key, u.op).is_none()
                });
            }
            if results.iter().all(|&r| self.ir.is_unused(r)) {
                self.to_erase.push(op);
            }
        }
        let is_unknown = |ir: &Ir, o: Op| {
            matches!(
                ir.ctx().attr_data(ir.loc(o)),
                AttrData::Location(Location::Unknown)
            )
        };
        if is_unknown(self.ir, existing) && !is_unknown(self.ir, op) {
            let loc = self.ir.loc(op);
            self.ir.set_loc(existing, loc);
        }
    }
}

/// Whether an op between `from` and `to` (same block) may write memory.
fn writes_between(ir: &Ir, from: Op, to: Op) -> bool {
    let mut cur = ir.next_op(from);
    while let Some(o) = cur {
        if o == to {
            return false;
        }
        if super::may_write(ir, o) {
            return true;
        }
        cur = ir.next_op(o);
    }
    false
}

/// Whether the regions of `a` and `b` are structurally equivalent (values defined
/// inside correspond, values from outside are identical).
fn regions_equivalent(ir: &Ir, a: Op, b: Op) -> bool {
    let mut values: FxHashMap<Value, Value> = FxHashMap::default();
    let mut blocks: FxHashMap<Block, Block> = FxHashMap::default();
    regions_of_equivalent(ir, a, b, &mut values, &mut blocks)
}

fn regions_of_equivalent(
    ir: &Ir,
    a: Op,
    b: Op,
    values: &mut FxHashMap<Value, Value>,
    blocks: &mut FxHashMap<Block, Block>,
) -> bool {
    let (ra, rb) = (ir.regions(a), ir.regions(b));
    if ra.len() != rb.len() {
        return false;
    }
    for (&x, &y) in ra.iter().zip(rb) {
        let bx: Vec<Block> = ir.region_blocks(x).collect();
        let by: Vec<Block> = ir.region_blocks(y).collect();
        if bx.len() != by.len() {
            return false;
        }
        for (&p, &q) in bx.iter().zip(&by) {
            let (pa, qa) = (ir.block_args(p), ir.block_args(q));
            if pa.len() != qa.len() {
                return false;
            }
            for (&u, &v) in pa.iter().zip(qa) {
                if ir.value_type(u) != ir.value_type(v) {
                    return false;
                }
                values.insert(u, v);
            }
            blocks.insert(p, q);
        }
        for (&p, &q) in bx.iter().zip(&by) {
            let pops: Vec<Op> = ir.block_ops(p).collect();
            let qops: Vec<Op> = ir.block_ops(q).collect();
            if pops.len() != qops.len() {
                return false;
            }
            for (&o1, &o2) in pops.iter().zip(&qops) {
                if !ops_equivalent(ir, o1, o2, values, blocks) {
                    return false;
                }
            }
        }
    }
    true
}

fn ops_equivalent(
    ir: &Ir,
    a: Op,
    b: Op,
    values: &mut FxHashMap<Value, Value>,
    blocks: &mut FxHashMap<Block, Block>,
) -> bool {
    let (da, db) = (ir.op(a), ir.op(b));
    if da.name != db.name
        || ir.attrs(a) != ir.attrs(b)
        || da.properties != db.properties
        || ir.operands(a).len() != ir.operands(b).len()
        || ir.results(a).len() != ir.results(b).len()
        || ir.successors(a).len() != ir.successors(b).len()
    {
        return false;
    }
    for (&x, &y) in ir.results(a).iter().zip(ir.results(b)) {
        if ir.value_type(x) != ir.value_type(y) {
            return false;
        }
    }
    let same_value = |x: Value, y: Value| x == y || values.get(&x) == Some(&y);
    let (oa, ob) = (ir.operands(a), ir.operands(b));
    let operands_match = if ir.has_trait(a, Traits::COMMUTATIVE) && oa.len() == 2 {
        (same_value(oa[0], ob[0]) && same_value(oa[1], ob[1]))
            || (same_value(oa[0], ob[1]) && same_value(oa[1], ob[0]))
    } else {
        oa.iter().zip(ob).all(|(&x, &y)| same_value(x, y))
    };
    if !operands_match {
        return false;
    }
    for (&x, &y) in ir.successors(a).iter().zip(ir.successors(b)) {
        if x != y && blocks.get(&x) != Some(&y) {
            return false;
        }
    }
    for (&x, &y) in ir.results(a).iter().zip(ir.results(b)) {
        values.insert(x, y);
    }
    regions_of_equivalent(ir, a, b, values, blocks)
}
