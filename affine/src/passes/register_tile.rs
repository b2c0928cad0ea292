//! `affine-register-tile`: register tiling of contraction nests, the micro-kernel of a
//! BLIS-style GEMM, built from the affine passes' own pieces.
//!
//! A *contraction nest* is a perfect nest of three innermost `affine.for` loops (step 1,
//! no `iter_args`, bounds defined outside the nest, so any order of the three is a nest)
//! whose body holds only affine loads and stores, `affine.apply` and memory-effect-free
//! `arith`/`math` ops, where one memref `X` is written, every access to `X` is one cell
//! given the nest's ivs but the *reduction* loop `r` (its iv is not among the
//! subscripts' operands), there is one load-then-store pair of that cell, and at least
//! two loads of other memrefs use `r`'s iv (a reduction over an index two operands
//! share). Of the two other loops, `u` is the one whose iv the last subscript of the
//! store uses (the unit-stride loop) and `o` the other. Detected from accesses alone,
//! never from names. The bounds of `u` or of `r` (not both) may move with `o` (a
//! triangular nest); where `r`'s do, `X` may also be read in place at other cells, when
//! those are cells of later rows only ([`reads_later_rows`]: trmm's `B[k][j]`, k > i).
//!
//! The rewrite, per nest: (1) the nest is permuted to `o, u, r` (legal: only `X` is
//! written, one cell per `(o, u)`, and the order along `r` of each cell's updates is
//! kept; distinct memrefs are assumed not to alias, as MLIR's affine passes do); (2) `o`
//! is unroll-jammed by `rows` (remainders go to a cleanup nest); (3) in each innermost
//! loop the accumulator cells, now loop-invariant, become `iter_args` (loaded before the
//! loop, stored after it) when the dependence test proves the cells distinct; (4) `u` is
//! vectorized ([`super::super_vectorize::vectorize_loop`]) by `lanes * vectors` lanes,
//! where `lanes` = the machine's vector bytes / element bytes, after the columns past the
//! last multiple of that width were split off into a loop vectorized by half as many
//! (`split_columns`); partial vectors are masked, so any size works. An operand that
//! moves along `u` in a subscript other than its last (a gather per vector; syrk's
//! `A[j][k]`) is first packed into a `[r][u]` panel before `o` where the model in
//! [`super::register_pack`] says the rows reuse it. Defaults from
//! [`lattice_ir::target::Machine`]: `vectors`
//! = registers / 8 (4 with 32 vector registers), `rows` = (registers - vectors - 1) /
//! vectors (6): `rows * vectors` accumulators, `vectors` loads of the `u` operand and
//! one broadcast stay in registers. With `contract=true` the body's `mulf`/`addf` get
//! `fastmath<contract>` (LLVM then fuses them into FMAs; this changes rounding).
//!
//! Invariants: a nest is changed only when every check passed (the vectorizer's too:
//! it is asked before the nest is touched, on the permuted nest, and the permutation is
//! undone when it says no); results are bit-identical to the input without `contract`
//! (the reduction order of every cell is kept; no reassociation).

use super::loop_unroll::{results_over_dims, set_bounds};
use super::loop_unroll_jam::{defined_inside, unroll_jam_min_bounds};
use super::super_vectorize::{vectorizable_loop, vectorize_loop};
use crate::analysis::dependence::{self, access, check_dependence, common_depth, Dependence};
use crate::ops::for_segments;
use crate::util::int_attr;
use crate::views::{
    AffineApply, AffineFor, AffineKind, AffineLoad, AffineParallel, AffineStore, AffineYield,
};
use lattice_dialects::{arith, func};
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{AffineExpr, Attr, AttrData, Block, Ir, Op, OperationState, Value, WalkOrder};
use rustc_hash::FxHashMap;

/// Options of `affine-register-tile`.
#[derive(Clone, Debug)]
pub struct RegisterTileOptions {
    /// Rows of the register tile: the unroll-jam factor of `o`.
    pub rows: i64,
    /// Vector registers per row: `u` is vectorized by `vectors * lanes`.
    pub vectors: i64,
    /// Bytes of one vector register.
    pub vector_bytes: i64,
    /// Mark the body's multiplies and adds `fastmath<contract>` (FMA).
    pub contract: bool,
}

impl RegisterTileOptions {
    /// The defaults for `machine` (see the module docs).
    pub fn for_machine(machine: &lattice_ir::target::Machine) -> RegisterTileOptions {
        let regs = machine.vector_registers() as i64;
        let vectors = (regs / 8).max(1);
        RegisterTileOptions {
            rows: ((regs - vectors - 1) / vectors).clamp(1, 8),
            vectors,
            vector_bytes: machine.vector_bytes as i64,
            contract: false,
        }
    }
}

/// What the pass did.
#[derive(Debug, Default)]
pub struct Report {
    /// Contraction nests register-tiled.
    pub tiled: usize,
    /// Why contraction nests were left alone (one remark each).
    pub remarks: Vec<Diagnostic>,
}

/// One contraction nest: the loops outermost first, and which of them is which.
struct Contraction {
    loops: [Op; 3],
    /// Indices into `loops` of `o`, `u`, `r`.
    order: [usize; 3],
    /// Bytes of one element of `X`.
    element_bytes: i64,
    /// Which loop's bounds depend on `o`'s iv, if one does (a triangular nest; see
    /// [`split_triangle`] and [`split_reduction_triangle`]).
    triangle: Option<Moving>,
}

/// The loop of a triangular contraction nest whose bounds move with the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Moving {
    /// The unit-stride loop `u`.
    Columns,
    /// The reduction loop `r`.
    Reduction,
}

/// Runs the pass on `func`.
pub fn register_tile(ir: &mut Ir, func: Op, options: &RegisterTileOptions) -> Report {
    let mut report = Report::default();
    let inner: Vec<Op> = ir
        .walk_ops(func, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| ir.isa::<AffineFor>(o) && innermost(ir, o))
        .collect();
    for l in inner {
        if !ir.contains_op(l) {
            continue;
        }
        let c = match contraction(ir, l, false) {
            Some(c) => c,
            None => match contraction(ir, l, true) {
                Some(c) if split_prefix(ir, &c) => match contraction(ir, l, false) {
                    Some(c) => c,
                    None => continue,
                },
                _ => continue,
            },
        };
        match tile_nest(ir, &c, options) {
            Ok(()) => report.tiled += 1,
            Err(why) => report.remarks.push(Diagnostic::new(
                Severity::Remark,
                DiagLoc::Loc(ir.loc(c.loops[0])),
                format!("contraction nest not register-tiled: {why}"),
            )),
        }
    }
    report
}

