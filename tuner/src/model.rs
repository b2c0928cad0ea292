//! Performance models: an analytical cost model that ranks configs before anything is
//! measured, and a ridge regression on config features that learns log(runtime) from
//! every measurement of the current tuning run.
//!
//! The analytical model ([`cost`], in cycles) builds the loop nest a config produces
//! (first-level tile loops, second-level tile loops, point loops in the chosen order, then
//! the untuned loops inside the band) and, per cache level (L1 and L2 of the target machine), finds
//! the outermost loop whose working set (cache lines touched by one of its iterations'
//! sub-nest, counted per row of each array) fits in half the cache: data reused across
//! that loop's iterations hits, so the misses are the lines its whole sub-nest touches,
//! once per entry (the classic working-set / reuse-distance rule behind Pluto's and MLIR's
//! cache-size tiling). Compute per iteration: memory ops over the vector width when the
//! innermost loop is vectorizable (every access unit-stride or invariant there and no
//! reduction into an invariant location; LLVM's width from the CPU's SIMD registers, or
//! the explicit `vector` knob; halved when an explicit unroll leaves LLVM only its SLP
//! vectorizer), at least the floating-point add latency when the innermost loop carries a
//! reduction (partly hidden by unroll-jam's independent chains), loop set-up per entry of
//! every loop, a spill penalty when unroll x unroll-jam accumulators exceed the register
//! file, and a penalty for partial tiles. Explicit unrolling saves nothing LLVM would not
//! save itself at -O3, so it only costs. Parallel loops divide the work by the cores left free by the
//! machine's load, plus a fork/join cost per parallel region. A time-stepped band under
//! `poly-schedule` is skewed across the time loop: no vectorization, extra bound costs.
//!
//! Invariants: both models are pure functions of their inputs (deterministic; the machine
//! is an input); the untuned config is always scored, so the model's pick is the baseline
//! when it predicts no transformation pays; [`Ridge::fit`] never fails on degenerate data
//! (the ridge term keeps the normal equations positive definite) and predicts the mean
//! when it has no data.

use super::kernel::Band;
use super::space::Config;

/// The machine parameters the cost model uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Machine {
    /// Level-1 data cache size in bytes.
    pub l1: u64,
    /// Level-2 cache size in bytes.
    pub l2: u64,
    /// Cache line size in bytes.
    pub line: u64,
    /// Vector registers available for unrolled accumulators.
    pub registers: u32,
    /// Bytes per SIMD register LLVM vectorizes for (16 SSE, 32 AVX2; AVX-512 machines
    /// still get 32: LLVM prefers 256-bit vectors there).
    pub simd_bytes: u32,
    /// Cores a parallel loop can use (online CPUs minus the load of other processes, at
    /// least 1).
    pub cores: f64,
}

impl Default for Machine {
    fn default() -> Self {
        Machine {
            l1: 32 << 10,
            l2: 1 << 20,
            line: 64,
            registers: 16,
            simd_bytes: 32,
            cores: 1.0,
        }
    }
}

impl Machine {
    /// The cost model's view of the target `machine` (`--machine`, `$LATTICE_MACHINE` or
    /// the host) while other processes keep `load` CPUs busy: its L1 and L2, its SIMD
    /// width (AVX-512 counted as 32 bytes: LLVM prefers 256-bit vectors there, but it
    /// doubles the vector registers), its cores minus the load (at least 1). The line
    /// size is 64 bytes.
    pub fn from_target(machine: &lattice_ir::target::Machine, load: f64) -> Machine {
        let cores = machine.cores as f64;
        Machine {
            l1: machine.l1_bytes,
            l2: machine.l2_bytes,
            line: 64,
            registers: if machine.vector_bytes >= 64 { 32 } else { 16 },
            simd_bytes: machine.vector_bytes.min(32) as u32,
            cores: (cores - load + 1.0).clamp(1.0, cores.max(1.0)),
        }
    }
}

/// The 1-minute load average from /proc/loadavg (Linux), else 0.
pub fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0)
}

/// One loop of the nest a config produces: the band dimension it walks, its trip count.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Loop {
    dim: usize,
    count: u64,
}

