//! The search space: a [`Config`] (tile sizes per band dimension, an optional second,
//! inner tile level, loop order, or instead isl's scheduler `poly-schedule` with its
//! fusion and intra-tile-order knobs; unroll and unroll-jam factors, vector width,
//! parallel outer loop; for `--target gpu` the workgroup shape) and the [`Space`] of
//! values each knob may take, derived from the kernel's band and from which passes this
//! build registers, optionally narrowed or widened by a spec file (`--space FILE`, TOML or
//! JSON). A config becomes a pass pipeline ([`Config::pipeline`]) that runs on the kernel.
//!
//! Invariants: the default config (nothing tiled, factors 1, identity order, no
//! scheduler) maps to the empty pipeline, i.e. the untransformed program; every config a
//! `Space` enumerates has one tile entry per band dimension; [`Space::admits`] rejects
//! configs that duplicate another one's program (a loop order or inner tile under
//! `poly-schedule`, an inner tile not below every outer tile) or break the vector-width
//! rule (the innermost point loop's extent is a multiple of the vector width), and every
//! strategy measures admitted configs only; knobs whose pass is not registered have the
//! single value "off", so the tuner picks new passes up as they land.

use super::kernel::Band;
use lattice_ir::diag::{DiagLoc, Diagnostic};
use lattice_ir::pass::PassRegistry;
use lattice_ir::Span;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Fusion strategy of `poly-schedule` (its `fuse` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fuse {
    Smart,
    Max,
    None,
}

impl Fuse {
    pub fn name(self) -> &'static str {
        match self {
            Fuse::Smart => "smart",
            Fuse::Max => "max",
            Fuse::None => "none",
        }
    }
}

/// The `poly-schedule` knobs of a config that uses isl's scheduler instead of
/// `poly-transform` + `affine-loop-tile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Poly {
    pub fuse: Fuse,
    /// `intra-tile-order=unit-stride` (else `isl`).
    pub unit_stride: bool,
    /// Tile with the sizes of `poly-schedule`'s own cache model (`tile-sizes` left out)
    /// instead of the config's `tile` (which is then all zero).
    #[serde(default, skip_serializing_if = "is_false")]
    pub model_tiles: bool,
    /// A second, outer (L2) tiling level: 0 none, 1 the sizes of `poly-schedule`'s model
    /// (`tile-levels=2`), else this many points per loop (`l2-tile-sizes`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub l2: u32,
}

impl Poly {
    /// The spelling used in keys: `smart/isl`, `max/unit-stride`, then `/model-tiles`
    /// and `/l2=model` or `/l2=N` when set.
    pub fn name(self) -> String {
        let mut s = format!(
            "{}/{}",
            self.fuse.name(),
            if self.unit_stride {
                "unit-stride"
            } else {
                "isl"
            }
        );
        if self.model_tiles {
            s.push_str("/model-tiles");
        }
        match self.l2 {
            0 => {}
            1 => s.push_str("/l2=model"),
            n => s.push_str(&format!("/l2={n}")),
        }
        s
    }
}

/// One point of the search space. `tile[d] == 0` leaves dimension `d` untiled.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
pub struct Config {
    pub tile: Vec<u32>,
    /// Second (inner) tile level: this size for every point loop whose outer extent is
    /// larger (0: one level).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub inner: u32,
    /// Permutation of the band's point loops (empty: identity).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<u32>,
    pub unroll: u32,
    pub unroll_jam: u32,
    pub vector: u32,
    pub parallel: bool,
    /// Schedule with `poly-schedule` (tile sizes become its `tile-sizes`, `parallel` its
    /// `parallel`) instead of `poly-transform` + `affine-loop-tile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poly: Option<Poly>,
    /// GPU workgroup shape, x first (`--gpu-workgroup-size`; empty: the default / CPU).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub workgroup: Vec<u32>,
    /// GPU workgroup-memory promotion with this tile of the sequential loop
    /// (`--gpu-promote-workgroup-memory --gpu-promote-tile N`; 0: off).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub promote: u32,
    /// GPU per-thread register tile, x first (`--gpu-thread-tile`; empty: one iteration
    /// per invocation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub thread_tile: Vec<u32>,
}

fn is_zero(x: &u32) -> bool {
    *x == 0
}

fn is_false(x: &bool) -> bool {
    !*x
}

/// What the GPU an applied file will run on supports, as far as the mapping depends on it
/// (`lattice run --target gpu` maps with the device's own features).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GpuFeatures {
    /// The device has `SHADER_INT64`: loops computing in i64 may be mapped.
    pub shader_i64: bool,
}

impl Config {
    /// The untuned default for a band of `depth` loops.
    pub fn baseline(depth: usize) -> Config {
        Config {
            tile: vec![0; depth],
            inner: 0,
            order: Vec::new(),
            unroll: 1,
            unroll_jam: 1,
            vector: 1,
            parallel: false,
            poly: None,
            workgroup: Vec::new(),
            promote: 0,
            thread_tile: Vec::new(),
        }
    }

    /// The band dimension of the innermost point loop.
    pub fn innermost_dim(&self) -> usize {
        let d = self.tile.len().saturating_sub(1);
        if self.poly.is_some() {
            return d;
        }
        self.order.get(d).map_or(d, |&o| o as usize)
    }

    /// The extent of the innermost point loop (tile levels applied) for trip counts `trips`.
    pub fn point_extent(&self, trips: &[i64], d: usize) -> i64 {
        let n = trips.get(d).copied().unwrap_or(1).max(1);
        let outer = match self.tile.get(d).copied().unwrap_or(0) {
            0 => n,
            t => (t as i64).min(n),
        };
        if self.inner > 0 && (self.inner as i64) < outer {
            self.inner as i64
        } else {
            outer
        }
    }

