//! Transposing packs for `affine-register-tile`: an operand of a contraction nest
//! `o { u { r } }` that moves along the unit-stride loop `u` in a subscript other than its
//! last (syrk's `A[j][k]` under `i, j, k`: a gather per vector) is copied, before the row
//! loop `o`, into a buffer laid out `[r][u]` (the panel the nest reads: the reduction
//! loop's range times the union over the rows of the columns each row runs), and the
//! nest reads the buffer, where `u` moves the last subscript: the register tile then
//! vectorizes `u` with contiguous loads, as BLIS packs its B panel.
//!
//! When it pays (the model): a packed load must not use `o`'s iv, so each packed element
//! is read by every row of `o` (one copy, one strided load and one store per element,
//! against `o`'s trip count of register-tiled uses); `o` must run at least one register
//! tile of rows, by a constant bound on its trip count. The buffer's extents are
//! constant bounds on the ranges of `r` and of the union of `u`'s.
//!
//! Invariants: only loads of memrefs the nest does not write are packed, each into a
//! buffer of its own element type, copied by plain loads and stores (results stay
//! bit-identical); the copy reads exactly the elements the nest's rows read (the union
//! of `u`'s ranges: its bounds with `o`'s iv at the row where each is loosest), and runs
//! only when `o` runs at least once; the buffer is allocated before the outermost
//! `affine.for`/`affine.if` around the nest (inside an enclosing `affine.parallel`: one
//! buffer per iteration of it, so per thread) and freed after it. [`Packs::undo`]
//! restores the nest exactly.

use super::data_copy_generate::build_for;
use super::loop_unroll::results_over_dims;
use super::loop_unroll_jam::defined_inside;
use super::simplify_structures::ValueMap;
use crate::analysis::dependence::access;
use crate::ops::for_segments;
use crate::views::{AffineFor, AffineIf, AffineLoad, AffineStore, AffineYield};
use lattice_dialects::memref;
use lattice_ir::{AffineExpr, AffineMap, Attr, Ir, Op, OperationState, TypeData, Value};

/// What [`pack_transposed`] inserted and changed, to undo it.
pub(super) struct Packs {
    /// Ops inserted around the nest (buffers, their frees, the guarded copies).
    inserted: Vec<Op>,
    /// Each rewritten load with its operands and map before.
    loads: Vec<(Op, Vec<Value>, Attr)>,
}

impl Packs {
    /// Removes the buffers and copies and gives the loads back their memrefs.
    pub(super) fn undo(self, ir: &mut Ir) {
        for (op, operands, map) in self.loads {
            ir.set_operands(op, operands);
            ir.set_attr(op, AffineLoad::MAP, map);
        }
        for op in self.inserted.into_iter().rev() {
            ir.erase_op(op);
        }
    }
}

/// The nest's loops `o, u, r` (outermost first), their ivs, and the values the bound
/// expressions range over.
struct Nest {
    loops: [Op; 3],
    ivs: [Value; 3],
    vals: Vec<Value>,
}

/// A loop's lower and upper bounds as expressions over `vals` (values appended).
fn bounds(ir: &Ir, l: Op, vals: &mut Vec<Value>) -> Option<(Vec<AffineExpr>, Vec<AffineExpr>)> {
    let segs = for_segments(ir, l)?;
    let lbm = crate::util::map_attr(ir, l, AffineFor::LOWER_BOUND_MAP)?;
    let ubm = crate::util::map_attr(ir, l, AffineFor::UPPER_BOUND_MAP)?;
    let ops = ir.operands(l);
    let lbs = results_over_dims(ir.ctx(), lbm, &ops[segs[0].clone()], vals);
    let ubs = results_over_dims(ir.ctx(), ubm, &ops[segs[1].clone()], vals);
    Some((lbs, ubs))
}

/// The smallest constant among `ub - lb` over the upper bounds `ubs` (over `n` dims).
fn extent(ir: &Ir, lb: AffineExpr, ubs: &[AffineExpr], n: u32) -> Option<i64> {
    let ctx = ir.ctx();
    ubs.iter()
        .filter_map(|&u| ctx.constant_value(ctx.simplify_affine_expr(ctx.sub_expr(u, lb), n, 0)))
        .min()
}

