//! The tile-size model of `poly-schedule`: per permutable band, tile sizes from the data
//! a tile touches (in the arrays' own coordinates, with the arrays' element sizes) and
//! the reuse each band member carries, against the L1 (or L2) cache.
//!
//! # Profile of a band
//! Measured with isl on the access relations composed with the band's partial schedule:
//! - the trip count of each member;
//! - per access of a memref (SSA values and scalar cells live in registers: not counted),
//!   the *step* of each member `k`: the element delta when member `k` advances by one and
//!   the others stay (a constant vector, or "swept" where it varies, i.e. where loops
//!   below the band run through that dimension of the array), and the *spread*: how far
//!   apart the elements one band point touches lie (a stencil's neighbours, `+-1`);
//! - accesses of one array with the same steps form a group; per array dimension, its
//!   accessed range caps the extents;
//! - per member, whether the group is *lone*: no step of that member alone leads from
//!   one instance of its statements to another (the statement runs at one value of the
//!   member, the others fixed: trisolv's diagonal update, fused by isl into the row loop
//!   at `j = i`, or a statement outside an inner loop, at its first value). Its step
//!   reads as zero, but that is no reuse: one iteration of the member touches its data
//!   as often as two do, so the member's reuse test leaves it out (counted, it made a
//!   streaming 2048-wide initialization look like reuse of `i`, tiled [512, 2040]).
//!
//! # Footprint of a tile
//! A tile of sizes `T` touches, per group, the lattice points of the zonotope spanned by
//! the vectors `(T_k - 1) * step_k` and the box of the spread (`1 + spread` per
//! dimension), times the swept extents, times the element size (f32 4 bytes, f64 and
//! `index` 8, a vector element its full size), at most the whole accessed range. In the
//! arrays' coordinates, a time-skewed band counts the elements its sheared tile really
//! touches (the union of its shifted planes), not the bounding box of the shear.
//!
//! # Choice (Pluto's and MLIR's cache rule, made per member)
//! - The innermost member (the innermost point loop, with the default intra-tile order)
//!   runs its whole trip count when it is parallel (coincident) and most accesses step
//!   by at most one element along the last subscript there (LLVM vectorizes it; the
//!   sizes past one vector register ([`CacheSizes::vector`], the machine's) are multiples
//!   of one vector of elements). Otherwise
//!   it carries a dependence (a reduction, a recurrence) and gets [`UNROLL_SIZE`], or
//!   a size down to half of it that divides its trip count ([`unroll_size`]): LLVM
//!   unrolls such a short constant-trip loop completely and vectorizes the loop above.
//!   isl's tiles start at multiples of the size, so where the member's range starts at
//!   a constant that no such size divides (a scan from 1), no tile has a constant trip
//!   count (`max(1, 32 t)` to `min(32 t + 32, W)`): LLVM unrolls nothing, and the tiles
//!   only turn the row into short strips (summed-area's row scan ran 3-10x, edit
//!   distance 1.6x slower than untiled): the member keeps its whole trip count
//!   ([`aligned_unroll_size`]). Nor is it unrolled in a band without a parallel
//!   member whose data exceeds half of L2 ([`choose_in_caches`]): nothing runs the unrolled
//!   copies side by side, and each strip streams the band's data again from beyond L2
//!   (edit distance, floyd-warshall at 500² and bicg at MEDIUM: 1.14-1.20x of program
//!   order in strips, 0.99-1.05x untiled; floyd-warshall at 180², in L2: 0.56x in
//!   strips).
//!   Nor, in a band whose data lies beyond L2, where the loop above the strips would
//!   load its lanes one by one from more than one array it streams (touches once)
//!   ([`BandProfile::strips_pay`]: [`LANE_CYCLES`] per strided stream and lane against the whole loop's
//!   [`CHAIN_CYCLES`] per iteration): gesummv's `j` under `i` at LARGE, which moves
//!   `A[i][j]` and `B[i][j]` by a row, ran 1.65-2.4x slower in strips; atax's one
//!   strided array 1.4x faster; gesummv at MEDIUM, in L2, 1.6x faster; syr2k's strided
//!   `A[j][k]` and `B[j][k]`, reused across `i`, keep the strips (1.045x slower whole).
//! - Every other member starts at its trip count (not tiled). From the second innermost
//!   member outwards, member `k` carries reuse when two consecutive iterations of it
//!   touch fewer bytes than twice one iteration; that reuse stays in L1 only when two
//!   iterations (the members inside at their sizes, those outside fixed) fit the budget.
//!   Where they do not, the members inside `k` (the innermost one last) shrink in steps
//!   of [`SIZE_STEP`] (at least one vector of elements) until they fit, or to
//!   [`MIN_SIZE`].
//! - The outermost parallel member is cut into [`MIN_PARALLEL_TILES`] tiles when members
//!   inside it are tiled, so the parallel loop stays the outermost loop.
//! - The outer level of two-level tiling does the same against L2 on the tile band, in
//!   multiples of the inner sizes.
//! - A band where every member keeps its whole trip count is left untiled. In
//!   particular a band without reuse (a plain sum, a copy, a map: two iterations of
//!   every member touch twice the data of one) is never tiled: each element is loaded
//!   once whatever the order, so tiles save no cache misses; they only cut the
//!   unit-stride rows short (shorter vector loops with remainders, a prefetcher that
//!   restarts per row of a tile) and add loop overhead. Its parallelism does not need
//!   tiles either: the parallel mark goes to the outermost coincident loop (and
//!   `parallel-reductions` makes a reduction loop a parallel `reduce`) untiled.
//!
//! # Windows below a band
//! Loops below the band sweep, at each band point, a window of each array: blur's 3 x 3
//! neighbourhood `In[ii][jj]`, conv2d's `In[n][c][h + kh][w + kw]`, a reduction's whole
//! row. Its width per dimension is the access's own spread (the elements one band point
//! touches lie at most `w` apart); one step of a member moves the window by `c` when the
//! step's element deltas lie within `[c - w, c + w]`, and the step reads as `c` (the
//! window counted once as the box of the spread): a tile of blur's `(i, j)` touches
//! `(Ti + 2) x (Tj + 2)` elements of `In`, not whole columns. Deltas spread wider (a
//! window that grows with the member) or unbounded count the whole dimension (swept).
//! blur's band then fits untiled at every size (it was tiled; untiled is level with
//! program order at 64 and 512, where tiles ran 1.1-1.15x slower). Left alone: at 96-192
//! 32 x 32 tiles ran 0.7-0.85x of untiled, a code generation effect (LLVM specializes the
//! tiled point loops around the clamped window), not reuse.
//!
//! # Reuse in L2 beside a stream
//! Where the band streams arrays (groups every member moves: each element touched once,
//! from beyond L2 in any order) holding most of its data, and the reuse every member the L1 rule tiled for
//! carries stays in L2 untiled (two iterations of the member, the members inside whole,
//! fit L2), the members keep their trip counts: the tiles would only turn L2 hits into
//! L1 hits, hidden behind the stream's memory traffic, and cut the stream's rows for the
//! prefetcher (bicg at LARGE: 1.25x of program order in two column strips of `A`).
//! Bands where every array is reused (matmul) are not concerned.
//!
//! # Single-level L2 check
//! Where the whole band's data (per iteration of the loops outside it) fits in L2, it
//! stays there in any order: the tiles the L1 reuse rule would cut only add loop
//! overhead, and the members keep their trip counts ([`choose_in_caches`]; the remark
//! says `footprint X KB fits in L2 (Y KB)`). The innermost member's unrolled size stays
//! (a code generation choice, not a cache one), and the parallel member's tiles where it
//! remains.
//!
//! Invariant: sizes are at least 1; the choice only changes tile shapes, never legality
//! (the band is permutable, and the final schedule is checked against every dependence).

use crate::isl::{dim_range, IslCtx, IslError};
use isl_rs::{ScheduleNode, Set, UnionMap, UnionSet};

/// Size of an innermost member that carries a dependence: LLVM fully unrolls a loop of
/// up to this constant trip count and then vectorizes the loop around it (measured on
/// matmul: 32 ran 2x faster than 64 and 128; 16 and 8 left too little work to vectorize).
pub const UNROLL_SIZE: i64 = 32;
/// Sizes of the other members shrink in steps of this many iterations, or of one vector
/// register of elements ([`CacheSizes::vector`]) where that is more (f32: 16), up to
/// [`MIN_SIZE`]: the member vectorized above an unrolled innermost one (matmul's j) then
/// runs whole vectors. matmul at 512 (f32): j in tiles of 232 or 200 ran 1.3-1.4x slower
/// than 224, 240, 128 or 256; whether the size divides the trip count made no difference
/// (240 and 176 as fast as 128 and 256).
pub const SIZE_STEP: i64 = 8;
/// The smallest size the reuse rule shrinks a member to (unless its trip count is
/// smaller): measured with `scripts/bench_tile_model.sh`, 24 and 16 ran slower than 32
/// on covariance and lu (loop overhead and short vector loops outweigh the reuse).
pub const MIN_SIZE: i64 = 32;
/// Tiles of the outermost parallel (coincident) member at least, when members inside it
/// are tiled: a member tiled as large as its trip count makes no loop, so the parallel
/// mark would go to a loop inside the sequential tile loops (a parallel region per tile;
/// measured 7x slower on matmul than the parallel tile loop outermost).
pub const MIN_PARALLEL_TILES: i64 = 4;
/// Cycles per iteration of a loop that carries a dependence chain (a floating-point add's
/// latency; order_cost's figure): what a carried innermost member costs run whole.
pub const CHAIN_CYCLES: u64 = 4;
/// Cycles per vector lane to load one strided element and insert it (LLVM's strided
/// vector loads are per-lane loads and shuffles) where the band's data lies beyond L2,
/// each lane a line of another row. Measured at LARGE on the 2-core EPYC: strips of
/// gesummv's `j` (two strided arrays, `A[i][j]` and `B[i][j]` along `i`, 27 MB) cost
/// 4.6 cycles per iteration against 3.8 whole (1.65-2.4x slower strips), strips of
/// atax's first nest (one strided array, 32 MB) 2.8 against 4 whole (1.4x faster). In
/// L2 the lanes are cheap: gesummv at MEDIUM (1 MB) ran 1.6x faster in strips.
pub const LANE_CYCLES: u64 = 3;
/// The size of a member whose trip count is unknown (parametric), as a starting point.
pub const UNKNOWN_TRIP_SIZE: i64 = 256;
/// Extent counted for a swept array dimension whose range is unknown (parametric).
pub const SWEPT_EXTENT: u64 = 256;

