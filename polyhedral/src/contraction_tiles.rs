//! Cache tiles of contraction bands sized for the register tile that follows them
//! (`poly-schedule{register-tile=true}`, which `lattice-fast` sets): BLIS's blocking
//! rules, read off the machine model instead of the generic reuse rule of
//! [`crate::tile_model`].
//!
//! # Contraction band
//! A band whose statements write one array `C` (one written access group, not counting
//! groups that no step of the three innermost members moves between instances of:
//! statements outside the band, or at one point of it), where among
//! the band's three innermost members exactly one, `r`, leaves `C`'s element in place
//! (all its steps are zero) while at least two groups of other arrays move along it (a
//! reduction over an index two operands share), and the other two move `C` with known
//! steps: `u` the one that moves `C`'s last subscript (unit stride), `o` the other. The
//! same shape `affine-register-tile` detects on the point loops (any order of the three),
//! from the model's access groups, never from names. Every other array moving along `u`
//! moves its last subscript only: the register tile vectorizes `u`. No loops may run below the band,
//! and one statement of the band must have more loops than every other (`poly-schedule`
//! checks): the register tile needs a perfect nest, and splits off only statements that
//! run outside the reduction loop (PolyBench gemm's `C *= beta`, fused by isl into the
//! band behind an `affine.if`); where it declines, kc-long reduction loops ran 15x slower
//! than the reuse rule's unrolled ones.
//!
//! # Sizes (the register tile is `mr` rows of `nr` elements, `e` bytes each)
//! The point loops become, after `affine-register-tile`: `mr` rows of `o` (unroll-jam),
//! `nr` columns of `u` (vectors), `r` innermost with the `mr x nr` accumulators in
//! registers. With the operand `A` broadcast per row and `B` loaded as vectors:
//! - `r` gets `kc`, the largest power of two with `(mr + nr) kc e <= L1`: the micro-panel
//!   of `A` (`mr x kc`, reused by every column block of the tile) and the one of `B`
//!   streaming past it (`kc x nr`) fit in L1; the accumulators are loaded and stored
//!   once per `kc` steps. (64 on the reference machine in f32 and f64; `kc` rows of an
//!   unpacked `B` also stay within the L1 TLB's reach at row strides of a page or more.)
//! - `u` and `o` get `nc` and `mc`: the `C` tile (`mc x nc`, updated once per `kc`) and
//!   the block of `B` (`kc x nc`, reused by every row block of the tile) share half of
//!   L2, `(mc + kc) nc e <= L2 / 2`, with `mc` about `nc` (a square tile moves the least
//!   data per flop); `nc` a multiple of `nr`, `mc` of `mr`, so only a band's edge leaves
//!   a remainder to the register tile's cleanup loops.
//! - The first parallel member among `o` and `u` is cut into a multiple of the cores'
//!   count of tiles (at least one per core) of about equal size, still a multiple of
//!   `mr` (`nr`): a tile count that the cores do not divide leaves one idle at the end.
//!   This holds where nothing else is tiled too: the parallel mark then goes to the tile
//!   loop, and the point loops stay the perfect nest of `affine.for` the register tile
//!   needs (a whole parallel member becomes an `affine.parallel`, which it does not
//!   take).
//! - Members outside the three keep their trip counts.
//!
//! Measured (gemm, 2048 x 2048 x 2048 f32, 1 thread, `--lattice-fast`): `mc` from 252 to
//! 444, `nc` from 128 to 1024 and `kc` 64 or 128 all ran within 3% of each other at
//! 95-98% of OpenBLAS; `mc` = 96 ran 89%, and the generic rule's [256, 224, 32]
//! (columns not a multiple of `nr`, accumulators reloaded every 32 steps) 73%.
//!
//! Invariant: sizes only (at least 1, at most the trip count); legality is the band's
//! permutability, as for every tile size.

use crate::tile_model::{footprint, BandProfile, CacheSizes, Group, Reason, TileChoice};

/// What a contraction band is tiled for: the register tile `affine-register-tile`
/// builds after the schedule, and the cores the parallel member's tiles go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegisterTile {
    /// Rows of the register tile (`mr`).
    pub rows: u64,
    /// Bytes of one row of it: vectors per row times the vector register's bytes.
    pub row_bytes: u64,
    /// CPUs a parallel loop can use.
    pub cores: u64,
}