/// `es` with dim `row` (`o`'s iv) replaced where each bound is loosest over the rows
/// `lo .. hi - 1` (`lo`, `hi`: `o`'s lower and upper bounds, max and min of their
/// terms): a lower bound is smallest at the lowest row when it grows with `o`, an upper
/// bound largest at the highest. `None` when a bound is not linear in `o` or the moving
/// bounds of one side move in opposite directions.
fn loosest(
    ir: &Ir,
    es: &[AffineExpr],
    row: usize,
    n: u32,
    lower: bool,
    (lo, hi): (&[AffineExpr], &[AffineExpr]),
) -> Option<Vec<AffineExpr>> {
    let ctx = ir.ctx();
    let one = ctx.constant_expr(1);
    let highest: Vec<AffineExpr> = hi.iter().map(|&h| ctx.sub_expr(h, one)).collect();
    let mut sign = 0;
    let mut out = Vec::new();
    for &e in es {
        let (coefs, locals) = ctx.flatten_expr(e, n, 0)?;
        if locals.iter().any(|&l| ctx.expr_uses_dim(l, row as u32)) {
            return None;
        }
        let c = coefs[row].signum();
        if c == 0 {
            out.push(e);
            continue;
        }
        if sign != 0 && sign != c {
            return None;
        }
        sign = c;
        // Each term of `o`'s tightest bound gives a candidate; over the max (min) of them
        // a growing lower bound is their max, a growing upper bound their min, which the
        // loop's max (min) of its terms computes.
        let at = if (c > 0) == lower { lo } else { &highest };
        for &v in at {
            let mut dims: Vec<AffineExpr> = (0..n).map(|k| ctx.dim_expr(k)).collect();
            dims[row] = v;
            out.push(ctx.replace_dims_and_symbols(e, &dims, &[]));
        }
    }
    Some(out)
}

/// The loads of the innermost body to pack: loads of memrefs no store of the body
/// writes, whose subscripts use `u`'s iv in a dimension other than the last, not `o`'s
/// iv, and otherwise only `r`'s iv and values from outside the nest.
fn candidates(ir: &Ir, nest: &Nest) -> Vec<Op> {
    let [o, u, r] = nest.ivs;
    let (_, rb) = match super::register_tile::loop_body(ir, nest.loops[2]) {
        Some(b) => b,
        None => return Vec::new(),
    };
    let accesses: Vec<_> = ir.block_ops(rb).filter_map(|op| access(ir, op)).collect();
    let ctx = ir.ctx();
    accesses
        .iter()
        .filter(|a| {
            if a.is_write || accesses.iter().any(|w| w.is_write && w.memref == a.memref) {
                return false;
            }
            let outside = a
                .indices
                .iter()
                .all(|&v| v == u || v == r || v != o && !defined_inside(ir, v, nest.loops[0]));
            let strided = ctx
                .map_results(a.map)
                .split_last()
                .is_some_and(|(_, rest)| {
                    rest.iter()
                        .any(|&e| super::register_tile::subscript_uses(ctx, a, e, u))
                });
            outside && strided && ir.isa::<AffineLoad>(a.op)
        })
        .map(|a| a.op)
        .collect()
}

/// The panel: lower bounds and constant extents of `r` and of the union of `u`'s ranges,
/// and the guard's constraints (`o` runs: each upper term minus each lower term >= 1,
/// those not constant).
struct Panel {
    r_lb: AffineExpr,
    r_ubs: Vec<AffineExpr>,
    u_lbs: Vec<AffineExpr>,
    u_ubs: Vec<AffineExpr>,
    extents: [i64; 2],
    guard: Vec<AffineExpr>,
}