/// Cache sizes (and the vector width) the model tiles for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheSizes {
    /// L1 data cache, bytes.
    pub l1: u64,
    /// L2 (unified) cache, bytes.
    pub l2: u64,
    /// Last-level (L3) cache, bytes (time tiling's threshold).
    pub l3: u64,
    /// Bytes of one vector register: an innermost size above it is a multiple of this
    /// many bytes of elements, so the vector loop has no remainder inside a tile.
    pub vector: u64,
}

impl CacheSizes {
    /// The caches of `machine`.
    pub fn from_machine(machine: &lattice_ir::target::Machine) -> CacheSizes {
        CacheSizes {
            l1: machine.l1_bytes,
            l2: machine.l2_bytes,
            l3: machine.l3_bytes,
            vector: machine.vector_bytes.max(1),
        }
    }
}

impl Default for CacheSizes {
    /// The caches of the reference machine ([`lattice_ir::target::Machine::default`]).
    fn default() -> Self {
        CacheSizes::from_machine(&lattice_ir::target::Machine::default())
    }
}

/// One access as the band post-processing of `poly-schedule` sees it.
pub struct ModelAccess {
    /// `S[i..] -> A[o..]`, on the statement's domain.
    pub relation: UnionMap,
    /// The pairs of elements at most one apart in the last subscript and equal in every
    /// other (`A[o..] -> A[o'..]`): the steps an innermost loop may take cheaply.
    pub near: UnionMap,
    /// Bytes per element of the memref; `None` for an SSA value (a register).
    pub element_bytes: Option<u64>,
    /// Whether the access writes (may write) the array.
    pub is_write: bool,
}

/// Accesses of one array that move alike along the band.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// isl name of the array.
    pub array: String,
    /// Bytes per element.
    pub bytes: u64,
    /// Per member, per array dimension: the element delta of one step of the member
    /// (`None`: varies, the dimension is swept).
    pub steps: Vec<Vec<Option<i64>>>,
    /// Per array dimension: how far apart the elements of one band point lie (`None`:
    /// unbounded, swept).
    pub spread: Vec<Option<u64>>,
    /// Per array dimension: the extent of the accessed range (`None`: unknown).
    pub full: Vec<Option<u64>>,
    /// Per member: whether a step of it never leads from one instance of the group's
    /// statements to another (the statement runs at one value of the member, the others
    /// fixed: a diagonal statement fused at `j = i`), for every access of the group.
    /// Its zero step is then no reuse: the group is left out of the member's reuse test.
    pub lone: Vec<bool>,
    /// Whether an access of the group writes the array.
    pub written: bool,
}

/// What the model knows about a band.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandProfile {
    /// Trip count per member, where known.
    pub trips: Vec<Option<u64>>,
    /// Whether loops run below the band (then its last member is no innermost loop).
    pub loops_below: bool,
    /// Whether the innermost member is parallel with unit-stride accesses.
    pub vector_innermost: bool,
    /// The innermost member's first value where it is one constant under every value
    /// of the loops outside it (`None`: it varies, a triangular loop, or is unknown).
    pub innermost_lower: Option<i64>,
    /// The first coincident (parallel) member, if any.
    pub first_parallel: Option<usize>,
    /// The smallest element size of the memrefs accessed (sets the vector width).
    pub min_bytes: u64,
    /// The access groups.
    pub groups: Vec<Group>,
}

impl Group {
    /// Whether every member of a band with these (whole) trip counts moves the group:
    /// each of its elements is touched once (a stream), no member carries reuse of it.
    pub fn streams(&self, trips: &[i64]) -> bool {
        (0..trips.len())
            .filter(|&k| trips[k] >= 2 && !self.lone.get(k).copied().unwrap_or(false))
            .all(|k| {
                group_points(self, &probe(trips, k, 2))
                    >= 2 * group_points(self, &probe(trips, k, 1))
            })
    }
}

impl BandProfile {
    /// The streamed groups ([`Group::streams`]) member `k` moves by more than one element, or along another than the
    /// last subscript (gesummv's `A[i][j]` and `B[i][j]` along `i`; none for matmul's `j`
    /// above `k`): the lanes LLVM loads one by one where it vectorizes the loop of `k`.
    pub fn strided_streams(&self, k: usize) -> usize {
        let Some(trips) = self
            .trips
            .iter()
            .map(|t| t.map(|t| t.max(1) as i64))
            .collect::<Option<Vec<i64>>>()
        else {
            return 0;
        };
        self.groups
            .iter()
            .filter(|g| !g.lone.get(k).copied().unwrap_or(false) && g.streams(&trips))
            .filter(|g| {
                !g.steps.get(k).is_some_and(|v| {
                    let last = v.len().saturating_sub(1);
                    v.iter().enumerate().all(|(d, s)| match s {
                        Some(s) if d == last => s.abs() <= 1,
                        Some(s) => *s == 0,
                        None => false,
                    })
                })
            })
            .count()
    }

    /// Whether unrolled strips of a carried innermost member pay: the loop above them
    /// (the nearest member above that is a loop) runs its iterations side by side as
    /// vector lanes, costing [`LANE_CYCLES`] per strided stream and lane, where the whole
    /// member runs its dependence chain at [`CHAIN_CYCLES`] per iteration. A band without
    /// such a member above keeps the strips (not measured against this rule).
    pub fn strips_pay(&self, innermost: usize) -> bool {
        (0..innermost)
            .rev()
            .find(|&k| self.trips[k] != Some(1))
            .is_none_or(|k| (self.strided_streams(k) as u64) * LANE_CYCLES < CHAIN_CYCLES)
    }
}

/// Why a member got its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Innermost, parallel with unit stride: the whole trip count (vectorized).
    Vector,
    /// Innermost, carries a dependence: unrolled.
    Unrolled,
    /// Innermost, carries a dependence, in a band without a parallel member whose data
    /// exceeds half of L2: whole.
    Serial,
    /// Innermost, carries a dependence, but its range starts at this constant, which
    /// no unrolling size divides: whole ([`aligned_unroll_size`]).
    Unaligned(i64),
    /// Innermost, carries a dependence, but strips of it would not pay: the loop above
    /// them loads too many strided lanes ([`BandProfile::strips_pay`]): whole.
    Strided,
    /// Not tiled: no reuse needed a smaller size.
    Whole,
    /// Shrunk so that the reuse carried by member `by` fits the budget (two iterations
    /// of it touch `bytes`).
    ForReuse {
        /// The member carrying the reuse.
        by: usize,
        /// Bytes two iterations of it touch with the chosen sizes.
        bytes: u64,
    },
    /// A multiple of the inner level's size (outer tiling level), for reuse or not.
    Outer,
    /// The outermost parallel member, in [`MIN_PARALLEL_TILES`] tiles.
    Parallel,
    /// A member of a contraction band sized for the register tile
    /// ([`crate::contraction_tiles`]): the rule, in words.
    Contraction(String),
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
    /// Per member, why.
    pub reasons: Vec<Reason>,
    /// Whether some reuse still does not fit at the smallest sizes.
    pub over: bool,
    /// Whether some member carries reuse (two iterations of it touch less than twice
    /// one); `false`: a streaming band, each element touched once.
    pub reuse: bool,
    /// `(whole band's footprint, L2 bytes)` where the single-level L2 check left the
    /// members the L1 reuse rule would have shrunk whole ([`choose_in_caches`]).
    pub fits_l2: Option<(u64, u64)>,
    /// `(member, bytes of two of its iterations untiled, L2 bytes)` where the band streams
    /// an array and the reuse the L1 rule would have tiled for stays in L2 untiled, so
    /// the members were left whole ([`choose_in_caches`]).
    pub stream_l2: Option<(usize, u64, u64)>,
}

impl TileChoice {
    /// Whether every member keeps its whole (known) trip count: tiling would only add
    /// loops (and cut the innermost rows short for the vectorizer), so the band stays as
    /// it is.
    pub fn untiled(&self) -> bool {
        !self.sizes.is_empty()
            && self
                .sizes
                .iter()
                .zip(&self.trips)
                .all(|(&s, t)| t.is_some_and(|t| s >= t as i64))
    }

    /// One line for a remark, members by index.
    pub fn describe(&self) -> String {
        self.describe_named(&[])
    }