    /// Whether the candidate runs on one CPU thread (no parallel loop, not a GPU mapping),
    /// so that its process CPU time is its run time.
    pub fn single_threaded(&self) -> bool {
        !self.parallel && self.workgroup.is_empty()
    }

    /// For a GPU config: the mapping its run options ask for, as passes on the kernel
    /// (`gpu-map-parallel-loops` with the workgroup shape and per-thread tile, then
    /// `gpu-promote-workgroup-memory` with its tile), so that a file holds the tuned
    /// `gpu.launch` ops and `lattice run --target gpu` (which maps nothing in a module that
    /// already has launches) runs it as tuned with no options. f64 loops are mapped as the
    /// runtime does on any device (`demote-f64` only admits them; the device's f64 support
    /// decides the precision when the kernel is emitted); i64 loops are mapped where the
    /// device has `SHADER_INT64`, as the runtime maps them. The untuned GPU config maps with
    /// the default workgroup shape.
    pub fn gpu_passes(&self, device: GpuFeatures) -> Vec<(String, String)> {
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let mut o = vec!["demote-f64=true".to_string()];
        if device.shader_i64 {
            o.push("shader-i64=true".to_string());
        }
        if !self.workgroup.is_empty() {
            o.push(format!("workgroup-size={}", list(&self.workgroup)));
        }
        if !self.thread_tile.is_empty() {
            o.push(format!("thread-tile={}", list(&self.thread_tile)));
        }
        let mut p = vec![("gpu-map-parallel-loops".to_string(), o.join(" "))];
        if self.promote > 0 {
            p.push((
                "gpu-promote-workgroup-memory".into(),
                format!("tile={}", self.promote),
            ));
        }
        p
    }

    /// Extra arguments for the run (the GPU workgroup shape and promotion).
    pub fn run_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if !self.workgroup.is_empty() {
            let w: Vec<String> = self.workgroup.iter().map(|x| x.to_string()).collect();
            args.push(format!("--gpu-workgroup-size={}", w.join(",")));
        }
        if self.promote > 0 {
            args.push("--gpu-promote-workgroup-memory".into());
            args.push("--gpu-promote-tile".into());
            args.push(self.promote.to_string());
        }
        if !self.thread_tile.is_empty() {
            let t: Vec<String> = self.thread_tile.iter().map(|x| x.to_string()).collect();
            args.push("--gpu-thread-tile".into());
            args.push(t.join(","));
        }
        args
    }

    /// A compact, stable text key (`t=32,32,0 u=4 uj=2 v=1 p=0`), used in the database.
    pub fn key(&self) -> String {
        let t: Vec<String> = self.tile.iter().map(|x| x.to_string()).collect();
        let mut s = format!(
            "t={} u={} uj={} v={} p={}",
            t.join(","),
            self.unroll,
            self.unroll_jam,
            self.vector,
            self.parallel as u8
        );
        if !self.order.is_empty() {
            let o: Vec<String> = self.order.iter().map(|x| x.to_string()).collect();
            s.push_str(&format!(" o={}", o.join(",")));
        }
        if self.inner > 0 {
            s.push_str(&format!(" t2={}", self.inner));
        }
        if let Some(p) = self.poly {
            s.push_str(&format!(" sched={}", p.name()));
        }
        if !self.workgroup.is_empty() {
            let w: Vec<String> = self.workgroup.iter().map(|x| x.to_string()).collect();
            s.push_str(&format!(" wg={}", w.join("x")));
        }
        if self.promote > 0 {
            s.push_str(&format!(" promote={}", self.promote));
        }
        if !self.thread_tile.is_empty() {
            let t: Vec<String> = self.thread_tile.iter().map(|x| x.to_string()).collect();
            s.push_str(&format!(" tt={}", t.join("x")));
        }
        s
    }

    /// The pass pipeline that applies this config to a band with trip counts `trips`
    /// (`(pass, options)` pairs, in order); empty for the baseline.
    pub fn pipeline(&self, trips: &[i64]) -> Vec<(String, String)> {
        let mut p = Vec::new();
        if let Some(poly) = self.poly {
            let given = self.tile.iter().any(|&t| t > 0);
            let tiled = given || poly.model_tiles;
            let sizes: Vec<String> = (0..self.tile.len())
                .map(|d| match self.tile[d] {
                    0 => trips.get(d).copied().unwrap_or(1).max(1).to_string(),
                    t => t.to_string(),
                })
                .collect();
            let mut o = format!(
                "fuse={} intra-tile-order={} parallel={} tile={tiled}",
                poly.fuse.name(),
                if poly.unit_stride {
                    "unit-stride"
                } else {
                    "isl"
                },
                self.parallel
            );
            if given && !poly.model_tiles {
                o.push_str(&format!(" tile-sizes={}", sizes.join(",")));
            }
            match poly.l2 {
                0 => {}
                _ if !tiled => {}
                1 => o.push_str(" tile-levels=2"),
                n => o.push_str(&format!(" l2-tile-sizes={n}")),
            }
            p.push(("poly-schedule".into(), o));
            self.push_point_passes(&mut p);
            return p;
        }
        // The order is applied first (`poly-transform` permutes the whole perfect band, and
        // refuses if a dependence forbids it); tile sizes stay keyed by original dimension,
        // so they are reordered to the new loop positions.
        let permuted =
            !self.order.is_empty() && self.order.iter().enumerate().any(|(i, &o)| o as usize != i);
        if permuted {
            let o: Vec<String> = self.order.iter().map(|x| x.to_string()).collect();
            p.push(("poly-transform".into(), format!("permute={}", o.join(","))));
        }
        if self.tile.iter().any(|&t| t > 0) {
            let size = |d: usize| match (self.tile[d], trips.get(d)) {
                (0, Some(&n)) => n.max(1).to_string(),
                (0, None) => "1".to_string(),
                (t, _) => t.to_string(),
            };
            let sizes: Vec<String> = if permuted {
                self.order.iter().map(|&d| size(d as usize)).collect()
            } else {
                (0..self.tile.len()).map(size).collect()
            };
            p.push((
                "affine-loop-tile".into(),
                format!("tile-sizes={}", sizes.join(",")),
            ));
        }
        // The second level tiles the point loops again; the first level's tile loops
        // (one per tiled dimension, the band's outer members) get size 1, which leaves
        // them as they are.
        if self.inner > 0 {
            let dims: Vec<usize> = if permuted {
                self.order.iter().map(|&d| d as usize).collect()
            } else {
                (0..self.tile.len()).collect()
            };
            let outer_tiled = dims
                .iter()
                .filter(|&&d| {
                    let t = self.tile[d] as i64;
                    t > 0 && t < trips.get(d).copied().unwrap_or(1)
                })
                .count();
            let mut sizes: Vec<String> = vec!["1".into(); outer_tiled];
            sizes.extend(dims.iter().map(|&d| {
                let n = trips.get(d).copied().unwrap_or(1).max(1);
                let outer = match self.tile[d] {
                    0 => n,
                    t => (t as i64).min(n),
                };
                outer.min(self.inner as i64).to_string()
            }));
            p.push((
                "affine-loop-tile".into(),
                format!("tile-sizes={}", sizes.join(",")),
            ));
        }
        self.push_point_passes(&mut p);
        if self.parallel {
            p.push(("affine-parallelize".into(), "max-nested=1".into()));
        }
        p
    }

    /// Vectorization, unroll-jam and unroll, after the loop structure is set.
    fn push_point_passes(&self, p: &mut Vec<(String, String)>) {
        if self.vector > 1 {
            p.push((
                "affine-super-vectorize".into(),
                format!("virtual-vector-size={}", self.vector),
            ));
        }
        if self.unroll_jam > 1 {
            p.push((
                "affine-loop-unroll-jam".into(),
                format!("unroll-jam-factor={}", self.unroll_jam),
            ));
        }
        if self.unroll > 1 {
            p.push((
                "affine-loop-unroll".into(),
                format!("unroll-factor={}", self.unroll),
            ));
        }
    }
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key())
    }
}

