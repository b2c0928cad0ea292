//! When a vectorized store needs no mask: the lanes past a loop's upper bound fall past
//! the end of the memref, where `vector.transfer_write` (with `in_bounds` false) writes
//! nothing. This is the case mlir-opt 22's `affine-super-vectorize` relies on when it
//! writes without a mask (`affine.for %i = 0 to %N` storing into `memref.alloc(%N)`);
//! unlike mlir-opt, Lattice only omits the mask when it proves it.
//!
//! The proof is linear and exact: the loop's upper bound, the access's index along the
//! vectorized memref dimension minus the IV, and the memref's size along that dimension
//! are written as integer combinations of SSA values ("atoms") and a constant, composing
//! `affine.apply` and constants, reading a dimension's size from a static shape, an
//! `alloc`/`alloca` size operand or `memref.dim`; the mask is needed unless
//! `ub + offset - size` is a non-negative constant for every upper-bound result.
//! Invariant: `false` whenever anything is not understood.

use crate::analysis::dependence::Access;
use crate::util::{constant_int, map_attr};
use crate::views::{AffineApply, AffineFor};
use lattice_dialects::memref;
use lattice_ir::{AffineExpr, AffineMap, Ir, Op, TypeData, Value};
use rustc_hash::FxHashMap;

/// What a linear form sums over: a value, or the size of a memref dimension.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Atom {
    Value(Value),
    Size(Value, usize),
}

/// `sum(coefficient * atom) + constant`.
#[derive(Clone, Debug, Default)]
struct Lin {
    terms: FxHashMap<Atom, i64>,
    constant: i64,
}

impl Lin {
    fn constant(c: i64) -> Lin {
        Lin {
            constant: c,
            ..Lin::default()
        }
    }

    fn atom(a: Atom) -> Lin {
        let mut l = Lin::default();
        l.terms.insert(a, 1);
        l
    }

    /// `self += k * other`; `None` on overflow.
    fn add_scaled(&mut self, other: &Lin, k: i64) -> Option<()> {
        for (&a, &c) in &other.terms {
            let e = self.terms.entry(a).or_insert(0);
            *e = e.checked_add(c.checked_mul(k)?)?;
        }
        self.constant = self.constant.checked_add(other.constant.checked_mul(k)?)?;
        self.terms.retain(|_, c| *c != 0);
        Some(())
    }
}

/// Composition depth through `affine.apply` chains.
const MAX_DEPTH: usize = 16;

fn of_value(ir: &Ir, v: Value, depth: usize) -> Option<Lin> {
    if let Some(c) = constant_int(ir, v) {
        return Some(Lin::constant(c));
    }
    let Some(def) = ir.defining_op(v) else {
        return Some(Lin::atom(Atom::Value(v)));
    };
    if ir.isa::<AffineApply>(def) && depth < MAX_DEPTH {
        let map = map_attr(ir, def, "map")?;
        let e = *ir.ctx().map_results(map).first()?;
        return of_expr(ir, e, map, ir.operands(def), depth + 1);
    }
    if ir.isa::<memref::Dim>(def) && ir.operands(def).len() == 2 {
        let index = usize::try_from(constant_int(ir, ir.operand(def, 1))?).ok()?;
        return size_of(ir, ir.operand(def, 0), index, depth + 1);
    }
    Some(Lin::atom(Atom::Value(v)))
}

/// `expr` of `map` applied to `operands`; `None` with a `mod`/`div` term.
fn of_expr(
    ir: &Ir,
    expr: AffineExpr,
    map: AffineMap,
    operands: &[Value],
    depth: usize,
) -> Option<Lin> {
    let ctx = ir.ctx();
    let nd = ctx.map_num_dims(map);
    let n_in = (nd + ctx.map_num_symbols(map)) as usize;
    let (row, locals) = ctx.flatten_expr(expr, nd, ctx.map_num_symbols(map))?;
    if row[n_in..n_in + locals.len()].iter().any(|&c| c != 0) || operands.len() < n_in {
        return None;
    }
    let mut out = Lin::constant(*row.last()?);
    for (p, &k) in row[..n_in].iter().enumerate() {
        if k != 0 {
            out.add_scaled(&of_value(ir, operands[p], depth)?, k)?;
        }
    }
    Some(out)
}

/// The size of dimension `index` of `memref`.
fn size_of(ir: &Ir, memref: Value, index: usize, depth: usize) -> Option<Lin> {
    let TypeData::MemRef { shape, .. } = ir.ctx().type_data(ir.value_type(memref)) else {
        return None;
    };
    let extent = *shape.get(index)?;
    if extent >= 0 {
        return Some(Lin::constant(extent));
    }
    let alloc = ir
        .defining_op(memref)
        .filter(|&d| ir.isa::<memref::Alloc>(d) || ir.isa::<memref::Alloca>(d));
    if let Some(d) = alloc {
        // The dynamic sizes come first, one per `?`, in order.
        let k = shape[..index].iter().filter(|&&s| s < 0).count();
        if let Some(&size) = ir.operands(d).get(k) {
            return of_value(ir, size, depth);
        }
    }
    Some(Lin::atom(Atom::Size(memref, index)))
}

/// Whether every lane of loop `l` (IV `iv`) past its upper bound writes past the end of
/// dimension `dim` of the memref of access `a`, indexed by result `dim` of its map.
pub(crate) fn past_bound_is_out_of_memref(
    ir: &Ir,
    l: Op,
    iv: Value,
    a: &Access,
    dim: usize,
) -> bool {
    proof(ir, l, iv, a, dim).unwrap_or(false)
}

fn proof(ir: &Ir, l: Op, iv: Value, a: &Access, dim: usize) -> Option<bool> {
    let (memref, map, indices) = (a.memref, a.map, &a.indices);
    let ctx = ir.ctx();
    let mut offset = of_expr(ir, *ctx.map_results(map).get(dim)?, map, indices, 0)?;
    if offset.terms.get(&Atom::Value(iv)) != Some(&1) {
        return Some(false);
    }
    offset.terms.remove(&Atom::Value(iv));
    let mut base = size_of(ir, memref, dim, 0)?;
    base.add_scaled(&offset, -1)?;
    let ub = map_attr(ir, l, AffineFor::UPPER_BOUND_MAP)?;
    let segs = crate::ops::for_segments(ir, l)?;
    let ub_operands = &ir.operands(l)[segs[1].clone()];
    for &e in ctx.map_results(ub) {
        // ub + offset - size >= 0, i.e. ub - (size - offset) >= 0.
        let mut d = of_expr(ir, e, ub, ub_operands, 0)?;
        d.add_scaled(&base, -1)?;
        if !d.terms.is_empty() || d.constant < 0 {
            return Some(false);
        }
    }
    Some(true)
}
