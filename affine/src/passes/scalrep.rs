//! `affine-scalrep`: store-to-load forwarding, redundant load elimination and dead store
//! elimination on `affine.load`/`affine.store` (like upstream's `affineScalarReplace`).
//!
//! - A load takes the value of a store to the same memref and the same access (the
//!   subscripts, with `affine.apply` producers composed in, are equal as affine
//!   expressions of the same SSA values) when the store dominates the load and no op
//!   that may run between them may write a memref aliasing it.
//! - A load is replaced by an identical earlier load that dominates it under the same
//!   condition.
//! - A store followed in the same block by a store to the same access, with nothing in
//!   between that may read the memref, is erased.
//! - A local allocation (`memref.alloc`/`memref.alloca`) used only as the target of stores
//!   and by `memref.dealloc` is erased with those users.
//!
//! Conservative rules: "between" includes, when the later op sits in a loop nested in the
//! earlier op's block, the whole of that loop (its back edges); two memrefs may alias
//! unless they are distinct allocations; two stores to the same memref do not interfere
//! only when some subscript differs by a nonzero constant; ops of unknown effect read
//! and write everything.

use crate::views::{AffineAccess, AffineApply, AffineLoad, AffineStore};
use lattice_dialects::{func, memref};
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::store::WalkOrder;
use lattice_ir::{AffineExpr, AffineExprData, Ir, Op, Value};
use std::collections::HashMap;

use super::loop_invariant_code_motion::{reads, touches, writes, Access};
use crate::util::map_attr;

/// Options of `affine-scalrep` (it has none upstream).
#[derive(Clone, Debug, Default)]
pub struct ScalrepOptions {}

/// The pass as mlir-opt names it.
pub static SCALREP: PassDef = PassDef {
    name: "affine-scalrep",
    display_name: "AffineScalarReplacement",
    summary: "Replace affine memref accesses by scalars by forwarding stores to loads and eliminating redundant loads",
    anchor: Some(func::Func::NAME),
    options: &[PassOption::bool(
        "remarks",
        false,
        "Print why the pass did not run on a function (stderr)",
    )],
    configure: lattice_ir::pass::configure::<ScalrepOptions>,
    run: run_pass,
};

/// `remarks`, the one option, is read by the pass manager.
impl PassConfig for ScalrepOptions {
    fn from_options(_: &OptionValues) -> Result<Self, OptionError> {
        Ok(ScalrepOptions {})
    }
}

fn run_pass(ir: &mut Ir, op: Op, options: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let typed = options.typed_at::<ScalrepOptions>(ir, op)?;
    if let Some(remark) = too_many_accesses(ir, op) {
        lattice_ir::pass::report_declined(&[remark], options);
        return Ok(());
    }
    scalrep(ir, op, &typed)
}

/// The most (load, earlier access) pairs the pass compares in one function: each pair
/// walks the ops between its two accesses, so the work grows with the cube of the
/// function's size (an unrolled body of 5,000 loads took over a minute).
pub const MAX_ACCESS_PAIRS: usize = 1 << 20;

/// A remark at `func` when it has more access pairs than [`MAX_ACCESS_PAIRS`].
fn too_many_accesses(ir: &Ir, func: Op) -> Option<Diagnostic> {
    let all = ir.walk_ops(func, WalkOrder::PreOrder);
    let loads = all.iter().filter(|&&o| ir.isa::<AffineLoad>(o)).count();
    let stores = all.iter().filter(|&&o| ir.isa::<AffineStore>(o)).count();
    let pairs = loads.saturating_mul(loads + stores);
    (pairs > MAX_ACCESS_PAIRS).then(|| {
        Diagnostic::new(
            lattice_ir::diag::Severity::Remark,
            lattice_ir::DiagLoc::Loc(ir.loc(func)),
            format!(
                "not run: {loads} loads and {stores} stores make {pairs} pairs to compare (the limit is {MAX_ACCESS_PAIRS})"
            ),
        )
    })
}

/// Numbers SSA values so that accesses from different ops can be compared as affine
/// expressions over one space of dims.
#[derive(Default)]
struct Numbering {
    ids: HashMap<Value, u32>,
}

impl Numbering {
    fn dim(&mut self, ir: &Ir, v: Value) -> AffineExpr {
        let n = self.ids.len() as u32;
        let id = *self.ids.entry(v).or_insert(n);
        ir.ctx().dim_expr(id)
    }

