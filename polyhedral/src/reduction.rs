//! Parallel reductions in `poly-schedule` (`parallel-reductions=true`): a loop of the new
//! schedule whose only carried dependences are those of scalar cells that its statements
//! only *accumulate* into (`c = c ⊕ x`, ⊕ an associative and commutative `arith`
//! combiner, the kinds `affine-parallelize` recognises) becomes an `affine.parallel` with
//! `reduce`, where no coincident loop is available in its band.
//!
//! Three steps: [`ReductionCandidates::member`] picks the band member (checked against
//! the dependences of the cells and of every other array, restricted to the band's
//! instances); code generation emits that loop as a *sequential* `affine.for` carrying
//! [`REDUCTION_ATTR`] (so promoting the cells back to SSA values, which is exact for
//! sequential code, gives it `iter_args`); [`finish`] then turns each such loop whose
//! every `iter_args` value is an accumulator chain (the region argument flows only
//! through ⊕ ops of one kind and inner `iter_args` loops to the yield) into an
//! `affine.parallel ... reduce`, each iteration starting from the neutral element and the
//! init value combined after the loop (upstream's `affine-parallelize` rewrite), and
//! drops the attribute from any other.
//!
//! Invariants: the attribute never survives [`finish`]; a loop is made parallel only when
//! the SSA check holds, otherwise it stays the sequential loop it was generated as.
//! Floating-point combiners reassociate (results differ in rounding), which is why the
//! option is off by default, as in mlir-opt's `affine-parallelize` and in Pluto, which
//! never parallelizes a loop that carries a dependence.

use crate::isl::{IslCtx, IslError};
use crate::passes::parallelize::{parallel_for, reduction_kind};
use crate::scop::{AccessKind, Scop};
use isl_rs::{ScheduleNode, Set, UnionMap, UnionSet};
use lattice_affine::views::{AffineFor, AffineLoad, AffineStore};
use lattice_dialects::arith;
use lattice_ir::{Block, Ir, Op, OperationState, Value, WalkOrder};

/// The schedule mark above a band member parallel up to reductions.
pub const REDUCTION_MARK: &str = "parallel_reduction";

/// The discardable attribute code generation puts on the (sequential) loop generated
/// under [`REDUCTION_MARK`]; [`finish`] consumes it.
pub const REDUCTION_ATTR: &str = "lattice.parallel_reduction";

/// The reduction kind of the `arith` op `op` on values of type `ty`, when an
/// `affine.parallel` can reduce with it: the verifier (upstream's) admits `addf`, `mulf`,
/// `maximumf`, `minimumf` on floats and `addi`, `muli`, `andi`, `ori` on signless
/// integers (not `maxnumf`/`minnumf`/`xori`, nor `maxs`/`mins`/`maxu`/`minu`, which need
/// signed or unsigned integer types).
pub fn parallel_kind(ir: &Ir, op: Op, ty: lattice_ir::Type) -> Option<i64> {
    let kind = reduction_kind(ir, op)?;
    let ctx = ir.ctx();
    let ok = match kind {
        0 | 4 | 8 | 12 => ctx.is_float(ty),
        1 | 2 | 13 | 14 => ctx.int_width(ty).is_some(),
        _ => false,
    };
    ok.then_some(kind)
}