impl RegisterTile {
    /// The register tile `affine-register-tile` builds by default for `machine`.
    pub fn for_machine(machine: &lattice_ir::target::Machine) -> RegisterTile {
        let o = lattice_affine::passes::register_tile::RegisterTileOptions::for_machine(machine);
        RegisterTile {
            rows: o.rows.max(1) as u64,
            row_bytes: (o.vectors.max(1) * o.vector_bytes.max(1)) as u64,
            cores: machine.cores.max(1),
        }
    }
}

/// The members `[o, u, r]` of a contraction band (see the module docs), and its
/// written group.
pub fn contraction_members(profile: &BandProfile) -> Option<([usize; 3], &Group)> {
    let n = profile.trips.len();
    if n < 3 || profile.loops_below {
        return None;
    }
    let last = [n - 3, n - 2, n - 1];
    // Groups no step of the three moves between instances of (statements outside the
    // band, or run at one point of it) take no part in the contraction.
    let takes_part = |g: &&Group| !last.iter().all(|&k| g.lone[k]);
    let written: Vec<&Group> = profile
        .groups
        .iter()
        .filter(|g| g.written)
        .filter(takes_part)
        .collect();
    let [w] = written.as_slice() else {
        return None;
    };
    let still = |g: &Group, k: usize| g.steps[k].iter().all(|s| *s == Some(0));
    let reductions: Vec<usize> = last.iter().copied().filter(|&k| still(w, k)).collect();
    let [r] = reductions.as_slice() else {
        return None;
    };
    let shared = profile
        .groups
        .iter()
        .filter(|g| !g.written && !g.lone[*r] && !still(g, *r))
        .count();
    if shared < 2 {
        return None;
    }
    let known = |k: usize| w.steps[k].iter().all(Option::is_some) && !still(w, k);
    let unit = |k: usize| w.steps[k].last().is_some_and(|s| *s != Some(0));
    let others: Vec<usize> = last.iter().copied().filter(|k| k != r).collect();
    if !others.iter().all(|&k| known(k)) {
        return None;
    }
    let (o, u) = match (unit(others[0]), unit(others[1])) {
        (false, true) => (others[0], others[1]),
        (true, false) => (others[1], others[0]),
        _ => return None,
    };
    // The register tile vectorizes `u`: an operand moving along it must move its last
    // subscript only. A transposed one (syrk's A[j][k]) the register tile packs into a
    // panel, but these sizes would also go to bands whose nest it then declines (the
    // suite's attention, S = Q Kt^T with a statement after the reduction: 20x slower,
    // the kc-long reduction loops against the reuse rule's unrolled ones).
    let contiguous = |g: &Group| {
        g.steps[u].split_last().is_some_and(|(last, rest)| {
            matches!(last, Some(s) if *s != 0) && rest.iter().all(|x| *x == Some(0))
        })
    };
    if profile
        .groups
        .iter()
        .any(|g| !g.written && !still(g, u) && !contiguous(g))
    {
        return None;
    }
    Some(([o, u, *r], *w))
}

/// The blocking `(mc, nc, kc)` for a register tile of `mr x nr` elements of `e` bytes.
fn blocking(caches: &CacheSizes, mr: u64, nr: u64, e: u64) -> (u64, u64, u64) {
    let per_k = (mr + nr) * e;
    let mut kc = 1;
    while 2 * kc * per_k <= caches.l1 {
        kc *= 2;
    }
    // Elements of half of L2; the largest s with s (s + kc) <= half.
    let half = caches.l2 / 2 / e;
    let mut s = ((half as f64).sqrt() as u64).max(1);
    while s > 1 && s * (s + kc) > half {
        s -= 1;
    }
    let nc = (s / nr * nr).max(nr);
    let mc = ((half / nc).saturating_sub(kc) / mr * mr).max(mr);
    (mc, nc, kc)
}

/// `x` rounded up to a multiple of `unit`.
fn round_up(x: u64, unit: u64) -> u64 {
    x.div_ceil(unit) * unit
}

/// The size of the parallel member of trip count `trip`, tiled by `size` in multiples of
/// `unit`, so that its tile count is a multiple of `cores`; and that count.
fn balanced(trip: u64, size: u64, unit: u64, cores: u64) -> (u64, u64) {
    let tiles = trip.div_ceil(size.max(1));
    if cores <= 1 || trip < cores * unit || tiles % cores == 0 {
        return (size, tiles);
    }
    let tiles = round_up(tiles, cores);
    let size = round_up(trip.div_ceil(tiles), unit).min(trip);
    (size, trip.div_ceil(size))
}