/// The band dimension `poly-schedule{intra-tile-order=unit-stride}` moves innermost: the
/// one that is the last subscript of most accesses.
fn unit_stride_dim(band: &Band) -> usize {
    let depth = band.trips.len();
    let mut votes = vec![0usize; depth];
    for a in &band.accesses {
        if let Some(last) = a.coeffs.last() {
            if let Some(d) = (0..depth)
                .rev()
                .find(|&d| last.get(d).copied().unwrap_or(0) != 0)
            {
                votes[d] += 1;
            }
        }
    }
    // Ties go to the innermost dimension (`max_by_key` keeps the last maximum).
    (0..depth)
        .max_by_key(|&d| votes[d])
        .unwrap_or(depth.saturating_sub(1))
}

/// The point-loop order of `c` (band dimensions, outermost first).
fn point_order(band: &Band, c: &Config) -> Vec<usize> {
    let depth = band.trips.len();
    match c.poly {
        Some(p) if p.unit_stride && depth > 0 => {
            let u = unit_stride_dim(band);
            let mut o: Vec<usize> = (0..depth).filter(|&d| d != u).collect();
            o.push(u);
            o
        }
        Some(_) => (0..depth).collect(),
        None if c.order.len() == depth => c.order.iter().map(|&d| d as usize).collect(),
        None => (0..depth).collect(),
    }
}

/// The loops `c` produces on `band`, outermost first (inner untuned loops last).
fn nest(band: &Band, c: &Config) -> Vec<Loop> {
    let order = point_order(band, c);
    let n = |d: usize| band.trips[d].max(1) as u64;
    let outer = |d: usize| match c.tile.get(d).copied().unwrap_or(0) {
        0 => n(d),
        t => (t as u64).min(n(d)),
    };
    let mut loops = Vec::new();
    for &d in &order {
        if outer(d) < n(d) {
            loops.push(Loop {
                dim: d,
                count: n(d).div_ceil(outer(d)),
            });
        }
    }
    let inner = c.inner as u64;
    for &d in &order {
        if inner > 0 && inner < outer(d) {
            loops.push(Loop {
                dim: d,
                count: outer(d).div_ceil(inner),
            });
        }
    }
    for &d in &order {
        let e = if inner > 0 && inner < outer(d) {
            inner
        } else {
            outer(d)
        };
        loops.push(Loop { dim: d, count: e });
    }
    let depth = band.trips.len();
    for (k, &t) in band.inner_trips.iter().enumerate() {
        loops.push(Loop {
            dim: depth + k,
            count: t.max(1) as u64,
        });
    }
    loops
}

/// Cache lines touched by one execution of the sub-nest whose extent per dimension is
/// `ext`: per memref, the largest over its accesses of (rows spanned) x (lines per row).
fn lines(band: &Band, ext: &[u64], line: u64) -> f64 {
    let mut per_memref: Vec<(usize, f64)> = Vec::new();
    for a in &band.accesses {
        let span = |row: &Vec<i64>| -> u64 {
            row.iter()
                .zip(ext)
                .map(|(&k, &e)| k.unsigned_abs() * e.saturating_sub(1))
                .sum::<u64>()
                + 1
        };
        let Some((last, rows)) = a.coeffs.split_last() else {
            // A scalar (rank-0 memref): one line.
            push_max(&mut per_memref, a.memref, 1.0);
            continue;
        };
        let r: f64 = rows.iter().map(|row| span(row) as f64).product();
        let per_row = ((span(last) * a.elem_bytes) as f64 / line as f64)
            .ceil()
            .max(1.0);
        push_max(&mut per_memref, a.memref, r * per_row);
    }
    per_memref.iter().map(|(_, b)| *b).sum()
}

fn push_max(v: &mut Vec<(usize, f64)>, memref: usize, x: f64) {
    match v.iter_mut().find(|(m, _)| *m == memref) {
        Some((_, b)) => *b = b.max(x),
        None => v.push((memref, x)),
    }
}