fn panel(ir: &Ir, nest: &mut Nest, rows: i64) -> Result<Panel, PackDeclined> {
    let [g, p, l] = nest.loops;
    let malformed = PackDeclined::MalformedBounds;
    let (o_lbs, o_ubs) = bounds(ir, g, &mut nest.vals).ok_or(malformed)?;
    let (u_lbs, u_ubs) = bounds(ir, p, &mut nest.vals).ok_or(malformed)?;
    let (r_lbs, r_ubs) = bounds(ir, l, &mut nest.vals).ok_or(malformed)?;
    let n = nest.vals.len() as u32;
    let (u_lbs, u_ubs) = match nest.vals.iter().position(|&v| v == nest.ivs[0]) {
        Some(row) => (
            loosest(ir, &u_lbs, row, n, true, (&o_lbs, &o_ubs)),
            loosest(ir, &u_ubs, row, n, false, (&o_lbs, &o_ubs)),
        ),
        None => (Some(u_lbs), Some(u_ubs)),
    };
    let (Some(u_lbs), Some(u_ubs)) = (u_lbs, u_ubs) else {
        return Err(PackDeclined::NonlinearColumns);
    };
    let ([r_lb], [u_lb]) = (r_lbs.as_slice(), u_lbs.as_slice()) else {
        return Err(PackDeclined::MaxLowerBound);
    };
    let extents = [extent(ir, *r_lb, &r_ubs, n), extent(ir, *u_lb, &u_ubs, n)];
    let [Some(re), Some(ue)] = extents else {
        return Err(PackDeclined::NoConstantExtent);
    };
    if re <= 0 || ue <= 0 {
        return Err(PackDeclined::Empty);
    }
    let rows_run = o_lbs.iter().filter_map(|&l| extent(ir, l, &o_ubs, n)).min();
    if rows_run.is_none_or(|t| t < rows) {
        return Err(PackDeclined::TooFewRows);
    }
    let ctx = ir.ctx();
    let one = ctx.constant_expr(1);
    let mut guard = Vec::new();
    for (&l, &h) in o_lbs.iter().flat_map(|l| o_ubs.iter().map(move |h| (l, h))) {
        let e = ctx.simplify_affine_expr(ctx.sub_expr(ctx.sub_expr(h, l), one), n, 0);
        match ctx.constant_value(e) {
            Some(c) if c < 0 => return Err(PackDeclined::RowsNeverRun),
            Some(_) => {}
            None => guard.push(e),
        }
    }
    Ok(Panel {
        r_lb: *r_lb,
        r_ubs,
        u_lbs,
        u_ubs,
        extents: [re, ue],
        guard,
    })
}

/// Why no operand of a nest is packed (part of the register tile's remark).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(super) enum PackDeclined {
    #[error("a loop has no body")]
    NoBody,
    #[error("no operand moves along the columns in a subscript to pack")]
    NoOperand,
    #[error("a loop's bounds are malformed")]
    MalformedBounds,
    #[error("the columns' bounds do not move linearly with the rows")]
    NonlinearColumns,
    #[error("a lower bound of the panel is a max of several terms")]
    MaxLowerBound,
    #[error("the panel has no constant extent")]
    NoConstantExtent,
    #[error("the panel is empty")]
    Empty,
    #[error("the rows reuse the panel less than one register tile's rows")]
    TooFewRows,
    #[error("the rows never run")]
    RowsNeverRun,
}

/// The outermost `affine.for`/`affine.if` around `op` (itself if its parent is neither).
fn outermost_affine(ir: &Ir, mut op: Op) -> Op {
    while let Some(p) = ir.parent_op(op) {
        if !(ir.isa::<AffineFor>(p) || ir.isa::<AffineIf>(p)) {
            break;
        }
        op = p;
    }
    op
}