    /// The expression of index value `v`: an `affine.apply` is composed in (to a bounded
    /// depth), anything else is a dim of its own.
    fn value_expr(&mut self, ir: &Ir, v: Value, depth: u32) -> AffineExpr {
        if depth < 16 {
            if let Some(def) = ir.defining_op(v) {
                if ir.isa::<AffineApply>(def) {
                    if let Some(map) = map_attr(ir, def, "map") {
                        let ctx = ir.ctx();
                        if ctx.map_num_results(map) == 1 {
                            let d = ctx.map_data(map).clone();
                            let inputs: Vec<AffineExpr> = ir
                                .operands(def)
                                .to_vec()
                                .into_iter()
                                .map(|x| self.value_expr(ir, x, depth + 1))
                                .collect();
                            if inputs.len() == (d.num_dims + d.num_symbols) as usize {
                                let (dims, syms) = inputs.split_at(d.num_dims as usize);
                                return ir.ctx().replace_dims_and_symbols(d.results[0], dims, syms);
                            }
                        }
                    }
                }
            }
        }
        self.dim(ir, v)
    }

    /// The memref and subscript expressions of an `affine.load`/`affine.store`.
    fn access(&mut self, ir: &Ir, op: Op) -> Option<(Value, Vec<AffineExpr>)> {
        let first = if ir.isa::<AffineStore>(op) { 1 } else { 0 };
        let operands = ir.operands(op).to_vec();
        let memref = *operands.get(first)?;
        let indices = &operands[first + 1..];
        let map = map_attr(ir, op, "map")?;
        let d = ir.ctx().map_data(map).clone();
        if indices.len() != (d.num_dims + d.num_symbols) as usize {
            return None;
        }
        let inputs: Vec<AffineExpr> = indices.iter().map(|&x| self.value_expr(ir, x, 0)).collect();
        let (dims, syms) = inputs.split_at(d.num_dims as usize);
        let exprs = d
            .results
            .iter()
            .map(|&e| ir.ctx().replace_dims_and_symbols(e, dims, syms))
            .collect();
        Some((memref, exprs))
    }

    /// The constant differences of two subscript lists, per subscript (`None` where not
    /// constant).
    fn differences(&self, ir: &Ir, a: &[AffineExpr], b: &[AffineExpr]) -> Vec<Option<i64>> {
        let ctx = ir.ctx();
        let n = self.ids.len() as u32;
        a.iter()
            .zip(b)
            .map(|(&x, &y)| {
                let diff = ctx.simplify_affine_expr(ctx.sub_expr(x, y), n, 0);
                match ctx.expr_data(diff) {
                    AffineExprData::Constant(c) => Some(c),
                    _ => None,
                }
            })
            .collect()
    }

    fn same(&self, ir: &Ir, a: &[AffineExpr], b: &[AffineExpr]) -> bool {
        a.len() == b.len() && self.differences(ir, a, b).iter().all(|d| *d == Some(0))
    }

    fn disjoint(&self, ir: &Ir, a: &[AffineExpr], b: &[AffineExpr]) -> bool {
        a.len() == b.len()
            && self
                .differences(ir, a, b)
                .iter()
                .any(|d| matches!(d, Some(c) if *c != 0))
    }
}

/// Whether `first` properly dominates `second` (same block and earlier, or earlier than
/// the ancestor of `second` in `first`'s block).
fn dominates(ir: &Ir, first: Op, second: Op) -> Option<Op> {
    let block = ir.op_parent(first)?;
    let anc = crate::util::ancestor_in_block(ir, block, second)?;
    if anc == first {
        return None;
    }
    let mut cur = ir.next_op(first);
    while let Some(o) = cur {
        if o == anc {
            return Some(anc);
        }
        cur = ir.next_op(o);
    }
    None
}

/// Every op that may execute after `first` and before `second` (conservatively), where
/// `first` dominates `second` through `anc`, the ancestor of `second` in `first`'s block.
fn between(ir: &Ir, first: Op, second: Op, anc: Op) -> Vec<Op> {
    let mut out = Vec::new();
    let mut cur = ir.next_op(first);
    while let Some(o) = cur {
        if o == anc {
            break;
        }
        out.extend(ir.walk_ops(o, WalkOrder::PreOrder));
        cur = ir.next_op(o);
    }
    if anc != second {
        out.extend(ir.walk_ops(anc, WalkOrder::PreOrder));
    }
    out
}

/// Whether an op in `ops` may write memory that the access `(memref, exprs)` reads,
/// besides `except`.
fn written_between(
    ir: &Ir,
    num: &mut Numbering,
    ops: &[Op],
    memref: Value,
    exprs: &[AffineExpr],
    except: Op,
) -> bool {
    for &o in ops {
        if o == except {
            continue;
        }
        let w = writes(ir, o);
        if !touches(ir, w, memref) {
            continue;
        }
        if w == Access::Memref(memref) && ir.isa::<AffineStore>(o) {
            if let Some((_, other)) = num.access(ir, o) {
                if num.disjoint(ir, exprs, &other) {
                    continue;
                }
            }
        }
        return true;
    }
    false
}