/// Per loop position `p` (0..=len): the extent of every dimension inside loop `p`'s
/// sub-nest (position `len`: one iteration of the body).
fn extents(band: &Band, loops: &[Loop]) -> Vec<Vec<u64>> {
    let dims = band.trips.len() + band.inner_trips.len();
    let mut out = vec![vec![1u64; dims]; loops.len() + 1];
    for p in (0..loops.len()).rev() {
        out[p] = out[p + 1].clone();
        let d = loops[p].dim;
        out[p][d] = out[p][d].saturating_mul(loops[p].count);
    }
    let full: Vec<u64> = band
        .trips
        .iter()
        .chain(&band.inner_trips)
        .map(|&t| t.max(1) as u64)
        .collect();
    for e in &mut out {
        for (x, &n) in e.iter_mut().zip(&full) {
            *x = (*x).min(n);
        }
    }
    out
}

/// Misses (in lines) of a cache of `bytes` on the nest: the outermost loop whose one
/// iteration's working set fits keeps its reuse; everything its whole sub-nest touches
/// is loaded once per entry of that loop.
fn misses(band: &Band, loops: &[Loop], ext: &[Vec<u64>], bytes: f64, line: u64) -> f64 {
    let fits = |p: usize| lines(band, &ext[p], line) * line as f64 <= bytes;
    if fits(0) {
        return lines(band, &ext[0], line);
    }
    // p: the loop whose body (position p + 1) fits; its entries reload its footprint.
    let p = (0..loops.len())
        .find(|&p| fits(p + 1))
        .unwrap_or(loops.len());
    let entries: f64 = loops[..p].iter().map(|l| l.count as f64).product();
    if p == loops.len() {
        // Not even one iteration's lines fit: every access misses.
        return entries * band.accesses.len() as f64;
    }
    entries * lines(band, &ext[p], line)
}

/// Whether some write of the band is invariant in dimension `d` (a reduction over `d`).
fn reduces_over(band: &Band, d: usize) -> bool {
    band.accesses.iter().any(|a| {
        a.is_write
            && a.coeffs
                .iter()
                .all(|row| row.get(d).copied().unwrap_or(0) == 0)
    })
}

/// Whether every access is unit-stride or invariant in dimension `d`.
fn unit_stride_in(band: &Band, d: usize) -> bool {
    band.accesses.iter().all(|a| match a.coeffs.split_last() {
        None => true,
        Some((last, rows)) => {
            rows.iter().all(|r| r.get(d).copied().unwrap_or(0) == 0)
                && last.get(d).copied().unwrap_or(0).abs() <= 1
        }
    })
}

/// The tile sizes `poly-schedule`'s own model stands in for: the largest power of two
/// (from 4, capped at each trip count) whose tile's lines fit in half of L1, the rule its
/// cache model follows.
fn model_tile_sizes(band: &Band, m: &Machine) -> Vec<u32> {
    let line = m.line.max(8);
    let mut best = 4u64;
    let mut t = 4u64;
    let longest = band.trips.iter().copied().max().unwrap_or(1).max(1) as u64;
    while t <= longest {
        let mut ext: Vec<u64> = band.trips.iter().map(|&n| t.min(n.max(1) as u64)).collect();
        ext.extend(band.inner_trips.iter().map(|&n| n.max(1) as u64));
        if lines(band, &ext, line) * line as f64 > m.l1 as f64 * 0.5 {
            break;
        }
        best = t;
        t *= 2;
    }
    band.trips
        .iter()
        .map(|&n| if (best as i64) < n { best as u32 } else { 0 })
        .collect()
}