    /// One line for a remark, member `k` named `members[k]` (`%i`) where given, else by
    /// its index.
    pub fn describe_named(&self, members: &[String]) -> String {
        let list = |v: Vec<String>| v.join(", ");
        let trips: Vec<String> = self
            .trips
            .iter()
            .map(|t| t.map_or("?".to_string(), |t| t.to_string()))
            .collect();
        let name = |k: usize| members.get(k).cloned().unwrap_or_else(|| k.to_string());
        let why: Vec<String> = self
            .reasons
            .iter()
            .enumerate()
            .map(|(k, r)| (name(k), r))
            .map(|(k, r)| match r {
                Reason::Vector => format!("{k}: innermost, parallel, unit stride: whole"),
                Reason::Unrolled => format!("{k}: innermost, carries a dependence: unrolled"),
                Reason::Serial => format!(
                    "{k}: innermost, carries a dependence, no parallel member in a band whose data exceeds half of L2: whole (unrolled strips would stream it again per strip, with no loop to run them side by side)"
                ),
                Reason::Strided => format!(
                    "{k}: innermost, carries a dependence, strips would not pay: the band's data lies beyond L2 and the loop above them would load strided lanes of more than one array it streams, more cycles than the whole loop's dependence chain costs: whole"
                ),
                Reason::Unaligned(lo) => format!(
                    "{k}: innermost, carries a dependence, starts at {lo}: whole (tiles of it would have no constant trip count to unroll)"
                ),
                Reason::Whole => format!("{k}: whole"),
                Reason::ForReuse { by, bytes } => {
                    let fits = if *bytes <= self.budget { "<=" } else { ">" };
                    let by = name(*by);
                    format!("{k}: reuse of {by} ({bytes} B {fits} {} B)", self.budget)
                }
                Reason::Outer => format!("{k}: multiple of the inner size"),
                Reason::Parallel => format!("{k}: parallel, {MIN_PARALLEL_TILES} tiles"),
                Reason::Contraction(rule) => format!("{k}: {rule}"),
            })
            .collect();
        let kb = |b: u64| b.div_ceil(1024);
        // The head of a remark where the L2 checks left the reuse untiled.
        let what = || {
            if self.untiled() {
                "not tiled (model)".to_string()
            } else {
                format!(
                    "tile sizes [{}] (model), not tiled for reuse",
                    list(self.sizes.iter().map(|s| s.to_string()).collect())
                )
            }
        };
        if let Some((whole, l2)) = self.fits_l2 {
            return format!(
                "{}: footprint {} KB fits in L2 ({} KB): its reuse stays in L2 untiled, tiles for L1 would only add loop overhead, trip counts [{}]; {}",
                what(),
                kb(whole),
                kb(l2),
                list(trips),
                list(why)
            );
        }
        if let Some((by, two, l2)) = self.stream_l2 {
            return format!(
                "{}: the band streams an array it touches once, and the reuse of {} stays in L2 untiled (two iterations: {} KB of {} KB): tiles for L1 would only cut the stream's rows, trip counts [{}]; {}",
                what(),
                name(by),
                kb(two),
                kb(l2),
                list(trips),
                list(why)
            );
        }
        if self.untiled() && !self.reuse {
            return format!(
                "not tiled (model): no member carries reuse (a streaming band: each element is touched once, so tiles would only cut its rows short for the vectorizer and the prefetcher), trip counts [{}]; {}",
                list(trips),
                list(why)
            );
        }
        if self.untiled() {
            return format!(
                "not tiled (model): no reuse needs a smaller tile (the reuse each member carries fits the {} B budget untiled), trip counts [{}]; {}",
                self.budget,
                list(trips),
                list(why)
            );
        }
        format!(
            "tile sizes [{}] (model): tile footprint {} B, reuse budget {} B{}, trip counts [{}]; {}",
            list(self.sizes.iter().map(|s| s.to_string()).collect()),
            self.footprint,
            self.budget,
            if self.over {
                " (some reuse does not fit even at the smallest sizes)"
            } else {
                ""
            },
            list(trips),
            list(why)
        )
    }
}

/// The model's sizes for the band at `node` against `budget` bytes; `inner`: the sizes
/// of an inner tiling level already chosen (the outer sizes are multiples of them);
/// `vector_bytes`: the machine's vector register.
pub fn choose_tile_sizes(
    isl: &IslCtx,
    node: &ScheduleNode,
    accesses: &[ModelAccess],
    budget: u64,
    level: Level<'_>,
    vector_bytes: u64,
) -> Result<TileChoice, IslError> {
    let profile = band_profile(isl, node, accesses)?;
    Ok(choose(&profile, budget, level, vector_bytes))
}

/// Which tiling level the model chooses for.
#[derive(Clone, Copy, Debug)]
pub enum Level<'a> {
    /// The (only or inner) level; `parallel`: the band's outermost parallel member will
    /// be marked parallel.
    Inner {
        /// Whether parallel marks follow.
        parallel: bool,
    },
    /// The outer level of two-level tiling over inner tiles of these sizes.
    Outer(&'a [i64]),
}

/// Measures the band at `node` (see the module docs); trip counts above
/// [`MAX_TRIP`] are unknown.
pub fn band_profile(
    isl: &IslCtx,
    node: &ScheduleNode,
    accesses: &[ModelAccess],
) -> Result<BandProfile, IslError> {
    band_profile_up_to(isl, node, accesses, Some(MAX_TRIP))
}

/// The largest trip count [`band_profile`] knows.
pub const MAX_TRIP: u64 = 4096;

/// [`band_profile`] with trip counts known up to `max_trip` (`None`: every bounded one;
/// time tiling's cost estimate of large grids, jacobi-2d 4096²).
pub fn band_profile_up_to(
    isl: &IslCtx,
    node: &ScheduleNode,
    accesses: &[ModelAccess],
    max_trip: Option<u64>,
) -> Result<BandProfile, IslError> {
    let n = isl.check(node.band_n_member())?.max(0) as usize;
    let (band, p) = band_schedule(isl, node)?;
    // Trip counts: the largest distance between two band points along member k under
    // one value of the loops outside the band.
    let range = isl.check(isl.check(band.copy())?.range())?;
    let pairs = isl.check(UnionMap::from_domain_and_range(
        isl.check(range.copy())?,
        isl.check(range.copy())?,
    ))?;
    let pairs = isl.check(pairs.intersect(same_prefix(isl, p, p + n)?))?;
    let innermost_lower = match n {
        0 => None,
        _ => constant_lower(isl, &range, p + n - 1)?,
    };
    let spread = isl.check(pairs.deltas())?;
    let mut trips = Vec::with_capacity(n);
    for k in 0..n {
        trips.push(trip_count(isl, &spread, p + n, p + k, max_trip)?);
    }
    let steps: Vec<UnionMap> = (0..n)
        .map(|k| member_step(isl, &band, p + n, p + k))
        .collect::<Result<_, _>>()?;
    // Instance pairs at the same band point.
    let same = isl.check(
        isl.check(band.copy())?
            .apply_range(isl.check(isl.check(band.copy())?.reverse())?),
    )?;
    let mut groups: Vec<(Group, UnionMap)> = Vec::new();
    let mut unit = 0usize;
    let mut counted = 0usize;
    for a in accesses {
        let Some(bytes) = a.element_bytes else {
            continue;
        };
        let maps = isl.check(a.relation.get_map_list())?;
        let Ok(map) = maps.get_at(0) else { continue };
        let Ok(name) = map.get_tuple_name(isl_rs::DimType::Out) else {
            continue;
        };
        let name = name.to_string();
        let rank = isl.check(map.dim(isl_rs::DimType::Out))?.max(0) as usize;
        if rank == 0 {
            continue;
        }
        // The window one band point of this access sweeps (loops below the band).
        let own = delta_spread(isl, elements_moved(isl, &a.relation, &same)?, rank)?;
        let mut vecs = Vec::with_capacity(n);
        let mut lone = Vec::with_capacity(n);
        for (k, step) in steps.iter().enumerate() {
            let moved = elements_moved(isl, &a.relation, step)?;
            lone.push(trips[k].is_none_or(|t| t > 1) && isl.check(moved.is_empty())?);
            if k + 1 == n && !isl.check(moved.is_empty())? {
                counted += 1;
                if isl.check(moved.is_subset(&a.near))? {
                    unit += 1;
                }
            }
            vecs.push(window_steps(&delta_bounds(isl, moved, rank)?, &own));
        }
        match groups
            .iter_mut()
            .find(|(g, _)| g.array == name && g.steps == vecs)
        {
            Some((g, rel)) => {
                // Lone only where every access of the group is.
                for (l, m) in g.lone.iter_mut().zip(&lone) {
                    *l &= m;
                }
                g.written |= a.is_write;
                let merged =
                    isl.check(isl.check(rel.copy())?.union(isl.check(a.relation.copy())?))?;
                *rel = merged;
            }
            None => groups.push((
                Group {
                    array: name,
                    bytes: bytes.max(1),
                    steps: vecs,
                    spread: Vec::new(),
                    full: Vec::new(),
                    lone,
                    written: a.is_write,
                },
                isl.check(a.relation.copy())?,
            )),
        }
    }
    let mut out = Vec::with_capacity(groups.len());
    for (mut g, rel) in groups {
        let rank = g.steps.first().map_or(0, |v| v.len());
        let near = elements_moved(isl, &rel, &same)?;
        g.spread = delta_spread(isl, near, rank)?;
        let image = isl.check(Set::from_union_set(
            isl.check(isl.check(rel.copy())?.range())?,
        ))?;
        g.full = (0..rank)
            .map(|d| {
                dim_range(isl, &image, d).map(|r| match r {
                    (Some(lo), Some(hi)) if hi >= lo => Some((hi - lo + 1) as u64),
                    _ => None,
                })
            })
            .collect::<Result<_, _>>()?;
        out.push(g);
    }
    let mut first_parallel = None;
    for k in 0..n {
        if isl.check(node.band_member_get_coincident(k as i32))? {
            first_parallel = Some(k);
            break;
        }
    }
    let coincident = n > 0 && isl.check(node.band_member_get_coincident(n as i32 - 1))?;
    let min_bytes = out.iter().map(|g| g.bytes).min().unwrap_or(8);
    Ok(BandProfile {
        loops_below: has_band_below(isl, node)?,
        trips,
        vector_innermost: coincident && counted > 0 && 2 * unit > counted,
        innermost_lower,
        first_parallel,
        min_bytes,
        groups: out,
    })
}

