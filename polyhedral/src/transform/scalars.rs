//! Scalars through memory for the transformations (Polly's reg2mem / mem2reg): before a
//! SCoP whose statements exchange SSA values is rescheduled, every loop-carried value
//! (`iter_args` of an `affine.for`) and every value crossing statements that code
//! generation cannot recompute is *demoted* to a 0-d cell (`memref.alloca() :
//! memref<T>`): the init value is stored before the loop, each use of the region argument
//! loads the cell, the yielded value is stored before the yield, each use of the loop's
//! result loads the cell; a crossing value is stored after its definition and loaded
//! before its uses in other statements. The demoted SCoPs are extracted again (the cells
//! are ordinary distinct memrefs, so every dependence through them, including the
//! anti and output ones of the shared cell, is exact), transformed, and the cells are
//! *promoted* back to SSA values ([`promote`]): a walk in program order over the
//! structured code that forwards stored values to loads, gives a loop whose body stores
//! the cell an `iter_args` value and an `affine.if` whose branches store it a result.
//! Cells hold integers, floats or fixed-size vectors of them; an accumulator threaded
//! from a loop's `iter_args` through an inner loop's shares its cell with it; the
//! reductions of a one-dimensional `affine.parallel` are demoted as the accumulation of
//! the equivalent sequential loop (see [`crate::reduction`], which makes such loops
//! parallel again); a multi-dimensional `affine.parallel` holding anything to demote is
//! first split into the nest of one-dimensional ones ([`split_parallel`]; its reductions
//! become nested reductions, equal up to reassociation).
//!
//! Invariants: demotion and promotion each preserve what the program computes (the cell
//! is private to the demoted region: created just before it, used nowhere else). A
//! transformation of demoted code either respects every dependence of the cells, or
//! respects their flow dependences and [`private_violation`] confirms that every read
//! still sees the write it saw in program order, and that a cell read after the SCoP
//! still ends with the writes it ended with (the shared cell is then exact for
//! sequential code). Promotion forwards values per `affine.parallel` iteration (each one
//! works on its own copy); where a value stored in such iterations would be read after
//! them, those loops are made sequential first. A cell that cannot be promoted (an
//! access the walk does not handle) stays in memory, which is exact as no
//! `affine.parallel` stores it.

