//! `canonicalize`: the greedy fold-and-rewrite driver, like mlir-opt's Canonicalizer
//! (MLIR's `applyPatternsGreedily`), with the same options (`top-down`,
//! `region-simplify`, `max-iterations`, `max-num-rewrites`, `test-convergence`).
//!
//! Each region of the root op is simplified on its own, in iterations. An iteration
//! (1) walks every op nested in the region (pre-order, or post-order when `top-down` is
//! off) and puts it on a LIFO worklist, except that constant-like ops are uniqued per
//! "insertion region" (the nearest enclosing region whose parent op is isolated from
//! above) and hoisted to the start of that region's entry block, exactly as MLIR's
//! `OperationFolder::insertKnownConstant` does (which is where mlir-opt's constant order
//! comes from: a constant not already in the hoisted run at the block start is moved to
//! the very front, so out-of-place constants end up in reverse encounter order);
//! (2) pops ops: an unused op that would be trivially dead is erased; otherwise it is
//! folded through `OpDef::fold` with the constant values of its operands (a constant
//! result is materialized with the context's constant op, `Context::constant_op`, right
//! before the op, to be hoisted by the next iteration; `COMMUTATIVE` ops move constant
//! operands to the back in place); otherwise the op's `rewrite` patterns are tried
//! through the driver as their [`Rewriter`] (which notifies the driver of each change),
//! else its `canonicalize` hook. The driver knows no op by name. Every change puts the
//! affected ops (users of replaced values, new ops before the op, defining ops of
//! operands that lost a user, the op's ancestors) back on the worklist, as MLIR's
//! rewriter notifications do;
//! (3) simplifies regions (unless `region-simplify=disabled`): erases blocks unreachable
//! from the entry, then runs MLIR's region DCE (a liveness fixed point that erases dead
//! ops, including dead cycles, and dead non-entry block arguments together with the
//! matching operands of branches that have a `successor_operands` hook, keeping
//! `operandSegmentSizes` and `case_operand_segments` in step).
//! Iterations repeat while anything changed, up to `max-iterations` (-1: no limit).
//!
//! Assumes: canonicalize hooks insert the ops they create right before the op they
//! rewrite and erase nothing but that op and ops they created; ops are "trivially dead"
//! per [`super::would_be_trivially_dead`]. `region-simplify=aggressive` also merges
//! identical blocks (MLIR's `mergeIdenticalBlocks`).

use crate::attrs::{Attr, AttrData, Location};
use crate::context::Str;
use crate::diag::{DiagLoc, Diagnostic};
use crate::pass::{OptionError, OptionValues, PassDef, PassOption, PassOptions};
use crate::registry::{FoldResult, Rewriter, Traits};
use crate::store::{Block, Ir, Op, OperationState, Region, Value, WalkOrder};
use crate::types::Type;
use rustc_hash::{FxHashMap, FxHashSet};

/// How much region simplification `canonicalize` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionSimplify {
    /// None.
    Disabled,
    /// Unreachable-block erasure and region DCE (mlir-opt's default).
    Normal,
    /// Also merges identical blocks.
    Aggressive,
}

/// Options of `canonicalize` (names and defaults as mlir-opt's).
#[derive(Clone, Debug)]
pub struct CanonicalizeOptions {
    /// Iterations before giving up (`max-iterations`, default 10; -1: no limit).
    pub max_iterations: i64,
    /// Pattern applications per iteration before giving up (`max-num-rewrites`, -1:
    /// no limit).
    pub max_num_rewrites: i64,
    /// `region-simplify` (default `normal`).
    pub region_simplify: RegionSimplify,
    /// Seed the worklist in pre-order (`top-down`, default true).
    pub top_down: bool,
    /// Fail when the rewrite does not converge (`test-convergence`).
    pub test_convergence: bool,
    /// The one rewrite pattern to apply, in place of every op's `canonicalize` hook and
    /// the built-in `cf` patterns (a pass with its own pattern set, as MLIR's
    /// `applyPatternsGreedily` with a given set); folding and region simplification
    /// still happen. `None`: the canonicalization patterns.
    pub patterns: Option<crate::registry::CanonicalizeFn>,
}

impl Default for CanonicalizeOptions {
    fn default() -> Self {
        CanonicalizeOptions {
            max_iterations: 10,
            max_num_rewrites: -1,
            region_simplify: RegionSimplify::Normal,
            top_down: true,
            test_convergence: false,
            patterns: None,
        }
    }
}

/// The pass options (`max-iterations=3 region-simplify=aggressive`).
impl crate::pass::PassConfig for CanonicalizeOptions {
    fn from_options(options: &OptionValues) -> Result<Self, OptionError> {
        let defaults = CanonicalizeOptions::default();
        let region_simplify = match options.value("region-simplify") {
            None => defaults.region_simplify,
            Some("disabled" | "false" | "0") => RegionSimplify::Disabled,
            Some("normal" | "true" | "1" | "") => RegionSimplify::Normal,
            Some("aggressive") => RegionSimplify::Aggressive,
            Some(v) => {
                return Err(OptionError::expected(
                    "region-simplify",
                    "disabled, normal or aggressive",
                    v,
                ))
            }
        };
        Ok(CanonicalizeOptions {
            max_iterations: options.int("max-iterations", defaults.max_iterations)?,
            max_num_rewrites: options.int("max-num-rewrites", defaults.max_num_rewrites)?,
            region_simplify,
            top_down: options.bool("top-down", defaults.top_down)?,
            test_convergence: options.bool("test-convergence", defaults.test_convergence)?,
            patterns: None,
        })
    }
}

/// `region-simplify=`: a level, or mlir-opt's boolean spellings of it.
fn check_region_simplify(text: &str) -> Result<(), OptionError> {
    match text {
        "disabled" | "normal" | "aggressive" | "" | "true" | "false" | "1" | "0" => Ok(()),
        _ => Err(OptionError::value("not a level")),
    }
}

/// The `canonicalize` pass.
pub static CANONICALIZE: PassDef = PassDef {
    name: "canonicalize",
    display_name: "Canonicalizer",
    summary: "Canonicalize operations",
    anchor: None,
    options: &[
        PassOption::bool(
            "top-down",
            true,
            "Seed the worklist in general top-down order",
        ),
        PassOption::custom(
            "region-simplify",
            "<disabled|normal|aggressive>",
            check_region_simplify,
            "Perform control flow optimizations to the region tree (default: normal)",
        ),
        PassOption::int(
            "max-iterations",
            -1,
            i64::MAX,
            "10",
            "Max. iterations between applying patterns / simplifying regions (-1: no limit)",
        ),
        PassOption::int(
            "max-num-rewrites",
            -1,
            i64::MAX,
            "-1",
            "Max. number of pattern rewrites within an iteration (-1: no limit)",
        ),
        PassOption::bool(
            "test-convergence",
            false,
            "Test only: Fail pass on non-convergence to detect cyclic pattern",
        ),
        PassOption::text(
            "disable-patterns",
            "",
            "Accepted for compatibility; ignored",
        ),
        PassOption::text("enable-patterns", "", "Accepted for compatibility; ignored"),
    ],
    configure: crate::pass::configure::<CanonicalizeOptions>,
    run: run_canonicalize,
};