/// Predicted cycles of running the kernel under `c` (see the module docs).
pub fn cost(band: &Band, c: &Config, m: &Machine) -> f64 {
    if band.trips.is_empty() {
        return 1.0;
    }
    if !c.workgroup.is_empty() || c.promote > 0 {
        return gpu_cost(band, c);
    }
    let modelled;
    let c = if c.poly.is_some_and(|p| p.model_tiles) {
        modelled = Config {
            tile: model_tile_sizes(band, m),
            ..c.clone()
        };
        &modelled
    } else {
        c
    };
    let loops = nest(band, c);
    let ext = extents(band, &loops);
    let iters: f64 = band
        .trips
        .iter()
        .chain(&band.inner_trips)
        .map(|&t| t.max(1) as f64)
        .product();
    let accesses = band.accesses.len().max(1) as f64;
    let elem = band.accesses.first().map_or(4, |a| a.elem_bytes).max(1);
    let line = m.line.max(8);
    let l1_misses = misses(band, &loops, &ext, m.l1 as f64 * 0.5, line);
    let l2_misses = misses(band, &loops, &ext, m.l2 as f64 * 0.5, line);
    let memory = l1_misses * 3.0 + l2_misses * 10.0;

    // The innermost loop: an untuned inner loop, else the innermost point loop.
    let mut last = loops.last().copied().unwrap_or(Loop { dim: 0, count: 1 });
    if c.poly.is_some() && reduces_over(band, last.dim) {
        // isl schedules the loops inside the band too and, its proximity constraints
        // favouring reuse, moves a reduction loop out of the innermost position when a
        // unit-stride loop without reduction exists (measured 5.7x on 2mm).
        let dims = band.trips.len() + band.inner_trips.len();
        if let Some(d) = (0..dims)
            .rev()
            .find(|&d| unit_stride_in(band, d) && !reduces_over(band, d))
        {
            let count = loops
                .iter()
                .rev()
                .find(|l| l.dim == d)
                .map_or(1, |l| l.count);
            last = Loop { dim: d, count };
        }
    }
    let inner_dim = last.dim;
    let inner_count = last.count.max(1) as f64;
    let band_inner = inner_dim < band.trips.len();
    let reduction = reduces_over(band, inner_dim);
    let lanes = (m.simd_bytes as u64 / elem).max(1) as f64;
    // A time-stepped kernel (loops around the band, e.g. a stencil's time loop) under
    // `poly-schedule`: isl's schedule spans the time loop, fuses the steps and skews the
    // band to tile it (a wavefront), so the innermost loop's bounds and subscripts move
    // with the outer loops and LLVM does not vectorize it (measured 0.35-0.6x on
    // jacobi-2d against the untuned nest, whose innermost loop vectorizes).
    let skewed = c.poly.is_some() && band.outer_trips > 1;
    let vectorizable = unit_stride_in(band, inner_dim) && !reduction && !skewed;
    let jam = c.unroll_jam.max(1) as f64;
    let unroll = c.unroll.max(1) as f64;
    let width = if !vectorizable {
        1.0
    } else if c.vector <= 1 && inner_count < 2.0 * lanes {
        // LLVM's loop vectorizer wants at least twice the width of iterations (it also
        // interleaves); a shorter innermost loop (an inner tile of 4 on a stencil's unit-
        // stride loop) is unrolled and left to the SLP vectorizer (measured 0.82x on
        // jacobi-2d 768 with inner tiles of 4).
        (lanes / 2.0).max(1.0)
    } else if c.vector > 1 && band_inner {
        (c.vector as f64).min(lanes)
    } else if unroll > 1.0 {
        // LLVM unrolls and interleaves on its own; an explicit unroll of a loop it would
        // vectorize leaves straight-line copies for the SLP vectorizer (measured 0.44x on
        // jacobi-2d with unroll 8).
        (lanes / 2.0).max(1.0)
    } else {
        lanes
    }
    .min(inner_count);
    let throughput = accesses * 0.5 / width;
    // Unroll-jam makes independent accumulator chains of a reduction (measured gains are
    // small: the reduction loops here are mostly load-bound).
    let latency = if reduction {
        4.0 / jam.min(4.0).sqrt()
    } else {
        0.0
    };
    let mut per_iter = throughput.max(latency) + 1.0 / width;
    if unroll > 1.0 {
        // Code size and a remainder loop, no overhead saved that LLVM would not save.
        per_iter *= 1.0 + 0.03 * unroll.log2();
    }
    if c.vector > 1 && band_inner && vectorizable {
        // Explicit `affine-super-vectorize` where LLVM would vectorize anyway: its vector
        // transfers lower less tightly than LLVM's own loop vectorizer (measured 0.67 ms
        // against 0.41-0.45 ms for the same tiles left to LLVM on matmul 256).
        per_iter *= 1.3;
    }
    if c.vector > 1 && !(band_inner && vectorizable) {
        // `affine-super-vectorize` on a loop that is not the unit-stride innermost one
        // builds strided or broadcast vectors around a scalar inner loop (measured 0.12x
        // on 2mm with the k loop innermost).
        per_iter *= 2.0;
    }
    if reduction && jam > 1.0 {
        // Jammed copies share the loads invariant in the jammed loop.
        per_iter *= 0.85;
    }
    let registers = (jam * unroll) as u32;
    if registers > m.registers / 2 {
        per_iter *= 1.0 + 0.5 * (registers as f64 / (m.registers / 2) as f64 - 1.0);
    }
    // Every loop costs its set-up per entry (small tiles make many short loops).
    let mut entered = 1.0;
    let mut setup = 0.0;
    for l in &loops {
        setup += entered * 4.0;
        entered *= l.count as f64;
    }
    let partial = (0..band.trips.len()).any(|d| {
        let t = c.tile.get(d).copied().unwrap_or(0) as i64;
        (t > 0 && band.trips[d] % t != 0) || (c.inner > 0 && t > 0 && t % c.inner as i64 != 0)
    });
    let mut compute = iters * per_iter + setup;
    if skewed {
        // Skewed tiles: max/min bounds on every loop and partial tiles along the wavefront.
        compute *= 1.3;
    }
    if partial {
        compute *= 1.15;
    }
    let mut total = (compute + memory) * band.outer_trips.max(1) as f64;
    if c.parallel {
        // The outermost loop of the nest runs in parallel unless it carries a reduction.
        let outer = loops.first().copied().unwrap_or(last);
        if !reduces_over(band, outer.dim) {
            let share = m.cores.min(outer.count as f64).max(1.0);
            let regions = (band.outer_trips.max(1) * band.copies.max(1) as i64) as f64;
            total = total / (1.0 + (share - 1.0) * 0.8) + regions * 20_000.0;
            if m.cores < 1.5 {
                // No core to spare: every join waits for descheduled workers (measured
                // 46-77 ms against 0.45-0.75 ms serial on matmul 256 at load 16 on 2 cores).
                total *= 4.0;
            }
        } else {
            total += 1_000.0;
        }
    }
    total
}

