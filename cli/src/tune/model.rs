//! Performance models: an analytical cost model that ranks configs before anything is
//! measured (cache footprint and reuse per tile, in the spirit of Pluto's L2 model and
//! MLIR's cache-size tile rule, plus loop overhead and a register budget for unrolling),
//! and a ridge regression on config features that learns log(runtime) from every
//! measurement of the current tuning run.
//!
//! Invariants: both models are pure functions of their inputs (deterministic);
//! [`Ridge::fit`] never fails on degenerate data (the ridge term keeps the normal
//! equations positive definite) and predicts the mean when it has no data.

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
}

impl Default for Machine {
    fn default() -> Self {
        Machine {
            l1: 32 << 10,
            l2: 1 << 20,
            line: 64,
            registers: 16,
        }
    }
}

impl Machine {
    /// Reads cache sizes from sysfs (Linux), falling back to the defaults.
    pub fn detect() -> Machine {
        let mut m = Machine::default();
        let read = |i: u32, f: &str| {
            std::fs::read_to_string(format!("/sys/devices/system/cpu/cpu0/cache/index{i}/{f}"))
                .ok()
                .map(|s| s.trim().to_string())
        };
        let size = |s: String| -> Option<u64> {
            let (n, mul) = match s.strip_suffix('K') {
                Some(n) => (n, 1024),
                None => match s.strip_suffix('M') {
                    Some(n) => (n, 1 << 20),
                    None => (s.as_str(), 1),
                },
            };
            n.parse::<u64>().ok().map(|v| v * mul)
        };
        for i in 0..4 {
            let (Some(level), Some(ty)) = (read(i, "level"), read(i, "type")) else {
                continue;
            };
            if ty == "Instruction" {
                continue;
            }
            if let Some(s) = read(i, "size").and_then(size) {
                match level.as_str() {
                    "1" => m.l1 = s,
                    "2" => m.l2 = s,
                    _ => {}
                }
            }
            if let Some(l) = read(i, "coherency_line_size").and_then(|s| s.parse().ok()) {
                m.line = l;
            }
        }
        m
    }
}

/// Effective tile extent of dimension `d` (untiled: the whole trip count).
fn extent(band: &Band, c: &Config, d: usize) -> u64 {
    let n = band.trips[d].max(1) as u64;
    match c.tile.get(d).copied().unwrap_or(0) {
        0 => n,
        t => (t as u64).min(n),
    }
}

/// Bytes touched by one tile: per memref, the product over subscripts of the range each
/// subscript spans inside the tile (the largest over that memref's accesses).
pub fn footprint(band: &Band, c: &Config) -> u64 {
    let ext: Vec<u64> = (0..band.trips.len()).map(|d| extent(band, c, d)).collect();
    let mut per_memref: Vec<(usize, u64)> = Vec::new();
    for a in &band.accesses {
        let mut elems: u64 = 1;
        for row in &a.coeffs {
            let span: u64 = row
                .iter()
                .zip(&ext)
                .map(|(&k, &e)| k.unsigned_abs() * (e - 1))
                .sum::<u64>()
                + 1;
            elems = elems.saturating_mul(span);
        }
        let bytes = elems.saturating_mul(a.elem_bytes);
        match per_memref.iter_mut().find(|(m, _)| *m == a.memref) {
            Some((_, b)) => *b = (*b).max(bytes),
            None => per_memref.push((a.memref, bytes)),
        }
    }
    per_memref.iter().map(|(_, b)| *b).sum()
}

/// The innermost point loop after the config's permutation.
fn innermost(band: &Band, c: &Config) -> usize {
    let d = band.trips.len().saturating_sub(1);
    c.order.get(d).map_or(d, |&o| o as usize)
}

/// Predicted cost (arbitrary units, lower is better) of running `band` under `c`.
///
/// Memory: each tile brings its footprint in once when it fits in L2 (half of it, to
/// leave room for conflicts); otherwise every access misses with the probability its
/// innermost stride implies. Compute: one unit per access and iteration, divided by the
/// vector width when the innermost dimension is unit-stride, plus loop overhead divided by
/// the unroll product; a register-budget penalty when unroll x unroll-jam exceeds the
/// registers.
pub fn cost(band: &Band, c: &Config, m: &Machine) -> f64 {
    if band.trips.is_empty() {
        return 1.0;
    }
    let iters: f64 = band.trips.iter().map(|&t| t.max(1) as f64).product();
    let accesses = band.accesses.len().max(1) as f64;
    let inner = innermost(band, c);
    let elem = band.accesses.first().map_or(4, |a| a.elem_bytes) as f64;
    let per_line = (m.line as f64 / elem).max(1.0);
    // Miss rate per access in the absence of tile reuse, from the innermost stride.
    let stream_misses: f64 = band
        .accesses
        .iter()
        .map(|a| {
            let k = a
                .coeffs
                .iter()
                .rposition(|row| row.get(inner).copied().unwrap_or(0) != 0);
            match k {
                None => 0.0,                                          // invariant: stays in a register
                Some(s) if s + 1 == a.coeffs.len() => 1.0 / per_line, // unit stride along the row
                Some(_) => 1.0,                                       // strided: a line per access
            }
        })
        .sum();
    let tiles: f64 = (0..band.trips.len())
        .map(|d| (band.trips[d].max(1) as f64 / extent(band, c, d) as f64).ceil())
        .product();
    let fp = footprint(band, c) as f64;
    let l2 = m.l2 as f64 / 2.0;
    let mem = if fp <= l2 {
        // Reuse inside the tile: each tile's data is loaded once (in lines), plus L1
        // misses for the stream when the tile does not fit in L1.
        let l1_fit = fp <= m.l1 as f64;
        tiles * fp / m.line as f64 * 4.0
            + if l1_fit {
                0.0
            } else {
                iters * stream_misses * 0.5
            }
    } else {
        iters * stream_misses * 4.0
    };
    let unit_stride = stream_misses < accesses;
    let vec = if unit_stride {
        c.vector.max(1) as f64
    } else {
        1.0
    };
    let unroll = (c.unroll.max(1) * c.unroll_jam.max(1)) as f64;
    let compute = iters * accesses / vec + iters * 2.0 / unroll;
    let regs = c.unroll_jam.max(1) * c.unroll.max(1) * c.vector.max(1).min(8);
    let pressure = if regs > m.registers * 2 {
        1.0 + 0.15 * (regs as f64 / (m.registers * 2) as f64)
    } else {
        1.0
    };
    // Tiling costs loop overhead per tile.
    let tile_overhead = tiles * 8.0;
    (mem + compute * pressure + tile_overhead) * band.outer_trips.max(1) as f64
}

/// Features of a config for the learned model (bias first).
pub fn features(band: &Band, c: &Config, m: &Machine) -> Vec<f64> {
    let mut f = vec![1.0, cost(band, c, m).max(1.0).ln()];
    for d in 0..band.trips.len() {
        f.push((extent(band, c, d) as f64).log2());
    }
    f.push((c.unroll.max(1) as f64).log2());
    f.push((c.unroll_jam.max(1) as f64).log2());
    f.push((c.vector.max(1) as f64).log2());
    f.push(c.parallel as u8 as f64);
    let fp = footprint(band, c) as f64;
    f.push((fp <= m.l1 as f64) as u8 as f64);
    f.push((fp <= m.l2 as f64 / 2.0) as u8 as f64);
    f.push(if c.order.is_empty() { 0.0 } else { 1.0 });
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