/// `--pass-pipeline` text for a pipeline on the kernel function.
pub fn pipeline_text(p: &[(String, String)]) -> String {
    let items: Vec<String> = p
        .iter()
        .map(|(n, o)| {
            if o.is_empty() {
                n.clone()
            } else {
                format!("{n}{{{o}}}")
            }
        })
        .collect();
    format!("func.func({})", items.join(","))
}

/// The values each knob may take.
#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    /// Per band dimension, the tile sizes (0 = untiled).
    pub tile: Vec<Vec<u32>>,
    /// Second-level (inner) tile sizes (0 = one level).
    pub inner: Vec<u32>,
    /// Loop orders to try (empty permutation = identity).
    pub orders: Vec<Vec<u32>>,
    pub unroll: Vec<u32>,
    pub unroll_jam: Vec<u32>,
    pub vector: Vec<u32>,
    pub parallel: Vec<bool>,
    /// `None`: `poly-transform` + `affine-loop-tile`; else `poly-schedule` with these knobs.
    pub poly: Vec<Option<Poly>>,
    /// GPU workgroup shapes (`[[]]` on the CPU).
    pub workgroup: Vec<Vec<u32>>,
    /// GPU workgroup-memory promotion tiles (0 = off; `[0]` on the CPU).
    pub promote: Vec<u32>,
    /// GPU per-thread tiles, x first (`[[]]`: one iteration per invocation, and on the CPU).
    pub thread_tile: Vec<Vec<u32>>,
    /// Trip counts of the band (bounds the sizes; decides [`Space::admits`]).
    pub trips: Vec<i64>,
}

/// Which transformation passes this build has, by the option the tuner drives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capabilities {
    pub tile: bool,
    pub interchange: bool,
    pub unroll: bool,
    pub unroll_jam: bool,
    pub vectorize: bool,
    pub parallelize: bool,
    /// `poly-schedule` with `fuse`, `tile-sizes` and `intra-tile-order`.
    pub schedule: bool,
    /// `gpu-promote-workgroup-memory` (driven through `lattice run --target gpu`).
    pub promote: bool,
    /// `gpu-map-parallel-loops{thread-tile=...}` (`--gpu-thread-tile`).
    pub thread_tile: bool,
}

impl Capabilities {
    /// Looks the passes (and the option names the tuner passes them) up in `registry`.
    pub fn of(registry: &PassRegistry) -> Capabilities {
        let has = |pass: &str, option: &str| {
            registry
                .lookup(pass)
                .is_some_and(|d| d.options.iter().any(|o| o.name == option))
        };
        Capabilities {
            tile: has("affine-loop-tile", "tile-sizes"),
            interchange: has("poly-transform", "permute"),
            unroll: has("affine-loop-unroll", "unroll-factor"),
            unroll_jam: has("affine-loop-unroll-jam", "unroll-jam-factor"),
            vectorize: has("affine-super-vectorize", "virtual-vector-size"),
            parallelize: has("affine-parallelize", "max-nested"),
            schedule: has("poly-schedule", "fuse")
                && has("poly-schedule", "tile-sizes")
                && has("poly-schedule", "intra-tile-order"),
            promote: has("gpu-promote-workgroup-memory", "tile"),
            thread_tile: has("gpu-map-parallel-loops", "thread-tile"),
        }
    }

    /// Every capability (for tests of the space logic).
    pub fn all() -> Capabilities {
        Capabilities {
            tile: true,
            interchange: true,
            unroll: true,
            unroll_jam: true,
            vectorize: true,
            parallelize: true,
            schedule: true,
            promote: true,
            thread_tile: true,
        }
    }
}