/// The reduction kind (`arith::AtomicRMWKind`) with which the ops `ops` (and the ops
/// nested in them) accumulate into the 0-d cell `cell`, when every access of `cell` among
/// them is part of an accumulation `v = load cell; r = v ⊕ x; store r, cell` (load, ⊕
/// and store in one block, `v` and `r` used once, no other access of the cell in
/// between) and all use one kind; `None` otherwise.
pub fn accumulate_kind(ir: &Ir, ops: &[Op], cell: Value) -> Option<i64> {
    let inside = |o: Op| ops.iter().any(|&r| ir.is_ancestor(r, o));
    let mut kind = None;
    let mut stores = 0usize;
    let mut paired = 0usize;
    for u in ir.uses(cell).iter().filter(|u| inside(u.op)) {
        if ir.isa::<AffineStore>(u.op) && u.index == 1 {
            stores += 1;
            continue;
        }
        if !(ir.isa::<AffineLoad>(u.op) && u.index == 0) {
            return None;
        }
        let load = u.op;
        let v = ir.result(load, 0);
        let [use_v] = ir.uses(v) else { return None };
        let combine = use_v.op;
        let k = parallel_kind(ir, combine, ir.value_type(v))?;
        if ir.operands(combine).len() != 2
            || ir.results(combine).len() != 1
            || ir.operand(combine, 0) == ir.operand(combine, 1)
        {
            return None;
        }
        let r = ir.result(combine, 0);
        let [use_r] = ir.uses(r) else { return None };
        let store = use_r.op;
        if !(ir.isa::<AffineStore>(store) && use_r.index == 0 && ir.operand(store, 1) == cell) {
            return None;
        }
        let block = ir.op_parent(load);
        if ir.op_parent(combine) != block || ir.op_parent(store) != block {
            return None;
        }
        // Nothing between the load and the store touches the cell.
        if !crate::transform::scalars::untouched_between(ir, load, store, cell) {
            return None;
        }
        if kind.is_some_and(|q| q != k) {
            return None;
        }
        kind = Some(k);
        paired += 1;
    }
    (stores == paired).then_some(kind).flatten()
}

/// Whether cell `a` of `scop` holds a reduction the input already computed in parallel
/// (an `affine.parallel` with `reduce`, whose cell [`crate::transform::scalars::demote`]
/// marks with [`REDUCTION_ATTR`]): its reassociation was the program's own choice.
pub fn approved(ir: &Ir, scop: &Scop, a: usize) -> bool {
    ir.defining_op(scop.arrays[a].value)
        .is_some_and(|c| ir.attr(c, REDUCTION_ATTR).is_some())
}

/// The statements of `scop` that access cell `a`, each with the kind it accumulates
/// into the cell with ([`accumulate_kind`]; `None` for any other access, a read-only
/// statement included).
fn cell_statements(ir: &Ir, scop: &Scop, a: usize) -> Vec<(usize, Option<i64>)> {
    let value = scop.arrays[a].value;
    let mut out = Vec::new();
    for (s, st) in scop.statements.iter().enumerate() {
        if !st.accesses.iter().any(|x| x.array == a) {
            continue;
        }
        let writes = st
            .accesses
            .iter()
            .any(|x| x.array == a && x.kind != AccessKind::Read);
        let kind = accumulate_kind(ir, &st.ops, value).filter(|_| writes);
        out.push((s, kind));
    }
    out
}

/// The accumulations of a SCoP's scalar cells whose instances may run in any order
/// among themselves (reduction-aware legality, as Pluto's and PPCG's): for each cell
/// that may be reduced in parallel, the statements that accumulate into it, by kind.
/// Two instances of such statements with one kind, on one cell, commute up to
/// reassociation: `c = (c ⊕ x) ⊕ y` and `c = (c ⊕ y) ⊕ x`. Every other dependence of
/// the cell (its init before them, the reads after them, an accumulation of another
/// kind) still orders them, which keeps each accumulation between the same other
/// accesses of the cell.
#[derive(Default)]
pub struct Accumulations {
    /// (cell, statement, kind).
    statements: Vec<(usize, usize, i64)>,
}