/// A loop's iv and body block.
pub(super) fn loop_body(ir: &Ir, l: Op) -> Option<(Value, Block)> {
    body(ir, l)
}

fn body(ir: &Ir, l: Op) -> Option<(Value, Block)> {
    let r = *ir.regions(l).first()?;
    let b = ir.entry_block(r)?;
    Some((*ir.block_args(b).first()?, b))
}

fn innermost(ir: &Ir, l: Op) -> bool {
    ir.walk_ops(l, WalkOrder::PreOrder)[1..]
        .iter()
        .all(|&o| !ir.isa::<AffineFor>(o) && !ir.isa::<AffineParallel>(o))
}

/// A plain loop: step 1, no `iter_args`.
fn plain_loop(ir: &Ir, l: Op) -> bool {
    ir.isa::<AffineFor>(l)
        && ir.results(l).is_empty()
        && int_attr(ir, l, AffineFor::STEP).unwrap_or(1) == 1
}

/// The contraction nest whose innermost loop is `l`, if it is one; `prefix`: whether
/// ops may stand before `l` in its parent's body (see [`split_prefix`]).
fn contraction(ir: &Ir, l: Op, prefix: bool) -> Option<Contraction> {
    let p = ir.parent_op(l)?;
    let g = ir.parent_op(p)?;
    let loops = [g, p, l];
    for (k, &x) in loops.iter().enumerate() {
        if !plain_loop(ir, x) {
            return None;
        }
        if k < 2 {
            let (_, b) = body(ir, x)?;
            let ops: Vec<Op> = ir.block_ops(b).collect();
            let n = ops.len();
            let perfect = n == 2 && ops[0] == loops[k + 1];
            let prefixed = prefix && k == 1 && n > 2 && ops[n - 2] == loops[k + 1];
            if !perfect && !prefixed {
                return None;
            }
        }
    }
    let ivs: Vec<Value> = loops
        .iter()
        .map(|&x| body(ir, x).map(|b| b.0))
        .collect::<Option<_>>()?;
    // Bounds from outside the nest, or (checked below) `u`'s from `o`'s iv.
    let mut bound_ivs = [Vec::new(), Vec::new(), Vec::new()];
    for (k, &x) in loops.iter().enumerate() {
        let segs = for_segments(ir, x)?;
        for &v in &ir.operands(x)[segs[0].start..segs[1].end] {
            if let Some(j) = ivs.iter().position(|&iv| iv == v) {
                bound_ivs[k].push(j);
            } else if defined_inside(ir, v, g) {
                return None;
            }
        }
    }
    let (_, lb) = body(ir, l)?;
    let mut accesses = Vec::new();
    for o in ir.block_ops(lb) {
        let name = ir.op_name(o);
        if let Some(a) = access(ir, o) {
            if !ir.isa::<AffineLoad>(o) && !ir.isa::<AffineStore>(o) {
                return None;
            }
            accesses.push(a);
        } else if ir.isa::<AffineYield>(o) || ir.isa::<AffineApply>(o) {
            continue;
        } else if !(name.starts_with("arith.") || name.starts_with("math."))
            || !ir.regions(o).is_empty()
            || !lattice_ir::passes::is_memory_effect_free(ir, o)
        {
            return None;
        }
    }
    // Subscript operands, looked through `affine.apply`s of the body.
    let uses_iv = |a: &dependence::Access, iv: Value| -> bool {
        let mut stack = a.indices.clone();
        while let Some(v) = stack.pop() {
            if v == iv {
                return true;
            }
            if let Some(d) = ir.defining_op(v) {
                if ir.isa::<AffineApply>(d) && ir.op_parent(d) == Some(lb) {
                    stack.extend_from_slice(ir.operands(d));
                }
            }
        }
        false
    };
    let stores: Vec<_> = accesses.iter().filter(|a| a.is_write).collect();
    let [store] = stores.as_slice() else {
        return None;
    };
    let x = store.memref;
    // The accumulated cell (one load and the store, same map and operands) and the
    // other loads of `X` (in-place reads, checked by [`reads_later_rows`] below).
    let in_cell = |a: &dependence::Access| a.map == store.map && a.indices == store.indices;
    let cell: Vec<_> = accesses
        .iter()
        .filter(|a| a.memref == x && in_cell(a))
        .collect();
    let [load, st] = cell.as_slice() else {
        return None;
    };
    if load.is_write || !st.is_write {
        return None;
    }
    let in_place: Vec<_> = accesses
        .iter()
        .filter(|a| a.memref == x && !in_cell(a))
        .collect();
    let free: Vec<usize> = (0..3).filter(|&k| !uses_iv(store, ivs[k])).collect();
    let [r] = free.as_slice() else {
        return None;
    };
    let r = *r;
    let shared = accesses
        .iter()
        .filter(|a| !(a.memref == x && in_cell(a)) && uses_iv(a, ivs[r]))
        .count();
    if shared < 2 {
        return None;
    }
    // The unit-stride loop: its iv feeds the store's last subscript.
    let ctx = ir.ctx();
    let last = *ctx.map_results(store.map).last()?;
    let in_last = |iv: Value| subscript_uses(ctx, store, last, iv);
    let others: Vec<usize> = (0..3).filter(|&k| k != r).collect();
    let (u, o) = match (in_last(ivs[others[0]]), in_last(ivs[others[1]])) {
        (true, false) => (others[0], others[1]),
        (false, true) => (others[1], others[0]),
        _ => return None,
    };
    // Any order of the three is a nest where no bound uses the nest's ivs; a triangle
    // (`u` or `r`, not both, bounded by `o`, `o` outside it) keeps `o` outside it, as
    // `o, u, r` does.
    let (u_moves, r_moves) = (!bound_ivs[u].is_empty(), !bound_ivs[r].is_empty());
    if !bound_ivs[o].is_empty()
        || bound_ivs[u].iter().chain(&bound_ivs[r]).any(|&j| j != o)
        || (u_moves && (o > u || r_moves))
        || (r_moves && o > r)
    {
        return None;
    }
    // In-place reads: only where the reduction's bounds move with `o` (the box and
    // remainders of [`split_reduction_triangle`] keep them before the writes).
    let later = |e: &&dependence::Access| reads_later_rows(ir, store, e, ivs[o], ivs[r], loops[r]);
    if !in_place.is_empty() && (!r_moves || !in_place.iter().all(later)) {
        return None;
    }
    let (elem, _) = crate::util::memref_info(ctx, ir.value_type(x))?;
    let bits = ctx.bit_width(elem);
    if bits == 0 {
        return None;
    }
    Some(Contraction {
        loops,
        order: [o, u, r],
        element_bytes: (bits / 8).max(1) as i64,
        triangle: match (u_moves, r_moves) {
            (true, _) => Some(Moving::Columns),
            (_, true) => Some(Moving::Reduction),
            _ => None,
        },
    })
}