fn run_canonicalize(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = options
        .typed::<CanonicalizeOptions>()
        .map_err(|e| vec![Diagnostic::error(DiagLoc::Loc(ir.loc(op)), e.to_string())])?;
    canonicalize(ir, op, &options)
}

/// Canonicalizes everything nested in the regions of `root` (not `root` itself).
pub fn canonicalize(
    ir: &mut Ir,
    root: Op,
    options: &CanonicalizeOptions,
) -> Result<(), Vec<Diagnostic>> {
    let regions = ir.regions(root).to_vec();
    let mut converged = true;
    for region in regions {
        let mut driver = Driver::new(ir, region, options);
        converged &= driver.simplify();
    }
    if options.test_convergence && !converged {
        return Err(vec![Diagnostic::error(
            DiagLoc::Loc(ir.loc(root)),
            format!(
                "canonicalizer failed to converge within {} iterations",
                options.max_iterations
            ),
        )]);
    }
    Ok(())
}

/// The constant value of a `CONSTANT_LIKE` op (its fold result, else its `value`).
pub fn constant_value(ir: &Ir, op: Op) -> Option<Attr> {
    let def = ir.op_def(op)?;
    if !def.has(Traits::CONSTANT_LIKE) || ir.results(op).len() != 1 {
        return None;
    }
    if let Some(fold) = def.fold {
        let none = vec![None; ir.operands(op).len()];
        if let Some(results) = fold(ir, op, &none) {
            if let [FoldResult::Constant(a)] = results.as_slice() {
                return Some(*a);
            }
        }
    }
    ir.attr(op, "value")
}

/// The region constants used in `block` are hoisted to (MLIR's `OperationFolder`): the
/// nearest enclosing region whose parent op is isolated from above (or unregistered), or
/// the first region `is_scope` accepts.
pub(crate) fn insertion_region(
    ir: &Ir,
    block: Block,
    is_scope: impl Fn(Region) -> bool,
) -> Option<Region> {
    let mut region = ir.block_parent(block)?;
    loop {
        if is_scope(region) {
            return Some(region);
        }
        let Some(parent) = ir.region_parent(region) else {
            return Some(region);
        };
        if ir.op_def(parent).is_none() || ir.has_trait(parent, Traits::ISOLATED_FROM_ABOVE) {
            return Some(region);
        }
        match ir.op_parent(parent).and_then(|b| ir.block_parent(b)) {
            Some(r) => region = r,
            None => return Some(region),
        }
    }
}

/// The constant value of `value` when a constant-like op defines it.
pub fn constant_of(ir: &Ir, value: Value) -> Option<Attr> {
    constant_value(ir, ir.defining_op(value)?)
}

/// The driver as the rewriter of `rewrite` patterns: changes are notified like MLIR's
/// rewriter listener does.
impl Rewriter for Driver<'_> {
    fn ir(&self) -> &Ir {
        self.ir
    }

    fn ir_mut(&mut self) -> &mut Ir {
        self.ir
    }

    fn notify(&mut self, op: Op) {
        self.push(op);
    }

    fn erase_op(&mut self, op: Op) {
        self.erase(op);
    }
}

enum Folded {
    /// Nothing happened.
    No,
    /// The op changed in place.
    InPlace,
    /// The op was replaced and erased.
    Replaced,
}

struct Driver<'a> {
    ir: &'a mut Ir,
    scope: Region,
    options: &'a CanonicalizeOptions,
    /// LIFO worklist; erased entries become `None`.
    worklist: Vec<Option<Op>>,
    index: FxHashMap<Op, usize>,
    num_rewrites: i64,
    /// Worklist pops in this iteration, and the most allowed.
    steps: usize,
    step_limit: usize,
    /// Uniqued constants of this iteration: (insertion region, dialect, value, type).
    constants: FxHashMap<(Region, Str, Attr, Type), Op>,
    /// Constants uniqued (and placed) by this iteration's folder.
    owned: FxHashSet<Op>,
    unknown_loc: Attr,
}

