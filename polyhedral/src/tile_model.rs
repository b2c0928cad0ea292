//! The tile-size model of `poly-schedule` (Pluto-style): per permutable band, the
//! largest uniform size whose tile footprint fits the cache, bounded by the trip counts.
//!
//! Per band member `k` and per array dimension `d`, `c[d][k]` is how far one step of
//! member `k` (the other members fixed) moves the accessed element along `d` (the
//! largest |delta| over the accesses of that array, measured on the access relations
//! composed with the band's partial schedule: 0, 1, 2, 4 or 8; a dimension moved further
//! or swept by loops below the band counts as a fixed extent of [`SWEPT_EXTENT`]). A tile
//! of sizes `T` then touches `prod_d (1 + sum_k c[d][k] (T_k - 1))` elements of each array;
//! the footprint is the sum over arrays times [`ELEMENT_BYTES`]. The model tries uniform
//! sizes from 256 down to [`MIN_SIZE`] in steps of the vector width ([`VECTOR_ELEMENTS`]), each member clipped to its trip count (a member whose trip count
//! is unknown is not clipped), and keeps the first whose footprint fits the budget (the
//! L1 data cache, or L2 for the outer level of two-level tiling). Invariant: sizes are
//! at least 1; the choice only changes tile shapes, never legality (the band is
//! permutable, and the final schedule is checked against every dependence anyway).

use crate::isl::{IslCtx, IslError};
use isl_rs::{ScheduleNode, UnionMap, UnionSet};

/// Bytes per element the model assumes (f64/i64; an f32 array is counted twice).
pub const ELEMENT_BYTES: u64 = 8;
/// Elements of one vector register (AVX2, f32): sizes are multiples of it (once above
/// it), so the unit-stride loop vectorizes without a remainder.
pub const VECTOR_ELEMENTS: i64 = 8;
/// The smallest size the model picks (unless the trip count is smaller): measured with
/// `lattice run --time` on the examples (whose data fit L2), 8 and 16 were up to 10x
/// slower than 32 on heat_3d (loop overhead and short vector loops dominate).
pub const MIN_SIZE: i64 = 32;
/// Extent counted for an array dimension swept by loops below the band.
pub const SWEPT_EXTENT: u64 = 64;

/// Cache sizes the model tiles for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheSizes {
    /// L1 data cache, bytes.
    pub l1: u64,
    /// L2 (unified) cache, bytes.
    pub l2: u64,
}

impl Default for CacheSizes {
    fn default() -> Self {
        CacheSizes {
            l1: 32 * 1024,
            l2: 1024 * 1024,
        }
    }
}

impl CacheSizes {
    /// Reads `/sys/devices/system/cpu/cpu0/cache/index*/{level,type,size}`; missing
    /// entries keep [`CacheSizes::default`].
    pub fn from_sysfs() -> CacheSizes {
        let mut c = CacheSizes::default();
        let base = std::path::Path::new("/sys/devices/system/cpu/cpu0/cache");
        for i in 0..8 {
            let dir = base.join(format!("index{i}"));
            let read = |f: &str| std::fs::read_to_string(dir.join(f)).ok();
            let (Some(level), Some(kind), Some(size)) = (read("level"), read("type"), read("size"))
            else {
                continue;
            };
            let Some(bytes) = parse_size(size.trim()) else {
                continue;
            };
            match (level.trim(), kind.trim()) {
                ("1", "Data") | ("1", "Unified") => c.l1 = bytes,
                ("2", _) => c.l2 = bytes,
                _ => {}
            }
        }
        c
    }
}

/// `32K`, `1024K`, `2M`, `4096` -> bytes.
fn parse_size(s: &str) -> Option<u64> {
    let (num, mul) = match s.chars().last()? {
        'K' | 'k' => (&s[..s.len() - 1], 1024),
        'M' | 'm' => (&s[..s.len() - 1], 1024 * 1024),
        _ => (s, 1),
    };
    num.parse::<u64>().ok().map(|n| n * mul)
}