/// What the tuned code runs on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Target {
    #[default]
    Cpu,
    Gpu,
}

fn pow2_up_to(lo: u32, hi: i64) -> Vec<u32> {
    let mut v = Vec::new();
    let mut x = lo.max(1);
    while (x as i64) <= hi {
        v.push(x);
        x *= 2;
    }
    v
}

/// Every `poly-schedule` knob combination; the fusion knob only when the kernel has more
/// than one loop nest (with one nest every `fuse` value gives the same schedule); tile
/// sizes given by the config or by the pass's cache model; one tile level or a second
/// (L2) level sized by the model.
fn poly_values(nests: usize) -> Vec<Option<Poly>> {
    let fuses: &[Fuse] = if nests > 1 {
        &[Fuse::Smart, Fuse::Max, Fuse::None]
    } else {
        &[Fuse::Smart]
    };
    poly_combinations(true, fuses, &[false, true], &[false, true], &[0, 1])
}

/// The scheduler knob's values: `None` (affine) when `affine`, then every combination.
fn poly_combinations(
    affine: bool,
    fuses: &[Fuse],
    intras: &[bool],
    model_tiles: &[bool],
    l2: &[u32],
) -> Vec<Option<Poly>> {
    let mut v = Vec::new();
    if affine {
        v.push(None);
    }
    for &fuse in fuses {
        for &unit_stride in intras {
            for &model_tiles in model_tiles {
                for &l2 in l2 {
                    let p = Some(Poly {
                        fuse,
                        unit_stride,
                        model_tiles,
                        l2,
                    });
                    if !v.contains(&p) {
                        v.push(p);
                    }
                }
            }
        }
    }
    v
}

impl Space {
    /// The space derived from `band` for the CPU: tile sizes 0 and the powers of two from
    /// the largest vector width (at least 4) up to half the trip count; inner tiles from 4
    /// up to a quarter of the largest trip count; unroll 1..8 and unroll-jam 1..4 bounded by
    /// the innermost and outermost trip counts; vector widths 4 and 8 when the innermost
    /// trip count allows; parallel on/off; `poly-schedule` with its knobs or not. Knobs
    /// without a pass are fixed off.
    pub fn derive(band: &Band, caps: Capabilities) -> Space {
        Space::derive_for(band, caps, Target::Cpu)
    }

    /// The space for `target`. On the GPU the knobs are the workgroup shape (x first,
    /// powers of two bounded by the trip counts of the loops mapped to x and y, at most
    /// 1024 invocations), workgroup-memory promotion (off, or tiles 8/16/32 of the
    /// sequential loop inside the band, bounded by its trip count), the loop order and
    /// unrolling inside a thread, and the per-thread register tile (off, or 2x1, 2x2, 4x1,
    /// 4x4 iterations of the x/y loops, bounded by their trip counts over 4); tiling,
    /// vector width and CPU parallelism stay off.
    pub fn derive_for(band: &Band, caps: Capabilities, target: Target) -> Space {
        let depth = band.trips.len();
        let inner = band.trips.last().copied().unwrap_or(1);
        let outer = band.trips.first().copied().unwrap_or(1);
        let longest = band.trips.iter().copied().max().unwrap_or(1);
        let orders = if caps.interchange && depth >= 2 {
            permutations(depth as u32)
        } else {
            vec![Vec::new()]
        };
        let unroll = if caps.unroll {
            pow2_up_to(1, inner.min(8))
        } else {
            vec![1]
        };
        if target == Target::Gpu {
            let x = inner.max(1);
            let y = if depth >= 2 { band.trips[depth - 2] } else { 1 };
            let mut workgroup = Vec::new();
            for wx in [4u32, 8, 16, 32, 64, 128, 256] {
                if wx as i64 > x.max(4) {
                    continue;
                }
                if depth < 2 {
                    workgroup.push(vec![wx]);
                    continue;
                }
                for wy in [1u32, 2, 4, 8, 16, 32] {
                    if wy as i64 <= y.max(1) && wx * wy <= 1024 && wx * wy >= 32 {
                        workgroup.push(vec![wx, wy]);
                    }
                }
            }
            if workgroup.is_empty() {
                workgroup.push(Vec::new());
            }
            let mut promote = vec![0];
            if caps.promote {
                // The sequential loop the promotion tiles: a loop inside the band, or
                // the band's innermost loop when it is a reduction (every write is
                // invariant in it), as in a matmul whose k loop stays in the thread.
                let last = depth.saturating_sub(1);
                let reduction = depth >= 2
                    && band.accesses.iter().any(|a| {
                        a.is_write
                            && a.coeffs
                                .iter()
                                .all(|r| r.get(last).copied().unwrap_or(0) == 0)
                    });
                let seq = match band.inner_trips.first() {
                    Some(&t) => t,
                    None if reduction => inner,
                    None => 0,
                };
                promote.extend([8u32, 16, 32].into_iter().filter(|&t| (t as i64) <= seq));
            }
            let mut thread_tile = vec![Vec::new()];
            if caps.thread_tile {
                for t in [[2u32, 1], [2, 2], [4, 1], [4, 4]] {
                    let t = if depth >= 2 { t.to_vec() } else { vec![t[0]] };
                    if t.len() == 1 && thread_tile.contains(&t) {
                        continue;
                    }
                    if 4 * t[0] as i64 <= x && (t.len() < 2 || 4 * t[1] as i64 <= y.max(1)) {
                        thread_tile.push(t);
                    }
                }
            }
            return Space {
                tile: vec![vec![0]; depth],
                inner: vec![0],
                orders,
                unroll: unroll.into_iter().filter(|&u| u <= 4).collect(),
                unroll_jam: vec![1],
                vector: vec![1],
                parallel: vec![false],
                poly: vec![None],
                workgroup,
                promote,
                thread_tile,
                trips: band.trips.clone(),
            };
        }
        let vector: Vec<u32> = if caps.vectorize {
            std::iter::once(1)
                .chain([4u32, 8].into_iter().filter(|&v| inner >= 2 * v as i64))
                .collect()
        } else {
            vec![1]
        };
        let min_tile = vector.iter().copied().max().unwrap_or(1).max(4);
        let tile = (0..depth)
            .map(|d| {
                if caps.tile {
                    let mut v = vec![0];
                    v.extend(pow2_up_to(min_tile, band.trips[d] / 2));
                    v
                } else {
                    vec![0]
                }
            })
            .collect();
        let inner_tiles = if caps.tile && depth >= 2 {
            let mut v = vec![0];
            v.extend(pow2_up_to(4, longest / 4));
            v
        } else {
            vec![0]
        };
        let unroll_jam = if caps.unroll_jam && depth >= 2 {
            pow2_up_to(1, outer.min(4))
        } else {
            vec![1]
        };
        let parallel = if caps.parallelize {
            vec![false, true]
        } else {
            vec![false]
        };
        let poly = if caps.schedule && depth >= 2 {
            poly_values(band.nests)
        } else {
            vec![None]
        };
        Space {
            tile,
            inner: inner_tiles,
            orders,
            unroll,
            unroll_jam,
            vector,
            parallel,
            poly,
            workgroup: vec![Vec::new()],
            promote: vec![0],
            thread_tile: vec![Vec::new()],
            trips: band.trips.clone(),
        }
    }