impl<'a> Driver<'a> {
    fn new(ir: &'a mut Ir, scope: Region, options: &'a CanonicalizeOptions) -> Driver<'a> {
        let unknown_loc = ir.ctx().loc(Location::Unknown);
        Driver {
            ir,
            scope,
            options,
            worklist: Vec::new(),
            index: FxHashMap::default(),
            num_rewrites: 0,
            steps: 0,
            step_limit: 0,
            constants: FxHashMap::default(),
            owned: FxHashSet::default(),
            unknown_loc,
        }
    }

    /// Runs iterations until nothing changes; returns whether it converged.
    fn simplify(&mut self) -> bool {
        let mut iteration = 0i64;
        let mut continue_rewrites;
        loop {
            iteration += 1;
            if self.options.max_iterations >= 0 && iteration > self.options.max_iterations {
                return false;
            }
            self.worklist.clear();
            self.index.clear();
            self.constants.clear();
            self.owned.clear();
            let scope = self.scope;
            // Unreachable code may hold self-referencing ops that patterns cannot cope
            // with: drop it before anything else (MLIR does this every iteration, even
            // with region simplification disabled).
            erase_unreachable_blocks(self.ir, &[scope]);
            if self.options.top_down {
                self.seed_pre_order(scope);
                self.worklist.reverse();
                self.reindex();
            } else {
                self.seed_post_order(scope);
            }
            self.steps = 0;
            self.step_limit = 1_000_000 + 1000 * self.worklist.len();
            continue_rewrites = self.process_worklist();
            if self.options.region_simplify != RegionSimplify::Disabled {
                let aggressive = self.options.region_simplify == RegionSimplify::Aggressive;
                continue_rewrites |= simplify_regions(self.ir, &[scope], aggressive);
            }
            if !continue_rewrites {
                return true;
            }
        }
    }

    // ----- worklist -----

    fn reindex(&mut self) {
        self.index.clear();
        for (i, op) in self.worklist.iter().enumerate() {
            if let Some(op) = op {
                self.index.insert(*op, i);
            }
        }
    }

    fn add_single(&mut self, op: Op) {
        if self.index.contains_key(&op) {
            return;
        }
        self.index.insert(op, self.worklist.len());
        self.worklist.push(Some(op));
    }

    /// Adds `op` and its ancestors up to the scope region (MLIR's `addToWorklist`).
    fn push(&mut self, op: Op) {
        if !self.ir.contains_op(op) {
            return;
        }
        let mut ancestors = vec![op];
        let mut cur = op;
        loop {
            let Some(region) = self.ir.op_parent(cur).and_then(|b| self.ir.block_parent(b)) else {
                return;
            };
            if region == self.scope {
                for a in ancestors {
                    self.add_single(a);
                }
                return;
            }
            match self.ir.region_parent(region) {
                Some(p) => {
                    ancestors.push(p);
                    cur = p;
                }
                None => return,
            }
        }
    }

    fn pop(&mut self) -> Option<Op> {
        while let Some(entry) = self.worklist.pop() {
            if let Some(op) = entry {
                self.index.remove(&op);
                return Some(op);
            }
        }
        None
    }

    fn remove(&mut self, op: Op) {
        if let Some(i) = self.index.remove(&op) {
            self.worklist[i] = None;
        }
    }

    /// Re-adds the defining ops of `operands` that now have at most one other user
    /// (MLIR's `addOperandsToWorklist`). Users in `exclude` do not count.
    fn add_operand_defs(&mut self, operands: &[Value], exclude: &FxHashSet<Op>, also: Option<Op>) {
        for &v in operands {
            if !self.ir.contains_value(v) {
                continue;
            }
            let Some(def) = self.ir.defining_op(v) else {
                continue;
            };
            let mut users: Vec<Op> = Vec::new();
            for u in self.ir.uses(v) {
                if !exclude.contains(&u.op) && Some(u.op) != also && !users.contains(&u.op) {
                    users.push(u.op);
                    if users.len() > 1 {
                        break;
                    }
                }
            }
            if users.len() <= 1 {
                self.push(def);
            }
        }
    }

    /// The distinct users of `op`'s results, newest use first (MLIR's use-list order).
    fn result_users(&self, op: Op) -> Vec<Op> {
        let mut users = Vec::new();
        let mut seen = FxHashSet::default();
        for &r in self.ir.results(op) {
            for u in self.ir.uses(r).iter().rev() {
                if seen.insert(u.op) {
                    users.push(u.op);
                }
            }
        }
        users
    }

    // ----- notified mutations -----

    /// Erases `op` and everything in it, notifying like MLIR's rewriter.
    fn erase(&mut self, op: Op) {
        let tree = self.ir.walk_ops(op, WalkOrder::PostOrder);
        let in_tree: FxHashSet<Op> = tree.iter().copied().collect();
        for &o in tree.iter().rev() {
            let operands = self.ir.operands(o).to_vec();
            self.add_operand_defs(&operands, &in_tree, Some(o));
        }
        for &o in &tree {
            self.remove(o);
            self.owned.remove(&o);
        }
        // Operands of nested ops may refer to values defined in the tree in any order
        // (graph regions): detach them all before erasing.
        for &o in &tree {
            if !self.ir.operands(o).is_empty() {
                self.ir.set_operands(o, Vec::new());
            }
        }
        self.ir.erase_op(op);
    }

    /// Replaces the results of `op` with `values` and erases it.
    fn replace_op(&mut self, op: Op, values: &[Value]) {
        let users = self.result_users(op);
        let results = self.ir.results(op).to_vec();
        for (&r, &v) in results.iter().zip(values) {
            self.ir.replace_all_uses(r, v);
        }
        for u in users {
            if u != op {
                self.push(u);
            }
        }
        self.erase(op);
    }

    // ----- seeding -----

    fn seed_pre_order(&mut self, region: Region) {
        let blocks: Vec<Block> = self.ir.region_blocks(region).collect();
        for block in blocks {
            let mut cur = self.ir.first_op(block);
            while let Some(op) = cur {
                cur = self.ir.next_op(op);
                if self.insert_known_constant(op) {
                    continue;
                }
                self.add_single(op);
                let regions = self.ir.regions(op).to_vec();
                stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
                    for r in regions {
                        self.seed_pre_order(r);
                    }
                });
            }
        }
    }

    fn seed_post_order(&mut self, region: Region) {
        let blocks: Vec<Block> = self.ir.region_blocks(region).collect();
        for block in blocks {
            let mut cur = self.ir.first_op(block);
            while let Some(op) = cur {
                cur = self.ir.next_op(op);
                let regions = self.ir.regions(op).to_vec();
                stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
                    for r in regions {
                        self.seed_post_order(r);
                    }
                });
                if !self.insert_known_constant(op) {
                    self.add_single(op);
                }
            }
        }
    }

    // ----- constant uniquing (MLIR's OperationFolder) -----

    /// The region constants defined in `block` are hoisted to.
    fn insertion_region(&self, block: Block) -> Option<Region> {
        insertion_region(self.ir, block, |r| r == self.scope)
    }

    /// Uniques and hoists constant `op`; returns whether it was erased (replaced by an
    /// identical constant already seen).
    fn insert_known_constant(&mut self, op: Op) -> bool {
        let Some(value) = constant_value(self.ir, op) else {
            return false;
        };
        let Some(block) = self.ir.op_parent(op) else {
            return false;
        };
        let Some(region) = self.insertion_region(block) else {
            return false;
        };
        let name = self.ir.op_name(op);
        let dialect = self
            .ir
            .ctx()
            .intern_str(name.split_once('.').map_or(name, |(d, _)| d));
        let ty = self.ir.value_type(self.ir.result(op, 0));
        let key = (region, dialect, value, ty);
        if let Some(&existing) = self.constants.get(&key) {
            let replacement = self.ir.result(existing, 0);
            self.replace_op(op, &[replacement]);
            let unknown = self.unknown_loc;
            self.ir.set_loc(existing, unknown);
            return true;
        }
        let Some(insert_block) = self.ir.entry_block(region) else {
            return false;
        };
        if block != insert_block {
            self.ir.detach_op(op);
            self.ir.prepend_op(insert_block, op);
            let unknown = self.unknown_loc;
            self.ir.set_loc(op, unknown);
        } else if self.ir.first_op(block) != Some(op)
            && !self.ir.prev_op(op).is_some_and(|p| self.owned.contains(&p))
        {
            self.ir.detach_op(op);
            self.ir.prepend_op(insert_block, op);
        }
        self.constants.insert(key, op);
        self.owned.insert(op);
        false
    }

    // ----- processing -----

    fn process_worklist(&mut self) -> bool {
        let mut changed = false;
        loop {
            if self.options.max_num_rewrites >= 0
                && self.num_rewrites >= self.options.max_num_rewrites
            {
                break;
            }
            let Some(op) = self.pop() else { break };
            if !self.ir.contains_op(op) {
                continue;
            }
            // Safety net against patterns that keep undoing each other: an iteration
            // gives up after a generous number of steps (the next one starts afresh).
            self.steps += 1;
            if self.steps > self.step_limit {
                changed = true;
                break;
            }
            // An op using its own result can only sit in a block that became
            // unreachable during this iteration; leave it to the next one.
            if self
                .ir
                .operands(op)
                .iter()
                .any(|&v| self.ir.defining_op(v) == Some(op))
            {
                continue;
            }
            if super::is_trivially_dead(self.ir, op) {
                self.erase(op);
                changed = true;
                continue;
            }
            if !self.ir.has_trait(op, Traits::CONSTANT_LIKE) {
                match self.try_fold(op) {
                    Folded::InPlace => {
                        self.push(op);
                        changed = true;
                        continue;
                    }
                    Folded::Replaced => {
                        changed = true;
                        continue;
                    }
                    Folded::No => {}
                }
            }
            if self.apply_patterns(op) {
                changed = true;
                self.num_rewrites += 1;
            }
        }
        changed
    }

    /// Folds `op` (its `fold` hook, then the commutative trait fold).
    fn try_fold(&mut self, op: Op) -> Folded {
        let Some(def) = self.ir.op_def(op) else {
            return Folded::No;
        };
        let consts: Vec<Option<Attr>> = self
            .ir
            .operands(op)
            .iter()
            .map(|&v| constant_of(self.ir, v))
            .collect();
        let results = self.ir.results(op).to_vec();
        let folded = def.fold.and_then(|f| f(self.ir, op, &consts));
        let in_place = match &folded {
            Some(r) if r.is_empty() => true,
            Some(r) => r.len() == 1 && results.len() == 1 && r[0] == FoldResult::Value(results[0]),
            None => false,
        };
        let folded = match folded {
            Some(r) if !in_place => r,
            _ => {
                if def.has(Traits::COMMUTATIVE) && self.fold_commutative(op, &consts) {
                    return Folded::InPlace;
                }
                return if in_place {
                    Folded::InPlace
                } else {
                    Folded::No
                };
            }
        };
        if folded.len() != results.len() {
            return Folded::No;
        }
        // Materialize constants right before the op.
        let mut replacements = Vec::new();
        let mut created = Vec::new();
        for (i, f) in folded.iter().enumerate() {
            let ty = self.ir.value_type(results[i]);
            match *f {
                FoldResult::Value(v) => {
                    if !self.ir.contains_value(v) || self.ir.value_type(v) != ty {
                        replacements.clear();
                        break;
                    }
                    replacements.push(v);
                }
                FoldResult::Constant(attr) => match self.materialize(op, attr, ty) {
                    Some(c) => {
                        created.push(c);
                        replacements.push(self.ir.result(c, 0));
                    }
                    None => {
                        replacements.clear();
                        break;
                    }
                },
            }
        }
        if replacements.len() != results.len() {
            for c in created {
                self.remove(c);
                self.ir.erase_op(c);
            }
            return Folded::No;
        }
        for &c in &created {
            self.push(c);
        }
        self.replace_op(op, &replacements);
        Folded::Replaced
    }

    /// Creates the context's constant op (`arith.constant <attr>`, see
    /// [`Context::constant_op`](crate::Context::constant_op)) before `op`, if `attr` is
    /// typed as `ty`.
    fn materialize(&mut self, op: Op, attr: Attr, ty: Type) -> Option<Op> {
        let ctx = self.ir.ctx();
        let typed = match ctx.attr_data(attr) {
            AttrData::Integer { ty: t, .. }
            | AttrData::Float { ty: t, .. }
            | AttrData::DenseElements { ty: t, .. } => *t == ty,
            _ => false,
        };
        if !typed {
            return None;
        }
        let constant = ctx.constant_op()?;
        let mut state = OperationState::new(ctx.intern_str(constant.name), self.ir.loc(op));
        state.add_attr(ctx.intern_str("value"), attr);
        state.result_types.push(ty);
        let c = self.ir.create_op(state);
        self.ir.insert_op_before(op, c);
        Some(c)
    }

    /// Moves constant operands of a commutative op after the others (stable); returns
    /// whether anything moved.
    fn fold_commutative(&mut self, op: Op, consts: &[Option<Attr>]) -> bool {
        let operands = self.ir.operands(op).to_vec();
        if operands.len() < 2 {
            return false;
        }
        let Some(first_const) = consts.iter().position(|c| c.is_some()) else {
            return false;
        };
        if !consts[first_const..].iter().any(|c| c.is_none()) {
            return false;
        }
        let mut reordered: Vec<Value> = operands[..first_const].to_vec();
        for (i, &v) in operands.iter().enumerate().skip(first_const) {
            if consts[i].is_none() {
                reordered.push(v);
            }
        }
        for (i, &v) in operands.iter().enumerate().skip(first_const) {
            if consts[i].is_some() {
                reordered.push(v);
            }
        }
        self.ir.set_operands(op, reordered);
        true
    }

    /// Applies the options' own `patterns` when they are set; else the op's `rewrite`
    /// patterns (through the driver as [`Rewriter`]), else its `canonicalize` hook.
    fn apply_patterns(&mut self, op: Op) -> bool {
        if let Some(patterns) = self.options.patterns {
            return self.apply_hook(op, patterns);
        }
        let Some(def) = self.ir.op_def(op) else {
            return false;
        };
        match (def.rewrite, def.canonicalize) {
            (Some(rewrite), _) => rewrite(self, op),
            (None, Some(hook)) => self.apply_hook(op, hook),
            (None, None) => false,
        }
    }

    /// Runs a `canonicalize` hook on `op`, then re-queues what it touched.
    fn apply_hook(&mut self, op: Op, hook: crate::registry::CanonicalizeFn) -> bool {
        let block = self.ir.op_parent(op);
        let prev = self.ir.prev_op(op);
        let next = self.ir.next_op(op);
        let users = self.result_users(op);
        let operands = self.ir.operands(op).to_vec();
        if !hook(self.ir, op) {
            return false;
        }
        // Ops the pattern created right before `op`.
        if let Some(block) = block.filter(|&b| self.ir.contains_block(b)) {
            let start = match prev {
                Some(p) if self.ir.contains_op(p) && self.ir.op_parent(p) == Some(block) => {
                    self.ir.next_op(p)
                }
                Some(_) => None,
                None => self.ir.first_op(block),
            };
            let mut new_ops = Vec::new();
            let mut cur = start;
            while let Some(o) = cur {
                if Some(o) == next {
                    break;
                }
                cur = self.ir.next_op(o);
                if o != op {
                    new_ops.push(o);
                }
            }
            for o in new_ops {
                for nested in self.ir.walk_ops(o, WalkOrder::PreOrder) {
                    self.push(nested);
                }
            }
        }
        for u in users {
            self.push(u);
        }
        if self.ir.contains_op(op) {
            self.push(op);
        } else {
            self.add_operand_defs(&operands, &FxHashSet::default(), None);
        }
        true
    }
}