use super::TransformError;
use crate::isl::{IslCtx, IslError};
use crate::scop::{check_candidate, value_label, AccessKind, ArrayKind, Scop};
use isl_rs::{UnionAccessInfo, UnionMap, UnionSet};
use lattice_affine::views::{
    is_affine_loop, AffineFor, AffineIf, AffineLoad, AffineParallel, AffineStore, AffineYield,
};
use lattice_dialects::{arith, memref};
use lattice_ir::{AttrData, Block, Ir, Op, OperationState, Traits, Type, TypeData, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// The cells made by [`demote`] and the ops that now stand where the SCoP stood.
pub struct Demotion {
    /// The `memref.alloca` ops of the cells.
    pub cells: Vec<Op>,
    /// The ops of the block from the first cell to the last op of the demoted region.
    pub range: Vec<Op>,
}

/// Whether `scop` exchanges SSA values that code generation cannot handle as they are
/// (loop-carried values, or crossing values that are not recomputable).
pub fn needs_demotion(ir: &Ir, scop: &Scop) -> bool {
    scop.arrays.iter().any(|a| match a.kind {
        ArrayKind::Memref => false,
        ArrayKind::Value => !recomputable(ir, scop, a.value, 0),
        ArrayKind::Carried { .. } => true,
    })
}

/// Whether code generation can recompute `v` wherever it is used: a pure op without
/// regions whose operands are induction variables, values defined outside the SCoP or
/// recomputable themselves.
pub fn recomputable(ir: &Ir, scop: &Scop, v: Value, depth: usize) -> bool {
    let Some(def) = ir.defining_op(v) else {
        return matches!(ir.value_def(v), lattice_ir::ValueDef::Argument { block, index: 0 }
            if ir.block_parent_op(block).is_some_and(|o| ir.isa::<AffineFor>(o)))
            || matches!(ir.value_def(v), lattice_ir::ValueDef::Argument { block, .. }
            if ir.block_parent_op(block).is_some_and(|o| ir.isa::<AffineParallel>(o)))
            || !inside(ir, scop, v);
    };
    if !scop.ops.iter().any(|&o| ir.is_ancestor(o, def)) {
        return true;
    }
    let pure = ir
        .op_def(def)
        .is_some_and(|d| d.has(Traits::PURE) || d.has(Traits::CONSTANT_LIKE))
        && ir.regions(def).is_empty();
    pure && depth < 32
        && ir
            .operands(def)
            .iter()
            .all(|&o| recomputable(ir, scop, o, depth + 1))
}

fn inside(ir: &Ir, scop: &Scop, v: Value) -> bool {
    let op = match ir.value_def(v) {
        lattice_ir::ValueDef::Argument { block, .. } => ir.block_parent_op(block),
        _ => ir.defining_op(v),
    };
    op.is_some_and(|op| scop.ops.iter().any(|&o| ir.is_ancestor(o, op)))
}

fn unsupported(why: &str) -> TransformError {
    TransformError::Unsupported(why.to_string())
}

/// Whether a 0-d cell can hold values of type `ty`: integers, floats, and fixed-size
/// vectors of them (`memref<vector<8xf32>>`, e.g. the accumulator of a vectorized
/// reduction).
fn cell_type(ir: &Ir, ty: Type) -> bool {
    let ctx = ir.ctx();
    let scalar = |t: Type| ctx.is_int_or_index(t) || ctx.is_float(t);
    match ctx.type_data(ty) {
        TypeData::Vector {
            scalable, element, ..
        } => !scalable.contains(&true) && scalar(*element),
        _ => scalar(ty),
    }
}

/// The op of the structured code (a child of an `affine.for`/`affine.if`/
/// `affine.parallel` body, or of `top`) that contains `op`.
fn anchor(ir: &Ir, op: Op, top: Block) -> Op {
    let mut a = op;
    loop {
        if ir.op_parent(a) == Some(top) {
            return a;
        }
        match ir.parent_op(a) {
            Some(p) if is_structured(ir, p) => return a,
            Some(p) => a = p,
            None => return a,
        }
    }
}

fn is_structured(ir: &Ir, op: Op) -> bool {
    ir.isa::<AffineFor>(op) || ir.isa::<AffineIf>(op) || ir.isa::<AffineParallel>(op)
}

/// Demotes the SSA values of `scop` that need it to 0-d cells (see the module docs).
pub fn demote(ir: &mut Ir, scop: &Scop) -> Result<Demotion, TransformError> {
    let mut first = scop.ops[0];
    let mut last = *scop.ops.last().expect("a SCoP has ops");
    let Some(top) = ir.op_parent(first) else {
        return Err(unsupported("the loop nest is detached"));
    };
    let mut scop_ops = scop.ops.clone();
    let (mut loops, mut reducing, mut values) = to_demote(ir, scop);
    let mut from_parallel: Vec<Op> = Vec::new();
    let demoting = !loops.is_empty() || !values.is_empty() || !reducing.is_empty();
    check_demotable(ir, scop, &values, &loops, &reducing)?;
    // Multi-dimensional `affine.parallel` ops become nests of one-dimensional ones
    // (whose reductions and private values the code below handles).
    if demoting {
        let multi: Vec<Op> = scop
            .ops
            .iter()
            .flat_map(|&o| ir.walk_ops(o, lattice_ir::WalkOrder::PreOrder))
            .filter(|&n| {
                ir.isa::<AffineParallel>(n)
                    && body_block(ir, n, 0).is_none_or(|b| ir.block_args(b).len() != 1)
            })
            .collect();
        for p in multi {
            let results = ir.results(p).to_vec();
            let Some(nest) = split_parallel(ir, p) else {
                return Err(unsupported(
                    "a multi-dimensional affine.parallel is malformed",
                ));
            };
            replace_op([&mut first, &mut last], &mut scop_ops, p, nest[0]);
            for v in values.iter_mut() {
                if let Some(k) = results.iter().position(|r| r == v) {
                    *v = ir.result(nest[0], k);
                }
            }
            if let Some(i) = reducing.iter().position(|&r| r == p) {
                reducing.splice(i..=i, nest);
            }
        }
    }
    let before_first = ir.prev_op(first);
    let after_last = ir.next_op(last);
    // Reductions of an `affine.parallel`: the loop becomes the sequential loop that
    // accumulates into iter_args ([`crate::reduction::REDUCTION_ATTR`] marks it, so it
    // is made parallel again where it is not rescheduled), whose values are demoted
    // below like any loop's.
    for p in reducing {
        let Some(l) = sequentialize(ir, p) else {
            // Those converted already become parallel again.
            crate::reduction::finish_block(ir, top);
            return Err(unsupported(
                "an affine.parallel's reductions cannot be modelled",
            ));
        };
        replace_op([&mut first, &mut last], &mut scop_ops, p, l);
        loops.push(l);
        from_parallel.push(l);
    }
    thread_nested_reductions(ir, &from_parallel);
    let mut cells: Vec<Op> = Vec::new();
    // Cells go before the region (each before the previous one, as `first` may be
    // rebuilt below).
    let cell_at = |cells: &Vec<Op>| cells.last().copied().unwrap_or(first);
    // Values crossing statements: store after the definition, load before other
    // statements' uses.
    for v in values {
        let at = cell_at(&cells);
        cells.push(demote_value(ir, scop, v, at, &loops, top));
    }
    // Carried values, outer loops first; a loop's accumulator threaded through an inner
    // loop shares its cell (see [`nested_accumulator`]).
    loops.sort_by_key(|&l| std::iter::successors(ir.parent_op(l), |&p| ir.parent_op(p)).count());
    let sharing: FxHashMap<(Op, usize), (Op, usize)> = loops
        .iter()
        .flat_map(|&l| (0..ir.results(l).len()).map(move |k| (l, k)))
        .filter_map(|(l, k)| Some(((l, k), nested_accumulator(ir, l, k, &loops)?)))
        .collect();
    let mut cell_of: FxHashMap<(Op, usize), Value> = FxHashMap::default();
    let mut shared_cells: Vec<Value> = Vec::new();
    for l in loops {
        let n = ir.results(l).len();
        let nops = ir.operands(l).len();
        let inits: Vec<Value> = ir.operands(l)[nops - n..].to_vec();
        let body = ir.entry_block(ir.region(l, 0)).expect("a loop body");
        let args: Vec<Value> = ir.block_args(body)[1..].to_vec();
        let results: Vec<Value> = ir.results(l).to_vec();
        let yield_op = ir.last_op(body).expect("a terminator");
        let mut kcells = Vec::new();
        for (k, &r) in results.iter().enumerate() {
            let cell = match sharing.get(&(l, k)).and_then(|o| cell_of.get(o)) {
                Some(&c) => {
                    shared_cells.push(c);
                    c
                }
                None => {
                    let c = new_cell(ir, ir.value_type(r), cell_at(&cells), ir.loc(l));
                    name_cell(ir, c, args.get(k).copied().unwrap_or(r));
                    let alloca = ir.defining_op(c).expect("alloca");
                    if from_parallel.contains(&l) {
                        let unit = ir.ctx().unit_attr();
                        ir.set_attr(alloca, crate::reduction::REDUCTION_ATTR, unit);
                    }
                    cells.push(alloca);
                    c
                }
            };
            cell_of.insert((l, k), cell);
            kcells.push(cell);
        }
        for k in 0..n {
            // Uses of the region argument.
            let uses: Vec<lattice_ir::Use> = ir.uses(args[k]).to_vec();
            let mut loads: FxHashMap<Op, Value> = FxHashMap::default();
            for u in uses {
                let a = anchor(ir, u.op, top);
                let x = match loads.get(&a) {
                    Some(&x) => x,
                    None => {
                        let x = load_before(ir, kcells[k], a);
                        loads.insert(a, x);
                        x
                    }
                };
                ir.set_operand(u.op, u.index as usize, x);
            }
        }
        for k in 0..n {
            // Init before the loop, the yielded value before the yield.
            let s = store(ir, inits[k], kcells[k], ir.loc(l));
            ir.insert_op_before(l, s);
            let y = ir.operand(yield_op, k);
            let s = store(ir, y, kcells[k], ir.loc(yield_op));
            ir.insert_op_before(yield_op, s);
        }
        for k in 0..n {
            // Uses of the result: inside the SCoP, a load before the using op; after it,
            // one load right after the loop.
            let uses: Vec<lattice_ir::Use> = ir.uses(results[k]).to_vec();
            let mut loads: FxHashMap<Op, Value> = FxHashMap::default();
            let mut outside: Option<Value> = None;
            for u in uses {
                let in_scop = scop_ops.iter().any(|&o| o != l && ir.is_ancestor(o, u.op));
                let x = if in_scop {
                    let a = anchor(ir, u.op, top);
                    match loads.get(&a) {
                        Some(&x) => x,
                        None => {
                            let x = load_before(ir, kcells[k], a);
                            loads.insert(a, x);
                            x
                        }
                    }
                } else {
                    match outside {
                        Some(x) => x,
                        None => {
                            let x = load_after(ir, kcells[k], l);
                            outside = Some(x);
                            x
                        }
                    }
                };
                ir.set_operand(u.op, u.index as usize, x);
            }
        }
        ir.set_operands(yield_op, Vec::new());
        rebuild_for(ir, l, &[], &[]);
    }
    for c in shared_cells {
        drop_self_copies(ir, c);
    }
    // The demoted region: from the first cell to the op before `after_last`.
    let range = ops_between(ir, top, before_first, after_last);
    Ok(Demotion { cells, range })
}

/// What `scop` needs demoted: the sequential loops that carry values between statements,
/// the `affine.parallel` ops that reduce, and the values crossing statements (those not
/// recomputed where used).
fn to_demote(ir: &Ir, scop: &Scop) -> (Vec<Op>, Vec<Op>, Vec<Value>) {
    let mut loops: Vec<Op> = Vec::new();
    let mut reducing: Vec<Op> = Vec::new();
    let mut values: Vec<Value> = Vec::new();
    for a in &scop.arrays {
        match a.kind {
            ArrayKind::Memref => {}
            ArrayKind::Value => {
                if !recomputable(ir, scop, a.value, 0) {
                    values.push(a.value)
                }
            }
            ArrayKind::Carried { loop_op, .. } => {
                if ir.isa::<AffineParallel>(loop_op) {
                    if !reducing.contains(&loop_op) {
                        reducing.push(loop_op)
                    }
                } else if !loops.contains(&loop_op) {
                    loops.push(loop_op)
                }
            }
        }
    }
    (loops, reducing, values)
}

/// Whether the values to demote fit in cells (integers, floats, vectors of them) and no
/// `affine.if` yields values.
fn check_demotable(
    ir: &Ir,
    scop: &Scop,
    values: &[Value],
    loops: &[Op],
    reducing: &[Op],
) -> Result<(), TransformError> {
    for &o in &scop.ops {
        for n in ir.walk_ops(o, lattice_ir::WalkOrder::PreOrder) {
            if ir.isa::<AffineIf>(n) && !ir.results(n).is_empty() {
                return Err(unsupported("an affine.if yields values"));
            }
        }
    }
    for &v in values {
        if !cell_type(ir, ir.value_type(v)) || ir.defining_op(v).is_none() {
            return Err(unsupported(
                "a value crossing statements is not an integer, a float or a vector of them",
            ));
        }
    }
    for &l in loops {
        if ir
            .results(l)
            .iter()
            .any(|&r| !cell_type(ir, ir.value_type(r)))
        {
            return Err(unsupported(
                "a loop carries a value that is not an integer, a float or a vector of them",
            ));
        }
    }
    for &r in reducing {
        if ir
            .results(r)
            .iter()
            .any(|&v| !cell_type(ir, ir.value_type(v)))
        {
            return Err(unsupported(
                "an affine.parallel reduces a value that is not an integer or a float",
            ));
        }
    }
    Ok(())
}

/// Demotes `v` to a new cell placed before `at`: a store after its definition, a load
/// before other statements' uses (one per anchor). Returns the cell's alloca.
fn demote_value(
    ir: &mut Ir,
    scop: &Scop,
    v: Value,
    at: Op,
    loops: &[Op],
    top: lattice_ir::Block,
) -> Op {
    let def = ir.defining_op(v).expect("checked");
    let cell = new_cell(ir, ir.value_type(v), at, ir.loc(def));
    name_cell(ir, cell, v);
    let st = store(ir, v, cell, ir.loc(def));
    ir.insert_op_after(def, st);
    let home = scop.statement_of(def);
    let uses: Vec<lattice_ir::Use> = ir.uses(v).to_vec();
    let mut loads: FxHashMap<Op, Value> = FxHashMap::default();
    for u in uses {
        if u.op == st || scop.statement_of(u.op) == home {
            continue;
        }
        // The init of a loop demoted below: its store goes right before the loop,
        // into the statement of the op before it.
        if loops.contains(&u.op)
            && u.index as usize >= ir.operands(u.op).len() - ir.results(u.op).len()
            && ir
                .prev_op(u.op)
                .is_some_and(|p| p == st || scop.statement_of(p) == home)
        {
            continue;
        }
        let a = anchor(ir, u.op, top);
        let x = match loads.get(&a) {
            Some(&x) => x,
            None => {
                let x = load_before(ir, cell, a);
                loads.insert(a, x);
                x
            }
        };
        ir.set_operand(u.op, u.index as usize, x);
    }
    ir.defining_op(cell).expect("alloca")
}

/// The ops of block `top` after `before` (from its first op when `None`) up to
/// `after` (excluded; to its end when `None`).
fn ops_between(ir: &Ir, top: lattice_ir::Block, before: Option<Op>, after: Option<Op>) -> Vec<Op> {
    let mut range = Vec::new();
    let mut cur = match before {
        Some(p) => ir.next_op(p),
        None => ir.first_op(top),
    };
    while let Some(o) = cur {
        if Some(o) == after {
            break;
        }
        range.push(o);
        cur = ir.next_op(o);
    }
    range
}

/// Points the bounds of the demoted region and its op list from `old` to `new`, which
/// replaced it.
fn replace_op(ends: [&mut Op; 2], ops: &mut [Op], old: Op, new: Op) {
    for o in ends.into_iter().chain(ops.iter_mut()) {
        if *o == old {
            *o = new;
        }
    }
}

/// The iter_arg of an enclosing loop among `loops` that iter_arg `k` of `l` continues:
/// `l`'s init is that loop's region argument (used only there) and `l`'s result is only
/// yielded at the same position. The value then lives in one cell through both loops
/// (the accumulator of a nested reduction), which spares the scheduler the copies in
/// and out of a second cell.
fn nested_accumulator(ir: &Ir, l: Op, k: usize, loops: &[Op]) -> Option<(Op, usize)> {
    let n = ir.results(l).len();
    let init = ir.operands(l)[ir.operands(l).len() - n + k];
    let lattice_ir::ValueDef::Argument { block, index } = ir.value_def(init) else {
        return None;
    };
    let outer = ir.block_parent_op(block)?;
    if index == 0 || !loops.contains(&outer) || ir.uses(init).len() != 1 {
        return None;
    }
    let [u] = ir.uses(ir.result(l, k)) else {
        return None;
    };
    (ir.op_parent(l) == Some(block)
        && ir.last_op(block) == Some(u.op)
        && u.index as usize == index as usize - 1)
        .then_some((outer, index as usize - 1))
}

/// Threads the accumulators of nested reductions (the loops `seq` that [`sequentialize`]
/// made of `affine.parallel` reductions): where an outer loop of `seq` yields
/// `arg ⊕ r`, `arg` its own accumulator (used nowhere else) and `r` the same reduction
/// of a loop of `seq` it holds, started from the neutral element, the inner loop starts
/// from `arg` and its result is yielded directly. `arg ⊕ (e ⊕ x0 ⊕ x1 ..)` becomes
/// `arg ⊕ x0 ⊕ x1 ..`, equal up to reassociation (which the input's reductions allow);
/// the nest then accumulates into one cell ([`nested_accumulator`]) with one statement,
/// whose instances may be reordered among themselves (an n-D reduction tiled in every
/// dimension) instead of a second cell reset by every outer iteration.
fn thread_nested_reductions(ir: &mut Ir, seq: &[Op]) {
    for &outer in seq {
        let Some(body) = body_block(ir, outer, 0) else {
            continue;
        };
        let Some(yield_op) = ir.last_op(body) else {
            continue;
        };
        let args: Vec<Value> = ir.block_args(body)[1..].to_vec();
        for (k, &arg) in args.iter().enumerate() {
            let Some(combine) = ir.defining_op(ir.operand(yield_op, k)) else {
                continue;
            };
            let single = |v: Value| ir.uses(v).len() == 1;
            if ir.op_parent(combine) != Some(body)
                || ir.operands(combine).len() != 2
                || ir.operand(combine, 0) != arg
                || !single(arg)
                || !single(ir.result(combine, 0))
            {
                continue;
            }
            let r = ir.operand(combine, 1);
            let Some(inner) = ir.defining_op(r) else {
                continue;
            };
            if !seq.contains(&inner)
                || ir.op_parent(inner) != Some(body)
                || ir.result(inner, k) != r
                || !single(r)
            {
                continue;
            }
            // The inner loop combines with the same op and starts from a constant (the
            // neutral element `sequentialize` gave it).
            let (Some(inner_body), n) = (body_block(ir, inner, 0), ir.results(inner).len()) else {
                continue;
            };
            let same_kind = ir
                .last_op(inner_body)
                .and_then(|y| ir.defining_op(ir.operand(y, k)))
                .is_some_and(|c| ir.op_name(c) == ir.op_name(combine));
            let init_at = ir.operands(inner).len() - n + k;
            let init = ir.operand(inner, init_at);
            let constant = ir
                .defining_op(init)
                .filter(|&d| ir.isa::<arith::Constant>(d));
            if !same_kind || constant.is_none() {
                continue;
            }
            ir.set_operand(inner, init_at, arg);
            ir.replace_all_uses(ir.result(combine, 0), r);
            ir.erase_op(combine);
            if let Some(c) = constant.filter(|&c| ir.is_unused(ir.result(c, 0))) {
                ir.erase_op(c);
            }
        }
    }
}

/// Whether `to` follows `from` in their block and no op between them uses `cell`
/// (nested ops included).
pub(crate) fn untouched_between(ir: &Ir, from: Op, to: Op, cell: Value) -> bool {
    let mut cur = ir.next_op(from);
    while let Some(o) = cur {
        if o == to {
            return true;
        }
        if ir
            .walk_ops(o, lattice_ir::WalkOrder::PreOrder)
            .iter()
            .any(|&n| ir.operands(n).contains(&cell))
        {
            return false;
        }
        cur = ir.next_op(o);
    }
    false
}

/// Erases `v = load cell; store v, cell` pairs (in one block, nothing between them
/// touching the cell, `v` used once): what sharing a cell between nested loops leaves at
/// the inner loop's init and result (interleaved with other cells' where the loops
/// carry several values).
fn drop_self_copies(ir: &mut Ir, cell: Value) {
    let stores: Vec<Op> = ir
        .uses(cell)
        .iter()
        .filter(|u| u.index == 1 && ir.isa::<AffineStore>(u.op))
        .map(|u| u.op)
        .collect();
    for st in stores {
        let v = ir.operand(st, 0);
        let Some(load) = ir.defining_op(v) else {
            continue;
        };
        if is_load_of(ir, load, cell)
            && ir.uses(v).len() == 1
            && untouched_between(ir, load, st, cell)
        {
            ir.erase_op(st);
            ir.erase_op(load);
        }
    }
}

/// The SCoPs among `ops` (consecutive ops of one block), as extraction would find them.
pub fn scops_of(
    ir: &Ir,
    isl: &IslCtx,
    ops: &[Op],
    options: &crate::scop::ExtractOptions,
) -> Result<Vec<Scop>, TransformError> {
    let mut out = Vec::new();
    let mut run: Vec<Op> = Vec::new();
    let mut flush = |run: &mut Vec<Op>| -> Result<(), TransformError> {
        if run.is_empty() {
            return Ok(());
        }
        let taken = std::mem::take(run);
        isl.reset_operations();
        let scop = crate::scop::build_scop_with(ir, isl, &taken, options).map_err(|e| match e {
            crate::scop::ExtractError::Isl(e) => TransformError::Isl(e),
            e => TransformError::Unsupported(e.to_string()),
        })?;
        if !scop.statements.is_empty() {
            out.push(scop);
        }
        Ok(())
    };
    for &op in ops {
        if is_structured(ir, op) && check_candidate(ir, op).is_ok() {
            run.push(op);
        } else {
            flush(&mut run)?;
        }
    }
    flush(&mut run)?;
    Ok(out)
}

/// Gives `cell` the source SSA name of the scalar `value` it holds (`%acc`), so remarks
/// about its accesses name the scalar.
fn name_cell(ir: &mut Ir, cell: Value, value: Value) {
    if let Some(name) = ir.source_name(value).map(str::to_string) {
        ir.set_source_name(cell, &name);
    }
}

fn new_cell(ir: &mut Ir, element: Type, before: Op, loc: lattice_ir::Attr) -> Value {
    let ctx = ir.ctx_arc().clone();
    let ty = ctx.ty(TypeData::MemRef {
        shape: Vec::new(),
        element,
        layout: None,
        memory_space: None,
    });
    let mut st = OperationState::new(ctx.intern_str(memref::Alloca::NAME), loc);
    st.result_types = vec![ty];
    st.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[0, 0]),
    );
    let op = ir.create_op(st);
    ir.insert_op_before(before, op);
    ir.result(op, 0)
}