    /// Whether `c` is a config this space measures: inside the space, not a duplicate of
    /// another config's program, and vector width compatible (see the module docs).
    pub fn admits(&self, c: &Config) -> bool {
        if self.indices(c).is_none() {
            return false;
        }
        if c.poly.is_some() && (!c.order.is_empty() || c.inner > 0) {
            return false;
        }
        if let Some(p) = c.poly {
            let given: Vec<u32> = c.tile.iter().copied().filter(|&t| t > 0).collect();
            // Model tile sizes ignore the config's; a second level needs a first one and,
            // given explicitly, must exceed some first-level size.
            if p.model_tiles && !given.is_empty() {
                return false;
            }
            if p.l2 > 0 && !p.model_tiles && given.is_empty() {
                return false;
            }
            if p.l2 > 1 && !p.model_tiles && given.iter().all(|&t| t >= p.l2) {
                return false;
            }
        }
        if c.inner > 0 {
            // A real second level: some dimension tiled at the first level, and the inner
            // size below every first-level size.
            let outer: Vec<i64> = (0..c.tile.len())
                .filter(|&d| c.tile[d] > 0 && (c.tile[d] as i64) < self.trips[d])
                .map(|d| c.tile[d] as i64)
                .collect();
            if outer.is_empty() || outer.iter().any(|&t| t <= c.inner as i64) {
                return false;
            }
        }
        if c.vector > 1 {
            let d = c.innermost_dim();
            if c.point_extent(&self.trips, d) % c.vector as i64 != 0 {
                return false;
            }
        }
        true
    }

    /// The number of configs (the product of the knob counts, admitted or not).
    pub fn size(&self) -> u64 {
        self.radices()
            .iter()
            .fold(1u64, |n, &k| n.saturating_mul(k as u64))
    }

    /// The number of admitted configs, counted when the grid has at most `limit` points.
    pub fn admitted(&self, limit: u64) -> Option<u64> {
        let n = self.size();
        (n <= limit).then(|| (0..n).filter(|&i| self.admits(&self.config_at(i))).count() as u64)
    }

    /// The per-knob value counts, in the order [`Space::config_at`] decodes them.
    fn radices(&self) -> Vec<usize> {
        let mut r: Vec<usize> = self.tile.iter().map(Vec::len).collect();
        r.extend([
            self.inner.len(),
            self.orders.len(),
            self.unroll.len(),
            self.unroll_jam.len(),
            self.vector.len(),
            self.parallel.len(),
            self.poly.len(),
            self.workgroup.len(),
            self.promote.len(),
            self.thread_tile.len(),
        ]);
        r
    }

    /// The config with per-knob value indices `idx` (see [`Space::indices`]).
    pub fn config(&self, idx: &[usize]) -> Config {
        let d = self.tile.len();
        Config {
            tile: (0..d).map(|i| self.tile[i][idx[i]]).collect(),
            inner: self.inner[idx[d]],
            order: self.orders[idx[d + 1]].clone(),
            unroll: self.unroll[idx[d + 2]],
            unroll_jam: self.unroll_jam[idx[d + 3]],
            vector: self.vector[idx[d + 4]],
            parallel: self.parallel[idx[d + 5]],
            poly: self.poly[idx[d + 6]],
            workgroup: self.workgroup[idx[d + 7]].clone(),
            promote: self.promote[idx[d + 8]],
            thread_tile: self.thread_tile[idx[d + 9]].clone(),
        }
    }

    /// The per-knob value indices of `c`, or `None` if `c` is outside the space.
    pub fn indices(&self, c: &Config) -> Option<Vec<usize>> {
        let d = self.tile.len();
        if c.tile.len() != d {
            return None;
        }
        let mut idx = Vec::with_capacity(d + 10);
        for i in 0..d {
            idx.push(self.tile[i].iter().position(|&t| t == c.tile[i])?);
        }
        idx.push(self.inner.iter().position(|&u| u == c.inner)?);
        idx.push(self.orders.iter().position(|o| *o == c.order)?);
        idx.push(self.unroll.iter().position(|&u| u == c.unroll)?);
        idx.push(self.unroll_jam.iter().position(|&u| u == c.unroll_jam)?);
        idx.push(self.vector.iter().position(|&u| u == c.vector)?);
        idx.push(self.parallel.iter().position(|&u| u == c.parallel)?);
        idx.push(self.poly.iter().position(|&u| u == c.poly)?);
        idx.push(self.workgroup.iter().position(|u| *u == c.workgroup)?);
        idx.push(self.promote.iter().position(|&u| u == c.promote)?);
        idx.push(self.thread_tile.iter().position(|t| *t == c.thread_tile)?);
        Some(idx)
    }