/// GPU workgroup shapes: work per invocation with idle lanes, a penalty for an x extent
/// below 16 (uncoalesced rows) and for workgroups under 64 or over 256 invocations, a
/// gain for workgroup-memory promotion when a sequential loop reuses data.
fn gpu_cost(band: &Band, c: &Config) -> f64 {
    let depth = band.trips.len();
    let mut iters = 1.0;
    for (k, &w) in c.workgroup.iter().enumerate() {
        let Some(&n) = depth.checked_sub(k + 1).and_then(|d| band.trips.get(d)) else {
            break;
        };
        let n = n.max(1) as f64;
        iters *= (n / w as f64).ceil() * w as f64;
    }
    let mapped = c.workgroup.len().min(depth);
    for &t in &band.trips[..depth - mapped] {
        iters *= t.max(1) as f64;
    }
    let x = c.workgroup.first().copied().unwrap_or(1);
    let size: u32 = c.workgroup.iter().product();
    let mut f = 1.0;
    if x < 16 {
        f *= 1.0 + (16.0 / x as f64).log2() * 0.3;
    }
    if !(64..=256).contains(&size) {
        f *= 1.2;
    }
    if c.promote > 0 {
        // Shared tiles replace global loads of the sequential loop when it has reuse
        // across the workgroup; barriers cost a little per tile step.
        f *= if band.inner_trips.is_empty() {
            1.05
        } else {
            0.6 + 1.6 / c.promote.max(8) as f64
        };
    }
    iters * f / c.unroll.max(1) as f64 * (1.0 + 0.1 * (c.unroll.max(1) as f64).log2())
}

/// Bytes touched by one tile (every dimension at its first-level tile extent).
pub fn footprint(band: &Band, c: &Config) -> u64 {
    let mut ext: Vec<u64> = (0..band.trips.len())
        .map(|d| match c.tile.get(d).copied().unwrap_or(0) {
            0 => band.trips[d].max(1) as u64,
            t => (t as u64).min(band.trips[d].max(1) as u64),
        })
        .collect();
    ext.extend(band.inner_trips.iter().map(|&t| t.max(1) as u64));
    (lines(band, &ext, 1) as u64).max(1)
}