/// The schedule of the band at `node` with the loops outside it: `S[i..] -> [outer..,
/// members..]` on the node's domain, and how many outer dimensions lead. A step of one
/// member keeps the outer ones (lu's `(i, j)` band inside `k`: one step of `j` moves
/// `A[k][j]` by one element, not to every row `k`).
pub fn band_schedule(isl: &IslCtx, node: &ScheduleNode) -> Result<(UnionMap, usize), IslError> {
    let domain = isl.check(node.get_domain())?;
    let prefix = isl.check(node.get_prefix_schedule_union_map())?;
    let prefix = isl.check(prefix.intersect_domain(isl.check(domain.copy())?))?;
    let maps = isl.check(prefix.get_map_list())?;
    let p = match maps.get_at(0) {
        Ok(m) => isl.check(m.dim(isl_rs::DimType::Out))?.max(0) as usize,
        Err(_) => 0,
    };
    let mupa = isl.check(node.band_get_partial_schedule())?;
    let band = isl.check(UnionMap::from_multi_union_pw_aff(mupa))?;
    let band = isl.check(band.intersect_domain(domain))?;
    let band = if p == 0 {
        band
    } else {
        isl.check(prefix.flat_range_product(band))?
    };
    Ok((band, p))
}

/// `{ [t..] -> [u..] : u_j = t_j for j < p }` over `n` dimensions.
fn same_prefix(isl: &IslCtx, p: usize, n: usize) -> Result<UnionMap, IslError> {
    let vars = |c: &str| {
        (0..n)
            .map(|m| format!("{c}{m}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let cons: Vec<String> = (0..p).map(|m| format!("u{m} = t{m}")).collect();
    let cons = if cons.is_empty() {
        String::new()
    } else {
        format!(" : {}", cons.join(" and "))
    };
    isl.union_map(&format!("{{ [{}] -> [{}]{cons} }}", vars("t"), vars("u")))
}

/// Whether the subtree below the band at `node` holds another band (a loop).
fn has_band_below(isl: &IslCtx, node: &ScheduleNode) -> Result<bool, IslError> {
    let mut stack = vec![isl.check(node.copy())?];
    let mut first = true;
    while let Some(n) = stack.pop() {
        if !first && isl.check(n.get_type())? == isl_rs::ScheduleNodeType::Band {
            return Ok(true);
        }
        first = false;
        for i in 0..isl.check(n.n_children())? {
            stack.push(isl.check(isl.check(n.copy())?.child(i))?);
        }
    }
    Ok(false)
}

/// Per member of the band at `node`: how many accesses one step of it moves (the
/// others and the loops outside fixed), and how many of those step by at most one
/// element in their last subscript and not at all in the others (unit or zero stride).
pub fn member_strides(
    isl: &IslCtx,
    node: &ScheduleNode,
    accesses: &[ModelAccess],
) -> Result<Vec<(usize, usize)>, IslError> {
    let n = isl.check(node.band_n_member())?.max(0) as usize;
    let (band, p) = band_schedule(isl, node)?;
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let step = member_step(isl, &band, p + n, p + k)?;
        let (mut moved, mut unit) = (0, 0);
        for a in accesses {
            let pairs = elements_moved(isl, &a.relation, &step)?;
            if !isl.check(pairs.is_empty())? {
                moved += 1;
                unit += isl.check(pairs.is_subset(&a.near))? as usize;
            }
        }
        out.push((moved, unit));
    }
    Ok(out)
}

/// The element pairs `A[o] -> A[o']` of one access whose instances `step` relates.
fn elements_moved(isl: &IslCtx, rel: &UnionMap, step: &UnionMap) -> Result<UnionMap, IslError> {
    let moved = isl.check(isl.check(rel.copy())?.reverse())?;
    let moved = isl.check(moved.apply_range(isl.check(step.copy())?))?;
    isl.check(moved.apply_range(isl.check(rel.copy())?))
}

/// The smallest and largest delta of `moved` per dimension (`None` where unbounded);
/// zero when nothing moves.
fn delta_bounds(
    isl: &IslCtx,
    moved: UnionMap,
    rank: usize,
) -> Result<Vec<(Option<i64>, Option<i64>)>, IslError> {
    let Some(d) = deltas_set(isl, moved)? else {
        return Ok(vec![(Some(0), Some(0)); rank]);
    };
    (0..rank).map(|k| dim_range(isl, &d, k)).collect()
}

/// The step of one band member per array dimension from its delta `bounds` and the
/// `window` (the largest |delta| between the elements one band point touches, per
/// dimension): a constant delta is the step; deltas that vary within twice the window
/// (`[c - w, c + w]`: loops below the band sweep a window of `w + 1` elements that the
/// step moves by `c`) step by the centre `c`, the window itself counted as the group's
/// spread; wider or unbounded ones are `None` (swept: the whole dimension).
fn window_steps(bounds: &[(Option<i64>, Option<i64>)], window: &[Option<u64>]) -> Vec<Option<i64>> {
    bounds
        .iter()
        .zip(window)
        .map(|(&b, &w)| match (b, w) {
            ((Some(lo), Some(hi)), _) if lo == hi => Some(lo),
            ((Some(lo), Some(hi)), Some(w)) if hi > lo && (hi - lo) as u64 <= 2 * w => {
                Some((lo + hi).div_euclid(2))
            }
            _ => None,
        })
        .collect()
}

/// The largest |delta| of `moved` per dimension (`None` where unbounded).
fn delta_spread(isl: &IslCtx, moved: UnionMap, rank: usize) -> Result<Vec<Option<u64>>, IslError> {
    let Some(d) = deltas_set(isl, moved)? else {
        return Ok(vec![Some(0); rank]);
    };
    (0..rank)
        .map(|k| {
            dim_range(isl, &d, k).map(|r| match r {
                (Some(lo), Some(hi)) => Some(lo.unsigned_abs().max(hi.unsigned_abs())),
                _ => None,
            })
        })
        .collect()
}

fn deltas_set(isl: &IslCtx, moved: UnionMap) -> Result<Option<Set>, IslError> {
    if isl.check(moved.is_empty())? {
        return Ok(None);
    }
    let d: UnionSet = isl.check(moved.deltas())?;
    Ok(Some(isl.check(Set::from_union_set(d))?))
}

/// Bytes a tile of `sizes` touches (see the module docs).
pub fn footprint(profile: &BandProfile, sizes: &[i64]) -> u64 {
    footprint_of(profile.groups.iter(), sizes)
}

/// Bytes the `groups` touch in a tile of `sizes`.
fn footprint_of<'a>(groups: impl Iterator<Item = &'a Group>, sizes: &[i64]) -> u64 {
    groups
        .map(|g| group_points(g, sizes).saturating_mul(g.bytes))
        .fold(0u64, u64::saturating_add)
}

/// Lattice points a tile of `sizes` touches in the group's array.
fn group_points(g: &Group, sizes: &[i64]) -> u64 {
    let rank = g.full.len();
    let moves = |d: usize| -> bool {
        g.spread[d].is_none()
            || g.steps
                .iter()
                .zip(sizes)
                .any(|(v, &t)| t > 1 && v[d].is_none())
    };
    let mut swept = 1u64;
    let mut dims = Vec::new();
    for d in 0..rank {
        if moves(d) {
            swept = swept.saturating_mul(g.full[d].unwrap_or(SWEPT_EXTENT));
        } else {
            dims.push(d);
        }
    }
    // Generators of the zonotope over `dims`: one per member that moves the element,
    // one box edge per dimension.
    let mut gens: Vec<Vec<f64>> = Vec::new();
    for (v, &t) in g.steps.iter().zip(sizes) {
        let len = (t.max(1) - 1) as f64;
        let gv: Vec<f64> = dims
            .iter()
            .map(|&d| v[d].unwrap_or(0) as f64 * len)
            .collect();
        if gv.iter().any(|&x| x != 0.0) {
            gens.push(gv);
        }
    }
    for (i, &d) in dims.iter().enumerate() {
        let mut e = vec![0.0; dims.len()];
        e[i] = 1.0 + g.spread[d].unwrap_or(0) as f64;
        gens.push(e);
    }
    let volume = if dims.len() > 6 || gens.len() > 14 {
        // Too many subsets: the bounding box (an over-estimate).
        (0..dims.len())
            .map(|i| gens.iter().map(|g| g[i].abs()).sum::<f64>())
            .product::<f64>()
    } else {
        zonotope_volume(&gens, dims.len())
    };
    let cap: f64 = dims
        .iter()
        .map(|&d| g.full[d].map_or(f64::INFINITY, |f| f as f64))
        .product();
    let points = volume.min(cap).round().max(1.0);
    swept.saturating_mul(if points >= u64::MAX as f64 {
        u64::MAX
    } else {
        points as u64
    })
}

/// The volume of the zonotope spanned by `gens` in `dim` dimensions: the sum over every
/// `dim`-subset of generators of |det|.
fn zonotope_volume(gens: &[Vec<f64>], dim: usize) -> f64 {
    if dim == 0 {
        return 1.0;
    }
    let mut total = 0.0;
    let mut pick = Vec::with_capacity(dim);
    subsets(gens, dim, 0, &mut pick, &mut total);
    total
}

fn subsets(gens: &[Vec<f64>], dim: usize, from: usize, pick: &mut Vec<usize>, total: &mut f64) {
    if pick.len() == dim {
        let m: Vec<Vec<f64>> = pick.iter().map(|&i| gens[i].clone()).collect();
        *total += determinant(m).abs();
        return;
    }
    for i in from..gens.len() {
        if gens.len() - i < dim - pick.len() {
            break;
        }
        pick.push(i);
        subsets(gens, dim, i + 1, pick, total);
        pick.pop();
    }
}

/// Determinant by Gaussian elimination with partial pivoting.
fn determinant(mut m: Vec<Vec<f64>>) -> f64 {
    let n = m.len();
    let mut det = 1.0;
    for c in 0..n {
        let p = (c..n)
            .max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))
            .unwrap_or(c);
        if m[p][c] == 0.0 {
            return 0.0;
        }
        if p != c {
            m.swap(p, c);
            det = -det;
        }
        det *= m[c][c];
        for r in c + 1..n {
            let f = m[r][c] / m[c][c];
            for k in c..n {
                m[r][k] -= f * m[c][k];
            }
        }
    }
    det
}