/// Whether the in-place read `e` of the accumulated memref reads, at every iteration,
/// a cell the store `st` writes only at a later row (a later iteration of `o`): their
/// subscripts agree but in one dimension, where the store's is `o + c'` and `e`'s is
/// `r + c''` (so `e` reads the cell of row `r - c`, `c = c' - c''`), and a lower bound
/// of `r` (the loop `r_loop`) is `o + k` with `k >= c + 1`. Then `e` reads values the
/// nest has not written in its own order (rows run ascending and `r` stays inside
/// `o`: its bound uses `o`'s iv), and [`split_reduction_triangle`] keeps it so: in a
/// block of rows, `e` reads the block's own rows only in the left remainder, rows
/// ascending, and later blocks' rows elsewhere.
fn reads_later_rows(
    ir: &Ir,
    st: &dependence::Access,
    e: &dependence::Access,
    o_iv: Value,
    r_iv: Value,
    r_loop: Op,
) -> bool {
    let ctx = ir.ctx();
    let (Some(segs), Some(lbm)) = (
        for_segments(ir, r_loop),
        crate::util::map_attr(ir, r_loop, AffineFor::LOWER_BOUND_MAP),
    ) else {
        return false;
    };
    let mut vals = vec![o_iv, r_iv];
    let ses = results_over_dims(ctx, st.map, &st.indices, &mut vals);
    let ees = results_over_dims(ctx, e.map, &e.indices, &mut vals);
    let lbs = results_over_dims(ctx, lbm, &ir.operands(r_loop)[segs[0].clone()], &mut vals);
    let n = vals.len();
    let flat = |x: AffineExpr| {
        ctx.flatten_expr(x, n as u32, 0)
            .filter(|(_, locals)| locals.is_empty())
            .map(|(row, _)| row)
    };
    // `o + k` (`k` the last entry) and nothing else: [1, 0, .., 0, k].
    let row_plus = |row: &[i64], o_coef: i64, r_coef: i64| {
        row[0] == o_coef && row[1] == r_coef && row[2..n].iter().all(|&c| c == 0)
    };
    if ses.len() != ees.len() {
        return false;
    }
    let mut shift = None;
    for (&a, &b) in ses.iter().zip(&ees) {
        let (Some(fa), Some(fb)) = (flat(a), flat(b)) else {
            return false;
        };
        if fa == fb {
            continue;
        }
        let d: Vec<i64> = fa.iter().zip(&fb).map(|(x, y)| x - y).collect();
        if shift.is_some() || !row_plus(&d, 1, -1) {
            return false;
        }
        shift = Some(d[n]);
    }
    let Some(c) = shift else {
        return false;
    };
    lbs.iter()
        .filter_map(|&l| flat(l))
        .any(|l| row_plus(&l, 1, 0) && l[n] > c)
}

/// Whether the subscript `e` of the access `a` (an expression of its map) uses the
/// operand `v`.
pub(super) fn subscript_uses(
    ctx: &lattice_ir::Context,
    a: &dependence::Access,
    e: AffineExpr,
    v: Value,
) -> bool {
    let nd = ctx.map_num_dims(a.map);
    a.indices.iter().enumerate().any(|(p, &x)| {
        x == v
            && if (p as u32) < nd {
                ctx.expr_uses_dim(e, p as u32)
            } else {
                ctx.expr_uses_symbol(e, p as u32 - nd)
            }
    })
}

/// Splits the ops before the reduction loop out of a contraction nest `o { u { P; r } }`
/// into a nest of their own before it, `o { u { P } }; o { u { r } }` (PolyBench's
/// `C[i][j] *= beta` or `= 0` before its reduction, fused by poly-schedule behind an
/// `affine.if` on the tile loop). Only where `P` is loads, stores, `affine.if`s,
/// `affine.apply`s and memory-effect-free `arith`/`math` ops whose values stay inside
/// it, and its stores and its loads of the accumulated memref touch exactly the cell
/// the reduction accumulates (same map and operands): every instance of `P` then
/// touches only its own cell, which the reduction updates only after it in both
/// orders (distinct memrefs are assumed not to alias, as everywhere in this pass).
/// Returns whether it split.
fn split_prefix(ir: &mut Ir, c: &Contraction) -> bool {
    let [g, p, l] = c.loops;
    let Some((_, pb)) = body(ir, p) else {
        return false;
    };
    let Some((_, lb)) = body(ir, l) else {
        return false;
    };
    let Some(cell) = ir
        .block_ops(lb)
        .filter_map(|o| access(ir, o))
        .find(|a| a.is_write)
    else {
        return false;
    };
    let prefix: Vec<Op> = ir.block_ops(pb).take_while(|&o| o != l).collect();
    let mut inside = Vec::new();
    for &top in &prefix {
        inside.extend(ir.walk_ops(top, WalkOrder::PreOrder));
    }
    for &o in &inside {
        let name = ir.op_name(o);
        let fine = match access(ir, o) {
            Some(a) => {
                (ir.isa::<AffineLoad>(o) || ir.isa::<AffineStore>(o))
                    && (a.memref != cell.memref && !a.is_write
                        || a.memref == cell.memref
                            && a.map == cell.map
                            && a.indices == cell.indices)
            }
            None => {
                matches!(
                    AffineKind::of(ir, o),
                    Some(AffineKind::If | AffineKind::Yield | AffineKind::Apply)
                ) || (name.starts_with("arith.") || name.starts_with("math."))
                    && ir.regions(o).is_empty()
                    && lattice_ir::passes::is_memory_effect_free(ir, o)
            }
        };
        // Values of the prefix stay in it: the reduction loop never reads them.
        let escapes = ir
            .results(o)
            .iter()
            .any(|&v| ir.uses(v).iter().any(|u| !inside.contains(&u.op)));
        if !fine || escapes {
            return false;
        }
    }
    let mut mapping = FxHashMap::default();
    let g2 = ir.clone_op(g, &mut mapping);
    ir.insert_op_before(g, g2);
    let l2 = ir
        .walk_ops(g2, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| o != g2 && ir.isa::<AffineFor>(o))
        .nth(1)
        .expect("cloned reduction loop");
    ir.erase_op(l2);
    for &o in prefix.iter().rev() {
        ir.erase_op(o);
    }
    true
}

