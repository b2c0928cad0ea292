//! Index-set splitting of clamped windows (`poly-schedule`'s `split-borders`): where a
//! statement's loops or `affine.max`/`affine.min` ops clamp a window to the array
//! (`max(i - 1, 0)` to `min(i + 2, N)`, blur's 3 × 3 window), the band members those
//! bounds depend on are split into borders and an interior (isl's `isolate` AST option),
//! so the interior's loops and window sizes have constant trip counts (LLVM unrolls and
//! vectorizes them); [`prune_min_max`] then drops the `max`/`min` results the enclosing
//! loops' constant ranges make redundant in the generated code.
//!
//! Invariants: splitting only changes how the code of a schedule is laid out, never the
//! schedule (the order of statement instances), so it needs no legality check; a band is
//! split only where each split member has at most two border pieces, at most two members
//! are split, the splits on one path of the tree make at most [`MAX_COPIES`] copies of
//! the body, the borders are thin (at most
//! [`MAX_BORDER`] values per member) and the interior holds at least [`MIN_INTERIOR`]
//! times as many values as the borders; an isl error leaves the schedule unsplit.

use crate::isl::{IslCtx, IslError};
use crate::scop::{Scop, Statement};
use isl_rs::{Schedule, ScheduleNode, ScheduleNodeType, Set, UnionSet};
use lattice_affine::util::map_attr;
use lattice_affine::views::{AffineApply, AffineFor, AffineMax, AffineMin, AffineParallel};
use lattice_dialects::arith;
use lattice_ir::{Ir, Op, Value};

/// The most values a split member may leave to its borders (both ends together).
pub const MAX_BORDER: i64 = 8;
/// The interior of a split member holds at least this many times its border values.
pub const MIN_INTERIOR: i64 = 8;
/// The most members of one band that are split (3 × 3 = 9 copies of the body).
const MAX_SPLIT_MEMBERS: usize = 2;
/// The most copies of a statement the splits on one path of the tree may make (the
/// product of the pieces of each split member).
pub const MAX_COPIES: i64 = 9;

/// One clamp: a `max` (or `min`) of one expression of the statement's IVs and constants,
/// as the constraints (`expr >= 0` over `i0..`, coefficients then constant) under which
/// the expression wins.
fn clamp_constraints(
    ir: &Ir,
    map: lattice_ir::AffineMap,
    operands: &[Value],
    st: &Statement,
    is_max: bool,
) -> Option<Vec<Vec<i64>>> {
    let ctx = ir.ctx();
    let nd = ctx.map_num_dims(map);
    let ns = ctx.map_num_symbols(map);
    if ctx.map_num_results(map) < 2 || operands.len() != (nd + ns) as usize {
        return None;
    }
    let n = st.dims.len();
    // Operand k → statement dim.
    let dims: Vec<usize> = operands
        .iter()
        .map(|v| st.dims.iter().position(|d| d.iv == *v))
        .collect::<Option<_>>()?;
    let mut rows: Vec<Vec<i64>> = Vec::new();
    for &e in ctx.map_results(map).iter() {
        let (row, locals) = ctx.flatten_expr(e, nd, ns)?;
        if !locals.is_empty() {
            return None;
        }
        let mut r = vec![0i64; n + 1];
        for (k, &d) in dims.iter().enumerate() {
            r[d] += row[k];
        }
        r[n] = *row.last()?;
        rows.push(r);
    }
    let varying: Vec<usize> = (0..rows.len())
        .filter(|&k| rows[k][..n].iter().any(|&c| c != 0))
        .collect();
    let [w] = varying[..] else {
        return None;
    };
    let mut out = Vec::new();
    for (k, r) in rows.iter().enumerate() {
        if k == w {
            continue;
        }
        // max: w - r >= 0; min: r - w >= 0.
        let c: Vec<i64> = (0..=n)
            .map(|i| {
                if is_max {
                    rows[w][i] - r[i]
                } else {
                    r[i] - rows[w][i]
                }
            })
            .collect();
        out.push(c);
    }
    Some(out)
}