/// The size of an innermost member that carries a dependence, of trip count `trip`:
/// [`UNROLL_SIZE`], or the largest size down to half of it that divides a known trip
/// count. Every tile then has the same constant trip count (bounds `24 t` to `24 t + 24`),
/// which LLVM unrolls completely; with 32 of 48 the point loop's bound is
/// `min(32 t + 32, 48)`, whose trip count LLVM does not know, so it neither unrolls it
/// nor vectorizes the loop above (2mm at 32 x 40 x 48 x 56: 40 and 48 in tiles of 32
/// ran 2.4x slower than in tiles of 20 and 24, and slower than program order).
pub fn unroll_size(trip: Option<u64>) -> i64 {
    let Some(t) = trip.map(|t| t as i64).filter(|&t| t > UNROLL_SIZE) else {
        return UNROLL_SIZE;
    };
    (UNROLL_SIZE / 2..=UNROLL_SIZE)
        .rev()
        .find(|s| t % s == 0)
        .unwrap_or(UNROLL_SIZE)
}

/// [`unroll_size`] where the member's range starts at 0 or at a value that varies with
/// the loops outside (`lower` `None`: a triangular loop, whose point loops have variable
/// bounds whatever the size). Where it starts at another constant, the largest size
/// from [`UNROLL_SIZE`] down to half of it that divides both that start and the trip
/// count (isl's tiles start at multiples of the size), or `None`: no tile would have a
/// constant trip count, so unrolling is not possible and the member stays whole.
pub fn aligned_unroll_size(trip: Option<u64>, lower: Option<i64>) -> Option<i64> {
    let Some(lo) = lower.filter(|&l| l != 0) else {
        return Some(unroll_size(trip));
    };
    if trip.is_some_and(|t| t as i64 <= UNROLL_SIZE) {
        return Some(UNROLL_SIZE);
    }
    let t = trip? as i64;
    (UNROLL_SIZE / 2..=UNROLL_SIZE)
        .rev()
        .find(|s| t % s == 0 && lo % s == 0)
}

/// The first value of dimension `k` of `range` (band points) where it is the same
/// under every value of the other dimensions; `None` where it varies or is unbounded.
fn constant_lower(isl: &IslCtx, range: &UnionSet, k: usize) -> Result<Option<i64>, IslError> {
    // Band points of several spaces (none here: one anonymous tuple) are not judged.
    let Ok(set) = Set::from_union_set(isl.check(range.copy())?) else {
        return Ok(None);
    };
    let Some(lo) = dim_range(isl, &set, k)?.0 else {
        return Ok(None);
    };
    let Ok(lo32) = i32::try_from(lo) else {
        return Ok(None);
    };
    let pos = k as u32;
    let first = isl.check(
        isl.check(set.copy())?
            .fix_si(isl_rs::DimType::Set, pos, lo32),
    )?;
    let first = isl.check(first.project_out(isl_rs::DimType::Set, pos, 1))?;
    let all = isl.check(set.project_out(isl_rs::DimType::Set, pos, 1))?;
    Ok(isl.check(first.is_equal(&all))?.then_some(lo))
}

/// The footprint of the whole band (every member at its trip count: the data one
/// iteration of the loops outside the band touches), when every trip count is known.
pub fn whole_footprint(profile: &BandProfile) -> Option<u64> {
    let trips: Option<Vec<i64>> = profile.trips.iter().map(|t| t.map(|t| t as i64)).collect();
    Some(footprint(profile, &trips?))
}

/// [`choose`] against the L1 budget with the single-level L2 check: where the whole
/// band's data ([`whole_footprint`], per iteration of the loops outside) fits in L2, it
/// stays there whatever the order, so tiles that only keep reuse in L1 gain little and
/// cost loop overhead (and cut the rows the vectorizer and the prefetcher run along):
/// the members keep their trip counts (the innermost member's unrolled or vector size
/// stays, and the parallel member's tiles where a member inside remains tiled), and the
/// choice records why ([`TileChoice::fits_l2`]).
pub fn choose_in_caches(profile: &BandProfile, caches: &CacheSizes, parallel: bool) -> TileChoice {
    let level = Level::Inner { parallel };
    // Half of L2: the band's data and what the strips touch besides (floyd-warshall at
    // 500², 1000000 B of a 1 MiB L2, ran 1.14-1.5x of program order in strips).
    let strips = profile.first_parallel.is_some()
        || whole_footprint(profile).is_some_and(|w| 2 * w <= caches.l2);
    // Beyond L2, each strided lane of the strips is a line of another row from L3 or
    // memory ([`BandProfile::strips_pay`]).
    let strips = Strips {
        serial: strips,
        far: whole_footprint(profile).is_none_or(|w| w > caches.l2),
    };
    let c = choose_sizes(profile, caches.l1, level, true, strips, caches.vector);
    if !c
        .reasons
        .iter()
        .any(|r| matches!(r, Reason::ForReuse { .. }))
    {
        return c;
    }
    let whole = || choose_sizes(profile, caches.l1, level, false, strips, caches.vector);
    match whole_footprint(profile) {
        Some(whole_bytes) if whole_bytes <= caches.l2 => TileChoice {
            fits_l2: Some((whole_bytes, caches.l2)),
            ..whole()
        },
        _ => match reuse_in_l2_beside_stream(profile, &c, caches.l2) {
            Some(why) => TileChoice {
                stream_l2: Some(why),
                ..whole()
            },
            None => c,
        },
    }
}

/// Where the band streams arrays (groups that every member moves: each element is
/// touched once, from beyond L2 whatever the order) holding most of its data, and the reuse each member the L1 rule
/// tiled for carries stays in L2 untiled (two iterations of the member, the members inside
/// whole, fit in `l2`): `(that member, the bytes of its two iterations, l2)`, the largest.
/// Tiles would then only move L2 hits of the reused data to L1, hidden behind the
/// stream's memory traffic, and cut the stream's rows, restarting the prefetcher per
/// row of a tile (bicg at LARGE: 1.25x of program order in two column strips, 1.43x in
/// four; mvt, gemver alike).
fn reuse_in_l2_beside_stream(
    profile: &BandProfile,
    c: &TileChoice,
    l2: u64,
) -> Option<(usize, u64, u64)> {
    let trips: Vec<i64> = profile
        .trips
        .iter()
        .map(|t| t.map(|t| t.max(1) as i64))
        .collect::<Option<_>>()?;
    let streams = |g: &Group| g.streams(&trips);
    // The stream must be most of the band's data (its memory traffic then bounds the
    // band): a small array copied once beside a contraction does not make it one.
    let streamed = footprint_of(profile.groups.iter().filter(|g| streams(g)), &trips);
    if 2 * streamed <= footprint(profile, &trips) {
        return None;
    }
    let mut worst: Option<(usize, u64, u64)> = None;
    for r in &c.reasons {
        let Reason::ForReuse { by, .. } = r else {
            continue;
        };
        let bytes = footprint(profile, &probe(&trips, *by, 2));
        if bytes > l2 {
            return None;
        }
        if worst.is_none_or(|(_, b, _)| bytes > b) {
            worst = Some((*by, bytes, l2));
        }
    }
    worst
}

/// The choice for a measured band (see the module docs), for vectors of
/// `vector_bytes`.
pub fn choose(
    profile: &BandProfile,
    budget: u64,
    level: Level<'_>,
    vector_bytes: u64,
) -> TileChoice {
    let strips = Strips {
        serial: true,
        far: false,
    };
    choose_sizes(profile, budget, level, true, strips, vector_bytes)
}

