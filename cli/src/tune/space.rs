//! The search space: a [`Config`] (tile sizes per band dimension, intra-tile loop order,
//! unroll and unroll-jam factors, vector width, parallel outer loop) and the [`Space`] of
//! values each knob may take, derived from the kernel's band and from which passes this
//! build registers, optionally narrowed or widened by a spec file (`--space FILE`, TOML or
//! JSON). A config becomes a pass pipeline ([`Config::pipeline`]) that runs on the kernel.
//!
//! Invariants: the default config (nothing tiled, factors 1, identity order) maps to the
//! empty pipeline, i.e. the untransformed program; every config a `Space` enumerates has
//! one tile entry per band dimension; knobs whose pass is not registered have the single
//! value "off", so the tuner picks new passes up as they land without code changes here.

use super::kernel::Band;
use lattice_ir::diag::{DiagLoc, Diagnostic, SourceMap};
use lattice_ir::pass::PassRegistry;
use lattice_ir::Span;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One point of the search space. `tile[d] == 0` leaves dimension `d` untiled.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
pub struct Config {
    pub tile: Vec<u32>,
    /// Permutation of the band's point loops (empty: identity).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<u32>,
    pub unroll: u32,
    pub unroll_jam: u32,
    pub vector: u32,
    pub parallel: bool,
}

impl Config {
    /// The untuned default for a band of `depth` loops.
    pub fn baseline(depth: usize) -> Config {
        Config {
            tile: vec![0; depth],
            order: Vec::new(),
            unroll: 1,
            unroll_jam: 1,
            vector: 1,
            parallel: false,
        }
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
        s
    }

    /// The pass pipeline that applies this config to a band with trip counts `trips`
    /// (`(pass, options)` pairs, in order); empty for the baseline.
    pub fn pipeline(&self, trips: &[i64]) -> Vec<(String, String)> {
        let mut p = Vec::new();
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
        if self.parallel {
            p.push(("affine-parallelize".into(), "max-nested=1".into()));
        }
        p
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
    /// Loop orders to try (empty permutation = identity).
    pub orders: Vec<Vec<u32>>,
    pub unroll: Vec<u32>,
    pub unroll_jam: Vec<u32>,
    pub vector: Vec<u32>,
    pub parallel: Vec<bool>,
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
}

impl Capabilities {
    /// Looks the passes (and the option names the tuner passes them) up in `registry`.
    pub fn of(registry: &PassRegistry) -> Capabilities {
        let has = |pass: &str, option: &str| {
            registry
                .lookup(pass)
                .is_some_and(|d| d.options.iter().any(|(o, _)| *o == option))
        };
        Capabilities {
            tile: has("affine-loop-tile", "tile-sizes"),
            interchange: has("poly-transform", "permute"),
            unroll: has("affine-loop-unroll", "unroll-factor"),
            unroll_jam: has("affine-loop-unroll-jam", "unroll-jam-factor"),
            vectorize: has("affine-super-vectorize", "virtual-vector-size"),
            parallelize: has("affine-parallelize", "max-nested"),
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
        }
    }
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

impl Space {
    /// The space derived from `band`: tile sizes 0 and the powers of two from 4 (or the
    /// largest vector width) up to half the trip count; unroll 1..8 and unroll-jam 1..4
    /// bounded by the innermost and outermost trip counts; vector widths 4 and 8 when the
    /// innermost trip count allows; parallel on/off. Knobs without a pass are fixed off.
    pub fn derive(band: &Band, caps: Capabilities) -> Space {
        let depth = band.trips.len();
        let inner = band.trips.last().copied().unwrap_or(1);
        let outer = band.trips.first().copied().unwrap_or(1);
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
        Space {
            tile,
            orders,
            unroll,
            unroll_jam,
            vector,
            parallel,
        }
    }

    /// The number of configs.
    pub fn size(&self) -> u64 {
        let mut n: u64 = self.tile.iter().map(|v| v.len() as u64).product();
        for k in [
            self.orders.len(),
            self.unroll.len(),
            self.unroll_jam.len(),
            self.vector.len(),
            self.parallel.len(),
        ] {
            n = n.saturating_mul(k as u64);
        }
        n
    }

    /// The per-knob value counts, in the order [`Space::config_at`] decodes them.
    fn radices(&self) -> Vec<usize> {
        let mut r: Vec<usize> = self.tile.iter().map(Vec::len).collect();
        r.extend([
            self.orders.len(),
            self.unroll.len(),
            self.unroll_jam.len(),
            self.vector.len(),
            self.parallel.len(),
        ]);
        r
    }