// ===== region simplification (MLIR's simplifyRegions) =====

/// Erases unreachable blocks and dead code in `regions` (and nested regions); with
/// `aggressive`, also merges identical blocks. Returns whether anything changed.
pub(crate) fn simplify_regions(ir: &mut Ir, regions: &[Region], aggressive: bool) -> bool {
    let erased_blocks = erase_unreachable_blocks(ir, regions);
    let erased_ops = run_region_dce(ir, regions);
    let mut merged = false;
    let mut dropped = false;
    if aggressive {
        merged = merge_identical_blocks(ir, regions);
        dropped = drop_redundant_arguments(ir, regions);
    }
    erased_blocks || erased_ops || merged || dropped
}

/// Blocks of `region` reachable from its entry, in post-order.
pub(crate) fn post_order(ir: &Ir, region: Region) -> Vec<Block> {
    let Some(entry) = ir.entry_block(region) else {
        return Vec::new();
    };
    let succs = |b: Block| -> Vec<Block> {
        ir.last_op(b)
            .map(|t| {
                ir.successors(t)
                    .iter()
                    .copied()
                    .filter(|&s| ir.contains_block(s) && ir.block_parent(s) == Some(region))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut out = Vec::new();
    let mut visited = FxHashSet::default();
    visited.insert(entry);
    let mut stack = vec![(entry, succs(entry), 0usize)];
    while let Some((b, s, i)) = stack.last_mut() {
        if *i < s.len() {
            let n = s[*i];
            *i += 1;
            if visited.insert(n) {
                let ns = succs(n);
                stack.push((n, ns, 0));
            }
        } else {
            out.push(*b);
            stack.pop();
        }
    }
    out
}

/// Erases the blocks of multi-block regions that the entry block cannot reach.
fn erase_unreachable_blocks(ir: &mut Ir, regions: &[Region]) -> bool {
    let mut erased = false;
    let mut worklist: Vec<Region> = regions.to_vec();
    while let Some(region) = worklist.pop() {
        let blocks: Vec<Block> = ir.region_blocks(region).collect();
        if blocks.is_empty() {
            continue;
        }
        if blocks.len() == 1 {
            for op in ir.block_ops(blocks[0]) {
                worklist.extend(ir.regions(op).iter().copied());
            }
            continue;
        }
        let reachable: FxHashSet<Block> = post_order(ir, region).into_iter().collect();
        let dead: Vec<Block> = blocks
            .iter()
            .copied()
            .filter(|b| !reachable.contains(b))
            .collect();
        // Drop every use held by the dead blocks first, so they can go in any order.
        for &b in &dead {
            let ops: Vec<Op> = ir.block_ops(b).collect();
            for op in ops {
                for o in ir.walk_ops(op, WalkOrder::PreOrder) {
                    if !ir.operands(o).is_empty() {
                        ir.set_operands(o, Vec::new());
                    }
                }
            }
        }
        for &b in &dead {
            ir.erase_block(b);
            erased = true;
        }
        for &b in &blocks {
            if reachable.contains(&b) {
                for op in ir.block_ops(b) {
                    worklist.extend(ir.regions(op).iter().copied());
                }
            }
        }
    }
    erased
}

#[derive(Default)]
struct LiveMap {
    ops: FxHashSet<Op>,
    args: FxHashSet<Value>,
    changed: bool,
}

impl LiveMap {
    fn set_value_live(&mut self, ir: &Ir, v: Value) {
        match ir.defining_op(v) {
            Some(op) => self.set_op_live(op),
            None => self.changed |= self.args.insert(v),
        }
    }

    fn set_op_live(&mut self, op: Op) {
        self.changed |= self.ops.insert(op);
    }
}

/// For a successor operand of a branch, the block argument it feeds.
fn successor_argument(ir: &Ir, op: Op, operand: usize) -> Option<Value> {
    let hook = ir.op_def(op)?.successor_operands?;
    for (i, &succ) in ir.successors(op).iter().enumerate() {
        let range = hook(ir, op, i);
        if range.contains(&operand) {
            return ir.block_args(succ).get(operand - range.start).copied();
        }
    }
    None
}

fn process_value(ir: &Ir, v: Value, live: &mut LiveMap) {
    let proved = ir.uses(v).iter().any(|u| {
        if ir.has_trait(u.op, Traits::TERMINATOR) {
            if let Some(arg) = successor_argument(ir, u.op, u.index as usize) {
                if !live.args.contains(&arg) {
                    return false;
                }
            }
        }
        live.ops.contains(&u.op)
    });
    if proved {
        live.set_value_live(ir, v);
    }
}

fn propagate_region(ir: &Ir, region: Region, live: &mut LiveMap) {
    let entry = ir.entry_block(region);
    for block in post_order(ir, region) {
        let ops: Vec<Op> = ir.block_ops(block).collect();
        for &op in ops.iter().rev() {
            propagate_op(ir, op, live);
        }
        if Some(block) == entry {
            continue;
        }
        for &arg in ir.block_args(block) {
            if !live.args.contains(&arg) {
                process_value(ir, arg, live);
            }
        }
    }
}

fn propagate_op(ir: &Ir, op: Op, live: &mut LiveMap) {
    for &r in ir.regions(op) {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || propagate_region(ir, r, live));
    }
    let has_hook = ir
        .op_def(op)
        .is_some_and(|d| d.successor_operands.is_some());
    if ir.has_trait(op, Traits::TERMINATOR) || !ir.successors(op).is_empty() {
        live.set_op_live(op);
        if !has_hook {
            for &s in ir.successors(op) {
                for &a in ir.block_args(s) {
                    live.changed |= live.args.insert(a);
                }
            }
        }
        return;
    }
    if live.ops.contains(&op) {
        return;
    }
    if !super::would_be_trivially_dead(ir, op) {
        live.set_op_live(op);
        return;
    }
    for &r in ir.results(op) {
        process_value(ir, r, live);
    }
}

/// MLIR's `runRegionDCE`: erases ops and non-entry block arguments not proven live.
/// Returns whether an op was erased.
fn run_region_dce(ir: &mut Ir, regions: &[Region]) -> bool {
    let mut live = LiveMap::default();
    loop {
        live.changed = false;
        for &r in regions {
            propagate_region(ir, r, &mut live);
        }
        if !live.changed {
            break;
        }
    }
    let mut dead_ops = Vec::new();
    let mut dead_arg_blocks = Vec::new();
    for &r in regions {
        collect_deadness(ir, r, &live, &mut dead_ops, &mut dead_arg_blocks);
    }
    let erased = !dead_ops.is_empty();
    for &op in &dead_ops {
        for o in ir.walk_ops(op, WalkOrder::PreOrder) {
            if !ir.operands(o).is_empty() {
                ir.set_operands(o, Vec::new());
            }
        }
    }
    for op in dead_ops {
        if ir.contains_op(op) {
            ir.erase_op(op);
        }
    }
    for block in dead_arg_blocks {
        if !ir.contains_block(block) {
            continue;
        }
        let args = ir.block_args(block).to_vec();
        for (i, &a) in args.iter().enumerate().rev() {
            if !live.args.contains(&a) && ir.is_unused(a) {
                ir.erase_block_arg(block, i);
            }
        }
    }
    erased
}

/// Erases dead successor operands and collects dead ops and the non-entry blocks whose
/// dead arguments must go.
fn collect_deadness(
    ir: &mut Ir,
    region: Region,
    live: &LiveMap,
    dead_ops: &mut Vec<Op>,
    dead_arg_blocks: &mut Vec<Block>,
) {
    let Some(entry) = ir.entry_block(region) else {
        return;
    };
    let single = ir.next_block(entry).is_none();
    for block in post_order(ir, region) {
        if !single {
            if let Some(t) = ir.last_op(block) {
                erase_dead_successor_operands(ir, t, live);
            }
        }
        let ops: Vec<Op> = ir.block_ops(block).collect();
        for &op in ops.iter().rev() {
            if !live.ops.contains(&op) {
                dead_ops.push(op);
            } else {
                let regions = ir.regions(op).to_vec();
                for r in regions {
                    stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
                        collect_deadness(ir, r, live, dead_ops, dead_arg_blocks)
                    });
                }
            }
        }
    }
    let blocks: Vec<Block> = ir.region_blocks(region).skip(1).collect();
    dead_arg_blocks.extend(blocks);
}