/// A loop's header: bound operands and bound maps.
#[derive(Clone)]
struct Header {
    operands: Vec<Value>,
    lb: Attr,
    ub: Attr,
    segments: Attr,
}

fn header(ir: &Ir, l: Op) -> Header {
    Header {
        operands: ir.operands(l).to_vec(),
        lb: ir
            .attr(l, AffineFor::LOWER_BOUND_MAP)
            .expect("affine.for bound"),
        ub: ir
            .attr(l, AffineFor::UPPER_BOUND_MAP)
            .expect("affine.for bound"),
        segments: ir
            .attr(l, "operandSegmentSizes")
            .expect("affine.for segments"),
    }
}

fn set_header(ir: &mut Ir, l: Op, h: &Header) {
    ir.set_operands(l, h.operands.clone());
    ir.set_attr(l, AffineFor::LOWER_BOUND_MAP, h.lb);
    ir.set_attr(l, AffineFor::UPPER_BOUND_MAP, h.ub);
    ir.set_attr(l, "operandSegmentSizes", h.segments);
}

/// Puts the loop `loops[order[k]]`'s header (and its iv's uses) at depth k.
fn permute(ir: &mut Ir, loops: &[Op; 3], order: [usize; 3]) {
    let headers: Vec<Header> = loops.iter().map(|&l| header(ir, l)).collect();
    let ivs: Vec<Value> = loops
        .iter()
        .map(|&l| body(ir, l).expect("loop body").0)
        .collect();
    let mut map = FxHashMap::default();
    for (k, &src) in order.iter().enumerate() {
        set_header(ir, loops[k], &headers[src]);
        map.insert(ivs[src], ivs[k]);
    }
    // A bound on an outer iv (a triangle's `u` on `o`) follows that iv's loop.
    for &l in loops {
        ir.remap_operands(l, &map);
    }
    let (_, b) = body(ir, loops[2]).expect("loop body");
    for o in ir.block_ops(b).collect::<Vec<_>>() {
        for inner in ir.walk_ops(o, WalkOrder::PreOrder) {
            ir.remap_operands(inner, &map);
        }
    }
}

fn inverse(order: [usize; 3]) -> [usize; 3] {
    let mut inv = [0; 3];
    for (k, &src) in order.iter().enumerate() {
        inv[src] = k;
    }
    inv
}

fn tile_nest(ir: &mut Ir, c: &Contraction, options: &RegisterTileOptions) -> Result<(), String> {
    let lanes = (options.vector_bytes / c.element_bytes).max(1);
    let width = lanes * options.vectors.max(1);
    let [g, p, _] = c.loops;
    permute(ir, &c.loops, c.order);
    let rows = options.rows.max(1);
    let packs = match vectorizable_or_packed(ir, c.loops, width, rows) {
        Ok(packs) => packs,
        Err(why) => {
            permute(ir, &c.loops, inverse(c.order));
            return Err(format!("the unit-stride loop cannot be vectorized: {why}"));
        }
    };
    let moving = match c.triangle {
        Some(Moving::Reduction) => c.loops[2],
        _ => p,
    };
    let shifts = if c.triangle.is_some() {
        match triangle_shifts(ir, g, moving, rows) {
            Ok(t) => Some(t),
            Err(why) => {
                if let Some(p2) = packs {
                    p2.undo(ir);
                }
                permute(ir, &c.loops, inverse(c.order));
                return Err(why.to_string());
            }
        }
    } else {
        None
    };
    if options.contract {
        contract(ir, c.loops[2]);
    }
    // The unroll-jam's cleanup nests land between `g` and the op after it.
    let block = ir.op_parent(g).expect("nested loop");
    let after = ir.next_op(g);
    // A triangle's box part: rows of one block of `g`, columns all of them share.
    let (g1, p1) = match (shifts, c.triangle) {
        (Some(t), Some(Moving::Reduction)) => split_reduction_triangle(ir, g, rows, &t, width),
        (Some(t), _) => split_triangle(ir, g, p, rows, &t),
        _ => (g, p),
    };
    if g1 == g || c.triangle == Some(Moving::Reduction) {
        split_columns(ir, p1, width, lanes);
    } else {
        // A triangle's box is empty in some blocks (its lower bound past its upper one),
        // where the split's cleanup would start below it: one width, masked at the end.
        ir.set_attr(p1, COLUMNS, ir.ctx().index_attr(width));
    }
    if rows > 1 {
        // A refusal (too few rows, bounds it cannot split) keeps one row: still a
        // vectorized tile with its accumulators in registers.
        let _ = unroll_jam_min_bounds(ir, g1, rows);
    }
    let mut roots = Vec::new();
    let mut cur = ir.first_op(block);
    let mut seen_g = false;
    while let Some(o) = cur {
        if Some(o) == after {
            break;
        }
        seen_g |= o == g;
        if seen_g && ir.isa::<AffineFor>(o) {
            roots.push(o);
        }
        cur = ir.next_op(o);
    }
    if !ir.contains_op(g) {
        // A single-iteration loop was promoted into its block.
        roots = ir
            .block_ops(block)
            .filter(|&o| ir.isa::<AffineFor>(o))
            .collect();
    }
    for root in roots {
        let inner: Vec<Op> = ir
            .walk_ops(root, WalkOrder::PostOrder)
            .into_iter()
            .filter(|&o| ir.isa::<AffineFor>(o) && innermost(ir, o))
            .collect();
        for l in inner {
            let l = promote_accumulators(ir, l);
            let Some(u) = ir.parent_op(l) else {
                continue;
            };
            if let Some(w) = ir
                .remove_attr(u, COLUMNS)
                .and_then(|a| ir.ctx().int_value(a))
            {
                let _ = vectorize_loop(ir, u, w as i64);
            }
        }
        for o in ir.walk_ops(root, WalkOrder::PreOrder) {
            ir.remove_attr(o, COLUMNS);
        }
    }
    Ok(())
}

