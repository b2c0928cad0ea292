//! Tiling of permutable bands, and the `affine-loop-tile` pass with mlir-opt's options
//! (`tile-size`, `tile-sizes`, `cache-size`, `separate`).
//!
//! A band of perfectly nested loops (each loop's body is the next loop) is tiled by
//! giving the outer band the members `T*floor(e/T)` and keeping the original members as
//! the point band below it; isl's AST generator produces the tile loops (`step T`) and
//! the point loops with `max`/`min` bounds, triangular nests included. Before anything
//! changes, the tiled schedule is checked against every dependence: when tiling the band
//! as it is would violate one (mlir-opt 22 tiles such bands anyway, e.g. a `(1, -1)`
//! stencil), the band is first skewed (`e_k + f*e_0`, f = 1..4) when that makes tiling
//! legal, and left alone with a remark naming the dependence otherwise.
//!
//! Tile sizes follow mlir-opt's `LoopTiling`: `tile-size` for every loop, else
//! `tile-sizes` (padded with 4, truncated), else the cache model: the band's memory
//! footprint (the bounding box of every array region it touches, times the element size)
//! over `cache-size` KiB gives an excess factor `x`; each loop but the last gets
//! `floor(x^(1/n))`, the last the balance; without a computable footprint (or with
//! `index` elements, which mlir-opt does not size) the sizes are 4; then, as mlir-opt's
//! `adjustToDivisorsOfTripCounts`, sizes above half a constant trip count become half
//! of it and shrink to divisors of constant trip counts. `separate` (bands over one
//! statement) runs full tiles and partial tiles under separate filters inside the tile
//! loops, so full tiles get point loops without `min` (mlir-opt uses an `affine.if`). Memrefs are assumed not to alias one
//! another, as mlir-opt assumes (`assume-no-alias=false` makes the check conservative).

use super::expr::SchedExpr;
use super::{
    apply_private, first_violation_private, for_each_scop, program_tree, remark, Member, Tree,
};
use crate::deps::{AliasAssumption, Dependences};
use crate::isl::{dim_range, IslCtx};
use crate::scop::Scop;
use lattice_affine::loops;
use lattice_affine::views::AffineFor;
use lattice_dialects::func;
use lattice_ir::diag::Diagnostic;
use lattice_ir::pass::{OptionError, OptionValues, PassConfig, PassDef, PassOption, PassOptions};
use lattice_ir::{Ir, Op, TypeData};

/// How tile sizes are chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileSizes {
    /// The same size for every loop (`tile-size`).
    All(i64),
    /// One size per loop, outermost first (`tile-sizes`), padded with 4.
    PerLoop(Vec<i64>),
    /// mlir-opt's cache model with this cache size in KiB (`cache-size`).
    Cache(u64),
}

/// Options of [`loop_tile`].
#[derive(Clone, Debug)]
pub struct TileOptions {
    /// Tile sizes.
    pub sizes: TileSizes,
    /// Separate full tiles from partial ones.
    pub separate: bool,
    /// The aliasing assumption of the legality check.
    pub alias: AliasAssumption,
}

impl Default for TileOptions {
    fn default() -> Self {
        TileOptions {
            sizes: TileSizes::Cache(512),
            separate: false,
            alias: AliasAssumption::DistinctMemrefs,
        }
    }
}

/// mlir-opt's default tile size.
pub const DEFAULT_TILE_SIZE: i64 = 4;

/// Merges a band whose only child is a band (a perfect nest) into one band.
pub fn perfect_band(t: Tree) -> Tree {
    match t {
        Tree::Band {
            mut members,
            permutable,
            mut loops,
            options,
            child,
        } => {
            let child = perfect_band(*child);
            match child {
                Tree::Band {
                    members: m2,
                    loops: l2,
                    child: c2,
                    ..
                } => {
                    members.extend(m2);
                    loops.extend(l2);
                    Tree::Band {
                        members,
                        permutable,
                        loops,
                        options,
                        child: c2,
                    }
                }
                other => Tree::Band {
                    members,
                    permutable,
                    loops,
                    options,
                    child: Box::new(other),
                },
            }
        }
        other => other,
    }
}