/// Where unrolled strips of a carried innermost member may go.
#[derive(Clone, Copy, Debug)]
struct Strips {
    /// In a band without a parallel member.
    serial: bool,
    /// Whether the band's data lies beyond L2, where strips under a loop that loads
    /// strided lanes must pay by [`BandProfile::strips_pay`].
    far: bool,
}

/// [`choose`]; `for_reuse`: whether members shrink to keep reuse in `budget` (without,
/// only the innermost and the parallel member's rules apply); `strips`: where a
/// carried innermost member may be unrolled ([`Strips`]);
/// `vector_bytes`: the machine's vector register.
fn choose_sizes(
    profile: &BandProfile,
    budget: u64,
    level: Level<'_>,
    for_reuse: bool,
    strips: Strips,
    vector_bytes: u64,
) -> TileChoice {
    let (inner, parallel) = match level {
        Level::Inner { parallel } => (None, parallel),
        Level::Outer(sizes) => (Some(sizes), false),
    };
    let n = profile.trips.len();
    let trip =
        |k: usize| -> i64 { profile.trips[k].map_or(UNKNOWN_TRIP_SIZE, |t| t.max(1) as i64) };
    // Sizes are multiples of `unit[k]`: the inner level's size, or 1.
    let unit: Vec<i64> = (0..n)
        .map(|k| inner.and_then(|i| i.get(k)).copied().unwrap_or(1).max(1))
        .collect();
    let round = |k: usize, s: i64| -> i64 {
        let s = s.clamp(1, trip(k).max(1));
        if s >= trip(k) {
            return s;
        }
        (s / unit[k]).max(1) * unit[k]
    };
    let mut sizes: Vec<i64> = (0..n).map(trip).collect();
    let mut reasons = vec![Reason::Whole; n];
    // Vector width in elements, for the innermost member.
    let width = (vector_bytes / profile.min_bytes.max(1)).max(1) as i64;
    // The last member is the innermost loop only without loops below the band.
    let innermost = n > 0 && !profile.loops_below;
    if innermost && inner.is_none() {
        let m = n - 1;
        if profile.vector_innermost {
            reasons[m] = Reason::Vector;
        } else if !strips.serial && profile.first_parallel.is_none() {
            reasons[m] = Reason::Serial;
        } else if strips.far && !profile.strips_pay(m) {
            reasons[m] = Reason::Strided;
        } else {
            match aligned_unroll_size(profile.trips[m], profile.innermost_lower) {
                Some(u) => {
                    sizes[m] = round(m, u);
                    reasons[m] = Reason::Unrolled;
                }
                None => reasons[m] = Reason::Unaligned(profile.innermost_lower.unwrap_or(0)),
            }
        }
    } else if inner.is_some() {
        reasons = vec![Reason::Outer; n];
    }
    let mut over = false;
    let mut reuse = false;
    // From the second innermost member outwards: keep the reuse each carries in budget.
    for k in (0..n.saturating_sub(1)).rev() {
        let probe = |sizes: &[i64], iters: i64| probe(sizes, k, iters);
        // Groups whose statements run at one value of k touch the same data in one
        // iteration of k as in two: no reuse that k carries.
        let moving = || {
            profile
                .groups
                .iter()
                .filter(|g| !g.lone.get(k).copied().unwrap_or(false))
        };
        let one = footprint_of(moving(), &probe(&sizes, 1));
        let two = footprint_of(moving(), &probe(&sizes, 2));
        reuse |= sizes[k] >= 2 && two < 2 * one;
        if !for_reuse || sizes[k] < 2 || two >= 2 * one || two <= budget {
            continue;
        }
        // Shrink the members inside k: the middle ones first (uniformly, in steps of
        // SIZE_STEP), then the innermost (in multiples of the vector width); the first
        // candidate that fits wins. When none does, shrinking does not help enough (the
        // data is swept by loops below, say): the sizes stay.
        let middle: Vec<usize> = (k + 1..if innermost { n - 1 } else { n }).collect();
        let mut candidates: Vec<Vec<i64>> = Vec::new();
        let mut t = middle.iter().map(|&j| sizes[j]).max().unwrap_or(1);
        let mut s = sizes.clone();
        // In whole vectors: the member LLVM vectorizes above an unrolled innermost one
        // (matmul's j) then runs no remainder loop inside a tile.
        let step = width.clamp(SIZE_STEP, MIN_SIZE);
        while t > MIN_SIZE {
            t = ((t - 1) / step * step).max(MIN_SIZE);
            for &j in &middle {
                s[j] = round(j, t.min(sizes[j]));
            }
            candidates.push(s.clone());
        }
        if innermost {
            let m = n - 1;
            let floor = if inner.is_some() { unit[m] } else { MIN_SIZE };
            let mut u = s[m];
            while u > floor {
                u = if u > width {
                    (u - 1) / width * width
                } else {
                    floor
                }
                .max(floor);
                s[m] = round(m, u);
                candidates.push(s.clone());
            }
        }
        let smallest = candidates.last().cloned();
        let fit = candidates
            .into_iter()
            .map(|c| {
                let f = footprint(profile, &probe(&c, 2));
                (c, f)
            })
            .find(|(_, f)| *f <= budget);
        // Nothing fits: the smallest sizes keep the most of the reuse.
        over |= fit.is_none();
        let fit = fit.or_else(|| {
            smallest.map(|c| {
                let f = footprint(profile, &probe(&c, 2));
                (c, f)
            })
        });
        match fit {
            Some((s, f)) => {
                for j in k + 1..n {
                    if s[j] != sizes[j] {
                        reasons[j] = Reason::ForReuse { by: k, bytes: f };
                    }
                }
                sizes = s;
            }
            None => {}
        }
    }
    // Keep the parallel loop outermost: the first parallel member gets several tiles
    // when members inside it are tiled.
    if let Some(p) = profile.first_parallel.filter(|_| parallel) {
        if sizes[p] >= trip(p)
            && trip(p) >= MIN_PARALLEL_TILES * SIZE_STEP
            && (p + 1..n).any(|j| sizes[j] < trip(j))
        {
            let s = (trip(p) + MIN_PARALLEL_TILES - 1) / MIN_PARALLEL_TILES;
            let s = (s + SIZE_STEP - 1) / SIZE_STEP * SIZE_STEP;
            if s < trip(p) {
                sizes[p] = s;
                reasons[p] = Reason::Parallel;
            }
        }
    }
    let sizes: Vec<i64> = sizes.iter().map(|&s| s.max(1)).collect();
    TileChoice {
        footprint: footprint(profile, &sizes),
        sizes,
        budget,
        trips: profile.trips.clone(),
        reasons,
        over,
        reuse,
        fits_l2: None,
        stream_l2: None,
    }
}

/// Sizes of `iters` iterations of member `k` (at most `sizes[k]`), the members inside
/// at `sizes`, those outside fixed (one iteration).
fn probe(sizes: &[i64], k: usize, iters: i64) -> Vec<i64> {
    sizes
        .iter()
        .enumerate()
        .map(|(j, &s)| match j.cmp(&k) {
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => iters.min(s),
            std::cmp::Ordering::Greater => s,
        })
        .collect()
}