/// Removes the operands a branch forwards to dead block arguments.
fn erase_dead_successor_operands(ir: &mut Ir, term: Op, live: &LiveMap) {
    let Some(hook) = ir.op_def(term).and_then(|d| d.successor_operands) else {
        return;
    };
    let n = ir.successors(term).len();
    for succ_index in (0..n).rev() {
        let range = hook(ir, term, succ_index);
        let succ = ir.successors(term)[succ_index];
        let args = ir.block_args(succ).to_vec();
        for arg_index in (0..range.len()).rev() {
            let Some(&arg) = args.get(arg_index) else {
                continue;
            };
            if !live.args.contains(&arg) {
                erase_operand(ir, term, range.start + arg_index);
            }
        }
    }
}

/// Erases operand `index` of `op`, keeping `operandSegmentSizes` (and cf.switch's
/// `case_operand_segments`) in step.
pub(crate) fn erase_operand(ir: &mut Ir, op: Op, index: usize) {
    let mut operands = ir.operands(op).to_vec();
    if index >= operands.len() {
        return;
    }
    operands.remove(index);
    ir.set_operands(op, operands);
    let Some(segments) = ir.attr(op, "operandSegmentSizes") else {
        return;
    };
    let AttrData::DenseArray { element, values } = ir.ctx().attr_data(segments).clone() else {
        return;
    };
    let mut values = values;
    let mut start = 0usize;
    let mut segment = None;
    for (i, v) in values.iter_mut().enumerate() {
        let len = (*v).max(0) as usize;
        if index < start + len {
            *v -= 1;
            segment = Some((i, start));
            break;
        }
        start += len;
    }
    let Some((segment_index, segment_start)) = segment else {
        return;
    };
    let is_last = segment_index + 1 == values.len();
    let new = ir.ctx().attr(AttrData::DenseArray { element, values });
    ir.set_attr(op, "operandSegmentSizes", new);
    // cf.switch: the last segment is split further per case.
    if !is_last {
        return;
    }
    let Some(cases) = ir.attr(op, "case_operand_segments") else {
        return;
    };
    let AttrData::DenseArray { element, values } = ir.ctx().attr_data(cases).clone() else {
        return;
    };
    let mut values = values;
    let offset = index - segment_start;
    let mut start = 0usize;
    for v in values.iter_mut() {
        let len = (*v).max(0) as usize;
        if offset < start + len {
            *v -= 1;
            break;
        }
        start += len;
    }
    let new = ir.ctx().attr(AttrData::DenseArray { element, values });
    ir.set_attr(op, "case_operand_segments", new);
}