/// Tiles band `t` with `sizes` (one per member; extra members keep size 1 = untiled
/// behaviour is not used: callers pass exactly one size per member). Several levels are
/// obtained by tiling the tile band again.
pub fn tile_band(t: &Tree, sizes: &[i64]) -> Tree {
    let Tree::Band {
        members,
        loops,
        child,
        options,
        ..
    } = t
    else {
        return t.clone();
    };
    let tiles: Vec<Member> = members
        .iter()
        .zip(sizes)
        .map(|(m, &size)| Member {
            exprs: m
                .exprs
                .iter()
                .map(|(&s, e)| (s, e.clone().strip_start(size)))
                .collect(),
            coincident: m.coincident,
        })
        .collect();
    let point = Tree::Band {
        members: members.clone(),
        permutable: true,
        loops: Vec::new(),
        options: options.clone(),
        child: child.clone(),
    };
    Tree::Band {
        members: tiles,
        permutable: true,
        loops: loops.clone(),
        options: None,
        child: Box::new(point),
    }
}

/// Full/partial tile separation (mlir-opt's `separate`) of a tiled band `t` (as
/// [`tile_band`] builds it) over one statement whose band members are its iterators:
/// inside the tile loops, the point band runs under two filters, the instances of full
/// tiles (all of the tile's points in the domain: isl then generates point loops
/// without `min`) and those of partial tiles. A tile is wholly in one part, so the
/// order of execution is unchanged. `None` when the band is not of that form or every
/// tile is full.
pub fn separate_tiles(isl: &IslCtx, scop: &Scop, t: &Tree, sizes: &[i64]) -> Option<Tree> {
    let Tree::Band {
        members,
        permutable,
        loops,
        options,
        child,
    } = t
    else {
        return None;
    };
    let Tree::Band { members: point, .. } = child.as_ref() else {
        return None;
    };
    let stmts = t.statements();
    let [s] = stmts[..] else { return None };
    let n = scop.statements[s].dims.len();
    let mut same = Vec::new();
    for (k, m) in point.iter().enumerate() {
        let d = m.exprs.get(&s)?.as_iter()?;
        if d >= n {
            return None;
        }
        let size = sizes[k];
        same.push(format!("floor(i{d}/{size}) = floor(j{d}/{size})"));
    }
    let iv: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let jv: Vec<String> = (0..n).map(|k| format!("j{k}")).collect();
    let name = &scop.statements[s].name;
    let prefix = scop.param_prefix();
    let same_tile = isl
        .map(&format!(
            "{prefix}{{ {name}[{}] -> {name}[{}] : {} }}",
            iv.join(", "),
            jv.join(", "),
            same.join(" and ")
        ))
        .ok()?;
    let domain = isl.check(scop.statements[s].domain.copy()).ok()?;
    let outside = isl
        .check(isl.check(domain.copy()).ok()?.complement())
        .ok()?;
    let touched = isl.check(outside.apply(same_tile)).ok()?;
    let partial = isl
        .check(isl.check(domain.copy()).ok()?.intersect(touched))
        .ok()?;
    if isl.check(partial.is_empty()).ok()? {
        return None;
    }
    let full = isl
        .check(domain.subtract(isl.check(partial.copy()).ok()?))
        .ok()?;
    let full = isl.check(full.coalesce()).ok()?;
    let partial = isl.check(partial.coalesce()).ok()?;
    let filter = |s| {
        isl.check(isl_rs::UnionSet::from_set(s))
            .ok()
            .map(super::Filter::new)
    };
    let point_tree = child.as_ref().clone();
    Some(Tree::Band {
        members: members.clone(),
        permutable: *permutable,
        loops: loops.clone(),
        options: options.clone(),
        child: Box::new(Tree::Sequence(vec![
            Tree::Filtered(filter(full)?, Box::new(point_tree.clone())),
            Tree::Filtered(filter(partial)?, Box::new(point_tree)),
        ])),
    })
}