    /// The `n`-th config in grid order (last knob fastest), `n < size()`.
    pub fn config_at(&self, mut n: u64) -> Config {
        let radices = self.radices();
        let mut idx = vec![0; radices.len()];
        for (i, &r) in radices.iter().enumerate().rev() {
            idx[i] = (n % r as u64) as usize;
            n /= r as u64;
        }
        self.config(&idx)
    }

    /// Per-knob value counts (public for mutation).
    pub fn knob_sizes(&self) -> Vec<usize> {
        self.radices()
    }
}

fn permutations(n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut cur: Vec<u32> = (0..n).collect();
    fn rec(k: usize, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if k == cur.len() {
            out.push(cur.clone());
            return;
        }
        for i in k..cur.len() {
            cur.swap(k, i);
            rec(k + 1, cur, out);
            cur.swap(k, i);
        }
    }
    rec(0, &mut cur, &mut out);
    out.sort();
    // The identity is spelled as the empty permutation so the baseline is in the space.
    out.iter_mut().for_each(|p| {
        if p.iter().enumerate().all(|(i, &x)| x as usize == i) {
            p.clear()
        }
    });
    out.sort();
    out
}

/// A spec file error, located in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecError {
    pub message: String,
    pub span: Span,
}

impl SpecError {
    /// Renders the error with the file's text as a located diagnostic.
    pub fn render(&self, name: &str, text: &str) -> String {
        let ctx = lattice_ir::Context::new();
        let mut sources = lattice_driver::source_map();
        let id = sources.add(name, text);
        let d = Diagnostic::error(DiagLoc::Span(id, self.span), self.message.clone());
        sources.render(&ctx, &[d], Some(id))
    }
}

fn key_span(text: &str, key: &str, json: bool) -> Span {
    let needle = if json {
        format!("\"{key}\"")
    } else {
        key.to_string()
    };
    let mut from = 0;
    while let Some(p) = text[from..].find(&needle) {
        let at = from + p;
        let before_ok = json
            || at == 0
            || !text.as_bytes()[at - 1].is_ascii_alphanumeric() && text.as_bytes()[at - 1] != b'_';
        let after = at + needle.len();
        let after_ok = json
            || after >= text.len()
            || !text.as_bytes()[after].is_ascii_alphanumeric() && text.as_bytes()[after] != b'_';
        if before_ok && after_ok {
            return Span::new(at, after);
        }
        from = after;
    }
    Span::new(0, text.len().min(1))
}

fn line_col_offset(text: &str, line: usize, col: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return (off + col.saturating_sub(1)).min(text.len());
        }
        off += l.len();
    }
    text.len()
}

/// Applies a spec (TOML, or JSON when `json`) to `space`. Recognised keys: `tile` (list of
/// sizes for every dimension, 0 = untiled), `tile_per_dim` (list of lists), `inner_tile`
/// (second-level sizes, 0 = one level), `unroll`, `unroll_jam`, `vector` (lists of
/// positive integers), `parallel` (list of booleans), `interchange` (boolean: false keeps
/// the source order only), `scheduler` (`affine` and/or `poly`), `fuse` (`smart`, `max`,
/// `none`), `intra_tile_order` (`isl`, `unit-stride`), `poly_tiles` (`given`: the
/// config's tile sizes, `model`: the pass's cache model) and `l2_tile` (0, `"model"` or a
/// size: a second, L2 tile level) for `poly-schedule`, `workgroup`
/// (list of GPU workgroup shapes, x first), `promote` (GPU workgroup-memory promotion
/// tiles, 0 = off), `thread_tile` (GPU per-thread tiles, x first; `[1, 1]` = off). A key
/// not given keeps the derived values.
pub fn apply_spec(space: &mut Space, text: &str, json: bool) -> Result<(), SpecError> {
    let mut narrowed = space.clone();
    apply_spec_to(&mut narrowed, text, json)?;
    *space = narrowed;
    Ok(())
}

fn apply_spec_to(space: &mut Space, text: &str, json: bool) -> Result<(), SpecError> {
    let map = spec_table(text, json)?;
    let reader = SpecReader { text, json };
    let mut knobs = SchedulerKnobs::default();
    for (key, v) in &map {
        apply_key(space, &reader, &mut knobs, key, v)?;
    }
    knobs.apply(space, &reader)
}

/// The spec text as a table of keys (TOML, or JSON when `json`).
fn spec_table(
    text: &str,
    json: bool,
) -> Result<serde_json::Map<String, serde_json::Value>, SpecError> {
    let value: serde_json::Value = if json {
        serde_json::from_str(text).map_err(|e| {
            let at = line_col_offset(text, e.line(), e.column());
            SpecError {
                message: format!("invalid JSON: {e}"),
                span: Span::new(at, (at + 1).min(text.len()).max(at)),
            }
        })?
    } else {
        let table: toml::Table = toml::from_str(text).map_err(|e| {
            let r = e.span().unwrap_or(0..text.len().min(1));
            SpecError {
                message: format!("invalid TOML: {}", e.message()),
                span: Span::new(r.start, r.end),
            }
        })?;
        serde_json::to_value(table).map_err(|e| SpecError {
            message: format!("invalid TOML: {e}"),
            span: Span::new(0, 0),
        })?
    };
    let serde_json::Value::Object(map) = value else {
        return Err(SpecError {
            message: "a search-space spec must be a table of keys".into(),
            span: Span::new(0, text.len().min(1)),
        });
    };
    Ok(map)
}