/// The interior of statement `st` as isl text (`{ S1[i0, ..] : .. }`): where every clamp
/// of its loops' bounds and of its `affine.max`/`affine.min` ops takes its varying
/// expression; `None` where it has no clamp.
fn interior_text(ir: &Ir, st: &Statement) -> Option<String> {
    let mut rows: Vec<Vec<i64>> = Vec::new();
    let mut add = |r: Option<Vec<Vec<i64>>>| {
        for c in r.into_iter().flatten() {
            if !rows.contains(&c) {
                rows.push(c);
            }
        }
    };
    for d in &st.dims {
        if !ir.isa::<AffineFor>(d.loop_op) {
            continue;
        }
        let (Some(lbm), Some(ubm)) = (
            map_attr(ir, d.loop_op, AffineFor::LOWER_BOUND_MAP),
            map_attr(ir, d.loop_op, AffineFor::UPPER_BOUND_MAP),
        ) else {
            continue;
        };
        let operands = ir.operands(d.loop_op);
        let n_lb = ir.ctx().map_num_inputs(lbm);
        let n_ub = ir.ctx().map_num_inputs(ubm);
        if operands.len() < n_lb + n_ub {
            continue;
        }
        add(clamp_constraints(ir, lbm, &operands[..n_lb], st, true));
        add(clamp_constraints(
            ir,
            ubm,
            &operands[n_lb..n_lb + n_ub],
            st,
            false,
        ));
    }
    for &op in &st.ops {
        for (def, is_max) in [(AffineMax::DEF, true), (AffineMin::DEF, false)] {
            if ir.is_any_def(op, &[def]) {
                if let Some(m) = map_attr(ir, op, AffineMax::MAP) {
                    add(clamp_constraints(ir, m, ir.operands(op), st, is_max));
                }
            }
        }
    }
    if rows.is_empty() {
        return None;
    }
    let n = st.dims.len();
    let vars: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let cons: Vec<String> = rows
        .iter()
        .map(|r| {
            // `lhs >= rhs`, every coefficient positive.
            let (mut lhs, mut rhs) = (Vec::new(), Vec::new());
            for k in 0..n {
                let c = r[k];
                let t = if c.abs() == 1 {
                    vars[k].clone()
                } else {
                    format!("{}*{}", c.abs(), vars[k])
                };
                match c.signum() {
                    1 => lhs.push(t),
                    -1 => rhs.push(t),
                    _ => {}
                }
            }
            match r[n].signum() {
                1 => lhs.push(r[n].to_string()),
                -1 => rhs.push((-r[n]).to_string()),
                _ => {}
            }
            let side = |v: Vec<String>| {
                if v.is_empty() {
                    "0".to_string()
                } else {
                    v.join(" + ")
                }
            };
            format!("{} >= {}", side(lhs), side(rhs))
        })
        .collect();
    Some(format!(
        "{{ {}[{}] : {} }}",
        st.name,
        vars.join(", "),
        cons.join(" and ")
    ))
}

/// What [`split_borders`] did to one member: its source name, the values its interior
/// spans and the border values before and after it.
struct SplitMember {
    label: String,
    before: (i64, i64),
    after: (i64, i64),
}