/// Skews members 1.. of band `t` by `factor` times member 0 (`e_k + factor*e_0`).
pub fn skew_band(t: &Tree, factor: i64) -> Tree {
    let Tree::Band {
        members,
        permutable,
        loops,
        options,
        child,
    } = t
    else {
        return t.clone();
    };
    let first = members[0].clone();
    let members = members
        .iter()
        .enumerate()
        .map(|(k, m)| {
            if k == 0 {
                return m.clone();
            }
            Member {
                exprs: m
                    .exprs
                    .iter()
                    .map(|(&s, e)| {
                        let e0 = first.exprs.get(&s).cloned().unwrap_or(SchedExpr::Const(0));
                        (s, e.clone().plus(e0.scaled(factor)))
                    })
                    .collect(),
                coincident: false,
            }
        })
        .collect();
    Tree::Band {
        members,
        permutable: *permutable,
        loops: loops.clone(),
        options: options.clone(),
        child: child.clone(),
    }
}

/// The top-level bands of `t` (its items when it is a sequence), as perfect bands.
fn top_bands(t: Tree) -> Vec<Tree> {
    match t {
        Tree::Sequence(items) => items.into_iter().map(perfect_band).collect(),
        other => vec![perfect_band(other)],
    }
}

fn join(items: Vec<Tree>) -> Tree {
    if items.len() == 1 {
        items.into_iter().next().expect("one")
    } else {
        Tree::Sequence(items)
    }
}

/// Whether `tree` respects every dependence; `Some(description)` of the first it
/// violates otherwise.
pub fn violation(
    ir: &Ir,
    isl: &IslCtx,
    scop: &Scop,
    deps: &Dependences,
    tree: &Tree,
    private: &[usize],
) -> Result<Option<String>, super::TransformError> {
    let s = super::isl_schedule(isl, scop, tree)?;
    let m = isl.check(s.get_map())?;
    Ok(first_violation_private(isl, ir, scop, deps, &m, private)?)
}

fn element_bytes(ir: &Ir, v: lattice_ir::Value) -> Option<u64> {
    let ctx = ir.ctx();
    let TypeData::MemRef { element, .. } = ctx.type_data(ir.value_type(v)).clone() else {
        return None;
    };
    Some(match ctx.type_data(element) {
        TypeData::Float(kind) => (kind.width() as u64).div_ceil(8),
        TypeData::Integer { width, .. } => (*width as u64).div_ceil(8),
        // mlir-opt sizes only integer and float elements (not index): no footprint.
        _ => return None,
    })
}

/// mlir-opt's footprint of the statements `stmts`: per memref, the bounding box of the
/// elements accessed (an extent with no constant bound is the memref's static size),
/// times the element size. `None` when some extent is neither.
fn footprint(ir: &Ir, isl: &IslCtx, scop: &Scop, stmts: &[usize]) -> Option<u64> {
    let mut per_array: Vec<Option<isl_rs::Set>> = (0..scop.arrays.len()).map(|_| None).collect();
    for &s in stmts {
        let st = &scop.statements[s];
        for a in &st.accesses {
            let img = isl
                .check(st.domain.copy())
                .and_then(|d| isl.check(isl.check(a.relation.copy())?.intersect_domain(d)))
                .and_then(|m| isl.check(m.range()))
                .ok()?;
            per_array[a.array] = Some(match per_array[a.array].take() {
                None => img,
                Some(x) => isl.check(x.union(img)).ok()?,
            });
        }
    }
    let mut total = 0u64;
    for (k, set) in per_array.into_iter().enumerate() {
        let Some(set) = set else { continue };
        // Only memory counts: scalars and carried values modelled as arrays are not
        // memrefs mlir-opt would size.
        if scop.arrays[k].kind != crate::scop::ArrayKind::Memref {
            continue;
        }
        let rank = scop.arrays[k].rank;
        let shape = match ir.ctx().type_data(ir.value_type(scop.arrays[k].value)) {
            TypeData::MemRef { shape, .. } => shape.clone(),
            _ => Vec::new(),
        };
        let mut elems = 1u64;
        for d in 0..rank {
            let extent = match dim_range(isl, &set, d).ok()? {
                (Some(lo), Some(hi)) => i64::try_from(i128::from(hi) - i128::from(lo) + 1)
                    .ok()?
                    .max(0),
                // As mlir-opt: an extent with no constant bound is the memref's size.
                _ => match shape.get(d) {
                    Some(&n) if n != lattice_ir::DYNAMIC && n >= 0 => n,
                    _ => return None,
                },
            };
            elems = elems.checked_mul(extent as u64)?;
        }
        total = total.checked_add(elems.checked_mul(element_bytes(ir, scop.arrays[k].value)?)?)?;
    }
    Some(total)
}