/// Whether the permuted nest `loops` (`o, u, r`) vectorizes along `u` by `width`, after
/// packing its transposed operands if it needs that ([`super::register_pack`]; their
/// packs are returned); `Err` with the reason, nothing changed, when it does not.
fn vectorizable_or_packed(
    ir: &mut Ir,
    loops: [Op; 3],
    width: i64,
    rows: i64,
) -> Result<Option<super::register_pack::Packs>, NotVectorizable> {
    let Err(why) = vectorizable_loop(ir, loops[1], width) else {
        return Ok(None);
    };
    let packs = super::register_pack::pack_transposed(ir, loops, rows).map_err(|no| {
        NotVectorizable::NoPack {
            why: why.clone(),
            no,
        }
    })?;
    match vectorizable_loop(ir, loops[1], width) {
        Ok(()) => Ok(Some(packs)),
        Err(after) => {
            packs.undo(ir);
            Err(NotVectorizable::StillNot { why, after })
        }
    }
}

/// Why the unit-stride loop of a register tile is not vectorized, packed or not: the
/// vectorizer's reason before packing, and why no pack was made or the vectorizer's
/// reason after it.
#[derive(Debug, thiserror::Error)]
enum NotVectorizable {
    #[error("{why} (no transposing pack: {no})")]
    NoPack {
        why: String,
        no: super::register_pack::PackDeclined,
    },
    #[error("{why}; packed: {after}")]
    StillNot { why: String, after: String },
}

/// A triangle's column bounds (`u`'s, over the dims `vals`, `o`'s iv at `row`) and the
/// box's: each bound at the row of a block of `rows` rows where it is tightest.
struct Triangle {
    vals: Vec<Value>,
    row: usize,
    lbs: Vec<AffineExpr>,
    ubs: Vec<AffineExpr>,
    /// Over `vals`, `o`'s iv standing for the block's first row.
    box_lbs: Vec<AffineExpr>,
    box_ubs: Vec<AffineExpr>,
    /// The one lower (upper) bound that moves with `o`, at its tightest row, if any.
    lb_moving: Option<AffineExpr>,
    ub_moving: Option<AffineExpr>,
}

impl Triangle {
    /// Gives the loop `l` the box's bounds (over `vals`, `o`'s iv the block's first row).
    fn bound_to_box(&self, ir: &mut Ir, l: Op) {
        let ctx = ir.ctx_arc().clone();
        let n = self.vals.len() as u32;
        let lb = ctx.affine_map(n, 0, self.box_lbs.clone());
        let ub = ctx.affine_map(n, 0, self.box_ubs.clone());
        set_bounds(ir, l, lb, &self.vals, ub, &self.vals, &[]);
    }
}

/// Why a triangular band is not register-tiled (a remark).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
enum TriangleDeclined {
    #[error("the row loop has no body")]
    NoRowBody,
    #[error("the column loop's operands are malformed")]
    MalformedColumnOperands,
    #[error("the column loop has no bound maps")]
    NoBoundMaps,
    #[error("the column loop's bounds do not use the rows' iv")]
    BoundsIgnoreRows,
    #[error("a column bound cannot be flattened")]
    NotFlattenable,
    #[error("a column bound is not linear in the rows' iv")]
    NotLinearInRows,
    #[error("more than one column bound on one side moves with the rows")]
    SeveralMovingBounds,
}

/// The bounds of the triangle `o { u }` (loops `g`, `p`) for blocks of `rows` rows, when
/// every bound of `u` is linear in `o`'s iv and at most one lower and one upper bound
/// move with it: over the rows `ob .. ob + rows - 1`, a lower bound `e` is largest at
/// `ob + rows - 1` if its coefficient on `o` is positive (else at `ob`), an upper bound
/// smallest at `ob + rows - 1` if negative.
fn triangle_shifts(ir: &Ir, g: Op, p: Op, rows: i64) -> Result<Triangle, TriangleDeclined> {
    use TriangleDeclined as D;
    let ctx = ir.ctx();
    let (o_iv, _) = body(ir, g).ok_or(D::NoRowBody)?;
    let segs = for_segments(ir, p).ok_or(D::MalformedColumnOperands)?;
    let (Some(lbm), Some(ubm)) = (
        crate::util::map_attr(ir, p, AffineFor::LOWER_BOUND_MAP),
        crate::util::map_attr(ir, p, AffineFor::UPPER_BOUND_MAP),
    ) else {
        return Err(D::NoBoundMaps);
    };
    let mut vals = Vec::new();
    let ops = ir.operands(p);
    let lbs = results_over_dims(ctx, lbm, &ops[segs[0].clone()], &mut vals);
    let ubs = results_over_dims(ctx, ubm, &ops[segs[1].clone()], &mut vals);
    let row = vals
        .iter()
        .position(|&v| v == o_iv)
        .ok_or(D::BoundsIgnoreRows)?;
    let n = vals.len() as u32;
    let at_tightest = |e: AffineExpr, shift_if_positive: bool| -> Result<(AffineExpr, bool), D> {
        let (coefs, locals) = ctx.flatten_expr(e, n, 0).ok_or(D::NotFlattenable)?;
        if locals.iter().any(|&l| ctx.expr_uses_dim(l, row as u32)) {
            return Err(D::NotLinearInRows);
        }
        let c = coefs[row];
        let shift = if c != 0 && (c > 0) == shift_if_positive {
            rows - 1
        } else {
            0
        };
        let mut dims: Vec<AffineExpr> = (0..n).map(|k| ctx.dim_expr(k)).collect();
        dims[row] = ctx.add_expr(dims[row], ctx.constant_expr(shift));
        Ok((ctx.replace_dims_and_symbols(e, &dims, &[]), c != 0))
    };
    let tightest = |es: &[AffineExpr], lower: bool| -> Result<_, D> {
        let all = es
            .iter()
            .map(|&e| at_tightest(e, lower))
            .collect::<Result<Vec<_>, _>>()?;
        let moving: Vec<AffineExpr> = all.iter().filter(|m| m.1).map(|m| m.0).collect();
        if moving.len() > 1 {
            return Err(D::SeveralMovingBounds);
        }
        Ok((
            all.into_iter().map(|m| m.0).collect(),
            moving.first().copied(),
        ))
    };
    let (box_lbs, lb_moving) = tightest(&lbs, true)?;
    let (box_ubs, ub_moving) = tightest(&ubs, false)?;
    Ok(Triangle {
        vals,
        row,
        lbs,
        ubs,
        box_lbs,
        box_ubs,
        lb_moving,
        ub_moving,
    })
}