/// The sizes of a contraction band for the register tile `rt` (see the module docs), or
/// `None` when the band is no contraction; `parallel`: parallel marks follow.
pub fn choose_contraction(
    profile: &BandProfile,
    caches: &CacheSizes,
    rt: &RegisterTile,
    parallel: bool,
) -> Option<TileChoice> {
    let ([o, u, r], w) = contraction_members(profile)?;
    let e = w.bytes.max(1);
    let (mr, nr) = (rt.rows.max(1), (rt.row_bytes / e).max(1));
    let (mc, nc, kc) = blocking(caches, mr, nr, e);
    let n = profile.trips.len();
    let trip = |k: usize| profile.trips[k].unwrap_or(crate::tile_model::UNKNOWN_TRIP_SIZE as u64);
    let mut sizes: Vec<i64> = (0..n).map(|k| trip(k).max(1) as i64).collect();
    let mut reasons = vec![Reason::Whole; n];
    let rules = [
        (o, mc, mr, format!("rows of the contraction: mc = {mc}, a multiple of the register tile's {mr} rows; the C tile and the B block (kc x nc) in half of L2")),
        (u, nc, nr, format!("columns of the contraction: nc = {nc}, a multiple of the register tile's {nr} columns; the C tile and the B block (kc x nc) in half of L2")),
        (r, kc, 1, format!("reduction of the contraction: kc = {kc}, ({mr} + {nr}) x kc elements (an A and a B micro-panel) in L1")),
    ];
    for (k, size, _, why) in &rules {
        if trip(*k) > *size {
            sizes[*k] = *size as i64;
            reasons[*k] = Reason::Contraction(why.clone());
        }
    }
    if let Some(p) = profile
        .first_parallel
        .filter(|p| parallel && (*p == o || *p == u))
    {
        let unit = if p == o { mr } else { nr };
        let (size, tiles) = balanced(trip(p), sizes[p] as u64, unit, rt.cores);
        if size < trip(p) {
            sizes[p] = size as i64;
            reasons[p] = Reason::Contraction(format!(
                "parallel member of the contraction: {tiles} tiles of a multiple of {unit} for {} cores",
                rt.cores
            ));
        }
    }
    Some(TileChoice {
        footprint: footprint(profile, &sizes),
        sizes,
        budget: caches.l2 / 2,
        trips: profile.trips.clone(),
        reasons,
        over: false,
        reuse: true,
        fits_l2: None,
        stream_l2: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    /// gemm's band (i, j, k): C[i][j] += A[i][k] B[k][j], `m x n x k` of `e` bytes.
    fn gemm(m: u64, n: u64, k: u64, e: u64) -> BandProfile {
        let g = |array: &str, steps: [[i64; 2]; 3], written: bool| Group {
            array: array.into(),
            bytes: e,
            steps: steps
                .iter()
                .map(|v| v.iter().map(|&x| Some(x)).collect())
                .collect(),
            spread: vec![Some(0); 2],
            full: vec![Some(m.max(n).max(k)); 2],
            lone: vec![false; 3],
            written,
        };
        BandProfile {
            trips: vec![Some(m), Some(n), Some(k)],
            loops_below: false,
            vector_innermost: false,
            innermost_lower: Some(0),
            first_parallel: Some(0),
            min_bytes: e,
            groups: vec![
                g("C", [[1, 0], [0, 1], [0, 0]], true),
                g("A", [[1, 0], [0, 0], [0, 1]], false),
                g("B", [[0, 0], [0, 1], [1, 0]], false),
            ],
        }
    }

    fn describe(p: &BandProfile, machine: &lattice_ir::target::Machine) -> String {
        let caches = CacheSizes::from_machine(machine);
        let rt = RegisterTile::for_machine(machine);
        choose_contraction(p, &caches, &rt, true).map_or("none".into(), |c| c.describe())
    }

    #[test]
    fn gemm_tiles_are_multiples_of_the_register_tile() {
        let medium = lattice_ir::target::Machine::default();
        expect!["tile sizes [258, 320, 64] (model): tile footprint 478208 B, reuse budget 524288 B, trip counts [1024, 1024, 1024]; 0: parallel member of the contraction: 4 tiles of a multiple of 6 for 2 cores, 1: columns of the contraction: nc = 320, a multiple of the register tile's 64 columns; the C tile and the B block (kc x nc) in half of L2, 2: reduction of the contraction: kc = 64, (6 + 64) x kc elements (an A and a B micro-panel) in L1"]
            .assert_eq(&describe(&gemm(1024, 1024, 1024, 4), &medium));
        expect!["tile sizes [210, 224, 64] (model): tile footprint 598528 B, reuse budget 524288 B, trip counts [2048, 2048, 2048]; 0: parallel member of the contraction: 10 tiles of a multiple of 6 for 2 cores, 1: columns of the contraction: nc = 224, a multiple of the register tile's 32 columns; the C tile and the B block (kc x nc) in half of L2, 2: reduction of the contraction: kc = 64, (6 + 32) x kc elements (an A and a B micro-panel) in L1"]
            .assert_eq(&describe(&gemm(2048, 2048, 2048, 8), &medium));
        // 16-byte vectors, 16 registers: a 6 x 8 f32 register tile, a 16 KiB L1.
        let small = lattice_ir::target::Machine::preset("small").unwrap();
        expect!["tile sizes [108, 88, 256] (model): tile footprint 238720 B, reuse budget 131072 B, trip counts [1024, 1024, 1024]; 0: parallel member of the contraction: 10 tiles of a multiple of 6 for 2 cores, 1: columns of the contraction: nc = 88, a multiple of the register tile's 8 columns; the C tile and the B block (kc x nc) in half of L2, 2: reduction of the contraction: kc = 256, (6 + 8) x kc elements (an A and a B micro-panel) in L1"]
            .assert_eq(&describe(&gemm(1024, 1024, 1024, 4), &small));
    }

    #[test]
    fn small_contraction_is_cut_for_the_cores_only() {
        let medium = lattice_ir::target::Machine::default();
        expect!["tile sizes [36, 64, 64] (model): tile footprint 34816 B, reuse budget 524288 B, trip counts [64, 64, 64]; 0: parallel member of the contraction: 2 tiles of a multiple of 6 for 2 cores, 1: whole, 2: whole"]
            .assert_eq(&describe(&gemm(64, 64, 64, 4), &medium));
    }

    #[test]
    fn non_contractions_are_left_to_the_reuse_rule() {
        let medium = lattice_ir::target::Machine::default();
        // No reduction member: C[i][j] = A[i][j] + B[i][j] over (i, j, k) with C moving on all.
        let mut p = gemm(512, 512, 512, 4);
        p.groups[0].steps[2] = vec![Some(1), Some(0)];
        assert_eq!(describe(&p, &medium), "none");
        // One operand along the reduction only (a row sum): no shared index.
        let mut p = gemm(512, 512, 512, 4);
        p.groups.pop();
        assert_eq!(describe(&p, &medium), "none");
        // Loops below the band: the register tile would not see its point loops.
        let mut p = gemm(512, 512, 512, 4);
        p.loops_below = true;
        assert_eq!(describe(&p, &medium), "none");
        // B transposed along the unit-stride member (syrk's A[j][k]: B[j][k]): the register
        // tile cannot vectorize it.
        let mut p = gemm(512, 512, 512, 4);
        p.groups[2].steps = vec![
            vec![Some(0), Some(0)],
            vec![Some(1), Some(0)],
            vec![Some(0), Some(1)],
        ];
        assert_eq!(describe(&p, &medium), "none");
    }

    #[test]
    fn groups_outside_the_band_take_no_part() {
        let medium = lattice_ir::target::Machine::default();
        // The same sizes and reasons (the footprint counts the other array's element).
        let sizes = |p: &BandProfile| {
            let d = describe(p, &medium);
            d.split_once(": tile footprint")
                .map_or(d.clone(), |(head, _)| head.to_string())
                + d.split_once("trip counts").map_or("", |(_, tail)| tail)
        };
        let plain = sizes(&gemm(512, 512, 512, 4));
        // Another statement of the SCoP writes an array no member moves (covariance's
        // `mean`): still one written group in the contraction.
        let mut p = gemm(512, 512, 512, 4);
        let mut other = p.groups[0].clone();
        other.array = "mean".into();
        other.steps = vec![vec![Some(0), Some(0)]; 3];
        other.lone = vec![true; 3];
        p.groups.push(other.clone());
        assert_eq!(sizes(&p), plain);
        // One that a member moves is a second written array: no contraction.
        other.lone = vec![false; 3];
        other.steps[0] = vec![Some(1), Some(0)];
        p.groups.pop();
        p.groups.push(other);
        assert_eq!(describe(&p, &medium), "none");
    }

    #[test]
    fn parallel_tiles_are_balanced_over_the_cores() {
        assert_eq!(balanced(1024, 342, 6, 2), (258, 4));
        assert_eq!(balanced(1024, 256, 6, 2), (256, 4));
        assert_eq!(balanced(1000, 342, 6, 2), (252, 4));
        assert_eq!(balanced(8, 6, 6, 2), (6, 2));
        assert_eq!(balanced(1024, 342, 6, 1), (342, 3));
    }
}