/// The tile sizes of a band of `n` loops.
fn sizes_for(
    ir: &Ir,
    isl: &IslCtx,
    scop: &Scop,
    band: &Tree,
    n: usize,
    sizes: &TileSizes,
) -> Vec<i64> {
    match sizes {
        TileSizes::All(t) => vec![*t; n],
        TileSizes::PerLoop(v) => {
            let mut v = v.clone();
            v.resize(n, DEFAULT_TILE_SIZE);
            v
        }
        TileSizes::Cache(kib) => {
            let Some(fp) = footprint(ir, isl, scop, &band.statements()) else {
                let mut out = vec![DEFAULT_TILE_SIZE; n];
                adjust_to_trip_counts(ir, band, &mut out);
                return out;
            };
            let cache = kib.saturating_mul(1024).max(1);
            let excess = fp.div_ceil(cache);
            if excess <= 1 {
                return vec![1; n];
            }
            let t = ((excess as f64).powf(1.0 / n as f64)).floor().max(1.0) as i64;
            let mut out = Vec::with_capacity(n);
            let mut product = 1i64;
            for k in 0..n {
                let s = if k + 1 < n {
                    t
                } else {
                    ((excess as i64) / product).max(1)
                };
                out.push(s);
                product = product.saturating_mul(s);
            }
            adjust_to_trip_counts(ir, band, &mut out);
            out
        }
    }
}

/// mlir-opt's `adjustToDivisorsOfTripCounts` (it avoids max/min bounds): a size above
/// half of a constant trip count `tc > 1` becomes `tc / 2`, then every size shrinks to
/// the largest divisor of its loop's constant trip count not above it.
fn adjust_to_trip_counts(ir: &Ir, band: &Tree, sizes: &mut [i64]) {
    let Tree::Band { loops, .. } = band else {
        return;
    };
    for (s, &l) in sizes.iter_mut().zip(loops) {
        // Single-result bounds only, as mlir-opt here: a max/min bound has no trip count.
        let single = ir.isa::<AffineFor>(l) && loops::has_single_result_bounds(ir, l);
        let Some(tc) = single.then(|| loops::constant_trip_count(ir, l)).flatten() else {
            continue;
        };
        if tc > 1 && *s > tc / 2 {
            *s = tc / 2;
        }
        while *s > 1 && tc % *s != 0 {
            *s -= 1;
        }
        *s = (*s).max(1);
    }
}

/// What [`loop_tile`] did.
#[derive(Debug, Default)]
pub struct TileReport {
    /// Bands tiled.
    pub tiled: usize,
    /// Bands skewed before tiling.
    pub skewed: usize,
    /// Why bands or SCoPs were left alone.
    pub remarks: Vec<Diagnostic>,
}