/// Sets isl's `isolate` option on every band whose members clamped windows depend on
/// (see the module doc), one remark per split band in `log`. Returns `schedule`
/// unchanged where nothing qualifies or isl fails.
pub fn split_borders(
    isl: &IslCtx,
    ir: &Ir,
    scop: &Scop,
    schedule: Schedule,
    log: &std::sync::Mutex<Vec<String>>,
) -> Result<Schedule, IslError> {
    let mut interiors: Vec<UnionSet> = Vec::new();
    for st in &scop.statements {
        let Some(text) = interior_text(ir, st) else {
            continue;
        };
        let Ok(set) = isl.union_set(&text) else {
            continue;
        };
        let domain = isl.check(UnionSet::from_set(isl.check(st.domain.copy())?))?;
        interiors.push(isl.check(set.intersect(domain))?);
    }
    if interiors.is_empty() {
        return Ok(schedule);
    }
    let backup = isl.check(schedule.copy())?;
    let mut notes = Vec::new();
    let root = isl.check(schedule.get_root())?;
    match visit(isl, root, &interiors, scop, &mut notes, 1) {
        Ok(root) => {
            if let Ok(mut l) = log.lock() {
                l.append(&mut notes);
            }
            isl.check(root.get_schedule())
        }
        Err(_) => Ok(backup),
    }
}

/// Preorder walk of the tree at `node`, splitting bands ([`split_band`]; `copies`: the
/// copies of the body the splits above make); returns `node`.
fn visit(
    isl: &IslCtx,
    node: ScheduleNode,
    interiors: &[UnionSet],
    scop: &Scop,
    notes: &mut Vec<String>,
    copies: i64,
) -> Result<ScheduleNode, IslError> {
    let mut node = node;
    let mut copies = copies;
    if isl.check(node.get_type())? == ScheduleNodeType::Band {
        (node, copies) = split_band(isl, node, interiors, scop, notes, copies)?;
    }
    let n = isl.check(node.n_children())?;
    for k in 0..n {
        let child = isl.check(node.child(k))?;
        let child = visit(isl, child, interiors, scop, notes, copies)?;
        node = isl.check(child.parent())?;
    }
    Ok(node)
}

fn single_set(isl: &IslCtx, u: UnionSet) -> Result<Option<Set>, IslError> {
    if isl.check(u.n_set())? != 1 {
        return Ok(None);
    }
    Ok(Some(
        isl.check(isl.check(Set::from_union_set(u))?.coalesce())?,
    ))
}

/// The constant smallest and largest value of dimension `pos` of `set`.
fn extent(isl: &IslCtx, set: &Set, pos: i32) -> Result<Option<(i64, i64)>, IslError> {
    let lo = isl.check(isl.check(set.copy())?.dim_min_val(pos))?;
    let hi = isl.check(isl.check(set.copy())?.dim_max_val(pos))?;
    if !isl.check(lo.is_int())? || !isl.check(hi.is_int())? {
        return Ok(None);
    }
    Ok(Some((
        isl.check(lo.get_num_si())?,
        isl.check(hi.get_num_si())?,
    )))
}