// ===== block merging (region-simplify=aggressive) =====

/// Merges blocks of multi-block regions that hold identical ops (operands from outside
/// the block may differ: they become new block arguments) into the first of them,
/// like MLIR's `mergeIdenticalBlocks`. Returns whether any block was merged.
fn merge_identical_blocks(ir: &mut Ir, regions: &[Region]) -> bool {
    let mut changed = false;
    let mut worklist: Vec<Region> = regions.to_vec();
    while let Some(region) = worklist.pop() {
        let blocks: Vec<Block> = ir.region_blocks(region).collect();
        if blocks.len() > 1 {
            changed |= merge_blocks_in_region(ir, region);
        }
        let blocks: Vec<Block> = ir.region_blocks(region).collect();
        for b in blocks {
            for op in ir.block_ops(b) {
                worklist.extend(ir.regions(op).iter().copied());
            }
        }
    }
    changed
}

/// Predecessor terminators of `block` (one entry per successor slot).
pub fn predecessors(ir: &Ir, block: Block) -> Vec<(Op, usize)> {
    let Some(region) = ir.block_parent(block) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for b in ir.region_blocks(region) {
        if let Some(t) = ir.last_op(b) {
            for (i, &s) in ir.successors(t).iter().enumerate() {
                if s == block {
                    out.push((t, i));
                }
            }
        }
    }
    out
}

/// Whether `a` and `b` are equivalent ignoring operands, locations and nested values.
fn shallow_equivalent(ir: &Ir, a: Op, b: Op) -> bool {
    let (da, db) = (ir.op(a), ir.op(b));
    da.name == db.name
        && ir.attrs(a) == ir.attrs(b)
        && da.properties == db.properties
        && ir.operands(a).len() == ir.operands(b).len()
        && ir.results(a).len() == ir.results(b).len()
        && ir
            .results(a)
            .iter()
            .zip(ir.results(b))
            .all(|(&x, &y)| ir.value_type(x) == ir.value_type(y))
        && ir.successors(a) == ir.successors(b)
        && ir.regions(a).len() == ir.regions(b).len()
}

/// Index of `v` among the values defined in `block` (arguments, then results).
fn order_in_block(ir: &Ir, block: Block, v: Value) -> Option<usize> {
    if let Some(i) = ir.block_args(block).iter().position(|&a| a == v) {
        return Some(i);
    }
    let mut n = ir.block_args(block).len();
    for op in ir.block_ops(block) {
        if let Some(i) = ir.results(op).iter().position(|&r| r == v) {
            return Some(n + i);
        }
        n += ir.results(op).len();
    }
    None
}