    /// The config with per-knob value indices `idx` (see [`Space::indices`]).
    pub fn config(&self, idx: &[usize]) -> Config {
        let d = self.tile.len();
        Config {
            tile: (0..d).map(|i| self.tile[i][idx[i]]).collect(),
            order: self.orders[idx[d]].clone(),
            unroll: self.unroll[idx[d + 1]],
            unroll_jam: self.unroll_jam[idx[d + 2]],
            vector: self.vector[idx[d + 3]],
            parallel: self.parallel[idx[d + 4]],
        }
    }

    /// The per-knob value indices of `c`, or `None` if `c` is outside the space.
    pub fn indices(&self, c: &Config) -> Option<Vec<usize>> {
        let d = self.tile.len();
        if c.tile.len() != d {
            return None;
        }
        let mut idx = Vec::with_capacity(d + 5);
        for i in 0..d {
            idx.push(self.tile[i].iter().position(|&t| t == c.tile[i])?);
        }
        idx.push(self.orders.iter().position(|o| *o == c.order)?);
        idx.push(self.unroll.iter().position(|&u| u == c.unroll)?);
        idx.push(self.unroll_jam.iter().position(|&u| u == c.unroll_jam)?);
        idx.push(self.vector.iter().position(|&u| u == c.vector)?);
        idx.push(self.parallel.iter().position(|&u| u == c.parallel)?);
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
        let mut sources = SourceMap::new();
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
/// sizes for every dimension, 0 = untiled), `tile_per_dim` (list of lists), `unroll`,
/// `unroll_jam`, `vector` (lists of positive integers), `parallel` (list of booleans),
/// `interchange` (boolean: false keeps the source order only). A key not given keeps the
/// derived values.
pub fn apply_spec(space: &mut Space, text: &str, json: bool) -> Result<(), SpecError> {
    let mut narrowed = space.clone();
    apply_spec_to(&mut narrowed, text, json)?;
    *space = narrowed;
    Ok(())
}

fn apply_spec_to(space: &mut Space, text: &str, json: bool) -> Result<(), SpecError> {
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
    let err = |key: &str, msg: String| SpecError {
        message: msg,
        span: key_span(text, key, json),
    };
    let ints =
        |key: &str, v: &serde_json::Value, allow_zero: bool| -> Result<Vec<u32>, SpecError> {
            let arr = v
                .as_array()
                .ok_or_else(|| err(key, format!("`{key}` must be a list of integers")))?;
            if arr.is_empty() {
                return Err(err(key, format!("`{key}` must not be empty")));
            }
            let mut out = Vec::new();
            for x in arr {
                let n = x.as_i64().ok_or_else(|| {
                    err(
                        key,
                        format!("`{key}` must be a list of integers, found {x}"),
                    )
                })?;
                if n < 0 || (n == 0 && !allow_zero) || n > 1 << 20 {
                    return Err(err(
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
        };
    for (key, v) in &map {
        match key.as_str() {
            "tile" => {
                let t = ints(key, v, true)?;
                for d in space.tile.iter_mut() {
                    *d = t.clone();
                }
            }
            "tile_per_dim" => {
                let arr = v
                    .as_array()
                    .ok_or_else(|| err(key, "`tile_per_dim` must be a list of lists".into()))?;
                if arr.len() != space.tile.len() {
                    return Err(err(
                        key,
                        format!(
                            "`tile_per_dim` has {} entries but the kernel's band has {} loops",
                            arr.len(),
                            space.tile.len()
                        ),
                    ));
                }
                for (d, a) in arr.iter().enumerate() {
                    space.tile[d] = ints(key, a, true)?;
                }
            }
            "unroll" => space.unroll = ints(key, v, false)?,
            "unroll_jam" => space.unroll_jam = ints(key, v, false)?,
            "vector" => space.vector = ints(key, v, false)?,
            "parallel" => {
                let arr = v
                    .as_array()
                    .filter(|a| !a.is_empty() && a.iter().all(|x| x.is_boolean()))
                    .ok_or_else(|| err(key, "`parallel` must be a non-empty list of booleans".into()))?;
                let mut p: Vec<bool> = arr.iter().filter_map(|x| x.as_bool()).collect();
                p.dedup();
                space.parallel = p;
            }
            "interchange" => {
                let b = v
                    .as_bool()
                    .ok_or_else(|| err(key, "`interchange` must be true or false".into()))?;
                if !b {
                    space.orders = vec![Vec::new()];
                } else if space.orders.len() == 1 && space.tile.len() >= 2 {
                    space.orders = permutations(space.tile.len() as u32);
                }
            }
            other => {
                return Err(err(
                    other,
                    format!(
                        "unknown key `{other}` (expected tile, tile_per_dim, unroll, unroll_jam, vector, parallel, interchange)"
                    ),
                ))
            }
        }
    }
    Ok(())
}