fn empty_map(ir: &Ir) -> lattice_ir::Attr {
    let ctx = ir.ctx();
    ctx.affine_map_attr(ctx.affine_map(0, 0, Vec::new()))
}

fn store(ir: &mut Ir, v: Value, cell: Value, loc: lattice_ir::Attr) -> Op {
    let ctx = ir.ctx_arc().clone();
    let mut st = OperationState::new(ctx.intern_str(AffineStore::NAME), loc);
    st.operands = vec![v, cell];
    st.add_attr(ctx.intern_str("map"), empty_map(ir));
    ir.create_op(st)
}

fn load(ir: &mut Ir, cell: Value, loc: lattice_ir::Attr) -> Op {
    let ctx = ir.ctx_arc().clone();
    let element = ctx.element_type(ir.value_type(cell));
    let mut st = OperationState::new(ctx.intern_str(AffineLoad::NAME), loc);
    st.operands = vec![cell];
    st.result_types = vec![element];
    st.add_attr(ctx.intern_str("map"), empty_map(ir));
    ir.create_op(st)
}

fn load_before(ir: &mut Ir, cell: Value, at: Op) -> Value {
    let l = load(ir, cell, ir.loc(at));
    ir.insert_op_before(at, l);
    ir.result(l, 0)
}

fn load_after(ir: &mut Ir, cell: Value, at: Op) -> Value {
    let l = load(ir, cell, ir.loc(at));
    ir.insert_op_after(at, l);
    ir.result(l, 0)
}