fn used_outside(ir: &Ir, op: Op, block: Block) -> bool {
    ir.results(op).iter().any(|&r| {
        ir.uses(r).iter().any(|u| {
            let mut cur = u.op;
            loop {
                match ir.op_parent(cur) {
                    Some(b) if b == block => return false,
                    Some(b) => match ir.block_parent_op(b) {
                        Some(p) => cur = p,
                        None => return true,
                    },
                    None => return true,
                }
            }
        })
    })
}

/// Tries to merge `candidate` into `leader`; returns the mismatched operand positions
/// `(op index, operand index)` when they are equivalent.
fn equivalent_blocks(ir: &Ir, leader: Block, candidate: Block) -> Option<Vec<(usize, usize)>> {
    let la: Vec<Type> = ir
        .block_args(leader)
        .iter()
        .map(|&a| ir.value_type(a))
        .collect();
    let ca: Vec<Type> = ir
        .block_args(candidate)
        .iter()
        .map(|&a| ir.value_type(a))
        .collect();
    if la != ca {
        return None;
    }
    let lops: Vec<Op> = ir.block_ops(leader).collect();
    let cops: Vec<Op> = ir.block_ops(candidate).collect();
    if lops.len() != cops.len() {
        return None;
    }
    let mut mismatched = Vec::new();
    for (i, (&l, &c)) in lops.iter().zip(&cops).enumerate() {
        if !shallow_equivalent(ir, l, c) {
            return None;
        }
        for (j, (&lv, &cv)) in ir.operands(l).iter().zip(ir.operands(c)).enumerate() {
            if lv == cv {
                continue;
            }
            if ir.value_type(lv) != ir.value_type(cv) {
                return None;
            }
            let l_in = ir.value_block(lv) == Some(leader);
            let c_in = ir.value_block(cv) == Some(candidate);
            if l_in != c_in {
                return None;
            }
            if !l_in {
                let valid = |block: Block, v: Value| {
                    let Some(def) = ir.defining_op(v) else {
                        return true;
                    };
                    let Some(def_block) = ir.op_parent(def) else {
                        return true;
                    };
                    if ir.last_op(def_block) != Some(def) {
                        return true;
                    }
                    !predecessors(ir, block)
                        .iter()
                        .any(|&(t, _)| ir.op_parent(t) == Some(def_block))
                };
                if !valid(leader, lv) || !valid(candidate, cv) {
                    return None;
                }
                mismatched.push((i, j));
                continue;
            }
            if order_in_block(ir, leader, lv) != order_in_block(ir, candidate, cv) {
                return None;
            }
        }
        if used_outside(ir, c, candidate) || used_outside(ir, l, leader) {
            return None;
        }
    }
    Some(mismatched)
}

fn can_update_predecessors(ir: &Ir, block: Block) -> bool {
    predecessors(ir, block)
        .iter()
        .all(|&(t, _)| ir.op_def(t).is_some_and(|d| d.successor_operands.is_some()))
}

/// Appends `value` to the operands forwarded by `term` to successor `index`, growing
/// the right `operandSegmentSizes` / `case_operand_segments` entry. An empty range sits
/// on a boundary between segments, so each candidate entry is tried and kept only if
/// the `successor_operands` hook then reports the grown range (and no other change).
pub(crate) fn append_successor_operand(ir: &mut Ir, term: Op, index: usize, value: Value) {
    let Some(hook) = ir.op_def(term).and_then(|d| d.successor_operands) else {
        return;
    };
    let n = ir.successors(term).len();
    let before: Vec<usize> = (0..n).map(|i| hook(ir, term, i).len()).collect();
    let range = hook(ir, term, index);
    let at = range.end.min(ir.operands(term).len());
    ir.insert_operand(term, at, value);
    let dense = |ir: &Ir, name: &str| -> Option<(Type, Vec<i128>)> {
        match ir.attr(term, name).map(|a| ir.ctx().attr_data(a).clone()) {
            Some(AttrData::DenseArray { element, values }) => Some((element, values)),
            _ => None,
        }
    };
    let Some((seg_ty, segments)) = dense(ir, "operandSegmentSizes") else {
        return;
    };
    let cases = dense(ir, "case_operand_segments");
    // Candidate edits: (segment, case).
    let mut edits: Vec<(usize, Option<usize>)> = Vec::new();
    for s in 0..segments.len() {
        match &cases {
            Some((_, c)) if s + 1 == segments.len() => {
                edits.extend((0..c.len()).map(|k| (s, Some(k))));
            }
            _ => edits.push((s, None)),
        }
    }
    let ok = |ir: &Ir| {
        (0..n).all(|i| {
            let r = hook(ir, term, i);
            if i == index {
                r.len() == before[i] + 1
                    && r.end <= ir.operands(term).len()
                    && ir.operands(term)[r.end - 1] == value
            } else {
                r.len() == before[i]
            }
        })
    };
    for (s, case) in edits {
        let mut segs = segments.clone();
        segs[s] += 1;
        let attr = ir.ctx().attr(AttrData::DenseArray {
            element: seg_ty,
            values: segs,
        });
        ir.set_attr(term, "operandSegmentSizes", attr);
        if let (Some(k), Some((case_ty, c))) = (case, &cases) {
            let mut c = c.clone();
            c[k] += 1;
            let attr = ir.ctx().attr(AttrData::DenseArray {
                element: *case_ty,
                values: c,
            });
            ir.set_attr(term, "case_operand_segments", attr);
        }
        if ok(ir) {
            return;
        }
    }
    // No consistent edit: restore the op.
    let attr = ir.ctx().attr(AttrData::DenseArray {
        element: seg_ty,
        values: segments,
    });
    ir.set_attr(term, "operandSegmentSizes", attr);
    if let Some((case_ty, c)) = cases {
        let attr = ir.ctx().attr(AttrData::DenseArray {
            element: case_ty,
            values: c,
        });
        ir.set_attr(term, "case_operand_segments", attr);
    }
    let mut operands = ir.operands(term).to_vec();
    operands.remove(at);
    ir.set_operands(term, operands);
}

/// Whether `block` may take part in block merging: none of its ops has a non-empty
/// region and its arguments are used only inside it.
fn mergeable(ir: &Ir, block: Block) -> bool {
    let nested = ir
        .block_ops(block)
        .any(|op| ir.regions(op).iter().any(|&r| !ir.region_is_empty(r)));
    let args_escape = ir
        .block_args(block)
        .iter()
        .any(|&a| ir.uses(a).iter().any(|u| ir.op_parent(u.op) != Some(block)));
    !nested && !args_escape
}