/// Splits the triangle `g: o { p: u { r } }` (see [`triangle_shifts`]) into blocks of
/// `rows` rows, each a box and its remainders:
///
/// ```text
/// for ob = LBo to UBo step rows {
///   for o = ob to min(ob + rows, UBo) { for u = BoxLB(ob) to BoxUB(ob) { r } }
///   for o = ob to min(ob + rows, UBo) {
///     for u = LB(o) to min(UB(o), l(ob)) { r }            // if LB's term l moves with o
///     for u = max(LB(o), l(ob), h(ob)) to UB(o) { r }     // if UB's term h moves with o
///   }
/// }
/// ```
///
/// `l(ob)`, `h(ob)`: the moving terms at their tightest rows (BoxLB, BoxUB: all terms
/// there). The box lies inside every row's columns of the block; a column `u >= LB(o)`
/// of row `o` below `l(ob)` is on the left, else below BoxUB in the box (it is at least
/// BoxLB: the other terms of LB are at most LB(o)), else at least `h(ob)` (it is below
/// UB(o), so below UB's other terms) on the right: each `(o, u)` runs in exactly one of
/// the three, with its whole `r` loop, also where the box is empty. Legal as the
/// permutation is: only `X` is written, one cell per `(o, u)`, each cell's updates keep
/// their order along `r`. Returns the box nest's row and column loops.
fn split_triangle(ir: &mut Ir, g: Op, p: Op, rows: i64, t: &Triangle) -> (Op, Op) {
    let ctx = ir.ctx_arc().clone();
    debug_assert!(ir.op_parent(p) == body(ir, g).map(|b| b.1));
    let (o_iv, blocks) = row_blocks(ir, g, rows, 2);
    let [g1, g2] = blocks[..] else {
        unreachable!("two copies")
    };
    let n = t.vals.len() as u32;
    let p1 = first_loop(ir, g1);
    let map = |es: Vec<AffineExpr>, dims: u32| ctx.affine_map(dims, 0, es);
    t.bound_to_box(ir, p1);
    // Remainders: the row's bounds over `vals` (o = the row loop's iv), the box's over
    // the block's first row, one more dim.
    let (g2_iv, _) = body(ir, g2).expect("loop body");
    let mut vals2 = t.vals.clone();
    vals2[t.row] = g2_iv;
    vals2.push(o_iv);
    let mut dims: Vec<AffineExpr> = (0..n).map(|k| ctx.dim_expr(k)).collect();
    dims[t.row] = ctx.dim_expr(n);
    let at_block = |e: Option<AffineExpr>| e.map(|e| ctx.replace_dims_and_symbols(e, &dims, &[]));
    let (l, h) = (at_block(t.lb_moving), at_block(t.ub_moving));
    let p2 = first_loop(ir, g2);
    if let Some(l) = l {
        let pl = if h.is_some() {
            let c = ir.clone_op(p2, &mut FxHashMap::default());
            ir.insert_op_before(p2, c);
            c
        } else {
            p2
        };
        let ub = [t.ubs.clone(), vec![l]].concat();
        set_bounds(
            ir,
            pl,
            map(t.lbs.clone(), n + 1),
            &vals2,
            map(ub, n + 1),
            &vals2,
            &[],
        );
    }
    if h.is_some() || l.is_none() {
        let lb = [t.lbs.clone(), l.into_iter().chain(h).collect()].concat();
        set_bounds(
            ir,
            p2,
            map(lb, n + 1),
            &vals2,
            map(t.ubs.clone(), n + 1),
            &vals2,
            &[],
        );
    }
    (g1, p1)
}

/// Makes `g` a loop over blocks of `rows` rows (step `rows`, its iv `ob` returned) whose
/// body is `copies` copies of `g`'s old self, each over the block's rows
/// `ob .. min(ob + rows, UBo)`, in order.
fn row_blocks(ir: &mut Ir, g: Op, rows: i64, copies: usize) -> (Value, Vec<Op>) {
    let ctx = ir.ctx_arc().clone();
    let (o_iv, gb) = body(ir, g).expect("loop body");
    let term = ir.last_op(gb).expect("loop terminator");
    let blocks: Vec<Op> = (0..copies)
        .map(|_| ir.clone_op(g, &mut FxHashMap::default()))
        .collect();
    for o in ir.block_ops(gb).collect::<Vec<_>>() {
        if o != term {
            ir.erase_op(o);
        }
    }
    for &gk in &blocks {
        ir.insert_op_before(term, gk);
    }
    ir.set_attr(g, AffineFor::STEP, ctx.index_attr(rows));
    let segs = for_segments(ir, blocks[0]).expect("affine.for operands");
    let ubm =
        crate::util::map_attr(ir, blocks[0], AffineFor::UPPER_BOUND_MAP).expect("affine.for bound");
    let ub_ops = ir.operands(blocks[0])[segs[1].clone()].to_vec();
    let mut vals = vec![o_iv];
    let mut ubs = results_over_dims(&ctx, ubm, &ub_ops, &mut vals);
    ubs.push(ctx.add_expr(ctx.dim_expr(0), ctx.constant_expr(rows)));
    let lb = ctx.affine_map(1, 0, vec![ctx.dim_expr(0)]);
    let ub = ctx.affine_map(vals.len() as u32, 0, ubs);
    for &gk in &blocks {
        set_bounds(ir, gk, lb, &[o_iv], ub, &vals, &[]);
    }
    (o_iv, blocks)
}

/// The first loop in `l`'s body.
fn first_loop(ir: &Ir, l: Op) -> Op {
    let (_, b) = body(ir, l).expect("loop body");
    ir.block_ops(b)
        .find(|&o| ir.isa::<AffineFor>(o))
        .expect("inner loop")
}