/// Isolates the interior of the band at `node` where the rule of the module doc allows,
/// the body's copies (`copies` above it) staying within [`MAX_COPIES`]; returns the node
/// and the copies below it.
fn split_band(
    isl: &IslCtx,
    node: ScheduleNode,
    interiors: &[UnionSet],
    scop: &Scop,
    notes: &mut Vec<String>,
    copies: i64,
) -> Result<(ScheduleNode, i64), IslError> {
    let domain = isl.check(node.get_domain())?;
    let prefix = isl.check(node.get_prefix_schedule_union_map())?;
    let partial = isl.check(node.band_get_partial_schedule_union_map())?;
    let schedule = isl.check(prefix.range_product(partial))?;
    let mut iso: Option<UnionSet> = None;
    for interior in interiors {
        let here = isl.check(
            isl.check(interior.copy())?
                .intersect(isl.check(domain.copy())?),
        )?;
        if isl.check(here.is_empty())? {
            continue;
        }
        let image = isl.check(here.apply(isl.check(schedule.copy())?))?;
        iso = Some(match iso {
            None => image,
            Some(i) => isl.check(i.intersect(image))?,
        });
    }
    let Some(iso) = iso else {
        return Ok((node, copies));
    };
    let full = isl.check(domain.apply(schedule))?;
    let (Some(iso), Some(full)) = (single_set(isl, iso)?, single_set(isl, full)?) else {
        return Ok((node, copies));
    };
    if isl.check(iso.is_equal(&full))? || isl.check(iso.n_basic_set())? != 1 {
        return Ok((node, copies));
    }
    let n = isl.check(node.band_n_member())?;
    let total = isl.check(iso.dim(isl_rs::DimType::Set))?;
    let outer = total - n;
    let labels = crate::source_loops::member_names(isl, &node, &scop.names).unwrap_or_default();
    let mut split = Vec::new();
    for k in 0..n {
        let (Some((flo, fhi)), Some((ilo, ihi))) = (
            extent(isl, &full, outer + k)?,
            extent(isl, &iso, outer + k)?,
        ) else {
            return Ok((node, copies));
        };
        let border = (ilo - flo) + (fhi - ihi);
        if border == 0 {
            continue;
        }
        if ilo < flo || ihi > fhi || border > MAX_BORDER || (ihi - ilo + 1) < MIN_INTERIOR * border
        {
            return Ok((node, copies));
        }
        split.push(SplitMember {
            label: labels
                .get(k as usize)
                .cloned()
                .flatten()
                .unwrap_or_else(|| format!("member {k}")),
            before: (flo, ilo - 1),
            after: (ihi + 1, fhi),
        });
    }
    let pieces: i64 = split
        .iter()
        .map(|m| 1 + (m.before.0 <= m.before.1) as i64 + (m.after.0 <= m.after.1) as i64)
        .product();
    if split.is_empty() || split.len() > MAX_SPLIT_MEMBERS || copies * pieces > MAX_COPIES {
        return Ok((node, copies));
    }
    let iso = isl.check(iso.set_tuple_name("isolate"))?;
    let options = isl.check(node.band_get_ast_build_options())?;
    let options = isl.check(options.union(isl.check(UnionSet::from_set(iso))?))?;
    let node = isl.check(node.band_set_ast_build_options(options))?;
    for m in &split {
        let range = |(a, b): (i64, i64)| match b - a {
            d if d < 0 => None,
            0 => Some(format!("{a}")),
            _ => Some(format!("{a}..{b}")),
        };
        let borders: Vec<String> = [range(m.before), range(m.after)]
            .into_iter()
            .flatten()
            .collect();
        notes.push(format!(
            "index set split on {}: {} pieces (borders {}), the interior's clamped windows have constant bounds",
            m.label,
            borders.len() + 1,
            borders.join(" and ")
        ));
    }
    Ok((node, copies * pieces))
}

/// The value of an `arith.constant` index `v`.
fn constant_index(ir: &Ir, v: Value) -> Option<i64> {
    let def = ir.defining_op(v)?;
    if ir.isa::<AffineApply>(def) && ir.operands(def).is_empty() {
        let c = ir.ctx().map_constant_results(map_attr(ir, def, "map")?)?;
        return (c.len() == 1).then(|| c[0]);
    }
    if !ir.isa::<arith::Constant>(def) {
        return None;
    }
    let c = ir.ctx().int_value(ir.attr(def, "value")?)?;
    i64::try_from(c).ok()
}