/// Packs the transposed operands of the contraction nest `loops` (`o, u, r`, outermost
/// first) register-tiled by `rows` rows (see the module docs); `Err` with the reason, and
/// nothing changed, when no operand is packed.
pub(super) fn pack_transposed(
    ir: &mut Ir,
    loops: [Op; 3],
    rows: i64,
) -> Result<Packs, PackDeclined> {
    let iv = |l: Op| super::register_tile::loop_body(ir, l).map(|b| b.0);
    let (Some(o), Some(u), Some(r)) = (iv(loops[0]), iv(loops[1]), iv(loops[2])) else {
        return Err(PackDeclined::NoBody);
    };
    let mut nest = Nest {
        loops,
        ivs: [o, u, r],
        vals: vec![r, u],
    };
    let loads = candidates(ir, &nest);
    if loads.is_empty() {
        return Err(PackDeclined::NoOperand);
    }
    let pn = panel(ir, &mut nest, rows)?;
    let top = outermost_affine(ir, loops[0]);
    let mut packs = Packs {
        inserted: Vec::new(),
        loads: Vec::new(),
    };
    // Buffers first: `top` may be the row loop, before which the copies go.
    let buffers: Vec<Value> = loads
        .iter()
        .map(|&load| alloc_buffer(ir, load, pn.extents, top, &mut packs))
        .collect();
    // The copies go before the row loop, inside `if (o runs)` unless it always does.
    let at = match pn.guard.is_empty() {
        true => loops[0],
        false => {
            let (guard, y) = build_guard(ir, &pn.guard, &nest.vals, loops[0]);
            packs.inserted.push(guard);
            y
        }
    };
    for (load, buffer) in loads.into_iter().zip(buffers) {
        let copy = copy_panel(ir, load, buffer, &nest, &pn, at);
        if at == loops[0] {
            packs.inserted.push(copy);
        }
        redirect(ir, load, buffer, &nest, &pn, &mut packs);
    }
    Ok(packs)
}

/// `affine.if` on the constraints `guard` (over `vals`) before `before`, with an empty
/// then-block; returns it and the block's terminator.
fn build_guard(ir: &mut Ir, guard: &[AffineExpr], vals: &[Value], before: Op) -> (Op, Op) {
    let ctx = ir.ctx_arc().clone();
    let loc = ir.loc(before);
    let (gm, operands) = value_map(ir, guard.to_vec(), vals, before);
    let (nd, ns) = (ctx.map_num_dims(gm), ctx.map_num_symbols(gm));
    let set = ctx.integer_set(nd, ns, ctx.map_results(gm).to_vec(), Vec::new());
    let mut st = OperationState::new(ctx.intern_str(AffineIf::NAME), loc);
    st.operands = operands;
    st.add_attr(
        ctx.intern_str(AffineIf::CONDITION),
        ctx.integer_set_attr(set),
    );
    let then = ir.create_region();
    let tb = ir.create_block(&[]);
    ir.append_block(then, tb);
    st.regions.push(then);
    st.regions.push(ir.create_region());
    let guard = ir.create_op(st);
    let y = ir.create_op(OperationState::new(ctx.intern_str(AffineYield::NAME), loc));
    ir.append_op(tb, y);
    ir.insert_op_before(before, guard);
    (guard, y)
}

/// `memref.alloc` of a `[r][u]` buffer of `load`'s element type before `top`, freed
/// after it.
fn alloc_buffer(ir: &mut Ir, load: Op, extents: [i64; 2], top: Op, packs: &mut Packs) -> Value {
    let ctx = ir.ctx_arc().clone();
    let loc = ir.loc(top);
    let element = ir.value_type(ir.result(load, 0));
    let ty = ctx.ty(TypeData::MemRef {
        shape: extents.to_vec(),
        element,
        layout: None,
        memory_space: None,
    });
    let mut st = OperationState::new(ctx.intern_str(memref::Alloc::NAME), loc);
    st.result_types = vec![ty];
    st.add_attr(
        ctx.intern_str(memref::Alloc::OPERAND_SEGMENT_SIZES),
        ctx.dense_i32_array(&[0, 0]),
    );
    let alloc = ir.create_op(st);
    ir.insert_op_before(top, alloc);
    let buffer = ir.result(alloc, 0);
    let mut st = OperationState::new(ctx.intern_str(memref::Dealloc::NAME), loc);
    st.operands = vec![buffer];
    let dealloc = ir.create_op(st);
    ir.insert_op_after(top, dealloc);
    packs.inserted.insert(0, alloc);
    packs.inserted.push(dealloc);
    buffer
}