/// Pairs of instances one step apart along dimension `k` of the schedule `band` (`n`
/// dimensions: the outer loops and the members of [`band_schedule`], or only the
/// members), the others equal: `band^-1 . (+e_k) . band`.
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
/// at most `max` (if given); `None` when larger or unbounded (parametric trip counts).
fn trip_count(
    isl: &IslCtx,
    spread: &UnionSet,
    n: usize,
    k: usize,
    max: Option<u64>,
) -> Result<Option<u64>, IslError> {
    if isl.check(spread.is_empty())? {
        return Ok(Some(1));
    }
    let set = isl.check(Set::from_union_set(isl.check(spread.copy())?))?;
    debug_assert!(k < n);
    Ok(match dim_range(isl, &set, k)? {
        (_, Some(hi)) if hi >= 0 && max.is_none_or(|m| (hi as u64) < m) => Some(hi as u64 + 1),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    /// One group: `steps[k][d]`, no spread, the given full extents.
    fn group(array: &str, bytes: u64, steps: &[&[i64]], full: &[u64]) -> Group {
        Group {
            array: array.into(),
            bytes,
            steps: steps
                .iter()
                .map(|v| v.iter().map(|&x| Some(x)).collect())
                .collect(),
            spread: vec![Some(0); full.len()],
            full: full.iter().map(|&f| Some(f)).collect(),
            lone: vec![false; steps.len()],
            written: false,
        }
    }

    #[test]
    fn skewed_tile_counts_the_elements_touched() {
        // A time-skewed 1-D stencil band (t, t + i) over B[i] (f64): one step of the
        // time member moves the element by -1, one step of the space member by +1. A
        // 4 x 8 tile touches 8 + 3 = 11 elements; with a spread of 1 (B[i - 1], B[i + 1]
        // read alongside B[i]) one more on each side.
        let mut g = group("B", 8, &[&[-1], &[1]], &[1000]);
        let p = BandProfile {
            trips: vec![Some(100), Some(1000)],
            loops_below: false,
            first_parallel: Some(0),
            vector_innermost: false,
            innermost_lower: None,
            min_bytes: 8,
            groups: vec![g.clone()],
        };
        assert_eq!(footprint(&p, &[4, 8]), 11 * 8);
        g.spread = vec![Some(2)];
        let p = BandProfile {
            groups: vec![g],
            ..p
        };
        assert_eq!(footprint(&p, &[4, 8]), 13 * 8);
        // A 2-D array sheared along both dimensions by the time member: the tile's
        // planes are 8 x 8 boxes shifted by (-1, -1) per step; 4 of them cover
        // 64 + 3 * 15 = 109 elements, the zonotope 112, the bounding box 11 x 11 = 121.
        let g = group("A", 8, &[&[-1, -1], &[1, 0], &[0, 1]], &[1000, 1000]);
        let p = BandProfile {
            trips: vec![Some(100), Some(1000), Some(1000)],
            loops_below: false,
            first_parallel: Some(0),
            vector_innermost: true,
            innermost_lower: None,
            min_bytes: 8,
            groups: vec![g],
        };
        assert_eq!(footprint(&p, &[4, 8, 8]), 112 * 8);
    }

    /// C[i][j] += A[i][k] * B[k][j] in f32 over `n`³, band (i, j, k), i parallel.
    fn matmul_profile(n: u64) -> BandProfile {
        BandProfile {
            trips: vec![Some(n); 3],
            loops_below: false,
            first_parallel: Some(0),
            vector_innermost: false,
            innermost_lower: None,
            min_bytes: 4,
            groups: vec![
                group("A", 4, &[&[1, 0], &[0, 0], &[0, 1]], &[n, n]),
                group("B", 4, &[&[0, 0], &[0, 1], &[1, 0]], &[n, n]),
                group("C", 4, &[&[1, 0], &[0, 1], &[0, 0]], &[n, n]),
            ],
        }
    }

    #[test]
    fn matmul_choice() {
        // C[i][j] += A[i][k] * B[k][j] in f32, band (i, j, k): k carries the reduction
        // (unrolled by 32); two iterations of i touch A 2 x 32, B 32 x 128 and C 2 x 128:
        // 17664 B, which fits 32 KiB, so j stays whole; i, parallel, gets 4 tiles (it
        // would make no loop, and the parallel loop would move inside). With 8 KiB, j
        // shrinks.
        let p = matmul_profile(128);
        expect!["tile sizes [32, 128, 32] (model): tile footprint 36864 B, reuse budget 32768 B, trip counts [128, 128, 128]; 0: parallel, 4 tiles, 1: whole, 2: innermost, carries a dependence: unrolled"]
            .assert_eq(&choose(&p, 32 * 1024, Level::Inner { parallel: true }, 64).describe());
        expect!["tile sizes [32, 48, 32] (model): tile footprint 16384 B, reuse budget 8192 B, trip counts [128, 128, 128]; 0: parallel, 4 tiles, 1: reuse of 0 (6784 B <= 8192 B), 2: innermost, carries a dependence: unrolled"]
            .assert_eq(&choose(&p, 8 * 1024, Level::Inner { parallel: true }, 64).describe());
    }

    #[test]
    fn unrolled_sizes_divide_the_trip_count() {
        let sizes: Vec<i64> = [
            Some(48),
            Some(40),
            Some(96),
            Some(128),
            Some(97),
            Some(20),
            None,
        ]
        .into_iter()
        .map(unroll_size)
        .collect();
        assert_eq!(sizes, [24, 20, 32, 32, 32, 32, UNROLL_SIZE]);
        // 2mm's first band at 32 x 40 x 48: k (48) in two tiles of 24, not 32 + 16.
        let p = BandProfile {
            trips: vec![Some(32), Some(40), Some(48)],
            loops_below: false,
            first_parallel: Some(0),
            vector_innermost: false,
            innermost_lower: None,
            min_bytes: 8,
            groups: vec![
                group("A", 8, &[&[1, 0], &[0, 0], &[0, 1]], &[32, 48]),
                group("B", 8, &[&[0, 0], &[0, 1], &[1, 0]], &[48, 40]),
                group("T", 8, &[&[1, 0], &[0, 1], &[0, 0]], &[32, 40]),
            ],
        };
        assert_eq!(
            choose(&p, 32 * 1024, Level::Inner { parallel: true }, 64).sizes[2],
            24
        );
    }

    #[test]
    fn stencil_choice() {
        // A 5-point stencil B[i][j] = f(A[i +- 1][j +- 1]) in f64, band (i, j), j
        // parallel with unit stride: two rows of i touch 4 + 2 rows of 1000 elements,
        // 48 KB, more than 32 KiB: j shrinks to a multiple of 8 (64 bytes of f64); i,
        // parallel, gets 4 tiles.
        let mut a = group("A", 8, &[&[1, 0], &[0, 1]], &[1002, 1002]);
        a.spread = vec![Some(2), Some(2)];
        let p = BandProfile {
            trips: vec![Some(1000); 2],
            loops_below: false,
            first_parallel: Some(0),
            vector_innermost: true,
            innermost_lower: None,
            min_bytes: 8,
            groups: vec![a, group("B", 8, &[&[1, 0], &[0, 1]], &[1000, 1000])],
        };
        expect!["tile sizes [256, 680] (model): tile footprint 2800288 B, reuse budget 32768 B, trip counts [1000, 1000]; 0: parallel, 4 tiles, 1: reuse of 0 (32704 B <= 32768 B)"]
            .assert_eq(&choose(&p, 32 * 1024, Level::Inner { parallel: true }, 64).describe());
        // 128 wide: the reuse fits, nothing is tiled.
        let p = BandProfile {
            trips: vec![Some(126); 2],
            groups: p
                .groups
                .iter()
                .map(|g| Group {
                    full: vec![Some(128); 2],
                    ..g.clone()
                })
                .collect(),
            ..p
        };
        expect!["not tiled (model): no reuse needs a smaller tile (the reuse each member carries fits the 32768 B budget untiled), trip counts [126, 126]; 0: whole, 1: innermost, parallel, unit stride: whole"]
            .assert_eq(&choose(&p, 32 * 1024, Level::Inner { parallel: true }, 64).describe());
    }

    #[test]
    fn streaming_band_is_not_tiled() {
        // A plain sum over A[i][j] (f64): two iterations of i touch two rows, twice one:
        // no member carries reuse, the band stays untiled and the remark says why, even
        // with a budget smaller than one row.
        let p = BandProfile {
            trips: vec![Some(512); 2],
            loops_below: false,
            first_parallel: Some(0),
            vector_innermost: true,
            innermost_lower: None,
            min_bytes: 8,
            groups: vec![group("A", 8, &[&[1, 0], &[0, 1]], &[512, 512])],
        };
        for budget in [1024, 32 * 1024] {
            let c = choose(&p, budget, Level::Inner { parallel: true }, 64);
            assert!(c.untiled() && !c.reuse);
            expect!["not tiled (model): no member carries reuse (a streaming band: each element is touched once, so tiles would only cut its rows short for the vectorizer and the prefetcher), trip counts [512, 512]; 0: whole, 1: innermost, parallel, unit stride: whole"]
                .assert_eq(&c.describe());
        }
    }

    #[test]
    fn statement_at_one_point_carries_no_reuse() {
        // trisolv's initialization, 2048 wide: L[i][j] stored row by row and the
        // diagonal L[i][i] updated by a statement isl fuses at j = i. No step of i or j
        // alone leads from one diagonal instance to another (zero steps, `lone`): that
        // is no reuse, the band streams and stays untiled. Counted as a zero step that
        // touches the same element again, two iterations of i touched 2 * 2048 + 1
        // elements, less than twice 2048 + 1: "reuse" of i, tiles [512, 2040].
        let mut diag = group("L", 8, &[&[0, 0], &[0, 0]], &[2048, 2048]);
        diag.lone = vec![true, true];
        let p = BandProfile {
            trips: vec![Some(2048); 2],
            loops_below: false,
            first_parallel: Some(0),
            vector_innermost: true,
            innermost_lower: None,
            min_bytes: 8,
            groups: vec![
                group("L", 8, &[&[1, 0], &[0, 1]], &[2048, 2048]),
                diag.clone(),
            ],
        };
        let c = choose(&p, 32 * 1024, Level::Inner { parallel: true }, 64);
        assert!(c.untiled() && !c.reuse, "{}", c.describe());
        diag.lone = vec![false, false];
        let p = BandProfile {
            groups: vec![p.groups[0].clone(), diag],
            ..p
        };
        expect!["tile sizes [512, 2040] (model): tile footprint 8355848 B, reuse budget 32768 B, trip counts [2048, 2048]; 0: parallel, 4 tiles, 1: reuse of 0 (32648 B <= 32768 B)"]
            .assert_eq(&choose(&p, 32 * 1024, Level::Inner { parallel: true }, 64).describe());
    }

    /// The profile of the outer band of `schedule` (isl's tree syntax) over `accesses`
    /// (`(relation, element bytes)`, each access's near pairs one apart in the last
    /// subscript).
    fn profile_of(schedule: &str, accesses: &[(&str, u64)]) -> BandProfile {
        let isl = IslCtx::default();
        let node = isl
            .check(isl.schedule(schedule).unwrap().get_root())
            .and_then(|r| isl.check(r.child(0)))
            .unwrap();
        let accesses: Vec<ModelAccess> = accesses
            .iter()
            .map(|&(rel, bytes)| {
                let relation = isl.union_map(rel).unwrap();
                let map = relation.get_map_list().unwrap().get_at(0).unwrap();
                let name = map.get_tuple_name(isl_rs::DimType::Out).unwrap();
                let rank = map.dim(isl_rs::DimType::Out).unwrap() as usize;
                let o: Vec<String> = (0..rank).map(|d| format!("o{d}")).collect();
                let q: Vec<String> = (0..rank).map(|d| format!("q{d}")).collect();
                let mut cons: Vec<String> = (0..rank - 1).map(|d| format!("q{d} = o{d}")).collect();
                cons.push(format!("-1 <= q{l} - o{l} <= 1", l = rank - 1));
                let near = format!(
                    "{{ {name}[{}] -> {name}[{}] : {} }}",
                    o.join(", "),
                    q.join(", "),
                    cons.join(" and ")
                );
                ModelAccess {
                    relation,
                    near: isl.union_map(&near).unwrap(),
                    element_bytes: Some(bytes),
                    is_write: false,
                }
            })
            .collect();
        band_profile(&isl, &node, &accesses).unwrap()
    }

    /// Per group: the array, its steps per member and its spread, then the footprint of
    /// each tile in `tiles`.
    fn window_report(p: &BandProfile, tiles: &[&[i64]]) -> String {
        let show = |v: &[Option<i64>]| {
            let v: Vec<String> = v
                .iter()
                .map(|x| x.map_or("swept".into(), |x| x.to_string()))
                .collect();
            format!("[{}]", v.join(", "))
        };
        let mut out = String::new();
        for g in &p.groups {
            let steps: Vec<String> = g.steps.iter().map(|s| show(s)).collect();
            let spread: Vec<Option<i64>> = g.spread.iter().map(|s| s.map(|s| s as i64)).collect();
            out += &format!(
                "{}: steps {}, spread {}\n",
                g.array,
                steps.join(" "),
                show(&spread)
            );
        }
        for t in tiles {
            out += &format!("tile {t:?}: {} B\n", footprint(p, t));
        }
        out
    }

    #[test]
    fn footprint_counts_the_window_below_the_band() {
        // blur, 64 x 64 (f64): Out[i][j] = mean of In[ii][jj] over the clamped 3 x 3
        // window, the window loops below the band (i, j). One step of i moves the window
        // by one row (deltas -1..3 around 1, the window's spread 2): a tile of Ti x Tj
        // touches (Ti + 2) x (Tj + 2) elements of In, not whole columns; the whole band
        // 66 x 66 + 64 x 64 elements (counting the window beyond the borders), not 64 KiB
        // per step.
        let blur = profile_of(
            r#"{ domain: "{ S[i, j, ii, jj] : 0 <= i < 64 and 0 <= j < 64 and 0 <= ii < 64 and i - 1 <= ii <= i + 1 and 0 <= jj < 64 and j - 1 <= jj <= j + 1; T[i, j] : 0 <= i < 64 and 0 <= j < 64 }", child: { schedule: "[{ S[i, j, ii, jj] -> [(i)]; T[i, j] -> [(i)] }, { S[i, j, ii, jj] -> [(j)]; T[i, j] -> [(j)] }]", permutable: 1, coincident: [1, 1], child: { sequence: [ { filter: "{ S[i, j, ii, jj] }", child: { schedule: "[{ S[i, j, ii, jj] -> [(ii)] }, { S[i, j, ii, jj] -> [(jj)] }]" } }, { filter: "{ T[i, j] }" } ] } } }"#,
            &[
                ("{ S[i, j, ii, jj] -> In[ii, jj] }", 8),
                ("{ T[i, j] -> Out[i, j] }", 8),
            ],
        );
        expect![[r#"
            In: steps [1, 0] [0, 1], spread [2, 2]
            Out: steps [1, 0] [0, 1], spread [0, 0]
            tile [1, 1]: 80 B
            tile [2, 64]: 3136 B
            tile [16, 32]: 8992 B
            tile [64, 64]: 67616 B
        "#]]
        .assert_eq(&window_report(
            &blur,
            &[&[1, 1], &[2, 64], &[16, 32], &[64, 64]],
        ));
        // conv2d, 2 x 4 filters x 192 x 192 outputs, 3 channels (f32): band (n, f, h, w,
        // c), the 3 x 3 window (kh, kw) below it. In[n][c][h + kh][w + kw] moves by one
        // element per step of h and w: a 32 x 32 tile of (h, w) touches 34 x 34 input
        // elements per channel, not the whole 194-wide image (936 KB before).
        let conv = conv2d_profile(192);
        expect![[r#"
            In: steps [1, 0, 0, 0] [0, 0, 0, 0] [0, 0, 1, 0] [0, 0, 0, 1] [0, 1, 0, 0], spread [0, 0, 2, 2]
            W: steps [0, 0, 0, 0] [1, 0, 0, 0] [0, 0, 0, 0] [0, 0, 0, 0] [0, 1, 0, 0], spread [0, 0, 2, 2]
            Out: steps [1, 0, 0, 0] [0, 1, 0, 0] [0, 0, 1, 0] [0, 0, 0, 1] [0, 0, 0, 0], spread [0, 0, 0, 0]
            tile [1, 1, 1, 1, 1]: 76 B
            tile [2, 4, 32, 32, 3]: 60944 B
            tile [2, 4, 192, 192, 3]: 2083344 B
        "#]]
        .assert_eq(&window_report(
            &conv,
            &[&[1, 1, 1, 1, 1], &[2, 4, 32, 32, 3], &[2, 4, 192, 192, 3]],
        ));
    }

    /// conv2d's band (n, f, h, w, c) over 2 images, 4 filters, 3 channels, `size` x
    /// `size` outputs (f32), the 3 x 3 window loops (kh, kw) below it.
    fn conv2d_profile(size: u64) -> BandProfile {
        let s = "S[n, f, h, w, c, kh, kw]";
        let members: Vec<String> = ["n", "f", "h", "w", "c"]
            .iter()
            .map(|m| format!("{{ {s} -> [({m})] }}"))
            .collect();
        let schedule = format!(
            r#"{{ domain: "{{ {s} : 0 <= n < 2 and 0 <= f < 4 and 0 <= h < {size} and 0 <= w < {size} and 0 <= c < 3 and 0 <= kh < 3 and 0 <= kw < 3 }}", child: {{ schedule: "[{}]", permutable: 1, coincident: [1, 1, 1, 1, 0], child: {{ schedule: "[{{ {s} -> [(kh)] }}, {{ {s} -> [(kw)] }}]" }} }} }}"#,
            members.join(", ")
        );
        let accesses = [
            format!("{{ {s} -> In[n, c, h + kh, w + kw] }}"),
            format!("{{ {s} -> W[f, c, kh, kw] }}"),
            format!("{{ {s} -> Out[n, f, h, w] }}"),
        ];
        let accesses: Vec<(&str, u64)> = accesses.iter().map(|a| (a.as_str(), 4)).collect();
        profile_of(&schedule, &accesses)
    }

    #[test]
    fn band_that_fits_in_l2_is_not_tiled_for_reuse() {
        // conv2d at 64 x 64 outputs: two iterations of f (h and w whole) touch 65 KB,
        // more than L1: the L1 rule alone tiles (h, w) by 32; the whole band (231 KB)
        // fits in L2, so it stays untiled and the remark says why. At 192 x 192 (2 MB)
        // the tiles stay.
        let caches = CacheSizes::default();
        let conv = conv2d_profile(64);
        expect!["tile sizes [2, 4, 32, 32, 3] (model): tile footprint 60944 B, reuse budget 32768 B (some reuse does not fit even at the smallest sizes), trip counts [2, 4, 64, 64, 3]; 0: whole, 1: whole, 2: reuse of 1 (22280 B <= 32768 B), 3: reuse of 1 (22280 B <= 32768 B), 4: whole"]
            .assert_eq(&choose(&conv, caches.l1, Level::Inner { parallel: true }, 64).describe());
        let c = choose_in_caches(&conv, &caches, true);
        assert!(c.untiled());
        expect!["not tiled (model): footprint 231 KB fits in L2 (1024 KB): its reuse stays in L2 untiled, tiles for L1 would only add loop overhead, trip counts [2, 4, 64, 64, 3]; 0: whole, 1: whole, 2: whole, 3: whole, 4: whole"].assert_eq(&c.describe());
        let c = choose_in_caches(&conv2d_profile(192), &caches, true);
        assert_eq!(c.sizes, [2, 4, 32, 32, 3]);
        assert_eq!(c.fits_l2, None);
        // A band with an unrolled innermost member keeps it: matmul at 64 (48 KB).
        let p = matmul_profile(64);
        let small = CacheSizes { l1: 4096, ..caches };
        expect!["tile sizes [16, 64, 32] (model), not tiled for reuse: footprint 48 KB fits in L2 (1024 KB): its reuse stays in L2 untiled, tiles for L1 would only add loop overhead, trip counts [64, 64, 64]; 0: parallel, 4 tiles, 1: whole, 2: innermost, carries a dependence: unrolled"].assert_eq(&choose_in_caches(&p, &small, true).describe());
    }

    #[test]
    fn zonotope_volumes() {
        // A unit square and a 3 x 2 box; a parallelogram (1, 1), (0, 2): area 2.
        assert_eq!(zonotope_volume(&[vec![1.0, 0.0], vec![0.0, 1.0]], 2), 1.0);
        assert_eq!(zonotope_volume(&[vec![3.0, 0.0], vec![0.0, 2.0]], 2), 6.0);
        assert_eq!(zonotope_volume(&[vec![1.0, 1.0], vec![0.0, 2.0]], 2), 2.0);
    }
}