fn merge_blocks_in_region(ir: &mut Ir, region: Region) -> bool {
    let mut changed = false;
    let blocks: Vec<Block> = ir.region_blocks(region).collect();
    // Clusters keyed by the leader; only blocks with predecessors (not the entry) are
    // candidates, as in MLIR.
    let mut merged: FxHashSet<Block> = FxHashSet::default();
    for (li, &leader) in blocks.iter().enumerate() {
        if li == 0 || merged.contains(&leader) || !ir.contains_block(leader) {
            continue;
        }
        if predecessors(ir, leader).is_empty() || !mergeable(ir, leader) {
            continue;
        }
        let mut cluster = Vec::new();
        let mut operands_to_merge: Vec<(usize, usize)> = Vec::new();
        for &cand in &blocks[li + 1..] {
            if merged.contains(&cand) || predecessors(ir, cand).is_empty() || !mergeable(ir, cand) {
                continue;
            }
            if let Some(mismatch) = equivalent_blocks(ir, leader, cand) {
                for m in mismatch {
                    if !operands_to_merge.contains(&m) {
                        operands_to_merge.push(m);
                    }
                }
                cluster.push(cand);
            }
        }
        if cluster.is_empty() {
            continue;
        }
        operands_to_merge.sort();
        if !operands_to_merge.is_empty()
            && (!can_update_predecessors(ir, leader)
                || !cluster.iter().all(|&b| can_update_predecessors(ir, b)))
        {
            continue;
        }
        // New arguments: one per mismatched operand; each block's predecessors forward
        // that block's own value.
        let all: Vec<Block> = std::iter::once(leader)
            .chain(cluster.iter().copied())
            .collect();
        let mut new_values: Vec<Vec<Value>> = vec![Vec::new(); all.len()];
        for (bi, &b) in all.iter().enumerate() {
            let ops: Vec<Op> = ir.block_ops(b).collect();
            for &(oi, j) in &operands_to_merge {
                new_values[bi].push(ir.operand(ops[oi], j));
            }
        }
        // Columns that repeat an earlier column in every block share its argument
        // (MLIR's `pruneRedundantArguments`; duplicates are found through the leader).
        let columns = operands_to_merge.len();
        let mut representative: Vec<usize> = (0..columns).collect();
        for j in 0..columns {
            let Some(k) = (0..j).find(|&k| new_values[0][k] == new_values[0][j]) else {
                continue;
            };
            if new_values.iter().all(|list| list[k] == list[j]) {
                representative[j] = k;
            }
        }
        let leader_ops: Vec<Op> = ir.block_ops(leader).collect();
        let mut column_arg: Vec<Option<Value>> = vec![None; columns];
        for (k, &(oi, j)) in operands_to_merge.iter().enumerate() {
            let arg = match column_arg[representative[k]] {
                Some(a) => a,
                None => {
                    let ty = ir.value_type(new_values[0][k]);
                    let a = ir.add_block_arg(leader, ty, None);
                    column_arg[k] = Some(a);
                    a
                }
            };
            ir.set_operand(leader_ops[oi], j, arg);
        }
        for list in new_values.iter_mut() {
            let pruned: Vec<Value> = list
                .iter()
                .enumerate()
                .filter(|&(k, _)| representative[k] == k)
                .map(|(_, &v)| v)
                .collect();
            *list = pruned;
        }
        for (bi, &b) in all.iter().enumerate() {
            for (t, s) in predecessors(ir, b) {
                for &v in &new_values[bi] {
                    append_successor_operand(ir, t, s, v);
                }
            }
        }
        for &b in &cluster {
            for (t, s) in predecessors(ir, b) {
                let mut succ = ir.successors(t).to_vec();
                succ[s] = leader;
                ir.set_successors(t, succ);
            }
            let ops: Vec<Op> = ir.block_ops(b).collect();
            for o in ops {
                if !ir.operands(o).is_empty() {
                    ir.set_operands(o, Vec::new());
                }
            }
            ir.erase_block(b);
            merged.insert(b);
        }
        changed = true;
    }
    changed
}

/// Replaces block arguments that every predecessor feeds the same value with that
/// value and removes them (with the matching branch operands), in every non-entry
/// block whose predecessors are all branches with a `successor_operands` hook (MLIR's
/// `dropRedundantArguments`). Returns whether any argument went.
fn drop_redundant_arguments(ir: &mut Ir, regions: &[Region]) -> bool {
    let mut changed = false;
    let mut worklist: Vec<Region> = regions.to_vec();
    while let Some(region) = worklist.pop() {
        let blocks: Vec<Block> = ir.region_blocks(region).collect();
        for block in blocks {
            changed |= drop_redundant_block_arguments(ir, block);
            for op in ir.block_ops(block) {
                worklist.extend(ir.regions(op).iter().copied());
            }
        }
    }
    changed
}

fn drop_redundant_block_arguments(ir: &mut Ir, block: Block) -> bool {
    let preds = predecessors(ir, block);
    if preds.is_empty() {
        return false;
    }
    let mut forwarded: Vec<Vec<Value>> = Vec::new();
    for &(t, s) in &preds {
        let Some(hook) = ir.op_def(t).and_then(|d| d.successor_operands) else {
            return false;
        };
        let range = hook(ir, t, s);
        let Some(values) = ir.operands(t).get(range) else {
            return false;
        };
        forwarded.push(values.to_vec());
    }
    let args = ir.block_args(block).to_vec();
    let mut to_erase = Vec::new();
    for (i, &arg) in args.iter().enumerate() {
        let Some(common) = forwarded.first().and_then(|f| f.get(i)).copied() else {
            continue;
        };
        if forwarded.iter().all(|f| f.get(i) == Some(&common)) {
            if common != arg {
                ir.replace_all_uses(arg, common);
            }
            to_erase.push(i);
        }
    }
    for &i in to_erase.iter().rev() {
        if !ir.is_unused(args[i]) {
            continue;
        }
        ir.erase_block_arg(block, i);
        for &(t, s) in &preds {
            let Some(hook) = ir.op_def(t).and_then(|d| d.successor_operands) else {
                continue;
            };
            let range = hook(ir, t, s);
            erase_operand(ir, t, range.start + i);
        }
    }
    !to_erase.is_empty()
}

#[cfg(test)]
mod tests {
    #[test]
    fn options_are_parsed() {
        use super::{CanonicalizeOptions, RegionSimplify};
        use crate::pass::{OptionValues, PassConfig};
        let o = OptionValues::new(vec![
            ("max-iterations".into(), "3".into()),
            ("region-simplify".into(), "aggressive".into()),
            ("top-down".into(), "false".into()),
        ]);
        let parsed = CanonicalizeOptions::from_options(&o).expect("valid");
        assert_eq!(parsed.max_iterations, 3);
        assert_eq!(parsed.region_simplify, RegionSimplify::Aggressive);
        assert!(!parsed.top_down);
        let bad = OptionValues::new(vec![("region-simplify".into(), "sometimes".into())]);
        assert!(CanonicalizeOptions::from_options(&bad).is_err());
    }
}