/// `results` over the dims `vals` as a canonical map (unused operands dropped, symbols
/// promoted in the scope of `at`) and its operands.
fn value_map(ir: &Ir, results: Vec<AffineExpr>, vals: &[Value], at: Op) -> (AffineMap, Vec<Value>) {
    let mut vm = ValueMap {
        results,
        dims: vals.to_vec(),
        syms: Vec::new(),
    };
    vm.canonicalize(ir, at, false);
    vm.to_map(ir.ctx())
}

/// The buffer's subscripts `[r - r_lb, u - u_lb]` over `vals` with `r`, `u` (dims 0, 1)
/// replaced by `r`, `u`, at `at`.
fn buffer_map(
    ir: &Ir,
    nest: &Nest,
    pn: &Panel,
    r: Value,
    u: Value,
    at: Op,
) -> (AffineMap, Vec<Value>) {
    let ctx = ir.ctx();
    let results = vec![
        ctx.sub_expr(ctx.dim_expr(0), pn.r_lb),
        ctx.sub_expr(ctx.dim_expr(1), pn.u_lbs[0]),
    ];
    let mut vals = nest.vals.clone();
    vals[0] = r;
    vals[1] = u;
    value_map(ir, results, &vals, at)
}

/// The copy nest `for u' in union { for r' in r's range { buf[r'-r_lb][u'-u_lb] =
/// load(u', r') } }` before `at` (the row loop or the guard's terminator), returned:
/// columns outer, so the source is read along its rows.
fn copy_panel(ir: &mut Ir, load: Op, buffer: Value, nest: &Nest, pn: &Panel, at: Op) -> Op {
    let ctx = ir.ctx_arc().clone();
    let loc = ir.loc(load);
    let (cu, cu_iv, cub) = build_for(ir, &pn.u_lbs, &pn.u_ubs, &nest.vals, at, loc);
    ir.insert_op_before(at, cu);
    let inner_at = ir.last_op(cub).expect("yield");
    let (cr, cr_iv, crb) = build_for(ir, &[pn.r_lb], &pn.r_ubs, &nest.vals, inner_at, loc);
    ir.insert_op_before(inner_at, cr);
    let y = ir.last_op(crb).expect("yield");
    let swap = |v: Value| match v {
        v if v == nest.ivs[1] => cu_iv,
        v if v == nest.ivs[2] => cr_iv,
        v => v,
    };
    let operands: Vec<Value> = ir.operands(load).iter().map(|&v| swap(v)).collect();
    let mut st = OperationState::new(ctx.intern_str(AffineLoad::NAME), loc);
    st.operands = operands;
    st.result_types = vec![ir.value_type(ir.result(load, 0))];
    st.attrs = ir.attrs(load).to_vec();
    let ld = ir.create_op(st);
    ir.insert_op_before(y, ld);
    let v = ir.result(ld, 0);
    let (map, operands) = buffer_map(ir, nest, pn, cr_iv, cu_iv, y);
    let mut st = OperationState::new(ctx.intern_str(AffineStore::NAME), loc);
    st.operands = [v, buffer].into_iter().chain(operands).collect();
    st.add_attr(ctx.intern_str(AffineStore::MAP), ctx.affine_map_attr(map));
    let sto = ir.create_op(st);
    ir.insert_op_before(y, sto);
    cu
}

/// Points `load` at `buffer[r - r_lb][u - u_lb]`.
fn redirect(ir: &mut Ir, load: Op, buffer: Value, nest: &Nest, pn: &Panel, packs: &mut Packs) {
    let ctx = ir.ctx_arc().clone();
    let old_map = ir.attr(load, AffineLoad::MAP).expect("affine.load map");
    packs
        .loads
        .push((load, ir.operands(load).to_vec(), old_map));
    let (map, operands) = buffer_map(ir, nest, pn, nest.ivs[2], nest.ivs[1], load);
    ir.set_operands(load, std::iter::once(buffer).chain(operands).collect());
    ir.set_attr(load, AffineLoad::MAP, ctx.affine_map_attr(map));
}