/// Splits the nest `g: o { u { r } }` whose reduction loop `r`'s bounds move with `o`
/// (see [`triangle_shifts`]; `t` is over `r`'s bounds) into blocks of `rows` rows, each
/// three nests in this order:
///
/// ```text
/// for ob = LBo to UBo step rows {
///   for o = ob to min(ob + rows, UBo) { for u { for r = LB(o) to min(UB(o), l(ob)) } }
///   for o = ob to min(ob + rows, UBo) { for u { for r = BoxLB(ob) to BoxUB(ob) } }
///   for o = ob to min(ob + rows, UBo) { for u { for r = max(LB(o), l(ob), h(ob)) to UB(o) } }
/// }
/// ```
///
/// (the first only if LB has a moving term `l`, the last only if UB has one, `h`). Each
/// `(o, u, r)` runs in exactly one of the three (the argument of [`split_triangle`], on
/// `r`), and for each cell `(o, u)` its `r` iterations of the first nest come before
/// those of the box, which come before those of the last: each cell's updates keep
/// their order. The remainders' column loops are marked to be vectorized by `width`
/// (masked at the end). Returns the box nest's row and column loops.
fn split_reduction_triangle(ir: &mut Ir, g: Op, rows: i64, t: &Triangle, width: i64) -> (Op, Op) {
    let ctx = ir.ctx_arc().clone();
    let parts = 1 + usize::from(t.lb_moving.is_some()) + usize::from(t.ub_moving.is_some());
    let (o_iv, blocks) = row_blocks(ir, g, rows, parts);
    let n = t.vals.len() as u32;
    let map = |es: Vec<AffineExpr>, dims: u32| ctx.affine_map(dims, 0, es);
    // A remainder's bounds are over `vals` with its own row iv, and the block's first
    // row as one more dim.
    let mut dims: Vec<AffineExpr> = (0..n).map(|k| ctx.dim_expr(k)).collect();
    dims[t.row] = ctx.dim_expr(n);
    let at_block = |e: Option<AffineExpr>| e.map(|e| ctx.replace_dims_and_symbols(e, &dims, &[]));
    let (l, h) = (at_block(t.lb_moving), at_block(t.ub_moving));
    let reduction = |ir: &Ir, gk: Op| first_loop(ir, first_loop(ir, gk));
    let remainder = |ir: &mut Ir, gk: Op, lbs: Vec<AffineExpr>, ubs: Vec<AffineExpr>| {
        let (gk_iv, _) = body(ir, gk).expect("loop body");
        let mut vals = t.vals.clone();
        vals[t.row] = gk_iv;
        vals.push(o_iv);
        let rk = reduction(ir, gk);
        set_bounds(ir, rk, map(lbs, n + 1), &vals, map(ubs, n + 1), &vals, &[]);
        let pk = first_loop(ir, gk);
        ir.set_attr(pk, COLUMNS, ctx.index_attr(width));
    };
    let mut next = blocks.into_iter();
    if let Some(l) = l {
        let gl = next.next().expect("left part");
        remainder(ir, gl, t.lbs.clone(), [t.ubs.clone(), vec![l]].concat());
    }
    let g1 = next.next().expect("box");
    let r1 = reduction(ir, g1);
    t.bound_to_box(ir, r1);
    if let Some(h) = h {
        let gr = next.next().expect("right part");
        let lbs = [t.lbs.clone(), l.into_iter().chain([h]).collect()].concat();
        remainder(ir, gr, lbs, t.ubs.clone());
    }
    (g1, first_loop(ir, g1))
}

/// The vector width a column loop of the register tile gets (removed once vectorized).
const COLUMNS: &str = "lattice.register_tile_columns";

/// Splits the unit-stride loop `p` into a part whose trip count is a multiple of `width`
/// (full vectors; only the last tile at the space's edge is masked) and the columns left
/// over, vectorized by half the registers (at least one, `lanes`): a partial tile
/// wastes less than half a row, and the leftover rows still have independent
/// accumulators to hide the multiply-add latency; marks each loop with its width.
fn split_columns(ir: &mut Ir, p: Op, width: i64, lanes: i64) {
    let rest = (width / 2).max(lanes);
    let ctx = ir.ctx_arc().clone();
    if crate::loops::constant_trip_count(ir, p).is_some_and(|tc| tc < width) {
        // No full vector: the narrower width only.
        ir.set_attr(p, COLUMNS, ctx.index_attr(rest));
        return;
    }
    let next = ir.next_op(p);
    let split = if super::loop_unroll::trip_count_multiple_of(ir, p, width) || width == rest {
        false
    } else if super::loop_unroll::split_for_factor(ir, p, width).is_some() {
        true
    } else {
        super::loop_unroll::split_min_for_factor(ir, p, width).is_some()
    };
    ir.set_attr(p, COLUMNS, ctx.index_attr(width));
    if !split {
        return;
    }
    let mut cur = ir.next_op(p);
    while let Some(o) = cur.filter(|&o| Some(o) != next) {
        if ir.isa::<AffineFor>(o) {
            ir.set_attr(o, COLUMNS, ctx.index_attr(rest));
        }
        cur = ir.next_op(o);
    }
}

/// Marks the `mulf`/`addf` of `l`'s body `fastmath<contract>`.
fn contract(ir: &mut Ir, l: Op) {
    let ctx = ir.ctx_arc().clone();
    let none = ctx.attr(AttrData::Dialect("arith.fastmath<none>".into()));
    let attr = ctx.attr(AttrData::Dialect("arith.fastmath<contract>".into()));
    for o in ir.walk_ops(l, WalkOrder::PreOrder) {
        let plain = ir.attr(o, "fastmath").is_none_or(|a| a == none);
        if plain && (ir.isa::<arith::MulF>(o) || ir.isa::<arith::AddF>(o)) {
            ir.set_attr(o, "fastmath", attr);
        }
    }
}

/// One accumulator cell of an innermost loop: its load and its store.
struct Cell {
    load: Op,
    store: Op,
}

/// Turns the loop-invariant load-then-store cells of the innermost loop `l` into
/// `iter_args`; returns the (new) loop. Cells are promoted only when no two accesses to a
/// written memref may touch the same element in one iteration of the enclosing loops.
fn promote_accumulators(ir: &mut Ir, l: Op) -> Op {
    let Some((iv, b)) = body(ir, l) else {
        return l;
    };
    if !ir.results(l).is_empty() {
        return l;
    }
    hoist_invariant_applies(ir, l, b);
    let ops: Vec<Op> = ir.block_ops(b).collect();
    let accesses: Vec<_> = ops.iter().filter_map(|&o| access(ir, o)).collect();
    let mut cells = Vec::new();
    for a in accesses.iter().filter(|a| a.is_write) {
        if a.indices
            .iter()
            .any(|&v| v == iv || defined_inside(ir, v, l))
        {
            return l;
        }
        let same: Vec<_> = accesses
            .iter()
            .filter(|x| x.memref == a.memref && x.map == a.map && x.indices == a.indices)
            .collect();
        let [ld, st] = same.as_slice() else {
            return l;
        };
        if ld.is_write || st.op != a.op {
            return l;
        }
        cells.push(Cell {
            load: ld.op,
            store: st.op,
        });
    }
    if cells.is_empty() || !cells_distinct(ir, &accesses, &cells) {
        return l;
    }
    rebuild_with_iter_args(ir, l, b, &cells)
}

/// Moves `affine.apply`s of `l`'s body whose operands come from outside `l` before it.
fn hoist_invariant_applies(ir: &mut Ir, l: Op, b: Block) {
    for o in ir.block_ops(b).collect::<Vec<_>>() {
        if ir.isa::<AffineApply>(o) && ir.operands(o).iter().all(|&v| !defined_inside(ir, v, l)) {
            ir.detach_op(o);
            ir.insert_op_before(l, o);
        }
    }
}