/// Runs store-to-load forwarding, load CSE and dead store elimination on `func`.
pub fn scalrep(ir: &mut Ir, func: Op, _options: &ScalrepOptions) -> Result<(), Vec<Diagnostic>> {
    let mut num = Numbering::default();
    let all = ir.walk_ops(func, WalkOrder::PreOrder);
    let stores: Vec<Op> = all
        .iter()
        .copied()
        .filter(|&o| ir.isa::<AffineStore>(o))
        .collect();
    let loads: Vec<Op> = all
        .iter()
        .copied()
        .filter(|&o| ir.isa::<AffineLoad>(o))
        .collect();
    let mut erased: Vec<Op> = Vec::new();
    let mut kept_loads: Vec<Op> = Vec::new();
    for &load in &loads {
        let Some((memref, exprs)) = num.access(ir, load) else {
            kept_loads.push(load);
            continue;
        };
        let ty = ir.value_type(ir.result(load, 0));
        // Store-to-load forwarding.
        let mut replacement = None;
        for &st in &stores {
            if ir.operands(st).get(1) != Some(&memref) || ir.value_type(ir.operand(st, 0)) != ty {
                continue;
            }
            let Some(anc) = dominates(ir, st, load) else {
                continue;
            };
            let Some((_, sexprs)) = num.access(ir, st) else {
                continue;
            };
            if !num.same(ir, &exprs, &sexprs) {
                continue;
            }
            let mid = between(ir, st, load, anc);
            if !written_between(ir, &mut num, &mid, memref, &exprs, st) {
                replacement = Some(ir.operand(st, 0));
                break;
            }
        }
        // Redundant load elimination.
        if replacement.is_none() {
            for &prev in &kept_loads {
                if ir.operands(prev).first() != Some(&memref)
                    || ir.value_type(ir.result(prev, 0)) != ty
                {
                    continue;
                }
                let Some(anc) = dominates(ir, prev, load) else {
                    continue;
                };
                let Some((_, pexprs)) = num.access(ir, prev) else {
                    continue;
                };
                if !num.same(ir, &exprs, &pexprs) {
                    continue;
                }
                let mid = between(ir, prev, load, anc);
                if !written_between(ir, &mut num, &mid, memref, &exprs, prev) {
                    replacement = Some(ir.result(prev, 0));
                    break;
                }
            }
        }
        match replacement {
            Some(v) => {
                ir.replace_all_uses(ir.result(load, 0), v);
                erased.push(load);
            }
            None => kept_loads.push(load),
        }
    }
    for op in erased.drain(..) {
        ir.erase_op(op);
    }
    eliminate_overwritten_stores(ir, &mut num, &stores);
    eliminate_dead_allocs(ir, func);
    Ok(())
}

/// Erases stores overwritten by a later store to the same access in the same block with
/// nothing in between that may read the memref.
fn eliminate_overwritten_stores(ir: &mut Ir, num: &mut Numbering, stores: &[Op]) {
    let mut dead = Vec::new();
    for &st in stores {
        let Some((memref, exprs)) = num.access(ir, st) else {
            continue;
        };
        let mut cur = ir.next_op(st);
        while let Some(o) = cur {
            if ir.isa::<AffineStore>(o) && ir.operands(o).get(1) == Some(&memref) {
                if let Some((_, other)) = num.access(ir, o) {
                    if num.same(ir, &exprs, &other) {
                        dead.push(st);
                        break;
                    }
                }
            }
            let sub = ir.walk_ops(o, WalkOrder::PreOrder);
            if sub.iter().any(|&x| touches(ir, reads(ir, x), memref)) {
                break;
            }
            // Control that may not reach the next op (terminators) ends the scan.
            if ir.has_trait(o, lattice_ir::Traits::TERMINATOR) {
                break;
            }
            cur = ir.next_op(o);
        }
    }
    for op in dead {
        ir.erase_op(op);
    }
}

/// Erases local allocations whose only uses are as the target of stores or by
/// `memref.dealloc`, together with those uses.
fn eliminate_dead_allocs(ir: &mut Ir, func: Op) {
    let allocs: Vec<Op> = ir
        .walk_ops(func, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.isa::<memref::Alloc>(o) || ir.isa::<memref::Alloca>(o))
        .collect();
    for alloc in allocs {
        let Some(&m) = ir.results(alloc).first() else {
            continue;
        };
        let users: Option<Vec<Op>> = ir
            .uses(m)
            .iter()
            .map(|u| {
                let is_write = AffineAccess::of(ir, u.op).is_some_and(|a| a.is_write);
                let ok = match memref::MemrefKind::of(ir, u.op) {
                    _ if is_write => u.index == 1 && ir.operand(u.op, 0) != m,
                    Some(memref::MemrefKind::Store) => u.index == 1 && ir.operand(u.op, 0) != m,
                    Some(memref::MemrefKind::Dealloc) => true,
                    _ => false,
                };
                ok.then_some(u.op)
            })
            .collect();
        let Some(mut users) = users else {
            continue;
        };
        users.sort();
        users.dedup();
        for u in users {
            ir.erase_op(u);
        }
        ir.erase_op(alloc);
    }
}