/// Reads the values of a spec's keys; errors point at the key in the spec text.
struct SpecReader<'a> {
    text: &'a str,
    json: bool,
}

impl SpecReader<'_> {
    fn err(&self, key: &str, msg: String) -> SpecError {
        SpecError {
            message: msg,
            span: key_span(self.text, key, self.json),
        }
    }

    /// A non-empty list of integers from 0 (when `allow_zero`) or 1 to 2^20, deduplicated.
    fn ints(
        &self,
        key: &str,
        v: &serde_json::Value,
        allow_zero: bool,
    ) -> Result<Vec<u32>, SpecError> {
        let arr = v
            .as_array()
            .ok_or_else(|| self.err(key, format!("`{key}` must be a list of integers")))?;
        if arr.is_empty() {
            return Err(self.err(key, format!("`{key}` must not be empty")));
        }
        let mut out = Vec::new();
        for x in arr {
            let n = x.as_i64().ok_or_else(|| {
                self.err(
                    key,
                    format!("`{key}` must be a list of integers, found {x}"),
                )
            })?;
            if n < 0 || (n == 0 && !allow_zero) || n > 1 << 20 {
                return Err(self.err(
                    key,
                    format!(
                        "`{key}`: {n} is out of range (expected {} to 1048576)",
                        if allow_zero { 0 } else { 1 }
                    ),
                ));
            }
            if !out.contains(&(n as u32)) {
                out.push(n as u32);
            }
        }
        Ok(out)
    }

    /// `l2_tile`: 0 (one level), "model" (the pass's L2 model, read as 1), or a size in
    /// points; deduplicated.
    fn l2_sizes(&self, key: &str, v: &serde_json::Value) -> Result<Vec<u32>, SpecError> {
        let arr = v.as_array().filter(|a| !a.is_empty()).ok_or_else(|| {
            self.err(
                key,
                "`l2_tile` must be a non-empty list of sizes, 0 or \"model\"".into(),
            )
        })?;
        let mut out = Vec::new();
        for x in arr {
            let n = match (x.as_str(), x.as_u64()) {
                (Some("model"), _) => 1,
                (_, Some(n)) if n == 0 || (2..=1 << 20).contains(&n) => n as u32,
                _ => {
                    return Err(self.err(
                        key,
                        format!("`l2_tile`: {x} is not 0, \"model\" or a size from 2 to 1048576"),
                    ))
                }
            };
            if !out.contains(&n) {
                out.push(n);
            }
        }
        Ok(out)
    }

    /// `workgroup` or `thread_tile`: a non-empty list of shapes of 1 to 3 sizes with at
    /// most 1024 invocations (a shape may repeat a size: 16x16).
    fn shapes(&self, key: &str, v: &serde_json::Value) -> Result<Vec<Vec<u32>>, SpecError> {
        let arr = v.as_array().filter(|a| !a.is_empty()).ok_or_else(|| {
            self.err(
                key,
                format!("`{key}` must be a list of lists of 1 to 3 sizes"),
            )
        })?;
        let mut shapes = Vec::new();
        for a in arr {
            // Not `ints`: a shape may repeat a size (16x16).
            let w: Vec<u32> = a
                .as_array()
                .filter(|w| !w.is_empty())
                .map(|w| {
                    w.iter()
                        .map(|x| x.as_u64().filter(|&n| (1..=1024).contains(&n)))
                        .collect::<Option<Vec<u64>>>()
                })
                .flatten()
                .ok_or_else(|| {
                    self.err(
                        key,
                        format!("`{key}`: {a} is not a list of sizes from 1 to 1024"),
                    )
                })?
                .into_iter()
                .map(|n| n as u32)
                .collect();
            if w.len() > 3 || w.iter().map(|&x| x as u64).product::<u64>() > 1024 {
                return Err(self.err(
                    key,
                    format!("`{key}`: {w:?} needs 1 to 3 sizes and at most 1024 invocations"),
                ));
            }
            shapes.push(w);
        }
        Ok(shapes)
    }
}

/// Applies one key of a spec to `space` (scheduler knobs are collected in `knobs`).
fn apply_key(
    space: &mut Space,
    r: &SpecReader<'_>,
    knobs: &mut SchedulerKnobs,
    key: &str,
    v: &serde_json::Value,
) -> Result<(), SpecError> {
    match key {
        "tile" => {
            let t = r.ints(key, v, true)?;
            for d in space.tile.iter_mut() {
                *d = t.clone();
            }
        }
        "tile_per_dim" => {
            let arr = v
                .as_array()
                .ok_or_else(|| r.err(key, "`tile_per_dim` must be a list of lists".into()))?;
            if arr.len() != space.tile.len() {
                return Err(r.err(
                    key,
                    format!(
                        "`tile_per_dim` has {} entries but the kernel's band has {} loops",
                        arr.len(),
                        space.tile.len()
                    ),
                ));
            }
            for (d, a) in arr.iter().enumerate() {
                space.tile[d] = r.ints(key, a, true)?;
            }
        }
        "unroll" => space.unroll = r.ints(key, v, false)?,
        "unroll_jam" => space.unroll_jam = r.ints(key, v, false)?,
        "vector" => space.vector = r.ints(key, v, false)?,
        "parallel" => {
            let arr = v
                .as_array()
                .filter(|a| !a.is_empty() && a.iter().all(|x| x.is_boolean()))
                .ok_or_else(|| r.err(key, "`parallel` must be a non-empty list of booleans".into()))?;
            let mut p: Vec<bool> = arr.iter().filter_map(|x| x.as_bool()).collect();
            p.dedup();
            space.parallel = p;
        }
        "inner_tile" => space.inner = r.ints(key, v, true)?,
        "promote" => space.promote = r.ints(key, v, true)?,
        "l2_tile" => knobs.l2_tile = Some(r.l2_sizes(key, v)?),
        "scheduler" | "fuse" | "intra_tile_order" | "poly_tiles" => knobs.read(r, key, v)?,
        "workgroup" => space.workgroup = r.shapes(key, v)?,
        "thread_tile" => {
            // All ones (one iteration per invocation) is the untiled mapping.
            let mut tiles: Vec<Vec<u32>> = Vec::new();
            for t in r.shapes(key, v)? {
                let t = if t.iter().all(|&x| x == 1) { Vec::new() } else { t };
                if !tiles.contains(&t) {
                    tiles.push(t);
                }
            }
            space.thread_tile = tiles;
        }
        "interchange" => {
            let b = v
                .as_bool()
                .ok_or_else(|| r.err(key, "`interchange` must be true or false".into()))?;
            if !b {
                space.orders = vec![Vec::new()];
            } else if space.orders.len() == 1 && space.tile.len() >= 2 {
                space.orders = permutations(space.tile.len() as u32);
            }
        }
        other => {
            return Err(r.err(
                other,
                format!(
                    "unknown key `{other}` (expected tile, tile_per_dim, inner_tile, unroll, unroll_jam, vector, parallel, interchange, scheduler, fuse, intra_tile_order, poly_tiles, l2_tile, workgroup, promote, thread_tile)"
                ),
            ))
        }
    }
    Ok(())
}