/// Replaces `old` (an `affine.for`) by a loop with the iter_args `keep` of `old` (their
/// region arguments and results carried over; the others must be unused) followed by new
/// ones initialized with `extra`; the yield keeps the operands of `keep` (the caller
/// appends the new ones). Returns the new loop.
fn rebuild_for(ir: &mut Ir, old: Op, keep: &[usize], extra: &[Value]) -> Op {
    let ctx = ir.ctx_arc().clone();
    let n = ir.results(old).len();
    let nops = ir.operands(old).len();
    let bounds: Vec<Value> = ir.operands(old)[..nops - n].to_vec();
    let inits: Vec<Value> = ir.operands(old)[nops - n..].to_vec();
    let mut st = OperationState::new(ctx.intern_str(AffineFor::NAME), ir.loc(old));
    st.operands = bounds.clone();
    st.operands.extend(keep.iter().map(|&k| inits[k]));
    st.operands.extend(extra.iter().copied());
    let old_results: Vec<Value> = ir.results(old).to_vec();
    st.result_types = keep
        .iter()
        .map(|&k| ir.value_type(old_results[k]))
        .chain(extra.iter().map(|&v| ir.value_type(v)))
        .collect();
    for a in ir.attrs(old) {
        st.attrs.push(*a);
    }
    let seg = lattice_affine::util::dense_array(&ctx, ir.attr(old, "operandSegmentSizes"))
        .unwrap_or_else(|| vec![0, bounds.len() as i64, 0]);
    st.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[
            seg[0] as i32,
            seg[1] as i32,
            (keep.len() + extra.len()) as i32,
        ]),
    );
    let old_body = ir.entry_block(ir.region(old, 0)).expect("a loop body");
    let old_args: Vec<Value> = ir.block_args(old_body).to_vec();
    let mut types = vec![ctx.index_type()];
    types.extend(st.result_types.iter().copied());
    let region = ir.create_region();
    let blk = ir.create_block(&types);
    ir.append_block(region, blk);
    st.regions.push(region);
    let new = ir.create_op(st);
    ir.insert_op_before(old, new);
    ir.splice_block_ops(old_body, blk);
    let new_args: Vec<Value> = ir.block_args(blk).to_vec();
    ir.replace_all_uses(old_args[0], new_args[0]);
    for (pos, &k) in keep.iter().enumerate() {
        ir.replace_all_uses(old_args[1 + k], new_args[1 + pos]);
        ir.replace_all_uses(old_results[k], ir.result(new, pos));
    }
    if let Some(y) = ir.last_op(blk) {
        let ops: Vec<Value> = keep.iter().map(|&k| ir.operand(y, k)).collect();
        ir.set_operands(y, ops);
    }
    ir.erase_op(old);
    new
}

/// Replaces `old` (an `affine.if`) by one with an extra result of type `ty` (an `else`
/// block is created if missing); the yields are left for the caller. Returns the new op.
fn rebuild_if(ir: &mut Ir, old: Op, ty: Type) -> Op {
    let ctx = ir.ctx_arc().clone();
    let mut st = OperationState::new(ctx.intern_str(AffineIf::NAME), ir.loc(old));
    st.operands = ir.operands(old).to_vec();
    let old_results: Vec<Value> = ir.results(old).to_vec();
    st.result_types = old_results.iter().map(|&r| ir.value_type(r)).collect();
    st.result_types.push(ty);
    for a in ir.attrs(old) {
        st.attrs.push(*a);
    }
    for k in 0..2 {
        let region = ir.create_region();
        let blk = ir.create_block(&[]);
        ir.append_block(region, blk);
        match ir.regions(old).get(k).and_then(|&r| ir.entry_block(r)) {
            Some(b) => ir.splice_block_ops(b, blk),
            None => {
                let y = ir.create_op(OperationState::new(
                    ctx.intern_str(AffineYield::NAME),
                    ir.loc(old),
                ));
                ir.append_op(blk, y);
            }
        }
        st.regions.push(region);
    }
    let new = ir.create_op(st);
    ir.insert_op_before(old, new);
    for (k, &r) in old_results.iter().enumerate() {
        ir.replace_all_uses(r, ir.result(new, k));
    }
    ir.erase_op(old);
    new
}