/// Whether every access to a written memref touches an element no other access of a
/// different cell (or of none: a read) touches, in the same iteration of the loops
/// around (dependence test).
fn cells_distinct(ir: &Ir, accesses: &[dependence::Access], cells: &[Cell]) -> bool {
    let cell_of = |o: Op| cells.iter().position(|c| c.load == o || c.store == o);
    for a in accesses {
        for c in cells {
            let s = c.store;
            let Some(sa) = access(ir, s) else {
                return false;
            };
            if a.memref != sa.memref || cell_of(a.op) == cell_of(s) {
                continue;
            }
            if cell_of(a.op).is_none() && a.is_write {
                // A write of the accumulated memref outside every cell. (A read outside
                // them, an in-place read, is fine where it never touches a cell.)
                return false;
            }
            let depth = common_depth(ir, a.op, s);
            for d in [depth, depth + 1] {
                if check_dependence(ir, s, a.op, d) != Dependence::None
                    || check_dependence(ir, a.op, s, d) != Dependence::None
                {
                    return false;
                }
            }
        }
    }
    true
}

/// Rebuilds `l` with one `iter_args` per cell: loads before, stores after the loop.
fn rebuild_with_iter_args(ir: &mut Ir, l: Op, b: Block, cells: &[Cell]) -> Op {
    let ctx = ir.ctx_arc().clone();
    let mut inits = Vec::new();
    for c in cells {
        ir.detach_op(c.load);
        ir.insert_op_before(l, c.load);
        inits.push(ir.result(c.load, 0));
    }
    let types: Vec<_> = inits.iter().map(|&v| ir.value_type(v)).collect();
    let segs = for_segments(ir, l).expect("affine.for operands");
    let mut st = OperationState::new(ctx.intern_str(AffineFor::NAME), ir.loc(l));
    st.operands = ir.operands(l)[segs[0].start..segs[1].end].to_vec();
    st.operands.extend_from_slice(&inits);
    for a in ir.attrs(l).to_vec() {
        st.add_attr(a.name, a.value);
    }
    st.add_attr(
        ctx.intern_str("operandSegmentSizes"),
        ctx.dense_i32_array(&[
            segs[0].len() as i32,
            segs[1].len() as i32,
            inits.len() as i32,
        ]),
    );
    st.result_types = types.clone();
    let region = ir.create_region();
    let mut arg_types = vec![ctx.index_type()];
    arg_types.extend_from_slice(&types);
    let nb = ir.create_block(&arg_types);
    ir.append_block(region, nb);
    st.regions.push(region);
    let nl = ir.create_op(st);
    ir.insert_op_before(l, nl);
    let new_args = ir.block_args(nb).to_vec();
    let old_iv = ir.block_args(b)[0];
    ir.replace_all_uses(old_iv, new_args[0]);
    // Inside the loop, each cell's value is its iter_arg (the load ran before the loop).
    for (k, c) in cells.iter().enumerate() {
        let v = ir.result(c.load, 0);
        let arg = new_args[1 + k];
        ir.replace_uses_where(v, arg, |ir: &Ir, u: lattice_ir::Use| {
            ir.is_ancestor(l, u.op)
        });
    }
    let old_yield = ir.last_op(b).expect("the body ends with its terminator");
    ir.erase_op(old_yield);
    ir.splice_block_ops(b, nb);
    let mut yielded = Vec::new();
    for c in cells {
        yielded.push(ir.operand(c.store, 0));
    }
    let mut y = OperationState::new(ctx.intern_str(AffineYield::NAME), ir.loc(l));
    y.operands = yielded;
    let y = ir.create_op(y);
    ir.append_op(nb, y);
    for (k, c) in cells.iter().enumerate() {
        let res = ir.result(nl, k);
        ir.detach_op(c.store);
        ir.insert_op_after(nl, c.store);
        ir.set_operand(c.store, 0, res);
    }
    ir.erase_op(l);
    nl
}

/// The pass's options as given (the machine decides what is not).
pub struct RegisterTileConfig {
    rows: Option<i64>,
    vectors: Option<i64>,
    contract: bool,
}

impl PassConfig for RegisterTileConfig {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let given = |name: &str| match o.value(name) {
            None => Ok(None),
            Some(_) => o.int(name, 0).map(Some),
        };
        Ok(RegisterTileConfig {
            rows: given("rows")?,
            vectors: given("vectors")?,
            contract: o.bool("contract", false)?,
        })
    }
}

impl RegisterTileConfig {
    /// The options for a run on `machine`.
    pub fn options(&self, machine: &lattice_ir::target::Machine) -> RegisterTileOptions {
        let d = RegisterTileOptions::for_machine(machine);
        RegisterTileOptions {
            rows: self.rows.unwrap_or(d.rows),
            vectors: self.vectors.unwrap_or(d.vectors),
            contract: self.contract,
            ..d
        }
    }
}

fn run_pass(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o
        .typed_at::<RegisterTileConfig>(ir, func)?
        .options(&o.machine);
    let report = register_tile(ir, func, &options);
    lattice_ir::pass::record_statistic(
        "num-tiled",
        "Number of contraction nests register-tiled",
        report.tiled as u64,
    );
    lattice_ir::pass::report_declined(&report.remarks, o);
    Ok(())
}

/// The `affine-register-tile` pass.
pub static REGISTER_TILE: PassDef = PassDef {
    name: "affine-register-tile",
    display_name: "AffineRegisterTile",
    summary: "Register-tile contraction nests: reduction loop innermost, unroll-jam, accumulators in iter_args, vectorize the unit-stride loop",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::int(
            "rows",
            1,
            64,
            "from the machine: (registers - vectors - 1) / vectors, at most 8",
            "Rows of the register tile (unroll-jam factor of the outer loop)",
        ),
        PassOption::int(
            "vectors",
            1,
            64,
            "from the machine: vector registers / 8",
            "Vector registers per row (the unit-stride loop is vectorized by vectors * lanes)",
        ),
        PassOption::bool(
            "contract",
            false,
            "Mark the contraction's multiplies and adds fastmath<contract> (FMA; changes rounding)",
        ),
        PassOption::bool(
            "remarks",
            false,
            "Print why a contraction nest was not register-tiled (stderr)",
        ),
    ],
    configure: lattice_ir::pass::configure::<RegisterTileConfig>,
    run: run_pass,
};