/// The scheduler knobs a spec names (`None`: not named), applied together once every
/// key is read.
#[derive(Default)]
struct SchedulerKnobs {
    scheduler: Option<Vec<bool>>,
    fuse: Option<Vec<Fuse>>,
    intra: Option<Vec<bool>>,
    poly_tiles: Option<Vec<bool>>,
    l2_tile: Option<Vec<u32>>,
}

impl SchedulerKnobs {
    /// Reads `scheduler`, `fuse`, `intra_tile_order` or `poly_tiles`: a non-empty list of
    /// names from the key's allowed values.
    fn read(
        &mut self,
        r: &SpecReader<'_>,
        key: &str,
        v: &serde_json::Value,
    ) -> Result<(), SpecError> {
        let arr = v
            .as_array()
            .filter(|a| !a.is_empty() && a.iter().all(|x| x.is_string()))
            .ok_or_else(|| r.err(key, format!("`{key}` must be a non-empty list of strings")))?;
        let names: Vec<&str> = arr.iter().filter_map(|x| x.as_str()).collect();
        let allowed: &[&str] = match key {
            "scheduler" => &["affine", "poly"],
            "fuse" => &["smart", "max", "none"],
            "poly_tiles" => &["given", "model"],
            _ => &["isl", "unit-stride"],
        };
        if let Some(bad) = names.iter().find(|n| !allowed.contains(n)) {
            return Err(r.err(
                key,
                format!(
                    "`{key}`: unknown value `{bad}` (expected {})",
                    allowed.join(", ")
                ),
            ));
        }
        match key {
            "scheduler" => self.scheduler = Some(names.iter().map(|n| *n == "poly").collect()),
            "fuse" => {
                self.fuse = Some(
                    names
                        .iter()
                        .map(|n| match *n {
                            "max" => Fuse::Max,
                            "none" => Fuse::None,
                            _ => Fuse::Smart,
                        })
                        .collect(),
                )
            }
            "poly_tiles" => self.poly_tiles = Some(names.iter().map(|n| *n == "model").collect()),
            _ => self.intra = Some(names.iter().map(|n| *n == "unit-stride").collect()),
        }
        Ok(())
    }

    /// Rebuilds the scheduler knob of `space` from the derived values, narrowed or
    /// widened by the knobs named (nothing when none is).
    fn apply(self, space: &mut Space, r: &SpecReader<'_>) -> Result<(), SpecError> {
        let SchedulerKnobs {
            scheduler,
            fuse,
            intra,
            poly_tiles,
            l2_tile,
        } = self;
        if scheduler.is_none()
            && fuse.is_none()
            && intra.is_none()
            && poly_tiles.is_none()
            && l2_tile.is_none()
        {
            return Ok(());
        }
        let derived: Vec<Poly> = space.poly.iter().flatten().copied().collect();
        let with_affine = scheduler
            .as_ref()
            .map_or(space.poly.contains(&None), |s| s.contains(&false));
        let with_poly = scheduler
            .as_ref()
            .map_or(!derived.is_empty(), |s| s.contains(&true));
        fn values<T: PartialEq + Copy>(
            derived: &[Poly],
            f: impl Fn(&Poly) -> T,
            dflt: T,
        ) -> Vec<T> {
            let mut v: Vec<T> = Vec::new();
            for p in derived {
                if !v.contains(&f(p)) {
                    v.push(f(p));
                }
            }
            if v.is_empty() {
                v.push(dflt);
            }
            v
        }
        let fuses = fuse.unwrap_or_else(|| values(&derived, |p| p.fuse, Fuse::Smart));
        let intras = intra.unwrap_or_else(|| vec![false, true]);
        let tiles = poly_tiles.unwrap_or_else(|| values(&derived, |p| p.model_tiles, false));
        let l2 = l2_tile.unwrap_or_else(|| values(&derived, |p| p.l2, 0));
        let poly = if with_poly {
            poly_combinations(with_affine, &fuses, &intras, &tiles, &l2)
        } else {
            poly_combinations(with_affine, &[], &[], &[], &[])
        };
        if poly.is_empty() {
            return Err(r.err(
                "scheduler",
                "the spec leaves no scheduler (`scheduler` needs affine or poly)".into(),
            ));
        }
        space.poly = poly;
        Ok(())
    }
}