/// The ops touching `cell` (its loads and stores) and their ancestors.
struct CellInfo {
    cell: Value,
    /// Ops containing a load or store of the cell (the accesses included).
    touching: FxHashSet<Op>,
    /// Ops containing a store of the cell.
    storing: FxHashSet<Op>,
}

fn cell_info(ir: &Ir, alloca: Op) -> Option<CellInfo> {
    let cell = ir.result(alloca, 0);
    let top = ir.op_parent(alloca)?;
    let mut touching = FxHashSet::default();
    let mut storing = FxHashSet::default();
    for u in ir.uses(cell) {
        let is_load = ir.isa::<AffineLoad>(u.op) && u.index == 0;
        let is_store = ir.isa::<AffineStore>(u.op) && u.index == 1;
        if !is_load && !is_store {
            return None;
        }
        let mut a = Some(u.op);
        while let Some(o) = a {
            touching.insert(o);
            if is_store {
                storing.insert(o);
            }
            if ir.op_parent(o) == Some(top) {
                break;
            }
            a = ir.parent_op(o);
        }
        a?;
    }
    Some(CellInfo {
        cell,
        touching,
        storing,
    })
}

fn is_load_of(ir: &Ir, op: Op, cell: Value) -> bool {
    ir.isa::<AffineLoad>(op) && ir.operand(op, 0) == cell
}

fn is_store_of(ir: &Ir, op: Op, cell: Value) -> bool {
    ir.isa::<AffineStore>(op) && ir.operands(op).get(1) == Some(&cell)
}

fn body_block(ir: &Ir, op: Op, k: usize) -> Option<Block> {
    ir.regions(op).get(k).and_then(|&r| ir.entry_block(r))
}

/// Whether the walk of `ops` succeeds from state `lost` (the cell's value is private to
/// the iterations of an `affine.parallel` that ended): no load while the value is lost,
/// no access inside an op with regions other than affine loops and conditionals.
/// Returns the state after.
fn check_ops(ir: &Ir, info: &CellInfo, ops: &[Op], lost: bool) -> Result<bool, ()> {
    let mut lost = lost;
    for &op in ops {
        if !info.touching.contains(&op) {
            continue;
        }
        if is_load_of(ir, op, info.cell) {
            if lost {
                return Err(());
            }
        } else if is_store_of(ir, op, info.cell) {
            lost = false;
        } else if is_affine_loop(ir, op) {
            let body: Vec<Op> = body_block(ir, op, 0)
                .map(|b| ir.block_ops(b).collect())
                .unwrap_or_default();
            let stores = info.storing.contains(&op);
            let end = check_ops(ir, info, &body, lost)?;
            if !stores {
                continue;
            }
            if ir.isa::<AffineParallel>(op) {
                lost = true;
            } else {
                if end != lost {
                    // Later iterations start from the state the previous one ended in.
                    check_ops(ir, info, &body, end)?;
                }
                lost = lost || end;
            }
        } else if ir.isa::<AffineIf>(op) {
            let mut after = false;
            for k in 0..2 {
                let ops: Vec<Op> = body_block(ir, op, k)
                    .map(|b| ir.block_ops(b).collect())
                    .unwrap_or_default();
                after |= check_ops(ir, info, &ops, lost)?;
            }
            lost = after;
        } else {
            return Err(());
        }
    }
    Ok(lost)
}

fn ops_after(ir: &Ir, alloca: Op) -> Vec<Op> {
    match ir.op_parent(alloca) {
        Some(top) => ir
            .block_ops(top)
            .skip_while(|&o| o != alloca)
            .skip(1)
            .collect(),
        None => Vec::new(),
    }
}

/// Whether [`promote`] would promote the cell of `alloca` without sequentializing.
pub fn promotable(ir: &Ir, alloca: Op) -> bool {
    let Some(info) = cell_info(ir, alloca) else {
        return false;
    };
    check_ops(ir, &info, &ops_after(ir, alloca), false).is_ok()
}

/// What the walk knows about the cell's value.
#[derive(Clone, Copy)]
enum State {
    /// Nothing stored yet (a load cannot happen: every read has a write before it).
    Unset,
    /// The value last stored.
    Value(Value),
    /// Stored in the iterations of an `affine.parallel` (private to them).
    Lost,
}

struct Promoter {
    cell: Value,
    ty: Type,
    touching: FxHashSet<Op>,
    storing: FxHashSet<Op>,
    /// Loops given an iter_arg: (loop, position of the iter_arg).
    added: Vec<(Op, usize)>,
    placeholders: Vec<Op>,
    /// Placeholders standing for dropped iter_args while loops are rebuilt.
    dead_placeholders: Vec<Value>,
}

impl Promoter {
    fn placeholder(&mut self, ir: &mut Ir, at: Op) -> Value {
        let ctx = ir.ctx_arc().clone();
        let element = ctx.element_type(self.ty);
        let mut value = if ctx.is_float(element) {
            ctx.attr(AttrData::Float {
                bits: 0,
                ty: element,
            })
        } else {
            ctx.int_attr(0, element)
        };
        if ctx.is_vector(self.ty) {
            value = ctx.attr(AttrData::DenseElements {
                ty: self.ty,
                values: vec![value],
            });
        }
        let mut st = OperationState::new(ctx.intern_str(arith::Constant::NAME), ir.loc(at));
        st.result_types = vec![self.ty];
        st.add_attr(ctx.intern_str("value"), value);
        let c = ir.create_op(st);
        ir.insert_op_before(at, c);
        self.placeholders.push(c);
        ir.result(c, 0)
    }

    fn value(&mut self, ir: &mut Ir, state: State, at: Op) -> Value {
        match state {
            State::Value(v) => v,
            State::Unset | State::Lost => self.placeholder(ir, at),
        }
    }

    fn walk(&mut self, ir: &mut Ir, block: Block, state: State) -> State {
        let ops: Vec<Op> = ir.block_ops(block).collect();
        self.walk_ops(ir, ops, state)
    }

    fn walk_ops(&mut self, ir: &mut Ir, ops: Vec<Op>, state: State) -> State {
        let mut state = state;
        for op in ops {
            if !self.touching.contains(&op) {
                continue;
            }
            if is_load_of(ir, op, self.cell) {
                let v = self.value(ir, state, op);
                ir.replace_all_uses(ir.result(op, 0), v);
                ir.erase_op(op);
            } else if is_store_of(ir, op, self.cell) {
                state = State::Value(ir.operand(op, 0));
                ir.erase_op(op);
            } else if ir.isa::<AffineFor>(op) && self.storing.contains(&op) {
                let init = self.value(ir, state, op);
                let n = ir.results(op).len();
                let keep: Vec<usize> = (0..n).collect();
                let new = rebuild_for(ir, op, &keep, &[init]);
                let body = body_block(ir, new, 0).expect("a loop body");
                let arg = ir.block_args(body)[1 + n];
                let end = self.walk(ir, body, State::Value(arg));
                let y = ir.last_op(body).expect("a yield");
                let end = self.value(ir, end, y);
                let mut ops = ir.operands(y).to_vec();
                ops.push(end);
                ir.set_operands(y, ops);
                self.added.push((new, n));
                state = State::Value(ir.result(new, n));
            } else if ir.isa::<AffineParallel>(op) && self.storing.contains(&op) {
                // Each iteration works on its own copy.
                if let Some(b) = body_block(ir, op, 0) {
                    self.walk(ir, b, state);
                }
                state = State::Lost;
            } else if ir.isa::<AffineIf>(op) && self.storing.contains(&op) {
                let new = rebuild_if(ir, op, self.ty);
                let n = ir.results(new).len() - 1;
                for k in 0..2 {
                    let b = body_block(ir, new, k).expect("a branch");
                    let end = self.walk(ir, b, state);
                    let y = ir.last_op(b).expect("a yield");
                    let end = self.value(ir, end, y);
                    let mut ops = ir.operands(y).to_vec();
                    ops.push(end);
                    ir.set_operands(y, ops);
                }
                state = State::Value(ir.result(new, n));
            } else {
                // A loop, parallel loop or conditional that only loads.
                for k in 0..ir.regions(op).len() {
                    if let Some(b) = body_block(ir, op, k) {
                        self.walk(ir, b, state);
                    }
                }
            }
        }
        state
    }