/// Features of a config for the learned model (bias first).
pub fn features(band: &Band, c: &Config, m: &Machine) -> Vec<f64> {
    let mut f = vec![1.0, cost(band, c, m).max(1.0).ln()];
    // Sizes enter as log2 and its square, so the ridge can place an optimum inside a
    // range (tile 32 better than both 8 and 128), plus whether each loop is tiled.
    let sized = |f: &mut Vec<f64>, x: f64| {
        f.push(x);
        f.push(x * x);
    };
    for d in 0..band.trips.len() {
        sized(&mut f, (c.point_extent(&band.trips, d) as f64).log2());
        f.push((c.tile.get(d).copied().unwrap_or(0) > 0) as u8 as f64);
    }
    sized(&mut f, (c.unroll.max(1) as f64).log2());
    sized(&mut f, (c.unroll_jam.max(1) as f64).log2());
    f.push((c.vector.max(1) as f64).log2());
    f.push(c.parallel as u8 as f64);
    let fp = footprint(band, c) as f64;
    f.push((fp <= m.l1 as f64) as u8 as f64);
    f.push((fp <= m.l2 as f64 / 2.0) as u8 as f64);
    f.push(if c.order.is_empty() { 0.0 } else { 1.0 });
    f.push((c.inner.max(1) as f64).log2());
    f.push(c.poly.is_some() as u8 as f64);
    f.push(c.poly.is_some_and(|p| p.unit_stride) as u8 as f64);
    // Which band dimension the innermost point loop walks (one-hot): the learned model
    // can tell loop orders apart beyond the analytical model's view.
    let innermost = point_order(band, c).last().copied();
    for d in 0..band.trips.len() {
        f.push((innermost == Some(d)) as u8 as f64);
    }
    f.push(c.poly.is_some_and(|p| p.model_tiles) as u8 as f64);
    f.push(c.poly.is_some_and(|p| p.l2 > 0) as u8 as f64);
    f.push(c.workgroup.first().map_or(0.0, |&x| (x as f64).log2()));
    f.push(c.workgroup.get(1).map_or(0.0, |&y| (y as f64).log2()));
    f
}

/// A ridge regression `y ≈ w·x`, fitted by solving `(XᵀX + λI) w = Xᵀy`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ridge {
    pub weights: Vec<f64>,
}

impl Ridge {
    /// Fits on rows `xs` with targets `ys` (λ = `lambda`, not applied to the bias).
    pub fn fit(xs: &[Vec<f64>], ys: &[f64], lambda: f64) -> Ridge {
        let Some(n) = xs.first().map(Vec::len) else {
            return Ridge::default();
        };
        let mut a = vec![vec![0.0; n + 1]; n];
        for (x, &y) in xs.iter().zip(ys) {
            for i in 0..n {
                for j in 0..n {
                    a[i][j] += x[i] * x[j];
                }
                a[i][n] += x[i] * y;
            }
        }
        for (i, row) in a.iter_mut().enumerate() {
            row[i] += if i == 0 { 1e-9 } else { lambda };
        }
        // Gaussian elimination with partial pivoting.
        for col in 0..n {
            let p = (col..n)
                .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
                .unwrap_or(col);
            a.swap(col, p);
            let d = a[col][col];
            if d.abs() < 1e-300 {
                continue;
            }
            for r in 0..n {
                if r != col {
                    let f = a[r][col] / d;
                    if f != 0.0 {
                        for k in col..=n {
                            a[r][k] -= f * a[col][k];
                        }
                    }
                }
            }
        }
        let weights = (0..n)
            .map(|i| {
                if a[i][i].abs() < 1e-300 {
                    0.0
                } else {
                    a[i][n] / a[i][i]
                }
            })
            .collect();
        Ridge { weights }
    }

    /// The prediction for `x` (0 when unfitted).
    pub fn predict(&self, x: &[f64]) -> f64 {
        self.weights.iter().zip(x).map(|(w, v)| w * v).sum()
    }
}