impl Accumulations {
    /// The accumulations into the cells `cells` of `scop`: those of the reductions the
    /// input already computed in parallel ([`approved`]), or of any cell with `all`.
    pub fn new(ir: &Ir, scop: &Scop, cells: &[usize], all: bool) -> Accumulations {
        let mut statements = Vec::new();
        for &a in cells.iter().filter(|&&a| all || approved(ir, scop, a)) {
            for (s, kind) in cell_statements(ir, scop, a) {
                if let Some(k) = kind {
                    statements.push((a, s, k));
                }
            }
        }
        Accumulations { statements }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// Whether some statement accumulates into cell `a`.
    pub fn covers(&self, a: usize) -> bool {
        self.statements.iter().any(|&(c, _, _)| c == a)
    }

    /// Whether statement `s` accumulates into cell `a` (and is one of these).
    pub fn accumulates(&self, a: usize, s: usize) -> bool {
        self.statements.iter().any(|&(c, t, _)| c == a && t == s)
    }

    /// `{ S[i] -> T[j] }` for every two accumulations `S`, `T` (the same statement
    /// included) of one kind into cell `a` (into any cell: `None`): the instance pairs
    /// whose order does not matter, over the statements' domains.
    pub fn pairs(&self, isl: &IslCtx, scop: &Scop, a: Option<usize>) -> Result<UnionMap, IslError> {
        let mut out = isl.union_map(&format!("{}{{ }}", scop.param_prefix()))?;
        for &(c, s, k) in self
            .statements
            .iter()
            .filter(|x| a.is_none_or(|a| x.0 == a))
        {
            for &(d, t, q) in &self.statements {
                if c != d || k != q {
                    continue;
                }
                let pairs = isl.check(isl_rs::Map::from_domain_and_range(
                    isl.check(scop.statements[s].domain.copy())?,
                    isl.check(scop.statements[t].domain.copy())?,
                ))?;
                out = isl.check(out.union(isl.check(UnionMap::from_map(pairs))?))?;
            }
        }
        Ok(out)
    }
}

/// One scalar cell of a SCoP.
struct Cell {
    /// Its statements: domain and whether it is an accumulation (with its kind); empty
    /// for a cell that may not be reduced in parallel.
    statements: Vec<(Set, Option<i64>)>,
    /// Its nearest flow dependences (its live ranges); for a cell with accumulations
    /// that may be reordered, their transitive closure (every two instances of one live
    /// range, or every two accumulations where isl cannot compute it exactly): a schedule
    /// may order those accumulations in any way, so a member that separates two of them
    /// (given the outer ones) reduces even where it carries no nearest flow dependence.
    flow: UnionMap,
}

/// The scalar cells of a SCoP, some of which statements accumulate into, with the
/// dependences needed to decide which band members are parallel up to them.
pub struct ReductionCandidates {
    cells: Vec<Cell>,
    /// The nearest dependences of the other arrays.
    others: UnionMap,
}

impl ReductionCandidates {
    /// The cells `cells` (arrays of `scop`), or `None` when no statement accumulates
    /// into any of them. Without `all`, only the cells of reductions the input already
    /// computed in parallel (an `affine.parallel` with `reduce`, whose cell
    /// [`crate::transform::scalars::demote`] marks with [`REDUCTION_ATTR`]) may be
    /// reduced: their reassociation was the program's own choice. `aliasing`: the
    /// dependences through aliasing arguments
    /// ([`crate::schedule::alias_dependences`]), which no member may carry either.
    pub fn new(
        isl: &IslCtx,
        ir: &Ir,
        scop: &Scop,
        cells: &[usize],
        all: bool,
        aliasing: &UnionMap,
    ) -> Result<Option<ReductionCandidates>, IslError> {
        let mut found: Vec<(usize, Vec<(Set, Option<i64>)>)> = Vec::new();
        for &a in cells {
            let mut statements = Vec::new();
            for (s, kind) in cell_statements(ir, scop, a) {
                statements.push((isl.check(scop.statements[s].domain.copy())?, kind));
            }
            if !(all || approved(ir, scop, a)) || statements.iter().all(|(_, k)| k.is_none()) {
                statements.clear();
            }
            found.push((a, statements));
        }
        if found.iter().all(|(_, s)| s.is_empty()) {
            return Ok(None);
        }
        let (flow, order) = crate::schedule::flow_and_order(isl, scop, |a| !cells.contains(&a))?;
        let others = isl.check(flow.union(order))?;
        let others = isl.check(others.union(isl.check(aliasing.copy())?))?;
        let free = Accumulations::new(ir, scop, cells, all);
        let mut out = Vec::new();
        for (a, statements) in found {
            let (flow, _) = crate::schedule::flow_and_order(isl, scop, |x| x == a)?;
            let flow = if !free.covers(a) {
                flow
            } else if let Some(closure) = isl.exact_transitive_closure(&flow)? {
                closure
            } else {
                // Every two accumulations, whatever their live ranges (conservative).
                isl.check(flow.union(free.pairs(isl, scop, Some(a))?))?
            };
            out.push(Cell { statements, flow });
        }
        Ok(Some(ReductionCandidates { cells: out, others }))
    }