    /// Removes the iter_args added by the walk whose value nobody needs: needed are
    /// those whose region argument or result has a use other than feeding another
    /// added iter_arg (as its init or yielded value), and those feeding a needed one.
    fn drop_unneeded(&mut self, ir: &mut Ir) {
        let slots: Vec<(Op, usize, Value, Value, Value, Value)> = self
            .added
            .iter()
            .map(|&(l, k)| {
                let body = body_block(ir, l, 0).expect("a loop body");
                let arg = ir.block_args(body)[1 + k];
                let res = ir.result(l, k);
                let nops = ir.operands(l).len();
                let n = ir.results(l).len();
                let init = ir.operands(l)[nops - n + k];
                let y = ir.last_op(body).expect("a yield");
                (l, k, arg, res, init, ir.operand(y, k))
            })
            .collect();
        // A use of `v` that only feeds added slot `j`: as its init or its yielded value.
        let feeds = |ir: &Ir, u: &lattice_ir::Use| -> Option<usize> {
            slots.iter().position(|&(l, k, ..)| {
                let body = body_block(ir, l, 0).expect("a loop body");
                let n = ir.results(l).len();
                let nops = ir.operands(l).len();
                (u.op == l && u.index as usize == nops - n + k)
                    || (Some(u.op) == ir.last_op(body) && u.index as usize == k)
            })
        };
        let mut needed = vec![false; slots.len()];
        let mut edges: Vec<Vec<usize>> = vec![Vec::new(); slots.len()];
        for (i, &(_, _, arg, res, ..)) in slots.iter().enumerate() {
            for v in [arg, res] {
                for u in ir.uses(v) {
                    match feeds(ir, u) {
                        // `v` flows into slot j: if j is needed, so is i.
                        Some(j) if j != i || v == arg => edges[j].push(i),
                        Some(_) => {}
                        None => needed[i] = true,
                    }
                }
            }
        }
        let mut stack: Vec<usize> = (0..slots.len()).filter(|&i| needed[i]).collect();
        while let Some(j) = stack.pop() {
            for &i in &edges[j] {
                if !needed[i] {
                    needed[i] = true;
                    stack.push(i);
                }
            }
        }
        let mut drop: FxHashMap<Op, Vec<usize>> = FxHashMap::default();
        for (i, &(l, k, arg, res, ..)) in slots.iter().enumerate() {
            if needed[i] {
                continue;
            }
            let ph = ir.create_placeholder(self.ty);
            ir.replace_all_uses(arg, ph);
            let ph2 = ir.create_placeholder(self.ty);
            ir.replace_all_uses(res, ph2);
            drop.entry(l).or_default().push(k);
            self.dead_placeholders.push(ph);
            self.dead_placeholders.push(ph2);
        }
        for (l, ks) in drop {
            let n = ir.results(l).len();
            let keep: Vec<usize> = (0..n).filter(|j| !ks.contains(j)).collect();
            rebuild_for(ir, l, &keep, &[]);
        }
        for ph in std::mem::take(&mut self.dead_placeholders) {
            debug_assert!(ir.is_unused(ph));
            ir.erase_placeholder(ph);
        }
    }
}

/// Promotes the cell of `alloca` (made by [`demote`]) back to SSA values. Where a load
/// would read a value stored in the iterations of an `affine.parallel` (which each work
/// on a private copy once promoted), those parallel loops become sequential first (the
/// shared cell is exact for sequential code). Returns how many loops were
/// sequentialized, or `None` when the cell stays in memory (an access the walk does not
/// handle; no `affine.parallel` stores it then, so memory is exact).
pub fn promote(ir: &mut Ir, alloca: Op) -> Option<usize> {
    let info = cell_info(ir, alloca)?;
    let mut sequentialized = 0;
    if check_ops(ir, &info, &ops_after(ir, alloca), false).is_err() {
        let parallel: Vec<Op> = info
            .storing
            .iter()
            .copied()
            .filter(|&o| ir.isa::<AffineParallel>(o))
            .collect();
        for p in parallel {
            if sequentialize_parallel(ir, p) {
                sequentialized += 1;
            }
        }
        if !promotable(ir, alloca) {
            return None;
        }
    }
    let info = cell_info(ir, alloca)?;
    let mut p = Promoter {
        cell: info.cell,
        ty: ir.ctx().element_type(ir.value_type(info.cell)),
        touching: info.touching,
        storing: info.storing,
        added: Vec::new(),
        placeholders: Vec::new(),
        dead_placeholders: Vec::new(),
    };
    p.walk_ops(ir, ops_after(ir, alloca), State::Unset);
    p.drop_unneeded(ir);
    for c in std::mem::take(&mut p.placeholders) {
        if ir.contains_op(c) && ir.is_unused(ir.result(c, 0)) {
            ir.erase_op(c);
        }
    }
    if ir.is_unused(info.cell) {
        ir.erase_op(alloca);
    }
    Some(sequentialized)
}

/// The arrays of `scop` that stand for the cells of `demotion` (indices into
/// [`Scop::arrays`]).
pub fn cell_arrays(ir: &Ir, scop: &Scop, cells: &[Op]) -> Vec<usize> {
    let values: Vec<Value> = cells.iter().map(|&c| ir.result(c, 0)).collect();
    scop.arrays
        .iter()
        .enumerate()
        .filter(|(_, a)| a.kind == ArrayKind::Memref && values.contains(&a.value))
        .map(|(k, _)| k)
        .collect()
}