/// Tiles every band of perfectly nested loops in `func`'s SCoPs.
pub fn loop_tile(ir: &mut Ir, func: Op, options: &TileOptions) -> TileReport {
    let mut report = TileReport::default();
    for_each_scop(
        ir,
        func,
        options.alias,
        "not tiled",
        &mut report.remarks,
        |ir, isl, scop, deps, cells, remarks| {
            let first = scop.ops[0];
            let bands = top_bands(program_tree(ir, scop));
            let mut done: Vec<Tree> = bands.clone();
            let mut changed = false;
            for k in 0..bands.len() {
                let Tree::Band { members, loops, .. } = &bands[k] else {
                    continue;
                };
                let n = members.len();
                let at = loops.first().copied().unwrap_or(first);
                let sizes = sizes_for(ir, isl, scop, &bands[k], n, &options.sizes);
                if sizes.iter().any(|&s| s < 1) {
                    remarks.push(remark(ir, at, "not tiled: tile sizes must be positive"));
                    continue;
                }
                let tiled = |band: &Tree| {
                    let t = tile_band(band, &sizes);
                    if options.separate {
                        separate_tiles(isl, scop, &t, &sizes).unwrap_or(t)
                    } else {
                        t
                    }
                };
                let mut candidate = done.clone();
                candidate[k] = tiled(&bands[k]);
                let first_why =
                    match violation(ir, isl, scop, deps, &join(candidate.clone()), cells) {
                        Ok(None) => {
                            done = candidate;
                            changed = true;
                            report.tiled += 1;
                            continue;
                        }
                        Ok(Some(why)) => why,
                        Err(e) => {
                            remarks.push(remark(ir, at, e.to_string()));
                            continue;
                        }
                    };
                let mut ok = false;
                if n >= 2 {
                    for f in 1..=4 {
                        let mut candidate = done.clone();
                        candidate[k] = tiled(&skew_band(&bands[k], f));
                        if let Ok(None) =
                            violation(ir, isl, scop, deps, &join(candidate.clone()), cells)
                        {
                            done = candidate;
                            changed = true;
                            ok = true;
                            report.tiled += 1;
                            report.skewed += 1;
                            remarks.push(remark(
                                ir,
                                at,
                                format!(
                                    "tiled after skewing the inner loops by {f} times the outer loop: tiling as is would violate the dependence {first_why}"
                                ),
                            ));
                            break;
                        }
                    }
                }
                if !ok {
                    remarks.push(remark(
                        ir,
                        at,
                        format!("not tiled: tiling would violate the dependence {first_why}"),
                    ));
                }
            }
            if changed {
                if let Err(e) = apply_private(ir, isl, scop, deps, &join(done), cells, remarks) {
                    remarks.push(remark(ir, first, e.to_string()));
                }
            }
            Ok(())
        },
    );
    report
}

impl PassConfig for TileOptions {
    fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
        let sizes = if o.value("tile-size").is_some() {
            TileSizes::All(o.int("tile-size", DEFAULT_TILE_SIZE)?)
        } else if o.value("tile-sizes").is_some_and(|v| !v.is_empty()) {
            TileSizes::PerLoop(o.int_list("tile-sizes")?)
        } else {
            let c = o.int("cache-size", 512)?;
            if c <= 0 {
                return Err(OptionError::expected(
                    "cache-size",
                    "a positive size in KiB",
                    &c.to_string(),
                ));
            }
            TileSizes::Cache(c as u64)
        };
        let options = TileOptions {
            sizes,
            separate: o.bool("separate", false)?,
            alias: AliasAssumption::from_pass_option(o, true)?,
        };
        Ok(options)
    }
}

fn run(ir: &mut Ir, func: Op, o: &PassOptions) -> Result<(), Vec<Diagnostic>> {
    let options = o.typed_at::<TileOptions>(ir, func)?;
    let report = loop_tile(ir, func, &options);
    lattice_ir::pass::report_declined(&report.remarks, o);
    Ok(())
}

/// The `affine-loop-tile` pass.
pub static AFFINE_LOOP_TILE: PassDef = PassDef {
    name: "affine-loop-tile",
    display_name: "AffineLoopTiling",
    summary: "Tile affine loop nests",
    anchor: Some(func::Func::NAME),
    options: &[
        PassOption::int(
            "cache-size",
            1,
            i64::MAX,
            "512",
            "Set size of cache to tile for in KiB",
        ),
        PassOption::bool("separate", false, "Separate full and partial tiles"),
        PassOption::int(
            "tile-size",
            1,
            i64::MAX,
            "",
            "Use this tile size for all loops",
        ),
        PassOption::ints(
            "tile-sizes",
            1,
            i64::MAX,
            "",
            "List of tile sizes for each perfect nest (overridden by -tile-size)",
        ),
        PassOption::bool(
            "assume-no-alias",
            true,
            "Assume distinct memrefs never alias (as mlir-opt)",
        ),
        PassOption::bool("remarks", false, "Print why a band was not tiled (stderr)"),
    ],
    configure: lattice_ir::pass::configure::<TileOptions>,
    run,
};