/// What the model chose for one band, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileChoice {
    /// Size per band member.
    pub sizes: Vec<i64>,
    /// Footprint of one tile, bytes.
    pub footprint: u64,
    /// The budget it had to fit, bytes.
    pub budget: u64,
    /// Trip count per member, where known.
    pub trips: Vec<Option<u64>>,
}

impl TileChoice {
    /// One line for a remark.
    pub fn describe(&self) -> String {
        let trips: Vec<String> = self
            .trips
            .iter()
            .map(|t| t.map_or("?".to_string(), |t| t.to_string()))
            .collect();
        let (fits, floor) = if self.footprint <= self.budget {
            ("<=", String::new())
        } else {
            (">", format!(" (smallest size {MIN_SIZE})"))
        };
        format!(
            "tile sizes [{}] (model): footprint {} B {fits} budget {} B{floor}, trip counts [{}]",
            self.sizes
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            self.footprint,
            self.budget,
            trips.join(", ")
        )
    }
}

/// The model's sizes for the band at `node`. `accesses`: per access, its relation on
/// the statement's domain (`S[i..] -> A[o..]`); `inner`: the sizes of an inner tiling
/// level already chosen (the outer level's sizes are multiples of them), if any.
pub fn choose_tile_sizes(
    isl: &IslCtx,
    node: &ScheduleNode,
    accesses: &[UnionMap],
    budget: u64,
    inner: Option<&[i64]>,
) -> Result<TileChoice, IslError> {
    let n = isl.check(node.band_n_member())?.max(0) as usize;
    let mupa = isl.check(node.band_get_partial_schedule())?;
    let band = isl.check(UnionMap::from_multi_union_pw_aff(mupa))?;
    let band = isl.check(band.intersect_domain(isl.check(node.get_domain())?))?;
    // Trip counts: the largest distance between two band points along member k.
    let range = isl.check(isl.check(band.copy())?.range())?;
    let pairs = isl.check(UnionMap::from_domain_and_range(
        isl.check(range.copy())?,
        range,
    ))?;
    let spread = isl.check(pairs.deltas())?;
    let mut trips = Vec::with_capacity(n);
    for k in 0..n {
        trips.push(trip_count(isl, &spread, n, k)?);
    }
    // Element steps per member: coefficient per (array, dim, member).
    let mut arrays: Vec<(String, usize, Vec<Vec<Option<u64>>>)> = Vec::new();
    for k in 0..n {
        let step = member_step(isl, &band, n, k)?;
        for rel in accesses {
            let maps = isl.check(rel.get_map_list())?;
            let Ok(map) = maps.get_at(0) else { continue };
            let name = match map.get_tuple_name(isl_rs::DimType::Out) {
                Ok(n) => n.to_string(),
                Err(_) => continue,
            };
            let rank = isl.check(map.dim(isl_rs::DimType::Out))?.max(0) as usize;
            if rank == 0 {
                continue;
            }
            let moved = isl.check(isl.check(rel.copy())?.reverse())?;
            let moved = isl.check(moved.apply_range(isl.check(step.copy())?))?;
            let moved = isl.check(moved.apply_range(isl.check(rel.copy())?))?;
            if isl.check(moved.is_empty())? {
                continue;
            }
            let deltas = isl.check(moved.deltas())?;
            let entry = match arrays.iter().position(|a| a.0 == name) {
                Some(i) => i,
                None => {
                    arrays.push((name.clone(), rank, vec![vec![Some(0); n]; rank]));
                    arrays.len() - 1
                }
            };
            for d in 0..rank {
                let c = smallest_bound(isl, &deltas, Some(&name), rank, d, &[0, 1, 2, 4, 8])?;
                let slot = &mut arrays[entry].2[d][k];
                *slot = match (*slot, c) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    _ => None,
                };
            }
        }
    }
    let footprint = |sizes: &[i64]| -> u64 {
        let mut total = 0u64;
        for (_, _, coef) in &arrays {
            let mut elems = 1u64;
            for dim in coef {
                let mut extent = 1u64;
                let mut swept = false;
                for (k, c) in dim.iter().enumerate() {
                    match c {
                        Some(c) => extent += c * (sizes[k].max(1) as u64 - 1),
                        None => swept = true,
                    }
                }
                if swept {
                    extent = extent.max(SWEPT_EXTENT);
                }
                elems = elems.saturating_mul(extent);
            }
            total = total.saturating_add(elems.saturating_mul(ELEMENT_BYTES));
        }
        total
    };
    let width = VECTOR_ELEMENTS;
    let mut best: Option<(Vec<i64>, u64)> = None;
    let mut t = 256i64;
    while t >= MIN_SIZE {
        let sizes: Vec<i64> = (0..n)
            .map(|k| {
                let mut s = t;
                if let Some(inner) = inner {
                    // Outer level: a multiple of the inner size.
                    let i = inner.get(k).copied().unwrap_or(1).max(1);
                    s = (s / i).max(1) * i;
                }
                match trips[k] {
                    Some(trip) if (trip as i64) < s => trip as i64,
                    _ => s,
                }
            })
            .collect();
        let f = footprint(&sizes);
        if f <= budget {
            best = Some((sizes, f));
            break;
        }
        best = Some((sizes, f));
        t -= if t > width { width } else { 1 };
    }
    let (sizes, footprint) = best.unwrap_or((vec![1; n], 0));
    Ok(TileChoice {
        sizes,
        footprint,
        budget,
        trips,
    })
}