/// Checks a new schedule (`schedule`: instances → time) against the scalar cells
/// `private`, whose anti and output dependences the scheduler ignored: every read of a
/// cell must still get its value from the same write as in program order, and reads
/// with no write before them must still have none. Accumulations `free` may run in any
/// order among themselves (reduction-aware): they count as may-writes, so a read's
/// sources are the last plain write and every accumulation since, and the flow between
/// two of them is not compared. Every live range of a cell starts with a plain write
/// (demotion stores the init), so an accumulation moved into another live range, or
/// past a read, or a plain write moved among them, still changes some read's sources.
/// A cell read after the SCoP ([`live_out`], e.g. the value a loop's `iter_args` leave)
/// must also end with the same writes: its last writes in program order must stay the
/// last ones (no read in the SCoP protects them). Returns the first cell for which this
/// fails, described.
pub fn private_violation(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    private: &[usize],
    free: &crate::reduction::Accumulations,
    schedule: &UnionMap,
) -> Result<Option<String>, IslError> {
    let empty = format!("{}{{ }}", scop.param_prefix());
    for &array in private {
        // Accumulations that may be reordered among themselves count as may-writes, and
        // the flow between two of them is left out of the comparison.
        let commuting = free.pairs(isl, scop, Some(array))?;
        let mut reads = isl.union_map(&empty)?;
        let mut must = isl.union_map(&empty)?;
        let mut may = isl.union_map(&empty)?;
        for (s, st) in scop.statements.iter().enumerate() {
            for (k, a) in st.accesses.iter().enumerate() {
                if a.array != array {
                    continue;
                }
                // Reads as flow sinks: without what their own instance wrote before.
                let r = match a.kind {
                    AccessKind::Read => scop.exposed_read(isl, s, k)?,
                    _ => isl.check(a.relation.copy())?,
                };
                let r = isl.check(r.intersect_domain(isl.check(st.domain.copy())?))?;
                let r = isl.check(UnionMap::from_map(r))?;
                match a.kind {
                    AccessKind::Read => reads = isl.check(reads.union(r))?,
                    AccessKind::Write if a.exact && !free.accumulates(array, s) => {
                        must = isl.check(must.union(r))?
                    }
                    _ => may = isl.check(may.union(r))?,
                }
            }
        }
        let info = |reads: &UnionMap| -> Result<UnionAccessInfo, IslError> {
            let info = isl.check(UnionAccessInfo::from_sink(isl.check(reads.copy())?))?;
            let info = isl.check(info.set_must_source(isl.check(must.copy())?))?;
            isl.check(info.set_may_source(isl.check(may.copy())?))
        };
        let before = isl.check(
            info(&reads)?
                .set_schedule(isl.check(scop.schedule.copy())?)
                .and_then(|i| i.compute_flow()),
        )?;
        let after = isl.check(
            info(&reads)?
                .set_schedule_map(isl.check(schedule.copy())?)
                .and_then(|i| i.compute_flow()),
        )?;
        let flow = |f: &isl_rs::UnionFlow| -> Result<UnionMap, IslError> {
            let d = isl.check(f.get_may_dependence())?;
            isl.check(d.subtract(isl.check(commuting.copy())?))
        };
        let same_flow = isl.check(flow(&before)?.is_equal(&flow(&after)?))?;
        let same_none = isl.check(
            isl.check(before.get_may_no_source())?
                .is_equal(&isl.check(after.get_may_no_source())?),
        )?;
        if !(same_flow && same_none) {
            let a = &scop.arrays[array];
            return Ok(Some(format!(
                "through {} ({}, a loop-carried value or a value crossing statements): a read would get its value from another write than in program order",
                a.name,
                cell_origin(ir, a.value)
            )));
        }
        // A cell read after the SCoP (or by an op no statement models) ends with the
        // value of its last writes: they must stay the last ones.
        let same_last = !live_out(ir, scop, array) || {
            let all = isl.check(isl.check(must.copy())?.union(isl.check(may.copy())?))?;
            let writes = isl.check(all.domain())?;
            let musts = isl.check(must.domain())?;
            let program = isl.check(scop.schedule.get_map())?;
            let before = last_writes(isl, &program, &writes, &musts)?;
            let after = last_writes(isl, schedule, &writes, &musts)?;
            isl.check(before.is_equal(&after))?
        };
        if !same_last {
            let a = &scop.arrays[array];
            return Ok(Some(format!(
                "through {} ({}, a value read after the loop nest): its last value would come from another write than in program order",
                a.name,
                cell_origin(ir, a.value)
            )));
        }
    }
    Ok(None)
}

/// Where the value a cell holds comes from, for a message.
fn cell_origin(ir: &Ir, cell: Value) -> String {
    let name = ir
        .source_name(cell)
        .map(|n| format!(" {n}"))
        .unwrap_or_default();
    ir.defining_op(cell)
        .and_then(|c| lattice_ir::diag::first_file_line_col(ir.ctx(), ir.loc(c)))
        .map(|(_, l, c)| format!("the scalar{name} defined at {l}:{c}"))
        .unwrap_or_else(|| value_label(ir, cell))
}

/// Whether cell `array` of `scop` is read by an op no statement of `scop` models: a load
/// after the SCoP (the value a loop's `iter_args` leave, or one a later SCoP reads), or
/// one whose value nothing in the SCoP stores. Such a read sees the cell's last value,
/// which no dependence of the SCoP protects.
pub fn live_out(ir: &Ir, scop: &Scop, array: usize) -> bool {
    let cell = scop.arrays[array].value;
    ir.uses(cell)
        .iter()
        .any(|u| ir.isa::<AffineLoad>(u.op) && u.index == 0 && scop.statement_of(u.op).is_none())
}

/// The instances of `scop` whose writes of cell `array` are the last ones in program
/// order (see [`last_writes`]; inexact writes may be followed by others).
pub fn last_writes_in_program_order(
    isl: &IslCtx,
    scop: &Scop,
    array: usize,
) -> Result<UnionSet, IslError> {
    let empty = format!("{}{{ }}", scop.param_prefix());
    let mut writes = isl.union_set(&empty)?;
    let mut musts = isl.union_set(&empty)?;
    for st in &scop.statements {
        for a in st.accesses.iter().filter(|a| a.array == array) {
            if a.kind == AccessKind::Read {
                continue;
            }
            let d = isl.check(UnionSet::from_set(isl.check(st.domain.copy())?))?;
            writes = isl.check(writes.union(isl.check(d.copy())?))?;
            if a.exact && a.kind == AccessKind::Write {
                musts = isl.check(musts.union(d))?;
            }
        }
    }
    let program = isl.check(scop.schedule.get_map())?;
    last_writes(isl, &program, &writes, &musts)
}

/// The writes among `writes` (instances) after which `schedule` runs no write of
/// `musts` (the exact writes, a subset): the writes whose values a read after all of
/// them can see.
fn last_writes(
    isl: &IslCtx,
    schedule: &UnionMap,
    writes: &UnionSet,
    musts: &UnionSet,
) -> Result<UnionSet, IslError> {
    let of = |set: &UnionSet| -> Result<UnionMap, IslError> {
        isl.check(
            isl.check(schedule.copy())?
                .intersect_domain(isl.check(set.copy())?),
        )
    };
    let overwritten = isl.check(of(writes)?.lex_lt_union_map(of(musts)?))?;
    let overwritten = isl.check(overwritten.domain())?;
    isl.check(isl.check(writes.copy())?.subtract(overwritten))
}