/// The constant range `[lo, hi]` of the IV `v` of an enclosing `affine.for` (or 1-D
/// `affine.parallel`) whose bounds are constants.
fn iv_range(ir: &Ir, v: Value) -> Option<(i64, i64)> {
    if ir.defining_op(v).is_some() {
        return None;
    }
    let op = ir.value_block(v).and_then(|b| ir.block_parent_op(b))?;
    let ctx = ir.ctx();
    let (lb, ub) = if ir.isa::<AffineFor>(op) {
        if ir
            .block_args(ir.entry_block(*ir.regions(op).first()?)?)
            .first()
            != Some(&v)
        {
            return None;
        }
        (
            map_attr(ir, op, AffineFor::LOWER_BOUND_MAP)?,
            map_attr(ir, op, AffineFor::UPPER_BOUND_MAP)?,
        )
    } else if ir.isa::<AffineParallel>(op) {
        if ir
            .block_args(ir.entry_block(*ir.regions(op).first()?)?)
            .len()
            != 1
        {
            return None;
        }
        (
            map_attr(ir, op, AffineParallel::LOWER_BOUNDS_MAP)?,
            map_attr(ir, op, AffineParallel::UPPER_BOUNDS_MAP)?,
        )
    } else {
        return None;
    };
    let lo = *ctx.map_constant_results(lb)?.iter().max()?;
    let hi = *ctx.map_constant_results(ub)?.iter().min()? - 1;
    (lo <= hi).then_some((lo, hi))
}

/// In the ops nested in `block`, drops the results of `affine.max` (`affine.min`) ops
/// that another result bounds from above (below) over the constant ranges of the
/// enclosing loops' IVs ([`iv_range`]): the clamps an interior never reaches. Returns
/// how many results were dropped.
pub fn prune_min_max(ir: &mut Ir, ops: &[Op]) -> usize {
    let mut todo = Vec::new();
    for &top in ops {
        for op in ir.walk_ops(top, lattice_ir::WalkOrder::PreOrder) {
            if ir.isa::<AffineMax>(op) || ir.isa::<AffineMin>(op) {
                todo.push(op);
            }
        }
    }
    let mut dropped = 0;
    let ctx = ir.ctx_arc().clone();
    for op in todo {
        let is_max = ir.isa::<AffineMax>(op);
        let Some(map) = map_attr(ir, op, "map") else {
            continue;
        };
        let operands = ir.operands(op).to_vec();
        let (nd, ns) = (ctx.map_num_dims(map), ctx.map_num_symbols(map));
        if operands.len() != (nd + ns) as usize || ctx.map_num_results(map) < 2 {
            continue;
        }
        let ranges: Vec<Option<(i64, i64)>> = operands
            .iter()
            .map(|&v| {
                constant_index(ir, v)
                    .map(|c| (c, c))
                    .or_else(|| iv_range(ir, v))
            })
            .collect();
        let results = ctx.map_results(map).to_vec();
        let rows: Vec<Option<Vec<i64>>> = results
            .iter()
            .map(|&e| {
                let (row, locals) = ctx.flatten_expr(e, nd, ns)?;
                locals.is_empty().then_some(row)
            })
            .collect();
        // The smallest value of `a - b` over the ranges, if bounded.
        let min_diff = |a: &[i64], b: &[i64]| -> Option<i64> {
            let n = operands.len();
            let mut m = a[n] - b[n];
            for k in 0..n {
                let c = a[k] - b[k];
                if c == 0 {
                    continue;
                }
                let (lo, hi) = ranges[k]?;
                m += if c > 0 { c * lo } else { c * hi };
            }
            Some(m)
        };
        let mut keep: Vec<usize> = (0..results.len()).collect();
        for r in 0..results.len() {
            let Some(rr) = &rows[r] else { continue };
            let dominated = keep.iter().any(|&s| {
                s != r
                    && rows[s].as_ref().is_some_and(|sr| {
                        // max: s >= r everywhere; min: s <= r everywhere.
                        let d = if is_max {
                            min_diff(sr, rr)
                        } else {
                            min_diff(rr, sr)
                        };
                        d.is_some_and(|d| d >= 0)
                    })
            });
            if dominated && keep.len() > 1 {
                keep.retain(|&k| k != r);
            }
        }
        if keep.len() == results.len() {
            continue;
        }
        dropped += results.len() - keep.len();
        let new = ctx.affine_map(nd, ns, keep.iter().map(|&k| results[k]).collect());
        ir.set_attr(op, "map", ctx.affine_map_attr(new));
    }
    dropped
}