/// Pairs of instances one step apart along member `k` of the band with partial
/// schedule `band` (`n` members), the other members equal: `band^-1 . (+e_k) . band`.
pub fn member_step(
    isl: &IslCtx,
    band: &UnionMap,
    n: usize,
    k: usize,
) -> Result<UnionMap, IslError> {
    let vars = |p: &str| {
        (0..n)
            .map(|m| format!("{p}{m}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let cons: Vec<String> = (0..n)
        .map(|m| {
            if m == k {
                format!("u{m} = t{m} + 1")
            } else {
                format!("u{m} = t{m}")
            }
        })
        .collect();
    let step = isl.union_map(&format!(
        "{{ [{}] -> [{}] : {} }}",
        vars("t"),
        vars("u"),
        cons.join(" and ")
    ))?;
    let step = isl.check(isl.check(band.copy())?.apply_range(step))?;
    isl.check(step.apply_range(isl.check(isl.check(band.copy())?.reverse())?))
}

/// The number of values of member `k` (its largest spread in `spread`, plus one), when
/// at most 4096; `None` when larger or unbounded (parametric trip counts).
fn trip_count(
    isl: &IslCtx,
    spread: &UnionSet,
    n: usize,
    k: usize,
) -> Result<Option<u64>, IslError> {
    let powers: Vec<u64> = (0..13).map(|p| 1u64 << p).collect();
    let Some(hi) = smallest_bound(isl, spread, None, n, k, &[0])?
        .or(smallest_bound(isl, spread, None, n, k, &powers)?)
    else {
        return Ok(None);
    };
    // Binary search in (hi / 2, hi] for the exact largest spread.
    let (mut lo, mut hi) = (hi / 2, hi);
    while hi > 0 && lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if smallest_bound(isl, spread, None, n, k, &[mid])?.is_some() {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(Some(hi + 1))
}

/// The smallest `b` of `candidates` with `|x_d| <= b` for every point of `deltas` (in
/// the space `name[x0..]` of `rank` dimensions, or the anonymous one); `None` if none.
fn smallest_bound(
    isl: &IslCtx,
    deltas: &UnionSet,
    name: Option<&str>,
    rank: usize,
    d: usize,
    candidates: &[u64],
) -> Result<Option<u64>, IslError> {
    let vars: Vec<String> = (0..rank).map(|k| format!("x{k}")).collect();
    for &b in candidates {
        let set = isl.union_set(&format!(
            "{{ {}[{}] : -{b} <= x{d} <= {b} }}",
            name.unwrap_or(""),
            vars.join(", ")
        ))?;
        if isl.check(deltas.is_subset(&set))? {
            return Ok(Some(b));
        }
    }
    Ok(None)
}