/// Replaces the multi-dimensional `affine.parallel` `op` by the equivalent nest of
/// one-dimensional ones, outermost first (dimension `d`'s loop has the bounds of group
/// `d` of each bounds map, over all the bound operands, and `op`'s step): each loop
/// reduces with `op`'s reductions, an outer one combining the results of the loop it
/// holds (the same combination over all iterations up to reassociation, which an
/// `affine.parallel` reduction allows anyway). Returns the nest's loops, outermost
/// first; `None` (and `op` unchanged) when its attributes are malformed.
pub(crate) fn split_parallel(ir: &mut Ir, op: Op) -> Option<Vec<Op>> {
    let ctx = ir.ctx_arc().clone();
    let util = |name: &str| lattice_affine::util::dense_elements(&ctx, ir.attr(op, name));
    let (lbg, ubg) = (util("lowerBoundsGroups")?, util("upperBoundsGroups")?);
    let lb = lattice_affine::util::map_attr(ir, op, AffineParallel::LOWER_BOUNDS_MAP)?;
    let ub = lattice_affine::util::map_attr(ir, op, AffineParallel::UPPER_BOUNDS_MAP)?;
    let steps = lattice_affine::util::int_array(&ctx, ir.attr(op, AffineParallel::STEPS))?;
    let body = body_block(ir, op, 0)?;
    let n = ir.block_args(body).len();
    if n < 2 || lbg.len() != n || ubg.len() != n || steps.len() != n {
        return None;
    }
    let (lbd, ubd) = (ctx.map_data(lb).clone(), ctx.map_data(ub).clone());
    let lbr = lattice_affine::util::group_ranges(&lbg, lbd.results.len())?;
    let ubr = lattice_affine::util::group_ranges(&ubg, ubd.results.len())?;
    let operands = ir.operands(op).to_vec();
    let types: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    let reductions = ir.attr(op, AffineParallel::REDUCTIONS);
    let mut nest: Vec<Op> = Vec::new();
    let mut blocks: Vec<Block> = Vec::new();
    for d in 0..n {
        let map = |data: &lattice_ir::affine::AffineMapData, r: &std::ops::Range<usize>| {
            let m = ctx.affine_map(
                data.num_dims,
                data.num_symbols,
                data.results[r.clone()].to_vec(),
            );
            ctx.affine_map_attr(m)
        };
        let mut st = OperationState::new(ctx.intern_str(AffineParallel::NAME), ir.loc(op));
        st.operands = operands.clone();
        st.result_types = types.clone();
        st.add_attr(
            ctx.intern_str(AffineParallel::LOWER_BOUNDS_MAP),
            map(&lbd, &lbr[d]),
        );
        st.add_attr(
            ctx.intern_str(AffineParallel::UPPER_BOUNDS_MAP),
            map(&ubd, &ubr[d]),
        );
        st.add_attr(
            ctx.intern_str(AffineParallel::LOWER_BOUNDS_GROUPS),
            lattice_affine::util::i32_tensor_attr(&ctx, &[lbg[d]]),
        );
        st.add_attr(
            ctx.intern_str(AffineParallel::UPPER_BOUNDS_GROUPS),
            lattice_affine::util::i32_tensor_attr(&ctx, &[ubg[d]]),
        );
        st.add_attr(
            ctx.intern_str(AffineParallel::STEPS),
            ctx.array_attr(vec![ctx.i64_attr(steps[d])]),
        );
        if let Some(r) = reductions {
            st.add_attr(ctx.intern_str(AffineParallel::REDUCTIONS), r);
        }
        let region = ir.create_region();
        let blk = ir.create_block(&[ctx.index_type()]);
        ir.append_block(region, blk);
        st.regions.push(region);
        let new = ir.create_op(st);
        match blocks.last() {
            Some(&outer) => ir.append_op(outer, new),
            None => ir.insert_op_before(op, new),
        }
        if let Some(&outer) = blocks.last() {
            // The outer loop yields what the loop it holds reduced.
            let mut y = OperationState::new(ctx.intern_str(AffineYield::NAME), ir.loc(op));
            y.operands = ir.results(new).to_vec();
            let y = ir.create_op(y);
            ir.append_op(outer, y);
        }
        nest.push(new);
        blocks.push(blk);
    }
    let inner = *blocks.last().expect("n >= 2");
    ir.splice_block_ops(body, inner);
    for (d, &blk) in blocks.iter().enumerate() {
        let old = ir.block_args(body)[d];
        ir.replace_all_uses(old, ir.block_args(blk)[0]);
    }
    for (k, &r) in ir.results(op).to_vec().iter().enumerate() {
        ir.replace_all_uses(r, ir.result(nest[0], k));
    }
    ir.erase_op(op);
    Some(nest)
}

/// Replaces the `affine.parallel` `op` (one IV, no reductions, as code generation
/// makes them) by the equivalent `affine.for`; returns whether it did.
fn sequentialize_parallel(ir: &mut Ir, op: Op) -> bool {
    ir.results(op).is_empty() && sequentialize(ir, op).is_some()
}

/// Replaces the one-dimensional `affine.parallel` `op` by the equivalent `affine.for`
/// and returns it: reductions become `iter_args` starting from the neutral element, each
/// iteration combining its yielded value into them (one order among those the parallel
/// loop allows), the loop marked [`crate::reduction::REDUCTION_ATTR`] so that
/// [`crate::reduction::finish`] may make it parallel again.
pub(crate) fn sequentialize(ir: &mut Ir, op: Op) -> Option<Op> {
    let ctx = ir.ctx_arc().clone();
    let lb = lattice_affine::util::map_attr(ir, op, AffineParallel::LOWER_BOUNDS_MAP)?;
    let ub = lattice_affine::util::map_attr(ir, op, AffineParallel::UPPER_BOUNDS_MAP)?;
    let steps = lattice_affine::util::int_array(&ctx, ir.attr(op, AffineParallel::STEPS))?;
    let body = body_block(ir, op, 0)?;
    if steps.len() != 1 || ir.block_args(body).len() != 1 {
        return None;
    }
    let results: Vec<Value> = ir.results(op).to_vec();
    let kinds = match ir
        .attr(op, AffineParallel::REDUCTIONS)
        .map(|a| ctx.attr_data(a))
    {
        Some(AttrData::Array(a)) => a
            .iter()
            .map(|&k| ctx.int_value(k))
            .collect::<Option<Vec<_>>>()?,
        _ => Vec::new(),
    };
    if kinds.len() != results.len() {
        return None;
    }
    // Per reduction: its neutral element and combining op.
    let mut reductions = Vec::new();
    for (&k, &r) in kinds.iter().zip(&results) {
        let kind = i64::try_from(k).ok()?;
        let ty = ir.value_type(r);
        let (identity, combine) =
            lattice_affine::passes::lower_affine::reduction(&ctx, kind, ty).ok()?;
        reductions.push((identity, combine, ty));
    }
    let mut inits = Vec::new();
    for &(identity, _, ty) in &reductions {
        let mut st = OperationState::new(ctx.intern_str(arith::Constant::NAME), ir.loc(op));
        st.result_types = vec![ty];
        st.add_attr(ctx.intern_str("value"), identity);
        let c = ir.create_op(st);
        ir.insert_op_before(op, c);
        inits.push(ir.result(c, 0));
    }
    let nlb = ctx.map_num_inputs(lb);
    let bounds = ir.operands(op).to_vec();
    let mut st = OperationState::new(ctx.intern_str(AffineFor::NAME), ir.loc(op));
    st.operands = bounds
        .iter()
        .copied()
        .chain(inits.iter().copied())
        .collect();
    st.result_types = reductions.iter().map(|r| r.2).collect();
    st.add_attr(
        ctx.intern_str(AffineFor::LOWER_BOUND_MAP),
        ctx.affine_map_attr(lb),
    );
    st.add_attr(
        ctx.intern_str(AffineFor::UPPER_BOUND_MAP),
        ctx.affine_map_attr(ub),
    );
    st.add_attr(ctx.intern_str(AffineFor::STEP), ctx.index_attr(steps[0]));
    st.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[nlb as i32, (bounds.len() - nlb) as i32, inits.len() as i32]),
    );
    if !results.is_empty() {
        st.add_attr(
            ctx.intern_str(crate::reduction::REDUCTION_ATTR),
            ctx.unit_attr(),
        );
    }
    let mut types = vec![ctx.index_type()];
    types.extend(reductions.iter().map(|r| r.2));
    let region = ir.create_region();
    let blk = ir.create_block(&types);
    ir.append_block(region, blk);
    st.regions.push(region);
    let new = ir.create_op(st);
    ir.insert_op_before(op, new);
    ir.splice_block_ops(body, blk);
    let old_iv = ir.block_args(body)[0];
    ir.replace_all_uses(old_iv, ir.block_args(blk)[0]);
    if !results.is_empty() {
        // Each iteration combines its yielded value into the accumulators.
        let y = ir.last_op(blk)?;
        let mut next = Vec::new();
        for (k, &(_, combine, ty)) in reductions.iter().enumerate() {
            let mut st = OperationState::new(ctx.intern_str(combine), ir.loc(y));
            st.operands = vec![ir.block_args(blk)[1 + k], ir.operand(y, k)];
            st.result_types = vec![ty];
            let c = ir.create_op(st);
            ir.insert_op_before(y, c);
            next.push(ir.result(c, 0));
        }
        ir.set_operands(y, next);
        for (k, &r) in results.iter().enumerate() {
            ir.replace_all_uses(r, ir.result(new, k));
        }
    }
    ir.erase_op(op);
    Some(new)
}