    /// The outermost member of the band at `node` that carries (given the outer loops)
    /// no dependence of an array other than the cells, and some flow dependence (a live
    /// range) of a cell, every statement below `node` accessing such a cell accumulating
    /// into it with one kind. Cells whose live ranges stay within one iteration may carry
    /// output and anti dependences: promotion keeps them per iteration (an `iter_args`
    /// value of the loop only where the value is used after it, and then the loop stays
    /// sequential, see [`finish`]).
    pub fn member(&self, isl: &IslCtx, node: &ScheduleNode) -> Result<Option<i32>, IslError> {
        let n = isl.check(node.band_n_member())?;
        for k in 0..n {
            if let (true, true) = self.judge(isl, node, k)? {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// Whether member `k` of the band at `node` may run in parallel as far as these
    /// dependences go: it carries (given the outer members) no dependence of an array
    /// other than the cells, and only live ranges of cells that every statement below
    /// `node` accumulates into with one kind (see [`Self::member`]).
    pub fn allows(&self, isl: &IslCtx, node: &ScheduleNode, k: i32) -> Result<bool, IslError> {
        Ok(self.judge(isl, node, k)?.0)
    }

    /// Whether member `k` of the band at `node` separates (given the outer members) two
    /// instances of the cells' live ranges or accumulations: it may not be a plain
    /// parallel loop even where the scheduler found it coincident (the scheduler's
    /// constraints leave the accumulations free, see
    /// [`crate::schedule::NearestDependences::commuting`]).
    pub fn carries_cells(
        &self,
        isl: &IslCtx,
        node: &ScheduleNode,
        k: i32,
    ) -> Result<bool, IslError> {
        Ok(self.judge(isl, node, k)?.1)
    }

    /// For member `k` of the band at `node`: (whether it carries nothing but
    /// accumulations, whether it carries some live range of a cell).
    fn judge(&self, isl: &IslCtx, node: &ScheduleNode, k: i32) -> Result<(bool, bool), IslError> {
        let domain = isl.check(node.get_domain())?;
        let mupa = isl.check(node.band_get_partial_schedule())?;
        let same = |m: UnionMap| -> Result<UnionMap, IslError> {
            let rev = isl.check(m.copy())?;
            let rev = isl.check(rev.reverse())?;
            isl.check(m.apply_range(rev))
        };
        let mut prefix = same(isl.check(node.get_prefix_schedule_union_map())?)?;
        for outer in 0..k {
            let m = UnionMap::from_union_pw_aff(isl.check(mupa.get_at(outer))?);
            prefix = isl.check(prefix.intersect(same(isl.check(m)?)?))?;
        }
        let restrict = |d: &UnionMap| -> Result<UnionMap, IslError> {
            let d = isl.check(d.copy())?;
            let d = isl.check(d.intersect_domain(isl.check(domain.copy())?))?;
            isl.check(d.intersect_range(isl.check(domain.copy())?))
        };
        let member = same(isl.check(UnionMap::from_union_pw_aff(isl.check(mupa.get_at(k))?))?)?;
        let carried = |d: &UnionMap| -> Result<bool, IslError> {
            let d = restrict(d)?;
            let d = isl.check(d.intersect(isl.check(prefix.copy())?))?;
            let d = isl.check(d.subtract(isl.check(member.copy())?))?;
            Ok(!isl.check(d.is_empty())?)
        };
        let ok = !carried(&self.others)?;
        let mut any = false;
        for c in &self.cells {
            if !carried(&c.flow)? {
                continue;
            }
            any = true;
            if !ok {
                break;
            }
            if c.statements.is_empty() {
                return Ok((false, any));
            }
            let mut kind = None;
            for (dom, k) in &c.statements {
                let d = isl.check(UnionSet::from_set(isl.check(dom.copy())?))?;
                let d = isl.check(d.intersect(isl.check(domain.copy())?))?;
                if isl.check(d.is_empty())? {
                    continue;
                }
                match (k, kind) {
                    (None, _) => return Ok((false, any)),
                    (Some(k), Some(q)) if *k != q => return Ok((false, any)),
                    (Some(k), _) => kind = Some(*k),
                }
            }
        }
        Ok((ok, any))
    }
}

/// Turns every loop of `func` marked [`REDUCTION_ATTR`] whose `iter_args` are all
/// accumulator chains into an `affine.parallel` with `reduce`; drops the mark from the
/// others. Returns how many loops became parallel.
pub fn finish(ir: &mut Ir, func: Op) -> usize {
    let marked: Vec<Op> = ir
        .walk_ops(func, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.attr(o, REDUCTION_ATTR).is_some())
        .collect();
    finish_ops(ir, marked)
}

/// [`finish`] for the ops of `block` (and the ops nested in them).
pub fn finish_block(ir: &mut Ir, block: Block) -> usize {
    let marked: Vec<Op> = ir
        .block_ops(block)
        .collect::<Vec<_>>()
        .into_iter()
        .flat_map(|o| ir.walk_ops(o, WalkOrder::PreOrder))
        .filter(|&o| ir.attr(o, REDUCTION_ATTR).is_some())
        .collect();
    finish_ops(ir, marked)
}

fn finish_ops(ir: &mut Ir, marked: Vec<Op>) -> usize {
    let mut done = 0;
    for l in marked {
        ir.remove_attr(l, REDUCTION_ATTR);
        if ir.isa::<AffineFor>(l) && convert(ir, l).is_some() {
            done += 1;
        }
    }
    done
}

/// The kind of the accumulator chain from `v` (a value of `block`) to the operand
/// `position` of `block`'s terminator: every value of the chain has one use, a ⊕ op of
/// one kind in `block` (its result continues the chain), the init of an inner
/// `affine.for` whose region argument is a chain to its own yield (its result
/// continues), or the terminator at `position`. `kind` is the kind seen so far.
fn chain(ir: &Ir, v: Value, block: Block, position: usize, kind: Option<i64>) -> Option<i64> {
    let mut v = v;
    let mut kind = kind;
    let term = ir.last_op(block)?;
    for _ in 0..10_000 {
        let [u] = ir.uses(v) else { return None };
        let (op, index) = (u.op, u.index as usize);
        if ir.op_parent(op) != Some(block) {
            return None;
        }
        if op == term {
            return (index == position).then_some(kind).flatten();
        }
        if let Some(k) = parallel_kind(ir, op, ir.value_type(v)) {
            if kind.is_some_and(|q| q != k)
                || ir.operands(op).len() != 2
                || ir.results(op).len() != 1
                || ir.operand(op, 0) == ir.operand(op, 1)
            {
                return None;
            }
            kind = Some(k);
            v = ir.result(op, 0);
        } else if ir.isa::<AffineFor>(op) {
            let n = ir.results(op).len();
            let first = ir.operands(op).len() - n;
            let p = index.checked_sub(first)?;
            let body = ir.entry_block(*ir.regions(op).first()?)?;
            let arg = *ir.block_args(body).get(1 + p)?;
            kind = Some(chain(ir, arg, body, p, kind)?);
            v = ir.result(op, p);
        } else {
            return None;
        }
    }
    None
}

/// Rewrites the marked `affine.for` `l` into an `affine.parallel` with `reduce` when all
/// its `iter_args` are accumulator chains (see [`chain`]); one without `iter_args` (the
/// mark's promise: nothing but accumulations is carried, and promotion left none)
/// becomes a plain `affine.parallel`.
fn convert(ir: &mut Ir, l: Op) -> Option<Op> {
    let n = ir.results(l).len();
    if n == 0 {
        let (par, _) = parallel_for(ir, l, &[], &[])?;
        ir.erase_op(l);
        return Some(par);
    }
    let body = ir.entry_block(*ir.regions(l).first()?)?;
    let args: Vec<Value> = ir.block_args(body)[1..].to_vec();
    let mut kinds = Vec::new();
    let mut identities = Vec::new();
    let mut combiners = Vec::new();
    let ctx = ir.ctx_arc().clone();
    for (k, &a) in args.iter().enumerate() {
        let kind = chain(ir, a, body, k, None)?;
        let ty = ir.value_type(a);
        let (identity, name) =
            lattice_affine::passes::lower_affine::reduction(&ctx, kind, ty).ok()?;
        kinds.push(kind);
        identities.push((identity, ty));
        combiners.push(name);
    }
    let types: Vec<_> = identities.iter().map(|&(_, t)| t).collect();
    let results: Vec<Value> = ir.results(l).to_vec();
    let (par, inits) = parallel_for(ir, l, &kinds, &types)?;
    // Each iteration starts from the neutral element: `e ⊕ x` is `x` where the chain
    // starts with a ⊕ op (for addf, `+0.0 + x` differs from `x` only for `x = -0.0`, which
    // the reduction, itself started from +0.0, absorbs).
    for (k, &(identity, ty)) in identities.iter().enumerate() {
        let [u] = ir.uses(args[k]) else { return None };
        let (user, index) = (u.op, u.index as usize);
        if ir.op_parent(user) == Some(body) && reduction_kind(ir, user).is_some() {
            let other = ir.operand(user, 1 - index);
            ir.replace_all_uses(ir.result(user, 0), other);
            ir.erase_op(user);
            continue;
        }
        let mut st = OperationState::new(ctx.intern_str(arith::Constant::NAME), ir.loc(par));
        st.result_types = vec![ty];
        st.add_attr(ctx.intern_str("value"), identity);
        let c = ir.create_op(st);
        ir.insert_op_before(par, c);
        ir.replace_all_uses(args[k], ir.result(c, 0));
    }
    for k in (0..n).rev() {
        ir.erase_block_arg(body, k + 1);
    }
    // The init value combined with the parallel result, after the loop (nothing to
    // combine when the init is the neutral element itself).
    let mut anchor = par;
    for k in 0..n {
        let init_is_identity = ir
            .defining_op(inits[k])
            .filter(|&d| ir.isa::<arith::Constant>(d))
            .and_then(|d| ir.attr(d, "value"))
            == Some(identities[k].0);
        if init_is_identity {
            ir.replace_all_uses(results[k], ir.result(par, k));
            continue;
        }
        let mut st = OperationState::new(ctx.intern_str(combiners[k]), ir.loc(par));
        st.operands = vec![inits[k], ir.result(par, k)];
        st.result_types = vec![types[k]];
        let c = ir.create_op(st);
        ir.insert_op_after(anchor, c);
        anchor = c;
        ir.replace_all_uses(results[k], ir.result(c, 0));
    }
    ir.erase_op(l);
    for v in inits {
        if let Some(d) = ir.defining_op(v) {
            if ir.isa::<arith::Constant>(d) && ir.is_unused(v) {
                ir.erase_op(d);
            }
        }
    }
    Some(par)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::parse;
    use expect_test::expect;
    use lattice_ir::printer::{print_op, PrintOptions};

    fn func_of(ir: &Ir, top: Op) -> Op {
        ir.walk_ops(top, WalkOrder::PreOrder)
            .into_iter()
            .find(|&o| ir.is_op(o, "func.func"))
            .expect("a function")
    }

    /// The kind `accumulate_kind` finds for the body of the only loop of `text`, whose
    /// first argument is the cell.
    fn kind_of(text: &str) -> Option<i64> {
        let (ir, top) = parse(text);
        let func = func_of(&ir, top);
        let entry = ir.entry_block(ir.regions(func)[0]).unwrap();
        let cell = ir.block_args(entry)[0];
        let l = ir
            .walk_ops(top, WalkOrder::PreOrder)
            .into_iter()
            .find(|&o| ir.isa::<AffineFor>(o))
            .unwrap();
        let body = ir.entry_block(ir.regions(l)[0]).unwrap();
        let ops: Vec<Op> = ir.block_ops(body).collect();
        accumulate_kind(&ir, &ops[..ops.len() - 1], cell)
    }

    #[test]
    fn accumulations_are_recognised_by_kind() {
        let acc = |combine: &str, ty: &str| {
            format!(
                "func.func @f(%c: memref<{ty}>, %A: memref<8x{ty}>) {{
  affine.for %i = 0 to 8 {{
    %x = affine.load %A[%i] : memref<8x{ty}>
    %v = affine.load %c[] : memref<{ty}>
    %r = {combine} %x, %v : {ty}
    affine.store %r, %c[] : memref<{ty}>
  }}
  return
}}"
            )
        };
        assert_eq!(kind_of(&acc("arith.addf", "f32")), Some(0));
        assert_eq!(kind_of(&acc("arith.mulf", "f64")), Some(12));
        assert_eq!(kind_of(&acc("arith.maximumf", "f32")), Some(4));
        assert_eq!(kind_of(&acc("arith.addi", "i32")), Some(1));
        assert_eq!(kind_of(&acc("arith.ori", "i8")), Some(14));
        // Combiners affine.parallel cannot reduce with on these types.
        assert_eq!(kind_of(&acc("arith.maxnumf", "f32")), None);
        assert_eq!(kind_of(&acc("arith.maxsi", "i32")), None);
        assert_eq!(kind_of(&acc("arith.subf", "f32")), None);
    }

    #[test]
    fn other_uses_of_the_cell_are_no_accumulation() {
        // The loaded value is also stored elsewhere.
        let escaped = "func.func @f(%c: memref<f32>, %A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %A[%i] : memref<8xf32>
    %v = affine.load %c[] : memref<f32>
    affine.store %v, %A[%i] : memref<8xf32>
    %r = arith.addf %x, %v : f32
    affine.store %r, %c[] : memref<f32>
  }
  return
}";
        assert_eq!(kind_of(escaped), None);
        // A plain store of the cell (an init, not an update).
        let reset = "func.func @f(%c: memref<f32>, %A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %A[%i] : memref<8xf32>
    affine.store %x, %c[] : memref<f32>
  }
  return
}";
        assert_eq!(kind_of(reset), None);
    }

    #[test]
    fn finish_makes_accumulator_chains_parallel() {
        let text = "func.func @f(%A: memref<8x4xi32>, %z: i32) -> i32 {
  %s = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (i32) {
    %t = affine.for %j = 0 to 4 iter_args(%b = %acc) -> (i32) {
      %x = affine.load %A[%i, %j] : memref<8x4xi32>
      %n = arith.addi %b, %x : i32
      affine.yield %n : i32
    }
    affine.yield %t : i32
  } {lattice.parallel_reduction}
  %u = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (i32) {
    %x = affine.load %A[%i, 0] : memref<8x4xi32>
    %n = arith.addi %acc, %x : i32
    %m = arith.muli %n, %n : i32
    affine.yield %m : i32
  } {lattice.parallel_reduction}
  %r = arith.addi %s, %u : i32
  return %r : i32
}";
        let (mut ir, top) = parse(text);
        let func = func_of(&ir, top);
        assert_eq!(finish(&mut ir, func), 1);
        expect![[r#"
            module {
              func.func @f(%arg0: memref<8x4xi32>, %arg1: i32) -> i32 {
                %c0_i32 = arith.constant 0 : i32
                %0 = affine.parallel (%arg2) = (0) to (8) reduce ("addi") -> (i32) {
                  %4 = affine.for %arg3 = 0 to 4 iter_args(%arg4 = %c0_i32) -> (i32) {
                    %5 = affine.load %arg0[%arg2, %arg3] : memref<8x4xi32>
                    %6 = arith.addi %arg4, %5 : i32
                    affine.yield %6 : i32
                  }
                  affine.yield %4 : i32
                }
                %1 = arith.addi %arg1, %0 : i32
                %2 = affine.for %arg2 = 0 to 8 iter_args(%arg3 = %arg1) -> (i32) {
                  %4 = affine.load %arg0[%arg2, 0] : memref<8x4xi32>
                  %5 = arith.addi %arg3, %4 : i32
                  %6 = arith.muli %5, %5 : i32
                  affine.yield %6 : i32
                }
                %3 = arith.addi %1, %2 : i32
                return %3 : i32
              }
            }
        "#]]
        .assert_eq(&print_op(&ir, top, PrintOptions::default()));
    }
}
